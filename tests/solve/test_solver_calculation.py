"""Calculation's own solver (pipeline/solve/games/calculation.py) against the engine and a brute-force search:
its moves are the engine's, its verdicts on small positions are the brute-force verdicts with and without its safe
move, and every win it finds replays to a win in the engine."""
import functools

import brute
import reduced
from pipeline.engine import api, registry
from pipeline.solve.search import LOST, WON, solve_deal
from pipeline.solve.games import calculation as calc
from pipeline.engine.rng import SplitMix64


def _verdict(game, state, **kw) -> str:
    status, _ = calc._Search(calc.Model(game, state), 10**6, None, **kw).run()
    return status


def test_the_models_moves_are_the_engines_on_reduced_positions():
    for seed in range(1, 41):
        game, state = reduced.calculation(seed, left=5)
        assert calc.legal_ids(game, state) == {m.id for m in game.legal_moves(state)}, seed


@functools.lru_cache(maxsize=None)
def _brute(seed: int) -> str:
    game, state = reduced.calculation(seed, left=4)
    return WON if brute.winnable(game, state) else LOST


SEEDS = range(1, 13)  # reduced deals small enough for brute force (a second or so each); both verdicts occur


def test_reduced_positions_get_the_brute_force_verdict_with_and_without_the_safe_move():
    """The last copy of a rank goes up at once: switching that off changes no verdict, and both equal brute force."""
    verdicts = []
    for seed in SEEDS:
        game, state = reduced.calculation(seed, left=4)
        assert _verdict(game, state) == _brute(seed), seed
        assert _verdict(game, state, safe=False) == _brute(seed), seed
        verdicts.append(_brute(seed))
    assert WON in verdicts and LOST in verdicts


def _replays(game, state, line) -> bool:
    for move_id in line:
        move = next((m for m in game.legal_moves(state) if m.id == move_id), None)
        if move is None:
            return False
        game.apply(state, move)
    return game.status(state) == "won"


def test_solve_on_reduced_positions_answers_as_brute_force_and_its_wins_replay():
    for seed in SEEDS:
        game, state = reduced.calculation(seed, left=4)
        before = state.key()
        result = calc.solve(game, state, 10**6, None)
        assert state.key() == before
        assert result.status == _brute(seed), seed
        if result.status == WON:
            assert _replays(game, state, result.moves), seed


def test_playouts_find_wins_whose_lines_replay_in_the_engine():
    game = registry.get("calculation")
    found = 0
    for deal in (1, 3, 8):
        state, _ = game.new_state(deal)
        line = calc._Rollouts(calc.Model(game, state), 60_000, None).run()
        if line is not None:
            found += 1
            assert api.replay({"game": "calculation", "deal": deal,
                               "moves": [calc.move_id(m) for m in line]})["status"] == "won", deal
    assert found >= 2


def test_a_position_whose_packets_deadlock_is_lost():
    """Foundation 1 wants its eight, and the only eight left lies under the only nine left: nothing can take the
    nine before the eight."""
    game = registry.get("calculation")
    piles = [[] for _ in game.names]
    ix = game.index
    for k in (1, 2, 3, 4):
        seq = [(k * i - 1) % 13 for i in range(1, 14)]  # ranks - 1, in building order
        cards = [(k - 1) * 13 + r for r in seq]
        piles[ix[f"foundation-{k}"]] = cards if k > 1 else cards[:7]
    piles[ix["talon-1"]] = [7, 8]  # the eight (rank 8 = index 7) under the nine
    piles[ix["talon-2"]] = [12, 11, 10]  # king, queen, knave of the first suit
    piles[ix["talon-3"]] = [9]  # its ten
    state = reduced._state(game, piles)
    assert not brute.winnable(game, state)
    assert calc.solve(game, state, 10_000, None).status == LOST


def test_known_deals_are_won_and_replay_and_the_answer_is_reproducible():
    for deal in (2, 15):
        one, two = solve_deal("calculation", deal, 20_000), solve_deal("calculation", deal, 20_000)
        assert one.status == WON and (one.moves, one.nodes) == (two.moves, two.nodes)
        assert api.replay({"game": "calculation", "deal": deal, "moves": one.moves})["status"] == "won"


def test_random_late_positions_of_real_deals_get_the_brute_force_verdict():
    """Play a deal's winning line, stop a few moves before its end and wander off at random: the solver's verdict is
    the brute-force one."""
    game = registry.get("calculation")
    line = solve_deal("calculation", 2, 20_000).moves
    rng = SplitMix64(7)
    verdicts = set()
    for back in range(4, 40, 3):
        state, _ = game.new_state(2)
        for move_id in line[:-back]:
            game.apply(state, api.find_move(game, state, move_id))
        for _ in range(rng.below(6)):
            moves = game.legal_moves(state)
            if not moves:
                break
            game.apply(state, moves[rng.below(len(moves))])
        state.history.clear()
        if sum(len(state.piles[f]) for f in game.foundations) < 38:
            continue  # too large for brute force
        got = calc.solve(game, state, 10**6, None).status
        assert got == (WON if brute.winnable(game, state) else LOST), back
        verdicts.add(got)
    assert WON in verdicts
