"""Whole deals: every "won" answer is a line of legal moves that wins in the engine, replayed through the JSON API;
answers are reproducible; lines near the end of a won deal, and deviations from them, get the brute-force
verdict."""
import pytest

import brute
from pipeline.engine import api, registry
from pipeline.engine.rng import SplitMix64
from pipeline.solve.search import LOST, WON, solve_deal, solve_state

# deals the solver wins within a small budget (found with `edition solve GAME --deal N --nodes 3000`)
WON_DEALS = {"windmill": 1, "clock": 3, "calculation": 15, "parterre": 7, "sympathy": 14}
BUDGET = 3000


@pytest.mark.parametrize("slug,deal", sorted(WON_DEALS.items()))
def test_a_won_answer_replays_to_a_win_through_the_json_api(slug, deal):
    result = solve_deal(slug, deal, BUDGET)
    assert result.status == WON and result.moves
    replayed = api.replay({"game": slug, "deal": deal, "moves": result.moves})
    assert replayed["status"] == "won"
    assert replayed["score"] == registry.get(slug).ncards or slug == "sympathy"


@pytest.mark.parametrize("slug", sorted(registry.games()))
def test_every_game_gets_the_same_answer_twice_and_a_won_answer_always_replays(slug):
    for deal in (1, 2):
        one, two = solve_deal(slug, deal, 400), solve_deal(slug, deal, 400)
        assert (one.status, one.moves, one.nodes) == (two.status, two.moves, two.nodes)
        if one.status == WON:
            assert api.replay({"game": slug, "deal": deal, "moves": one.moves})["status"] == "won"


def _late_positions(slug: str, deal: int, back: int, detours: int):
    """Positions `back` moves before the end of the solver's winning line, each followed by up to `detours`
    random (seeded) legal moves, so that some of them are lost."""
    game = registry.get(slug)
    line = solve_deal(slug, deal, BUDGET).moves
    rng = SplitMix64(deal)
    for k in range(1, back + 1):
        state, _ = game.new_state(deal)
        for move_id in line[:-k]:
            game.apply(state, api.find_move(game, state, move_id))
        for _ in range(rng.below(detours + 1)):
            moves = game.legal_moves(state)
            if not moves:
                break
            game.apply(state, moves[rng.below(len(moves))])
        state.history.clear()
        yield game, state


@pytest.mark.parametrize("slug,deal", sorted(WON_DEALS.items()))
def test_late_positions_of_real_deals_get_the_brute_force_verdict(slug, deal):
    verdicts = set()
    for game, state in _late_positions(slug, deal, back=12, detours=4):
        got = solve_state(game, state, 10**6).status
        assert got == (WON if brute.winnable(game, state) else LOST), f"{slug} deal {deal}"
        verdicts.add(got)
    assert WON in verdicts
