"""Шахъ — The Shah (Le Shah). Two packs. Text: whole (witness 001). Rule II follows the Russian, which departs from
the English (middle circles, not the third)."""
from __future__ import annotations

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State, Step

RULES = (
    Rule("I", "I", "Во время игры карты каждаго круга звѣзды годятся въ дѣло до тѣхъ поръ, пока онѣ не будутъ "
         "покрыты другимъ кругомъ. Когда пасьянсъ разложенъ вполнѣ, то только карты третьяго (т.-е. наружнаго) "
         "круга годятся въ дѣло до тѣхъ поръ, само собою разумѣется, пока снятіе съ мѣста этихъ картъ не освободитъ "
         "внутреннихъ круговъ.",
         "While dealing, the cards of each circle of the star are available until the next circle covers them. "
         "Once the star is laid, only the third (outer) circle is available, until removing its cards frees the "
         "inner circles.", cite="shah-rule-I"),
    Rule("II", "II", "Марьяжъ можно дѣлать только картами среднихъ круговъ; тогда же, когда онѣ становятся "
         "свободными, можно только играть, но не дѣлать марьяжъ.",
         "Marriages are made only with cards of the middle circles; inner cards, once freed, may be played but "
         "not married (the English says: only in the third circle).", cite="shah-rule-II"),
    Rule("III", "III", "Основныя карты берутся изъ колоды прежде начала игры. Масти соблюдаются.",
         "The foundation cards are taken from the pack before play begins. Suits are followed.",
         cite="shah-rule-III"),
    Rule("take", "play", "Берутъ изъ колодъ восемь тузовъ и восемь королей.",
         "Eight aces and eight kings are taken out of the packs.", cite="shah-p1"),
    Rule("shah", "play", "Семь королей откладываютъ въ сторону, послѣдняго же кладутъ посрединѣ и окружаютъ его "
         "восемью тузами.", "Seven kings are put aside; the last goes in the centre, ringed by the eight aces.",
         cite="shah-p2"),
    Rule("alone", "play", "Король называется шахомъ и остается одинокимъ.",
         "That king is called the Shah and stays alone (nothing is put on him).", cite="shah-p3"),
    Rule("aces", "play", "Тузы служатъ основными картами, и карты накладываются на нихъ въ восходящемъ порядкѣ до "
         "дамъ.", "The aces are the foundations; cards go on them in ascending order up to the queens.",
         cite="shah-p4"),
    Rule("deal", "play", "Послѣ этого раскладываютъ кругъ изъ восьми картъ, начиная съ вершины круга и продолжая "
         "слѣва направо. Если одна изъ картъ этого круга оказывается подходящею, то ее играютъ, а пустое "
         "пространство немедленно замѣняется одною изъ числа картъ, находящихся въ рукахъ. Затѣмъ раскладываютъ "
         "второй кругъ, покрывая имъ первый (правило I) и поступаютъ съ нимъ такъ же, какъ и съ предыдущимъ. "
         "Наконецъ, кладутъ третій кругъ, которымъ заканчиваются лучи звѣзды.",
         "A circle of eight is laid from the top, left to right; a card that fits is played and its place filled "
         "at once from the hand; then a second circle, covering the first, the same way; and last the third, "
         "which completes the rays (note 8).", cite="shah-p5"),
    Rule("look", "play", "Послѣ этого начинаютъ разсматривать звѣзду, чтобы увидѣть, нѣтъ ли подходящихъ картъ, "
         "которыя удобно играть или дѣлать марьяжъ (правила I и II), но при этомъ нѣтъ надобности дѣлать "
         "непремѣнно то или другое до тѣхъ поръ, пока не представится удобный случай.",
         "Then the star is looked over for cards to play or marry (rules I and II), but neither need be done "
         "before it suits (note 9: waiting is often better).", cite="shah-p6"),
    Rule("marry", "play", "Марьяжъ можно сдѣлать только въ нисходящемъ порядкѣ.",
         "Marriages are made in descending order only (note 9).", cite="shah-p6"),
    Rule("marry-suit", "play", "Марьяжъ — въ одной масти.", "Marriages follow suit.", source="reconstructed",
         origin="Cadogan 1914, «Explanation of terms»: марьяж — карта той же масти на следующую по старшинству, "
                "выше или ниже (глава «Шах» масти не называет)"),
    Rule("fill", "play", "Послѣ того какъ всѣ подходящія карты сыграны или сдѣланъ марьяжъ, открывшіяся чрезъ это "
         "свободныя мѣста должны быть заняты картами изъ талона или изъ колоды, начиная съ внутреннихъ круговъ, при "
         "чемъ карты кладутъ, какъ прежде, слѣва направо.",
         "When the wanted plays and marriages are made, the spaces are filled from the talon or the pack, inner "
         "circles first, left to right.", cite="shah-p7"),
    Rule("talon", "play", "Съ остальными картами поступаютъ обыкновеннымъ порядкомъ: тѣ изъ нихъ, которыя не "
         "годятся для основныхъ картъ, или для марьяжа, или для занятія свободныхъ мѣстъ, составляютъ талонъ.",
         "The other cards are dealt as usual: those of no use for the foundations, a marriage or a space form the "
         "talon.", cite="shah-p8"),
    Rule("path", "play", "Если откроется дорожка, т.-е. цѣлый лучъ звѣзды, то мѣсто карты внутренняго ряда можетъ "
         "быть занято одною изъ картъ третьяго круга. … Остальныхъ два пространства наполняются картами изъ талона, "
         "и это слѣдуетъ дѣлать немедленно, такъ какъ каждый лучъ долженъ быть постоянно полнымъ. Пасьянсъ вторично "
         "не раскладывается.",
         "When a path, a whole ray, opens, its inner place may take a card of the third circle; the other two "
         "places are filled from the talon at once, since every ray must always be full. No redeal.",
         cite="shah-p9"),
)

# sentences of the chapter that state no rule of their own
DESCRIPTIVE = {
    "shah-p9.s2": "замечание о дорожке (это своего рода «грація»: пасьянс удаётся редко), не правило",
    "note-8": "замечание о таблице (на ней нет третьего круга за недостатком места), не правило",
    "note-9": "совет, стоящий за правилом игры «look» (часто лучше подождать карту, которая скоро понадобится): "
              "после сдачи движок не принуждает ни к ходу, ни к марьяжу, так что своего правила здесь нет",
}

CIRCLES = (("inner", "Первый кругъ", "Inner circle", 2), ("middle", "Второй кругъ", "Middle circle", 3),
           ("outer", "Третій кругъ", "Outer circle", 4))
RAYS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))  # from the top, clockwise


def _ring(step: int) -> tuple[tuple[float, float], ...]:
    """The eight places `step` cards out from the Shah along the rays of the star (a grid, so none overlap)."""
    return tuple((4.8 + 1.2 * step * dx, 6.4 + 1.6 * step * dy) for dx, dy in RAYS)


class Shah(Game):
    slug = "shah"
    number = 7
    title_ru = "Шахъ"
    title_en = "Le Shah (The Shah)"
    decks = 2
    rules = RULES
    revision = 1  # the deal: place by place, an uncovered inner card goes up between; the third circle plays nothing
    notes = ("The star is laid place by place (rule I: a circle's cards are available until the next covers them, "
             "so they are available place by place): while the first and second circles are laid, any ray's "
             "outermost card that fits is played at once and its place filled from the hand ('ее играютъ'), an "
             "inner card of a ray the middle circle has not reached yet among them. The third circle is laid "
             "without playing: the text says only that it is laid, and then that the star is looked over, where "
             "nothing need be played before it suits (note 9: waiting is often better). "
             "Rule II is played as the Russian has it: a marriage puts the pack's turned card (top of the talon) "
             "or an available outer or middle card, one rank lower and in suit, on the available card of a ray "
             "when that card lies in the middle circle; inner cards are only played. Cadogan's English allows "
             "marriages in the third circle instead. Spaces may wait while the player plays or marries, are "
             "filled in the fixed order (inner circle first, left to right) from talon or pack at the player's choice, and must all be "
             "filled before the pack is turned; once a whole ray is cleared, every space is filled at once, after "
             "its inner place from the talon (from the pack when there is no talon). Of two "
             "foundations of one suit showing the same card only the first is offered.")
    piles = (
        PileSpec("shah", "reserve", ((4.8, 6.4),), "Шахъ", "The Shah", take=False, rules=("take", "shah", "alone")),
        PileSpec("aside", "reserve", ((11.0, 6.4),), "Отложенные короли", "Kings put aside", take=False,
                 rules=("take", "shah")),
        PileSpec("foundation", "foundation", _ring(1), "Основаніе", "Foundation", take=False,
                 build=Build(+1, "same"), base=(), capacity=12, total=12, rules=("III", "take", "aces")),
        *(PileSpec(name, "tableau", _ring(r), ru, en, rules=("I", "II", "deal", "look", "marry", "marry-suit",
                                                               "fill", "path")) for name, ru, en, r in CIRCLES),
        PileSpec("stock", "stock", ((11.0, 0.0),), "Колода", "Pack", take=False, face_down=True,
                 rules=("fill", "talon")),
        PileSpec("talon", "talon", ((11.0, 1.8),), "Талонъ", "Talon", rules=("fill", "talon")),
    )

    def __init__(self) -> None:
        super().__init__()
        self.stock, self.talon = self.index["stock"], self.index["talon"]
        self.founds = self.group("foundation")
        self.inner, self.middle, self.outer = (self.group(name) for name, *_ in CIRCLES)
        self.rays = list(zip(self.inner, self.middle, self.outer))
        self.fill_order = self.inner + self.middle + self.outer  # rule 'fill': inner circles first, left to right

    def won(self, state: State) -> bool:
        return self.score(state) == 96  # the eight kings never go up

    # -- the layout
    def setup(self, state: State):
        for k in range(8):  # rule 'shah': the kings from the top of the pack, the eighth is the Shah
            pack = state.piles[self.stock]
            pos = max(i for i, c in enumerate(pack) if C.rank(c) == C.KING)
            yield state.pick_step(self.stock, pos, self.index["aside" if k < 7 else "shah"])
        for found in self.founds:  # rule III: the aces before play
            pack = state.piles[self.stock]
            yield state.pick_step(self.stock, max(i for i, c in enumerate(pack) if C.rank(c) == C.ACE), found)
        for circle in (self.inner, self.middle):  # rule 'deal': a circle laid place by place, and rule I: ...
            for place in circle:
                yield state.move_step(self.stock, place)
                yield from self._play_while_dealing(state)
        for place in self.outer:  # 'Наконецъ, кладутъ третій кругъ': laid; what goes up then is the player's
            yield state.move_step(self.stock, place)

    def _play_while_dealing(self, state: State):
        """Rule 'deal' and rule I: while the first two circles are laid, a card that fits is played, and its place
        filled at once from the hand; each ray's outermost card is available (a card of a circle until the next
        covers it, so an inner card of a ray the middle circle has not reached yet). The rays are looked at from
        the top, left to right, again after every card played."""
        played = True
        while played and state.piles[self.stock]:
            played = False
            for ray in self.rays:
                place = self._ray_top(state, ray)
                found = None if place is None else self._foundation_for(state, state.piles[place][-1])
                if found is not None:
                    yield state.move_step(place, found)
                    yield state.move_step(self.stock, place)
                    played = True
                    break

    def _foundation_for(self, state: State, card: int) -> int | None:
        return next((f for f in self._foundations_for(state, card)), None)

    def _foundations_for(self, state: State, card: int) -> list[int]:
        """Rule III and 'aces': foundations of the card's suit one below it; of two alike only the first."""
        out, seen = [], set()
        for f in self.founds:
            pile = state.piles[f]
            if C.suit(pile[0]) == C.suit(card) and len(pile) + 1 == C.rank(card) < 13 and len(pile) not in seen:
                seen.add(len(pile))
                out.append(f)
        return out

    # -- play
    def _ray_top(self, state: State, ray: tuple[int, int, int]) -> int | None:
        """Rule I: the outermost occupied place of a ray is its only available card."""
        for place in reversed(ray):
            if state.piles[place]:
                return place
        return None

    def _forced(self, state: State) -> bool:
        """Rule 'path': a whole ray cleared, or its refilling begun, means every space is filled at once."""
        return bool(state.vars.get("filling")) or any(not state.piles[inner] for inner in self.inner)

    def moves(self, state: State) -> list[Move]:
        piles, names = state.piles, self.names
        spaces = [p for p in self.fill_order if not piles[p]]
        out: list[Move] = []
        if spaces:
            space = spaces[0]
            sources = [s for s in (self.talon, self.stock) if piles[s]]
            forced = bool(sources) and self._forced(state)
            if forced and state.vars.get("filling"):
                sources = sources[:1]  # rule 'path': the other places from the talon (the pack once it is out)
            mark = [state.set_step("filling", 1)] if space in self.inner and sources else []
            if space in self.inner:  # rule 'path': a third-circle card may take the inner place
                sources += [o for o in self.outer if piles[o]]
            out = [Move(f"{names[s]}>{names[space]}", [state.move_step(s, space)] + mark, "fill") for s in sources]
            if forced:
                return out
        tops = [t for t in (self._ray_top(state, ray) for ray in self.rays) if t is not None]
        targets = [t for t in tops if t in self.middle]  # rule II (Russian): marriages on middle-circle cards
        for src in tops + ([self.talon] if piles[self.talon] else []):
            card = piles[src][-1]
            for f in self._foundations_for(state, card):
                out.append(Move(f"{names[src]}>{names[f]}", [state.move_step(src, f)], "play"))
            if src in self.inner:
                continue  # rule II: freed inner cards are only played
            for dst in targets:  # rule 'marry' and 'marry-suit': one lower, in suit
                onto = piles[dst][-1]
                if dst != src and C.suit(onto) == C.suit(card) and C.rank(onto) == C.rank(card) + 1:
                    out.append(Move(f"{names[src]}>{names[dst]}", [state.move_step(src, dst)], "marry"))
        if piles[self.stock] and not spaces:
            out.append(Move("turn", [state.move_step(self.stock, self.talon)], "turn"))  # rule 'fill' first
        return out

    def auto(self, state: State) -> Step | None:
        if state.vars.get("filling"):  # rule 'path': the forced refilling ends when the star is full or can't be
            if all(state.piles[p] for p in self.fill_order) or not (state.piles[self.talon] or
                                                                     state.piles[self.stock]):
                return state.set_step("filling", None)
        return None


GAME = Shah
