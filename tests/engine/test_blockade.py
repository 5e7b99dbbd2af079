"""Блокада: each test is a sentence of the rules (chapter 8, witness 001)."""
import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import registry

# twelve row cards that neither go to a foundation nor marry one another
ROW = ["9S1", "7S1", "5S1", "9H1", "7H1", "5H1", "9D1", "7D1", "5D1", "9C1", "7C1", "5C1"]


def columns(*cards) -> dict[str, list[str]]:
    return {f"column_{i + 1}": (c if isinstance(c, list) else [c]) for i, c in enumerate(cards)}


@pytest.mark.rule("blockade", "I")
def test_rule_I_every_card_of_the_first_row_is_available():
    game, st = position("blockade", foundation_1=["AS1"], **columns("2S1", "3S1", *ROW[2:]))
    assert "column-1>foundation-1" in move_ids(game, st)
    play(game, st, "column-1>foundation-1")
    assert "column-2>foundation-1" in move_ids(game, st)


@pytest.mark.rule("blockade", "I")
def test_rule_I_only_a_card_with_no_card_below_it_is_available():
    game, st = position("blockade", foundation_1=["AS1"], **columns(["2S1", "KH1"], *ROW[1:]))
    assert not any(i.startswith("column-1>") for i in move_ids(game, st))


@pytest.mark.rule("blockade", "II", "aces")
def test_rule_II_the_foundations_follow_suit():
    game, st = position("blockade", foundation_1=["AS1"], **columns("2H1", "2S2", *ROW[2:]))
    ids = move_ids(game, st)
    assert "column-2>foundation-1" in ids and "column-1>foundation-1" not in ids


@pytest.mark.rule("blockade", "marry", "marry-suit")
def test_marriages_descend_in_suit_reconstructed():
    game, st = position("blockade", **columns("8C2", "7C2", "7H2", "9C2", *ROW[4:]), stock=["KS1"])
    ids = move_ids(game, st)
    assert "column-2>column-1" in ids  # 7♣ on 8♣
    assert "column-3>column-1" not in ids  # 7♥ on 8♣: another suit (the English rule)
    assert "column-4>column-1" not in ids  # 9♣ on 8♣: ascending
    assert next(r for r in game.rules if r.id == "marry-suit").source == "reconstructed"


@pytest.mark.rule("blockade", "fill")
def test_a_space_is_filled_at_once_from_the_pack():
    game, st = position("blockade", foundation_1=["AS1"], **columns("9H2", "2S1", *ROW[2:]), stock=["KD1", "QD2"])
    play(game, st, "column-2>foundation-1")
    assert pile(game, st, "column-2") == ["QD2"] and pile(game, st, "stock") == ["KD1"]


@pytest.mark.rule("blockade", "fill")
def test_spaces_are_filled_at_once_and_stay_empty_once_the_pack_is_out():
    game, st = position("blockade", foundation_1=["AS1"], foundation_2=["AH1"],
                        **columns("9H2", "2S1", "2H1", *ROW[3:]), stock=["KD1"])
    play(game, st, "column-3>foundation-2")
    assert pile(game, st, "column-3") == ["KD1"]
    play(game, st, "column-2>foundation-1")
    assert pile(game, st, "column-2") == []
    assert not any(i.endswith(">column-2") for i in move_ids(game, st))


@pytest.mark.rule("blockade", "row", "rows", "aces")
def test_a_new_row_covers_the_last_and_its_aces_go_up_as_they_appear():
    stock = ["QC1", "JC1", "TC1", "9C2", "8C2", "7C2", "6C2", "5C2", "4C2", "3C2", "2C2", "AD2", "KC2"]
    game, st = position("blockade", **columns(*ROW), stock=["2D2"] + stock)
    play(game, st, "deal")
    assert pile(game, st, "column-1") == ["9S1", "KC2"]
    assert pile(game, st, "foundation-1") == ["AD2"]  # the ace went up while the row was laid
    assert pile(game, st, "column-2") == ["7S1", "2C2"]  # and the next card took its place
    assert pile(game, st, "column-12") == ["5C1", "QC1"]
    assert pile(game, st, "stock") == ["2D2"]  # one card to each of the twelve columns, no more


@pytest.mark.rule("blockade", "once")
def test_no_redeal_a_blocked_game_with_the_pack_out_is_lost():
    game, st = position("blockade", foundation_1=["AS1"], **columns("2S1", *ROW[1:]))
    play(game, st, "column-1>foundation-1")
    assert move_ids(game, st) == set() and game.status(st) == "lost"


@pytest.mark.rule("blockade", "row", "next")
def test_deal_1_is_a_row_of_twelve_with_its_ace_played():
    game = registry.get("blockade")
    st, _ = game.new_state(1)
    assert pile(game, st, "foundation-1") == ["AS1"]
    assert [pile(game, st, f"column-{i}") for i in range(1, 13)] == [[c] for c in [
        "7C2", "4D1", "JH2", "TS2", "JH1", "KH2", "TH2", "8H2", "3H1", "QS1", "8C1", "3D1"]]
    assert len(pile(game, st, "stock")) == 104 - 13
    # by hand: 7♣ on 8♣, 10♥ on J♥ (either of the two), 3♦ on 4♦; no two for the ace; marriages are possible,
    # so no new row yet («если ни то, ни другое невозможно»)
    assert move_ids(game, st) == {"column-1>column-11", "column-7>column-3", "column-7>column-5",
                                  "column-12>column-2"}


@pytest.mark.rule("blockade", "fill", "upper", "I")
def test_a_place_a_row_card_leaves_is_closed_from_the_pack_and_frees_nothing_while_the_pack_lasts():
    # issue 22: a row-2 card played leaves its place, which the pack's next card closes at once
    game, st = position("blockade", foundation_1=["AS1"], **columns(["3S1", "2S1"], *ROW[1:]), stock=["KD1"])
    play(game, st, "column-1>foundation-1")
    assert pile(game, st, "column-1") == ["3S1", "KD1"] and pile(game, st, "stock") == []
    assert "column-1>foundation-1" not in move_ids(game, st)  # the 3♠ stays covered
    # with the pack out the place stays open, and the card above is free (rule I)
    game, st = position("blockade", foundation_1=["AS1"], **columns(["3S1", "2S1"], *ROW[1:]))
    play(game, st, "column-1>foundation-1")
    assert pile(game, st, "column-1") == ["3S1"] and "column-1>foundation-1" in move_ids(game, st)


@pytest.mark.rule("blockade", "marry", "fill")
def test_a_married_card_takes_no_place_so_its_leaving_opens_none():
    clubs = [f"{r}C1" for r in "A23456"]
    game, st = position("blockade", foundation_1=clubs, **columns("8C2", "7C2", *ROW[2:]), stock=["KS1", "QD1"])
    play(game, st, "column-2>column-1")  # 7♣ on 8♣: its own place is closed from the pack
    assert pile(game, st, "column-1") == ["8C2", "7C2"] and pile(game, st, "column-2") == ["QD1"]
    play(game, st, "column-1>foundation-1")  # the married 7♣ goes up: no place opens, the pack is untouched
    assert pile(game, st, "column-1") == ["8C2"] and pile(game, st, "stock") == ["KS1"]


@pytest.mark.rule("blockade", "next", "rows")
def test_a_new_row_only_when_nothing_can_be_played_or_married():
    game, st = position("blockade", foundation_1=["AS1"], **columns("2S1", *ROW[1:]), stock=["KD1", "QD2"])
    assert move_ids(game, st) == {"column-1>foundation-1"}  # a card can go up: no deal
    game, st = position("blockade", **columns("8C2", "7C2", *ROW[2:]), stock=["KS1", "QD1"])
    assert "deal" not in move_ids(game, st)  # a row card can be married: no deal
    game, st = position("blockade", **columns("QD1", *ROW[1:]), stock=["KS1", "JD1"])
    assert move_ids(game, st) == {"deal"}  # neither: the next row


@pytest.mark.rule("blockade", "next")
def test_moving_a_married_card_to_the_other_copy_of_its_host_does_not_hold_up_the_deal():
    game, st = position("blockade", **columns(["KS2", "QS2"], "KS1", *ROW[2:]), stock=["KC1", "QD1"])
    st.vars["m-column-1"] = 1  # the Q♠ was married onto the K♠
    assert move_ids(game, st) == {"column-1>column-2", "deal"}



@pytest.mark.rule("blockade", "next", "fill", "marry")
def test_a_new_rows_card_is_a_place_of_its_own_whatever_is_married_on_the_place_it_covers():
    # 7♣ married on 8♣, nothing to play or marry: the next row covers them with the 2♠; the 2♠ goes up and its
    # place is closed from the pack, so the 8♣ and its 7♣ stay covered while the pack lasts
    new_row = ["KS1", "JS1", "KH1", "JH1", "KD1", "JD1", "KC1", "JC1", "9S2", "9H2", "9D2"][::-1]
    game, st = position("blockade", foundation_2=["AS1"], **columns(["8C2", "7C2"], *ROW[1:]),
                        stock=["KH2", "QD2"] + new_row + ["2S2"])
    st.vars["m-column-1"] = 1
    assert move_ids(game, st) == {"deal"}
    play(game, st, "deal")
    assert pile(game, st, "column-1") == ["8C2", "7C2", "2S2"] and pile(game, st, "column-12") == ["5C1", "9D2"]
    play(game, st, "column-1>foundation-2")
    assert pile(game, st, "column-1") == ["8C2", "7C2", "QD2"] and pile(game, st, "stock") == ["KH2"]
