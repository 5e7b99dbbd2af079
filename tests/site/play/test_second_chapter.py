"""A second chapter starts from what the first one kept: the runtime's big files in Cache Storage and the build's
memory snapshot in the origin's private file system (worker.mjs), whether or not the service worker was there in
time to see the first chapter. The first chapter already starts from the build's snapshot (Python is not started in
the page); without it (the file missing) the worker starts Python, takes its own snapshot and the second chapter
restores that one; a kept snapshot the runtime refuses is dropped, and the chapter still plays."""
from __future__ import annotations

import pytest

from play_helpers import open_board, settle, view

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


@pytest.mark.parametrize("workers", ["allow", "block"])
def test_a_second_chapter_restores_the_first_ones_runtime_and_plays(browser, site_url, workers):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers=workers)
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
    asks the server for none of them: the kept copies match whatever Accept-Encoding the request carries."""
    import os

    from pipeline.serve import make_server
    import threading

    asked: list[str] = []
    server = make_server(os.environ.get("EDITION_PLAY_SITE") or request.getfixturevalue("site_dir"), port=0)
    handler = server.RequestHandlerClass

    class Recording(handler):
        def answer(self, body: bool) -> None:
            asked.append(self.path)
            super().answer(body)

    server.RequestHandlerClass = Recording
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        open_board(page, base, "windmill")
        # the service worker (scope play/, registered on intent) active: polled from here (an async predicate's
        # promise would pass wait_for_function at once)
        for _ in range(300):
            if page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).some(r => r.active)"):
                break
            page.wait_for_timeout(200)
        wait_kept(page)
        # the worker keeps its own scripts after it is ready (worker.mjs, keepScripts): waited for, as a reader who
        # stays on the page a moment would; one who leaves at once has the next chapter fetch them again
        wait_cached(page, ("pyodide.mjs", "pyodide.asm.js"))
        page.goto("about:blank")
        asked.clear()
        open_board(ctx.new_page(), base, "clock")
        runtime = [p for p in asked if p.startswith("/play/pyodide/")]
        assert not runtime, runtime
        assert any(p.startswith("/play/engine/clock.json") for p in asked), asked  # the new game's bundle: fetched
    finally:
        ctx.close()
        server.shutdown()
        server.server_close()
