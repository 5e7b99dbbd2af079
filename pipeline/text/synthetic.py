"""Synthetic witnesses made from real ones, for tests and benchmarks: the same book text cut into other chunks.

Each witness is split at another paragraph boundary with one paragraph in both halves (as the reader's chunks
overlap); witnesses that overlap each other may be merged into one; reader artifacts, BOM and CRLF are added at
random; file names are random. Only the cut changes, never the text, so the edition must not change.
"""
from __future__ import annotations

import random
import re

_NOTE_LAYOUT = re.compile(r"\d+|вернуться")


def paragraphs(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def split(paras: list[str], rng: random.Random) -> list[list[str]]:
    """Two chunks overlapping by one paragraph; never cutting a note from its number."""
    cuts = [i for i in range(2, len(paras) - 2)
            if not _NOTE_LAYOUT.fullmatch(paras[i].strip()) and not _NOTE_LAYOUT.fullmatch(paras[i - 1].strip())]
    if not cuts:
        return [paras]
    cut = rng.choice(cuts)
    return [paras[:cut + 1], paras[cut:]]


def dress(paras: list[str], rng: random.Random) -> bytes:
    """A chunk as the scrape might save it: a menu line, CRLF, a BOM, at random."""
    body = ("Выбрать главу\n\n" if rng.random() < 0.5 else "") + "\n\n".join(paras) + "\n"
    if rng.random() < 0.5:
        body = body.replace("\n", "\r\n")
    raw = body.encode("utf-8")
    return b"\xef\xbb\xbf" + raw if rng.random() < 0.5 else raw


def recut(witnesses: list[list[str]], seed: int) -> dict[str, bytes]:
    """File name → bytes: every witness (a list of paragraphs) split in two, dressed, under a random name."""
    rng = random.Random(seed)
    out = {}
    for paras in witnesses:
        for chunk in split(paras, rng):
            out[f"{rng.getrandbits(48):012x}.txt"] = dress(chunk, rng)
    return dict(rng.sample(sorted(out.items()), len(out)))
