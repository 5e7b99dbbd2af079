"""The Besieged City's own solver (pipeline/solve/games/besieged_city.py): its verdicts on small late-game
positions equal the brute-force reference's, a closed suit that cannot be played out is a proven loss, and deals
are won with lines that replay through the engine."""
from __future__ import annotations

import copy

import pytest
from brute import winnable

from pipeline.engine import registry
from pipeline.engine.cards import parse_card
from pipeline.engine.core import State
from pipeline.engine.games.besieged_city import ORDER
from pipeline.engine.rng import SplitMix64, shuffled
from pipeline.solve.search import LOST, WON, solve_deal, solve_state
from pipeline.solve.stats import replays_to_a_win
from pipeline.solve.games import besieged_city as own

GAME = registry.get("besieged-city")


def _state(piles: list[list[int]]) -> State:
    down = [len(p) if fd else 0 for p, fd in zip(piles, GAME.face_down)]
    return State(GAME.slug, 0, piles, down, {"phase": "play", "to_move": 0, "players": 1})


def reduced(seed: int, left: int = 9) -> State:
    """Each suit's foundation short of its last few cards (`left` in all); those cards in one-suit rampart packets
    (each suit in one to three packets), and on odd seeds a few in the reserve, the talon, the pack and the hand
    (the reserve then has spaces: the engine fills them after the next move, and so does the model)."""
    rng = SplitMix64(seed)
    piles: list[list[int]] = [[] for _ in GAME.names]
    counts = [0, 0, 0, 0]
    for _ in range(left):
        counts[rng.below(4)] += 1
    rest = []
    for s, k in enumerate(counts):
        cards = [(0 if i < 13 else 1) * 52 + s * 13 + ORDER[i] - 1 for i in range(26)]
        piles[GAME.index[f"foundation-{s + 1}"]] = cards[:26 - k]
        rest.append(shuffled(cards[26 - k:], seed * 4 + s + 1))
    outside: list[int] = []
    if seed % 2:
        for s in range(4):
            if rest[s] and rng.below(2):
                outside.append(rest[s].pop())
    ramparts = GAME.group("rampart")
    for cards in rest:
        if not cards:
            continue
        places = [ramparts[rng.below(14)] for _ in range(1 + rng.below(3))]
        for c in cards:
            free = [p for p in places if not piles[p] or piles[p][0] % 52 // 13 == c % 52 // 13]
            free = free or [p for p in ramparts if not piles[p]]
            piles[free[0 if len(free) < 2 else rng.below(len(free))]].append(c)
    reserve = GAME.group("reserve")
    for c in outside:
        where = rng.below(4)
        if where == 0 and not piles[GAME.index["hand"]]:
            piles[GAME.index["hand"]].append(c)
        elif where == 1:
            piles[GAME.index["talon"]].append(c)
        elif where == 2:
            piles[GAME.index["stock"]].append(c)
        else:
            piles[reserve[rng.below(12)]].append(c)
    for r in reserve:  # one card a reserve place
        while len(piles[r]) > 1:
            piles[GAME.index["talon"]].append(piles[r].pop())
    return _state(piles)


@pytest.mark.parametrize("seeds", [range(0, 40)])
def test_verdicts_on_reduced_positions_equal_the_brute_force_verdicts(seeds):
    verdicts = set()
    for seed in seeds:
        state = reduced(seed)
        truth = winnable(GAME, copy.deepcopy(state))
        result = solve_state(GAME, state, node_limit=200_000)
        assert result.status in (WON, LOST), seed
        assert (result.status == WON) == truth, seed
        if result.status == WON:
            replay = copy.deepcopy(state)
            for move_id in result.moves:
                GAME.apply(replay, next(m for m in GAME.legal_moves(replay) if m.id == move_id))
            assert GAME.won(replay), seed
        verdicts.add(result.status)
    assert verdicts == {WON, LOST}


def _position(**piles: list[str]) -> State:
    cards = [[] for _ in GAME.names]
    for name, ids in piles.items():
        cards[GAME.index[name.replace("_", "-")]] = [parse_card(c) for c in ids]
    return _state(cards)


def _home_but(suit: str, last: int = 0) -> list[str]:
    """A foundation of `suit` holding all but its last `last` cards (pack 1's copy first)."""
    ranks = "A23456789TJQK"
    return [f"{ranks[ORDER[i] - 1]}{suit}{1 if i < 13 else 2}" for i in range(26 - last)]


def test_a_closed_suit_that_cannot_be_played_out_is_a_proven_loss():
    # the last three spades (2, K, A due in that order) in one packet with the ace on top: no other spade packet
    # to move them to, and no spade can come from elsewhere — lost, though the pack still holds a heart
    state = _position(foundation_1=_home_but("S", 3), foundation_2=_home_but("H", 2), foundation_3=_home_but("D"),
                      foundation_4=_home_but("C"), rampart_1=["KS2", "2S2", "AS2"], rampart_2=["AH2"],
                      stock=["KH2"])
    model = own.Model(GAME, state)
    assert own.suit_line(model, 0) is False
    assert own.closed_suits(model, {}) is False
    assert solve_state(GAME, state, node_limit=1000).status == LOST


def test_closed_suits_that_can_be_played_out_give_the_rest_of_the_line():
    # Q, 2, K, A due; the two lies on the queen: it goes on the king (2 follows K in the order of play) first
    state = _position(foundation_1=_home_but("S", 4), foundation_2=_home_but("H"), foundation_3=_home_but("D"),
                      foundation_4=_home_but("C"), rampart_1=["AS2", "KS2"], rampart_5=["QS2", "2S2"])
    line = own.closed_suits(own.Model(GAME, state), {})
    assert line and sum(kind == own.PLAY for kind, _, _ in line) == 4
    result = solve_state(GAME, state, node_limit=100)
    assert result.status == WON and result.nodes <= 1
    replay = copy.deepcopy(state)
    for move_id in result.moves:
        GAME.apply(replay, next(m for m in GAME.legal_moves(replay) if m.id == move_id))
    assert GAME.won(replay)


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_deals_are_won_with_lines_that_replay_through_the_engine(deal):
    result = solve_deal(GAME.slug, deal, node_limit=own.NODE_LIMIT)
    assert result.status == WON
    assert replays_to_a_win(GAME.slug, deal, result.moves)


def test_the_model_lists_the_engines_moves_on_reduced_positions():
    for seed in range(40):
        state = reduced(seed)
        assert own.legal_ids(GAME, state) == {m.id for m in GAME.legal_moves(state)}, seed


def test_late_positions_of_a_won_deal_get_the_brute_force_verdict():
    """Positions up to 14 moves before the end of deal 1's winning line, each after a few random (seeded) moves."""
    line = solve_deal(GAME.slug, 1, node_limit=own.NODE_LIMIT).moves
    rng = SplitMix64(1)
    verdicts = set()
    for back in range(1, 15):
        state, _ = GAME.new_state(1)
        for move_id in line[:-back]:
            GAME.apply(state, next(m for m in GAME.legal_moves(state) if m.id == move_id))
        for _ in range(rng.below(5)):
            moves = GAME.legal_moves(state)
            if not moves:
                break
            GAME.apply(state, moves[rng.below(len(moves))])
        state.history.clear()
        got = solve_state(GAME, state, 10**6).status
        assert got == (WON if winnable(GAME, state) else LOST), back
        verdicts.add(got)
    assert WON in verdicts


def test_a_closed_suits_line_names_the_packets_where_they_lie():
    # the same spade packets in other ramparts: the cached line of the first position must not serve the second
    piles = {"foundation_1": _home_but("S", 4), "foundation_2": _home_but("H"), "foundation_3": _home_but("D"),
             "foundation_4": _home_but("C")}
    cache: dict = {}
    for one, two in (("rampart_1", "rampart_5"), ("rampart_7", "rampart_3")):
        state = _position(**piles, **{one: ["AS2", "KS2"], two: ["QS2", "2S2"]})
        line = own.closed_suits(own.Model(GAME, state), cache)
        used = {f"rampart_{a + 1}" for kind, a, b in line} | {f"rampart_{b + 1}" for kind, a, b in line
                                                                if kind == own.MARRY}
        assert used == {one, two}
