"""Hostile input (issue 17): which files are witnesses, ids that cannot collide, editorial JSON checked at load,
and one reporting path — a :class:`SourceError` printed as ``file:line: message``, exit status 2."""
import argparse
import json
import os
import shutil
from pathlib import Path

import pytest
from lxml import etree

from pipeline.text import bookdata, build, ingest
from pipeline.text.errors import SourceError

ROOT = Path(__file__).resolve().parents[2]
GOOD = "002_e76d93ddfacf88cf.txt"  # Calculation, a whole chapter on its own
GOOD_BYTES = (ROOT / "source/witnesses" / GOOD).read_bytes()
PAGE = "ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\n\nПравила.\n\nI. Основныя карты выбираются изъ колоды.\n".encode("utf-8")


def run(src: Path, out: Path, capsys) -> tuple[int, str]:
    code = build.main(argparse.Namespace(source=src, out=out))
    return code, capsys.readouterr().err


def listing(src: Path) -> ingest.Listing:
    return ingest.list_witnesses(src / "witnesses", src)


# ---- which files are witnesses

def test_names_that_map_to_one_id_are_an_error_naming_both(tmp_path, source_with, capsys):
    src = source_with(tmp_path, {"a b.txt": PAGE, "a_b.txt": GOOD_BYTES})
    with pytest.raises(SourceError) as err:
        build.read(src)
    assert "a_b.txt" in err.value.file and "a b.txt" in err.value.message
    code, stderr = run(src, tmp_path / "out", capsys)
    assert code == 2 and "witness id wa_b" in stderr and not (tmp_path / "out").exists()


def test_only_txt_files_are_witnesses_and_the_others_are_named(tmp_path, source_with):
    src = source_with(tmp_path, {"x.txt": GOOD_BYTES, "x.md": PAGE, "README.md": b"# notes\n", "data.json": b"{}",
                                 f"{GOOD}~": GOOD_BYTES, ".hidden.txt": PAGE})
    (src / "witnesses" / "sub").mkdir()
    doc, _ = build.read(src)
    assert [w.name for w in doc.witnesses] == ["x.txt"]
    (warning,) = [w for w in doc.warnings if "not read" in w]
    for name, why in [("x.md", "not a .txt file"), ("README.md", "not a .txt file"), (f"{GOOD}~", "editor's backup"),
                      (".hidden.txt", "hidden file"), ("sub", "folder")]:
        assert f"{name} ({why})" in warning
    assert doc.errors == []


def test_links_out_of_the_source_and_broken_links_are_refused(tmp_path, source_with):
    outside = tmp_path / "passwd"
    outside.write_text("root:x:0:0:root:/root:/bin/bash\n")
    src = source_with(tmp_path, {GOOD: GOOD_BYTES})
    (src / "witnesses" / "out.txt").symlink_to(outside)
    (src / "witnesses" / "gone.txt").symlink_to(src / "witnesses" / "nothing.txt")
    (src / "witnesses" / "dir.txt").mkdir()
    (src / "inside.txt").write_bytes(PAGE)  # a link that stays in source/ is followed
    (src / "witnesses" / "in.txt").symlink_to(src / "inside.txt")
    found = listing(src)
    assert [p.name for p in found.paths] == [GOOD, "in.txt"]
    refused = {Path(e.file).name: e.message for e in found.refused}
    assert "out of the source folder" in refused["out.txt"]
    assert "link to nothing" in refused["gone.txt"] and "a folder" in refused["dir.txt"]
    doc, _ = build.read(src)
    assert not any("root:x" in w.text for w in doc.witnesses)
    assert len(doc.errors) == 3


def test_a_file_name_that_is_not_utf8_is_a_clean_error(tmp_path, source_with, capsys):
    src = source_with(tmp_path, {GOOD: GOOD_BYTES})
    with open(os.fsencode(src / "witnesses") + b"/bad\xff.txt", "wb") as f:
        f.write(PAGE)
    code, stderr = run(src, tmp_path / "out", capsys)
    assert code == 1 and "bad\\xff.txt: the file name is not UTF-8" in stderr
    assert json.loads((tmp_path / "out/manifest.json").read_bytes())["games"][0]["slug"] == "calculation"


def test_the_size_limit_is_checked_before_reading(tmp_path, source_with, monkeypatch):
    src = source_with(tmp_path, {GOOD: GOOD_BYTES})
    huge = src / "witnesses" / "sparse.txt"
    with huge.open("wb") as f:
        f.truncate(1_500_000_000)  # sparse: no disk, but 1.5 GB if read
    opened = []
    real_open = Path.open
    monkeypatch.setattr(Path, "open", lambda self, *a, **k: opened.append(self.name) or real_open(self, *a, **k))
    doc, _ = build.read(src)
    assert "sparse.txt" not in opened, "the oversized file was opened"
    assert GOOD in opened  # the spy sees the reads it should
    assert [e for e in doc.errors if "sparse.txt: 1,500,000,000 bytes" in e]


def test_a_file_that_grows_is_not_read_past_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "grows.txt"
    path.write_bytes(b"a" * (ingest.MAX_BYTES + 10))
    real_stat = Path.stat
    monkeypatch.setattr(Path, "stat", lambda self, **kw: os.stat_result((0,) * 6 + (10,) + (0,) * 3)
                        if self == path else real_stat(self, **kw))
    with pytest.raises(SourceError, match="larger than any reader chunk"):
        ingest.read(path)


@pytest.mark.parametrize("char", ["\ufffe", "\uffff", "\ufdd0", "\U0001fffe", "\x85"])
def test_noncharacters_are_refused_with_file_and_line(char):
    with pytest.raises(SourceError) as err:
        ingest.decode("n.txt", f"Игра.\nБерутъ {char} туза\n".encode("utf-8"))
    assert (err.value.file, err.value.line) == ("n.txt", 2) and f"U+{ord(char):04X}" in err.value.message


def test_nfc_normalization_is_reported_when_it_changes_the_text(tmp_path, source_with):
    decomposed = "Игра.\nРаскладываютъ и\u0306 кладутъ.\n"  # и + combining breve: 1 character less after NFC
    src = source_with(tmp_path, {GOOD: GOOD_BYTES, "nfd.txt": decomposed.encode("utf-8")})
    edition = build.build(src)
    report = json.loads(edition.files["report.json"])
    w = next(w for w in report["witnesses"] if w["file"] == "nfd.txt")
    assert w["characters_read"] == len(decomposed) and w["characters"] == len(decomposed) - 1
    assert any("nfd.txt: NFC normalization changed" in x for x in edition.doc.warnings)
    seed = next(w for w in report["witnesses"] if w["file"] == GOOD)
    assert "characters_read" not in seed


# ---- the command line

def test_an_empty_witness_folder_is_an_error(tmp_path, source_with, capsys):
    src = source_with(tmp_path, {"notes.md": b"not a witness\n"})
    code, stderr = run(src, tmp_path / "out", capsys)
    assert code == 2 and stderr.startswith(f"{src / 'witnesses'}: no witness to read")


def test_a_folder_of_refused_files_is_an_error(tmp_path, source_with, capsys):
    src = source_with(tmp_path, {"bin.txt": b"\x00\x01"})
    code, stderr = run(src, tmp_path / "out", capsys)
    assert code == 2 and "no witness to read" in stderr and "bin.txt:1: NUL byte" in stderr


def test_out_naming_a_file_is_an_error(tmp_path, source_with, capsys):
    src = source_with(tmp_path, {GOOD: GOOD_BYTES})
    (tmp_path / "out").write_text("keep me")
    code, stderr = run(src, tmp_path / "out", capsys)
    assert code == 2 and stderr.startswith(f"{tmp_path / 'out'}: --out names a file")
    assert (tmp_path / "out").read_text() == "keep me"


def test_witnesses_that_is_not_a_folder_or_cannot_be_read(tmp_path, source_with, capsys):
    src = source_with(tmp_path, {})
    (src / "witnesses").rmdir()
    (src / "witnesses").write_text("")
    code, stderr = run(src, tmp_path / "out", capsys)
    assert code == 2 and stderr.startswith(f"{src / 'witnesses'}: not a folder")
    (src / "witnesses").unlink()
    (src / "witnesses").mkdir(mode=0)
    try:
        if os.access(src / "witnesses", os.R_OK):
            pytest.skip("running as root: a folder without permissions is still readable")
        code, stderr = run(src, tmp_path / "out", capsys)
        assert code == 2 and "cannot be read (Permission denied)" in stderr
    finally:
        (src / "witnesses").chmod(0o755)


def test_a_missing_source_folder(tmp_path, capsys):
    code, stderr = run(tmp_path / "nowhere", tmp_path / "out", capsys)
    assert code == 2 and stderr == f"{tmp_path / 'nowhere'}: no such folder — is --source the source folder?\n"


# ---- editorial JSON

def _games() -> str:
    return (ROOT / "source/editorial/games.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("file, content, where, message", [
    ("games.json", _games()[:200], "games.json:", "invalid JSON"),
    ("games.json", "", "games.json", "empty file"),
    ("games.json", "[1, 2]", "games.json", "expected an object"),
    ("games.json", '{"games": {"number": 1}}', "games.json", "games: expected a list"),
    ("games.json", '{"games": [{"number": 1, "english": "x"}]}', "games.json", "games[0]: missing key 'slug'"),
    ("games.json", '{"games": [{"number": "1", "slug": "a", "english": "x"}]}', "games.json",
     "games[0].number: expected a whole number"),
    ("games.json", '{"games": [{"number": 1, "slug": "a", "english": "x", "notes": [7, 10000000000]}]}',
     "games.json", "games[0].notes[1].n: 10000000000 is out of range"),
    ("games.json", '{"games": [{"number": 1, "slug": "note-7", "english": "x"}]}', "games.json",
     "games[0].slug: 'note-7' is an id the edition gives to something else"),
    ("reader.json", '{"artifacts": [{"line": "вернуться", "role": 3, "why": "x"}]}', "reader.json",
     "artifacts[0].role: expected a string"),
    ("notes.json", '{"notes": [{"slug": "shah", "at": "rule I", "text": "\\uffff"}]}', "notes.json",
     "notes[0].text: Unicode noncharacter U+FFFF"),
    ("chapters.json", '{"titles": [{"slug": "nowhere", "title": "x", "source": "y", "why": "z"}]}', "chapters.json",
     "titles[0].slug: 'nowhere' is not a game"),
    ("corrections.json", '{"overrides": [{"sic": "a"}]}', "corrections.json", "overrides[0]: missing key 'corr'"),
])
def test_bad_editorial_json_names_file_and_key(tmp_path, source_with, capsys, file, content, where, message):
    src = source_with(tmp_path, {GOOD: GOOD_BYTES})
    (src / "editorial" / file).write_text(content, encoding="utf-8")
    with pytest.raises(SourceError) as err:
        bookdata.load(src)
    assert str(err.value).startswith(str(src / "editorial" / where)) and message in str(err.value)
    code, stderr = run(src, tmp_path / "out", capsys)
    assert code == 2 and "Traceback" not in stderr and message in stderr


def test_a_json_syntax_error_gives_line_and_column(tmp_path, source_with):
    src = source_with(tmp_path, {GOOD: GOOD_BYTES})
    (src / "editorial" / "reader.json").write_text('{\n "artifacts": [\n  {"line": "x",,}\n ]\n}\n')
    with pytest.raises(SourceError) as err:
        bookdata.load(src)
    assert err.value.line == 3 and "column 16" in err.value.message


@pytest.mark.parametrize("file", ["games.json", "chapters.json", "notes.json", "reader.json"])
def test_a_missing_editorial_file_is_named(tmp_path, source_with, file):
    src = source_with(tmp_path, {GOOD: GOOD_BYTES})
    (src / "editorial" / file).unlink()
    with pytest.raises(SourceError, match=f"{file}: missing"):
        bookdata.load(src)


# ---- xml:ids

def test_two_readings_of_one_rule_get_distinct_ids(tmp_path, source_with):
    texts = {p.name: p.read_bytes() for p in sorted((ROOT / "source/witnesses").glob("00[13]_*.txt"))}
    name = next(n for n in texts if n.startswith("003"))
    texts[name] = texts[name].decode().replace("I. Всђ карты въ крыльяхъ годны.",
                                               "I. Никакія карты въ крыльяхъ не годятся до конца игры.").encode()
    src = source_with(tmp_path, texts)
    edition = build.build(src)
    tei = etree.fromstring(edition.files["tei/windmill.xml"])
    ids = tei.xpath("//@xml:id")
    assert len(ids) == len(set(ids))
    rules = tei.xpath("//tei:item[@n='I']/@xml:id", namespaces={"tei": "http://www.tei-c.org/ns/1.0"})
    assert sorted(rules) == ["windmill-rule-I", "windmill-rule-I-2"]
    assert any("xml:id windmill-rule-I:" in w for w in edition.doc.warnings)


def test_a_witness_id_equal_to_a_chapter_id_is_an_error_naming_the_file(tmp_path, source_with):
    src = source_with(tmp_path, {"indmill.txt": (ROOT / "source/witnesses/001_6217c08826582950.txt").read_bytes()})
    with pytest.raises(SourceError) as err:
        build.build(src)
    assert err.value.file == str(src / "witnesses" / "indmill.txt") and "windmill" in err.value.message


# ---- numbers on their own line

@pytest.mark.parametrize("insert, where", [
    ("\n\n42\n\n", "before rule II"),     # no note 42 in the book: a number, not a label
    ("\n\n6\n\n7\n\n", "before rule II"),  # two labels in a row: the first numbers nothing
    ("\n\n6\n", "at the end"),            # a label the witness ends with
])
def test_a_number_that_labels_no_note_stays_in_the_text(tmp_path, source_with, insert, where):
    text = GOOD_BYTES.decode()
    at = text.index("\nII.") if where == "before rule II" else len(text)
    src = source_with(tmp_path, {"a.txt": (text[:at] + insert + text[at:]).encode()})
    edition = build.build(src)
    tei = edition.files["tei/calculation.xml"].decode()
    body = tei[tei.index("<text>"):]
    number = insert.split()[0]
    assert f">{number}<" in body or f" {number} " in body or f">{number} " in body, number
    (w,) = json.loads(edition.files["report.json"])["witnesses"]
    assert w["kept"] + w["duplicate"] + w["artifact"] + w["layout"] == w["characters"]
