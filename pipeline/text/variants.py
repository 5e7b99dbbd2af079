"""Variants between the copies of a passage: what one copy reads that the lemma does not, beyond OCR noise.

Each copy is aligned word by word with the passage text (the lemma). The alignment pairs words whose folded
skeletons are equal or close (:data:`NOISE`), a word split or run together by the OCR (one word against two), and
the last word of a copy that breaks off inside it (a prefix of the lemma's word). A pair reads as the lemma only
when its *words* are the lemma's — the same runs of letters and digits, case aside (:func:`words`): the edition
must hold every word of every copy, so a copy that reads ``первый разъ`` where the lemma has ``первыйразъ``, or
``кругь`` for ``кругъ``, keeps its reading as a variant however small the difference. The one pair that is the
lemma's without being equal is a copy's cut-off last word (it breaks off, it does not read otherwise).
Everything else — a pair that differs, words a copy adds, words it lacks inside the stretch it covers, a word
replaced by an unlike one — is a *variant*: the lemma's words (widened by one neighbour word when the lemma has
none there, as parallel segmentation wants) and each copy's reading of that stretch.

The alignment is a word-level edit distance (gaps cost 1, a noisy pair its dissimilarity, an unlike pair 1.8 so it
is a substitution, not two gaps), free at the ends of the lemma: a copy may cover only part of the passage (a
chunk that begins or breaks off inside it) without that being a variant. Runs of exactly equal words are fixed
first (a longest-matching-blocks diff), so the edit distance only runs on the short stretches between them. A
token is a run of non-space characters with a letter or a digit (a number is a word a copy can lose too).

The lemma rule (also stated in the TEI ``encodingDesc``): of the copies that are not contained in another, the
*fullest* — the one whose words the other copies least add to (a scrape of one printed book loses words by
truncation and misreading, it does not invent them) — then the best read (fewest word forms seen nowhere else),
then the longest.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass

import regex
from rapidfuzz.distance import Indel

from pipeline.text.model import Block, Passage, Reading, Variant
from pipeline.text.skeleton import key

NOISE = 0.6  # skeleton similarity at or above which two words are one word misread
_TOKEN = regex.compile(r"\S+")
_WORD = regex.compile(r"[^\W_]+")  # a word: a run of letters and digits (what a reader counts, and the audit)
_DIGITS = regex.compile(r"\d+")


@dataclass(frozen=True)
class Token:
    start: int
    end: int
    key: str


def words(text: str) -> list[str]:
    """The words of ``text`` as the edition must keep them: runs of letters and digits, lower-cased."""
    return _WORD.findall(text.lower())


def tokens(text: str) -> list[Token]:
    """The tokens of ``text`` with their offsets, keyed by their skeleton (a number by its digits); a token
    with neither letters nor digits (a dash) is not a word."""
    return [Token(m.start(), m.end(), k) for m in _TOKEN.finditer(text)
            if (k := key(m.group()) or "".join(_DIGITS.findall(m.group())))]


def _noise(a: str, b: str) -> float | None:
    """Cost of reading ``a`` as ``b`` when that is OCR noise, else None."""
    if a == b:
        return 0.0
    sim = Indel.normalized_similarity(a, b)
    return 1.0 - sim if sim >= NOISE else None


# an alignment step: (lemma tokens consumed, copy tokens consumed, kind) with kind match | noise | variant
Step = tuple[int, int, str]


def _align(lem: list[str], cop: list[str], free_start: bool, free_end: bool, copy_ends: bool) -> list[Step]:
    """Edit-distance alignment of two short word sequences (skeleton keys); the lemma's ends may be free."""
    m, n = len(lem), len(cop)
    inf = float("inf")
    cost = [[inf] * (n + 1) for _ in range(m + 1)]
    back: list[list[Step | None]] = [[None] * (n + 1) for _ in range(m + 1)]
    cost[0][0] = 0.0
    for i in range(m + 1):
        for j in range(n + 1):
            c = cost[i][j]
            if c == inf:
                continue
            moves: list[tuple[int, int, float, str]] = []
            if i < m:
                gap = 0.0 if (free_start and j == 0) or (free_end and j == n) else 1.0
                moves.append((1, 0, gap, "skip" if gap == 0.0 else "variant"))
            if j < n:
                moves.append((0, 1, 1.0, "variant"))
            if i < m and j < n:
                noise = _noise(lem[i], cop[j])
                if noise is None and copy_ends and j == n - 1 and lem[i].startswith(cop[j]):
                    noise = 0.0  # the copy breaks off inside this word
                moves.append((1, 1, noise, "noise") if noise is not None else (1, 1, 1.8, "variant"))
            if i < m and j + 1 < n and (noise := _noise(lem[i], cop[j] + cop[j + 1])) is not None:
                moves.append((1, 2, noise + 0.1, "noise"))  # the OCR split a word
            if i + 1 < m and j < n and (noise := _noise(lem[i] + lem[i + 1], cop[j])) is not None:
                moves.append((2, 1, noise + 0.1, "noise"))  # the OCR ran two words together
            for di, dj, step, kind in moves:
                if c + step < cost[i + di][j + dj] - 1e-9:
                    cost[i + di][j + dj] = c + step
                    back[i + di][j + dj] = (di, dj, kind)
    out: list[Step] = []
    i, j = m, n
    while i or j:
        di, dj, kind = back[i][j]
        out.append((di, dj, kind))
        i, j = i - di, j - dj
    return out[::-1]


def alignment(lemma: str, copy: str, copy_ends: bool = True) -> list[tuple[list[int], list[int], str]]:
    """Word groups of ``lemma`` and ``copy`` in order: (lemma token indices, copy token indices, kind), kind one
    of match, noise (a cut-off last word), variant or skip (lemma words outside the stretch the copy covers)."""
    lt, ct = tokens(lemma), tokens(copy)
    return [(li, ci, _reads(lemma, lt, li, copy, ct, ci, kind, copy_ends))
            for li, ci, kind in _aligned(lt, ct, copy_ends)]


def _aligned(lt: list[Token], ct: list[Token], copy_ends: bool) -> list[tuple[list[int], list[int], str]]:
    """The alignment of two token lists by their skeletons: pairs of like words are match or noise, before their
    words are compared."""
    lk, ck = [t.key for t in lt], [t.key for t in ct]
    sm = difflib.SequenceMatcher(None, lk, ck, autojunk=False)
    blocks = [b for b in sm.get_matching_blocks() if b.size]
    if copy_ends and len(blocks) > 1 and blocks[-1].size <= 2 and blocks[-1].b + blocks[-1].size == len(ck) and (
            blocks[-1].a > blocks[-2].a + blocks[-2].size):
        blocks.pop()  # a copy that breaks off: its last word or two, met again further on, are left to the DP
    out: list[tuple[list[int], list[int], str]] = []
    pos_l = pos_c = 0
    for k, b in enumerate([*blocks, None]):
        end_l, end_c = (b.a, b.b) if b else (len(lk), len(ck))
        if end_l > pos_l or end_c > pos_c:
            steps = _align(lk[pos_l:end_l], ck[pos_c:end_c], free_start=k == 0, free_end=b is None,
                           copy_ends=copy_ends and b is None)
            i, j = pos_l, pos_c
            for di, dj, kind in steps:
                out.append((list(range(i, i + di)), list(range(j, j + dj)), kind))
                i, j = i + di, j + dj
        if b:
            out += [([b.a + x], [b.b + x], "match") for x in range(b.size)]
            pos_l, pos_c = b.a + b.size, b.b + b.size
    return out


def _reads(lemma: str, lt: list[Token], li: list[int], copy: str, ct: list[Token], ci: list[int], kind: str,
           copy_ends: bool) -> str:
    """The kind of an aligned pair once its words are compared: a match or a noisy pair whose words are not the
    lemma's is a variant, but for the copy's last word cut off inside the lemma's word."""
    if kind not in ("match", "noise"):
        return kind
    lw = words(" ".join(lemma[lt[i].start:lt[i].end] for i in li))
    cw = words(" ".join(copy[ct[j].start:ct[j].end] for j in ci))
    if lw == cw:
        return "match"
    cut = copy_ends and ci and ci[-1] == len(ct) - 1 and len(li) == len(ci) == 1 and len(cw) == 1 and lw and (
        lw[0].startswith(cw[0]) and lw[0] != cw[0])
    return "noise" if cut else "variant"


def added_words(lemma: str, copy: str) -> int:
    """How many words of ``copy`` the lemma lacks (added or unlike words): the measure of a fuller reading. A word
    the OCR misread, split or ran together is the lemma's word however it is printed, so it adds nothing: which
    of two such copies reads better is the lemma rule's next question (fewest forms seen nowhere else)."""
    return sum(len(c) for _, c, kind in _aligned(tokens(lemma), tokens(copy), True) if kind == "variant")


def variants(text: str, copies: list[Block], parts: list[tuple[Block, int, int]]) -> list[Variant]:
    """The variants of the copies against the passage ``text``: one per lemma stretch (stretches where copies
    differ in overlapping places are joined), with each differing copy's reading of the whole stretch, and the
    copies that read it as the lemma."""
    lt = tokens(text)
    lemma_blocks = {id(b) for b, _, _ in parts}
    ranges, pos = [], 0  # where each part stands in ``text`` (parts are joined by one space)
    for b, s, e in parts:
        piece = b.text[s:e].strip()
        ranges.append((pos, pos + len(piece), b))
        pos += len(piece) + 1
    aligned: list[tuple[Block, list[Token], list[tuple[list[int], list[int], str]]]] = []
    stretches: list[tuple[int, int]] = []  # lemma token ranges, inclusive
    seen: dict[str, tuple[list[Token], list[tuple[list[int], list[int], str]]]] = {}
    for b in copies:
        if id(b) in lemma_blocks and b.text.strip() and b.text.strip() in text:
            continue  # a block the lemma is made of reads as the lemma
        if b.text in seen:  # a copy with the same text as one already aligned reads the same
            aligned.append((b, *seen[b.text]))
            continue
        groups = alignment(text, b.text)
        seen[b.text] = (tokens(b.text), groups)
        aligned.append((b, *seen[b.text]))
        for g, (li, ci, kind) in enumerate(groups):
            if kind != "variant" or (g and groups[g - 1][2] == "variant"):
                continue
            run = [g]
            while run[-1] + 1 < len(groups) and groups[run[-1] + 1][2] == "variant":
                run.append(run[-1] + 1)
            lis = [i for x in run for i in groups[x][0]]
            after = next((groups[x][0] for x in range(run[-1] + 1, len(groups)) if groups[x][0]), None)
            if not lis:  # the copy adds words: widen by the lemma word after them (or before, at the end)
                before = next((groups[x][0] for x in range(run[0] - 1, -1, -1) if groups[x][0]), None)
                lis = after or before
                if not lis:
                    continue
            elif not groups[run[-1]][0] and after:
                lis = lis + after  # the run ends with words the copy adds: they stand before the next lemma word
            stretches.append((min(lis), max(lis)))
    merged: list[list[int]] = []
    for lo, hi in sorted(stretches):
        if merged and lo <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    out = []
    for lo, hi in merged:
        v = Variant(start=lt[lo].start, end=lt[hi].end)
        v.agree = [b for a, z, b in ranges if a < v.end and v.start < z]
        for b, ct, groups in aligned:
            inside = [g for g in groups if any(lo <= i <= hi for i in g[0])]
            # the copy's added words just before the stretch belong to it when the stretch was widened to them
            first = groups.index(inside[0]) if inside else None
            last = groups.index(inside[-1]) if inside else None
            if first is None:
                continue
            while first > 0 and groups[first - 1][2] == "variant" and not groups[first - 1][0]:
                first -= 1
            while last + 1 < len(groups) and groups[last + 1][2] == "variant" and not groups[last + 1][0] and (
                    hi == len(lt) - 1):
                last += 1
            span = groups[first:last + 1]
            if all(kind == "skip" for _, _, kind in span):
                continue  # the copy does not reach this far
            if not any(kind == "variant" for _, _, kind in span):
                v.agree.append(b)
                continue
            ci = [j for _, c, _ in span for j in c]
            s, e = (ct[ci[0]].start, ct[ci[-1]].end) if ci else (0, 0)
            v.readings.append(Reading(block=b, start=s, end=e, text=b.text[s:e]))
        if v.readings:
            out.append(v)
    return out


def added_after(p: Passage, blocks: list[Block]) -> Variant:
    """Paragraphs one witness reads after the passage (its notes area adds them): a variant of the passage's last
    word, read by that witness as the word and the paragraphs (provenance: the first block's offsets)."""
    last = tokens(p.text)[-1]
    word = p.text[last.start:last.end]
    first = blocks[0]
    v = Variant(start=last.start, end=last.end, agree=[b for b in p.attested if b.witness != first.witness])
    text = " ".join([word, *(b.text for b in blocks)])
    v.readings.append(Reading(block=first, start=0, end=len(first.text), text=text))
    return v
