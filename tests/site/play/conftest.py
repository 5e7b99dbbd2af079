"""Fixtures for the board tests: a browser context shared by a test module (so Pyodide comes from the HTTP cache
after the first page) and a fresh page in it that collects page errors."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def context(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def board_page(context):
    """A fresh page in the module's context; page errors are collected in ``page.errors``."""
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    try:
        yield page
    finally:
        page.close()


@pytest.fixture(scope="session")
def site_url(request):
    """The shared built site (tests/conftest.py), or the one in $EDITION_PLAY_SITE when set: a site built apart,
    for running these tests while other work rebuilds site/ under them."""
    import os

    from pipeline.serve import serving

    with serving(os.environ.get("EDITION_PLAY_SITE") or request.getfixturevalue("site_dir")) as url:
        yield url
