"""Четыре угла: each test is a sentence of the rules (chapter 5; the end survives in witnesses 003 and 001, the
layout and rules I–II are reconstructed from Cadogan 1914)."""
import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import registry

# every foundation started, so that no card of the tests is a foundation card
STARTED = dict(ace_1=["AS1"], ace_2=["AH1"], ace_3=["AD1"], ace_4=["AC1"],
               king_1=["KS1"], king_2=["KH1"], king_3=["KD1"], king_4=["KC1"])


def dealing(to: int = 0, deals: int = 1, **piles: list[str]):
    """A position while the pack is dealt; `to` is the packet slot in dealing order (0 = corner-1)."""
    game, st = position("four-corners", **piles)
    st.vars.update(deals=deals, dealing=1, to=to)
    return game, st


def after_deal(deals: int = 1, **piles: list[str]):
    game, st = position("four-corners", **piles)
    st.vars.update(deals=deals, dealing=0, to=0)
    return game, st


@pytest.mark.rule("four-corners", "deal", "foundations", "replace", "layout")
def test_foundation_cards_go_up_at_once_as_they_come_out_and_the_next_card_takes_the_place():
    game, st = dealing(stock=["9C2", "5H1", "AS1"])
    play(game, st, "deal")
    assert pile(game, st, "ace-1") == ["AS1"]
    assert pile(game, st, "corner-1") == ["5H1"] and pile(game, st, "side-1") == ["9C2"]
    assert st.vars["dealing"] == 0  # the pack is out: the restriction ends


@pytest.mark.rule("four-corners", "foundations")
def test_four_aces_and_four_kings_of_different_suits_the_second_ace_of_a_suit_is_an_ordinary_card():
    game, st = dealing(ace_1=["AS1"], stock=["9C2", "KS2", "AS2"])
    play(game, st, "deal")
    assert pile(game, st, "corner-1") == ["AS2"] and pile(game, st, "ace-2") == []
    assert pile(game, st, "king-1") == ["KS2"] and pile(game, st, "side-1") == ["9C2"]


@pytest.mark.rule("four-corners", "deal")
def test_a_card_falling_on_a_corner_may_go_on_any_foundation():
    game, st = dealing(**STARTED, stock=["9C2", "QH2"], to=6)  # slot 6 is corner-3, on the right
    assert move_ids(game, st) == {"deal"}
    play(game, st, "deal")
    assert pile(game, st, "corner-3") == ["QH2"] and move_ids(game, st) == {"deal", "corner-3>king-2"}


@pytest.mark.rule("four-corners", "deal")
def test_a_card_falling_on_a_side_packet_goes_only_on_the_foundation_beside_it():
    game, st = dealing(**STARTED, stock=["9C2", "2H1"], to=1)  # side-1 is beside ace-1 (spades)
    play(game, st, "deal")
    assert pile(game, st, "side-1") == ["2H1"] and pile(game, st, "side-2") == ["9C2"]  # 2♥ may not go up
    game, st = dealing(**STARTED, stock=["9C2", "2H1"], to=2)  # side-2 is beside ace-2 (hearts)
    play(game, st, "deal")
    assert move_ids(game, st) == {"deal", "side-2>ace-2"}


@pytest.mark.rule("four-corners", "replace")
def test_note_4_the_next_card_of_the_pack_takes_the_place_of_a_card_played_while_dealing():
    game, st = dealing(**STARTED, stock=["9C2", "2H1"], to=2)
    play(game, st, "deal")
    play(game, st, "side-2>ace-2")
    assert pile(game, st, "ace-2") == ["AH1", "2H1"] and pile(game, st, "side-2") == ["9C2"]


@pytest.mark.rule("four-corners", "deal", "replace")
def test_while_dealing_the_top_of_any_corner_packet_may_go_up_not_only_the_card_just_dealt():
    # issue 22: «карты … которыя находятся сверху одной изъ четырехъ угловыхъ пачекъ»
    game, st = dealing(**STARTED, corner_2=["2S1"], side_1=["2H1"], stock=["9C2", "8D1", "2H2"], to=0)
    # the 2♠ on corner-2 may go up; the 2♥ on side-1 may not (side-1 lies beside the spades' ace)
    assert move_ids(game, st) == {"deal", "corner-2>ace-1"}
    play(game, st, "deal")  # declined: the 2♥ falls on corner-1, and the deal waits again
    assert pile(game, st, "corner-1") == ["2H2"] and st.vars["to"] == 1
    assert move_ids(game, st) == {"deal", "corner-1>ace-2", "corner-2>ace-1"}
    play(game, st, "corner-2>ace-1")  # note 4: the next card takes its place, and the deal waits for the player
    assert pile(game, st, "ace-1") == ["AS1", "2S1"] and pile(game, st, "corner-2") == ["8D1"]
    assert move_ids(game, st) == {"deal", "corner-1>ace-2"} and st.vars["to"] == 1


@pytest.mark.rule("four-corners", "I", "II", "after")
def test_after_the_deal_every_top_card_may_go_on_any_foundation_it_fits_rule_I_and_II():
    game, st = after_deal(**STARTED, side_3=["2H1"], side_4=["QS2"], corner_1=["2C2", "9D1"])
    ids = move_ids(game, st)
    assert {"side-3>ace-2", "side-4>king-1"} <= ids  # side-3 is beside ace-3: the restriction is over
    assert "side-3>ace-1" not in ids and "side-4>ace-1" not in ids  # rule II: in suit, aces up, kings down
    assert not any(i.startswith("corner-1>") and ("ace" in i or "king" in i) for i in ids)  # 2♣ is covered


@pytest.mark.rule("four-corners", "after", "marry-suit")
def test_marriages_up_or_down_in_suit_among_the_top_cards():
    game, st = after_deal(**STARTED, corner_1=["7H1"], side_1=["8H1"], side_2=["6H2"], side_3=["8S1"])
    ids = move_ids(game, st)
    assert {"corner-1>side-1", "side-1>corner-1", "side-2>corner-1", "corner-1>side-2"} <= ids
    assert "corner-1>side-3" not in ids and "side-3>corner-1" not in ids  # another suit (Cadogan's marriage)


@pytest.mark.rule("four-corners", "reverse", "marry-suit")
def test_note_5_a_suit_sequence_is_laid_back_card_by_card_onto_the_next_card():
    game, st = after_deal(**STARTED, side_1=["9C2", "2S2", "3S2", "4S2"], side_2=["5S2"])
    for _ in range(3):
        play(game, st, "side-1>side-2")
    assert pile(game, st, "side-2") == ["5S2", "4S2", "3S2", "2S2"] and pile(game, st, "side-1") == ["9C2"]
    assert "side-2>ace-1" in move_ids(game, st)  # the two is free for the ace of spades


@pytest.mark.rule("four-corners", "after")
def test_an_emptied_packet_is_not_filled():
    game, st = after_deal(**STARTED, side_1=["4S2"], side_2=["5S2"], side_3=["9H2"])
    play(game, st, "side-1>side-2")
    assert not any(i.endswith(">side-1") for i in move_ids(game, st))


@pytest.mark.rule("four-corners", "redeal")
def test_the_packets_are_gathered_from_the_left_and_dealt_again_twice_at_most():
    game, st = after_deal(**STARTED, corner_1=["9S1", "5H1"], side_1=["7C1"], corner_4=["JD2"])
    assert "redeal" in move_ids(game, st)
    play(game, st, "redeal")
    # the left top corner's packet comes out first, from its top card, then side-1's, …, corner-4's last
    assert [pile(game, st, n) for n in ("corner-1", "side-1", "side-2", "side-3")] == [
        ["5H1"], ["9S1"], ["7C1"], ["JD2"]]
    assert st.vars["deals"] == 2 and st.vars["dealing"] == 0 and "redeal" in move_ids(game, st)
    play(game, st, "redeal")
    assert st.vars["deals"] == 3 and move_ids(game, st) == set() and game.status(st) == "lost"


@pytest.mark.rule("four-corners", "redeal", "deal")
def test_a_redeal_is_dealt_under_the_same_restriction():
    game, st = after_deal(**STARTED, corner_1=["2S2", "9H1"], side_1=["9C1"], side_2=["2D2", "8C2"])
    play(game, st, "redeal")  # 9♥ falls on corner-1, 2♠ on side-1, beside the spades' ace: it may go up
    assert pile(game, st, "side-1") == ["2S2"] and move_ids(game, st) == {"deal", "side-1>ace-1"}
    assert st.vars["dealing"] == 1


@pytest.mark.rule("four-corners", "redeal")
def test_no_redeal_while_a_card_can_still_go_up():
    # «когда … дальнѣйшая игра невозможна»: the 2♠ can go up, so the packets are not gathered yet
    game, st = after_deal(**STARTED, corner_1=["2S2"], side_1=["9C1"])
    assert "corner-1>ace-1" in move_ids(game, st) and "redeal" not in move_ids(game, st)
    play(game, st, "corner-1>ace-1")
    assert "redeal" in move_ids(game, st)


def test_the_game_is_won_when_all_104_cards_are_on_the_foundations():
    up = {f"ace_{i + 1}": [f"{r}{s}1" for r in "A23456789TJQK"] for i, s in enumerate("SHDC")}
    down = {f"king_{i + 1}": [f"{r}{s}2" for r in "KQJT98765432A"] for i, s in enumerate("SHDC")}
    down["king_4"] = down["king_4"][:-1]
    game, st = after_deal(**up, **down, corner_1=["AC2"])
    play(game, st, "corner-1>king-4")
    assert game.status(st) == "won"


@pytest.mark.rule("four-corners", "layout", "deal")
def test_deal_1_dealt_until_the_first_card_that_may_be_played():
    game = registry.get("four-corners")
    st, _ = game.new_state(1)
    # by hand, from the top of the pack: 7♣ corner-1, 4♦ side-1, A♠ up (J♥ takes side-2), 10♠ side-3,
    # J♥ side-4, K♥ up (10♥ takes corner-2), 8♥ corner-3, 3♥ side-5, Q♠ side-6, 8♣ side-7, 3♦ side-8,
    # and Q♥ on corner-4 could go on K♥: the player's choice
    assert pile(game, st, "ace-1") == ["AS1"] and pile(game, st, "king-1") == ["KH2"]
    assert [pile(game, st, n) for n in ("corner-1", "side-1", "side-2", "side-3", "side-4", "corner-2", "corner-3",
                                        "side-5", "side-6", "side-7", "side-8", "corner-4")] == [[c] for c in [
        "7C2", "4D1", "JH2", "TS2", "JH1", "TH2", "8H2", "3H1", "QS1", "8C1", "3D1", "QH2"]]
    assert st.vars["to"] == 0 and st.vars["dealing"] == 1
    assert move_ids(game, st) == {"deal", "corner-4>king-1"}
