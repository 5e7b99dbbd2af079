"""Time ``mkdocs build --strict`` of the committed edition (the site build the tests run), a few times.

Prints each run's wall time and the median, with the machine's load average beside it (on a shared machine the
wall clock says little: compare figures taken at a similar load).
Usage: .venv/bin/python benchmarks/site_build.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_once(out: Path) -> float:
    env = dict(os.environ, EDITION_DIR=str(ROOT / "edition"), NO_MKDOCS_2_WARNING="1")
    exe = ROOT / ".venv" / "bin" / "mkdocs"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "mkdocs"]
    start = time.perf_counter()
    proc = subprocess.run(cmd + ["build", "--strict", "-q", "-d", str(out)], cwd=ROOT, env=env,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"mkdocs build --strict failed:\n{proc.stderr[-2000:]}")
    return seconds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.repeat):
            times.append(build_once(Path(tmp) / f"site{i}"))
            print(f"run {i + 1}: {times[-1]:.2f} s (load {os.getloadavg()[0]:.1f})")
    print(f"mkdocs build --strict of edition/: median {statistics.median(times):.2f} s over {len(times)} runs")


if __name__ == "__main__":
    main()
