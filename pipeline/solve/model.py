"""What the per-game solvers that search a compact model of their game share (`pipeline/solve/games/`), besides
the strategies (`pipeline/solve/strategies.py`, whose protocol their models follow).

A model here also keeps `cut`, set by a streamlined probe that left a move untried."""
from __future__ import annotations

from typing import Any, Callable

from pipeline.engine.rng import SplitMix64
from pipeline.solve import strategies


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
