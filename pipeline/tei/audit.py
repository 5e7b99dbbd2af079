"""The word-level loss audit: every word of every witness is found in the emitted TEI, or it is a loss.

Independent of collation's own bookkeeping by construction: it reads only the witness files (their words, with
line and offset), the reader artifacts *clean* marked (the reader's menu and links), and the TEI files as
emitted. From the TEI it collects, for each witness, the words that the TEI says the witness reads — every
element whose ``@source`` names it, with, inside an ``app``, the ``rdg`` whose ``@wit`` names it (or the ``lem``
when that does); a correction's ``sic`` (the form as printed) and a word's ``orig`` (the old spelling) — and
marks where each stands: the lemma of the main text, a reading (``rdg``), a note, a caption.

Then each witness's word sequence is matched against that sequence: first runs of exactly equal words (a
longest-matching-blocks diff, repeated over what is left, so chapters and notes may stand in another order in
the edition than in the file), then the words between two matched neighbours by a word-level edit distance that
accepts OCR noise, a word split or run together, and a last word cut off by the end of a line; last, a run of at
most five words still unmatched is looked for, OCR noise allowed, in a row anywhere among the TEI words left. A word of the
witness that is matched nowhere is a loss, reported with its file, line and offset; the build fails on it.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass

import regex
from lxml import etree

from pipeline.tei.markup import q
from pipeline.text.model import Document
from pipeline.text.skeleton import key
from pipeline.text.variants import _align, _noise

_TOKEN = regex.compile(r"\S+")
_SKIP = {"teiHeader", "gap", "ptr", "supplied", "label"}
_OTHER_READING = {"reg", "corr"}  # the other side of a choice: not what the witness prints


@dataclass(frozen=True)
class Word:
    key: str
    place: str  # lemma | rdg | note | caption
    where: str  # file and xml:id or element of the TEI


def _key(word: str) -> str:
    return key(word.replace("ђ", "ѣ").replace("Ђ", "Ѣ"))


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

    def add(self, s: str | None) -> None:
        if s:
            self.parts = (self.parts or []) + [s]

    def flush(self) -> None:
        for m in _TOKEN.finditer("".join(self.parts or [])):
            if k := _key(m.group()):
                for w in sorted(self.wits):
                    self.out.setdefault(w, []).append(Word(k, self.place, self.name))
        self.parts = None


def _walk(el, buf: _Buffer) -> None:
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
        mine = _Buffer(_wits(el.get("wit" if tag in ("lem", "rdg") else "source")), place, buf.name, buf.out)
    else:
        mine = buf
    if tag == "item" and el.get("n"):
        mine.add(el.get("n") + " ")  # the rule's number as printed (@n)
    mine.add(el.text)
    for child in el:
        if isinstance(child.tag, str):
            _walk(child, mine)
        mine.add(child.tail)
    if mine is not buf:
        mine.flush()


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
        for m in _TOKEN.finditer(line.text):
            k = _key(m.group())
            if k:
                (artifacts if line.kind == "artifact" else words).append(
                    Token(k, m.group(), line.number, line.start + m.start()))
    return words, artifacts


def match(words: list[Token], tei: list[Word]) -> dict[int, int]:
    """Witness token index → TEI word index, as described in the module's docstring."""
    sk, uk = [w.key for w in words], [w.key for w in tei]
    got: dict[int, int] = {}
    used: set[int] = set()
    sm = difflib.SequenceMatcher(None, [], [], autojunk=False)
    for _ in range(20):  # each round matches the longest runs of what is left
        grew = False
        runs = _runs([i for i in range(len(sk)) if i not in got])
        sm.set_seq1([None if j in used else k for j, k in enumerate(uk)])  # a TEI word holds one witness word
        for run in runs:
            sm.set_seq2([sk[i] for i in run])
            for b in sm.get_matching_blocks():
                if b.size >= 3 or (b.size and b.size == len(run)):
                    if all(b.a + x not in used and run[b.b + x] not in got for x in range(b.size)):
                        for x in range(b.size):
                            got[run[b.b + x]] = b.a + x
                            used.add(b.a + x)
                        grew = True
        if not grew:
            break
    # the words between matched neighbours: OCR noise, split and joined words, a cut-off last word
    for run in _runs([i for i in range(len(sk)) if i not in got]):
        before = got.get(run[0] - 1)
        after = got.get(run[-1] + 1)
        lo = before + 1 if before is not None else max(0, (after or 0) - len(run) - 3)
        hi = after if after is not None and after >= lo else min(len(uk), lo + len(run) + 3)
        window = [j for j in range(lo, hi) if j not in used]
        if not window:
            continue
        ends = words[run[-1]].line != (words[run[-1] + 1].line if run[-1] + 1 < len(words) else -1)
        steps = _align([uk[j] for j in window], [sk[i] for i in run], free_start=True, free_end=True,
                       copy_ends=ends)
        i = j = 0
        for di, dj, kind in steps:
            if kind == "noise":
                for x in range(dj):
                    got[run[j + x]] = window[i]
                used.update(window[i:i + di])
            i, j = i + di, j + dj
    # a short run still unmatched (a heading a chunk repeats, kept as a copy where the edition puts it, far from
    # its neighbours in the file): the same words, OCR noise allowed, in a row anywhere in what is left
    for run in _runs([i for i in range(len(sk)) if i not in got]):
        if len(run) > 5:
            continue
        for j in range(len(uk) - len(run) + 1):
            if all(j + k not in used and _noise(uk[j + k], sk[i]) is not None for k, i in enumerate(run)):
                got.update({i: j + k for k, i in enumerate(run)})
                used.update(range(j, j + len(run)))
                break
    return got


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


def errors(result: list[dict]) -> list[str]:
    """One build error per word found nowhere in the edition."""
    return [f"{r['file']}, line {x['line']} (offset {x['offset']}): the word «{x['word']}» is nowhere in the "
            "edition (word-level audit)" for r in result for x in r["lost"]]
