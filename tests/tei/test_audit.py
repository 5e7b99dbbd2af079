"""The word-level audit is the build's own check that no word is lost: it reads the witness files and the TEI as
emitted, and a word of a witness that the TEI does not give that witness, in its place, fails the build with the
file and line. The witness texts are the test's own."""
from __future__ import annotations

import shutil
from pathlib import Path

from pipeline.tei import audit
from pipeline.text import build

SOURCE = Path(__file__).resolve().parents[2] / "source"
RULE = "Тузы играютъ по мѣрѣ того, какъ они выходятъ; но нельзя играть другою картою, пока не наполнится рядъ."
PLAY = ("Когда всѣ карты разложены, игрокъ беретъ карты талона одну за другою и кладетъ ихъ на основанія, "
        "если онѣ подходятъ по масти и по порядку.")


def source(tmp: Path, witnesses: dict[str, str]) -> Path:
    src = tmp / "source"
    shutil.copytree(SOURCE / "editorial", src / "editorial")
    (src / "witnesses").mkdir(parents=True)
    for name, text in witnesses.items():
        (src / "witnesses" / name).write_text(text, encoding="utf-8")
    return src


def tei_with(edition, old: str, new: str) -> dict[str, bytes]:
    """The edition's files with ``old`` replaced by ``new`` once in the one TEI file that holds it."""
    files = dict(edition.files)
    (name,) = [n for n, d in files.items() if n.startswith("tei/") and old.encode() in d]
    files[name] = files[name].replace(old.encode(), new.encode(), 1)
    return files


def lost(edition, files) -> dict[str, list[str]]:
    return {r["file"]: [x["word"] for x in r["lost"]] for r in audit.audit(edition.doc, files)}


def test_a_word_gone_from_its_place_is_lost_though_the_same_word_stands_elsewhere(tmp_path):
    # «карты» stands in both paragraphs: dropping it from the second is a loss, not excused by the first
    edition = build.build(source(tmp_path, {"a.txt": f"{RULE}\n{PLAY}\n"}))
    assert lost(edition, edition.files) == {"a.txt": []}
    files = tei_with(edition, "карты талона", "талона")
    assert lost(edition, files) == {"a.txt": ["карты"]}
    (message,) = audit.errors(audit.audit(edition.doc, files), edition.doc)
    assert message.startswith(f"{tmp_path}/source/witnesses/a.txt:2: ") and "«карты»" in message


def test_a_word_misread_in_the_tei_is_lost_however_close_the_letters(tmp_path):
    # the collation's skeletons fold и/н and ъ/ь: the audit compares the words as printed
    edition = build.build(source(tmp_path, {"a.txt": f"{RULE}\n{PLAY}\n"}))
    files = tei_with(edition, "игрокъ", "нгрокь")
    assert lost(edition, files) == {"a.txt": ["игрокъ"]}


def test_a_copys_reading_dropped_from_the_tei_is_lost(tmp_path):
    # the copy runs two words together; the TEI must give it that reading, not only the lemma's two words
    glued = PLAY.replace("одну за", "одназа").replace("по порядку", "попорядку")
    edition = build.build(source(tmp_path, {"a.txt": f"{RULE}\n{PLAY}\n", "b.txt": f"{glued}\n"}))
    assert all(not words for words in lost(edition, edition.files).values())
    files = dict(edition.files)
    for name in [n for n in files if n.startswith("tei/")]:
        files[name] = files[name].replace("одназа".encode(), "одну за".encode())
    assert lost(edition, files)["b.txt"] == ["одназа"]


def test_a_note_number_is_a_word_the_tei_keeps_as_the_notes_n(tmp_path):
    text = f"{RULE[:-1]}[3].\n{PLAY}\n\nвернуться\n\n3\n\nРядъ кладутъ слѣва направо.\n"
    edition = build.build(source(tmp_path, {"a.txt": text}))
    assert lost(edition, edition.files) == {"a.txt": []}
    files = tei_with(edition, 'n="3" place', 'n="4" place')
    assert lost(edition, files)["a.txt"] == ["3", "3"]  # the anchor's and the label's


def test_a_build_that_loses_a_word_exits_with_an_error_naming_file_and_line(tmp_path, monkeypatch, capsys):
    from pipeline import cli
    from pipeline.tei import emit

    src = source(tmp_path, {"a.txt": f"{RULE}\n{PLAY}\n"})
    original = emit.serialize
    monkeypatch.setattr(emit, "serialize", lambda tree: original(tree).replace("талона ".encode(), b""))
    status = cli.main(["build", "--source", str(src), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert status != 0
    assert f"{src}/witnesses/a.txt:2: the word «талона»" in err, err


# ---------------------------------------------------------------- the matching itself, on hand-made TEI

TEI = '<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><body>{}</body></text></TEI>'


def tokens(*lines: str) -> list[audit.Token]:
    """A witness's words, one line a string."""
    return [audit.Token(audit._key(m.group()), m.group(), n, m.start())
            for n, line in enumerate(lines, 1) for m in audit._WORD.finditer(line)]


def missing(lines: tuple[str, ...], *bodies: str) -> list[str]:
    """The words of witness ``a`` (``lines``) that the TEI files (one body each, in that order) do not hold."""
    files = {f"tei/{k}.xml": TEI.format(b).encode() for k, b in enumerate(bodies)}
    words = tokens(*lines)
    got = audit.match(words, audit.tei_words(files).get("a", []))
    return [t.text for i, t in enumerate(words) if i not in got]


# one witness holding a passage twice: the TEI keeps one copy's words as the lemma and the other's as a reading of
# the same app, both naming it; the words outside the app are each copy's
TWICE_LINES = ("Тузъ кладется на опредѣленное мѣсто для него.", "На рисункѣ нѣтъ круга.")
TWICE = ('<p source="#a">Тузъ кладется на <app><lem wit="#a">опредѣленное мѣсто для него.</lem>'
         '<rdg wit="#a">рисункѣ нѣтъ круга.</rdg></app></p>')


def test_a_witness_with_two_copies_of_a_passage_reads_the_common_text_with_each():
    assert missing(TWICE_LINES, TWICE) == []


def test_a_word_dropped_from_one_copys_reading_is_lost_though_the_witness_has_two_copies():
    assert "нѣтъ" in missing(TWICE_LINES, TWICE.replace("нѣтъ ", ""))  # (its neighbour may go with it)


def test_a_word_the_witness_has_twice_in_one_copy_is_lost_once_when_the_tei_names_it_in_one_reading():
    # «на на»: the TEI gives the witness one copy (no app names it twice), so the common «на» holds one word
    one = '<p source="#a">Тузъ кладется на опредѣленное мѣсто для него.</p>'
    assert missing(("Тузъ кладется на на опредѣленное мѣсто для него.",), one) == ["на"]


def test_copies_interleaved_in_one_app_are_each_read_in_order():
    # the copy's two paragraphs are two readings of one app, side by side; each runs on into the common text after
    # it («пустыя мѣста»), which then holds a word of each
    lines = ("Марьяжъ и закрывать пустыя мѣста картами.", "Во время игры часто пустыя мѣста открываются вверху.")
    body = ('<p source="#a">Марьяжъ <app><lem wit="#b">изакрывать пустыя мѣстакартами. Во времяигры часто</lem>'
            '<rdg wit="#a">и закрывать</rdg><rdg wit="#a">Во время игры часто</rdg></app> пустыя мѣста '
            '<app><lem wit="#a #b">открываются</lem><rdg wit="#a">картами.</rdg></app> вверху.</p>')
    assert missing(lines, body) == []
    assert missing(lines, body.replace("<rdg wit=\"#a\">картами.</rdg>", "")) == ["картами"]


# a footnote: the TEI has its words at the anchor, the witness its anchor there and its words in a notes area
NOTE_LINES = ("Карты образуютъ талонъ[7] вотъ.", "Совсѣмъ другое дѣло здѣсь.", "7",
              "Четыре подбора картъ лежащіе на среднемъ тузѣ.")
NOTE = ('<p source="#a">Карты образуютъ талонъ<note n="7" place="foot" type="book" source="#a">Четыре подбора '
        'картъ лежащіе на среднемъ тузѣ.</note> вотъ.</p>')
ELSEWHERE = '<p source="#a">Совсѣмъ другое дѣло здѣсь.</p>'


def test_the_words_after_a_notes_anchor_follow_the_anchor_not_the_notes_words():
    # the paragraph that follows in the witness stands earlier in the edition: «вотъ» is at a seam, read after
    # the anchor «7», not after the note's last word
    assert missing(NOTE_LINES, ELSEWHERE, NOTE) == []


def test_a_word_dropped_after_a_notes_anchor_is_lost():
    assert missing(NOTE_LINES, ELSEWHERE, NOTE.replace(" вотъ.", ".")) == ["вотъ"]


# a line the witness repeats, that the edition keeps once, with another copy's reading among its words
REPEAT_LINES = ("Одно изъ нихъ берется.", "Тузъ трефъ изъ нихъ берется.", "Одно изъ нихъ берется.")
REPEAT = ('<p source="#a"><app><lem wit="#a">Одно</lem><rdg wit="#a">Тузъ трефъ</rdg></app> изъ нихъ '
          'берется.</p>')


def test_a_repeated_line_is_found_in_a_row_across_another_copys_reading():
    assert missing(REPEAT_LINES, REPEAT) == []


def test_a_repeated_line_with_a_word_the_edition_lacks_is_lost():
    assert missing(REPEAT_LINES, REPEAT.replace("нихъ ", "")).count("нихъ") == 3  # in each of the lines


# two copies of a passage whose words the first runs matched crossed (the first copy's longer run took the other
# copy's «основныхъ», its own stands too far back for the seam windows): each is given its own
CROSSED_LINES = ("Они составляютъ пять основныхъ картъ каждый изъ четырехъ королей долженъ нисходить.",
                 "Тузъ трефъ будучи одною изъ основныхъ картъ кладется.")
CROSSED = ('<p source="#a">Они составляютъ пять <app><lem wit="#a">основныхъ</lem><rdg wit="#a">Тузъ трефъ будучи '
           'одною изъ основныхъ</rdg></app> картъ <app><lem wit="#a">каждый изъ четырехъ королей долженъ '
           'нисходить.</lem><rdg wit="#a">кладется.</rdg></app></p>')


def test_two_copies_words_crossed_by_the_first_runs_are_each_given_their_own():
    assert missing(CROSSED_LINES, CROSSED) == []


def test_a_word_dropped_from_one_of_two_crossed_copies_is_lost():
    assert "основныхъ" in missing(CROSSED_LINES, CROSSED.replace("изъ основныхъ<", "изъ<"))


# a heading the build split from the next line («картъПравила») at a seam of the edition, the witness's next line
# a repeated line whose «картъ» must not take the heading's: at a seam a word pairs only near its neighbour
SEAM_LINES = ("Двѣ полныхъ колоды картъПравила.", "Марьяжъ можно дѣлать въ порядкѣ картъ которыя лежатъ.",
              "Игра идетъ.", "Марьяжъ можно дѣлать въ порядкѣ картъ которыя лежатъ.", "Конецъ главы здѣсь.")
SEAM_FIRST = ('<p source="#a">Игра идетъ.</p><p source="#a">Марьяжъ можно дѣлать въ порядкѣ картъ которыя '
              'лежатъ. Конецъ главы здѣсь.</p>')
SEAM_NEXT = '<head source="#a">Двѣ полныхъ колоды картъ</head><head source="#a">Правила.</head>'


def test_a_glued_heading_at_a_seam_is_read_at_its_neighbour():
    assert missing(SEAM_LINES, SEAM_FIRST, SEAM_NEXT) == []


def test_a_glued_headings_lost_half_at_a_seam_is_a_loss():
    assert missing(SEAM_LINES, SEAM_FIRST, SEAM_NEXT.replace('<head source="#a">Правила.</head>', "")) == [
        "картъПравила"]


# a reading runs on into the words after its app, not into its sibling readings: at a seam, the copy whose reading
# is the lemma reads the common word after the app however long the other copy's reading between
SIBLING_LINES = ("Раскладываютъ новый рядъ подобно тому какъ прежде. Такимъ образомъ идетъ игра.",
                 "Раскладываютъ слѣдующіе ряды до тѣхъ поръ пока не выйдетъ вся колода картъ прежде.")
SIBLING_FIRST = '<p source="#a">Такимъ образомъ идетъ игра.</p>'
SIBLING = ('<p source="#a">Раскладываютъ <app><lem wit="#a">новый рядъ подобно тому какъ</lem><rdg wit="#a">'
           'слѣдующіе ряды до тѣхъ поръ пока не выйдетъ вся колода картъ</rdg></app> прежде.</p>')


def test_a_readings_next_word_at_a_seam_is_after_its_app_not_after_its_sibling_reading():
    assert missing(SIBLING_LINES, SIBLING_FIRST, SIBLING) == []


def test_the_word_after_an_app_dropped_at_a_seam_is_lost():
    assert missing(SIBLING_LINES, SIBLING_FIRST, SIBLING.replace(" прежде.", ".")) == ["прежде", "прежде"]


# a note inside another witness's reading is read after the passage too: the word before the app, at a seam, is
# next to the witness's own reading, not behind the note's words
INNER_LINES = ("Конецъ первой главы здѣсь. Послѣ этого начинаютъ игру.", "3", "Одна двѣ три четыре пять шесть семь.")
INNER_FIRST = ('<p source="#a #b">Послѣ <app><lem wit="#b">этогоначинаютъ<note n="3" place="foot" type="book" '
               'source="#a #b">Одна двѣ три четыре пять шесть семь.</note> игру.</lem><rdg wit="#a">этого начинаютъ '
               'игру.</rdg></app></p>')
INNER_NEXT = '<p source="#a">Конецъ первой главы здѣсь.</p>'


def test_a_note_inside_a_reading_is_read_after_its_passage():
    assert missing(INNER_LINES, INNER_FIRST, INNER_NEXT) == []


def test_the_word_before_an_app_with_a_note_dropped_at_a_seam_is_lost():
    assert missing(INNER_LINES, INNER_FIRST.replace("Послѣ ", ""), INNER_NEXT) == ["Послѣ"]
