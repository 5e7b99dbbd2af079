"""Properties every registered game must have, checked by random legal play (deterministic: derandomized)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.engine import api, registry
from pipeline.engine.rng import SplitMix64
from pipeline.engine.serial import state_from_json, state_to_json

SLUGS = sorted(registry.games())
PLAY = settings(max_examples=20, deadline=None, derandomize=True)


def random_play(game, deal: int, seed: int, length: int):
    """Play up to `length` legal moves picked by a seeded PRNG (so games run long, often to their end); return the
    state and the position key after each move."""
    rng = SplitMix64(seed)
    state, _ = game.new_state(deal)
    keys = [state.key()]
    for _ in range(length):
        moves = game.legal_moves(state)
        if not moves:
            break
        ids = [m.id for m in moves]
        assert len(set(ids)) == len(ids), "two legal moves share an id"
        game.apply(state, moves[rng.below(len(moves))])
        keys.append(state.key())
        all_cards = sorted(c for pile in state.piles for c in pile)
        assert all_cards == list(range(game.ncards)), "a card was lost or duplicated"
        assert (state.phase == "end") == (not game.legal_moves(state))
    return state, keys


GAMES = dict(deal=st.integers(1, 10**6), seed=st.integers(0, 2**32), length=st.integers(0, 400))


@pytest.mark.parametrize("slug", SLUGS)
@PLAY
@given(**GAMES, back=st.integers(0, 400))
def test_random_legal_play_keeps_every_card_and_undo_restores_the_exact_state(slug, deal, seed, length, back):
    game = registry.get(slug)
    state, keys = random_play(game, deal, seed, length)
    back = min(back, len(state.history))
    for _ in range(back):
        game.undo(state)
    assert state.key() == keys[len(keys) - 1 - back]
    for _ in range(back):
        game.redo(state)
    assert state.key() == keys[-1]
    while state.history:
        game.undo(state)
    assert state.key() == keys[0]


@pytest.mark.parametrize("slug", SLUGS)
@PLAY
@given(**GAMES)
def test_a_replayed_log_and_a_json_round_trip_reproduce_the_state(slug, deal, seed, length):
    game = registry.get(slug)
    state, _ = random_play(game, deal, seed, length)
    data = state_to_json(game, state)
    assert state_from_json(game, data).key() == state.key()
    assert api.replay(api.log(data))["state"] == data


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=10, deadline=None, derandomize=True)
@given(deal=st.integers(1, 10**9))
def test_a_deal_number_always_gives_the_same_deal(slug, deal):
    game = registry.get(slug)
    one, steps_one = game.new_state(deal)
    two, steps_two = game.new_state(deal)
    assert one.key() == two.key() and steps_one == steps_two
    assert sorted(c for p in one.piles for c in p) == list(range(game.ncards))
