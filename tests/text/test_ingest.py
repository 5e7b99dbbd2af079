"""Stage ingest: text in, bad input refused with a message naming file and line."""
import pytest

from pipeline.text.ingest import MAX_BYTES, InputError, decode, ingest, witness_id
from pipeline.text.model import Document


def test_utf8_with_bom_is_read_and_the_bom_noted():
    text, bom = decode("a.txt", "\ufeffПравила.\n".encode("utf-8"))
    assert text == "Правила.\n" and bom


def test_crlf_and_cr_are_kept_for_the_line_splitter():
    text, _ = decode("a.txt", "Игра.\r\nБерутъ\rтуза".encode("utf-8"))
    assert text == "Игра.\r\nБерутъ\rтуза"


def test_binary_file_is_refused_with_its_line():
    with pytest.raises(InputError, match=r"b\.bin:2: NUL byte"):
        decode("b.bin", b"text\n\x89PNG\x00\x00")


def test_invalid_utf8_names_file_and_line():
    data = "Игра.\nБерутъ".encode("utf-8") + b"\xff\xfe" + b"\n"
    with pytest.raises(InputError, match=r"c\.txt:2: invalid UTF-8 \(byte 0xff\)"):
        decode("c.txt", data)


def test_cp1251_file_is_invalid_utf8():
    with pytest.raises(InputError, match="invalid UTF-8"):
        decode("d.txt", "Пасьянсъ".encode("cp1251", errors="replace"))


def test_control_character_names_its_line():
    with pytest.raises(InputError, match=r"e\.txt:3: control character U\+0007"):
        decode("e.txt", "a\nb\nc\x07".encode("utf-8"))


def test_a_file_larger_than_any_reader_chunk_is_refused():
    with pytest.raises(InputError, match="larger than any reader chunk"):
        decode("big.txt", b"a" * (MAX_BYTES + 1))


def test_empty_file_is_a_warning_not_an_error(tmp_path):
    (tmp_path / "empty.txt").write_bytes(b"")
    doc = ingest(Document(), [tmp_path / "empty.txt"])
    assert doc.errors == [] and any("empty.txt: empty file" in w for w in doc.warnings)


def test_a_bad_file_does_not_stop_the_others(tmp_path):
    (tmp_path / "good.txt").write_text("Игра.\n", encoding="utf-8")
    (tmp_path / "bad.txt").write_bytes(b"\x00\x01")
    doc = ingest(Document(), [tmp_path / "bad.txt", tmp_path / "good.txt"])
    assert [w.name for w in doc.witnesses] == ["good.txt"]
    assert len(doc.errors) == 1 and doc.errors[0].startswith("bad.txt")


def test_witness_ids_are_xml_names():
    assert witness_id("001_6217c08826582950.txt") == "w001_6217c08826582950"
    assert witness_id("a b#c.txt") == "wa_b_c"
