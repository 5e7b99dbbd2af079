"""[Императрица Индіи]: each test is a sentence of the surviving text (witness 000, notes 16, 17) or of the
reconstruction from Cadogan 1914 (rules I–V and the play), as the game module declares them."""
import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import registry
from pipeline.engine.cards import colour

BASES = dict(general_1=["KH1"], general_2=["KH2"], general_3=["KD1"], general_4=["KD2"],
             admiral_1=["AS1"], admiral_2=["AS2"], admiral_3=["AC1"], admiral_4=["AC2"])


def table(filler: tuple[list[str], list[str]] = (["5H2"], ["9C2"]), **piles: list[str]):
    """A position; every Army and Navy place not named holds a filler that fits no foundation here (the deal
    never leaves a place empty while the pack or the talon of its colour has a card)."""
    places = {f"army_{i}": filler[0] for i in range(1, 13)} | {f"navy_{i}": filler[1] for i in range(1, 13)}
    return position("empress-of-india", **{**BASES, **places, **piles})


def plays(ids: set[str]) -> set[str]:
    return {i for i in ids if "+" in i}


@pytest.mark.rule("empress-of-india", "guard")
def test_the_deal_withdraws_the_foundations_the_guard_and_the_black_kings():
    game = registry.get("empress-of-india")
    st, _ = game.new_state(1)
    assert [pile(game, st, f"general-{i}") for i in (1, 2, 3, 4)] == [["KH1"], ["KH2"], ["KD1"], ["KD2"]]
    assert [pile(game, st, f"admiral-{i}") for i in (1, 2, 3, 4)] == [["AS1"], ["AS2"], ["AC1"], ["AC2"]]
    assert pile(game, st, "guard") == ["JH1", "JH2", "JD1", "JD2"]  # the Empress's guard
    assert pile(game, st, "aside") == ["KS1", "KS2", "KC1", "KC2"]  # note 16: the black sequences lack kings


@pytest.mark.rule("empress-of-india", "deal")
def test_the_army_is_two_rows_of_red_cards_the_navy_two_rows_of_black_and_extra_cards_go_to_the_talon():
    game = registry.get("empress-of-india")
    st, _ = game.new_state(1)
    army = [st.piles[game.index[f"army-{i}"]] for i in range(1, 13)]
    navy = [st.piles[game.index[f"navy-{i}"]] for i in range(1, 13)]
    assert all(len(p) == 1 and colour(p[0]) == "red" for p in army)
    assert all(len(p) == 1 and colour(p[0]) == "black" for p in navy)
    red_talon = st.piles[game.index["red-talon"]]
    assert red_talon and all(colour(c) == "red" for c in red_talon) and not pile(game, st, "black-talon")


@pytest.mark.rule("empress-of-india", "I")
def test_rule_I_no_card_goes_to_a_foundation_without_a_card_of_the_other_colour():
    game, st = table(army_1=["QH1"], navy_1=["9S1"], stock=["5D1"])
    ids = move_ids(game, st)
    assert plays(ids) == set() and not any(">general" in i for i in ids)  # the queen fits, no black card does
    game, st = table(army_1=["QH1"], navy_1=["2S1"], stock=["5D1"])
    assert plays(move_ids(game, st)) == {"army-1>general-1+navy-1>admiral-1"}
    play(game, st, "army-1>general-1+navy-1>admiral-1")
    assert pile(game, st, "general-1") == ["KH1", "QH1"] and pile(game, st, "admiral-1") == ["AS1", "2S1"]


@pytest.mark.rule("empress-of-india", "I", "pairing")
def test_rule_I_a_covered_card_goes_only_together_with_the_card_covering_it():
    game, st = table(navy_1=["2S1", "QH1"], army_1=["5D1"], navy_2=["9C1"])
    assert plays(move_ids(game, st)) == {"navy-1>general-1+navy-1>admiral-1"}
    play(game, st, "navy-1>general-1+navy-1>admiral-1")
    assert pile(game, st, "navy-1") == [] and pile(game, st, "admiral-1") == ["AS1", "2S1"]
    game, st = table(navy_1=["2S1", "9H1"], army_1=["QH1"], navy_2=["9C1"])
    assert plays(move_ids(game, st)) == set()  # the 2S1 is covered by a card that cannot go up


@pytest.mark.rule("empress-of-india", "II")
def test_rule_II_a_space_is_refilled_at_once_from_the_talon_of_its_colour():
    game, st = table(army_1=["QH1"], navy_1=["2S1"], red_talon=["9H1", "5D1"], black_talon=["8C1"],
                     stock=["3S1"])
    play(game, st, "army-1>general-1+navy-1>admiral-1")
    assert pile(game, st, "army-1") == ["5D1"] and pile(game, st, "navy-1") == ["8C1"]


@pytest.mark.rule("empress-of-india", "II", "pack")
def test_rule_II_from_the_pack_when_that_talon_is_empty_the_other_colour_going_to_its_talon():
    game, st = table(army_1=["QH1"], navy_1=["2S1"], black_talon=["8C1"], stock=["9H1", "5D1", "3S1", "4C1"])
    play(game, st, "army-1>general-1+navy-1>admiral-1")
    assert pile(game, st, "navy-1") == ["8C1"]
    assert pile(game, st, "army-1") == ["5D1"] and pile(game, st, "black-talon") == ["4C1", "3S1"]
    assert pile(game, st, "stock") == ["9H1"]


@pytest.mark.rule("empress-of-india", "III")
def test_rule_III_cards_of_the_pack_and_the_talon_never_go_straight_to_a_foundation():
    game, st = table(army_1=["5D1"], navy_1=["2S1"], red_talon=["QH1"], stock=["QH2"])
    assert plays(move_ids(game, st)) == set()


@pytest.mark.rule("empress-of-india", "IV", "pack")
def test_rule_IV_turning_the_pack_lays_each_card_on_the_talon_of_its_colour():
    game, st = table(army_1=["5D1"], navy_1=["9S1"], stock=["4C1", "8H1"])
    play(game, st, "turn")
    play(game, st, "turn")
    assert pile(game, st, "red-talon") == ["8H1"] and pile(game, st, "black-talon") == ["4C1"]


@pytest.mark.rule("empress-of-india", "V")
def test_rule_V_the_foundations_follow_suit():
    game, st = table(army_1=["QD1"], navy_1=["2C1"], stock=["5D1"])
    assert plays(move_ids(game, st)) == {"army-1>general-3+navy-1>admiral-3"}  # a diamond king, a club ace


@pytest.mark.rule("empress-of-india", "foundations")
def test_black_aces_build_up_and_red_kings_build_down():
    game, st = table(general_1=["KH1", "QH1"], admiral_1=["AS1", "2S1"], army_1=["KH2"], army_2=["TH1"],
                     navy_1=["AS2"], navy_2=["3S1"])
    ids = plays(move_ids(game, st))
    assert "army-2>general-1+navy-2>admiral-1" in ids
    assert not any(i.startswith("army-1>general-1") or "navy-1>admiral-1" in i for i in ids)


@pytest.mark.rule("empress-of-india", "note-16")
def test_note_16_the_red_sequences_lack_knaves_the_ten_follows_the_queen():
    game, st = table(general_1=["KH1", "QH1"], army_1=["TH1"], navy_1=["2S1"])
    assert "army-1>general-1+navy-1>admiral-1" in move_ids(game, st)


@pytest.mark.rule("empress-of-india", "note-16")
def test_note_16_the_black_sequences_end_with_the_queen():
    run = ["AS1", "2S1", "3S1", "4S1", "5S1", "6S1", "7S1", "8S1", "9S1", "TS1", "JS1", "QS1"]
    game, st = table(admiral_1=run, general_1=["KH1", "QH1"], army_1=["TH1"], navy_1=["KS1"])
    assert plays(move_ids(game, st)) == set()


@pytest.mark.rule("empress-of-india", "pairing")
def test_pairing_any_army_card_goes_on_any_navy_card_and_the_reverse_whatever_its_rank():
    game, st = table(army_1=["5D1"], army_2=["9H1"], navy_1=["8C1"], red_talon=["4H1"], black_talon=["7S1"])
    ids = move_ids(game, st)
    assert {"army-1>navy-1", "army-2>navy-1", "navy-1>army-1", "navy-1>army-2"} <= ids
    assert "army-1>army-2" not in ids
    play(game, st, "army-2>navy-1")
    assert pile(game, st, "navy-1") == ["8C1", "9H1"] and pile(game, st, "army-2") == ["4H1"]  # refilled at once


@pytest.mark.rule("empress-of-india", "once")
def test_a_card_may_be_paired_only_once():
    game, st = table(army_1=["5D1"], army_2=["9H1"], navy_1=["8C1"], navy_2=["7C1"], red_talon=["4H1"])
    play(game, st, "army-2>navy-1")
    ids = move_ids(game, st)
    assert not any(i.startswith("navy-1>") or i.endswith(">navy-1") for i in ids)  # neither card of the pair
    game, st = table(navy_1=["8C1", "QH1"], navy_2=["2S1"], army_1=["5D1"], red_talon=["4H1"], black_talon=["6C1"])
    play(game, st, "navy-1>general-1+navy-2>admiral-1")  # the covering queen goes up; 8C1 stays, once paired
    assert pile(game, st, "navy-1") == ["8C1"]
    assert not any(i.startswith("navy-1>") or i.endswith(">navy-1") for i in move_ids(game, st))


@pytest.mark.rule("empress-of-india", "time")
def test_pairing_may_wait_until_the_wanted_card_is_on_top_of_the_talon():
    # the text's example: a foundation wants the ten of clubs; a Navy space is opened only when it tops the talon
    game, st = table(admiral_3=["AC1", "2C1", "3C1", "4C1", "5C1", "6C1", "7C1", "8C1", "9C1"],
                     general_1=["KH1", "QH1"], army_1=["TH1"], navy_1=["5S1"], stock=["TC1"])
    assert plays(move_ids(game, st)) == set()
    play(game, st, "turn")
    assert pile(game, st, "black-talon") == ["TC1"]
    play(game, st, "navy-1>army-2")  # the 5S1 goes on an Army card; its Navy place takes the ten of clubs
    assert pile(game, st, "navy-1") == ["TC1"]
    assert "army-1>general-1+navy-1>admiral-3" in move_ids(game, st)


@pytest.mark.rule("empress-of-india", "once-dealt")
def test_no_redeal_when_the_pack_is_through_and_nothing_can_be_done_the_game_is_lost():
    game, st = table(filler=(["5H2", "9C2"], ["9C2", "5H2"]), stock=["8C1"])  # every place paired already
    assert move_ids(game, st) == {"turn"}
    play(game, st, "turn")
    assert move_ids(game, st) == set() and game.status(st) == "lost"


def test_the_game_is_won_when_every_foundation_is_complete():
    reds = ["KH1", "QH1", "TH1", "9H1", "8H1", "7H1", "6H1", "5H1", "4H1", "3H1", "2H1"]
    blacks = ["AS1", "2S1", "3S1", "4S1", "5S1", "6S1", "7S1", "8S1", "9S1", "TS1", "JS1"]
    full = {f"general_{i}": [c.replace("H1", s) for c in reds] + ["A" + s] for i, s in
            ((1, "H1"), (2, "H2"), (3, "D1"), (4, "D2"))}
    full |= {f"admiral_{i}": [c.replace("S1", s) for c in blacks] + ["Q" + s] for i, s in
             ((1, "S1"), (2, "S2"), (3, "C1"), (4, "C2"))}
    full["general_1"] = full["general_1"][:-1]
    full["admiral_1"] = full["admiral_1"][:-1]
    game, st = table(**full, army_1=["AH1"], navy_1=["QS1"])
    play(game, st, "army-1>general-1+navy-1>admiral-1")
    assert game.status(st) == "won" and game.score(st) == 96


def test_deal_1_is_pinned():
    game = registry.get("empress-of-india")
    st, steps = game.new_state(1)
    assert [pile(game, st, f"army-{i}")[0] for i in range(1, 13)] == [
        "4D1", "TH2", "8H2", "3H1", "3D1", "QH2", "2H1", "AH2", "5D2", "5H1", "6H2", "7D1"]
    assert [pile(game, st, f"navy-{i}")[0] for i in range(1, 13)] == [
        "7C2", "TS2", "QS1", "8C1", "TC2", "TS1", "QS2", "QC2", "4S1", "4C2", "2C1", "6C1"]
    assert pile(game, st, "red-talon") == ["4D2", "9H2", "2D2", "QD2", "4H1", "QD1", "9D1", "TD1", "AD2"]
    assert len(pile(game, st, "stock")) == 55 and pile(game, st, "stock")[-1] == "3S2"
    # by hand: the only pair that fits is the queen of hearts (army-6) with the two of clubs (navy-11);
    # the other moves are the 2 x 12 x 12 pairings and turning the pack
    ids = move_ids(game, st)
    assert plays(ids) == {"army-6>general-1+navy-11>admiral-3"} and "turn" in ids and len(ids) == 290
    assert len(steps) == 16 + 24 + 9 + 1  # withdrawals, the places, nine reds to their talon, the start of play
