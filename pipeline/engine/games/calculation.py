"""Calculation (title lost; «Вычисленіе» supplied by the editors). One pack. Text: whole, with a coda on re-sorting the pack (002)."""
from __future__ import annotations

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State

RULES = (
    Rule("I", "I", "Основныя карты выбираются изъ колоды, масти не соблюдаются.",
         "The foundation cards are taken from the pack; suits are not followed."),
    Rule("II", "II", "Талонъ состоитъ изъ четырехъ пачекъ, раздѣленныхъ по произволу; но только самая верхняя карта "
         "годна для игры до тѣхъ поръ, пока не сдѣлается свободной нижележащая карта.",
         "The talon is four packets, made up at will; only the top card of each is available until it frees the "
         "one below."),
    Rule("foundations", "play", "Тузъ, двойка, тройка и четверка въ рядъ; на нихъ карты кладутся черезъ 1, 2, 3 и 4, "
         "каждое основаніе до короля.",
         "An ace, a two, a three and a four in a row; they build by ones, twos, threes and fours, each to a king."),
    Rule("count", "play", "Валетъ — 11, дама — 12, король — 13; за тринадцатью тузъ считается 14, двойка 15 и т. д.",
         "Knave 11, queen 12, king 13; past thirteen the ace counts 14, the two 15, and so on."),
    Rule("turn", "play", "Остальныя карты переворачиваютъ одну за другою, годныя играютъ, прочія кладутъ въ талонъ.",
         "The rest of the pack is turned one card at a time; cards that fit are played, the rest go to the talon."),
    Rule("fixed", "play", "Карту, разъ положенную въ талонъ, нельзя перекладывать изъ одной пачки въ другую.",
         "A card once laid on a talon packet cannot move to another packet."),
    Rule("once", "play", "Пасьянсъ вторично не раскладывается.", "No redeal."),
)


def _foundation(step: int) -> PileSpec:
    return PileSpec(f"foundation-{step}", "foundation", (((step - 1) * 1.2, 0.0),), "Основаніе", "Foundation",
                    take=False, build=Build(+1, "any", step=step, wrap=True), base=(step,), capacity=13,
                    rules=("I", "foundations", "count"))


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
