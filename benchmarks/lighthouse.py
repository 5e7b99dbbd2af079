"""Lighthouse (mobile, its default) on pages of the built site, in Debian's Chromium: the four category scores
(performance, accessibility, best practices, SEO) and the performance metrics behind the first.

    python benchmarks/lighthouse.py [--page chapters/windmill/ ...] [--site DIR] [--json OUT]

Builds the site into a temporary directory unless --site is given, serves it with the edition's own server (the
precompressed files and headers a reader gets) and runs the Lighthouse command line once per page. Lighthouse is a
measuring tool, not part of the site: it is installed from npm into .cache/lighthouse on the first run (LIGHTHOUSE
names a version; the site itself loads nothing from the internet). Aim (issue 18): ≥ 95 in all four on a chapter
page. The machine's load is printed with the scores: Lighthouse's performance score is a simulation from a trace
of this machine's CPU, so it falls when other processes share the cores.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.browser import CHROMIUM, build  # noqa: E402
from pipeline.serve import serve_in_thread  # noqa: E402

TOOL = ROOT / ".cache" / "lighthouse"
VERSION = os.environ.get("LIGHTHOUSE", "12.8.2")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift",
           "speed-index")


def lighthouse_cli() -> Path:
    """The Lighthouse command line, installed into .cache/lighthouse if it is not there yet."""
    cli = TOOL / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.exists():
        TOOL.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(TOOL), f"lighthouse@{VERSION}"],
                       check=True, stdin=subprocess.DEVNULL)
    return cli


def audit(cli: Path, url: str, out: Path) -> dict:
    """One Lighthouse run on ``url``: scores (0-100) per category and the metrics' values (ms; CLS unitless)."""
    subprocess.run(["node", str(cli), url, "--quiet", "--output=json", f"--output-path={out}",
                    f"--only-categories={','.join(CATEGORIES)}",
                    "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
                   check=True, stdin=subprocess.DEVNULL, env={**os.environ, "CHROME_PATH": CHROMIUM})
    lhr = json.loads(out.read_text(encoding="utf-8"))
    return {"url": url,
            "scores": {c: round(100 * (lhr["categories"][c]["score"] or 0)) for c in CATEGORIES},
            "metrics": {m: lhr["audits"][m].get("numericValue") for m in METRICS},
            "lighthouse": lhr.get("lighthouseVersion")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--page", nargs="*", default=["chapters/windmill/", ""],
                    help="paths under the site (default: a chapter page and the home page)")
    ap.add_argument("--site", type=Path, help="a built site (default: build one into a temporary directory)")
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args()
    cli = lighthouse_cli()
    with tempfile.TemporaryDirectory(prefix="edition-lighthouse-") as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build(site)
        server, base = serve_in_thread(site, port=0)
        rows = []
        try:
            for k, page in enumerate(args.page):
                load = os.getloadavg()[0]
                row = audit(cli, base + page, Path(tmp) / f"lhr-{k}.json")
                row["load"] = round(load, 2)
                rows.append(row)
                s, m = row["scores"], row["metrics"]
                print(f"/{page}: " + " ".join(f"{c} {s[c]}" for c in CATEGORIES)
                      + f" | FCP {m['first-contentful-paint']:.0f} ms, LCP {m['largest-contentful-paint']:.0f} ms, "
                        f"TBT {m['total-blocking-time']:.0f} ms, CLS {m['cumulative-layout-shift']:.3f} "
                        f"(load {load:.2f}, Lighthouse {row['lighthouse']})", flush=True)
        finally:
            server.shutdown()
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
