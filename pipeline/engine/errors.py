"""The engine's one error type for a bad call: every API function raises `EngineError` — and nothing else — for an
unknown game, a deal number out of range, a malformed or inconsistent state, or an illegal move.

`kind` says which ("game", "deal", "state", "move", "variant", "call"), so that a front end can tell the player in a sentence
of its own (the in-page worker says it in Russian) without showing the English message, let alone a traceback.
"""
from __future__ import annotations

KINDS = ("game", "deal", "state", "move", "variant", "call")


class EngineError(ValueError):
    """A bad call to the engine, with a short message saying what is wrong (one line, no traceback needed)."""

    def __init__(self, message: str, kind: str = "call") -> None:
        if kind not in KINDS:
            raise ValueError(f"EngineError kind must be one of {KINDS}, not {kind!r}")
        super().__init__(message)
        self.kind = kind


def show(value: object) -> str:
    """A value as an error message may quote it: short, and never failing (a 5000-digit number has no repr here)."""
    if type(value) is int and value.bit_length() > 128:
        return "a very large number"
    text = repr(value) if isinstance(value, (int, float, str, bool, type(None))) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."
