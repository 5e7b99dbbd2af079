"""Parterre's own solver (pipeline/solve/games/parterre.py): its moves are engine moves, and its safe plays, its
bouquet chains with links bound late, and its search never change a verdict — checked against the brute-force
search over the engine's own moves on small positions, won and lost; every win replays in the engine."""
import pytest

import brute
import reduced
from pipeline.engine import api, registry
from pipeline.engine.core import State
from pipeline.engine.rng import SplitMix64, shuffled
from pipeline.solve.search import LOST, UNKNOWN, WON, solve_deal
from pipeline.solve.games import parterre as own

GAME = registry.get("parterre")


def late(seed: int, low: int = 5, high: int = 7, bouquet: int = 2) -> State:
    """A late position: each suit up to a random height in low..high, up to `bouquet` cards left in the bouquet,
    the rest dealt round the six beds, each bed sorted with its high cards on top (where losses come from)."""
    rng = SplitMix64(seed)
    piles: list[list[int]] = [[] for _ in GAME.names]
    heights = [low + rng.below(high - low + 1) for _ in range(4)]
    for f, s in zip(GAME.group("foundation"), range(4)):
        piles[f] = [s * 13 + r for r in range(heights[s])]
    rest = shuffled([s * 13 + r for s in range(4) for r in range(heights[s], 13)], seed)
    beds, places = GAME.group("bed"), GAME.group("bouquet")
    k = rng.below(bouquet + 1)
    for place, c in zip(places, rest[:k]):
        piles[place] = [c]
    for i, c in enumerate(rest[k:]):
        piles[beds[i % 6]].append(c)
    for b in beds:
        piles[b].sort(key=lambda c: c % 13)
    return State("parterre", 0, piles, [0] * len(piles), {"phase": "play", "to_move": 0, "players": 1})


LOST_SEEDS = (1, 3, 4, 5, 9, 13, 15)  # late(seed) positions that brute force proves lost
WON_SEEDS = (6, 10, 12, 16)  # and some it wins quickly


def replays(state: State, moves: list[str]) -> bool:
    """Play the ids through the engine from a copy of `state`: is it won?"""
    copy = State(state.game, state.deal, [list(p) for p in state.piles], list(state.down), dict(state.vars))
    for move_id in moves:
        GAME.apply(copy, api.find_move(GAME, copy, move_id))
    return GAME.status(copy) == "won"


def test_late_positions_get_the_brute_force_verdict_with_and_without_the_safe_plays(monkeypatch):
    for safe in (True, False):
        monkeypatch.setattr(own, "SAFE", safe)
        for seed in LOST_SEEDS + WON_SEEDS:
            state = late(seed)
            before = state.key()
            result = own.solve(GAME, state, 10**6, None)
            assert state.key() == before
            assert result.status == (WON if seed in WON_SEEDS else LOST), (seed, safe)
            if result.status == WON:
                assert replays(state, result.moves), seed
    for seed in LOST_SEEDS[:4] + WON_SEEDS[:2]:  # the seeds' verdicts are brute force's (the rest: too slow here)
        assert brute.winnable(GAME, late(seed)) == (seed in WON_SEEDS)


def test_reduced_deals_with_a_bouquet_get_the_brute_force_verdict_and_their_wins_replay():
    for seed in range(1, 13):
        _, state = reduced.parterre(seed, up_to=9)
        result = own.solve(GAME, state, 10**6, None)
        assert result.status == (WON if brute.winnable(GAME, state) else LOST), seed
        if result.status == WON:
            assert replays(state, result.moves), seed


def test_a_king_over_a_lower_card_of_its_suit_with_no_bed_to_empty_is_lost():
    up = {f: [s * 13 + r for r in range(9)] for f, s in zip(GAME.group("foundation"), range(4))}
    piles = [list(up.get(i, [])) for i in range(len(GAME.names))]
    card = {c: i for i, c in enumerate(f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK")}
    layout = [["QS", "TS", "KH"], ["QD", "TH", "KS"], ["QC", "TD", "KD"], ["TC", "KC"], ["JS", "JH"], ["JD", "JC"]]
    for bed, cards in zip(GAME.group("bed"), layout):
        piles[bed] = [card[c] for c in cards]
    piles[GAME.index["bouquet-1"]] = [card["QH"]]
    state = State("parterre", 0, piles, [0] * len(piles), {"phase": "play", "to_move": 0, "players": 1})
    assert own.legal_ids(GAME, state)
    assert not brute.winnable(GAME, state)
    assert own.solve(GAME, state, 10**6, None).status == LOST


def test_every_move_of_the_model_is_a_line_of_legal_engine_moves():
    """Each macro move (a card up, a bed card onto a top, a chain or a space) and the safe plays after it, turned
    into engine ids, are legal one after the other; and the model's legal ids are the engine's."""
    rng = SplitMix64(7)
    checked = 0
    for deal in (1, 2):
        state, _ = GAME.new_state(deal)
        for _ in range(120):
            assert own.legal_ids(GAME, state) == {m.id for m in GAME.legal_moves(state)}
            model, slot_of, fpile = own._from_engine(GAME, state)
            origin = own._Model([list(b) for b in model.beds], model.bq, list(model.found))
            for move in own._moves(model, ordered=False):
                done = model.play(move)
                ids = own._ids(GAME, origin, slot_of, fpile, done)
                model.unplay(done)
                for move_id in ids:
                    GAME.apply(state, api.find_move(GAME, state, move_id))
                for _ in ids:
                    GAME.undo(state)
                state.future.clear()
                checked += 1
            moves = GAME.legal_moves(state)
            if not moves:
                break
            GAME.apply(state, moves[rng.below(len(moves))])
    assert checked > 200


def test_deal_7_is_won_and_its_line_replays_and_deal_3_is_proved_lost():
    won = solve_deal("parterre", 7, 5000)
    assert won.status == WON
    assert api.replay({"game": "parterre", "deal": 7, "moves": won.moves})["status"] == "won"
    # its line lays bouquet cards as chain links, each given the suit it has when it goes up
    assert any(m.startswith("bouquet-") and ">bed-" in m for m in won.moves)
    assert solve_deal("parterre", 3, 5000).status == LOST  # two kings on top of low cards, no bed can be emptied


@pytest.mark.parametrize("limit", [1, 50])
def test_a_small_budget_is_honoured(limit):
    result = solve_deal("parterre", 1, limit)
    assert result.status in (WON, LOST, UNKNOWN) and result.nodes <= limit + 1


def test_a_position_decoded_from_its_key_is_the_position():
    """The best-first search keeps only keys: the bouquet, links and foundations rebuilt from a key are the
    position's own (beds in sorted order), at the positions of random games."""
    rng = SplitMix64(11)
    checked = 0
    for deal in (1, 2, 3):
        state, _ = GAME.new_state(deal)
        model, _, _ = own._from_engine(GAME, state)
        for _ in range(150):
            back = own._decode(model.key())
            assert back.key() == model.key()
            assert (back.bq, back.found, back.links) == (model.bq, model.found, model.links)
            assert sorted(map(tuple, back.beds)) == sorted(map(tuple, model.beds))
            checked += 1
            moves = own._moves(model, ordered=False)
            if not moves:
                break
            model.play(moves[rng.below(len(moves))])
    assert checked > 150


def search_only(state: State, limit: int = 10**6) -> own.Solution:
    """`own.solve` with the search reduced to the best-first search alone (no probe first)."""
    old = own.SEARCH
    own.SEARCH = own._best_first
    try:
        return own.solve(GAME, state, limit, None)
    finally:
        own.SEARCH = old


def test_best_first_alone_gets_the_brute_force_verdicts_and_its_wins_replay():
    """Its "lost" (every position reachable expanded) agrees with brute force, won and lost, on late positions
    and reduced deals; each win it finds replays in the engine."""
    cases = [late(seed) for seed in LOST_SEEDS + WON_SEEDS]
    cases += [reduced.parterre(seed, up_to=9)[1] for seed in range(1, 9)]
    verdicts: list[str] = []
    for i, state in enumerate(cases):
        before = state.key()
        result = search_only(state)
        assert state.key() == before
        if i < len(LOST_SEEDS) + len(WON_SEEDS):
            expected = WON if (LOST_SEEDS + WON_SEEDS)[i] in WON_SEEDS else LOST
        else:
            expected = WON if brute.winnable(GAME, state) else LOST
        assert result.status == expected, i
        verdicts.append(result.status)
        if result.status == WON:
            assert replays(state, result.moves), i
    assert WON in verdicts and LOST in verdicts


def test_best_first_wins_whole_deals_that_replay():
    for deal in (2, 7, 9):
        state, _ = GAME.new_state(deal)
        result = search_only(state, 200_000)
        assert result.status == WON, deal
        assert api.replay({"game": "parterre", "deal": deal, "moves": result.moves})["status"] == "won"


def exhaust(state: State, slack: int = 1, runs: bool = True, limit: int = 10**6, cut: bool = False
            ) -> tuple[str, list[str], int]:
    """The second phase (`own._exhaust`) alone from an engine position: (status, engine ids of its win, positions);
    without the cut of blocked positions unless asked (the models' own rules are compared here)."""
    model, slot_of, fpile = own._from_engine(GAME, state)
    origin = own._Model([list(b) for b in model.beds], model.bq, list(model.found))
    root: list = []
    model.safe_plays(root)
    status, line, nodes = own._exhaust(model, limit, None, slack, runs, cut)
    ids = own._ids(GAME, origin, slot_of, fpile, root + line) if status == WON else []
    return status, ids, nodes


def test_the_exhaustive_phase_with_the_slack_and_the_runs_gets_the_brute_force_verdicts():
    """The slack-1 safe rule and the bouquet runs (`_why_safe`, `_why_runs`) change no verdict: lost and won as
    brute force says, on late positions (some with three bouquet cards, where both rules fire) and reduced deals;
    each win replays in the engine; and the rules do cut positions of lost cases (so the check has teeth)."""
    cases = [(late(seed), seed in WON_SEEDS) for seed in LOST_SEEDS + WON_SEEDS]  # verdicts: brute force's, above
    cases += [(late(seed, 5, 7, 3), None) for seed in (1, 3, 4, 5, 8, 9, 10, 11)]
    cases += [(reduced.parterre(seed, up_to=9)[1], None) for seed in range(1, 9)]
    cut = 0
    for state, winnable in cases:
        if winnable is None:
            winnable = brute.winnable(GAME, state)
        before = state.key()
        status, ids, nodes = exhaust(state)
        assert state.key() == before
        assert status == (WON if winnable else LOST)
        if status == WON:
            assert replays(state, ids)
        else:
            weak_status, _, weak_nodes = exhaust(state, 0, False)
            assert weak_status == LOST and nodes <= weak_nodes
            cut += nodes < weak_nodes
    assert cut >= 2


def test_the_stronger_model_keeps_the_weaker_ones_verdicts_on_larger_bouquets():
    """On late positions with up to six bouquet cards (too large for brute force, where runs are long), the
    exhaustive search with and without the slack and the runs agrees, won and lost."""
    verdicts = set()
    for seed in range(1, 16):
        state = late(seed, 4, 6, 6)
        strong, ids, _ = exhaust(state, limit=200_000)
        weak, _, _ = exhaust(state, 0, False, limit=200_000)
        if UNKNOWN in (strong, weak):
            continue
        assert strong == weak, seed
        verdicts.add(strong)
        if strong == WON:
            assert replays(state, ids), seed
    assert verdicts == {WON, LOST}


def test_a_blocked_position_is_one_brute_force_loses_and_the_cut_keeps_every_verdict():
    """`_blocked` calls no position blocked that brute force wins, and calls some it loses blocked (so the check
    has teeth); the exhaustive phase with the cut gets brute force's verdict, with no more positions than
    without, and wins that replay in the engine."""
    cases = [(late(seed), seed in WON_SEEDS) for seed in LOST_SEEDS + WON_SEEDS]  # brute force's, above
    cases += [(late(seed, 5, 7, 3), None) for seed in (1, 3, 4, 5, 8, 9, 10, 11)]
    cases += [(reduced.parterre(seed, up_to=9)[1], None) for seed in range(1, 9)]
    blocked = fewer = 0
    for state, winnable in cases:
        if winnable is None:
            winnable = brute.winnable(GAME, state)
        model = own._from_engine(GAME, state)[0]
        model.safe_plays([])
        if own._blocked(model):
            assert not winnable
            blocked += 1
        status, ids, nodes = exhaust(state, cut=True)
        assert status == (WON if winnable else LOST)
        if status == WON:
            assert replays(state, ids)
        _, _, uncut = exhaust(state)
        assert nodes <= uncut
        fewer += nodes < uncut
    assert blocked >= 3 and fewer >= 3


def test_no_position_on_a_winning_line_is_blocked_and_every_blocked_one_met_is_lost():
    """On the winning lines of whole deals (the exhaustive phase's, without the cut) every position is won, and
    `_blocked` says none of them is blocked; positions met in random play of whole deals that it calls blocked
    are lost by the exhaustive search without the cut (none won), and there are such positions."""
    on_lines = 0
    for deal in (5, 7, 55, 4, 15, 23):
        state, _ = GAME.new_state(deal)
        model = own._from_engine(GAME, state)[0]
        model.safe_plays([])
        status, line, _ = own._exhaust(model, 200_000, None, cut=False)
        assert status == WON, deal
        for m in own._positions_on(model, line):
            assert not own._blocked(m), deal
            on_lines += 1
    assert on_lines > 300
    rng = SplitMix64(5)
    blocked = 0
    for deal in range(1, 41):
        state, _ = GAME.new_state(deal)
        m = own._from_engine(GAME, state)[0]
        m.safe_plays([])
        for _ in range(60):
            if own._blocked(m):
                blocked += 1
                assert own._exhaust(m, 300_000, None, cut=False)[0] == LOST, deal
                break
            moves = own._moves(m)
            if not moves:
                break
            m.play(moves[rng.below(len(moves))])
    assert blocked >= 5


def test_a_budget_beyond_the_node_limit_goes_to_the_exhaustive_phase(monkeypatch):
    """Up to NODE_LIMIT the search is the probe and the best-first search (the table's verdicts); the rest of a
    larger budget proves a loss the first phase alone leaves unknown, with the node count honoured."""
    monkeypatch.setattr(own, "NODE_LIMIT", 2000)
    state = late(11, 5, 7, 3)  # lost (brute force, above): 5520 positions on the stronger model, 7488 on the weaker
    first = own.solve(GAME, state, 2000, None)
    assert first.status == UNKNOWN and first.nodes <= 2001
    both = own.solve(GAME, state, 40_000, None)
    assert both.status == LOST and 2000 < both.nodes <= 40_001
