"""Stage *emit*: the TEI document of each chapter, the notes whose chapter is not in the sources, the two plain
texts (read back out of the TEI, so they cannot say anything it does not) and the manifest."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from pipeline.text.bookdata import Editorial
from pipeline.text.model import Chapter, Document, Note, Passage, Variant, read
from pipeline.text.skeleton import key
from pipeline.tei.markup import T, fill, inline_text, q, set_id

BOOK = "Двадцать четыре основныхъ пасьянса съ двадцатью таблицами"
PRINCIPLES = {
    "correction": (
        "Misreadings of the OCR are corrected word by word by a noisy-channel corrector (confusions of the OCR × "
        "evidence that the reading is a word: the corpus, Russian morphology, pre-reform spelling, context); every "
        "change is recorded as choice/sic/corr with its certainty; what no rule can decide comes from the editors' "
        "list (resp #ed). Forms the evidence cannot settle are left as printed."),
    "normalization": (
        "Mechanical layer, not recorded inline: ђ (the reader's font for ѣ) → ѣ; Latin letters and digits that stand "
        "for Cyrillic look-alikes inside Cyrillic words; headings run together split. Each word carries its 1918 "
        "spelling as choice/orig/reg."),
    "variants": (
        "Where the copies of a passage differ in their words (words one copy adds or lacks, a word replaced by "
        "another, misread, or split or run together by the OCR: the edition holds every word of every copy), the "
        "passage holds an app in parallel segmentation: lem is the reading kept, rdg each other "
        "reading, with @wit. The lemma is the fullest copy (the one the other copies add fewest words to: a scrape "
        "of one printed book loses words by truncation and misreading, it does not invent them), then the best read "
        "(fewest word forms seen nowhere else in the witnesses), then the longest. A copy that breaks off, or "
        "covers only part of the passage, is no variant where it has no text, nor where its last word breaks off "
        "inside the lemma's; copies that differ only in case and punctuation are no variant either."),
    "segmentation": (
        "Paragraphs as the witnesses break them; lines a scrape broke inside a sentence are joined. One passage per "
        "paragraph of the book, with @source naming every witness that attests it; rules are list items numbered as "
        "printed (@n); captions stand as figure/head where the plate stood."),
}


@dataclass
class EmitContext:
    """What emitting needs besides the chapter: the book's data and the notes placed so far."""

    doc: Document
    ed: Editorial
    placed_notes: set[int] = field(default_factory=set)

    def fill(self, el, p: Passage, note=lambda n: None, start: int = 0):
        """``p.text[start:]`` into ``el`` with the corrections, spellings and variants the model holds for it."""
        apps = [(v.start, v.end, lambda v=v: self.app(v)) for v in p.variants]
        return fill(el, p.text, p.corrections, p.spellings, note, start, apps)

    def app(self, v: Variant) -> tuple[etree._Element, etree._Element]:
        """A variant in parallel segmentation: the lemma (its witnesses in @wit) and each other reading, copies
        that read alike sharing one ``rdg``; a reading is the witness's words as read (the mechanical layer
        only), each with its two spellings."""
        lem = T.lem(wit=_wits(b.witness for b in v.agree))
        app = T.app(lem, type="words")
        alike: dict[str, list] = {}
        for r in v.readings:
            alike.setdefault(r.text, []).append(r)
        for text, rs in sorted(alike.items(), key=lambda kv: _wits(r.block.witness for r in kv[1])):
            rdg = T.rdg(wit=_wits(r.block.witness for r in rs))
            fill(rdg, text, [], rs[0].spellings)
            app.append(rdg)
        return app, lem


def _wits(ids) -> str:
    return " ".join(f"#{w}" for w in sorted(set(ids)))


def sources(passages: list[Passage]) -> str:
    return " ".join(f"#{w}" for w in sorted({w for p in passages for w in p.witnesses}))


def header(ctx: EmitContext, title: str, subtitle: str) -> etree._Element:
    wits = []
    for w in sorted(ctx.doc.witnesses, key=lambda w: w.id):
        wits.append(set_id(T.witness(f"{w.name} — ", T.idno(w.sha256, type="sha256"),
                                     f", {w.size_bytes} bytes, a scrape of the online reader"), w.id))
    return T.teiHeader(
        T.fileDesc(
            T.titleStmt(
                T.title(title, type="main"),
                T.title(subtitle, type="sub"),
                T.respStmt(T.resp("edited by"), set_id(T.name("the editors of the digital edition"), "ed")),
                T.respStmt(T.resp("OCR correction"), set_id(T.name("the edition's automatic corrector"), "corrector")),
            ),
            T.publicationStmt(
                T.publisher("Digital critical edition of «" + BOOK + "»"),
                T.availability(T.p("The book's text is in the public domain; the edition is free to reuse."),
                               status="free"),
            ),
            T.sourceDesc(
                T.bibl(T.title(BOOK), " Anonymous Russian translation of Lady Adelaide Cadogan, ",
                       T.title("Illustrated Games of Patience"), " (London: Sampson Low, 1874); no translator, "
                       "year or printer known."),
                T.listWit(*wits),
            ),
        ),
        T.encodingDesc(
            T.editorialDecl(
                T.correction(T.p(PRINCIPLES["correction"])),
                T.normalization(T.p(PRINCIPLES["normalization"])),
                T.segmentation(T.p(PRINCIPLES["segmentation"])),
                T.p(PRINCIPLES["variants"]),
            ),
            T.variantEncoding(method="parallel-segmentation", location="internal"),
        ),
    )


def wrap(ctx: EmitContext, title: str, subtitle: str, body: etree._Element) -> etree._Element:
    tei = T.TEI(header(ctx, title, subtitle), T.text(T.body(body)))
    tei.set("{http://www.w3.org/XML/1998/namespace}lang", "ru")
    unique_ids(ctx, tei)
    return tei


XML_ID = "{http://www.w3.org/XML/1998/namespace}id"


def unique_ids(ctx: EmitContext, tei: etree._Element) -> None:
    """Make every xml:id of one TEI document unique. In the text, a second element with an id already given
    (two readings of one rule that collation kept apart, two chapters' plates) gets the first free ``-2``, ``-3``…
    and a warning names both; the header's witness ids are what @source points to, so a text id equal to one
    is a :class:`SourceError` naming the witness file (the file is renamed, not the reference)."""
    from pipeline.text.errors import SourceError

    header_ids = {el.get(XML_ID): el for el in tei.find(q("teiHeader")).iter() if el.get(XML_ID)}
    witness_file = {w.id: w.where or w.name for w in ctx.doc.witnesses}
    used: dict[str, etree._Element] = dict(header_ids)
    for el in tei.find(q("text")).iter():
        value = el.get(XML_ID)
        if value is None:
            continue
        if value in header_ids:
            if value in witness_file:
                raise SourceError(witness_file[value], None, f"its witness id {value} is also the id of "
                                  f"<{etree.QName(el).localname}> {value} in the edition — rename the file")
            raise SourceError("source/editorial/games.json", None, f"the id {value} is reserved for the TEI header")
        if value in used:
            k = 2
            while f"{value}-{k}" in used or tei.xpath("//*[@xml:id=$v]", v=f"{value}-{k}"):
                k += 1
            new = f"{value}-{k}"
            ctx.doc.warn(f"xml:id {value}: {_what(el)} repeats the id of {_what(used[value])}; the second is {new}")
            el.set(XML_ID, new)
            value = new
        used[value] = el


def _what(el: etree._Element) -> str:
    src = el.get("source")
    return f"<{etree.QName(el).localname}>" + (f" from {src}" if src else "")


def book_note(ctx: EmitContext, note: Note, subtype: str | None = None) -> etree._Element:
    el = set_id(T.note(n=str(note.n), place="foot", type="book"), f"note-{note.n}")
    if subtype:
        el.set("subtype", subtype)
    el.set("source", sources([note.passage]))
    ctx.fill(el, note.passage)
    return el


def chapter_title(ctx: EmitContext, ch: Chapter, modern: bool = False) -> tuple[str, bool]:
    """The chapter's title as the edition reads it (in the book's or the 1918 spelling), and whether the editors
    supply it."""
    heads = [p for p in ch.passages if p.kind == "title"]
    if heads:
        return heads[0].edited(modern=modern), False
    return read(ch.supplied_title, (), ch.title_spellings, modern=modern), True


def _title_evidence(ctx: EmitContext, ch: Chapter, title: str) -> str:
    """Why a supplied title is what it is, when the editors' data says nothing: the plate's caption, if it names
    the game, else the list of the book's games."""
    game = ctx.ed.game(ch.slug)
    captions = [p.text for p in ch.passages if p.kind == "caption" and key(p.text) == key(title)]
    if captions:
        return f"Заглавие утрачено; игру называет подпись к таблице этой главы: «{captions[0].rstrip('.')}»."
    if game.title:
        return f"Заглавие утрачено; это известное название игры {game.number} книги («{game.english}»)."
    return f"Заглавие утрачено; игра известна только по оригиналу 1874 года: «{game.english}»."


def chapter(ctx: EmitContext, ch: Chapter) -> etree._Element:
    slug = ch.slug
    div = set_id(T.div(type="game", n=str(ch.number), source=sources(ch.passages)), slug)
    remarks: list[etree._Element] = []
    if ch.lost_start:
        div.append(T.gap(T.desc("Начало главы в источниках не сохранилось."), reason="lost"))
    title, supplied = chapter_title(ctx, ch)
    if supplied:
        evidence = ctx.ed.titles.get(slug)
        ev = set_id(T.note(type="editorial", subtype="evidence", resp="#ed"), f"{slug}-title-evidence")
        ev.text = f"{evidence['why']} Источник: {evidence['source']}." if evidence else _title_evidence(ctx, ch, title)
        remarks.append(ev)
        head = T.head(type="title")
        sup = T.supplied(reason="lost", resp="#ed", source=f"#{slug}-title-evidence")
        fill(sup, ch.supplied_title, (), ch.title_spellings)
        head.append(sup)
        div.append(head)

    def note_at(n: int):
        note = ctx.doc.notes.get(n)
        if note is None or n in ctx.placed_notes:
            return T.ptr(target=f"#note-{n}", type="noteAnchor", n=str(n)) if note else None
        ctx.placed_notes.add(n)
        return book_note(ctx, note)

    section, items, last_item, figures, paras = div, None, None, 0, 0
    for p in ch.passages:
        src = sources([p])
        if p.kind in ("title", "decks") and section is div:
            head = T.head(type=p.kind, source=src)
            div.append(ctx.fill(head, p, note_at))
        elif p.kind in ("rules-head", "play-head"):
            section = T.div(type="rules" if p.kind == "rules-head" else "play", source=src)
            section.append(ctx.fill(T.head(source=src), p, note_at))
            div.append(section)
            items = last_item = None
        elif p.kind == "rule":
            if section is div:
                section = T.div(type="rules")
                div.append(section)
            if items is None:
                items = T.list(type="ordered")
                section.append(items)
            last_item = set_id(T.item(n=p.n, source=src), f"{slug}-rule-{p.n}")
            items.append(ctx.fill(last_item, p, note_at, p.lead))
        elif p.kind == "caption":
            figures += 1
            fig = set_id(T.figure(), f"{slug}-figure" + (f"-{figures}" if figures > 1 else ""))
            fig.append(ctx.fill(T.head(type="caption", source=src), p, note_at))
            (section if section is not div else _play(div)).append(fig)
            items = None
        elif last_item is not None and section.get("type") == "rules":
            last_item.append(ctx.fill(T.p(source=src), p, note_at))  # a rule running on
        else:
            if section is div:
                section = _play(div)
            paras += 1  # the id the rule ledger cites (pipeline/engine/ledger.py): the chapter's n-th play paragraph
            section.append(ctx.fill(set_id(T.p(source=src), f"{slug}-p{paras}"), p, note_at))
    if ch.lost_end:
        div.append(T.gap(T.desc("Конец главы в источниках не сохранился."), reason="lost"))
    lost = [n for n in sorted(ctx.doc.notes) if ctx.doc.notes[n].game == slug and ctx.doc.notes[n].anchor == "lost"]
    if lost:
        div.append(T.div(T.head("Примечания, место которых в тексте утрачено"),
                         *[book_note(ctx, ctx.doc.notes[n], "anchor-lost") for n in lost], type="notes"))
    for r in ctx.ed.remarks:
        if r["slug"] == slug:
            remarks.append(T.note(r["text"], type="editorial", resp="#ed", target=_target(slug, r["at"])))
    div.extend(remarks)
    return wrap(ctx, title, f"«{BOOK}», game {ch.number}", div)


def _play(div: etree._Element) -> etree._Element:
    """The play section, made without its heading when the heading is lost."""
    last = div.findall(q("div"))
    if last and last[-1].get("type") == "play":
        return last[-1]
    section = T.div(type="play")
    div.append(section)
    return section


def _target(slug: str, at: str) -> str:
    kind, _, value = at.partition(" ")
    return {"caption": f"#{slug}-figure", "rule": f"#{slug}-rule-{value}", "note": f"#note-{value}"}.get(kind, f"#{slug}")


def lost_notes(ctx: EmitContext, notes: list[Note]) -> etree._Element:
    div = set_id(T.div(T.head("Примечания к главам, которых нет в источниках"), type="notes"), "notes-lost")
    for note in notes:
        game = ctx.ed.game(note.game) if note.game else None
        el = book_note(ctx, note, "anchor-lost")
        if game:
            label = T.label(f"Game {game.number}, {game.english}" + (f" («{game.title}»)" if game.title else ""))
            el.insert(0, label)
            label.tail, el.text = el.text, None
        div.append(el)
    return wrap(ctx, "Notes of chapters not in the sources", f"«{BOOK}»", div)


def text_lines(tei: etree._Element, spelling: str) -> list[str]:
    """The running text of a chapter, one paragraph per line, read out of its TEI."""
    lines: list[str] = []
    body = tei.find(f"{q('text')}/{q('body')}")
    for el in body.iter(q("head"), q("item"), q("p"), q("gap"), q("note")):
        parent = etree.QName(el.getparent()).localname
        tag = etree.QName(el).localname
        if _inside(el, "teiHeader") or (tag == "note" and el.get("type") == "book") or _inside(el, "note"):
            continue
        if tag == "note" and el.get("subtype") == "evidence":
            continue
        if tag == "head" and parent == "div" and el.getparent().get("type") == "notes":
            continue
        if tag == "gap":
            lines.append(f"[{el.findtext(q('desc'))}]")
        elif tag == "note":
            lines.append(f"[{inline_text(el, spelling)}]")
        elif tag == "item":
            first = etree.Element(el.tag)
            first.text = el.text
            for child in el:
                if etree.QName(child).localname == "p":
                    break
                first.append(_copy(child))
            lines.append(f"{el.get('n')}. {inline_text(first, spelling).strip()}")
        elif tag == "head" and el.find(q("supplied")) is not None:
            lines.append(f"[{inline_text(el, spelling).strip()}]")
        else:
            lines.append(inline_text(el, spelling).strip())
    return [" ".join(line.split()) for line in lines if line.strip()]


def _copy(el: etree._Element) -> etree._Element:
    from copy import deepcopy

    return deepcopy(el)


def _inside(el: etree._Element, name: str) -> bool:
    return any(etree.QName(a).localname == name for a in el.iterancestors())


def serialize(tei: etree._Element) -> bytes:
    return etree.tostring(tei, encoding="UTF-8", xml_declaration=True, pretty_print=True)


def write(path: Path, data: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))


def manifest_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"
