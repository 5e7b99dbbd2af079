"""Game 19 («Маленькіе пакеты», title supplied): each test is a sentence of the rules (witness 000) or of the
reconstruction from the fragment of the next page (marked so)."""
import random

import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import registry

KINGS = {f"{row}_{i + 1}": [f"K{s}{1 if row == 'up' else 2}"] for row in ("up", "down") for i, s in enumerate("SHDC")}


def board(**changes: list[str]) -> dict[str, list[str]]:
    return {**KINGS, **changes}


@pytest.mark.rule("petits-paquets", "I")
def test_rule_I_every_card_of_the_thirteenth_packet_and_the_top_of_each_packet_are_available():
    game, st = position("petits-paquets", **board(thirteenth_1=["AS1"], thirteenth_2=["QH2"], thirteenth_3=["5C1"],
                                                  packet_1=["AH1", "9C1"], packet_2=["QS1"]))
    assert move_ids(game, st) == {"thirteenth-1>up-1", "thirteenth-2>down-2", "packet-2>down-1"}
    play(game, st, "packet-2>down-1")  # nothing frees the ace of hearts under the nine of clubs
    assert "packet-1>up-2" not in move_ids(game, st)


@pytest.mark.rule("petits-paquets", "II", "kings")
def test_rule_II_the_upper_kings_take_the_ace_and_go_up_to_the_queen_in_suit():
    game, st = position("petits-paquets", **board(up_1=["KS1", "AS1"], packet_1=["2H1"], packet_2=["2S2"],
                                                  packet_3=["3S1"]))
    assert move_ids(game, st) == {"packet-2>up-1"}
    full = ["KS1", "AS1", "2S1", "3S1", "4S1", "5S1", "6S1", "7S1", "8S1", "9S1", "TS1", "JS1", "QS1"]
    game, st = position("petits-paquets", **board(up_1=full, packet_1=["AS2"]))
    assert "packet-1>up-1" not in move_ids(game, st)  # a finished foundation takes nothing more


@pytest.mark.rule("petits-paquets", "II", "kings")
def test_rule_II_the_lower_kings_go_down_to_the_ace_in_suit():
    game, st = position("petits-paquets", **board(down_2=["KH2", "QH2"], packet_1=["JH1"], packet_2=["JD1"],
                                                  packet_3=["2H1"]))
    assert move_ids(game, st) == {"packet-1>down-2"}  # not the knave of diamonds, not the two


@pytest.mark.rule("petits-paquets", "rows", "count", "kings", "each-row")
def test_deal_1_the_rows_are_counted_and_the_card_that_matches_its_count_is_exiled_reconstructed():
    game = registry.get("petits-paquets")
    st, _ = game.new_state(1)
    # by hand: row 1 is 7♣ 4♦ A♠ J♥ 10♠ J♥ 10♥ 8♥ 3♥ Q♠ 8♣ 3♦ | Q♥ — the eight of hearts falls on count 8;
    # only that row is laid before play («раскладывая каждый рядъ, слѣдуетъ при игрѣ…»)
    assert [len(pile(game, st, f"packet-{i}")) for i in range(1, 13)] == [1] * 7 + [0] + [1] * 4
    assert pile(game, st, "exiles") == ["8H2"] and pile(game, st, "thirteenth-1") == ["QH2"]
    assert len(pile(game, st, "stock")) == 104 - 8 - 13
    # the ace of spades and the queens of spades and hearts can go up, or the next row be laid
    assert move_ids(game, st) == {"packet-3>up-1", "packet-10>down-1", "thirteenth-1>down-2", "deal"}
    play(game, st, "deal")
    # row 2 is 2♥ 10♣ A♥ 5♦ 5♥ 6♥ 7♦ 10♠ Q♠ 4♦ 9♥ 2♦ | Q♦ — the 5, 6 and 7 fall on their counts, so packets
    # 5, 6 and 7 get no card in that row, and the count goes on with the ten of spades at 8
    assert pile(game, st, "packet-8") == ["TS1"] and pile(game, st, "packet-5") == ["TS2"]
    assert pile(game, st, "exiles") == ["8H2", "5H1", "6H2", "7D1"]
    assert pile(game, st, "thirteenth-2") == ["QD2"]


@pytest.mark.rule("petits-paquets", "each-row", "exile")
def test_play_goes_on_between_the_rows_and_an_exile_waits_until_the_pack_is_out():
    # a row is laid; the ace fits: the player may play it before the next row, or lay the next row first
    game, st = position("petits-paquets", **board(packet_1=["AS1"], packet_2=["9C1"], exiles=["3D1"],
                                                  stock=["4H1", "8C1"]))
    assert move_ids(game, st) == {"packet-1>up-1", "deal"}
    play(game, st, "packet-1>up-1")
    # nothing fits now, but rows remain: the exile is not placed, the next row is laid
    assert move_ids(game, st) == {"deal"} and pile(game, st, "exiles") == ["3D1"]
    play(game, st, "deal")  # 8♣ at count 1, 4♥ at count 2
    assert pile(game, st, "packet-1") == ["8C1"] and pile(game, st, "packet-2") == ["9C1", "4H1"]
    # the pack is out and nothing fits: now the exile goes under packet 3
    assert pile(game, st, "packet-3") == ["3D1"] and pile(game, st, "exiles") == []


@pytest.mark.rule("petits-paquets", "exile")
def test_when_nothing_can_be_played_the_top_exile_goes_under_the_packet_of_its_value_reconstructed():
    game, st = position("petits-paquets", **board(up_1=["KS1", "AS1"], packet_1=["2S1"], packet_3=["9C1"],
                                                  exiles=["5H1", "3D1"]))
    play(game, st, "packet-1>up-1")
    assert pile(game, st, "packet-3") == ["3D1", "9C1"]  # under the packet, not on it
    assert pile(game, st, "packet-5") == ["5H1"] and pile(game, st, "exiles") == []  # still nothing to play
    assert move_ids(game, st) == {"redeal"}
    game.undo(st)
    assert pile(game, st, "packet-3") == ["9C1"] and pile(game, st, "exiles") == ["5H1", "3D1"]


@pytest.mark.rule("petits-paquets", "exile")
def test_an_exile_laid_in_an_empty_packet_is_available_at_once_reconstructed():
    game, st = position("petits-paquets", **board(up_1=["KS1", "AS1"], packet_1=["2S1"], exiles=["3S1"]))
    play(game, st, "packet-1>up-1")
    assert move_ids(game, st) == {"packet-3>up-1"}


@pytest.mark.rule("petits-paquets", "III", "redeal")
def test_rule_III_one_second_deal_gathers_packets_1_to_6_the_thirteenth_then_7_to_12_reconstructed():
    game, st = position("petits-paquets", **board(packet_1=["9C1", "7H1"], packet_7=["TD1"], thirteenth_1=["3D1"],
                                                  thirteenth_2=["6S1"]))
    assert move_ids(game, st) == {"redeal"}
    play(game, st, "redeal")
    # dealt again in the order 9♣ 7♥ 3♦ 6♠ 10♦, counted 1..5: the three is exiled and, nothing being
    # playable, goes at once to packet 3, which is empty
    assert [pile(game, st, f"packet-{i}") for i in range(1, 6)] == [["9C1"], ["7H1"], ["3D1"], ["6S1"], ["TD1"]]
    assert move_ids(game, st) == set() and game.status(st) == "lost"  # no third deal


def test_the_game_is_won_when_all_104_cards_are_on_the_foundations():
    ups = {f"up_{i + 1}": [f"K{s}1"] + [f"{r}{s}1" for r in "A23456789TJQ"] for i, s in enumerate("SHDC")}
    downs = {f"down_{i + 1}": [f"{r}{s}2" for r in "KQJT98765432A"] for i, s in enumerate("SHDC")}
    downs["down_4"] = downs["down_4"][:-1]
    game, st = position("petits-paquets", **ups, **downs, thirteenth_1=["AC2"])
    play(game, st, "thirteenth-1>down-4")
    assert game.status(st) == "won" and game.score(st) == 104


def legal_by_the_rules(game, st) -> set[str]:
    """The legal moves worked out again from the rules, independently of the engine's declarations."""
    def pile(name):
        return st.piles[game.index[name]]

    out = set()
    sources = [f"packet-{i}" for i in range(1, 13)] + [f"thirteenth-{i}" for i in range(1, 9)]
    for src in sources:
        if not pile(src):
            continue
        card = pile(src)[-1]
        for i in range(4):
            up, down = pile(f"up-{i + 1}"), pile(f"down-{i + 1}")
            next_up = 1 if len(up) == 1 else up[-1] % 13 + 2
            if card // 13 % 4 == i and len(up) < 13 and card % 13 + 1 == next_up:
                out.add(f"{src}>up-{i + 1}")
            if card // 13 % 4 == i and card % 13 + 1 == down[-1] % 13:
                out.add(f"{src}>down-{i + 1}")
    if pile("stock"):  # the next row, whenever the player likes
        out.add("deal")
    elif not out and not pile("exiles") and not st.vars.get("redeals") and any(pile(s) for s in sources):
        out.add("redeal")
    return out


def test_the_engine_offers_exactly_the_moves_the_rules_allow():
    game, positions = registry.get("petits-paquets"), 0
    for deal in range(1, 41):
        rng = random.Random(deal)
        st, _ = game.new_state(deal)
        while True:
            moves = game.legal_moves(st)
            assert {m.id for m in moves} == legal_by_the_rules(game, st), f"deal {deal}, move {len(st.history)}"
            positions += 1
            if not moves:
                break
            game.apply(st, rng.choice(moves))
    assert positions > 500
