"""Шахъ: each test is a sentence of the rules (chapter 7, witness 001; rule II as the Russian has it)."""
from positions import move_ids, pile, play, position

from pipeline.engine import registry

ACES = ["AS1", "AH1", "AD1", "AC1", "AS2", "AH2", "AD2", "AC2"]
# rays that neither go up nor marry: fives inside, eights in the middle, knaves outside
INNER = ["5S1", "5H1", "5D1", "5C1", "5S2", "5H2", "5D2", "5C2"]
MIDDLE = ["8S1", "8H1", "8D1", "8C1", "8S2", "8H2", "8D2", "8C2"]
OUTER = ["JS1", "JH1", "JD1", "JC1", "JS2", "JH2", "JD2", "JC2"]


def star(**changes: list[str]) -> dict[str, list[str]]:
    piles = {f"foundation_{i + 1}": [a] for i, a in enumerate(ACES)}
    for name, cards in (("inner", INNER), ("middle", MIDDLE), ("outer", OUTER)):
        piles.update({f"{name}_{i + 1}": [c] for i, c in enumerate(cards)})
    piles.update(shah=["KC1"], aside=["KH2", "KD2", "KC2", "KS1", "KD1", "KS2", "KH1"])
    piles.update(changes)
    return piles


def test_rule_I_after_the_deal_only_the_outer_circle_is_available():
    game, st = position("shah", **star(outer_1=["2S1"], middle_2=["2H1"], inner_3=["2D1"]), stock=["9C2"])
    ids = move_ids(game, st)
    assert "outer-1>foundation-1" in ids
    assert not any(i.startswith("middle-2>") or i.startswith("inner-3>") for i in ids)


def test_rule_I_removing_an_outer_card_frees_the_middle_then_the_inner():
    game, st = position("shah", **star(outer_3=["2D1"], middle_3=["3D1"], inner_3=["4D1"]), stock=["9C2"])
    play(game, st, "outer-3>foundation-3")
    assert "middle-3>foundation-3" in move_ids(game, st)
    play(game, st, "middle-3>foundation-3")
    assert "inner-3>foundation-3" in move_ids(game, st)


def test_rule_II_marriages_only_on_cards_of_the_middle_circle():
    game, st = position("shah", **star(outer_1=[], middle_1=["9S1"], outer_2=["8S1"], outer_5=["9S2"],
                                       outer_6=["8S2"]), talon=["8S2"], stock=["9C2"])
    ids = move_ids(game, st)
    assert {"outer-2>middle-1", "talon>middle-1"} <= ids
    assert "outer-6>outer-5" not in ids  # the English reading (third circle) is not the edition's


def test_rule_II_freed_inner_cards_are_played_but_not_married():
    game, st = position("shah", **star(outer_1=[], middle_1=[], inner_1=["8S1"], outer_2=[], middle_2=["9S1"]),
                        stock=["9C2"])
    ids = move_ids(game, st)
    assert "inner-1>middle-2" not in ids
    game, st = position("shah", **star(outer_1=[], middle_1=[], inner_1=["2S1"]), stock=["9C2"])
    assert "inner-1>foundation-1" in move_ids(game, st)


def test_marriages_descend_in_suit_only():
    game, st = position("shah", **star(outer_1=[], middle_1=["9S1"], outer_2=["TS1"], outer_3=["8H1"],
                                       outer_4=["8S1"]), stock=["9C2"])
    ids = move_ids(game, st)
    assert "outer-4>middle-1" in ids
    assert "outer-2>middle-1" not in ids and "outer-3>middle-1" not in ids
    assert next(r for r in game.rules if r.id == "marry-suit").source == "reconstructed"


def test_rule_III_the_aces_follow_suit_up_to_the_queens_and_the_shah_stays_alone():
    up_to_queen = ["AS1", "2S1", "3S1", "4S1", "5S2", "6S1", "7S1", "8S2", "9S1", "TS1", "JS2", "QS1"]
    game, st = position("shah", **star(foundation_1=up_to_queen, outer_1=["KS2"], outer_2=["2H1"],
                                       outer_3=["2S2"]), stock=["9C2"])
    ids = move_ids(game, st)
    assert not any(i.startswith("outer-1>foundation") for i in ids)
    assert "outer-2>foundation-2" in ids and "outer-2>foundation-1" not in ids
    assert "outer-3>foundation-5" in ids  # the other ace of spades
    assert not any(i.startswith("shah>") or i.startswith("aside>") for i in ids)


def test_spaces_are_filled_from_talon_or_pack_inner_circles_first_left_to_right_before_the_pack_goes_on():
    game, st = position("shah", **star(outer_2=[], outer_4=[], middle_4=[], outer_5=[]), talon=["9C1"],
                        stock=["9C2"])
    ids = move_ids(game, st)
    assert {"talon>middle-4", "stock>middle-4"} <= ids and "turn" not in ids
    assert not any(i.endswith(">outer-2") for i in ids)
    play(game, st, "talon>middle-4")
    assert pile(game, st, "middle-4") == ["9C1"]
    assert "stock>outer-2" in move_ids(game, st)


def test_a_cleared_ray_takes_a_third_circle_card_inside_and_is_filled_at_once():
    game, st = position("shah", **star(inner_3=[], middle_3=[], outer_3=[], outer_1=["2S1"]), talon=["9C1"],
                        stock=["9H2", "9D2"])
    ids = move_ids(game, st)
    assert ids == {"talon>inner-3", "stock>inner-3"} | {f"outer-{i}>inner-3" for i in (1, 2, 4, 5, 6, 7, 8)}
    play(game, st, "outer-7>inner-3")
    assert move_ids(game, st) == {"talon>middle-3"}  # at once, from the talon: no play of the 2♠ meanwhile
    play(game, st, "talon>middle-3")
    assert move_ids(game, st) == {"stock>outer-3"}  # the talon is out: from the pack
    play(game, st, "stock>outer-3")
    play(game, st, "stock>outer-7")
    assert "outer-1>foundation-1" in move_ids(game, st) and not st.vars.get("filling")


def test_turned_cards_of_no_use_form_the_talon_and_there_is_no_redeal():
    game, st = position("shah", **star(), stock=["9C2"])
    play(game, st, "turn")
    assert pile(game, st, "talon") == ["9C2"]
    assert move_ids(game, st) == set() and game.status(st) == "lost"


def test_the_game_is_won_when_the_eight_aces_reach_the_queens():
    full = {f"foundation_{i + 1}": [f"{r}{a[1:]}" for r in "A23456789TJQ"] for i, a in enumerate(ACES)}
    full["foundation_8"] = full["foundation_8"][:-1]
    empty = {f"{c}_{i}": [] for c in ("inner", "middle", "outer") for i in range(1, 9)}
    game, st = position("shah", **star(**full, **{**empty, "outer_1": ["QC2"]}))
    play(game, st, "outer-1>foundation-8")
    assert game.won(st) and game.status(st) == "won"


def test_deal_1_the_shah_the_aces_and_three_circles_with_the_fitting_cards_played_while_dealing():
    game = registry.get("shah")
    st, _ = game.new_state(1)
    assert pile(game, st, "shah") == ["KC1"]  # the eighth king from the top of the pack
    assert pile(game, st, "aside") == ["KH2", "KD2", "KC2", "KS1", "KD1", "KS2", "KH1"]
    assert [pile(game, st, f"foundation-{i}")[0] for i in range(1, 9)] == [
        "AS1", "AH2", "AD2", "AC2", "AH1", "AC1", "AS2", "AD1"]
    assert pile(game, st, "foundation-2") == ["AH2", "2H1"] and pile(game, st, "foundation-3") == ["AD2", "2D2"]
    assert [pile(game, st, f"inner-{i}") for i in range(1, 9)] == [[c] for c in [
        "7C2", "4D1", "JH2", "TS2", "JH1", "TH2", "8H2", "3H1"]]
    # by hand: the 2♥ of the middle circle went up while dealing and the 6♥ took its place
    assert [pile(game, st, f"middle-{i}") for i in range(1, 9)] == [[c] for c in [
        "QS1", "8C1", "3D1", "QH2", "6H2", "TC2", "5D2", "5H1"]]
    # and the 2♦ of the outer circle, replaced by the 4♥
    assert [pile(game, st, f"outer-{i}") for i in range(1, 9)] == [[c] for c in [
        "7D1", "TS1", "QS2", "4D2", "9H2", "4H1", "QD2", "QC2"]]
    assert move_ids(game, st) == {"turn"}  # no three showing outside, no middle card uncovered
