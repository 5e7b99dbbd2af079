"""The site's generated pages, assembled as lxml HTML: a chapter, the games table and figures for home, the notes.

Everything shown comes from the edition (TEI, manifest.json, report.json) or from source/editorial/games.json.
"""
from __future__ import annotations

import posixpath
from dataclasses import dataclass

from lxml import etree

from . import render
from .edition import Chapter, Edition
from .render import h, add

STATUS = {"whole": "целиком", "partial": "частично", "lost": "утрачена"}
TEXT_VERSIONS = {"pre-reform": "дореформенная орфография", "modern": "современная орфография"}


def rel(page_url: str, target: str) -> str:
    """A link from the page at ``page_url`` (site-relative, directory style) to site-relative ``target``."""
    path, _, frag = target.partition("#")
    start = posixpath.dirname(page_url.rstrip("/") + "/x") if page_url else "."
    out = posixpath.relpath(path or ".", start or ".")
    if path.endswith("/") and not out.endswith("/"):
        out += "/"
    if out == "./":
        out = "./"
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
        if not ({"reg", "wits", "sr-only", "fn"} & set(cls.split())) and child.get("popover") is None:
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
    chapter: str | None     # slug of the game the note belongs to
    anchor: str | None      # id of the surviving anchor in the chapter page, None when the anchor is lost
    element: etree._Element | None  # the TEI note
    file_slug: str | None   # which TEI file holds the note text


def manifest_notes(edition: Edition) -> list[NoteInfo]:
    """The book's notes as the manifest lists them, each with its TEI text found in the edition's files."""
    texts: dict[int, tuple[etree._Element, str]] = {}
    for path in sorted((edition.root / "tei").glob("*.xml")):
        for el in render.parse(path).iterfind(f".//{{{render.TEI}}}note[@type='book']"):
            if el.get("n", "").isdigit():
                texts.setdefault(int(el.get("n")), (el, path.stem))
    out = []
    for entry in edition.manifest.get("notes", []):
        n = int(entry.get("n"))
        element, file_slug = texts.get(n, (None, None))
        chapter = entry.get("chapter") or entry.get("game") or entry.get("slug")
        anchor = entry.get("anchor")
        if anchor is True:
            anchor = f"noteref-{n}"
        elif isinstance(anchor, str) and anchor:
            anchor = f"noteref-{n}"
        else:
            anchor = None
        if entry.get("anchor_lost") is True or entry.get("anchored") is False:
            anchor = None
        out.append(NoteInfo(n, chapter, anchor, element, file_slug))
    return sorted(out, key=lambda x: x.n)


# --- a chapter -----------------------------------------------------------------------------------------------------

def chapter_page(ch: Chapter, edition: Edition) -> tuple[str, list[dict]]:
    """The chapter's HTML (everything from its TEI file) and its table of contents."""
    tree = render.parse(ch.tei)
    ctx = render.Context(ch.slug, render.witnesses(tree))
    root = h("div", {"class": "edition-chapter", "data-slug": ch.slug})
    add(root, controls())
    add(root, render.render(render.game_div(tree), ctx))
    add(root, h("div", {"class": "fn-pops"}, ctx.popovers) if ctx.popovers else None)
    add(root, h("div", {"class": "game-board", "data-game": ch.slug, "data-search-exclude": ""},
                h("p", {"class": "game-board-placeholder"}, "Здесь будет игровое поле этого пасьянса (готовится).")))
    add(root, notes_section(ch, edition, ctx))
    add(root, witness_section(ctx))
    add(root, downloads_section(ch))
    return render.to_html(root), toc_tokens(root)


def notes_section(ch: Chapter, edition: Edition, ctx: render.Context) -> etree._Element | None:
    anchored = {render.note_id(el): el for el in ctx.notes}
    lost = [info for info in manifest_notes(edition)
            if info.chapter == ch.slug and info.anchor is None and info.element is not None
            and render.note_id(info.element) not in anchored]
    if not anchored and not lost:
        return None
    items = []
    for el in ctx.notes:
        n = el.get("n", "?")
        items.append((int(n) if n.isdigit() else 0,
                      h("li", {"id": render.note_id(el), "value": n if n.isdigit() else None},
                        render.render_note_body(el, ctx), " ",
                        h("a", {"class": "fn-back", "href": f"#noteref-{n}",
                                "aria-label": f"Вернуться к знаку примечания {n} в тексте"}, "↩ вернуться"))))
    for info in lost:
        items.append((info.n, h("li", {"id": render.note_id(info.element), "value": str(info.n)},
                                 render.render_note_body(info.element, ctx), " ",
                                 h("span", {"class": "anchor-lost"}, "(знак примечания в тексте утрачен)"))))
    items.sort(key=lambda pair: pair[0])
    return h("section", {"class": "book-notes"}, h("h2", {"id": "notes"}, "Примечания"),
             h("ol", {"class": "notes-list"}, [li for _, li in items]))


def witness_section(ctx: render.Context) -> etree._Element:
    return h("section", {"class": "witness-list", "data-search-exclude": ""},
             h("h2", {"id": "witnesses"}, "Свидетели"),
             h("p", None, "Источники текста этой главы (из заголовка TEI). "
                          "Включите «показать свидетелей», чтобы видеть, какие из них содержат каждое место."),
             h("ul", None, [h("li", {"id": f"wit-{wid}"}, h("code", None, wid), " — ", desc)
                            for wid, desc in ctx.witnesses.items()]))


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
        title = game_title(game)
        if ch is not None:
            title = h("a", {"href": rel(page_url, ch.url)}, title)
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
    r, m = edition.report, edition.manifest
    out: list[tuple[str, object]] = []

    def pick(*paths):
        for path in paths:
            node = r
            for key in path.split("."):
                node = node.get(key) if isinstance(node, dict) else None
            if node is not None:
                return node
        return None

    wits = m.get("witnesses")
    out.append(("источников (свидетелей)", len(wits) if isinstance(wits, (list, dict)) else pick("witnesses")))
    out.append(("глав в издании", len(edition.chapters)))
    corr = pick("corrections.total", "corrections")
    if isinstance(corr, (int, str)):
        out.append(("исправлений OCR", corr))
    by_cert = pick("corrections.by_cert")
    if isinstance(by_cert, dict):
        out.append(("из них по уверенности", ", ".join(
            f"{render.CERTAINTY.get(k, k)} — {v}" for k, v in by_cert.items())))
    spelling = pick("spelling.choices", "spelling.total", "spelling")
    if isinstance(spelling, (int, str)):
        out.append(("слов с двумя написаниями (дореформенным и современным)", spelling))
    notes = m.get("notes") or []
    if notes:
        out.append(("примечаний книги", len(notes)))
        out.append(("из них со знаком в тексте", sum(1 for n in manifest_notes(edition) if n.anchor)))
    return [(k, v) for k, v in out if v is not None]


def witness_list(edition: Edition) -> etree._Element:
    wits = edition.manifest.get("witnesses") or []
    if isinstance(wits, dict):
        wits = [dict(v, id=k) if isinstance(v, dict) else {"id": k, "file": v} for k, v in wits.items()]
    return h("ul", {"class": "witnesses-home"},
             [h("li", None, h("code", None, str(w.get("id", "?"))), " — ",
                str(w.get("file") or w.get("path") or w.get("name") or ""))
              for w in wits])


# --- notes page ----------------------------------------------------------------------------------------------------

def notes_page(edition: Edition, page_url: str) -> tuple[str, list[dict]]:
    rows = []
    for info in manifest_notes(edition):
        game = edition.game(info.chapter) if info.chapter else None
        ch = edition.chapter(info.chapter) if info.chapter else None
        name = (f"{game['number']}. " + (game.get("title") or game.get("title_supplied") or game["english"])
                if game else (info.chapter or "?"))
        chapter_cell = h("a", {"href": rel(page_url, ch.url)}, name) if ch else name
        if info.anchor and ch:
            anchor = h("a", {"href": rel(page_url, f"{ch.url}#{info.anchor}")}, f"к знаку [{info.n}]")
        else:
            anchor = h("span", {"class": "anchor-lost"}, "знак утрачен")
        ctx = render.Context(info.file_slug or "notes")
        text = render.render_note_body(info.element, ctx) if info.element is not None else \
            h("span", {"class": "note-missing"}, "текст примечания не найден в издании")
        rows.append(h("tr", {"id": f"note-{info.n}", "data-anchor": "yes" if info.anchor else "lost"},
                      h("td", None, str(info.n)), h("td", None, chapter_cell), h("td", None, anchor),
                      h("td", {"class": "note-cell"}, text)))
    root = h("div", {"class": "edition-notes"}, controls(with_witnesses=False),
             h("p", None, "Все примечания книги по порядку номеров. Где знак примечания сохранился в тексте, "
                          "ссылка ведёт к нему; где нет — глава названа по редакторскому списку игр."),
             h("div", {"class": "notes-table"}, spaced(h("table", None,
               h("thead", None, h("tr", None, h("th", {"scope": "col"}, "№"), h("th", {"scope": "col"}, "Глава"),
                                  h("th", {"scope": "col"}, "Знак в тексте"),
                                  h("th", {"scope": "col"}, "Текст примечания"))),
               h("tbody", None, rows)))))
    return render.to_html(root), toc_tokens(root)
