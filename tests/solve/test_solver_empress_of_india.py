"""The Empress of India's own solver (pipeline/solve/games/empress_of_india.py): its model plays as the engine
does, its loss proof (a blocked position) never changes a verdict (checked against brute force on reduced
positions), and its wins replay in the engine."""
import brute

from pipeline.engine import registry
from pipeline.engine.core import State
from pipeline.engine.rng import SplitMix64, shuffled
from pipeline.solve.search import LOST, WON, solve_deal, solve_state
from pipeline.solve.stats import replays_to_a_win
from pipeline.solve.games import empress_of_india as own

RED_RANKS = (13, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)  # a general, down from the king without the knave (note 16)
BLACK_RANKS = tuple(range(1, 13))  # an admiral, up from the ace to the queen


def late(seed: int, out: int = 13, free: int = 1, tilt: int = 0) -> tuple:
    """A late position with `out` cards of each colour still to go up (as many red as black: every move plays one
    of each), spread over the foundations at random; of those cards, twelve of a colour lie alone in the places
    of their half, the rest cover a card of the other half or lie in the talon packets and the pack; all single
    cards but about `free` of each half carry the mark of having been paired (which keeps the pairings, and so
    the brute-force search, small). Odd seeds the hard way: each foundation short of about as many cards, the
    cards wanted first in the talon packets. `tilt` fewer black cards than red are out: such a position is lost (every
    move plays one of each colour), which the search must prove by exhausting every line."""
    game = registry.get("empress-of-india")
    rng = SplitMix64(seed)
    piles: list[list[int]] = [[] for _ in game.names]
    out_cards = {True: [], False: []}
    order: dict[int, int] = {}  # card -> its place in its foundation's sequence
    for is_red in (True, False):
        short = [1, 1, 1, 1]
        for k in range(out - 4 - (0 if is_red else tilt)):
            short[k % 4 if seed % 2 else rng.below(4)] += 1
        for k in range(4):
            i = k if is_red else 4 + k
            suit = (1, 1, 2, 2)[k] if is_red else (0, 0, 3, 3)[k]
            cards = [(k % 2) * 52 + suit * 13 + r - 1 for r in (RED_RANKS if is_red else BLACK_RANKS)]
            piles[game.foundations[i]] = cards[:12 - short[k]]
            out_cards[is_red] += cards[12 - short[k]:]
            order.update((c, j) for j, c in enumerate(cards))
    out = out_cards
    places = {True: list(game.army), False: list(game.navy)}
    talon = game.talon
    stock = game.stock
    spare = {True: [], False: []}
    for is_red in (True, False):
        cards = shuffled(out[is_red], seed * 2 + is_red)
        if seed % 2:  # the hard way: the places hold the cards wanted last, the talon the first ones, at its bottom
            cards.sort(key=lambda c: -order[c])
            cards[12:] = cards[:11:-1]
        for p, c in zip(places[is_red], cards):
            piles[p] = [c]
        spare[is_red] = cards[len(places[is_red]):]
    for is_red in (True, False):
        for c in spare[is_red]:
            where = 1 if seed % 2 else rng.below(3)
            covers = [p for p in places[not is_red] if len(piles[p]) == 1]
            if where == 0 and covers:
                piles[covers[rng.below(len(covers))]].append(c)
            elif where == 1:
                piles[talon["red" if is_red else "black"]].append(c)
            else:
                piles[stock].insert(rng.below(len(piles[stock]) + 1), c)
    paired = 0
    for k, p in enumerate(game.places):
        if len(piles[p]) == 1 and rng.below(12) >= free:
            paired |= 1 << k
    down = [len(p) if fd else 0 for p, fd in zip(piles, game.face_down)]
    v = {"phase": "play", "to_move": 0, "players": 1}
    if paired:
        v["paired"] = paired
    return game, State("empress-of-india", 0, piles, down, v)


def test_the_model_plays_a_game_as_the_engine_does():
    game = registry.get("empress-of-india")
    state, _ = game.new_state(2)
    model = own.Model(game, state)
    rng = SplitMix64(3)
    for _ in range(200):
        moves = model.moves()
        if not moves:
            break
        assert {model.move_id(m) for m in moves} == {m.id for m in game.legal_moves(state)}
        plays = [m for m in moves if m[0] != own.PAIRING]
        move = plays[rng.below(len(plays))] if plays and rng.below(3) else moves[rng.below(len(moves))]
        game.apply(state, next(m for m in game.legal_moves(state) if m.id == model.move_id(move)))
        model.play(move)
        assert model.key() == own.Model(game, state).key()


CASES = [(seed, out, free, 0) for seed in range(1, 9) for out, free in ((17, 1), (20, 1), (16, 2), (13, 1))]
CASES += [(seed, 6, 2, 1) for seed in (1, 2, 3, 5)]


def test_reduced_positions_get_the_brute_force_verdict_and_both_verdicts_occur():
    verdicts = []
    for seed, out, free, tilt in CASES:
        game, state = late(seed, out, free, tilt)
        before = state.key()
        result = solve_state(game, state, node_limit=10**6)
        assert state.key() == before
        expected = WON if brute.winnable(game, state) else LOST
        assert result.status == expected, (seed, out, free, tilt)
        if result.status == WON:
            for move_id in result.moves:
                game.apply(state, next(m for m in game.legal_moves(state) if m.id == move_id))
            assert game.won(state)
        verdicts.append(result.status)
    assert WON in verdicts and LOST in verdicts


def test_the_loss_proof_changes_no_verdict_and_is_used():
    """A blocked position (no wanted red, or black, card can come to show with the pairings left) is taken as
    lost: the exhaustive search with and without that proof agrees on every reduced position."""
    fired = 0
    for seed in range(1, 9):
        for out, free, tilt in ((17, 1, 0), (20, 1, 0), (18, 2, 0), (20, 2, 0), (6, 2, 1)):
            game, state = late(seed, out, free, tilt)
            model = own.Model(game, state)
            fired += bool(model.moves()) and not model.pair_plays() and own.blocked(model)
            verdict = own.Search(model, None).run(10**6)[0]
            plain = own.Search(own.Model(game, state), None)
            plain.choices = lambda noise, streamlined, s=plain: own.ordered(s.model, s.model.moves(), None)
            assert plain.run(10**6)[0] == verdict, (seed, out, free, tilt)
    assert fired


def test_known_deals_are_won_and_their_lines_replay_in_the_engine():
    for deal in (1, 2, 3):
        result = solve_deal("empress-of-india", deal, own.NODE_LIMIT)
        assert result.status == WON, deal
        assert replays_to_a_win("empress-of-india", deal, result.moves)


def test_late_positions_of_a_real_deal_get_the_brute_force_verdict():
    """Positions near the end of a won deal's line, each after a few random (seeded) legal moves."""
    from pipeline.engine import api

    game = registry.get("empress-of-india")
    line = solve_deal("empress-of-india", 2).moves
    rng = SplitMix64(2)
    for k in range(1, 15 + 1):
        state, _ = game.new_state(2)
        for move_id in line[:-k]:
            game.apply(state, api.find_move(game, state, move_id))
        for _ in range(rng.below(3 + 1)):
            moves = game.legal_moves(state)
            if not moves:
                break
            game.apply(state, moves[rng.below(len(moves))])
        state.history.clear()
        got = solve_state(game, state, 10**6).status
        assert got == (WON if brute.winnable(game, state) else LOST), k
