"""A noise-tolerant key for comparing OCR text: letters only, lower case, and the letters OCR confuses with
each other folded into one class, so two scrapes of the same page compare equal despite their misreadings."""
from __future__ import annotations

from functools import lru_cache

import regex

_CLASSES = {
    "и": "иіїйпнл", "е": "еѣєсоэ", "ь": "ьъы", "т": "тг", "в": "взб", "л": "лд", "у": "уѵ", "а": "ая",
    "ш": "шщ", "ф": "фѳ",
}
FOLD = {ch: key for key, group in _CLASSES.items() for ch in group}
_LATIN_TO_CYR = dict(zip("aeopcxyikmhtb", "аеорсхуікмнтв"))
_LETTER = regex.compile(r"\p{L}")


def skeleton(text: str) -> tuple[str, list[int]]:
    """The folded letters of ``text`` and, for each, its offset in ``text``."""
    chars, where = [], []
    for i, ch in enumerate(text):
        if not _LETTER.match(ch):
            continue
        low = ch.lower()
        low = _LATIN_TO_CYR.get(low, low)
        chars.append(FOLD.get(low, low))
        where.append(i)
    return "".join(chars), where


@lru_cache(maxsize=65536)
def key(text: str) -> str:
    return skeleton(text)[0]
