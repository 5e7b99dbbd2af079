"""Safe moves, pruned moves and symmetries, each on a position built by hand."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from positions import position  # noqa: E402

from pipeline.solve.search import Search  # noqa: E402
from pipeline.solve.tactics import blockade_safe, parterre_prune, parterre_safe  # noqa: E402


def ids(moves):
    return {m.id for m in moves}


def test_parterre_plays_an_ace_up_at_once_without_trying_anything_else():
    game, state = position("parterre", bed_1=["9S1", "AH1"], bed_2=["KC1", "QD1"], bouquet_1=["JS1"])
    assert ids(Search(game).choices(state)) == {"bed-1>foundation-1"}


def test_parterre_plays_a_five_up_at_once_only_when_every_four_is_already_up():
    fours_up = dict(foundation_1=[f"{r}S1" for r in "A234"], foundation_2=[f"{r}H1" for r in "A234"],
                    foundation_3=[f"{r}D1" for r in "A234"], foundation_4=[f"{r}C1" for r in "A234"])
    game, state = position("parterre", bed_1=["9S1", "5H1"], bed_2=["6C1"], **fours_up)
    assert parterre_safe(game, state, game.legal_moves(state)).id == "bed-1>foundation-2"
    one_four_down = {**fours_up, "foundation_4": ["AC1", "2C1", "3C1"]}
    game, state = position("parterre", bed_1=["9S1", "5H1"], bed_2=["6C1"], bed_3=["4C1", "KD1"],
                           **one_four_down)
    assert parterre_safe(game, state, game.legal_moves(state)) is None  # 4♣ may still want to lie on 5♥


def test_parterre_lays_a_bouquet_card_on_a_bed_only_when_a_card_one_lower_could_follow_it():
    game, state = position("parterre", bed_1=["9S1"], bed_2=["KC1"], bouquet_1=["8H1"], bouquet_2=["QD1"])
    kept = ids(parterre_prune(game, state, game.legal_moves(state)))
    assert "bouquet-1>bed-1" not in kept  # no seven is available to go on the eight
    assert "bouquet-2>bed-2" not in kept  # no knave either
    game, state = position("parterre", bed_1=["9S1"], bed_2=["KC1", "JH1"], bouquet_1=["8H1"], bouquet_2=["QD1"])
    kept = ids(parterre_prune(game, state, game.legal_moves(state)))
    assert "bouquet-2>bed-2" not in kept and "bed-2>bed-1" not in kept  # J♥ on 9♠ is not a legal marriage
    assert any(m.startswith("bouquet-2>") for m in kept)  # Q♦ may go where J♥ can follow it


def test_blockade_plays_an_ace_up_at_once_unless_that_empties_a_column_while_the_pack_lasts():
    game, state = position("blockade", column_1=["9S1", "AH1"], column_2=["AD2"], stock=["5C1", "6C1"])
    assert blockade_safe(game, state, game.legal_moves(state)).id == "column-1>foundation-1"
    game, state = position("blockade", column_2=["AD2"], column_3=["7C1", "8C2"], stock=["5C1"])
    assert blockade_safe(game, state, game.legal_moves(state)) is None  # the space would take the pack's 5♣


def test_blockade_plays_a_three_up_at_once_only_when_both_twos_of_its_suit_are_up():
    both = dict(foundation_1=["AH1", "2H1"], foundation_2=["AH2", "2H2"])
    game, state = position("blockade", column_1=["9S1", "3H1"], column_2=["7C1"], stock=["5C1"], **both)
    assert blockade_safe(game, state, game.legal_moves(state)).id.startswith("column-1>foundation-")
    one = dict(foundation_1=["AH1", "2H1"], foundation_2=["AH2"])
    game, state = position("blockade", column_1=["9S1", "3H1"], column_2=["2H2", "7C1"], stock=["5C1"], **one)
    assert blockade_safe(game, state, game.legal_moves(state)) is None  # 2♥ may still want to lie on 3♥


def test_parterre_positions_that_differ_only_by_the_order_of_the_beds_are_one_position():
    game, one = position("parterre", bed_1=["9S1", "8H1"], bed_2=["KC1"], bouquet_3=["QD1"])
    _, two = position("parterre", bed_4=["KC1"], bed_6=["9S1", "8H1"], bouquet_1=["QD1"])
    assert Search(game).key(one) == Search(game).key(two)


def test_blockade_columns_are_not_interchangeable_but_its_two_packs_are():
    game, one = position("blockade", column_1=["9S1"], column_2=["KC1"], stock=["5C1"])
    _, two = position("blockade", column_1=["KC1"], column_2=["9S1"], stock=["5C1"])
    _, three = position("blockade", column_1=["9S2"], column_2=["KC1"], stock=["5C2"])
    search = Search(game)
    assert search.key(one) != search.key(two)
    assert search.key(one) == search.key(three)
