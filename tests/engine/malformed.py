"""Malformed calls to the engine's JSON API, shared by tests/engine/test_api_errors.py (hypothesis) and
benchmarks/engine_malformed.py (a fixed list, counted): bad values of every type, JSON texts too large or too deep,
and states corrupted in each way a stored or hand-edited state could be (cards duplicated or missing, face-down
counts out of range, a forged phase, unknown piles, a history that does not lead to the position)."""
from __future__ import annotations

import copy
import json
from typing import Any, Callable

from pipeline.engine import api

DEEP = "[" * 100_000 + "]" * 100_000
BAD_VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 2 ** 64, 10 ** 5000, 1.5, float("nan"), float("inf"), "", "x", "windmill",
    "{", "null", "[]", "{}", "[1, 2]", '{"game": "windmill"}', DEEP, '{"a":' * 50_000, "NaN", "\x00", "\ud800",
    [], {}, [1], {"game": "windmill"}, {"game": "nope"}, {"game": ["windmill"]}, b"windmill", ("windmill",),
    {"game": "windmill", "deal": 1}, "a" * 5000,
]
FUNCTIONS = ("describe", "game_info", "layout", "new_game", "apply", "undo", "redo", "legal_moves", "hint", "log",
             "replay", "find_move")


def played(slug: str = "windmill", deal: int = 1, moves: int = 4, back: int = 1) -> dict:
    """A real state with a history and a redo list: `moves` hinted moves, then `back` undone."""
    r = api.new_game(slug, deal)
    for _ in range(moves):
        move = api.hint(r["state"])
        if move is None:
            break
        r = api.apply(r["state"], move)
    for _ in range(back):
        r = api.undo(r["state"])
    return r["state"]


def _first_nonempty(state: dict, skip: str | None = None) -> str:
    return next(n for n, cards in state["piles"].items() if cards and n != skip)


def _dup(s):
    a = _first_nonempty(s)
    b = _first_nonempty(s, a)
    s["piles"][b][-1] = s["piles"][a][-1]


def _swap(s):
    a = _first_nonempty(s)
    b = _first_nonempty(s, a)
    s["piles"][a][-1], s["piles"][b][-1] = s["piles"][b][-1], s["piles"][a][-1]


def _set(path: tuple, value: Any) -> Callable[[dict], None]:
    def change(s):
        target = s
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _phase(value):
    def change(s):
        s["phase"] = value
        s["vars"]["phase"] = value
    return change


def _first_pile(fn):
    def change(s):
        fn(s, _first_nonempty(s))
    return change


# name -> how a real state is corrupted; every one of them must be refused
CORRUPTIONS: dict[str, Callable[[dict], None]] = {
    "duplicate card": _dup,
    "two cards swapped": _swap,
    "card removed": _first_pile(lambda s, p: s["piles"][p].pop()),
    "card added": _first_pile(lambda s, p: s["piles"][p].append("AS1")),
    "card of a third pack": _first_pile(lambda s, p: s["piles"][p].__setitem__(-1, "AS3")),
    "card id garbage": _first_pile(lambda s, p: s["piles"][p].__setitem__(-1, "ZZ1")),
    "card as a number": _first_pile(lambda s, p: s["piles"][p].__setitem__(-1, 5)),
    "negative face-down": _first_pile(lambda s, p: s["down"].__setitem__(p, -1)),
    "face-down past the pile": _first_pile(lambda s, p: s["down"].__setitem__(p, 999)),
    "face-down as bool": _first_pile(lambda s, p: s["down"].__setitem__(p, True)),
    "face-down of an unknown pile": _set(("down", "nowhere"), 1),
    "unknown pile": _set(("piles", "nowhere"), []),
    "pile missing": lambda s: s["piles"].pop(next(iter(s["piles"]))),
    "pile not a list": _first_pile(lambda s, p: s["piles"].__setitem__(p, "AS1")),
    "phase forged end": _phase("end"),
    "phase forged deal": _phase("deal"),
    "phase forged other": _phase("won"),
    "phase top differs": _set(("phase",), "end"),
    "phase as number": _phase(1),
    "players forged": lambda s: s["vars"].__setitem__("players", s["vars"]["players"] + 1),
    "to_move out of range": _set(("vars", "to_move"), 5),
    "to_move negative": _set(("vars", "to_move"), -1),
    "vars a list": _set(("vars",), []),
    "vars nested": _set(("vars", "extra"), {"a": [1]}),
    "vars forged value": _set(("vars", "forged"), 7),
    "deal zero": _set(("deal",), 0),
    "deal negative": _set(("deal",), -3),
    "deal 2**64": _set(("deal",), 2 ** 64),
    "deal huge": _set(("deal",), 10 ** 5000),
    "deal text": _set(("deal",), "1"),
    "deal bool": _set(("deal",), True),
    "deal float": _set(("deal",), 1.0),
    "deal of another layout": _set(("deal",), 2),
    "game of another game": lambda s: s.__setitem__("game", "windmill" if s["game"] == "parterre" else "parterre"),
    "game unknown": _set(("game",), "nope"),
    "game missing": lambda s: s.pop("game"),
    "extra field": _set(("admin",), True),
    "history not a list": _set(("history",), {}),
    "history entry null": lambda s: s["history"].append(None),
    "history move forged id": lambda s: s["history"][0].__setitem__("id", "forged>move"),
    "history step garbage": lambda s: s["history"][0]["steps"].append(["explode", 1]),
    "history step unknown pile": lambda s: s["history"][0]["steps"][0].__setitem__(1, "nowhere"),
    "history step negative count": lambda s: s["history"][0]["steps"][0].__setitem__(3, -5),
    "history truncated": lambda s: s["history"].pop(),
    "history steps huge": lambda s: s["history"][0]["steps"][0].__setitem__(3, 10 ** 5000),
    "future forged": lambda s: s["future"].append({"id": "x", "kind": "play", "steps": [["set", "phase", "play", "end"]]}),
    "future garbage": _set(("future",), [[1, 2, 3]]),
}


def corrupted(base: dict, name: str) -> dict:
    s = copy.deepcopy(base)
    CORRUPTIONS[name](s)
    return s


def call(function: str, *args: Any) -> Any:
    return getattr(api, function)(*args)


def fixed_cases() -> list[tuple[str, tuple]]:
    """The same malformed calls every run: (function, args)."""
    base = played()
    text = json.dumps(base)
    cases: list[tuple[str, tuple]] = []
    for v in BAD_VALUES:
        if v not in ("windmill", 1):  # (those two make a valid call of describe/new_game)
            cases += [("describe", (v,)), ("game_info", (v,)), ("layout", (v,)), ("new_game", (v, 1)),
                      ("new_game", ("windmill", v))]
        cases += [("find_move", (v, v, "x"))]
        cases += [("apply", (v, "x")),
                  ("apply", (base, v)), ("undo", (v,)), ("redo", (v,)), ("legal_moves", (v,)), ("hint", (v,)),
                  ("log", (v,)), ("replay", (v,))]
    for name in CORRUPTIONS:
        s = corrupted(base, name)
        cases += [("legal_moves", (s,)), ("apply", (s, base["history"][0]["id"])), ("undo", (s,)), ("redo", (s,)),
                  ("hint", (s,)), ("log", (s,))]
        try:
            cases.append(("apply", (json.dumps(s), "x")))
        except ValueError:
            pass  # a number too large to write as JSON text
    cases += [("apply", (text, "nope")), ("apply", (text[: len(text) // 2], "x")), ("apply", (text + "x", "x")),
              ("replay", ({"game": "windmill", "deal": 1, "moves": ["nope"]},)),
              ("replay", ({"game": "windmill", "deal": 0, "moves": []},)),
              ("replay", ({"game": "windmill", "deal": 1, "moves": [None]},)),
              ("replay", ({"game": "windmill", "deal": 1, "moves": "abc"},)),
              ("replay", ({"game": "windmill", "deal": 1},)),
              ("new_game", ("windmill", 10 ** 5000)), ("new_game", ("windmill", 2 ** 64)),
              ("new_game", ("windmill", True))]
    return cases
