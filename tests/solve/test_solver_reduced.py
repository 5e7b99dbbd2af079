"""The solver's verdicts on small positions equal an exhaustive brute-force search over the engine's own moves:
its transposition table, symmetries, safe moves and ordering never turn a win into a loss or the reverse."""
import pytest

import brute
import reduced
from pipeline.solve.search import LOST, WON, Search, solve_state

CASES = [("parterre", reduced.parterre, range(1, 41)),
         ("blockade", reduced.blockade, range(1, 31)),
         ("calculation", reduced.calculation, range(1, 31))]


@pytest.mark.parametrize("slug,make,seeds", CASES, ids=[c[0] for c in CASES])
def test_reduced_deals_get_the_brute_force_verdict_and_both_verdicts_occur(slug, make, seeds):
    verdicts = []
    for seed in seeds:
        game, state = make(seed)
        before = state.key()
        result = solve_state(game, state, node_limit=10**6)
        assert state.key() == before, "the solver must leave the position as it found it"
        expected = WON if brute.winnable(game, state) else LOST
        assert result.status == expected, f"{slug} reduced deal {seed}"
        verdicts.append(result.status)
    assert WON in verdicts
    if slug != "parterre":  # late Parterre positions small enough for brute force are all won: see below
        assert LOST in verdicts, f"{slug}: the sample should hold losses too"


@pytest.mark.parametrize("slug,make,seeds", CASES, ids=[c[0] for c in CASES])
def test_every_won_reduced_deal_is_won_by_playing_its_moves_in_the_engine(slug, make, seeds):
    for seed in seeds:
        game, state = make(seed)
        result = solve_state(game, state, node_limit=10**6)
        if result.status != WON:
            continue
        for move_id in result.moves:
            move = next((m for m in game.legal_moves(state) if m.id == move_id), None)
            assert move is not None, f"{slug} reduced deal {seed}: {move_id} is not legal"
            game.apply(state, move)
        assert game.status(state) == "won"


def test_a_parterre_position_that_only_looks_playable_is_lost():
    """The tens lie under kings, which only a space could take; the one queen in the bouquet can take a knave,
    but no bed ever empties."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from positions import position

    up = {f"foundation_{i + 1}": [f"{r}{s}1" for r in "A23456789"] for i, s in enumerate("SHDC")}
    game, state = position("parterre", bed_1=["QS1", "TS1", "KH1"], bed_2=["QD1", "TH1", "KS1"],
                           bed_3=["QC1", "TD1", "KD1"], bed_4=["TC1", "KC1"], bed_5=["JS1", "JH1"],
                           bed_6=["JD1", "JC1"], bouquet_1=["QH1"], **up)
    assert game.legal_moves(state)  # the queen can go on a king, then a knave on her
    assert not brute.winnable(game, state)
    assert solve_state(game, state, 10**6).status == LOST


def test_the_same_search_without_safe_moves_agrees_on_parterre():
    """Safe moves prune only lines that a safe move dominates: switching them off changes no verdict."""
    from dataclasses import replace

    game, _ = reduced.parterre(1)
    plain = Search(game, replace(Search(game).plan, safe=None))
    for seed in range(1, 41):
        game, state = reduced.parterre(seed, up_to=7)
        assert Search(game).solve(state, 10**6).status == plain.solve(state, 10**6).status
