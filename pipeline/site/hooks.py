"""MkDocs hooks: the chapter and notes pages are generated from the edition's TEI at build time.

The edition directory is ``$EDITION_DIR`` if set, else ``edition/`` beside mkdocs.yml; the games list is
``source/editorial/games.json``. Chapter pages exist only in memory (no second copy of the text in docs/), and the
chapter's TEI and its two text files are copied into the site as downloads.
"""
from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.toc import get_toc

from pipeline.site import ledger, pages, search, tables, winnability
from pipeline.site.edition import Edition, EditionError, load

NOTES_PAGE = "notes.md"
HOME_PAGE = "index.md"
TITLES_JS = "assets/spelling-titles.js"  # written at the end of the build, loaded in <head> (theme partial): the names
# edition-head.js swaps (see below)
MARKERS = {
    "<!-- edition:games -->": lambda ed, url: pages.games_table(ed, url),
    "<!-- edition:figures -->": lambda ed, url: pages.figures(ed),
    "<!-- edition:witnesses -->": lambda ed, url: pages.witness_list(ed),
}

_state: dict[str, object] = {}


def edition_dir(config) -> Path:
    base = Path(config.config_file_path).parent
    return Path(os.environ.get("EDITION_DIR") or base / "edition").resolve()


def _edition() -> Edition:
    return _state["edition"]  # type: ignore[return-value]


def nav_text(text: str) -> str:
    """The one place where edition text becomes MkDocs navigation text (nav, page title, header, footer, toc).

    Material writes nav, page and toc titles into the page unescaped (they may hold markup), and the search index
    carries them to the results as HTML too; edition text is plain text, so it is escaped here, once.
    """
    return html.escape(text, quote=False)


def chapter_nav_title(ch) -> str:
    return nav_text(f"{ch.number}. {ch.title}")


def page_toc(tokens: list[dict]):
    """MkDocs' table of contents from plain-text tokens, every name escaped by :func:`nav_text`."""
    def esc(token: dict) -> dict:
        return dict(token, name=nav_text(token["name"]), children=[esc(c) for c in token.get("children", [])])
    return get_toc([esc(t) for t in tokens])


def _search() -> dict[str, list[search.Entry]]:
    return _state["search"]  # type: ignore[return-value]


def _titles() -> dict[str, str]:
    return _state["titles"]  # type: ignore[return-value]


def on_config(config):
    base = Path(config.config_file_path).parent
    try:
        edition = load(edition_dir(config), base / "source" / "editorial" / "games.json")
    except EditionError as err:
        raise PluginError(str(err))
    _state["edition"] = edition
    config.nav = [
        {"Книга и издание": HOME_PAGE},
        {"Главы": [{chapter_nav_title(c): f"chapters/{c.slug}.md"} for c in edition.chapters]},
        {"Примечания": NOTES_PAGE},
        {"Правила": pages.RULES_PAGE},
        {"Решаемость": winnability.PAGE},
    ]
    _state["winnability"] = winnability.load(base / "results" / "winnability.json")
    _state["methods"] = winnability.load_methods(base / "source" / "editorial" / "solver-methods.json")
    _state["search"] = {}
    _state["titles"] = spelling_titles(edition, config.site_name)
    return config


def spelling_titles(edition: Edition, site_name: str) -> dict[str, str]:
    """Names outside the page text that are the book's own (chapter titles in the navigation, the page title, the
    site's name), pre-reform → modern, where the two differ. The navigation is Material's and plain text, so the
    spelling switch changes these names by script (edition-head.js, loaded in <head>: before the page paints), from
    this table."""
    from pipeline.text.lang.spelling import modernize

    out = {}
    for c in edition.chapters:
        old, new = c.titles
        out[f"{c.number}. {old}"] = f"{c.number}. {new}"
        out[old] = new
    out[site_name] = modernize(site_name)
    return {k: v for k, v in out.items() if k != v}


def on_files(files: Files, config) -> Files:
    edition = _edition()
    for ch in edition.chapters:
        files.append(File.generated(config, f"chapters/{ch.slug}.md", content=f"# {nav_text(ch.title)}\n"))
        if ledger.game_of(ch.slug) is not None:
            files.append(File.generated(config, ledger.page_path(ch.slug),
                                        content=f"# {nav_text(ch.title)}: правила и текст\n"))
        sources = {"tei": ch.tei, **ch.texts}
        for kind, path in sources.items():
            if not path.is_file():
                raise PluginError(f"{path}: missing; `edition build` writes it (chapter {ch.slug})")
            files.append(File.generated(config, pages.download_path(kind, ch.slug), abs_src_path=str(path)))
    if files.get_file_from_path(NOTES_PAGE) is None:
        files.append(File.generated(config, NOTES_PAGE, content="# Примечания\n"))
    files.append(File.generated(config, pages.RULES_PAGE, content=f"# {pages.RULES_TITLE}\n"))
    files.append(File.generated(config, winnability.PAGE, content=f"# {winnability.TITLE}\n"))
    return files


MATERIAL_BUNDLE = re.compile(r"assets/javascripts/bundle\.[0-9a-f]+\.min\.js")


def on_env(env, config, files: Files):
    """``material_bundle``: the address of Material's JS bundle, which main.html hands to assets/md-later.js (it
    loads the bundle at the reader's first move). Taken from the theme's files, as Material's base.html names it
    by its hash: exactly one."""
    found = [f.src_uri for f in files if MATERIAL_BUNDLE.fullmatch(f.src_uri)]
    if len(found) != 1:
        raise PluginError(f"Material's JS bundle: expected one assets/javascripts/bundle.*.min.js, found {found}")
    env.globals["material_bundle"] = found[0]
    return env


def on_page_content(html: str, page, config, files):
    """A page's content: generated from the edition, or the Markdown page's with its markers filled; its tables
    in Material's wrappers (:mod:`pipeline.site.tables`)."""
    return tables.wrap_html(page_content(html, page, config))


def page_content(html: str, page, config) -> str:
    edition = _edition()
    src = page.file.src_uri
    if src.startswith("chapters/") and src.endswith("/ledger.md"):
        ch = edition.chapter(Path(src).parent.name)
        body = ledger.section(ch.slug, ch.tei)
        page.toc = get_toc(pages.toc_tokens(body))
        # out of the search: every sentence it quotes is found at its place in the chapter, in both spellings
        _search()[page.url] = []
        title = pages.render.h("h1", {"id": "ledger-title"}, f"{ch.title}: правила и текст")
        return pages.render.to_html(title) + "\n" + pages.render.to_html(body)
    if src.startswith("chapters/"):
        ch = edition.chapter(Path(src).stem)
        root = pages.chapter_tree(ch, edition)
        page.toc = page_toc(pages.toc_tokens(root))
        _titles().update(pages.spelling_pairs(root))
        _search()[page.url] = search.chapter_entries(root, page.url, f"{ch.number}. {search.pair(*ch.titles)}")
        return pages.render.to_html(root)
    if src == NOTES_PAGE:
        body, toc = pages.notes_page(edition, page.url)
        page.toc = page_toc(toc)
        _search()[page.url] = pages.notes_entries(edition, page.url)
        return f"<h1 id=\"notes-title\">Примечания</h1>\n{body}"
    if src == pages.RULES_PAGE:
        body, toc = pages.rules_page(edition, page.url)
        page.toc = page_toc(toc)
        _search()[page.url] = [search.Entry(page.url, pages.RULES_TITLE, search.paragraph(
            "Все пронумерованные правила всех глав на одной странице, со ссылками на их места в главах."))]
        return f"<h1 id=\"rules-title\">{pages.RULES_TITLE}</h1>\n{body}"
    if src == winnability.PAGE:
        journals = frozenset(p.stem for p in (Path(config.docs_dir) / "solvers").glob("*.md"))
        table = winnability.page(edition, _state["winnability"], page.url, journals, _state["methods"])
        page.toc = page_toc(pages.toc_tokens(table))
        _search()[page.url] = search.section_entries(table, page.url, winnability.TITLE)
        return f"<h1 id=\"winnability-title\">{winnability.TITLE}</h1>\n" + pages.render.to_html(table)
    if src == HOME_PAGE:
        for marker, build in MARKERS.items():
            if marker in html:
                html = html.replace(marker, pages.render.to_html(build(edition, page.url)))
        pair = book_title_pair(html)
        _titles().update(pair)
        title = search.pair(*next(iter(pair.items()))) if pair else nav_text(config.site_name)
        _search()[page.url] = search.section_entries(fragment(html), page.url, title)
    return html


def fragment(html_text: str):
    from lxml import html as lxml_html

    return lxml_html.fragment_fromstring(html_text, create_parent="div")


def book_title_pair(html_text: str) -> dict[str, str]:
    """The home page's heading is the book's title as printed: its modern spelling too, for the switch."""
    from lxml import html as lxml_html
    from pipeline.text.lang.spelling import modernize

    found = lxml_html.fragment_fromstring(html_text, create_parent="div").find(".//h1")
    if found is None:
        return {}
    printed = " ".join(found.text_content().split())
    modern = modernize(printed)
    return {printed: modern} if printed and modern != printed else {}


KEEP = re.compile(r"<(pre|textarea|script|style)\b.*?</\1>", re.S | re.I)


def squeeze(html: str) -> str:
    """Drop indentation (runs of whitespace after a line break) outside pre/textarea/script/style: HTML collapses it
    anyway, and it is a sizeable part of a chapter page's weight."""
    out, pos = [], 0
    for m in KEEP.finditer(html):
        out.append(re.sub(r"\n\s+", "\n", html[pos:m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append(re.sub(r"\n\s+", "\n", html[pos:]))
    return "".join(out)


def on_post_page(output: str, page, config) -> str:
    return squeeze(output)


def minify_css(text: str) -> str:
    """Comments and layout whitespace out of a stylesheet, quoted strings untouched."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    parts = re.split(r'("[^"]*")', text)  # odd indexes are strings
    for i in range(0, len(parts), 2):
        part = re.sub(r"\s+", " ", parts[i])
        part = re.sub(r"\s*([{};,])\s*", r"\1", part)
        parts[i] = re.sub(r"([{;][\w-]+):\s", r"\1:", part)
    return "".join(parts).strip()


def squeeze_js(text: str) -> str:
    """Whole-line comments (``// …`` and ``/* … */`` standing on lines of their own) and indentation out of a script
    of the site's own; a comment after code on its line, and every string, is left as it is."""
    text = re.sub(r"(?m)^[ \t]*//.*\n", "", text)
    text = re.sub(r"(?ms)^[ \t]*/\*.*?\*/[ \t]*\n", "", text)
    return re.sub(r"(?m)^[ \t]+", "", text)


# the page weight budget counts them (tests/site)
OWN_JS = ("assets/edition.js", "assets/edition-head.js", "assets/md-later.js")


@event_priority(-100)  # after the search plugin has written its index
def on_post_build(config) -> None:
    site = Path(config.site_dir)
    css = site / "assets" / "edition.css"
    css.write_text(minify_css(css.read_text(encoding="utf-8")), encoding="utf-8")
    for name in OWN_JS:
        js = site / name
        js.write_text(squeeze_js(js.read_text(encoding="utf-8")), encoding="utf-8")
    index = site / "search" / "search_index.json"
    if index.is_file():
        search.replace(index, _search())
    titles = json.dumps(dict(sorted(_titles().items())), ensure_ascii=False)
    (site / TITLES_JS).write_text("/* Generated by pipeline/site/hooks.py: pre-reform -> modern names for the "
                                  f"spelling switch (edition-head.js). */\nwindow.editionTitles = {titles};\n",
                                  encoding="utf-8")
