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


BOARD_BUDGET = 32 * 1024  # the board the build draws into a chapter page (play/static.py): its HTML, uncompressed


def board_bytes(page: Path) -> int:
    """The bytes of a chapter page's HTML that are its game board (the `.game-board` element as the build wrote
    it: play/static.py), 0 if it has none."""
    from lxml import etree, html

    found = html.fromstring(page.read_bytes()).xpath("//div[contains(concat(' ', @class, ' '), ' game-board ')]")
    return len(etree.tostring(found[0], method="html", encoding="utf-8", with_tail=False)) if found else 0


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
