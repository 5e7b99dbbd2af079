"""Real-word errors — the OCR turned a word into another word — read from what the rest of the text says: a word the
text outnumbers tenfold one known confusion away, even where the OCR repeated its misreading; a stem the text spells
otherwise. Pages written for these tests (pre-reform text in the book's manner, the errors put in by hand)."""
from pipeline.text.lang.correct import Corrector

# genitive nouns and what follows them: «изъ» between them in many distinct contexts
NOUNS = ("колоды", "пачки", "талона", "ряда", "резерва", "руки", "коробки", "круга")
AFTER = ("тотчасъ", "снова", "потомъ", "медленно")


def _page(with_iz: int, misread: int) -> list[str]:
    lines = [f"Онъ беретъ карту изъ {NOUNS[k % 8]} {AFTER[k // 8 % 4]} и кладетъ ее." for k in range(with_iz)]
    # «изъ» read «ивъ» (з as в): «ивъ» is a word too (the willows' genitive), repeated by the OCR
    lines += [f"Игрокъ вынимаетъ ивъ {NOUNS[k]} одну карту." for k in range(misread)]
    return lines


def _readings(corrector, text):
    found, reviews = corrector.correct(text)
    return {c.sic: c for c in found}, {r.form for r in reviews}


def test_a_real_word_the_text_outnumbers_tenfold_is_corrected_even_where_repeated():
    page = _page(with_iz=32, misread=3)
    corrector = Corrector(page)
    for line in page[-3:]:
        found, _ = _readings(corrector, line)
        assert found["ивъ"].corr == "изъ"
        assert found["ивъ"].cert != "low"  # a change that goes into the text is not a low-certainty one


def test_a_real_word_printed_often_enough_against_a_word_not_tenfold_more_stays():
    # «ивъ» in three places against «изъ» in eight: not outnumbered tenfold, the printed word stands
    page = _page(with_iz=8, misread=3)
    corrector = Corrector(page)
    for line in page[-3:]:
        found, _ = _readings(corrector, line)
        assert "ивъ" not in found


def test_a_form_of_the_same_word_is_not_outnumbered_by_its_other_forms():
    # «свой» against «свои» printed often: one word, its form is for agreement to decide, not for counting
    page = [f"Каждый игрокъ кладетъ свои карты {w}." for w in
            ("направо", "налѣво", "впередъ", "назадъ", "вверхъ", "внизъ", "рядомъ", "отдѣльно", "тихо", "быстро",
             "осторожно", "снова")]
    page.append("Онъ беретъ свой талонъ.")
    corrector = Corrector(page)
    found, _ = _readings(corrector, page[-1])
    assert "свой" not in found


def test_a_stem_the_text_spells_otherwise_is_no_form_of_a_word_it_uses():
    # «весь» printed with е in several places, once with ѣ (е read as ѣ): the ѣ form is the misprint
    corrector = Corrector(["Онъ разложилъ весь рядъ.", "Игрокъ беретъ весь талонъ.", "Нуженъ весь резервъ.",
                           "Вскорѣ весь пасьянсъ былъ готовъ.", "Они взяли вѣсь остатокъ колоды."])
    assert corrector.corpus.respelt_stem("вѣсь") == "весь"
    assert corrector.corpus.respelt_stem("весь") == ""


def test_a_yat_ending_is_not_taken_for_the_stem_spelling():
    # «чѣмъ» (than) and «при чемъ» (of что): the ending tells the forms apart, the printed «чѣмъ» stays
    page = ["При чемъ тузы лежатъ.", "При чемъ короли идутъ.", "При чемъ дамы стоятъ.", "Раньше, чѣмъ начинать игру."]
    corrector = Corrector(page)
    assert corrector.corpus.respelt_stem("чѣмъ") == ""
    found, _ = _readings(corrector, page[-1])
    assert "чѣмъ" not in found


def test_a_word_commoner_in_russian_than_the_reading_is_not_outvoted_by_the_texts_counts():
    # «окопы» (trenches) printed often, «оконъ» (of windows) once: н↔п is a known confusion, but окно is the
    # commoner word in Russian, so the count of окопы alone does not make «оконъ» a misprint
    page = [f"Карты лежатъ въ окопахъ {w}." for w in ("направо", "налѣво", "впередъ", "назадъ", "рядомъ")]
    page += [f"Окопы {w} заполняются картами." for w in ("снова", "тотчасъ", "потомъ", "медленно", "быстро")]
    page += [f"Изъ окоповъ {w} берутъ карты." for w in ("снова", "тотчасъ", "потомъ", "медленно", "быстро")]
    page += ["Каждый окопъ полонъ.", "Первый окопъ пустъ."]
    page.append("Тамъ оконъ.")  # nothing around it to speak for either
    corrector = Corrector(page)
    found, _ = _readings(corrector, page[-1])
    assert "оконъ" not in found
