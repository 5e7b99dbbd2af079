"""Parterre's exhaustive phase compiled (native/parterre) against the Python phase (`parterre._exhaust`): the same
verdicts, the same counts of positions and the same winning lines, on whole deals (won, lost, and cut by the node
limit) and on positions in mid-game with links in the beds; and the solver's wins through it replay in the engine.

The binary is optional (`bash run.sh setup` builds it when cargo is present): without it these tests are skipped,
and the solver runs the Python phase."""
from __future__ import annotations

import pytest

from pipeline.engine import registry
from pipeline.engine.rng import SplitMix64
from pipeline.solve.games import parterre as P
from pipeline.solve.games import parterre_native as N
from pipeline.solve.search import LOST, UNKNOWN, WON
from pipeline.solve.stats import replays_to_a_win

pytestmark = pytest.mark.skipif(not N.available(), reason="native/parterre is not built (bash run.sh setup builds "
                                "it when cargo is present; PARTERRE_NATIVE=0 switches it off)")

GAME = registry.get("parterre")
# deals whose exhaustive phase from the start ends within a few thousand positions: lost, won, lost, …
SETTLED = (3, 4, 7, 15, 22, 23, 37, 41, 42, 44, 67)


def start(deal: int) -> P._Model:
    """The model of the deal as the solver searches it (its safe plays made)."""
    state, _ = GAME.new_state(deal)
    m = P._from_engine(GAME, state)[0]
    m.safe_plays([])
    return m


def both(m: P._Model, limit: int, slack: int = 1, runs: bool = True, cut: bool = True):
    before = (m.key(), m.bq, list(m.links))
    py = P._exhaust(m, limit, None, slack, runs, cut)
    assert (m.key(), m.bq, list(m.links)) == before
    native = N.exhaust(m, limit, None, slack, runs, cut)
    return py, native


@pytest.mark.parametrize("deal", SETTLED)
def test_same_verdict_positions_and_line_on_whole_deals(deal):
    py, native = both(start(deal), 20_000)
    assert py[0] in (WON, LOST)
    assert native == py


def test_both_lost_and_won_deals_are_in_the_set():
    verdicts = {P._exhaust(start(d), 20_000, None)[0] for d in SETTLED}
    assert verdicts == {WON, LOST}


@pytest.mark.parametrize("deal", (1, 2))
def test_same_count_when_the_limit_cuts_the_search(deal):
    py, native = both(start(deal), 3_000)
    assert py == native == (UNKNOWN, [], 3_000)


def test_same_with_and_without_the_cut_of_blocked_positions():
    """The cut (`parterre._blocked`, its own fixpoint in the binary) leaves both phases alike, on and off, and
    does cut: deal 49 is blocked from the start, deals 26 and 52 need fewer positions."""
    counts = {}
    for deal in (49, 26, 52, 37, 4):
        for cut in (True, False):
            py, native = both(start(deal), 80_000, cut=cut)
            assert native == py, (deal, cut)
            counts[deal, cut] = py[0], py[2]
    assert counts[49, True] == (LOST, 0) and counts[49, False][0] == LOST
    for deal in (26, 52):
        assert counts[deal, True][0] == counts[deal, False][0] == LOST
        assert counts[deal, True][1] < counts[deal, False][1]


@pytest.mark.parametrize("slack, runs", ((0, False), (0, True), (1, False)))
def test_same_on_the_weaker_models(slack, runs):
    for deal in (37, 44, 4):
        py, native = both(start(deal), 20_000, slack, runs)
        assert native == py, (deal, slack, runs)


def test_same_in_mid_game_with_links_on_the_beds():
    """Positions after random model moves (chains laid, links moved, cards up), each searched by both."""
    rng = SplitMix64(7)
    with_links = 0
    for deal in range(1, 31):
        m = P._Model(*_copy(start(deal)), slack=1, runs=True)
        for _ in range(rng.below(30)):
            moves = P._moves(m)
            if not moves:
                break
            m.play(moves[rng.below(len(moves))])
        with_links += any(m.links)
        m = P._Model(*_copy(m))  # as `_search` hands it over: the first phase's model
        py, native = both(m, 1_500)
        assert native == py, deal
    assert with_links >= 5


def _copy(m: P._Model):
    return [list(b) for b in m.beds], m.bq, list(m.found)


@pytest.mark.parametrize("deal", (4, 37, 15))
def test_the_solver_gives_the_same_answer_with_and_without_it(deal, monkeypatch):
    """The whole solver with a small first phase, so that the exhaustive phase decides: the same status and node
    count with the binary as without, and its win replays through the engine."""
    monkeypatch.setattr(P, "NODE_LIMIT", 300)
    state, _ = GAME.new_state(deal)
    with_it = P.solve(GAME, state, 20_000, None)
    monkeypatch.setenv("PARTERRE_NATIVE", "0")
    assert not N.available()
    without = P.solve(GAME, state, 20_000, None)
    assert (with_it.status, with_it.nodes, with_it.moves) == (without.status, without.nodes, without.moves)
    assert with_it.status in (WON, LOST) and with_it.nodes > 300  # the exhaustive phase decided
    if with_it.status == WON:
        assert replays_to_a_win("parterre", deal, with_it.moves)


def test_a_bad_input_is_one_line_on_stderr():
    import subprocess

    done = subprocess.run([str(N.BINARY)], input="1 1 x", capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "not a number" in done.stderr


# The whole search (`parterre._search`: probe, best-first, exhaustive phase) compiled, against `_search_py` with a
# first phase of 6000 positions and 12 000 in all. Deals chosen where each phase decides (from a Python run):
# the probe wins 18, 20, 29; the best-first search wins 4, 7, 14 and proves 3, 37, 44 lost; the exhaustive
# phase wins 15, 23; 1 and 9 stay unknown.
PHASES = (18, 20, 29, 4, 7, 14, 3, 37, 44, 15, 23, 1, 9)


def both_searches(m: P._Model, limit: int, first: int, monkeypatch, safe: bool = True):
    """(Python, native) `_search` of `m`: the binary's, then the Python reference with the binary switched off."""
    monkeypatch.setattr(P, "NODE_LIMIT", first)
    monkeypatch.setattr(P, "SAFE", safe)
    before = (m.key(), m.bq, list(m.links))
    native = P._search(m, limit, None)
    assert (m.key(), m.bq, list(m.links)) == before
    monkeypatch.setenv("PARTERRE_NATIVE", "0")
    py = P._search(m, limit, None)
    monkeypatch.delenv("PARTERRE_NATIVE")
    return py, native


@pytest.mark.parametrize("deal", PHASES)
def test_the_whole_search_gives_the_same_verdict_positions_and_line(deal, monkeypatch):
    py, native = both_searches(start(deal), 12_000, 6_000, monkeypatch)
    assert native == py


def test_the_whole_search_covers_every_phase_and_verdict(monkeypatch):
    """The deals of PHASES do reach each phase: the probe alone, the best-first search, the exhaustive phase."""
    monkeypatch.setenv("PARTERRE_NATIVE", "0")
    monkeypatch.setattr(P, "NODE_LIMIT", 6_000)
    seen = set()
    for deal in PHASES:
        status, _, nodes = P._search(start(deal), 12_000, None)
        phase = "probe" if nodes <= 600 and status == WON else "best-first" if nodes <= 6_001 else "exhaustive"
        seen.add((phase, status))
    assert {("probe", WON), ("best-first", WON), ("best-first", LOST), ("exhaustive", WON),
            ("exhaustive", UNKNOWN)} <= seen


def test_the_whole_search_is_the_same_in_mid_game_and_without_the_safe_plays(monkeypatch):
    """Positions after random model moves (links on the beds), with the safe rule on and off."""
    rng = SplitMix64(11)
    for deal in range(60, 72):
        m = P._Model(*_copy(start(deal)))
        for _ in range(rng.below(25)):
            moves = P._moves(m)
            if not moves:
                break
            m.play(moves[rng.below(len(moves))])
        m = P._Model(*_copy(m))
        for safe in (True, False):
            py, native = both_searches(m, 3_000, 1_500, monkeypatch, safe)
            assert native == py, (deal, safe)
