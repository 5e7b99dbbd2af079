"""Parterre's search run by its compiled twin, native/parterre (Rust, standard library only), when that is built
(`bash run.sh setup` builds it when cargo is present): the whole search (`search`: `parterre._search_py`, the probe,
the best-first search and the exhaustive phase) or the exhaustive phase alone (`exhaust`: `parterre._exhaust`).

The binary is optional: both return None when it is absent (or PARTERRE_NATIVE=0 is set, or this runs where no
process can be started, as in the page), and the caller runs the Python. Both search the same model with the same
moves in the same order and the same tables of positions, so their verdicts, node counts and lines are the same
(tests/solve/test_solver_parterre_native.py compares them). The best-first search keeps its positions exactly (the
sorted beds, as Python's keys); the depth-first walks (probe, exhaustive phase) keep 128-bit keys instead of the
positions themselves (the collision risk is stated in native/parterre/src/main.rs: about n^2 / 2^129 for n
positions). A winning line comes back as the model's moves, which `parterre.solve` turns into engine moves and
replays through the engine before it reports the win.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent.parent  # (never above the root: also in the page)
BINARY = ROOT / "native" / "parterre" / "target" / "release" / "parterre-exhaust"
UP, BED = 0, 1  # parterre's move kinds (parterre.UP, parterre.BED)


def available() -> bool:
    """Is the compiled phase built and wanted (PARTERRE_NATIVE=0 switches it off)?"""
    return os.environ.get("PARTERRE_NATIVE", "1") != "0" and BINARY.is_file() and os.access(BINARY, os.X_OK)


def describe(m, node_limit: int, millis: int, slack: int, runs: bool, cut: bool = True) -> str:
    """The input of the binary: the model, limits, the cut, foundation heights, the bouquet's mask, the six beds
    (see main.rs)."""
    return f"{slack} {int(runs)} {node_limit} {millis} {int(cut)}\n" + _position(m)


def _position(m) -> str:
    lines = [" ".join(map(str, m.found)), str(m.bq)] + [" ".join(map(str, [len(bed), *bed])) for bed in m.beds]
    return "\n".join(lines) + "\n"


def describe_search(m, first: int, node_limit: int, millis: int, probe: int, bf_depth: int, safe: bool) -> str:
    """The input of the binary for the whole search (`parterre._search`): `search`, the first phase's budget, the
    whole budget, the time limit, the probe's budget, the best-first search's cost of a move, the safe rule on or
    off, the model's slack and runs; then the position as in `describe`."""
    head = f"search {first} {node_limit} {millis} {probe} {bf_depth} {int(safe)} {m.slack} {int(m.runs)}"
    return head + "\n" + _position(m)


def parse(text: str) -> tuple[str, list, int, float]:
    """(status, the line of model moves, positions entered, the binary's own seconds) from its output."""
    head, *rest = text.splitlines()
    status, nodes, seconds = head.split()
    line: list = []
    for row in rest:
        kind, *nums = row.split()
        v = [int(x) for x in nums]
        if kind == "U":
            line.append((UP, v[0], v[1], bool(v[2])))
        elif kind == "B":
            line.append((BED, v[0], v[1], tuple(v[2:])))
        else:
            raise ValueError(f"parterre-exhaust: unexpected output line {row!r}")
    return status, line, int(nodes), float(seconds)


def _run(text: str) -> tuple[str, list, int]:
    import subprocess  # only where processes can be started

    done = subprocess.run([str(BINARY)], input=text, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{BINARY}: exit {done.returncode}: {done.stderr.strip()}")
    status, line, nodes, _ = parse(done.stdout)
    return status, line, nodes


def _millis(deadline: float | None) -> int:
    return -1 if deadline is None else max(0, int((deadline - time.perf_counter()) * 1000))


def search(m, node_limit: int, deadline: float | None, first: int, probe: int, bf_depth: int, safe: bool
           ) -> tuple[str, list, int] | None:
    """`parterre._search(m, node_limit, deadline)` by the binary (the probe of PLAN's first entry with `probe`
    positions, the best-first search up to `first` positions in all, the exhaustive phase with the rest), or None
    when it is not there."""
    if not available():
        return None
    return _run(describe_search(m, first, node_limit, _millis(deadline), probe, bf_depth, safe))


def exhaust(m, node_limit: int, deadline: float | None, slack: int = 1, runs: bool = True, cut: bool = True
            ) -> tuple[str, list, int] | None:
    """`parterre._exhaust(m, node_limit, deadline, slack, runs, cut)` by the binary, or None when it is not
    there."""
    if not available():
        return None
    return _run(describe(m, node_limit, _millis(deadline), slack, runs, cut))
