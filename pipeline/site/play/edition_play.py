"""The browser worker's side of the board: one game session over `pipeline.engine.api`, JSON strings in and out.

Shipped beside the engine into Pyodide's file system (as the top-level module `edition_play`) and called once per
user action by worker.mjs. It holds the current state, so a move costs one call whose answer carries only what the
board draws: piles, face-down counts, variables, the steps to animate, the next legal moves, status and score.
No rule of any game is here: legality, hints and what auto-play may play all come from the engine.
Runs under CPython too (tests/site/play/test_session.py), with the same answers.

A call the engine refuses (an `EngineError`: an illegal move, a bad deal number, no game started yet, a state that
is not one the game can be in) answers ``{"refused": {"message": <a short Russian sentence for the player>,
"detail": <the engine's one-line English message>}}``, which worker.mjs turns into its usual error answer; any other
exception (a bug) is refused the same way with a general sentence, its traceback going to stderr (the browser's
console), never to the player.
"""
from __future__ import annotations

import functools
import json
import sys
import traceback
from typing import Any, Callable

from pipeline.engine import api, registry
from pipeline.engine.errors import EngineError
from pipeline.engine.serial import state_from_json

_session: dict[str, Any] = {"state": None}

# what the player reads, by the kind of the engine's refusal
MESSAGES_RU = {
    "move": "Этот ход невозможен.",
    "deal": "Номер раздачи — целое число от 1 до 18446744073709551615.",
    "game": "Такой игры в издании нет.",
    "state": "Партия повреждена: начните раздачу заново.",
    "call": "Сначала начните партию.",
}
INTERNAL_RU = "Внутренняя ошибка движка: действие не выполнено."


def refusal(err: BaseException) -> str:
    """The answer for a refused call: a Russian sentence for the player and a one-line detail, never a traceback."""
    if isinstance(err, EngineError):
        message, detail = MESSAGES_RU.get(err.kind, INTERNAL_RU), str(err).splitlines()[0][:300]
    else:
        print("".join(traceback.format_exception(err)), file=sys.stderr)
        message, detail = INTERNAL_RU, type(err).__name__
    return json.dumps({"refused": {"message": message, "detail": detail}}, ensure_ascii=False)


def guarded(fn: Callable[..., str]) -> Callable[..., str]:
    """The session's entry points answer a refusal instead of raising."""
    @functools.wraps(fn)
    def call(*args: Any) -> str:
        try:
            return fn(*args)
        except Exception as err:  # noqa: BLE001 - the boundary to the page: nothing may escape as a traceback
            return refusal(err)
    return call


def _state() -> dict[str, Any]:
    if _session["state"] is None:
        raise EngineError("no game yet: call new_game first", "call")
    return _session["state"]


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


def _deal(deal: Any) -> int:
    """The page sends the deal as a number (or the text of one, from the URL): a whole number, else refused."""
    if type(deal) is float and deal.is_integer() and abs(deal) < 2 ** 63:
        return int(deal)
    if type(deal) is str and deal.strip().isdigit() and len(deal) <= 20:
        return int(deal)
    return deal  # api.new_game refuses anything else as a deal number


@guarded
def new_game(slug: str, deal: int) -> str:
    """Deal number `deal` of `slug`; the answer also carries the layout and the rules (info)."""
    result = api.new_game(slug, _deal(deal))
    return _view(result, layout=result["layout"], info=result["info"])


@guarded
def apply(move_id: str) -> str:
    return _view(api.apply(_state(), move_id))


@guarded
def undo() -> str:
    return _view(api.undo(_state()))


@guarded
def redo() -> str:
    return _view(api.redo(_state()))


HINT_BUDGET = 3000  # positions the solver may look at for one hint: about a second in the browser


@guarded
def hint(budget: int = HINT_BUDGET) -> str:
    """A real legal move: from `pipeline.solve.search.hint(state, budget)` (budget = positions searched) when the
    solver exists and answers, else from `api.hint` (the greedy policy). {id, by} or {id: null}."""
    state = _state()
    if type(budget) is not int or not 1 <= budget <= 10 * HINT_BUDGET:
        budget = HINT_BUDGET
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


@guarded
def auto_step() -> str:
    """One step of auto-play to the foundations: the engine's hint, if it plays a card to a foundation (kind
    "play"), applied; else {"done": true}. The board calls this again until done, so the reader can stop it."""
    state = _state()
    move_id = api.hint(state)
    kinds = {m["id"]: m["kind"] for m in api.legal_moves(state)}
    if move_id is None or kinds.get(move_id) != "play":
        return json.dumps({"done": True})
    return _view(api.apply(state, move_id), done=False)


@guarded
def log() -> str:
    """{game, deal, moves}: the moves played so far (for sharing and for the tests' replay)."""
    return json.dumps(api.log(_state()), ensure_ascii=False)
