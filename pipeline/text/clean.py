"""Stage *clean*: cut each witness into lines and mark what is not the book — blank lines, the reader's
interface (from the data list ``source/editorial/reader.json``) and bare note numbers."""
from __future__ import annotations

import re

from pipeline.text.bookdata import Artifact, load_artifacts  # noqa: F401 (read and checked with the editorial data)
from pipeline.text.model import Document, Line

_BREAK = re.compile(r"\r\n|\r|\n")
_LABEL = re.compile(r"\s*(\d{1,2})\s*")


def split_lines(wid: str, text: str) -> list[Line]:
    """Physical lines with their offsets; CRLF, CR and LF are all line breaks."""
    lines, pos = [], 0
    for number, m in enumerate(_BREAK.finditer(text), start=1):
        lines.append(Line(wid, number, pos, m.start(), text[pos:m.start()]))
        pos = m.end()
    if pos < len(text):
        lines.append(Line(wid, len(lines) + 1, pos, len(text), text[pos:]))
    return lines


def classify(line: Line, artifacts: dict[str, Artifact], max_note: int = 99) -> Line:
    """A number on its own line is a note's label only if the book has a note of that number (``max_note``,
    from the editors' games.json); any other number is text."""
    bare = " ".join(line.text.split()).casefold()
    if not bare:
        line.kind = "blank"
    elif bare in artifacts:
        line.kind, line.artifact = "artifact", artifacts[bare].role
    else:
        m = _LABEL.fullmatch(line.text)
        if m and 1 <= int(m.group(1)) <= max_note:
            line.kind = "label"
    return line


def clean(doc: Document, artifacts: list[Artifact], max_note: int = 99) -> Document:
    table = {" ".join(a.line.split()).casefold(): a for a in artifacts}
    for w in doc.witnesses:
        lines = [classify(line, table, max_note) for line in split_lines(w.id, w.text)]
        if lines and all(line.kind in ("blank", "artifact") for line in lines):
            doc.warn("only reader artifacts and blank lines — no text of the book", w)
        doc.lines.extend(lines)
    return doc
