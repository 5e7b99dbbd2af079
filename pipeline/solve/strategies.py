"""The search strategies, written once, over a small model protocol; every solver of `pipeline/solve` uses these
(the engine-level search of `search.py` and the games' own models in `games/`).

The protocol. A *model* is one position of one game, changed in place:

    model.play(move) -> undo     play a move (and whatever follows it by itself); return what taking it back needs
    model.unplay(undo)           take it back
    model.key() -> hashable      the position's name in the transposition table (equal keys: equal futures)
    model.won() -> bool

The moves to try are not the model's business alone — a strategy is handed `choices()`, the moves of the model's
present position in the order to try them (a game's safe move alone, its proven-useless moves left out, its move
order; a streamlined probe's single move). A strategy answers in the model's own moves; each game turns them into
engine move ids (its `move_id`), which is the protocol's way back to the engine.

Strategies (each returns (status, line, positions) with status WON, LOST or UNKNOWN):
- `depth_first`: depth-first with a transposition table (explicit stack: a reversible game's line may be millions
  deep); "lost" is a proof when `choices` leaves out nothing that could win.
- `probes`: streamlined probes (Solvitaire's term) with an equal share of half the budget, then the full search.
- `best_first`: always expand the best position found so far (a priority), every position found kept (as its
  key), so running out of positions is a proof as well.
- `nested`: nested Monte Carlo search, level 1 with the best line remembered, over a game's playouts.
Their wins are real lines of the model; a game's contract test keeps its model honest against the engine.
"""
from __future__ import annotations

import heapq
import time
from typing import Any, Callable, Iterable, Optional

WON, LOST, UNKNOWN = "won", "lost", "unknown"
CHECK = 128  # positions between two looks at the clock


def out_of_time(deadline: float | None, nodes: int) -> bool:
    return deadline is not None and nodes % CHECK == 0 and time.perf_counter() > deadline


def depth_first(model: Any, choices: Callable[[], Iterable], node_limit: int, deadline: float | None = None,
                dead: Optional[Callable[[Any], bool]] = None, exhausted: str = LOST, root: int = 0,
                records: bool = False) -> tuple[str, list, int]:
    """Depth-first over `choices()` (the moves to try at the model's position, best first) with a table of the
    positions entered, so that none is searched twice, and an explicit stack.

    A position counts when it is entered (new, not won); `root=1` counts the start as well (and stops at once
    when that already reaches `node_limit`). `dead(m)`, asked after move m, says the position reached is proven
    lost: its moves are not tried. When every line was tried the answer is `exhausted` (LOST, unless `choices`
    leaves out moves that could win: then UNKNOWN). Returns (status, the winning line, positions); the line is of
    moves, or with `records` of what `play` returned. The model is left as it was found."""
    if model.won():
        return WON, [], 0
    seen = {model.key()}
    line: list = []  # (move, undo)
    nodes = root
    if root and nodes >= node_limit:
        return UNKNOWN, [], nodes
    stack = [iter(choices())]
    status = exhausted
    play, unplay, key, won = model.play, model.unplay, model.key, model.won
    while stack:
        m = next(stack[-1], None)
        if m is None:  # every child of this position was tried
            stack.pop()
            if line:
                unplay(line.pop()[1])
            continue
        undo = play(m)
        k = key()
        if k in seen:  # searched already (and it did not win), or on the current line
            unplay(undo)
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
        if nodes >= node_limit or out_of_time(deadline, nodes):
            status = UNKNOWN
            break
        stack.append(iter(choices()))
    out = [u if records else m for m, u in line] if status == WON else []
    for _, undo in reversed(line):
        unplay(undo)
    return status, out, nodes


def probes(model: Any, search: Callable[[int, int | None], tuple[str, list, int]], node_limit: int,
           count: int, cut: Callable[[], bool]) -> tuple[str, list, int]:
    """Streamlined probes, then the full search. Half of the budget goes to `count` probes, an equal share each:
    `search(limit, probe)` with probe 0 in the usual order, the others with ties broken by a generator seeded by
    the probe's number; each plays only the moves a streamlined line allows, and `cut()` (asked after it) says
    whether it left a move untried. A probe's win is a win; its failure proves nothing — unless it never cut a
    line, for then it was a full search. Then `search(limit, None)`, the full search, with the rest.
    Returns (status, line, positions in all)."""
    spent = 0
    if node_limit >= 2 * count:
        share = node_limit // (2 * count)
        for probe in range(count):
            status, line, nodes = search(share, probe)
            spent += nodes
            if status == WON or (status == LOST and not cut()):
                return status, line, spent
    status, line, nodes = search(max(1, node_limit - spent), None)
    return status, line, nodes + spent


PRUNE, UNSETTLED = "prune", "unsettled"  # what a judge of `best_first` may say of a position besides a tail


def best_first(model: Any, node_limit: int, deadline: float | None, priority: Callable[[Any, int], Any],
               load: Callable[[Any], Any], moves: Callable[[Any], Iterable],
               judge: Optional[Callable[[Any], Any]] = None) -> tuple[str, list, int]:
    """Best-first search: always expand, among the positions found and not yet expanded, the one of lowest
    `priority(model, depth)`, the most recently found first among equals. Every position found is kept (only its
    key: `load(key)` returns a model at that position), so none is searched twice, and a search that runs out of
    positions has expanded every position reachable: its "lost" is a proof.

    `moves(model)`: the moves to expand a position by. `judge(model)`, asked of each position before it is
    expanded: None (expand it), PRUNE (proven lost: drop it), UNSETTLED (not expanded, and its fate not known:
    an emptied queue is then UNKNOWN, not LOST), or a list of moves that win from it (its rest of the line).
    Returns (status, the winning line as (move, key after it) pairs from `model`'s position, positions expanded)."""
    if model.won():
        return WON, [], 0
    root = model.key()
    parent: dict = {root: None}
    heap = [(priority(model, 0), 0, 0, root)]
    tick = 0
    nodes = 0
    unsettled = False
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        _, _, depth, k = pop(heap)
        nodes += 1
        if nodes > node_limit or (deadline is not None and nodes % 64 == 0 and time.perf_counter() > deadline):
            return UNKNOWN, [], nodes
        pos = load(k)
        if judge is not None:
            verdict = judge(pos)
            if verdict is PRUNE:
                continue
            if verdict is UNSETTLED:
                unsettled = True
                continue
            if verdict is not None:
                return WON, _path(parent, k) + [(m, None) for m in verdict], nodes
        for m in moves(pos):
            undo = pos.play(m)
            ck = pos.key()
            if pos.won():
                if ck not in parent:
                    parent[ck] = (k, m)
                return WON, _path(parent, ck), nodes
            if ck not in parent:
                parent[ck] = (k, m)
                tick -= 1
                push(heap, (priority(pos, depth + 1), tick, depth + 1, ck))
            pos.unplay(undo)
    return (UNKNOWN if unsettled else LOST), [], nodes


def _path(parent: dict, k) -> list:
    out = []
    while parent[k] is not None:
        pk, m = parent[k]
        out.append((m, k))
        k = pk
    return out[::-1]


def nested(root: Any, candidates: Callable[[Any], list], playout: Callable[[Any, list], int], width: int,
           spent: Callable[[], bool], goal: int) -> list | None:
    """One nested playout (nested Monte Carlo search, level 1, the best line remembered), from a copy of `root`
    (`root.copy()`): at each decision (`candidates(model)`, best first; empty: the end), every candidate is played
    and followed by `width` playouts (`playout(model, tail)`: plays on a copy, appends its moves to `tail`,
    returns its score), and the move taken is the first of the best line seen so far — the one found now, or the
    one an earlier decision found and that this decision did not beat. A single candidate is played without a
    playout. Returns the winning line (a playout scoring `goal`, or the playout's own end when won), or None when
    it ends lost or `spent()` says the budget is over."""
    b = root.copy()
    line: list = []
    best_score, best_tail = -1, []
    while True:
        c = candidates(b)
        if not c:
            break
        if len(c) == 1:
            mv = c[0]
        else:
            for mv in c:
                undo = b.play(mv)
                for _ in range(width):
                    if spent():
                        return None
                    tail: list = []
                    score = playout(b, tail)
                    if score > best_score:
                        best_score, best_tail = score, [mv] + tail
                b.unplay(undo)
                if best_score == goal:
                    return line + best_tail
            mv = best_tail[0]
        b.play(mv)
        line.append(mv)
        if best_tail[:1] == [mv]:
            best_tail = best_tail[1:]
        else:
            best_score, best_tail = -1, []
    return line if b.won() else None
