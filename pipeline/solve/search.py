"""The solver: depth-first search over the engine's own moves, with a transposition table over canonical positions,
provably safe moves played without branching, per-game move ordering (`tactics`), and node and time limits. The
strategies themselves (depth-first, probes, best-first, nested playouts) are written once in `strategies`, over a
model protocol; `Search` gives them the engine's positions, the games' own solvers (`games/`) their compact models.

It sees every card, face-down ones included: its verdicts are *perfect-information* ("thoughtful", as Solvitaire
calls them) — an upper bound on what a player who does not peek can win. Answers: "won" (with the winning move
ids, which replay to a win through `api.replay`), "lost" (every line was searched: no win exists), or "unknown"
(a limit was hit first).

    from pipeline.solve import search
    result = search.solve_deal("parterre", 7, node_limit=200_000, time_limit=5.0)
    result.status, result.moves          # "won", ["bed-3>foundation-1", ...]
    search.hint(state_json, 20_000)      # a move id for the in-page game, or None
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from pipeline.engine import registry
from pipeline.engine.core import Game, Move, State, Step, do_step, undo_step
from pipeline.engine.rng import SplitMix64
from .strategies import LOST, UNKNOWN, WON, best_first, depth_first, nested, probes  # noqa: F401 (the API)
from .tactics import Tactics, tactics

PROBES = 8  # streamlined probes before the full search (see Search.solve)


@dataclass
class Solution:
    status: str  # "won", "lost" or "unknown"
    moves: list[str] = field(default_factory=list)  # the winning line, move ids from the position searched
    nodes: int = 0  # positions expanded
    seconds: float = 0.0


class Search:
    """One game's search machinery: how to play and take back a move fast, and how to name a position."""

    def __init__(self, game: Game, plan: Tactics | None = None) -> None:
        self.game = game
        self.plan = plan or tactics(game.slug)
        self.face_down = game.face_down
        groups: dict[str, list[int]] = {}
        for i, spec in enumerate(game.specs):
            if spec.name in self.plan.symmetric:
                groups.setdefault(spec.name, []).append(i)
        self.sym = [g for g in groups.values() if len(g) > 1]
        sym_piles = {i for g in self.sym for i in g}
        self.fixed = [i for i in range(len(game.names)) if i not in sym_piles]
        # a translation table that maps pack 2's cards onto pack 1's (cards are < 104, so they fit in a byte)
        self.table = bytes(c % 52 for c in range(256)) if self.plan.merge_decks else bytes(range(256))
        self.streamlined = False
        self.noise: SplitMix64 | None = None
        self._streamline_cut = False

    # -- playing without the bookkeeping of Game.apply (no history, no end-of-game test)
    def play(self, state: State, move: Move) -> list[Step]:
        steps = list(move.steps)
        fd = self.face_down
        for step in steps:
            do_step(state, step, fd)
        auto = self.game.auto
        while (step := auto(state)) is not None:
            do_step(state, step, fd)
            steps.append(step)
        return steps

    @staticmethod
    def unplay(state: State, steps: list[Step]) -> None:
        for step in reversed(steps):
            undo_step(state, step)

    # -- the transposition table's key
    def key(self, state: State) -> tuple:
        """Canonical position: interchangeable piles sorted, the packs' copies of a card merged; face-down counts
        and the game's variables kept (they decide what may happen next)."""
        piles, down, t = state.piles, state.down, self.table
        fixed = tuple(bytes((down[i],)) + bytes(piles[i]).translate(t) for i in self.fixed)
        sym = tuple(tuple(sorted(bytes((down[i],)) + bytes(piles[i]).translate(t) for i in g)) for g in self.sym)
        return fixed, sym, tuple(sorted((k, repr(v)) for k, v in state.vars.items()))

    # -- the moves to try, best first; a safe move alone
    def choices(self, state: State) -> list[Move]:
        moves = self.game.legal_moves(state)
        if len(moves) <= 1:
            return moves
        if self.streamlined:
            first = next((m for m in moves if m.kind == "play"), None)
            if first is not None:
                self._streamline_cut = True
                return [first]
        if self.plan.prune is not None:
            moves = self.plan.prune(self.game, state, moves)
        if self.plan.safe is not None:
            sure = self.plan.safe(self.game, state, moves)
            if sure is not None:
                return [sure]
        order, game, noise = self.plan.order, self.game, self.noise
        ranked = []
        for i, m in enumerate(moves):
            key = order(game, state, m)
            if noise is not None:  # in a probe, keep only the ordering's first criterion, the rest at random
                key = (key[0], noise.below(1 << 20))
            ranked.append((key, i, m))
        ranked.sort(key=lambda r: r[:2])
        return [r[-1] for r in ranked]

    def solve(self, state: State, node_limit: int = 1_000_000, time_limit: float | None = None) -> Solution:
        """Search from `state` (left as it was found), within `node_limit` positions in all.

        First, with half of the budget, *streamlined* probes (`strategies.probes`): searches that, whenever a card
        can go to a foundation, try only that move; the first probe follows the ordering, the others keep only its
        first criterion and take the rest at random (seeded, so the answer is reproducible) — short restarts
        escape the dead subtrees one long depth-first search gets lost in. Then the full search
        (`strategies.depth_first`), whose "lost" is a proof."""
        start = time.perf_counter()
        deadline = None if time_limit is None else start + time_limit
        here = _Position(self, state)
        self._streamline_cut = False

        def run(limit: int, probe: int | None) -> tuple[str, list, int]:
            self.streamlined, self.noise = probe is not None, (SplitMix64(probe) if probe else None)
            try:
                return depth_first(here, lambda: self.choices(state), limit, deadline)
            finally:
                self.streamlined, self.noise = False, None

        if self.plan.streamline:
            status, line, nodes = probes(here, run, node_limit, PROBES, lambda: self._streamline_cut)
        else:
            status, line, nodes = run(max(1, node_limit), None)
        return Solution(status, [m.id for m in line], nodes, time.perf_counter() - start)


class _Position:
    """An engine position seen through the strategies' model protocol (`pipeline.solve.strategies`)."""

    __slots__ = ("search", "state")

    def __init__(self, search: Search, state: State) -> None:
        self.search, self.state = search, state

    def play(self, move: Move) -> list[Step]:
        return self.search.play(self.state, move)

    def unplay(self, steps: list[Step]) -> None:
        Search.unplay(self.state, steps)

    def key(self) -> tuple:
        return self.search.key(self.state)

    def won(self) -> bool:
        return self.search.game.won(self.state)


_SEARCHES: dict[str, Search] = {}


def search_for(slug: str) -> Search:
    if slug not in _SEARCHES:
        _SEARCHES[slug] = Search(registry.get(slug))
    return _SEARCHES[slug]


def solve_state(game: Game, state: State, node_limit: int = 1_000_000, time_limit: float | None = None) -> Solution:
    """The game's own solver where it has one (`pipeline.solve.games`) and its model plays the state's reading of
    the rules (`VARIANTS`), else the generic search over the engine's own moves."""
    from . import games as solvers

    own = solvers.for_game(game.slug)
    if own is not None and solvers.plays(own, state.vars.get("variant", "")):
        return own.solve(game, state, node_limit, time_limit)
    return search_for(game.slug).solve(state, node_limit, time_limit)


def solve_deal(slug: str, deal: int, node_limit: int = 1_000_000, time_limit: float | None = None) -> Solution:
    """Solve deal `deal` of game `slug` from its opening position."""
    game = registry.get(slug)
    state, _ = game.new_state(deal)
    if state.vars["phase"] != "play" and not game.won(state):
        return Solution(LOST)  # the deal itself ended the game
    return solve_state(game, state, node_limit, time_limit)


HINT_SECONDS = 0.3  # the play issue's box for a hint


def hint(state_json: Any, budget: int = 20_000, seconds: float | None = HINT_SECONDS) -> str | None:
    """The first move of a winning line found by the same search (`solve_state`) within `budget` positions and
    `seconds` (None: no clock); when none is found (no win exists, or a limit came first), the greedy policy's
    move. JSON (a dict or a string) in, a move id out; None when no move is left. (The page's board boxes its own
    searches the same way: `site/play/edition_play.timed_search`.)"""
    from pipeline.engine.api import _load
    from pipeline.engine.policies import greedy_choice

    data = json.loads(state_json) if isinstance(state_json, str) else state_json
    game, state = _load(data)
    if not game.legal_moves(state):
        return None
    found = solve_state(game, state, node_limit=max(1, int(budget)), time_limit=seconds)
    if found.status == WON and found.moves:
        return found.moves[0]
    move = greedy_choice(game, state, set())
    return move.id if move else None
