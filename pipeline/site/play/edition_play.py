"""The browser worker's side of the board: one live game session over the engine, JSON strings out.

Shipped beside the engine into Pyodide's file system (as the top-level module `edition_play`) and called once per
user action by worker.mjs. The session holds the engine's own `Game` and `State` (with its history, for undo and
redo) and the legal moves of the current position, computed once when the position is reached: a click looks its
move up among them, plays it on the live state and computes the next position's moves — one `legal_moves` call a
click, no JSON decoded. JSON is produced only for the view: piles, face-down counts, variables, the steps to
animate, the next legal moves, status and score. No rule of any game is here: legality, hints and what auto-play
may play all come from the engine (`Game`, `api`'s JSON shapes, `policies`, `pipeline.solve.search`).
Runs under CPython too (tests/site/play/test_session.py, benchmarks/session.py), with the same answers.

A call the engine refuses (an `EngineError`: an illegal move, a bad deal number, no game started yet) answers
``{"refused": {"message": <a short Russian sentence for the player>, "detail": <the engine's one-line English
message>}}``, which worker.mjs turns into its usual error answer; any other exception (a bug) is refused the same
way with a general sentence, its traceback going to stderr (the browser's console), never to the player.
"""
from __future__ import annotations

import functools
import json
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

from pipeline.engine import api, registry
from pipeline.engine.cards import card_id
from pipeline.engine.core import Game, Move, State, undo_step
from pipeline.engine.errors import EngineError
from pipeline.engine.policies import preferred
from pipeline.engine.serial import copy_state, steps_for_display


@dataclass
class Session:
    """A game being played: the engine's state and the legal moves of its position (computed once, on arrival)."""

    game: Game
    state: State
    moves: list[Move] = field(default_factory=list)
    legal: list[dict[str, Any]] = field(default_factory=list)  # `moves` as the board reads them

    def arrive(self) -> None:
        """The position changed: its legal moves, once, in the engine's objects and as JSON for the board."""
        self.moves = self.game.legal_moves(self.state)
        self.legal = _places(self.game, self.moves, api._moves_json(self.game, self.state, self.moves))

    def move(self, move_id: Any) -> Move:
        """The legal move of this id, looked up among the position's moves (not computed again)."""
        if type(move_id) is str:
            for m in self.moves:
                if m.id == move_id:
                    return m
        legal = ", ".join(m.id for m in self.moves[:12]) or "none (game over)"
        raise EngineError(f"move {str(move_id)[:60]!r} is not legal in {self.game.slug} now; legal: {legal}", "move")


_session: dict[str, Any] = {"now": None}

# A shared worker (worker.mjs) serves the pages of several chapters with one engine: each page's game is its own,
# under the page's key; `use` makes a page's game the one the calls below act on. A dedicated worker serves one page,
# the key "". The least recently used games beyond PAGES_KEPT are dropped (a page that went away without saying so).
_pages: dict[str, Session | None] = {}
_current: dict[str, str] = {"key": ""}
PAGES_KEPT = 16


def use(key: str) -> None:
    """The game of the page `key` becomes the session's (none yet: a page that has just connected starts its own
    with `new_game`); the game in use is kept under its page's key."""
    if key == _current["key"]:
        return
    _pages[_current["key"]] = _session["now"]
    _session["now"] = _pages.pop(key, None)
    _current["key"] = key
    while len(_pages) > PAGES_KEPT:
        del _pages[next(iter(_pages))]


def forget(key: str) -> None:
    """The page `key` went away: its game is dropped."""
    _pages.pop(key, None)
    if key == _current["key"]:
        _session["now"] = None

# what the player reads, by the kind of the engine's refusal
MESSAGES_RU = {
    "move": "Этот ход невозможен.",
    "deal": "Номер раздачи — целое число от 1 до 18446744073709551615.",
    "game": "Такой игры в издании нет.",
    "state": "Партия повреждена: начните раздачу заново.",
    "call": "Сначала начните партию.",
    "variant": "Такого варианта правил у этой игры нет.",
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


def _now() -> Session:
    session = _session["now"]
    if session is None:
        raise EngineError("no game yet: call new_game first", "call")
    return session


def _deal(deal: Any) -> Any:
    """The page sends the deal as a number (or the text of one, from the URL): a whole number, else refused."""
    if type(deal) is float and deal.is_integer() and abs(deal) < 2 ** 63:
        return int(deal)
    if type(deal) is str and deal.strip().isdigit() and len(deal) <= 20:
        return int(deal)
    return deal  # api._deal refuses anything else as a deal number


def games() -> str:
    """The registered games: [{slug, title_ru, players}]."""
    return json.dumps([{"slug": g.slug, "title_ru": g.title_ru, "players": g.players}
                       for g in registry.games().values()], ensure_ascii=False)


def _places(game: Game, moves: list[Move], legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Give a legal move that moves no card (it only turns cards, like Sympathy's "turn a packet") the pile it
    acts on, as `at`, read from the engine's own steps of that move: the board then plays it by a click there."""
    for move, entry in zip(moves, legal):
        if entry.get("from"):
            continue
        pile = next((s[1] for s in move.steps if s[0] in ("flip", "move", "pick")), None)
        if pile is not None:
            entry["at"] = game.names[pile]
    return legal


def _view(session: Session, steps: list[dict[str, Any]], **extra: Any) -> str:
    """What the board draws of the session's position (the state without its history, which stays here)."""
    game, st = session.game, session.state
    view = {
        "state": {"game": st.game, "deal": st.deal, "phase": st.vars["phase"], "players": st.vars["players"],
                  "to_move": st.vars["to_move"],
                  "piles": {name: [card_id(c) for c in st.piles[i]] for i, name in enumerate(game.names)},
                  "down": {name: st.down[i] for i, name in enumerate(game.names) if st.down[i]},
                  "vars": dict(st.vars)},
        "history": len(st.history),
        "future": len(st.future),
        "last": st.history[-1].id if st.history else None,
        "steps": steps,
        "legal_moves": session.legal,
        "status": game.status(st),
        "score": game.score(st),
        **extra,
    }
    return json.dumps(view, ensure_ascii=False)


def initial_view(slug: str, deal: int) -> dict[str, Any]:
    """The view of a fresh deal without its deal steps (what the build embeds into the chapter page)."""
    view = json.loads(new_game(slug, deal))
    if "refused" in view:
        raise EngineError(view["refused"]["detail"], "call")
    view.pop("steps")
    return view


@guarded
def new_game(slug: str, deal: int, variant: str = "") -> str:
    """Deal number `deal` of `slug`, in the reading `variant` of its rules ("" the edition's own; the others are
    the game's `variants`, which the board offers); the answer also carries the layout and the rules (info)."""
    game = api._game(slug)  # the API's checks of a game and a deal number
    if type(variant) is not str or (variant and variant not in game.variants):
        raise EngineError(f"{game.slug} has no variant {str(variant)[:40]!r}; variants: "
                          f"{', '.join(game.variants) or 'none'}", "variant")
    state, steps = game.new_state(api._deal(_deal(deal)), variant)
    blank = copy_state(state)
    for step in reversed(steps):  # the undealt pack, so the deal's steps can be shown card by card
        undo_step(blank, step)
    session = Session(game, state)
    session.arrive()
    _session["now"] = session
    return _view(session, steps_for_display(game, blank, steps), layout=api.layout(game), info=api.game_info(game))


@guarded
def apply(move_id: str) -> str:
    session = _now()
    move = session.move(move_id)
    before = copy_state(session.state)
    steps = session.game.apply(session.state, move)
    session.arrive()
    return _view(session, steps_for_display(session.game, before, steps))


@guarded
def undo() -> str:
    session = _now()
    before = copy_state(session.state)
    steps = session.game.undo(session.state)
    session.arrive()
    return _view(session, steps_for_display(session.game, before, steps, undo=True))


@guarded
def redo() -> str:
    session = _now()
    before = copy_state(session.state)
    steps = session.game.redo(session.state)
    session.arrive()
    return _view(session, steps_for_display(session.game, before, steps))


HINT_SECONDS = 0.2  # one hint's time box in the worker, the greedy answer included: the rest of the 0.3 s the reader is
# promised goes to the messages and the drawing (measured at load 24: Empress 378 ms median with a 0.25 s box)
FIRST_BUDGET = 64  # positions of the first, smallest search
MARGIN = 0.01  # of the box, kept for the greedy answer and the JSON after the search is stopped


class OutOfTime(BaseException):
    """Raised into a search when its time box is over (a BaseException: a solver's `except Exception` lets it by)."""


def boxed(fn: Callable[[], Any], deadline: float) -> Any:
    """`fn()`, stopped when the clock passes `deadline`: the solvers honour a time limit only roughly (some check
    the clock between phases, some not in every loop), so the box is kept from outside them — a profile hook that
    looks at the clock on every Python call and stops the search there (None). Only ever on a copy of the state
    (`timed_search`), so a search cut anywhere leaves the game as it was."""
    def watch(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and time.perf_counter() > deadline:
            raise OutOfTime
    previous = sys.getprofile()
    sys.setprofile(watch)
    try:
        return fn()
    except OutOfTime:
        return None
    finally:
        sys.setprofile(previous)


def timed_search(session: Session, seconds: float) -> str | None:
    """The first move of a winning line that `pipeline.solve.search.solve_state` finds within `seconds`, or None.
    Budgets grow to the time left: a small search first, then each next budget sized by the positions per second
    the last one ran at (at most 8 times larger), until a win is found, the position is proved lost, or the box
    is over; the box itself is kept by `boxed`, whatever the solver does. Each search runs on a copy."""
    from pipeline.solve import search  # the solver, shipped beside the engine

    legal = {m.id for m in session.moves}
    deadline = time.perf_counter() + seconds
    budget = FIRST_BUDGET
    while True:
        began = time.perf_counter()
        found = boxed(lambda: search.solve_state(session.game, _copy(session.state), node_limit=budget,
                                                 time_limit=max(0.005, deadline - began)), deadline)
        if found is None:  # stopped by the box
            return None
        if found.status == search.WON and found.moves:
            return found.moves[0] if found.moves[0] in legal else None
        now = time.perf_counter()
        left = deadline - now
        if found.status == search.LOST or left <= 0 or found.nodes < budget:  # lost, or out of time
            return None
        rate = found.nodes / max(now - began, 1e-4)
        wanted = min(int(rate * left * 0.8), budget * 8)
        if wanted <= budget:
            return None
        budget = wanted


@guarded
def hint(seconds: float = HINT_SECONDS) -> str:
    """A real legal move within `seconds` in all: the first move of a winning line found by the time-boxed search
    (`timed_search`), else the greedy policy's pick among the position's moves (computed already: nothing is
    played to choose it). {id, by} or {id: null}."""
    started = time.perf_counter()
    session = _now()
    if not session.moves:
        return json.dumps({"id": None, "by": None})
    if type(seconds) not in (int, float) or not 0 < seconds <= 2:
        seconds = HINT_SECONDS
    try:
        move = timed_search(session, max(0.0, float(seconds) - MARGIN - (time.perf_counter() - started)))
    except ImportError:  # no solver shipped: the greedy policy alone
        move = None
    except Exception:  # a solver that cannot answer must not cost the reader the hint
        move = None
    by = "solver"
    if move is None:
        choice = preferred(session.moves)
        move, by = (choice.id if choice else None), "greedy"
    return json.dumps({"id": move, "by": by if move else None})


def _copy(state: State) -> State:
    """A copy the search may play on (with the history, which some solvers read for repetition)."""
    out = copy_state(state)
    out.history, out.future = list(state.history), list(state.future)
    return out


@guarded
def auto_step() -> str:
    """One step of auto-play to the foundations: the greedy policy's move, if it plays a card to a foundation
    (kind "play"), applied; else {"done": true}. The board calls this again until done, so the reader can stop it."""
    session = _now()
    choice = preferred(session.moves)  # the greedy policy's pick (with no positions to avoid: all moves)
    if choice is None or choice.kind != "play":
        return json.dumps({"done": True})
    before = copy_state(session.state)
    steps = session.game.apply(session.state, session.move(choice.id))
    session.arrive()
    return _view(session, steps_for_display(session.game, before, steps), done=False)


@guarded
def log() -> str:
    """{game, deal, moves}: the moves played so far (for sharing and for the tests' replay)."""
    st = _now().state
    return json.dumps({"game": st.game, "deal": st.deal, "moves": [m.id for m in st.history]}, ensure_ascii=False)
