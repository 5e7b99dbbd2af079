"""Часы — The Clock (L'Horloge). Two packs. Text: title and rule I only (witness 001); the rest is reconstructed
from Cadogan's "The Clock" (1874; 1914 revision) and the reading of her Tableau No. 1 that PySolFC calls Big Ben."""
from __future__ import annotations

import math

from .. import cards as C
from ..core import Build, Game, Move, PileSpec, Rule, State

CADOGAN = "Cadogan 1874/1914, «The Clock»"
SUIT_ROUND = (3, 1, 0, 2)  # clubs, hearts, spades, diamonds round the dial (indices into cards.SUITS "SHDC")

RULES = (
    Rule("I", "I", "Когда карты расположены въ кружокъ, то самая верхняя карта въ каждой пачкѣ годна для игры; "
         "снятіе верхнихъ картъ освобождаетъ, по обыкновенію, лежащія ниже.",
         "When the cards are laid in a circle, the top card of each packet is available; removing the top cards "
         "frees, as usual, those below.", cite="clock-rule-I"),
    Rule("note-10", "III", "Хотя каждая пачка не должна заключать въ себѣ менѣе трехъ первоначальныхъ картъ, но "
         "часто вслѣдствіе марьяжа онѣ могутъ заключать и болѣе.",
         "No packet of the circle may hold fewer than three cards; marriages often make it hold more (note 10, "
         "on rule III).", cite="note-10"),
    Rule("II", "II", "Марьяжъ дѣлается только картами круга, а не картами изъ колоды или талона.",
         "Marriages are made only with cards of the circle, never with cards from the pack or the talon.",
         source="reconstructed", origin=f"{CADOGAN}, правило II"),
    Rule("III", "III", "Пустыя мѣста въ кругу пополняются изъ колоды, но не изъ талона, такъ чтобы въ каждой пачкѣ "
         "было не менѣе трехъ картъ (прим. 10).",
         "Spaces in the circle are refilled from the pack, never from the talon, so that each packet holds no "
         "fewer than three cards (note 10: marriages may make a packet larger).",
         source="reconstructed", origin=f"{CADOGAN}, правило III; примечание 10 русского издания"),
    Rule("IV", "IV", "За двѣнадцатью основаніями слѣдуетъ масть.", "The twelve foundations follow suit.",
         source="reconstructed", origin=f"{CADOGAN}, правило IV"),
    Rule("hours", "play", "Двѣнадцать основныхъ картъ кладутъ противъ часовъ циферблата: двойка трефъ на IX, "
         "дальше по часовой стрѣлкѣ тройка червей, четверка пикъ, пятерка бубенъ, шестерка трефъ и т. д. до короля "
         "бубенъ на VIII; каждое основаніе восходитъ (за королемъ тузъ), пока не покажетъ свой часъ: валетъ — XI, "
         "дама — XII.",
         "Twelve foundation cards stand at the hours: the two of clubs at IX, then clockwise the three of hearts, "
         "four of spades, five of diamonds, six of clubs … up to the king of diamonds at VIII; each builds up "
         "(ace after king) until it shows its own hour, knave = XI, queen = XII.",
         source="reconstructed",
         origin=f"{CADOGAN}: основания «восходят, пока каждая пачка не покажет свой час»; какие это двенадцать "
                "карт (таблица № 1), прочитано как в «Big Ben» у PySolFC: единственная раскладка, в которой обе "
                "колоды расходуются точно"),
    Rule("circle", "play", "Кругъ изъ двѣнадцати пачекъ по три карты, сданныхъ вмѣстѣ и разложенныхъ такъ, чтобы "
         "всѣ карты были видны.", "A circle of twelve packets of three cards dealt together, spread so that every "
         "card shows.", source="reconstructed", origin=CADOGAN),
    Rule("marry", "play", "Марьяжъ — въ нисходящемъ порядкѣ, въ одной масти.",
         "Marriages are made in descending order, in suit.", source="reconstructed",
         origin=f"{CADOGAN} (в нисходящем порядке); масть — по «Explanation of terms» 1914 года"),
    Rule("refill", "play", "Пустыя мѣста пополняютъ по порядку, начиная съ I, и всѣ пачки пополняютъ прежде, чѣмъ "
         "снова играть или дѣлать марьяжъ.",
         "Spaces are refilled in order beginning at I, all packets before playing or marrying again.",
         source="reconstructed", origin=CADOGAN),
    Rule("talon", "play", "Затѣмъ сдаютъ остальныя карты; негодныя образуютъ талонъ, который идетъ только на "
         "основанія. Пасьянсъ вторично не раскладывается.",
         "Then the rest of the pack is dealt; cards that cannot be used form the talon, which serves only the "
         "foundations. No redeal.", source="reconstructed", origin=CADOGAN),
)


def base_card(hour: int) -> tuple[int, int]:
    """(rank, suit) of the foundation card at `hour`: 2♣ at IX, one rank higher each hour clockwise."""
    return (hour - 9) % 12 + 2, SUIT_ROUND[(hour - 9) % 4]


def _dial(hour: int, across: float, down: float) -> tuple[float, float]:
    """A place on an oval dial (cards are taller than wide), `hour` o'clock."""
    a = math.radians(30 * hour)
    return round(7.0 + across * math.sin(a), 2), round(8.5 - down * math.cos(a), 2)


def _foundation(hour: int) -> PileSpec:
    rank, _ = base_card(hour)
    size = (hour - rank) % 13 + 1  # cards from the base card up to the hour, king wrapping to ace
    return PileSpec(f"foundation-{hour}", "foundation", (_dial(hour, 3.0, 3.9),), f"Основаніе {hour} ч.",
                    f"Foundation, {hour} o'clock", take=False, build=Build(+1, "same", wrap=True), base=(),
                    capacity=size, total=size, rules=("IV", "hours"))


DESCRIPTIVE = {
    "note-11": "описывает таблицу (таблица № 2 показывает законченную игру)",
}

class Clock(Game):
    slug = "clock"
    number = 9
    title_ru = "Часы"
    title_en = "L'Horloge (The Clock)"
    decks = 2
    rules = RULES
    notes = ("Only the title and rule I survive in Russian; rules II–IV and the play are Cadogan's (1874, kept in "
             "the 1914 revision). Her Tableau No. 1 is not described in words; the edition reads it as PySolFC's "
             "Big Ben does (2♣ at IX rising round the dial, suits ♣♥♠♦), because that arrangement takes exactly the "
             "104 cards. Unlike Big Ben, the circle is Cadogan's twelve packets of three at the hours, the talon "
             "serves only the foundations, and spaces are refilled from the pack only. A refill is one move that "
             "brings every short packet back to three cards, from I onwards; the pack is turned only when no "
             "packet is short.")
    piles = (
        *(_foundation(h) for h in range(1, 13)),
        PileSpec("packet", "tableau", tuple(_dial(h, 6.2, 7.6) for h in range(1, 13)), "Пачка", "Packet", fan="down",
                 build=Build(-1, "same"), base=(), sources=("tableau",), rules=("I", "II", "circle", "marry")),
        PileSpec("stock", "stock", ((15.5, 0.0),), "Колода", "Pack", take=False, face_down=True,
                 rules=("III", "note-10", "refill", "talon")),
        PileSpec("talon", "talon", ((15.5, 1.8),), "Талонъ", "Talon", rules=("II", "talon")),
    )

    def __init__(self) -> None:
        super().__init__()
        self.stock, self.talon, self.packets = self.index["stock"], self.index["talon"], self.group("packet")
        self.founds = [self.index[f"foundation-{h}"] for h in range(1, 13)]

    def setup(self, state: State):
        for hour in range(1, 13):  # rule 'hours': the first fitting card from the top of the pack
            rank, suit = base_card(hour)
            pack = state.piles[self.stock]
            pos = max(i for i, c in enumerate(pack) if C.rank(c) == rank and C.suit(c) == suit)
            yield state.pick_step(self.stock, pos, self.index[f"foundation-{hour}"])
        for packet in self.packets:  # rule 'circle': three cards dealt together
            yield state.move_step(self.stock, packet, 3)

    def moves(self, state: State) -> list[Move]:
        """The default moves, found by card instead of by trying every pair of piles (the solver calls this
        often): a card goes on a foundation that wants it (rule IV) or on a packet showing the card one above it
        in suit (rule II, 'marry')."""
        piles, down, ids = state.piles, state.down, self.move_ids
        wants: dict[int, list[int]] = {}  # card face (card % 52) -> foundations whose next card it is
        for f in self.founds:
            pile = piles[f]
            if len(pile) < self.specs[f].capacity:
                top = pile[-1] % 52
                wants.setdefault(top - top % 13 + (top % 13 + 1) % 13, []).append(f)
        showing: dict[int, list[int]] = {}  # card face -> packets with it on top
        for p in self.packets:
            if piles[p]:
                showing.setdefault(piles[p][-1] % 52, []).append(p)
        out = []
        for src in self.packets + [self.talon]:
            if not piles[src]:
                continue
            face = piles[src][-1] % 52
            for f in wants.get(face, ()):
                out.append(Move(ids[src][f], [("move", src, f, 1, down[src], down[f])], "play"))
            if src != self.talon and face % 13 < 12:  # rule II: only circle cards marry
                for dst in showing.get(face + 1, ()):
                    out.append(Move(ids[src][dst], [("move", src, dst, 1, down[src], down[dst])], "marry"))
        out.extend(self.extra_moves(state))
        return out

    def extra_moves(self, state: State) -> list[Move]:
        if not state.piles[self.stock]:
            return []
        if any(len(state.piles[p]) < 3 for p in self.packets):
            return [Move("refill", self._refill_steps(state), "fill")]  # rule III before the pack goes on
        return [Move("turn", [state.move_step(self.stock, self.talon)], "turn")]

    def _refill_steps(self, state: State) -> list:
        """Rule III: every short packet back to three cards, from I onwards, while the pack lasts."""
        left, steps = len(state.piles[self.stock]), []
        for packet in self.packets:
            for _ in range(max(0, 3 - len(state.piles[packet]))):
                if left:
                    steps.append(("move", self.stock, packet, 1, min(state.down[self.stock], left), state.down[packet]))
                    left -= 1
        return steps


GAME = Clock
