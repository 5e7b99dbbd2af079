"""The winnability benchmark's bookkeeping when unknown deals are solved again or more deals are added."""
import importlib.util
from pathlib import Path

import pytest

from pipeline.engine.solver_stats import Tally

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("bench_solver", ROOT / "benchmarks" / "solver.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def test_a_rerun_moves_settled_deals_and_keeps_the_rest_unknown():
    first = Tally(deals=10, won=5, lost=1, unknown=4, seconds=10.0, unknown_deals=[2, 4, 7, 9])
    again = Tally(deals=4, won=1, lost=2, unknown=1, seconds=8.0, unknown_deals=[7])
    merged = bench.merge_rerun(first, again)
    assert (merged.deals, merged.won, merged.lost, merged.unknown) == (10, 6, 3, 1)
    assert merged.unknown_deals == [7] and merged.seconds == 18.0


def test_figures_list_every_unknown_deal_and_bound_the_rate_by_them():
    tally = Tally(deals=200, won=150, lost=0, unknown=50, seconds=20.0, unknown_deals=list(range(200, 100, -2)))
    entry = bench.figures(tally, 30.0)
    assert entry["unknown_deals"] == sorted(range(102, 201, 2))  # all 50, not a sample
    assert entry["wilson_low"] < 0.75 < 0.9 < entry["wilson_high"] <= 1.0
    assert entry["interpreter"].split()[0] in {"CPython", "PyPy"}  # the seconds depend on it


def test_a_rerun_refuses_an_entry_that_lost_track_of_its_unknown_deals(monkeypatch):
    monkeypatch.setattr(bench, "node_limit", lambda slug: 100)
    monkeypatch.setattr(bench, "solver_method", lambda slug: "m")
    entry = {"deals": 100, "won": 40, "lost": 0, "unknown": 60, "unknown_deals": list(range(1, 51)),
             "node_limit": 100, "solver": "m", "seconds": 1.0, "seconds_per_deal": 0.01}
    with pytest.raises(SystemExit, match="lists 50 of its 60 unknown deals"):
        bench.rerun_unknown("windmill", entry, 1000, 60.0, 1)
    with pytest.raises(SystemExit, match="another solver"):
        bench.rerun_unknown("windmill", {**entry, "solver": "older"}, 1000, 60.0, 1)


def test_the_table_file_keeps_deal_lists_on_one_line_and_reads_back_the_same():
    import json

    table = {"shah": {"unknown_deals": [1, 2, 30], "won": 3, "reruns": [{"node_limit": 5}]}, "clock": {"won": 1}}
    text = bench.dumps(table)
    assert '"unknown_deals": [1, 2, 30]' in text and text.index('"clock"') < text.index('"shah"')
    assert json.loads(text) == table
