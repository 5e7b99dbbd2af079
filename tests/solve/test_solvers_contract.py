"""Every per-game solver (pipeline/solve/games/<slug>.py) keeps the solver's contract with the engine:

- its model's moves are the engine's legal moves, at positions of random games from 200 deals (so it neither
  invents a move nor misses one);
- `solve` leaves the position as it found it, honours its node limit, and every "won" it reports replays to a win
  through the engine's own `apply`;
- it declares the limits and the method the winnability table prints.

New solver modules are picked up automatically; their own test files add the game's safe-move and brute-force
checks."""
from __future__ import annotations

import pkgutil

import pytest

from pipeline.engine import registry
from pipeline.solve import games as solvers
from pipeline.engine.rng import SplitMix64
from pipeline.solve.search import LOST, UNKNOWN, WON, solve_state
from pipeline.solve.stats import replays_to_a_win

SLUGS = sorted(registry.games())
# games whose solver is known to settle none of deals 1-8 at 50 000 positions, with why (the other checks still run,
# on deals 1-3)
UNSETTLED = {
    "blockade": "issue 22: under the corrected rules every place a row card leaves is refilled from the pack, so the "
                "upper rows stay covered until the pack is out; the loss proof counts the pack's cards out at once "
                "and fires only rows deep: deals 12 and 18 are proved lost (8 and 69 700 positions), none of 1-8 "
                "within 50 000 (deal 2's pack phase alone takes 213 148, docs/solvers/blockade.md)",
    "petits-paquets": "no safe moves are sound (playing a card sooner changes when the exile fires and, before the "
                      "second deal, what the gathering and the count do) and the one loss proof applies only after "
                      "the second deal, so the first deal's choices are searched out in full: at 300 000 positions "
                      "deals 1-6 reach 64-85 cards up and none is settled (docs/solvers/petits_paquets.md)",
}
OWN = [s for s in SLUGS if solvers.for_game(s) is not None]


def random_positions(slug: str, games: int, seed: int = 1):
    """Positions met along `games` random games (deals 1.., moves picked with a seeded generator), each with the
    engine's legal moves there."""
    game = registry.get(slug)
    rng = SplitMix64(seed)
    for deal in range(1, games + 1):
        state, _ = game.new_state(deal)
        for step in range(400):
            moves = game.legal_moves(state)
            yield deal, step, game, state, moves
            if not moves:
                break
            game.apply(state, moves[rng.below(len(moves))])


def test_solver_modules_are_named_after_registered_games():
    """`<game>.py`, or `<game>_<part>.py` for a part of that game's solver."""
    games = {s.replace("-", "_") for s in SLUGS}
    names = {m.name for m in pkgutil.iter_modules(solvers.__path__)}
    stray = {n for n in names if n not in games and not any(n.startswith(g + "_") for g in games)}
    assert not stray, stray


# random games from this many deals (issue 20 asks >= 200); every position of the first EVERY_POSITION deals is
# checked, then every STRIDE-th of each game (a stride prime to nothing in the games, so every phase is met)
CONTRACT_DEALS, EVERY_POSITION, STRIDE = 200, 12, 7


@pytest.mark.parametrize("slug", OWN)
def test_the_models_moves_are_the_engines_legal_moves(slug):
    own = solvers.for_game(slug)
    checked, deals = 0, set()
    for deal, step, game, state, moves in random_positions(slug, CONTRACT_DEALS):
        if deal > EVERY_POSITION and step % STRIDE:
            continue
        assert set(own.legal_ids(game, state)) == {m.id for m in moves}, (slug, deal, step, state.key())
        checked += 1
        deals.add(deal)
    assert len(deals) == CONTRACT_DEALS and checked > 1000


@pytest.mark.parametrize("slug", OWN)
def test_solve_keeps_the_position_honours_its_limit_and_its_wins_replay(slug):
    own = solvers.for_game(slug)
    assert isinstance(own.NODE_LIMIT, int) and own.NODE_LIMIT > 0
    assert isinstance(own.METHOD, str) and own.METHOD.strip()
    game = registry.get(slug)
    verdicts = []
    # until three deals are tried and one is settled (a full 8 costs minutes on some); a game known to settle none
    # of them is tried on three (its five more cost 95 s of every test run, blockade and petits-paquets together)
    last = 3 if slug in UNSETTLED else 8
    for deal in range(1, last + 1):
        if len(verdicts) >= 3 and set(verdicts) - {UNKNOWN}:
            break
        state, _ = game.new_state(deal)
        before = state.key()
        result = solve_state(game, state, node_limit=50_000, time_limit=30)
        assert state.key() == before
        assert result.status in (WON, LOST, UNKNOWN)
        assert result.nodes <= 50_000 + 1000
        if result.status == WON:
            assert replays_to_a_win(slug, deal, result.moves), (slug, deal)
        verdicts.append(result.status)
    if slug in UNSETTLED:
        assert set(verdicts) == {UNKNOWN}, f"{slug} now settles a deal: drop it from UNSETTLED"
    else:
        assert set(verdicts) - {UNKNOWN}, f"{slug}: nothing settled in deals 1-8"
    small = solve_state(game, game.new_state(1)[0], node_limit=50)
    assert small.nodes <= 50 + 1000 and small.status in (WON, LOST, UNKNOWN)
