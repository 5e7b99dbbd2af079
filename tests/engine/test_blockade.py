"""Блокада: each test is a sentence of the rules (chapter 8, witness 001)."""
from positions import move_ids, pile, play, position

from pipeline.engine import registry

# twelve row cards that neither go to a foundation nor marry one another
ROW = ["9S1", "7S1", "5S1", "9H1", "7H1", "5H1", "9D1", "7D1", "5D1", "9C1", "7C1", "5C1"]


def columns(*cards) -> dict[str, list[str]]:
    return {f"column_{i + 1}": (c if isinstance(c, list) else [c]) for i, c in enumerate(cards)}


def test_rule_I_every_card_of_the_first_row_is_available():
    game, st = position("blockade", foundation_1=["AS1"], **columns("2S1", "3S1", *ROW[2:]))
    assert "column-1>foundation-1" in move_ids(game, st)
    play(game, st, "column-1>foundation-1")
    assert "column-2>foundation-1" in move_ids(game, st)


def test_rule_I_only_a_card_with_no_card_below_it_is_available():
    game, st = position("blockade", foundation_1=["AS1"], **columns(["2S1", "KH1"], *ROW[1:]))
    assert not any(i.startswith("column-1>") for i in move_ids(game, st))


def test_rule_II_the_foundations_follow_suit():
    game, st = position("blockade", foundation_1=["AS1"], **columns("2H1", "2S2", *ROW[2:]))
    ids = move_ids(game, st)
    assert "column-2>foundation-1" in ids and "column-1>foundation-1" not in ids


def test_marriages_descend_in_suit_reconstructed():
    game, st = position("blockade", **columns("8C2", "7C2", "7H2", "9C2", *ROW[4:]), stock=["KS1"])
    ids = move_ids(game, st)
    assert "column-2>column-1" in ids  # 7♣ on 8♣
    assert "column-3>column-1" not in ids  # 7♥ on 8♣: another suit (the English rule)
    assert "column-4>column-1" not in ids  # 9♣ on 8♣: ascending
    assert next(r for r in game.rules if r.id == "marry-suit").source == "reconstructed"


def test_a_space_is_filled_at_once_from_the_pack():
    game, st = position("blockade", foundation_1=["AS1"], **columns("9H2", "2S1", *ROW[2:]), stock=["KD1", "QD2"])
    play(game, st, "column-2>foundation-1")
    assert pile(game, st, "column-2") == ["QD2"] and pile(game, st, "stock") == ["KD1"]


def test_spaces_are_filled_leftmost_first_and_stay_empty_once_the_pack_is_out():
    game, st = position("blockade", foundation_1=["AS1"], foundation_2=["AH1"],
                        **columns("9H2", "2S1", "2H1", *ROW[3:]), stock=["KD1"])
    play(game, st, "column-3>foundation-2")
    assert pile(game, st, "column-3") == ["KD1"]
    play(game, st, "column-2>foundation-1")
    assert pile(game, st, "column-2") == []
    assert not any(i.endswith(">column-2") for i in move_ids(game, st))


def test_a_new_row_covers_the_last_and_its_aces_go_up_as_they_appear():
    stock = ["QC1", "JC1", "TC1", "9C2", "8C2", "7C2", "6C2", "5C2", "4C2", "3C2", "2C2", "AD2", "KC2"]
    game, st = position("blockade", **columns(*ROW), stock=["2D2"] + stock)
    play(game, st, "deal")
    assert pile(game, st, "column-1") == ["9S1", "KC2"]
    assert pile(game, st, "foundation-1") == ["AD2"]  # the ace went up while the row was laid
    assert pile(game, st, "column-2") == ["7S1", "2C2"]  # and the next card took its place
    assert pile(game, st, "column-12") == ["5C1", "QC1"]
    assert pile(game, st, "stock") == ["2D2"]  # one card to each of the twelve columns, no more


def test_no_redeal_a_blocked_game_with_the_pack_out_is_lost():
    game, st = position("blockade", foundation_1=["AS1"], **columns("2S1", *ROW[1:]))
    play(game, st, "column-1>foundation-1")
    assert move_ids(game, st) == set() and game.status(st) == "lost"


def test_deal_1_is_a_row_of_twelve_with_its_ace_played():
    game = registry.get("blockade")
    st, _ = game.new_state(1)
    assert pile(game, st, "foundation-1") == ["AS1"]
    assert [pile(game, st, f"column-{i}") for i in range(1, 13)] == [[c] for c in [
        "7C2", "4D1", "JH2", "TS2", "JH1", "KH2", "TH2", "8H2", "3H1", "QS1", "8C1", "3D1"]]
    assert len(pile(game, st, "stock")) == 104 - 13
    # by hand: 7♣ on 8♣, 10♥ on J♥ (either of the two), 3♦ on 4♦; no two for the ace; the next row
    assert move_ids(game, st) == {"column-1>column-11", "column-7>column-3", "column-7>column-5",
                                  "column-12>column-2", "deal"}
