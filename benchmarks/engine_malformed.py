"""Throw the fixed list of malformed calls (tests/engine/malformed.py) at the engine's API and count the outcomes:
refused with EngineError, refused with another ValueError, a raw exception (any other type), accepted (no error).

    .venv/bin/python benchmarks/engine_malformed.py
"""
from __future__ import annotations

import collections
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "engine")]

import malformed  # noqa: E402

try:
    from pipeline.engine.errors import EngineError  # noqa: E402
except ImportError:  # the engine before it had one error type
    class EngineError(Exception):
        pass


def main() -> int:
    sys.setrecursionlimit(3000)
    cases = malformed.fixed_cases()
    tally: collections.Counter = collections.Counter()
    raw: collections.Counter = collections.Counter()
    start = time.perf_counter()
    for function, args in cases:
        try:
            malformed.call(function, *args)
            tally["accepted"] += 1
        except EngineError:
            tally["EngineError"] += 1
        except ValueError:
            tally["other ValueError"] += 1
        except Exception as err:  # noqa: BLE001 - counting them is the point
            tally["raw exception"] += 1
            raw[type(err).__name__] += 1
    seconds = time.perf_counter() - start
    print(f"{len(cases)} malformed calls in {seconds:.1f} s")
    for key in ("EngineError", "other ValueError", "raw exception", "accepted"):
        print(f"  {key:17} {tally[key]}")
    if raw:
        print("  raw by type:", ", ".join(f"{k} {v}" for k, v in raw.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
