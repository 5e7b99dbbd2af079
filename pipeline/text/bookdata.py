"""What the editors know about the book, read from ``source/editorial/`` (never written into code)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Game:
    number: int
    slug: str
    english: str
    title: str | None
    decks: int | None
    players: int
    notes: tuple[int, ...]


@dataclass
class Editorial:
    games: list[Game]
    identify: list[dict] = field(default_factory=list)
    titles: dict[str, dict] = field(default_factory=dict)
    remarks: list[dict] = field(default_factory=list)
    corrections_path: Path | None = None

    @property
    def max_note(self) -> int:
        return max((n for g in self.games for n in g.notes), default=0)

    def game(self, slug: str) -> Game:
        """The game of a slug; a chapter the evidence could not identify gets a stand-in with number 0."""
        found = next((g for g in self.games if g.slug == slug), None)
        return found or Game(0, slug, "unidentified chapter", None, None, 1, ())

    def by_number(self, number: int) -> Game | None:
        return next((g for g in self.games if g.number == number), None)

    def game_of_note(self, n: int) -> Game | None:
        return next((g for g in self.games if n in g.notes), None)


def load(source: Path) -> Editorial:
    ed = source / "editorial"
    games = json.loads((ed / "games.json").read_text(encoding="utf-8"))["games"]
    chapters = json.loads((ed / "chapters.json").read_text(encoding="utf-8"))
    remarks = json.loads((ed / "notes.json").read_text(encoding="utf-8"))["notes"]
    corrections = ed / "corrections.json"
    return Editorial(
        games=[Game(g["number"], g["slug"], g["english"], g.get("title"), g.get("decks"), g.get("players", 1),
                    tuple(g.get("notes", []))) for g in games],
        identify=chapters.get("identify", []),
        titles={t["slug"]: t for t in chapters.get("titles", [])},
        remarks=remarks,
        corrections_path=corrections if corrections.exists() else None,
    )
