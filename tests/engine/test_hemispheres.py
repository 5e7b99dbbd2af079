"""Полушарія: each test is a sentence of the rules (chapter 18, witness 000; note 18)."""
import random

import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import registry

# twelve race cards of the right colour that neither marry each other nor fit the foundations below
RACES = {"europeans": ["9H1", "5D1", "7H1"], "asiatics": ["9D1", "5H1", "7D1"],
         "australians": ["9S1", "5C1", "7S1"], "africans": ["9C1", "5S1", "7C1"]}
FOUNDATIONS = {"ace_1": ["AH1"], "ace_3": ["AD1"], "king_1": ["KS1"], "king_3": ["KC1"]}


def board(stock=("KD1",), talon=(), **changes: list[str]) -> dict[str, list[str]]:
    """The inert circle and foundations, with some piles changed; a pack of one card unless told."""
    piles = {f"{race}_{i + 1}": [card] for race, cards in RACES.items() for i, card in enumerate(cards)}
    piles.update(FOUNDATIONS)
    piles.update(changes)
    return {**piles, "stock": list(stock), "talon": list(talon)}


@pytest.mark.rule("hemispheres", "I", "hemispheres")
def test_rule_I_a_card_in_its_own_hemisphere_is_available():
    game, st = position("hemispheres", **board(europeans_1=["2H1"], australians_1=["QS2"]))
    assert {"europeans-1>ace-1", "australians-1>king-1"} <= move_ids(game, st)


@pytest.mark.rule("hemispheres", "I", "hemispheres")
def test_rule_I_a_card_in_the_wrong_hemisphere_can_neither_be_played_nor_married():
    game, st = position("hemispheres", **board(australians_1=["2H1"], europeans_1=["QS2"], talon=["JS2"]))
    ids = move_ids(game, st)  # one red card south, one black card north: the exchange waits for the next move
    assert "australians-1>ace-1" not in ids and "europeans-1>king-1" not in ids
    assert "talon>europeans-1" not in ids  # the knave of spades may not be married to a queen in the north


@pytest.mark.rule("hemispheres", "II")
def test_rule_II_a_single_possible_exchange_is_made_at_once():
    game, st = position("hemispheres", **board(europeans_2=["6C2"], africans_3=["8H2"], stock=["KD1", "4S1"]))
    play(game, st, "turn")
    assert pile(game, st, "europeans-2") == ["8H2"] and pile(game, st, "africans-3") == ["6C2"]
    assert st.vars.get("exchange") is None
    game.undo(st)  # one undo takes back the turn and the exchange it brought
    assert pile(game, st, "europeans-2") == ["6C2"] and pile(game, st, "stock") == ["KD1", "4S1"]


@pytest.mark.rule("hemispheres", "II")
def test_rule_II_when_several_exchanges_are_possible_one_must_be_chosen_before_anything_else():
    game, st = position("hemispheres", **board(europeans_1=["QS2"], asiatics_1=["4C1"], africans_1=["8H2"],
                                               stock=["KD1", "4S1"]))
    assert move_ids(game, st) == {"africans-1>europeans-1", "africans-1>asiatics-1"}
    play(game, st, "africans-1>asiatics-1")
    assert pile(game, st, "asiatics-1") == ["8H2"] and pile(game, st, "africans-1") == ["4C1"]
    assert "turn" in move_ids(game, st)  # the black queen stays in the north: there is no red card to swap


@pytest.mark.rule("hemispheres", "II", "transfer")
def test_rule_II_at_the_end_a_wrong_card_moves_without_exchange_into_a_space_of_its_hemisphere():
    game, st = position("hemispheres", **board(europeans_1=[], australians_1=["8H2"], stock=[]))
    assert "australians-1>europeans-1" in move_ids(game, st)
    game, st = position("hemispheres", **board(europeans_1=[], australians_1=["8H2"], stock=[], talon=["4S1"]))
    assert "australians-1>europeans-1" not in move_ids(game, st)  # not while the talon lasts


@pytest.mark.rule("hemispheres", "III", "race", "races")
def test_rule_III_a_race_card_marries_only_in_its_own_race_and_suit():
    game, st = position("hemispheres", **board(europeans_1=["9H1"], europeans_2=["8H2"], europeans_3=["8D2"],
                                               asiatics_1=["8H1"]))
    ids = move_ids(game, st)
    assert "europeans-2>europeans-1" in ids
    assert "asiatics-1>europeans-1" not in ids  # another race
    assert "europeans-3>europeans-1" not in ids  # another suit


@pytest.mark.rule("hemispheres", "III", "talon")
def test_rule_III_a_talon_card_marries_any_race():
    game, st = position("hemispheres", **board(europeans_1=["9H1"], asiatics_2=["9H2"], talon=["8H1"]))
    assert {"talon>europeans-1", "talon>asiatics-2"} <= move_ids(game, st)


@pytest.mark.rule("hemispheres", "note-18")
def test_note_18_red_suits_marry_descending_black_ascending():
    game, st = position("hemispheres", **board(talon=["TH1"]))
    assert "talon>europeans-1" not in move_ids(game, st)  # ten of hearts on the nine: ascending, red
    game, st = position("hemispheres", **board(talon=["TS1"]))
    assert "talon>australians-1" in move_ids(game, st)  # ten of spades on the nine: ascending, black
    game, st = position("hemispheres", **board(talon=["8S1"]))
    assert "talon>australians-1" not in move_ids(game, st)


@pytest.mark.rule("hemispheres", "IV", "barriers")
def test_rule_IV_the_barriers_go_up_only_at_the_end():
    hearts = ["AH1", "2H1", "3H1", "4H1", "5H1", "6H1", "7H1", "8H1", "9H1", "TH1", "JH1", "QH1"]
    changes = {"ace_1": hearts, "barrier_1": ["KH2"], "europeans_1": ["9H2"], "asiatics_2": ["5H2"],
               "europeans_3": ["7H2"]}
    game, st = position("hemispheres", **board(**changes))
    assert "barrier-1>ace-1" not in move_ids(game, st)
    game, st = position("hemispheres", **board(stock=[], **changes))
    assert "barrier-1>ace-1" in move_ids(game, st)


@pytest.mark.rule("hemispheres", "V", "foundations")
def test_rule_V_the_foundations_follow_suit_aces_up_and_kings_down():
    game, st = position("hemispheres", **board(europeans_1=["2D2"], asiatics_1=["2H2"], australians_1=["QC2"],
                                               africans_1=["KS2"]))
    ids = move_ids(game, st)
    assert {"asiatics-1>ace-1", "europeans-1>ace-3", "australians-1>king-3"} <= ids
    assert "europeans-1>ace-1" not in ids and "africans-1>king-1" not in ids


@pytest.mark.rule("hemispheres", "deal")
def test_the_first_turn_fills_the_spaces_in_deal_order_then_turns_a_card_to_the_talon():
    game, st = position("hemispheres", **board(asiatics_3=[], europeans_2=[], stock=["4S1", "KD1", "4C2", "QD2"]))
    play(game, st, "turn")
    assert pile(game, st, "europeans-2") == ["QD2"] and pile(game, st, "asiatics-3") == ["4C2"]
    assert pile(game, st, "talon") == ["KD1"] and pile(game, st, "stock") == ["4S1"]


@pytest.mark.rule("hemispheres", "deal")
def test_while_the_pack_lasts_a_space_is_filled_at_once_and_afterwards_it_stays_empty():
    game, st = position("hemispheres", **board(europeans_1=["2H1"], stock=["4S1", "QD2"]))
    st.vars["dealing"] = True
    play(game, st, "europeans-1>ace-1")
    assert pile(game, st, "europeans-1") == ["QD2"]
    game, st = position("hemispheres", **board(europeans_1=["2H1"], stock=[], talon=["4S1"]))
    st.vars["dealing"] = True
    play(game, st, "europeans-1>ace-1")
    assert pile(game, st, "europeans-1") == []
    assert not any(i.endswith(">europeans-1") for i in move_ids(game, st))


@pytest.mark.rule("hemispheres", "once")
def test_no_redeal_a_blocked_game_with_the_pack_out_is_lost():
    game, st = position("hemispheres", **board(europeans_1=["2H1"], stock=[], talon=["4S1", "JC2"]))
    play(game, st, "europeans-1>ace-1")
    assert move_ids(game, st) == set() and game.status(st) == "lost"


@pytest.mark.rule("hemispheres", "take", "barriers", "races", "foundations")
def test_deal_1_lays_foundations_barriers_and_races_and_asks_for_an_exchange():
    game = registry.get("hemispheres")
    st, _ = game.new_state(1)
    assert [pile(game, st, f"ace-{i}") + pile(game, st, f"king-{i}") for i in range(1, 5)] == [
        ["AH2", "KS1"], ["AH1", "KS2"], ["AD2", "KC2"], ["AD1", "KC1"]]
    assert [pile(game, st, f"barrier-{i}") for i in range(1, 5)] == [["KH2"], ["AC2"], ["KD2"], ["AS1"]]
    races = [pile(game, st, f"{race}-{i}")[0] for race in RACES for i in (1, 2, 3)]
    assert races == ["7C2", "4D1", "JH2", "TS2", "JH1", "TH2", "8H2", "3H1", "QS1", "8C1", "3D1", "QH2"]
    assert len(pile(game, st, "stock")) == 104 - 24
    # by hand: black cards north are 7♣ and 10♠, red cards south 8♥, 3♥, 3♦, Q♥ — eight exchanges to choose
    # from, and nothing else until one is made (rule II)
    assert move_ids(game, st) == {f"{s}>{n}" for n in ("europeans-1", "asiatics-1")
                                  for s in ("australians-1", "australians-2", "africans-2", "africans-3")}


@pytest.mark.rule("hemispheres", "IV", "foundations")
def test_the_game_is_won_when_the_barriers_complete_the_foundations_at_the_end():
    up = "A23456789TJQ"
    piles = {"ace_1": [f"{r}H1" for r in up], "ace_2": [f"{r}H2" for r in up] + ["KH2"],
             "ace_3": [f"{r}D1" for r in up] + ["KD1"], "ace_4": [f"{r}D2" for r in up],
             "king_1": [f"{r}S1" for r in "KQJT98765432"], "king_2": [f"{r}S2" for r in "KQJT98765432A"],
             "king_3": [f"{r}C1" for r in "KQJT98765432A"], "king_4": [f"{r}C2" for r in "KQJT98765432"],
             "barrier_1": ["KH1"], "barrier_2": ["AC2"], "barrier_3": ["KD2"], "barrier_4": ["AS1"]}
    game, st = position("hemispheres", **piles)
    assert move_ids(game, st) == {"barrier-1>ace-1", "barrier-2>king-4", "barrier-3>ace-4", "barrier-4>king-1"}
    for move in ("barrier-1>ace-1", "barrier-2>king-4", "barrier-3>ace-4", "barrier-4>king-1"):
        play(game, st, move)
    assert game.status(st) == "won" and game.score(st) == 104


def legal_by_the_rules(game, st) -> set[str]:
    """The legal moves worked out again from the rules, independently of the engine's declarations."""
    def pile(name):
        return st.piles[game.index[name]]

    def red(card):
        return card // 13 % 4 in (1, 2)

    def rank(card):
        return card % 13 + 1

    def suit(card):
        return card // 13 % 4

    races = {race: [f"{race}-{i}" for i in (1, 2, 3)] for race in RACES}
    north, south = races["europeans"] + races["asiatics"], races["australians"] + races["africans"]
    home_red = {name: name in north for name in north + south}
    wrong_north = [n for n in north if len(pile(n)) == 1 and not red(pile(n)[0])]
    wrong_south = [s for s in south if len(pile(s)) == 1 and red(pile(s)[0])]
    if len(wrong_north) * len(wrong_south) > 1:  # rule II: an exchange first, the player's pick
        return {f"{s}>{n}" for s in wrong_south for n in wrong_north}
    end = not pile("stock") and not pile("talon")
    sources = [(n, pile(n)[-1]) for n in north + south if pile(n) and red(pile(n)[-1]) == home_red[n]]
    sources += [("talon", pile("talon")[-1])] if pile("talon") else []
    sources += [(b, pile(b)[-1]) for b in (f"barrier-{i}" for i in range(1, 5)) if end and pile(b)]
    out = {"turn"} if pile("stock") else set()
    for src, card in sources:
        for f in [f"ace-{i}" for i in range(1, 5)] + [f"king-{i}" for i in range(1, 5)]:
            top = pile(f)[-1]
            step = 1 if f.startswith("ace") else -1
            if suit(top) == suit(card) and rank(card) == rank(top) + step and (len(pile(f)) < 13):
                out.add(f"{src}>{f}")
        if src.startswith("barrier"):
            continue
        for race, names in races.items():
            if src != "talon" and src not in names:
                continue  # rule III: a race card marries only in its own race
            for dst in names:
                top = pile(dst)[-1] if pile(dst) else None
                if dst == src or top is None or red(top) != home_red[dst] or suit(top) != suit(card):
                    continue
                if rank(card) == rank(top) + (-1 if red(top) else 1):  # note 18
                    out.add(f"{src}>{dst}")
    if end:  # rule II: the wrong cards move into spaces of their own hemisphere
        out |= {f"{w}>{e}" for w in wrong_north for e in south if not pile(e)}
        out |= {f"{w}>{e}" for w in wrong_south for e in north if not pile(e)}
    return out


def test_the_engine_offers_exactly_the_moves_the_rules_allow():
    game, positions = registry.get("hemispheres"), 0
    for deal in range(1, 16):
        rng = random.Random(deal)
        st, _ = game.new_state(deal)
        while len(st.history) < 300:
            moves = game.legal_moves(st)
            assert {m.id for m in moves} == legal_by_the_rules(game, st), f"deal {deal}, move {len(st.history)}"
            positions += 1
            if not moves:
                break
            plays = [m for m in moves if m.kind == "play"]
            game.apply(st, rng.choice(plays if plays and rng.random() < 0.8 else moves))
    assert positions > 1000
