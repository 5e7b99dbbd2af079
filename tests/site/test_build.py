"""The built site as files: one page per chapter, downloads, links, the search index, nothing from the internet."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import lxml.html
import pytest

from site_helpers import FIXTURE_EDITION, ROOT, mkdocs_build

SEED_GAMES = {"four-corners", "windmill", "shah", "blockade", "clock", "calculation", "empress-of-india",
              "besieged-city", "parterre", "hemispheres", "petits-paquets", "zodiac", "sympathy"}
GAMES = {g["slug"] for g in json.loads((ROOT / "source/editorial/games.json").read_text("utf-8"))["games"]}

# URLs that are names, not addresses: XML namespaces. Nothing is fetched from them.
NAMESPACES = ("http://www.w3.org/", "http://www.tei-c.org/ns/", "http://www.sitemaps.org/schemas/")
# Material for MkDocs' own vendor files (its JS bundle, search worker, lunr language packs, CSS and their source
# maps) mention these hosts in licence comments and in code paths this site never takes (a GitHub repo widget,
# Mermaid diagrams, a ResizeObserver polyfill for browsers without it). The browser test
# `test_no_page_requests_anything_outside` checks at run time that none is requested.
VENDOR_HOSTS = {"github.com", "bit.ly", "www.mozilla.org", "rxjs.dev", "snowball.tartarus.org", "code.google.com",
                "t.ly", "developer.mozilla.org", "unpkg.com", "api.github.com", "tartarus.org", "fontawesome.com",
                "clipboardjs.com", "lunrjs.com", "en.wikipedia.org", "www.npmjs.com", "benediktmeurer.de",
                "wiki.ecmascript.org", "wiki.commonjs.org", "underscorejs.org", "people.mozilla.org",
                "narwhaljs.org", "msdn.microsoft.com", "docs.python.org", "chasen.org", "${e}", "${base}"}
VENDOR_DIRS = ("assets/javascripts/", "assets/stylesheets/")
# The game board's vendored Pyodide (copied in by pipeline/site/play/hook.py) names these in its licence strings,
# its error messages and its CDN fallback for indexURL, which the board does not use (it passes its own
# indexURL under play/pyodide/); the browser tests block and record any request outside the site.
PYODIDE_DIR, PYODIDE_HOSTS = "play/pyodide/", {"www.python.org", "github.com", "peps.python.org", "cdn.jsdelivr.net"}
URL = re.compile(r"https?://[^\s\"'()<>`\\]+")


@pytest.fixture
def edition_dir(request):
    """The edition directory a built site was made from (the fixture, or the session's snapshot of edition/)."""
    return lambda name: FIXTURE_EDITION if name == "fixture" else request.getfixturevalue("edition_snapshot")


def tei_games(edition: Path) -> set[str]:
    return {p.stem for p in (edition / "tei").glob("*.xml") if p.stem in GAMES}


def html_of(path: Path) -> lxml.html.HtmlElement:
    return lxml.html.fromstring(path.read_bytes())


def test_one_chapter_page_per_tei_game_file(built, edition_dir):
    name, site = built
    pages = {p.parent.name for p in (site / "chapters").glob("*/index.html")}
    assert pages == tei_games(edition_dir(name))
    if name == "edition":
        assert pages == SEED_GAMES, "the real edition holds the 13 games of the seeds"
    assert (site / "index.html").is_file() and (site / "notes" / "index.html").is_file()


def test_each_chapter_offers_its_tei_and_both_texts_for_download(built, edition_dir):
    name, site = built
    for slug in tei_games(edition_dir(name)):
        page = html_of(site / "chapters" / slug / "index.html")
        hrefs = page.xpath("//section[@class='downloads']//a/@href")
        assert len(hrefs) == 3
        originals = [edition_dir(name) / "tei" / f"{slug}.xml",
                     edition_dir(name) / "text" / "pre-reform" / f"{slug}.txt",
                     edition_dir(name) / "text" / "modern" / f"{slug}.txt"]
        for href, original in zip(hrefs, originals):
            copied = (site / "chapters" / slug / href).resolve()
            assert copied.read_bytes() == original.read_bytes(), href


def test_no_built_file_points_outside(built):
    _, site = built
    found = {}
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix in (".png", ".gz", ".ico"):
            continue
        rel = path.relative_to(site).as_posix()
        for url in URL.findall(path.read_text("utf-8", errors="replace")):
            if url.startswith(NAMESPACES):
                continue
            host = urlsplit(url).netloc
            if rel.startswith(VENDOR_DIRS) and host in VENDOR_HOSTS:
                continue
            if rel.startswith(PYODIDE_DIR) and host in PYODIDE_HOSTS:
                continue
            found.setdefault(rel, set()).add(url)
    assert not found, f"built files pointing outside the site: {found}"


def test_pages_load_nothing_but_the_sites_own_files(built):
    _, site = built
    for path in site.rglob("*.html"):
        page = html_of(path)
        for ref in page.xpath("//script/@src | //link/@href | //img/@src | //iframe/@src | //source/@src"):
            assert not urlsplit(ref).scheme and not ref.startswith("//"), f"{path}: {ref}"
        for style in page.xpath("//style/text() | //@style"):
            assert "url(" not in style or "http" not in style, path


def test_every_link_inside_the_site_resolves(built):
    _, site = built
    ids: dict[Path, set[str]] = {}

    def ids_of(path: Path) -> set[str]:
        if path not in ids:
            ids[path] = set(html_of(path).xpath("//@id"))
        return ids[path]

    broken = []
    for path in sorted(site.rglob("*.html")):
        for href in html_of(path).xpath("//a/@href"):
            parts = urlsplit(href)
            if parts.scheme or href.startswith("//"):
                continue
            base = site if parts.path.startswith("/") else path.parent  # 404.html links from the site root
            target = (base / unquote(parts.path).lstrip("/")).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append((path.relative_to(site).as_posix(), href))
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in ids_of(target):
                broken.append((path.relative_to(site).as_posix(), href))
    assert not broken, f"links to nothing: {broken[:20]}"


def test_the_search_index_holds_both_spellings_of_every_word(built, edition_dir):
    name, site = built
    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    assert index["config"]["lang"] == ["ru"]
    for slug in tei_games(edition_dir(name)):
        text = " ".join(d["title"] + " " + d["text"] for d in index["docs"]
                        if d["location"].startswith(f"chapters/{slug}/"))
        page = html_of(site / "chapters" / slug / "index.html")
        article = page.xpath("//article[@class='game-text']")[0]
        for orig in article.xpath(".//w-o"):
            reg = orig.getnext().getnext()
            assert orig.text_content() in text and reg.text_content() in text, (slug, orig.text_content())


def test_the_search_index_leaves_out_interface_and_duplicates(built):
    _, site = built
    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    text = " ".join(d["title"] + " " + d["text"] for d in index["docs"] if d["location"].startswith("chapters/"))
    for noise in ("Орфография", "показать свидетелей", "к списку примечаний", "Здесь будет игровое поле",
                  "Источники текста этой главы", "TEI P5"):
        assert noise not in text


def test_the_fixture_builds_strictly():
    proc, _ = mkdocs_build(FIXTURE_EDITION, ROOT / ".cache" / "site-test-fixture")
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_the_edition_builds_strictly_in_under_15_seconds(edition_site_build):
    site, seconds = edition_site_build
    assert (site / "index.html").is_file()
    assert seconds < 15, f"mkdocs build --strict took {seconds:.1f} s"
