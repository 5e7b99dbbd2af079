"""Play in the page, in Debian's Chromium (Playwright), for every registered game (or --game SLUG …):

- reading page: the bytes a visit that only reads the chapter downloads (no pointer, key or scroll near the board,
  three seconds after the load), and of them the runtime's (Pyodide, the engine bundle, the worker); the runtime
  files are also counted at the server, which sees every worker's requests (Playwright does not see a shared
  worker's own; bytes are the browser's count);
- drawn board: ms from navigation to the paint that first shows the board's cards (Element Timing of the cards'
  faces and counts, which the observer marks as the parser or the renderer adds them: the board the build drew
  into the page, else the renderer's; the first contentful paint where the cards were in the DOM before it, as a
  paint shows the DOM as it is), beside the first contentful paint; and when the page's renderer took the board
  over (board.mjs's play:drawn mark);
- intent → playable: a pointer on the board right after the page's load, to the board playable (the engine's
  answer drawn), from before the pointer moves and (“seen”) from the page's own play:intent mark, in a fresh browser
  context (cold) and on a second chapter (warm): the next game's chapter opened in a new page of the same context
  right after the first chapter's page was closed (its game played, its hints asked), as a reader who played one
  chapter opens another. Where the browser keeps a shared worker alive past its page (Chromium's extendedLifetime,
  engine.mjs) that second page connects to the engine the first one started, still running ("engine running" below);
  elsewhere, or with --dedicated (SharedWorker removed from the pages before their scripts run, as in Chrome for
  Android), it starts a worker of its own from what the first one kept (the runtime in Cache Storage, the memory
  snapshot in OPFS, the scripts in the HTTP cache and the service worker's); also navigation → playable;
- move latency: moves of the greedy game through the board's move API (the path of a click), call to redraw;
- hint latency: the hint button's path (`editionPlay.hint()`), call to the marks drawn.

    python benchmarks/browser.py [--game windmill ...] [--deal N] [--moves 40] [--hints 3] [--site DIR] [--json OUT]
                                 [--dedicated]

Builds the site into a temporary directory unless --site is given. Aims (issue 18): reading page 0 runtime bytes,
board drawn at first paint, intent → playable ≤ 2 s cold and ≤ 0.5 s on a second chapter, moves ≤ 16 ms median,
hints ≤ 0.3 s. The machine's load is printed with the numbers: on a shared 2-CPU box Pyodide's start-up time grows
with the other processes' CPU use.
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
window.__drawn = null;
window.__painted = null;
const BOARD_TEXT = ".play-surface .card .centre, .play-surface .pile-count";
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.identifier === "play-board" && (window.__painted === null || e.renderTime < window.__painted)) {
        window.__painted = e.renderTime;
      }
    }
  }).observe({type: "element", buffered: true});
} catch (e) { window.__painted = undefined; }
new MutationObserver((records) => {
  if (window.__drawn === null && document.querySelector(".play-surface .card")) window.__drawn = performance.now();
  for (const r of records) for (const node of r.addedNodes) {
    if (node.nodeType !== 1) continue;
    if (node.matches(BOARD_TEXT)) node.setAttribute("elementtiming", "play-board");
    for (const el of node.querySelectorAll(BOARD_TEXT)) el.setAttribute("elementtiming", "play-board");
  }
}).observe(document, {subtree: true, childList: true});
"""
LOADER_MS = 300_000
RUNTIME = ("/play/pyodide/", "/play/engine.json", "/play/engine/", "/play/worker.mjs", "/play/sw.js")  # what a page that is only read must not fetch


READY = "() => ['ready', 'error'].includes(document.querySelector('.game-board')?.dataset.state)"


def build(site: Path) -> None:
    mkdocs = ROOT / ".venv" / "bin" / "mkdocs"
    cmd = [str(mkdocs)] if mkdocs.exists() else [sys.executable, "-m", "mkdocs"]
    subprocess.run(cmd + ["build", "-q", "-d", str(site)], cwd=ROOT, check=True, stdin=subprocess.DEVNULL,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


class Traffic:
    """Every response a browser context receives, with its body size as sent (compressed if it was)."""

    def __init__(self, ctx):
        self.rows: list[tuple[str, int]] = []
        ctx.on("requestfinished", self._done)

    def _done(self, request) -> None:
        try:
            size = request.sizes()["responseBodySize"]
        except Exception:  # the page went away meanwhile
            size = 0
        self.rows.append((request.url, max(0, size)))

    def summary(self) -> dict:
        runtime = [(u, n) for u, n in self.rows if any(part in u for part in RUNTIME)]
        return {"bytes": sum(n for _, n in self.rows), "requests": len(self.rows),
                "runtime_bytes": sum(n for _, n in runtime), "runtime_files": sorted({u.split("?")[0] for u, _ in runtime})}


def marks(page) -> dict:
    return page.evaluate("Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))")


ASKED: list[str] = []  # every path the server is asked for (main() records them)


def reading_visit(browser, url: str) -> dict:
    """A visit that only reads: load the page, touch nothing, wait three seconds; what came over the wire."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    traffic = Traffic(ctx)
    page = ctx.new_page()
    ASKED.clear()
    page.goto(url, wait_until="load")
    page.wait_for_timeout(3000)
    out = traffic.summary()
    out["runtime_files_at_server"] = sorted({p.split("?")[0] for p in ASKED if any(part in p for part in RUNTIME)})
    ctx.close()
    return out


def intent_to_playable(page, url: str) -> dict:
    """Open the chapter; right after its load a pointer on the board (the reader's intent); the times."""
    page.goto(url, wait_until="load")
    page.wait_for_function("() => document.querySelector('.game-board')")
    t_intent = page.evaluate("performance.now()")
    page.locator(".game-board").hover()
    page.wait_for_function(READY, timeout=300_000)
    state = page.eval_on_selector(".game-board", "b => b.dataset.state")
    if state != "ready":
        raise SystemExit(f"the board did not load: {page.locator('.play-loader').inner_text()}")
    m = marks(page)
    fcp = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
    # the paint with the board's cards (Element Timing); where the cards were in the DOM before the first contentful
    # paint they are in it, since a paint shows the DOM as it is then — their entry can be lost where the renderer
    # replaces them within the frame (Clock: renderer 2 ms after FCP); where Element Timing is missing, when the
    # first card was in the DOM
    painted, parsed = page.evaluate("[window.__painted, window.__drawn]")
    drawn = fcp if parsed is not None and fcp is not None and parsed <= fcp else painted or parsed
    ready = m["play:board-ready"]
    # intent: before the pointer is moved (Playwright's hover waits for the board to be visible and still, a few
    # frames), and as the page saw it (board.mjs's play:intent mark)
    return {"intent_to_playable_ms": round(max(0.0, ready - t_intent)), "nav_to_playable_ms": round(ready),
            "seen_intent_to_playable_ms": round(ready - m["play:intent"]) if "play:intent" in m else None,
            "drawn_ms": None if drawn is None else round(drawn), "fcp_ms": None if fcp is None else round(fcp),
            "renderer_ms": round(m["play:drawn"]) if "play:drawn" in m else None,
            "longest_task_ms": page.evaluate("Math.round(Math.max(0, ...(window.__longtasks || []).map(t => t.ms)))"),
            "worker_stages_ms": page.evaluate("window.editionPlay.board.engine.info.timings")}


def play_moves(page, moves: list[str]) -> dict:
    """Play moves one by one through the board's move API (the path a click takes): latency per move, from the
    call to the new position drawn into the DOM (total), of which the worker's round trip and its own time."""
    page.evaluate("window.editionPlay.board.stats.moves.length = 0")
    # a reader's pace: each move after the previous one has been drawn (a frame and 60 ms), not back to back
    page.evaluate("""async ids => { for (const id of ids) { await window.editionPlay.play(id);
        await new Promise(r => requestAnimationFrame(() => setTimeout(r, 60))); } }""", moves)
    stats = page.evaluate("window.editionPlay.stats().moves")

    def summary(key):
        values = sorted(m[key] for m in stats)
        if not values:
            return None
        return {"median": round(statistics.median(values), 1), "p95": round(values[int(0.95 * (len(values) - 1))], 1),
                "max": round(values[-1], 1)}
    return {"moves": len(stats), "total_ms": summary("total"), "round_trip_ms": summary("call"),
            "in_worker_ms": summary("worker")}


def hints(page, n: int) -> dict:
    """`n` hints at the start of the deal and after each of the first moves: ms from the call to the answer drawn."""
    times = []
    for _ in range(n):
        t = page.evaluate("""async () => { const t0 = performance.now(); const id = await window.editionPlay.hint();
            const ms = performance.now() - t0; if (id) await window.editionPlay.play(id); return ms; }""")
        times.append(t)
    return {"hints": len(times), "median_ms": round(statistics.median(times)), "max_ms": round(max(times))}


def greedy_moves(slug: str, deal: int, limit: int) -> list[str]:
    _, result = policies.play(registry.get(slug), deal, "greedy")
    return result.log[:limit]


NO_SHARED = "delete window.SharedWorker;"  # --dedicated: each page starts its own worker, as without SharedWorker


def measure_game(browser, base: str, slug: str, second: str, deal: int, n_moves: int, n_hints: int,
                 dedicated: bool = False) -> dict:
    # no deal in the address (a deal there is intent already); the loader's time-out raised for a loaded machine
    url = f"{base}chapters/{slug}/?play-timeout={LOADER_MS}"
    out: dict = {"game": slug, "reading": reading_visit(browser, f"{base}chapters/{slug}/")}
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(OBSERVE)
    if dedicated:
        ctx.add_init_script(NO_SHARED)
    traffic = Traffic(ctx)
    page = ctx.new_page()
    out["cold"] = intent_to_playable(page, url)
    out["cold"]["bytes"] = traffic.summary()["bytes"]
    page.evaluate(f"window.editionPlay.deal({deal})")
    out["play"] = play_moves(page, greedy_moves(slug, deal, n_moves))
    page.evaluate(f"window.editionPlay.deal({deal})")
    out["hint"] = hints(page, n_hints)
    page.close()
    page = ctx.new_page()
    before = traffic.summary()["bytes"]
    out["warm"] = {"chapter": second, **intent_to_playable(page, f"{base}chapters/{second}/?play-timeout={LOADER_MS}")}
    out["warm"]["bytes"] = traffic.summary()["bytes"] - before
    ctx.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", nargs="*", help="games to measure (default: every registered game)")
    ap.add_argument("--deal", type=int, default=3)
    ap.add_argument("--moves", type=int, default=40, help="moves of the greedy game to time (default 40)")
    ap.add_argument("--hints", type=int, default=3, help="hints to time (default 3)")
    ap.add_argument("--site", type=Path, help="a built site (default: build one into a temporary directory)")
    ap.add_argument("--json", type=Path, help="also write the results here")
    ap.add_argument("--dedicated", action="store_true",
                    help="pages without SharedWorker: every chapter starts a worker of its own (the fallback)")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    slugs = list(registry.games())
    chosen = args.game or slugs
    tmp = None
    site = args.site
    if site is None:
        tmp = tempfile.TemporaryDirectory(prefix="edition-bench-")
        site = Path(tmp.name) / "site"
        build(site)
    server, base = serve_in_thread(site, port=0)

    class Recording(server.RequestHandlerClass):
        def answer(self, body: bool) -> None:
            ASKED.append(self.path)
            super().answer(body)

    server.RequestHandlerClass = Recording
    out = {"deal": args.deal, "cpus": os.cpu_count(), "load_before": os.getloadavg(), "games": [],
           "dedicated": args.dedicated}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            for slug in chosen:
                second = slugs[(slugs.index(slug) + 1) % len(slugs)]
                row = measure_game(browser, base, slug, second, args.deal, args.moves, args.hints, args.dedicated)
                out["games"].append(row)
                print(line(row), flush=True)
            browser.close()
    finally:
        server.shutdown()
        if tmp:
            tmp.cleanup()
    out["load_after"] = os.getloadavg()
    report(out)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


HEADER = ("game", "read KB", "runtime KB", "FCP ms", "drawn ms", "renderer ms", "cold ms", "warm ms", "cold seen ms",
          "warm seen ms", "nav ms", "move ms", "hint ms")


def line(r: dict) -> str:
    move = r["play"]["total_ms"]
    cells = (r["game"], f"{r['reading']['bytes'] / 1024:.0f}", f"{r['reading']['runtime_bytes'] / 1024:.0f}",
             r["cold"]["fcp_ms"], r["cold"]["drawn_ms"], r["cold"]["renderer_ms"],
             r["cold"]["intent_to_playable_ms"], r["warm"]["intent_to_playable_ms"],
             r["cold"]["seen_intent_to_playable_ms"], r["warm"]["seen_intent_to_playable_ms"],
             r["cold"]["nav_to_playable_ms"], move["median"] if move else "-", r["hint"]["median_ms"])
    return " | ".join(str(c) for c in cells)


def report(out: dict) -> None:
    load = " / ".join(f"{x:.1f}" for x in out["load_before"])
    after = " / ".join(f"{x:.1f}" for x in out["load_after"])
    print(f"deal {out['deal']} — {out['cpus']} CPUs, load average {load} before, {after} after"
          + (" — pages without SharedWorker (--dedicated)" if out.get("dedicated") else ""))
    print(" | ".join(HEADER))
    for r in out["games"]:
        print(line(r))
    rows = out["games"]
    med = lambda xs: round(statistics.median(xs)) if xs else None  # noqa: E731
    print("median | " + " | ".join(str(med(v)) for v in (
        [r["reading"]["bytes"] / 1024 for r in rows], [r["reading"]["runtime_bytes"] / 1024 for r in rows],
        [r["cold"]["fcp_ms"] for r in rows if r["cold"]["fcp_ms"] is not None],
        [r["cold"]["drawn_ms"] for r in rows if r["cold"]["drawn_ms"] is not None],
        [r["cold"]["renderer_ms"] for r in rows if r["cold"]["renderer_ms"] is not None],
        [r["cold"]["intent_to_playable_ms"] for r in rows], [r["warm"]["intent_to_playable_ms"] for r in rows],
        [r["cold"]["seen_intent_to_playable_ms"] or 0 for r in rows],
        [r["warm"]["seen_intent_to_playable_ms"] or 0 for r in rows],
        [r["cold"]["nav_to_playable_ms"] for r in rows],
        [r["play"]["total_ms"]["median"] for r in rows if r["play"]["total_ms"]],
        [r["hint"]["median_ms"] for r in rows])))
    for label, key in (("first contentful paint", "fcp_ms"), ("board drawn", "drawn_ms"),
                       ("renderer took the board over", "renderer_ms")):
        xs = [r["cold"][key] for r in rows if r["cold"].get(key) is not None]
        if xs:
            print(f"{label}: median {med(xs)} ms ({min(xs)}-{max(xs)}, n {len(xs)})")
    verdict = {
        "a reading page fetches no runtime file": all(not r["reading"]["runtime_files"]
                                                      and not r["reading"]["runtime_files_at_server"] for r in rows),
        "the board drawn at first paint (its cards in the first contentful paint)":
            all(r["cold"]["drawn_ms"] is not None and r["cold"]["fcp_ms"] is not None
                and r["cold"]["drawn_ms"] <= r["cold"]["fcp_ms"] + 1 for r in rows),
        "intent to playable ≤ 2 s cold": all(r["cold"]["intent_to_playable_ms"] <= 2000 for r in rows),
        "intent to playable ≤ 0.5 s on a second chapter": all(r["warm"]["intent_to_playable_ms"] <= 500 for r in rows),
        "intent as the page saw it to playable ≤ 0.5 s on a second chapter":
            all((r["warm"]["seen_intent_to_playable_ms"] or 1e9) <= 500 for r in rows),
        "a move ≤ 16 ms (median)": all(r["play"]["total_ms"]["median"] <= 16 for r in rows if r["play"]["total_ms"]),
        "a hint ≤ 0.3 s (median)": all(r["hint"]["median_ms"] <= 300 for r in rows),
    }
    served = lambda r: (r["warm"].get("worker_stages_ms") or {}).get("served")  # noqa: E731
    running = [r for r in rows if served(r) == "running"]
    print(f"second chapter: the engine the first chapter started, still running, served {len(running)} of {len(rows)}")
    own = [r for r in rows if served(r) != "running"]  # second chapters that started an engine of their own
    kept = [r for r in own if (r["warm"].get("worker_stages_ms") or {}).get("kept")]
    snap = lambda r, key: (r[key].get("worker_stages_ms") or {}).get("snapshot")  # noqa: E731
    built = [r for r in rows if snap(r, "cold") == "built"]
    restored = [r for r in own if snap(r, "warm") in ("loaded", "built")]
    print(f"cold: the build's memory snapshot restored in {len(built)} of {len(rows)}; second chapters that started "
          f"their own engine: {len(own)}, runtime kept in {len(kept)}, a memory snapshot restored in {len(restored)}")
    stages = lambda r, a, b: r.get(b, 0) - r.get(a, 0)  # noqa: E731
    for label, key in (("cold", "cold"), ("second chapter", "warm")):
        started = [r for r in rows if key == "cold" or served(r) != "running"]  # a running engine's are the first's
        py = [stages(r[key]["worker_stages_ms"], "runtime", "engine") for r in started]
        ours = [stages(r[key]["worker_stages_ms"], "engine", "ready") for r in started]
        print(f"  {label}: Python start (or snapshot restore) median {med(py)} ms, the engine's import median "
              f"{med(ours)} ms (worker stages)")
    for aim, ok in verdict.items():
        print(f"  {'met ' if ok else 'MISSED'}  {aim}")


if __name__ == "__main__":
    main()
