"""Мельница — Windmill (Le Moulin). Two packs. Text: whole (witness 001; most of it also in 003)."""
from __future__ import annotations

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State

RULES = (
    Rule("I", "I", "Всѣ карты въ крыльяхъ годны.", "Every card in the wings is available.", cite="windmill-rule-I"),
    Rule("II", "II", "Пять основаній. Одно изъ нихъ берется изъ колоды тотчасъ, остальныя четыре во время игры. "
         "На основанія идутъ карты не по мастямъ.",
         "Five foundations: one taken from the pack at once, the other four during play. Foundations ignore suit.",
         cite="windmill-rule-II"),
    Rule("centre", "play", "Берутъ изъ колоды туза и кладутъ его посрединѣ, передъ собою; … на средняго туза "
         "слѣдуетъ наложить четыре полныхъ подбора картъ, идущихъ по порядку.",
         "An ace from the pack goes in the centre; it takes four whole sequences in order.", cite="windmill-p1"),
    Rule("sequences", "play", "Четыре подбора картъ, лежащіе на среднемъ тузѣ, начинаются каждый тузомъ и "
         "оканчиваются королемъ.", "Each of the centre's four sequences runs from ace to king (note 7).",
         cite="note-7"),
    Rule("wings", "play", "затѣмъ раскладываютъ восемь картъ, располагая ихъ вокругъ туза такъ, чтобы онѣ "
         "представляли собою крылья вѣтряной мельницы.", "Eight cards round the ace form the wings.",
         cite="windmill-p1"),
    Rule("kings", "play", "Первые четыре короля, вынимаемые изъ колодъ, кладутъ по четыремъ угламъ (смотри "
         "рисунокъ). Короли эти вмѣстѣ съ тузомъ, находящимся посрединѣ, составляютъ пять основныхъ картъ. Каждый изъ "
         "четырехъ королей долженъ нисходить по порядку до туза",
         "The first four kings that come out go to the four angles; with the centre ace they are the five "
         "foundations; each king builds down to an ace.", cite="windmill-p1"),
    Rule("from-wings", "play", "Размѣстивши средняго туза и крылья, берутъ изъ крыльевъ короля для основныхъ "
         "картъ, или же другую подходящую карту, чтобы ставить ее на основныхъ картахъ или же среднемъ тузѣ и "
         "замѣнять ихъ картами, находящимися въ рукахъ.",
         "A king or another fitting card is taken from the wings to the foundations or the centre, and replaced "
         "from the cards in hand.", cite="windmill-p1"),
    Rule("talon", "play", "Затѣмъ берутъ остальную колоду, переворачиваютъ карты одну за другою и играютъ тѣ изъ "
         "нихъ, которыя по достоинству своему могутъ быть приняты въ число основныхъ картъ. Карты, которыя не могутъ "
         "быть употреблены въ дѣло, складываются въ особую пачку и образуютъ собою талонъ.",
         "The pack is turned one card at a time and fitting cards are played; the others form the talon.",
         cite="windmill-p1"),
    Rule("fill", "play", "Пустыя мѣста въ крыльяхъ слѣдуетъ немедленно же закрывать картами, взятыми отъ колоды или "
         "талона.", "Spaces in the wings are filled at once from the pack or the talon.", cite="windmill-p2"),
    Rule("borrow", "play", "верхняя карта каждой изъ королевскихъ пачекъ можетъ быть, если нужно, переложена на "
         "тузовую пачку; за одинъ разъ можно брать только одну карту съ пачки и къ этому средству прибѣгаютъ только "
         "тогда, когда, со снятіемъ этой карты, можно немедленно же употребить въ дѣло другую годную карту изъ "
         "крыльевъ или талона.",
         "The top card of a king's packet may go onto the ace's packet, one card from a packet at a time, and only "
         "when, that card removed, another available card of the wings or the talon can at once be played: a card "
         "that could not be played before.", cite="windmill-p2"),
    Rule("once", "play", "Пасьянсъ вторично не раскладывается.", "No redeal.", cite="windmill-p2"),
)

DESCRIPTIVE = {
    "windmill-p2.s1": "совет игроку («Лучше…»): ничего не разрешает и не запрещает",
}


class Windmill(Game):
    slug = "windmill"
    number = 6
    title_ru = "Мельница"
    title_en = "Le Moulin (The Windmill)"
    decks = 2
    rules = RULES
    revision = 1  # issue 22: 'borrow' compares the playable cards, not (card, foundation) pairs
    notes = ("Rule 'borrow' is read as: after the move, some wing or talon card can be played that could not be "
             "played before (a card that only gains a second foundation does not count); «можно немедленно же "
             "употребить въ дѣло» is read as the condition of the move (the freed card can be played at once), not "
             "as an obligation to play it next: the text says «можно», and nothing forbids playing another card "
             "first. 'One card at a time' is read as: not twice running from the same king's packet. A turned card goes to the talon, whose top card stays available. A space in the wings "
             "must be filled (from pack or talon, the player's choice) before anything else.")
    piles = (
        PileSpec("centre", "foundation", ((2.0, 2.0),), "Тузъ", "Centre ace", take=False,
                 build=Build(+1, "any", wrap=True), base=(1,), capacity=52, total=52, rules=("II", "centre", "sequences")),
        PileSpec("angle", "foundation", ((0.0, 0.0), (4.0, 0.0), (0.0, 4.0), (4.0, 4.0)), "Король", "King",
                 build=Build(-1, "any"), base=(13,), rules=("II", "kings", "borrow")),
        PileSpec("wing", "wing", ((2.0, 0.0), (2.0, 1.0), (3.0, 2.0), (4.0, 2.0), (2.0, 3.0), (2.0, 4.0),
                                  (1.0, 2.0), (0.0, 2.0)), "Крыло", "Wing", rules=("I", "wings", "from-wings", "fill")),
        PileSpec("stock", "stock", ((6.0, 0.0),), "Колода", "Pack", take=False, face_down=True,
                 rules=("talon", "once")),
        PileSpec("talon", "talon", ((6.0, 1.5),), "Талонъ", "Talon", rules=("talon",)),
    )

    def __init__(self) -> None:
        super().__init__()
        self.centre, self.stock, self.talon = self.index["centre"], self.index["stock"], self.index["talon"]
        self.angles, self.wings = self.group("angle"), self.group("wing")

    def setup(self, state: State):
        pack = state.piles[self.stock]
        top_ace = max(i for i, c in enumerate(pack) if C.rank(c) == C.ACE)  # the first ace from the top
        yield state.pick_step(self.stock, top_ace, self.centre)  # rule II: one foundation at once
        for wing in self.wings:
            yield state.move_step(self.stock, wing)

    def moves(self, state: State) -> list[Move]:
        space = next((w for w in self.wings if not state.piles[w]), None)
        if space is not None and (state.piles[self.stock] or state.piles[self.talon]):
            # rule 'fill': a space is filled at once, before any other move
            return [Move(f"{self.names[src]}>{self.names[space]}", [state.move_step(src, space)], "fill")
                    for src in (self.talon, self.stock) if state.piles[src]]
        out = super().moves(state)
        if state.piles[self.stock]:
            out.append(Move("turn", [state.move_step(self.stock, self.talon)], "turn"))
        borrowed = state.vars.get("borrowed")
        for move in out:
            if move.steps[0][1] in self.angles:  # rule 'borrow': remember the packet, one card at a time
                move.steps.append(("set", "borrowed", borrowed, self.names[move.steps[0][1]]))
            elif borrowed is not None:  # any other move ends the borrowing
                move.steps.append(("set", "borrowed", borrowed, None))
        return out

    def accepts(self, state: State, dst: int, card: int, src: int) -> bool:
        if self.kind[dst] != "foundation":
            return False  # wings are filled only by the forced fill; the talon only by turning
        if src in self.angles:
            return (dst == self.centre and state.vars.get("borrowed") != self.names[src]
                    and super().accepts(state, dst, card, src) and self._frees(state, src))
        return super().accepts(state, dst, card, src)

    def _frees(self, state: State, angle: int) -> bool:
        """Rule 'borrow': moving the angle's top card to the centre must let another available card be played."""
        before = set(self._playable(state))
        state.piles[self.centre].append(state.piles[angle].pop())
        after = set(self._playable(state))
        state.piles[angle].append(state.piles[self.centre].pop())
        return bool(after - before)

    def _playable(self, state: State):
        """The wing and talon piles whose top card fits some foundation now: the set of playable cards."""
        for src in self.wings + [self.talon]:
            if state.piles[src]:
                card = state.piles[src][-1]
                if any(super(Windmill, self).accepts(state, dst, card, src) for dst in [self.centre] + self.angles):
                    yield src

GAME = Windmill
