"""The winnability benchmark's bookkeeping when unknown deals are solved again or more deals are added."""
import importlib.util
from pathlib import Path

import pytest

from pipeline.solve.stats import Tally

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


def test_a_rerun_refuses_an_entry_that_lost_track_of_its_unknown_deals(monkeypatch):
    monkeypatch.setattr(bench, "node_limit", lambda slug: 100)
    monkeypatch.setattr(bench, "solver_method", lambda slug: "m")
    entry = {"deals": 100, "won": 40, "lost": 0, "unknown": 60, "unknown_deals": list(range(1, 51)),
             "node_limit": 100, "solver": "m", "seconds": 1.0, "seconds_per_deal": 0.01}
    with pytest.raises(SystemExit, match="lists 50 of its 60 unknown deals"):
        bench.rerun_unknown("windmill", entry, 1000, 60.0, 1)
    with pytest.raises(SystemExit, match="another solver"):
        bench.rerun_unknown("windmill", {**entry, "solver": "older"}, 1000, 60.0, 1)


def test_a_rerun_names_its_own_python_and_keeps_the_one_that_solved_the_entry(monkeypatch):
    monkeypatch.setattr(bench, "node_limit", lambda slug: 100)
    monkeypatch.setattr(bench, "solver_method", lambda slug: "m")
    monkeypatch.setattr(bench, "interpreter", lambda: "PyPy 3.9.16")
    monkeypatch.setattr(bench, "solve_deals", lambda slug, deals, nodes, timeout, jobs: Tally(
        deals=2, won=1, lost=0, unknown=1, seconds=4.0, unknown_deals=[9]))
    entry = {"deals": 10, "won": 8, "lost": 0, "unknown": 2, "unknown_deals": [3, 9], "node_limit": 100,
             "solver": "m", "seconds": 5.0, "seconds_per_deal": 0.5, "interpreter": "CPython 3.11.7"}
    again = bench.rerun_unknown("windmill", entry, 1000, 60.0, 1)
    assert (again["won"], again["unknown"], again["unknown_deals"]) == (9, 1, [9])
    assert again["interpreter"] == "CPython 3.11.7"  # the first 10 deals' seconds are still CPython's
    assert again["reruns"][-1]["interpreter"] == "PyPy 3.9.16"


def test_a_rerun_records_what_the_solver_adds_beyond_its_node_limit(monkeypatch):
    monkeypatch.setattr(bench, "node_limit", lambda slug: 100)
    monkeypatch.setattr(bench, "solver_method", lambda slug: "m")
    monkeypatch.setattr(bench, "solve_deals", lambda slug, deals, nodes, timeout, jobs: Tally(
        deals=1, won=0, lost=1, unknown=0, seconds=1.0, unknown_deals=[]))
    entry = {"deals": 10, "won": 9, "lost": 0, "unknown": 1, "unknown_deals": [3], "node_limit": 100,
             "solver": "m", "seconds": 5.0, "seconds_per_deal": 0.5}
    monkeypatch.setattr(bench, "rerun_method", lambda slug: "a proof of loss")
    told = bench.rerun_unknown("windmill", entry, 1000, 60.0, 1)
    assert told["reruns"][-1]["solver"] == "a proof of loss" and told["solver"] == "m"  # METHOD still the entry's
    monkeypatch.setattr(bench, "rerun_method", lambda slug: None)
    assert "solver" not in bench.rerun_unknown("windmill", entry, 1000, 60.0, 1)["reruns"][-1]
    assert "note" not in bench.rerun_unknown("windmill", entry, 1000, 60.0, 1)["reruns"][-1]
    assert bench.rerun_unknown("windmill", entry, 1000, 9.0, 1, "9 s a deal")["reruns"][-1]["note"] == "9 s a deal"
    monkeypatch.undo()  # the real modules: a solver that declares what its larger budgets add has it read
    assert bench.rerun_method("windmill") and "loss" in bench.rerun_method("windmill")


def test_an_extended_entry_names_every_python_that_solved_its_deals():
    assert bench.interpreters({"interpreter": "CPython 3.11.7"}, "PyPy 3.9.16") == "CPython 3.11.7, PyPy 3.9.16"
    assert bench.interpreters({"interpreter": "PyPy 3.9.16"}, "PyPy 3.9.16") == "PyPy 3.9.16"
    assert bench.interpreters(None, "CPython 3.11.7") == "CPython 3.11.7"


def test_the_table_file_keeps_deal_lists_on_one_line_and_reads_back_the_same():
    import json

    table = {"shah": {"unknown_deals": [1, 2, 30], "won": 3, "reruns": [{"node_limit": 5}]}, "clock": {"won": 1}}
    text = bench.dumps(table)
    assert '"unknown_deals": [1, 2, 30]' in text and text.index('"clock"') < text.index('"shah"')
    assert json.loads(text) == table


def test_an_entry_computed_under_other_rules_is_neither_extended_nor_rerun():
    from pipeline.engine import registry
    entry = {"deals": 10, "won": 5, "lost": 0, "unknown": 5, "unknown_deals": [1, 2, 3, 4, 5],
             "rules_fingerprint": "0" * 16}
    with pytest.raises(SystemExit, match="computed under other rules"):
        bench.check_same_rules("windmill", entry)
    bench.check_same_rules("windmill", {**entry, "rules_fingerprint": registry.get("windmill").fingerprint()})
    bench.check_same_rules("windmill", {k: v for k, v in entry.items() if k != "rules_fingerprint"})


def test_a_rerun_of_named_deals_solves_only_those_and_says_so(monkeypatch):
    monkeypatch.setattr(bench, "node_limit", lambda slug: 100)
    monkeypatch.setattr(bench, "solver_method", lambda slug: "m")
    asked = []

    def solve_deals(slug, deals, nodes, timeout, jobs):
        asked.append(list(deals))
        return Tally(deals=len(deals), won=0, lost=1, unknown=0, seconds=1.0, unknown_deals=[])

    monkeypatch.setattr(bench, "solve_deals", solve_deals)
    entry = {"deals": 10, "won": 7, "lost": 0, "unknown": 3, "unknown_deals": [3, 5, 8], "node_limit": 100,
             "solver": "m", "seconds": 5.0, "seconds_per_deal": 0.5}
    again = bench.rerun_unknown("windmill", entry, 1000, 60.0, 1, only=[5])
    assert asked == [[5]]
    assert (again["lost"], again["unknown"], again["unknown_deals"]) == (1, 2, [3, 8])
    assert again["reruns"][-1]["only"] == [5] and again["reruns"][-1]["deals"] == 1
    with pytest.raises(SystemExit, match="not among"):
        bench.rerun_unknown("windmill", entry, 1000, 60.0, 1, only=[4])


def test_a_prefix_solver_settles_the_same_deals_at_the_largest_budget_as_through_the_schedule(monkeypatch):
    """Parterre declares BUDGET_PREFIX: its unknown deals solved once at the largest rerun budget end as the
    schedule of reruns leaves them (won, lost, unknown), on deals of which some settle at each stage."""
    from pipeline.solve.games import parterre
    from pipeline.solve.stats import solve_deals

    monkeypatch.setattr(parterre, "NODE_LIMIT", 2000)
    reruns = [{"node_limit": 3000, "timeout": 60.0}, {"node_limit": 6000, "timeout": 60.0},
              {"node_limit": 12_000, "timeout": 60.0}]
    fresh = solve_deals("parterre", range(1, 41), 2000, 60.0)
    one = bench.through_reruns("parterre", fresh, reruns, 1)
    monkeypatch.setattr(parterre, "BUDGET_PREFIX", False)
    staged, settled_at = fresh, []
    for rerun in reruns:
        before = staged.unknown
        staged = bench.through_reruns("parterre", staged, [rerun], 1)
        settled_at.append(before - staged.unknown)
    assert (one.won, one.lost, one.unknown, one.unknown_deals) == (staged.won, staged.lost, staged.unknown,
                                                                  staged.unknown_deals)
    assert sum(1 for n in settled_at if n) >= 2 and staged.unknown > 0  # settled at two stages, some left
