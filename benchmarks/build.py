"""Time `edition build` on the sources and on N-fold synthetic corpora (the seeds re-cut N times).

Prints seconds for a cold ``edition build`` of the sources in a fresh process (wall and CPU: imports, morphology and
lexicon loading included), for the text stages (ingest → spelling, OCR correction included) and for the whole
build (with emitting); the N-fold figures show how the build scales: ideally N times the 1× time. Each size also
prints each text stage's time, so that a stage that grows faster than the corpus stands out.
With ``--lines``, also the sources with one witness more holding a single long line: N letters without a space,
then N letters of random words (every one a new non-word): the time per 1000 letters should not grow with N.
Usage: .venv/bin/python benchmarks/build.py [--sizes 1 10 40 100] [--repeat 3] [--lines 2000 20000] [--cpu]
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pipeline.text import bookdata, build, synthetic
from pipeline.text.model import Document

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


LETTERS = "абвгдежзиклмнопрстуфхцчшщыьэюяѣі"


def with_line(n: int, spaced: bool, dest: Path) -> Path:
    """The sources and one witness more: the first lines of a witness, then a line of ``n`` random letters."""
    src = dest / "source"
    shutil.copytree(ROOT / "source", src)
    rng = random.Random(n)
    if spaced:
        line = " ".join("".join(rng.choice(LETTERS) for _ in range(rng.randint(2, 9))) for _ in range(n // 6))
    else:
        line = "".join(rng.choice(LETTERS) for _ in range(n))
    first = sorted((ROOT / "source" / "witnesses").iterdir())[0].read_text(encoding="utf-8").splitlines()
    (src / "witnesses" / "999-long-line.txt").write_text("\n".join(first[:3] + [line] + first[3:8]) + "\n",
                                                         encoding="utf-8")
    return src


CLOCK = time.perf_counter


def timed(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = CLOCK()
        fn()
        times.append(CLOCK() - t)
    return statistics.median(times)


def cold(out: Path) -> tuple[float, float]:
    """Wall and CPU seconds of ``edition build`` on the sources in a new process (what a user waits for)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([str(Path(sys.executable).with_name("edition")), "build", "--out", str(out)], cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def stage_times(source: Path) -> dict[str, float]:
    """Seconds of each text stage over ``source`` (as build.read runs them)."""
    ed = bookdata.load(source)
    doc, out = Document(), {}
    for name, stage in build.stages(source, ed):
        t = CLOCK()
        doc = stage(doc)
        out[name] = CLOCK() - t
    return out


def show_stages(times: dict[str, float]) -> str:
    return " ".join(f"{name} {t:.2f}" for name, t in times.items() if t >= 0.005)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="*", default=[1, 10, 40, 100])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--lines", type=int, nargs="*", default=[], help="lengths of the long-line cases")
    ap.add_argument("--cpu", action="store_true", help="this process's CPU time, not wall time (on a shared machine)")
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.cpu else time.perf_counter
    print(f"load: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (figures under load are not comparable)")
    with tempfile.TemporaryDirectory() as tmp:
        runs = [cold(Path(tmp) / "edition") for _ in range(args.repeat)]
    print(f"cold `edition build` of the sources, new process: wall {statistics.median(r[0] for r in runs):.2f} s, "
          f"CPU {statistics.median(r[1] for r in runs):.2f} s")
    build.build(ROOT / "source")  # warm: morphology dictionaries, imports
    t_text = timed(lambda: build.read(ROOT / "source"), args.repeat)
    t_all = timed(lambda: build.build(ROOT / "source"), args.repeat)
    print(f"sources (5 witnesses), warm: text stages {t_text:.2f} s, whole build {t_all:.2f} s")
    print(f"       stages: {show_stages(stage_times(ROOT / 'source'))}")
    base = None
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            src = corpus(n, Path(tmp) / f"x{n}")
            files = len(list((src / "witnesses").iterdir()))
            stages = stage_times(src)
            t = timed(lambda: build.read(src), 1 if n > 10 else args.repeat)
            whole = timed(lambda: build.build(src), 1)
            # scaling against the smallest corpus measured past 1× (1× is mostly fixed start-up costs)
            if base is None and n > 1:
                base = (n, t)
            ratio = f" = {(t / n) / (base[1] / base[0]):.2f}× linear from {base[0]}×" if base and n > base[0] else ""
            print(f"{n:4d}× corpus ({files} witnesses): text stages {t:.2f} s, per copy {t / n:.3f} s{ratio}; "
                  f"whole build {whole:.2f} s")
            print(f"       stages: {show_stages(stages)}", flush=True)
        for spaced in (False, True):
            for n in args.lines:
                src = with_line(n, spaced, Path(tmp) / f"line{n}{spaced}")
                t = timed(lambda: build.build(src), 1) - t_all
                print(f"a line of {n} letters {'in random words' if spaced else 'without a space'}: "
                      f"{t:.2f} s over the sources' build, {1000 * t / n:.3f} s per 1000 letters")


if __name__ == "__main__":
    main()
