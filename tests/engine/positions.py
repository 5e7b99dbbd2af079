"""Build game positions by hand for rule tests: piles named as on the board, cards as ids ("QH2")."""
from __future__ import annotations

from pipeline.engine import registry
from pipeline.engine.cards import parse_card
from pipeline.engine.core import Game, State


def position(slug: str, **piles: list[str]) -> tuple[Game, State]:
    """A position in the play phase; pile names use "_" for "-" (bed_1 = "bed-1"). Unnamed piles are empty;
    the stock lies face down."""
    game = registry.get(slug)
    cards = [[] for _ in game.names]
    for name, ids in piles.items():
        cards[game.index[name.replace("_", "-")]] = [parse_card(c) for c in ids]
    down = [len(p) if fd else 0 for p, fd in zip(cards, game.face_down)]
    state = State(slug, 0, cards, down, {"phase": "play", "to_move": 0, "players": game.players})
    return game, state


def move_ids(game: Game, state: State) -> set[str]:
    return {m.id for m in game.legal_moves(state)}


def play(game: Game, state: State, move_id: str) -> None:
    game.apply(state, next(m for m in game.legal_moves(state) if m.id == move_id))


def pile(game: Game, state: State, name: str) -> list[str]:
    from pipeline.engine.cards import card_id
    return [card_id(c) for c in state.piles[game.index[name]]]
