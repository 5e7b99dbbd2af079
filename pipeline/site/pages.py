"""The site's generated pages, assembled as lxml HTML: a chapter, the games table and figures for home, the notes.

Everything shown comes from the edition (TEI, manifest.json, report.json) or from source/editorial/games.json.
"""
from __future__ import annotations

import posixpath
from dataclasses import dataclass

from lxml import etree

from . import ledger, render
from .edition import Chapter, Edition
from .render import h, add

STATUS = {"whole": "целиком", "partial": "частично", "lost": "утрачена"}
TEXT_VERSIONS = {"pre-reform": "дореформенная орфография", "modern": "современная орфография"}


def rel(page_url: str, target: str) -> str:
    """A link from the page at ``page_url`` (site-relative, directory style) to site-relative ``target``."""
    path, _, frag = target.partition("#")
    out = posixpath.relpath(path or ".", page_url.rstrip("/") or ".")
    if path.endswith("/") and not out.endswith("/"):
        out += "/"
    return out + (f"#{frag}" if frag else "")


def download_path(kind: str, slug: str) -> str:
    return {"tei": f"downloads/tei/{slug}.xml",
            "pre-reform": f"downloads/text/pre-reform/{slug}.txt",
            "modern": f"downloads/text/modern/{slug}.txt"}[kind]


# --- shared pieces -------------------------------------------------------------------------------------------------

def controls(with_witnesses: bool = True) -> etree._Element:
    """The reader's switches; their state lives on <html> (set by edition.js, spelling remembered)."""
    box = h("div", {"class": "edition-controls", "role": "group", "aria-label": "Настройки текста",
                    "data-search-exclude": ""},
            h("fieldset", {"class": "ctl-spelling"}, h("legend", None, "Орфография"),
              h("label", None, h("input", {"type": "radio", "name": "spelling", "value": "pre-reform",
                                           "checked": "checked"}), " дореформенная"),
              h("label", None, h("input", {"type": "radio", "name": "spelling", "value": "modern"}),
                " современная")),
            h("label", {"class": "ctl-check"}, h("input", {"type": "checkbox", "name": "corrections"}),
              " показать исправления"))
    if with_witnesses:
        add(box, h("label", {"class": "ctl-check"}, h("input", {"type": "checkbox", "name": "witnesses"}),
                   " показать свидетелей"))
    return box


def visible_text(el: etree._Element) -> str:
    """An element's text as a heading list shows it: pre-reform spelling, no hidden helpers."""
    parts: list[str] = [el.text or ""]
    for child in el:
        cls = child.get("class", "") if isinstance(child.tag, str) else ""
        hidden = child.get("popover") is not None or child.get("hidden") is not None or child.tag == "w-r"
        if not ({"wits", "sr-only", "fn"} & set(cls.split())) and not hidden:
            parts.append(visible_text(child))
        parts.append(child.tail or "")
    return " ".join("".join(parts).split())


def spaced(table: etree._Element) -> etree._Element:
    """Whitespace between table cells, so that the search index does not glue neighbouring cells into one word."""
    for el in table.iter("tr", "td", "th"):
        el.tail = "\n"
    return table


def toc_tokens(root: etree._Element) -> list[dict]:
    return [{"level": 2, "id": el.get("id"), "name": visible_text(el), "children": []}
            for el in root.iter("h2") if el.get("id")]


@dataclass
class NoteInfo:
    n: int
    chapter: str | None      # slug of the game the note belongs to, if the edition has that chapter
    chapter_name: str        # how the manifest names the chapter (for chapters the sources do not hold)
    chapter_number: int | None
    anchored: bool           # whether the note's anchor survives in the text
    element: etree._Element | None  # the TEI note
    file_slug: str | None    # which TEI file holds it


def manifest_notes(edition: Edition) -> list[NoteInfo]:
    """The book's notes as manifest.json lists them, each with its TEI element found in the edition's files."""
    texts: dict[int, tuple[etree._Element, str]] = {}
    for path in sorted((edition.root / "tei").glob("*.xml")):
        for el in render.parse(path).iterfind(f".//{{{render.TEI}}}note[@type='book']"):
            if el.get("n", "").isdigit():
                texts.setdefault(int(el.get("n")), (el, path.stem))
    out = []
    for entry in edition.manifest.get("notes", []):
        n = int(entry["n"])
        element, file_slug = texts.get(n, (None, None))
        out.append(NoteInfo(n, entry.get("game"), entry.get("chapter") or "?", entry.get("chapter_number"),
                            entry.get("anchor") == "found", element, file_slug))
    return sorted(out, key=lambda x: x.n)


# --- a chapter -----------------------------------------------------------------------------------------------------

def chapter_page(ch: Chapter, edition: Edition) -> tuple[str, list[dict]]:
    """The chapter's HTML (everything from its TEI file) and its table of contents."""
    tree = render.parse(ch.tei)
    ctx = render.Context(ch.slug, render.witnesses(tree), render.ids(tree))
    root = h("div", {"class": "edition-chapter", "data-slug": ch.slug})
    add(root, controls())
    div = render.game_div(tree)
    add(root, render.render(div, ctx))
    add(root, h("div", {"class": "fn-pops"}, ctx.popovers) if ctx.popovers else None)
    add(root, h("div", {"class": "game-board", "data-game": ch.slug, "data-search-exclude": ""},
                h("p", {"class": "game-board-placeholder"}, "Здесь играют в этот пасьянс; для игры нужен JavaScript.")))
    add(root, notes_section(ctx))
    add(root, ledger.link(ch.slug, ch.tei))  # to the rule ledger's page (pipeline/site/ledger.py)
    add(root, witness_section(ctx, cited_witnesses(div, ctx)))
    add(root, downloads_section(ch))
    drop_dangling_links(root)
    return render.to_html(root), toc_tokens(root)


def drop_dangling_links(root: etree._Element) -> None:
    """An editorial note's "к месту" link stays only if the place it points to is on the page."""
    ids = set(root.xpath("//@id"))
    for a in root.xpath("//a[@class='ed-target']"):
        if a.get("href", "#")[1:] not in ids:
            remove(a)


def remove(el: etree._Element) -> None:
    """Remove an element, keeping the text that follows it."""
    parent, prev = el.getparent(), el.getprevious()
    if el.tail:
        if prev is not None:
            prev.tail = (prev.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)


def notes_section(ctx: render.Context) -> etree._Element | None:
    """The chapter's anchored book notes, each with a link back to its anchor."""
    if not ctx.notes:
        return None
    items = []
    for el in ctx.notes:
        n = el.get("n", "?")
        items.append(h("li", {"id": render.note_id(el), "value": n if n.isdigit() else None},
                       render.render_note_body(el, ctx), " ",
                       h("a", {"class": "fn-back", "href": f"#noteref-{n}",
                               "aria-label": f"Вернуться к знаку примечания {n} в тексте"}, "↩ вернуться")))
    return h("section", {"class": "book-notes"}, h("h2", {"id": "notes"}, "Примечания"),
             h("ol", {"class": "notes-list"}, items))


def cited_witnesses(div: etree._Element, ctx: render.Context) -> list[str]:
    """The witnesses the chapter's @source attributes name, in the header's order."""
    cited = {ref[1:] for el in div.iter() if isinstance(el.tag, str) for ref in el.get("source", "").split()}
    return [wid for wid in ctx.witnesses if wid in cited]


def witness_section(ctx: render.Context, cited: list[str]) -> etree._Element:
    return h("section", {"class": "witness-list", "data-search-exclude": ""},
             h("h2", {"id": "witnesses"}, "Свидетели"),
             h("p", None, "Источники текста этой главы (из заголовка TEI). "
                          "Включите «показать свидетелей», чтобы видеть, какие из них содержат каждое место."),
             h("ul", None, [h("li", {"id": f"wit-{wid}"}, h("code", None, render.short_witness(wid)), " — ",
                              ctx.witnesses[wid]) for wid in cited]))


def downloads_section(ch: Chapter) -> etree._Element:
    url = ch.url
    links = [h("li", None, h("a", {"href": rel(url, download_path("tei", ch.slug)), "download": ""},
                             f"{ch.slug}.xml"), " — TEI P5")]
    for kind, label in TEXT_VERSIONS.items():
        links.append(h("li", None, h("a", {"href": rel(url, download_path(kind, ch.slug)), "download": ""},
                                     f"{ch.slug}.txt"), f" — текст, {label}"))
    return h("section", {"class": "downloads", "data-search-exclude": ""},
             h("h2", {"id": "downloads"}, "Скачать"), h("ul", None, links))


# --- home ----------------------------------------------------------------------------------------------------------

def game_status(edition: Edition, slug: str) -> str:
    if edition.chapter(slug) is None:
        return "lost"
    entry = edition.manifest_game(slug) or {}
    return "whole" if entry.get("complete") is True else "partial"


def game_title(game: dict) -> etree._Element | str:
    if game.get("title"):
        return f"«{game['title']}»"
    if game.get("title_supplied"):
        return h("span", {"class": "supplied-plain", "title": "заглавие утрачено, восстановлено издателем"},
                 f"[{game['title_supplied']}]")
    return "—"


def games_table(edition: Edition, page_url: str) -> etree._Element:
    rows = []
    for game in edition.games:
        status = game_status(edition, game["slug"])
        ch = edition.chapter(game["slug"])
        title = game_title(game) if ch is None else h("a", {"href": rel(page_url, ch.url)}, ch.title)
        rows.append(h("tr", {"data-slug": game["slug"], "data-status": status},
                      h("td", None, str(game["number"])), h("td", None, title),
                      h("td", None, h("i", {"lang": "fr" if game["english"][:2] in ("La", "Le", "L'") else "en"},
                                      game["english"])),
                      h("td", {"class": f"status {status}"}, STATUS[status])))
    counts = {k: sum(1 for g in edition.games if game_status(edition, g["slug"]) == k) for k in STATUS}
    return h("div", {"class": "games-table"},
             spaced(h("table", None,
               h("caption", None, f"Целиком — {counts['whole']}, частично — {counts['partial']}, "
                                  f"утрачены — {counts['lost']}."),
               h("thead", None, h("tr", None, h("th", {"scope": "col"}, "№"),
                                  h("th", {"scope": "col"}, "Заглавие"),
                                  h("th", {"scope": "col"}, "В оригинале 1874 г."),
                                  h("th", {"scope": "col"}, "В этом издании"))),
               h("tbody", None, rows))))


def figures(edition: Edition) -> etree._Element:
    """The edition's figures as the pipeline reported them (report.json, manifest.json): nothing is counted here."""
    items = []
    for label, value in report_figures(edition):
        items.append(h("li", None, f"{label}: ", h("strong", None, str(value))))
    return h("ul", {"class": "edition-figures"}, items)


def report_figures(edition: Edition) -> list[tuple[str, object]]:
    """Label → figure, each read from report.json or manifest.json (a missing figure is left out, not guessed)."""
    r, m = edition.report, edition.manifest
    games = m.get("games", [])
    corrections = r.get("corrections") or {}
    out: list[tuple[str, object]] = [
        ("свидетелей (сохранённых страниц читалки)", len(r["witnesses"]) if "witnesses" in r else None),
        ("глав в издании", len(games) if games else None),
        ("из них целиком", sum(1 for g in games if g.get("complete")) if games else None),
        ("исправлений OCR", corrections.get("count")),
    ]
    by_cert = corrections.get("by_certainty") or {}
    if by_cert:
        out.append(("из них по уверенности", ", ".join(
            f"{render.CERTAINTY.get(k, k)} — {by_cert[k]}" for k in ("high", "medium", "low") if k in by_cert)))
    for kind, count in (r.get("mechanical") or {}).items():
        out.append((f"механических замен ({kind})", count))
    if "review" in r:
        out.append(("форм, оставленных как напечатано (нет надёжного исправления)", len(r["review"])))
    if "collation" in r:
        out.append(("мест, где свидетели перекрываются и сверены", len(r["collation"])))
    notes = m.get("notes") or []
    if notes:
        out.append(("примечаний книги", len(notes)))
        out.append(("из них со знаком в тексте", sum(1 for n in notes if n.get("anchor") == "found")))
    return [(k, v) for k, v in out if v is not None]


def witness_list(edition: Edition) -> etree._Element:
    wits = edition.report.get("witnesses") or []
    items = []
    for w in wits:
        item = h("li", None, h("code", None, render.short_witness(str(w.get("id", "?")))), " — ",
                 str(w.get("file", "")))
        if w.get("characters") is not None:
            add(item, f": {w['characters']} знаков, в издание вошло {w.get('kept', '?')}")
        if w.get("sha256"):
            add(item, " (SHA-256 ")
            add(item, h("code", {"class": "sha"}, w["sha256"][:16] + "…"))
            add(item, ")")
        items.append(item)
    return h("ul", {"class": "witnesses-home"}, items)


# --- notes page ----------------------------------------------------------------------------------------------------

def notes_page(edition: Edition, page_url: str) -> tuple[str, list[dict]]:
    rows = []
    for info in manifest_notes(edition):
        ch = edition.chapter(info.chapter) if info.chapter else None
        name = f"{info.chapter_number}. {ch.title if ch else info.chapter_name}" if info.chapter_number else \
            info.chapter_name
        chapter_cell = h("a", {"href": rel(page_url, ch.url)}, name) if ch else \
            h("span", None, name, " ", h("span", {"class": "anchor-lost"}, "(главы нет в источниках)"))
        if info.anchored and ch:
            anchor = h("a", {"href": rel(page_url, f"{ch.url}#noteref-{info.n}")}, f"к знаку [{info.n}]")
        elif ch and info.element is not None and info.file_slug == ch.slug:
            anchor = h("span", None, h("span", {"class": "anchor-lost"}, "знак утрачен"), "; ",
                       h("a", {"href": rel(page_url, f"{ch.url}#{render.note_id(info.element)}")}, "примечание в главе"))
        else:
            anchor = h("span", {"class": "anchor-lost"}, "знак утрачен")
        ctx = render.Context(info.file_slug or "notes")
        text = render.render_note_body(info.element, ctx) if info.element is not None else \
            h("span", {"class": "note-missing"}, "текст примечания не найден в издании")
        rows.append(h("tr", {"id": f"note-{info.n}", "data-anchor": "found" if info.anchored else "lost"},
                      h("td", None, str(info.n)), h("td", None, chapter_cell), h("td", None, anchor),
                      h("td", {"class": "note-cell"}, text)))
    root = h("div", {"class": "edition-notes"}, controls(with_witnesses=False),
             h("p", None, "Все примечания книги по порядку номеров. Где знак примечания сохранился в тексте, "
                          "ссылка ведёт к нему; где нет — сказано, что он утрачен, а глава названа по списку "
                          "игр издателя."),
             h("div", {"class": "notes-table"}, spaced(h("table", None,
               h("thead", None, h("tr", None, h("th", {"scope": "col"}, "№"), h("th", {"scope": "col"}, "Глава"),
                                  h("th", {"scope": "col"}, "Знак в тексте"),
                                  h("th", {"scope": "col"}, "Текст примечания"))),
               h("tbody", None, rows)))))
    return render.to_html(root), toc_tokens(root)
