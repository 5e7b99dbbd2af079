"""Маленькіе пакеты's own solver: a compact model of the twelve packets, the thirteenth packet, the exiles, the pack
and the eight foundations, searched depth-first with a transposition table.

The model. Cards are merged across the two packs (`card % 52`: every rule compares suit and rank only). Packets
are lists (bottom first), the thirteenth packet a list of its eight places (a card or -1), the exiles a list (top
last), the pack a list (top last) of which `n` cards are left. A foundation is a count per suit: `up[s]` cards on
the upper king of suit s (it wants rank up[s] + 1, ace first, while below twelve), `down[s]` on the lower one (it
wants rank 12 - down[s], queen first). Moves are the engine's: an available card (a packet's top, any card of the
thirteenth packet: rule I) to a foundation of its suit that wants it (rule II, 'kings'); 'deal' (rule 'each-row':
the next row of thirteen, counted 1..13, a card whose value is its count exiled: rule 'count') while the pack
lasts; and, once the pack is out, when nothing can be played and no exile is left, the one 'redeal' (rule III's
gathering: packets 1-6, the thirteenth, 7-12, the first packet's bottom card on top; then the first row). After
every move the engine's automatic rule 'exile' is applied: while the pack is out, an exile is left and nothing can
be played, the top exile goes beneath the packet whose number is its value. The key is the whole position (the
foundations are not implied by the other cards: a suit's two foundations may meet at any rank).

The search. Depth-first with a transposition table (pipeline.solve.strategies.depth_first): plays before the deal,
plays to a foundation the other foundation of the suit cannot use first; first, streamlined probes that try only
the first play when one exists (their wins are wins; their failures prove nothing unless the first probe never cut
a line). No move is played without branching: playing a card sooner can change when the automatic exile fires
(only when nothing can be played) and, before the second deal, the order the gathering gives and so which cards
the count exiles. The one loss proof (`Model.hopeless`, argued there) applies only once the second deal is made.

What was tried and measured on this solver is in docs/solvers/petits_paquets.md.
"""
from __future__ import annotations

import time

from pipeline.engine.core import Game, State
from pipeline.engine.rng import SplitMix64
from pipeline.solve.model import in_play, legal_ids_of, probes_then_full
from pipeline.solve.search import LOST, WON, Solution
from pipeline.solve.strategies import depth_first

NODE_LIMIT = 100_000
PROBES = 8
METHOD = ("Own model of the packets, the thirteenth packet, the exiles and the pack (packs merged): streamlined "
          "probes (when a card can go up, only the first such move), then a full depth-first search with a "
          "transposition table, plays before the next row; no safe moves; once the second deal is made, a "
          "position is abandoned when some packet card can never leave (each foundation of its suit still needs, "
          "before it, a rank whose every copy not yet up lies beneath it).")

DEAL, REDEAL = -1, -2
NP = 12  # packets
NT = 8  # places of the thirteenth packet


class Model:
    """An engine position as lists of ints; a move is taken back by restoring a snapshot."""

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.packet_piles, self.thirteenth_piles = game.packets, game.thirteenth
        self.P = [[c % 52 for c in state.piles[p]] for p in game.packets]
        self.T = [state.piles[p][-1] % 52 if state.piles[p] else -1 for p in game.thirteenth]
        assert all(len(state.piles[p]) <= 1 for p in game.thirteenth)
        self.X = [c % 52 for c in state.piles[game.exiles]]
        self.stock = [c % 52 for c in state.piles[game.stock]]
        self.n = len(self.stock)
        self.up = [len(state.piles[f]) - 1 for f in game.ups]  # the king is the pile's first card
        self.down = [len(state.piles[f]) - 1 for f in game.downs]
        self.rows = state.vars.get("rows", 0)
        self.red = state.vars.get("redeals", 0)
        self.cut = False

    # -- rules
    def wants(self, card: int) -> list[int]:
        """Foundations (0-3 upper by suit, 4-7 lower) that take `card` now."""
        s, r = divmod(card, 13)
        r += 1
        out = []
        if self.up[s] < 12 and self.up[s] + 1 == r:
            out.append(s)
        if self.down[s] < 12 and 12 - self.down[s] == r:
            out.append(4 + s)
        return out

    def plays(self) -> list[int]:
        out = []
        for i, p in enumerate(self.P):
            if p:
                out += [i * 8 + f for f in self.wants(p[-1])]
        for j, c in enumerate(self.T):
            if c >= 0:
                out += [(NP + j) * 8 + f for f in self.wants(c)]
        return out

    def blocked(self) -> bool:
        return not any(p and self.wants(p[-1]) for p in self.P) and not any(c >= 0 and self.wants(c) for c in self.T)

    def moves(self) -> list[int]:
        out = self.plays()
        if self.n:
            out.append(DEAL)
            return out
        if out or self.red >= 1 or self.X:
            return out
        if any(self.P) or any(c >= 0 for c in self.T):
            return [REDEAL]
        return []

    def won(self) -> bool:
        return all(u == 12 for u in self.up) and all(d == 12 for d in self.down)

    # -- playing
    def snapshot(self) -> tuple:
        return ([p[:] for p in self.P], self.T[:], self.X[:], self.stock, self.n, self.up[:], self.down[:],
                self.rows, self.red)

    def unplay(self, snap: tuple) -> None:
        (self.P, self.T, self.X, self.stock, self.n, self.up, self.down, self.rows, self.red) = snap

    def _row(self) -> None:
        """Rules 'rows' and 'count': the next row of thirteen from the pack."""
        stock, row = self.stock, self.rows
        for k in range(min(13, self.n)):
            self.n -= 1
            card = stock[self.n]
            count = k + 1
            if card % 13 + 1 == count:
                self.X.append(card)
            elif count < 13:
                self.P[count - 1].append(card)
            else:
                self.T[row] = card
        self.rows = row + 1

    def play(self, m: int) -> tuple:
        snap = self.snapshot()
        if m == DEAL:
            self._row()
        elif m == REDEAL:
            pack: list[int] = []
            gathering = self.P[:6] + [[c] if c >= 0 else [] for c in self.T] + self.P[6:]
            for pile in reversed(gathering):
                pack.extend(reversed(pile))
            self.P = [[] for _ in range(NP)]
            self.T = [-1] * NT
            self.stock, self.n = pack, len(pack)
            self.red += 1
            self.rows = 0
            self._row()
        else:
            src, f = divmod(m, 8)
            if src < NP:
                self.P[src].pop()
            else:
                self.T[src - NP] = -1
            if f < 4:
                self.up[f] += 1
            else:
                self.down[f - 4] += 1
        while self.X and not self.n and self.blocked():  # rule 'exile', applied by the engine after a move
            card = self.X.pop()
            self.P[card % 13].insert(0, card)
        return snap

    def key(self) -> bytes:
        parts = bytearray()
        for p in self.P:
            parts += bytes(p)
            parts.append(255)
        parts += bytes(c + 1 for c in self.T)
        parts.append(255)
        parts += bytes(self.X)
        parts.append(255)
        parts += bytes(self.up) + bytes(self.down) + bytes((self.n, self.rows, self.red))
        return bytes(parts)

    def hopeless(self) -> bool:
        """Once the second deal is made (no more gathering), some card can never leave its packet: so the deal is
        lost. Sound because, with no gathering left, the cards beneath a packet card stay beneath it until it
        leaves (a row only adds cards on top; an exile goes beneath them all), and it leaves only to a
        foundation of its suit: the upper one once every rank from its height to the card's is up there, the lower
        one likewise from the queen down. A rank one of them still needs before the card, with every copy not yet
        up lying beneath the card in its packet, bars that way; when both ways are barred, the card is stuck."""
        if self.red < 1:
            return False
        up, down = self.up, self.down
        for p in self.P:
            if len(p) < 2:
                continue
            below = [0] * 52  # copies of each card beneath the current one
            for c in p:
                s, r = divmod(c, 13)
                r += 1
                if self._barred(s, r, below, up, down):
                    return True
                below[c] += 1
        return False

    @staticmethod
    def _barred(s: int, r: int, below: list[int], up: list[int], down: list[int]) -> bool:
        def free(q: int) -> int:  # copies of rank q of suit s neither up nor beneath the card
            on = (up[s] >= q) + (down[s] >= 13 - q)
            return 2 - on - below[s * 13 + q - 1]
        way_up = up[s] < r and all(free(q) > 0 for q in range(up[s] + 1, r))
        if way_up:
            return False
        top = 12 - down[s]  # the rank the lower foundation wants next
        way_down = top >= r and all(free(q) > 0 for q in range(r + 1, top + 1))
        return not way_down

    def move_id(self, m: int) -> str:
        if m == DEAL:
            return "deal"
        if m == REDEAL:
            return "redeal"
        src, f = divmod(m, 8)
        g = self.game
        pile = self.packet_piles[src] if src < NP else self.thirteenth_piles[src - NP]
        found = g.ups[f] if f < 4 else g.downs[f - 4]
        return g.move_ids[pile][found]


def _choices(model: Model, noise: SplitMix64 | None, streamline: bool) -> list[int]:
    """Plays first (to a foundation the suit's other one cannot use first), then the deal or redeal; a
    streamlined probe tries only the first play when there is one."""
    moves = model.moves()
    plays = [m for m in moves if m >= 0]
    rest = [m for m in moves if m < 0]
    if noise is not None:
        plays.sort(key=lambda m: noise.below(1 << 20))
    else:
        plays.sort(key=lambda m: len(model.wants(model.P[m // 8][-1] if m // 8 < NP else model.T[m // 8 - NP])))
    if streamline and plays and len(moves) > 1:
        model.cut = True
        return plays[:1]
    return plays + rest


@in_play
def solve(game: Game, state: State, node_limit: int = NODE_LIMIT, time_limit: float | None = None) -> Solution:
    """Search from `state` (left as it was found) within `node_limit` positions in all: half to the streamlined
    probes, then the full search (its "lost" is a proof)."""
    start = time.perf_counter()
    model = Model(game, state)
    deadline = None if time_limit is None else start + time_limit

    def search(limit: int, noise: SplitMix64 | None, streamline: bool) -> tuple[str, list[int], int]:
        if model.hopeless():
            return LOST, [], 0
        return depth_first(model, lambda: _choices(model, noise, streamline), limit, deadline,
                           lambda m: model.hopeless())

    status, line, nodes = probes_then_full(model, search, node_limit, PROBES)
    ids = [model.move_id(m) for m in line] if status == WON else []
    return Solution(status, ids, nodes, time.perf_counter() - start)


legal_ids = legal_ids_of(Model)
