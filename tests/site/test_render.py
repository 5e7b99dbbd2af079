"""The TEI → HTML renderer: one behaviour per element, escaping by construction, deterministic output."""
from __future__ import annotations

from pathlib import Path

import lxml.etree
import lxml.html
import pytest

from pipeline.site import pages, render
from pipeline.site.edition import load

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "edition"
GAMES = ROOT / "source" / "editorial" / "games.json"


def chapter_html(slug: str, edition_dir: Path = FIXTURE) -> lxml.html.HtmlElement:
    edition = load(edition_dir, GAMES)
    html, _ = pages.chapter_page(edition.chapter(slug), edition)
    return lxml.html.fragment_fromstring(html)


def tei_files(edition_dir: Path) -> list[Path]:
    return sorted((edition_dir / "tei").glob("*.xml"))


@pytest.mark.parametrize("edition_dir", [FIXTURE, ROOT / "edition"], ids=["fixture", "edition"])
def test_every_tei_element_in_a_text_has_a_behaviour(edition_dir):
    if not tei_files(edition_dir):
        pytest.fail(f"no TEI in {edition_dir}/tei: run `edition build`", pytrace=False)
    structural = {"TEI", "teiHeader", "text", "body", "front", "back"}
    missing = {}
    for path in tei_files(edition_dir):
        body = render.parse(path).find(f".//{{{render.TEI}}}text")
        for el in body.iter(f"{{{render.TEI}}}*"):
            tag = render.name(el)
            if tag not in render.BEHAVIOURS and tag not in structural:
                missing.setdefault(tag, path.name)
    assert not missing, f"TEI elements without a behaviour in pipeline/site/render.py: {missing}"


def test_a_source_holding_markup_shows_it_as_text():
    page = chapter_html("parterre")
    assert page.xpath("//script") == [], "no <script> element may come out of the TEI"
    assert page.xpath("//img") == [] and page.xpath("//b") == []
    text = page.text_content()
    assert "<script>window.pwned=2</script>" in text          # in a rule
    assert "</p><script>window.pwned=4</script>" in text     # in a paragraph
    assert "<script>window.pwned=5</script>" in text          # in an editorial note
    # the TEI header's witness descriptions (English, checksums, and here an <img onerror>) stay in the TEI: the
    # page's witness list says in Russian what each witness is, from the report
    witnesses = " ".join(page.xpath("string(//section[@class='witness-list'])").split())
    assert "сохранённая страница сетевой читалки" in witnesses and "onerror" not in witnesses
    assert "bytes" not in witnesses and "scrape" not in witnesses
    tips = " ".join(page.xpath("//@data-tip | //@data-kind"))
    assert '<script>window.pwned=1</script>' in tips           # supplied title's evidence, as an attribute value
    assert '"><script>window.pwned=3</script>' in tips         # a correction's type


def test_rendering_is_deterministic():
    edition = load(FIXTURE, GAMES)
    for ch in edition.chapters:
        assert pages.chapter_page(ch, edition) == pages.chapter_page(ch, edition)


def test_rules_are_a_list_numbered_with_the_books_roman_numbers():
    page = chapter_html("windmill")
    items = page.xpath("//ol[@class='rules-list']/li")
    assert [li.get("id") for li in items] == ["windmill-rule-I", "windmill-rule-II"]
    assert [li.xpath("string(span[@class='rule-n'])") for li in items] == ["I. ", "II. "]


def test_a_supplied_title_is_bracketed_with_its_evidence():
    page = chapter_html("four-corners")
    supplied = page.xpath("//h1//span[contains(@class,'supplied')]")[0]
    assert supplied.text_content() == "[Четыре угла]"
    assert supplied.get("tabindex") == "0"
    assert "Les Quatre Coins" in supplied.get("data-tip")
    assert page.xpath("//aside[@id='four-corners-title-evidence']"), "the evidence is also shown as an editorial note"


def test_every_spelling_choice_carries_both_spellings():
    page = chapter_html("windmill")
    pairs = []
    for orig in page.xpath("//w-o"):
        gap, reg = orig.getnext(), orig.getnext().getnext()
        assert gap.tag == "w-s" and gap.text == " ", "a (never displayed) space keeps the two apart for search"
        assert reg.tag == "w-r"
        pairs.append((orig.text_content(), reg.text_content()))
    assert ("мѣста", "места") in pairs and ("Свободныя", "Свободные") in pairs


def test_a_correction_keeps_the_ocr_form_and_certainty():
    page = chapter_html("windmill")
    corr = page.xpath("//span[@class='corr']")[0]
    assert corr.get("data-sic") == "нзъ" and corr.get("data-cert") == "high"
    assert corr.get("data-kind") == "confusable"
    assert corr.xpath("string(.//w-o)") == "изъ"


def test_a_book_note_has_an_anchor_a_popover_and_a_back_link():
    page = chapter_html("windmill")
    button = page.get_element_by_id("noteref-7")
    pop = page.get_element_by_id(button.get("popovertarget"))
    assert pop.get("popover") is not None and "Талономъ" in pop.text_content()
    item = page.get_element_by_id("note-7")
    assert item.xpath(".//a[@class='fn-back']/@href") == ["#noteref-7"]


def test_a_note_whose_anchor_is_lost_stands_where_the_tei_puts_it_and_says_so():
    page = chapter_html("four-corners")
    assert [li.get("id") for li in page.xpath("//ol[@class='notes-list']/li")] == ["note-5", "note-6"]
    lost = page.get_element_by_id("note-4")
    assert lost.tag == "p" and lost.xpath(".//span[@class='anchor-lost']")
    assert lost.getparent().get("class") == "tei-div notes" and not page.xpath("//button[@id='noteref-4']")


def test_an_editorial_note_links_to_its_target_only_if_the_page_shows_it():
    page = chapter_html("four-corners")
    notes = page.xpath("//aside[@class='ed-note']")
    assert [a.get("href") for a in page.xpath("//aside[@class='ed-note']//a[@class='ed-target']")] == ["#note-6"]
    assert any("Ссылка в никуда не показывается." in n.text_content() for n in notes)


def test_lacunae_and_editorial_notes_are_set_apart():
    page = chapter_html("parterre")
    assert page.xpath("//p[@class='gap']")
    assert "Начало главы в источниках не сохранилось." in chapter_html("four-corners").xpath(
        "string(//p[@class='gap'])")
    assert page.xpath("//aside[@class='ed-note']/span[@class='ed-label']")


def test_witnesses_of_each_passage_resolve_to_the_header():
    page = chapter_html("windmill")
    listed = set(page.xpath("//section[@class='witness-list']//li/@id"))
    cited = {f"wit-{wid}" for refs in page.xpath("//article//@data-source") for wid in refs.split()}
    assert cited and cited == listed
    assert "wit-w004_4709aa44ad55d514" not in listed, "a witness in the header but not cited is not listed"


def test_the_game_has_a_marked_place():
    page = chapter_html("windmill")
    assert page.xpath("//div[contains(concat(' ', @class, ' '), ' game-board ')][@data-game='windmill']")


def test_links_between_pages_are_relative():
    assert pages.rel("chapters/windmill/", "downloads/tei/windmill.xml") == "../../downloads/tei/windmill.xml"
    assert pages.rel("", "chapters/windmill/") == "chapters/windmill/"
    assert pages.rel("notes/", "chapters/windmill/#noteref-7") == "../chapters/windmill/#noteref-7"


def test_the_stylesheet_minifier_keeps_strings_and_selectors():
    from pipeline.site.hooks import minify_css

    css = '/* c */\n.a .b:hover::after,\n.c { content: "OCR: «" attr(x) " · a, b; c"; color : red; }\n'
    assert minify_css(css) == '.a .b:hover::after,.c{content:"OCR: «" attr(x) " · a, b; c";color : red;}'


def test_a_variant_shows_its_lemma_and_its_readings_on_demand():
    tei = (f'<p xmlns="{render.TEI}" source="#w001_a #w002_b #w003_c">Берутъ <app type="words">'
           '<lem wit="#w001_a">туза <choice><orig>и</orig><reg>и</reg></choice> кладутъ</lem>'
           '<rdg wit="#w002_b">туза &lt;script&gt;x()&lt;/script&gt; кладутъ</rdg><rdg wit="#w003_c"/></app>.</p>')
    el = lxml.etree.fromstring(tei)
    ctx = render.RenderContext("windmill", {"w001_a": "1", "w002_b": "2", "w003_c": "3"}, {})
    out = lxml.html.fragment_fromstring(lxml.etree.tostring(render.render(el, ctx), encoding="unicode"))
    (lem,) = out.xpath("//span[@class='lem']")
    assert lem.get("data-wit") == "w001" and "кладутъ" in lem.text_content()
    (rdgs,) = out.xpath("//span[@class='rdgs']")
    assert rdgs.get("data-search-exclude") == "" and out.xpath("//script") == []
    readings = [(r.xpath("string(span[@class='rdg-wit'])"), r.text_content()) for r in rdgs.xpath("span[@class='rdg']")]
    assert readings[0][0] == "w002" and "<script>x()</script>" in readings[0][1]
    assert readings[1][0] == "w003" and readings[1][1].endswith("нет")  # the witness lacks the words
    css = (ROOT / "pipeline/site/theme/assets/edition.css").read_text()
    assert ".rdgs { display: none; }" in css and "[data-variants] .rdgs" in css
