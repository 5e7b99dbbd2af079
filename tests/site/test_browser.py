"""The reading site in a real browser (Debian's Chromium through Playwright): chapters, spelling, notes,
corrections, witnesses, search, accessibility (axe-core), page weight; nothing is fetched from outside the site.

Every test runs on the site built from the fixture edition and on the site built from the real edition/.
"""
from __future__ import annotations

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from site_helpers import ROOT, board_bytes

GAMES = {g["slug"]: g for g in json.loads((ROOT / "source/editorial/games.json").read_text("utf-8"))["games"]}
BUDGET = 300 * 1024  # a chapter page without the game: HTML + CSS + JS + fonts, uncompressed
# what to search for, and which chapter section must come up (a rule's key word finds the chapter and the rules)
RULE_WORD = {"fixture": ("годны", "windmill"), "edition": ("окопах", "besieged-city")}


def chapters(site) -> list[str]:
    order = {slug: g["number"] for slug, g in GAMES.items()}
    return sorted((p.parent.name for p in (site / "chapters").glob("*/index.html")), key=order.get)


def chapter_with(site, selector_class: str) -> str:
    """The first chapter (book order) whose page has an element of this class."""
    for slug in chapters(site):
        if f'class="{selector_class}' in (site / "chapters" / slug / "index.html").read_text("utf-8"):
            return slug
    pytest.fail(f"no chapter page has .{selector_class}")


def open_page(page, url: str):
    page.goto(url)
    page.wait_for_load_state("load")
    assert not page.errors, page.errors
    return page


def test_every_chapter_opens_with_its_title_text_and_board_place(served, offline_page):
    name, site, url = served
    for slug in chapters(site):
        open_page(offline_page, f"{url}chapters/{slug}/")
        assert offline_page.locator("h1.chapter-title").is_visible(), slug
        assert offline_page.locator("article.game-text p, article.game-text li").count() > 0, slug
        assert offline_page.locator(f'div.game-board[data-game="{slug}"]').count() == 1
        assert GAMES[slug]["english"] and offline_page.title()
    assert offline_page.outside == []


def test_no_page_requests_anything_outside(served, offline_page):
    name, site, url = served
    for path in ["", "notes/", *(f"chapters/{slug}/" for slug in chapters(site))]:
        open_page(offline_page, url + path)
        offline_page.locator("input.md-search__input").fill("карты")
        offline_page.wait_for_timeout(200)
    assert offline_page.outside == [], f"requests to the internet: {offline_page.outside}"


def shown(page, selector: str) -> bool:
    return page.locator(selector).first.is_visible()


def test_the_spelling_switch_is_instant_and_remembered_across_pages(served, offline_page):
    name, site, url = served
    first, second = chapters(site)[:2]
    page = open_page(offline_page, f"{url}chapters/{first}/")
    assert shown(page, "article w-o") and not shown(page, "article w-r")
    page.get_by_label("современная").check()
    assert shown(page, "article w-r") and not shown(page, "article w-o")
    assert page.evaluate("localStorage.getItem('edition.spelling')") == "modern"
    open_page(page, f"{url}chapters/{second}/")
    assert page.get_by_label("современная").is_checked()
    assert shown(page, "article w-r") and not shown(page, "article w-o")
    open_page(page, f"{url}notes/")
    assert page.evaluate("document.documentElement.dataset.spelling") == "modern"
    page.get_by_label("дореформенная").check()
    open_page(page, f"{url}chapters/{first}/")
    assert shown(page, "article w-o") and not shown(page, "article w-r")


# Run at the start of each document (before any of the page's scripts): the spelling a reader chose earlier, and,
# at every animation frame until the page has loaded (rAF callbacks run just before the browser paints), the
# text nodes of the places that carry the book's names (header, navigation, page heading) and the page title.
FRAMES = """
localStorage.setItem("edition.spelling", "modern");
window.__frames = [];
(function frame() {
  const texts = [];
  for (const box of document.querySelectorAll(".md-header, .md-nav, .md-content h1:not(.chapter-title)")) {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) { if (n.nodeValue.trim()) texts.push(n.nodeValue.trim()); }
  }
  window.__frames.push({ state: document.readyState, texts, title: document.title });
  if (document.readyState !== "complete") { requestAnimationFrame(frame); }
})();
"""


def test_the_remembered_modern_spelling_is_on_every_name_from_the_first_frame(served, browser):
    """No frame of a loading page shows a chapter's or the site's name in the pre-reform spelling when the reader
    chose the modern one, even while Material's script (at the end of the page) is slow to come."""
    name, site, url = served
    js = (site / "assets" / "spelling-titles.js").read_text("utf-8")
    printed = set(json.loads(js[js.index("{"):js.rindex("}") + 1]))
    assert printed, "no name differs between the spellings"
    slug = chapters(site)[-1]
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.add_init_script(FRAMES)

    def late(route):
        page.wait_for_timeout(1000)  # the parser waits for this script; the browser paints what it has meanwhile
        route.continue_()
    try:
        page = context.new_page()
        page.route("**/javascripts/bundle.*.min.js", late)
        for path in (f"chapters/{slug}/", "", "notes/"):
            page.goto(url + path)
            page.wait_for_load_state("load")
            frames = page.evaluate("window.__frames")
            assert [f for f in frames if f["state"] == "loading" and f["texts"]], "no frame painted while loading"
            for f in frames:
                old = [t for t in f["texts"] + f["title"].split(" - ") if t in printed]
                assert not old, f"{path}: a frame ({f['state']}) shows the pre-reform names {old}"
            assert page.evaluate("document.documentElement.dataset.spelling") == "modern"
    finally:
        context.close()


def test_a_note_opens_in_place_from_the_keyboard_and_its_back_link_returns(served, offline_page):
    name, site, url = served
    slug = chapter_with(site, "fn-ref")
    page = open_page(offline_page, f"{url}chapters/{slug}/")
    anchor = page.locator("button.fn-ref").first
    n = re.search(r"\d+", anchor.inner_text()).group()
    popover = page.locator(f"#{anchor.get_attribute('popovertarget')}")
    assert not popover.is_visible()
    anchor.focus()
    page.keyboard.press("Enter")
    assert popover.is_visible() and f"Примечание {n}" in popover.inner_text()
    page.keyboard.press("Escape")
    assert not popover.is_visible()
    anchor.click()
    popover.get_by_role("link", name="к списку примечаний").click()
    assert not popover.is_visible(), "following the note's link closes the popover"
    assert page.url.endswith(f"#note-{n}") or page.url.endswith(popover.locator("a").get_attribute("href"))
    back = page.locator(f"li#{page.url.rsplit('#', 1)[1]} a.fn-back")
    back.click()
    assert page.url.endswith(f"#noteref-{n}")
    assert anchor.evaluate("el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight }")


def test_show_corrections_marks_every_corrected_word_with_its_ocr_form(served, offline_page):
    name, site, url = served
    slug = chapter_with(site, "corr")
    page = open_page(offline_page, f"{url}chapters/{slug}/")
    words = page.locator("article span.corr")
    background = "el => getComputedStyle(el).backgroundColor"
    assert words.first.evaluate(background) == "rgba(0, 0, 0, 0)" and words.first.get_attribute("tabindex") is None
    page.get_by_label("показать исправления").check()
    count = words.count()
    assert count > 0
    for i in range(count):
        assert words.nth(i).evaluate(background) != "rgba(0, 0, 0, 0)"
        assert words.nth(i).get_attribute("tabindex") == "0"
    word = words.first
    word.focus()
    tip = word.evaluate("el => getComputedStyle(el, '::after').content")
    assert "OCR" in tip and word.get_attribute("data-sic") in tip and "уверенность" in tip
    page.mouse.move(0, 0)
    word.evaluate("el => el.blur()")
    word.hover()
    assert "OCR" in word.evaluate("el => getComputedStyle(el, '::after').content")


def test_witnesses_of_each_passage_show_on_demand(served, offline_page):
    name, site, url = served
    page = open_page(offline_page, f"{url}chapters/{chapters(site)[0]}/")
    badges = page.locator("article small.wits")
    assert badges.count() == 0 or not badges.first.is_visible()
    page.get_by_label("показать свидетелей").check()
    passages = page.locator("article :is(p, li, h1, h2, figcaption)[data-source]")
    assert badges.count() == passages.count() > 0 and badges.first.is_visible()
    for i in range(passages.count()):
        ids = passages.nth(i).get_attribute("data-source").split()
        links = passages.nth(i).locator(":scope > small.wits a")
        assert [links.nth(j).get_attribute("href") for j in range(links.count())] == [f"#wit-{w}" for w in ids]
    target = badges.first.locator("a").first.get_attribute("href")
    assert page.locator(target).is_visible()
    page.get_by_label("показать свидетелей").uncheck()
    assert not badges.first.is_visible()


def test_a_supplied_title_shows_its_evidence_on_focus(served, offline_page):
    name, site, url = served
    slug = chapter_with(site, "supplied")
    page = open_page(offline_page, f"{url}chapters/{slug}/")
    title = page.locator(".supplied").first
    assert title.inner_text().startswith("[") and title.inner_text().endswith("]")
    assert title.evaluate("el => getComputedStyle(el, '::after').content") in ("none", "normal")
    page.keyboard.press("Tab")
    title.focus()
    assert "восстановлено издателем" in title.evaluate("el => getComputedStyle(el, '::after').content")


def search(page, query: str) -> list[str]:
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    page.keyboard.press("End")  # Material runs the query on keyup; fill() alone sends only an input event
    # a function, not an expression: Playwright evaluates a polled expression with eval, which the site's CSP forbids
    page.wait_for_function("() => document.querySelectorAll('.md-search-result__link').length > 0", timeout=15000)
    return page.eval_on_selector_all(".md-search-result__link", "els => els.map(e => e.getAttribute('href'))")


def chapters_containing(site, phrase: str) -> set[str]:
    import lxml.html

    found = set()
    for slug in chapters(site):
        page = lxml.html.fromstring((site / "chapters" / slug / "index.html").read_bytes())
        article = page.xpath("//article[@class='game-text']")[0]
        for el in article.xpath(".//w-r"):  # the pre-reform reading only
            el.drop_tree()
        if phrase in " ".join(article.text_content().lower().split()):
            found.add(slug)
    return found


@pytest.mark.parametrize("query, pre_reform", [("свободные места", "свободныя мѣста"), ("место", "мѣсто")])
def test_search_in_modern_spelling_finds_the_pre_reform_text(served, offline_page, query, pre_reform):
    name, site, url = served
    expected = chapters_containing(site, pre_reform)
    assert expected, f"no chapter has «{pre_reform}»"
    hits = search(open_page(offline_page, url), query)
    found = {m.group(1) for h in hits if (m := re.search(r"chapters/([^/]+)/", h))}
    assert expected & found, (query, expected, hits)


def test_search_for_a_rules_key_word_finds_the_chapter_and_its_rules(served, offline_page):
    name, site, url = served
    word, slug = RULE_WORD[name]
    hits = [re.sub(r"\?h=[^#]*", "", h) for h in search(open_page(offline_page, url), word)]
    assert any(h.endswith(f"chapters/{slug}/") for h in hits), hits
    assert any(re.search(rf"chapters/{slug}/#{slug}-rule-[IVXLC]+$", h) for h in hits), hits  # the rule itself


MARKED = """scope => [...document.querySelectorAll(scope)].flatMap(box => [...box.querySelectorAll("mark, [data-hit]")])
    .filter(m => m.getClientRects().length).map(m => m.textContent.trim().toLowerCase())"""


@pytest.mark.parametrize("spelling, query, on_screen", [("pre-reform", "место", "мѣсто"), ("modern", "мѣсто", "место")])
def test_a_hit_in_the_hidden_spelling_is_marked_in_the_spelling_on_screen(edition_site_url, offline_page, spelling,
                                                                          query, on_screen):
    """A query in the spelling the reader does not read in: the results and the passage a result leads to mark the
    word in the spelling shown."""
    page = open_page(offline_page, edition_site_url)
    page.evaluate(f"localStorage.setItem('edition.spelling', '{spelling}')")
    hits = search(open_page(page, edition_site_url), query)
    assert on_screen in page.evaluate(MARKED, ".md-search-result"), "no hit marked in the results shown"
    # a passage of the book (it has both spellings): an editor's note, in modern spelling only, may rank first
    in_both = page.eval_on_selector_all(".md-search-result__link",
                                        "els => els.filter(e => e.querySelector('w-o, w-r')).map(e => e.getAttribute('href'))")
    href = next(h for h in hits if "/chapters/" in h and "#" in h and h in in_both)
    page.locator(f".md-search-result__link[href='{href}']").first.click()
    page.wait_for_load_state("load")
    passage = f"#{href.rsplit('#', 1)[1]}"
    assert page.locator(passage).is_visible() and page.locator(passage).evaluate(
        "el => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight }")
    marked = page.evaluate(MARKED, passage)
    assert any(on_screen in m for m in marked), (passage, marked)
    page.evaluate("localStorage.clear()")


def serious(page) -> list[dict]:
    results = Axe().run(page)
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def test_home_chapter_and_notes_pages_have_no_serious_accessibility_violations(served, offline_page, artifacts_dir):
    name, site, url = served
    slug = "windmill" if (site / "chapters" / "windmill").is_dir() else chapters(site)[0]
    found = {}
    for label, path in [("home", ""), (f"chapter-{slug}", f"chapters/{slug}/"), ("notes", "notes/")]:
        page = open_page(offline_page, url + path)
        found[label] = serious(page)
        page.screenshot(path=str(artifacts_dir / f"site-{name}-{label}.png"), full_page=True)
    page = open_page(offline_page, f"{url}chapters/{slug}/")  # with every switch on and a note open
    page.get_by_label("современная").check()
    page.get_by_label("показать исправления").check()
    page.get_by_label("показать свидетелей").check()
    if page.locator("button.fn-ref").count():
        page.locator("button.fn-ref").first.click()
    found[f"chapter-{slug}-switches-on"] = serious(page)
    page.screenshot(path=str(artifacts_dir / f"site-{name}-chapter-{slug}-switches-on.png"), full_page=True)
    page.evaluate("localStorage.clear()")
    assert not any(found.values()), found


def test_a_chapter_page_weighs_under_300_kb(served, browser, artifacts_dir):
    """HTML + CSS + JS + fonts of the page itself, without the game, under 300 KB, Material's bundle counted (it
    loads at the reader's first move). The game board (everything under play/, and the board the build draws into
    the page's HTML) and Material's search worker (its script, the lunr Russian stemmer it imports, the index it is
    sent; off the main thread) are weighed and reported separately in site-*-chapter-weight.json, not hidden."""
    name, site, url = served
    slug = max(chapters(site), key=lambda c: (site / "chapters" / c / "index.html").stat().st_size)  # heaviest
    context = browser.new_context()
    page = context.new_page()
    files: list[tuple[str, str, int]] = []

    def count(response):
        try:
            size = len(response.body())
        except Exception:  # a redirect or an aborted request has no body
            return
        path = response.url.replace(url, "")
        kind = response.request.resource_type
        part = ("search" if ("/workers/" in path or "/lunr/" in path or path.startswith("search/")) else
                "game" if path.startswith("play/") else "page")
        files.append((part, kind, path, size))

    page.on("response", count)
    page.goto(f"{url}chapters/{slug}/")
    page.wait_for_load_state("load")
    page.mouse.move(200, 10)  # the reader's first move, over the header: Material's bundle loads (md-later.js)
    page.locator("html[data-material]").wait_for(state="attached")
    page.wait_for_load_state("networkidle")
    context.close()
    page_kinds = ("document", "stylesheet", "script", "font")
    drawn = board_bytes(site / "chapters" / slug / "index.html")  # the board in the page's HTML: the game's
    weight = sum(size for part, kind, _, size in files if part == "page" and kind in page_kinds) - drawn
    search_code = sum(size for part, kind, path, size in files if part == "search" and path.endswith(".js"))
    search_index = sum(size for part, kind, path, size in files if part == "search" and path.endswith(".json"))
    game = sum(size for part, _, _, size in files if part == "game") + drawn
    report = {"chapter": slug, "page_html_css_js_fonts": weight, "search_worker_js": search_code,
              "search_index_json": search_index, "game_all_files": game, "game_in_the_page_html": drawn,
              "files": sorted(files)}
    (artifacts_dir / f"site-{name}-chapter-weight.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    assert not [f for f in files if f[0] == "page" and f[1] == "font"], "no web fonts: system fonts only"
    assert weight < BUDGET, report


def test_a_variant_is_shown_in_its_place_on_demand(fixture_site_url, offline_page, artifacts_dir):
    """The fixture's Windmill p2 has an ``app``: the lemma «немедленно» (w001) and w003's «тотчасъ же». The reading
    is hidden until the reader asks for variants; then it stands beside the lemma with its witness."""
    page = open_page(offline_page, f"{fixture_site_url}chapters/windmill/")
    app = page.locator("#windmill-p2 .app")
    assert app.count() == 1 and app.locator(".lem").inner_text().strip() == "немедленно"
    reading = app.locator(".rdg")
    assert not reading.is_visible()
    page.get_by_label("показать варианты").check()
    assert reading.is_visible()
    assert "тотчасъ же" in reading.inner_text() and "003" in reading.locator(".rdg-wit").inner_text()
    page.locator("#windmill-p2").screenshot(path=str(artifacts_dir / "variant-shown.png"))
    page.get_by_label("показать варианты").uncheck()
    assert not reading.is_visible()


def test_markup_in_the_sources_shows_as_text_and_never_runs(fixture_site_url, offline_page):
    """The fixture's Parterre holds <script> and an <img onerror> in its text, attributes and header."""
    page = open_page(offline_page, f"{fixture_site_url}chapters/parterre/")
    page.get_by_label("показать исправления").check()
    page.get_by_label("показать свидетелей").check()
    page.locator(".corr").first.focus()
    page.locator(".supplied").first.focus()
    assert "window.pwned=1" in page.locator(".supplied").first.evaluate("el => getComputedStyle(el, '::after').content")
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert page.locator("article script, article img").count() == 0
    assert "<script>window.pwned=2</script>" in page.locator("#parterre-rule-I").inner_text()
