"""The worker's session (pipeline/site/play/edition_play.py) under CPython: per click (one `apply`), how many times
the engine computes legal moves (`Game.legal_moves` calls) and how long the call takes, over the greedy game of a
deal, for every registered game. With --before REV the session module of that git revision is measured too (the
same engine), so a change to the session shows its figures before and after.

    python benchmarks/session.py [--game SLUG ...] [--deal 3] [--moves 60] [--before REV]

The browser runs the same code on Pyodide, a few times slower; benchmarks/browser.py times it there.
"""
from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.engine import policies, registry  # noqa: E402
from pipeline.engine.core import Game  # noqa: E402

SESSION = "pipeline/site/play/edition_play.py"


def load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


class Counter:
    """Counts Game.legal_moves calls (every game class inherits or overrides it: each override is wrapped)."""

    def __init__(self):
        self.calls = 0
        self.saved = []

    def __enter__(self):
        classes = {type(g) for g in registry.games().values()} | {Game}
        for cls in classes:
            if "legal_moves" in cls.__dict__:
                original = cls.__dict__["legal_moves"]
                self.saved.append((cls, original))

                def wrapped(game, state, _original=original):
                    self.calls += 1
                    return _original(game, state)
                setattr(cls, "legal_moves", wrapped)
        return self

    def __exit__(self, *exc):
        for cls, original in self.saved:
            setattr(cls, "legal_moves", original)


def measure(module, slug: str, deal: int, moves: list[str]) -> dict:
    module.new_game(slug, deal)
    counts, times = [], []
    with Counter() as counter:
        for move_id in moves:
            before = counter.calls
            t0 = time.perf_counter()
            module.apply(move_id)
            times.append((time.perf_counter() - t0) * 1000)
            counts.append(counter.calls - before)
    return {"legal_per_click": statistics.mean(counts), "median_ms": statistics.median(times), "max_ms": max(times)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", nargs="*")
    ap.add_argument("--deal", type=int, default=3)
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--before", help="a git revision whose session module to measure too")
    args = ap.parse_args()
    sessions = {"now": load(ROOT / SESSION, "edition_play_now")}
    tmp = None
    if args.before:
        tmp = tempfile.TemporaryDirectory()
        old = Path(tmp.name) / "edition_play_before.py"
        old.write_text(subprocess.run(["git", "show", f"{args.before}:{SESSION}"], cwd=ROOT, check=True,
                                      capture_output=True, text=True).stdout)
        sessions = {"before": load(old, "edition_play_before"), **sessions}
    print("game | " + " | ".join(f"{k}: legal moves per click, median ms, max ms" for k in sessions))
    for slug in args.game or list(registry.games()):
        _, result = policies.play(registry.get(slug), args.deal, "greedy")
        moves = result.log[:args.moves]
        cells = []
        for module in sessions.values():
            r = measure(module, slug, args.deal, moves)
            cells.append(f"{r['legal_per_click']:.2f}, {r['median_ms']:.2f}, {r['max_ms']:.1f}")
        print(f"{slug} ({len(moves)} moves) | " + " | ".join(cells), flush=True)


if __name__ == "__main__":
    main()
