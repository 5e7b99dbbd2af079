"""The worker's session module and the build hook, without a browser: one call per action answers what the board
draws; hints and auto-play come from the engine; the site ships the engine and only the Pyodide files it needs."""
from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from pipeline.engine import api, policies, registry
from pipeline.site.play import edition_play as session
from pipeline.site.play import assets as hook

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
    hint = call(session.hint, 0.1)
    legal = {m["id"] for m in view["legal_moves"]}
    assert hint["id"] in legal and hint["by"] in ("solver", "greedy")


@pytest.mark.parametrize("slug", list(registry.games()))
def test_auto_play_plays_only_what_the_engine_sends_to_a_foundation(slug):
    view = call(session.new_game, slug, 5)
    for _ in range(60):
        kinds = {m["id"]: m["kind"] for m in view["legal_moves"]}
        step = call(session.auto_step)
        if step["done"]:
            live = session._now()
            choice = policies.greedy_choice(live.game, live.state, set())
            assert "play" not in kinds.values() or choice is None or choice.kind != "play"
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
        # (document.write; a file handle's write, the worker's OPFS copy of the snapshot, builds no HTML)
        sink = re.search(r"\.(innerHTML|outerHTML|insertAdjacentHTML)\b|\bdocument\.writeln?\b|\beval\(|new Function\(",
                         source)
        assert sink is None, f"{path.name} uses {sink and sink.group(0)}"


def test_the_board_asks_nothing_of_the_internet():
    for path in [*PLAY.glob("*.mjs"), PLAY / "board.css"]:
        assert not re.search(r"https?://", path.read_text("utf-8")), f"{path.name} names an outside URL"


@pytest.mark.skipif(shutil.which("node") is None, reason="the stdlib is compiled under Node")
def test_the_shipped_stdlib_is_pyodides_whole_library_with_what_the_worker_imports_compiled(site_dir):
    shipped = zipfile.ZipFile(site_dir / "play" / "pyodide" / "python_stdlib.zip")
    original = zipfile.ZipFile(hook.pyodide_dir() / "python_stdlib.zip")
    names = set(shipped.namelist())
    for name in (n for n in original.namelist() if not n.endswith("/")):  # every module, as source or bytecode
        assert name in names or (name.endswith(".py") and name + "c" in names and name not in names), name
    compiled = {n[:-1] for n in names if n.endswith(".pyc")}
    # what Pyodide's start imports and what the engine imports (the bundles' snapshot plan) is bytecode; the
    # rest (say, tkinter's or unittest's modules) stays source
    wanted = json.loads((site_dir / "play" / "engine" / "windmill.json").read_text("utf-8"))["snapshot"]["modules"]
    sources = set(original.namelist())
    # frozen into CPython 3.13 itself (Python/frozen.c's stdlib list): imported from there, never from the zip
    frozen = {"abc", "codecs", "io", "_collections_abc", "_sitebuiltins", "genericpath", "ntpath", "posixpath",
              "os", "site", "stat"}
    for module in ["encodings", "zipfile", "dataclasses", *[m for m in wanted if not m.startswith(("pipeline", "edition"))]]:
        if module in frozen:
            continue
        files = {f"{module}.py", f"{module}/__init__.py"} & sources  # none: built into the interpreter (math, sys)
        assert files <= compiled, module
    assert {"encodings/__init__.py", "json/__init__.py", "random.py", "dataclasses.py"} <= compiled
    assert "unittest/__init__.py" not in compiled and "unittest/__init__.py" in names
    magics = set()
    for name in sorted(compiled):  # unchecked-hash bytecode (PEP 552: flags 0b01) of one Python
        data = shipped.read(name + "c")
        assert int.from_bytes(data[4:8], "little") == 0b01, name
        magics.add(data[:4])
    assert len(magics) == 1


def test_the_site_ships_the_engine_the_board_and_only_the_pyodide_files_it_needs(site_dir):
    play = site_dir / "play"
    shipped = sorted(p.name for p in (play / "pyodide").iterdir() if not p.name.endswith(".gz"))
    # and the build's memory snapshot (one, named by its key, which every chapter page names), when Node built it
    snapshots = [name for name in shipped if name.startswith("snapshot-")]
    assert len(snapshots) <= 1 and sorted(set(shipped) - set(snapshots)) == sorted(hook.PYODIDE_FILES)
    if snapshots:
        key = snapshots[0].removeprefix("snapshot-").removesuffix(".bin")
        assert f'"snapshot":"{key}"' in (site_dir / "chapters" / "windmill" / "index.html").read_text("utf-8")
    for name in hook.PYODIDE_FILES:
        if name == "python_stdlib.zip":  # compiled in part (the next test)
            continue
        want = (hook.pyodide_dir() / name).read_bytes()
        if name == "pyodide-lock.json":  # Pyodide's own lock but for its packages: the site ships none
            lock = json.loads(want)
            assert json.loads((play / "pyodide" / name).read_bytes()) == {"info": lock["info"], "packages": {}}
            assert lock["packages"]  # (the npm package's lock lists them)
            want = (play / "pyodide" / name).read_bytes()
        assert (play / "pyodide" / name).read_bytes() == want
        packed = play / "pyodide" / f"{name}.gz"
        if packed.exists():  # precompressed beside it: the same bytes once unpacked
            assert gzip.decompress(packed.read_bytes()) == want
    assert (play / "pyodide" / "pyodide.asm.wasm.gz").is_file()
    for slug, game in registry.games().items():  # each page's worker gets its own game's modules only
        bundle = json.loads((play / "engine" / f"{slug}.json").read_text("utf-8"))
        files = set(bundle["files"])
        assert "edition_play.py" in files and type(game).__module__.replace(".", "/") + ".py" in files
        assert not any(p.startswith(("pipeline/site/", "tests")) for p in files)
        others = {type(g).__module__.replace(".", "/") + ".py" for s, g in registry.games().items() if s != slug}
        assert not (others - set(hook.game_modules()[slug])) & files, f"{slug} ships another game's module"
        assert gzip.decompress((play / "engine" / f"{slug}.json.gz").read_bytes()) == \
            (play / "engine" / f"{slug}.json").read_bytes()
    games = json.loads((play / "games.json").read_text("utf-8"))
    assert [g["slug"] for g in games] == list(registry.games())
    for chapter in (site_dir / "chapters").glob("*/index.html"):
        html = chapter.read_text("utf-8")
        assert '<script type="module" src="../../play/board.mjs?v=' in html and 'href="../../play/board.css?v=' in html
        assert "new Worker" not in html and "worker.mjs" not in html  # the runtime starts on intent only
        game = json.loads(re.search(r'id="edition-play-game">(.*?)</script>', html).group(1))
        if chapter.parent.name in registry.games():  # the board of the default deal, from the engine, preloaded
            assert game["slug"] == chapter.parent.name
            assert f'<link rel="preload" href="../../play/first/{game["slug"]}.json?v={game["first"]}"' in html
            board = json.loads((play / "first" / f"{game['slug']}.json").read_text("utf-8"))
            first = api.new_game(game["slug"], board["deal"])
            assert board["view"]["state"]["piles"] == first["state"]["piles"] and "legal_moves" not in board["view"]
            game = board
            assert [p["name"] for p in game["layout"]["piles"]] == [p["name"] for p in first["layout"]["piles"]]
            assert all((p["x"], p["y"]) == (q["x"], q["y"]) for p, q in zip(game["layout"]["piles"], first["layout"]["piles"]))
        else:
            assert game is None


@pytest.mark.parametrize("slug", list(registry.games()))
def test_a_games_bundle_alone_plays_and_hints(slug, tmp_path):
    """The modules shipped for one game are enough: in a fresh interpreter that sees only them, the session deals,
    plays, and answers a hint (the game's solver and the generic search import from the bundle)."""
    for path, source in hook.game_sources(slug).items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(source, encoding="utf-8")
    code = (f"import sys; sys.path.insert(0, {str(tmp_path)!r}); import json, edition_play as s; "
            f"v = json.loads(s.new_game({slug!r}, 2)); s.apply(v['legal_moves'][0]['id']); "
            "h = json.loads(s.hint(0.05)); import pipeline; assert pipeline.__file__.startswith(sys.path[0]), "
            "pipeline.__file__; print(h['id'] is not None)")
    run = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]


def test_rule_links_come_from_the_ledger_or_the_tei(site_dir):
    """The board links each rule from the text to an element the chapter page has, named by the build (the ledger's
    cite, else the TEI's rule item or Игра section), not by an id scheme of its own; reconstructed rules to none."""
    linked = 0
    for slug in registry.games():
        info = json.loads((site_dir / "play" / "describe" / f"{slug}.json").read_text("utf-8"))
        html = (site_dir / "chapters" / slug / "index.html").read_text("utf-8")
        for rule in info["rules"]:
            if rule["source"] == "reconstructed":
                assert rule["anchor"] is None
            elif rule["anchor"]:
                assert f'id="{rule["anchor"]}"' in html, (slug, rule["id"], rule["anchor"])
                assert rule["anchor"] == (rule["cite"] or rule["anchor"])
                linked += 1
    assert linked


def test_the_server_gives_wasm_as_application_wasm(site_url):
    with urllib.request.urlopen(f"{site_url}play/pyodide/pyodide.asm.wasm") as response:
        assert response.headers["Content-Type"] == "application/wasm"
    with urllib.request.urlopen(f"{site_url}play/worker.mjs") as response:
        assert response.headers["Content-Type"].startswith("text/javascript")


def test_the_hint_answers_within_its_box_whatever_the_solver_does(monkeypatch):
    """A solver that never returns (it ignores its time limit, as a slow phase of a real one may) is stopped by the
    box: the hint comes back, with the greedy policy's pick among the position's moves, and the session plays on."""
    from pipeline.solve import search

    def endless(game, state, node_limit=0, time_limit=None):
        while True:
            game.legal_moves(state)

    monkeypatch.setattr(search, "solve_state", endless)
    view = json.loads(session.new_game("blockade", 3))
    live = session._now()
    expected = policies.greedy_choice(live.game, live.state, set()).id
    began = time.perf_counter()
    answer = json.loads(session.hint(0.2))
    took = time.perf_counter() - began
    assert answer == {"id": expected, "by": "greedy"}
    assert took < 5, took  # stopped (an endless search unboxed never answers); the figure is the benchmark's
    assert sys.getprofile() is None  # the box leaves no hook behind
    after = json.loads(session.apply(answer["id"]))
    assert after["history"] == 1 and view["history"] == 0


@pytest.mark.parametrize("slug", list(registry.games()))
def test_every_reading_a_game_offers_has_a_russian_label_and_is_played_by_the_session(slug):
    game = registry.get(slug)
    assert set(game.variants_ru) == set(game.variants)  # the board names each for the player
    for variant in game.variants:
        assert re.search("[а-яё]", game.variants_ru[variant]), variant
        view = call(session.new_game, slug, 2, variant)
        assert view["state"]["vars"]["variant"] == variant
        assert {m["id"] for m in view["legal_moves"]} == {m["id"] for m in api.new_game(slug, 2, variant)["legal_moves"]}
    refused = json.loads(session.new_game(slug, 2, "no-such-reading"))["refused"]
    assert refused["message"] == "Такого варианта правил у этой игры нет." and "no-such-reading" in refused["detail"]


def test_every_text_file_of_the_site_has_its_gzip_sibling_with_the_same_bytes(site_dir):
    """Pages, Material's stylesheet and scripts, the search index: precompressed like the play files, so that a
    chapter page's render-blocking stylesheet comes gzipped (`edition serve` sends the sibling)."""
    texts = [p for p in site_dir.rglob("*") if p.is_file() and p.suffix in hook.TEXT_FILES]
    assert any(p.name == "index.html" for p in texts) and any(p.suffix == ".css" for p in texts)
    for path in texts:
        packed = path.with_name(path.name + ".gz")
        data = path.read_bytes()
        if len(data) >= 4096:  # anything this big compresses by more than a tenth
            assert packed.is_file(), path.relative_to(site_dir)
        if packed.is_file():
            assert gzip.decompress(packed.read_bytes()) == data, path.relative_to(site_dir)
            assert packed.read_bytes()[4:8] == b"\0\0\0\0"  # mtime 0: the same bytes each build


def test_each_page_of_a_shared_worker_has_its_own_game():
    """A shared worker serves several pages with one session module: `use(key)` makes a page's game the one the calls
    act on; a page new to it has none until its new_game; `forget` drops a page's game."""
    try:
        session.use("a")
        a = call(session.new_game, "windmill", 1)
        call(session.apply, a["legal_moves"][0]["id"])
        session.use("b")
        assert "refused" in call(session.log)  # a page that has just connected: no game yet
        b = call(session.new_game, "clock", 2)
        assert b["history"] == 0
        session.use("a")
        assert call(session.log) == {"game": "windmill", "deal": 1, "moves": [a["legal_moves"][0]["id"]]}
        session.use("b")
        assert call(session.log) == {"game": "clock", "deal": 2, "moves": []}
        session.forget("a")
        session.use("a")
        assert "refused" in call(session.log)
        for n in range(session.PAGES_KEPT + 2):  # the least recently used games beyond PAGES_KEPT are dropped
            session.use(f"p{n}")
            call(session.new_game, "windmill", 1)
        assert len(session._pages) <= session.PAGES_KEPT
    finally:
        session.use("")
        session._pages.clear()
        session._session["now"] = None
