"""Per-game solvers: one module per game that has one, named after the game's slug (`four-corners` ->
`four_corners.py`).

The generic search (`pipeline.solve.search.Search`) plays the engine's own moves through `Game.legal_moves` and
`State`; that is exact but slow (tens of microseconds a position). A per-game solver keeps the same contract —
it takes an engine position and answers won / lost / unknown with a winning line of *engine move ids* — but
searches a compact model of its one game (tuples and ints), with the game's own safe moves, ordering and loss
proofs. It is checked against the engine, not trusted: its moves are the engine's legal moves (tests compare them
position by position), and every "won" it reports is replayed through the engine (tests, and the benchmark).

A module defines:

    NODE_LIMIT: int    positions per deal for the winnability table (benchmarks/solver.py)
    METHOD: str        one or two sentences: what the solver knows about its game (shown on the site)
    RERUN_METHOD: str  (optional) what a budget beyond NODE_LIMIT adds (a rerun of the table's unknown deals)
    VARIANTS: tuple    (optional, default ("",)) the readings of the rules (`Game.variants`, "" the edition's own)
                       its model plays; `search.solve_state` gives a position of any other reading to the generic
                       search, which plays the engine's own moves in whatever reading the state carries
    def solve(game: Game, state: State, node_limit: int, time_limit: float | None) -> Solution

`solve` must leave `state` as it found it and honour `node_limit` (the in-page hint gives it a small budget).
"""
from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

_CACHE: dict[str, ModuleType | None] = {}


def module_name(slug: str) -> str:
    return f"{__name__}.{slug.replace('-', '_')}"


def plays(module: ModuleType, variant: str) -> bool:
    """Whether a solver module's model plays the reading `variant` ("" the edition's own)."""
    return variant in getattr(module, "VARIANTS", ("",))


def for_game(slug: str) -> ModuleType | None:
    """The game's own solver module, or None when the game has none (the generic search serves it)."""
    if slug not in _CACHE:
        name = module_name(slug)
        # find_spec first, so that an error *inside* a solver module is raised, not mistaken for "no module"
        _CACHE[slug] = importlib.import_module(name) if importlib.util.find_spec(name) is not None else None
    return _CACHE[slug]
