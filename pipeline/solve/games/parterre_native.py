"""Parterre's exhaustive phase (`parterre._exhaust`) run by its compiled twin, native/parterre (Rust, standard
library only), when that is built (`bash run.sh setup` builds it when cargo is present).

The binary is optional: `exhaust` returns None when it is absent (or PARTERRE_NATIVE=0 is set, or this runs where
no process can be started, as in the page), and the caller runs the Python phase. Both search the same model with
the same moves in the same order and the same table of positions entered, so their verdicts and node counts are
the same (tests/solve/test_solver_parterre_native.py compares them); the binary keeps 128-bit keys instead of the
positions themselves (the collision risk is stated in native/parterre/src/main.rs: about n^2 / 2^129 for n
positions). Its winning line comes back as the model's moves, which `parterre.solve` turns into engine moves and
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


def describe(m, node_limit: int, millis: int, slack: int, runs: bool) -> str:
    """The input of the binary: limits, foundation heights, the bouquet's mask, the six beds (see main.rs)."""
    lines = [f"{slack} {int(runs)} {node_limit} {millis}", " ".join(map(str, m.found)), str(m.bq)]
    lines += [" ".join(map(str, [len(bed), *bed])) for bed in m.beds]
    return "\n".join(lines) + "\n"


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


def exhaust(m, node_limit: int, deadline: float | None, slack: int = 1, runs: bool = True
            ) -> tuple[str, list, int] | None:
    """`parterre._exhaust(m, node_limit, deadline, slack, runs)` by the binary, or None when it is not there."""
    if not available():
        return None
    import subprocess  # only where processes can be started

    millis = -1 if deadline is None else max(0, int((deadline - time.perf_counter()) * 1000))
    done = subprocess.run([str(BINARY)], input=describe(m, node_limit, millis, slack, runs), capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{BINARY}: exit {done.returncode}: {done.stderr.strip()}")
    status, line, nodes, _ = parse(done.stdout)
    return status, line, nodes
