"""The site's generated pages, assembled as lxml HTML: a chapter, the games table and figures for home, the notes.

Everything shown comes from the edition (TEI, manifest.json, report.json) or from source/editorial/games.json.
"""
from __future__ import annotations

import copy
import posixpath
from dataclasses import dataclass

from lxml import etree

from . import ledger, render
from .play import static
from .edition import ChapterFiles, Edition
from .render import h, add

STATUS = {"whole": "целиком", "partial": "частично", "lost": "утрачена"}


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
              " показать исправления"),
            h("label", {"class": "ctl-check"}, h("input", {"type": "checkbox", "name": "variants"}),
              " показать варианты"))
    if with_witnesses:
        add(box, h("label", {"class": "ctl-check"}, h("input", {"type": "checkbox", "name": "witnesses"}),
                   " показать свидетелей"))
    return box


def visible_text(el: etree._Element, modern: bool = False) -> str:
    """An element's text as a heading list shows it: pre-reform spelling (or modern, with ``modern``), no hidden
    helpers."""
    other = "w-o" if modern else "w-r"
    parts: list[str] = [el.text or ""]
    for child in el:
        cls = child.get("class", "") if isinstance(child.tag, str) else ""
        hidden = child.get("popover") is not None or child.get("hidden") is not None or child.tag == other
        if not ({"wits", "sr-only", "fn", "rdgs"} & set(cls.split())) and not hidden:
            parts.append(visible_text(child, modern))
        parts.append(child.tail or "")
    return " ".join("".join(parts).split())


def spaced(table: etree._Element) -> etree._Element:
    """Whitespace between table cells, so that the search index does not glue neighbouring cells into one word."""
    for el in table.iter("tr", "td", "th"):
        el.tail = "\n"
    return table


def toc_tokens(root: etree._Element) -> list[dict]:
    """The page's sections for its contents list (the board's own heading is not one of the text's)."""
    return [{"level": 2, "id": el.get("id"), "name": visible_text(el), "children": []}
            for el in root.iter("h2") if el.get("id") and el.get("class") != "play-title"]


def spelling_pairs(root: etree._Element) -> dict[str, str]:
    """The page's contents-list names, pre-reform → modern, where the two differ (edition.js swaps them in the
    contents list when the reader switches spelling)."""
    return {old: new for el in root.iter("h2") if el.get("id")
            if (old := visible_text(el)) != (new := visible_text(el, modern=True))}


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
    loaded = {ch.tei: ch.tree for ch in edition.chapters if ch.tree is not None}  # parsed once, at load
    for path in sorted((edition.root / "tei").glob("*.xml")):
        tree = loaded[path] if path in loaded else render.parse(path)
        for el in tree.iterfind(f".//{{{render.TEI}}}note[@type='book']"):
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

def chapter_page(ch: ChapterFiles, edition: Edition) -> tuple[str, list[dict]]:
    """The chapter's HTML (everything from its TEI file) and its table of contents."""
    root = chapter_tree(ch, edition)
    return render.to_html(root), toc_tokens(root)


def chapter_tree(ch: ChapterFiles, edition: Edition) -> etree._Element:
    """The chapter page's content as an lxml tree: the switches, the text, the board's place, notes, witnesses,
    downloads."""
    tree = copy.deepcopy(ch.tree)  # parsed once, at load; the page numbers paragraphs and drops parts of its copy
    ctx = render.RenderContext(ch.slug, render.witnesses(tree), render.ids(tree))
    root = h("div", {"class": "edition-chapter", "data-slug": ch.slug})
    add(root, controls())
    div = render.game_div(tree)
    add(root, render.render(div, ctx))
    add(root, h("div", {"class": "fn-pops"}, ctx.popovers) if ctx.popovers else None)
    add(root, board_place(ch.slug))
    add(root, notes_section(ctx))
    add(root, ledger.link(ch.slug, ch.tei))  # to the rule ledger's page (pipeline/site/ledger.py)
    add(root, witness_section(ctx, cited_witnesses(div, ctx), edition))
    add(root, downloads_section(ch))
    drop_dangling_links(root)
    number_passages(root)
    return root


def board_place(slug: str) -> etree._Element:
    """Where the game is played: the board of the default deal as the build draws it (play/static.py), which the
    page's script takes over; a chapter whose game the engine does not have gets a note in its place."""
    if static.has_board(slug):
        return static.markup(slug)
    return h("div", {"class": "game-board", "data-game": slug, "data-search-exclude": ""},
             h("p", {"class": "game-board-placeholder"}, "Здесь играют в этот пасьянс; для игры нужен JavaScript."))


def number_passages(root: etree._Element) -> None:
    """An id for every paragraph and editorial note of the text that has none (its section's id and its place in
    it, ``play-p2``), so that search results and citations can point at the passage itself."""
    taken = set(root.xpath("//@id"))
    for section in [root.find(".//article"), *root.iterfind(".//article//section")]:
        if section is None:
            continue
        base = section.get("id") or "text"
        k = 0
        for el in section.iterchildren("p", "aside"):
            k += 1
            if not el.get("id") and f"{base}-p{k}" not in taken:
                el.set("id", f"{base}-p{k}")
                taken.add(el.get("id"))


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


def notes_section(ctx: render.RenderContext) -> etree._Element | None:
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


def cited_witnesses(div: etree._Element, ctx: render.RenderContext) -> list[str]:
    """The witnesses the chapter's @source attributes name, in the header's order."""
    cited = {ref[1:] for el in div.iter() if isinstance(el.tag, str) for ref in el.get("source", "").split()}
    return [wid for wid in ctx.witnesses if wid in cited]


def number(n: object) -> str:
    """A count as Russian print sets it: thin groups of three digits (12 890)."""
    return f"{n:,}".replace(",", "\u00a0") if isinstance(n, int) else str(n)


def witness_description(w: dict | None) -> str:
    """A witness in words, from the report's entry for it: what it is, its file, how much of it the edition
    kept. Its checksum and byte count stay in the TEI header (and the TEI download), not in the reading view."""
    out = "сохранённая страница сетевой читалки"
    if not w:
        return out
    if w.get("file"):
        out += f", файл {w['file']}"
    if isinstance(w.get("characters"), int):
        out += f": {number(w['characters'])} знаков"
        if isinstance(w.get("kept"), int):
            out += f", в издание вошло {number(w['kept'])}"
    return out


def report_witnesses(edition: Edition) -> dict[str, dict]:
    return {str(w.get("id")): w for w in edition.report.get("witnesses") or [] if isinstance(w, dict)}


def witness_section(ctx: render.RenderContext, cited: list[str], edition: Edition) -> etree._Element:
    known = report_witnesses(edition)
    return h("section", {"class": "witness-list", "data-search-exclude": ""},
             h("h2", {"id": "witnesses"}, "Свидетели"),
             h("p", None, "Источники текста этой главы. Включите «показать свидетелей», чтобы видеть, какие из них "
                          "содержат каждое место; контрольные суммы файлов — в заголовке TEI (файл ниже)."),
             h("ul", None, [h("li", {"id": f"wit-{wid}"}, h("code", None, render.short_witness(wid)), " — ",
                              witness_description(known.get(wid))) for wid in cited]))


DOWNLOADS = {"tei": ("{slug}.xml", "TEI P5 (XML): разметка главы со всеми чтениями, исправлениями и свидетелями"),
             "pre-reform": ("{slug}-pre-reform.txt", "Текст главы в дореформенной орфографии (как напечатано)"),
             "modern": ("{slug}-modern.txt", "Текст главы в современной орфографии")}


def downloads_section(ch: ChapterFiles) -> etree._Element:
    """The chapter's three files, each under a name of its own (the two texts would otherwise both save as
    ``<slug>.txt``) and said in words."""
    links = []
    for kind, (name, label) in DOWNLOADS.items():
        filename = name.format(slug=ch.slug)
        links.append(h("li", None, h("a", {"href": rel(ch.url, download_path(kind, ch.slug)), "download": filename},
                                     label), " ", h("span", {"class": "filename"}, f"({filename})")))
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


def original_name(name: str) -> etree._Element:
    """A game's name in Cadogan's book (French, or English), marked with its language."""
    return h("i", {"lang": "fr" if name[:2] in ("La", "Le", "L'") else "en"}, name)


def games_table(edition: Edition, page_url: str) -> etree._Element:
    rows = []
    for game in edition.games:
        status = game_status(edition, game["slug"])
        ch = edition.chapter(game["slug"])
        title = game_title(game) if ch is None else h("a", {"href": rel(page_url, ch.url)}, *title_nodes(ch))
        rows.append(h("tr", {"data-slug": game["slug"], "data-status": status},
                      h("td", None, str(game["number"])), h("td", None, title),
                      h("td", None, original_name(game["english"])),
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


MECHANICAL = {"digit look-alike": "цифра вместо похожей буквы", "latin look-alike": "латинская буква вместо похожей русской",
              "glyph": "знак"}


def mechanical_kind(kind: str) -> str:
    """The report's name of a kind of mechanical replacement (normalize.py: "glyph ђ→ѣ", "digit look-alike") in
    Russian; the characters it names ("ђ→ѣ") are kept."""
    name, _, chars = kind.partition(" ") if kind.startswith("glyph") else (kind, "", "")
    said = MECHANICAL.get(name, name)
    return f"{said} {chars}".strip()


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
        out.append((f"механических замен ({mechanical_kind(kind)})", count))
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
    items = [h("li", None, h("code", None, render.short_witness(wid)), " — ", witness_description(w))
             for wid, w in report_witnesses(edition).items()]
    return h("ul", {"class": "witnesses-home"}, items)


# --- notes page ----------------------------------------------------------------------------------------------------

def notes_page(edition: Edition, page_url: str) -> tuple[str, list[dict]]:
    rows = []
    for info in manifest_notes(edition):
        ch = edition.chapter(info.chapter) if info.chapter else None
        chapter_cell = h("a", {"href": rel(page_url, ch.url)}, f"{info.chapter_number}. " if info.chapter_number
                         else None, *title_nodes(ch)) if ch else \
            h("span", None, f"{info.chapter_number}. " if info.chapter_number else None,
              original_name(info.chapter_name), " ", h("span", {"class": "anchor-lost"}, "(главы нет в источниках)"))
        if info.anchored and ch:
            anchor = h("a", {"href": rel(page_url, f"{ch.url}#noteref-{info.n}")}, f"к знаку [{info.n}]")
        elif ch and info.element is not None and info.file_slug == ch.slug:
            anchor = h("span", None, h("span", {"class": "anchor-lost"}, "знак утрачен"), "; ",
                       h("a", {"href": rel(page_url, f"{ch.url}#{render.note_id(info.element)}")}, "примечание в главе"))
        else:
            anchor = h("span", {"class": "anchor-lost"}, "знак утрачен")
        ctx = render.RenderContext(info.file_slug or "notes")
        text = render.render_note_body(info.element, ctx) if info.element is not None else \
            h("span", {"class": "note-missing"}, "текст примечания не найден в издании")
        rows.append(h("tr", {"id": f"note-{info.n}", "data-anchor": "found" if info.anchored else "lost"},
                      h("td", {"class": "note-n", "data-label": "Примечание"}, str(info.n)),
                      h("td", {"class": "note-chapter", "data-label": "Глава"}, chapter_cell),
                      h("td", {"class": "note-anchor", "data-label": "Знак в тексте"}, anchor),
                      h("td", {"class": "note-cell", "data-label": "Текст"}, text)))
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


# --- rules index ---------------------------------------------------------------------------------------------------

RULES_PAGE = "rules.md"
RULES_TITLE = "Правила всех пасьянсов"


def rule_copy(li: etree._Element) -> etree._Element:
    """A rule as the chapter shows it, for the index: its note buttons and editorial notes left out (they open
    things that stand on the chapter page only)."""
    out = etree.fromstring(etree.tostring(li))
    for el in out.xpath(".//sup[contains(@class, 'fn')] | .//*[contains(@class, 'ed-note')] | .//small[@class='wits']"):
        remove(el)
    return out


def engine_rules(slug: str) -> list:
    """The game's rules as the engine states them (``pipeline.engine``), if the engine has the game."""
    try:
        from pipeline.engine import registry
        return list(registry.get(slug).rules)
    except Exception:  # a game the engine does not (yet) implement: the index shows the book's rules only
        return []


def spelled_plain(text: str) -> list:
    """A pre-reform text of the edition's own (an engine rule quotes the book) with its modern spelling beside it,
    as on the chapter pages: the switch shows one."""
    from pipeline.text.lang.spelling import modernize

    modern = modernize(text)
    return [text] if modern == text else [h("w-o", None, text), h("w-s", None, " "), h("w-r", None, modern)]


def rule_link(rule, ch: ChapterFiles, page_url: str, ids: set[str]) -> etree._Element | None:
    """Where the engine's rule is in the chapter: its ``cite`` (the rules ledger's anchor), when the engine gives
    one that the chapter page has; else the rule numbered like it; else the play section."""
    cite = getattr(rule, "cite", None)
    anchor = None
    if isinstance(cite, str) and cite.lstrip("#") in ids:
        anchor = cite.lstrip("#")
    elif f"{ch.slug}-rule-{rule.number}" in ids:
        anchor = f"{ch.slug}-rule-{rule.number}"
    elif "play-head" in ids:
        anchor = "play-head"
    return h("a", {"class": "rule-place", "href": rel(page_url, f"{ch.url}#{anchor}" if anchor else ch.url)},
             "к месту в главе")


def title_nodes(ch: ChapterFiles) -> list:
    """The chapter's title in both spellings (one, if they agree), for a heading the switch follows."""
    old, new = ch.titles
    return [old] if old == new else [h("w-o", None, old), h("w-s", None, " "), h("w-r", None, new)]


def rules_page(edition: Edition, page_url: str) -> tuple[str, list[dict]]:
    """Every numbered rule of every chapter (the TEI's ``div[@type='rules']`` items), each linked to its place in
    the chapter; then the rules the engine reads from the «Игра» section, where it has the game. A filter field
    (edition.js) narrows the list to rules holding every word typed, in either spelling."""
    sections = []
    for ch in edition.chapters:
        root = chapter_tree(ch, edition)
        ids = set(root.xpath("//@id"))
        # the engine's rules of the edition's own reading (a rule of another reading, `Rule.variant`, is on the
        # game's ledger page and the board, where that reading is chosen)
        game_rules = [r for r in engine_rules(ch.slug) if not getattr(r, "variant", "")]
        numbered = {r.number: r for r in game_rules if r.number != "play"}

        def in_ledger(rule) -> list:
            """A link to the rule in the game's ledger (chapters/<slug>/ledger/), where the chapter has one."""
            if rule is None or "ledger" not in ids:
                return []
            return [" · ", h("a", {"class": "rule-place", "href": rel(page_url, f"{ch.url}ledger/#ledger-rule-{rule.id}")},
                             "в своде правил игры")]

        items = []
        for li in root.xpath("//ol[@class='rules-list']/li"):
            entry = rule_copy(li)
            entry.set("class", "rule-entry")
            add(entry, " ")
            add(entry, h("a", {"class": "rule-place", "href": rel(page_url, f"{ch.url}#{li.get('id')}")},
                         "к месту в главе") if li.get("id") else None)
            add(entry, in_ledger(numbered.get(li.get("data-n") or "")))
            items.append(entry)
        play = [r for r in game_rules if r.number == "play"]
        play_items = [h("li", {"class": "rule-entry", "data-n": "play"},
                        *spelled_plain(r.ru),
                        " ", h("span", {"class": "anchor-lost"}, "(в сохранившемся тексте нет; реконструкция: ",
                                   r.origin, ")")
                        if r.source == "reconstructed" else None,
                        " ", rule_link(r, ch, page_url, ids), *in_ledger(r)) for r in play]
        heading = h("h2", {"id": f"rules-{ch.slug}"}, f"{ch.number}. ",
                    h("a", {"href": rel(page_url, ch.url)}, *title_nodes(ch)))
        body = [h("ol", {"class": "rules-list"}, items) if items else
                h("p", {"class": "anchor-lost"}, "Пронумерованных правил в сохранившемся тексте главы нет.")]
        if play_items:
            body += [h("p", {"class": "rules-play"}, "Из раздела «Игра» (как их читает движок игры):"),
                     h("ul", {"class": "rules-list play"}, play_items)]
        sections.append(h("section", {"class": "rules-game", "data-slug": ch.slug}, heading, body))
    root = h("div", {"class": "edition-rules"}, controls(with_witnesses=False),
             h("p", None, "Пронумерованные правила каждой главы книги, как их даёт текст издания, по порядку игр; "
                          "ссылка «к месту в главе» ведёт к правилу в тексте. Под ними — правила из раздела «Игра», "
                          "как их записал движок игр издания."),
             h("div", {"class": "rules-filter", "data-search-exclude": ""},
               h("label", {"for": "rules-filter"}, "Найти в правилах"),
               h("input", {"type": "search", "id": "rules-filter", "name": "rules-filter",
                           "placeholder": "например: основание, король", "autocomplete": "off"}),
               h("p", {"class": "rules-count", "role": "status", "aria-live": "polite"})),
             h("div", {"class": "rules-games", "data-search-exclude": ""}, sections))
    return render.to_html(root), toc_tokens(root)


def notes_entries(edition: Edition, page_url: str) -> list:
    """Search entries of the notes page: the page, and each note that no chapter page holds (a chapter the sources
    lack); the others are found on their chapter's page, at the note."""
    from . import search

    shown = {c.slug for c in edition.chapters}
    entries = [search.Entry(page_url, "Примечания", search.paragraph(
        "Все примечания книги по порядку номеров, с главой и знаком в тексте."))]
    for info in manifest_notes(edition):
        if info.element is None or info.file_slug in shown:
            continue
        body = render.render_note_body(info.element, render.RenderContext(info.file_slug or "notes"))
        text = search.spelled(body)
        if text:
            title = f"Примечание {info.n} · {info.chapter_number}. {info.chapter_name}" if info.chapter_number \
                else f"Примечание {info.n} · {info.chapter_name}"
            entries.append(search.Entry(f"{page_url}#note-{info.n}", search.html.escape(title, quote=False),
                                        search.paragraph(text)))
    return entries
