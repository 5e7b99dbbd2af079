"""The built site as files: one page per chapter, downloads, links, the search index, nothing from the internet."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import lxml.html
import pytest

from site_helpers import BOARD_BUDGET, FIXTURE_EDITION, ROOT, board_bytes, mkdocs_build

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
# The game board's vendored Pyodide (copied in by pipeline/site/play/assets.py) names these in its licence strings,
# its error messages and its CDN fallback for indexURL, which the board does not use (it passes its own
# indexURL under play/pyodide/); the browser tests block and record any request outside the site.
PYODIDE_DIR, PYODIDE_HOSTS = "play/pyodide/", {"www.python.org", "github.com", "peps.python.org", "cdn.jsdelivr.net"}
# The memory snapshot is the interpreter's heap after start-up: its strings are
# the docstrings of the imported modules, data the page restores, never a
# document or script the browser reads, so no address in it can be fetched.
HEAP_IMAGE = re.compile(r"play/pyodide/snapshot-[0-9a-f]+\.bin")
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
        if HEAP_IMAGE.fullmatch(rel):
            continue
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
        for ref in page.xpath("//script/@src | //script/@data-src | //link/@href | //img/@src | //iframe/@src"
                              " | //source/@src"):
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


def test_every_table_materials_script_would_wrap_is_built_in_its_wrappers_once(built):
    """Material's script wraps each ``table:not([class])`` of a page's content; the build has done it already
    (pipeline/site/tables.py), so the page is laid out the same before the script runs."""
    _, site = built
    seen = 0
    for path in site.rglob("*.html"):
        for table in html_of(path).xpath("//article//table[not(@class)]"):
            inner, outer = table.getparent(), table.getparent().getparent()
            assert (inner.get("class"), outer.get("class")) == ("md-typeset__table", "md-typeset__scrollwrap"), path
            assert outer.getparent().get("class") != "md-typeset__table", f"{path}: a table wrapped twice"
            seen += 1
    assert seen >= 3  # the home page's games, the notes, the winnability summary


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


def test_the_edition_builds_strictly(edition_site_build):
    """The fixture fails the test when ``mkdocs build --strict`` fails; its time is a figure, printed by
    benchmarks/site_build.py (and kept in the run's artifacts), not a condition of a test."""
    site, _ = edition_site_build
    assert (site / "index.html").is_file()


def manifest_of(edition: Path) -> dict:
    return json.loads((edition / "manifest.json").read_text("utf-8"))


def test_the_notes_page_lists_every_note_with_its_chapter_and_anchor(built, edition_dir):
    name, site = built
    notes = manifest_of(edition_dir(name))["notes"]
    rows = html_of(site / "notes" / "index.html").xpath("//div[@class='notes-table']//tbody/tr")
    assert [int(r.xpath("string(td[1])")) for r in rows] == [n["n"] for n in notes]
    if name == "edition":
        assert len(rows) == 20, "the book has 20 notes"
    for row, note in zip(rows, notes):
        anchor_links = row.xpath("td[3]//a/@href")
        if note["anchor"] == "found":
            assert anchor_links == [f"../chapters/{note['game']}/#noteref-{note['n']}"], row.get("id")
        else:
            assert "знак утрачен" in row.xpath("string(td[3])")
            assert not [h for h in anchor_links if "#noteref-" in h]
        assert row.xpath("string(td[4])").strip(), f"note {note['n']} has its text"


def test_home_lists_the_24_games_in_the_books_order_with_what_the_edition_has(built, edition_dir):
    name, site = built
    games = json.loads((ROOT / "source/editorial/games.json").read_text("utf-8"))["games"]
    manifest = {g["slug"]: g for g in manifest_of(edition_dir(name))["games"]}
    rows = html_of(site / "index.html").xpath("//div[@class='games-table']//tbody/tr")
    assert [r.get("data-slug") for r in rows] == [g["slug"] for g in games]
    for row in rows:
        slug = row.get("data-slug")
        expected = ("lost" if slug not in manifest else "whole" if manifest[slug]["complete"] else "partial")
        assert row.get("data-status") == expected, slug
        assert bool(row.xpath("td[2]//a")) == (slug in manifest), slug


def test_home_figures_are_read_from_the_report(built, edition_dir):
    name, site = built
    report = json.loads((edition_dir(name) / "report.json").read_text("utf-8"))
    figures = {li.xpath("string(.)").split(":")[0]: li.xpath("string(strong)")
               for li in html_of(site / "index.html").xpath("//ul[@class='edition-figures']/li")}
    assert figures["исправлений OCR"] == str(report["corrections"]["count"])
    assert figures["свидетелей (сохранённых страниц читалки)"] == str(len(report["witnesses"]))


def test_every_chapter_page_without_the_game_weighs_under_300_kb(built, artifacts_dir):
    """By the files: the page's HTML plus every stylesheet and script it links (the board's, under play/, aside, and
    the board the build draws into the HTML, which has a budget of its own). The browser test weighs the heaviest
    one again as loaded."""
    name, site = built
    weights, boards = {}, {}
    for page_path in sorted((site / "chapters").glob("*/index.html")):
        page = html_of(page_path)
        # data-src: Material's bundle, which md-later.js loads at the reader's first move
        refs = page.xpath("//link[@rel='stylesheet']/@href | //script/@src | //script/@data-src")
        files = [(page_path.parent / ref.split("?")[0]).resolve() for ref in refs]
        own = [f for f in files if "play" not in f.relative_to(site.resolve()).parts]
        board = board_bytes(page_path)
        boards[page_path.parent.name] = board
        weights[page_path.parent.name] = page_path.stat().st_size - board + sum(f.stat().st_size for f in own)
    (artifacts_dir / f"site-{name}-chapter-weights.json").write_text(
        json.dumps({"without the game": weights, "the board in the page": boards}, indent=1))
    assert weights and max(weights.values()) < 300 * 1024, weights
    assert max(boards.values()) < BOARD_BUDGET, boards


def test_building_twice_gives_the_same_pages(fixture_site_dir, tmp_path):
    proc, _ = mkdocs_build(FIXTURE_EDITION, tmp_path / "again")
    assert proc.returncode == 0, proc.stderr[-3000:]
    for page in ["index.html", "notes/index.html", *(f"chapters/{p.name}/index.html"
                                                      for p in (fixture_site_dir / "chapters").iterdir())]:
        assert (tmp_path / "again" / page).read_bytes() == (fixture_site_dir / page).read_bytes(), page


def test_a_tei_element_without_a_behaviour_fails_the_strict_build(tmp_path):
    import shutil

    edition = tmp_path / "edition"
    shutil.copytree(FIXTURE_EDITION, edition)
    tei = edition / "tei" / "windmill.xml"
    tei.write_text(tei.read_text("utf-8").replace(">Каждое ", "><unclear>Каждое</unclear> "), "utf-8")
    proc, _ = mkdocs_build(edition, tmp_path / "site")
    assert proc.returncode != 0
    assert "no behaviour for TEI <unclear> in windmill" in proc.stderr


def test_search_entries_are_titled_have_text_and_link_to_a_passage_of_their_page(built):
    """Every result has a title and a snippet; a chapter's are one per passage, linked to the passage's anchor,
    titled with the chapter ("6. Мельница · правило II"), their only markup the two spellings."""
    name, site = built
    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    ids: dict[str, set[str]] = {}
    rules = 0
    for doc in index["docs"]:
        page, _, anchor = doc["location"].partition("#")
        title = lxml.html.fragment_fromstring(doc["title"], create_parent="div").text_content()
        text = lxml.html.fragment_fromstring(doc["text"] or "<p></p>", create_parent="div").text_content()
        assert title.strip() and text.strip(), doc["location"]
        if anchor:
            if page not in ids:
                ids[page] = set(html_of(site / page / "index.html").xpath("//@id"))
            assert anchor in ids[page], doc["location"]
        if re.fullmatch(r"chapters/[\w-]+/", page):
            assert set(re.findall(r"</?([\w-]+)", doc["text"])) <= {"p", "w-o", "w-r"}, doc["location"]
            assert re.match(r"\d+\. ", title), title
            if re.search(r"-rule-[IVXLC]+$", anchor):
                rules += 1
                assert re.search(r" · правило [IVXLC]+$", title), title
    assert rules > 0


def test_the_rules_index_holds_every_numbered_rule_of_every_chapter_linked_to_its_place(built, edition_dir):
    name, site = built
    page = html_of(site / "rules" / "index.html")
    for slug in tei_games(edition_dir(name)):
        tei = (edition_dir(name) / "tei" / f"{slug}.xml").read_bytes()
        from lxml import etree
        items = etree.fromstring(tei).xpath("//t:div[@type='rules']//t:item/@xml:id",
                                            namespaces={"t": "http://www.tei-c.org/ns/1.0"})
        links = page.xpath(f"//section[@data-slug='{slug}']//li[@class='rule-entry']/a[@class='rule-place'][1]/@href")
        numbered = [h for h in links if "-rule-" in h]
        assert numbered == [f"../chapters/{slug}/#{i}" for i in items], slug


# three Latin-letter words in a row: a phrase of English (or French) where the page speaks Russian
FOREIGN_PHRASE = re.compile(r"\b[A-Za-z]+(?: [A-Za-z']+){2,}\b")
# what may hold one: code, titles of works (<i>, <em>, <cite>) and what is marked with its language
NOT_PROSE = {"script", "style", "code", "kbd", "pre", "svg", "template", "em", "i", "cite"}


def reader_text(el, out: list[str]) -> list[str]:
    if not isinstance(el.tag, str) or el.tag in NOT_PROSE or (el.get("lang") or "ru")[:2] != "ru" \
            or el.get("hidden") is not None:  # (a journal's contents, hidden: its headings are the journal's English)
        return out
    out.append(el.text or "")
    for child in el:
        reader_text(child, out)
        out.append(child.tail or "")
    return out


def test_every_page_speaks_russian_to_its_reader(built):
    """No page shows a phrase in another language unless it is code, a title of a work, a name in «quotes» or an
    element that says its language (a solver's lab journal is `<div lang="en">`, under a Russian heading)."""
    name, site = built
    found = {}
    for path in sorted(site.rglob("*.html")):
        root = lxml.html.fromstring(path.read_bytes())
        parts = reader_text(root.find("body"), [])
        parts += [el.get(a) for el in root.iter() if isinstance(el.tag, str)
                  for a in ("title", "aria-label", "alt", "placeholder") if el.get(a)]
        text = re.sub(r"«[^«»]*»", " ", " ".join(" ".join(parts).split()))
        if phrases := FOREIGN_PHRASE.findall(text):
            found[path.relative_to(site).as_posix()] = phrases[:5]
    assert found == {}


def test_no_search_result_runs_the_two_spellings_together(built):
    """Every entry of the search index, the home and winnability pages' too, keeps a word's two spellings apart
    (<w-o>/<w-r>), so that a result shows one: with the modern form out, no «Шахъ Шах» is left."""
    name, site = built
    docs = json.loads((site / "search" / "search_index.json").read_text("utf-8"))["docs"]
    run_together = []
    for doc in docs:
        shown = re.sub(r"<[^>]+>", "", re.sub(r"<w-r>.*?</w-r>", "", f"{doc['title']} {doc['text']}"))
        if found := re.search(r"\b(\w+)ъ \1\b", shown):
            run_together.append((doc["location"], found.group(0)))
    assert run_together == []
    assert {d["location"] for d in docs} >= {"", "winnability/"}
