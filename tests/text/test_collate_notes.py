"""Stages collate and notes: copies found despite OCR noise, short headings matched only in context, notes
numbered by alignment."""
from pathlib import Path

from pipeline.text import clean, collate, normalize, notes
from pipeline.text.model import Document, Witness

ARTIFACTS = clean.load_artifacts(Path(__file__).resolve().parents[2] / "source/editorial/reader.json")
LONG_A = ("Берутъ изъ колоды туза и кладутъ его посрединѣ, передъ собою; затѣмъ раскладываютъ восемь картъ, "
          "располагая ихъ вокругъ туза такъ, чтобы онѣ представляли собою крылья вѣтряной мельницы.")
# the same paragraph as another scrape read it: OCR noise, and broken over two lines
LONG_B = ("Берутъ нзъ колоды туза и кладутъ его посредииѣ, передъ собою; затѣмъ раскладываютъ восемь картъ,\n"
          "располагая ихъ вокругъ туза такъ, чтобы онѣ представляли собою крылья вѣтряной мелыiицы.")
OTHER = ("Располагаютъ въ продольную линію двѣнадцать картъ. Тузы играютъ по мѣрѣ того, какъ они выходятъ; "
         "но нельзя играть другою картою, пока не наполнится цѣлый рядъ.")


def doc_of(*texts: str) -> Document:
    doc = Document(witnesses=[Witness(f"w{i}", f"{i}.txt", t, "", 0) for i, t in enumerate(texts)])
    clean.clean(doc, ARTIFACTS)
    return normalize.normalize(doc)


def groups_text(doc, groups):
    return [sorted((doc.blocks[i].witness, doc.blocks[i].text[:12]) for i in g) for g in groups if len(g) > 1]


def test_a_paragraph_read_twice_with_ocr_noise_is_one_passage():
    doc = doc_of(f"{LONG_A}\n{OTHER}\n", f"{LONG_B}\n")
    collate.collate(doc)
    groups, rels = doc.groups, doc.relations
    assert groups_text(doc, groups) == [[("w0", "Берутъ изъ к"), ("w1", "Берутъ нзъ к")]]
    assert rels[0].kind == "same"


def test_a_truncated_copy_is_contained_in_the_whole():
    doc = doc_of(f"{LONG_A}\n", LONG_A[:120] + "\n")
    collate.collate(doc)
    groups, rels = doc.groups, doc.relations
    assert [r.kind for r in rels] == ["b-in-a"]
    (p,) = collate.build_passages(doc, [g for g in groups if len(g) > 1], rels)
    assert p.text == LONG_A


def test_two_cuts_of_one_paragraph_are_joined_into_the_whole():
    doc = doc_of(LONG_A[:140] + "\n", LONG_A[60:] + "\n")
    collate.collate(doc)
    groups, rels = doc.groups, doc.relations
    (p,) = collate.build_passages(doc, groups, rels)
    assert p.text == LONG_A


def test_short_headings_match_only_between_matched_neighbours():
    first = f"МЕЛЬНИЦА.\n{LONG_A}\nИгра.\n{OTHER}\nИгра.\n"
    second = f"{LONG_B}\nИгра.\n{OTHER}\n"
    doc = doc_of(first, second)
    groups = collate.collate(doc).groups
    heads = [g for g in groups if doc.blocks[g[0]].text == "Игра."]
    # the «Игра.» between the two shared paragraphs is one passage; the one after the last is not merged with it
    assert sorted(len(g) for g in heads) == [1, 2]
    pair = next(g for g in heads if len(g) == 2)
    assert {doc.blocks[i].order for i in pair} == {2, 1}


def test_a_recurring_formula_in_two_chapters_is_not_merged():
    text = f"{LONG_A}\nПасьянсъ вторично не раскладывается.\n{OTHER}\nПасьянсъ вторично не раскладывается.\n"
    doc = doc_of(text)
    groups = collate.collate(doc).groups
    assert all(len(g) == 1 for g in groups)


def test_a_chunk_cut_after_headings_is_not_tied_to_another_that_opens_with_the_same_headings():
    # one chunk ends with a chapter's decks line and «Правила.»; another, the only one to begin so, opens another
    # chapter with the same two headings: headings alone tie nothing (before, the two were made one passage each)
    ending = f"{LONG_A}\nОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\nПравила.\n"
    opening = f"ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\nПравила.\n{OTHER}\n"
    doc = doc_of(ending, opening)
    assert all(len(g) == 1 for g in collate.collate(doc).groups)
    # where a long paragraph is repeated too, the edge is an overlap of the chunks
    doc = doc_of(ending.replace(LONG_A, OTHER), f"{OTHER}\nОДНА ПОЛНАЯ КОЛОДА КАРТЪ.\nПравила.\n{LONG_A}\n")
    assert sorted(len(g) for g in collate.collate(doc).groups) == [1, 2, 2, 2]


NOTES = ["Тузъ трефъ, будучи одною изъ основныхъ картъ, кладется на опредѣленное для него мѣсто.",
         "Четыре подбора картъ, лежащіе на среднемъ тузѣ, начинаются каждый тузомъ и оканчиваются королемъ.",
         "На рисункѣ не изображенъ третій кругъ по недостатку мѣста, какъ это видно изъ таблицы.",
         "Чаще бываетъ гораздо удобнѣе ждать до тѣхъ поръ, пока во время игры подвернется нужная карта."]


def test_the_unnumbered_list_is_numbered_by_its_numbered_copies_not_by_position():
    numbered = f"вернуться\n\n7\n\n{NOTES[1]}\n\nвернуться\n\n8\n\n{NOTES[2]}\n"
    unnumbered = "\n".join(NOTES) + "\n"  # notes 6, 7, 8, 9 — the list starts at 6, not at 1
    doc = doc_of(numbered, unnumbered)
    groups = collate.collate(doc).groups
    found = notes.find_notes(doc, groups, max_note=20)
    text_of = {n: {doc.blocks[i].text[:10] for i in ix} for n, ix in found.items()}
    assert text_of == {6: {NOTES[0][:10]}, 7: {NOTES[1][:10]}, 8: {NOTES[2][:10]}, 9: {NOTES[3][:10]}}


def test_the_list_stops_at_the_books_last_note():
    numbered = f"2\n{NOTES[1]}\n"
    unnumbered = "\n".join(NOTES) + "\n"  # the copy of note 2 stands second: the list is notes 1–4
    doc = doc_of(numbered, unnumbered)
    groups = collate.collate(doc).groups
    assert sorted(notes.find_notes(doc, groups, max_note=3)) == [1, 2, 3]


def test_two_copies_far_apart_in_a_large_corpus_are_still_one_passage(seed_texts):
    # a witness of the seeds that lacks LONG_A, its paragraphs dealt out over many small witnesses, with the two
    # readings of LONG_A in the first and in the last: only content can tie them (no neighbour is shared)
    (name,) = [n for n in sorted(seed_texts) if n.startswith("004")]
    paras = [p for p in seed_texts[name].splitlines() if len(p) > 80]
    chunks = [paras[k:k + 2] for k in range(0, len(paras), 2)]
    assert len(chunks) >= 8
    texts = ["\n".join([LONG_A, *chunks[0]]) + "\n", *("\n".join(c) + "\n" for c in chunks[1:]),
             "\n".join([*chunks[-1][:1], LONG_B]) + "\n"]
    doc = doc_of(*texts)
    collate.collate(doc)
    last = f"w{len(texts) - 1}"
    (group,) = [g for g in doc.groups if any(doc.blocks[i].text.startswith("Берутъ") for i in g)]
    assert sorted(doc.blocks[i].witness for i in group) == ["w0", last]
    # and the paragraph the last witness repeats from the one before it is tied to it, nothing else is
    tied = [sorted(doc.blocks[i].witness for i in g) for g in doc.groups if len(g) > 1]
    assert sorted(tied) == sorted([["w0", last], [f"w{len(texts) - 2}", last]])


def test_a_one_word_heading_before_the_list_is_not_taken_for_a_note():
    # a witness whose notes list follows a chapter's «Правила.» straight away (the lines between lost, or run
    # together with the heading): numbering the list backwards from its copy of note 7 must stop at the heading,
    # as it stops at a line in capitals; the notes after it are still numbered
    numbered = f"7\n{NOTES[1]}\n"
    unnumbered = f"ЗОДІАКЪ.\nПравила.\n{NOTES[1]}\n{NOTES[2]}\n"
    doc = doc_of(numbered, unnumbered)
    groups = collate.collate(doc).groups
    found = notes.find_notes(doc, groups, max_note=20)
    text_of = {n: {doc.blocks[i].text[:10] for i in ix} for n, ix in found.items()}
    assert text_of == {7: {NOTES[1][:10]}, 8: {NOTES[2][:10]}}
