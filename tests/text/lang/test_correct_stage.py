"""Stages *correct* and *spelling* over the document model: every correction and respelling is a record on the
passage it belongs to, with the witness characters it was read from, and emitting reads them from there."""
from pathlib import Path

from pipeline.tei import emit
from pipeline.text import bookdata, build, clean, collate, normalize, notes, structure
from pipeline.text import forked
from pipeline.text.lang.correct import body_start, correct, units
from pipeline.text.lang.morph import is_caption
from pipeline.text.lang.spelling import spell
from pipeline.text.model import Document, Witness

ROOT = Path(__file__).resolve().parents[3]
ED = bookdata.load(ROOT / "source")
TEI = {"t": "http://www.tei-c.org/ns/1.0"}

# A made-up page of a chapter (not one of the witnesses): «пнсьмо» has и read as н; «красныя» and «дѣлать» are
# pre-reform words with a 1918 spelling of their own.
PAGE = ("ШАХЪ.\nДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.\nПравила.\nI. Всѣ красныя карты кладутъ въ одинъ рядъ.\nИгра.\n"
        "Играющій получаетъ пнсьмо и начинаетъ дѣлать рядъ изъ картъ.\n")


def document(*texts: str) -> Document:
    doc = Document(witnesses=[Witness(f"w{i}", f"{i}.txt", t, "", 0) for i, t in enumerate(texts)])
    clean.clean(doc, clean.load_artifacts(ROOT / "source/editorial/reader.json"))
    normalize.normalize(doc)
    collate.readings(collate.collate(doc))
    structure.structure(doc, ED, is_caption)
    return spell(correct(build.titles(notes.link(doc, ED), ED)))


def test_a_correction_is_on_its_passage_with_the_witness_characters_it_was_read_from():
    doc = document("Вступленіе.\n" + PAGE)
    found = [(p, c) for ch in doc.chapters for p in ch.passages for c in p.corrections]
    (p, c), = [(p, c) for p, c in found if c.sic == "пнсьмо"]
    assert c.corr == "письмо" and c.cert in {"low", "medium", "high"} and c.evidence
    assert p.text[c.start:c.end] == c.sic
    assert c.witness is not None and doc.witness(c.witness.witness).text[c.witness.start:c.witness.end] == "пнсьмо"
    assert "пнсьмо" in c.context


def test_spellings_are_records_of_the_model_and_emitting_puts_them_out():
    doc = document(PAGE)
    words = {(s.orig, s.reg) for ch in doc.chapters for p in ch.passages for s in p.spellings}
    assert {("красныя", "красные"), ("дѣлать", "делать"), ("ШАХЪ", "ШАХ")} <= words
    tei = emit.chapter(emit.EmitContext(doc, ED), doc.chapters[0])
    # every choice/orig|reg of the TEI is a spelling record of the model, and every record is in the TEI
    emitted = {(c.findtext("t:orig", namespaces=TEI), c.findtext("t:reg", namespaces=TEI))
               for c in tei.iterfind(".//t:choice", TEI) if c.find("t:orig", TEI) is not None}
    assert emitted == words | {(s.orig, s.reg) for ch in doc.chapters for p in ch.passages
                               for c in p.corrections for s in c.spellings}


def test_emit_prints_only_what_the_model_holds():
    doc = document(PAGE)
    for ch in doc.chapters:
        for p in ch.passages:
            p.corrections, p.spellings = [], []  # the model says: nothing to correct, nothing to respell
    tei = emit.chapter(emit.EmitContext(doc, ED), doc.chapters[0])
    assert not tei.findall(".//t:choice", TEI)
    assert any("пнсьмо" in line and "дѣлать" in line for line in emit.text_lines(tei, "modern"))


def test_the_texts_corrected_in_two_processes_get_the_same_records_as_in_one():
    seed = sorted((ROOT / "source" / "witnesses").glob("*.txt"))[0].read_text(encoding="utf-8")
    one, two = (document_with_jobs(seed, jobs) for jobs in (1, 2))
    assert len({p.text[body_start(p):] for p in units(one)}) >= forked.MIN_ITEMS  # enough texts to fork for
    records = [[(p.id, p.corrections, p.reviews) for ch in doc.chapters for p in ch.passages] for doc in (one, two)]
    assert records[0] == records[1] and any(c for _, c, _ in records[0])


def document_with_jobs(text: str, jobs: int) -> Document:
    doc = Document(witnesses=[Witness("w0", "0.txt", text, "", 0)])
    clean.clean(doc, clean.load_artifacts(ROOT / "source/editorial/reader.json"))
    normalize.normalize(doc)
    collate.readings(collate.collate(doc))
    structure.structure(doc, ED, is_caption)
    return correct(build.titles(notes.link(doc, ED), ED), jobs=jobs)
