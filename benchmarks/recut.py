"""Re-cut invariance: the seeds re-cut at random as a scrape can at its worst (overlaps of one to three
paragraphs, a chunk breaking off inside a paragraph the next has whole, a heading at the end of a chunk; see
pipeline/text/synthetic.py, ``hard=True``) must give the same edition, byte for byte (without what names the
witness files: tests/text/test_recut.py's ``comparable``), with no build error and no unmapped word.

Prints, per run, identical or which files differ, then how many of the runs were identical.
Usage: .venv/bin/python benchmarks/recut.py [--runs 50] [--first 0]
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "text"))

from conftest import seed_texts, source_with  # noqa: E402
from test_recut import comparable, recut  # noqa: E402

from pipeline.text import build  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--first", type=int, default=0)
    args = ap.parse_args()
    texts = seed_texts()
    with tempfile.TemporaryDirectory() as tmp:
        ref = comparable(build.build(source_with(Path(tmp) / "ref", {n: t.encode() for n, t in texts.items()})).files)
        same = 0
        for seed in range(args.first, args.first + args.runs):
            edition = build.build(source_with(Path(tmp) / f"r{seed}", recut(seed, texts, hard=True)))
            got = comparable(edition.files)
            words = json.loads(edition.files["report.json"])["words"]
            unmapped = sum(w["unmapped"] for w in words)
            differ = sorted(n for n in set(ref) | set(got) if ref.get(n) != got.get(n))
            ok = not differ and not edition.doc.errors and not unmapped
            same += ok
            print(f"re-cut {seed}: {'identical' if ok else 'DIFFERS'}"
                  + (f" — files {differ}" if differ else "") + (f", {unmapped} unmapped words" if unmapped else "")
                  + (f", {len(edition.doc.errors)} errors" if edition.doc.errors else ""), flush=True)
    print(f"{same} of {args.runs} re-cuts identical")
    return 0 if same == args.runs else 1


if __name__ == "__main__":
    sys.exit(main())
