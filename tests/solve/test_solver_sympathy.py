"""Sympathy's engine-free model: the same layout as the engine's deal, and the same verdict as the solver."""
from pipeline.engine import registry
from pipeline.solve.search import WON, solve_deal
from pipeline.solve.sympathy_outcome import established, layout


def test_the_model_lays_out_each_deal_as_the_engine_does():
    game = registry.get("sympathy")
    for deal in range(1, 21):
        state, _ = game.new_state(deal)  # no pair can form before player 2 turns a card
        packets, graces = layout(deal)
        assert [[state.piles[i] for i in game.packets[p]] for p in (0, 1)] == packets
        assert [state.piles[g][0] for g in game.graces] == graces


def test_the_model_and_the_engine_agree_on_every_deal_won_or_lost():
    verdicts = [(solve_deal("sympathy", d, 10_000).status == WON, established(*layout(d))) for d in range(1, 121)]
    assert all(engine == model for engine, model in verdicts)
    assert {v for v, _ in verdicts} == {True, False}


def test_twins_on_top_pair_off_and_a_twin_buried_under_its_own_twin_blocks_the_game():
    ace, two = 0, 1  # A♠ and 2♠ of pack 1; +52 is the same card of pack 2
    assert established([[[ace]], [[ace + 52]]], [two, two + 52])
    # player 1's packet holds A♠ under 2♠, player 2's 2♠ under A♠: neither pair can ever be on top together
    assert not established([[[ace, two]], [[two + 52, ace + 52]]], [13, 13 + 52])
