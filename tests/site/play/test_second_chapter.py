"""A second chapter connects to the engine the first one started, still running in a shared worker, where the
browser keeps a shared worker alive past its page (Chromium's extendedLifetime; engine.mjs): it asks for no runtime
file and gets a game of its own. Elsewhere (no SharedWorker, as in Chrome for Android, or no such option: here
SharedWorker removed or stripped of the option before the page's scripts run) each page starts its own worker,
and a second chapter starts from what the first one kept: the runtime's big files in Cache Storage and the build's
memory snapshot in the origin's private file system (worker.mjs), whether or not the service worker was there in
time to see the first chapter. The first chapter already starts from the build's snapshot (Python is not started in
the page); without it (the file missing) the worker starts Python, takes its own snapshot and the second chapter
restores that one; a kept snapshot the runtime refuses is dropped, and the chapter still plays."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from play_helpers import open_board, recording_server, settle, view, wait_ready

# pages without SharedWorker: each starts a worker of its own (the start from what a first chapter kept)
NO_SHARED = "delete window.SharedWorker;"

TIMINGS = "() => window.editionPlay.board.engine.info.timings"
# the name of the build's snapshot kept in OPFS, once the first chapter's worker has written it (after its start)
KEPT = """async () => { const dir = await navigator.storage.getDirectory(); const names = [];
    for await (const name of dir.keys()) names.push(name); return names; }"""


def wait_kept(page, timeout_s: float = 60) -> list[str]:
    """The names in OPFS once the build's snapshot is there under its own name (polled here: the write is async)."""
    import re
    import time

    end = time.monotonic() + timeout_s
    while True:
        names = page.evaluate(KEPT)
        if any(re.fullmatch(r"snapshot-[0-9a-f]+\.bin", n) for n in names) or time.monotonic() > end:
            return names
        page.wait_for_timeout(200)


# the file names under play/pyodide/ that some Cache Storage cache of the origin holds
CACHED = """async () => { const names = [];
    for (const cache of await caches.keys()) for (const r of await (await caches.open(cache)).keys()) {
        const path = new URL(r.url).pathname; if (path.startsWith('/play/pyodide/')) names.push(path.slice(14)); }
    return names; }"""


def wait_cached(page, names: tuple[str, ...], timeout_s: float = 60) -> list[str]:
    """The runtime files in Cache Storage once every one of `names` is there (polled: the worker stores them after it
    is ready)."""
    import time

    end = time.monotonic() + timeout_s
    while True:
        held = page.evaluate(CACHED)
        if all(n in held for n in names) or time.monotonic() > end:
            return held
        page.wait_for_timeout(200)


def wait_service_worker(page) -> None:
    """Until the service worker (scope play/, registered on intent) is active: polled from here (an async
    predicate's promise would pass wait_for_function at once)."""
    for _ in range(300):
        if page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).some(r => r.active)"):
            break
        page.wait_for_timeout(200)


@pytest.mark.parametrize("workers", ["allow", "block"])
def test_a_second_chapter_restores_the_first_ones_runtime_and_plays(browser, site_url, workers):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers=workers)
    ctx.add_init_script(NO_SHARED)
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        open_board(page, site_url, "windmill")
        first = page.evaluate(TIMINGS)
        assert first["kept"] is False and first["snapshot"] == "built", first
        assert first["snapshotFrom"] == "network", first
        key = page.evaluate("JSON.parse(document.getElementById('edition-play-game').textContent).snapshot")
        assert wait_kept(page) == [f"snapshot-{key}.bin"]
        page.goto("about:blank")
        second = ctx.new_page()
        second.on("pageerror", lambda err: errors.append(str(err)))
        before = open_board(second, site_url, "clock")
        timings = second.evaluate(TIMINGS)
        assert timings["kept"] is True and timings["snapshot"] == "built", timings
        assert timings["snapshotFrom"] == "opfs", timings
        # a game the first chapter did not play, from the same snapshot: its first legal move plays
        move = before["legal_moves"][0]["id"]
        second.evaluate("id => window.editionPlay.play(id)", move)
        settle(second)
        after = view(second)
        assert after["history"] == 1 and after["last"] == move
        assert not errors
    finally:
        ctx.close()


def test_without_the_builds_snapshot_a_second_chapter_restores_the_first_ones(browser, site_url):
    # the service worker blocked: a route does not see the requests a service worker answers
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    ctx.add_init_script(NO_SHARED)
    ctx.route("**/play/pyodide/snapshot-*.bin*", lambda route: route.fulfill(status=404, body="missing"))
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        open_board(page, site_url, "windmill")
        first = page.evaluate(TIMINGS)
        assert first["kept"] is False and first["snapshot"].startswith("made"), first
        # the snapshot is written in the background: wait until the cache holds it before leaving the page
        page.wait_for_function("""async () => { for (const name of await caches.keys()) {
            const c = await caches.open(name);
            if ((await c.keys()).some(r => /snapshot-[0-9a-f]+\\.bin$/.test(r.url))) return true; } return false; }""",
                               polling=200, timeout=60_000)
        page.goto("about:blank")
        second = ctx.new_page()
        second.on("pageerror", lambda err: errors.append(str(err)))
        before = open_board(second, site_url, "clock")
        timings = second.evaluate(TIMINGS)
        assert timings["kept"] is True and timings["snapshot"] == "loaded", timings
        # the restored engine plays: the first legal move, by its id, and the position changes
        move = before["legal_moves"][0]["id"]
        second.evaluate("id => window.editionPlay.play(id)", move)
        settle(second)
        after = view(second)
        assert after["history"] == 1 and after["last"] == move
        assert not errors
    finally:
        ctx.close()


def test_a_kept_snapshot_cut_off_is_dropped_and_the_builds_restored_and_kept_again(browser, site_url):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    ctx.add_init_script(NO_SHARED)
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(f"{site_url}chapters/windmill/")
        key = page.evaluate("JSON.parse(document.getElementById('edition-play-game').textContent).snapshot")
        name = f"snapshot-{key}.bin"
        # a file of the kept snapshot's name holding the first 100 001 bytes of the real one (a cut-off write)
        page.evaluate("""async ([url, name]) => { const bytes = (await (await fetch(url)).arrayBuffer()).slice(0, 100001);
            const dir = await navigator.storage.getDirectory();
            const w = await (await dir.getFileHandle(name, {create: true})).createWritable();
            await w.write(bytes); await w.close(); }""", [f"{site_url}play/pyodide/{name}", name])
        before = open_board(page, site_url, "windmill")
        timings = page.evaluate(TIMINGS)
        assert timings["snapshot"] == "built" and timings["snapshotFrom"] == "network", timings
        move = before["legal_moves"][0]["id"]
        page.evaluate("id => window.editionPlay.play(id)", move)
        settle(page)
        assert view(page)["history"] == 1
        # the whole snapshot kept in its place
        size = f"""async () => {{ const dir = await navigator.storage.getDirectory();
            return (await (await dir.getFileHandle({name!r})).getFile()).size; }}"""
        page.wait_for_function(f"async () => ({size})().then(n => n > 100001, () => false)", polling=200,
                               timeout=60_000)
        real = page.evaluate("async url => (await (await fetch(url)).arrayBuffer()).byteLength",
                             f"{site_url}play/pyodide/{name}")
        assert page.evaluate(size) == real
        assert not errors
    finally:
        ctx.close()


def test_the_service_worker_serves_the_runtime_a_chapter_asked_for_again(browser, request):
    """Once the service worker has kept Pyodide's files (fetched through it on the first chapter), a later chapter
    asks the server for none of them: the kept copies match whatever Accept-Encoding the request carries. (Pages
    without SharedWorker: with it, the second chapter asks for no file at all, test_a_second_chapter_connects_….)"""
    with recording_server(request) as (base, asked):
        service_worker_serves_the_runtime(browser, base, asked)


def service_worker_serves_the_runtime(browser, base: str, asked: list[str]) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(NO_SHARED)
    try:
        page = ctx.new_page()
        open_board(page, base, "windmill")
        wait_service_worker(page)
        wait_kept(page)
        # the worker keeps its own scripts after it is ready (worker.mjs, keepScripts): waited for, as a reader who
        # stays on the page a moment would; one who leaves at once has the next chapter fetch them again
        wait_cached(page, ("pyodide.mjs", "pyodide.asm.js", "pyodide-lock.json"))
        page.goto("about:blank")
        asked.clear()
        open_board(ctx.new_page(), base, "clock")
        runtime = [p for p in asked if p.startswith("/play/pyodide/")]
        assert not runtime, runtime
        assert any(p.startswith("/play/engine/clock.json") for p in asked), asked  # the new game's bundle: fetched
    finally:
        ctx.close()


RUNTIME = ("/play/pyodide/", "/play/engine/", "/play/worker.mjs", "/play/sw.js")
# SharedWorker without the extendedLifetime option (as in browsers that have shared workers but end them with their
# last page): the options passed on without it, and the shared workers made counted
SHARED_WITHOUT_LIFETIME = """{ const Real = window.SharedWorker; window.sharedMade = 0;
  window.SharedWorker = function (url, options) {
    const passed = options && typeof options === "object" ? { type: options.type, name: options.name } : options;
    const made = new Real(url, passed); window.sharedMade += 1; return made; }; }"""


def test_a_second_chapter_connects_to_the_running_engine_asks_for_no_runtime_file_and_gets_its_own_game(browser,
                                                                                                           request):
    from pipeline.engine import api

    with recording_server(request) as (base, asked):
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            page = ctx.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda err: errors.append(str(err)))
            first = open_board(page, base, "windmill")
            assert page.evaluate(TIMINGS)["served"] == "started"
            page.evaluate("id => window.editionPlay.play(id)", first["legal_moves"][0]["id"])
            settle(page)
            assert view(page)["history"] == 1
            wait_service_worker(page)  # registered on intent: done (a page left before would register it again)
            # the reader opens another chapter in the same tab (the first page goes: its worker is not its own)
            asked.clear()
            before = open_board(page, base, "clock")
            assert page.evaluate(TIMINGS)["served"] == "running"
            # none of the engine's files: sw.js aside, which the browser itself may check for an update once its
            # service worker is registered (seen in 2 of 4 fresh-clone runs, with or without a second register())
            assert [p for p in asked if p.startswith(RUNTIME) and not p.startswith("/play/sw.js")] == []
            # a fresh game of this chapter: the page's deal as the engine deals it, nothing played, nothing of windmill
            deal = before["state"]["deal"]
            assert before["state"]["game"] == "clock" and before["history"] == 0
            assert before["state"]["piles"] == api.new_game("clock", deal)["state"]["piles"]
            assert page.evaluate("window.editionPlay.log()") == {"game": "clock", "deal": deal, "moves": []}
            move = before["legal_moves"][0]["id"]
            page.evaluate("id => window.editionPlay.play(id)", move)
            settle(page)
            assert view(page)["history"] == 1 and view(page)["last"] == move
            assert not errors
        finally:
            ctx.close()


@contextmanager
def two_pages(browser):
    """Two pages of one browser context (one origin's shared engine), and the page errors of both."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        a, b = ctx.new_page(), ctx.new_page()
        errors: list[str] = []
        for p in (a, b):
            p.on("pageerror", lambda err: errors.append(str(err)))
        yield a, b, errors
    finally:
        ctx.close()


def test_two_pages_of_one_game_at_once_share_the_engine_and_each_keeps_its_own_game(browser, site_url):
    with two_pages(browser) as (a, b, errors):
        start_a = open_board(a, site_url, "windmill", deal=5)
        a.evaluate("id => window.editionPlay.play(id)", start_a["legal_moves"][0]["id"])
        settle(a)
        start_b = open_board(b, site_url, "windmill", deal=5)
        assert b.evaluate(TIMINGS)["served"] == "running"
        assert start_b["history"] == 0 and start_b["state"]["piles"] == start_a["state"]["piles"]
        # moves on each page, in turns: each page's game goes on from its own position
        played = {"a": [start_a["legal_moves"][0]["id"]], "b": []}
        for name, page in (("b", b), ("a", a), ("b", b)):
            move = view(page)["legal_moves"][-1]["id"]
            page.evaluate("id => window.editionPlay.play(id)", move)
            settle(page)
            played[name].append(move)
        assert a.evaluate("window.editionPlay.log()") == {"game": "windmill", "deal": 5, "moves": played["a"]}
        assert b.evaluate("window.editionPlay.log()") == {"game": "windmill", "deal": 5, "moves": played["b"]}
        # a new deal on one page leaves the other's game as it is
        b.evaluate("window.editionPlay.deal(7)")
        settle(b)
        assert a.evaluate("window.editionPlay.log()")["moves"] == played["a"]
        assert not errors


def test_without_the_option_to_outlive_its_page_each_page_starts_its_own_worker(browser, site_url):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(SHARED_WITHOUT_LIFETIME)
    try:
        page = ctx.new_page()
        open_board(page, site_url, "windmill")
        assert page.evaluate(TIMINGS)["served"] == "started"
        wait_kept(page)
        page.goto("about:blank")
        second = ctx.new_page()
        before = open_board(second, site_url, "clock")
        timings = second.evaluate(TIMINGS)
        assert timings["served"] == "started" and timings["kept"] is True, timings
        assert second.evaluate("window.sharedMade") == 0
        move = before["legal_moves"][0]["id"]
        second.evaluate("id => window.editionPlay.play(id)", move)
        settle(second)
        assert view(second)["last"] == move
    finally:
        ctx.close()


def test_a_page_whose_game_the_running_engine_lacks_starts_its_own_worker(browser, request):
    """The shared engine started without the build's snapshot (the server has none) holds the first chapter's game
    only: a page of another game is told so and starts a worker of its own, and plays."""
    with recording_server(request, missing=("/play/pyodide/snapshot-",)) as (base, asked):
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
        try:
            page = ctx.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda err: errors.append(str(err)))
            open_board(page, base, "windmill")
            first = page.evaluate(TIMINGS)
            assert first["served"] == "started" and first["snapshot"] != "built", first
            held = [g["slug"] for g in page.evaluate("window.editionPlay.board.engine.info.games")]
            assert "windmill" in held and "clock" not in held, held
            other = ctx.new_page()
            other.on("pageerror", lambda err: errors.append(str(err)))
            before = open_board(other, base, "clock")
            assert other.evaluate(TIMINGS)["served"] == "started"
            assert other.evaluate("window.editionPlay.board.engine.shared") is None
            move = before["legal_moves"][0]["id"]
            other.evaluate("id => window.editionPlay.play(id)", move)
            settle(other)
            assert view(other)["last"] == move
            # the first page plays on, on the shared engine
            move = view(page)["legal_moves"][0]["id"]
            page.evaluate("id => window.editionPlay.play(id)", move)
            settle(page)
            assert view(page)["last"] == move
            assert not errors
        finally:
            ctx.close()


def test_a_page_that_connects_while_the_engine_starts_waits_for_it_and_plays_its_own_game(browser, site_url):
    with two_pages(browser) as (a, b, errors):
        # both pages show intent before the engine is up (a deal in the address is intent): one start serves both
        a.goto(f"{site_url}chapters/windmill/#deal=4")
        b.goto(f"{site_url}chapters/clock/#deal=4")
        for page in (a, b):
            wait_ready(page)
        assert a.evaluate(TIMINGS)["served"] == "started"
        assert b.evaluate(TIMINGS)["served"] in ("joined", "running")  # "running" if a's start was done first
        for page, game in ((a, "windmill"), (b, "clock")):
            move = view(page)["legal_moves"][0]["id"]
            page.evaluate("id => window.editionPlay.play(id)", move)
            settle(page)
            assert page.evaluate("window.editionPlay.log()") == {"game": game, "deal": 4, "moves": [move]}
        assert not errors


def test_the_shared_engine_keeps_the_runtime_and_the_whole_snapshot_for_a_later_visit(browser, site_url):
    """A later visit (the shared worker ended: Chromium keeps it minutes, not days) starts from what the shared
    worker kept, as a page's own worker does: the runtime in Cache Storage, the build's snapshot in OPFS (written
    there by a writable stream: a shared worker has no synchronous access handles)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        open_board(page, site_url, "windmill")
        assert page.evaluate(TIMINGS)["served"] == "started"
        key = page.evaluate("JSON.parse(document.getElementById('edition-play-game').textContent).snapshot")
        name = f"snapshot-{key}.bin"
        assert wait_kept(page) == [name]
        size = f"""async () => (await (await (await navigator.storage.getDirectory()).getFileHandle({name!r}))
            .getFile()).size"""
        real = page.evaluate("async url => (await (await fetch(url)).arrayBuffer()).byteLength",
                             f"{site_url}play/pyodide/{name}")
        assert page.evaluate(size) == real
        held = wait_cached(page, ("pyodide.asm.wasm", "python_stdlib.zip"))
        assert {"pyodide.asm.wasm", "python_stdlib.zip"} <= set(held), held
    finally:
        ctx.close()
