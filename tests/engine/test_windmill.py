"""Мельница: each test is a sentence of the rules (chapter 6, witnesses 001 and 003)."""
import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import registry

WINGS = ["5S1", "6S1", "7S1", "8S1", "9S1", "TS1", "JS1", "QS1"]  # eight wing cards that fit nowhere on AS


def wings(*cards: str) -> dict[str, list[str]]:
    return {f"wing_{i + 1}": [c] for i, c in enumerate(cards)}


@pytest.mark.rule("windmill", "I", "wings", "from-wings")
def test_rule_I_every_card_in_the_wings_is_available():
    game, st = position("windmill", centre=["AS1"], **wings("2H1", "2D2", "2C1", "2S2", "KH1", "KD1", "KC1", "KS2"))
    ids = move_ids(game, st)
    assert {f"wing-{i}>centre" for i in range(1, 5)} <= ids
    assert {f"wing-{i}>angle-1" for i in range(5, 9)} <= ids


@pytest.mark.rule("windmill", "II")
def test_rule_II_the_foundations_ignore_suit():
    game, st = position("windmill", centre=["AS1"], angle_1=["KS1"], **wings("2H1", "QD1", *WINGS[2:]))
    assert {"wing-1>centre", "wing-2>angle-1"} <= move_ids(game, st)


@pytest.mark.rule("windmill", "II", "kings", "centre")
def test_rule_II_kings_build_down_and_the_centre_builds_up():
    game, st = position("windmill", centre=["AS1", "2S1"], angle_1=["KS1", "QS1"],
                        **wings("KH1", "AH1", "JD1", "3D1", *WINGS[4:]))
    ids = move_ids(game, st)
    assert "wing-3>angle-1" in ids and "wing-4>centre" in ids
    assert "wing-1>angle-1" not in ids and "wing-2>centre" not in ids


@pytest.mark.rule("windmill", "kings")
def test_the_first_kings_go_to_the_empty_angles_and_nothing_else_does():
    game, st = position("windmill", centre=["AS1"], **wings("KH1", "QH1", *WINGS[2:]))
    ids = move_ids(game, st)
    assert "wing-1>angle-1" in ids
    assert not any(i.startswith("wing-2>angle") for i in ids)


@pytest.mark.rule("windmill", "centre", "sequences")
def test_the_centre_takes_four_sequences_ace_to_king_one_after_another():
    run = ["AS1", "2S1", "3S1", "4S1", "5S1", "6S1", "7S1", "8S1", "9S1", "TS1", "JS1", "QS1", "KS1"]
    game, st = position("windmill", centre=run, **wings("AH1", *WINGS[1:]))
    assert "wing-1>centre" in move_ids(game, st)  # note 7: after the king a new sequence starts with an ace
    full = run + [c.replace("S", "H") for c in run] + [c.replace("S", "D") for c in run] + [c.replace("S", "C") for c in run]
    game, st = position("windmill", centre=full, **wings("AH2", *WINGS[1:]))
    assert "wing-1>centre" not in move_ids(game, st)  # four sequences and no more


@pytest.mark.rule("windmill", "kings")
def test_a_kings_packet_ends_at_the_ace():
    down = ["KS1", "QS1", "JS1", "TS1", "9S1", "8S1", "7S1", "6S1", "5S1", "4S1", "3S1", "2S1", "AS1"]
    game, st = position("windmill", centre=["AH1"], angle_1=down, **wings("KH2", *WINGS[1:]))
    assert "wing-1>angle-1" not in move_ids(game, st)


@pytest.mark.rule("windmill", "talon")
def test_the_pack_is_turned_one_card_at_a_time_onto_the_talon_whose_top_is_available():
    game, st = position("windmill", centre=["AS1"], stock=["9D2", "2H1"], **wings(*WINGS))
    assert "turn" in move_ids(game, st)
    play(game, st, "turn")
    assert pile(game, st, "talon") == ["2H1"] and pile(game, st, "stock") == ["9D2"]
    assert "talon>centre" in move_ids(game, st)


@pytest.mark.rule("windmill", "fill", "from-wings")
def test_a_space_in_the_wings_is_filled_at_once_from_the_pack_or_the_talon():
    game, st = position("windmill", centre=["AS1"], stock=["9D2"], talon=["4C1"], **wings("2H1", *WINGS[1:]))
    play(game, st, "wing-1>centre")
    assert move_ids(game, st) == {"talon>wing-1", "stock>wing-1"}  # nothing else until the space is filled
    play(game, st, "talon>wing-1")
    assert pile(game, st, "wing-1") == ["4C1"]


@pytest.mark.rule("windmill", "borrow")
def test_a_kings_top_card_may_go_to_the_centre_only_when_it_lets_another_card_be_played():
    # centre at 4; the king's packet shows 5; the wing holds a 6, which would then fit the centre
    game, st = position("windmill", centre=["AS1", "2S1", "3S1", "4S1"], angle_1=["KS1", "QS1", "JS1", "TS1",
                        "9S1", "8S1", "7S1", "6S1", "5S1"], **wings("6H1", "QD1", "KH2", *WINGS[3:]))
    assert "angle-1>centre" in move_ids(game, st)
    # the same without the 6 in the wings: moving the 5 would bring nothing into play, so it is refused
    game, st = position("windmill", centre=["AS1", "2S1", "3S1", "4S1"], angle_1=["KS1", "QS1", "JS1", "TS1",
                        "9S1", "8S1", "7S1", "6S1", "5S1"], **wings("JH1", "QD1", "KH2", *WINGS[3:]))
    assert "angle-1>centre" not in move_ids(game, st)


@pytest.mark.rule("windmill", "borrow")
def test_a_borrow_that_only_gives_a_playable_card_a_second_foundation_is_refused():
    # issue 22: centre at 4, the king's packet shows 5S over 6S; the wing's 5H already fits the centre, so moving 5S
    # would only give it a second place (the angle's 6S): no card becomes playable that was not, so no borrowing
    game, st = position("windmill", centre=["AS1", "2S1", "3S1", "4S1"], angle_1=["KS1", "QS1", "JS1", "TS1",
                        "9S1", "8S1", "7S1", "6S1", "5S1"], **wings("5H2", "JH1", "QH1", *WINGS[3:]))
    assert "wing-1>centre" in move_ids(game, st) and "angle-1>centre" not in move_ids(game, st)
    # the same with a 6 in the wings as well: after the borrow the centre takes 6, which nothing took before
    game, st = position("windmill", centre=["AS1", "2S1", "3S1", "4S1"], angle_1=["KS1", "QS1", "JS1", "TS1",
                        "9S1", "8S1", "7S1", "6S1", "5S1"], **wings("5H2", "6D1", "QH1", *WINGS[3:]))
    assert "angle-1>centre" in move_ids(game, st)


@pytest.mark.rule("windmill", "borrow")
def test_the_freed_card_need_not_be_the_next_move():
    # «можно немедленно же употребить въ дѣло»: the condition of the borrow, not an order to play that card next
    game, st = position("windmill", centre=["AS1", "2S1", "3S1", "4S1"], angle_1=["KS1", "QS1", "JS1", "TS1",
                        "9S1", "8S1", "7S1", "6S1", "5S1"], angle_2=["KD1"], stock=["9D2"],
                        **wings("6D1", "QD2", "QH1", *WINGS[3:]))
    play(game, st, "angle-1>centre")
    assert {"wing-1>centre", "wing-2>angle-2", "turn"} <= move_ids(game, st)


@pytest.mark.rule("windmill", "from-wings", "fill")
def test_a_wing_card_played_is_replaced_from_the_cards_in_hand():
    game, st = position("windmill", centre=["AS1"], stock=["9D2"], **wings("2H1", *WINGS[1:]))
    assert "wing-1>centre" in move_ids(game, st) and "wing-2>centre" not in move_ids(game, st)
    play(game, st, "wing-1>centre")
    assert move_ids(game, st) == {"stock>wing-1"}
    play(game, st, "stock>wing-1")
    assert pile(game, st, "wing-1") == ["9D2"]


@pytest.mark.rule("windmill", "once")
def test_no_marriages_and_no_redeal_a_blocked_game_is_lost():
    game, st = position("windmill", centre=["AS1"], stock=["9D2"], **wings(*WINGS))
    play(game, st, "turn")
    assert move_ids(game, st) == set() and game.status(st) == "lost"


def test_deal_1_lays_an_ace_in_the_centre_and_eight_wings():
    game = registry.get("windmill")
    st, _ = game.new_state(1)
    assert pile(game, st, "centre") == ["AS1"]  # the first ace from the top of the pack
    assert [pile(game, st, f"wing-{i}")[0] for i in range(1, 9)] == [
        "7C2", "4D1", "JH2", "TS2", "JH1", "KH2", "TH2", "8H2"]
    assert len(pile(game, st, "stock")) == 104 - 9
    # by hand: no wing card is a two; the king of hearts may take an angle; the pack may be turned
    assert move_ids(game, st) == {"wing-6>angle-1", "turn"}


@pytest.mark.rule("windmill", "borrow")
def test_only_one_card_at_a_time_may_be_taken_from_a_kings_packet():
    # centre at 3; the king's packet shows 5 over 4 … the 4 is borrowed first, which lets the wing's 5H be played
    game, st = position("windmill", centre=["AS1", "2S1", "3S1"], angle_1=["KS1", "QS1", "JS1", "TS1", "9S1",
                        "8S1", "7S1", "6S1", "5S1", "4S1"], stock=["9D2"], **wings("5H1", "QD1", "6D1", *WINGS[3:]))
    play(game, st, "angle-1>centre")  # now the 5H fits the centre
    # the king's packet shows 5S, which would fit the centre too and free the 6D; but not twice running
    assert "angle-1>centre" not in move_ids(game, st)
    play(game, st, "wing-1>centre")
    play(game, st, "stock>wing-1")
    assert st.vars.get("borrowed") is None
