"""Markup in the sources' titles and heads (which MkDocs' theme writes into nav, header, footer, title and toc as
HTML) shows as text on every page and never becomes an element; in the browser, nothing of it runs."""
from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from site_helpers import HOSTILE_HEAD, HOSTILE_TITLE


class Elements(HTMLParser):
    """Every start tag of a page with its attributes (html.parser: a tag inside <title> counts too)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def parse(path: Path) -> Elements:
    parser = Elements()
    parser.feed(path.read_text("utf-8"))
    return parser


def test_no_page_has_an_element_from_a_title_or_head(hostile_site_dir):
    pages = sorted(hostile_site_dir.rglob("*.html"))
    assert len(pages) >= 5
    for path in pages:
        found = parse(path).tags
        assert not [t for t, a in found if t == "img" and a.get("src") in ("x", "y")], path
        assert not [a for _, a in found if "onerror" in a], path


def test_the_hostile_title_shows_literally_in_nav_header_footer_and_title(hostile_site_dir):
    lowered = HOSTILE_TITLE[:1] + HOSTILE_TITLE[1:].lower()   # the menus' form of an all-capitals head
    nav = "6. " + lowered.rstrip(".")
    chapter = parse(hostile_site_dir / "chapters" / "windmill" / "index.html")
    text = "".join(chapter.text)
    assert text.count(nav) >= 3, "nav, header and the <title> show the title as text"
    assert HOSTILE_HEAD in text or HOSTILE_HEAD.rstrip(".") in text, "the section head in the toc, as text"
    home = "".join(parse(hostile_site_dir / "index.html").text)
    assert nav in home
    neighbour = "".join(parse(hostile_site_dir / "chapters" / "four-corners" / "index.html").text)
    assert nav in neighbour, "the footer's previous/next link and the nav of another page"


def test_the_hostile_title_runs_nothing_in_the_browser(hostile_site_url, page):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    for path in ("", "chapters/windmill/", "chapters/four-corners/", "notes/"):
        page.goto(hostile_site_url + path)
        page.wait_for_load_state("load")
        assert page.evaluate("document.querySelectorAll('img[onerror], [onerror]').length") == 0, path
        assert "<img src=x onerror=alert(5)>" in page.locator("nav.md-nav--primary").first.text_content(), path
    page.wait_for_timeout(200)
    assert dialogs == []
