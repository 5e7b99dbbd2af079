"""A reading of the rules the engine offers (Zodiac's literal rule I, `Game.variants`) is chosen on the board: the
board lists what the engine describes and asks the engine for the deal in that reading; no rule is read in
JavaScript. Compared with the engine's own answer for the same deal and reading."""
from __future__ import annotations

from pipeline.engine import api

from play_helpers import open_board, settle, view


def legal(v: dict) -> set[str]:
    return {m["id"] for m in v["legal_moves"]}


def test_zodiacs_literal_reading_is_chosen_on_the_board_and_played_by_the_engine(board_page, site_url):
    page = board_page
    edition = open_board(page, site_url, "zodiac", deal=1)
    expected = {r: {m["id"] for m in api.new_game("zodiac", 1, r)["legal_moves"]} for r in ("", "literal")}
    assert expected[""] != expected["literal"]  # the deal tells the readings apart (equator cards marry or not)
    assert legal(edition) == expected[""]
    choice = page.locator(".play-variant-select")
    assert choice.is_visible()
    offered = choice.locator("option").evaluate_all("os => os.map(o => [o.value, o.textContent])")
    info = api.describe("zodiac")["variants"]
    assert offered == [["", "как в издании"]] + [[v["id"], v["ru"]] for v in info]
    choice.select_option("literal")
    page.wait_for_function("() => (window.editionPlay.state().state.vars || {}).variant === 'literal'")
    settle(page)
    literal = view(page)
    assert literal["state"]["deal"] == 1 and legal(literal) == expected["literal"]
    assert "variant=literal" in page.evaluate("location.hash")
    # the address carries the reading: opened again, the board plays it
    page.reload()
    page.locator(".game-board").hover()
    page.wait_for_function("() => window.editionPlay.state() && window.editionPlay.board.live")
    settle(page)
    assert view(page)["state"]["vars"].get("variant") == "literal" and legal(view(page)) == expected["literal"]
    assert page.locator(".play-variant-select").input_value() == "literal"
    # and back to the edition's reading
    page.locator(".play-variant-select").select_option("")
    page.wait_for_function("() => !(window.editionPlay.state().state.vars || {}).variant")
    settle(page)
    assert legal(view(page)) == expected[""] and "variant" not in page.evaluate("location.hash")
    assert not page.errors


def test_a_game_without_variants_offers_no_choice(board_page, site_url):
    open_board(board_page, site_url, "windmill")
    assert board_page.locator(".play-variant-select").is_hidden()


def test_blockades_column_reading_is_offered_and_its_rules_say_so_in_the_panel(board_page, site_url):
    page = board_page
    open_board(page, site_url, "blockade", deal=1)
    info = api.describe("blockade")
    offered = page.locator(".play-variant-select option").evaluate_all("os => os.map(o => [o.value, o.textContent])")
    assert offered == [["", "как в издании"]] + [[v["id"], v["ru"]] for v in info["variants"]]
    label = info["variants"][0]["ru"]
    for rule in info["rules"]:
        text = page.locator(f'.play-rules-list > li[data-rule="{rule["id"]}"]').inner_text()
        assert (f"Только в другом прочтении правил: «{label}»" in text) == (rule["variant"] == "columns")
    page.locator(".play-variant-select").select_option("columns")
    page.wait_for_function("() => (window.editionPlay.state().state.vars || {}).variant === 'columns'")
    settle(page)
    assert legal(view(page)) == {m["id"] for m in api.new_game("blockade", 1, "columns")["legal_moves"]}
    assert not page.errors
