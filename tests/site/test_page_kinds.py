"""Each kind of page (home, chapter, notes, rules index, winnability) as a reader sees it on a desktop (1366 px)
and on a phone (390 px): nothing scrolls sideways, the main column is on screen, axe-core finds no violation at all,
and what the kind is for works there (search snippets in one spelling, the notes' text in view, the rules filter,
the spelling switch reaching the navigation, the header's titles one at a time, the print view).

One page load per kind and width, on the site built from the real edition/. Screenshots go to $SCREENS_DIR (else
test-artifacts/screens/).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

KINDS = {"home": "", "chapter": "chapters/shah/", "notes": "notes/", "rules": "rules/",
         "winnability": "winnability/"}
WIDTHS = (1366, 390)


@pytest.fixture(scope="module")
def screens(artifacts_dir) -> Path:
    out = Path(os.environ.get("SCREENS_DIR") or artifacts_dir / "screens")
    out.mkdir(parents=True, exist_ok=True)
    return out


def fits(page) -> None:
    """No sideways scroll of the document, nor of any table shown in the main column; the column itself on
    screen, with its title."""
    width, inner = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert width <= inner, f"the page scrolls sideways: {width} > {inner}"
    wide = page.evaluate("""() => [...document.querySelectorAll('.md-content table')]
        .map(t => t.closest('.md-typeset__scrollwrap') || t)
        .filter(t => t.checkVisibility() && t.scrollWidth > t.clientWidth + 1)
        .map(t => t.querySelector('caption')?.innerText + ': ' + t.scrollWidth + ' > ' + t.clientWidth)""")
    assert wide == [], f"tables scrolling sideways: {wide}"
    box = page.locator(".md-content").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= inner + 1 and box["width"] >= 0.5 * min(inner, 1000)
    assert page.locator(".md-content h1").first.is_visible()


def no_violations(page) -> list:
    found = Axe().run(page).response["violations"]
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in found]


def both_spellings_shown(page, scope: str) -> list[str]:
    """Pairs (<w-o>, <w-r>) under ``scope`` of which both are displayed: never, whichever spelling is chosen."""
    return page.evaluate("""scope => [...document.querySelectorAll(scope + ' w-o')]
        .filter(o => o.nextElementSibling && o.nextElementSibling.tagName === 'W-R')
        .filter(o => o.getClientRects().length && o.nextElementSibling.getClientRects().length)
        .map(o => o.textContent + ' ' + o.nextElementSibling.textContent)""", scope)


def search(page, query: str):
    if page.viewport_size["width"] < 960:  # the phone header shows a search button, not the field
        page.locator("label.md-header__button[for='__search']").click()
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    page.keyboard.press("End")  # Material runs the query on keyup
    results = page.locator(".md-search-result__link")
    results.first.wait_for(timeout=15000)  # (a locator: the site's CSP forbids the eval that wait_for_function uses)
    return results


def check_search(page, shot: Path) -> None:
    """A query in modern spelling: results titled, with text, linked to a passage, in one spelling."""
    results = search(page, "место")
    assert results.count() > 1
    # textContent: Material folds a page's further sections into a closed <details> ("more on this page")
    titles = page.eval_on_selector_all(".md-search-result__article :is(h1, h2)", "els => els.map(e => e.textContent)")
    assert titles and all(t.strip() for t in titles), titles
    teasers = page.eval_on_selector_all(".md-search-result__article:not(:has(h1))",
                                        "els => els.map(e => e.textContent.replace(e.querySelector('h2').textContent, ''))")
    assert teasers and all(t.strip() for t in teasers), "a section result without its text"
    assert both_spellings_shown(page, ".md-search-result") == []
    assert not re.search(r"\b(\w+)ъ \1\b", page.locator(".md-search-result").inner_text()), "both spellings run together"
    hrefs = page.eval_on_selector_all(".md-search-result__link", "els => els.map(e => e.getAttribute('href'))")
    chapter_hits = [h for h in hrefs if "/chapters/" in h and "#" in h]
    assert chapter_hits and all(re.search(r"#[\w-]+$", h) for h in chapter_hits), hrefs
    rule_titles = [t for t in titles if "правило" in t]
    assert all(re.match(r"\d+\. .+ · правило [IVXLC]+$", t) for t in rule_titles), rule_titles
    page.wait_for_timeout(500)  # Material's search panel slides in (on a phone) for .3 s
    fits(page)  # the results open over the page, which still does not scroll sideways
    page.screenshot(path=str(shot))
    page.keyboard.press("Escape")


def check_chapter(page, width: int) -> None:
    assert both_spellings_shown(page, "article") == []
    # the spelling switch reaches the navigation, the contents list and the page title
    nav = page.locator(".md-nav--primary").inner_text()
    assert "23. Зодіакъ" in nav and "23. Зодиак" not in nav and "Шахъ" in page.title()
    page.get_by_label("современная").check()
    nav = page.locator(".md-nav--primary").inner_text()
    assert "23. Зодиак" in nav and "Зодіакъ" not in nav and "7. Шах\n" in nav + "\n"
    assert "Шах" in page.title() and "Шахъ" not in page.title()
    assert "основных пасьянса" in page.locator(".md-header").inner_text()
    assert both_spellings_shown(page, "article") == []
    search(page, "мѣсто")  # a pre-reform query, results in the modern spelling now chosen
    page.wait_for_timeout(500)
    assert both_spellings_shown(page, ".md-search-result") == []
    shown = page.eval_on_selector_all(".md-search-result w-r", "els => els.filter(e => e.getClientRects().length).length")
    assert shown > 0 and "мѣсто" not in page.locator(".md-search-result").inner_text().lower()
    page.keyboard.press("Escape")
    page.get_by_label("дореформенная").check()
    assert "23. Зодіакъ" in page.locator(".md-nav--primary").inner_text() and "Шахъ" in page.title()
    # the header's two titles: one at a time, at the top and scrolled
    for y in (0, 1200):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(150)
        shown = page.evaluate("""() => [...document.querySelectorAll('.md-header__topic')].filter(t => {
            const s = getComputedStyle(t); return s.visibility !== 'hidden' && +s.opacity > 0 }).length""")
        assert shown == 1, f"{shown} header titles shown at scroll {y}"
    # the downloads: three files under three names, said apart
    names = page.eval_on_selector_all(".downloads a", "els => els.map(e => e.getAttribute('download'))")
    labels = page.eval_on_selector_all(".downloads a", "els => els.map(e => e.innerText)")
    assert len(set(names)) == 3 and len(set(labels)) == 3, (names, labels)
    # the witness list in Russian, without checksums
    witnesses = page.locator(".witness-list").inner_text()
    assert "сетевой читалки" in witnesses and not re.search(r"[0-9a-f]{32}|bytes|scrape", witnesses)


def check_print(page) -> None:
    page.emulate_media(media="print")
    for hidden in (".md-header", ".md-sidebar--primary", ".edition-controls", ".game-board"):
        assert not page.locator(hidden).first.is_visible(), hidden
    assert page.locator("article.game-text").is_visible() and page.locator(".book-notes").is_visible()
    page.emulate_media(media="screen")


def check_notes(page, width: int) -> None:
    cells = page.locator(".notes-table td.note-cell")
    assert cells.count() == 20
    inner = page.evaluate("innerWidth")
    for i in (0, cells.count() - 1):
        cell = cells.nth(i)
        cell.scroll_into_view_if_needed()
        box = cell.bounding_box()
        assert cell.inner_text().strip() and box["x"] >= 0 and box["x"] + box["width"] <= inner
        if width < 600:  # on a phone the note's text has the card's whole width
            assert box["width"] >= 0.8 * page.locator(".notes-table").bounding_box()["width"]


def check_rules(page) -> None:
    rules = page.locator(".rule-entry")
    total = rules.count()
    assert total > 20 and page.locator(".rules-game").count() == 13
    links = page.eval_on_selector_all(".rule-entry:not([data-n=play]) a.rule-place",
                                      "els => els.map(e => e.getAttribute('href'))")
    assert links and all(re.match(r"\.\./chapters/[\w-]+/(ledger/)?#[\w-]+$", h) for h in links), links
    assert [h for h in links if "/ledger/#ledger-rule-" in h], "rules link to the game's ledger too"
    field = page.get_by_label("Найти в правилах")
    field.fill("основание")  # modern spelling: finds the rules printed «основаніе»
    shown = [rules.nth(i) for i in range(total) if rules.nth(i).is_visible()]
    assert 0 < len(shown) < total
    assert all("основані" in r.inner_text().lower() or "основани" in r.inner_text().lower() for r in shown)
    assert "Найдено правил" in page.locator(".rules-count").inner_text()
    field.fill("")
    assert rules.first.is_visible()


def check_winnability(page) -> None:
    summary = page.locator(".winnability-summary table")
    assert summary.is_visible()
    head = summary.locator("thead").inner_text()
    assert "Предел" not in head and "Вычислено" not in head and "Время" not in head
    assert page.locator("details.winnability-technical").get_attribute("open") is None
    assert summary.locator("tbody tr").count() >= 10


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", list(KINDS))
def test_each_page_kind_fits_the_width_and_serves_its_reader(edition_site_url, browser, screens, kind, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        page.goto(edition_site_url + KINDS[kind])
        page.wait_for_load_state("load")
        fits(page)
        page.screenshot(path=str(screens / f"{kind}-{width}.png"), full_page=False)
        assert no_violations(page) == []
        {"home": lambda: check_search(page, screens / f"search-{width}.png"), "chapter": lambda: (check_chapter(page, width), check_print(page)),
         "notes": lambda: check_notes(page, width), "rules": lambda: check_rules(page),
         "winnability": lambda: check_winnability(page)}[kind]()
        fits(page)  # after the checks too: on the home page, Material's search opened and closed again
        assert errors == []
    finally:
        context.close()


# Every element's box on the page as laid out now, by the same element references each time (Material adds
# elements when it runs): [tag#id, x, y, width, height, sideways overflow]. Not Material's search panel (its results
# are filled when it runs, out of sight), nor the sidebars' scroll boxes' height (Material sets it to the window's
# so that their lists scroll; nothing in them moves).
BOXES = """() => {
  window.__laidOut = window.__laidOut || [...document.querySelectorAll('body *')]
    .filter(e => !e.closest('.md-search') && e.getClientRects().length);
  return window.__laidOut.map(e => {
    const r = e.getBoundingClientRect();
    const height = e.matches('.md-sidebar__scrollwrap') ? null : Math.round(r.height);
    return [e.tagName.toLowerCase() + (e.id ? '#' + e.id : ''), Math.round(r.x), Math.round(r.y), Math.round(r.width),
            height, e.scrollWidth - e.clientWidth];
  });
}"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", ["home", "chapter", "winnability"])
def test_nothing_moves_when_materials_script_runs_at_the_first_move(edition_site_url, browser, kind, width):
    """Material's bundle is loaded at the reader's first move (assets/md-later.js): the page laid out before it is
    the page after, to the pixel, its tables too (the build puts them in Material's wrappers:
    pipeline/site/tables.py; the wrappers Material's script adds make no box), and the page fits its width before
    the bundle as after it."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    bundle: list[str] = []
    page.on("request", lambda r: bundle.append(r.url) if "/javascripts/bundle." in r.url else None)
    try:
        page.goto(edition_site_url + KINDS[kind])
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)
        assert bundle == [] and page.locator("html[data-material]").count() == 0, "Material's bundle ran unasked"
        fits(page)
        before = page.evaluate(BOXES)
        tables = page.locator(".md-content table:not([class])").count()
        page.mouse.move(width // 2, 10)  # over the header
        page.locator("html[data-material]").wait_for(state="attached", timeout=20000)
        page.wait_for_timeout(500)
        assert bundle, "Material's bundle not loaded at the first move"
        # Material did wrap each table (again): the inner wrappers are there, laid out as nothing
        again = ".md-typeset__table > .md-typeset__scrollwrap > .md-typeset__table > table"
        assert page.locator(again).count() == tables
        after = page.evaluate(BOXES)
        moved = [(b, a) for b, a in zip(before, after) if b != a]
        assert len(before) > 100 and moved == [], f"{len(moved)} boxes moved, e.g. {moved[:5]}"
        fits(page)
    finally:
        context.close()
