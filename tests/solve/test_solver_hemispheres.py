"""Полушарія's own solver (pipeline/solve/games/hemispheres.py): its loss proof never fires on a position
the brute force can win, its exhaustive search (safe moves, merged key, loss proof) gives the brute-force verdict on
small positions, and its wins replay through the engine."""
import brute

from pipeline.engine import registry
from pipeline.engine.core import State
from pipeline.engine.rng import SplitMix64, shuffled
from pipeline.solve.search import LOST, WON, solve_state
from pipeline.solve.strategies import depth_first
from pipeline.solve.stats import replays_to_a_win
from pipeline.solve.games import hemispheres as H

GAME = registry.get("hemispheres")
# foundation piles by suit (spades, hearts, diamonds, clubs) and the barriers (rank, suit) as the engine lays them
FOUNDATIONS = {0: ("king-1", "king-2"), 1: ("ace-1", "ace-2"), 2: ("ace-3", "ace-4"), 3: ("king-3", "king-4")}
BARRIERS = {"barrier-1": (13, 1), "barrier-2": (1, 3), "barrier-3": (13, 2), "barrier-4": (1, 0)}


def face(suit: int, level: int) -> int:
    """The card of a suit at a level (rank for red suits, 14 - rank for black ones), pack 1."""
    rank = level if suit in (1, 2) else 14 - level
    return suit * 13 + rank - 1


def reduced(seed: int, most: int = 3) -> State:
    """A late position: each foundation lacks 1..`most` cards (its king or ace always: one copy of it is the
    suit's barrier); the other missing cards lie over the race piles (one a pile, in either hemisphere, now and
    then one married onto another), the talon and the pack; before the first turn on every fourth seed, and
    whenever a race pile is empty while the pack lasts (dealing, the pack would have refilled it)."""
    rng = SplitMix64(seed)
    piles: list[list[int]] = [[] for _ in GAME.names]
    free = []
    for suit, (f1, f2) in FOUNDATIONS.items():
        for pack, name in enumerate((f1, f2)):
            lack = 1 + rng.below(most)
            piles[GAME.index[name]] = [pack * 52 + face(suit, lv) for lv in range(1, 14 - lack)]
            free += [pack * 52 + face(suit, lv) for lv in range(14 - lack, 14) if lv < 13 or pack == 0]
    for name, (rank, suit) in BARRIERS.items():
        piles[GAME.index[name]] = [52 + suit * 13 + rank - 1]
    free = shuffled(free, seed)
    in_stock = rng.below(len(free) // 2 + 1)
    in_talon = rng.below(len(free) - in_stock + 1)
    piles[GAME.stock] = free[:in_stock]
    piles[GAME.talon] = free[in_stock:in_stock + in_talon]
    races = list(GAME.races)
    for c in free[in_stock + in_talon:]:
        target = next((r for r in races if piles[r] and c % 52 // 13 == piles[r][-1] % 52 // 13
                       and H.LEVEL[c % 52] + 1 == H.LEVEL[piles[r][-1] % 52]
                       and H.RED[c % 52] == (r in GAME.north)), None)
        if target is None or rng.below(2):
            spaces = [r for r in races if not piles[r]]
            target = spaces[rng.below(len(spaces))] if spaces else GAME.talon
        piles[target].append(c)
    down = [len(p) if fd else 0 for p, fd in zip(piles, GAME.face_down)]
    variables = {"phase": "play", "to_move": 0, "players": 1}
    if seed % 4 and not (piles[GAME.stock] and not all(piles[r] for r in races)):
        variables["dealing"] = True  # while the pack is dealt a space is refilled at once: none is left open
    return State("hemispheres", 0, piles, down, variables)


def positions_along(state: State, seed: int, steps: int = 6):
    """The position and those met along a random line from it (the state is restored)."""
    rng = SplitMix64(seed)
    played = 0
    yield state
    for _ in range(steps):
        moves = GAME.legal_moves(state)
        if not moves:
            break
        GAME.apply(state, moves[rng.below(len(moves))])
        played += 1
        yield state
    for _ in range(played):
        GAME.undo(state)


def test_the_loss_proof_never_fires_on_a_position_brute_force_can_win():
    fired = 0
    for seed in range(1, 46):
        state = reduced(seed)
        for st in positions_along(state, seed):
            if H.Model(GAME, st).dead():
                fired += 1
                assert not brute.winnable(GAME, st), seed
    assert fired >= 10, fired  # the proof is not idle


def test_the_exhaustive_search_gives_the_brute_force_verdict():
    """Safe moves, the merged key and the loss proof together lose no win and invent none."""
    verdicts = set()
    for seed in range(1, 46):
        state = reduced(seed)
        model = H.Model(GAME, state)
        status, line, _ = depth_first(model, model.choices, 10**7, None, lambda m: model.dead())
        assert (status == WON) == brute.winnable(GAME, state), seed
        verdicts.add(status)
    assert verdicts == {WON, LOST}


def test_the_safe_moves_are_never_the_only_way_to_lose():
    """Without its safe moves the exhaustive search reaches the same verdicts."""
    for seed in range(1, 41):
        state = reduced(seed)
        verdicts = []
        for safe in (True, False):
            model = H.Model(GAME, state)
            model.safe = safe
            verdicts.append(depth_first(model, model.choices, 10**7, None, lambda m: model.dead())[0])
        assert verdicts[0] == verdicts[1], seed


def test_solve_finds_wins_that_replay_and_proves_small_losses():
    for deal in (2, 6):
        state, _ = GAME.new_state(deal)
        result = solve_state(GAME, state, node_limit=H.NODE_LIMIT)
        assert result.status == WON and replays_to_a_win("hemispheres", deal, result.moves), deal
    lost = [seed for seed in range(1, 46) if solve_state(GAME, reduced(seed), node_limit=2000).status == LOST]
    assert len(lost) >= 5
    for seed in lost[:5]:
        assert not brute.winnable(GAME, reduced(seed)), seed


def test_a_beam_512_wide_wins_a_deal_the_narrower_ones_leave_and_it_replays():
    """Deal 1: unknown in the stored table at 100 000 positions, where the beams 2 to 256 wide all fail (216 000
    positions between them, measured); a beam 512 wide alone wins it within 90 000 positions, and the engine plays
    the line to the end."""
    state, _ = GAME.new_state(1)
    model = H.Model(GAME, state)
    before = [list(p) for p in model.P]
    assert H.BEAMS.index(512) == H.BEAMS.index(256) + 1
    line, nodes = H._beam(model, 512, 90_000, None)
    assert line is not None and nodes <= 90_000
    assert model.P == before
    assert replays_to_a_win("hemispheres", 1, [model.move_id(m) for m in line])


def test_the_disorder_counts_talon_cards_above_a_lower_card_of_their_suit():
    state, _ = GAME.new_state(1)
    model = H.Model(GAME, state)
    model.P[model.talon] = [face(1, 5), face(1, 7), face(2, 3), face(1, 4), face(1, 6), face(2, 2), face(2, 9)]
    # bottom to top: hearts 5, 7 (above the 5), 4, 6 (above the 4); diamonds 3, 2, 9 (above the 2)
    assert H._disorder(model) == 3


def test_past_the_node_limit_the_ordered_beams_win_a_deal_the_first_ones_leave_and_it_replays():
    """Deal 103: unknown in the stored table at NODE_LIMIT; a beam 8 wide ranked by the ordered score wins it
    within 4 500 positions where the same beam ranked by `_score` fails, and `solve` with a budget past NODE_LIMIT
    (its first NODE_LIMIT positions spent as at NODE_LIMIT, so more than that in all) wins it and the engine plays
    the line to the end."""
    state, _ = GAME.new_state(103)
    model = H.Model(GAME, state)
    assert H._beam(model, 8, 10_000, None, H._score)[0] is None
    line, nodes = H._beam(model, 8, 10_000, None, H._ordered_score)
    assert line is not None and nodes <= 4_500
    result = solve_state(GAME, state, node_limit=H.NODE_LIMIT + 10_000)
    assert result.status == WON and result.nodes > H.NODE_LIMIT
    assert replays_to_a_win("hemispheres", 103, result.moves)


def dealt_positions(seeds: range):
    """Reduced positions while the pack is dealt (a hemisphere's game reads only those), and those along a random
    line from each."""
    for seed in seeds:
        state = reduced(seed)
        if not state.vars.get("dealing"):
            continue
        for st in positions_along(state, seed):
            if st.vars.get("dealing"):
                yield seed, st


def test_a_hemisphere_game_is_never_lost_where_brute_force_wins():
    """`HemisphereGame` is a relaxation: of either hemisphere, it is never lost on a position the game can win."""
    fired = asked = 0
    for seed, st in dealt_positions(range(1, 121)):
        model = H.Model(GAME, st)
        verdicts = [H.HemisphereGame(model, north).lost(10**6) for north in (True, False)]
        assert None not in verdicts, seed
        asked += 1
        if any(verdicts):
            fired += 1
            assert not brute.winnable(GAME, st), seed
    assert asked >= 100 and fired >= 10, (asked, fired)  # the proof is not idle


def test_a_hemisphere_game_reads_stored_and_blocked_cards():
    """A red card alone in a southern pile is stored; a black one alone in a northern pile blocks it; the talon
    keeps only the hemisphere's cards, in their order, and the pack is the whole pack in the order it is dealt."""
    state = reduced(2)
    state.vars["dealing"] = True
    model = H.Model(GAME, state)
    north, south = model.north, model.south
    model.P[south[0]] = [face(1, 9)]
    model.P[north[0]] = [face(0, 4)]
    model.P[model.talon] = [face(1, 10), face(0, 3), face(2, 11)]
    model.P[model.stock] = [face(2, 12), face(3, 6), face(1, 13)]
    game = H.HemisphereGame(model, True)
    assert face(1, 9) in game.stored and game.piles[0] == H.BLOCKED
    assert game.talon == (face(1, 10), face(2, 11))
    assert game.pack == [face(1, 13), face(3, 6), face(2, 12)] and game.ours == [True, False, True]
    south_game = H.HemisphereGame(model, False)
    assert face(0, 4) in south_game.stored and south_game.piles[0] == H.BLOCKED
    assert south_game.talon == (face(0, 3),) and south_game.ours == [False, True, False]


def test_a_hemisphere_game_deals_the_whole_pack_in_its_order():
    """A pile emptied while the pack lasts takes the pack's next card, whatever its colour (BLOCKED if it is the
    other hemisphere's); a card of the other colour at the head of the pack is only dealt away, never to our talon
    or stored; ours goes to the talon or is stored."""
    state = reduced(2)
    state.vars["dealing"] = True
    model = H.Model(GAME, state)
    model.P[model.talon] = []
    model.P[model.stock] = [face(1, 13), face(3, 6)]  # dealt from the end: the club first, then the heart
    game = H.HemisphereGame(model, True)
    i, h, piles, talon, stored, bar = game.root()
    assert game.pack == [face(3, 6), face(1, 13)] and i == 0
    emptied = game._emptied(i, h, list(piles), 0, talon, stored, bar)
    assert [child[2][0] for child in emptied] == [H.BLOCKED] and emptied[0][0] == 1
    assert [child[2][0] for child in game._emptied(1, h, list(piles), 0, talon, stored, bar)] == [(face(1, 13),)]
    dealt = [child for child in game._children(i, h, piles, talon, stored, bar) if child[:3] == (1, h, piles)]
    assert dealt == [(1, h, piles, talon, stored, bar)]
    dealt = {child[3:5] for child in game._children(1, h, piles, talon, (), bar) if child[:3] == (2, h, piles)}
    assert dealt == {((face(1, 13),), ()), ((), (face(1, 13),))}

def test_the_layered_proof_gives_the_brute_force_verdict(monkeypatch):
    """With the hemisphere games asked at every layer, the layered proof's "lost" is never a position the game can
    win, and its wins are the brute force's."""
    monkeypatch.setattr(H, "PROOF_LAYER", 1)
    verdicts = set()
    for seed, st in dealt_positions(range(1, 61)):
        model = H.Model(GAME, st)
        status, line, _ = H.layered_proof(model, 10**7)
        assert status in (WON, LOST), seed
        assert (status == WON) == brute.winnable(GAME, st), seed
        verdicts.add(status)
    assert verdicts == {WON, LOST}


def test_a_budget_far_past_the_node_limit_asks_the_layered_proof_first_with_half_of_it(monkeypatch):
    asked = []

    def proof(model, limit, deadline=None):
        asked.append(limit)
        return LOST, [], 7

    monkeypatch.setattr(H, "layered_proof", proof)
    state, _ = GAME.new_state(113)  # unknown in the stored table at NODE_LIMIT
    result = solve_state(GAME, state, node_limit=H.NODE_LIMIT + 2 * H.PROOF_MIN)
    assert asked == [H.PROOF_MIN] and result.status == LOST
    asked.clear()
    assert solve_state(GAME, state, node_limit=H.NODE_LIMIT).status != LOST and asked == []
