"""Fixtures for the reading site: a site built from the hand-made fixture edition (hostile strings included), and
either that or the real site (``site_dir``/``site_url`` from tests/conftest.py, built from edition/) by name."""
from __future__ import annotations

from pathlib import Path

import pytest

from site_helpers import FIXTURE_EDITION, ROOT, mkdocs_build  # noqa: E402


@pytest.fixture(scope="session")
def fixture_site_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("fixture-site")
    proc, _ = mkdocs_build(FIXTURE_EDITION, out)
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict of the fixture edition failed:\n{proc.stdout[-3000:]}\n"
                    f"{proc.stderr[-3000:]}", pytrace=False)
    return out


@pytest.fixture(scope="session")
def fixture_site_url(fixture_site_dir):
    from pipeline.serve import serve_in_thread

    server, url = serve_in_thread(fixture_site_dir, port=0)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session", params=["fixture", "edition"])
def built(request) -> tuple[str, Path]:
    """(name, site directory) for the fixture edition's site and for the real edition's site."""
    if request.param == "fixture":
        return "fixture", request.getfixturevalue("fixture_site_dir")
    return "edition", request.getfixturevalue("site_dir")


@pytest.fixture(scope="session", params=["fixture", "edition"])
def served(request) -> tuple[str, Path, str]:
    """(name, site directory, base URL) of the fixture edition's site and of the real edition's site."""
    if request.param == "fixture":
        return "fixture", request.getfixturevalue("fixture_site_dir"), request.getfixturevalue("fixture_site_url")
    return "edition", request.getfixturevalue("site_dir"), request.getfixturevalue("site_url")


@pytest.fixture
def offline_page(browser):
    """A page whose every request outside the local server is blocked and recorded in ``page.outside``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.outside = []
    page.errors = []

    def guard(route):
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "http://localhost", "data:", "blob:", "about:")):
            route.continue_()
        else:
            page.outside.append(url)
            route.abort()

    context.route("**/*", guard)
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    try:
        yield page
    finally:
        context.close()
