"""The board is in the page as the build drew it, so in its first paint with no script run, and costs a reader
nothing until they move towards the game: a visit that only reads fetches no runtime file; the first touch on the
board starts the engine and plays what was touched. The page's renderer draws the same cards in the same places
once it has the width. Sizes: at 1366 px every game's cards are at least 48 px wide, on a 390 px phone at least
30 px and no board scrolls sideways (layouts too wide are re-flowed) — read from the board drawn before the
runtime, which the live board draws the same way."""
from __future__ import annotations

import pytest

from pipeline.engine import api
from pipeline.site.play.assets import DEFAULT_DEAL
from play_helpers import READY_MS, cli_play, dom_piles, recording_server, registered_games, settle, view, wait_ready

GAME = "windmill" if "windmill" in registered_games() else registered_games()[0]
RUNTIME = ("/play/pyodide/", "/play/engine/", "/play/worker.mjs", "/play/sw.js")


def test_a_reading_visit_fetches_no_runtime_and_the_first_touch_plays(browser, request):
    # what the page asks for (Playwright's events) and what the server is asked for (the workers' requests too)
    with recording_server(request) as (site_url, asked):
        reading_visit_then_touch(browser, site_url, asked)


def reading_visit_then_touch(browser, site_url: str, asked: list[str]) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        requested: list[str] = []
        page.on("request", lambda r: requested.append(r.url))
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{site_url}chapters/{GAME}/")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(1500)
        assert [u for u in requested if any(part in u for part in RUNTIME)] == []
        assert [p for p in asked if any(part in p for part in RUNTIME)] == []
        board = page.locator(".game-board")
        assert board.get_attribute("data-state") == "static"
        # the board drawn is the engine's default deal, as the CLI deals it
        embedded = view(page)
        assert dom_piles(page) == cli_play(GAME, embedded["state"]["deal"])["initial"]
        assert page.get_by_role("button", name="Играть").is_visible()

        # the first touch: a card with one legal move (as the engine says); the engine starts, and it is played
        legal = api.new_game(GAME, embedded["state"]["deal"])["legal_moves"]
        move = next(m for m in legal if m.get("from") and sum(1 for x in legal if x.get("from") == m["from"]) == 1)
        page.locator(f'.play-surface .pile[data-pile="{move["from"]}"] > .card').last.click()
        wait_ready(page, READY_MS)
        page.wait_for_function("() => window.editionPlay.state().history === 1", timeout=READY_MS)
        assert view(page)["last"] == move["id"]
        # the runtime came once the board was touched (asked by the worker, the page's own or the shared one)
        assert any(p.startswith("/play/engine/") for p in asked) and any(p.startswith("/play/pyodide/") for p in asked)
        assert errors == []
    finally:
        ctx.close()


def test_a_scroll_that_brings_the_board_near_starts_the_engine_before_materials_bundle(browser, site_url):
    """The reader's first move is a scroll towards the game: the scroll alone would load Material's bundle (and its
    search index, assets/md-later.js), the board near the viewport starts the engine a frame later; the bundle
    waits until the engine is up, not to take the two cores from its start."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 500})
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}chapters/{GAME}/")
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)
        # the board out of reach when the page opens (more than board.mjs's 400 px below the viewport)
        assert page.evaluate("() => document.querySelector('.game-board').getBoundingClientRect().top") > 900
        page.evaluate("() => window.scrollTo(0, document.querySelector('.game-board').offsetTop - 200)")
        wait_ready(page, READY_MS)
        page.locator("html[data-material]").wait_for(state="attached", timeout=20_000)
        times = page.evaluate("""() => ({
            bundle: performance.getEntriesByType('resource').find(e => e.name.includes('/javascripts/bundle.')).startTime,
            intent: performance.getEntriesByName('play:intent')[0].startTime,
            ready: performance.getEntriesByName('play:board-ready')[0].startTime})""")
        assert times["intent"] < times["ready"] <= times["bundle"], times
    finally:
        ctx.close()


@pytest.mark.parametrize("width, height, least", [(1366, 768, 48), (390, 844, 30)])
def test_every_board_keeps_its_cards_readable_without_sideways_scrolling(browser, site_url, width, height, least):
    phone = width < 700
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone)
    try:
        page = ctx.new_page()
        for slug in registered_games():
            page.goto(f"{site_url}chapters/{slug}/")
            page.wait_for_function("() => document.querySelector('.play-surface .card')")
            got = page.evaluate("""() => { const s = document.querySelector('.play-surface');
                const t = document.querySelector('.play-table'); const d = document.documentElement;
                return {card: s.querySelector('.card').getBoundingClientRect().width,
                        board: s.getBoundingClientRect().height,
                        table: t.scrollWidth <= t.clientWidth, page: d.scrollWidth <= d.clientWidth}; }""")
            # cards of the least readable size, or a little smaller where that keeps the board within about the
            # screen (Clock's circle cut into strips was 2051 px tall at 1366 px, 1456 px at 390 px)
            assert got["card"] >= round(0.75 * least), (slug, got)
            assert got["board"] <= 1.5 * height, (slug, got)
            assert got["table"] and got["page"], f"{slug} scrolls sideways at {width} px"
    finally:
        ctx.close()


# every card element on the board with its box (page coordinates), and which of them a reader sees: every card of
# a fanned pile, the top card of a pile that is not (the others lie under it)
CARDS = """() => [...document.querySelectorAll('.play-surface .pile')].flatMap(p => {
    const cards = [...p.querySelectorAll(':scope > .card')];
    const fanned = !p.classList.contains('fan-none');
    return cards.map((c, i) => { const r = c.getBoundingClientRect();
        return {card: c.dataset.card, pile: p.dataset.pile, seen: fanned || i === cards.length - 1,
                down: c.classList.contains('down'), face: c.querySelector('.centre')?.textContent || '',
                box: [r.left + scrollX, r.top + scrollY, r.width, r.height]}; }); })"""


def test_the_board_is_in_the_page_without_javascript(browser, site_url):
    """With JavaScript off, the chapter shows the default deal's cards, faces and all, where a reader sees them,
    and says that the game starts on the first touch (and that it needs JavaScript)."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}chapters/{GAME}/")
        cards = page.evaluate(CARDS)
        initial = cli_play(GAME, DEFAULT_DEAL)["initial"]
        # the top card of every pile, every card of a fanned one, as the engine deals them
        assert {c["pile"]: c["card"] for c in cards} == {name: ids[-1] for name, ids in initial.items() if ids}
        assert all(c["seen"] for c in cards)
        up = [c for c in cards if not c["down"]]
        assert up and all(c["face"] for c in up)
        assert page.locator(".play-surface .card").first.is_visible()
        for c in cards:
            assert c["box"][2] >= 30 and c["box"][3] > c["box"][2], c
        table = page.locator(".play-table").bounding_box()
        assert all(table["x"] <= c["box"][0] and c["box"][0] + c["box"][2] <= table["x"] + table["width"]
                   for c in cards)
        assert "Игра начнётся с первого хода" in page.locator(".play-loader").inner_text()
        note = page.locator(".game-board noscript .game-board-placeholder")
        assert note.is_visible() and "нужен JavaScript" in note.inner_text()
        assert page.locator(".game-board [style]").count() == 0  # the CSP forbids inline styles: classes only
    finally:
        ctx.close()


EXPECTED = """() => {
  const links = [...document.querySelectorAll('head link[rel=expect][blocking=render]')];
  const cards = [...document.querySelectorAll('.play-surface .card')];
  return links.map((l) => {
    const target = document.getElementById(decodeURIComponent(new URL(l.href).hash.slice(1)));
    return {found: !!target, cards: cards.length, after: !!target && cards.every(
      (c) => c.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING)};
  });
}"""


def test_the_first_paint_waits_for_the_builds_board(browser, site_url):
    """Every chapter with a game holds its first paint (a render-blocking ``expect`` link in <head>) until an element
    that follows all of the board's cards is parsed, so the page is never painted without them: the link names an
    element that exists and comes after every card of the table."""
    ctx = browser.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        for game in registered_games():
            page.goto(f"{site_url}chapters/{game}/")
            links = page.evaluate(EXPECTED)
            assert len(links) == 1, (game, links)
            assert links[0]["found"] and links[0]["cards"] > 0 and links[0]["after"], (game, links)
    finally:
        ctx.close()


@pytest.mark.parametrize("width, height", [(1366, 768), (390, 844)])
def test_the_page_renderer_draws_the_builds_cards_in_their_places(browser, site_url, width, height):
    """Every game: the board as the build drew it (the page without board.mjs: its other scripts run) and as the
    renderer draws it once it has the width have the same cards seen at the same places (within 2 px), and the
    moves below the board stay where they were (the renderer's own board is no taller or shorter)."""
    phone = width < 700
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone)
    try:
        built, live = ctx.new_page(), ctx.new_page()
        built.route("**/play/board.mjs*", lambda route: route.abort())
        for slug in registered_games():
            built.goto(f"{site_url}chapters/{slug}/", wait_until="load")
            live.goto(f"{site_url}chapters/{slug}/", wait_until="load")
            live.wait_for_function("() => performance.getEntriesByName('play:drawn').length")
            assert built.locator(".game-board.play-built").count() == 1
            assert live.locator(".game-board.play-built").count() == 0  # the renderer took the board over
            before = {c["card"]: c for c in built.evaluate(CARDS)}
            after = {c["card"]: c for c in live.evaluate(CARDS) if c["seen"]}
            assert before.keys() == after.keys(), slug
            for card, c in before.items():
                assert (c["down"], c["face"]) == (after[card]["down"], after[card]["face"]), (slug, card)
                gap = max(abs(a - b) for a, b in zip(c["box"], after[card]["box"]))
                assert gap <= 2, (slug, width, card, c["box"], after[card]["box"])
            below = "() => document.querySelector('.play-moves').getBoundingClientRect().top + scrollY"
            assert abs(built.evaluate(below) - live.evaluate(below)) <= 2, slug
    finally:
        ctx.close()


def test_a_touch_on_the_builds_board_starts_the_engine_and_plays(browser, request):
    """The board as the build drew it takes the first touch (here it stays the build's: the board's JSON never
    comes): the engine starts and the touched pile's one legal move is played."""
    with recording_server(request, missing=(f"/play/first/{GAME}.json",)) as (site, _):
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            page = ctx.new_page()
            page.goto(f"{site}chapters/{GAME}/")
            page.wait_for_load_state("networkidle")
            assert page.locator(".game-board.play-built").count() == 1
            legal = api.new_game(GAME, DEFAULT_DEAL)["legal_moves"]
            move = next(m for m in legal if m.get("from") and sum(1 for x in legal if x.get("from") == m["from"]) == 1)
            page.locator(f'.play-surface .pile[data-pile="{move["from"]}"] > .card').last.click()
            wait_ready(page, READY_MS)
            page.wait_for_function("() => window.editionPlay.state().history === 1", timeout=READY_MS)
            settle(page)
            assert view(page)["last"] == move["id"]
        finally:
            ctx.close()
