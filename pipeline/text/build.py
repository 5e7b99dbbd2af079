"""``edition build``: the stages in order, over one document, then the files of the edition.

ingest → clean → normalize → collate → notes → readings → structure → link → titles → correct → spelling, each
``Document -> Document`` (:func:`stages`), then emit. Each stage is a function of its own module, testable alone;
this module only runs them and writes what they made.
"""
from __future__ import annotations

import shutil
import sys
from dataclasses import dataclass, field
from typing import Callable
from pathlib import Path

from pipeline.text import bookdata, clean, collate, ingest, normalize, notes, structure
from pipeline.text.errors import SourceError
from pipeline.tei import audit, emit, report
from pipeline.text.model import Document, Note, Passage
from pipeline.text.lang.correct import body_start, correct
from pipeline.text.lang.lexicon import cache as lexicon_cache
from pipeline.text.lang.morph import is_caption
from pipeline.text.lang.spelling import spell


@dataclass
class BuiltEdition:
    """What a build produced: the document and every file's bytes, by path relative to the output folder."""

    doc: Document
    files: dict[str, bytes] = field(default_factory=dict)


Stage = Callable[[Document], Document]


def stages(source: Path, ed: bookdata.Editorial) -> list[tuple[str, Stage]]:
    """The text stages in order, each a function of the document (what a stage needs besides it is bound here)."""
    return [
        ("ingest", lambda doc: ingest.ingest_folder(doc, source)),
        ("clean", lambda doc: clean.clean(doc, ed.artifacts, ed.max_note)),
        ("normalize", normalize.normalize),
        ("collate", collate.collate),
        ("notes", lambda doc: notes.notes(doc, ed.max_note)),
        ("readings", collate.readings),
        ("structure", lambda doc: structure.structure(doc, ed, is_caption)),
        ("link", lambda doc: notes.link(doc, ed)),
        ("titles", lambda doc: titles(doc, ed)),
        ("correct", lambda doc: correct(doc, str(ed.corrections_path) if ed.corrections_path else None)),
        ("spelling", spell),
    ]


def read(source: Path) -> tuple[Document, bookdata.Editorial]:
    """The text stages: from the witness files in ``source/witnesses`` to chapters and notes, corrected and
    respelled. Bad input that stops the build is a :class:`SourceError`; a refused witness is in ``doc.errors``
    and the others go on."""
    if not source.is_dir():
        raise SourceError(str(source), None, "no such folder — is --source the source folder?")
    ed = bookdata.load(source)
    doc = Document()
    lexicon_cache.ANSWERS.prepare()  # the kept answers' key, hashed while the first stages run
    for _, stage in stages(source, ed):
        doc = stage(doc)
    lexicon_cache.ANSWERS.save()  # what the stages derived by word form, for the next build (.cache/lexicon/)
    return doc, ed


def titles(doc: Document, ed: bookdata.Editorial) -> Document:
    """Stage *titles*: a chapter whose sources lost its title gets the editors' (their list of titles, else the
    book's known title of the game, else the original's English one), on the model, for spelling and emit."""
    for ch in doc.chapters:
        if ch.title_supplied:
            supplied, game = ed.titles.get(ch.slug), ed.game(ch.slug)
            ch.supplied_title = supplied["title"] if supplied else game.title or game.english
    return doc


def build(source: Path) -> BuiltEdition:
    doc, ed = read(source)
    ctx = emit.EmitContext(doc, ed)
    edition = BuiltEdition(doc)
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
    applied, reviews = corrections_report(doc, set(chapters_of))
    words = audit.audit(doc, edition.files)
    doc.errors.extend(audit.errors(words, doc))
    rep = {
        "witnesses": report.account(doc, every, labels),
        "errors": doc.errors,
        "warnings": doc.warnings,
        "mechanical": mechanical_summary(doc),
        "words": words,
        "variants": variant_summary(doc, every, labels),
        "collation": doc.decisions,
        "corrections": {"count": len(applied), "by_source": _count(applied, "source"),
                        "by_certainty": _count(applied, "cert"), "list": applied},
        "review": reviews,
    }
    edition.files["report.json"] = emit.manifest_json(rep).encode("utf-8")
    return edition


def corrections_report(doc: Document, emitted: set[str]) -> tuple[list[dict], list[dict]]:
    """The corrections and reviews the model holds, in the order the edition prints their passages (a note where
    its anchor first stands, the notes of no chapter after the chapters), each distinct passage text once."""
    order: list[Passage] = []
    placed: set[int] = set()
    for ch in doc.chapters:
        for p in ch.passages:
            order.append(p)
            for m in notes.ANCHOR.finditer(p.text[body_start(p):]):
                n = int(m.group(1))
                if n in doc.notes and n not in placed:
                    placed.add(n)
                    order.append(doc.notes[n].passage)
        for n in sorted(doc.notes):
            if doc.notes[n].game == ch.slug and doc.notes[n].anchor == "lost" and n not in placed:
                placed.add(n)
                order.append(doc.notes[n].passage)
    order += [doc.notes[n].passage for n in sorted(doc.notes) if doc.notes[n].game not in emitted]
    order += [doc.notes[n].passage for n in sorted(doc.notes)]
    applied: list[dict] = []
    reviews: list[dict] = []
    seen: set[str] = set()
    for p in order:
        text = p.text[body_start(p):]
        if text in seen:
            continue
        seen.add(text)
        applied += [{"sic": c.sic, "corr": c.corr, "cert": c.cert, "kind": c.kind, "source": c.source,
                     "evidence": list(c.evidence), "context": c.context} for c in p.corrections]
        reviews += [{"form": r.form, "candidates": list(r.candidates), "reason": r.reason, "context": r.context}
                    for r in p.reviews]
    return applied, reviews


def variant_summary(doc: Document, passages: list[Passage], labels: dict[str, str]) -> dict:
    """The variants the edition encodes as app/lem/rdg: how many, how many readings, and each with its copies."""
    listed = []
    for p in passages:
        for v in p.variants:
            listed.append({
                "passage": labels.get(p.id, p.id), "lemma": p.text[v.start:v.end],
                "lemma_witnesses": sorted({doc.witness(b.witness).name for b in v.agree}),
                "readings": [{"witness": doc.witness(r.block.witness).name, "text": r.text,
                              "start": r.block.offset(r.start), "end": r.block.offset(r.end)}
                             for r in v.readings],
            })
    return {"count": len(listed), "readings": sum(len(v["readings"]) for v in listed), "list": listed}


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


def game_entry(ctx: emit.EmitContext, ch, tei) -> dict:
    title, supplied = emit.chapter_title(ctx, ch)
    game = ctx.ed.game(ch.slug)
    return {
        "slug": ch.slug, "number": ch.number or None, "title": title,
        "title_modern": emit.chapter_title(ctx, ch, modern=True)[0],
        "title_supplied": supplied, "english": game.english, "decks": game.decks, "players": game.players,
        "witnesses": sorted({ctx.doc.witness(w).name for p in ch.passages for w in p.witnesses}),
        "notes": sorted(n for n, note in ctx.doc.notes.items() if note.game == ch.slug),
        "complete": not (ch.lost_start or ch.lost_end),
        "lost_start": ch.lost_start, "lost_end": ch.lost_end,
        "tei": f"tei/{ch.slug}.xml",
        "text": {"pre-reform": f"text/pre-reform/{ch.slug}.txt", "modern": f"text/modern/{ch.slug}.txt"},
        "identified_by": sorted(set(ch.evidence)),
    }


def note_entry(ctx: emit.EmitContext, note: Note) -> dict:
    game = ctx.ed.game(note.game) if note.game else None
    in_sources = any(ch.slug == note.game for ch in ctx.doc.chapters)
    return {
        "n": note.n, "game": note.game if in_sources else None,
        "chapter": (game.title or game.english) if game else None,
        "chapter_number": game.number if game else None,
        "text": note.passage.edited(), "text_modern": note.passage.edited(modern=True),
        "anchor": note.anchor,
        "witnesses": sorted({ctx.doc.witness(b.witness).name for b in note.copies}),
    }


def check_out(out: Path) -> None:
    """The output folder must be a folder (or not exist yet): checked before the build, not after it."""
    if out.exists() and not out.is_dir():
        raise SourceError(str(out), None, "--out names a file, not a folder")
    for sub in ("tei", "text", "manifest.json", "report.json"):
        inside = out / sub
        if inside.is_symlink():
            raise SourceError(str(inside), None, "a symbolic link in the output folder — remove it")


def write(edition: BuiltEdition, out: Path) -> None:
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
    """Bad input that stops the build is printed as ``file:line: message`` with exit status 2; refused witnesses
    are printed the same way after ``error:`` and give status 1 with the others built."""
    try:
        check_out(args.out)
        edition = build(args.source)
        try:
            write(edition, args.out)
        except OSError as err:
            raise SourceError(str(err.filename or args.out), None, f"cannot be written ({err.strerror})") from None
    except SourceError as err:
        print(err, file=sys.stderr)
        return 2
    doc = edition.doc
    for notice in doc.notices:  # ``file:line: message``, the file as the build was given it
        print(f"warning: {notice.shown(path=True)}", file=sys.stderr)
    for e in doc.errors:  # refused witnesses, ``file:line: message`` like a fatal error
        print(e, file=sys.stderr)
    print(f"edition build: {len(doc.witnesses)} witnesses, {len(doc.chapters)} chapters, {len(doc.notes)} notes "
          f"→ {args.out}/ ({len(edition.files)} files)")
    return 1 if doc.errors else 0
