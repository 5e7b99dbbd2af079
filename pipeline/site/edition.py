"""What the site reads: the built edition directory (TEI, texts, manifest, report) and the editorial games list.

The site is a view of ``edition/``: nothing here computes a figure or a text, it only finds and loads them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import render


class EditionError(Exception):
    """The edition directory is missing something the site needs (says what, where, and what to do)."""


@dataclass
class ChapterFiles:
    slug: str
    number: int            # the game's place in the book (1–24)
    tei: Path
    texts: dict[str, Path]  # "pre-reform" / "modern" → plain text file
    title: str             # plain title for navigation (pre-reform spelling, supplied titles bracketed)
    modern: str = ""       # the same title in modern spelling (the TEI's <reg> readings)
    tree: Any = field(default=None, repr=False, compare=False)  # the TEI, parsed once at load: read it, copy to change

    @property
    def titles(self) -> tuple[str, str]:
        """(pre-reform, modern) forms of the title, the modern one falling back to the printed one."""
        return self.title, self.modern or self.title

    @property
    def url(self) -> str:
        return f"chapters/{self.slug}/"


@dataclass
class Edition:
    root: Path
    games: list[dict]                    # source/editorial/games.json, the 24 games in the book's order
    manifest: dict
    report: dict
    chapters: list[ChapterFiles] = field(default_factory=list)  # book order

    def chapter(self, slug: str) -> ChapterFiles | None:
        return next((c for c in self.chapters if c.slug == slug), None)

    def game(self, slug: str) -> dict | None:
        return next((g for g in self.games if g["slug"] == slug), None)

    def manifest_game(self, slug: str) -> dict | None:
        entries = self.manifest.get("games") or self.manifest.get("chapters") or []
        if isinstance(entries, dict):
            entry = entries.get(slug)
            return dict(entry, slug=slug) if entry is not None else None
        return next((g for g in entries if g.get("slug") == slug), None)


def load_json(path: Path, what: str) -> dict:
    if not path.is_file():
        raise EditionError(f"{path}: {what} is missing; run `edition build` (or point EDITION_DIR at a built edition)")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise EditionError(f"{path}:{err.lineno}: not valid JSON ({err.msg}); rebuild it with `edition build`")


def plain_title(tree, game: dict | None, spelling: str = "pre-reform") -> str:
    """The chapter title for menus: the head's text (bracketed if supplied), else the games list; in pre-reform
    spelling (the TEI's <orig>) or, with ``spelling="modern"``, in modern spelling (its <reg>)."""
    skip = ("reg", "sic", "note") if spelling == "pre-reform" else ("orig", "sic", "note")
    div = render.game_div(tree)
    head = div.find(f"{{{render.TEI}}}head[@type='title']") if div is not None else None
    if head is None:
        return f"[{(game or {}).get('title_supplied') or (game or {}).get('english', '?')}]"

    def walk(el) -> str:
        tag = render.name(el)
        if tag in skip:
            return ""
        inner: list[str] = [el.text or ""]
        for child in el:
            if isinstance(child.tag, str):
                inner.append(walk(child))
            inner.append(child.tail or "")
        text = " ".join("".join(inner).split())
        return f"[{text}]" if tag == "supplied" else text

    text = walk(head).rstrip(".")
    return text[:1] + text[1:].lower() if text.isupper() else text


def load(root: Path, games_json: Path) -> Edition:
    root = Path(root)
    tei_dir = root / "tei"
    if not tei_dir.is_dir():
        raise EditionError(f"{tei_dir}: no TEI directory; run `edition build` first (or set EDITION_DIR)")
    games = load_json(games_json, "the editorial games list")["games"]
    edition = Edition(root, games, load_json(root / "manifest.json", "the edition manifest"),
                      load_json(root / "report.json", "the edition report"))
    order = {g["slug"]: g["number"] for g in games}
    for path in sorted(tei_dir.glob("*.xml")):
        if path.stem not in order:
            continue  # notes-lost.xml and anything that is not a game chapter
        tree = render.parse(path)
        if render.game_div(tree) is None:
            raise EditionError(f"{path}: no <div type='game'> in the body; see the TEI contract in DESIGN.md")
        texts = {v: root / "text" / v / f"{path.stem}.txt" for v in ("pre-reform", "modern")}
        game = edition.game(path.stem)
        edition.chapters.append(ChapterFiles(path.stem, order[path.stem], path, texts, plain_title(tree, game),
                                             plain_title(tree, game, "modern"), tree))
    edition.chapters.sort(key=lambda c: c.number)
    if not edition.chapters:
        raise EditionError(f"{tei_dir}: no chapter TEI files (named <slug>.xml after games.json)")
    return edition
