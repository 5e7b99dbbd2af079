"""Блокада — Blockade (Le Blocus). Two packs. Text: whole (witness 001).

Two readings of what a "free place" is, and so of what the pack refills. The edition's (the default; issue 22 asked
for it): the rows are a grid of places, and every place a card of a row leaves is closed at once from the pack, as
p2 says with no restriction, «Открывши такимъ образомъ свободныя мѣста немедленно же закрываются новыми картами,
взятыми изъ колоды» (the places opened «in this way», by the plays and marriages just described), and as p3 and p4
repeat after every row. Under it, while the pack lasts, two sentences have no effect: rule I's «Снимая одну изъ
картъ нижнихъ рядовъ, тѣмъ самымъ освобождаютъ одну изъ картъ, непосредственно лежащую выше» (the refill covers the
freed card again at once, so the card above becomes free only once the pack is out), and p5's «Во время игры очень
часто пустыя мѣста открываются въ верхнихъ рядахъ: мѣста эти должны быть прежде всего закрыты новыми картами» (every
column keeps its length, so only last-row cards are ever available and no place of an upper row ever opens; nor is
there ever a choice of which place to close first).

The variant "columns" (`new_state(deal, "columns")`; the engine's first reading, before issue 22, with the deal
restricted as in the default): a card that leaves a lower row frees the card above it and takes nothing from the
pack (rule I, at once); a place is free only when its whole column is gone — that place is in the first row, an
upper row — and it is closed at once with the pack's next card before anything else (p5); new rows go under each
column's last card. Every sentence of the chapter then has effect, but p2's «свободныя мѣста» is narrowed to the
places of emptied columns: a card that leaves a lower row opens no place for the pack. The rules that read
differently in it are the rules 'columns-I', 'columns-fill' and 'columns-upper' (`Rule.variant`).
"""
from __future__ import annotations

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State, Step

RULES = (
    Rule("I", "I", "Всѣ карты перваго ряда считаются годными, но, раскладывая каждый рядъ, его размѣщаютъ такъ, "
         "чтобы онъ нѣсколько закрывалъ предыдущій рядъ. Снимая одну изъ картъ нижнихъ рядовъ, тѣмъ самымъ "
         "освобождаютъ одну изъ картъ, непосредственно лежащую выше; главнымъ правиломъ при этомъ служитъ то, что "
         "только тѣ карты годны, ниже которыхъ не лежатъ другія.",
         "Every card of the first row is available; each new row is laid a little over the one before; removing a "
         "card of a lower row frees the card directly above it: a card is available only when no card lies below "
         "it. (The edition's reading: while the pack lasts the place a card leaves is closed again at once (rule "
         "'fill'), so the card above is freed only once the pack is out.)", cite="blockade-rule-I"),
    Rule("columns-I", "I", "Снимая одну изъ картъ нижнихъ рядовъ, тѣмъ самымъ освобождаютъ одну изъ картъ, "
         "непосредственно лежащую выше",
         "Variant 'columns': a card that leaves a lower row (to a foundation or onto another card) frees the card "
         "above it at once, pack or no pack; nothing from the pack takes its place.", cite="blockade-rule-I",
         variant="columns"),
    Rule("II", "II", "За основными картами должна слѣдовать масть.", "The foundations follow suit.",
         cite="blockade-rule-II"),
    Rule("row", "play", "Располагаютъ въ продольную линію двѣнадцать картъ. Тузы играютъ по мѣрѣ того, какъ они "
         "выходятъ; но нельзя играть другою картою, пока не наполнится цѣлый рядъ.",
         "A row of twelve cards is laid; aces are played as they appear, no other card until the row is complete.",
         cite="blockade-p1"),
    Rule("aces", "play", "Восемь тузовъ служатъ основными картами и на нихъ накладываются другія карты восходящимъ "
         "порядкомъ до королей.", "The eight aces are the foundations, built up to the kings.", cite="blockade-p1"),
    Rule("marry", "play", "Разложивши первый рядъ, играютъ всякую подходящую карту и затѣмъ дѣлаютъ марьяжъ въ "
         "нисходящемъ порядкѣ; но при этомъ слѣдуетъ осторожно класть одну карту на другую, чтобы не спутать игры.",
         "Once the row is laid, fitting cards are played and marriages made in descending order, a card laid on "
         "the card it marries (it takes no place of its own).", cite="blockade-p2"),
    Rule("marry-suit", "play", "Марьяжъ — въ одной масти.", "Marriages follow suit.", source="reconstructed",
         origin="Cadogan 1914, «Explanation of terms»: марьяж — карта той же масти на следующую по старшинству, "
                "выше или ниже (ни русская, ни английская глава «Блокада» масти не называет)"),
    Rule("fill", "play", "Открывши такимъ образомъ свободныя мѣста немедленно же закрываются новыми картами, "
         "взятыми изъ колоды, послѣ чего продолжаютъ вновь играть и дѣлать марьяжъ.",
         "Every place a card leaves (a card of a row, not one married onto another) is closed at once with the "
         "next card of the pack; then play and marriages go on.", cite="blockade-p2"),
    Rule("columns-fill", "play", "Открывши такимъ образомъ свободныя мѣста немедленно же закрываются новыми картами, "
         "взятыми изъ колоды",
         "Variant 'columns': a place is free only when its whole column is gone; it is closed at once with the "
         "next card of the pack. A card that leaves a lower row opens no place (the sentence narrowed to emptied "
         "columns).", cite="blockade-p2", variant="columns"),
    Rule("next", "play", "Въ случаѣ, если ни то, ни другое невозможно, то раскладываютъ новый рядъ картъ, ниже "
         "перваго ряда, и когда этотъ рядъ готовъ, то опять играютъ, дѣлаютъ марьяжъ и кладутъ новыя карты на "
         "пустыя мѣста, подобно тому какъ и прежде.",
         "Only when neither a play nor a marriage is possible is a new row laid below; then play, marriages and "
         "refills go on as before.", cite="blockade-p3"),
    Rule("rows", "play", "Такимъ образомъ раскладываютъ слѣдующіе ряды до тѣхъ поръ, пока не выйдетъ вся колода "
         "картъ; но при раскладкѣ каждаго новаго ряда останавливаются, чтобы играть, дѣлать марьяжъ и закрывать "
         "пустыя мѣста картами.",
         "Rows are laid in this way until the pack is out, each followed by play, marriages and refills.",
         cite="blockade-p4"),
    Rule("upper", "play", "Во время игры очень часто пустыя мѣста открываются въ верхнихъ рядахъ: мѣста эти должны "
         "быть прежде всего закрыты новыми картами.",
         "Places that open in the upper rows are closed first with new cards: a place is refilled the moment it "
         "opens, before anything else. (The edition's reading: while the pack lasts no place of an upper row ever "
         "opens, every column keeping its length.)", cite="blockade-p5"),
    Rule("columns-upper", "play", "Во время игры очень часто пустыя мѣста открываются въ верхнихъ рядахъ: мѣста эти "
         "должны быть прежде всего закрыты новыми картами.",
         "Variant 'columns': the place of an emptied column lies in the first row, an upper row; it is closed with "
         "the pack's next card before anything else (before any play, marriage or new row).", cite="blockade-p5",
         variant="columns"),
    Rule("once", "play", "Пасьянсъ не раскладывается вторично.", "No redeal.", cite="blockade-p6"),
)

DESCRIPTIVE = {}


class Blockade(Game):
    slug = "blockade"
    number = 8
    title_ru = "Блокада"
    title_en = "Le Blocus (Blockade)"
    decks = 2
    rules = RULES
    revision = 2  # 1, issue 22: every vacated place refilled from the pack; a new row only when nothing else can be
    # done; 2: a new row's card is a place of its own, with no married card on it (revision 1 kept the count of the
    # place it covered, so the new card left without a refill and uncovered the place above while the pack lasted)
    notes = ("The rows are kept as twelve columns of places, a row's card at each; a married card is laid on the card "
             "it marries and takes no place of its own (the variable m-<column> counts the married cards on a column's"
             " last place; a new row's card is a new last place, with none). Every place a card leaves is closed at "
             "once with the next card of the pack («свободныя мѣста немедленно же закрываются новыми картами изъ "
             "колоды»), so while the pack lasts a column never shortens and a row-2 card played is replaced by the "
             "pack's next card; rule I's freeing of the card above takes effect once the pack is out. One move opens "
             "at most one place, so «upper rows first» is met by refilling at once. An ace that turns up while a row "
             "is laid goes to a foundation and the next card takes its place. A new row ('deal') is laid only «если ни"
             " то, ни другое невозможно»: when no card can be played and no card of a row can be married (moving an "
             "already married card to the other copy of its host makes no new marriage, so it does not hold up the "
             "deal). The variant 'columns' reads rule I and p2 the other way (the module's docstring argues both): "
             "the columns are stacks, a card that leaves one frees the card beneath it and takes nothing from the "
             "pack, and only a column emptied of all its cards is closed at once, before anything else, with the "
             "pack's next card (rules 'columns-I', 'columns-fill', 'columns-upper'); there a marriage that moves a "
             "card from one copy of its host to the other makes no new marriage and does not hold up the deal.")
    variants = {"columns": "Rule I and p2 read by columns: a card that leaves a lower row frees the card above it "
                           "and takes nothing from the pack; a place is free only when its whole column is gone, "
                           "and it is closed at once with the pack's next card before anything else; new rows go "
                           "under each column's last card."}
    variants_ru = {"columns": "по столбцам: снятая карта открывает карту над ней, из колоды закрывают лишь "
                              "опустевший столбец"}
    piles = (
        PileSpec("foundation", "foundation", tuple(((i % 4) * 1.2 + 2.5, (i // 4) * 1.5) for i in range(8)),
                 "Основаніе", "Foundation", take=False, build=Build(+1, "same"), base=(1,), rules=("II", "aces")),
        PileSpec("column", "tableau", tuple((i * 1.1, 3.5) for i in range(12)), "Рядъ", "Row", fan="down",
                 build=Build(-1, "same"), base=(), sources=("tableau",), rules=("I", "marry", "marry-suit", "fill", "upper")),
        PileSpec("stock", "stock", ((0.0, 0.0),), "Колода", "Pack", take=False, face_down=True,
                 rules=("row", "aces", "next", "rows", "once")),
    )

    def __init__(self) -> None:
        super().__init__()
        self.stock, self.columns, self.founds = self.index["stock"], self.group("column"), self.group("foundation")

    def setup(self, state: State):
        yield from self._row_steps(state)  # rule 'row': the first row

    def moves(self, state: State) -> list[Move]:
        out = super().moves(state)
        pack = bool(state.piles[self.stock])
        by_columns = state.vars.get("variant") == "columns"
        blocking = False  # a move that makes a play or a new marriage: then no new row (rule 'next')
        for move in out:
            if by_columns:
                blocking = self._column_move(state, move, pack) or blocking
            else:
                blocking = self._place_move(state, move, pack) or blocking
        if pack and not blocking:
            out.append(Move("deal", self._row_steps(state), "deal"))
        return out

    def _place_move(self, state: State, move: Move, pack: bool) -> bool:
        """The edition's reading: the place a row's card leaves is closed at once from the pack (rule 'fill'); a
        married card takes no place of its own (m-<column>), so its leaving opens none. Returns whether the move
        holds up the deal: a play, or a marriage of a row's card (moving an already married card to the other copy
        of its host makes no new marriage)."""
        src, dst = move.steps[0][1], move.steps[0][2]
        married = state.vars.get(f"m-{self.names[src]}", 0)
        if married:  # a married card leaves: no place opens
            move.steps.append(state.set_step(f"m-{self.names[src]}", married - 1 or None))
        elif pack:  # rule 'fill': the place it leaves is closed at once from the pack
            move.steps.append(("move", self.stock, src, 1, state.down[self.stock], 0))
        if move.kind == "marry":
            move.steps.append(state.set_step(f"m-{self.names[dst]}", state.vars.get(f"m-{self.names[dst]}", 0) + 1))
        return move.kind == "play" or married == 0

    def _column_move(self, state: State, move: Move, pack: bool) -> bool:
        """The variant 'columns': the card beneath the one that leaves is free at once (rule 'columns-I'); only a
        column the move empties is closed, at once and before anything else, with the pack's next card (rules
        'columns-fill', 'columns-upper'). Returns whether the move holds up the deal: a play, or a marriage other
        than moving a card from one copy of its host to the other (the same position but for which pack's copy
        lies where: no new marriage, and a player could repeat it for ever)."""
        src, dst = move.steps[0][1], move.steps[0][2]
        column = state.piles[src]
        if len(column) == 1 and pack:  # the whole column is gone: its place, in the first row, is closed at once
            move.steps.append(("move", self.stock, src, 1, state.down[self.stock], 0))
        if move.kind == "marry" and len(column) > 1 and column[-2] % 52 == state.piles[dst][-1] % 52:
            return False
        return True

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
                    married = f"m-{self.names[column]}"
                    if married in state.vars:  # the new card is the column's last place: nothing is married on it
                        steps.append(state.set_step(married, None))
                    break
        return steps



GAME = Blockade
