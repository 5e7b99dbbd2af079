"""State, moves and steps to and from JSON-ready dicts (pile names and card ids, never bare indices).

A state read from JSON is checked before the engine touches it (`state_from_json`): its shape and types, every card
of the game's packs exactly once, face-down counts in range, known pile names, and — what makes it a position the
game can produce — its recorded moves replayed from its deal's layout must be legal, carry the engine's own steps and reach
exactly its position (so the phase and the variables are what the game sets there), and its redo list must replay
the same way. A state the engine itself returned is known by its digest and not replayed again. A JSON text is bounded in size and nesting depth before it is parsed. Any failure is an
`EngineError` of kind "state" with a one-line message.
"""
from __future__ import annotations

import json
import re
from typing import Any

from .cards import card_id, parse_card
from .core import Game, Move, State, Step
from .errors import EngineError
from .errors import show as _show
from .rng import MASK

MAX_JSON_CHARS = 4_000_000   # a long game's state is some tens of kB
MAX_DEPTH = 8                # a state nests five deep: {history: [{steps: [[…]]}]}
MAX_MOVES = 5_000            # history or redo list (a long game has some hundreds)
MAX_STEPS = 2_000            # steps of one move (a deal of the whole pack, with its forced steps)
MAX_VARS = 64
MAX_TEXT = 200               # a variable's text, a move id or kind
TOP_KEYS = frozenset({"game", "deal", "phase", "players", "to_move", "piles", "down", "vars", "history", "future"})
PHASES = ("play", "end")     # "deal" exists only inside Game.new_state
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def parse_json(text: str, what: str = "state") -> Any:
    """JSON text → value, refusing (EngineError) a text over MAX_JSON_CHARS or nested deeper than MAX_DEPTH before
    parsing it, and NaN/Infinity, which JSON does not have."""
    if len(text) > MAX_JSON_CHARS:
        raise EngineError(f"{what}: JSON of {len(text)} characters, more than {MAX_JSON_CHARS}", "state")
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub('""', text)):
        depth += 1 if m.group() in "[{" else -1
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            raise EngineError(f"{what}: JSON nested deeper than {MAX_DEPTH}", "state")

    def constant(name: str):
        raise EngineError(f"{what}: {name} is not a JSON number", "state")

    try:
        return json.loads(text, parse_constant=constant)
    except (ValueError, RecursionError) as err:
        if isinstance(err, EngineError):
            raise
        raise EngineError(f"{what}: not valid JSON ({str(err).splitlines()[0][:120]})", "state") from None


def _bad(message: str) -> EngineError:
    return EngineError(f"bad state: {message}", "state")


def _int(value: Any, what: str, low: int = 0, high: int = MASK) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _bad(f"{what} must be a whole number from {low} to {high}, not {_show(value)}")
    return value


def _scalar(value: Any, what: str) -> Any:
    """A game variable's value: None, a bool, a whole number or a short text (what the games store)."""
    if value is None or type(value) is bool:
        return value
    if type(value) is int and -MASK <= value <= MASK:
        return value
    if type(value) is str and len(value) <= MAX_TEXT:
        return value
    raise _bad(f"{what} must be null, true/false, a whole number or a short text, not {_show(value)}")


def _text(value: Any, what: str) -> str:
    if type(value) is not str or not value or len(value) > MAX_TEXT:
        raise _bad(f"{what} must be a non-empty text of at most {MAX_TEXT} characters, not {_show(value)}")
    return value


def step_to_json(game: Game, step: Step) -> list:
    """Compact form kept in the state's history: pile names instead of indices."""
    if step[0] == "move":
        return ["move", game.names[step[1]], game.names[step[2]], step[3], step[4], step[5]]
    if step[0] == "pick":
        return ["pick", game.names[step[1]], step[2], game.names[step[3]], step[4], step[5]]
    if step[0] == "flip":
        return ["flip", game.names[step[1]], step[2], step[3]]
    return list(step)


def step_from_json(game: Game, data: list) -> Step:
    """A step of the history, its shape and types checked (pile names known, counts whole numbers ≥ 0)."""
    if type(data) is not list or not data:
        raise _bad(f"a step must be a non-empty list, not {_show(data)}")
    op = data[0]
    shapes = {"move": 6, "pick": 6, "flip": 4, "set": 4}
    if op not in shapes or len(data) != shapes[op]:
        raise _bad(f"a step must be move/pick (6 items) or flip/set (4 items), not {_show(op)} of {len(data)}")

    def pile(name: Any) -> int:
        if type(name) is not str or name not in game.index:
            raise _bad(f"no pile {_show(name)} in {game.slug}")
        return game.index[name]

    size = game.ncards
    if op == "move":
        return ("move", pile(data[1]), pile(data[2]), _int(data[3], "a move's card count", 1, size),
                _int(data[4], "a face-down count", 0, size), _int(data[5], "a face-down count", 0, size))
    if op == "pick":
        return ("pick", pile(data[1]), _int(data[2], "a pick's position", 0, size - 1), pile(data[3]),
                _int(data[4], "a face-down count", 0, size), _int(data[5], "a face-down count", 0, size))
    if op == "flip":
        return ("flip", pile(data[1]), _int(data[2], "a face-down count", 0, size),
                _int(data[3], "a face-down count", 0, size))
    return ("set", _text(data[1], "a variable's name"), _scalar(data[2], "a variable"), _scalar(data[3], "a variable"))


def move_to_json(game: Game, move: Move) -> dict[str, Any]:
    return {"id": move.id, "kind": move.kind, "steps": [step_to_json(game, s) for s in move.steps]}


def move_from_json(game: Game, data: dict) -> Move:
    if type(data) is not dict or set(data) - {"id", "kind", "steps"}:
        raise _bad(f"a recorded move must be an object with id, kind and steps, not {_show(data)}")
    steps = data.get("steps")
    if type(steps) is not list or len(steps) > MAX_STEPS:
        raise _bad(f"a recorded move's steps must be a list of at most {MAX_STEPS}")
    return Move(_text(data.get("id"), "a move id"), [step_from_json(game, s) for s in steps],
                _text(data.get("kind", "play"), "a move kind"))


def state_to_json(game: Game, state: State) -> dict[str, Any]:
    return {
        "game": state.game,
        "deal": state.deal,
        "phase": state.vars["phase"],
        "players": state.vars["players"],
        "to_move": state.vars["to_move"],
        "piles": {name: [card_id(c) for c in state.piles[i]] for i, name in enumerate(game.names)},
        "down": {name: state.down[i] for i, name in enumerate(game.names) if state.down[i]},
        "vars": dict(state.vars),
        "history": [move_to_json(game, m) for m in state.history],
        "future": [move_to_json(game, m) for m in state.future],
    }


def state_from_json(game: Game, data: Any) -> State:
    """The state a JSON object describes, checked (see the module docstring); EngineError "state" if it is not one
    the game can be in."""
    if type(data) is not dict:
        raise _bad(f"a state must be a JSON object, not {_show(data)}")
    if data.get("game") != game.slug:
        raise _bad(f"state is for game {_show(data.get('game'))}, not {game.slug!r}")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise _bad(f"unknown field {_show(sorted(map(str, unknown))[0])}")
    deal = _int(data.get("deal"), "deal", 1, MASK)
    piles_in, down_in, vars_in = data.get("piles"), data.get("down", {}), data.get("vars")
    if type(piles_in) is not dict or set(piles_in) != set(game.names):
        missing = sorted(set(game.names) - set(piles_in)) if type(piles_in) is dict else []
        extra = sorted(map(str, set(piles_in) - set(game.names))) if type(piles_in) is dict else []
        raise _bad(f"piles must name exactly the piles of {game.slug}"
                   + (f" (missing {missing[0]!r})" if missing else "") + (f" (no pile {extra[0]!r})" if extra else ""))
    piles = []
    for name in game.names:
        cards = piles_in[name]
        if type(cards) is not list or len(cards) > game.ncards:
            raise _bad(f"pile {name} must be a list of at most {game.ncards} card ids")
        try:
            piles.append([parse_card(c) if type(c) is str else parse_card("") for c in cards])
        except ValueError:
            raise _bad(f"pile {name} holds something that is not a card id") from None
    seen = sorted(c for p in piles for c in p)
    if seen != list(range(game.ncards)):
        dup = next((card_id(a) for a, b in zip(seen, seen[1:]) if a == b), None)
        stray = next((card_id(c) for c in seen if c >= game.ncards), None)
        raise _bad(f"the cards are not the {game.decks} pack(s) of {game.slug} exactly once"
                   + (f" ({dup} twice)" if dup else f" ({stray} is not in the game)" if stray else
                      f" ({game.ncards - len(seen)} missing)"))
    if type(down_in) is not dict or set(down_in) - set(game.names):
        raise _bad("down must map pile names of the game to face-down counts")
    down = [_int(down_in.get(name, 0), f"face-down count of {name}", 0, len(piles[i]))
            for i, name in enumerate(game.names)]
    if type(vars_in) is not dict or len(vars_in) > MAX_VARS:
        raise _bad(f"vars must be an object of at most {MAX_VARS} variables")
    variables = {_text(k, "a variable's name"): _scalar(v, f"variable {k}") for k, v in vars_in.items()}
    if variables.get("phase") not in PHASES:
        raise _bad(f"phase must be one of {', '.join(PHASES)}, not {_show(variables.get('phase'))}")
    if variables.get("players") != game.players or type(variables.get("players")) is not int:
        raise _bad(f"{game.slug} is played by {game.players}, not {_show(variables.get('players'))}")
    _int(variables.get("to_move"), "to_move", 0, game.players - 1)
    for key in ("phase", "players", "to_move"):
        if key in data and data[key] != variables[key]:
            raise _bad(f"{key} {_show(data[key])} differs from vars.{key} {_show(variables[key])}")
    lists = []
    for key in ("history", "future"):
        moves = data.get(key, [])
        if type(moves) is not list or len(moves) > MAX_MOVES:
            raise _bad(f"{key} must be a list of at most {MAX_MOVES} moves")
        lists.append([move_from_json(game, m) for m in moves])
    state = State(game.slug, deal, piles, down, variables, lists[0], lists[1])
    digest = state_digest(data)
    if digest not in _PRODUCED:
        _check_replay(game, state)
        produced(digest)
    return state


# Digests of the states the engine itself produced or already checked by replay, so that the worker's session,
# which hands back the state the last call returned, does not pay a replay per action. Sound: a state with the
# same canonical JSON is the same state.
_PRODUCED: dict[bytes, None] = {}
_PRODUCED_MAX = 512


def state_digest(data: dict[str, Any]) -> bytes:
    import hashlib

    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).digest()


def produced(digest: bytes) -> None:
    _PRODUCED.pop(digest, None)
    _PRODUCED[digest] = None
    while len(_PRODUCED) > _PRODUCED_MAX:
        del _PRODUCED[next(iter(_PRODUCED))]


def _check_replay(game: Game, state: State) -> None:
    """The state is one the game produces: from its deal's layout, each recorded move is legal in turn and its
    recorded steps are the engine's, and the position reached is the state's (piles, face-down counts, variables,
    phase); the redo list replays the same way from there, in the state's reading of the rules (vars.variant)."""
    variant = state.vars.get("variant", "")
    if type(variant) is not str or (variant and variant not in game.variants):
        raise _bad(f"{game.slug} has no variant {_show(variant)}")
    here, _ = game.new_state(state.deal, variant)
    for moves in (state.history, list(reversed(state.future))):
        for recorded in moves:
            legal = next((m for m in game.legal_moves(here) if m.id == recorded.id), None)
            if legal is None:
                raise _bad(f"move {recorded.id!r} of its history or redo list is not legal where it stands")
            steps = game.apply(here, legal)
            if [tuple(x) for x in steps] != [tuple(x) for x in recorded.steps] or legal.kind != recorded.kind:
                raise _bad(f"move {recorded.id!r} is recorded with steps the engine does not play")
        if moves is state.history and (here.piles, here.down, here.vars) != (state.piles, state.down, state.vars):
            raise _bad(f"its position is not the one its history reaches from deal {state.deal}")


def steps_for_display(game: Game, before: State, steps: list[Step], undo: bool = False) -> list[dict[str, Any]]:
    """Steps with the cards they carry, for animation. `before` is a throwaway copy of the state before them."""
    from .core import do_step, undo_step

    out = []
    for step in steps:
        if step[0] == "move":
            src, dst, n = (step[2], step[1], step[3]) if undo else (step[1], step[2], step[3])
            cards = [card_id(c) for c in before.piles[src][-n:]]
            out.append({"op": "move", "from": game.names[src], "to": game.names[dst], "cards": cards})
        elif step[0] == "pick":
            src, dst = (step[3], step[1]) if undo else (step[1], step[3])
            card = before.piles[step[3]][-1] if undo else before.piles[step[1]][step[2]]
            out.append({"op": "move", "from": game.names[src], "to": game.names[dst], "cards": [card_id(card)],
                        "position": step[2]})
        elif step[0] == "flip":
            out.append({"op": "flip", "pile": game.names[step[1]],
                        "down": step[2] if undo else step[3]})
        else:
            out.append({"op": "set", "key": step[1], "value": step[2] if undo else step[3]})
        (undo_step if undo else lambda s, st: do_step(s, st, game.face_down))(before, step)
    return out


def copy_state(state: State) -> State:
    return State(state.game, state.deal, [list(p) for p in state.piles], list(state.down), dict(state.vars))
