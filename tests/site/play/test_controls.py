"""The board's controls and ways of playing: deal by number in the URL, new deal, restart, undo/redo, hint,
auto-play, keyboard, drag and drop, cards named in Russian and not told apart by colour alone, the rules panel
linked to the chapter, two players taking turns, a phone-width screen, and a loader that gives up clearly."""
from __future__ import annotations

import pytest

from pipeline.engine import api, registry
from play_helpers import (click_move, dom_piles, open_board, pile, registered_games, settle, view)

GAMES = registered_games()
GAME = "windmill" if "windmill" in GAMES else GAMES[0]


def kinds_along(slug: str, deal: int, moves: list[str]) -> list[str]:
    """The engine's kind of each move of a log, replayed from the deal."""
    state = api.new_game(slug, deal)["state"]
    out = []
    for move_id in moves:
        result = api.legal_moves(state)
        out.append(next(m["kind"] for m in result if m["id"] == move_id))
        state = api.apply(state, move_id)["state"]
    return out


def test_deal_from_the_url_new_deal_restart_undo_redo_and_hint(board_page, site_url):
    page = board_page
    first = open_board(page, site_url, GAME, deal=42)
    assert first["state"]["deal"] == 42 and page.locator(".play-deal-input").input_value() == "42"
    assert page.locator(".play-deal-link").get_attribute("href") == "#deal=42"

    # hint: a real legal move, shown on the board and in words
    page.get_by_role("button", name="Подсказка").click()
    settle(page)
    said = page.locator(".play-announce").inner_text()
    assert said.startswith("Подсказка:")
    hinted = page.locator(".play-moves-select").input_value()
    move = next(m for m in first["legal_moves"] if m["id"] == hinted)
    assert "hint" in pile(page, move.get("from") or move["at"]).get_attribute("class")

    # the hinted move, then undo, redo, restart
    page.evaluate("id => window.editionPlay.play(id)", hinted)
    settle(page)
    assert view(page)["history"] == 1
    page.get_by_role("button", name="Отменить").click()
    settle(page)
    page.get_by_role("button", name="Вернуть").click()
    settle(page)
    assert view(page)["history"] == 1 and view(page)["last"] == hinted
    page.get_by_role("button", name="Заново").click()
    settle(page)
    assert view(page)["history"] == 0 and view(page)["state"]["deal"] == 42
    assert dom_piles(page) == first["state"]["piles"]

    # a new deal gets a number of its own, in the URL to share
    page.get_by_role("button", name="Новая раздача").click()
    settle(page)
    deal = view(page)["state"]["deal"]
    assert page.evaluate("location.hash") == f"#deal={deal}"
    assert page.locator(".play-deal-input").input_value() == str(deal)
    assert page.errors == []


def test_auto_play_sends_to_the_foundations_only_what_the_engine_allows(board_page, site_url):
    slug = GAME
    deal = next(d for d in range(1, 100) if any(m["kind"] == "play" for m in api.new_game(slug, d)["legal_moves"]))
    page = board_page
    open_board(page, site_url, slug, deal=deal)
    page.get_by_role("button", name="На основания").click()
    page.wait_for_function("() => !window.editionPlay.board.auto", timeout=60_000)
    settle(page)
    log = page.evaluate("() => window.editionPlay.log()")
    assert log["moves"], "auto-play played nothing though a card could go to a foundation"
    assert set(kinds_along(slug, deal, log["moves"])) == {"play"}
    assert "На основания сыграно" in page.locator(".play-announce").inner_text()


def test_keyboard_moves_focus_between_piles_and_plays(board_page, site_url):
    page = board_page
    v = open_board(page, site_url, GAME, deal=1)
    first = page.locator(".play-surface .pile[tabindex='0']")
    assert first.count() == 1
    start = first.get_attribute("data-pile")
    first.focus()
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        page.keyboard.press(key)
    focused = page.evaluate("document.activeElement.dataset.pile")
    assert focused and page.evaluate("document.activeElement.getAttribute('tabindex')") == "0"
    assert page.locator(".play-surface .pile[tabindex='0']").count() == 1
    assert start  # roving focus: one pile in the tab order at a time

    move = next(m for m in v["legal_moves"] if m.get("from") and m.get("to"))
    pile(page, move["from"]).focus()
    page.keyboard.press("Enter")
    settle(page)
    if view(page)["history"] == 0:
        page.keyboard.press("Escape")
        assert pile(page, move["from"]).get_attribute("class").count("selected") == 0
        pile(page, move["from"]).focus()
        page.keyboard.press(" ")
        pile(page, move["to"]).focus()
        page.keyboard.press("Enter")
        settle(page)
    assert view(page)["history"] == 1 and view(page)["last"] == move["id"]
    page.keyboard.press("Control+z")
    settle(page)
    assert view(page)["history"] == 0


def test_drag_and_drop_plays_a_move_and_a_bad_drop_plays_none(board_page, site_url):
    page = board_page
    v = open_board(page, site_url, GAME, deal=1)
    settle(page)
    page.locator(".play-table").scroll_into_view_if_needed()
    move = next(m for m in v["legal_moves"] if m.get("from") and m.get("to") and m.get("cards"))
    src = pile(page, move["from"]).locator(":scope > .card").last.bounding_box()
    others = [p for p in v["state"]["piles"] if p not in (move["from"], move["to"])
              and not any(m.get("from") == move["from"] and m.get("to") == p for m in v["legal_moves"])]
    bad = pile(page, others[0]).bounding_box()
    dst = pile(page, move["to"]).bounding_box()

    def drag(box):
        page.mouse.move(src["x"] + src["width"] / 2, src["y"] + src["height"] / 3)
        page.mouse.down()
        page.mouse.move(src["x"] + 20, src["y"] + 20, steps=3)
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=8)
        page.mouse.up()
        settle(page)

    drag(bad)
    assert view(page)["history"] == 0
    drag(dst)
    assert view(page)["history"] == 1 and view(page)["last"] == move["id"]


def test_cards_are_named_in_russian_and_suits_are_not_told_by_colour_alone(board_page, site_url):
    page = board_page
    v = open_board(page, site_url, GAME, deal=1)
    names = {"S": "пик", "H": "червей", "D": "бубён", "C": "треф"}
    ranks = {"Q": "дама", "K": "король", "A": "туз", "T": "десятка", "J": "валет", "7": "семёрка"}
    shown = [c for p, cards in v["state"]["piles"].items()
             for i, c in enumerate(cards) if i >= v["state"]["down"].get(p, 0)]
    assert shown
    for card in shown:
        el = page.locator(f'.card[data-card="{card}"]')
        assert el.get_attribute("role") == "img"
        label = el.get_attribute("aria-label")
        assert label.endswith(names[card[1]])
        if card[0] in ranks:
            assert label.startswith(ranks[card[0]])
        assert el.locator(".pip").first.inner_text() in "♠♥♦♣"
    hidden = page.locator(".card.down").first
    if hidden.count():
        assert hidden.get_attribute("aria-hidden") == "true" and hidden.get_attribute("aria-label") is None
    assert page.get_by_role("img", name=page.locator(f'.card[data-card="{shown[0]}"]').get_attribute("aria-label")) \
        .count() >= 1
    # four colours: diamonds and clubs get colours of their own
    def colour(suit):
        return page.evaluate("s => { const c = document.createElement('div'); c.className = 'card suit-' + s + "
                             "(s === 'H' || s === 'D' ? ' red' : ' black'); document.querySelector('.play-surface')"
                             ".append(c); const col = getComputedStyle(c).color; c.remove(); return col; }", suit)
    two = {s: colour(s) for s in "SHDC"}
    assert two["H"] == two["D"] and two["S"] == two["C"]
    page.get_by_label("четыре цвета мастей").check()
    four = {s: colour(s) for s in "SHDC"}
    assert len(set(four.values())) == 4


def test_the_rules_panel_links_each_rule_to_its_place_in_the_chapter(board_page, site_url):
    with_reconstructed = [s for s in GAMES if registry.get(s).rules and
                          any(r.source == "reconstructed" for r in registry.get(s).rules)]
    slug = with_reconstructed[0] if with_reconstructed else GAME
    page = board_page
    open_board(page, site_url, slug, deal=1)
    info = api.describe(slug)
    items = page.locator(".play-rules-list > li")
    assert items.count() == len(info["rules"])
    for i, rule in enumerate(info["rules"]):
        item = items.nth(i)
        assert item.get_attribute("data-rule") == rule["id"]
        link = item.locator("a.play-rule-link")
        if rule["source"] == "reconstructed":
            assert "reconstructed" in item.get_attribute("class")
            assert "Реконструкция" in item.inner_text() and link.count() == 0
            if rule["origin"]:
                assert rule["origin"] in item.inner_text()
        elif link.count():
            target = link.get_attribute("href")
            # the element the rule ledger cites, else the TEI's rule item (or the Игра section) of its number
            place = "play" if rule["number"] == "play" else f"{slug}-rule-{rule['number']}"
            want = f"#{rule['cite'] or place}"
            assert target == want and page.locator(target).count() == 1
        else:  # a numbered rule whose item the chapter lacks (a lost part of the text)
            assert page.locator(f"#{slug}-rule-{rule['number']}").count() == 0
    numbered = [r for r in info["rules"] if r["source"] == "text" and r["number"] != "play"]
    if numbered:
        link = page.locator(f'.play-rules a[href="#{slug}-rule-{numbered[0]["number"]}"]')
        if link.count():
            link.click()
            assert page.evaluate("location.hash") == f"#{slug}-rule-{numbered[0]['number']}"
            assert view(page)["state"]["deal"] == 1  # following a rule link does not lose the game


@pytest.mark.skipif("sympathy" not in GAMES, reason="Sympathy is not registered in the engine yet")
def test_two_players_take_turns_at_one_board(board_page, site_url):
    page = board_page
    v = open_board(page, site_url, "sympathy", deal=1)
    assert v["state"]["players"] == 2
    for _ in range(6):
        turn = page.locator(".play-turn").inner_text()
        if v["status"] != "playing":
            break
        assert f"Ходит игрок {v['state']['to_move'] + 1} из 2" in turn
        assert page.eval_on_selector(".game-board", "b => b.dataset.toMove") == str(v["state"]["to_move"])
        click_move(page, v["legal_moves"][0])
        v = view(page)


def widest_games(n: int = 3) -> list[str]:
    def extent(slug):
        piles = api.describe(slug)["layout"]["piles"]
        return max(p["x"] for p in piles)
    return sorted(GAMES, key=extent, reverse=True)[:n]


@pytest.mark.parametrize("slug", widest_games())
def test_the_board_fits_a_phone_width_screen(browser, site_url, artifacts_dir, slug):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                              device_scale_factor=2)
    try:
        page = ctx.new_page()
        v = open_board(page, site_url, slug, deal=1)
        settle(page)
        board = page.locator(".game-board")
        assert board.bounding_box()["x"] + board.bounding_box()["width"] <= 390
        assert page.evaluate("(b => b.scrollWidth <= b.clientWidth)(document.querySelector('.game-board'))"), \
            "something in the board sticks out of it"
        table = page.locator(".play-table")
        surface = page.locator(".play-surface").bounding_box()
        if surface["width"] > table.bounding_box()["width"]:
            # a layout wider than the phone at the smallest readable card: the board scrolls within itself
            assert page.evaluate("(t => getComputedStyle(t).overflowX === 'auto' && t.scrollWidth > t.clientWidth)"
                                 "(document.querySelector('.play-table'))")
            assert page.locator(".play-wide-note").is_visible()
        else:
            assert not page.locator(".play-wide-note").is_visible()
        for name in ("Новая раздача", "Отменить", "Подсказка"):
            box = page.get_by_role("button", name=name).bounding_box()
            assert box["height"] >= 32 and box["x"] + box["width"] <= 390
        page.locator(".game-board").screenshot(path=str(artifacts_dir / f"play-phone-{slug}.png"))
        # a tap plays too
        move = next((m for m in v["legal_moves"] if m.get("from") and len(
            [x for x in v["legal_moves"] if x.get("from") == m["from"]]) == 1), None)
        if move:
            cards = pile(page, move["from"]).locator(":scope > .card")
            (cards.last if cards.count() else pile(page, move["from"])).tap()
            settle(page)
            assert view(page)["history"] == 1
    finally:
        ctx.close()


def test_a_loader_that_takes_too_long_gives_up_with_a_clear_message(board_page, site_url):
    page = board_page
    page.goto(f"{site_url}chapters/{GAME}/?play-timeout=1")
    page.get_by_role("button", name="Играть").focus()  # a key or a pointer on the board starts the engine
    page.wait_for_function("() => document.querySelector('.game-board').dataset.state === 'error'")
    message = page.locator(".play-loader").inner_text()
    assert "не загрузился за" in message and "bash run.sh serve" in message
    assert page.get_by_role("button", name="Обновить страницу").is_visible()


def test_screenshots_of_every_board(board_page, site_url, artifacts_dir):
    page = board_page
    for slug in GAMES:
        open_board(page, site_url, slug, deal=3)
        settle(page)
        page.locator(".game-board").screenshot(path=str(artifacts_dir / f"play-{slug}.png"))
        assert page.errors == [], slug


def test_the_board_has_no_serious_accessibility_violations(board_page, site_url):
    from axe_playwright_python.sync_playwright import Axe

    def serious():
        results = Axe().run(page, context=".game-board")
        return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]
                if v["impact"] in ("serious", "critical")]

    page = board_page
    v = open_board(page, site_url, GAME, deal=1)
    settle(page)
    assert serious() == []
    source = next(m["from"] for m in v["legal_moves"] if m.get("from"))
    pile(page, source).focus()
    page.keyboard.press("Enter")  # a selection (or a move): targets and the rules of the pile highlighted
    settle(page)
    assert serious() == []


def test_a_worker_that_does_not_load_is_told_in_russian_without_file_names(browser, site_url):
    # a context of its own: in the shared one an earlier test's service worker may already hold worker.mjs
    ctx = browser.new_context(service_workers="block")
    ctx.route("**/worker.mjs*", lambda route: route.abort())  # the context: a worker's fetch is not the page's
    try:
        page = ctx.new_page()
        page.goto(f"{site_url}chapters/{GAME}/")
        page.get_by_role("button", name="Играть").focus()  # intent starts the engine, whose worker file is refused
        page.wait_for_function("() => document.querySelector('.game-board').dataset.state === 'error'",
                               timeout=60_000)
        message = page.locator(".play-loader").inner_text()
    finally:
        ctx.close()
    assert "Движок игры не запустился" in message and "Обновите страницу" in message
    assert "worker" not in message.lower() and ".mjs" not in message
