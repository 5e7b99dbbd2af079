"""Time `edition build` on the sources and on N-fold synthetic corpora (the seeds re-cut N times).

Prints seconds for the text stages (ingest → spelling, OCR correction included) and for the whole build (with
emitting);
the N-fold figures show how the build scales: ideally N times the 1× time.
Usage: .venv/bin/python benchmarks/build.py [--sizes 1 10 100] [--repeat 3]
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from pipeline.text import build, synthetic

ROOT = Path(__file__).resolve().parents[1]


def corpus(n: int, dest: Path) -> Path:
    src = dest / "source"
    shutil.copytree(ROOT / "source" / "editorial", src / "editorial")
    (src / "witnesses").mkdir(parents=True)
    seeds = [synthetic.paragraphs(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "source/witnesses").glob("*"))]
    for k in range(n):
        for name, data in synthetic.recut(seeds, seed=k).items():
            (src / "witnesses" / f"{k:03d}-{name}").write_bytes(data)
    return src


def timed(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="*", default=[1, 10, 100])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    build.build(ROOT / "source")  # warm: morphology dictionaries, imports
    t_text = timed(lambda: build.read(ROOT / "source"), args.repeat)
    t_all = timed(lambda: build.build(ROOT / "source"), args.repeat)
    print(f"sources (5 witnesses): text stages {t_text:.2f} s, whole build {t_all:.2f} s")
    base = None
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            src = corpus(n, Path(tmp) / f"x{n}")
            files = len(list((src / "witnesses").iterdir()))
            t = timed(lambda: build.read(src), 1 if n > 10 else args.repeat)
            whole = timed(lambda: build.build(src), 1)
            # scaling against the smallest corpus measured past 1× (1× is mostly fixed start-up costs)
            if base is None and n > 1:
                base = (n, t)
            ratio = f" = {(t / n) / (base[1] / base[0]):.2f}× linear from {base[0]}×" if base and n > base[0] else ""
            print(f"{n:4d}× corpus ({files} witnesses): text stages {t:.2f} s, per copy {t / n:.3f} s{ratio}; "
                  f"whole build {whole:.2f} s")


if __name__ == "__main__":
    main()
