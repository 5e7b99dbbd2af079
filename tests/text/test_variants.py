"""Variants, not drops: copies of a passage that differ beyond OCR noise keep a lemma and the other readings as
app/lem/rdg; the word-level audit finds every word of every witness in the TEI, and fails the build if one is not.

The texts are the test's own, made from paragraphs of the seeds (a sentence added, a copy cut, words inserted)."""
import json
import re

import pytest
from lxml import etree

from pipeline.tei import audit, emit
from pipeline.text import build

NS = {"t": "http://www.tei-c.org/ns/1.0"}
WINDMILL = ("Берутъ изъ колоды туза и кладутъ его посрединѣ, передъ собою; затѣмъ раскладываютъ восемь картъ, "
            "располагая ихъ вокругъ туза такъ, чтобы онѣ представляли собою крылья вѣтряной мельницы. "
            "Осторожность весьма нужна въ данномъ случаѣ.")
ROW = ("Располагаютъ въ продольную линію двѣнадцать картъ. Тузы играютъ по мѣрѣ того, какъ они выходятъ; "
       "но нельзя играть другою картою, пока не наполнится цѣлый рядъ.")
TALON = ("Когда сдѣланы всевозможныя комбинаціи и нельзя болѣе ничего сдѣлать, берутъ карты талона и "
         "раскладываютъ ихъ снова въ томъ же порядкѣ.")
ADDED = "и притомъ лицомъ вверхъ"


def built(source_with, tmp_path, files: dict[str, str]):
    edition = build.build(source_with(tmp_path, {n: t.encode() for n, t in files.items()}))
    return edition, json.loads(edition.files["report.json"])


def words_of(tei: bytes, xpath: str) -> str:
    """The words under ``xpath`` as printed (lemma and readings; no modern spellings, no corrections)."""
    root = etree.fromstring(tei)
    etree.strip_elements(root, f"{{{NS['t']}}}reg", f"{{{NS['t']}}}corr", with_tail=False)
    return " ".join(" ".join("".join(el.itertext()).split()) for el in root.xpath(xpath, namespaces=NS))


def all_tei(edition) -> dict[str, bytes]:
    return {n: d for n, d in edition.files.items() if n.startswith("tei/")}


def test_a_copy_cut_off_mid_sentence_yields_to_the_whole(source_with, tmp_path):
    cut = WINDMILL[:WINDMILL.index("весьма н") + len("весьма н")]
    # two overlapping chunks: the first breaks off inside the paragraph the second has whole; the cut copy
    # covers over 80 % of it, so collation calls them the same passage
    edition, report = built(source_with, tmp_path, {"a.txt": f"МЕЛЬНИЦА.\n{ROW}\n{cut}\n",
                                                     "b.txt": f"{WINDMILL}\n{TALON}\n"})
    (p,) = [p for p in edition.doc.passages if p.text.startswith("Берутъ")]
    assert p.text.endswith("нужна въ данномъ случаѣ.") and p.witnesses == ["wa", "wb"]
    assert all(w["unmapped"] == 0 for w in report["words"])
    assert edition.doc.errors == []


def test_words_added_to_one_copy_survive(source_with, tmp_path):
    longer = WINDMILL.replace("кладутъ его", f"кладутъ его {ADDED}")
    noisy = WINDMILL.replace("раскладываютъ", "раскладываютг")  # the shorter copy also has a misreading
    edition, report = built(source_with, tmp_path, {"a.txt": f"{ROW}\n{noisy}\n", "b.txt": f"{longer}\n{TALON}\n"})
    (p,) = [p for p in edition.doc.passages if p.text.startswith("Берутъ")]
    assert ADDED in p.text, "the fuller copy is the lemma"
    lacking, misread = p.variants  # the words the shorter copy lacks, and its misreading: a form of its own
    assert [r.block.witness for r in lacking.readings] == ["wa"] and ADDED not in lacking.readings[0].text
    assert p.text[misread.start:misread.end] == "раскладываютъ"
    assert [(r.block.witness, r.text) for r in misread.readings] == [("wa", "раскладываютг")]
    assert report["variants"]["count"] == 2
    assert all(w["unmapped"] == 0 for w in report["words"])


def test_words_each_copy_adds_are_all_in_the_tei_and_it_is_valid(source_with, tmp_path, tei_schema):
    one = WINDMILL.replace("кладутъ его", f"кладутъ его {ADDED}")
    other = WINDMILL.replace("восемь картъ", "восемь другихъ картъ")
    edition, report = built(source_with, tmp_path, {"a.txt": f"{ROW}\n{one}\n", "b.txt": f"{other}\n{TALON}\n"})
    texts = " ".join(words_of(d, "//t:body") for d in all_tei(edition).values())
    for word in (*ADDED.split(), "другихъ"):
        assert word in texts
    apps = [el for d in all_tei(edition).values() for el in etree.fromstring(d).iter(f"{{{NS['t']}}}app")]
    assert apps and all(el.find("t:lem", NS) is not None and el.find("t:rdg", NS).get("wit") for el in apps)
    for name, data in all_tei(edition).items():
        assert tei_schema.validate(etree.fromstring(data)), name
    assert all(w["unmapped"] == 0 for w in report["words"])
    # the plain texts read the lemma only
    (text,) = [d.decode() for n, d in edition.files.items() if n.startswith("text/pre-reform/")]
    assert text.count("Берутъ") == 1


def test_a_copy_misread_by_the_ocr_keeps_its_forms_as_readings(source_with, tmp_path):
    noisy = (WINDMILL.replace("изъ", "нзъ").replace("посрединѣ", "посредииѣ").replace("мельницы", "мелыiицы")
             .replace("раскладываютъ", "раскла дываютъ"))
    edition, report = built(source_with, tmp_path, {"a.txt": f"{ROW}\n{noisy}\n", "b.txt": f"{WINDMILL}\n{TALON}\n"})
    (p,) = [p for p in edition.doc.passages if p.text.startswith("Берутъ")]
    assert p.reading.witness == "wb", "the copy read without noise is the lemma"
    rdgs = " ".join(words_of(d, "//t:rdg") for d in all_tei(edition).values())
    for form in ("нзъ", "посредииѣ", "мелыіицы", "раскла дываютъ"):  # the Latin i read as і (mechanical layer)
        assert form in rdgs
    assert all(w["unmapped"] == 0 for w in report["words"])


def test_a_copy_that_differs_only_in_punctuation_and_case_is_no_variant(source_with, tmp_path):
    other = WINDMILL.replace("собою;", "собою,").replace("Осторожность", "осторожность")
    edition, report = built(source_with, tmp_path, {"a.txt": f"{ROW}\n{other}\n", "b.txt": f"{WINDMILL}\n{TALON}\n"})
    assert report["variants"]["count"] == 0
    assert all(w["unmapped"] == 0 for w in report["words"])


EXTRA = "Игрокъ можетъ также перекладывать карты изъ одной пачки въ другую, если онѣ идутъ по порядку."


def test_a_paragraph_added_to_a_notes_area_is_a_reading_not_a_duplicate(source_with, tmp_path, seed_texts):
    names = sorted(seed_texts)
    lines = seed_texts[names[4]].splitlines()  # the witness whose notes are a list without numbers
    at = next(i for i, line in enumerate(lines) if line.startswith("На рисунк"))  # a note of that list
    files = dict(seed_texts)
    files[names[4]] = "\n".join(lines[:at + 1] + [EXTRA] + lines[at + 1:]) + "\n"
    edition, report = built(source_with, tmp_path, files)
    doc = edition.doc
    assert not any(EXTRA[:20] in b.text for n in doc.notes.values() for b in n.copies), "not a copy of a note"
    rdgs = " ".join(words_of(d, "//t:rdg") for d in all_tei(edition).values())
    assert "перекладывать карты изъ одной пачки" in rdgs
    assert all(w["unmapped"] == 0 for w in report["words"])
    assert doc.errors == []


def test_the_audit_reads_the_tei_not_the_collation(source_with, tmp_path):
    edition, _ = built(source_with, tmp_path, {"a.txt": f"{ROW}\n{WINDMILL}\n", "b.txt": f"{WINDMILL}\n{TALON}\n"})
    files = dict(edition.files)
    ((name, data),) = [(n, d) for n, d in files.items() if n.startswith("tei/") and "продольную".encode() in d]
    files[name] = data.replace("продольную ".encode(), b"")  # a word gone from the TEI, the model untouched
    (a, b) = audit.audit(edition.doc, files)
    assert a["unmapped"] == 1 and a["lost"][0]["word"] == "продольную" and a["lost"][0]["line"] == 1
    assert b["unmapped"] == 0
    lost_at = a["lost"][0]["offset"]
    assert not any(start <= lost_at < end for start, end, _, _ in a["mapped"])
    text = edition.doc.witnesses[0].text
    words = [m.start() for m in re.finditer(r"\S+", text)]
    assert all(any(start <= w < end for start, end, _, _ in a["mapped"]) for w in words if w != lost_at)
    (message,) = audit.errors([a, b], edition.doc)
    assert message.startswith(f"{tmp_path}/source/witnesses/a.txt:1: ") and "продольную" in message


def test_a_reading_dropped_by_emission_fails_the_build(source_with, tmp_path, monkeypatch):
    one = WINDMILL.replace("кладутъ его", f"кладутъ его {ADDED}")
    other = WINDMILL.replace("восемь картъ", "восемь другихъ картъ")  # each copy adds words the other lacks
    original = emit.EmitContext.app

    def without_readings(self, v):
        app, lem = original(self, v)
        for rdg in app.findall("t:rdg", NS):
            app.remove(rdg)
        return app, lem

    monkeypatch.setattr(emit.EmitContext, "app", without_readings)
    edition, report = built(source_with, tmp_path, {"a.txt": f"{ROW}\n{one}\n", "b.txt": f"{other}\n{TALON}\n"})
    readings = {r["witness"]: r["text"] for v in report["variants"]["list"] for r in v["readings"] if r["text"]}
    (file, text), = readings.items()  # the copy that is not the lemma, where it adds its words
    lost = {w["file"]: [x["word"] for x in w["lost"]] for w in report["words"]}
    assert lost == {file: re.findall(r"\w+", text), ({"a.txt", "b.txt"} - {file}).pop(): []}  # its words
    assert edition.doc.errors and all(e.startswith(f"{tmp_path}/source/witnesses/{file}:") for e in edition.doc.errors)


def _lemma_of_many(source_with, tmp_path, plain_copies: int):
    """One witness reads WINDMILL with ADDED (three words more), ``plain_copies`` others read it with one other
    word added elsewhere; each witness has a neighbour paragraph of its own so that no two files are alike."""
    fuller = WINDMILL.replace("кладутъ его", f"кладутъ его {ADDED}")
    other = WINDMILL.replace("восемь картъ", "восемь другихъ картъ")
    files = {"a.txt": f"{ROW}\n{fuller}\n"}
    for k in range(plain_copies):
        files[f"b{k}.txt"] = f"{other}\n{TALON}\n" if k % 2 else f"{ROW}\n{other}\n{TALON}\n"
    edition, report = built(source_with, tmp_path, files)
    (p,) = [p for p in edition.doc.passages if p.text.startswith("Берутъ")]
    assert all(w["unmapped"] == 0 for w in report["words"])
    return p


def test_every_copy_counts_in_the_fullest_rule_even_when_copies_read_alike(source_with, tmp_path):
    # the fullest copy is the one whose words the *other copies* least add to, every copy counted: two copies
    # adding one word each weigh less than the three the single fuller copy adds to each of them ...
    p = _lemma_of_many(source_with, tmp_path / "two", 2)
    assert ADDED in p.text and "другихъ" not in p.text
    # ... five such copies weigh more: the word they all read makes their reading the lemma
    p = _lemma_of_many(source_with, tmp_path / "five", 5)
    assert "другихъ" in p.text and ADDED not in p.text
    # the fuller copy's words are its reading (and so is its lack of «другихъ»); no other copy differs
    assert {r.block.witness for v in p.variants for r in v.readings} == {"wa"}
    assert any(ADDED in r.text for v in p.variants for r in v.readings)


def test_each_witness_of_a_reading_shared_by_many_copies_is_named(source_with, tmp_path):
    p = _lemma_of_many(source_with, tmp_path, 2)
    (v,) = [v for v in p.variants if any("другихъ" in r.text for r in v.readings)]
    # both copies read «другихъ»: each is a reading of its own witness, with its own offsets
    assert sorted(r.block.witness for r in v.readings) == ["wb0", "wb1"]
    assert all(r.text == r.block.text[r.start:r.end] and "другихъ" in r.text for r in v.readings)


def test_a_copy_that_runs_words_together_keeps_every_word_of_both_copies(source_with, tmp_path):
    # what the fuzz found: a copy whose spaces are lost was folded into the other as OCR noise, and the words one
    # of them prints apart or together were in no TEI element
    glued = WINDMILL.replace("кладутъ его", "кладутъего").replace("восемь картъ", "восемькартъ").replace(
        "чтобы онѣ", "чтобыонѣ")
    edition, report = built(source_with, tmp_path, {"a.txt": f"{ROW}\n{glued}\n", "b.txt": f"{WINDMILL}\n{TALON}\n"})
    (p,) = [p for p in edition.doc.passages if p.text.startswith("Берутъ")]
    pairs = {frozenset({p.text[v.start:v.end].strip(","), r.text.strip(",")}) for v in p.variants for r in v.readings}
    assert pairs == {frozenset(pair) for pair in [("кладутъего", "кладутъ его"), ("восемькартъ", "восемь картъ"),
                                                 ("чтобыонѣ", "чтобы онѣ")]}, "one copy's spacing is the lemma, the other's a reading"
    body = set(re.findall(r"\w+", " ".join(words_of(d, path) for d in all_tei(edition).values()
                                           for path in ("//t:body", "//t:lem", "//t:rdg"))))
    for text in (glued, WINDMILL):
        assert set(re.findall(r"\w+", text)) <= body
    assert all(w["unmapped"] == 0 for w in report["words"])
