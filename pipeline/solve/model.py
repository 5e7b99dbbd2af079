"""What the per-game solvers that search a compact model of their game share (`pipeline/solve/games/`).

A model plays a move with `play(m) -> undo`, takes it back with `unplay(undo)`, names its position with `key()`
(hashable), and keeps `cut`, set by a streamlined probe that left a move untried."""
from __future__ import annotations

import time
from typing import Any, Callable, Iterable, Optional

from pipeline.engine.rng import SplitMix64

WON, LOST, UNKNOWN = "won", "lost", "unknown"  # the same words as pipeline.solve.search's


def depth_first(model: Any, choices: Callable[[], Iterable], won: Callable[[], bool], node_limit: int,
                deadline: float | None, dead: Optional[Callable[[Any], bool]] = None) -> tuple[str, list, int]:
    """Depth-first over `choices()` (the moves to try at the model's position, best first) with a table of the
    positions seen, so none is searched twice, and an explicit stack, so long lines cannot overflow Python's
    recursion limit. `dead(m)`, asked after move m, says the position reached is proven lost: its moves are not
    tried. Returns (status, the winning line's moves, positions expanded); the model is left as it was found."""
    seen = {model.key()}
    line: list = []
    stack = [iter(choices())]
    nodes = 0
    status = LOST
    while stack:
        m = next(stack[-1], None)
        if m is None:  # every child of this position was tried
            stack.pop()
            if line:
                model.unplay(line.pop()[1])
            continue
        undo = model.play(m)
        k = model.key()
        if k in seen:
            model.unplay(undo)
            continue
        seen.add(k)
        line.append((m, undo))
        if won():
            status = WON
            break
        nodes += 1
        if dead is not None and dead(m):
            stack.append(iter(()))
            continue
        if nodes >= node_limit or (deadline is not None and nodes & 127 == 0 and time.perf_counter() > deadline):
            status = UNKNOWN
            break
        stack.append(iter(choices()))
    moves = [m for m, _ in line] if status == WON else []
    for _, undo in reversed(line):
        model.unplay(undo)
    return status, moves, nodes


def probes_then_full(model: Any, search: Callable[[int, SplitMix64 | None, bool], tuple[str, list, int]],
                     node_limit: int, probes: int) -> tuple[str, list, int]:
    """Half of the budget to `probes` streamlined probes (`search(limit, noise, True)`: the first in the usual
    order, the others with ties broken by a seeded generator), an equal share each; their wins are wins, and their
    failure proves nothing unless the first probe never cut a line. Then the full search (`search(limit, None,
    False)`) with the rest, whose "lost" is a proof. Returns (status, moves, positions expanded in all)."""
    spent = 0
    if node_limit >= 2 * probes:
        share = node_limit // (2 * probes)
        for probe in range(probes):
            model.cut = False
            status, line, nodes = search(share, SplitMix64(probe) if probe else None, True)
            spent += nodes
            if status == WON or (status == LOST and probe == 0 and not model.cut):
                return status, line, spent
    status, line, nodes = search(max(1, node_limit - spent), None, False)
    return status, line, nodes + spent
