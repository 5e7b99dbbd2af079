"""Shared fixtures: the TEI schema, a headless Chromium, the built site over HTTP, an artifacts folder.

All of these fail (never skip) when what they need is missing: `bash run.sh test` installs everything.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEI_RNG = ROOT / ".cache" / "tei" / "tei_all.rng"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def tei_schema():
    """TEI P5 tei_all as a compiled ``lxml.etree.RelaxNG`` (compiled once a session, ~13 s)."""
    from lxml import etree

    if not TEI_RNG.is_file():
        pytest.fail(f"TEI schema missing: {TEI_RNG}. Set-up fetches it: run `bash run.sh setup` "
                    "(or `bash run.sh test`).", pytrace=False)
    return etree.RelaxNG(etree.parse(str(TEI_RNG)))


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """``test-artifacts/`` at the repo root (git-ignored): screenshots, reports, logs."""
    path = ROOT / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium driven by Playwright (no `playwright install`: the system binary)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} missing: set-up installs it (`apt-get install -y chromium`).", pytrace=False)
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    except Exception:
        pw.stop()
        raise
    try:
        yield b
    finally:
        b.close()
        pw.stop()


@pytest.fixture
def page(browser):
    """A fresh browser context and page for one test; closed afterwards."""
    context = browser.new_context()
    pg = context.new_page()
    try:
        yield pg
    finally:
        context.close()


def _mkdocs_cmd() -> list[str]:
    exe = ROOT / ".venv" / "bin" / "mkdocs"
    if exe.exists():
        return [str(exe)]
    found = shutil.which("mkdocs")
    return [found] if found else [sys.executable, "-m", "mkdocs"]


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """The built site: ``mkdocs build -q`` once a session into a folder of this session's own (test workers run side
    by side, and site/ belongs to `run.sh serve`).

    Set EDITION_TEST_NO_BUILD=1 to reuse an existing site/ without rebuilding.
    """
    if os.environ.get("EDITION_TEST_NO_BUILD"):
        site = ROOT / "site"
    else:
        site = tmp_path_factory.mktemp("site")
        proc = subprocess.run(_mkdocs_cmd() + ["build", "-q", "-d", str(site)], cwd=ROOT,
                              capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if proc.returncode != 0:
            pytest.fail(f"mkdocs build failed (exit {proc.returncode}):\n{proc.stdout[-4000:]}\n"
                        f"{proc.stderr[-4000:]}", pytrace=False)
    if not (site / "index.html").is_file():
        pytest.fail(f"no built site at {site} (the build produced no index.html)", pytrace=False)
    return site


@pytest.fixture(scope="session")
def site_url(site_dir):
    """Base URL (ending in '/') of the built site served on a free loopback port for the session."""
    from pipeline.serve import serving

    with serving(site_dir) as url:
        yield url


def pytest_configure(config) -> None:
    # @pytest.mark.rule("<slug>", "<rule id>", …): the test exercises these rules of the game; the rule ledger
    # (pipeline/site/ledger.py) lists it under each, and tests/engine/test_ledger.py checks every rule has one
    config.addinivalue_line("markers", "rule(slug, *rule_ids): the test exercises these rules of the game")
