"""Stages structure and emit, alone: what a line is, which game a chapter is, what is lost, and how the TEI and
the plain texts say it."""
from pathlib import Path

import pytest

from pipeline.text import bookdata, clean, collate, normalize, structure
from pipeline.tei import emit
from pipeline.text.model import Document, Witness
from pipeline.text.lang.morph import is_caption
from pipeline.text.build import titles
from pipeline.text.lang.spelling import spell

ROOT = Path(__file__).resolve().parents[2]
ED = bookdata.load(ROOT / "source")
ARTIFACTS = clean.load_artifacts(ROOT / "source/editorial/reader.json")


@pytest.mark.parametrize("line, kind", [
    ("МЕЛЬНИЦА.", "title"),
    ("ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "decks"),
    ("ДЛЯ ДВУХЪ ИГРОКОВЪ. ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "decks"),
    ("Правила.", "rules-head"),
    ("Игра.", "play-head"),
    ("III. Основныя карты берутся изъ колоды прежде начала игры.", "rule"),
    ("VI За основными картами слѣдуетъ масть.", "rule"),        # the numeral printed without its stop
    ("ІІ. На основанія слѣдуютъ масти.", "rule"),              # Cyrillic І for Latin I
    ("Солнечные часы.", "caption"),
    ("Четыре угла.", "caption"),
    ("Масти соблюдаются.", "p"),                                # a sentence: it has a verb
    ("Пасьянсъ этотъ чрезвычайно труденъ.", "p"),              # a sentence: adverb and short adjective
    ("Пасьянсъ вторично не раскладывается.", "p"),
])
def test_what_a_line_is(line, kind):
    assert structure.classify(line, is_caption) == kind


def test_roman_numbers_are_read_as_printed():
    assert structure.roman_value("IV") == "IV" and structure.roman_value("ІІІ") == "III"
    assert structure.roman_value("IIII") is None and structure.roman_value("IC") is None


def chapters_of(*texts: str) -> Document:
    doc = Document(witnesses=[Witness(f"w{i}", f"{i}.txt", t, "", 0) for i, t in enumerate(texts)])
    clean.clean(doc, ARTIFACTS)
    normalize.normalize(doc)
    collate.readings(collate.collate(doc))
    return structure.structure(doc, ED, is_caption)


SHAH = ("ШАХЪ.\nДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\nПравила.\nI. Марьяжъ можно дѣлать только картами среднихъ круговъ.\n"
        "Игра.\nНаконецъ, кладутъ третій кругъ, которымъ заканчиваются лучи звѣзды[8].\n")
UNTITLED = ("ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\nПравила.\nI. Всѣ карты нерваго ряда считаются годными.\nИгра.\n"
            "Располагаютъ въ продольную линію двѣнадцать картъ.\n")


def test_a_chapter_is_known_by_its_title():
    (ch,) = chapters_of(SHAH).chapters
    assert (ch.slug, ch.number) == ("shah", 7)
    assert not ch.lost_start and not ch.lost_end and not ch.title_supplied
    assert any("title «ШАХЪ.»" in e for e in ch.evidence)


def test_a_chapter_without_its_title_is_known_by_its_place():
    doc = chapters_of(SHAH + UNTITLED)
    assert [(c.slug, c.title_supplied) for c in doc.chapters] == [("shah", False), ("blockade", True)]
    assert any("follows game 7" in e for e in doc.chapters[1].evidence)


def test_the_end_of_a_chapter_before_the_first_heading_is_the_end_of_the_game_before():
    doc = chapters_of("Пасьянсъ вторично не раскладывается, и это слѣдуетъ помнить.\n" + SHAH)
    assert [c.slug for c in doc.chapters] == ["windmill", "shah"]  # game 6 stands before game 7
    assert doc.chapters[0].lost_start and any("precedes game 7" in e for e in doc.chapters[0].evidence)


def test_a_note_anchor_and_the_place_agree_on_the_game():
    besieged = SHAH.replace("ШАХЪ.", "ОСАЖДЕННЫЙ ГОРОДЪ.").replace("[8]", "")
    doc = chapters_of("Пасьянсъ вновь не раскладывается[17].\n" + besieged)
    assert [c.slug for c in doc.chapters] == ["empress-of-india", "besieged-city"]
    evidence = doc.chapters[0].evidence
    assert any("anchor of note 17" in e for e in evidence) and any("precedes game 16" in e for e in evidence)


def test_a_chapter_that_breaks_off_has_a_lost_end():
    doc = chapters_of(SHAH.split("Игра.")[0])
    assert doc.chapters[0].lost_end  # rules, and no play
    doc = chapters_of(SHAH.replace("звѣзды[8].", "звѣзды, при чемъ:"))
    assert doc.chapters[0].lost_end  # the last paragraph breaks off


def emitted(doc: Document):
    titles(doc, ED)  # the editors' titles where the sources lost them
    spell(doc)  # no corrections: the spellings of the printed words
    ctx = emit.EmitContext(doc, ED)
    return [emit.chapter(ctx, ch) for ch in doc.chapters]


def test_tei_of_a_supplied_title_points_to_its_evidence():
    tei = emitted(chapters_of(SHAH + UNTITLED))[1]
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    (sup,) = tei.xpath("//t:head[@type='title']/t:supplied", namespaces=ns)
    assert sup.get("reason") == "lost" and sup.get("resp") == "#ed"
    target = sup.get("source")[1:]
    (note,) = tei.xpath(f"//t:note[@xml:id='{target}']", namespaces=ns)
    assert note.get("subtype") == "evidence" and "Заглавие утрачено" in note.text


def test_rules_become_numbered_items_and_texts_come_back_out_of_the_tei():
    (tei,) = emitted(chapters_of(SHAH))
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    (item,) = tei.xpath("//t:div[@type='rules']//t:item", namespaces=ns)
    assert item.get("n") == "I" and item.get("{http://www.w3.org/XML/1998/namespace}id") == "shah-rule-I"
    assert emit.text_lines(tei, "pre-reform") == [
        "ШАХЪ.", "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "Правила.",
        "I. Марьяжъ можно дѣлать только картами среднихъ круговъ.", "Игра.",
        "Наконецъ, кладутъ третій кругъ, которымъ заканчиваются лучи звѣзды[8].",
        "[По-русски марьяж делается картами средних кругов; в английском оригинале Кадоган — картами третьего "
        "(внешнего) круга. Издание сохраняет русское чтение, и игра следует ему.]"]
    modern = emit.text_lines(tei, "modern")
    assert modern[0] == "ШАХ." and modern[3] == "I. Марьяж можно делать только картами средних кругов."


def test_text_from_the_sources_is_escaped_in_the_tei():
    doc = chapters_of("ШАХЪ.\nИгра.\nКарты <script>alert(1)</script> & «нѣтъ».\n")
    data = emit.serialize(emitted(doc)[0])
    assert b"<script>" not in data and b"&lt;script&gt;alert(1)&lt;/script&gt; &amp;" in data


# A chapter of the Quinzaine as the tests make it (no page of it is among the sources): its title run together
# with the decks line, or lost with a caption that names the game among other words.
RULES = ("Правила.\nI. Всѣ карты перваго ряда считаются годными.\nИгра.\n"
         "Располагаютъ въ продольную линію двѣнадцать картъ.\n")


@pytest.mark.parametrize("opening", [
    "ПЯТНАДЦАТЬ. ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\n",          # title and decks line on one line
    "ПАСЬЯНСЪ ПЯТНАДЦАТЬ.\nДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\n",  # the title word among others
])
def test_a_chapter_is_known_by_the_title_word_its_heading_holds(opening):
    (ch,) = chapters_of(opening + RULES).chapters
    assert ch.slug == "quinzaine"


def test_a_chapter_is_known_by_a_caption_that_names_the_game():
    (ch,) = chapters_of(RULES + "Расположеніе картъ пасьянса Пятнадцать.\n").chapters
    assert ch.slug == "quinzaine" and ch.lost_start


@pytest.mark.parametrize("caption", ["Блокада.\n", ""])
def test_headings_at_the_end_of_a_chunk_open_the_chapter_the_next_chunk_continues(caption):
    # the decks line and «Правила.» stand at the end of the chunk that holds the Shah; the next chunk begins
    # with the rules of the chapter they open (identified by its caption, or by nothing of its own)
    first = SHAH + "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ. Правила.\n"
    second = ("I. Всѣ карты перваго ряда считаются годными.\nИгра.\n"
              "Располагаютъ въ продольную линію двѣнадцать картъ. Тузы играютъ по мѣрѣ того, какъ они выходятъ.\n"
              + caption)
    shah, nxt = chapters_of(first, second).chapters
    assert shah.slug == "shah" and shah.passages[-1].kind not in ("decks", "rules-head")
    assert nxt.slug == "blockade"
    assert [p.kind for p in nxt.passages[:3]] == ["decks", "rules-head", "rule"] and not nxt.lost_start
