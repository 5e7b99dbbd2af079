"""Tables put in Material's two wrappers at build time (pipeline/site/tables.py), as its script would."""
from __future__ import annotations

import lxml.html

from pipeline.site import tables

MATERIAL = "div[@class='md-typeset__scrollwrap']/div[@class='md-typeset__table']/table"


def parsed(text: str):
    return lxml.html.fragment_fromstring(text, create_parent="div")


def test_a_table_without_a_class_is_wrapped_in_place_its_neighbours_and_text_kept():
    out = parsed(tables.wrap_html('intro <p>a &lt;b&gt;</p>\n<table><tr><td>x &amp; y</td></tr></table> after'
                                  '<p>end</p>'))
    assert out.text == "intro "
    assert [el.tag for el in out] == ["p", "div", "p"]
    assert out[0].text == "a <b>"
    assert out.xpath(f"{MATERIAL}//td/text()") == ["x & y"]
    assert out[1].tail == " after"


def test_a_table_with_a_class_and_a_wrapped_table_are_left_alone():
    text = ('<table class="ledger-rules-table"><tr><td>1</td></tr></table>'
            '<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table><tr><td>2</td></tr></table>'
            '</div></div>')
    assert tables.wrap_html(text) == text
    assert tables.wrap_html("<p>no table</p>") == "<p>no table</p>"


def test_every_table_material_would_wrap_is_wrapped_once_nested_ones_too():
    root = parsed('<section><table><tr><td><table><tr><td>in</td></tr></table></td></tr></table></section>'
                  '<table class="x"></table>')
    assert tables.wrap(root) == 2
    assert len(root.xpath("//table[not(@class)]")) == 2
    assert all(t.getparent().get("class") == "md-typeset__table"
               and t.getparent().getparent().get("class") == "md-typeset__scrollwrap"
               for t in root.xpath("//table[not(@class)]"))
    assert root.xpath("//table[@class='x']")[0].getparent() is root
    assert tables.wrap(root) == 0
