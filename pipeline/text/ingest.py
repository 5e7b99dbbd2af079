"""Stage *ingest*: read witness files into :class:`Witness` objects, refusing bad input with a message a
person can act on (file, line, what is wrong) — never a traceback, never a silent drop."""
from __future__ import annotations

import hashlib
import re
import unicodedata
from pathlib import Path

from pipeline.text.model import Document, Witness

# A reader chunk is a few pages; anything this large is not a scrape of the reader.
MAX_BYTES = 1_000_000
_ALLOWED_CONTROLS = {"\t", "\n", "\r"}


class InputError(Exception):
    """Bad input: the message names the file (and the line) and says what is wrong."""


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def decode(name: str, data: bytes) -> tuple[str, bool]:
    """Bytes → text; UTF-8 with or without BOM; binary, invalid UTF-8 and control characters are errors."""
    if len(data) > MAX_BYTES:
        raise InputError(f"{name}: {len(data):,} bytes — larger than any reader chunk "
                         f"({MAX_BYTES:,} bytes at most); split it or check that it is the right file")
    nul = data.find(b"\x00")
    if nul >= 0:
        raise InputError(f"{name}, line {_line_of(data, nul)}: NUL byte — a binary file, not text "
                         "(was it saved as UTF-16 or is it an image?)")
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(f"{name}, line {_line_of(data, err.start)}: invalid UTF-8 "
                         f"(byte 0x{data[err.start]:02x}) — save the file as UTF-8") from None
    for m in re.finditer(r"[\x00-\x1f\x7f-\x9f]", text):
        if m.group() not in _ALLOWED_CONTROLS:
            line = text.count("\n", 0, m.start()) + 1
            raise InputError(f"{name}, line {line}: control character U+{ord(m.group()):04X} — "
                             "not text a reader page would contain")
    return unicodedata.normalize("NFC", text), bom


def witness_id(name: str) -> str:
    """A stable XML-safe id from the file name."""
    stem = Path(name).stem
    return "w" + re.sub(r"[^A-Za-z0-9_.-]", "_", stem)


def read(path: Path) -> Witness:
    data = path.read_bytes()
    text, bom = decode(path.name, data)
    return Witness(id=witness_id(path.name), name=path.name, text=text,
                   sha256=hashlib.sha256(data).hexdigest(), size_bytes=len(data), bom=bom)


def ingest(doc: Document, paths: list[Path]) -> Document:
    """Read every witness; a bad file is reported in ``doc.errors`` and the others go on."""
    for path in sorted(paths, key=lambda p: p.name):
        try:
            w = read(path)
        except InputError as err:
            doc.errors.append(str(err))
            continue
        except OSError as err:
            doc.errors.append(f"{path.name}: cannot be read ({err.strerror})")
            continue
        if not w.text.strip():
            doc.warnings.append(f"{w.name}: empty file — nothing to read")
        doc.witnesses.append(w)
    return doc
