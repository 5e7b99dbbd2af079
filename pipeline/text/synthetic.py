"""Synthetic witnesses made from real ones, for tests and benchmarks: the same book text cut into other chunks.

Each witness is split at another paragraph boundary with one paragraph in both halves (as the reader's chunks
overlap); witnesses that overlap each other may be merged into one; reader artifacts, BOM and CRLF are added at
random; file names are random. Only the cut changes, never the text, so the edition must not change.

``hard=True`` cuts as a scrape can at its worst: overlaps of one to three paragraphs; a first chunk that breaks
off inside the paragraph the second has whole (at least two thirds of a long paragraph kept, so that it can be
recognised as a copy); a cut right after a heading (a title or decks line, «Правила.», «Игра.») with no overlap,
so the heading stands at the end of one chunk and its chapter in the next.
"""
from __future__ import annotations

import random
import re

_NOTE_LAYOUT = re.compile(r"\d+|вернуться")


def paragraphs(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def _free_cut(paras: list[str], i: int) -> bool:
    return not _NOTE_LAYOUT.fullmatch(paras[i].strip()) and not _NOTE_LAYOUT.fullmatch(paras[i - 1].strip())


def _heading(line: str) -> bool:
    letters = [ch for ch in line if ch.isalpha()]
    caps = len(letters) >= 3 and sum(ch.isupper() for ch in letters) / len(letters) >= 0.8
    return caps or line.strip() in ("Правила.", "Игра.")


def split(paras: list[str], rng: random.Random, hard: bool = False) -> list[list[str]]:
    """Two chunks overlapping by one paragraph; never cutting a note from its number (``hard``: see the module)."""
    cuts = [i for i in range(2, len(paras) - 2) if _free_cut(paras, i)]
    if not cuts:
        return [paras]
    if not hard:
        cut = rng.choice(cuts)
        return [paras[:cut + 1], paras[cut:]]
    kind = rng.choice(("overlap", "truncated", "heading"))
    if kind == "heading":
        after = [i for i in cuts if _heading(paras[i - 1]) and not _heading(paras[i])]
        if after:
            cut = rng.choice(after)
            return [paras[:cut], paras[cut:]]
    if kind == "truncated":
        long = [i for i in cuts if len(paras[i]) >= 150 and not _heading(paras[i])]
        if long:
            cut = rng.choice(long)
            para = paras[cut]
            keep = rng.randrange(len(para) * 2 // 3, len(para) - 5)
            return [paras[:cut] + [para[:keep].rstrip()], paras[cut:]]
    cut = rng.choice(cuts)
    more = rng.randrange(1, 4)
    return [paras[:min(cut + more, len(paras))], paras[cut:]]


def dress(paras: list[str], rng: random.Random) -> bytes:
    """A chunk as the scrape might save it: a menu line, CRLF, a BOM, at random."""
    body = ("Выбрать главу\n\n" if rng.random() < 0.5 else "") + "\n\n".join(paras) + "\n"
    if rng.random() < 0.5:
        body = body.replace("\n", "\r\n")
    raw = body.encode("utf-8")
    return b"\xef\xbb\xbf" + raw if rng.random() < 0.5 else raw


def recut(witnesses: list[list[str]], seed: int, hard: bool = False) -> dict[str, bytes]:
    """File name → bytes: every witness (a list of paragraphs) split in two, dressed, under a random name."""
    rng = random.Random(seed)
    out = {}
    for paras in witnesses:
        for chunk in split(paras, rng, hard):
            out[f"{rng.getrandbits(48):012x}.txt"] = dress(chunk, rng)
    return dict(rng.sample(sorted(out.items()), len(out)))
