"""The statistics, the command line and the hint for the in-page game."""
import json

import pytest

from pipeline.cli import main
from pipeline.engine import api, registry
from pipeline.solve.search import WON, hint, solve_state
from pipeline.engine.serial import state_from_json
from pipeline.solve.stats import bounded_interval, wilson


def test_the_wilson_interval_matches_its_textbook_values():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)  # not 0: no wins in ten deals proves little


def test_unknown_deals_count_as_losses_at_the_low_end_and_as_wins_at_the_high_end():
    low, high = bounded_interval(won=40, unknown=20, n=100)
    assert low == wilson(40, 100)[0] and high == wilson(60, 100)[1]


def test_solve_many_deals_prints_the_rate_its_interval_and_the_counts_as_json(capsys):
    assert main(["solve", "sympathy", "--deals", "20", "--first", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deals"] == 20 and out["first"] == 5
    assert out["won"] + out["lost"] + out["unknown"] == 20
    assert out["wilson_low"] <= out["win_rate"] <= out["wilson_high"]
    assert "perfect information" in out["method"]


def test_solve_many_deals_with_two_jobs_gives_what_one_job_gives(capsys):
    main(["solve", "sympathy", "--deals", "12", "--json"])
    one = json.loads(capsys.readouterr().out)
    main(["solve", "sympathy", "--deals", "12", "--jobs", "2", "--json"])
    two = json.loads(capsys.readouterr().out)
    assert (one["won"], one["lost"], one["unknown"]) == (two["won"], two["lost"], two["unknown"])


def test_solve_one_deal_prints_its_winning_moves(capsys):
    main(["solve", "sympathy", "--deal", "14"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("sympathy deal 14: won")
    moves = lines[1].split()
    assert api.replay({"game": "sympathy", "deal": 14, "moves": moves})["status"] == "won"


def test_the_hint_is_a_legal_move_that_keeps_a_won_deal_won():
    start = api.new_game("calculation", 15)["state"]
    move = hint(json.dumps(start), 3000)
    assert move in {m["id"] for m in api.legal_moves(start)}
    after = api.apply(start, move)["state"]
    game = registry.get("calculation")
    assert solve_state(game, state_from_json(game, after), 3000).status == WON


def test_the_hint_is_none_when_the_game_is_over():
    state = api.replay({"game": "sympathy", "deal": 14, "moves": []})["state"]
    while (move := hint(state, 10)) is not None:
        state = api.apply(state, move)["state"]
    assert api.legal_moves(state) == []


def test_the_player_who_does_not_peek_plays_deterministically_and_wins_what_it_can():
    from pipeline.solve.stats import tactics_play

    assert tactics_play("sympathy", 14) is True  # a game without choices: its one line is the solver's
    assert [tactics_play("windmill", d) for d in range(1, 6)] == [tactics_play("windmill", d) for d in range(1, 6)]


def test_a_line_that_does_not_win_is_not_taken_for_a_win():
    from pipeline.solve.search import solve_deal
    from pipeline.solve.stats import replays_to_a_win

    moves = solve_deal("sympathy", 14, 3000).moves
    assert replays_to_a_win("sympathy", 14, moves)
    assert not replays_to_a_win("sympathy", 14, moves[:-1])
