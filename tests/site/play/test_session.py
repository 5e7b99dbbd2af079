"""The worker's session module and the build hook, without a browser: one call per action answers what the board
draws; hints and auto-play come from the engine; the site ships the engine and only the Pyodide files it needs."""
from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest

from pipeline.engine import api, registry
from pipeline.site.play import edition_play as session
from pipeline.site.play import assets as hook
from pipeline.site.play.early import EARLY_WORKER_JS

ROOT = Path(__file__).resolve().parents[3]
PLAY = ROOT / "pipeline" / "site" / "play"


def call(fn, *args):
    return json.loads(fn(*args))


def test_each_action_is_one_call_answering_state_steps_and_next_legal_moves():
    first = call(session.new_game, "windmill", 1)
    assert {"state", "steps", "legal_moves", "status", "score", "layout", "info"} <= set(first)
    assert "history" not in first["state"] and first["history"] == 0
    move = first["legal_moves"][0]["id"]
    played = call(session.apply, move)
    assert played["history"] == 1 and played["last"] == move and played["steps"]
    assert played["state"]["piles"] == api.apply(api.new_game("windmill", 1)["state"], move)["state"]["piles"]
    undone = call(session.undo)
    assert undone["history"] == 0 and undone["future"] == 1
    assert undone["state"]["piles"] == first["state"]["piles"]
    assert call(session.redo)["last"] == move
    assert call(session.log) == {"game": "windmill", "deal": 1, "moves": [move]}


@pytest.mark.parametrize("slug", list(registry.games()))
def test_the_hint_is_a_legal_move_of_the_engine(slug):
    view = call(session.new_game, slug, 3)
    hint = call(session.hint, 500)
    legal = {m["id"] for m in view["legal_moves"]}
    assert hint["id"] in legal and hint["by"] in ("solver", "greedy")


@pytest.mark.parametrize("slug", list(registry.games()))
def test_auto_play_plays_only_what_the_engine_sends_to_a_foundation(slug):
    view = call(session.new_game, slug, 5)
    for _ in range(60):
        kinds = {m["id"]: m["kind"] for m in view["legal_moves"]}
        step = call(session.auto_step)
        if step["done"]:
            assert "play" not in kinds.values() or api.hint(session._session["state"]) not in \
                [i for i, k in kinds.items() if k == "play"]
            break
        assert kinds[step["last"]] == "play"
        view = step


@pytest.mark.parametrize("slug", list(registry.games()))
def test_every_legal_move_names_a_pile_the_reader_can_click(slug):
    view = call(session.new_game, slug, 2)
    for _ in range(25):
        for m in view["legal_moves"]:
            assert m.get("from") or m.get("at"), f"{slug}: move {m['id']} names no pile"
            for name in (m.get("from"), m.get("to"), m.get("at")):
                assert name is None or name in view["state"]["piles"]
        if not view["legal_moves"]:
            break
        view = call(session.apply, view["legal_moves"][-1]["id"])


def test_the_board_never_builds_html_from_strings():
    for path in PLAY.glob("*.mjs"):
        source = path.read_text("utf-8")
        sink = re.search(r"\.(innerHTML|outerHTML|insertAdjacentHTML|write|writeln)\b|\beval\(|new Function\(", source)
        assert sink is None, f"{path.name} uses {sink and sink.group(0)}"


def test_the_board_asks_nothing_of_the_internet():
    for path in [*PLAY.glob("*.mjs"), PLAY / "board.css"]:
        assert not re.search(r"https?://", path.read_text("utf-8")), f"{path.name} names an outside URL"


def test_the_site_ships_the_engine_the_board_and_only_the_pyodide_files_it_needs(site_dir):
    play = site_dir / "play"
    assert sorted(p.name for p in (play / "pyodide").iterdir()) == sorted(hook.PYODIDE_FILES)
    for name in hook.PYODIDE_FILES:
        assert (play / "pyodide" / name).read_bytes() == (hook.pyodide_dir() / name).read_bytes()
    bundle = json.loads((play / "engine.json").read_text("utf-8"))
    engine = {p.relative_to(ROOT).as_posix() for p in (ROOT / "pipeline" / "engine").rglob("*.py")
              if "__pycache__" not in p.parts}
    assert engine <= set(bundle["files"]) and "edition_play.py" in bundle["files"]
    assert not any(path.startswith("pipeline/site/") or path.startswith("tests") for path in bundle["files"])
    for slug, game in registry.games().items():  # each page's worker writes its own game's module (and its needs)
        module = type(game).__module__.replace(".", "/") + ".py"
        assert module in bundle["games"][slug] and set(bundle["games"][slug]) <= set(bundle["files"])
    games = json.loads((play / "games.json").read_text("utf-8"))
    assert [g["slug"] for g in games] == list(registry.games())
    for slug in registry.games():
        assert json.loads((play / "describe" / f"{slug}.json").read_text("utf-8")) == api.describe(slug)
    for chapter in (site_dir / "chapters").glob("*/index.html"):
        html = chapter.read_text("utf-8")
        assert '<script type="module" src="../../play/board.mjs?v=' in html and 'href="../../play/board.css?v=' in html
        game = json.loads(re.search(r'id="edition-play-game">(.*?)</script>', html).group(1))
        if chapter.parent.name in registry.games():  # the worker starts first thing in <head>
            assert game["slug"] == chapter.parent.name
            head = html[html.index("<head>"):html.index("<link")]
            assert f'<script data-worker="../../play/worker.mjs" data-game="{game["slug"]}">{EARLY_WORKER_JS}</script>' \
                in head
        else:
            assert game is None and "new Worker" not in html


def test_the_server_gives_wasm_as_application_wasm(site_url):
    with urllib.request.urlopen(f"{site_url}play/pyodide/pyodide.asm.wasm") as response:
        assert response.headers["Content-Type"] == "application/wasm"
    with urllib.request.urlopen(f"{site_url}play/worker.mjs") as response:
        assert response.headers["Content-Type"].startswith("text/javascript")
