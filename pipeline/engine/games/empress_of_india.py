"""[Императрица Индіи] — The Empress of India. Two packs. Text: the last paragraphs only, and notes 16, 17 (000, 004).

Almost everything is reconstructed from Cadogan 1914, "The Empress of India" (Project Gutenberg #21642), a
four-pack game there. Choices the edition makes, each marked in its Rule:
- two packs, as the edition counts them for this chapter, so everything the 1914 text doubles is halved: 4 black
  aces and 4 red kings are the foundations, 4 red knaves the guard, and the Army and the Navy are two rows of six
  each (the 1914 rows of twelve, scaled with the packs, so the share of cards laid out stays the same);
- note 16 (Russian) governs: the red sequences lack knaves, the black ones lack *kings* (the English: queens), so
  the black kings are withdrawn with the guard and the black aces build up to queens; the 1914 Empress (the one
  black queen kept out) therefore has no card here: the four red knaves, her guard, are shown alone;
- "pairing" (the surviving text's спаровываніе) is the 1914 move: a card of the Army goes onto a card of the Navy
  or the reverse; the place it leaves is refilled at once (rule II); the covering card is available, the covered
  one only after it or together with it (rule I); a card is paired only once (text).
"""
from __future__ import annotations

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State, Step

ORIGIN = "Cadogan 1914, «The Empress of India» (Project Gutenberg № 21642; playingcardgames.net)"
ROW = 6  # places in a row: the 1914 twelve, halved with the packs

RULES = (
    Rule("I", "I", "Всѣ карты арміи и флота одинаково годны, если играютъ ими попарно, одною красною и одною "
         "черною: ни одной карты нельзя положить на основаніе, если въ то же время не кладутъ карту другого цвѣта "
         "на другое основаніе.",
         "Every card of the Army and the Navy is available when played in a pair, one red and one black: no card "
         "goes to a foundation unless a card of the other colour goes to another foundation at the same time.",
         source="reconstructed", origin=ORIGIN + ", правило I"),
    Rule("II", "II", "Свободныя мѣста въ арміи и во флотѣ тотчасъ занимаются картами того же цвѣта изъ талона, а "
         "если талона нѣтъ, изъ колоды.",
         "Spaces in the Army and the Navy are refilled at once with cards of their own colour from the talon, or "
         "from the pack when that talon is empty.", source="reconstructed", origin=ORIGIN + ", правило II"),
    Rule("III", "III", "Карты колоды и талона не идутъ прямо на основанія, а должны пройти черезъ армію или флотъ.",
         "Cards of the pack or the talon are never played at once: they must pass through the Army or the Navy.",
         source="reconstructed", origin=ORIGIN + ", правило III"),
    Rule("IV", "IV", "Талонъ — двѣ пачки: одна красныхъ картъ, другая черныхъ.",
         "The talon is two packets, one of red cards, the other of black.", source="reconstructed",
         origin=ORIGIN + ", правило IV (текст ссылается на правило IV, говоря о двух пачках)"),
    Rule("V", "V", "Основанія слѣдуютъ масти.", "The foundations follow suit.", source="reconstructed",
         origin=ORIGIN + ", правило V"),
    Rule("foundations", "play", "Четыре черныхъ туза восходятъ до дамъ, четыре красныхъ короля нисходятъ до тузовъ.",
         "The four black aces build up to the queens, the four red kings down to the aces.",
         source="reconstructed", origin=ORIGIN + ", с числом колод, уменьшенным вдвое, и примечанием 16 для чёрной "
                                                 "стороны"),
    Rule("note-16", "play", "Въ красныхъ мастяхъ не будетъ доставать валетовъ, въ черныхъ — королей.",
         "The red sequences lack the knaves, the black ones the kings (note 16; the English says queens).",
         cite="note-16"),
    Rule("guard", "play", "Четыре красныхъ валета (гвардія) и четыре черныхъ короля вынимаются изъ колоды и въ "
         "игрѣ не участвуютъ.",
         "The four red knaves (the guard) and the four black kings are taken out of the pack and stay out of play.",
         source="reconstructed", origin=ORIGIN + ", императрица и её гвардия; чёрные короли — по примечанию 16 "
                                                 "(английский текст откладывает чёрных дам и одну из них делает "
                                                 "императрицей)"),
    Rule("deal", "play", "Армія — два ряда красныхъ картъ, флотъ — два ряда черныхъ, по шести картъ; ихъ "
         "раскладываютъ вмѣстѣ, а лишнія карты цвѣта, ряды котораго уже полны, идутъ въ талонъ.",
         "The Army is two rows of red cards, the Navy two rows of black, six cards each; they are dealt together, "
         "and cards of a colour whose rows are full go to the talon.",
         source="reconstructed", origin=ORIGIN + ", четыре ряда по двенадцать карт для четырёх колод, уменьшенные "
                                                 "вдвое"),
    Rule("pairing", "play", "Любую карту арміи можно положить на любую карту флота и обратно; освободившееся мѣсто "
         "тотчасъ занимается (правило II), покрытая карта освобождается, когда сыграна покрывающая.",
         "Any card of the Army may be laid on any card of the Navy and the reverse; the place it leaves is refilled "
         "at once (rule II); the covered card is released when the covering card is played.",
         source="reconstructed", origin=ORIGIN + " (фраза о спаренных картах в прочитанных копиях обрывается; "
                                                 "освобождение покрытой карты — прочтение редакторов)"),
    Rule("once", "play", "Каждая карта можетъ быть спарована только однажды.",
         "Each card may be paired only once.", cite="empress-of-india-p1"),
    Rule("time", "play", "Для спаровыванія картъ можно выбирать какое угодно время. Такъ, напримѣръ: если для одного "
         "изъ основаній требуется, положимъ, десятка трефъ, то можно отложить открытіе свободнаго мѣста во флотѣ до "
         "тѣхъ поръ, пока на верху талона не выйдетъ десятка трефъ.",
         "Pairing may be done at any time: if a foundation wants the ten of clubs, a space in the Navy may be "
         "left unopened until the ten of clubs comes to the top of the talon.", cite="empress-of-india-p2"),
    Rule("pack", "play", "Когда сыграны всѣ подходящія карты, то перебираютъ всю остальную колоду; тѣ же карты, "
         "которыя не требуются для занятія свободныхъ мѣстъ, складываются въ двѣ пачки (правило IV).",
         "When every suitable card is played, the rest of the pack is gone through; cards not wanted for spaces "
         "are laid in the two packets (rule IV).", cite="empress-of-india-p2"),
    Rule("once-dealt", "play", "Пасьянсъ вновь не раскладывается.",
         "No redeal.", cite="empress-of-india-p3"),
)


def _foundation(name: str, at: tuple, label_en: str, build: Build, rules: tuple[str, ...]) -> PileSpec:
    return PileSpec(name, "foundation", at, "Основаніе", label_en, take=False, build=build, capacity=12, total=12,
                    rules=rules)


def _half(name: str, y: float, label_ru: str, label_en: str) -> PileSpec:
    # build "alternate, any rank" = pairing (a card of the other colour, whatever its rank); two cards at most
    return PileSpec(name, "tableau", tuple((x * 1.1, y + r * 1.2) for r in (0, 1) for x in range(ROW)), label_ru,
                    label_en, build=Build(0, "alternate", step=0), capacity=2,
                    rules=("I", "II", "deal", "pairing", "once", "time"))


DESCRIPTIVE = {
    "note-17": "говорит только, что армии и флота нет на таблице за недостатком места",
}


class EmpressOfIndia(Game):
    slug = "empress-of-india"
    number = 15
    title_ru = "Императрица Индіи"
    title_en = "The Empress of India"
    title_supplied = True  # the chapter's beginning and title are lost (supplied from Cadogan 1874)
    decks = 2
    rules = RULES
    notes = ("Only the last paragraphs and notes 16, 17 survive; the rest is reconstructed from Cadogan 1914. "
             "The number of packs is an editorial choice, not the book's: the heading that gave it is lost with the "
             "chapter's beginning, and Cadogan's game uses four packs. The edition plays two (rows of six, Cadogan's "
             "twelve halved) because note 16 fits two: eight foundations of twelve cards (red sequences without "
             "the knave, black ones without the king) take 96 cards, and the cards of two packs left over are then "
             "exactly the four red knaves and the four black kings that stay out of play; the engine's maximum "
             "score is 96. Note 16 is followed: the "
             "black sequences end at the queen and the black kings stay out with the red knaves. A pair is played "
             "as one move: one red card to a red foundation and one black card to a black one, from any places, "
             "or the covering and the covered card of one place together. Pairing lays a single card of one half "
             "on a single card of the other; a card once paired never pairs again. Spaces are refilled from the "
             "talon of their colour, else from the pack, the pack's other cards going to their talon. Turning the "
             "pack (a card to its talon) is allowed at any time.")
    piles = (
        _foundation("general", tuple((x * 1.1, 0.0) for x in range(4)), "General: red king, down, no knaves",
                    Build(-1, "same"), ("V", "foundations", "note-16")),
        PileSpec("guard", "reserve", ((4.8, 0.0),), "Гвардія", "The guard (red knaves)", take=False, fan="right",
                 rules=("guard",)),
        _half("army", 1.4, "Армія", "Army (red)"),
        _half("navy", 4.0, "Флотъ", "Navy (black)"),
        _foundation("admiral", tuple((x * 1.1, 6.6) for x in range(4)), "Admiral: black ace, up, no kings",
                    Build(+1, "same"), ("V", "foundations", "note-16")),
        PileSpec("aside", "reserve", ((4.8, 6.6),), "Черные короли", "Black kings (note 16)", take=False,
                 fan="right", rules=("guard", "note-16")),
        PileSpec("stock", "stock", ((7.6, 1.4),), "Колода", "Pack", take=False, face_down=True,
                 rules=("III", "pack", "once-dealt")),
        PileSpec("red-talon", "talon", ((7.6, 2.8),), "Талонъ (красныя)", "Talon, red", take=False,
                 rules=("III", "IV", "pack")),
        PileSpec("black-talon", "talon", ((7.6, 4.6),), "Талонъ (черныя)", "Talon, black", take=False,
                 rules=("III", "IV", "pack")),
    )

    def __init__(self) -> None:
        super().__init__()
        self.stock, self.guard, self.aside = self.index["stock"], self.index["guard"], self.index["aside"]
        self.army, self.navy = self.group("army"), self.group("navy")
        self.places = self.army + self.navy
        self.generals, self.admirals = self.group("general"), self.group("admiral")
        self.red_foundations = frozenset(self.generals)
        self.talon = {C.RED: self.index["red-talon"], C.BLACK: self.index["black-talon"]}
        self.colour_of = {**{p: C.RED for p in self.army}, **{p: C.BLACK for p in self.navy}}
        self.bit = {p: 1 << k for k, p in enumerate(self.places)}
        # pairing moves never depend on the state beyond which places hold one unpaired card: build them once
        self.pairing = {(s, d): Move(f"{self.names[s]}>{self.names[d]}", [("move", s, d, 1, 0, 0)], "marry")
                        for s in self.places for d in self.places if self.colour_of[s] != self.colour_of[d]}

    def setup(self, state: State):
        def card(rank: int, suit: str, pack: int) -> int:
            return (pack - 1) * 52 + C.SUITS.index(suit) * 13 + rank - 1

        withdrawn = [(card(C.ACE, s, p), a) for (s, p), a in zip(_SUITS_PACKS["SC"], self.admirals)]
        withdrawn += [(card(C.KING, s, p), g) for (s, p), g in zip(_SUITS_PACKS["HD"], self.generals)]
        withdrawn += [(card(C.JACK, s, p), self.guard) for s, p in _SUITS_PACKS["HD"]]  # the guard
        withdrawn += [(card(C.KING, s, p), self.aside) for s, p in _SUITS_PACKS["SC"]]  # note 16
        for wanted, dst in withdrawn:
            yield state.pick_step(self.stock, state.piles[self.stock].index(wanted), dst)
        while any(not state.piles[p] for p in self.places):  # rule 'deal': both halves at once, extras to talon
            yield self._lay_from_pack(state)

    # -- moves
    def moves(self, state: State) -> list[Move]:
        out = self._pair_plays(state)
        piles, paired = state.piles, state.vars.get("paired", 0)
        single = [p for p in self.places if len(piles[p]) == 1 and not paired & self.bit[p]]  # rule 'once'
        red = [p for p in single if self.colour_of[p] == C.RED]  # a single card is of its half's colour
        black = [p for p in single if self.colour_of[p] == C.BLACK]
        pairing = self.pairing
        out += [pairing[s, d] for s in red for d in black]  # an Army card onto a Navy card …
        out += [pairing[s, d] for s in black for d in red]  # … and the reverse
        n = len(piles[self.stock])
        if n:  # rule 'pack': turn the top card of the pack; it goes to its talon packet by itself (auto), so the
            # move does not tell which packet, that is, the colour of a card still face down
            out.append(Move("turn", [("flip", self.stock, n, n - 1)], "turn"))
        return out

    def _pair_plays(self, state: State) -> list[Move]:
        """Rule I: one red card to a general and one black card to an admiral in one move; rule III: only from
        the Army and the Navy. A covered card may go only together with the card covering it."""
        piles, wanted = state.piles, self._wanted(state)
        reds: list[tuple[int, int, bool]] = []  # (place, foundation, covered)
        blacks: list[tuple[int, int, bool]] = []
        for p in self.places:
            pile = piles[p]
            for depth in (1, 2) if len(pile) == 2 else (1,) if pile else ():
                f = wanted.get(pile[-depth] % 52)
                if f is not None:
                    (reds if f in self.red_foundations else blacks).append((p, f, depth == 2))
        out = []
        for rp, rf, r_covered in reds:
            for bp, bf, b_covered in blacks:
                if r_covered or b_covered:
                    if rp != bp:
                        continue
                    first, second = ((rp, rf), (bp, bf)) if b_covered else ((bp, bf), (rp, rf))
                elif rp == bp:
                    continue
                else:
                    first, second = (rp, rf), (bp, bf)
                steps: list[Step] = [("move", first[0], first[1], 1, 0, 0), ("move", second[0], second[1], 1, 0, 0)]
                out.append(Move(f"{self.names[rp]}>{self.names[rf]}+{self.names[bp]}>{self.names[bf]}",
                                steps + self._marks(state, first[0], second[0])))
        return out

    def _wanted(self, state: State) -> dict[int, int]:
        """The card each foundation wants next (rule V, note 16), as suit and rank (card % 52) -> foundation; of
        two foundations wanting the same card, the first only (they are interchangeable)."""
        wanted: dict[int, int] = {}
        for f in self.foundations:
            pile = state.piles[f]
            if len(pile) < 12:
                want = _NEXT.get(pile[-1] % 52)
                if want is not None and want not in wanted:
                    wanted[want] = f
        return wanted

    def _marks(self, state: State, *places: int) -> list[Step]:
        """Rule 'once': a card left alone on its place after the card covering it went up has been paired, and
        may not pair again; the mark goes when its place is emptied."""
        old = new = state.vars.get("paired", 0)
        for p in set(places):
            left = len(state.piles[p]) - places.count(p)
            new = new | self.bit[p] if left == 1 else new & ~self.bit[p]
        return [] if new == old else [("set", "paired", old or None, new or None)]

    # -- forced steps
    def auto(self, state: State) -> Step | None:
        piles = state.piles
        if piles[self.stock] and state.down[self.stock] < len(piles[self.stock]):
            return self._lay_from_pack(state)  # the card just turned (rules II, IV)
        spaces = [p for p in self.places if not piles[p]]
        for p in spaces:  # rule II: from the talon of the space's colour first
            talon = self.talon[self.colour_of[p]]
            if piles[talon]:
                return state.move_step(talon, p)
        if spaces and piles[self.stock]:  # rule II: else from the pack; the pack's other cards go to their talon
            return self._lay_from_pack(state)
        return None

    def _lay_from_pack(self, state: State) -> Step:
        """The top card of the pack to the first space of its colour, or to its talon packet (rules II, IV)."""
        colour = C.colour(state.piles[self.stock][-1])
        space = next((p for p in (self.army if colour == C.RED else self.navy) if not state.piles[p]), None)
        return state.move_step(self.stock, self.talon[colour] if space is None else space)

    def won(self, state: State) -> bool:
        return all(len(state.piles[f]) == 12 for f in self.foundations)


# the withdrawn cards, (suit, pack) in pile order: spades and clubs are black, hearts and diamonds red
_SUITS_PACKS = {"SC": (("S", 1), ("S", 2), ("C", 1), ("C", 2)), "HD": (("H", 1), ("H", 2), ("D", 1), ("D", 2))}


def _next_rank(top: int) -> int:
    """Rank that follows `top` on its foundation: red down from the king skipping the knave, black up to the queen
    (note 16)."""
    r = C.rank(top)
    if C.colour(top) == C.RED:
        return 10 if r == C.QUEEN else r - 1
    return r + 1


# the card (suit and rank, card % 52) wanted on a foundation whose top is a given card; rank 0 / 14 never occur
_NEXT = {c: C.suit(c) * 13 + _next_rank(c) - 1 for c in range(52) if 1 <= _next_rank(c) <= 13}


GAME = EmpressOfIndia
