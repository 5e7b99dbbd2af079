"""TEI → HTML: one table from TEI element name to a behaviour, and a walk over the tree.

Like CETEIcean's behaviours: every TEI element the edition emits has exactly one entry in ``BEHAVIOURS``; a
behaviour gets the TEI element and returns the HTML element that stands for it, and the walk (``fill``) puts the
element's rendered children and text inside. HTML is built as lxml elements and text only ever goes into ``.text``,
``.tail`` or attribute values, so whatever characters the sources hold are escaped on serialisation: the HTML can
never say something the TEI does not.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Callable, Iterable

from lxml import etree

TEI = "http://www.tei-c.org/ns/1.0"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
log = logging.getLogger("mkdocs.plugins.edition")

CERTAINTY = {"high": "высокая", "medium": "средняя", "low": "низкая"}
INLINE_PARENTS = {"p", "item", "head", "note", "label", "supplied", "corr", "sic", "orig", "reg", "hi", "q", "lem",
                  "rdg", "app"}


# --- building HTML -------------------------------------------------------------------------------------------------

def h(tag: str, attrs: dict[str, str | None] | None = None, *children) -> etree._Element:
    """An HTML element with attributes (None values dropped) and children (elements or text, escaped on output)."""
    el = etree.Element(tag)
    for key, value in (attrs or {}).items():
        if value is not None:
            el.set(key, value)
    for child in children:
        add(el, child)
    return el


def add(parent: etree._Element, child) -> None:
    """Append an element, a string (as text, never markup) or an iterable of them to ``parent``."""
    if child is None:
        return
    if isinstance(child, str):
        if len(parent):
            parent[-1].tail = (parent[-1].tail or "") + child
        else:
            parent.text = (parent.text or "") + child
    elif isinstance(child, etree._Element):
        parent.append(child)
    else:
        for item in child:
            add(parent, item)


def to_html(el: etree._Element) -> str:
    return etree.tostring(el, method="html", encoding="unicode")


# --- the walk ------------------------------------------------------------------------------------------------------

@dataclass
class RenderContext:
    """What a chapter's rendering needs besides the element: its slug, its witnesses and the notes met so far."""

    slug: str
    witnesses: dict[str, str] = field(default_factory=dict)  # xml:id → description from the header's listWit
    ids: dict[str, etree._Element] = field(default_factory=dict)  # xml:id → TEI element (for @source, @target)
    notes: list[etree._Element] = field(default_factory=list)  # book notes in reading order
    popovers: list[etree._Element] = field(default_factory=list)  # their in-place views, placed after the text
    unknown: set[str] = field(default_factory=set)


def name(el: etree._Element) -> str:
    return etree.QName(el).localname


def tei_children(el: etree._Element) -> list[etree._Element]:
    return [c for c in el if isinstance(c.tag, str)]


def render(el: etree._Element, ctx: RenderContext) -> etree._Element | list | None:
    """Render one TEI element through its behaviour (an HTML element, a list of them, or nothing); unknown
    elements render their content and warn."""
    behaviour = BEHAVIOURS.get(name(el))
    if behaviour is None:
        if name(el) not in ctx.unknown:
            ctx.unknown.add(name(el))
            log.warning("edition site: no behaviour for TEI <%s> in %s; add one to pipeline/site/render.py",
                        name(el), ctx.slug)
        out = fill(h("span", {"class": f"tei-{name(el)}"}), el, ctx)
    else:
        out = behaviour(el, ctx)
    refs = [ref[1:] for ref in el.get("source", "").split() if ref.startswith("#")]
    if isinstance(out, etree._Element) and refs and all(ref in ctx.witnesses for ref in refs):
        # the passage's witnesses; edition.js shows them as links to the witness list when the reader asks
        out.set("data-source", " ".join(refs))
    return out


def fill(out: etree._Element, el: etree._Element, ctx: RenderContext, skip: Iterable[str] = ()) -> etree._Element:
    """Put ``el``'s text and rendered children (except those named in ``skip``) into ``out``; return ``out``."""
    add(out, el.text)
    for child in el:
        if isinstance(child.tag, str) and name(child) not in skip:
            add(out, render(child, ctx))
        add(out, child.tail)
    return out


def inline(el: etree._Element) -> bool:
    parent = el.getparent()
    return parent is not None and name(parent) in INLINE_PARENTS


def short_witness(wid: str) -> str:
    """``w001_6217c08826582950`` → ``w001`` (the full id and the file are in the witness list)."""
    return wid.split("_", 1)[0]


# --- behaviours ----------------------------------------------------------------------------------------------------

def div(el, ctx):
    kind = el.get("type", "")
    if kind == "game":
        return fill(h("article", {"class": "game-text", "id": "text", "data-n": el.get("n")}), el, ctx)
    return fill(h("section", {"class": f"tei-div {kind}".strip(), "id": el.get(XML_ID) or kind or None}), el, ctx)


def head(el, ctx):
    kind = el.get("type")
    if kind == "title":
        return fill(h("h1", {"class": "chapter-title", "id": "title"}), el, ctx)
    if kind == "decks":
        return fill(h("p", {"class": "decks"}), el, ctx)
    if kind == "caption":
        return fill(h("figcaption", {"class": "caption"}), el, ctx)
    parent = el.getparent()
    section = parent.get("type") if parent is not None else None
    return fill(h("h2", {"id": f"{section}-head" if section else None}), el, ctx)


def list_(el, ctx):
    parent = el.getparent()
    rules = parent is not None and parent.get("type") == "rules"
    return fill(h("ol", {"class": "rules-list" if rules else "tei-list"}), el, ctx)


def item(el, ctx):
    n = el.get("n")
    li = h("li", {"id": el.get(XML_ID), "data-n": n})
    add(li, h("span", {"class": "rule-n"}, f"{n}. ") if n else None)
    return fill(li, el, ctx)


def p(el, ctx):
    return fill(h("p", {"id": el.get(XML_ID)}), el, ctx)


def note(el, ctx):
    if el.get("type") == "book":
        return book_note_unanchored(el, ctx) if el.get("subtype") == "anchor-lost" else note_anchor(el, ctx)
    label = "Основание заглавия" if el.get("subtype") == "evidence" else "Примечание издателя"
    tag = "span" if inline(el) else "aside"
    box = h(tag, {"class": "ed-note", "id": el.get(XML_ID), "role": "note", "aria-label": label},
            h("span", {"class": "ed-label"}, f"{label}. "))
    fill(box, el, ctx)
    target = el.get("target", "")
    if target.startswith("#"):  # a link to the place the note speaks of (dropped later if that place is not shown)
        add(box, " ")
        add(box, h("a", {"class": "ed-target", "href": target}, "к месту"))
    return box


def book_note_unanchored(el, ctx):
    """A book note whose anchor is lost: shown where the TEI puts it, numbered, with the loss said."""
    out = h("p", {"class": "book-note", "id": note_id(el)}, h("span", {"class": "note-n"}, f"[{el.get('n', '?')}] "))
    fill(out, el, ctx, skip={"label"})
    add(out, " ")
    add(out, h("span", {"class": "anchor-lost"}, "(знак этого примечания в тексте утрачен)"))
    return out


def note_id(el) -> str:
    return el.get(XML_ID) or f"note-{el.get('n')}"


def note_anchor(el, ctx):
    """A book footnote anchor: a button opening the note in place (a popover, anchored to the button; the popover
    itself stands after the text, out of the search index, since the notes section already holds the note)."""
    ctx.notes.append(el)
    nid, n = note_id(el), el.get("n", "?")
    pop = h("aside", {"class": "fn-pop", "id": f"{nid}-pop", "popover": "", "aria-label": f"Примечание {n}",
                      "data-search-exclude": ""}, h("span", {"class": "fn-pop-n"}, f"Примечание {n}. "))
    fill(pop, el, ctx, skip={"label"})
    add(pop, h("a", {"class": "fn-more", "href": f"#{nid}"}, "к списку примечаний"))
    ctx.popovers.append(pop)
    button = h("button", {"type": "button", "class": "fn-ref", "id": f"noteref-{n}", "popovertarget": f"{nid}-pop",
                          "aria-label": f"Примечание {n}"}, f"[{n}]")
    return h("sup", {"class": "fn"}, button)


def render_note_body(el, ctx) -> etree._Element:
    """A book note's text for the notes list (without its label)."""
    return fill(h("span", {"class": "note-text"}), el, ctx, skip={"label"})


def figure(el, ctx):
    """Where the plate stood: a mark for it (the edition has no images) and the book's caption."""
    mark = h("span", {"class": "plate-mark", "aria-hidden": "true", "data-search-exclude": ""}, "таблица")
    return fill(h("figure", {"class": "plate", "id": el.get(XML_ID)}, mark), el, ctx)


def gap(el, ctx):
    desc = el.find(f"{{{TEI}}}desc")
    what = (" ".join("".join(desc.itertext()).split()) if desc is not None else
            {"chapter-part": "Часть главы утрачена: её нет ни в одном источнике."}.get(el.get("unit", ""),
                                                                                       "Текст утрачен."))
    if inline(el):
        return h("span", {"class": "gap tip", "tabindex": "0", "data-tip": what, "role": "note"}, "[…]")
    return h("p", {"class": "gap", "role": "note"}, h("span", {"aria-hidden": "true"}, "[…] "), what)


def choice(el, ctx):
    kids = {name(c): c for c in tei_children(el)}
    if "sic" in kids and "corr" in kids:
        return correction(kids["sic"], kids["corr"], ctx)
    if "orig" in kids and "reg" in kids:
        return spelling(kids["orig"], kids["reg"], ctx)
    log.warning("edition site: <choice> in %s holds %s, expected sic|corr or orig|reg", ctx.slug, sorted(kids))
    return fill(h("span", {"class": "tei-choice"}), el, ctx)


def spelling(orig, reg, ctx) -> list:
    """Both spellings, side by side; CSS shows the one the reader chose. Short custom elements, since a chapter
    holds hundreds of these: <w-o> the word as printed (orig), <w-r> its modern spelling (reg), and between them
    <w-s> </w-s>, a space never displayed (edition.css) that keeps the two apart in the search index, which so
    holds both."""
    return [fill(h("w-o"), orig, ctx), h("w-s", None, " "), fill(h("w-r"), reg, ctx)]


def correction(sic, corr, ctx):
    """The corrected word; when corrections are shown, its OCR form, certainty and kind show on hover and focus
    (edition.css words the tooltip from these attributes)."""
    return fill(h("span", {"class": "corr", "data-sic": "".join(sic.itertext()), "data-cert": corr.get("cert"),
                           "data-kind": corr.get("type")}), corr, ctx)


def app(el, ctx):
    """A variant: the lemma in the text; the other readings, each with its witnesses, beside it — hidden until the
    reader asks for variants (edition.js sets data-variants on <html>, CSS shows them), out of the search index."""
    kids = tei_children(el)
    lem = next((c for c in kids if name(c) == "lem"), None)
    out = h("span", {"class": "app"})
    add(out, fill(h("span", {"class": "lem", "data-wit": wit_list(lem)}), lem, ctx) if lem is not None else None)
    rdgs = h("span", {"class": "rdgs", "data-search-exclude": ""}, h("span", {"class": "sr-only"}, "Варианты: "))
    for rdg in (c for c in kids if name(c) == "rdg"):
        reading = fill(h("span", {"class": "rdg-text"}), rdg, ctx)
        if not "".join(reading.itertext()).strip():
            reading = h("span", {"class": "rdg-text rdg-om"}, "нет")  # the witness lacks the words
        add(rdgs, h("span", {"class": "rdg"}, h("span", {"class": "rdg-wit"}, wit_list(rdg)), " ", reading))
    add(out, rdgs)
    return out


def wit_list(el) -> str:
    """``#w002_… #w004_…`` → ``w002, w004``."""
    return ", ".join(short_witness(w[1:]) for w in (el.get("wit") or "").split() if w.startswith("#"))


def supplied(el, ctx):
    """Editorial supply (a lost title): bracketed, its evidence on hover and focus."""
    source = el.get("source") or ""
    target = ctx.ids.get(source[1:]) if source.startswith("#") else None
    evidence = " ".join("".join(target.itertext()).split()) if target is not None else source
    tip = f"Заглавие восстановлено издателем. {evidence}".strip()
    span = fill(h("span", {"class": "supplied tip", "tabindex": "0", "data-tip": tip,
                           "data-reason": el.get("reason")}), el, ctx)
    trim(span)
    span.text = "[" + (span.text or "")
    add(span, "]")
    return span


def trim(el: etree._Element) -> None:
    """Strip the TEI's indentation at the inner edges of an inline element (it would show inside brackets)."""
    if el.text:
        el.text = el.text.lstrip() if len(el) else el.text.strip()
    if len(el) and el[-1].tail:
        el[-1].tail = el[-1].tail.rstrip()


def passthrough(cls: str, tag: str = "span") -> Callable:
    return lambda el, ctx: fill(h(tag, {"class": cls}), el, ctx)


BEHAVIOURS: dict[str, Callable[[etree._Element, RenderContext], etree._Element | list | None]] = {
    "div": div,
    "head": head,
    "list": list_,
    "item": item,
    "p": p,
    "note": note,
    "figure": figure,
    "gap": gap,
    "choice": choice,
    "supplied": supplied,
    "app": app,
    "lem": passthrough("lem"),
    "rdg": passthrough("rdg"),
    "orig": passthrough("orig"),
    "reg": passthrough("reg"),
    "sic": passthrough("sic"),
    "corr": passthrough("corr"),
    "label": passthrough("note-label"),
    "desc": passthrough("desc"),
    "hi": passthrough("hi", "em"),
    "q": passthrough("q", "q"),
    "title": passthrough("title", "cite"),
    "foreign": passthrough("foreign", "i"),
    "lb": lambda el, ctx: h("br"),
    "pb": lambda el, ctx: None,
}


# --- a chapter -----------------------------------------------------------------------------------------------------

def parse(path) -> etree._ElementTree:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return etree.parse(str(path), parser)


def ids(tree) -> dict[str, etree._Element]:
    return {el.get(XML_ID): el for el in tree.iter() if isinstance(el.tag, str) and el.get(XML_ID)}


def witnesses(tree) -> dict[str, str]:
    return {w.get(XML_ID): " ".join("".join(w.itertext()).split())
            for w in tree.iterfind(f".//{{{TEI}}}listWit/{{{TEI}}}witness")}


def game_div(tree) -> etree._Element | None:
    return tree.find(f".//{{{TEI}}}body//{{{TEI}}}div[@type='game']")
