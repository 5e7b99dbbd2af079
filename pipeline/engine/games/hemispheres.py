"""Полушарія — Les Hémisphères. Two packs. Text: whole (witness 000; title lost, caption «Солнечные часы»)."""
from __future__ import annotations

from math import cos, radians, sin

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State, Step

RULES = (
    Rule("I", "I", "Годными картами считаются только тѣ, которыя принадлежатъ каждому изъ полушарій.",
         "Only the cards that belong to the hemisphere they lie in are available.", cite="hemispheres-rule-I"),
    Rule("II", "II", "Карты не той масти должны быть обмѣнены, какъ только встрѣтится возможность, на другія карты "
         "въ тѣхъ полушаріяхъ, къ которому онѣ принадлежатъ, въ концѣ же игры, когда всѣ карты сдѣланы и талонъ "
         "израсходованъ, то карты должны быть переведены безъ обмѣна.",
         "Cards of the wrong colour must be exchanged, as soon as the chance comes, for cards of the hemisphere they "
         "belong to; at the end, when every card is dealt and the talon used up, they are moved without exchange.",
         cite="hemispheres-rule-II"),
    Rule("III", "III", "Можно дѣлать марьяжъ только съ картами ихъ собственной масти, но съ картами изъ талона можно "
         "дѣлать марьяжъ между всякими мастями.",
         "Cards marry only cards of their own kind (their race: see the notes); cards from the talon may marry "
         "any race.", cite="hemispheres-rule-III"),
    Rule("IV", "IV", "Нельзя двигать барьеровъ до конца игры, когда сыгрываютъ эти барьеры для пополненія основаній.",
         "The barriers may not be moved before the end, when they are played to complete the foundations.",
         cite="hemispheres-rule-IV"),
    Rule("V", "V", "За основаніями должны слѣдовать масти.", "The foundations follow suit.",
         cite="hemispheres-rule-V"),
    Rule("take", "play", "Берутъ изъ колоды четыре красныхъ туза и четыре черныхъ короля.",
         "The four red aces and the four black kings are taken from the pack.", cite="hemispheres-p1"),
    Rule("barriers", "play", "Затѣмъ кладутъ поперечно короля червей и короля бубенъ, туза трефъ и туза пикъ. "
         "Послѣднія четыре карты называются барьерами, раздѣляющими каждую породу.",
         "The king of hearts, king of diamonds, ace of clubs and ace of spades are laid crossways: the barriers "
         "that divide the races.", cite="hemispheres-p2"),
    Rule("foundations", "play", "Четыре черныхъ короля и четыре красныхъ туза составляютъ основныя карты, при чемъ "
         "тузы восходятъ по порядку до королей, а короли нисходятъ по порядку до тузовъ.",
         "The four black kings and the four red aces are the foundations; the aces build up to kings, the kings "
         "down to aces.", cite="hemispheres-p2"),
    Rule("hemispheres", "play", "Красныя карты, изображающія собою европейцевъ и азіатцевъ, должны пребывать въ "
         "сѣверномъ полушаріи, черныя же карты, представляющія собою австралійцевъ и африканцевъ, находятся въ "
         "южномъ полушаріи; при этомъ ясно, что кладя карты и наполняя пустыя мѣста, будутъ часто попадаться карты "
         "не въ тѣхъ полушаріяхъ, въ которыхъ имъ слѣдовало бы быть и въ этомъ случаѣ карты эти можно употребить "
         "въ дѣло тѣмъ или другимъ путемъ.",
         "Red cards (Europeans and Asiatics) belong in the northern hemisphere, black cards (Australians and "
         "Africans) in the southern; cards will often fall in the wrong one, and may then be used one way or "
         "another (rule II).", cite="hemispheres-p3"),
    Rule("races", "play", "Разложивши основанія и барьеры, раскладываютъ (слѣва направо, начиная отъ червоннаго "
         "короля) кругъ, состоящій изъ трехъ картъ, между каждымъ барьеромъ. Это изображаетъ собою четыре породы. "
         "Всѣ подходящія карты изъ этихъ породъ можно играть, дѣлать марьяжъ и мѣнять, согласно правиламъ I, II, "
         "III и IV.",
         "A circle of three cards between each two barriers is dealt from left to right, starting from the king "
         "of hearts: the four races, whose cards are played, married and exchanged by rules I-IV.",
         cite="hemispheres-p3"),
    Rule("note-18", "play", "Красными мастями дѣлаютъ марьяжъ въ нисходящемъ порядкѣ, а черными въ восходящемъ "
         "порядкѣ.", "Red suits marry in descending order, black in ascending (note 18).", cite="note-18"),
    Rule("deal", "play", "Послѣ этого сыгрываютъ остальную колоду, наполняя прежде всего свободныя мѣста въ рядахъ "
         "породъ (начиная слѣва направо, какъ въ первоначальной игрѣ).",
         "Then the rest of the pack is dealt, first refilling spaces in the races (in the order of the first "
         "deal).", cite="hemispheres-p4"),
    Rule("talon", "play", "Затѣмъ играютъ всѣ подходящія карты. Остатокъ составляетъ талонъ, изъ котораго можно "
         "дѣлать марьяжъ съ картами, находящимися въ кругѣ, согласно правиламъ II и III.",
         "Then the suitable cards are played; the rest form the talon, whose cards may marry those in the circle "
         "(rules II and III).", cite="hemispheres-p5"),
    Rule("once", "play", "Вторично пасьянсъ не раскладывается.", "No redeal.", cite="hemispheres-p6"),
    Rule("race", "III", "Карта породы дѣлаетъ марьяжъ только въ своей породѣ, по масти.",
         "A card of a race marries only within its own race, in suit.", source="reconstructed",
         origin="Cadogan 1874, «Les Hémisphères», правило III («their own Race»; русский текст говорит «масть», "
                "здесь прочитано как порода, как в правиле II: см. примечания) и определение марьяжа в книге "
                "(карта той же масти)"),
    Rule("transfer", "II", "Въ концѣ игры карту не той масти переводятъ на пустое мѣсто своего полушарія.",
         "At the end a card of the wrong colour is moved into a space of its own hemisphere.",
         source="reconstructed",
         origin="прочтение редактором правила II: текст не говорит, куда идёт карта; пустое место её полушария — "
                "единственное, где она может лечь, не покрыв другой карты"),
)

RED, BLACK = C.RED, C.BLACK
CX, CY, RX, RY = 6.5, 4.6, 6.3, 4.4  # the circle of barriers and races (card units)


def _slot(k: int) -> tuple[float, float]:
    """Place k of 16 round the circle, clockwise from the west (the king of hearts)."""
    a = radians(180 - 22.5 * k)
    return (round(CX + RX * cos(a), 2), round(CY - RY * sin(a), 2))


def _race(name: str, ru: str, en: str, first: int, home: str) -> PileSpec:
    # note 18: red suits marry descending, black ascending; always in suit (rule III)
    return PileSpec(name, "tableau", tuple(_slot(k) for k in range(first, first + 3)), f"Порода: {ru}",
                    f"Race: {en}", build=Build(-1 if home == RED else +1, "same"), base=(),
                    sources=("tableau", "talon"), rules=("I", "II", "III", "race", "races", "hemispheres", "note-18",
                                                            "deal", "talon"))


class Hemispheres(Game):
    slug = "hemispheres"
    number = 18
    title_ru = "Полушарія"
    title_en = "Les Hémisphères"
    title_supplied = True  # the heading is lost; the caption «Солнечные часы» belongs to Le Cadran
    decks = 2
    rules = RULES
    notes = ("Rule III's «масть» is read as the race, with Cadogan ('their own race … any race'), though the "
             "play paragraphs call a race «порода»: in the rules list «масть» names what a card belongs to, and "
             "rule II shows it cannot mean the suit there: «карты не той масти» are exchanged for cards of the "
             "other hemisphere, so they are cards of the wrong colour for where they lie (a diamond is as much at "
             "home in the north as a heart). Read as the suit, rule III would say nothing of race cards that a "
             "marriage does not say already (a marriage is in suit), would let race cards cross the barriers "
             "«раздѣляющими каждую породу» so that the barriers divide nothing in play, and would let a talon card "
             "marry a card of another suit, which no chapter of the book allows. The edition therefore follows "
             "the English here; the suit reading is not offered as a variant (its solver is not written). "
             "The circle is dealt clockwise from the king of hearts (west): Europeans (north-west), Asiatics "
             "(north-east), Australians (south-east), Africans (south-west); spaces are refilled in that order. "
             "A card in the wrong hemisphere can neither move nor be married (rule I; the English says it 'cannot "
             "be used in any way', the Russian that it is put to use 'one way or another' — read as: by exchange "
             "or transfer, rule II). An exchange swaps a red card of the south with a black card of the north; "
             "it must be made at once (the Russian says 'должны'): alone it is made automatically, and when "
             "several pairs are possible the player chooses, before any other move. Dealing the pack starts with "
             "the first turn: spaces are filled from the pack at once while it lasts; afterwards spaces stay empty "
             "until the end, when a wrong card may be moved into one of its own hemisphere. The end is, as rule II "
             "says, when the pack is dealt and the talon used up: only then may the barriers go up (rule IV).")
    piles = (
        PileSpec("ace", "foundation", tuple((4.2 + 1.2 * i, 3.0) for i in range(4)), "Основаніе", "Foundation",
                 take=False, build=Build(+1, "same"), base=(), rules=("V", "take", "foundations")),
        PileSpec("king", "foundation", tuple((4.2 + 1.2 * i, 4.6) for i in range(4)), "Основаніе", "Foundation",
                 take=False, build=Build(-1, "same"), base=(), rules=("V", "take", "foundations")),
        PileSpec("barrier", "reserve", tuple(_slot(k) for k in (0, 4, 8, 12)), "Барьеръ", "Barrier",
                 rules=("IV", "barriers")),
        _race("europeans", "европейцы", "Europeans", 1, RED),
        _race("asiatics", "азіатцы", "Asiatics", 5, RED),
        _race("australians", "австралійцы", "Australians", 9, BLACK),
        _race("africans", "африканцы", "Africans", 13, BLACK),
        PileSpec("stock", "stock", ((14.0, 0.2),), "Колода", "Pack", take=False, face_down=True,
                 rules=("deal", "once")),
        PileSpec("talon", "talon", ((14.0, 1.8),), "Талонъ", "Talon", rules=("talon", "III")),
    )
    # the cards taken out before the deal: foundations, then the barriers west, north, east, south (rank, suit)
    LAID = (("ace", ((1, 1), (1, 1), (1, 2), (1, 2))), ("king", ((13, 0), (13, 0), (13, 3), (13, 3))),
            ("barrier", ((13, 1), (1, 3), (13, 2), (1, 0))))

    def __init__(self) -> None:
        super().__init__()
        self.stock, self.talon = self.index["stock"], self.index["talon"]
        self.barriers = self.group("barrier")
        self.north = self.group("europeans") + self.group("asiatics")
        self.south = self.group("australians") + self.group("africans")
        self.races = self.north + self.south  # the order of the deal and of refilling
        self.home: list[str | None] = [None] * len(self.names)  # the colour that belongs in a race pile
        for i in self.north:
            self.home[i] = RED
        for i in self.south:
            self.home[i] = BLACK

    def setup(self, state: State):
        for group, wanted in self.LAID:
            for dst, (rank, suit) in zip(self.group(group), wanted):
                pack = state.piles[self.stock]
                pos = max(i for i, c in enumerate(pack) if C.rank(c) == rank and C.suit(c) == suit)
                yield state.pick_step(self.stock, pos, dst)
        for race in self.races:  # rule 'races'
            yield state.move_step(self.stock, race)

    # -- what may move where
    def could_accept(self, src: int, dst: int) -> bool:
        if self.kind[dst] == "foundation":
            return self.kind[src] in ("tableau", "talon", "reserve")
        if self.kind[dst] != "tableau":
            return False
        # rule III / 'race': the talon marries any race, a race card only its own race (asked before __init__
        # has named the piles, so this reads the specs only)
        return self.kind[src] == "talon" or (self.specs[src] is self.specs[dst] and src != dst)

    def _next(self, state: State) -> dict[int, list[int]]:
        """Which piles take which card next (card % 52 -> piles): foundations in suit (rule V), and race piles
        whose top is in its own hemisphere (rule I), red descending, black ascending (note 18)."""
        out: dict[int, list[int]] = {}
        for dst in self.foundations + self.races:
            pile = state.piles[dst]
            if not pile or (self.home[dst] is not None and C.colour(pile[-1]) != self.home[dst]):
                continue
            top = pile[-1]
            step = self.specs[dst].build.dir
            if 1 <= C.rank(top) + step <= 13:
                out.setdefault(top % 52 + step, []).append(dst)
        return out

    def _sources(self, state: State) -> list[int]:
        """Available cards: race tops in their own hemisphere (rule I), the talon's top, at the end the barriers
        (rule IV)."""
        piles, home = state.piles, self.home
        out = [r for r in self.races if piles[r] and C.colour(piles[r][-1]) == home[r]]
        out += [self.talon] if piles[self.talon] else []
        return out + ([b for b in self.barriers if piles[b]] if self._end(state) else [])

    def _end(self, state: State) -> bool:
        """Rule II: the end is when the pack is dealt and the talon used up."""
        return not state.piles[self.stock] and not state.piles[self.talon]

    def _wrong(self, state: State, side: list[int]) -> list[int]:
        """Race piles of one hemisphere holding a card of the other colour (always alone: nothing marries it)."""
        piles, home = state.piles, self.home
        return [i for i in side if len(piles[i]) == 1 and C.colour(piles[i][0]) != home[i]]

    def _exchanges(self, state: State) -> list[tuple[int, int]]:
        """Rule II: (southern pile with a red card, northern pile with a black card) pairs."""
        south = self._wrong(state, self.south)
        return [(s, n) for n in self._wrong(state, self.north) for s in south] if south else []

    # -- moves
    def moves(self, state: State) -> list[Move]:
        pairs = self._exchanges(state)
        if len(pairs) > 1:  # rule II: an exchange comes first; the player picks which
            return [Move(f"{self.names[s]}>{self.names[n]}", self._swap(s, n), "exchange") for s, n in pairs]
        piles, takes, out = state.piles, self._next(state), []
        for src in self._sources(state):
            ids = self.move_ids[src]
            for dst in takes.get(piles[src][-1] % 52, ()):
                if dst in ids:  # the pairs could_accept allows: rule III, a race card only in its own race
                    kind = "play" if self.kind[dst] == "foundation" else "marry"
                    out.append(Move(ids[dst], [("move", src, dst, 1, state.down[src], state.down[dst])], kind))
        return out + self.extra_moves(state)

    def _swap(self, s: int, n: int) -> list[Step]:
        return [("move", s, n, 1, 0, 0), ("pick", n, 0, s, 0, 0)]

    def extra_moves(self, state: State) -> list[Move]:
        piles = state.piles
        if piles[self.stock]:
            return [Move("turn", self._turn(state), "turn")]
        if piles[self.talon]:
            return []
        out = []  # rule II, 'transfer': at the end a wrong card moves into a space of its own hemisphere
        for side, other in ((self.north, self.south), (self.south, self.north)):
            spaces = [i for i in other if not piles[i]]
            for w in self._wrong(state, side):
                out += [Move(f"{self.names[w]}>{self.names[e]}", [("move", w, e, 1, 0, 0)], "fill") for e in spaces]
        return out

    def _turn(self, state: State) -> list[Step]:
        """Rule 'deal': the first turn starts dealing the pack, which first fills the spaces in deal order;
        the turned card goes to the talon, whose top is available."""
        steps: list[Step] = []
        left = len(state.piles[self.stock])
        if not state.vars.get("dealing"):
            steps.append(state.set_step("dealing", True))
            for race in self.races:
                if left and not state.piles[race]:
                    steps.append(("move", self.stock, race, 1, left, 0))
                    left -= 1
        if left:
            steps.append(("move", self.stock, self.talon, 1, left, state.down[self.talon]))
        return steps

    def auto(self, state: State) -> Step | None:
        piles = state.piles
        swap = state.vars.get("exchange")
        if swap is not None:  # an automatic exchange, one step at a time: s -> n, then n's old card -> s
            s, n = (self.index[name] for name in swap.split(">"))
            if len(piles[n]) == 2:
                return ("pick", n, 0, s, 0, 0)
            if piles[s] and C.colour(piles[s][-1]) != self.home[s]:
                return ("move", s, n, 1, 0, 0)
            return state.set_step("exchange", None)
        if state.vars.get("dealing") and piles[self.stock]:
            for race in self.races:  # rule 'deal': spaces are filled from the pack at once, in deal order
                if not piles[race]:
                    return state.move_step(self.stock, race)
        pairs = self._exchanges(state)
        if len(pairs) == 1:  # rule II: the only possible exchange is made at once
            s, n = pairs[0]
            return state.set_step("exchange", f"{self.names[s]}>{self.names[n]}")
        return None


GAME = Hemispheres
