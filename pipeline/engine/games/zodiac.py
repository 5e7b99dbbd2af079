"""Зодіакъ — The Zodiac. Two packs. Text: whole (witness 004).

Rule I, «…но нельзя дѣлать марьяжъ между картами зодіака и картами экватора между собою», is read as "not among
the zodiac cards themselves, nor among the equator cards themselves", so an equator card may marry into the zodiac.
Why, from the whole chapter: (1) the play paragraph tells the player to fill the empty places «изъ талона, или, если
нѣтъ талона, то изъ колоды»; under the literal reading (a packet takes talon and pack cards only) no card ever
leaves its place before the end — a zodiac card leaves only for a foundation, an equator card never — so no place
is ever empty and that sentence could never apply; (2) «между собою» ("among themselves") is idle after «между
картами зодіака и картами экватора» unless it distributes over the two groups; (3) it is Cadogan's rule (zodiac
cards marry equator, talon or pack cards, but not zodiac with zodiac nor equator with equator), of which the
chapter is a translation. The literal reading is kept as the variant "literal" (`new_state(deal, "literal")`).
"""
from __future__ import annotations

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State, Step

RULES = (
    Rule("I", "I", "Марьяжъ можно дѣлать въ зодіакѣ изъ картъ, находящихся въ талонѣ или въ колодѣ, но нельзя "
         "дѣлать марьяжъ между картами зодіака и картами экватора между собою. Марьяжъ можно дѣлать въ восходящемъ "
         "и нисходящемъ порядкѣ картъ, которыя должны быть въ такомъ видѣ въ одной и той же пачкѣ.",
         "Marriages are made in the zodiac with cards from the talon or the pack (and from the equator), but not "
         "among the zodiac cards themselves nor among the equator cards themselves; they go up and down, and one "
         "packet may hold both.", cite="zodiac-rule-I"),
    Rule("II", "II", "На основанія слѣдуютъ масти.", "The foundations follow suit.", cite="zodiac-rule-II"),
    Rule("layout", "play", "Раскладываютъ продольный рядъ изъ восьми картъ, называемый экваторомъ. Потомъ "
         "раскладываютъ вокругъ экватора кругъ изъ двадцати четырехъ картъ, называемый зодіакомъ.",
         "A row of eight cards, the equator, then a circle of twenty-four round it, the zodiac.", cite="zodiac-p1"),
    Rule("foundations", "play", "Основныхъ картъ не кладутъ до самого конца игры. Онѣ должны состоять изъ четырехъ "
         "тузовъ и четырехъ королей различныхъ мастей; тузы восходятъ по порядку до королей, короли нисходятъ по "
         "порядку до тузовъ.",
         "No foundation is laid before the very end; they are four aces and four kings of different suits, the "
         "aces building up to kings, the kings down to aces.", cite="zodiac-p1"),
    Rule("fill", "play", "начинаютъ дѣлать марьяжъ (правило I) и пополнять пустыя мѣста изъ талона, или, если нѣтъ "
         "талона, то изъ колоды, но нѣтъ надобности дѣлать ни того, ни другого, пока не представится удобнаго "
         "случая.",
         "Marriages are made (rule I) and spaces filled from the talon, or from the pack when there is no talon, "
         "but only when it suits.", cite="zodiac-p2"),
    Rule("talon", "play", "Карты продолжаютъ выкладывать въ обыкновенномъ порядкѣ, при чемъ карты, ненужныя для "
         "марьяжа или для пополненія пустыхъ мѣстъ, составляютъ талонъ.",
         "The pack is turned in the usual way; cards not wanted for marriages or spaces form the talon.",
         cite="zodiac-p2"),
    Rule("redeal", "play", "Это можно повторять столько разъ, сколько потребуется, т.-е. до тѣхъ поръ пока всѣ карты "
         "попадутъ или въ зодіакъ, или на экваторъ. Если этого нельзя сдѣлать, то пасьянсъ считается неудавшимся.",
         "This is repeated as often as needed, until every card lies in the zodiac or the equator; if that cannot "
         "be done, the patience has failed.", cite="zodiac-p2"),
    Rule("end", "play", "Если-же удастся помѣстить всѣ карты, то вслѣдъ за этимъ выкладываютъ восемь основаній изъ "
         "зодіака и экватора (правило II).",
         "If every card is placed, the eight foundations are built from zodiac and equator.", cite="zodiac-p2"),
    Rule("pass", "play", "Талонъ переворачиваютъ снова, только если въ послѣдній разъ хоть одна карта легла въ "
         "зодіакъ или на экваторъ; иначе пасьянсъ проигранъ.",
         "The talon is turned over again only when the last pass placed at least one card; otherwise the game is "
         "lost.", source="reconstructed",
         origin="решение редактора: оно делает «сколько понадобится» конечной игрой; за проходом, не положившим ни "
                "одной карты, последовали бы те же карты в том же порядке"),
)

# sentences of the chapter that state no rule of their own
DESCRIPTIVE = {
    "zodiac-p2.s6": "совет игроку (осторожно делать марьяжи, чтобы не завалить карты), не правило",
}

SUITS = (0, 1, 2, 3)  # one ace and one king foundation a suit (rule 'foundations': different suits)


def _ring() -> tuple[tuple[float, float], ...]:
    """24 places round the equator, clockwise from the top left: 10 on top, 2 down the right, 10 below, 2 up."""
    top = [(round(1.1 * i, 2), 0.0) for i in range(10)]
    right = [(9.9, 1.6), (9.9, 3.2)]
    bottom = [(round(9.9 - 1.1 * i, 2), 4.8) for i in range(10)]
    return tuple(top + right + bottom + [(0.0, 3.2), (0.0, 1.6)])


class Zodiac(Game):
    slug = "zodiac"
    number = 23
    title_ru = "Зодіакъ"
    title_en = "The Zodiac"
    decks = 2
    rules = RULES
    revision = 1  # rule I: the equator's cards marry into the zodiac (the reading of «между собою»)
    notes = ("Rule I is read as «not among the zodiac cards, nor among the equator cards» («между собою», each "
             "group among itself), as the English has it: a zodiac packet takes a card of the talon (the pack's "
             "turned card) or of the equator, one rank up or down in suit, but never a card of another packet, "
             "and no card goes onto an equator card. Why this reading: the chapter's own rule that spaces are "
             "filled «изъ талона, или … изъ колоды» has a sense only if a card can leave its place before the end, "
             "and under the other reading none can (a zodiac card leaves only for a foundation, the equator's "
             "never); and «между собою» is idle after «между картами зодіака и картами экватора» unless it says "
             "«each among themselves». The other reading, that a packet takes cards only from talon and pack and "
             "the equator just waits for the foundations, is the variant 'literal'. Turning the talon over makes "
             "the next pass in the same order. 'As often as needed' is made finite (rule 'pass'): a new pass needs "
             "a card placed in the last one (a marriage from the equator counts: a card lay down in the zodiac). "
             "And the game is lost at once (rule 'redeal': 'if it cannot be done') when no space is open and no "
             "card of pack, talon or equator fits any zodiac packet: a packet's top changes only by a marriage, "
             "so none ever could. When pack and talon are empty the foundations are laid from the zodiac tops "
             "and the equator, one ace and one king a suit.")
    variants = {"literal": "Rule I read literally: zodiac packets take cards from the talon or the pack only, "
                           "never from the equator; no card leaves zodiac or equator before the end, so no space "
                           "ever opens."}
    variants_ru = {"literal": "правило I буквально: с экватора в зодиак не переносят"}
    piles = (
        PileSpec("zodiac", "tableau", _ring(), "Зодіакъ", "Zodiac", build=Build(0, "same"), base=None,
                 sources=("talon", "reserve"), rules=("I", "layout", "fill")),
        PileSpec("equator", "reserve", tuple((round(1.2 + 1.07 * i, 2), 2.4) for i in range(8)), "Экваторъ",
                 "Equator", base=None, sources=("talon",), capacity=1, rules=("I", "layout", "fill")),
        PileSpec("ace", "foundation", tuple((11.5, 1.6 * i) for i in range(4)), "Основаніе", "Foundation",
                 take=False, build=Build(+1, "same"), base=(1,), sources=("tableau", "reserve"),
                 rules=("II", "foundations", "end")),
        PileSpec("king", "foundation", tuple((12.7, 1.6 * i) for i in range(4)), "Основаніе", "Foundation",
                 take=False, build=Build(-1, "same"), base=(13,), sources=("tableau", "reserve"),
                 rules=("II", "foundations", "end")),
        PileSpec("stock", "stock", ((0.0, 6.6),), "Колода", "Pack", take=False, face_down=True,
                 rules=("talon", "redeal", "pass")),
        PileSpec("talon", "talon", ((1.2, 6.6),), "Талонъ", "Talon", rules=("talon", "redeal", "pass")),
    )

    def __init__(self) -> None:
        super().__init__()
        self.stock, self.talon = self.index["stock"], self.index["talon"]
        self.zodiac, self.equator = self.group("zodiac"), self.group("equator")
        self.suit_of = {f: s for group in ("ace", "king") for f, s in zip(self.group(group), SUITS)}

    def setup(self, state: State):
        for pile in self.equator + self.zodiac:  # rule 'layout': the equator first, then the circle
            yield state.move_step(self.stock, pile)

    def moves(self, state: State) -> list[Move]:
        piles = state.piles
        if not piles[self.stock] and not piles[self.talon]:
            return self._foundation_moves(state)  # rule 'end': every card lies in zodiac or equator
        takes = self._zodiac_takes(state)
        spaces = [p for p in self.zodiac + self.equator if not piles[p]]
        # rule I: the equator's cards marry into the zodiac, unless the variant 'literal' is played
        equator = [] if state.vars.get("variant") == "literal" else [e for e in self.equator if piles[e]]
        if not spaces and not any(piles[e][-1] % 52 in takes for e in equator) and \
                not any(c % 52 in takes for c in piles[self.talon]) and \
                not any(c % 52 in takes for c in piles[self.stock]):
            return []  # rule 'redeal': no card left can ever be placed, so it cannot be done: lost
        out = []
        for e in equator:  # rule I: an equator card onto a zodiac packet one rank away in suit
            ids = self.move_ids[e]
            out += [Move(ids[z], [("move", e, z, 1, 0, 0)], "marry") for z in takes.get(piles[e][-1] % 52, ())]
        if piles[self.talon]:  # rule I: marriages from the talon; rule 'fill': spaces when it suits
            ids, card = self.move_ids[self.talon], piles[self.talon][-1]
            out += [Move(ids[z], [("move", self.talon, z, 1, 0, 0)], "marry") for z in takes.get(card % 52, ())]
            out += [Move(ids[p], [("move", self.talon, p, 1, 0, 0)], "fill") for p in spaces]
        if not state.vars.get("placed"):  # rule 'pass': remember that this pass placed a card
            for m in out:
                m.steps.append(state.set_step("placed", True))
        if piles[self.stock]:
            out.append(Move("turn", [state.move_step(self.stock, self.talon)], "turn"))
        elif piles[self.talon] and state.vars.get("placed"):
            out.append(Move("redeal", self._turn_over(state), "deal"))
        return out

    def _zodiac_takes(self, state: State) -> dict[int, list[int]]:
        """card % 52 -> zodiac packets it may marry: the next card up or down in suit (rule I). Only a marriage
        changes a packet's top, so a card that fits none now never will unless another card is placed."""
        out: dict[int, list[int]] = {}
        for z in self.zodiac:
            pile = state.piles[z]
            if pile:
                top = pile[-1] % 52
                for card, ok in ((top - 1, C.rank(top) > 1), (top + 1, C.rank(top) < 13)):
                    if ok:
                        out.setdefault(card, []).append(z)
        return out

    def _foundation_moves(self, state: State) -> list[Move]:
        """Rule II: one ace and one king foundation a suit (so the aces, and the kings, differ in suit)."""
        piles, takes = state.piles, {}
        for f in self.foundations:
            pile, step = piles[f], self.specs[f].build.dir
            if not pile:
                takes.setdefault(self.suit_of[f] * 13 + self.specs[f].base[0] - 1, []).append(f)
            elif 1 <= C.rank(pile[-1]) + step <= 13:  # the ace and the king of a suit may want the same card
                takes.setdefault(pile[-1] % 52 + step, []).append(f)
        return [Move(self.move_ids[src][dst], [("move", src, dst, 1, 0, 0)], "play")
                for src in self.zodiac + self.equator if piles[src] for dst in takes.get(piles[src][-1] % 52, ())]

    def _turn_over(self, state: State) -> list[Step]:
        """Rule 'redeal': the talon turned over is the new pack, its first card on top."""
        n = len(state.piles[self.talon])
        steps: list[Step] = [("move", self.talon, self.stock, 1, 0, k) for k in range(n)]
        return steps + [state.set_step("placed", None), state.set_step("pass", state.vars.get("pass", 1) + 1)]


GAME = Zodiac
