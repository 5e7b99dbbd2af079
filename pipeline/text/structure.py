"""Stage *structure*: put the passages in book order and divide them into chapters.

Order comes from the witnesses themselves (each says which passage follows which; copies tie witnesses
together), then — between runs of text that share nothing — from the book's game order. A chapter begins at its
title in capitals, or at its decks line when the title is lost; what stands before the first heading of a run
is the end of the chapter before. Each chapter is identified by the evidence it carries — its title, its
caption, the notes anchored in it, its place next to an identified chapter, the editors' data — and every
identification is recorded with its evidence.
"""
from __future__ import annotations

import difflib
from collections import defaultdict
from dataclasses import dataclass, field

import regex

from pipeline.text.bookdata import Editorial
from pipeline.text.model import Chapter, Document, Passage
from pipeline.text.notes import ANCHOR
from pipeline.text.skeleton import key
from pipeline.text.variants import variants

ROMAN = regex.compile(r"^\s*([IVXІХ]{1,5})(?:\.|\s)\s*(?=\S)")
_TERMINAL = (".", "!", "?", "»", ")", "…")
_RULES, _PLAY = key("Правила"), key("Игра")
_DECKS = (key("колода"), key("колоды"), key("игроковъ"))


def roman_value(token: str) -> str | None:
    """A rule number as printed (Cyrillic І and Х read as Latin) → canonical Latin numeral."""
    latin = token.replace("І", "I").replace("Х", "X")
    valid = regex.fullmatch(r"X{0,3}(IX|IV|V?I{0,3})", latin)
    return latin if valid and latin else None


def _caps(text: str) -> bool:
    letters = [ch for ch in text if ch.isalpha()]
    return len(letters) >= 3 and sum(ch.isupper() for ch in letters) / len(letters) >= 0.8


def _similar(a: str, b: str, cutoff: float = 0.8) -> bool:
    if not (a and b):
        return False
    m = difflib.SequenceMatcher(None, a, b, autojunk=False)
    # the quick ratios are upper bounds of ratio() (difflib's get_close_matches tests them so): the same answer
    return m.real_quick_ratio() >= cutoff and m.quick_ratio() >= cutoff and m.ratio() >= cutoff


def classify(text: str, is_caption) -> str:
    k = key(text)
    if _caps(text):
        return "decks" if any(d in k for d in _DECKS) else "title"
    if _similar(k, _RULES, 0.85) and len(text) < 15:
        return "rules-head"
    if _similar(k, _PLAY, 0.85) and len(text) < 10:
        return "play-head"
    m = ROMAN.match(text)
    if m and roman_value(m.group(1)):
        return "rule"
    if is_caption(text):
        return "caption"
    return "p"


def order_runs(doc: Document, passages: list[Passage]) -> list[list[Passage]]:
    """Runs of passages joined by the witnesses' own sequence; each run in reading order."""
    of_block = {id(b): p for p in passages for b in p.attested}
    succ: dict[str, set[str]] = defaultdict(set)
    pred: dict[str, set[str]] = defaultdict(set)
    by_id = {p.id: p for p in passages}
    by_wit: dict[str, list] = defaultdict(list)
    for p in passages:
        for b in p.attested:
            by_wit[b.witness].append(b)
    link = {p.id: p.id for p in passages}

    def root(x: str) -> str:
        while link[x] != x:
            x = link[x]
        return x

    for blocks in by_wit.values():
        blocks.sort(key=lambda b: b.order)
        for a, b in zip(blocks, blocks[1:]):
            pa, pb = of_block[id(a)], of_block[id(b)]
            if pa is not pb:
                succ[pa.id].add(pb.id)
                pred[pb.id].add(pa.id)
                ra, rb = root(pa.id), root(pb.id)
                if ra != rb:
                    link[max(ra, rb)] = min(ra, rb)
    runs: dict[str, list[Passage]] = defaultdict(list)
    for p in passages:
        runs[root(p.id)].append(p)
    out = []
    for members in runs.values():
        out.append(_topological(doc, members, succ, pred, by_id))
    return out


def _topological(doc, members, succ, pred, by_id) -> list[Passage]:
    """Kahn's order; ties (never met when witnesses agree) broken by text, so file names cannot matter."""
    ids = {p.id for p in members}
    indeg = {p.id: len(pred[p.id] & ids) for p in members}
    ready = sorted((key(by_id[i].text), i) for i, d in indeg.items() if d == 0)
    out: list[Passage] = []
    while len(out) < len(members):
        if not ready:  # the witnesses disagree on the order: a cycle; break it at the smallest text
            rest = sorted((key(by_id[i].text), i) for i in ids if indeg[i] > 0)
            doc.warn(f"witnesses disagree on the order near '{by_id[rest[0][1]].text[:40]}…'", by_id[rest[0][1]].reading)
            indeg[rest[0][1]] = 0
            ready = [rest[0]]
        _, i = ready.pop(0)
        indeg[i] = -1
        out.append(by_id[i])
        for j in sorted(succ[i] & ids):
            if indeg[j] > 0:
                indeg[j] -= 1
                if indeg[j] == 0:
                    ready.append((key(by_id[j].text), j))
        ready.sort()
    return out


@dataclass
class Segment:
    """A stretch of a run that belongs to one chapter."""

    passages: list[Passage]
    headed: bool  # starts at a title or a decks line
    votes: dict[int, list[tuple[float, str]]] = field(default_factory=lambda: defaultdict(list))
    number: int | None = None


def segments(run: list[Passage]) -> list[Segment]:
    out: list[Segment] = []
    for i, p in enumerate(run):
        starts = p.kind == "title" or (p.kind == "decks" and (i == 0 or run[i - 1].kind != "title"))
        if starts or not out:
            out.append(Segment([p], headed=starts))
        else:
            out[-1].passages.append(p)
    return out


def names(text: str, title: str) -> bool:
    """Whether ``text`` holds the words of ``title`` in a row (each read through OCR noise): a heading that runs
    the title together with the decks line, a caption that names the game among other words."""
    words = [key(w) for w in text.split() if key(w)]
    want = [key(w) for w in title.split() if key(w)]
    return bool(want) and any(all(_similar(words[i + j], want[j], 0.8) for j in range(len(want)))
                              for i in range(len(words) - len(want) + 1))


def _vote_evidence(seg: Segment, ed: Editorial) -> None:
    titled = [g for g in ed.games if g.title]
    for p in seg.passages:
        k = key(p.text)
        if p.kind in ("title", "decks", "caption"):
            # the game whose title the heading or caption is, or holds in the fewest other words; of titles
            # contained in one another («Часы», «Солнечные часы») the longest
            whole = [g for g in titled if p.kind != "decks" and _similar(k, key(g.title), 0.85)]
            held = [g for g in titled if names(p.text, g.title)]
            best = max(held, key=lambda g: len(key(g.title)), default=None)
            for g in whole or ([best] if best else []):
                weight = {"title": 10.0, "decks": 8.0, "caption": 4.0}[p.kind] - (0.0 if whole else 1.0)
                seg.votes[g.number].append((weight, f"{p.kind} «{p.text}»"))
        for m in ANCHOR.finditer(p.text):
            g = ed.game_of_note(int(m.group(1)))
            if g:
                seg.votes[g.number].append((6.0, f"anchor of note {m.group(1)}"))
        for m in regex.finditer(r"«([^»]{3,30})»", p.text):
            for g in titled:
                if _similar(key(m.group(1)), key(g.title), 0.85):
                    seg.votes[g.number].append((3.0, f"the text names the game «{m.group(1)}»"))
        if p.kind == "decks" and key("игроковъ") in k:
            for g in ed.games:
                if g.players == 2:
                    seg.votes[g.number].append((3.0, "a game for two players"))
    for rule in ed.identify:
        target = key(rule["incipit"])
        if any(target[:60] and _similar(key(p.text)[:len(target)], target, 0.8) for p in seg.passages):
            seg.votes[ed.game(rule["slug"]).number].append((20.0, "editors' identification: " + rule["why"]))


def _best(seg: Segment) -> tuple[int, float] | None:
    if not seg.votes:
        return None
    number, votes = max(seg.votes.items(), key=lambda kv: (sum(w for w, _ in kv[1]), -kv[0]))
    return number, sum(w for w, _ in votes)


def identify(doc: Document, runs: list[list[Segment]], ed: Editorial) -> None:
    """Give every segment a game number: its own evidence, then its neighbours' (chapters follow each other in
    a witness, so the chapter after game N is N + 1 and the stretch before game N's heading is the end of N − 1)."""
    own: dict[int, dict[int, list[tuple[float, str]]]] = {}
    for segs in runs:
        for seg in segs:
            _vote_evidence(seg, ed)
            own[id(seg)] = {n: list(v) for n, v in seg.votes.items()}
    for seg in (s for segs in runs for s in segs):
        best = _best(seg)
        seg.number = best[0] if best else None
    for _ in range(len(ed.games)):  # until nothing changes: each round lets identifications spread one step
        changed = False
        for segs in runs:
            for i, seg in enumerate(segs):
                votes = defaultdict(list, {n: list(v) for n, v in own[id(seg)].items()})
                if i > 0 and segs[i - 1].number is not None:
                    votes[segs[i - 1].number + 1].append((5.0, f"follows game {segs[i - 1].number} in the same witness"))
                if i + 1 < len(segs) and segs[i + 1].number is not None:
                    votes[segs[i + 1].number - 1].append((5.0, f"precedes game {segs[i + 1].number} in the same witness"))
                seg.votes = votes
                best = _best(seg)
                number = best[0] if best else None
                changed |= number != seg.number
                seg.number = number
        if not changed:
            break


def _shared_edge(a: list[Passage], b: list[Passage]) -> int:
    """How many passages at the end of ``a`` are repeated at the start of ``b`` (chunks of a scrape overlap)."""
    for k in range(min(3, len(a), len(b)), 0, -1):
        if all(_similar(key(x.text), key(y.text), 0.9) for x, y in zip(a[-k:], b[:k])):
            return k
    return 0


def chain(doc: Document, runs: list[list[Segment]]) -> list[list[Segment]]:
    """Join a run to the run it continues: the one whose last passages it repeats
    (too short — a heading, «Игра.» — to have tied them by content) and whose last chapter is the same game, or
    unknown. Ambiguous cases are left apart and reported."""
    flat = [[p for seg in segs for p in seg.passages] for segs in runs]
    follows: dict[int, int] = {}
    for b, segs in enumerate(runs):
        first = segs[0].number
        options = [a for a in range(len(runs)) if a != b and _shared_edge(flat[a], flat[b])]
        same = [a for a in options if runs[a][-1].number == first and first is not None]
        open_ = [a for a in options if runs[a][-1].number is None or first is None]
        pick = same if len(same) == 1 else (open_ if not same and len(open_) == 1 else [])
        if pick and pick[0] not in follows.values():
            follows[b] = pick[0]
        elif options:
            doc.warn(f"a run opening '{flat[b][0].text[:30]}…' repeats the end of several others; left apart",
                     flat[b][0].reading)
    if not follows:
        return runs
    out, used = [], set()
    for a in range(len(runs)):
        if a in follows:
            continue
        seq, cur = list(flat[a]), a
        while cur in follows.values():
            b = next(x for x, y in follows.items() if y == cur)
            seq += _after_overlap(doc, seq, flat[b])
            used.add(b)
            cur = b
        out.append(seq)
    for b in follows:
        if b not in used:  # a cycle of runs continuing each other: keep them as they are
            out.append(flat[b])
    return [[Segment(seq, headed=False)] for seq in out]


def _after_overlap(doc: Document, kept: list[Passage], more: list[Passage]) -> list[Passage]:
    """Where two runs meet inside a chapter, the chunks may repeat a few short passages (a heading, a formula)
    too short to be matched by content: those are copies of the passages they repeat."""
    k = _shared_edge(kept, more)
    for a, b in zip(kept[-k:] if k else [], more[:k]):
        if len(b.text) > len(a.text):  # the other chunk has it whole
            a.text, a.reading, a.parts, a.variants = b.text, b.reading, b.parts, b.variants
        a.attested.extend(b.attested)
        a.variants = variants(a.text, a.attested, a.parts)
        doc.decisions.append({"stage": "structure", "passage": a.id, "copy": b.id,
                              "why": "repeated where two chunks of the same text meet"})
    return more[k:]


_HEADS = ("title", "decks", "rules-head", "play-head")
# how many decks a decks line names: the numeral before «колода/колоды» (Russian numerals one and two, as the
# book prints them); language, not a table of the sources' lines
_DECK_COUNT = {key(w): n for n, words in ((1, ("одна", "одну", "одной")), (2, ("двѣ", "две", "два", "двухъ")))
               for w in words}


def decks_named(passages: list[Passage]) -> int | None:
    """The number of decks the decks line among ``passages`` names, if it names one."""
    for p in passages:
        if p.kind == "decks":
            for w in p.text.split():
                if key(w) in _DECK_COUNT:
                    return _DECK_COUNT[key(w)]
    return None


def across_cuts(doc: Document, runs: list[list[Segment]], ed: Editorial) -> None:
    """A chunk whose last chapter ends in a heading (a decks line and «Правила.», or «Игра.», at the cut) opens
    the chapter another chunk continues: the one run that begins without a heading, whose chapter has no heading elsewhere and plays with
    the decks the line names. Each side lends the other its number when exactly one pairing is possible; the
    pairing is a decision in the report (not evidence of the chapter: it depends on where the sources are cut)."""
    tails = [segs[-1] for segs in runs if segs[-1].headed and segs[-1].passages[-1].kind in _HEADS]
    opens = [segs[0] for segs in runs if not segs[0].headed]

    def plays(seg: Segment, decks: int | None) -> bool:
        game = ed.by_number(seg.number) if seg.number is not None else None
        return decks is None or game is None or game.decks in (None, decks)

    for tail in tails:
        decks = decks_named(tail.passages)
        headed = {s.number for segs in runs for s in segs if s.headed and s is not tail}
        if tail.number is not None:
            fits = [o for o in opens if o.number is None]
            if len(fits) == 1 and not any(o.number == tail.number for o in opens):
                fits[0].number = tail.number
        else:
            fits = [o for o in opens if o.number is not None and o.number not in headed and plays(o, decks)]
            if len(fits) == 1 and len([t for t in tails if t.number is None]) == 1:
                tail.number = fits[0].number
        if len(fits) == 1 and tail.number is not None:
            doc.decisions.append({"stage": "structure", "headings_at_cut": tail.passages[0].text[:40],
                                  "number": tail.number, "why": "the headings that end one chunk open the chapter "
                                  "another begins without a heading (the only one that fits)"})


def structure(doc: Document, ed: Editorial, is_caption) -> Document:
    """Stage *structure*: the passages of ``doc.passages`` classified (a rule with its number), ordered, divided
    into ``doc.chapters`` and identified; ``doc.passages`` is then the main text in book order."""
    passages = doc.passages
    for p in passages:
        p.kind = classify(p.text, is_caption)
        if p.kind == "rule":
            m = ROMAN.match(p.text)
            p.n, p.lead = roman_value(m.group(1)), m.end()
    runs = [segments(run) for run in order_runs(doc, passages)]
    identify(doc, runs, ed)
    chained = chain(doc, runs)
    if chained is not runs:
        runs = [segments([p for seg in segs for p in seg.passages]) for segs in chained]
        identify(doc, runs, ed)
    across_cuts(doc, runs, ed)
    for segs in runs:
        numbers = [s.number for s in segs if s.number is not None]
        if numbers != sorted(set(numbers)):
            late = next((s for k, s in enumerate(segs) if s.number is not None and any(
                t.number is not None and t.number >= s.number for t in segs[:k])), segs[0])  # the first out of order
            doc.warn(f"chapters out of the book's order in one witness: {numbers}", late.passages[0].reading)
        for seg in segs:
            if seg.number is None:
                doc.warn(f"a chapter beginning '{seg.passages[0].text[:40]}…' could not be identified; "
                         "add its identification to source/editorial/chapters.json", seg.passages[0].reading)
    chapters: dict[int, Chapter] = {}
    unknown: list[Chapter] = []
    # runs in book order; a run that opens inside a chapter comes after the run holding that chapter's heading
    for segs in sorted(runs, key=lambda s: (min((x.number for x in s if x.number), default=999), not s[0].headed)):
        for seg in segs:
            game = ed.by_number(seg.number) if seg.number is not None else None
            if game is None:  # kept, as a chapter of its own, for the editors to identify
                if seg.number is not None:
                    doc.warn(f"chapter number {seg.number} is not a game of the book", seg.passages[0].reading)
                ch = Chapter(slug=f"unidentified-{len(unknown) + 1}", number=0)
                ch.passages.extend(seg.passages)
                unknown.append(ch)
                continue
            ch = chapters.setdefault(seg.number, Chapter(slug=game.slug, number=seg.number))
            ch.passages.extend(_after_overlap(doc, ch.passages, seg.passages))
            for n, votes in sorted(seg.votes.items()):
                if n == seg.number:
                    ch.evidence.extend(r for _, r in votes)
    for ch in [*chapters.values(), *unknown]:
        kinds = [p.kind for p in ch.passages]
        ch.lost_start = kinds[0] not in ("title", "decks")
        ch.title_supplied = "title" not in kinds
        texts = [p for p in ch.passages if p.kind in ("p", "rule")]
        ch.lost_end = ("play-head" not in kinds and "rule" in kinds[-2:]) or (
            bool(texts) and not ANCHOR.sub("", texts[-1].text).rstrip().endswith(_TERMINAL))
        doc.decisions.append({"stage": "structure", "chapter": ch.slug, "number": ch.number,
                              "evidence": sorted(set(ch.evidence)), "lost_start": ch.lost_start,
                              "lost_end": ch.lost_end, "title_supplied": ch.title_supplied})
    doc.chapters = [chapters[n] for n in sorted(chapters)] + unknown
    doc.passages = [p for ch in doc.chapters for p in ch.passages]
    return doc
