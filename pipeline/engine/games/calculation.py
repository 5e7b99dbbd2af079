"""Calculation (title lost; «Вычисленіе» supplied by the editors). One pack. Text: whole, with a coda on re-sorting the pack (002)."""
from __future__ import annotations

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State

RULES = (
    Rule("I", "I", "Основныя карты выбираются изъ колоды, масти не соблюдаются.",
         "The foundation cards are taken from the pack; suits are not followed.", cite="calculation-rule-I"),
    Rule("II", "II", "Талонъ состоитъ изъ четырехъ пачекъ, раздѣленныхъ по произволу; но только самая верхняя карта "
         "годна для игры до тѣхъ поръ, пока не сдѣлается свободной нижележащая карта.",
         "The talon is four packets, made up at will; only the top card of each is available until it frees the "
         "one below.", cite="calculation-rule-II"),
    Rule("foundations", "play", "Изъ колоды вынимаютъ туза, двойку, тройку и четверку и кладутъ ихъ въ рядъ; они "
         "составляютъ основныя карты. На первое или тузовое основаніе накладываютъ остальныя карты въ восходящемъ "
         "порядкѣ до короля. На второе основаніе накладываются карты, начиная съ двойки, на третье съ тройки, на "
         "четвертое съ четверки; всѣ эти четыре основанія оканчиваются королями.",
         "An ace, a two, a three and a four in a row; they build by ones, twos, threes and fours, each to a king.",
         cite="calculation-p1"),
    Rule("count", "play", "Валеты считаются за одиннадцать, дамы за двѣнадцать, короли за тринадцать.",
         "Knave 11, queen 12, king 13.", cite="calculation-p2"),
    Rule("past-13", "play", "Когда при раскладкѣ основныхъ картъ выйдетъ число тринадцать (которымъ можетъ только "
         "оканчиваться каждая пачка), тогда тузы считаются за четырнадцать, двойки за пятнадцать и т. д.",
         "Past thirteen the ace counts 14, the two 15, and so on (the count runs round: only a king ends a "
         "foundation).", cite="calculation-p3"),
    Rule("turn", "play", "Размѣстивши основныя карты, остальныя, находящіяся въ рукѣ, переворачиваютъ одну за "
         "другою, играютъ всѣ тѣ, которыя годны для основныхъ картъ, остальныя же карты составляютъ талонъ",
         "The rest of the pack is turned one card at a time; cards that fit are played, the rest go to the talon.",
         cite="calculation-p4"),
    Rule("fixed", "play", "карту, разъ положенную, нельзя перекладывать изъ одной пачки въ другую.",
         "A card once laid on a talon packet cannot move to another packet.", cite="calculation-p4"),
    Rule("once", "play", "Пасьянсъ вторично не раскладывается.", "No redeal.", cite="calculation-p5"),
)

DESCRIPTIVE = {
    "calculation-p4.s3": "совет (держать одну пачку для королей): ничего не разрешает и не запрещает",
    "calculation-p4.s4": "совет, как складывать пачки: ничего не разрешает и не запрещает",
    "calculation-p6": "способ собрать законченные пачки и снова разложить их, чтобы показать фокус (все карты "
                      "одного достоинства вместе): забава после выигранной игры, а не правило её хода; издание эту "
                      "раскладку не разыгрывает",
    "calculation-p7": "продолжение той же раскладки после игры (см. calculation-p6)",
}


def _foundation(step: int) -> PileSpec:
    return PileSpec(f"foundation-{step}", "foundation", (((step - 1) * 1.2, 0.0),), "Основаніе", "Foundation",
                    take=False, build=Build(+1, "any", step=step, wrap=True), base=(step,), capacity=13,
                    rules=("I", "foundations", "count", "past-13"))


class Calculation(Game):
    slug = "calculation"
    number = 13
    title_ru = "Вычисленіе"  # supplied by the editors (source/editorial/chapters.json)
    title_en = "Calculation"
    title_supplied = True  # the chapter's title is lost
    decks = 1
    rules = RULES
    notes = ("The turned card lies in the hand until it is played or laid on a talon packet; the next card is "
             "turned by a move of its own. The foundation cards are the first ace, two, three and four from the "
             "top of the pack.")
    piles = (
        *(_foundation(step) for step in (1, 2, 3, 4)),
        PileSpec("talon", "talon", tuple((i * 1.2, 1.5) for i in range(4)), "Талонъ", "Talon", fan="down",
                 build=Build(0, "any", step=0), base=None, sources=("hand",), rules=("II", "fixed")),
        PileSpec("stock", "stock", ((6.0, 0.0),), "Колода", "Pack", take=False, face_down=True,
                 rules=("turn", "once")),
        PileSpec("hand", "hand", ((6.0, 1.5),), "Открытая карта", "Turned card", capacity=1, rules=("turn",)),
    )

    def __init__(self) -> None:
        super().__init__()
        self.stock, self.hand = self.index["stock"], self.index["hand"]

    def setup(self, state: State):
        for step in (1, 2, 3, 4):  # rule I: the first card of each wanted rank, from the top of the pack
            pack = state.piles[self.stock]
            pos = max(i for i, c in enumerate(pack) if C.rank(c) == step)
            yield state.pick_step(self.stock, pos, self.index[f"foundation-{step}"])

    def extra_moves(self, state: State) -> list[Move]:
        if state.piles[self.stock] and not state.piles[self.hand]:
            return [Move("turn", [state.move_step(self.stock, self.hand)], "turn")]
        return []

    def accepts(self, state: State, dst: int, card: int, src: int) -> bool:
        if self.kind[dst] == "hand":
            return False  # only turning puts a card in the hand
        return super().accepts(state, dst, card, src)


GAME = Calculation
