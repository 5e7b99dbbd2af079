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
