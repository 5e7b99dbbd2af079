"""TEI building blocks: the element maker, inline text with its apparatus, and reading text back out of TEI.

Inline text carries three kinds of markup, all built here so that nothing else pastes text into XML:
an OCR correction (``choice/sic|corr``), the two spellings (``choice/orig|reg``) and note anchors.
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


def spelling_choice(word: str, modernize: Callable[[str], str]) -> etree._Element | str:
    modern = modernize(word)
    return word if modern == word else T.choice(T.orig(word), T.reg(modern))


def fill(el: etree._Element, text: str, corrections: Iterable, tokens: Callable, modernize: Callable[[str], str],
         note: Callable[[int], etree._Element | None] = lambda n: None) -> etree._Element:
    """Put ``text`` into ``el``: corrected words as ``choice/sic|corr``, each word's two spellings as
    ``choice/orig|reg``, and ``[N]`` as note N (``note`` returns the element to put there, or None to keep
    the brackets as printed)."""
    out = Inline(el)
    pos = 0
    for c in sorted(corrections, key=lambda c: c.start):
        _plain(out, text[pos:c.start], tokens, modernize, note)
        corr = T.corr(cert=c.cert, resp="#corrector" if c.source == "corrector" else "#ed", type=c.kind)
        _plain(Inline(corr), c.corr, tokens, modernize, note)
        out.child(T.choice(T.sic(c.sic), corr))
        pos = c.end
    _plain(out, text[pos:], tokens, modernize, note)
    return el


def _plain(out: Inline, text: str, tokens, modernize, note) -> None:
    for start, end, surface, is_word in tokens(text):
        if is_word:
            piece = spelling_choice(surface, modernize)
            out.text(piece) if isinstance(piece, str) else out.child(piece)
            continue
        pos = 0
        for m in ANCHOR.finditer(surface):
            el = note(int(m.group(1)))
            if el is None:
                continue
            out.text(surface[pos:m.start()])
            out.child(el)
            pos = m.end()
        out.text(surface[pos:])


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
    if tag == "note":
        return f"[{child.get('n')}]" if child.get("type") == "book" else ""
    if tag == "ptr" and child.get("type") == "noteAnchor":
        return f"[{child.get('n')}]"
    return inline_text(child, spelling)
