"""The JSON API: every argument and result is JSON-ready (dicts, lists, str, int), so the CLI, the tests, the
solver and the browser's Web Worker (Pyodide) share one entry point. One call per user action returns the new
state and the next legal moves. See README.md for the shapes.
"""
from __future__ import annotations

import json
from typing import Any

from . import registry
from .cards import card_id
from .core import Game, Move, State, undo_step
from .serial import copy_state, state_from_json, state_to_json, steps_for_display

JSON = dict[str, Any]


def _load(state: JSON | str) -> tuple[Game, State]:
    data = json.loads(state) if isinstance(state, str) else state
    game = registry.get(data["game"])
    return game, state_from_json(game, data)


def game_info(game: Game) -> JSON:
    """Title, packs, players and the rules panel (each rule: number, ru, en, source, origin)."""
    rules = [{"id": r.id, "number": r.number, "ru": r.ru, "en": r.en, "source": r.source, "origin": r.origin,
              "cite": r.cite, "from": r.cite if r.source == "text" else r.origin}
             for r in game.rules]
    return {
        "slug": game.slug, "number": game.number, "title_ru": game.title_ru, "title_en": game.title_en,
        "title_supplied": game.title_supplied, "decks": game.decks, "players": game.players,
        "max_score": game.max_score, "fingerprint": game.fingerprint(),
        "rules": rules, "notes": game.notes,
        "rules_from_text": [r.id for r in game.rules if r.source == "text"],
        "rules_reconstructed": [r.id for r in game.rules if r.source == "reconstructed"],
    }


def layout(game: Game) -> JSON:
    """Board description: one entry a pile, with grid position (card units), fan, labels, kind, capabilities."""
    piles = []
    for name, spec in zip(game.names, game.specs):
        i = game.index[name] - game.names.index(spec.names()[0])
        x, y = spec.at[i]
        piles.append({
            "name": name, "group": spec.name, "kind": spec.kind, "x": x, "y": y, "fan": spec.fan,
            "label_ru": spec.label_ru, "label_en": spec.label_en, "face_down": spec.face_down,
            "take": spec.take, "build": spec.build.describe() if spec.build else None,
            "base": None if spec.base is None else list(spec.base), "capacity": spec.capacity,
            "rules": list(spec.rules),
        })
    width = max(p["x"] for p in piles) + 1
    height = max(p["y"] for p in piles) + 1
    return {"piles": piles, "size": [width, height]}  # extent of the pile origins plus one card; fans reach further


def list_games() -> list[JSON]:
    return [game_info(g) for g in registry.games().values()]


def describe(slug: str) -> JSON:
    game = registry.get(slug)
    return {**game_info(game), "layout": layout(game)}


def _moves_json(game: Game, state: State, moves: list[Move]) -> list[JSON]:
    out = []
    for m in moves:
        first = next((s for s in m.steps if s[0] == "move"), None)
        entry: JSON = {"id": m.id, "kind": m.kind}
        if first is not None:
            src, n = first[1], first[3]
            entry["from"], entry["to"] = game.names[src], game.names[first[2]]
            if len(state.piles[src]) - n >= state.down[src]:  # never name a face-down card before it is turned
                entry["cards"] = [card_id(c) for c in state.piles[src][-n:]]
        out.append(entry)
    return out


def _result(game: Game, state: State, steps: list[JSON]) -> JSON:
    return {
        "state": state_to_json(game, state),
        "steps": steps,
        "legal_moves": _moves_json(game, state, game.legal_moves(state)),
        "status": game.status(state),
        "score": game.score(state),
    }


def new_game(slug: str, deal: int) -> JSON:
    """Deal number `deal` of game `slug`: {state, steps (the deal, for animation), legal_moves, status, score,
    layout, info}."""
    game = registry.get(slug)
    state, steps = game.new_state(deal)
    blank = copy_state(state)
    for step in reversed(steps):  # rebuild the undealt pack so the deal's steps can be shown card by card
        undo_step(blank, step)
    return {**_result(game, state, steps_for_display(game, blank, steps)),
            "layout": layout(game), "info": game_info(game)}


def find_move(game: Game, state: State, move: str | JSON) -> Move:
    wanted = move if isinstance(move, str) else move["id"]
    for m in game.legal_moves(state):
        if m.id == wanted:
            return m
    raise ValueError(f"move {wanted!r} is not legal in {game.slug} now; legal: "
                     f"{', '.join(m.id for m in game.legal_moves(state)) or 'none (game over)'}")


def apply(state: JSON | str, move: str | JSON) -> JSON:
    """Play one legal move, given by its id (or a legal-move dict): {state, steps, legal_moves, status, score}."""
    game, st = _load(state)
    m = find_move(game, st, move)
    before = copy_state(st)
    steps = game.apply(st, m)
    return _result(game, st, steps_for_display(game, before, steps))


def undo(state: JSON | str) -> JSON:
    """Take back the last move; `steps` are the inverse steps, in the order to animate them."""
    game, st = _load(state)
    before = copy_state(st)
    steps = game.undo(st)
    return _result(game, st, steps_for_display(game, before, steps, undo=True))


def redo(state: JSON | str) -> JSON:
    game, st = _load(state)
    before = copy_state(st)
    steps = game.redo(st)
    return _result(game, st, steps_for_display(game, before, steps))


def legal_moves(state: JSON | str) -> list[JSON]:
    game, st = _load(state)
    return _moves_json(game, st, game.legal_moves(st))


def hint(state: JSON | str) -> str | None:
    """The id of the move the greedy policy would play, or None when no move is left."""
    from .policies import greedy_choice

    game, st = _load(state)
    move = greedy_choice(game, st, set())
    return move.id if move else None


def log(state: JSON | str) -> JSON:
    """The move log of a game: {game, deal, moves: [ids]}; `replay` turns it back into the same state."""
    data = json.loads(state) if isinstance(state, str) else state
    return {"game": data["game"], "deal": data["deal"], "moves": [m["id"] for m in data["history"]]}


def replay(record: JSON | str) -> JSON:
    """Replay a log from `log()`; the result's state equals the state the log was taken from (without redo)."""
    data = json.loads(record) if isinstance(record, str) else record
    game = registry.get(data["game"])
    state, _ = game.new_state(data["deal"])
    for move_id in data["moves"]:
        game.apply(state, find_move(game, state, move_id))
    return _result(game, state, [])
