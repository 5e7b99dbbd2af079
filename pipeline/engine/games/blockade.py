"""Блокада — Blockade (Le Blocus). Two packs. Text: whole (witness 001)."""
from __future__ import annotations

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State, Step

RULES = (
    Rule("I", "I", "Всѣ карты перваго ряда годны; каждый новый рядъ кладутъ такъ, чтобы онъ нѣсколько закрывалъ "
         "предыдущій; годны только тѣ карты, ниже которыхъ не лежатъ другія.",
         "Every card of the first row is available; each new row is laid a little over the one before; a card is "
         "available only when no card lies below it."),
    Rule("II", "II", "За основными картами должна слѣдовать масть.", "The foundations follow suit."),
    Rule("row", "play", "Располагаютъ въ продольную линію двѣнадцать картъ; тузы играютъ по мѣрѣ того, какъ они "
         "выходятъ, но другою картою нельзя играть, пока не наполнится цѣлый рядъ.",
         "A row of twelve cards is laid; aces are played as they appear, no other card until the row is complete."),
    Rule("aces", "play", "Восемь тузовъ — основныя карты; они восходятъ до королей.",
         "The eight aces are the foundations, built up to the kings."),
    Rule("marry", "play", "Марьяжъ дѣлаютъ въ нисходящемъ порядкѣ.", "Marriages are made in descending order."),
    Rule("marry-suit", "play", "Марьяжъ — въ одной масти.", "Marriages follow suit.", source="reconstructed",
         origin="Cadogan 1914, Explanation of terms: a marriage is a card of the same suit on the next above or "
         "below (neither the Russian nor the English Blockade chapter names the suit)"),
    Rule("fill", "play", "Открывшіяся свободныя мѣста немедленно закрываются картами изъ колоды, прежде всего въ "
         "верхнихъ рядахъ.", "Spaces are filled at once from the pack, those in the upper rows first."),
    Rule("next", "play", "Когда ни играть, ни дѣлать марьяжъ невозможно, раскладываютъ новый рядъ ниже перваго.",
         "When nothing more can be played or married, a new row is laid below."),
    Rule("once", "play", "Пасьянсъ не раскладывается вторично.", "No redeal."),
)


class Blockade(Game):
    slug = "blockade"
    number = 8
    title_ru = "Блокада"
    title_en = "Le Blocus (Blockade)"
    decks = 2
    rules = RULES
    notes = ("The rows are kept as twelve columns; a space is a column emptied of all its cards, and it is filled "
             "at once from the pack, leftmost first (with columns every space lies in the first row). An ace that "
             "turns up while a row is laid goes to a foundation and the next card takes its place. Dealing the next "
             "row is left to the player's judgement that nothing more can be done.")
    piles = (
        PileSpec("foundation", "foundation", tuple(((i % 4) * 1.2 + 2.5, (i // 4) * 1.5) for i in range(8)),
                 "Основаніе", "Foundation", take=False, build=Build(+1, "same"), base=(1,), rules=("II", "aces")),
        PileSpec("column", "tableau", tuple((i * 1.1, 3.5) for i in range(12)), "Рядъ", "Row", fan="down",
                 build=Build(-1, "same"), base=(), sources=("tableau",), rules=("I", "marry", "marry-suit", "fill")),
        PileSpec("stock", "stock", ((0.0, 0.0),), "Колода", "Pack", take=False, face_down=True,
                 rules=("row", "next", "once")),
    )

    def __init__(self) -> None:
        super().__init__()
        self.stock, self.columns, self.founds = self.index["stock"], self.group("column"), self.group("foundation")

    def setup(self, state: State):
        yield from self._row_steps(state)  # rule 'row': the first row

    def extra_moves(self, state: State) -> list[Move]:
        if not state.piles[self.stock]:
            return []
        return [Move("deal", self._row_steps(state), "deal")]

    def _row_steps(self, state: State) -> list[Step]:
        """Rule 'row': one card to each column; an ace is played at once and the next card takes its place.
        Worked out without touching the state, because legal moves are generated often."""
        pack, down = state.piles[self.stock], state.down
        left = len(pack)
        empty = [f for f in self.founds if not state.piles[f]]
        steps: list[Step] = []
        for column in self.columns:
            while left:
                card = pack[left - 1]
                dst = column if C.rank(card) != C.ACE else empty.pop(0)
                steps.append(("move", self.stock, dst, 1, min(down[self.stock], left), down[dst]))
                left -= 1
                if dst == column:
                    break
        return steps

    def auto(self, state: State) -> Step | None:
        if not state.piles[self.stock]:
            return None
        space = next((c for c in self.columns if not state.piles[c]), None)  # rule 'fill'
        return None if space is None else state.move_step(self.stock, space)


GAME = Blockade
