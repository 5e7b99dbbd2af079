"""Stage *ingest*: choose the witness files, read them into :class:`Witness` objects, and refuse bad input with
a :class:`SourceError` a person can act on (file, line, what is wrong) — never a traceback, never a silent drop.

Which files are witnesses (``list_witnesses``): the regular files directly in ``source/witnesses/`` whose name
ends in ``.txt`` and does not start with ``.``; a symbolic link counts only if it resolves to such a file inside
the source folder. Everything else in the folder is named in a warning (hidden files, editors' backups ``~``,
other extensions, subfolders) or, when it looks like a witness but cannot be one (a broken link, a link out of
the source folder, a folder or a device named ``*.txt``, a name that is not UTF-8), refused as an error while
the other witnesses go on. Two files whose names give the same witness id are a fatal error naming both.
"""
from __future__ import annotations

import hashlib
import os
import re
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.text.errors import SourceError, describe, forbidden, shown
from pipeline.text.model import Document, Witness

# A reader chunk is a few pages; anything this large is not a scrape of the reader.
MAX_BYTES = 1_000_000
SUFFIX = ".txt"
InputError = SourceError  # the name the stage's callers knew; one error type for every stage


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def decode(name: str, data: bytes) -> tuple[str, bool]:
    """Bytes → text; UTF-8 with or without BOM; binary, invalid UTF-8, control characters and noncharacters
    are errors naming the line. The text is NFC-normalized (see :func:`read` for how that is reported)."""
    if len(data) > MAX_BYTES:
        raise SourceError(name, None, f"{len(data):,} bytes — larger than any reader chunk "
                                      f"({MAX_BYTES:,} bytes at most); split it or check that it is the right file")
    nul = data.find(b"\x00")
    if nul >= 0:
        raise SourceError(name, _line_of(data, nul), "NUL byte — a binary file, not text "
                                                     "(was it saved as UTF-16 or is it an image?)")
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise SourceError(name, _line_of(data, err.start),
                          f"invalid UTF-8 (byte 0x{data[err.start]:02x}) — save the file as UTF-8") from None
    bad = forbidden(text)
    if bad:
        raise SourceError(name, text.count("\n", 0, bad.start()) + 1,
                          f"{describe(bad.group())} — not text a reader page would contain")
    return unicodedata.normalize("NFC", text), bom


def witness_id(name: str) -> str:
    """A stable XML-safe id from the file name (the stem, odd characters as ``_``). Not injective —
    :func:`check_ids` makes two files with one id an error instead of a merge."""
    stem = Path(name).stem
    return "w" + re.sub(r"[^A-Za-z0-9_.-]", "_", stem)


@dataclass
class Listing:
    """What ``source/witnesses/`` holds: the witness files, the files left out (name, why) and the refused."""

    paths: list[Path] = field(default_factory=list)
    left_out: list[tuple[str, str]] = field(default_factory=list)
    refused: list[SourceError] = field(default_factory=list)


def _inside(target: Path, root: Path) -> bool:
    return target == root or root in target.parents


def list_witnesses(folder: Path, root: Path) -> Listing:
    """Sort the entries of ``folder`` into witnesses, left out and refused (the rule is the module's docstring).
    ``root`` is the source folder no link may leave. An unreadable or missing folder is a :class:`SourceError`."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: os.fsencode(e.name))
    except FileNotFoundError:
        raise SourceError(str(folder), None, "no such folder — the witnesses go in source/witnesses/") from None
    except NotADirectoryError:
        raise SourceError(str(folder), None, "not a folder — the witnesses go in source/witnesses/") from None
    except OSError as err:
        raise SourceError(str(folder), None, f"cannot be read ({err.strerror})") from None
    out = Listing()
    real_root = root.resolve()
    for entry in entries:
        name = shown(entry.name)
        where = shown(folder / entry.name)
        try:
            os.fsencode(entry.name).decode("utf-8")
        except UnicodeDecodeError:
            out.refused.append(SourceError(where, None, "the file name is not UTF-8 — rename the file"))
            continue
        bad = forbidden(name)
        if bad:
            out.refused.append(SourceError(where, None, f"the file name holds a {describe(bad.group())} — "
                                                        "rename the file"))
            continue
        if name.startswith("."):
            out.left_out.append((name, "hidden file"))
            continue
        if not name.endswith(SUFFIX):
            out.left_out.append((name, "editor's backup" if name.endswith("~") else
                                 "folder" if entry.is_dir(follow_symlinks=False) else f"not a {SUFFIX} file"))
            continue
        path = Path(entry.path)
        if entry.is_symlink():
            try:
                target = path.resolve(strict=True)
            except (OSError, RuntimeError):
                out.refused.append(SourceError(where, None, "a symbolic link to nothing — restore or remove it"))
                continue
            if not _inside(target, real_root):
                out.refused.append(SourceError(where, None, "a symbolic link out of the source folder — copy the "
                                                            "witness into source/witnesses/ instead"))
                continue
        try:
            mode = os.stat(path).st_mode
        except OSError as err:
            out.refused.append(SourceError(where, None, f"cannot be read ({err.strerror})"))
            continue
        if not stat.S_ISREG(mode):
            out.refused.append(SourceError(where, None, "a folder" if stat.S_ISDIR(mode) else
                                           "not a regular file (a device, pipe or socket)"))
            continue
        out.paths.append(path)
    return out


def check_ids(paths: list[Path]) -> None:
    """Two witness files whose names give one id would be merged into one witness: a :class:`SourceError`."""
    seen: dict[str, Path] = {}
    for path in paths:
        wid = witness_id(path.name)
        if wid in seen:
            raise SourceError(str(path), None, f"its witness id {wid} is also the id of {seen[wid].name} — "
                                               "rename one of the two files")
        seen[wid] = path


def read(path: Path, where: str | None = None) -> Witness:
    """One witness file; the size is checked before anything is read (at most one byte more than the limit)."""
    where = where or path.name
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise SourceError(where, None, f"{size:,} bytes — larger than any reader chunk "
                                       f"({MAX_BYTES:,} bytes at most); split it or check that it is the right file")
    with path.open("rb") as f:
        data = f.read(MAX_BYTES + 1)
    text, bom = decode(where, data)
    raw = data.decode("utf-8-sig")  # cannot fail: decode succeeded
    return Witness(id=witness_id(path.name), name=path.name, text=text,
                   sha256=hashlib.sha256(data).hexdigest(), size_bytes=len(data), bom=bom,
                   characters_read=len(raw) if raw != text else None, where=where)


def ingest(doc: Document, paths: list[Path], names: dict[Path, str] | None = None) -> Document:
    """Read every witness; a bad file is reported in ``doc.errors`` (as ``file:line: message``) and the others go
    on. ``names`` gives the name to show for a path (default: the file name)."""
    for path in sorted(paths, key=lambda p: p.name):
        where = (names or {}).get(path, path.name)
        try:
            w = read(path, where)
        except SourceError as err:
            doc.errors.append(str(err))
            continue
        except OSError as err:
            doc.errors.append(str(SourceError(where, None, f"cannot be read ({err.strerror})")))
            continue
        if not w.text.strip():
            doc.warn("empty file — nothing to read", w)
        if w.characters_read is not None:
            doc.warn(f"NFC normalization changed the text ({w.characters_read:,} characters read, "
                     f"{len(w.text):,} after it); the counts and offsets are of the normalized text", w)
        doc.witnesses.append(w)
    return doc


def ingest_folder(doc: Document, source: Path) -> Document:
    """The stage as the build runs it: the witnesses of ``source/witnesses`` (see the module docstring), what was
    left out in one warning, the refused in ``doc.errors``; a :class:`SourceError` if no witness is left."""
    folder = source / "witnesses"
    listing = list_witnesses(folder, source)
    if listing.left_out:
        doc.warn(f"{folder}: not read, not witnesses (only *{SUFFIX} files are): "
                 + ", ".join(f"{name} ({why})" for name, why in listing.left_out))
    doc.errors.extend(str(err) for err in listing.refused)
    check_ids(listing.paths)
    ingest(doc, listing.paths, {p: str(p) for p in listing.paths})
    if not doc.witnesses:
        refused = f"; refused: {'; '.join(doc.errors)}" if doc.errors else ""
        raise SourceError(str(folder), None, f"no witness to read (a witness is a *{SUFFIX} file in this "
                                             f"folder){refused}")
    return doc
