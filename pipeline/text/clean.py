"""Stage *clean*: cut each witness into lines and mark what is not the book — blank lines, the reader's
interface (from the data list ``source/editorial/reader.json``) and bare note numbers."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from pipeline.text.model import Document, Line

_BREAK = re.compile(r"\r\n|\r|\n")
_LABEL = re.compile(r"\s*(\d{1,2})\s*")


@dataclass(frozen=True)
class Artifact:
    line: str
    role: str
    why: str


def load_artifacts(path: Path) -> list[Artifact]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [Artifact(a["line"], a["role"], a["why"]) for a in data["artifacts"]]


def split_lines(wid: str, text: str) -> list[Line]:
    """Physical lines with their offsets; CRLF, CR and LF are all line breaks."""
    lines, pos = [], 0
    for number, m in enumerate(_BREAK.finditer(text), start=1):
        lines.append(Line(wid, number, pos, m.start(), text[pos:m.start()]))
        pos = m.end()
    if pos < len(text):
        lines.append(Line(wid, len(lines) + 1, pos, len(text), text[pos:]))
    return lines


def classify(line: Line, artifacts: dict[str, Artifact]) -> Line:
    bare = " ".join(line.text.split()).casefold()
    if not bare:
        line.kind = "blank"
    elif bare in artifacts:
        line.kind, line.artifact = "artifact", artifacts[bare].role
    elif _LABEL.fullmatch(line.text):
        line.kind = "label"
    return line


def clean(doc: Document, artifacts: list[Artifact]) -> Document:
    table = {" ".join(a.line.split()).casefold(): a for a in artifacts}
    for w in doc.witnesses:
        lines = [classify(line, table) for line in split_lines(w.id, w.text)]
        if lines and all(line.kind in ("blank", "artifact") for line in lines):
            doc.warnings.append(f"{w.name}: only reader artifacts and blank lines — no text of the book")
        doc.lines.extend(lines)
    return doc
