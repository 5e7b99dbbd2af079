"""Часы: each test is a sentence of the rules (chapter 9; rule I from witness 001, the rest reconstructed)."""
import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import registry

# the twelve foundation cards at the hours I..XII (2♣ at IX, rising clockwise, suits ♣♥♠♦)
HOURS = ["6C1", "7H1", "8S1", "9D1", "TC1", "JH1", "QS1", "KD1", "2C1", "3H1", "4S1", "5D1"]
FILLER = ["9S2", "9H2", "9C2"]  # three cards that fit nowhere on the dial below


def dial(**changes: list[str]) -> dict[str, list[str]]:
    piles = {f"foundation_{h + 1}": [card] for h, card in enumerate(HOURS)}
    piles.update({f"packet_{i}": list(FILLER) for i in range(1, 13)})
    piles.update(changes)
    return piles


@pytest.mark.rule("clock", "hours")
def test_the_foundations_stand_at_the_hours_as_in_big_ben():
    game = registry.get("clock")
    st, _ = game.new_state(5)
    assert [pile(game, st, f"foundation-{h}")[0][:2] for h in range(1, 13)] == [c[:2] for c in HOURS]
    rules = {r.id: r for r in game.rules}
    assert rules["I"].source == "text"
    assert all(rules[r].source == "reconstructed" for r in ("II", "III", "IV", "hours", "marry", "refill"))


@pytest.mark.rule("clock", "I")
def test_rule_I_the_top_card_of_each_packet_is_available_and_frees_the_one_below():
    game, st = position("clock", **dial(packet_1=["7C2", "9S1", "7C1"]), stock=["5S1"])
    assert "packet-1>foundation-1" in move_ids(game, st)
    play(game, st, "packet-1>foundation-1")
    assert "packet-1>foundation-1" not in move_ids(game, st)  # 9♠ covers the other 7♣


@pytest.mark.rule("clock", "II", "marry")
def test_rule_II_marriages_descend_in_suit_within_the_circle():
    game, st = position("clock", **dial(packet_1=["9S1", "9H1", "8D2"], packet_2=["9S1", "9H1", "9D2"],
                                        packet_3=["9S1", "9H1", "7D2"], packet_4=["9S1", "9H1", "8C2"]))
    ids = move_ids(game, st)
    assert "packet-1>packet-2" in ids  # 8♦ on 9♦
    assert "packet-2>packet-1" not in ids  # ascending
    assert "packet-4>packet-2" not in ids  # another suit


@pytest.mark.rule("clock", "II")
def test_rule_II_no_marriage_from_the_talon_or_the_pack():
    game, st = position("clock", **dial(packet_2=["9S1", "9H1", "9D2"]), talon=["8D2"], stock=["5S1"])
    assert not any(i.startswith("talon>packet") or i.startswith("stock>") for i in move_ids(game, st))


@pytest.mark.rule("clock", "III", "refill")
def test_rule_III_a_short_packet_is_refilled_from_the_pack_to_three_cards_from_I_onwards():
    game, st = position("clock", **dial(packet_2=["9S1"], packet_5=["8C1", "9H1"]), talon=["QD2"],
                        stock=["2D2", "3D2", "4D2", "5D2"])
    assert "turn" not in move_ids(game, st)  # the pack goes on only when every packet has three cards
    play(game, st, "refill")
    assert pile(game, st, "packet-2") == ["9S1", "5D2", "4D2"] and pile(game, st, "packet-5")[-1] == "3D2"
    assert pile(game, st, "talon") == ["QD2"] and pile(game, st, "stock") == ["2D2"]
    assert "turn" in move_ids(game, st)


@pytest.mark.rule("clock", "III", "note-10")
def test_rule_III_note_10_marriages_may_make_a_packet_larger():
    game, st = position("clock", **dial(packet_1=["9S1", "9H1", "8D2"], packet_2=["9S1", "9H1", "9D2"]),
                        stock=["5S1", "5H1"])
    play(game, st, "packet-1>packet-2")
    assert len(pile(game, st, "packet-2")) == 4
    play(game, st, "refill")
    assert pile(game, st, "packet-1") == ["9S1", "9H1", "5H1"]


@pytest.mark.rule("clock", "IV")
def test_rule_IV_the_foundations_follow_suit():
    game, st = position("clock", **dial(packet_1=["9S1", "9H1", "7C2"], packet_2=["9S1", "9H1", "7S2"]))
    ids = move_ids(game, st)
    assert "packet-1>foundation-1" in ids and "packet-2>foundation-1" not in ids


@pytest.mark.rule("clock", "hours")
def test_each_foundation_rises_to_its_hour_and_no_further_and_the_king_is_followed_by_the_ace():
    done_at_9 = ["2C1", "3C1", "4C1", "5C1", "6C2", "7C1", "8C1", "9C1"]
    game, st = position("clock", **dial(foundation_9=done_at_9, foundation_1=["6C1", "7C2", "8C2", "9C2", "TC2",
                                                                                "JC2", "QC2", "KC2"],
                                        packet_1=["9S1", "9H1", "TC1"], packet_2=["9S1", "9H1", "AC1"]))
    ids = move_ids(game, st)
    assert "packet-2>foundation-1" in ids  # A♣ on K♣: the I o'clock foundation ends on the ace
    assert "packet-1>foundation-9" not in ids  # the IX o'clock foundation stops at the nine


@pytest.mark.rule("clock", "talon")
def test_the_talon_serves_only_the_foundations():
    game, st = position("clock", **dial(), talon=["7C2"], stock=["KS1"])
    ids = move_ids(game, st)
    assert "talon>foundation-1" in ids and not any(i.startswith("talon>packet") for i in ids)
    play(game, st, "turn")
    assert pile(game, st, "talon") == ["7C2", "KS1"]


@pytest.mark.rule("clock", "talon")
def test_no_redeal_a_blocked_game_is_lost():
    game, st = position("clock", **dial(), talon=["7C2"])
    play(game, st, "talon>foundation-1")
    assert move_ids(game, st) == set() and game.status(st) == "lost"


@pytest.mark.rule("clock", "circle")
def test_deal_1_twelve_packets_of_three_round_the_dial():
    game = registry.get("clock")
    st, _ = game.new_state(1)
    assert [pile(game, st, f"foundation-{h}") for h in range(1, 13)] == [[c] for c in [
        "6C1", "7H2", "8S2", "9D1", "TC2", "JH2", "QS1", "KD2", "2C1", "3H1", "4S1", "5D2"]]
    assert pile(game, st, "packet-1") == ["AS1", "4D1", "7C2"] and pile(game, st, "packet-12") == ["9D2", "2S1", "5S2"]
    assert all(len(pile(game, st, f"packet-{i}")) == 3 for i in range(1, 13))
    assert len(pile(game, st, "stock")) == 104 - 12 - 36
    # by hand: 7♣ on 6♣ (I), 4♥ on 3♥ (X), 10♦ on 9♦ (IV), 5♠ on 4♠ (XI); 2♦ on 3♦; or turn the pack
    assert move_ids(game, st) == {"packet-1>foundation-1", "packet-9>foundation-10", "packet-10>foundation-4",
                                  "packet-12>foundation-11", "packet-8>packet-4", "turn"}
