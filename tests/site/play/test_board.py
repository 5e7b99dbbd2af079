"""Every registered game is playable in its chapter page: the engine loads in the page's worker, a legal move can be
made by clicking and taken back, and a deal opened by its number lays out exactly as `edition play --json` says."""
from __future__ import annotations

import pytest

from pipeline.engine import policies, registry
from play_helpers import (READY_MS, click_move, cli_play, dom_down, dom_piles, open_board, registered_games, settle,
                          state_down, view)

DEAL = 7


@pytest.mark.parametrize("slug", registered_games())
def test_a_game_is_played_undone_and_dealt_by_number_in_its_chapter(board_page, site_url, slug):
    page = board_page
    first = open_board(page, site_url, slug, deal=1)
    assert first["state"]["game"] == slug and first["state"]["deal"] == 1
    assert first["status"] == "playing" and first["legal_moves"], f"deal 1 of {slug} has no move"
    initial = dom_piles(page), dom_down(page)
    assert initial == (first["state"]["piles"], state_down(first["state"]))

    # a legal move, by clicking its card and (if asked) its place
    move = next((m for m in first["legal_moves"] if m.get("from") and m.get("to")), None) \
        or next((m for m in first["legal_moves"] if m.get("at")), None)
    assert move, f"{slug}: no legal move on deal 1 that a click on a pile can make"
    click_move(page, move)
    after = view(page)
    assert after["history"] == 1 and after["last"] == move["id"]
    assert (dom_piles(page), dom_down(page)) == (after["state"]["piles"], state_down(after["state"])) != initial

    # undo takes it back, on the board too
    page.get_by_role("button", name="Отменить").click()
    settle(page)
    assert view(page)["history"] == 0 and view(page)["future"] == 1
    assert (dom_piles(page), dom_down(page)) == initial

    # a deal by its number: the layout the CLI gives
    page.locator(".play-deal-input").fill(str(DEAL))
    page.locator(".play-deal-input").press("Enter")
    page.wait_for_function(f"() => window.editionPlay.state().state.deal === {DEAL}", timeout=READY_MS)
    settle(page)
    assert dom_piles(page) == cli_play(slug, DEAL)["initial"]
    assert page.evaluate("location.hash") == f"#deal={DEAL}"
    assert page.errors == []


def greedy_win(slug: str, deals=range(1, 200)) -> tuple[int, list[str]]:
    game = registry.get(slug)
    for deal in deals:
        _, result = policies.play(game, deal, "greedy")
        if result.won:
            return deal, result.log
    pytest.fail(f"the greedy policy wins no deal of {slug} in {deals}")


def test_a_whole_deal_is_played_to_a_win_through_the_page(board_page, site_url):
    slug = "windmill" if "windmill" in registered_games() else registered_games()[0]
    deal, moves = greedy_win(slug)
    page = board_page
    open_board(page, site_url, slug, deal=deal)
    # the first moves by clicking, the rest through the board's move API (the same path as a click)
    for move_id in moves[:3]:
        move = next(m for m in view(page)["legal_moves"] if m["id"] == move_id)
        if (move.get("from") and move.get("to")) or move.get("at"):
            click_move(page, move)
        else:
            page.evaluate("id => window.editionPlay.play(id)", move_id)
    assert view(page)["history"] == 3
    page.evaluate("async ids => { for (const id of ids) await window.editionPlay.play(id); }", moves[3:])
    final = view(page)
    assert final["status"] == "won" and final["legal_moves"] == []
    outcome = page.locator(".play-outcome")
    assert outcome.is_visible() and "сошёлся" in outcome.inner_text()
    assert page.get_by_role("button", name="Подсказка").is_disabled()
    assert page.errors == []
