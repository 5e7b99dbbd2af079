"""Helpers shared by the site tests (a module, not conftest, so tests can import it)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_EDITION = Path(__file__).resolve().parent / "fixtures" / "edition"
# markup in a chapter title and a section head, as a witness's heading could bring it (tests/site/test_hostile.py)
HOSTILE_TITLE = "МЕЛЬНИЦА <IMG SRC=X ONERROR=ALERT(5)>."
HOSTILE_HEAD = "Правила <img src=y onerror=alert(6)>."


def mkdocs_build(edition: Path, out: Path) -> tuple[subprocess.CompletedProcess, float]:
    """``mkdocs build --strict`` of mkdocs.yml with EDITION_DIR=edition into ``out``; returns the run and its time."""
    env = dict(os.environ, EDITION_DIR=str(edition), NO_MKDOCS_2_WARNING="1")
    exe = ROOT / ".venv" / "bin" / "mkdocs"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "mkdocs"]
    start = time.perf_counter()
    # no -q: it silences the warnings that --strict counts, and the build would pass with them
    proc = subprocess.run(cmd + ["build", "--strict", "-d", str(out)], cwd=ROOT, env=env,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return proc, time.perf_counter() - start
