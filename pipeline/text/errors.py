"""The one error type for bad input: every stage that finds something wrong with the sources raises
:class:`SourceError`, and ``edition build`` reports it the same way (``file:line: message``), so a person
always learns which file to open, where, and what is wrong — never a traceback."""
from __future__ import annotations

import os
import re

# Characters no text of the book can hold and XML 1.0 cannot carry: C0/C1 controls but tab and line breaks,
# and the Unicode noncharacters (U+FDD0–U+FDEF and the last two code points of every plane).
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufdd0-\ufdef"
                        + "".join(f"{chr(p * 0x10000 + 0xFFFE)}{chr(p * 0x10000 + 0xFFFF)}" for p in range(17))
                        + "]")


class SourceError(Exception):
    """Bad input in one source file: ``file`` as the user named it, the 1-based ``line`` when there is one,
    and a ``message`` that says what is wrong and what to do."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        super().__init__(file, line, message)
        self.file, self.line, self.message = file, line, message

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.message}"


def shown(name: str | os.PathLike) -> str:
    """A file name fit for a message: one that is not UTF-8 keeps its bytes as ``\\xNN`` escapes."""
    raw = os.fsencode(name)
    return raw.decode("utf-8", errors="backslashreplace")


def forbidden(text: str) -> re.Match | None:
    """The first character in ``text`` that no witness or editorial text may contain (see ``_FORBIDDEN``)."""
    return _FORBIDDEN.search(text)


def describe(ch: str) -> str:
    kind = "control character" if ord(ch) < 0xA0 else "Unicode noncharacter"
    return f"{kind} U+{ord(ch):04X}"
