"""Четыре угла — The Four Corners (Les Quatre Coins). Two packs. Text: only the end survives (witnesses 003, 001);
the layout, the foundations and rules I–II are reconstructed from Cadogan's "The Four Corners" (1914 revision)."""
from __future__ import annotations

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State, Step

CADOGAN = "Cadogan 1914, «The Four Corners»"

RULES = (
    Rule("I", "I", "Когда пасьянсъ разложенъ, верхняя карта каждой пачки годна и можетъ быть положена на любое "
         "основаніе; снятіе ея освобождаетъ лежащую ниже.",
         "Once the pack is dealt, the top card of each packet is available and may go on any foundation; "
         "removing it frees the card below.", source="reconstructed",
         origin=f"{CADOGAN}, правило I (русский текст ссылается на «правило I», текст которого утрачен)"),
    Rule("II", "II", "Основанія слѣдуютъ масти.", "Each foundation follows suit.", source="reconstructed",
         origin=f"{CADOGAN}, правило II"),
    Rule("layout", "play", "Двѣнадцать пачекъ: четыре угловыя и по четыре боковыхъ съ каждой стороны; посрединѣ "
         "мѣста для восьми основаній. Сдаютъ слѣва: верхній уголъ, четыре боковыя, нижній уголъ; потомъ такъ же "
         "справа; и такъ кругъ за кругомъ, пока не сдана вся колода.",
         "Twelve packets: four corners and four side packets on each side, the eight foundations in the middle. "
         "Deal from the left: top corner, four sides, lower corner, then the right in the same way, round after "
         "round until the whole pack is dealt.", source="reconstructed", origin=CADOGAN),
    Rule("foundations", "play", "Основанія — четыре туза и четыре короля разныхъ мастей; тузы восходятъ до королей, "
         "короли нисходятъ до тузовъ.",
         "The foundations are four aces and four kings of different suits; aces build up to kings, kings down to "
         "aces.", source="reconstructed", origin=CADOGAN),
    Rule("deal", "play", "Восемь основныхъ картъ, въ томъ видѣ какъ онѣ выходятъ во время игры, слѣдуетъ немедленно "
         "положить на оставленныя для нихъ мѣста, а на мѣсто ихъ должны быть положены карты изъ тѣхъ однако же, "
         "которыя находятся сверху одной изъ четырехъ угловыхъ пачекъ, такъ какъ подходящія карты боковыхъ пачекъ "
         "могутъ быть переложены только на основаніе, и то въ такомъ случаѣ, когда находятся подлѣ того основанія, "
         "къ которому должны принадлежать.",
         "The eight foundation cards go to their places at once as they come out in the deal; while the pack is "
         "dealt, the card on top of any corner packet that fits may go on any foundation, the top card of a side "
         "packet only on the foundation beside it.", cite="four-corners-p1"),
    Rule("replace", "play", "Если во время игры снята карта для того, чтобы помѣстить ее на основаніи, то на ея "
         "мѣсто кладутъ слѣдующую карту изъ колоды.",
         "A card taken up to a foundation during the deal is replaced by the next card of the pack (note 4).",
         cite="note-4"),
    Rule("after", "play", "Ограниченіе это прекращается послѣ того, какъ разложенъ весь пасьянсъ; затѣмъ можно "
         "играть всѣ подходящія карты, согласно правилу I; марьяжъ въ восходящемъ и нисходящемъ порядкѣ можно "
         "дѣлать съ верхними картами двѣнадцати пачекъ",
         "The restriction ends once the whole pack is dealt; then every card that fits may be played (rule I), "
         "and marriages up or down are made with the top cards of the twelve packets.", cite="four-corners-p2"),
    Rule("reverse", "play", "если въ одной изъ пачекъ находится масть, начиная съ двойки и кончая восьмеркою (карта "
         "эта, разумѣется, принадлежитъ къ верхнимъ), а на верху одной изъ другихъ пачекъ находится девятка той же "
         "масти, въ такомъ случаѣ восьмерку кладутъ на девятку и такъ далѣе до тѣхъ поръ, пока наверху не окажется "
         "двойка (или годная карта).",
         "A built sequence may be laid back card by card on a card of the next rank (note 5): the marriages of "
         "rule 'after', one card at a time.", cite="note-5"),
    Rule("marry-suit", "play", "Марьяжъ — въ одной масти, по одной картѣ.", "Marriages follow suit, one card at a "
         "time.", source="reconstructed",
         origin="Cadogan 1914, «Explanation of terms» (марьяж — карта той же масти на следующую по старшинству, "
                "выше или ниже); примечание 5 переносит последовательность масти по одной карте"),
    Rule("redeal", "play", "Когда сдѣланы всевозможныя комбинаціи и дальнѣйшая игра невозможна, тогда двѣнадцать "
         "пачекъ складываютъ по порядку, начиная съ лѣвой, раскладываютъ пасьянсъ снова и играютъ такъ же, какъ въ "
         "первый разъ. Если окажется необходимымъ, то пасьянсъ можно повторить еще разъ.",
         "When no more can be done (no card can go to a foundation), the twelve packets are gathered in order "
         "beginning with the left, dealt again and played as the first time; this may be done once more.",
         cite="four-corners-p3"),
)

DESCRIPTIVE = {
    "four-corners-p2.s1": "его предостережение («слѣдуетъ быть очень осторожнымъ…») — совет; правило, которое оно "
                          "высказывает, — правило игры «after»",
    "four-corners-p2.s2": "совет, какие марьяжи делать: ничего не разрешает и не запрещает",
    "note-5": "его первая часть («оставлена про запасъ») — совет; ход, который оно описывает, — правило игры "
              "«reverse»",
    "note-6": "разобранный пример (туз треф идёт на основание, как только выходит): правило игры «deal» для "
              "основных карт",
}

DEAL_ORDER = ("corner-1", "side-1", "side-2", "side-3", "side-4", "corner-2",
              "corner-3", "side-5", "side-6", "side-7", "side-8", "corner-4")
DEALS = 3  # the first deal and two more (rule 'redeal')


class FourCorners(Game):
    slug = "four-corners"
    number = 5
    title_ru = "Четыре угла"
    title_supplied = True  # the heading is lost with the chapter's beginning; the plate's caption names the game
    title_en = "Les Quatre Coins (The Four Corners)"
    decks = 2
    rules = RULES
    revision = 1  # issue 22: during the deal any packet's top may go up; the redeal only when nothing can go up
    notes = ("The chapter's beginning is lost; the layout is Cadogan's (1914). The eight foundations stand in four "
             "rows between the two columns of packets: aces on the left, kings on the right, each taking the first "
             "free row as it comes out, so a left side packet adjoins an ace, a right one a king. While the pack is "
             "dealt, the top card of any packet may go up when it fits (rule 'deal': «которыя находятся сверху "
             "одной изъ четырехъ угловыхъ пачекъ» — on top of a corner packet, to any foundation; from a side packet "
             "only to the foundation beside it), not only the card just dealt; a foundation card goes up by itself; "
             "the next card of the pack takes the place of a card played (note 4), and the deal then waits for the "
             "player. Dealing ('deal') goes on by itself until some card could go up. After the deal, an emptied "
             "packet stays empty. Gathering 'in order beginning with the left': each packet is laid on the pack in "
             "reverse dealing order, so the left top corner's packet lies on top and the new deal starts with its "
             "top card. The redeal («когда … дальнѣйшая игра невозможна») is offered only when no card can go to a "
             "foundation; marriages are the player's «комбинаціи», whose end he judges (they can always shuttle "
             "between two copies of a card).")
    piles = (
        PileSpec("ace", "foundation", tuple((3.2, 1.5 + 1.5 * i) for i in range(4)), "Тузъ", "Ace foundation",
                 take=False, build=Build(+1, "same"), base=(), sources=("tableau",),
                 rules=("I", "II", "foundations", "deal", "replace")),
        PileSpec("king", "foundation", tuple((4.4, 1.5 + 1.5 * i) for i in range(4)), "Король", "King foundation",
                 take=False, build=Build(-1, "same"), base=(), sources=("tableau",),
                 rules=("I", "II", "foundations", "deal", "replace")),
        PileSpec("corner", "tableau", ((0.0, 0.0), (0.0, 7.5), (7.6, 0.0), (7.6, 7.5)), "Уголъ", "Corner",
                 fan="right", build=Build(0, "same"), base=(), sources=("tableau",),
                 rules=("layout", "deal", "after", "reverse", "marry-suit", "redeal")),
        PileSpec("side", "tableau", tuple((x, 1.5 + 1.5 * i) for x in (0.0, 7.6) for i in range(4)), "Бокъ", "Side",
                 fan="right", build=Build(0, "same"), base=(), sources=("tableau",),
                 rules=("layout", "deal", "after", "reverse", "marry-suit", "redeal")),
        PileSpec("stock", "stock", ((3.8, 0.0),), "Колода", "Pack", take=False, face_down=True,
                 rules=("layout", "redeal")),
    )

    def __init__(self) -> None:
        super().__init__()
        self.stock, self.aces, self.kings = self.index["stock"], self.group("ace"), self.group("king")
        self.founds = self.aces + self.kings
        self.order = [self.index[n] for n in DEAL_ORDER]
        sides = self.group("side")
        # rule 'deal': a corner packet feeds any foundation, a side packet only the one beside it
        self.beside = {p: list(range(8)) for p in self.group("corner")}
        self.beside.update({s: [i] for i, s in enumerate(sides)})  # side-1..4 beside ace-1..4, 5..8 king-1..4

    def setup(self, state: State):
        for key, value in (("deals", 1), ("dealing", 1), ("to", 0)):
            yield state.set_step(key, value)
        yield from self._deal_on(state, state.piles[self.stock], 0)

    # -- the deal: worked out without touching the state (legal moves are generated often)
    def _deal_on(self, state: State, pack: list[int], to: int, tops: list[int | None] | None = None,
                 steps: list[Step] | None = None, taken: int | None = None, **changes: int) -> list[Step]:
        """Deal `pack` (bottom first) from packet slot `to` until some packet's top could go up (the player's
        choice) or the pack is out; foundation cards go up at once. `tops`: the foundation tops (default: as in
        the state); `taken`: the slot of a card just played up, whose place the next card takes (note 4) before the
        deal waits again. Ends with the variable updates."""
        steps = [] if steps is None else steps
        tops = [state.piles[f][-1] if state.piles[f] else None for f in self.founds] if tops is None else tops
        shown = {p: (state.piles[p][-1] if state.piles[p] else None) for p in self.order}
        for step in steps:  # the move's own steps so far (a card played up, packets gathered) change what shows
            if step[0] == "move" and step[1] in shown:
                pile = state.piles[step[1]]
                rest = len(pile) - step[3]
                shown[step[1]] = pile[rest - 1] if rest > 0 else None
        left = len(pack)
        while left:
            slot = to if taken is None else taken
            card, packet = pack[left - 1], self.order[slot]
            steps.append(("move", self.stock, packet, 1, left, 0))
            left -= 1
            home = self._home(card, tops)
            if home is not None:  # rule 'deal': a foundation card goes to its place; the next card replaces it
                steps.append(("move", packet, self.founds[home], 1, 0, 0))
                tops[home] = card
                continue
            shown[packet] = card
            if taken is not None:  # note 4: the place of the card played is filled; the deal waits
                break
            to = (to + 1) % 12
            if self._any_up(shown, tops):
                break
        changes.update(to=to, dealing=1 if left else 0)
        steps.extend(state.set_step(k, v) for k, v in changes.items() if state.vars.get(k) != v)
        return steps

    def _any_up(self, shown: dict[int, int | None], tops: list[int | None]) -> bool:
        """Whether some packet's top may go up while dealing (rule 'deal')."""
        return any(card is not None and any(self._fits(card, i, tops) for i in self.beside[p])
                   for p, card in shown.items())

    def _home(self, card: int, tops: list[int | None]) -> int | None:
        """Rule 'foundations': the first ace (king) of a suit not yet on the ace (king) foundations starts one."""
        group = range(0, 4) if C.rank(card) == C.ACE else range(4, 8) if C.rank(card) == C.KING else ()
        if not group or C.suit(card) in {C.suit(tops[i]) for i in group if tops[i] is not None}:
            return None
        return next(i for i in group if tops[i] is None)

    @staticmethod
    def _fits(card: int, i: int, tops: list[int | None]) -> bool:
        """Rule II: foundation i (aces 0–3 up, kings 4–7 down) takes the next card of its suit."""
        top = tops[i]
        return top is not None and C.suit(card) == C.suit(top) and C.rank(card) - C.rank(top) == (1 if i < 4 else -1)

    def moves(self, state: State) -> list[Move]:
        if state.vars.get("dealing"):
            return self._dealing_moves(state)
        out = self._play_moves(state)
        # rule 'redeal': «дальнѣйшая игра невозможна» — no card can go to a foundation
        if (state.vars["deals"] < DEALS and any(state.piles[p] for p in self.order)
                and not any(m.kind == "play" for m in out)):
            out.append(Move("redeal", self._redeal_steps(state), "deal"))
        return out

    def _play_moves(self, state: State) -> list[Move]:
        """After the deal (rules I, II, 'after'): what the default generator finds, looked up by card face
        (card % 52) instead of trying every pair of piles, because the solver calls this often."""
        piles, down, ids = state.piles, state.down, self.move_ids
        wants: dict[int, list[int]] = {}  # face -> foundations it continues
        for i, f in enumerate(self.founds):
            if piles[f]:
                top = piles[f][-1] % 52
                if (i < 4 and top % 13 < 12) or (i >= 4 and top % 13 > 0):
                    wants.setdefault(top + (1 if i < 4 else -1), []).append(f)
        showing: dict[int, list[int]] = {}  # face -> packets with it on top
        for p in self.order:
            if piles[p]:
                showing.setdefault(piles[p][-1] % 52, []).append(p)
        out = []
        for src in self.order:
            if not piles[src]:
                continue
            face = piles[src][-1] % 52
            for f in wants.get(face, ()):
                out.append(Move(ids[src][f], [("move", src, f, 1, down[src], down[f])], "play"))
            for near in ((face - 1,) if face % 13 == 12 else (face + 1,) if face % 13 == 0 else (face - 1, face + 1)):
                for dst in showing.get(near, ()):  # 'after' and 'marry-suit': up or down, in suit
                    out.append(Move(ids[src][dst], [("move", src, dst, 1, down[src], down[dst])], "marry"))
        return out

    def _dealing_moves(self, state: State) -> list[Move]:
        pack, to = state.piles[self.stock], state.vars["to"]
        out = [Move("deal", self._deal_on(state, pack, to), "deal")]
        tops = [state.piles[f][-1] if state.piles[f] else None for f in self.founds]
        for slot, packet in enumerate(self.order):  # rule 'deal': any packet's top, within the side restriction
            if not state.piles[packet]:
                continue
            card = state.piles[packet][-1]
            for i in self.beside[packet]:
                if self._fits(card, i, tops):
                    found = self.founds[i]
                    after = list(tops)
                    after[i] = card
                    out.append(Move(f"{self.names[packet]}>{self.names[found]}",
                                    self._deal_on(state, pack, to, after, [state.move_step(packet, found)], slot),
                                    "play"))
        return out

    def _redeal_steps(self, state: State) -> list[Step]:
        """Rule 'redeal': gather the packets from the left (the left top corner's packet ends on top of the pack,
        each packet as it lay), then deal again under the same restriction."""
        steps: list[Step] = []
        pack: list[int] = []
        for packet in reversed(self.order):
            if state.piles[packet]:
                steps.append(("move", packet, self.stock, len(state.piles[packet]), 0, len(pack)))
                pack += state.piles[packet]
        return self._deal_on(state, pack, 0, None, steps, None, deals=state.vars["deals"] + 1)

    def accepts(self, state: State, dst: int, card: int, src: int) -> bool:
        if self.kind[dst] == "foundation" and not state.piles[dst]:
            return False  # foundation cards are placed by the deal only
        return super().accepts(state, dst, card, src)


GAME = FourCorners
