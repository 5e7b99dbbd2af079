"""The engine runs unchanged under Pyodide and deals the same cards there as in CPython."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pipeline.engine import api

ROOT = Path(__file__).resolve().parents[2]
DEALS = [1, 7, 123456789]


def test_pyodide_deals_and_plays_exactly_as_cpython():
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.fail("node or node_modules/pyodide missing: run `bash run.sh setup` (npm install) first")
    run = subprocess.run([node, str(Path(__file__).with_name("pyodide_deals.mjs")), str(ROOT), *map(str, DEALS)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    in_pyodide = json.loads(run.stdout.strip().splitlines()[-1])
    for game in api.list_games():
        for deal in DEALS:
            r = api.new_game(game["slug"], deal)
            initial = r["state"]["piles"]
            for _ in range(5):
                if not r["legal_moves"]:
                    break
                r = api.apply(r["state"], r["legal_moves"][-1]["id"])
            assert in_pyodide[f"{game['slug']}/{deal}"] == {"initial": initial, "after": r["state"]}
