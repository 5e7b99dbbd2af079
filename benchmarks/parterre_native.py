"""Parterre's exhaustive phase: positions a second of the Python phase (under the interpreter that runs this) and of
the compiled one (native/parterre), on the same deals from the start, with the same node limit; checks on the way
that both give the same verdict and count. With --whole, the whole search instead (`parterre._search`: the probe
and the best-first search up to NODE_LIMIT, then the exhaustive phase), Python's against the compiled one's.

    python benchmarks/parterre_native.py [--deals 26,49,37,5,55,27] [--limit 300000] [--whole]
    pypy3 benchmarks/parterre_native.py ...

Times are CPU seconds (time.process_time for the Python phase, the child's resource usage for the binary, its start
included), so a loaded machine slows them less than wall clock would; the load average is printed beside them.
"""
from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.engine import registry  # noqa: E402
from pipeline.solve.games import parterre as P  # noqa: E402
from pipeline.solve.games import parterre_native as N  # noqa: E402


def start(deal: int) -> P._Model:
    state, _ = registry.get("parterre").new_state(deal)
    m = P._from_engine(registry.get("parterre"), state)[0]
    m.safe_plays([])
    return m


def native(m: P._Model, limit: int, whole: bool = False) -> tuple[str, int, float]:
    """(status, positions, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    first = min(limit, P.NODE_LIMIT)
    text = (N.describe_search(m, first, limit, -1, int(first * P.PLAN[0][1]), P.BF_DEPTH, P.SAFE) if whole
            else N.describe(m, limit, -1, 1, True))
    done = subprocess.run([str(N.BINARY)], input=text, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    status, _, nodes, _ = N.parse(done.stdout)
    return status, nodes, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="26,49,37,5,55,27")
    parser.add_argument("--limit", type=int, default=300_000)
    parser.add_argument("--whole", action="store_true", help="the whole search, not the exhaustive phase alone")
    args = parser.parse_args()
    if not N.available():
        raise SystemExit("native/parterre is not built: bash run.sh setup (needs cargo)")
    python = f"{platform.python_implementation()} {platform.python_version()}"
    os.environ["PARTERRE_NATIVE"] = "0"  # the Python phases below run in Python; `native` calls the binary itself
    print(f"load average {os.getloadavg()[0]:.1f} (2 cores); node limit {args.limit}; "
          f"{'the whole search' if args.whole else 'the exhaustive phase'}")
    total = {"py": [0, 0.0], "native": [0, 0.0]}
    for deal in (int(d) for d in args.deals.split(",")):
        m = start(deal)
        t = time.process_time()
        status, _, nodes = (P._search_py if args.whole else P._exhaust)(m, args.limit, None)
        py_s = time.process_time() - t
        n_status, n_nodes, n_s = native(m, args.limit, args.whole)
        if (status, nodes) != (n_status, n_nodes):
            raise SystemExit(f"deal {deal}: Python {status} {nodes}, native {n_status} {n_nodes}")
        total["py"][0] += nodes
        total["py"][1] += py_s
        total["native"][0] += n_nodes
        total["native"][1] += n_s
        print(f"deal {deal}: {status} at {nodes} positions; {python} {py_s:.2f} s ({nodes / py_s:,.0f}/s), "
              f"native {n_s:.2f} s ({n_nodes / max(n_s, 1e-9):,.0f}/s)", flush=True)
    (pn, ps), (nn, ns) = total["py"], total["native"]
    print(f"all: {pn} positions; {python} {pn / ps:,.0f}/s, native {nn / ns:,.0f}/s ({ps / ns:.1f}x); "
          f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
