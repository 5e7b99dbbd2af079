"""Stage *normalize*: the mechanical layer, and the cut into paragraph blocks.

Only changes no reader would argue with: ``ђ`` (the reader's font for ``ѣ``) → ``ѣ``; Latin letters and digits
that stand for Cyrillic look-alikes inside Cyrillic words (``3одіакъ``); headings glued to the next heading
(``КАРТЪ.Правила.``). Every change is one character for one character, so offsets stay those of the witness,
and each is recorded as a :class:`Change`. Word-level OCR correction is the corrector's job (``correct.py``).
"""
from __future__ import annotations

import regex

from pipeline.text.model import Block, Change, Document, Line, Span

# The reader's font prints ѣ as ђ (a Serbian letter that never occurs in Russian).
_GLYPHS = {"ђ": "ѣ", "Ђ": "Ѣ"}
# Latin letters that OCR returns for Cyrillic ones of the same shape.
_LATIN = dict(zip("aeopcxyiAEOPCXYIBKMHT", "аеорсхуіАЕОРСХУІВКМНТ"))
# Digits read for letters; which case depends on the neighbours.
_DIGITS = {"3": ("з", "З"), "0": ("о", "О"), "6": ("б", "б")}


def folds() -> dict[str, str]:
    """The mechanical layer's equivalences in lower case (ђ = ѣ, each Latin and digit look-alike = its Cyrillic
    letter): what an independent check of the output (the word audit) folds on both sides."""
    pairs = {**_GLYPHS, **_LATIN}
    return {**{k.lower(): v.lower() for k, v in pairs.items()}, **{k: v[0] for k, v in _DIGITS.items()}}

_CYR = regex.compile(r"\p{Script=Cyrillic}")
_ODD = regex.compile(r"[A-Za-z0-9]")
_WORD = regex.compile(r"[\p{L}\d]+")
_TERMINAL = tuple(".!?:;»)…")
# An all-capitals word (with or without its full stop) followed at once by a capitalised word and its full
# stop: two headings run together, as in "КОЛОДЫ КАРТЪ.Правила." or "КАРТЪПравила.".
_GLUED = regex.compile(r"(?<=\p{Lu}{2}\.?)(?=\p{Lu}\p{Ll}+\.)")
# The same, with a space between: an all-capitals heading and its full stop, then a one-word heading that ends the
# line ("ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ. Правила.").
_SPACED = regex.compile(r"(?<=\p{Lu}{2}\.)\s+(?=\p{Lu}\p{Ll}+\.\s*$)")
# A one-word heading glued to what follows it on its line ("Игра.Берутъ …", "Правила.I. …").
_HEAD_THEN = regex.compile(r"^(\p{Lu}\p{Ll}{3,}\.)(?=\S)")


def _lookalikes(word: str, sentence_start) -> str:
    """Latin letters and digits inside a Cyrillic word → the Cyrillic letters they stand for;
    ``sentence_start()`` says whether the word opens a sentence (a digit there stands for a capital)."""
    if not _ODD.search(word) or len(_CYR.findall(word)) < 2:
        return word
    out = list(word)
    for i, ch in enumerate(word):
        if ch in _LATIN:
            out[i] = _LATIN[ch]
        elif ch in _DIGITS:
            neighbours = word[max(i - 1, 0):i] + word[i + 1:i + 2]
            if _CYR.search(neighbours):
                lower, upper = _DIGITS[ch]
                out[i] = upper if i == 0 and sentence_start() else lower
    return "".join(out)


def _at_sentence_start(text: str, pos: int) -> bool:
    before = text[max(0, pos - 8):pos].rstrip()
    return pos == 0 or not before or before.endswith((".", "!", "?", "«", "—"))


def _glyphs(word: str) -> str:
    """``ђ`` → ``ѣ``, in capitals inside a word printed in capitals (``ДВђ`` → ``ДВѢ``)."""
    caps = sum(ch.isupper() for ch in word) >= 2 and not any(ch.islower() and ch not in _GLYPHS for ch in word)
    return "".join((_GLYPHS[ch].upper() if caps else _GLYPHS[ch]) if ch in _GLYPHS else ch for ch in word)


def mechanical(line: Line) -> tuple[str, list[Change]]:
    """The mechanical layer over one line: same length, every change recorded."""
    text = line.text
    if "ђ" in text or "Ђ" in text:
        text = _WORD.sub(lambda m: _glyphs(m.group()) if "ђ" in m.group() or "Ђ" in m.group() else m.group(), text)
    if _ODD.search(text):
        text = _WORD.sub(lambda m: _lookalikes(m.group(), lambda: _at_sentence_start(text, m.start())), text)
    changes = []
    if text != line.text:
        for i, (a, b) in enumerate(zip(line.text, text)):
            if a != b:
                kind = "glyph ђ→ѣ" if a in _GLYPHS else ("digit look-alike" if a.isdigit() else "latin look-alike")
                changes.append(Change(Span(line.witness, line.start + i, line.start + i + 1), a, b, kind))
    return text, changes


def split_points(text: str) -> list[int]:
    """Where one line holds two headings (or a heading and a paragraph) run together."""
    points = {m.start() for m in _GLUED.finditer(text)} | {m.end() for m in _SPACED.finditer(text)}
    m = _HEAD_THEN.match(text)
    if m:
        points.add(m.end(1))
    return sorted(p for p in points if 0 < p < len(text))


def pieces(line: Line) -> list[tuple[Span, str, list[Change]]]:
    """The line's text cut at glued headings, each piece stripped, with the changes that fall in it."""
    text, changes = mechanical(line)
    bounds = [0, *split_points(text), len(text)]
    out = []
    for a, b in zip(bounds, bounds[1:]):
        chunk = text[a:b]
        lead = len(chunk) - len(chunk.lstrip())
        chunk = chunk.strip()
        if not chunk:
            continue
        start = line.start + a + lead
        span = Span(line.witness, start, start + len(chunk))
        out.append((span, chunk, [c for c in changes if span.start <= c.span.start < span.end]))
    return out


def _continues(prev: Block, text: str) -> bool:
    """A line that goes on with the previous one's sentence (the scrape broke a paragraph in two)."""
    return not prev.text.endswith(_TERMINAL) and text[:1].islower()


def segment(doc: Document, lines: list[Line]) -> list[Block]:
    """Blocks of one witness: content pieces in order, continuation lines joined, note labels attached.
    A label with no text after it (another label follows, or the witness ends) numbers nothing: it is text."""
    blocks: list[Block] = []
    label: int | None = None
    label_line: Line | None = None
    backlink = False
    joinable = False

    def add(line: Line) -> None:
        nonlocal label, label_line, backlink, joinable
        for span, text, changes in pieces(line):
            if joinable and blocks and label is None and _continues(blocks[-1], text):
                prev = blocks[-1]
                prev.spans.append(span)
                prev.text = f"{prev.text} {text}"
                prev.changes.extend(changes)
                continue
            blocks.append(Block(line.witness, [span], text, len(blocks), label=label,
                                after_backlink=backlink, changes=changes))
            label, label_line, backlink, joinable = None, None, False, True

    def unlabel() -> None:
        nonlocal label, label_line
        if label_line is not None:
            line, label, label_line = label_line, None, None
            line.kind = "content"
            add(line)

    for line in lines:
        if line.kind == "blank":
            continue
        if line.kind == "artifact":
            backlink = backlink or line.artifact == "backlink"
            joinable = False
            continue
        if line.kind == "label":
            unlabel()
            label, label_line, joinable = int(line.text.strip()), line, False
            continue
        add(line)
    unlabel()
    return blocks


def normalize(doc: Document) -> Document:
    by_witness: dict[str, list[Line]] = {}
    for line in doc.lines:
        by_witness.setdefault(line.witness, []).append(line)
    for w in doc.witnesses:
        blocks = segment(doc, by_witness.get(w.id, []))
        last = blocks[-1].text if blocks else ""
        if last and regex.search(r"\p{L}$", last) and not last.endswith(_TERMINAL):
            doc.warn(f"ends mid-sentence ('…{last[-30:]}') — a truncated chunk; the text it breaks off is "
                     "looked for in the other witnesses", Span(w.id, blocks[-1].spans[-1].end, blocks[-1].spans[-1].end))
        doc.blocks.extend(blocks)
    return doc
