"""Automatic players for `edition play` and hints: random and greedy. Both avoid repeating a position, so a game
whose moves can cycle (beds in Parterre) still ends."""
from __future__ import annotations

from dataclasses import dataclass, field

from .core import Game, Move, State
from .rng import SplitMix64

# greedy prefers: a card to a foundation, then a marriage/fill, then turning the pack or dealing
PREFERENCE = {"play": 0, "fill": 1, "marry": 2}


def _fresh(game: Game, state: State, moves: list[Move], seen: set) -> list[Move]:
    """Moves that do not lead back to a position already seen."""
    out = []
    for m in moves:
        steps = game.play(state, m)  # play/unplay leave the history and the redo list alone
        key = state.key()
        game.unplay(state, steps)
        if key not in seen:
            out.append(m)
    return out


def preferred(moves: list[Move]) -> Move | None:
    """The greedy policy's pick among `moves`: the first of the most preferred kind."""
    return min(moves, key=lambda m: PREFERENCE.get(m.kind, 3)) if moves else None


def greedy_choice(game: Game, state: State, seen: set) -> Move | None:
    return preferred(_fresh(game, state, game.legal_moves(state), seen))


def random_choice(game: Game, state: State, seen: set, rng: SplitMix64) -> Move | None:
    moves = _fresh(game, state, game.legal_moves(state), seen)
    return moves[rng.below(len(moves))] if moves else None


@dataclass
class Result:
    won: bool
    moves: int
    score: int
    status: str  # "won", "lost" (no legal move) or "stuck" (only moves back to seen positions)
    log: list[str] = field(default_factory=list)


def play(game: Game, deal: int, policy: str = "greedy", seed: int = 1, limit: int = 5000,
         variant: str = "") -> tuple[State, Result]:
    """Play deal `deal` to the end with a policy, in the reading `variant` ("" the edition's own); `limit` caps the
    number of moves."""
    state, _ = game.new_state(deal, variant)
    rng = SplitMix64(seed)
    seen = {state.key()}
    while len(state.history) < limit:
        if policy == "greedy":
            move = greedy_choice(game, state, seen)
        elif policy == "random":
            move = random_choice(game, state, seen, rng)
        else:
            raise ValueError(f"unknown policy {policy!r}: use random or greedy")
        if move is None:
            break
        game.apply(state, move)
        seen.add(state.key())
    status = game.status(state)
    if status == "playing":
        status = "stuck"
    return state, Result(status == "won", len(state.history), game.score(state), status,
                         [m.id for m in state.history])
