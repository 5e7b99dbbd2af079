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


def both(m: P._Model, limit: int, slack: int = 1, runs: bool = True):
    before = (m.key(), m.bq, list(m.links))
    py = P._exhaust(m, limit, None, slack, runs)
    assert (m.key(), m.bq, list(m.links)) == before
    native = N.exhaust(m, limit, None, slack, runs)
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
