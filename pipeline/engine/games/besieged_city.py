"""Осажденный городъ — The Besieged City. Two packs. Text: whole (witness 000; the title is lost, the plate's
caption survives)."""
from __future__ import annotations

from .. import cards as C
from ..core import Game, Move, PileSpec, Rule, State, Step

# rule VI and the play: on each ace a king, a two, a queen, a three … : the ascending and the descending run
# interleaved, 26 cards, ending on the ace of the other pack
ORDER = (1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1)

RULES = (
    Rule("I", "I", "Основанія составляютъ карты изъ окоповъ и изъ колоды. Карты изъ талона должны проходить чрезъ "
         "резервъ, а резервъ долженъ переходить въ окопы раньше, чѣмъ карты могутъ быть сыграны.",
         "The foundations are made from the ramparts and the pack. Talon cards must pass through the reserve, and "
         "reserve cards into the ramparts, before they can be played.", cite="besieged-city-rule-I"),
    Rule("II", "II", "Карты въ окопахъ можно класть одну на другую или въ обыкновенномъ восходящемъ или нисходящемъ "
         "порядкѣ, или же въ томъ порядкѣ, въ которомъ онѣ будутъ сыграны, то-есть: королеву на двойку, валетъ на "
         "тройку и такъ далѣе, или же обратно. Карты должны быть одной и той же масти; карты, сложенныя въ "
         "восходящемъ или нисходящемъ порядкѣ, должны быть положены въ одну и ту же пачку. Карты въ окопахъ можно "
         "перекладывать по произволу изъ одной пачки въ другую (годною картою можетъ быть только лежащая на верху "
         "пачки), слѣдуя за мастью.",
         "Rampart cards go on one another in ordinary ascending or descending order, or in the order they will be "
         "played (queen on two, knave on three …, or the reverse), always in suit, both kinds in one packet; the "
         "top card of a rampart "
         "packet may move to another packet at will, following suit.", cite="besieged-city-rule-II"),
    Rule("III", "III", "Также точно карты въ резервѣ можно класть на карты въ окопахъ, но только на карты, "
         "находящіяся по концамъ или сторонамъ той линіи, съ которой онѣ взяты.",
         "Reserve cards may likewise go on rampart cards, but only on those at the ends of the line (row or "
         "column) they are taken from.", cite="besieged-city-rule-III"),
    Rule("IV", "IV", "Свободныя мѣста въ окопахъ замѣщаются изъ резерва какою бы то ни было картою изъ того ряда, "
         "на концѣ котораго оказалось свободное мѣсто.",
         "A space in the ramparts is filled from the reserve with any card of the line at whose end it lies.",
         cite="besieged-city-rule-IV"),
    Rule("V", "V", "Свободныя мѣста въ резервѣ пополняются картами изъ талона, если же талона нѣтъ, то изъ колоды.",
         "Spaces in the reserve are filled from the talon, or from the pack when there is no talon.",
         cite="besieged-city-rule-V"),
    Rule("VI", "VI", "За основными картами слѣдуетъ масть.", "The foundations follow suit.",
         cite="besieged-city-rule-VI"),
    Rule("layout", "play", "Раскладываютъ двѣнадцать картъ въ четыре ряда, по три карты въ каждомъ ряду. Потомъ "
         "кладутъ въ поперекъ внѣшній рядъ изъ четырнадцати картъ; этотъ рядъ составляетъ окопы. Двѣнадцать "
         "внутреннихъ картъ представляютъ резервъ.",
         "Twelve cards in four rows of three are the reserve; an outer row of fourteen laid crossways round them "
         "is the ramparts.", cite="besieged-city-p1"),
    Rule("aces", "play", "Основными картами служатъ четыре туза разныхъ мастей. На тузовъ кладутъ королей, потомъ "
         "двойки, дамъ, тройки и такъ далѣе, такъ что каждое основаніе состоитъ изъ перемежающихся рядовъ "
         "восходящихъ и нисходящихъ картъ, при этомъ каждое основаніе начинается и кончается тузомъ (правило VI).",
         "Four aces of different suits are the foundations; on them go kings, then twos, queens, threes and so on; "
         "each foundation begins and ends with an ace.", cite="besieged-city-p2"),
    Rule("at-once", "play", "Разложивши пасьянсъ, берутъ изъ окоповъ туза или другую подходящую карту и играютъ "
         "ихъ на принадлежащія имъ мѣста, при этомъ немедленно закрываютъ новыми картами каждое открывшееся "
         "свободное мѣсто",
         "Aces and other fitting cards are played from the ramparts, and every space is covered with a new card at "
         "once.", cite="besieged-city-p3"),
    Rule("during", "play", "(Правила IV и V). Это должно быть сдѣлано во время игры. Послѣ этого переводятъ карты "
         "въ окопы и изъ резерва, какъ сказано въ правилахъ II и III.",
         "The spaces are covered by rules IV and V during play, at once; then cards are moved into the ramparts "
         "and from the reserve as rules II and III say.", cite="besieged-city-p4"),
    Rule("talon", "play", "Сдѣлавши все то, что пожелаютъ (порядокъ игры предоставляется на произволъ играющаго), и "
         "сыгравши карты, если это возможно, раскладываютъ остальную колоду, при чемъ карты, не подходящія для "
         "основанія, откладываютъ въ талонъ.",
         "Having done what one wishes (the order of play is left to the player), the rest of the pack is dealt; "
         "cards that do not fit a foundation go to the talon.", cite="besieged-city-p5"),
    Rule("end", "play", "Въ концѣ пасьянса, когда талонъ израсходованъ и всѣ карты выложены, если встрѣтятся еще "
         "карты въ резервѣ, которыхъ можно перевести въ окопы, то ихъ можно переводить.",
         "At the end, with the talon used up and every card laid out, reserve cards that can still go into the "
         "ramparts may do so.", cite="besieged-city-p6"),
)


def _rampart_places() -> tuple[tuple[float, float], ...]:
    top = tuple((1.4 + 1.2 * c, 0.0) for c in range(3))
    left = tuple((0.0, 1.6 + 1.5 * r) for r in range(4))
    right = tuple((5.0, 1.6 + 1.5 * r) for r in range(4))
    bottom = tuple((1.4 + 1.2 * c, 7.6) for c in range(3))
    return top + left + right + bottom


# the line (row "r<i>" or column "c<i>") at whose end each rampart lies: top 1–3, left 4–7, right 8–11, bottom 12–14
RAMPART_LINE = ("c0", "c1", "c2", "r0", "r1", "r2", "r3", "r0", "r1", "r2", "r3", "c0", "c1", "c2")
LINES = {**{f"r{r}": [f"reserve-{r * 3 + c + 1}" for c in range(3)] for r in range(4)},
         **{f"c{c}": [f"reserve-{r * 3 + c + 1}" for r in range(4)] for c in range(3)}}
LINE_OF = {f"rampart-{i + 1}": LINES[line] for i, line in enumerate(RAMPART_LINE)}  # rule IV
ENDS_OF = {f"reserve-{k + 1}": {rp for rp, line in LINE_OF.items() if f"reserve-{k + 1}" in line}
           for k in range(12)}  # rule III: the four ramparts at the ends of a reserve card's row and column


def _fits(onto: int, card: int) -> bool:
    """Rule II: same suit, and next in rank (up or down) or next in the order of play (rank sum 14 or 15)."""
    if C.suit(onto) != C.suit(card):
        return False
    a, b = C.rank(onto), C.rank(card)
    return abs(a - b) == 1 or a + b in (14, 15)


FITS = bytes(_fits(onto, card) for onto in range(52) for card in range(52))  # by face: onto % 52 * 52 + card % 52


def fits_rampart(onto: int, card: int) -> bool:
    return FITS[onto % 52 * 52 + card % 52] == 1


DESCRIPTIVE = {
    "besieged-city-p7": "оценка игры («чрезвычайно труденъ»), не правило",
}

class BesiegedCity(Game):
    slug = "besieged-city"
    number = 16
    title_ru = "Осажденный городъ"
    title_en = "The Besieged City"
    title_supplied = True  # the heading is lost; the plate's caption names the game
    decks = 2
    rules = RULES
    notes = ("The reserve is a grid of four rows and three columns; its 'lines' are the rows and the columns, and "
             "the fourteen ramparts lie at their ends (3 above, 4 left, 4 right, 3 below), so a reserve card may go "
             "on four rampart packets, as in Cadogan's example. 'The order in which they will be played' is read as "
             "neighbours in the foundation order A K 2 Q 3 J 4 10 5 9 6 8 7 7 8 … K A (rank sum 14 or 15). A "
             "rampart space must be filled before anything else (the player picks the reserve card); a reserve "
             "space is filled at once from the talon, else the pack. The turned card of the pack may go to a "
             "foundation or to the talon; talon cards reach play only through the reserve.")
    piles = (
        PileSpec("foundation", "foundation", tuple((7.0 + 1.2 * i, 0.0) for i in range(4)), "Основаніе",
                 "Foundation", take=False, base=(1,), capacity=26, total=26, sources=("tableau", "hand"),
                 rules=("I", "VI", "aces")),
        PileSpec("rampart", "tableau", _rampart_places(), "Окопъ", "Rampart", base=(), sources=("tableau", "reserve"),
                 rules=("II", "III", "IV", "layout", "at-once", "during")),
        PileSpec("reserve", "reserve", tuple((1.4 + 1.2 * (i % 3), 1.6 + 1.5 * (i // 3)) for i in range(12)),
                 "Резервъ", "Reserve", capacity=1, rules=("I", "V", "layout", "end")),
        PileSpec("stock", "stock", ((7.0, 3.0),), "Колода", "Pack", take=False, face_down=True, rules=("talon",)),
        PileSpec("hand", "hand", ((8.4, 3.0),), "Открытая карта", "Turned card", capacity=1, rules=("talon",)),
        PileSpec("talon", "talon", ((9.8, 3.0),), "Талонъ", "Talon", take=False, base=None, sources=("hand",),
                 rules=("I", "V", "talon")),
    )

    def __init__(self) -> None:
        super().__init__()
        self.stock, self.hand, self.talon = self.index["stock"], self.index["hand"], self.index["talon"]
        self.ramparts, self.reserve = self.group("rampart"), self.group("reserve")
        self.founds = self.group("foundation")
        self.line_of = {self.index[rp]: [self.index[r] for r in line] for rp, line in LINE_OF.items()}
        self.targets_of = [set(t) for t in self.targets]
        self.sources = self.ramparts + self.reserve + [self.hand]

    def setup(self, state: State):
        for pile in self.reserve + self.ramparts:  # rule 'layout': the reserve first, then the ramparts
            yield state.move_step(self.stock, pile)

    def could_accept(self, src: int, dst: int) -> bool:
        if self.kind[dst] == "tableau":  # rule II: rampart to rampart; rule III: reserve only to its line's ends
            src_name = self.names[src]
            return self.kind[src] == "tableau" and src != dst or self.names[dst] in ENDS_OF.get(src_name, ())
        return super().could_accept(src, dst)

    def accepts(self, state: State, dst: int, card: int, src: int) -> bool:
        pile = state.piles[dst]
        if dst == self.talon:
            return True  # the turned card that is not played goes to the talon
        if dst in self.ramparts:
            return bool(pile) and fits_rampart(pile[-1], card)  # rule II/III; spaces: see moves (rule IV)
        if pile:  # rule VI and 'aces': the next card of the suit in the order of play
            return len(pile) < 26 and C.suit(card) == C.suit(pile[0]) and C.rank(card) == ORDER[len(pile)]
        started = {C.suit(state.piles[f][0]) for f in self.founds if state.piles[f]}
        return C.rank(card) == C.ACE and C.suit(card) not in started and not self._earlier_empty(state, dst)

    def moves(self, state: State) -> list[Move]:
        fills = [Move(f"{self.names[r]}>{self.names[space]}", [state.move_step(r, space)], "fill")
                 for space in self.ramparts if not state.piles[space]
                 for r in self.line_of[space] if state.piles[r]]
        if fills:
            return fills  # rule IV and 'at-once': a rampart space is filled before anything else
        return self._play_moves(state)

    def _play_moves(self, state: State) -> list[Move]:
        """What the default generator would find, looked up by card (the solver calls this often)."""
        piles, down, ids = state.piles, state.down, self.move_ids
        wants, started, empty = {}, set(), None  # wants: card face (card % 52) -> the foundation it continues
        for f in self.founds:
            pile = piles[f]
            if not pile:
                empty = f if empty is None else empty  # rule 'aces': the first empty place only
            elif len(pile) < 26:  # rule VI: the next card of the suit in the order of play
                started.add(C.suit(pile[0]))
                wants[C.suit(pile[0]) * 13 + ORDER[len(pile)] - 1] = f
        showing: dict[int, list[int]] = {}  # suit -> ramparts with a top card of that suit
        for r in self.ramparts:
            if piles[r]:
                showing.setdefault(C.suit(piles[r][-1]), []).append(r)
        out = []
        for src in self.sources:
            if not piles[src]:
                continue
            card = piles[src][-1]
            if src not in self.reserve:  # rule I: only rampart and pack cards are played
                f = wants.get(card % 52)
                if f is None and C.rank(card) == C.ACE and C.suit(card) not in started:
                    f = empty
                if f is not None:
                    out.append(Move(ids[src][f], [("move", src, f, 1, down[src], down[f])], "play"))
            if src == self.hand:
                continue
            face = card % 52
            for dst in showing.get(C.suit(card), ()):  # rule II between ramparts, rule III from the reserve
                if dst in self.targets_of[src] and FITS[piles[dst][-1] % 52 * 52 + face]:
                    out.append(Move(ids[src][dst], [("move", src, dst, 1, down[src], down[dst])], "marry"))
        if piles[self.hand]:  # the turned card that is not played goes to the talon
            out.append(Move(ids[self.hand][self.talon], [state.move_step(self.hand, self.talon)], "turn"))
        elif piles[self.stock]:
            out.append(Move("turn", [state.move_step(self.stock, self.hand)], "turn"))
        return out

    def auto(self, state: State) -> Step | None:
        source = self.talon if state.piles[self.talon] else self.stock
        if not state.piles[source]:
            return None
        space = next((r for r in self.reserve if not state.piles[r]), None)  # rule V, at once
        return None if space is None else state.move_step(source, space)


GAME = BesiegedCity
