"""Симпатія — Sympathie (Sympathy). Two players, one pack each. Text: whole (title lost; witness 004).

The chapter has no numbered rules: the Rule ids below cite the paragraphs of its Игра section (¶1–¶4). Player 1
owns pack 1 (cards "…1"), player 2 owns pack 2 ("…2"); `to_move` is 0 for player 1 and 1 for player 2.
The game has no choices: every position offers exactly one move, so a policy, the hint or a second person can play
either side, and the outcome of a deal is fixed by the deal (a solver only has to play it out).
"""
from __future__ import annotations

from .. import cards as C
from ..core import Game, Move, PileSpec, Rule, State, Step

RULES = (
    Rule("packets", "play", "Каждый изъ играющихъ беретъ по колодѣ картъ и раскладываетъ ее на пачки по три карты "
         "въ каждой, фигурами внизъ. Такимъ образомъ, у каждаго партнера будетъ по семнадцати пачекъ и сверхъ того "
         "одна карта въ видѣ «Граціи».",
         "Each player deals his own pack face down into packets of three: seventeen packets each, and one card "
         "over, the 'Grace'. (¶1)", cite="sympathy-p1"),
    Rule("first", "play", "Первый партнеръ переворачиваетъ кверху самую верхнюю карту каждой изъ своихъ пачекъ, или, "
         "если онъ пожелаетъ, то можетъ дѣлать это во время игры",
         "Player 1 turns up the top card of each of his packets, or, if he likes, does so during play. (¶2)",
         cite="sympathy-p2"),
    Rule("second", "play", "Вслѣдъ затѣмъ второй партнеръ начинаетъ переворачивать одну за другою верхнія карты "
         "каждой изъ своихъ пачекъ",
         "Then player 2 turns up the top cards of his packets, one after another. (¶3)", cite="sympathy-p3"),
    Rule("pair", "play", "если одна изъ перевернутыхъ картъ соотвѣтствуетъ по своей масти и достоинству одной изъ "
         "перевернутыхъ картъ перваго партнера, то спарованныя такимъ образомъ карты беретъ и откладываетъ въ "
         "сторону тотъ, кто выигралъ;",
         "A turned card equal in suit and rank to a face-up card of the other player makes a pair, which the "
         "winner takes and lays aside. (¶3)", cite="sympathy-p3"),
    Rule("same-packet", "play", "подобнымъ-же образомъ, если можно, спариваютъ слѣдующую карту изъ пачки, откуда "
         "вышла выигравшая карта. Такъ продолжаютъ до тѣхъ поръ, пока не будетъ открыта верхняя карта каждой пачки.",
         "In the same way the next card of the packet the winning card came from is paired if it can be; so on, "
         "until the top card of every packet is face up. (¶3)", cite="sympathy-p3"),
    Rule("alternate", "play", "Послѣ того, какъ у перваго партнера окажется нѣсколько пачекъ, обороченныхъ кверху, "
         "онъ начинаетъ такимъ образомъ открывать верхнія карты и спаривать ихъ, если можно. Такъ играютъ оба "
         "поперемѣнно до самаго конца.",
         "Then player 1 in the same way turns up the top cards of his packets and pairs them if he can; the two "
         "play so in turn to the end. (¶4)", cite="sympathy-p4"),
    Rule("end", "play", "Послѣ этого, если на столѣ остается перевороченная карта, то пасьянсъ не удался, и «Симпатія» не "
         "установилась между партнерами.",
         "If a turned card is left on the table, the patience has failed and 'Sympathy' has not been established "
         "between the partners. (¶4)", cite="sympathy-p4"),
    Rule("grace", "play", "Грація лежитъ въ сторонѣ лицомъ внизъ. Когда ни у одного партнера не остается пачки съ "
         "закрытою верхнею картою, свою грацію открываетъ сперва тотъ, кто открылъ послѣднюю карту, потомъ другой; "
         "открытая грація спаривается, какъ всякая открытая карта, и игра продолжается поперемѣнно.",
         "The grace lies apart, face down. When neither player has a packet whose top card is face down, the "
         "player who turned the last card turns up his grace, then the other; a turned grace pairs like any "
         "face-up card, and play goes on in turn.",
         source="reconstructed",
         origin="решение редакторов: текст называет грацию (¶1), но нигде не говорит, как ею пользоваться; в "
                "редакции Кадоган 1914 года игры нет, а английский текст 1874 года был недоступен; «грація» "
                "прочитана как отсрочка, приберегаемая на тот момент, когда игра иначе встала бы"),
)


class Sympathy(Game):
    slug = "sympathy"
    number = 24
    title_ru = "Симпатія"
    title_en = "Sympathie (Sympathy)"
    title_supplied = True  # the heading is lost; the last paragraph names the game
    decks = 2
    players = 2
    rules = RULES
    notes = ("A player's turn is to turn up, one by one, the face-down top card of each of his packets; a card "
             "that pairs goes aside at once with its twin, to the pile of the player who turned it (read as 'the "
             "one who won'), and the next card of the same packet is turned in its turn. The turn passes when the "
             "player has no face-down top card left. Player 1 turns his top cards up at once (the first way ¶2 "
             "allows). The packets are turned from left to right: the order cannot change the outcome, because "
             "a turned card can pair only with its one twin, so only the next packet is offered. The use of the "
             "grace is not in the text and is reconstructed (rule 'grace').")
    piles = (
        PileSpec("second", "tableau", tuple((i * 1.1, 0.0) for i in range(17)), "Пачки втораго партнера",
                 "Player 2's packets", take=False, face_down=True, rules=("packets", "second", "same-packet")),
        PileSpec("first", "tableau", tuple((i * 1.1, 3.0) for i in range(17)), "Пачки перваго партнера",
                 "Player 1's packets", take=False, face_down=True, rules=("packets", "first", "alternate")),
        PileSpec("grace", "reserve", ((18.9, 3.0), (18.9, 0.0)), "Грація", "Grace", take=False, face_down=True,
                 rules=("packets", "grace")),
        PileSpec("pairs", "foundation", ((20.3, 3.0), (20.3, 0.0)), "Пары", "Pairs won", take=False, total=104,
                 rules=("pair", "end")),
        PileSpec("stock", "stock", ((9.35, 1.5),), "Колоды", "The two packs", take=False, face_down=True,
                 rules=("packets",)),
    )

    def __init__(self) -> None:
        super().__init__()
        self.stock = self.index["stock"]
        self.graces, self.pairs = self.group("grace"), self.group("pairs")
        self.packets = (self.group("first"), self.group("second"))  # by player, 0-based
        self.face_up_places = tuple(self.packets[p] + [self.graces[p]] for p in (0, 1))
        self.all_packets = self.packets[0] + self.packets[1]
        self.on_table = self.all_packets + self.graces

    def setup(self, state: State):
        # ¶1: each player deals his own pack: packets of three, dealt together, then the grace. The two packs are
        # shuffled as one 104-card pack; each player takes his own cards in the order they lie, which shuffles
        # each pack on its own, uniformly and independently.
        dealt = [0, 0]
        while state.piles[self.stock]:
            player = C.deck(state.piles[self.stock][-1])
            k = dealt[player]
            dealt[player] += 1
            yield state.move_step(self.stock, self.packets[player][k // 3] if k < 51 else self.graces[player])
        for packet in self.packets[0]:  # ¶2: player 1 turns up his top cards at once
            yield ("flip", packet, 3, 2)
        yield state.set_step("to_move", 1)  # ¶3: then player 2 begins

    def moves(self, state: State) -> list[Move]:
        place = self._next_place(state, state.vars["to_move"])
        if place is None:
            return []
        n = len(state.piles[place])  # the move names the place only: the face-down card is not known before
        return [Move(f"turn-{self.names[place]}", [("flip", place, n, n - 1)], "turn")]

    def auto(self, state: State) -> Step | None:
        """Forced steps after a card is turned: the pair goes aside (¶3), then the turn passes (¶4)."""
        player = state.vars["to_move"]
        piles, down = state.piles, state.down
        won = self.pairs[player]
        opposite = self.face_up_places[1 - player]
        if len(piles[won]) % 2:  # the turned card went aside: its twin follows it
            twin = self._twin(piles[won][-1])
            other = next(i for i in opposite if piles[i] and piles[i][-1] == twin)
            return state.move_step(other, won)
        faces = {piles[i][-1] for i in opposite if piles[i] and down[i] < len(piles[i])}
        for place in self.face_up_places[player]:  # rule 'pair': the card just turned meets its twin
            pile = piles[place]
            if pile and down[place] < len(pile) and self._twin(pile[-1]) in faces:
                return state.move_step(place, won)
        if self._next_place(state, player) is None and self._next_place(state, 1 - player) is not None:
            return state.set_step("to_move", 1 - player)  # ¶4: nothing left to turn, the turn passes
        return None

    def won(self, state: State) -> bool:
        """¶4: sympathy is established when no card is left on the table (every card lies in a pair)."""
        return not any(state.piles[i] for i in self.on_table)

    @staticmethod
    def _twin(card: int) -> int:
        """The same card of the other player's pack."""
        return card + 52 if card < 52 else card - 52

    def _next_place(self, state: State, player: int) -> int | None:
        """The place the player turns next: his leftmost packet with a face-down top; the grace only when nobody
        has such a packet (rule 'grace')."""
        piles, down = state.piles, state.down
        for i in self.packets[player]:
            if piles[i] and down[i] == len(piles[i]):
                return i
        grace = self.graces[player]
        if down[grace] and not any(piles[i] and down[i] == len(piles[i]) for i in self.all_packets):
            return grace
        return None


GAME = Sympathy
