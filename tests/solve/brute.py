"""A brute-force reference: every legal move of the engine, through `Game.apply`/`undo`, with no symmetry, no safe
moves and no ordering; positions compared by `State.key()` exactly. Feasible only for small positions."""
from __future__ import annotations

from pipeline.engine.core import Game, State


def winnable(game: Game, state: State, limit: int = 400_000) -> bool:
    """Is a won position reachable? Depth-first over all legal moves (explicit stack); the state is restored."""
    if game.won(state):
        return True
    seen = {state.key()}
    stack = [iter(game.legal_moves(state))]
    depth = 0
    found = False
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if depth:
                game.undo(state)
                depth -= 1
            continue
        game.apply(state, move)
        depth += 1
        key = state.key()
        if game.won(state):
            found = True
            break
        if key in seen:
            game.undo(state)
            depth -= 1
            continue
        seen.add(key)
        assert len(seen) < limit, "position too large for brute force"
        stack.append(iter(game.legal_moves(state)))
    for _ in range(depth):
        game.undo(state)
    state.future.clear()
    return found
