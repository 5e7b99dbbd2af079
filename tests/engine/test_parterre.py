"""Партеръ: each test is a sentence of the rules (chapter 17, witness 000)."""
import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import registry


@pytest.mark.rule("parterre", "I", "from-bouquet")
def test_rule_I_every_bouquet_card_is_available():
    game, st = position("parterre", bed_1=["7C1"], bouquet_3=["6D1"], bouquet_9=["6H1"], foundation_1=["AS1"])
    assert {"bouquet-3>bed-1", "bouquet-9>bed-1"} <= move_ids(game, st)


@pytest.mark.rule("parterre", "I")
def test_rule_I_only_the_top_card_of_a_bed_is_available():
    game, st = position("parterre", bed_1=["AS1", "9D1"], bed_2=["TC1"])
    ids = move_ids(game, st)
    assert "bed-1>bed-2" in ids  # the top card 9D goes on the ten
    assert not any(i.startswith("bed-1>foundation") for i in ids)  # the ace under it is not available


@pytest.mark.rule("parterre", "I")
def test_rule_I_removing_the_top_card_frees_the_one_below():
    game, st = position("parterre", bed_1=["AS1", "9D1"], bed_2=["TC1"])
    play(game, st, "bed-1>bed-2")
    assert "bed-1>foundation-1" in move_ids(game, st)


@pytest.mark.rule("parterre", "II", "aces", "play")
def test_rule_II_aces_are_played_to_the_foundations_during_play():
    game, st = position("parterre", bed_1=["AH1"], bouquet_1=["AD1"], bouquet_2=["5C1"])
    ids = move_ids(game, st)
    assert "bed-1>foundation-1" in ids and "bouquet-1>foundation-1" in ids
    assert not any(i.startswith("bouquet-2>foundation") for i in ids)  # only an ace starts a foundation


@pytest.mark.rule("parterre", "suit", "aces")
def test_foundations_build_up_in_suit_reconstructed():
    game, st = position("parterre", foundation_1=["AS1"], bouquet_1=["2S1"], bouquet_2=["2H1"], bouquet_3=["3S1"])
    ids = move_ids(game, st)
    assert "bouquet-1>foundation-1" in ids
    assert "bouquet-2>foundation-1" not in ids  # another suit
    assert "bouquet-3>foundation-1" not in ids  # not the next rank
    assert next(r for r in game.rules if r.id == "suit").source == "reconstructed"


@pytest.mark.rule("parterre", "III", "down", "from-bouquet")
def test_rule_III_the_books_example_six_of_diamonds_on_seven_of_clubs_ten_of_hearts_on_knave_of_diamonds():
    game, st = position("parterre", bed_1=["7C1"], bed_2=["JD1"], bouquet_1=["6D1"], bouquet_2=["TH1"])
    play(game, st, "bouquet-1>bed-1")
    play(game, st, "bouquet-2>bed-2")
    assert pile(game, st, "bed-1") == ["7C1", "6D1"] and pile(game, st, "bed-2") == ["JD1", "TH1"]


@pytest.mark.rule("parterre", "down", "III")
def test_beds_build_down_only():
    game, st = position("parterre", bed_1=["7C1"], bouquet_1=["8D1"], bouquet_2=["5D1"], bouquet_3=["7H1"])
    assert not {m for m in move_ids(game, st) if m.endswith(">bed-1")}


@pytest.mark.rule("parterre", "bouquet")
def test_cards_never_go_back_to_the_bouquet():
    game, st = position("parterre", bed_1=["9S1"], bed_2=["TH1"], bouquet_1=["KS1"])
    play(game, st, "bouquet-1>bed-3")  # the bouquet place is now empty
    assert not any(">bouquet" in m for m in move_ids(game, st))


@pytest.mark.rule("parterre", "space")
def test_an_empty_bed_takes_any_card_of_the_bouquet_or_the_beds():
    game, st = position("parterre", bed_1=["9S1"], bed_2=["4H1"], bouquet_1=["KS1"])
    ids = move_ids(game, st)
    assert {"bed-1>bed-3", "bed-2>bed-3", "bouquet-1>bed-3"} <= ids
    assert "bouquet-1>bed-1" not in ids and "bouquet-1>bed-2" not in ids  # the king goes on no card: only a space


@pytest.mark.rule("parterre", "once")
def test_no_redeal_a_blocked_game_is_lost():
    game, st = position("parterre", bed_1=["5S1"], bed_2=["5H1"], bed_3=["5D1"], bed_4=["5C1"],
                        bed_5=["9S1", "2D1"], bed_6=["9H1"], foundation_1=["AD1"])
    assert move_ids(game, st) == {"bed-5>foundation-1"}
    play(game, st, "bed-5>foundation-1")  # now no top card fits anywhere and no bouquet is left
    assert move_ids(game, st) == set() and game.status(st) == "lost"


@pytest.mark.rule("parterre", "deal", "hand")
def test_deal_1_is_laid_out_as_the_rules_say_and_stays_the_same():
    game = registry.get("parterre")
    st, _ = game.new_state(1)
    # six beds of six cards, sixteen cards in the bouquet, nothing left in the hand (checked by hand once)
    assert [pile(game, st, f"bed-{i}") for i in range(1, 7)] == [
        ["7C1", "2D1", "QH1", "5S1", "8C1", "KS1"], ["9D1", "4S1", "QD1", "AC1", "TH1", "6C1"],
        ["2C1", "AS1", "QC1", "7S1", "JC1", "AH1"], ["3D1", "3C1", "6D1", "6S1", "TC1", "2S1"],
        ["TS1", "3H1", "KC1", "4C1", "TD1", "4D1"], ["8S1", "9H1", "AD1", "QS1", "KD1", "7D1"]]
    assert [pile(game, st, f"bouquet-{i}")[0] for i in range(1, 17)] == [
        "5D1", "JD1", "2H1", "3S1", "KH1", "5H1", "JS1", "9C1", "6H1", "JH1", "5C1", "8H1", "8D1", "4H1", "9S1", "7H1"]
    assert pile(game, st, "stock") == []
    # the legal moves worked out by hand from the rules: the ace of hearts up or onto the two of spades, the six
    # of clubs onto the seven of diamonds, and the bouquet's 5♦ 3♠ 5♥ 6♥ 5♣ onto the matching bed tops
    assert move_ids(game, st) == {"bed-3>foundation-1", "bed-3>bed-4", "bed-2>bed-6", "bouquet-1>bed-2",
                                  "bouquet-4>bed-5", "bouquet-6>bed-2", "bouquet-9>bed-6", "bouquet-11>bed-2"}
