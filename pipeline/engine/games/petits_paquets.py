"""Game 19 (title lost; «Маленькіе пакеты» supplied, Les Petits Paquets by position). Two packs.
Text: rules I–III and the start of play (witness 000); the dealing order and the rest are reconstructed."""
from __future__ import annotations

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State, Step

FRAGMENT = ("справочные заметки проекта (shared/reference/RULES.md, игра 19) пересказывают отрывок "
            "следующей страницы главы из того же электронного текста; этой страницы нет среди свидетелей издания "
            "(свидетель 000 обрывается на «…соблюдать слѣдующій порядокъ:»), так что этого правила нет ни в одном "
            "источнике издания, а английский текст неизвестен (в редакции 1914 года игры нет)")
RULES = (
    Rule("I", "I", "Годными картами считаются всѣ тѣ, которыя находятся въ тринадцатой пачкѣ, а также верхнія "
         "карты двѣнадцати пачекъ. Снимая верхнія карты, освобождаютъ въ обыкновенномъ порядкѣ лежащія ниже.",
         "Every card of the thirteenth packet and the top card of each of the twelve packets are available; "
         "removing a top card frees the one below.", cite="petits-paquets-rule-I"),
    Rule("II", "II", "На каждое основаніе карты слѣдуютъ по мастямъ.", "Each foundation follows suit.",
         cite="petits-paquets-rule-II"),
    Rule("III", "III", "При вторичной раскладкѣ пасьянса двѣнадцать пачекъ снимаютъ по порядку по шести пачекъ съ "
         "одной стороны и по шести съ другой (при этомъ берутъ поперемѣнно пачки, лежащія по правой сторонѣ въ "
         "верхнемъ ряду, а лежащія по лѣвой сторонѣ въ нижнемъ). Между этими двумя группами кладутъ тринадцатую "
         "пачку, если въ ней остались еще карты.",
         "For the second deal the twelve packets are gathered in order, six from one side and six from the other; "
         "the thirteenth packet, if any cards are left in it, goes between the two groups.",
         cite="petits-paquets-rule-III"),
    Rule("kings", "play", "Берутъ восемь королей изъ колоды. Это — основныя карты. Четыре короля верхняго ряда "
         "начинаютъ съ тузовъ и восходятъ по порядку до дамъ; короли нижняго ряда нисходятъ по порядку до тузовъ.",
         "The eight kings are taken from the pack as foundations: the upper four take the aces and build up to "
         "the queens, the lower four build down to the aces.", cite="petits-paquets-p1"),
    Rule("rows", "play", "раскладываютъ продольный рядъ изъ тринадцати картъ, при этомъ тринадцатая карта кладется "
         "нѣсколько въ сторону. Послѣ этого кладутъ второй рядъ изъ тринадцати картъ, покрывающихъ первый рядъ, и "
         "продолжаютъ такимъ образомъ раскладывать послѣдовательно одинъ рядъ за другимъ, пока не выйдетъ вся "
         "колода, при чемъ карты тринадцатой пачки разложены такъ, что видны всѣ, между тѣмъ какъ другія двѣнадцать "
         "пачекъ выказываютъ только свои верхнія карты",
         "Rows of thirteen are dealt, the thirteenth card a little apart, each row covering the last, until the "
         "pack is out; the thirteenth packet is spread so that every card shows, the other twelve show only their "
         "top cards.", cite="petits-paquets-p2"),
    Rule("each-row", "play", "но, раскладывая каждый рядъ, слѣдуетъ при игрѣ соблюдать слѣдующій порядокъ:",
         "Play goes on while the rows are laid: after each row the player may play, then lays the next row (a "
         "move of its own, 'deal').", cite="petits-paquets-p2"),
    Rule("count", "play", "Раскладывая рядъ, считаютъ карты отъ одного до тринадцати; карту, достоинство которой "
         "совпадаетъ со счетомъ, откладываютъ въ изгнанники, и счетъ идетъ дальше со слѣдующей картой.",
         "While a row is dealt the cards are counted one to thirteen; a card whose value equals the count is set "
         "aside as an exile, and the count goes on with the next card.", source="reconstructed", origin=FRAGMENT),
    Rule("exile", "play", "Когда играть нечѣмъ, верхняго изгнанника кладутъ подъ пачку, номеръ которой равенъ его "
         "достоинству.", "When no card can be played (and the pack is dealt out), the top exile goes under the "
         "packet whose number is its value.", source="reconstructed", origin=FRAGMENT),
    Rule("redeal", "III", "Пасьянсъ раскладываютъ вторично одинъ разъ, когда играть нечѣмъ и изгнанниковъ нѣтъ: "
         "пачки съ 1-й по 6-ю, потомъ тринадцатую, потомъ съ 7-й по 12-ю.",
         "One second deal, when nothing can be played and no exile is left: packets 1 to 6, then the thirteenth, "
         "then 7 to 12.", source="reconstructed",
         origin="прочтение редактором правила III, которое говорит только о второй раскладке; порядок сбора внутри "
                "каждой стороны (верхний и нижний ряды) не уложить в один ряд из двенадцати"),
)

DESCRIPTIVE = {}

REDEALS = 1  # rule 'redeal'
ROWS = 8  # 96 cards in rows of 13: at most eight cards reach the thirteenth packet


class PetitsPaquets(Game):
    slug = "petits-paquets"
    number = 19
    title_ru = "Маленькіе пакеты"
    title_en = "Les Petits Paquets"
    title_supplied = True  # the heading is lost; the game is known only by its place in the book
    decks = 2
    rules = RULES
    revision = 1  # issue 22: rows are dealt one at a time with play between them
    notes = ("Only rules I–III and the start of play survive; the text breaks off where the dealing order begins "
             "(«раскладывая каждый рядъ, слѣдуетъ при игрѣ соблюдать слѣдующій порядокъ:»). The counting, the "
             "exiles and the second deal are reconstructed from the project's reference notes on a fragment of the "
             "next page, which none of the edition's witnesses holds, and marked so. That sentence says play goes "
             "on while the rows are laid: the first row is dealt at once, and each further row is a move 'deal' "
             "the player makes when he likes (the text does not say that he must play first). An exile is placed "
             "only when nothing can be played and the pack is dealt out ('when stuck': while rows remain, the "
             "player is not stuck). No king is left in the pack, so the thirteenth place never matches its count. "
             "Cards go only to the foundations: the surviving rules name no marriages. A king of the upper row takes "
             "the ace of its suit, then the two … the queen; one of the lower row takes the queen, the knave … the "
             "ace. The thirteenth packet is shown as one place a card, since every card in it is available.")
    piles = (
        PileSpec("up", "foundation", tuple((3.3 + 1.2 * i, 0.0) for i in range(4)), "Основаніе", "Foundation",
                 take=False, build=Build(+1, "same", wrap=True), base=(), sources=("tableau", "reserve"),
                 rules=("II", "kings")),
        PileSpec("down", "foundation", tuple((3.3 + 1.2 * i, 1.5) for i in range(4)), "Основаніе", "Foundation",
                 take=False, build=Build(-1, "same"), base=(), sources=("tableau", "reserve"), rules=("II", "kings")),
        PileSpec("packet", "tableau", tuple((round(1.1 * i, 2), 3.2) for i in range(12)), "Пачка", "Packet",
                 base=(), rules=("I", "rows", "each-row", "exile")),
        PileSpec("thirteenth", "reserve", tuple((round(13.6 + 0.4 * i, 2), 3.2) for i in range(ROWS)),
                 "Тринадцатая пачка", "Thirteenth packet", base=(), rules=("I", "rows")),
        PileSpec("exiles", "reserve", ((0.0, 5.2),), "Изгнанники", "Exiles", take=False, fan="right",
                 rules=("count", "exile")),
        PileSpec("stock", "stock", ((13.6, 0.0),), "Колода", "Pack", take=False, face_down=True,
                 rules=("rows", "each-row", "III", "redeal")),
    )

    def __init__(self) -> None:
        super().__init__()
        self.stock, self.exiles = self.index["stock"], self.index["exiles"]
        self.ups, self.downs = self.group("up"), self.group("down")
        self.packets, self.thirteenth = self.group("packet"), self.group("thirteenth")
        self.available = self.packets + self.thirteenth
        # rule III (reading): the dealing order of the next deal, first dealt first
        self.gathering = self.packets[:6] + self.thirteenth + self.packets[6:]

    def setup(self, state: State):
        for group in (self.ups, self.downs):  # rule 'kings': one king of each suit in each row
            for suit, dst in enumerate(group):
                pack = state.piles[self.stock]
                pos = max(i for i, c in enumerate(pack) if C.rank(c) == C.KING and C.suit(c) == suit)
                yield state.pick_step(self.stock, pos, dst)
        yield from self._row(list(state.piles[self.stock]), 0)
        yield state.set_step("rows", 1)

    def _row(self, pack: list[int], row: int) -> list[Step]:
        """Rules 'rows' and 'count': deal the next row of thirteen from `pack` (top last), counting its places
        1..13; a card whose value is its count is exiled and its place stays without a card in that row."""
        steps: list[Step] = []
        for k in range(min(13, len(pack))):
            card, count = pack[-1 - k], k + 1
            dst = (self.exiles if C.rank(card) == count else
                   self.packets[count - 1] if count < 13 else self.thirteenth[row])
            steps.append(("move", self.stock, dst, 1, len(pack) - k, 0))
        return steps

    def _wanted(self, state: State) -> dict[int, list[int]]:
        """card % 52 -> the foundations that take it next (rule II; 'kings': an upper king takes the ace)."""
        out: dict[int, list[int]] = {}
        for f in self.foundations:
            pile = state.piles[f]
            if not pile:
                continue
            top = pile[-1] % 52
            if f in self.ups:
                if len(pile) < 13:
                    out.setdefault(top - 12 if C.rank(top) == C.KING else top + 1, []).append(f)
            elif C.rank(top) > 1:
                out.setdefault(top - 1, []).append(f)
        return out

    def _blocked(self, state: State) -> bool:
        wanted, piles = self._wanted(state), state.piles
        return not any(piles[p] and piles[p][-1] % 52 in wanted for p in self.available)

    def moves(self, state: State) -> list[Move]:
        piles, wanted, out = state.piles, self._wanted(state), []
        for src in self.available:  # rule I: packet tops and every card of the thirteenth packet
            if piles[src]:
                out += [Move(self.move_ids[src][f], [("move", src, f, 1, 0, 0)], "play")
                        for f in wanted.get(piles[src][-1] % 52, ())]
        if piles[self.stock]:  # rule 'each-row': play goes on between the rows; the next row when the player likes
            row = state.vars.get("rows", 0)
            out.append(Move("deal", self._row(piles[self.stock], row) + [state.set_step("rows", row + 1)], "deal"))
            return out
        if out or state.vars.get("redeals", 0) >= REDEALS or piles[self.exiles]:
            return out
        if any(piles[p] for p in self.available):  # rule 'redeal': blocked, no exile left
            return [Move("redeal", self._redeal(state), "deal")]
        return []

    def _redeal(self, state: State) -> list[Step]:
        """Rule III: gather (the pack's first card is the first card of packet 1), then deal the first row."""
        steps: list[Step] = []
        pack: list[int] = []
        for pile in reversed(self.gathering):
            for card in reversed(state.piles[pile]):  # one at a time, so the packet's first card ends on top
                steps.append(("move", pile, self.stock, 1, 0, len(pack)))
                pack.append(card)
        steps.append(state.set_step("redeals", state.vars.get("redeals", 0) + 1))
        return steps + self._row(pack, 0) + [state.set_step("rows", 1)]

    def auto(self, state: State) -> Step | None:
        piles = state.piles
        exile = state.vars.get("exile")
        if exile is not None:  # rule 'exile', one step at a time: onto the packet, then round to its bottom
            packet = self.packets[C.rank(exile) - 1]
            pile = piles[packet]
            if piles[self.exiles] and piles[self.exiles][-1] == exile:
                return state.move_step(self.exiles, packet)
            if pile[0] != exile:
                return ("pick", packet, 0, packet, 0, 0)
            return state.set_step("exile", None)
        if piles[self.exiles] and not piles[self.stock] and self._blocked(state):  # stuck: the pack dealt out
            return state.set_step("exile", piles[self.exiles][-1])
        return None


GAME = PetitsPaquets
