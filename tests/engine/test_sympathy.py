"""Симпатія (two players): each test is a sentence of the play paragraphs ¶1–¶4 (chapter 24, witness 004)."""
import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import api, registry
from pipeline.engine.cards import deck
from pipeline.engine.policies import play as autoplay


def table(to_move: int = 1, **piles: list[str]):
    """A position: every packet and grace lies face down except where its name ends in '_up' (top card face up);
    player 1's piles are first_N and grace_1, player 2's second_N and grace_2."""
    up = {name[:-3] for name in piles if name.endswith("_up")}
    game, st = position("sympathy", **{name.removesuffix("_up"): cards for name, cards in piles.items()})
    for name in up:
        i = game.index[name.replace("_", "-")]
        st.down[i] = len(st.piles[i]) - 1
    st.vars["to_move"] = to_move
    return game, st


@pytest.mark.rule("sympathy", "packets")
def test_p1_each_player_deals_his_own_pack_into_seventeen_packets_of_three_and_a_grace():
    game = registry.get("sympathy")
    st, _ = game.new_state(1)
    for player, side in ((0, "first"), (1, "second")):
        packets = [st.piles[game.index[f"{side}-{i}"]] for i in range(1, 18)]
        grace = st.piles[game.index[f"grace-{player + 1}"]]
        assert all(len(p) == 3 for p in packets) and len(grace) == 1
        assert {deck(c) for p in packets + [grace] for c in p} == {player}  # his own pack only
    assert pile(game, st, "stock") == []


@pytest.mark.rule("sympathy", "first", "second")
def test_p2_player_1_turns_up_his_top_cards_and_player_2_begins():
    game = registry.get("sympathy")
    st, _ = game.new_state(1)
    assert all(st.down[game.index[f"first-{i}"]] == 2 for i in range(1, 18))
    assert all(st.down[game.index[f"second-{i}"]] == 3 for i in range(1, 18))
    assert st.to_move == 1 and move_ids(game, st) == {"turn-second-1"}


@pytest.mark.rule("sympathy", "second")
def test_p3_player_2_turns_his_packets_one_after_another():
    game, st = table(first_1_up=["2D1", "9S1"], second_1=["3C2", "4C2"], second_2=["5C2", "6C2"])
    play(game, st, "turn-second-1")
    assert st.down[game.index["second-1"]] == 1  # the 4C2 lies face up, unpaired
    assert move_ids(game, st) == {"turn-second-2"}


@pytest.mark.rule("sympathy", "pair")
def test_p3_a_turned_card_equal_in_suit_and_rank_pairs_and_goes_aside_to_the_winner():
    game, st = table(first_1_up=["2D1", "9S1"], second_1=["3C2", "9S2"])
    play(game, st, "turn-second-1")
    assert pile(game, st, "pairs-2") == ["9S2", "9S1"]
    assert pile(game, st, "first-1") == ["2D1"] and st.down[game.index["first-1"]] == 1  # face down again


@pytest.mark.rule("sympathy", "pair")
def test_p3_the_same_rank_of_another_suit_does_not_pair():
    game, st = table(first_1_up=["2D1", "9S1"], second_1=["3C2", "9C2"], second_2=["5C2"])
    play(game, st, "turn-second-1")
    assert pile(game, st, "pairs-2") == [] and pile(game, st, "first-1") == ["2D1", "9S1"]


@pytest.mark.rule("sympathy", "same-packet")
def test_p3_after_a_pair_the_next_card_of_the_same_packet_is_turned():
    game, st = table(first_1_up=["9S1"], first_2_up=["3C1"], second_1=["3C2", "9S2"], second_2=["5C2"])
    play(game, st, "turn-second-1")
    assert move_ids(game, st) == {"turn-second-1"}
    play(game, st, "turn-second-1")
    assert pile(game, st, "pairs-2") == ["9S2", "9S1", "3C2", "3C1"]


@pytest.mark.rule("sympathy", "alternate", "same-packet")
def test_p4_when_player_2_has_no_card_left_to_turn_player_1_turns_the_packets_that_lost_their_top():
    game, st = table(first_1_up=["5D1", "9S1"], first_2_up=["3C1"], second_1=["5D2", "9S2"], second_2_up=["8H2"])
    play(game, st, "turn-second-1")  # 9S2 pairs with 9S1: player 1's first packet shows its back
    assert st.to_move == 1 and move_ids(game, st) == {"turn-second-1"}
    play(game, st, "turn-second-1")  # 5D2: its twin is face down, so it stays face up and the turn passes
    assert st.to_move == 0 and move_ids(game, st) == {"turn-first-1"}
    play(game, st, "turn-first-1")  # 5D1 meets the face-up 5D2: player 1 wins that pair
    assert pile(game, st, "pairs-1") == ["5D1", "5D2"]


@pytest.mark.rule("sympathy", "end")
def test_p4_a_turned_card_left_on_the_table_means_the_patience_has_failed():
    game, st = table(first_1_up=["9S1"], second_1=["8S2"], second_2=["9S2"])
    play(game, st, "turn-second-1")  # 8S2 stays face up: its twin is nowhere
    play(game, st, "turn-second-2")  # 9S2 pairs with 9S1
    assert move_ids(game, st) == set() and pile(game, st, "second-1") == ["8S2"]
    assert game.status(st) == "lost"


@pytest.mark.rule("sympathy", "end")
def test_p4_sympathy_is_established_when_every_card_is_paired():
    game = registry.get("sympathy")
    deal = next(d for d in range(1, 100) if autoplay(game, d)[1].won)  # about one deal in six comes out
    state, _ = autoplay(game, deal)
    assert game.status(state) == "won" and game.score(state) == 104
    assert all(not p for name, p in zip(game.names, state.piles) if not name.startswith("pairs"))


@pytest.mark.rule("sympathy", "grace")
def test_grace_the_graces_wait_while_a_packet_has_a_face_down_top():
    game, st = table(to_move=1, first_1_up=["9S1"], grace_1=["4H1"], second_1=["3C2", "9S2"], grace_2=["4H2"])
    assert move_ids(game, st) == {"turn-second-1"}
    play(game, st, "turn-second-1")  # 9S2 pairs; player 2 still has 3C2 face down to turn
    assert move_ids(game, st) == {"turn-second-1"}


@pytest.mark.rule("sympathy", "grace")
def test_grace_when_nothing_is_left_to_turn_the_last_turner_turns_his_grace_then_the_other():
    game, st = table(to_move=1, first_1_up=["9S1"], grace_1=["4H1"], second_1=["9S2"], grace_2=["4H2"])
    play(game, st, "turn-second-1")  # 9S2 pairs; nobody has a packet left to turn
    assert st.to_move == 1 and move_ids(game, st) == {"turn-grace-2"}
    play(game, st, "turn-grace-2")  # 4H2 face up: its twin is still face down
    assert st.to_move == 0 and move_ids(game, st) == {"turn-grace-1"}
    play(game, st, "turn-grace-1")  # 4H1 pairs with the face-up grace of player 2
    assert pile(game, st, "pairs-1") == ["4H1", "4H2"] and game.status(st) == "won"


@pytest.mark.rule("sympathy", "grace")
def test_grace_a_turned_grace_that_pairs_lets_play_go_on():
    game, st = table(to_move=0, first_1_up=["2C1"], grace_1=["8D1"], second_1_up=["5S2", "8D2"], grace_2=["2C2"])
    assert move_ids(game, st) == {"turn-grace-1"}  # nobody has a face-down top: the graces come out
    play(game, st, "turn-grace-1")  # 8D1 pairs with 8D2; 5S2 now lies face down in player 2's packet
    assert pile(game, st, "pairs-1") == ["8D1", "8D2"]
    assert st.to_move == 1 and move_ids(game, st) == {"turn-second-1"}


def test_a_turn_names_only_the_place_never_the_face_down_card():
    game = registry.get("sympathy")
    result = api.new_game("sympathy", 1)
    assert result["legal_moves"] == [{"id": "turn-second-1", "kind": "turn"}]
    assert game.players == 2 and result["state"]["players"] == 2 and result["state"]["to_move"] == 1


def test_deal_1_is_pinned():
    # checked by hand from the layout of deal 1: player 2's first turn pairs 9D, KS, 5C, JS, 9C, 6C (23 turns);
    # player 1 answers with QD, 3C, JC, 8S (10 turns); the game then stops after 38 turns with 22 cards paired
    game = registry.get("sympathy")
    st, _ = game.new_state(1)
    assert pile(game, st, "first-1") == ["4D1", "AS1", "JH1"] and pile(game, st, "second-1") == ["7C2", "JH2", "TS2"]
    assert pile(game, st, "grace-1") == ["6D1"] and pile(game, st, "grace-2") == ["7D2"]
    for _ in range(23):
        game.apply(st, game.legal_moves(st)[0])
    assert pile(game, st, "pairs-2") == ["9D2", "9D1", "KS2", "KS1", "5C2", "5C1", "JS2", "JS1", "9C2", "9C1",
                                         "6C2", "6C1"]
    assert st.to_move == 0
    for _ in range(10):
        game.apply(st, game.legal_moves(st)[0])
    assert pile(game, st, "pairs-1") == ["QD1", "QD2", "3C1", "3C2", "JC1", "JC2", "8S1", "8S2"]
    assert st.to_move == 1
    state, result = autoplay(game, 1)
    assert (result.status, result.moves, result.score) == ("lost", 38, 22)
    assert game.status(state) == "lost" and state.down[game.index["grace-1"]] == 0  # both graces were tried
