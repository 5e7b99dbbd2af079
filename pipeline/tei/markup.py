"""TEI building blocks: the element maker, inline text with its apparatus, and reading text back out of TEI.

Inline text carries three kinds of markup, all built here so that nothing else pastes text into XML:
an OCR correction (``choice/sic|corr``), the two spellings (``choice/orig|reg``) and note anchors; the corrections
and spellings are read off the document model (stages *correct* and *spelling*), not computed here.
"""
from __future__ import annotations

from typing import Callable, Iterable

import regex
from lxml import etree
from lxml.builder import ElementMaker

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"
T = ElementMaker(namespace=TEI_NS, nsmap={None: TEI_NS})
ANCHOR = regex.compile(r"\[(\d{1,2})\]")


def q(name: str) -> str:
    return f"{{{TEI_NS}}}{name}"


def set_id(el: etree._Element, value: str) -> etree._Element:
    el.set(f"{{{XML_NS}}}id", value)
    return el


class Inline:
    """Appends text and child elements to one element in document order (lxml keeps text in .text/.tail)."""

    def __init__(self, el: etree._Element) -> None:
        self.el = el

    def text(self, s: str) -> None:
        if not s:
            return
        if len(self.el):
            last = self.el[-1]
            last.tail = (last.tail or "") + s
        else:
            self.el.text = (self.el.text or "") + s

    def child(self, child: etree._Element) -> None:
        self.el.append(child)


def fill(el: etree._Element, text: str, corrections: Iterable, spellings: Iterable,
         note: Callable[[int], etree._Element | None] = lambda n: None, start: int = 0,
         apps: Iterable[tuple[int, int, Callable[[], tuple[etree._Element, etree._Element]]]] = ()) -> etree._Element:
    """Put ``text[start:]`` into ``el`` as the model reads it: each correction as ``choice/sic|corr``, each word
    whose 1918 spelling differs as ``choice/orig|reg`` (``spellings``: offsets into ``text``; a correction's own
    in its ``spellings``), and ``[N]`` as note N (``note`` returns the element to put there, or None to keep the
    brackets as printed). ``apps`` are variant stretches ``(start, end, make)`` of ``text``: ``make`` returns an
    ``app`` and its ``lem``, into which the stretch goes with its corrections (variants begin and end at words,
    as corrections do; a correction across a stretch's edge is not applied)."""
    out = Inline(el)
    swaps = sorted((s for s in spellings if s.start >= start), key=lambda s: s.start)
    found = sorted((c for c in corrections if c.start >= start), key=lambda c: c.start)
    pos = start
    for a, b, make in sorted((x for x in apps if x[0] >= start), key=lambda x: x[0]):
        _corrected(out, text, pos, a, found, swaps, note)
        app, lem = make()
        _corrected(Inline(lem), text, a, b, found, swaps, note)
        out.child(app)
        pos = b
    _corrected(out, text, pos, len(text), found, swaps, note)
    return el


def _corrected(out: Inline, text: str, start: int, end: int, corrections, spellings, note) -> None:
    """``text[start:end]`` with the corrections that lie inside it."""
    pos = start
    for c in corrections:
        if start <= c.start and c.end <= end:
            _plain(out, text, pos, c.start, spellings, note)
            corr = T.corr(cert=c.cert, resp="#corrector" if c.source == "corrector" else "#ed", type=c.kind)
            _plain(Inline(corr), c.corr, 0, len(c.corr), c.spellings, note)
            out.child(T.choice(T.sic(c.sic), corr))
            pos = c.end
    _plain(out, text, pos, end, spellings, note)


def _plain(out: Inline, text: str, start: int, end: int, spellings, note) -> None:
    pos = start
    for s in spellings:
        if start <= s.start and s.end <= end:
            _between(out, text[pos:s.start], note)
            out.child(T.choice(T.orig(s.orig), T.reg(s.reg)))
            pos = s.end
    _between(out, text[pos:end], note)


def _between(out: Inline, text: str, note) -> None:
    """Text with no respelled word in it: ``[N]`` becomes note N where ``note`` gives an element."""
    pos = 0
    for m in ANCHOR.finditer(text):
        el = note(int(m.group(1)))
        if el is None:
            continue
        out.text(text[pos:m.start()])
        out.child(el)
        pos = m.end()
    out.text(text[pos:])


def inline_text(el: etree._Element, spelling: str) -> str:
    """The reading text of an element: corrections applied, one spelling, book notes as ``[N]``."""
    parts: list[str] = [el.text or ""]
    for child in el:
        parts.append(_child_text(child, spelling))
        parts.append(child.tail or "")
    return "".join(parts)


def _child_text(child: etree._Element, spelling: str) -> str:
    tag = etree.QName(child).localname
    if tag == "choice":
        names = {etree.QName(c).localname: c for c in child}
        pick = names.get("corr") if "corr" in names else names.get("orig" if spelling == "pre-reform" else "reg")
        return inline_text(pick, spelling) if pick is not None else ""
    if tag == "app":  # the lemma; the other readings are the apparatus
        lem = child.find(q("lem"))
        return inline_text(lem, spelling) if lem is not None else ""
    if tag == "note":
        return f"[{child.get('n')}]" if child.get("type") == "book" else ""
    if tag == "ptr" and child.get("type") == "noteAnchor":
        return f"[{child.get('n')}]"
    return inline_text(child, spelling)
