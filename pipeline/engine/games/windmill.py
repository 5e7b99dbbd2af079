"""Мельница — Windmill (Le Moulin). Two packs. Text: whole (witness 001; most of it also in 003)."""
from __future__ import annotations

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State

RULES = (
    Rule("I", "I", "Всѣ карты въ крыльяхъ годны.", "Every card in the wings is available."),
    Rule("II", "II", "Пять основаній. Одно изъ нихъ берется изъ колоды тотчасъ, остальныя четыре во время игры. "
         "На основанія идутъ карты не по мастямъ.",
         "Five foundations: one taken from the pack at once, the other four during play. Foundations ignore suit."),
    Rule("centre", "play", "Туза кладутъ посрединѣ; на него идутъ четыре полныхъ подбора, каждый отъ туза до короля "
         "(прим. 7).", "An ace in the centre takes four whole sequences, each from ace to king (note 7)."),
    Rule("wings", "play", "Восемь картъ вокругъ туза — крылья мельницы.", "Eight cards round the ace form the wings."),
    Rule("kings", "play", "Первые четыре короля кладутъ по угламъ; каждый нисходитъ до туза.",
         "The first four kings go to the four angles; each builds down to an ace."),
    Rule("talon", "play", "Колоду переворачиваютъ по одной картѣ; негодныя карты образуютъ талонъ.",
         "The pack is turned one card at a time; cards that cannot be used form the talon."),
    Rule("fill", "play", "Пустыя мѣста въ крыльяхъ немедленно закрываютъ картами отъ колоды или талона.",
         "Spaces in the wings are filled at once from the pack or the talon."),
    Rule("borrow", "play", "Верхнюю карту королевской пачки можно переложить на тузовую; за одинъ разъ можно брать "
         "только одну карту съ пачки, и только когда "
         "этимъ тотчасъ можно употребить въ дѣло другую годную карту изъ крыльевъ или талона.",
         "The top card of a king's packet may go onto the ace's packet, one card from a packet at a time, and only "
         "when that at once lets another available card of the wings or talon be played."),
    Rule("once", "play", "Пасьянсъ вторично не раскладывается.", "No redeal."),
)


class Windmill(Game):
    slug = "windmill"
    number = 6
    title_ru = "Мельница"
    title_en = "Le Moulin (The Windmill)"
    decks = 2
    rules = RULES
    notes = ("Rule 'borrow' is read as: after the move, some wing or talon card can go to a foundation that could "
             "not before; and 'one card at a time' as: not twice running from the same king's packet. A turned card goes to the talon, whose top card stays available. A space in the wings "
             "must be filled (from pack or talon, the player's choice) before anything else.")
    piles = (
        PileSpec("centre", "foundation", ((2.0, 2.0),), "Тузъ", "Centre ace", take=False,
                 build=Build(+1, "any", wrap=True), base=(1,), capacity=52, total=52, rules=("II", "centre")),
        PileSpec("angle", "foundation", ((0.0, 0.0), (4.0, 0.0), (0.0, 4.0), (4.0, 4.0)), "Король", "King",
                 build=Build(-1, "any"), base=(13,), rules=("II", "kings", "borrow")),
        PileSpec("wing", "wing", ((2.0, 0.0), (2.0, 1.0), (3.0, 2.0), (4.0, 2.0), (2.0, 3.0), (2.0, 4.0),
                                  (1.0, 2.0), (0.0, 2.0)), "Крыло", "Wing", rules=("I", "wings", "fill")),
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
        """(source, foundation) pairs for the wing and talon cards that fit a foundation now."""
        for src in self.wings + [self.talon]:
            if state.piles[src]:
                card = state.piles[src][-1]
                for dst in [self.centre] + self.angles:
                    if super().accepts(state, dst, card, src):
                        yield src, dst


GAME = Windmill
