"""Play in the page, in Debian's Chromium (Playwright): how long from opening a chapter to a playable board (cold
cache and warm), the longest main-thread stall (Long Tasks API) while loading and while playing, and the latency of
one move (the page's call to the engine worker, the worker's own time, and the redraw).

    python benchmarks/browser.py [--game windmill] [--deal N] [--moves 150] [--warm 3] [--site DIR] [--json OUT]

Builds the site into a temporary directory unless --site is given. Aims: no stall over 100 ms, a move answered in
under 20 ms, the board playable in under 5 s cold. The machine's load is printed with the numbers: on a shared
2-CPU box Pyodide's start-up time grows with the other processes' CPU use.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.engine import policies, registry  # noqa: E402
from pipeline.serve import serve_in_thread  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
# before any page script: collect every long task (main-thread task over 50 ms) from the start of the page
# and every long animation frame's scripts (to tell the board's own work from the theme's)
OBSERVE = """
window.__longtasks = [];
window.__scripts = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({start: e.startTime, ms: e.duration});
  }).observe({type: "longtask", buffered: true});
} catch (e) { window.__longtasks = null; }
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) for (const s of e.scripts) {
      window.__scripts.push({start: s.startTime, ms: s.duration, layout: s.forcedStyleAndLayoutDuration,
                             url: s.sourceURL, invoker: s.invoker});
    }
  }).observe({type: "long-animation-frame", buffered: true});
} catch (e) { window.__scripts = null; }
"""


def stall_summary(tasks: list[dict] | None, scripts: list[dict] | None, marks: dict) -> dict:
    """The longest main-thread task (any), and apart: the theme's page load before the board's module runs, the
    board's own scripts (play/*.mjs, from long-animation-frame attribution), and tasks after the engine is ready."""
    if tasks is None:
        return {"longest_stall_ms": None}
    start = marks.get("play:module", 0)
    ready = marks.get("play:engine-ready", 0)
    mine = [s for s in scripts or [] if "/play/" in (s["url"] or "") or "/play/" in (s["invoker"] or "")]
    return {
        "longest_stall_ms": round(max((t["ms"] for t in tasks), default=0)),
        "longest_before_board_ms": round(max((t["ms"] for t in tasks if t["start"] < start), default=0)),
        "longest_after_engine_ready_ms": round(max((t["ms"] for t in tasks if t["start"] >= ready), default=0)),
        "longest_board_script_ms": round(max((s["ms"] for s in mine), default=0)) if scripts is not None else None,
        "long_tasks": [[round(t["start"]), round(t["ms"])] for t in tasks],
    }
READY = "() => ['ready', 'error'].includes(document.querySelector('.game-board')?.dataset.state)"


def build(site: Path) -> None:
    mkdocs = ROOT / ".venv" / "bin" / "mkdocs"
    cmd = [str(mkdocs)] if mkdocs.exists() else [sys.executable, "-m", "mkdocs"]
    subprocess.run(cmd + ["build", "-q", "-d", str(site)], cwd=ROOT, check=True, stdin=subprocess.DEVNULL,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


def open_chapter(page, url: str) -> dict:
    """Open the chapter, wait for the board; the page's own timings (ms since navigation start)."""
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_function(READY, timeout=300_000)
    wall = (time.perf_counter() - t0) * 1000
    state = page.eval_on_selector(".game-board", "b => b.dataset.state")
    if state != "ready":
        raise SystemExit(f"the board did not load: {page.locator('.play-loader').inner_text()}")
    marks = page.evaluate("Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))")
    worker = page.evaluate("window.editionPlay.board.engine.info.timings")
    page.wait_for_timeout(300)  # let the frame that draws the deal be reported
    stalls = stall_summary(page.evaluate("window.__longtasks"), page.evaluate("window.__scripts"), marks)
    return {"board_ready_ms": round(marks["play:board-ready"]), "engine_ready_ms": round(marks["play:engine-ready"]),
            "board_module_ms": round(marks.get("play:module", 0)), "wall_ms": round(wall),
            "worker_stages_ms": worker, **stalls}


def play_moves(page, moves: list[str]) -> dict:
    """Play moves one by one through the board's move API (the path a click takes): latency per move, from the
    call to the new position drawn into the DOM (total), of which the worker's round trip and its own time."""
    page.evaluate("window.__longtasks.length = 0; window.__scripts.length = 0")
    # a reader's pace: each move after the previous one has been drawn (a frame and 60 ms), not back to back
    page.evaluate("""async ids => { for (const id of ids) { await window.editionPlay.play(id);
        await new Promise(r => requestAnimationFrame(() => setTimeout(r, 60))); } }""", moves)
    page.wait_for_timeout(300)
    stats = page.evaluate("window.editionPlay.stats().moves")
    stalls = page.evaluate("window.__longtasks")
    scripts = page.evaluate("window.__scripts")

    def summary(key):
        values = sorted(m[key] for m in stats)
        return {"median": round(statistics.median(values), 1), "p95": round(values[int(0.95 * (len(values) - 1))], 1),
                "max": round(values[-1], 1)}
    return {"moves": len(stats), "total_ms": summary("total"), "round_trip_ms": summary("call"),
            "in_worker_ms": summary("worker"), **stall_summary(stalls, scripts, {})}


def greedy_moves(slug: str, deal: int, limit: int) -> list[str]:
    _, result = policies.play(registry.get(slug), deal, "greedy")
    return result.log[:limit]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="windmill")
    ap.add_argument("--deal", type=int, default=3)
    ap.add_argument("--moves", type=int, default=150, help="moves of the greedy game to time (default 150)")
    ap.add_argument("--warm", type=int, default=3, help="warm-cache loads to time (default 3)")
    ap.add_argument("--site", type=Path, help="a built site (default: build one into a temporary directory)")
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    tmp = None
    site = args.site
    if site is None:
        tmp = tempfile.TemporaryDirectory(prefix="edition-bench-")
        site = Path(tmp.name) / "site"
        build(site)
    server, base = serve_in_thread(site, port=0)
    url = f"{base}chapters/{args.game}/#deal={args.deal}"
    out = {"game": args.game, "deal": args.deal, "cpus": os.cpu_count(), "load_before": os.getloadavg()}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            ctx = browser.new_context(viewport={"width": 1280, "height": 900})
            ctx.add_init_script(OBSERVE)
            page = ctx.new_page()
            out["cold"] = open_chapter(page, url)
            page.close()
            out["warm"] = []
            for _ in range(args.warm):
                page = ctx.new_page()
                out["warm"].append(open_chapter(page, url))
                page.close()
            page = ctx.new_page()
            open_chapter(page, url)
            out["play"] = play_moves(page, greedy_moves(args.game, args.deal, args.moves))
            browser.close()
    finally:
        server.shutdown()
        if tmp:
            tmp.cleanup()
    out["load_after"] = os.getloadavg()
    report(out)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


def report(out: dict) -> None:
    cold, warm, play = out["cold"], out["warm"], out["play"]
    load = " / ".join(f"{x:.1f}" for x in out["load_before"])
    print(f"{out['game']} deal {out['deal']} — {out['cpus']} CPUs, load average {load} before")
    def stalls(r):
        return (f"longest main-thread task {r['longest_stall_ms']} ms (the theme's page load before the board: "
                f"{r['longest_before_board_ms']} ms; the board's own scripts: {r['longest_board_script_ms']} ms; "
                f"after the engine is ready: {r['longest_after_engine_ready_ms']} ms)")
    print(f"cold cache: board playable {cold['board_ready_ms']} ms after navigation "
          f"(engine ready {cold['engine_ready_ms']} ms; worker stages {cold['worker_stages_ms']})")
    print(f"  {stalls(cold)}")
    for i, w in enumerate(warm, 1):
        print(f"warm cache #{i}: board playable {w['board_ready_ms']} ms; {stalls(w)}")
    print(f"per move ({play['moves']} moves): total {play['total_ms']} ms, of which worker round trip "
          f"{play['round_trip_ms']} ms, inside the worker {play['in_worker_ms']} ms; while playing: "
          f"longest task {play['longest_stall_ms']} ms, the board's scripts {play['longest_board_script_ms']} ms")
    board_stalls = [r["longest_board_script_ms"] or 0 for r in (cold, *warm, play)] + \
        [r["longest_after_engine_ready_ms"] for r in (cold, *warm, play)]
    verdict = {
        "no stall over 100 ms caused by the board": max(board_stalls) <= 100,
        "no stall over 100 ms at all (theme included)": max(r["longest_stall_ms"] or 0 for r in (cold, *warm, play)) <= 100,
        "a move answered in under 20 ms (median)": play["total_ms"]["median"] < 20,
        "playable under 5 s cold": cold["board_ready_ms"] < 5000,
    }
    for aim, ok in verdict.items():
        print(f"  {'met ' if ok else 'MISSED'}  {aim}")


if __name__ == "__main__":
    main()
