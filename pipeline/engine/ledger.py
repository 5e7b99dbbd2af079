"""The rule ledger of a game: every sentence of its chapter that the edition prints as rules or play, and for each
the rules of the game module that quote it — or the editors' reason why it states no rule.

The chapter is read from the edition's TEI (`edition/tei/<slug>.xml`), fed in as text, with the standard library's
XML parser (the engine imports nothing else). An element's *reading* is the pre-reform text a reader sees: the
correction's `corr` (not the witness's `sic`), the spelling's `orig` (not the modern `reg`), a variant's `lem`
(not its `rdg`s), no book notes (they are elements of their own, with their own id), whitespace normalised. The ledger's elements are the chapter's rules
items (`<slug>-rule-I`), play paragraphs (`<slug>-p1`, …) and book notes (`note-7`).

Sound because it only compares strings: a rule from the text resolves when its `cite` names an element of the
chapter and each part of its `ru` (parts joined by " … ") occurs, in order, in that element's reading. A sentence
is *cited* when a quotation overlaps it; otherwise the game module must list it (or its whole element) in
`DESCRIPTIVE` with a reason (in Russian: the site shows it). `problems` lists every way a game fails that, in
Russian (the ledger page shows them), and is empty for a complete ledger.
"""
from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from .core import Game, Rule

TEI = "{http://www.tei-c.org/ns/1.0}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
ELLIPSIS = " … "
# a sentence ends at . ! ? (or …) with closing quotes/brackets, before a space and a capital, a dash or a quote
_END = re.compile(r"(?<=[.!?…])[»)\]]*\s+(?=[«(\"—–-]?\s*[А-ЯЁѢІѲѴA-Z0-9«—–])")
# abbreviations after which a full stop does not end a sentence
_ABBREV = re.compile(r"(?:\b(?:т|е|д|п|см|ср|прим|стр|г|гл|т\.\s?е|т\.\s?д|т\.\s?п|и\.\s?т)\.|\b[А-ЯЁA-Z]\.)$")


def norm(text: str) -> str:
    """Whitespace normalised: runs of spaces, tabs and line breaks to one space, none at the ends."""
    return " ".join(text.split())


def reading(el: ET.Element) -> str:
    """The pre-reform reading of a TEI element (see the module docstring), whitespace normalised."""
    return norm(_text(el, top=True))


def _text(el: ET.Element, top: bool = False) -> str:
    tag = el.tag.removeprefix(TEI)
    tail = "" if top else (el.tail or "")
    if tag in ("ptr", "gap", "figure", "sic", "reg", "rdg") or (tag == "note" and not top):
        return tail  # a book note is an element of its own; sic, reg and rdg are not the reading
    if tag == "choice":
        kids = {k.tag.removeprefix(TEI): k for k in el}
        pick = kids.get("corr", kids.get("orig"))
        inner = _text(pick, top=True) if pick is not None else "".join(_text(k) for k in el)
        return inner + tail
    lead = " " if tag in ("p", "item", "lb") and not top else ""  # a paragraph running on inside an item
    return lead + (el.text or "") + "".join(_text(k) for k in el) + tail


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) spans of the sentences of a normalised text: split after . ! ? … before a capital, except
    after a known abbreviation (прим., т. е., a single initial)."""
    spans, start = [], 0
    for m in _END.finditer(text):
        if _ABBREV.search(text[start:m.start()]):
            continue
        spans.append((start, m.start() + len(m.group(0).rstrip())))  # closing quotes and brackets included
        start = m.end()
    if start < len(text):
        spans.append((start, len(text)))
    return [(a, b) for a, b in spans if text[a:b].strip()]


@dataclass
class Sentence:
    """One sentence of the chapter: id `<element id>.s<N>` (1-based), its reading, the rules that quote it, or why
    it states no rule."""

    id: str
    element: str
    text: str
    rules: list[str] = field(default_factory=list)
    description: str = ""


@dataclass
class Ledger:
    """A game's ledger: the chapter's sentences in order, where each rule from the text is quoted, and the
    reconstructed rules with their origins. `problems` is empty when the ledger is complete."""

    slug: str
    sentences: list[Sentence]
    quoted: dict[str, list[str]]  # rule id -> sentence ids its quotation covers
    reconstructed: dict[str, str]  # rule id -> origin
    problems: list[str]


def chapter_elements(tei_text: str | bytes, slug: str) -> dict[str, ET.Element]:
    """The chapter's elements that a rule may cite, by xml:id, in document order: rules items, play paragraphs,
    and book notes of the chapter."""
    root = ET.fromstring(tei_text)
    div = next((d for d in root.iter(f"{TEI}div") if d.get(XML_ID) == slug and d.get("type") == "game"), None)
    if div is None:
        raise ValueError(f"{slug}: no <div type='game' xml:id='{slug}'> in the TEI")
    out: dict[str, ET.Element] = {}
    for el in div.iter():
        ident = el.get(XML_ID)
        if ident and el.tag in (f"{TEI}item", f"{TEI}p", f"{TEI}note") and (
                el.tag != f"{TEI}note" or el.get("type") == "book"):
            out[ident] = el
    return out


def ledger_elements(elements: dict[str, ET.Element]) -> list[str]:
    """The ids whose every sentence must be accounted for: the rules items, the play paragraphs and the chapter's
    book notes (a note may state a rule: Four Corners' note 4 refills a place)."""
    return list(elements)


def descriptive(game: Game) -> dict[str, str]:
    """The game module's `DESCRIPTIVE` (element or sentence id -> why it states no rule), or the class's."""
    return dict(getattr(sys.modules[type(game).__module__], "DESCRIPTIVE", None) or getattr(game, "descriptive", {}))


def locate(quote: str, text: str) -> list[tuple[int, int]] | None:
    """Spans of the parts of `quote` (joined by " … ") found in order in `text`, or None if a part is missing."""
    spans, at = [], 0
    for part in quote.split(ELLIPSIS):
        part = norm(part)
        i = text.find(part, at)
        if not part or i < 0:
            return None
        spans.append((i, i + len(part)))
        at = i + len(part)
    return spans


def build(game: Game, tei_text: str | bytes) -> Ledger:
    """The ledger of `game` against its chapter's TEI."""
    elements = chapter_elements(tei_text, game.slug)
    readings = {i: reading(el) for i, el in elements.items()}
    spans = {i: sentences(readings[i]) for i in readings}
    problems: list[str] = []
    quoted: dict[str, list[str]] = {}
    reconstructed: dict[str, str] = {}
    covered: dict[str, list[str]] = {}
    for rule in game.rules:
        if rule.source == "reconstructed":
            reconstructed[rule.id] = rule.origin
            continue
        if not rule.cite:
            problems.append(f"правило {rule.id}: из текста, но не называет элемента (cite)")
            continue
        if rule.cite not in readings:
            problems.append(f"правило {rule.id}: ссылается на {rule.cite!r}, а такого элемента в главе нет")
            continue
        found = locate(rule.ru, readings[rule.cite])
        if found is None:
            problems.append(f"правило {rule.id}: текст (ru) — не дословная цитата из {rule.cite}: {rule.ru!r}")
            continue
        ids = []
        for n, (a, b) in enumerate(spans[rule.cite], 1):
            if any(x < b and a < y for x, y in found):
                sid = f"{rule.cite}.s{n}"
                ids.append(sid)
                covered.setdefault(sid, []).append(rule.id)
        quoted[rule.id] = ids
    desc = descriptive(game)
    must = ledger_elements(elements)
    known = set(readings) | {f"{i}.s{n}" for i in readings for n in range(1, len(spans[i]) + 1)}
    for key in desc:
        if key not in known:
            problems.append(f"DESCRIPTIVE называет {key!r}, а такого элемента или предложения в главе нет")
        elif not desc[key].strip():
            problems.append(f"DESCRIPTIVE {key!r}: причина не указана")
    out: list[Sentence] = []
    for ident in must + [i for i in readings if i not in must]:
        for n, (a, b) in enumerate(spans[ident], 1):
            sid = f"{ident}.s{n}"
            s = Sentence(sid, ident, readings[ident][a:b], covered.get(sid, []), desc.get(sid, desc.get(ident, "")))
            if not s.rules and not s.description:
                problems.append(f"предложение {sid} не процитировано ни одним правилом и не описано: {s.text!r}")
            out.append(s)
    return Ledger(game.slug, out, quoted, reconstructed, problems)


def rule_source(rule: Rule) -> str:
    """Where a rule comes from, in one string: the cited element id, or the reconstruction's origin."""
    return rule.cite if rule.source == "text" else f"реконструкция: {rule.origin}"
