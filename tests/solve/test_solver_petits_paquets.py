"""Маленькіе пакеты's own solver (pipeline/solve/games/petits_paquets.py): its verdicts are the engine's brute
force's on small positions near the end, its loss proof never condemns a position brute force wins, and its
wins replay in the engine."""
from __future__ import annotations

import brute
import reduced

from pipeline.engine import registry
from pipeline.engine.core import State
from pipeline.solve.games import petits_paquets as own
from pipeline.solve.search import LOST, WON

GAME = registry.get("petits-paquets")


def test_the_verdicts_equal_brute_force_and_the_loss_proof_never_condemns_a_win():
    verdicts, condemned = [], 0
    for seed in range(1, 81):
        game, state = reduced.petits_paquets(seed)
        before = state.key()
        expected = WON if brute.winnable(game, state, 200_000) else LOST
        result = own.solve(game, state, 1_000_000)
        assert state.key() == before
        assert result.status == expected, seed
        hopeless = own.Model(game, state).hopeless()
        assert not (hopeless and expected == WON), seed
        condemned += hopeless
        verdicts.append(expected)
        if expected == WON:  # the line replays to a win through the engine
            for move_id in result.moves:
                game.apply(state, next(m for m in game.legal_moves(state) if m.id == move_id))
            assert game.won(state), seed
    assert {WON, LOST} <= set(verdicts) and condemned > 0


def _spades_position(redeals: int) -> State:
    """Every suit but spades up; spades: the upper king holds the ace and the two (it wants the three), the lower
    the queen down to the six (it wants the five). Packet 1 holds, bottom first, both threes, both fives and a
    four on top; the other spades left (the fours, the sixes .. queens of the first pack, the ace and two of the
    second) are in the thirteenth packet and packet 2."""
    piles: list[list[int]] = [[] for _ in GAME.names]
    for s in range(1, 4):
        piles[GAME.ups[s]] = [s * 13 + 12] + [s * 13 + q for q in range(12)]
        piles[GAME.downs[s]] = [52 + s * 13 + 12] + [52 + s * 13 + q for q in range(11, -1, -1)]
    piles[GAME.ups[0]] = [12, 0, 1]  # K, A, 2 (rank q + 1 is card q)
    piles[GAME.downs[0]] = [52 + 12] + [52 + q for q in range(11, 4, -1)]  # K, Q .. 6
    piles[GAME.packets[0]] = [2, 52 + 2, 4, 52 + 4, 3]  # 3, 3, 5, 5, then the 4 on top
    rest = [52 + 3] + [q for q in range(5, 12)] + [52 + 0, 52 + 1]
    for place, card in zip(GAME.thirteenth, rest[:8]):
        piles[place] = [card]
    piles[GAME.packets[1]] = rest[8:]
    down = [0] * len(GAME.names)
    return State(GAME.slug, 0, piles, down, {"phase": "play", "to_move": 0, "players": 1, "rows": 8,
                                             "redeals": redeals})


def test_a_card_over_every_copy_of_the_ranks_both_its_foundations_need_first_is_stuck_after_the_second_deal():
    """The four of spades lies over both threes (the upper king wants the three before it) and both fives (the
    lower king wants the five before it): once the second deal is made nothing can move it, and the search
    condemns the position without a move; brute force agrees it is lost."""
    state = _spades_position(redeals=1)
    assert own.Model(GAME, state).hopeless()
    assert not brute.winnable(GAME, state)
    assert own.solve(GAME, state, 1000).status == LOST


def test_before_the_second_deal_the_same_packet_is_not_condemned():
    """Rule III: the gathering and the new rows can put the four anywhere, so the loss proof must not fire."""
    assert not own.Model(GAME, _spades_position(redeals=0)).hopeless()


def test_with_a_five_left_free_the_lower_way_is_open():
    state = _spades_position(redeals=1)
    packet = state.piles[GAME.packets[0]]
    packet.remove(52 + 4)  # one five out of the packet, onto packet 2's top
    state.piles[GAME.packets[1]].append(52 + 4)
    assert not own.Model(GAME, state).hopeless()
