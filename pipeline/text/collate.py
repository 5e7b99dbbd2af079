"""Stage *collate*: find the passages the witnesses share despite OCR noise, different line breaks and missing
headings; keep one reading of each passage and record every witness block that attests it.

Long blocks are matched by content anywhere (shingles of the folded skeleton, then an alignment); short ones —
headings, one-line rules, closing formulas that recur in every chapter — only by context, between two long
blocks already matched in the same two witnesses. The result is groups of blocks (one group = one passage)
and, per group, the reading: the best-read block, extended where another copy runs on past its end.
"""
from __future__ import annotations

import difflib
from collections import Counter, defaultdict

import regex
from rapidfuzz.distance import Indel

from pipeline.text.model import Block, Document, Note, Passage, Relation
from pipeline.text import variants
from pipeline.text.skeleton import key, skeleton

_WORDS = regex.compile(r"\p{L}+")

SHINGLE = 9
ANCHOR = 50  # skeleton letters a block needs to be matched without context
COVER = 0.8  # share of a block's letters that must align for it to count as a copy


class UnionFind:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def matching_blocks(ka: str, kb: str):
    """The stretches two skeletons share, in order (a longest-common-subsequence alignment)."""
    return Indel.opcodes(ka, kb).as_matching_blocks()


def overlap(ka: str, kb: str) -> int:
    """How many letters at the end of ``ka`` are the start of ``kb`` (two cuts of one paragraph); 0 if none."""
    best = 0
    for i in range(0, min(30, len(kb) - SHINGLE)):
        probe = kb[i:i + SHINGLE]
        pos = ka.find(probe, max(0, len(ka) - len(kb) - i))
        while pos >= 0:
            size = len(ka) - pos + i
            if ANCHOR // 2 <= size <= min(len(ka), len(kb)) and size > best:
                if Indel.normalized_similarity(ka[-size:], kb[:size]) >= 0.9:
                    best = size
            pos = ka.find(probe, pos + 1)
    return best


def compare(ka: str, kb: str) -> tuple[str | None, int]:
    """Classify how two skeletons overlap: same text, one inside the other, or one running on into the other."""
    if not ka or not kb:
        return None, 0
    blocks = [m for m in matching_blocks(ka, kb) if m.size >= 3]
    shared = sum(m.size for m in blocks)
    if not blocks:
        return None, 0
    cov_a, cov_b = shared / len(ka), shared / len(kb)
    if cov_a >= COVER and cov_b >= COVER:
        return "same", shared
    if cov_a >= COVER:
        return "a-in-b", shared
    if cov_b >= COVER:
        return "b-in-a", shared
    if overlap(ka, kb):
        return "a-then-b", shared
    if overlap(kb, ka):
        return "b-then-a", shared
    return None, shared


def by_witness(blocks: list[Block]) -> dict[str, list[int]]:
    """Witness id → indices of its blocks, in the witness's order."""
    out: dict[str, list[int]] = defaultdict(list)
    for i, b in enumerate(blocks):
        out[b.witness].append(i)
    return out


def _shingles(k: str) -> set[str]:
    return {k[i:i + SHINGLE] for i in range(0, max(len(k) - SHINGLE + 1, 0))}


def exact_relations(keys: list[str]) -> tuple[list[Relation], set[int]]:
    """Long blocks whose skeletons are identical: copies, found by hashing; returns them and the first of each."""
    first: dict[str, int] = {}
    rels = []
    for i, k in enumerate(keys):
        if len(k) < ANCHOR:
            continue
        if k in first:
            rels.append(Relation(first[k], i, "same", len(k)))
        else:
            first[k] = i
    return rels, set(first.values())


def long_relations(blocks: list[Block], keys: list[str], only: set[int]) -> list[Relation]:
    """Copies among blocks long enough to be recognised by their content alone (one block of each identical
    skeleton takes part; its twins are tied to it by hashing)."""
    index: dict[str, set[int]] = defaultdict(set)
    sh = [_shingles(k) if i in only else set() for i, k in enumerate(keys)]
    for i, s in enumerate(sh):
        for g in s:
            index[g].add(i)
    rels = []
    for i, s in enumerate(sh):
        counts: dict[int, int] = defaultdict(int)
        for g in s:
            for j in index[g]:
                if j > i:
                    counts[j] += 1
        for j, c in sorted(counts.items()):
            neighbours = blocks[i].witness == blocks[j].witness and abs(blocks[i].order - blocks[j].order) <= 1
            if c < max(3, 0.2 * min(len(s), len(sh[j]))) or neighbours:
                continue
            kind, shared = compare(keys[i], keys[j])
            if kind == "b-then-a":
                rels.append(Relation(j, i, "a-then-b", shared))
            elif kind:
                rels.append(Relation(i, j, kind, shared))
    return rels


def _similar(ka: str, kb: str) -> bool:
    return bool(ka and kb) and Indel.normalized_similarity(ka, kb) >= COVER


def context_relations(blocks: list[Block], keys: list[str], anchors: list[Relation]) -> list[Relation]:
    """Short blocks matched by position: between (and just beyond) two anchors shared by the same two witnesses."""
    by_wit = by_witness(blocks)
    pairs: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for r in anchors:
        wa, wb = blocks[r.a].witness, blocks[r.b].witness
        if wa == wb:
            continue
        pos = (blocks[r.a].order, blocks[r.b].order)
        pairs[(wa, wb)].append(pos)
    rels = []
    for (wa, wb), pos in sorted(pairs.items()):
        seq_a, seq_b = by_wit[wa], by_wit[wb]
        pos = sorted(set(pos))
        # the stretches between consecutive anchors, plus the stretch before the first and after the last
        bounds = [(-1, -1), *pos, (len(seq_a), len(seq_b))]
        for (a0, b0), (a1, b1) in zip(bounds, bounds[1:]):
            if a1 <= a0 or b1 <= b0:
                continue
            ia, ib = seq_a[a0 + 1:a1], seq_b[b0 + 1:b1]
            if a0 >= 0 and a1 < len(seq_a) and b1 < len(seq_b):
                # bounded on both sides by anchors: a diff over the short blocks in between
                sm = difflib.SequenceMatcher(None, [keys[x] for x in ia], [keys[y] for y in ib], autojunk=False)
                for m in sm.get_matching_blocks():
                    rels += [Relation(ia[m.a + k], ib[m.b + k], "same", len(keys[ia[m.a + k]])) for k in range(m.size)]
                continue
            if a0 < 0:  # before the first anchor: walk back from it
                ia, ib = ia[::-1], ib[::-1]
            for x, y in zip(ia, ib):  # before the first or after the last anchor: only while they agree
                if not _similar(keys[x], keys[y]):
                    break
                rels.append(Relation(x, y, "same", len(keys[x])))
    return rels


def edge_relations(blocks: list[Block], keys: list[str]) -> list[Relation]:
    """Chunks of a scrape overlap by a few paragraphs: where the last blocks of one witness repeat the first of
    exactly one other (and no other witness ends that way), they are copies even when too short to be matched by
    content. Ambiguous edges (many chunks end with «Игра.») are left to *structure*, which knows the chapters; so
    is an edge of headings alone (a decks line and «Правила.»): what heads every chapter ties two chunks no more
    where it is the only such pair than where it is one of many (a chunk cut after one chapter's headings and
    another that opens with the same headings of another chapter)."""
    by_wit = by_witness(blocks)
    heads: dict[str, list[str]] = defaultdict(list)  # skeleton of a witness's first block → witnesses
    for w, seq in by_wit.items():
        heads[keys[seq[0]]].append(w)
    edges: dict[tuple[str, str], int] = {}
    for wa, sa in by_wit.items():
        for k in range(min(3, len(sa)), 0, -1):
            for wb in heads.get(keys[sa[-k]], []):
                sb = by_wit[wb]
                if wb != wa and (wa, wb) not in edges and len(sb) >= k and all(
                        Indel.normalized_similarity(keys[x], keys[y]) >= 0.9 for x, y in zip(sa[-k:], sb[:k])) \
                        and not all(_heading(blocks[x].text) for x in sa[-k:]):
                    edges[(wa, wb)] = k
    into = Counter(b for _, b in edges)
    out_of = Counter(a for a, _ in edges)
    rels = []
    for (wa, wb), k in sorted(edges.items()):
        if into[wb] == 1 and out_of[wa] == 1:
            rels += [Relation(x, y, "same", len(keys[x])) for x, y in zip(by_wit[wa][-k:], by_wit[wb][:k])]
    return rels


def _fits(short: str, whole: str, truncated: bool) -> bool:
    if truncated:  # a chunk that breaks off: its last block is the start of the other's
        whole = whole[:len(short)]
    return bool(short) and Indel.normalized_similarity(short, whole) >= 0.9


def _heading(text: str) -> bool:
    """A line in capitals, or a one-word heading («Правила.», «Игра.»): what recurs at the head of every chapter."""
    letters = [ch for ch in text if ch.isalpha()]
    caps = len(letters) >= 3 and sum(ch.isupper() for ch in letters) / len(letters) >= 0.8
    return caps or (len(text.split()) == 1 and text.rstrip().endswith("."))


def isolated_relations(blocks: list[Block], keys: list[str], rels: list[Relation]) -> list[Relation]:
    """A witness of short blocks only (a truncated chunk, a page of headings) shares no long block with anyone:
    it is a copy where its whole sequence stands, in order, in exactly one other witness."""
    by_wit = by_witness(blocks)
    tied = {r.a for r in rels} | {r.b for r in rels}
    out = []
    for w, seq in sorted(by_wit.items()):
        if len(seq) < 2 or any(i in tied for i in seq):
            continue
        if all(_heading(blocks[i].text) for i in seq):
            continue  # headings alone (a chunk cut after a chapter's headings) repeat many chapters: *structure*
        found = []
        for v, other in sorted(by_wit.items()):
            if v == w:
                continue
            for j in range(len(other) - len(seq) + 1):
                if all(_fits(keys[x], keys[other[j + k]], k == len(seq) - 1) for k, x in enumerate(seq)):
                    found.append([(x, other[j + k]) for k, x in enumerate(seq)])
        if len(found) == 1:
            out += [Relation(y, x, "same" if k < len(seq) - 1 else "b-in-a", len(keys[x]))
                    for k, (x, y) in enumerate(found[0])]
    return out


def collate(doc: Document) -> Document:
    """Stage *collate*: group the blocks of ``doc`` into passages (``doc.groups``, block indices) and record the
    relations that tie them (``doc.relations``); each relation is also a decision in the report."""
    blocks = doc.blocks
    keys = [key(b.text) for b in blocks]
    rels, firsts = exact_relations(keys)
    rels += long_relations(blocks, keys, firsts)
    rels += context_relations(blocks, keys, [r for r in rels if r.kind == "same"])
    rels += edge_relations(blocks, keys)
    rels += isolated_relations(blocks, keys, rels)
    uf = UnionFind(len(blocks))
    for r in rels:
        uf.union(r.a, r.b)
    groups: dict[int, list[int]] = defaultdict(list)
    for i in range(len(blocks)):
        groups[uf.find(i)].append(i)
    for r in rels:
        doc.decisions.append({
            "stage": "collate", "relation": r.kind, "shared_letters": r.shared,
            "a": _where(doc, blocks[r.a]), "b": _where(doc, blocks[r.b]),
        })
    doc.groups = [sorted(g) for _, g in sorted(groups.items())]
    doc.relations = rels
    return doc


def readings(doc: Document) -> Document:
    """Stage *readings* (after *notes*): one passage per group of the main text (``doc.passages``, in collation
    order), then one per note (``doc.notes``), each with the reading kept and every copy that attests it."""
    in_notes = {i for ix in [*doc.note_blocks.values(), *doc.note_additions.values()] for i in ix}
    main = [[i for i in g if i not in in_notes] for g in doc.groups]
    counts = hapax_counts(doc)
    doc.passages = build_passages(doc, [g for g in main if g], doc.relations, counts=counts)
    for n, ix in sorted(doc.note_blocks.items()):
        (p,) = build_passages(doc, [ix], doc.relations, prefix=f"note-{n}-", counts=counts)
        p.id = f"note-{n}"
        if n in doc.note_additions:
            p.variants.append(variants.added_after(p, [doc.blocks[i] for i in doc.note_additions[n]]))
        doc.notes[n] = Note(n=n, text=p.text, copies=[doc.blocks[i] for i in ix], passage=p)
    return doc


def _where(doc: Document, b: Block) -> dict:
    return {"witness": doc.witness(b.witness).name, "start": b.spans[0].start, "end": b.spans[-1].end,
            "incipit": b.text[:40]}


def hapax_counts(doc: Document) -> dict[str, int]:
    """How often each word form occurs in all the witnesses: a misreading is nearly always a form seen once."""
    counts: dict[str, int] = defaultdict(int)
    for b in doc.blocks:
        for w in _WORDS.findall(b.text.lower()):
            counts[w] += 1
    return counts




def quality(text: str, counts: dict[str, int]) -> float:
    words = _WORDS.findall(text.lower())
    return -sum(1 for w in words if counts.get(w, 0) < 2) / max(len(words), 1)


def _tail_after_overlap(a_text: str, b_text: str) -> int:
    """Offset in ``b_text`` just after the part it shares with the end of ``a_text``."""
    size = overlap(key(a_text), key(b_text))
    _, where = skeleton(b_text)
    if size >= len(where):
        return len(b_text)
    cut = where[size - 1] + 1 if size else 0
    while cut < len(b_text) and not b_text[cut].isspace() and not b_text[cut].isalpha():
        cut += 1  # punctuation that closes the shared part
    return cut


def fullness(doc: Document, maximal: list[int], group: list[int]) -> dict[int, int]:
    """For each block of ``maximal``: minus the words the other copies of ``group`` add to it. Copies with the
    same text are aligned once, their count weighing the result (the re-cuts of one scrape repeat a copy many
    times: aligning every pair of copies would be quadratic in their number)."""
    copies = Counter(doc.blocks[j].text for j in group)
    added: dict[tuple[str, str], int] = {}
    out = {}
    for i in maximal:
        text = doc.blocks[i].text
        total = 0
        for other, n in copies.items():
            n -= other == text  # the block itself is not one of the others
            if n:
                if (text, other) not in added:
                    added[(text, other)] = variants.added_words(text, other)
                total += n * added[(text, other)]
        out[i] = -total
    return out


def build_passages(doc: Document, groups: list[list[int]], rels: list[Relation], prefix: str = "p",
                   counts: dict[str, int] | None = None) -> list[Passage]:
    """One passage per group: the reading (best copy, extended where a copy runs on) and its attestations."""
    counts = counts if counts is not None else hapax_counts(doc)
    contained = {r.a for r in rels if r.kind == "a-in-b"} | {r.b for r in rels if r.kind == "b-in-a"}
    runs_on = {(r.a, r.b) for r in rels if r.kind == "a-then-b"}
    size: dict[str, int] = defaultdict(int)
    for b in doc.blocks:
        size[b.witness] += len(b.text)
    out = []
    for g in groups:
        members = [doc.blocks[i] for i in g]
        maximal = [i for i in g if i not in contained] or g
        # the fullest copy (the others add fewest words to it), then the best read, the longest, the one from
        # the fuller witness: the lemma rule of pipeline/text/variants.py
        full = fullness(doc, maximal, g) if len(maximal) > 1 else {i: 0 for i in maximal}
        best = max(maximal, key=lambda i: (full[i], quality(doc.blocks[i].text, counts), len(doc.blocks[i].text),
                                           size[doc.blocks[i].witness], doc.blocks[i].witness))
        parts = [(doc.blocks[best], 0, len(doc.blocks[best].text))]
        # a copy that starts inside the reading and runs on past its end supplies the rest
        nxt = next((b for (a, b) in sorted(runs_on) if a == best and b in g), None)
        prev = next((a for (a, b) in sorted(runs_on) if b == best and a in g), None)
        if nxt is not None:
            cut = _tail_after_overlap(doc.blocks[best].text, doc.blocks[nxt].text)
            parts.append((doc.blocks[nxt], cut, len(doc.blocks[nxt].text)))
        if prev is not None:
            cut = _tail_after_overlap(doc.blocks[prev].text, doc.blocks[best].text)
            parts = [(doc.blocks[prev], 0, len(doc.blocks[prev].text))] + [
                (doc.blocks[best], cut, len(doc.blocks[best].text))] + parts[1:]
        parts = [(b, s, e) for (b, s, e) in parts if e > s]
        text = " ".join(b.text[s:e].strip() for b, s, e in parts)
        p = Passage(id=f"{prefix}{len(out) + 1}", text=text, reading=parts[0][0], attested=members)
        p.parts = parts
        p.variants = variants.variants(text, members, parts)
        out.append(p)
        if len(members) > 1:
            doc.decisions.append({
                "stage": "collate", "passage": p.id, "kept": [_where(doc, b) for b, _, _ in parts],
                "copies": [_where(doc, b) for b in members],
                "why": "fullest (fewest words the other copies add), then fewest word forms seen nowhere else "
                   "(likely misreadings), then the longest",
            })
    return out
