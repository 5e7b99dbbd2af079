"""What the per-game solvers that search a compact model of their game share (`pipeline/solve/games/`), besides
the strategies (`pipeline/solve/strategies.py`, whose protocol their models follow): the opening of `solve` (a
position settled without a search), the contract test's `legal_ids` of a model, and the probes of a model that
keeps `cut` (set by a streamlined probe that left a move untried)."""
from __future__ import annotations

import functools
from typing import Any, Callable

from pipeline.engine.core import Game, State
from pipeline.engine.rng import SplitMix64
from pipeline.solve import strategies
from pipeline.solve.search import LOST, WON, Solution


def in_play(solve: Callable[..., Solution]) -> Callable[..., Solution]:
    """A game module's `solve(game, state, ...)` that searches only a position in play: a won position is WON, one
    not in play (the game over, or not dealt yet) LOST, neither searched (no positions, no seconds)."""
    @functools.wraps(solve)
    def solve_in_play(game: Game, state: State, *args: Any, **kwargs: Any) -> Solution:
        if game.won(state):
            return Solution(WON, [], 0, 0.0)
        if state.vars.get("phase") != "play":
            return Solution(LOST, [], 0, 0.0)
        return solve(game, state, *args, **kwargs)
    return solve_in_play


def legal_ids_of(model_class: Callable[[Game, State], Any]) -> Callable[[Game, State], set[str]]:
    """A game module's `legal_ids(game, state)` for a model that lists its moves (`moves()`) and names them as
    engine move ids (`move_id(m)`): the model's legal move ids at an engine position, none when it is not in play
    (the contract test compares them with the engine's)."""
    def legal_ids(game: Game, state: State) -> set[str]:
        if state.vars.get("phase") != "play":
            return set()
        model = model_class(game, state)
        return {model.move_id(m) for m in model.moves()}
    return legal_ids


def probes_then_full(model: Any, search: Callable[[int, SplitMix64 | None, bool], tuple[str, list, int]],
                     node_limit: int, probes: int) -> tuple[str, list, int]:
    """`strategies.probes` for a model that keeps `cut`: half of the budget to `probes` streamlined probes
    (`search(limit, noise, True)`: the first in the usual order, the others with ties broken by a generator seeded
    by the probe's number), an equal share each; their wins are wins, and their failure proves nothing unless the
    first probe never cut a line. Then the full search (`search(limit, None, False)`) with the rest, whose "lost"
    is a proof. Returns (status, moves, positions expanded in all)."""
    first = False  # is the probe under way the first?

    def run(limit: int, probe: int | None) -> tuple[str, list, int]:
        nonlocal first
        if probe is None:
            return search(limit, None, False)
        model.cut, first = False, probe == 0
        return search(limit, SplitMix64(probe) if probe else None, True)

    return strategies.probes(model, run, node_limit, probes, lambda: model.cut or not first)
