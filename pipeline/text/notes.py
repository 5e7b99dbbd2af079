"""Stage *notes*: find the book's notes in their three printed shapes and number them.

- ``N`` on its own line, then the note (one reader's layout);
- the reader's ``вернуться`` link, ``N``, then the note (another);
- one list of all the notes with no numbers at all: it is numbered by aligning it with the numbered copies
  (a list item that is a copy of note 6 is note 6; its neighbours are 5 and 7), never by its position alone.
Then *link*: each ``[N]`` in the text is note N's anchor; a note whose anchor is not in the sources keeps the
chapter the editors' data gives it.
"""
from __future__ import annotations

from collections import defaultdict

import regex

from pipeline.text.bookdata import Editorial
from pipeline.text.collate import by_witness
from pipeline.text.model import Block, Document

ANCHOR = regex.compile(r"\[(\d{1,2})\]")


def _looks_like_heading(text: str) -> bool:
    """A line in capitals (a title, a decks line), or one word and its full stop («Правила.», «Игра.», the heading
    a glued «КАРТЪПравила.» leaves): a heading of a chapter, never a note of the book, which is a sentence."""
    letters = [ch for ch in text if ch.isalpha()]
    caps = bool(letters) and sum(ch.isupper() for ch in letters) / len(letters) > 0.8
    return caps or (len(text.split()) == 1 and text.rstrip().endswith(".") and len(letters) > 1)


def notes(doc: Document, max_note: int) -> Document:
    """Stage *notes* (after *collate*): ``doc.note_blocks``, note number → the blocks that are copies of it."""
    doc.note_blocks = find_notes(doc, doc.groups, max_note)
    doc.note_additions = additions(doc)
    return doc


def additions(doc: Document) -> dict[int, list[int]]:
    """Paragraphs a witness's notes area holds beyond the book's notes: a block of no other passage, no number
    and no heading, standing between two notes of the same witness, is what that witness reads after the note
    before it (kept as that note's variant, never as a copy of a note it does not repeat)."""
    n_of = {i: n for n, ix in doc.note_blocks.items() for i in ix}
    single = {g[0] for g in doc.groups if len(g) == 1}
    out: dict[int, list[int]] = defaultdict(list)
    for wid, seq in sorted(by_witness(doc.blocks).items()):
        last, pending = None, []
        for i in seq:
            if i in n_of:
                if last is not None and pending:
                    out[last].extend(pending)
                last, pending = n_of[i], []
            elif i in single and _free(doc.blocks[i], i, n_of) and last is not None:
                pending.append(i)
            else:
                last, pending = None, []
    for n, ix in sorted(out.items()):
        doc.decisions.append({"stage": "notes", "note": n, "added_in": [
            {"witness": doc.witness(doc.blocks[i].witness).name, "start": doc.blocks[i].spans[0].start,
             "incipit": doc.blocks[i].text[:40]} for i in ix],
            "why": "a paragraph of the notes area that repeats no note, after this note in its witness: "
                   "kept as that witness's reading of the note"})
    return dict(out)


def find_notes(doc: Document, groups: list[list[int]], max_note: int) -> dict[int, list[int]]:
    """Note number → indices of the blocks that are copies of it."""
    blocks = doc.blocks
    group_of = {i: gi for gi, g in enumerate(groups) for i in g}
    notes: dict[int, set[int]] = defaultdict(set)
    for gi, g in enumerate(groups):
        labels = sorted({blocks[i].label for i in g if blocks[i].label is not None and 1 <= blocks[i].label <= max_note})
        if len(labels) > 1:
            doc.warn(f"copies of one passage carry different note numbers {labels}; "
                     f"taking {labels[0]} ('{blocks[g[0]].text[:40]}…')", blocks[g[0]])
        if labels:
            notes[labels[0]].update(g)
    while _number_unnumbered_lists(doc, notes, group_of, groups, max_note):
        pass  # a list cut across chunks is numbered chunk by chunk, through the copies where they overlap
    return {n: sorted(ix) for n, ix in sorted(notes.items())}


def _number_unnumbered_lists(doc: Document, notes: dict[int, set[int]], group_of: dict[int, int],
                             groups: list[list[int]], max_note: int) -> bool:
    """One pass over the witnesses; True when it numbered a block it had not numbered before."""
    blocks = doc.blocks
    n_of = {i: n for n, ix in notes.items() for i in ix}
    by_wit = by_witness(blocks)
    grew = False
    for wid, seq in sorted(by_wit.items()):
        # unnumbered blocks already known (by their copies) to be note n: each fixes the offset n - position
        known = [(pos, n_of[i]) for pos, i in enumerate(seq) if i in n_of and blocks[i].label is None]
        if not known:
            continue
        offsets = defaultdict(list)
        for pos, n in known:
            offsets[n - pos].append(pos)
        for offset, positions in sorted(offsets.items(), key=lambda kv: -len(kv[1])):
            lo, hi = min(positions), max(positions)
            # a neighbour takes the next number only while that number has no copies yet: a paragraph the list
            # adds where a known note stands next is not that note (see ``additions``)
            while lo - 1 >= 0 and lo - 1 + offset >= 1 and lo - 1 + offset not in notes and _free(
                    blocks[seq[lo - 1]], seq[lo - 1], n_of):
                lo -= 1
            while hi + 1 < len(seq) and hi + 1 + offset <= max_note and hi + 1 + offset not in notes and _free(
                    blocks[seq[hi + 1]], seq[hi + 1], n_of):
                hi += 1
            added = False
            for pos in range(lo, hi + 1):
                i, n = seq[pos], pos + offset
                if n_of.get(i, n) != n:
                    doc.warn(f"list item '{blocks[i].text[:40]}…' is a copy of note {n_of[i]} but stands where "
                             f"note {n} should", blocks[i])
                    continue
                if i not in n_of:
                    notes[n].update(groups[group_of[i]])
                    n_of.update({j: n for j in groups[group_of[i]]})
                    added = grew = True
            if not added:
                continue
            doc.decisions.append({
                "stage": "notes", "witness": doc.witness(wid).name,
                "list": f"notes {lo + offset}–{hi + offset}",
                "why": f"{len(positions)} item(s) of an unnumbered list are copies of numbered notes; "
                       "their neighbours are numbered from them, up to the book's first and last note",
            })
    return grew


def _free(block: Block, i: int, n_of: dict[int, int]) -> bool:
    return i not in n_of and block.label is None and not _looks_like_heading(block.text)


def link(doc: Document, ed: Editorial) -> Document:
    """Stage *link*: ``[N]`` in a chapter is note N's anchor; other notes keep the chapter the editors give."""
    for ch in doc.chapters:
        for p in ch.passages:
            for m in ANCHOR.finditer(p.text):
                n = int(m.group(1))
                if n not in doc.notes:
                    doc.warn(f"anchor [{n}] in {ch.slug} has no note in the sources", p.locate(m.start(), m.end()))
                    continue
                note = doc.notes[n]
                if note.anchor == "found":
                    continue
                note.anchor, note.game = "found", ch.slug
                expected = ed.game_of_note(n)
                if expected and expected.slug != ch.slug:
                    doc.warn(f"note {n} is anchored in {ch.slug}; the editors' data gives it to {expected.slug}",
                             p.locate(m.start(), m.end()))
    for note in doc.notes.values():
        if note.anchor == "lost":
            game = ed.game_of_note(note.n)
            note.game = game.slug if game else None
    missing = sorted(set(range(1, ed.max_note + 1)) - set(doc.notes))
    if missing and doc.notes:
        doc.warn(f"notes not found in any witness: {missing}")
    return doc
