"""Шахъ: each test is a sentence of the rules (chapter 7, witness 001; rule II as the Russian has it)."""
import pytest
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


@pytest.mark.rule("shah", "I")
def test_rule_I_after_the_deal_only_the_outer_circle_is_available():
    game, st = position("shah", **star(outer_1=["2S1"], middle_2=["2H1"], inner_3=["2D1"]), stock=["9C2"])
    ids = move_ids(game, st)
    assert "outer-1>foundation-1" in ids
    assert not any(i.startswith("middle-2>") or i.startswith("inner-3>") for i in ids)


@pytest.mark.rule("shah", "I")
def test_rule_I_removing_an_outer_card_frees_the_middle_then_the_inner():
    game, st = position("shah", **star(outer_3=["2D1"], middle_3=["3D1"], inner_3=["4D1"]), stock=["9C2"])
    play(game, st, "outer-3>foundation-3")
    assert "middle-3>foundation-3" in move_ids(game, st)
    play(game, st, "middle-3>foundation-3")
    assert "inner-3>foundation-3" in move_ids(game, st)


@pytest.mark.rule("shah", "II", "look")
def test_rule_II_marriages_only_on_cards_of_the_middle_circle():
    game, st = position("shah", **star(outer_1=[], middle_1=["9S1"], outer_2=["8S1"], outer_5=["9S2"],
                                       outer_6=["8S2"]), talon=["8S2"], stock=["9C2"])
    ids = move_ids(game, st)
    assert {"outer-2>middle-1", "talon>middle-1"} <= ids
    assert "outer-6>outer-5" not in ids  # the English reading (third circle) is not the edition's


@pytest.mark.rule("shah", "II")
def test_rule_II_freed_inner_cards_are_played_but_not_married():
    game, st = position("shah", **star(outer_1=[], middle_1=[], inner_1=["8S1"], outer_2=[], middle_2=["9S1"]),
                        stock=["9C2"])
    ids = move_ids(game, st)
    assert "inner-1>middle-2" not in ids
    game, st = position("shah", **star(outer_1=[], middle_1=[], inner_1=["2S1"]), stock=["9C2"])
    assert "inner-1>foundation-1" in move_ids(game, st)


@pytest.mark.rule("shah", "marry", "marry-suit")
def test_marriages_descend_in_suit_only():
    game, st = position("shah", **star(outer_1=[], middle_1=["9S1"], outer_2=["TS1"], outer_3=["8H1"],
                                       outer_4=["8S1"]), stock=["9C2"])
    ids = move_ids(game, st)
    assert "outer-4>middle-1" in ids
    assert "outer-2>middle-1" not in ids and "outer-3>middle-1" not in ids
    assert next(r for r in game.rules if r.id == "marry-suit").source == "reconstructed"


@pytest.mark.rule("shah", "III", "aces", "alone", "take")
def test_rule_III_the_aces_follow_suit_up_to_the_queens_and_the_shah_stays_alone():
    up_to_queen = ["AS1", "2S1", "3S1", "4S1", "5S2", "6S1", "7S1", "8S2", "9S1", "TS1", "JS2", "QS1"]
    game, st = position("shah", **star(foundation_1=up_to_queen, outer_1=["KS2"], outer_2=["2H1"],
                                       outer_3=["2S2"]), stock=["9C2"])
    ids = move_ids(game, st)
    assert not any(i.startswith("outer-1>foundation") for i in ids)
    assert "outer-2>foundation-2" in ids and "outer-2>foundation-1" not in ids
    assert "outer-3>foundation-5" in ids  # the other ace of spades
    assert not any(i.startswith("shah>") or i.startswith("aside>") for i in ids)


@pytest.mark.rule("shah", "fill")
def test_spaces_are_filled_from_talon_or_pack_inner_circles_first_left_to_right_before_the_pack_goes_on():
    game, st = position("shah", **star(outer_2=[], outer_4=[], middle_4=[], outer_5=[]), talon=["9C1"],
                        stock=["9C2"])
    ids = move_ids(game, st)
    assert {"talon>middle-4", "stock>middle-4"} <= ids and "turn" not in ids
    assert not any(i.endswith(">outer-2") for i in ids)
    play(game, st, "talon>middle-4")
    assert pile(game, st, "middle-4") == ["9C1"]
    assert "stock>outer-2" in move_ids(game, st)


@pytest.mark.rule("shah", "path")
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


@pytest.mark.rule("shah", "talon", "path")
def test_turned_cards_of_no_use_form_the_talon_and_there_is_no_redeal():
    game, st = position("shah", **star(), stock=["9C2"])
    play(game, st, "turn")
    assert pile(game, st, "talon") == ["9C2"]
    assert move_ids(game, st) == set() and game.status(st) == "lost"


@pytest.mark.rule("shah", "aces")
def test_the_game_is_won_when_the_eight_aces_reach_the_queens():
    full = {f"foundation_{i + 1}": [f"{r}{a[1:]}" for r in "A23456789TJQ"] for i, a in enumerate(ACES)}
    full["foundation_8"] = full["foundation_8"][:-1]
    empty = {f"{c}_{i}": [] for c in ("inner", "middle", "outer") for i in range(1, 9)}
    game, st = position("shah", **star(**full, **{**empty, "outer_1": ["QC2"]}))
    play(game, st, "outer-1>foundation-8")
    assert game.won(st) and game.status(st) == "won"


@pytest.mark.rule("shah", "take", "shah", "III", "deal", "I", "look")
def test_deal_1_the_shah_the_aces_and_three_circles_laid_place_by_place_with_the_fitting_cards_played():
    # the pack's order, read off the old layout (which laid each circle whole, then played): inner 7♣ 4♦ J♥ 10♠
    # J♥ 10♥ 8♥ 3♥; middle Q♠ 8♣ 3♦ Q♥ 2♥ 10♣ 5♦ 5♥; then 6♥ 7♦ 10♠ Q♠ 4♦ 9♥ 2♦ Q♦ Q♣ 4♥ …
    game = registry.get("shah")
    st, _ = game.new_state(1)
    assert pile(game, st, "shah") == ["KC1"]  # the eighth king from the top of the pack
    assert pile(game, st, "aside") == ["KH2", "KD2", "KC2", "KS1", "KD1", "KS2", "KH1"]
    assert [pile(game, st, f"foundation-{i}")[0] for i in range(1, 9)] == [
        "AS1", "AH2", "AD2", "AC2", "AH1", "AC1", "AS2", "AD1"]
    # by hand: the 2♥ laid at the fifth middle place goes up at once (10♣ takes its place); the inner 3♥ of the
    # eighth ray is not covered yet (rule I), so it follows (5♦ takes its place); then the middle circle goes on
    assert pile(game, st, "foundation-2") == ["AH2", "2H1", "3H1"]
    assert [pile(game, st, f"inner-{i}") for i in range(1, 9)] == [[c] for c in [
        "7C2", "4D1", "JH2", "TS2", "JH1", "TH2", "8H2", "5D2"]]
    assert [pile(game, st, f"middle-{i}") for i in range(1, 9)] == [[c] for c in [
        "QS1", "8C1", "3D1", "QH2", "TC2", "5H1", "6H2", "7D1"]]
    # the third circle is laid and nothing goes up by itself: the 2♦ and the 4♥ wait for the player (rule 'look')
    assert [pile(game, st, f"outer-{i}") for i in range(1, 9)] == [[c] for c in [
        "TS1", "QS2", "4D2", "9H2", "2D2", "QD2", "QC2", "4H1"]]
    assert move_ids(game, st) == {"turn", "outer-5>foundation-3", "outer-8>foundation-2"}


@pytest.mark.rule("shah", "I", "deal")
def test_rule_I_while_dealing_an_inner_card_goes_up_until_the_middle_circle_covers_it_and_not_after():
    from pipeline.engine.cards import parse_card
    from pipeline.engine.core import State
    game = registry.get("shah")

    def deal(pack: list[str]) -> State:
        """The state after laying out a pack given top first (the kings and aces are taken out before)."""
        kings_aces = [f"K{s}{d}" for d in "12" for s in "SHDC"] + [f"A{s}{d}" for d in "12" for s in "SHDC"]
        rest = [c for c in (f"{r}{s}{d}" for d in "12" for s in "SHDC" for r in "23456789TJQ") if c not in pack]
        cards = [parse_card(c) for c in reversed(pack + rest + kings_aces)]  # the pack's top is its last card
        st = State("shah", 0, [[] for _ in game.names], [0] * len(game.names),
                   {"phase": "deal", "to_move": 0, "players": 1})
        st.piles[game.stock] = cards
        for step in game.setup(st):
            from pipeline.engine.core import do_step
            do_step(st, step, game.face_down)
        return st

    inner = ["5S1", "5H1", "5D1", "5C1", "5S2", "5H2", "5D2", "3H1"]  # 3♥ at the eighth ray
    # the 2♥ at the first middle place: the 3♥ inside the eighth ray is still uncovered and follows it up
    st = deal(inner + ["2H1"] + ["9S1", "9H1", "9D1", "9C1", "9S2", "9H2", "9D2", "9C2"])
    assert [c % 13 + 1 for c in st.piles[game.index["foundation-2"]]] == [1, 2, 3]
    # the 2♥ at the eighth middle place: the 3♥ under it is covered, it stays
    st = deal(inner + ["9S1", "9H1", "9D1", "9C1", "9S2", "9H2", "9D2", "2H1", "TS1", "TH1"])
    assert [c % 13 + 1 for c in st.piles[game.index["foundation-2"]]] == [1, 2]
    assert pile(game, st, "inner-8") == ["3H1"]
