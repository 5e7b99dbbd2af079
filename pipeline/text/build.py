"""``edition build``: the stages in order, over one document, then the files of the edition.

ingest → clean → normalize → collate → notes → readings → structure → link, each ``Document -> Document``
(:func:`stages`), then correct → emit. Each stage is a function of its own module, testable alone; this module
only runs them and writes what they made.
"""
from __future__ import annotations

import shutil
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable
from pathlib import Path

from pipeline.text import bookdata, clean, collate, ingest, normalize, notes, structure
from pipeline.tei import emit, report
from pipeline.text.model import Document, Note, Passage
from pipeline.text.lang.morph import is_caption


@dataclass
class Edition:
    """What a build produced: the document and every file's bytes, by path relative to the output folder."""

    doc: Document
    files: dict[str, bytes] = field(default_factory=dict)


Stage = Callable[[Document], Document]


def stages(source: Path, ed: bookdata.Editorial) -> list[tuple[str, Stage]]:
    """The text stages in order, each a function of the document (what a stage needs besides it is bound here)."""
    paths = sorted(p for p in (source / "witnesses").iterdir() if p.is_file() and not p.name.startswith("."))
    artifacts = clean.load_artifacts(source / "editorial" / "reader.json")
    return [
        ("ingest", lambda doc: ingest.ingest(doc, paths)),
        ("clean", lambda doc: clean.clean(doc, artifacts)),
        ("normalize", normalize.normalize),
        ("collate", collate.collate),
        ("notes", lambda doc: notes.notes(doc, ed.max_note)),
        ("readings", collate.readings),
        ("structure", lambda doc: structure.structure(doc, ed, is_caption)),
        ("link", lambda doc: notes.link(doc, ed)),
    ]


def read(source: Path) -> tuple[Document, bookdata.Editorial]:
    """The text stages: from the witness files in ``source/witnesses`` to chapters and notes."""
    ed = bookdata.load(source)
    doc = Document()
    for _, stage in stages(source, ed):
        doc = stage(doc)
    return doc, ed


def make_corrector(doc: Document, ed: bookdata.Editorial):
    from pipeline.text.lang.correct import Corrector

    corrector = Corrector([b.text for b in doc.blocks],
                          overrides_path=str(ed.corrections_path) if ed.corrections_path else None)
    reviews: list[dict] = []
    applied: list[dict] = []

    @lru_cache(maxsize=None)
    def correct(text: str) -> tuple:
        found, review = corrector.correct(text)
        applied.extend({"sic": c.sic, "corr": c.corr, "cert": c.cert, "kind": c.kind, "source": c.source,
                        "evidence": list(c.evidence), "context": text[max(0, c.start - 30):c.end + 30]}
                       for c in found)
        reviews.extend({"form": r.form, "candidates": list(r.candidates), "reason": r.reason,
                        "context": text[max(0, r.start - 30):r.end + 30]} for r in review)
        return tuple(found)

    return correct, applied, reviews


def build(source: Path) -> Edition:
    doc, ed = read(source)
    from pipeline.text.lang.spelling import modernize_word, tokens

    correct, applied, reviews = make_corrector(doc, ed)
    ctx = emit.Context(doc, ed, tokens, modernize_word, correct)
    edition = Edition(doc)
    games, chapters_of = [], {}
    for ch in doc.chapters:
        tei = emit.chapter(ctx, ch)
        chapters_of[ch.slug] = tei
        edition.files[f"tei/{ch.slug}.xml"] = emit.serialize(tei)
        for spelling in ("pre-reform", "modern"):
            edition.files[f"text/{spelling}/{ch.slug}.txt"] = (
                "\n".join(emit.text_lines(tei, spelling)) + "\n").encode("utf-8")
    lost = [doc.notes[n] for n in sorted(doc.notes) if doc.notes[n].game not in chapters_of]
    if lost:
        edition.files["tei/notes-lost.xml"] = emit.serialize(emit.lost_notes(ctx, lost))
    for ch in doc.chapters:
        games.append(game_entry(ctx, ch, chapters_of[ch.slug]))
    manifest = {"games": games, "notes": [note_entry(ctx, doc.notes[n]) for n in sorted(doc.notes)]}
    edition.files["manifest.json"] = emit.manifest_json(manifest).encode("utf-8")
    labels = {p.id: label(ch, i, p) for ch in doc.chapters for i, p in enumerate(ch.passages, 1)}
    labels.update({note.passage.id: f"note {note.n}" for note in doc.notes.values()})
    every = [p for ch in doc.chapters for p in ch.passages] + [n.passage for n in doc.notes.values()]
    rep = {
        "witnesses": report.account(doc, every, labels),
        "errors": doc.errors,
        "warnings": doc.warnings,
        "mechanical": mechanical_summary(doc),
        "collation": doc.decisions,
        "corrections": {"count": len(applied), "by_source": _count(applied, "source"),
                        "by_certainty": _count(applied, "cert"), "list": applied},
        "review": reviews,
    }
    edition.files["report.json"] = emit.manifest_json(rep).encode("utf-8")
    return edition


def label(ch, i: int, p: Passage) -> str:
    return f"{ch.slug}, passage {i} ({p.kind}): «{p.text[:40]}…»"


def _count(items: list[dict], field_name: str) -> dict:
    out: dict[str, int] = {}
    for it in items:
        out[it[field_name]] = out.get(it[field_name], 0) + 1
    return dict(sorted(out.items()))


def mechanical_summary(doc: Document) -> dict:
    kinds: dict[str, int] = {}
    for b in doc.blocks:
        for c in b.changes:
            kinds[c.kind] = kinds.get(c.kind, 0) + 1
    return dict(sorted(kinds.items()))


def game_entry(ctx: emit.Context, ch, tei) -> dict:
    title, supplied = emit.chapter_title(ctx, ch)
    game = ctx.ed.game(ch.slug)
    return {
        "slug": ch.slug, "number": ch.number or None, "title": title, "title_modern": ctx.modernize_text(title),
        "title_supplied": supplied, "english": game.english, "decks": game.decks, "players": game.players,
        "witnesses": sorted({ctx.doc.witness(w).name for p in ch.passages for w in p.witnesses}),
        "notes": sorted(n for n, note in ctx.doc.notes.items() if note.game == ch.slug),
        "complete": not (ch.lost_start or ch.lost_end),
        "lost_start": ch.lost_start, "lost_end": ch.lost_end,
        "tei": f"tei/{ch.slug}.xml",
        "text": {"pre-reform": f"text/pre-reform/{ch.slug}.txt", "modern": f"text/modern/{ch.slug}.txt"},
        "identified_by": sorted(set(ch.evidence)),
    }


def note_entry(ctx: emit.Context, note: Note) -> dict:
    game = ctx.ed.game(note.game) if note.game else None
    in_sources = any(ch.slug == note.game for ch in ctx.doc.chapters)
    return {
        "n": note.n, "game": note.game if in_sources else None,
        "chapter": (game.title or game.english) if game else None,
        "chapter_number": game.number if game else None,
        "text": ctx.corrected_text(note.passage.text), "text_modern": ctx.modernize_text(
            ctx.corrected_text(note.passage.text)),
        "anchor": note.anchor,
        "witnesses": sorted({ctx.doc.witness(b.witness).name for b in note.copies}),
    }


def write(edition: Edition, out: Path) -> None:
    for sub in ("tei", "text"):
        if (out / sub).exists():
            shutil.rmtree(out / sub)
    for rel, data in sorted(edition.files.items()):
        emit.write(out / rel, data)


def register(sub) -> None:
    p = sub.add_parser("build", help="build the edition (TEI, texts, manifest, report) from the sources")
    p.add_argument("--source", type=Path, default=Path("source"))
    p.add_argument("--out", type=Path, default=Path("edition"))
    p.set_defaults(func=main)


def main(args) -> int:
    if not (args.source / "editorial" / "games.json").exists():
        print(f"edition build: {args.source}/editorial/games.json not found — is --source the source folder?",
              file=sys.stderr)
        return 2
    edition = build(args.source)
    write(edition, args.out)
    doc = edition.doc
    for w in doc.warnings:
        print(f"warning: {w}", file=sys.stderr)
    for e in doc.errors:
        print(f"error: {e}", file=sys.stderr)
    print(f"edition build: {len(doc.witnesses)} witnesses, {len(doc.chapters)} chapters, {len(doc.notes)} notes "
          f"→ {args.out}/ ({len(edition.files)} files)")
    return 1 if doc.errors else 0
