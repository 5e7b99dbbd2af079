"""Synthetic noise: known confusions and random letter errors injected into clean pre-reform text."""
import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[3] / "benchmarks" / "correct.py"


def _bench():
    spec = importlib.util.spec_from_file_location("benchmark_correct", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_injected_errors_are_fixed_and_clean_words_kept():
    r = _bench().run(seed=7, rate=0.05, generated=20)
    assert r["injected"] > 50
    assert r["nonword_fixed_pct"] >= 90, r
    assert r["damaged_pct"] <= 0.1, r
    assert len(r["misses"]) == r["injected"] - r["fixed"] and len(r["damages"]) == r["damaged"]


def test_pre_reform_generation_from_morphology():
    bench = _bench()
    forms = set(bench.prereform_forms())
    assert {"краснаго", "карты", "картъ", "мѣсто", "красныя"} <= forms
