"""The JSON API: every argument and result is JSON-ready (dicts, lists, str, int), so the CLI, the tests, the
solver and the browser's Web Worker (Pyodide) share one entry point. One call per user action returns the new
state and the next legal moves. See README.md for the shapes.

Every function checks what it is given and raises `EngineError` (a ValueError with a short message and a `kind`)
for any bad call — an unknown game, a deal number that is not a whole number from 1 to 2**64 - 1, a state that is
not one the game can be in (`serial.state_from_json`), a JSON text too large or too deeply nested, an illegal move —
and no other exception.
"""
from __future__ import annotations

from typing import Any

from . import registry
from .cards import card_id
from .core import Game, Move, State, undo_step
from .errors import EngineError, show
from .rng import MASK
from .serial import (MAX_MOVES, MAX_TEXT, copy_state, parse_json, produced, state_digest, state_from_json,
                     state_to_json, steps_for_display)

JSON = dict[str, Any]


def _game(slug: Any) -> Game:
    if type(slug) is str and slug in registry.games():
        return registry.games()[slug]
    raise EngineError(f"no game {show(slug)}; known games: {', '.join(registry.games())}", "game")


def _deal(deal: Any) -> int:
    if type(deal) is not int or not 1 <= deal <= MASK:
        raise EngineError(f"a deal number is a whole number from 1 to 2**64 - 1, not {show(deal)}", "deal")
    return deal


def _data(value: Any, what: str) -> Any:
    """A JSON text (bounded before it is parsed) or an already parsed value."""
    return parse_json(value, what) if isinstance(value, str) else value


def _load(state: JSON | str) -> tuple[Game, State]:
    data = _data(state, "state")
    if type(data) is not dict:
        raise EngineError("bad state: a state must be a JSON object", "state")
    game = _game(data.get("game"))
    return game, state_from_json(game, data)


def _as_game(game: Game | str) -> Game:
    return game if isinstance(game, Game) else _game(game)


def game_info(game: Game | str) -> JSON:
    """Title, packs, players and the rules panel (each rule: number, ru, en, source, origin; `variant` the other
    reading it belongs to, "" for the edition's own)."""
    game = _as_game(game)
    rules = [{"id": r.id, "number": r.number, "ru": r.ru, "en": r.en, "source": r.source, "origin": r.origin,
              "cite": r.cite, "from": r.cite if r.source == "text" else r.origin, "variant": r.variant}
             for r in game.rules]
    return {
        "slug": game.slug, "number": game.number, "title_ru": game.title_ru, "title_en": game.title_en,
        "title_supplied": game.title_supplied, "decks": game.decks, "players": game.players,
        "max_score": game.max_score, "fingerprint": game.fingerprint(),
        "rules": rules, "notes": game.notes,
        "variants": [{"id": k, "en": v, "ru": game.variants_ru.get(k, k)} for k, v in game.variants.items()],
        "rules_from_text": [r.id for r in game.rules if r.source == "text"],
        "rules_reconstructed": [r.id for r in game.rules if r.source == "reconstructed"],
    }


def layout(game: Game | str) -> JSON:
    """Board description: one entry a pile, with grid position (card units), fan, labels, kind, capabilities."""
    game = _as_game(game)
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
            # Game.accepts offers a card only the first empty foundation of a group: the empty ones are
            # interchangeable, and a board may take a drop on any of them for the move to the first
            "interchangeable": spec.kind == "foundation" and len(spec.names()) > 1,
        })
    width = max(p["x"] for p in piles) + 1
    height = max(p["y"] for p in piles) + 1
    return {"piles": piles, "size": [width, height]}  # extent of the pile origins plus one card; fans reach further


def list_games() -> list[JSON]:
    return [game_info(g) for g in registry.games().values()]


def describe(slug: str) -> JSON:
    game = _game(slug)
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
    data = state_to_json(game, state)
    produced(state_digest(data))  # the engine's own state: handed back, it is not replayed again
    return {
        "state": data,
        "steps": steps,
        "legal_moves": _moves_json(game, state, game.legal_moves(state)),
        "status": game.status(state),
        "score": game.score(state),
    }


def new_game(slug: str, deal: int, variant: str = "") -> JSON:
    """Deal number `deal` of game `slug` in reading `variant` ("" the edition's own; the others are listed in
    info["variants"]): {state, steps (the deal, for animation), legal_moves, status, score, layout, info}."""
    game = _game(slug)
    if type(variant) is not str or (variant and variant not in game.variants):
        raise EngineError(f"{game.slug} has no variant {variant!r}; variants: "
                          f"{', '.join(game.variants) or 'none'}", "variant")
    state, steps = game.new_state(_deal(deal), variant)
    blank = copy_state(state)
    for step in reversed(steps):  # rebuild the undealt pack so the deal's steps can be shown card by card
        undo_step(blank, step)
    return {**_result(game, state, steps_for_display(game, blank, steps)),
            "layout": layout(game), "info": game_info(game)}


def find_move(game: Game, state: State, move: str | JSON) -> Move:
    """The legal move of `state` with this id (solvers and tests pass the engine's own Game and State objects)."""
    if not isinstance(game, Game) or not isinstance(state, State) or state.game != game.slug:
        raise EngineError("find_move takes the engine's Game and a State of that game", "call")
    wanted = move.get("id") if type(move) is dict else move
    if type(wanted) is not str or len(wanted) > MAX_TEXT:
        raise EngineError("a move is given by its id (a text) or a legal-move object with an id", "move")
    for m in game.legal_moves(state):
        if m.id == wanted:
            return m
    legal = ", ".join(m.id for m in game.legal_moves(state)[:12]) or "none (game over)"
    raise EngineError(f"move {wanted[:60]!r} is not legal in {game.slug} now; legal: {legal}", "move")


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
    game, st = _load(state)
    out = {"game": game.slug, "deal": st.deal, "moves": [m.id for m in st.history]}
    if st.vars.get("variant"):
        out["variant"] = st.vars["variant"]
    return out


def replay(record: JSON | str) -> JSON:
    """Replay a log from `log()`; the result's state equals the state the log was taken from (without redo)."""
    data = _data(record, "log")
    if type(data) is not dict or not {"game", "deal", "moves"} <= set(data) <= {"game", "deal", "moves", "variant"}:
        raise EngineError("a log is an object {game, deal, moves} (and variant, when one was chosen)", "call")
    game = _game(data["game"])
    moves = data["moves"]
    if type(moves) is not list or len(moves) > MAX_MOVES:
        raise EngineError(f"a log's moves are a list of at most {MAX_MOVES} move ids", "call")
    variant = data.get("variant", "")
    if type(variant) is not str or (variant and variant not in game.variants):
        raise EngineError(f"{game.slug} has no variant {variant!r}", "variant")
    state, _ = game.new_state(_deal(data["deal"]), variant)
    for move_id in moves:
        game.apply(state, find_move(game, state, move_id))
    return _result(game, state, [])
