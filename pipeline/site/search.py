"""The search index's entries for the edition's own pages, one per passage (a rule, a paragraph, a caption, a note).

Material's search plugin cuts a page at its headings, so a chapter gave one entry per section, its text holding
both spellings run together («Берутъ Берут изъ из…») and its link pointing at the section. Here every passage of a
chapter is an entry of its own, linked to the passage's anchor and titled with the chapter and the rule or the
paragraph. Where a word has two spellings the entry keeps both as ``<w-o>`` (as printed) and ``<w-r>`` (modern):
the search finds either, and the result list, rendered from this HTML, shows the one the reader's switch chose
(edition.css hides the other, as on the page). Text is escaped; the only markup is ``<p>``, ``<w-o>`` and ``<w-r>``.
The space between the two forms stands inside ``<w-r>`` (``<w-o>картъ</w-o><w-r> карт</w-r>,``), so the hidden
form leaves no space before punctuation. ``hooks.on_post_build`` puts these entries in place of the plugin's for the same pages.
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

HIDDEN = {"wits", "sr-only", "fn", "fn-pop", "rdgs", "plate-mark", "ed-target", "fn-back", "note-n", "anchor-lost"}


def spelled(el: etree._Element, skip: frozenset[str] = frozenset()) -> str:
    """An element's text as escaped HTML in which only the spelling pairs stay marked up (``<w-o>``/``<w-r>``);
    helpers the reader never sees as text (witness badges, note buttons, popovers) and what the page keeps out of
    the search (``data-search-exclude``: a variant's other readings) are left out."""
    out: list[str] = [html.escape(el.text or "", quote=False)]
    for child in el:
        if isinstance(child.tag, str):
            cls = set((child.get("class") or "").split())
            if child.tag in ("w-o", "w-r"):  # the space between the two goes inside <w-r>, so that whichever
                word = html.escape(" ".join("".join(child.itertext()).split()), quote=False)  # is hidden, no
                out.append(f"<w-o>{word}</w-o>" if child.tag == "w-o" else f"<w-r> {word}</w-r>")  # space is left
            elif child.tag == "w-s":                                                       # before a comma
                pass
            elif not (cls & (HIDDEN | skip)) and child.get("popover") is None and child.get("hidden") is None \
                    and child.get("data-search-exclude") is None:  # (the other readings of a variant, say)
                out.append(spelled(child, skip))
        out.append(html.escape(child.tail or "", quote=False))
    return " ".join("".join(out).split())


def pair(printed: str, modern: str) -> str:
    """A plain text in both spellings as index HTML (one form if they agree)."""
    if printed == modern:
        return html.escape(printed, quote=False)
    return f"<w-o>{html.escape(printed, quote=False)}</w-o><w-r> {html.escape(modern, quote=False)}</w-r>"


@dataclass
class Entry:
    """One search index document: where it links, its title and its text (both HTML, see the module)."""
    location: str
    title: str
    text: str

    def doc(self) -> dict:
        return {"location": self.location, "title": self.title, "text": self.text}


def paragraph(text: str) -> str:
    return f"<p>{text}</p>" if text else ""


def chapter_entries(root: etree._Element, url: str, heading: str) -> list[Entry]:
    """Entries of a rendered chapter (``pages.chapter_page``'s tree): the page itself, then each passage in
    reading order. ``heading`` is the chapter's number and title as index HTML ("6. Мельница")."""
    article = root.find(".//article")
    # the page's own entry: its heading as printed and its line of decks ("ШАХЪ. ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.")
    opening = [spelled(el) for el in (root.find(".//h1"), root.find(".//p[@class='decks']")) if el is not None]
    entries = [Entry(url, heading, paragraph(" ".join(t for t in opening if t)))]
    if article is None:
        return entries
    counts: dict[str, int] = {}
    for el in article.iter("li", "p", "figcaption", "aside"):
        cls = set((el.get("class") or "").split())
        if not el.get("id") and el.tag != "figcaption" or el.tag == "p" and ("decks" in cls or "gap" in cls):
            continue
        if any(a.tag in ("li", "p", "aside") for a in el.iterancestors()):
            continue  # a passage inside another (an editorial note in a rule) belongs to it
        section = next(el.iterancestors("section"), None)
        head = section.find("h2") if section is not None else None
        where = spelled(head).rstrip(".") if head is not None else ""
        if el.tag == "li" and el.get("data-n"):
            what = f"правило {html.escape(el.get('data-n'), quote=False)}"
            text = spelled(el, frozenset({"rule-n"}))
        elif el.tag == "figcaption":
            what, text = "подпись к таблице", spelled(el)
        elif "ed-note" in cls:
            what, text = "примечание издателя", spelled(el, frozenset({"ed-label"}))
        elif "book-note" in cls:
            what, text = f"примечание {html.escape(el.get('id', '').rsplit('-', 1)[-1], quote=False)}", spelled(el)
        else:
            key = where or "текст"
            counts[key] = counts.get(key, 0) + 1
            what = f"{where or 'текст'}, абзац {counts[key]}"
            text = spelled(el)
        anchor = el.get("id") if el.tag != "figcaption" else el.getparent().get("id")
        if not text:
            continue
        entries.append(Entry(f"{url}#{anchor}" if anchor else url, f"{heading} · {what}", paragraph(text)))
    if not entries[0].text and len(entries) > 1:  # no line of decks: the page shows its first passage
        entries[0].text = entries[1].text
    notes = root.find(".//section[@class='book-notes']")
    for li in notes.iter("li") if notes is not None else ():
        text = spelled(li)
        if text and li.get("id"):
            entries.append(Entry(f"{url}#{li.get('id')}", f"{heading} · примечание {li.get('value', '')}".rstrip(),
                                 paragraph(text)))
    return entries


def section_entries(root: etree._Element, url: str, title: str) -> list[Entry]:
    """Entries of a page of prose and tables (the home page, the winnability page) as Material's plugin cuts it —
    the page whole, then a section per ``<h2 id>`` — but with the spelling pairs kept apart: the plugin strips the
    markup and runs «Шахъ Шах» together. ``root``: the page's content; ``title``: index HTML."""
    whole, sections = [], []
    for el in root:
        if not isinstance(el.tag, str) or el.get("data-search-exclude") is not None:
            continue
        if el.tag in ("h1", "h2") and el.get("id"):
            if el.tag == "h2":
                sections.append([f"{url}#{el.get('id')}", spelled(el), []])
            continue
        text = spelled(el)
        whole.append(text)
        if sections:
            sections[-1][2].append(text)
    join = lambda parts: paragraph(" ".join(t for t in parts if t))  # noqa: E731
    return [Entry(url, title, join(whole))] + [Entry(loc, head, join(parts)) for loc, head, parts in sections]


def replace(index_path: Path, entries: dict[str, list[Entry]]) -> None:
    """Put ``entries`` (page URL → its entries, the page's own first) in the search index in place of the plugin's
    entries for those pages, in the same position, so each page still comes before its sections."""
    data = json.loads(index_path.read_text(encoding="utf-8"))
    docs, done = [], set()
    for doc in data["docs"]:
        page = doc["location"].split("#", 1)[0]
        if page in entries:
            if page not in done:
                docs.extend(e.doc() for e in entries[page])
                done.add(page)
            continue
        docs.append(doc)
    docs.extend(e.doc() for page, es in entries.items() if page not in done for e in es)
    data["docs"] = docs
    index_path.write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")
