"""The engine core: cards, deals, steps, undo, the JSON API, the registry and the CLI."""
import ast
import json
import sys
from pathlib import Path

import pytest
from positions import position

from pipeline.engine import api, registry
from pipeline.engine.cards import SUITS_RU, card_id, colour, new_pack, parse_card, rank, suit
from pipeline.engine.core import Build, Game, PileSpec, Rule, do_step, undo_step
from pipeline.engine.rng import SplitMix64, shuffled

ENGINE = Path(__file__).resolve().parents[2] / "pipeline" / "engine"
SLUGS = ("four-corners windmill shah blockade clock calculation empress-of-india besieged-city parterre "
         "hemispheres petits-paquets zodiac sympathy belle-lucie cadran quinzaine loi-salique forteresse quatorze "
         "sultan nivernaise carre-napoleon duchesse-de-luynes british-constitution").split()


# --- cards
def test_card_ids_name_rank_suit_and_pack():
    assert card_id(0) == "AS1" and card_id(51) == "KC1" and card_id(52 + 13 + 11) == "QH2"
    assert [parse_card(card_id(c)) for c in range(104)] == list(range(104))
    assert rank(parse_card("TD1")) == 10 and SUITS_RU[suit(parse_card("5C2"))] == "трефы"


def test_hearts_and_diamonds_are_red_spades_and_clubs_black():
    assert [colour(parse_card(f"7{s}1")) for s in "SHDC"] == ["black", "red", "red", "black"]


def test_a_bad_card_id_says_what_is_expected():
    with pytest.raises(ValueError, match="QH2"):
        parse_card("1H1")


# --- deals
def test_splitmix64_matches_the_published_reference_values():
    r = SplitMix64(1234567)
    assert [r.next() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_a_deal_is_fisher_yates_from_the_end_with_unbiased_bounds():
    # an independent statement of the algorithm: j uniform in [0, i] by rejection sampling from 64-bit draws
    r = SplitMix64(7)
    cards = list(range(104))
    for i in range(103, 0, -1):
        limit = 2**64 - 2**64 % (i + 1)
        while (x := r.next()) >= limit:
            pass
        j = x % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    assert shuffled(new_pack(2), 7) == cards


def test_deal_numbers_start_at_one():
    with pytest.raises(ValueError):
        shuffled(new_pack(1), 0)


# --- builds and declarations
def test_build_direction_suit_step_and_wrap():
    c = parse_card
    assert Build(-1, "same").fits(c("8C1"), c("7C2")) and not Build(-1, "same").fits(c("8C1"), c("7H1"))
    assert Build(-1, "alternate").fits(c("8C1"), c("7H1")) and not Build(-1, "alternate").fits(c("8C1"), c("7S1"))
    assert Build(0).fits(c("8C1"), c("9H1")) and Build(0).fits(c("8C1"), c("7H1"))
    assert Build(+1, step=3, wrap=True).fits(c("JS1"), c("AH1"))  # 11 + 3 = 14 = ace
    assert not Build(+1).fits(c("KS1"), c("AS1")) and Build(+1, wrap=True).fits(c("KS1"), c("AS1"))
    assert Build(0, step=0).fits(c("KS1"), c("2D1"))


def test_a_reconstructed_rule_must_name_its_origin():
    with pytest.raises(ValueError, match="origin"):
        Rule("x", "I", "…", "…", source="reconstructed")


def test_a_pile_citing_an_undeclared_rule_is_refused():
    class Bad(Game):
        slug = "bad"
        rules = (Rule("I", "I", "…", "…"),)
        piles = (PileSpec("stock", "stock", ((0, 0),), "Колода", "Pack", rules=("II",)),)

    with pytest.raises(ValueError, match="undeclared"):
        Bad()


# --- steps
def test_every_step_is_undone_exactly():
    game, st = position("windmill", centre=["AS1"], stock=["5D1", "2H1", "KD2"], wing_1=["3S1"])
    before = st.key()
    steps = [st.move_step(game.index["stock"], game.index["talon"], 1)]
    do_step(st, steps[0], game.face_down)
    steps.append(st.pick_step(game.index["stock"], 0, game.index["wing-2"]))
    do_step(st, steps[1], game.face_down)
    steps.append(("flip", game.index["wing-2"], 0, 1))
    do_step(st, steps[2], game.face_down)
    steps.append(st.set_step("redeals", 1))
    do_step(st, steps[3], game.face_down)
    assert st.piles[game.index["talon"]] == [parse_card("KD2")]
    assert st.piles[game.index["wing-2"]] == [parse_card("5D1")]  # picked from under the 2H
    assert st.piles[game.index["stock"]] == [parse_card("2H1")] and st.down[game.index["wing-2"]] == 1
    for step in reversed(steps):
        undo_step(st, step)
    assert st.key() == before


def test_cards_moved_from_the_face_down_pack_arrive_face_up():
    game, st = position("windmill", centre=["AS1"], stock=["5D1", "2H1"])
    game.apply(st, next(m for m in game.legal_moves(st) if m.id == "stock>wing-1"))
    assert st.down[game.index["stock"]] == 1 and st.down[game.index["wing-1"]] == 0


def test_apply_undo_redo_and_the_forced_steps_travel_with_their_move():
    game, st = position("blockade", foundation_1=["AS1"], column_1=["2S1"], column_2=["9H1"], stock=["KD1"])
    before = st.key()
    steps = game.apply(st, next(m for m in game.legal_moves(st) if m.id == "column-1>foundation-1"))
    assert [s[0] for s in steps[:2]] == ["move", "move"]  # the play, then the forced refill from the pack
    after = st.key()
    game.undo(st)
    assert st.key() == before
    game.redo(st)
    assert st.key() == after


def test_the_phase_goes_from_deal_to_play_to_end():
    game = registry.get("parterre")
    st, steps = game.new_state(1)
    assert ("set", "phase", "deal", "play") in steps and st.phase == "play"
    game2, st2 = position("parterre", bed_1=["5S1"], bed_2=["5H1"], bed_3=["5D1"], bed_4=["5C1"],
                          bed_5=["9S1", "2D1"], bed_6=["9H1"], foundation_1=["AD1"])
    game2.apply(st2, game2.legal_moves(st2)[0])  # the only move; nothing is legal after it
    assert st2.phase == "end" and game2.legal_moves(st2) == []


def test_the_state_has_players_and_whose_turn_it_is():
    st, _ = registry.get("windmill").new_state(3)
    assert st.vars["players"] == 1 and st.to_move == 0


# --- registry, JSON API
def test_every_game_module_registers_under_a_slug_from_the_design():
    games = registry.games()
    assert {"windmill", "parterre", "calculation", "blockade"} <= set(games)
    assert set(games) <= set(SLUGS)
    with pytest.raises(KeyError, match="known games"):
        registry.get("no-such-game")


def test_every_game_declares_rules_with_their_source_and_a_layout():
    for info in api.list_games():
        assert info["rules"] and all(r["source"] in ("text", "reconstructed") for r in info["rules"])
        assert all(r["origin"] for r in info["rules"] if r["source"] == "reconstructed")
        layout = api.describe(info["slug"])["layout"]["piles"]
        assert any(p["kind"] == "foundation" for p in layout) and all("x" in p and "y" in p for p in layout)
        cited = {rid for p in layout for rid in p["rules"]}
        assert cited <= {r["id"] for r in info["rules"]}


def test_api_one_call_a_user_action_through_json_strings():
    r = api.new_game("parterre", 1)
    assert r["status"] == "playing" and r["score"] == 0 and len(r["steps"]) == 53  # 52 cards dealt + phase
    r2 = api.apply(json.dumps(r["state"]), "bed-3>foundation-1")
    assert r2["score"] == 1 and r2["state"]["piles"]["foundation-1"] == ["AH1"]
    assert r2["steps"][0] == {"op": "move", "from": "bed-3", "to": "foundation-1", "cards": ["AH1"]}
    assert "bed-3>foundation-1" not in {m["id"] for m in r2["legal_moves"]}
    back = api.undo(r2["state"])
    assert back["state"]["piles"] == r["state"]["piles"] and back["steps"][0]["to"] == "bed-3"
    again = api.redo(back["state"])
    assert again["state"]["piles"] == r2["state"]["piles"]


def test_api_refuses_an_illegal_move_and_names_the_legal_ones():
    r = api.new_game("parterre", 1)
    with pytest.raises(ValueError, match="bed-3>foundation-1"):
        api.apply(r["state"], "bed-1>foundation-1")


def test_api_log_replays_to_the_same_state_and_hint_is_legal():
    r = api.new_game("windmill", 2)
    for _ in range(30):
        r = api.apply(r["state"], api.hint(r["state"]))
    replayed = api.replay(api.log(r["state"]))
    assert replayed["state"] == r["state"]
    assert api.hint(r["state"]) in {m["id"] for m in r["legal_moves"]}


# --- purity and the CLI
def test_the_engine_imports_only_the_standard_library_and_itself():
    for path in ENGINE.rglob("*.py"):
        _imports_only(path, ("pipeline.engine",))


def test_the_solver_imports_only_the_standard_library_the_engine_and_itself():
    """The solver ships to the browser beside the engine (the hint), so it is held to the same purity."""
    for path in (ENGINE.parent / "solve").rglob("*.py"):
        _imports_only(path, ("pipeline.engine", "pipeline.solve"))


def _imports_only(path, allowed: tuple[str, ...]) -> None:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                continue
            names = [node.module]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or name.startswith(allowed), f"{path}: {name}"


def test_cli_games_and_play(capsys):
    from pipeline.cli import main

    assert main(["games", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {g["slug"] for g in listed} >= {"windmill", "parterre", "calculation", "blockade"}
    assert main(["play", "parterre", "--deal", "1", "--policy", "greedy", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["initial"] == api.new_game("parterre", 1)["state"]["piles"]
    assert out["status"] in ("won", "lost", "stuck") and out["won"] == (out["status"] == "won")
    assert out["foundations"] == api.replay({"game": "parterre", "deal": 1, "moves": out["log"]})["score"]


def test_play_and_unplay_for_solvers_take_the_forced_steps_but_keep_no_history():
    game, st = position("blockade", foundation_1=["AS1"], column_1=["2S1"], column_2=["9H1"], stock=["KD1"])
    before = st.key()
    steps = game.play(st, next(m for m in game.legal_moves(st) if m.id == "column-1>foundation-1"))
    assert st.piles[game.index["column-1"]] == [parse_card("KD1")]  # the forced refill came with it
    assert st.history == [] and st.phase == "play"
    game.unplay(st, steps)
    assert st.key() == before


def test_legal_moves_never_name_a_card_still_face_down_in_the_pack():
    r = api.new_game("windmill", 1)
    turn = next(m for m in r["legal_moves"] if m["id"] == "turn")
    assert turn["from"] == "stock" and "cards" not in turn
    king = next(m for m in r["legal_moves"] if m["id"] == "wing-6>angle-1")
    assert king["cards"] == ["KH2"]
