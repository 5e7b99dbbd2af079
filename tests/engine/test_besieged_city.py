"""Осажденный городъ: each test is a sentence of the rules (chapter 16, witness 000, rules I–VI)."""
import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import registry

# fourteen rampart cards that neither go up nor marry one another (no two of a suit next in rank or summing to 14
# or 15), and twelve reserve cards that marry none of them
RAMPARTS = ["3S1", "5S1", "7S1", "KS1", "3H1", "5H1", "7H1", "KH1", "2D1", "4D1", "6D1", "2C1", "4C1", "6C1"]
RESERVE = ["3S2", "5S2", "KS2", "3H2", "5H2", "KH2", "2D2", "4D2", "6D2", "2C2", "4C2", "6C2"]


def city(**changes: list[str]) -> dict[str, list[str]]:
    piles = {f"rampart_{i + 1}": [c] for i, c in enumerate(RAMPARTS)}
    piles.update({f"reserve_{i + 1}": [c] for i, c in enumerate(RESERVE)})
    piles.update(changes)
    return piles


@pytest.mark.rule("besieged-city", "I")
def test_rule_I_foundations_are_made_from_the_ramparts_and_the_pack_not_from_reserve_or_talon():
    game, st = position("besieged-city", **city(rampart_1=["AS1"], reserve_1=["AH1"]), talon=["AD1"], hand=["AC1"])
    ids = move_ids(game, st)
    assert "rampart-1>foundation-1" in ids and "hand>foundation-1" in ids
    assert not any(i.startswith("reserve-1>foundation") or i.startswith("talon>") for i in ids)


@pytest.mark.rule("besieged-city", "I", "V")
def test_rule_I_a_talon_card_passes_through_the_reserve():
    game, st = position("besieged-city", **city(rampart_1=["8S1", "9S1"], reserve_1=["8S2"]), talon=["7S2"],
                        stock=["KH2"])
    play(game, st, "reserve-1>rampart-1")  # rule III: 8♠ on 9♠ at the end of its column
    assert pile(game, st, "reserve-1") == ["7S2"]  # rule V: the space is filled from the talon first
    assert pile(game, st, "stock") == ["KH2"]


@pytest.mark.rule("besieged-city", "II")
def test_rule_II_ramparts_build_in_suit_up_down_or_in_the_order_of_play():
    game, st = position("besieged-city", **city(rampart_1=["2S1"], rampart_2=["3S2"], rampart_3=["QS2"],
                                                 rampart_4=["KS1"], rampart_5=["3H2"], rampart_6=["5S2"]))
    ids = move_ids(game, st)
    assert {"rampart-2>rampart-1", "rampart-1>rampart-2"} <= ids  # 3 on 2, 2 on 3
    assert {"rampart-3>rampart-1", "rampart-1>rampart-3"} <= ids  # queen on two and the reverse
    assert "rampart-4>rampart-1" in ids  # K on 2: the two follows the king in the order of play
    assert "rampart-5>rampart-1" not in ids  # another suit
    assert "rampart-6>rampart-1" not in ids  # 5 on 2: no sequence at all


@pytest.mark.rule("besieged-city", "III", "during")
def test_rule_III_a_reserve_card_goes_only_on_ramparts_at_the_ends_of_its_row_or_column():
    # reserve-5 is row 2, column 2: its ends are rampart-5 (left), rampart-9 (right), rampart-2 (top), rampart-13
    sevens = {f"rampart_{i}": ["7D2"] for i in range(1, 15)}
    game, st = position("besieged-city", **city(**sevens, reserve_5=["6D1"]))
    targets = {i.split(">")[1] for i in move_ids(game, st) if i.startswith("reserve-5>")}
    assert targets == {"rampart-2", "rampart-5", "rampart-9", "rampart-13"}


@pytest.mark.rule("besieged-city", "IV", "at-once", "during")
def test_rule_IV_a_rampart_space_is_filled_at_once_with_any_card_of_its_line():
    game, st = position("besieged-city", **city(rampart_4=["AS1"]), stock=["KH2"])
    play(game, st, "rampart-4>foundation-1")  # rampart-4 is at the left end of the first row
    assert move_ids(game, st) == {"reserve-1>rampart-4", "reserve-2>rampart-4", "reserve-3>rampart-4"}
    play(game, st, "reserve-2>rampart-4")
    assert pile(game, st, "rampart-4") == [RESERVE[1]] and pile(game, st, "reserve-2") == ["KH2"]  # rule V: the pack


@pytest.mark.rule("besieged-city", "V", "during")
def test_rule_V_reserve_spaces_take_the_talon_first_then_the_pack():
    game, st = position("besieged-city", **city(rampart_1=["QS2"], reserve_1=["JS2"]), stock=["KH2"])
    play(game, st, "reserve-1>rampart-1")
    assert pile(game, st, "reserve-1") == ["KH2"] and pile(game, st, "stock") == []


@pytest.mark.rule("besieged-city", "VI", "aces")
def test_rule_VI_each_foundation_follows_its_ace_suit_in_the_order_A_K_2_Q_3():
    game, st = position("besieged-city", foundation_1=["AS1"], **city(rampart_1=["KS1"], rampart_2=["KH1"],
                                                                       rampart_3=["2S1"]))
    ids = move_ids(game, st)
    assert "rampart-1>foundation-1" in ids and "rampart-2>foundation-1" not in ids
    assert "rampart-3>foundation-1" not in ids  # the king comes before the two
    play(game, st, "rampart-1>foundation-1")
    play(game, st, "reserve-1>rampart-1")
    assert "rampart-3>foundation-1" in move_ids(game, st)


@pytest.mark.rule("besieged-city", "aces")
def test_four_aces_of_different_suits_the_second_ace_of_a_suit_ends_its_foundation():
    game, st = position("besieged-city", foundation_1=["AS1"], **city(rampart_1=["AS2"], rampart_2=["AH1"]))
    ids = move_ids(game, st)
    assert "rampart-2>foundation-2" in ids and not any(i.startswith("rampart-1>") and "foundation" in i for i in ids)
    order = ["AS1", "KS1", "2S1", "QS1", "3S1", "JS1", "4S1", "TS1", "5S1", "9S1", "6S1", "8S1", "7S1",
             "7S2", "8S2", "6S2", "9S2", "5S2", "TS2", "4S2", "JS2", "3S2", "QS2", "2S2", "KS2"]
    game, st = position("besieged-city", foundation_1=order, **city(rampart_1=["AS2"]))
    assert "rampart-1>foundation-1" in move_ids(game, st)


@pytest.mark.rule("besieged-city", "talon")
def test_the_turned_card_goes_up_or_to_the_talon():
    game, st = position("besieged-city", foundation_1=["AS1"], **city(), stock=["KS2"])
    play(game, st, "turn")
    assert move_ids(game, st) >= {"hand>foundation-1", "hand>talon"} and "turn" not in move_ids(game, st)
    play(game, st, "hand>talon")
    assert pile(game, st, "talon") == ["KS2"]


@pytest.mark.rule("besieged-city", "end")
def test_at_the_end_reserve_cards_still_go_into_the_ramparts_and_their_places_stay_empty():
    game, st = position("besieged-city", **city(rampart_1=["QS2"], reserve_1=["JS2"]))
    assert "reserve-1>rampart-1" in move_ids(game, st)
    play(game, st, "reserve-1>rampart-1")
    assert pile(game, st, "reserve-1") == []


@pytest.mark.rule("besieged-city", "end")
def test_no_redeal_a_blocked_game_is_lost():
    game, st = position("besieged-city", **city(), stock=["5H2"])
    play(game, st, "turn")
    play(game, st, "hand>talon")
    assert move_ids(game, st) == set() and game.status(st) == "lost"


@pytest.mark.rule("besieged-city", "layout")
def test_deal_1_reserve_of_twelve_and_fourteen_ramparts():
    game = registry.get("besieged-city")
    st, _ = game.new_state(1)
    assert [pile(game, st, f"reserve-{i}") for i in range(1, 13)] == [[c] for c in [
        "7C2", "4D1", "AS1", "JH2", "TS2", "JH1", "KH2", "TH2", "8H2", "3H1", "QS1", "8C1"]]
    assert [pile(game, st, f"rampart-{i}") for i in range(1, 15)] == [[c] for c in [
        "3D1", "QH2", "KD2", "2H1", "TC2", "AH2", "5D2", "5H1", "6H2", "7D1", "TS1", "KC2", "QS2", "4D2"]]
    # by hand: A♥ up; 3♦–4♦ and 5♦–4♦ either way, Q♥–2♥, 2♥–A♥, 5♥–6♥ either way; K♥ from the reserve's third
    # row onto A♥ at its left end; or turn the pack
    assert move_ids(game, st) == {
        "rampart-6>foundation-1", "rampart-1>rampart-14", "rampart-14>rampart-1", "rampart-7>rampart-14",
        "rampart-14>rampart-7", "rampart-2>rampart-4", "rampart-4>rampart-2", "rampart-4>rampart-6",
        "rampart-6>rampart-4", "rampart-8>rampart-9", "rampart-9>rampart-8", "reserve-7>rampart-6", "turn"}
