"""Tables laid out at build time as Material's script lays them out, so that a page looks the same before its
bundle has run (assets/md-later.js loads it at the reader's first move) and after.

Material's bundle (9.8, ``mountContent``) takes every ``table:not([class])`` of the page's content and puts it in
``div.md-typeset__scrollwrap > div.md-typeset__table``; its stylesheet, and the site's phone rules in edition.css
(``.md-typeset__table table:not([class])``: smaller type, narrower cells), style the table by those wrappers. Before
the bundle has run there are none, so on a 390 px phone the home page's table was 424 px wide in a 356 px column.

The build writes the same two wrappers (:func:`wrap`), and the table keeps no class, so every rule of Material's and
of the site's that styles it applies from the first paint, the same rules as after. The bundle has no way to be
told a table is wrapped (it selects ``table:not([class])`` and wraps whatever it finds), so it wraps the table a
second time, inside; edition.css gives that inner pair ``display: contents``: they make no box, and the table is
laid out in the build's wrappers exactly as before (tests/site/test_page_kinds.py measures every table, before
the bundle and after, at 390 and 1366 px). Why this way and not another:

- a class on the table would keep the bundle off it, but then none of Material's ``table:not([class])`` rules
  (borders, cell padding, type size, the hover) nor the site's would apply: they would have to be copied under the
  class and kept in step with Material's stylesheet by hand at each upgrade;
- undoing the second wrap by script depends on when the bundle mounts (on DOMContentLoaded, sent again by
  md-later.js) and holds a page's script for a thing the stylesheet can say;
- editing Material's minified bundle at build time is surgery on a vendored file that the next release breaks.

What this depends on is only what the build copies anyway: the names and nesting of Material's two wrappers
(``WRAPPERS``); a change there fails the layout test.
"""
from __future__ import annotations

import html as html_escape

from lxml import etree
from lxml import html as lxml_html

WRAPPERS = ("md-typeset__scrollwrap", "md-typeset__table")  # outer, inner: Material's renderTable


def wrapped(table: etree._Element) -> bool:
    parent = table.getparent()
    grand = parent.getparent() if parent is not None else None
    return (parent is not None and grand is not None and parent.get("class") == WRAPPERS[1]
            and grand.get("class") == WRAPPERS[0])


def wrap(root: etree._Element) -> int:
    """Every table without a class attribute under ``root`` (Material's ``table:not([class])``) put in Material's
    two wrappers, in its place (its tail stays after them); a table already in them is left. Returns how many."""
    count = 0
    for table in list(root.iter("table")):
        if "class" in table.attrib or wrapped(table):
            continue
        parent = table.getparent()
        if parent is None:
            raise ValueError("a table at the root cannot be wrapped in place")
        outer = etree.Element("div", {"class": WRAPPERS[0]})
        inner = etree.SubElement(outer, "div", {"class": WRAPPERS[1]})
        outer.tail, table.tail = table.tail, None
        parent.replace(table, outer)
        inner.append(table)
        count += 1
    return count


def wrap_html(text: str) -> str:
    """:func:`wrap` on a page's content as HTML (a Markdown page's, with the build's markers filled): the text is
    returned unchanged when no table needs wrapping, else as lxml writes the parsed fragment back."""
    if "<table" not in text:
        return text
    holder = lxml_html.fragment_fromstring(text, create_parent="div")
    if not wrap(holder):
        return text
    return html_escape.escape(holder.text or "", quote=False) + "".join(
        etree.tostring(child, method="html", encoding="unicode") for child in holder)
