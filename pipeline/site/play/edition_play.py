"""The browser worker's side of the board: one game session over `pipeline.engine.api`, JSON strings in and out.

Shipped beside the engine into Pyodide's file system (as the top-level module `edition_play`) and called once per
user action by worker.mjs. It holds the current state, so a move costs one call whose answer carries only what the
board draws: piles, face-down counts, variables, the steps to animate, the next legal moves, status and score.
No rule of any game is here: legality, hints and what auto-play may play all come from the engine.
Runs under CPython too (tests/site/play/test_session.py), with the same answers.
"""
from __future__ import annotations

import json
from typing import Any

from pipeline.engine import api, registry
from pipeline.engine.serial import state_from_json

_session: dict[str, Any] = {"state": None}


def games() -> str:
    """The registered games: [{slug, title_ru, players}]."""
    return json.dumps([{"slug": g.slug, "title_ru": g.title_ru, "players": g.players}
                       for g in registry.games().values()], ensure_ascii=False)


def _places(state: dict[str, Any], legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Give a legal move that moves no card (it only turns cards, like Sympathy's "turn a packet") the pile it
    acts on, as `at`, read from the engine's own steps of that move: the board then plays it by a click there."""
    if all(m.get("from") for m in legal):
        return legal
    game = registry.get(state["game"])
    steps = {m.id: m.steps for m in game.legal_moves(state_from_json(game, state))}
    for entry in legal:
        if entry.get("from"):
            continue
        pile = next((s[1] for s in steps.get(entry["id"], ()) if s[0] in ("flip", "move", "pick")), None)
        if pile is not None:
            entry["at"] = game.names[pile]
    return legal


def _view(result: dict[str, Any], **extra: Any) -> str:
    """What the board needs of an API result; the state keeps its history in the worker only."""
    state = result["state"]
    _session["state"] = state
    view = {
        "state": {k: v for k, v in state.items() if k not in ("history", "future")},
        "history": len(state["history"]),
        "future": len(state["future"]),
        "last": state["history"][-1]["id"] if state["history"] else None,
        "steps": result["steps"],
        "legal_moves": _places(state, result["legal_moves"]),
        "status": result["status"],
        "score": result["score"],
        **extra,
    }
    return json.dumps(view, ensure_ascii=False)


def new_game(slug: str, deal: int) -> str:
    """Deal number `deal` of `slug`; the answer also carries the layout and the rules (info)."""
    result = api.new_game(slug, int(deal))
    return _view(result, layout=result["layout"], info=result["info"])


def apply(move_id: str) -> str:
    return _view(api.apply(_session["state"], move_id))


def undo() -> str:
    return _view(api.undo(_session["state"]))


def redo() -> str:
    return _view(api.redo(_session["state"]))


HINT_BUDGET = 3000  # positions the solver may look at for one hint: about a second in the browser


def hint(budget: int = HINT_BUDGET) -> str:
    """A real legal move: from `pipeline.solve.search.hint(state, budget)` (budget = positions searched) when the
    solver exists and answers, else from `api.hint` (the greedy policy). {id, by} or {id: null}."""
    state = _session["state"]
    move = None
    by = "greedy"
    try:
        from pipeline.solve import search as solver  # the solver, shipped beside the engine
    except ImportError:
        solver = None
    if solver is not None and hasattr(solver, "hint"):
        try:
            move = solver.hint(state, int(budget))
            by = "solver"
        except Exception:  # a solver that cannot answer must not cost the reader the hint
            move = None
    if isinstance(move, dict):
        move = move.get("id") or move.get("move")
    legal = {m["id"] for m in api.legal_moves(state)}
    if move not in legal:
        move, by = api.hint(state), "greedy"
    return json.dumps({"id": move, "by": by if move else None})


def auto_step() -> str:
    """One step of auto-play to the foundations: the engine's hint, if it plays a card to a foundation (kind
    "play"), applied; else {"done": true}. The board calls this again until done, so the reader can stop it."""
    state = _session["state"]
    move_id = api.hint(state)
    kinds = {m["id"]: m["kind"] for m in api.legal_moves(state)}
    if move_id is None or kinds.get(move_id) != "play":
        return json.dumps({"done": True})
    return _view(api.apply(state, move_id), done=False)


def log() -> str:
    """{game, deal, moves}: the moves played so far (for sharing and for the tests' replay)."""
    return json.dumps(api.log(_session["state"]), ensure_ascii=False)
