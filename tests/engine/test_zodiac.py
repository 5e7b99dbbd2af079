"""Зодіакъ: each test is a sentence of the rules (chapter 23, witness 004)."""
import random

import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import registry

# the zodiac holds the kings, queens and fives of both packs, the equator the threes: tens from the pack fit
# nothing, sevens and eights only the packets a test puts there
ZODIAC = [f"{r}{s}{d}" for d in "12" for s in "SHDC" for r in "KQ"] + [f"5{s}{d}" for d in "12" for s in "SHDC"]
PACKETS = {f"zodiac_{i + 1}": [c] for i, c in enumerate(ZODIAC)}
EQUATOR = {f"equator_{i + 1}": [f"3{s}{d}"] for i, (d, s) in enumerate((d, s) for d in "12" for s in "SHDC")}


def board(**changes: list[str]) -> dict[str, list[str]]:
    return {**PACKETS, **EQUATOR, **changes}


@pytest.mark.rule("zodiac", "I")
def test_rule_I_a_card_from_the_pack_or_talon_marries_a_zodiac_packet_up_or_down_in_suit():
    game, st = position("zodiac", **board(zodiac_1=["7S1"], zodiac_2=["9S1"], zodiac_3=["8H1"], talon=["8S1"]))
    ids = move_ids(game, st)
    assert {"talon>zodiac-1", "talon>zodiac-2"} <= ids and "talon>zodiac-3" not in ids


@pytest.mark.rule("zodiac", "I")
def test_rule_I_one_packet_may_go_up_and_then_down():
    game, st = position("zodiac", **board(zodiac_1=["7S1", "8S1"], talon=["7S2"]))
    assert "talon>zodiac-1" in move_ids(game, st)


@pytest.mark.rule("zodiac", "I")
def test_rule_I_an_equator_card_marries_a_zodiac_packet_but_no_zodiac_card_another_nor_an_equator_card_another():
    # «нельзя дѣлать марьяжъ между картами зодіака и картами экватора между собою»: not among the zodiac cards
    # themselves, nor among the equator cards themselves; an equator card may go on a packet
    game, st = position("zodiac", **board(zodiac_1=["TS1"], zodiac_2=["JS1"], equator_1=["9S1"], equator_2=["8S1"],
                                          equator_3=["9H1"], stock=["4D1"]))
    assert move_ids(game, st) == {"equator-1>zodiac-1", "turn"}  # J♠ never on 10♠ or Q♠, 8♠ never on 9♠
    play(game, st, "equator-1>zodiac-1")
    assert pile(game, st, "zodiac-1") == ["TS1", "9S1"] and pile(game, st, "equator-1") == []
    assert "equator-2>zodiac-1" in move_ids(game, st)  # the eight now fits the nine on the packet
    assert "zodiac-2>equator-1" not in move_ids(game, st)  # a zodiac card never leaves for the equator


@pytest.mark.rule("zodiac", "I")
def test_rule_I_literal_variant_the_equator_never_marries():
    game, st = position("zodiac", **board(zodiac_1=["7S1"], zodiac_2=["8S1"], equator_1=["6S1"], equator_2=["9S1"],
                                          stock=["4S1"]))
    st.vars["variant"] = "literal"
    assert move_ids(game, st) == {"turn"}
    assert "literal" in game.variants


@pytest.mark.rule("zodiac", "fill", "I")
def test_rule_fill_the_space_an_equator_card_leaves_is_filled_from_the_talon_when_it_suits():
    game, st = position("zodiac", **board(zodiac_1=["7S1"], equator_1=["6S1"], stock=["TD1"]))
    assert "talon>equator-1" not in move_ids(game, st)  # no space yet, and no talon
    play(game, st, "equator-1>zodiac-1")
    assert "talon>equator-1" not in move_ids(game, st)  # the space waits for the pack's card
    play(game, st, "turn")
    ids = move_ids(game, st)
    assert "talon>equator-1" in ids and "turn" not in ids and "redeal" in ids  # it may also wait: «когда удобно»
    assert not any(i.startswith("zodiac-") and ">equator" in i for i in ids)  # only talon or pack fill it


@pytest.mark.rule("zodiac", "talon")
def test_the_pack_is_turned_onto_the_talon_whose_top_may_marry():
    game, st = position("zodiac", **board(zodiac_1=["7S1"], stock=["6S2", "TD1"]))
    play(game, st, "turn")
    assert pile(game, st, "talon") == ["TD1"] and pile(game, st, "stock") == ["6S2"]
    play(game, st, "turn")
    assert "talon>zodiac-1" in move_ids(game, st)


@pytest.mark.rule("zodiac", "fill")
def test_a_space_may_be_filled_from_the_talon_when_it_suits():
    game, st = position("zodiac", **board(equator_1=[], talon=["TD1"]))
    assert "talon>equator-1" in move_ids(game, st)


@pytest.mark.rule("zodiac", "redeal", "pass")
def test_the_talon_is_turned_over_again_in_the_same_order_after_a_pass_that_placed_a_card():
    game, st = position("zodiac", **board(zodiac_1=["7S1"], stock=["4S1", "6S2", "TH1"]))
    for move in ("turn", "turn", "talon>zodiac-1", "turn"):  # the four of spades is kept for later
        play(game, st, move)
    assert "redeal" in move_ids(game, st)
    play(game, st, "redeal")
    assert pile(game, st, "stock") == ["4S1", "TH1"] and pile(game, st, "talon") == []  # 10♥ turned first again
    assert "redeal" not in move_ids(game, st)


@pytest.mark.rule("zodiac", "pass")
def test_a_pass_that_placed_no_card_ends_the_game_reconstructed():
    game, st = position("zodiac", **board(zodiac_1=["7S1"], stock=["8S1", "TD1"]))
    play(game, st, "turn")
    play(game, st, "turn")
    assert move_ids(game, st) == {"talon>zodiac-1"}  # the last card of the pass may still be placed
    game, st = position("zodiac", **board(zodiac_1=["7S1"], stock=["TD1", "8S1"]))
    play(game, st, "turn")
    play(game, st, "turn")  # the eight of spades was declined and the pass placed nothing
    assert move_ids(game, st) == set() and game.status(st) == "lost"
    assert next(r for r in game.rules if r.id == "pass").source == "reconstructed"


@pytest.mark.rule("zodiac", "redeal")
def test_the_game_is_lost_at_once_when_no_card_left_can_ever_be_placed():
    game, st = position("zodiac", **board(zodiac_1=["7S1"], stock=["TD1", "TH1", "6S1"]))
    assert "turn" in move_ids(game, st)
    play(game, st, "turn")
    play(game, st, "talon>zodiac-1")  # the six of spades was the last card that fitted anything
    assert move_ids(game, st) == set() and game.status(st) == "lost"
    assert pile(game, st, "stock") == ["TD1", "TH1"]


@pytest.mark.rule("zodiac", "foundations", "end")
def test_no_foundation_is_laid_before_every_card_lies_in_zodiac_or_equator():
    game, st = position("zodiac", **board(zodiac_1=["AS1"], zodiac_2=["6S1"], stock=["7S1"]))
    assert not any(">ace-" in i or ">king-" in i for i in move_ids(game, st))
    game, st = position("zodiac", **board(zodiac_1=["AS1"]))
    ids = move_ids(game, st)
    assert {"zodiac-1>ace-1", "zodiac-3>king-2", "zodiac-9>king-1"} <= ids  # the end: pack and talon are out


@pytest.mark.rule("zodiac", "II", "foundations")
def test_rule_II_the_foundations_follow_suit_aces_up_kings_down_one_of_each_a_suit():
    game, st = position("zodiac", **board(zodiac_1=["AS1"], zodiac_2=["2H1"], ace_1=["AS2"], king_1=["KS1"]))
    ids = move_ids(game, st)
    assert "zodiac-1>ace-1" not in ids  # a second ace of spades cannot start another foundation
    assert "zodiac-2>ace-1" not in ids and "zodiac-2>ace-2" not in ids
    assert "zodiac-10>king-1" in ids and "zodiac-9>king-1" not in ids  # the queen of spades, not the king
    assert "zodiac-3>king-2" in ids and "zodiac-3>ace-2" not in ids


@pytest.mark.rule("zodiac", "end", "II")
def test_the_game_is_won_when_the_foundations_take_every_card():
    game = registry.get("zodiac")
    piles = {f"ace_{s + 1}": [f"{r}{'SHDC'[s]}1" for r in "A23456789TJQK"] for s in range(4)}
    piles |= {f"king_{s + 1}": [f"{r}{'SHDC'[s]}2" for r in "KQJT98765432"] for s in range(4)}
    piles |= {f"zodiac_{s + 1}": [f"A{'SHDC'[s]}2"] for s in range(4)}
    game, st = position("zodiac", **piles)
    for s in range(1, 4):
        play(game, st, f"zodiac-{s}>king-{s}")
    assert game.status(st) == "playing"
    play(game, st, "zodiac-4>king-4")
    assert game.status(st) == "won" and game.score(st) == 104


@pytest.mark.rule("zodiac", "layout", "I")
def test_deal_1_lays_the_equator_then_the_zodiac():
    game = registry.get("zodiac")
    st, _ = game.new_state(1)
    assert [pile(game, st, f"equator-{i}")[0] for i in range(1, 9)] == [
        "7C2", "4D1", "AS1", "JH2", "TS2", "JH1", "KH2", "TH2"]
    assert [pile(game, st, f"zodiac-{i}")[0] for i in range(1, 25)] == [
        "8H2", "3H1", "QS1", "8C1", "3D1", "QH2", "KD2", "2H1", "TC2", "AH2", "5D2", "5H1",
        "6H2", "7D1", "TS1", "KC2", "QS2", "4D2", "9H2", "2D2", "QD2", "QC2", "4H1", "4S1"]
    assert len(pile(game, st, "stock")) == 72
    # by hand: the equator's 7♣ on 8♣, 4♦ on 3♦ or 5♦, both J♥ and the K♥ on Q♥, 10♥ on 9♥; the A♠ and 10♠
    # find no packet; no foundation before the end
    assert move_ids(game, st) == {"turn", "equator-1>zodiac-4", "equator-2>zodiac-5", "equator-2>zodiac-11",
                                  "equator-4>zodiac-6", "equator-6>zodiac-6", "equator-7>zodiac-6",
                                  "equator-8>zodiac-19"}
    st, _ = game.new_state(1, "literal")
    assert move_ids(game, st) == {"turn"}  # the literal reading: nothing before a card is turned


def legal_by_the_rules(game, st) -> set[str]:
    """The legal moves worked out again from the rules, independently of the engine's declarations."""
    def pile(name):
        return st.piles[game.index[name]]

    def rank(card):
        return card % 13 + 1

    def suit(card):
        return card // 13 % 4

    def beside(a, b):
        return suit(a) == suit(b) and abs(rank(a) - rank(b)) == 1

    zodiac, equator = [f"zodiac-{i}" for i in range(1, 25)], [f"equator-{i}" for i in range(1, 9)]
    if pile("stock") or pile("talon"):
        spaces = [p for p in zodiac + equator if not pile(p)]
        left = pile("stock") + pile("talon")
        marrying = [] if st.vars.get("variant") == "literal" else [e for e in equator if pile(e)]
        left += [pile(e)[-1] for e in marrying]
        if not spaces and not any(beside(pile(z)[-1], c) for z in zodiac if pile(z) for c in left):
            return set()  # nothing left could ever be placed: lost
        out = {"turn"} if pile("stock") else ({"redeal"} if pile("talon") and st.vars.get("placed") else set())
        out |= {f"{e}>{z}" for e in marrying for z in zodiac if pile(z) and beside(pile(z)[-1], pile(e)[-1])}
        if pile("talon"):
            card = pile("talon")[-1]
            out |= {f"talon>{z}" for z in zodiac if pile(z) and beside(pile(z)[-1], card)}
            out |= {f"talon>{p}" for p in spaces}
        return out
    out = set()
    for src in zodiac + equator:
        if not pile(src):
            continue
        card = pile(src)[-1]
        for s in range(4):
            for f, base, step in ((f"ace-{s + 1}", 1, 1), (f"king-{s + 1}", 13, -1)):
                top = pile(f)[-1] if pile(f) else None
                if suit(card) == s and rank(card) == (base if top is None else rank(top) + step):
                    out.add(f"{src}>{f}")
    return out


@pytest.mark.parametrize("variant", ["", "literal"])
def test_the_engine_offers_exactly_the_moves_the_rules_allow(variant):
    game, positions = registry.get("zodiac"), 0
    for deal in range(1, 16):
        rng = random.Random(deal)
        st, _ = game.new_state(deal, variant)
        while len(st.history) < 400:
            moves = game.legal_moves(st)
            assert {m.id for m in moves} == legal_by_the_rules(game, st), f"deal {deal}, move {len(st.history)}"
            positions += 1
            if not moves:
                break
            placing = [m for m in moves if m.kind in ("play", "marry")]
            game.apply(st, rng.choice(placing if placing and rng.random() < 0.8 else moves))
    assert positions > 1000


def test_at_the_end_a_card_wanted_by_both_foundations_of_its_suit_may_go_to_either():
    game, st = position("zodiac", ace_1=["AS1", "2S1", "3S1", "4S1", "5S1"], zodiac_1=["6S1"],
                        king_1=["KS2", "QS2", "JS2", "TS2", "9S2", "8S2", "7S2"])
    assert move_ids(game, st) == {"zodiac-1>ace-1", "zodiac-1>king-1"}


@pytest.mark.rule("zodiac", "I")
def test_the_variant_is_offered_by_the_api_and_travels_with_the_state():
    from pipeline.engine import api
    info = api.describe("zodiac")
    assert [v["id"] for v in info["variants"]] == ["literal"] and "literal" in info["notes"]
    plain, literal = api.new_game("zodiac", 1), api.new_game("zodiac", 1, "literal")
    assert "equator-1>zodiac-4" in {m["id"] for m in plain["legal_moves"]}
    assert {m["id"] for m in literal["legal_moves"]} == {"turn"}
    after = api.apply(literal["state"], "turn")
    record = api.log(after["state"])
    assert record["variant"] == "literal" and api.replay(record)["state"] == after["state"]
    with pytest.raises(ValueError):
        api.new_game("zodiac", 1, "english")
    with pytest.raises(ValueError):
        api.new_game("shah", 1, "literal")  # a game without variants
