"""Calculation («Вычисленіе», title lost and supplied): each test is a sentence of the rules (chapter 13, witness 002)."""
import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import registry
from pipeline.engine.cards import card_id, rank
from pipeline.engine.rng import shuffled

BASES = dict(foundation_1=["AS1"], foundation_2=["2H1"], foundation_3=["3D1"], foundation_4=["4C1"])


@pytest.mark.rule("calculation", "I", "foundations")
def test_rule_I_the_foundations_are_an_ace_a_two_a_three_and_a_four_from_the_pack():
    game = registry.get("calculation")
    st, _ = game.new_state(1)
    pack = shuffled(list(range(52)), 1)  # deal 1's pack, top last
    for n in (1, 2, 3, 4):
        first_from_top = next(c for c in reversed(pack) if rank(c) == n)
        assert pile(game, st, f"foundation-{n}") == [card_id(first_from_top)]
    assert len(pile(game, st, "stock")) == 48


@pytest.mark.rule("calculation", "I")
def test_rule_I_suits_are_not_followed():
    game, st = position("calculation", **BASES, hand=["2C1"])
    assert "hand>foundation-1" in move_ids(game, st)


@pytest.mark.rule("calculation", "foundations")
def test_the_foundations_build_by_ones_twos_threes_and_fours():
    game, st = position("calculation", **BASES, talon_1=["2D1"], talon_2=["4D1"], talon_3=["6D1"], talon_4=["8D1"])
    ids = move_ids(game, st)
    assert {"talon-1>foundation-1", "talon-2>foundation-2", "talon-3>foundation-3", "talon-4>foundation-4"} <= ids
    assert "talon-1>foundation-2" not in ids and "talon-2>foundation-1" not in ids  # a 2 on the 2, a 4 on the ace


@pytest.mark.rule("calculation", "past-13", "count")
def test_past_thirteen_the_count_starts_again_with_the_ace_as_fourteen():
    # the book's example: on the second foundation the queen (12) is followed by the ace (14), then the three (16)
    game, st = position("calculation", foundation_2=["2H1", "4H1", "6H1", "8H1", "TH1", "QH1"], hand=["AS1"],
                        talon_1=["3S1"])
    assert "hand>foundation-2" in move_ids(game, st) and "talon-1>foundation-2" not in move_ids(game, st)
    play(game, st, "hand>foundation-2")
    assert "talon-1>foundation-2" in move_ids(game, st)


@pytest.mark.rule("calculation", "foundations", "count")
def test_every_foundation_ends_with_a_king():
    by_fours = ["4C1", "8C1", "QC1", "3C1", "7C1", "JC1", "2C1", "6C1", "TC1", "AC1", "5C1", "9C1"]
    game, st = position("calculation", foundation_4=by_fours, hand=["KC1"])
    play(game, st, "hand>foundation-4")
    game, st = position("calculation", foundation_4=by_fours + ["KC1"], hand=["4D1"])
    assert not any(i.endswith("foundation-4") for i in move_ids(game, st))  # finished at thirteen cards


@pytest.mark.rule("calculation", "II")
def test_rule_II_only_the_top_card_of_a_talon_packet_is_available():
    game, st = position("calculation", **BASES, talon_1=["2D1", "9S1"], stock=["KD1"])
    ids = move_ids(game, st)
    assert "talon-1>foundation-1" not in ids
    assert "turn" in ids


@pytest.mark.rule("calculation", "II", "fixed")
def test_rule_II_a_card_once_on_a_talon_packet_never_moves_to_another():
    game, st = position("calculation", **BASES, talon_1=["9S1"], stock=["KD1"])
    assert not any(i.startswith("talon-1>talon") for i in move_ids(game, st))


@pytest.mark.rule("calculation", "turn")
def test_the_turned_card_is_played_or_laid_on_any_talon_packet_before_the_next_is_turned():
    game, st = position("calculation", **BASES, talon_1=["9S1"], stock=["KD1", "QD1"])
    play(game, st, "turn")
    ids = move_ids(game, st)
    assert "turn" not in ids
    assert {"hand>talon-1", "hand>talon-2", "hand>talon-3", "hand>talon-4"} <= ids


@pytest.mark.rule("calculation", "once")
def test_no_redeal_when_the_pack_is_out_and_nothing_fits_the_game_is_lost():
    game, st = position("calculation", **BASES, talon_1=["9S1"], stock=["KD1"])
    play(game, st, "turn")
    play(game, st, "hand>talon-2")
    assert move_ids(game, st) == set() and game.status(st) == "lost"


def test_deal_1_is_pinned():
    game = registry.get("calculation")
    st, _ = game.new_state(1)
    assert [pile(game, st, f"foundation-{n}") for n in (1, 2, 3, 4)] == [["AS1"], ["2C1"], ["3D1"], ["4S1"]]
    assert pile(game, st, "stock")[-3:] == ["TS1", "9D1", "7C1"]
    assert move_ids(game, st) == {"turn"}  # by hand: nothing is turned yet, so turning is the only move
