"""The Four Corners' own solver (pipeline/solve/games/four_corners.py): its model plays as the engine does, its
safe move in the last deal never changes a verdict (checked against brute force on reduced last-deal positions),
and its wins replay in the engine."""
import brute

from pipeline.engine import registry
from pipeline.engine.core import State
from pipeline.engine.rng import SplitMix64, shuffled
from pipeline.solve.search import LOST, WON, solve_deal, solve_state
from pipeline.solve.stats import replays_to_a_win
from pipeline.solve.games import four_corners as own

SUITS = range(4)


def last_deal(seed: int, most: int = 3) -> tuple:
    """A position of the last deal after the pack is out: each suit's ace foundation short of 1..`most` top cards
    and its king foundation of 0..`most` low cards, those cards shuffled over the twelve packets (odd seeds sort
    each packet so its low cards lie under its high ones, which is where losses come from)."""
    game = registry.get("four-corners")
    rng = SplitMix64(seed)
    piles: list[list[int]] = [[] for _ in game.names]
    out = []
    for s in SUITS:
        a = 13 - 1 - rng.below(most)  # the ace side holds ranks 1..a
        y = rng.below(most + 1)  # the king side holds ranks 13 down to y + 1
        piles[game.founds[s]] = [s * 13 + r for r in range(a)]
        piles[game.founds[4 + s]] = [52 + s * 13 + r for r in range(12, y - 1, -1)]
        out += [s * 13 + r for r in range(a, 13)] + [52 + s * 13 + r for r in range(y)]
    out = shuffled(out, seed)
    packets = list(game.order)
    for c in out:
        piles[packets[rng.below(12)]].append(c)
    if seed % 2:
        for p in packets:
            piles[p].sort(key=lambda c: -(c % 13))
    down = [len(p) if fd else 0 for p, fd in zip(piles, game.face_down)]
    state = State("four-corners", 0, piles, down, {"phase": "play", "to_move": 0, "players": 1, "deals": 3,
                                                   "dealing": 0, "to": 0})
    return game, state


def test_the_model_replays_a_game_with_its_redeals_as_the_engine_does():
    game = registry.get("four-corners")
    state, _ = game.new_state(3)
    model = own.Model(game, state)
    rng = SplitMix64(9)
    redeals = 0
    for _ in range(300):
        moves = model.moves()
        if not moves:
            break
        assert {model.move_id(m) for m in moves} == {m.id for m in game.legal_moves(state)}
        move = next((m for m in moves if m[0] == own.REDEAL and rng.below(4) == 0), moves[rng.below(len(moves))])
        redeals += move[0] == own.REDEAL
        game.apply(state, next(m for m in game.legal_moves(state) if m.id == model.move_id(move)))
        model.play(move)
        assert model.key() == own.Model(game, state).key()
    assert redeals == 2


def test_last_deal_positions_get_the_brute_force_verdict_and_both_verdicts_occur():
    verdicts = []
    for seed in range(1, 21):
        game, state = last_deal(seed)
        before = state.key()
        result = solve_state(game, state, node_limit=10**6)
        assert state.key() == before
        expected = WON if brute.winnable(game, state) else LOST
        assert result.status == expected, f"last-deal position {seed}"
        if result.status == WON:
            for move_id in result.moves:
                game.apply(state, next(m for m in game.legal_moves(state) if m.id == move_id))
            assert game.won(state)
        verdicts.append(result.status)
    assert WON in verdicts and LOST in verdicts


def test_the_safe_move_changes_no_verdict():
    """A card whose marriage partners are all up goes up at once in the last deal: the search with and without
    that rule agrees on every reduced position (and the rule fires)."""
    fired = 0
    for seed in range(1, 21):
        game, state = last_deal(seed)
        with_safe = own.Search(own.Model(game, state), None).run(10**6)[0]
        plain = own.Search(own.Model(game, state), None)
        plain.choices = lambda s=plain: own.ordered(s.model, s.model.moves(), None)
        assert plain.run(10**6)[0] == with_safe, f"position {seed}"
        model = own.Model(game, state)
        fired += own.safe_move(model, model.moves()) is not None
    assert fired


def test_known_deals_are_won_and_their_lines_replay_in_the_engine():
    """Deal 99 stayed unknown at 150 000 positions before the last deal's loss proof pruned the beam's lines."""
    for deal in (1, 3, 99):
        result = solve_deal("four-corners", deal, own.NODE_LIMIT)
        assert result.status == WON, deal
        assert replays_to_a_win("four-corners", deal, result.moves)


def test_late_positions_of_a_real_deal_get_the_brute_force_verdict():
    """Positions near the end of a won deal's line, each after a few random (seeded) legal moves."""
    from pipeline.engine import api

    game = registry.get("four-corners")
    line = solve_deal("four-corners", 3).moves
    rng = SplitMix64(3)
    for k in range(1, 30 + 1):
        state, _ = game.new_state(3)
        for move_id in line[:-k]:
            game.apply(state, api.find_move(game, state, move_id))
        for _ in range(rng.below(4 + 1)):
            moves = game.legal_moves(state)
            if not moves:
                break
            game.apply(state, moves[rng.below(len(moves))])
        state.history.clear()
        got = solve_state(game, state, 10**6).status
        assert got == (WON if brute.winnable(game, state) else LOST), k


def test_a_card_that_can_never_leave_is_a_proof_of_loss():
    """`dead` (a card whose partners all lie beneath it and whose foundations each wait for a card beneath it)
    never fires on a position brute force can win, and fires; looking at the moved card's suit only agrees with
    looking at every card."""
    fired = 0
    for seed in range(1, 31):
        game, state = last_deal(seed)
        rng = SplitMix64(100 + seed)
        for _ in range(60):
            model = own.Model(game, state)
            if own.dead(model):
                fired += 1
                assert not brute.winnable(game, state), f"position {seed}"
                break
            moves = game.legal_moves(state)
            if not moves:
                break
            move = moves[rng.below(len(moves))]
            game.apply(state, move)
            after = own.Model(game, state)
            kind, src, dst = next(m for m in model.moves() if model.move_id(m) == move.id)
            assert own.dead(after, own.moved_suit(after, (kind, src, dst))) == own.dead(after)
    assert fired >= 5


def test_the_shortcuts_of_the_last_deal_change_no_verdict():
    """The exact search with its safe move, its pruned marriages (none off a packet a card lies alone on) and its
    stuck-card proofs agrees with a plain depth-first search over every move on reduced positions."""
    from pipeline.solve.strategies import depth_first

    for seed in range(1, 16):
        game, state = last_deal(seed, 4)
        got = own.Search(own.Model(game, state), None).run(10**6)[0]
        model = own.Model(game, state)
        plain = depth_first(model, model.moves, 10**6)[0]
        assert got == plain, f"position {seed}"
