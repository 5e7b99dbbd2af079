"""Stages clean and normalize: reader artifacts out, the mechanical layer, paragraph blocks."""
from pathlib import Path

from pipeline.text import clean, normalize
from pipeline.text.model import Document, Line, Witness

ARTIFACTS = clean.load_artifacts(Path(__file__).resolve().parents[2] / "source/editorial/reader.json")


def blocks_of(text: str):
    doc = Document(witnesses=[Witness("w", "w.txt", text, "", len(text.encode()))])
    clean.clean(doc, ARTIFACTS)
    normalize.normalize(doc)
    return doc


def test_reader_menu_and_backlink_are_artifacts():
    lines = [clean.classify(Line("w", 1, 0, 0, t), {a.line.casefold(): a for a in ARTIFACTS})
             for t in ("Выбрать главу", "  вернуться ", "6", "Игра.")]
    assert [(l.kind, l.artifact) for l in lines] == [("artifact", "menu"), ("artifact", "backlink"),
                                                     ("label", None), ("content", None)]


def test_lines_split_on_crlf_cr_and_lf_with_offsets():
    lines = clean.split_lines("w", "ab\r\ncd\ref\ngh")
    assert [(l.text, l.start) for l in lines] == [("ab", 0), ("cd", 4), ("ef", 7), ("gh", 10)]


def test_yat_glyph_becomes_yat_and_capital_in_capitals():
    doc = blocks_of("ДВђ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\nвсђ тђ\n")
    assert [b.text for b in doc.blocks] == ["ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "всѣ тѣ"]


def test_digit_and_latin_look_alikes_inside_cyrillic_words():
    doc = blocks_of("3одіакъ.\nкapтa на 3 мѣста.\n")
    assert doc.blocks[0].text == "Зодіакъ."
    assert doc.blocks[1].text == "карта на 3 мѣста."  # a digit standing alone is a digit
    kinds = {c.kind for b in doc.blocks for c in b.changes}
    assert kinds == {"digit look-alike", "latin look-alike"}


def test_mechanical_changes_keep_witness_offsets():
    text = "x\n3одіакъ."
    doc = blocks_of(text)
    (change,) = doc.blocks[1].changes
    assert text[change.span.start] == "3" and change.after == "З"


def test_glued_headings_are_split_with_or_without_the_full_stop():
    doc = blocks_of("ДВђ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.Правила.\nДБЪ ПОЛНЫХЪ КОЛОДЫ КАРТЪПравила.\n"
                    "ДЛЯ ДВУХЪ ИГРОКОВЪ. ДВђ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.Игра.\n")
    assert [b.text for b in doc.blocks] == [
        "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "Правила.", "ДБЪ ПОЛНЫХЪ КОЛОДЫ КАРТЪ", "Правила.",
        "ДЛЯ ДВУХЪ ИГРОКОВЪ. ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "Игра."]


def test_a_sentence_broken_across_lines_is_one_paragraph():
    doc = blocks_of("открывшіяся чрезъ\n\nэто свободныя мѣста, начиная съ\n\nвнутреннихъ круговъ.\nШахъ.\n")
    assert [b.text for b in doc.blocks] == [
        "открывшіяся чрезъ это свободныя мѣста, начиная съ внутреннихъ круговъ.", "Шахъ."]
    assert len(doc.blocks[0].spans) == 3


def test_note_numbers_attach_to_the_note_in_both_printed_shapes():
    doc = blocks_of("вернуться\n\n6\n\nТузъ трефъ.\n7\nЧетыре подбора.\n")
    assert [(b.label, b.after_backlink) for b in doc.blocks] == [(6, True), (7, False)]


def test_a_chunk_that_ends_mid_word_is_reported():
    doc = blocks_of("Игра.\nБерутъ изъ колоды туза и кладу")
    assert any(w.startswith("w.txt:2: ends mid-sentence") for w in doc.warnings), "the file and the line it ends on"
