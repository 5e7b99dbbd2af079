"""What the editors know about the book, read from ``source/editorial/`` (never written into code).

Every editorial file is read and its shape checked here, in one place (:func:`read_json` and the ``_shape_*``
functions), so a later stage can index the data without guarding: a missing, truncated, empty or mistyped file is
a :class:`SourceError` naming the file, the line and column of a JSON syntax error, and the key at fault.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.text.errors import SourceError, describe, forbidden

SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# ids the TEI gives to other things: the header's responsibilities, the notes, a chapter no evidence identifies
RESERVED = re.compile(r"ed|corrector|notes-lost|note-\d+|unidentified-\d+")
MAX_NOTE = 99  # an anchor is [N] with one or two digits


@dataclass(frozen=True)
class GameRecord:
    number: int
    slug: str
    english: str
    title: str | None
    decks: int | None
    players: int
    notes: tuple[int, ...]


@dataclass(frozen=True)
class Artifact:
    """A line of the online reader's interface (``reader.json``): what it says, its role, and why it is one."""

    line: str
    role: str
    why: str


@dataclass
class Editorial:
    games: list[GameRecord]
    identify: list[dict] = field(default_factory=list)
    titles: dict[str, dict] = field(default_factory=dict)
    remarks: list[dict] = field(default_factory=list)
    corrections_path: Path | None = None
    artifacts: list[Artifact] = field(default_factory=list)

    @property
    def max_note(self) -> int:
        return max((n for g in self.games for n in g.notes), default=0)

    def game(self, slug: str) -> GameRecord:
        """The game of a slug; a chapter the evidence could not identify gets a stand-in with number 0."""
        found = next((g for g in self.games if g.slug == slug), None)
        return found or GameRecord(0, slug, "unidentified chapter", None, None, 1, ())

    def by_number(self, number: int) -> GameRecord | None:
        return next((g for g in self.games if g.number == number), None)

    def game_of_note(self, n: int) -> GameRecord | None:
        return next((g for g in self.games if n in g.notes), None)


class _Shape:
    """Checks one decoded JSON file against the shape the stages expect; a mismatch names the key path."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, key: str, message: str) -> SourceError:
        return SourceError(str(self.path), None, f"{key}: {message}" if key else message)

    def obj(self, value: Any, key: str) -> dict:
        if not isinstance(value, dict):
            raise self.fail(key, f"expected an object {{…}}, found {_kind(value)}")
        return value

    def items(self, data: dict, key: str, required: bool = True) -> list[dict]:
        """``data[key]``: a list of objects (missing and optional: empty)."""
        if key not in data:
            if required:
                raise self.fail(key, "missing key")
            return []
        value = data[key]
        if not isinstance(value, list):
            raise self.fail(key, f"expected a list […], found {_kind(value)}")
        return [self.obj(v, f"{key}[{i}]") for i, v in enumerate(value)]

    def text(self, item: dict, key: str, at: str, required: bool = True, empty: bool = False,
             null: bool = False) -> str | None:
        if key not in item:
            if required:
                raise self.fail(at, f"missing key {key!r}")
            return None
        value = item[key]
        if value is None and null:
            return None
        if not isinstance(value, str):
            raise self.fail(f"{at}.{key}", f"expected a string, found {_kind(value)}")
        if not empty and not value.strip():
            raise self.fail(f"{at}.{key}", "empty string")
        bad = forbidden(value)
        if bad:
            raise self.fail(f"{at}.{key}", f"{describe(bad.group())} — not text of the edition")
        return value

    def number(self, item: dict, key: str, at: str, low: int, high: int, required: bool = True,
               null: bool = False, default: int | None = None) -> int | None:
        if key not in item:
            if required:
                raise self.fail(at, f"missing key {key!r}")
            return default
        value = item[key]
        if value is None and null:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(f"{at}.{key}", f"expected a whole number, found {_kind(value)}")
        if not low <= value <= high:
            raise self.fail(f"{at}.{key}", f"{value} is out of range ({low}–{high})")
        return value


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "true/false", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def read_json(path: Path) -> Any:
    """A JSON file, or a :class:`SourceError` with the file and, for a syntax error, its line and column."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SourceError(str(path), None, "missing — every editorial file is part of the source") from None
    except IsADirectoryError:
        raise SourceError(str(path), None, "a folder, not a JSON file") from None
    except OSError as err:
        raise SourceError(str(path), None, f"cannot be read ({err.strerror})") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise SourceError(str(path), raw.count(b"\n", 0, err.start) + 1,
                          f"invalid UTF-8 (byte 0x{raw[err.start]:02x}) — save the file as UTF-8") from None
    if not text.strip():
        raise SourceError(str(path), None, "empty file — expected a JSON object")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise SourceError(str(path), err.lineno, f"invalid JSON: {err.msg} (column {err.colno})") from None
    except RecursionError:
        raise SourceError(str(path), None, "invalid JSON: nested too deeply") from None


def _games(path: Path) -> list[GameRecord]:
    s = _Shape(path)
    games, numbers, slugs, notes = [], set(), set(), set()
    for i, g in enumerate(s.items(s.obj(read_json(path), ""), "games")):
        at = f"games[{i}]"
        number = s.number(g, "number", at, 1, 999)
        slug = s.text(g, "slug", at)
        if not SLUG.fullmatch(slug):
            raise s.fail(f"{at}.slug", f"{slug!r} is not a slug (lower-case letters, digits, single hyphens)")
        if RESERVED.fullmatch(slug):
            raise s.fail(f"{at}.slug", f"{slug!r} is an id the edition gives to something else — choose another")
        if number in numbers or slug in slugs:
            raise s.fail(at, f"game {number} «{slug}» is listed twice")
        numbers.add(number)
        slugs.add(slug)
        raw_notes = g.get("notes", [])
        if not isinstance(raw_notes, list):
            raise s.fail(f"{at}.notes", f"expected a list of note numbers, found {_kind(raw_notes)}")
        own = tuple(s.number({"n": n}, "n", f"{at}.notes[{j}]", 1, MAX_NOTE) for j, n in enumerate(raw_notes))
        for n in own:
            if n in notes:
                raise s.fail(f"{at}.notes", f"note {n} is given to two games")
            notes.add(n)
        games.append(GameRecord(number, slug, s.text(g, "english", at),
                                s.text(g, "title", at, required=False, null=True),
                                s.number(g, "decks", at, 1, 8, required=False, null=True),
                                s.number(g, "players", at, 1, 8, required=False, default=1), own))
    return games


def _chapters(path: Path, slugs: set[str]) -> tuple[list[dict], dict[str, dict]]:
    s = _Shape(path)
    data = s.obj(read_json(path), "")
    identify = []
    for i, r in enumerate(s.items(data, "identify", required=False)):
        at = f"identify[{i}]"
        item = {"incipit": s.text(r, "incipit", at), "slug": s.text(r, "slug", at), "why": s.text(r, "why", at)}
        if item["slug"] not in slugs:
            raise s.fail(f"{at}.slug", f"{item['slug']!r} is not a game of games.json")
        identify.append(item)
    titles = {}
    for i, t in enumerate(s.items(data, "titles", required=False)):
        at = f"titles[{i}]"
        item = {"slug": s.text(t, "slug", at), "title": s.text(t, "title", at), "source": s.text(t, "source", at),
                "why": s.text(t, "why", at)}
        if item["slug"] not in slugs:
            raise s.fail(f"{at}.slug", f"{item['slug']!r} is not a game of games.json")
        titles[item["slug"]] = item
    return identify, titles


def _remarks(path: Path) -> list[dict]:
    s = _Shape(path)
    return [{"slug": s.text(r, "slug", f"notes[{i}]"), "at": s.text(r, "at", f"notes[{i}]", empty=True),
             "text": s.text(r, "text", f"notes[{i}]")}
            for i, r in enumerate(s.items(s.obj(read_json(path), ""), "notes"))]


def load_artifacts(path: Path) -> list[Artifact]:
    """``reader.json``: the reader's interface lines."""
    s = _Shape(path)
    return [Artifact(s.text(a, "line", f"artifacts[{i}]"), s.text(a, "role", f"artifacts[{i}]"),
                     s.text(a, "why", f"artifacts[{i}]"))
            for i, a in enumerate(s.items(s.obj(read_json(path), ""), "artifacts"))]


def check_corrections(path: Path) -> None:
    """``corrections.json``, read by the corrector: an object with ``overrides`` (or a bare list) of entries
    with ``sic``, ``corr`` and ``reason`` strings (``before``, ``after``, ``cert`` optional strings)."""
    s = _Shape(path)
    data = read_json(path)
    entries = data if isinstance(data, list) else s.items(s.obj(data, ""), "overrides")
    for i, e in enumerate(entries):
        at = f"overrides[{i}]"
        s.obj(e, at)
        s.text(e, "sic", at)
        s.text(e, "corr", at, empty=True)
        s.text(e, "reason", at)
        for key in ("before", "after", "cert"):
            s.text(e, key, at, required=False, empty=True)


def load(source: Path) -> Editorial:
    """All of ``source/editorial/``, each file's shape checked (``corrections.json`` may be absent)."""
    ed = source / "editorial"
    games = _games(ed / "games.json")
    identify, titles = _chapters(ed / "chapters.json", {g.slug for g in games})
    corrections = ed / "corrections.json"
    if corrections.exists() or corrections.is_symlink():
        check_corrections(corrections)
    return Editorial(games=games, identify=identify, titles=titles, remarks=_remarks(ed / "notes.json"),
                     corrections_path=corrections if corrections.exists() else None,
                     artifacts=load_artifacts(ed / "reader.json"))
