"""Fixtures for the reading site: a site built from the hand-made fixture edition (hostile strings included), and
a site built from a snapshot of the real edition/, and either of them by name (parametrized)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from site_helpers import FIXTURE_EDITION, HOSTILE_HEAD, HOSTILE_TITLE, ROOT, mkdocs_build  # noqa: E402


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
    yield from serve(fixture_site_dir)


@pytest.fixture(scope="session")
def edition_snapshot(tmp_path_factory) -> Path:
    """A copy of edition/ taken once a session, so that a rebuild by the text pipeline meanwhile cannot race."""
    if not (ROOT / "edition" / "tei").is_dir():
        pytest.fail("edition/tei is missing: run `edition build` first", pytrace=False)
    out = tmp_path_factory.mktemp("edition") / "edition"
    shutil.copytree(ROOT / "edition", out)
    return out


@pytest.fixture(scope="session")
def edition_site_build(tmp_path_factory, edition_snapshot, artifacts_dir) -> tuple[Path, float]:
    """The site built (--strict) from the real edition, in its own folder (site/ is shared with other test runs),
    and the build's time in seconds."""
    out = tmp_path_factory.mktemp("edition-site")
    proc, seconds = mkdocs_build(edition_snapshot, out)
    (artifacts_dir / "site-build-time.txt").write_text(f"mkdocs build --strict of edition/: {seconds:.2f} s\n")
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict of edition/ failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}",
                    pytrace=False)
    return out, seconds


@pytest.fixture(scope="session")
def edition_site_dir(edition_site_build) -> Path:
    return edition_site_build[0]


def serve(site: Path):
    from pipeline.serve import serving

    with serving(site) as url:
        yield url


@pytest.fixture(scope="session")
def edition_site_url(edition_site_dir):
    yield from serve(edition_site_dir)


@pytest.fixture(scope="session", params=["fixture", "edition"])
def built(request) -> tuple[str, Path]:
    """(name, site directory) for the fixture edition's site and for the real edition's site."""
    return request.param, request.getfixturevalue(f"{request.param}_site_dir")


@pytest.fixture(scope="session", params=["fixture", "edition"])
def served(request) -> tuple[str, Path, str]:
    """(name, site directory, base URL) of the fixture edition's site and of the real edition's site."""
    name = request.param
    return name, request.getfixturevalue(f"{name}_site_dir"), request.getfixturevalue(f"{name}_site_url")


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


@pytest.fixture(scope="session")
def hostile_site_dir(tmp_path_factory) -> Path:
    """The fixture edition with markup in a chapter title and a section head (as a witness's heading would bring
    it, escaped in the TEI), built strictly."""
    from xml.sax.saxutils import escape

    edition = tmp_path_factory.mktemp("hostile-edition") / "edition"
    shutil.copytree(FIXTURE_EDITION, edition)
    tei = edition / "tei" / "windmill.xml"
    text = tei.read_text("utf-8")
    for old, new in ((">МЕЛЬНИЦА.</head>", f">{escape(HOSTILE_TITLE)}</head>"),
                     ("<head>Правила.</head>", f"<head>{escape(HOSTILE_HEAD)}</head>")):
        assert old in text
        text = text.replace(old, new, 1)
    tei.write_text(text, "utf-8")
    out = tmp_path_factory.mktemp("hostile-site")
    proc, _ = mkdocs_build(edition, out)
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict of the hostile edition failed:\n{proc.stdout[-3000:]}\n"
                    f"{proc.stderr[-3000:]}", pytrace=False)
    return out


@pytest.fixture(scope="session")
def hostile_site_url(hostile_site_dir):
    yield from serve(hostile_site_dir)
