"""Helpers for the board tests: open a chapter's board and wait for the engine, read the board back from the DOM,
play a move by clicking as a reader would, and ask the CLI for a deal's layout."""
from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[3]
READY_MS = 180_000  # Pyodide's start-up: seconds on a quiet machine, much longer on a loaded CI box


def registered_games() -> list[str]:
    from pipeline.engine import registry

    return list(registry.games())


@contextlib.contextmanager
def recording_server(request, missing: tuple[str, ...] = ()) -> Iterator[tuple[str, list[str]]]:
    """The test site served on a port of its own, with every path it is asked for, in order: the page's requests,
    its workers' and the service worker's (Playwright's request events and routes do not see a shared worker's own
    requests, nor those a service worker answers); paths starting with one of `missing` are answered 404. Yields
    (base URL, the list of paths, which the test may clear)."""
    from pipeline.serve import make_server

    asked: list[str] = []
    server = make_server(os.environ.get("EDITION_PLAY_SITE") or request.getfixturevalue("site_dir"), port=0)

    class Recording(server.RequestHandlerClass):
        def answer(self, body: bool) -> None:
            asked.append(self.path)
            if missing and self.path.startswith(missing):
                self.send_error(404)
                return
            super().answer(body)

    server.RequestHandlerClass = Recording
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", asked
    finally:
        server.shutdown()
        server.server_close()


def open_board(page, site_url: str, slug: str, deal: int | None = None, query: str = "") -> dict:
    """Open the chapter of `slug` (at deal `deal` if given), show the intent to play (a pointer on the board: the
    runtime starts only then), wait until the board is playable; its view."""
    fragment = f"#deal={deal}" if deal else ""
    page.goto(f"{site_url}chapters/{slug}/{query}{fragment}")
    page.locator(".game-board").hover()
    wait_ready(page)
    return view(page)


def wait_ready(page, timeout: int = READY_MS) -> None:
    page.wait_for_function("() => { const b = document.querySelector('.game-board');"
                           " return b && (b.dataset.state === 'ready' || b.dataset.state === 'error'); }",
                           timeout=timeout)
    state = page.eval_on_selector(".game-board", "b => b.dataset.state")
    assert state == "ready", page.locator(".play-loader").inner_text()


def view(page) -> dict:
    """The board's current view (state without history, legal moves, status, score, history length)."""
    return page.evaluate("() => window.editionPlay.state()")


def settle(page) -> None:
    """Wait until the engine has answered every action sent so far and the cards have stopped moving."""
    page.evaluate("() => window.editionPlay.board.queue")
    page.wait_for_function("() => document.querySelector('.play-surface').getAnimations({subtree: true})"
                           ".every(a => a.playState !== 'running')")


def dom_piles(page) -> dict[str, list[str]]:
    """The cards the board shows, pile by pile, bottom first (read from the DOM, not from the engine)."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.play-surface .pile')].map(
        p => [p.dataset.pile, [...p.querySelectorAll(':scope > .card')].map(c => c.dataset.card)]))""")


def dom_down(page) -> dict[str, int]:
    """How many cards of each pile the board shows face down (piles with none left out, as in the state)."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.play-surface .pile')].map(
        p => [p.dataset.pile, p.querySelectorAll(':scope > .card.down').length]).filter(([, n]) => n > 0))""")


def state_down(state: dict) -> dict[str, int]:
    return {name: n for name, n in state["down"].items() if n}


def pile(page, name: str):
    return page.locator(f'.play-surface .pile[data-pile="{name}"]')


def click_pile(page, name: str) -> None:
    """Click the top card of a pile (or the pile itself when it is empty), as a reader would."""
    cards = pile(page, name).locator(":scope > .card")
    target = cards.last if cards.count() else pile(page, name)
    target.click()


def click_move(page, move: dict) -> None:
    """Play a legal move by clicking its source, then (if the board asks where) its target; a move that only
    turns cards (no `from`, the pile it acts on in `at`) by clicking that pile (twice if the first click selects)."""
    settle(page)
    before = view(page)["history"]
    click_pile(page, move.get("from") or move["at"])
    settle(page)
    if view(page)["history"] == before and not move.get("from"):
        click_pile(page, move["at"])
        settle(page)
    elif view(page)["history"] == before:
        assert "target" in (pile(page, move["to"]).get_attribute("class") or ""), \
            f"{move['to']} is not highlighted as a target of {move['from']}"
        click_pile(page, move["to"])
        settle(page)


def cli_play(slug: str, deal: int) -> dict:
    """`edition play GAME --deal N --json` (the greedy policy's game, with the deal's initial layout)."""
    run = subprocess.run([sys.executable, "-m", "pipeline", "play", slug, "--deal", str(deal), "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)
