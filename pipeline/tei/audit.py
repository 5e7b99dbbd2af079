"""The word-level loss audit: every word of every witness is found in the emitted TEI, or it is a loss.

Independent of collation's own bookkeeping by construction: it reads only the witness files (their words, with
line and offset), the reader artifacts *clean* marked (the reader's menu and links), and the TEI files as
emitted. From the TEI it collects, for each witness, the words that the TEI says the witness reads — every
element whose ``@source`` names it, with, inside an ``app``, the ``rdg`` whose ``@wit`` names it (or the ``lem``
when that does); a correction's ``sic`` (the form as printed) and a word's ``orig`` (the old spelling) — and
marks where each stands: the lemma of the main text, a reading (``rdg``), a note, a caption.

Then each witness's words are matched, one TEI word for one witness word, against that sequence. A word is a run
of letters and digits (a note's number in its anchor ``[6]`` and on the label line before the note is a word
too: the TEI has it as the note's, and a second anchor's, @n), compared as printed but for case and the mechanical
layer the edition documents (``ђ`` = ``ѣ``, the Latin letters and digits that stand for Cyrillic look-alikes) —
not by the collation's noise-tolerant skeletons: a copy's misreading is its own form, and the TEI keeps it as a
reading. First runs of at least three equal words are matched (a longest-matching-blocks diff, repeated over
what is left, so chapters and notes may stand in another order in the edition than in the file); a shorter run
only when it is a whole line of the witness (a heading a chunk repeats, a note's label), which is what a reader
checks by its presence — and a whole line the witness repeats may be the TEI's line another of its lines took
(the edition keeps a repeated heading once). Words left after the alignment below are matched anywhere only as
two or more in a row (a reading the edition placed away from its neighbours), never one alone. Then the words between two matched neighbours are aligned with the TEI words between
theirs, by a word-level edit distance that accepts only an equal word, a word the build split (a heading run
into the next: the witness's word is the TEI's next words glued), words a line break cut (the TEI's word is the
witness's next words glued) and a line's last word cut off inside the TEI's word (a chunk that breaks off). There
is no match "anywhere" for a short run inside a line: a word whose neighbours were matched elsewhere is not
excused by the same word somewhere else in the edition. A word of the witness that is matched nowhere is a loss,
reported with its file, line and offset; the build fails on it.

Where the TEI's order is not the witness's, the sequence and the matching follow what the TEI says:
- a book's note in running text (in a reading too) is read after the passage that anchors it (its anchor number
  where it stands):
  the witness prints the anchor in the sentence and the note's words in a notes area;
- a witness that one ``app`` names in two or more readings has that many copies of the passage (a line it
  repeats, a chunk it has twice), and the passage's words outside the apps are each copy's: they may hold one
  word of each copy;
- at a seam (the neighbours' TEI words out of the witness's order) a window is anchored on its neighbour: a word
  pairs only with a TEI word about as far from the neighbour as it is from its own; between neighbours in order,
  the words left are looked for so too (two copies' words interleave);
- a word left whose TEI word at its place another word took, where that one has a free equal TEI word at its own
  place, takes it, the other that one (the runs matched first crossed two copies);
- a window anchored on a neighbour in a reading skips that app's other readings (a reading runs on into the words
  after its app);
- a repeated whole line is found in a row but for readings' words (lem, rdg) between.
"""
from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass, field

import regex
from lxml import etree

from pipeline.tei.markup import q
from pipeline.text import normalize
from pipeline.text.errors import SourceError
from pipeline.text.model import Document

_WORD = regex.compile(r"[^\W_]+")
# the mechanical layer (pipeline/text/normalize.py) and case, folded on both sides
_FOLD = str.maketrans(normalize.folds())
_SKIP = {"teiHeader", "gap", "supplied", "label"}
_OTHER_READING = {"reg", "corr"}  # the other side of a choice: not what the witness prints


@dataclass(frozen=True)
class Word:
    key: str
    place: str  # lemma | rdg | note | caption
    where: str  # file and xml:id or element of the TEI
    reads: int = 1  # how many of the witness's words it may hold: its copies of the passage (see _copies)
    reading: tuple[str, int] | None = None  # (app, reading) of a word of a lem or rdg: its app's file and path,
    # the reading's place in it


def _key(word: str) -> str:
    """A word as compared: NFC, lower case, the mechanical layer's equivalences folded."""
    return unicodedata.normalize("NFC", word).lower().translate(_FOLD)


def _wits(value: str | None) -> set[str]:
    return {v[1:] for v in (value or "").split() if v.startswith("#")}


def tei_words(files: dict[str, bytes]) -> dict[str, list[Word]]:
    """Witness id → the words the TEI gives it, in the TEI's order."""
    out: dict[str, list[Word]] = {}
    for name in sorted(files):
        if not (name.startswith("tei/") and name.endswith(".xml")):
            continue
        root = etree.fromstring(files[name])
        _walk(root.find(f"{q('text')}/{q('body')}"), _Buffer(set(), "lemma", name, out))
    return out


@dataclass
class _Buffer:
    """Text that belongs to one set of witnesses at one kind of place, until an element changes either."""

    wits: set[str]
    place: str
    name: str
    out: dict[str, list[Word]]
    parts: list[str] | None = None
    copies: dict[str, int] | None = None  # the unit's common text: how many copies of it each witness reads
    reading: tuple[str, int] | None = None  # a lem's or rdg's (app, reading), see Word
    pending: list = field(default_factory=list)  # notes anchored in the unit, read after it (see _in_text)

    def add(self, s: str | None) -> None:
        if s:
            self.parts = (self.parts or []) + [s]

    def flush(self) -> None:
        for m in _WORD.finditer("".join(self.parts or [])):
            k = _key(m.group())
            for w in sorted(self.wits):
                self.out.setdefault(w, []).append(Word(k, self.place, self.name, (self.copies or {}).get(w, 1),
                                                          self.reading))
        self.parts = None


def _reading(el, name: str) -> tuple[str, int]:
    """A lem's or rdg's app (its file and path in the TEI) and its place among the app's readings."""
    app = el.getparent()
    return f"{name}:{el.getroottree().getpath(app)}", app.index(el)


def _copies(unit) -> dict[str, int]:
    """Witness → how many copies of ``unit``'s passage the TEI says it has, where that is more than one: the most
    readings of one ``app`` of the passage (not of a passage inside it) that name the witness. In parallel
    segmentation the words outside the apps are the text of every copy, so each of the witness's copies reads
    them: a witness that holds a passage twice (a line it repeats, a chunk it has twice) reads them twice,
    once with each of its readings (its one copy's ``lem``, the other's ``rdg``)."""
    most: dict[str, int] = {}
    stack = list(unit)
    while stack:
        el = stack.pop()
        if not isinstance(el.tag, str) or (el.get("source") is not None and etree.QName(el).localname != "div"):
            continue  # a passage of its own (a note inside a paragraph): its apps count for it
        if etree.QName(el).localname == "app":
            seen: dict[str, int] = {}
            for r in el:
                if isinstance(r.tag, str) and etree.QName(r).localname in ("lem", "rdg"):
                    for w in _wits(r.get("wit")):
                        seen[w] = seen.get(w, 0) + 1
            for w, n in seen.items():
                if n > 1:
                    most[w] = max(most.get(w, 1), n)
        stack.extend(el)
    return most


def _walk(el, buf: _Buffer, anchored: bool = False) -> None:
    tag = etree.QName(el).localname
    if tag in _SKIP or tag in _OTHER_READING or (tag == "note" and el.get("type") == "editorial"):
        return  # not a witness's words (the caller keeps the element's tail)
    unit = el.get("source") is not None and tag != "div"
    if unit or tag in ("lem", "rdg"):
        buf.flush()
        place = buf.place
        if unit and tag == "note":
            place = "note"
        elif unit and tag == "head" and el.get("type") == "caption":
            place = "caption"
        elif tag == "rdg":
            place = "rdg"
        mine = _Buffer(_wits(el.get("wit" if tag in ("lem", "rdg") else "source")), place, buf.name, buf.out,
                       copies=_copies(el) if unit else None,
                       reading=_reading(el, buf.name) if tag in ("lem", "rdg") else None,
                       pending=[] if unit else buf.pending)  # a reading's notes wait for its passage's end
    else:
        mine = buf
    if tag == "ptr" and el.get("n"):
        buf.add(f" {el.get('n')} ")  # a second anchor of a note: its number where it stands
        return
    if tag == "note" and el.get("n") and not anchored:
        buf.add(f" {el.get('n')} ")  # the anchor: the note's number where it stands, before the note's words
        buf.flush()
    if tag in ("item", "note") and el.get("n"):
        mine.add(el.get("n") + " ")  # the rule's number as printed (@n); the note's label before its text
    mine.add(el.text)
    for child in el:
        if isinstance(child.tag, str):
            if _in_text(child, mine):
                if child.get("n"):
                    mine.add(f" {child.get('n')} ")  # the anchor where it stands; the note after the sentence
                mine.pending.append(child)
            else:
                _walk(child, mine)
        mine.add(child.tail)
    if unit:  # a footnote's words after the passage that anchors it (see _in_text); a reading's go with its passage
        while mine.pending:
            _walk(mine.pending.pop(0), mine, anchored=True)
    if mine is not buf:
        mine.flush()


def _in_text(el, buf: _Buffer) -> bool:
    """Whether ``el`` is a book's note that stands in running text (at its anchor, inside a paragraph, a rule, a
    reading): the TEI places the note there, but the witness prints its anchor there and its words in a notes
    area, so the text after the anchor follows the anchor («талонъ[7]. Если …»), and the note's words are read
    after the passage's."""
    return (etree.QName(el).localname == "note" and el.get("source") is not None and el.get("type") != "editorial"
            and buf.place != "note" and buf.wits != set())
@dataclass(frozen=True)
class Token:
    key: str
    text: str
    line: int
    offset: int


def witness_tokens(doc: Document, wid: str, lines: list | None = None) -> tuple[list[Token], list[Token]]:
    """The words of a witness's file (outside the reader's artifact lines), and the words of those lines;
    ``lines``: that witness's lines of ``doc.lines``, where the caller has them (else they are looked for)."""
    words, artifacts = [], []
    for line in lines if lines is not None else [x for x in doc.lines if x.witness == wid]:
        for m in _WORD.finditer(line.text):
            (artifacts if line.kind == "artifact" else words).append(
                Token(_key(m.group()), m.group(), line.number, line.start + m.start()))
    return words, artifacts


def match(words: list[Token], tei: list[Word]) -> dict[int, int]:
    """Witness token index → TEI word index, as described in the module's docstring."""
    sk, uk = [w.key for w in words], [w.key for w in tei]
    per_line: dict[int, int] = {}
    for w in words:
        per_line[w.line] = per_line.get(w.line, 0) + 1
    got: dict[int, int] = {}
    left = [w.reads for w in tei]  # a TEI word holds one witness word (one a copy, where a witness has copies)

    def take(i: int, j: int) -> None:
        got[i] = j
        left[j] -= 1

    sm = difflib.SequenceMatcher(None, [], [], autojunk=False)
    for _ in range(20):  # each round matches the longest runs of what is left
        grew = False
        runs = _runs([i for i in range(len(sk)) if i not in got])
        sm.set_seq1([k if left[j] > 0 else None for j, k in enumerate(uk)])
        for run in runs:
            whole_line = words[run[0]].line == words[run[-1]].line and per_line[words[run[0]].line] == len(run)
            sm.set_seq2([sk[i] for i in run])
            for b in sm.get_matching_blocks():
                if b.size >= 3 or (b.size and b.size == len(run) and whole_line):
                    if all(left[b.a + x] > 0 and run[b.b + x] not in got for x in range(b.size)):
                        for x in range(b.size):
                            take(run[b.b + x], b.a + x)
                        grew = True
        if not grew:
            break
    # the words between matched neighbours, against the TEI words between theirs
    # (where the neighbours' TEI words are not in the witness's order — the run stands at a seam of the edition,
    # a chapter that follows another elsewhere — the words just after the one and just before the other)
    for run in _runs([i for i in range(len(sk)) if i not in got]):
        before = got.get(run[0] - 1)
        after = got.get(run[-1] + 1)
        reach = 2 * len(run) + 3
        # at a seam each window is anchored on its neighbour (see _exact); between neighbours in order, the words
        # left are then looked for so too: a witness with two copies of a passage has their words interleaved in
        # the TEI (its readings of one app side by side, the common text once for both), so a copy's word may
        # stand just past the other copy's words that are its neighbour's
        anchored = ([(before + 1, before + 1 + reach, "start")] if before is not None else []) + (
            [(after - reach, after, "end")] if after is not None else [])
        if before is not None and after is not None and after > before:
            windows = [(before + 1, after, None), *anchored]
        else:
            windows = anchored or [(0, reach, None)]
        for lo, hi, anchor in windows:
            rest = [i for i in run if i not in got]
            window = [j for j in _window(lo, hi, anchor, before, after, tei) if left[j] > 0]
            if not rest or not window:
                continue
            ends = [words[i].line != (words[i + 1].line if i + 1 < len(words) else -1) for i in rest]
            for x, j in _exact([uk[j] for j in window], [sk[i] for i in rest], ends, anchor):
                take(rest[x], window[j])
    # two or more words still unmatched, in a row among the TEI words left: a reading the edition placed away from
    # the neighbours (a copy aligned across a seam); still the witness's words in the witness's order
    for run in _runs([i for i in range(len(sk)) if i not in got]):
        if len(run) < 2:
            continue
        sm.set_seq1([k if left[j] > 0 else None for j, k in enumerate(uk)])
        sm.set_seq2([sk[i] for i in run])
        for b in sm.get_matching_blocks():
            if b.size >= 2:
                for x in range(b.size):
                    take(run[b.b + x], b.a + x)
    # a word still unmatched whose TEI word at its place another witness word took, where that one has a TEI word
    # of its own at its place, still free: the two are given each their own (the TEI interleaves two copies of a
    # passage, or two readings, and the runs matched first may have crossed them)
    for i in [i for i in range(len(sk)) if i not in got]:
        for j in _places(i, got, len(uk)):
            other = next((o for o, t in got.items() if t == j and o != i), None) if uk[j] == sk[i] else None
            if other is None or left[j] > 0:
                continue
            free = next((t for t in _places(other, got, len(uk)) if t != j and uk[t] == sk[other] and left[t] > 0),
                        None)
            if free is not None:
                left[j] += 1
                take(other, free)
                take(i, j)
                break
    # a whole line still unmatched that the TEI has, in a row, where another line of the witness took it: the
    # witness repeats itself (a heading, a note's label, a line standing twice), and the edition keeps it once.
    # In a row but for the words of readings (lem, rdg) between: the line's words are the common text and the
    # readings that name the witness, and where it has another copy of the passage, that copy's readings
    # stand among them
    lines: dict[int, list[int]] = {}
    for i, w in enumerate(words):
        lines.setdefault(w.line, []).append(i)
    for line in lines.values():
        if all(i in got for i in line):
            continue
        at = _in_a_row([sk[i] for i in line], uk, tei)
        if at is not None:
            got.update({i: j for i, j in zip(line, at) if i not in got})
    return got


def _in_a_row(keys: list[str], uk: list[str], tei: list[Word]) -> list[int] | None:
    """The first place where the TEI words give ``keys`` in a row, but for readings' words (lem, rdg) between: the
    TEI index of each key, or None."""
    for start in range(len(uk)):
        if uk[start] != keys[0]:
            continue
        at, j = [start], start + 1
        while len(at) < len(keys) and j < len(uk):
            if uk[j] == keys[len(at)]:
                at.append(j)
            elif tei[j].reading is None:
                break
            j += 1
        if len(at) == len(keys):
            return at
    return None


def _window(lo: int, hi: int, anchor: str | None, before: int | None, after: int | None,
            tei: list[Word]) -> list[int]:
    """The TEI words of a window, but, when it is anchored on a neighbour that stands in a reading, the words of
    that app's other readings (a reading runs on into the words after its app, not into its sibling readings):
    as many words as the window would hold without them."""
    at = before if anchor == "start" else after if anchor == "end" else None
    mine = tei[at].reading if at is not None else None
    if mine is None:
        return list(range(max(0, lo), min(len(tei), hi)))
    out: list[int] = []
    step = 1 if anchor == "start" else -1
    j = lo if anchor == "start" else hi - 1
    while 0 <= j < len(tei) and len(out) < hi - lo:
        r = tei[j].reading
        if not (r is not None and r[0] == mine[0] and r[1] != mine[1]):
            out.append(j)
        j += step
    return sorted(out)


def _places(i: int, got: dict[int, int], size: int) -> list[int]:
    """The TEI words that stand at witness word ``i``'s place: between the TEI words of its two neighbours (when
    they are in order), and the few just after the one and just before the other."""
    before, after = got.get(i - 1), got.get(i + 1)
    out: list[int] = []
    if before is not None and after is not None and after > before:
        out += range(before + 1, after)
    if before is not None:
        out += range(before + 1, min(size, before + 6))
    if after is not None:
        out += range(max(0, after - 5), after)
    return list(dict.fromkeys(out))


def _exact(tei: list[str], wit: list[str], ends: list[bool], anchor: str | None = None) -> list[tuple[int, int]]:
    """An edit-distance alignment of witness words to TEI words that accepts only equal words, a witness word
    that is the TEI's next words glued (up to four), witness words a line break cut that are one TEI word, and a
    line's last word that the TEI word begins with; returns (witness index, TEI index) pairs. Skipping a TEI
    word is nearly free (another witness's words, or the lemma's where this one reads otherwise), skipping a
    witness word is a loss.

    ``anchor`` ("start" or "end"): the window is the TEI words just after (before) one neighbour only, at a seam;
    a witness word then pairs only with a TEI word about as far from that neighbour as it is from its own (a
    word the build split or glued, another witness's words between, aside): the 35th word after the neighbour is
    not the TEI's first word after it, it stands elsewhere or is lost."""
    m, n = len(tei), len(wit)

    def near(i: int, j: int) -> bool:  # TEI word i, witness word j: not much nearer the anchor in the TEI
        if anchor == "start":
            return 2 * i >= j - 3
        if anchor == "end":
            return 2 * (m - 1 - i) >= (n - 1 - j) - 3
        return True

    inf = float("inf")
    cost = [[inf] * (n + 1) for _ in range(m + 1)]
    back: list[list[tuple[int, int, bool] | None]] = [[None] * (n + 1) for _ in range(m + 1)]
    cost[0][0] = 0.0

    def relax(i: int, j: int, di: int, dj: int, step: float, paired: bool) -> None:
        if cost[i][j] + step < cost[i + di][j + dj] - 1e-9:
            cost[i + di][j + dj] = cost[i][j] + step
            back[i + di][j + dj] = (di, dj, paired)

    for i in range(m + 1):
        for j in range(n + 1):
            if cost[i][j] == inf:
                continue
            if i < m:
                relax(i, j, 1, 0, 0.01, False)
            if j < n:
                relax(i, j, 0, 1, 1.0, False)
            if i < m and j < n and near(i, j):
                if tei[i] == wit[j]:
                    relax(i, j, 1, 1, 0.0, True)
                elif ends[j] and tei[i].startswith(wit[j]):
                    relax(i, j, 1, 1, 0.5, True)  # the line breaks off inside the word
                for k in range(2, 5):
                    if i + k <= m and "".join(tei[i:i + k]) == wit[j]:
                        relax(i, j, k, 1, 0.1, True)  # the build split the witness's word
                    if j + k <= n and any(ends[j:j + k - 1]) and "".join(wit[j:j + k]) == tei[i]:
                        relax(i, j, 1, k, 0.1, True)  # a line break cut the TEI's word
    pairs: list[tuple[int, int]] = []
    i, j = m, n
    while i or j:
        di, dj, paired = back[i][j]
        if paired:
            pairs += [(j - dj + x, i - di) for x in range(dj)]
        i, j = i - di, j - dj
    return pairs


def _runs(ix: list[int]) -> list[list[int]]:
    out: list[list[int]] = []
    for i in ix:
        if out and out[-1][-1] == i - 1:
            out[-1].append(i)
        else:
            out.append([i])
    return out


def audit(doc: Document, files: dict[str, bytes]) -> list[dict]:
    """Per witness: its words, where each kind of place holds them, and every word found nowhere (a loss)."""
    pool = tei_words(files)
    lines: dict[str, list] = {}  # each witness's lines, in order: one pass over the lines, not one a witness
    for line in doc.lines:
        lines.setdefault(line.witness, []).append(line)
    out = []
    for w in doc.witnesses:
        words, artifacts = witness_tokens(doc, w.id, lines.get(w.id, []))
        tei = pool.get(w.id, [])
        got = match(words, tei)
        places: dict[str, int] = {"lemma": 0, "rdg": 0, "note": 0, "caption": 0}
        for i, j in got.items():
            places[tei[j].place] += 1
        lost = [{"line": t.line, "offset": t.offset, "word": t.text} for i, t in enumerate(words) if i not in got]
        # where each word went, as runs of the witness's consecutive words that went to one kind of place in one
        # TEI file: [first offset, end offset, place, file]
        runs: list[list] = []
        for i, t in enumerate(words):
            if i not in got:
                continue
            place, where = tei[got[i]].place, tei[got[i]].where
            if runs and runs[-1][2:4] == [place, where] and runs[-1][4] == i - 1:
                runs[-1][1], runs[-1][4] = t.offset + len(t.text), i
            else:
                runs.append([t.offset, t.offset + len(t.text), place, where, i])
        runs += [[t.offset, t.offset + len(t.text), "reader artifact", None, -1] for t in artifacts]
        out.append({"file": w.name, "words": len(words) + len(artifacts), **places,
                    "reader_artifact": len(artifacts), "unmapped": len(lost), "lost": lost,
                    "mapped": [r[:4] for r in sorted(runs, key=lambda r: r[0])]})
    return out


def errors(result: list[dict], doc: Document) -> list[str]:
    """One build error per word found nowhere in the edition, ``file:line: message`` like every error about a
    source file."""
    where = {w.name: w.where or w.name for w in doc.witnesses}
    return [str(SourceError(where[r["file"]], x["line"], f"the word «{x['word']}» (offset {x['offset']}) is nowhere "
                            "in the edition (word-level audit)")) for r in result for x in r["lost"]]
