"""What the rest of the text says about a word: its spelling elsewhere, its other forms, the kinds of word
around it."""
from pipeline.text.lang.correct import Corrector, _respelled
from pipeline.text.lang.syntax import Syntax, word_classes


def readings(corrector, text):
    return [(c.sic, c.corr) for c in corrector.correct(text)[0]]


def test_a_form_the_spelling_rules_forbid_gets_no_credit_from_the_word(corrector):
    # the text uses порядокъ and карта often, but never spells порядке or картам so
    assert readings(corrector, "Вопросъ о порядке картъ.") == [("порядке", "порядкѣ")]
    assert ("картам", "картами") in readings(corrector, "I. Годными картам считаются только тѣ")


def test_a_stem_the_text_spells_otherwise_is_read_as_the_text_spells_it(corrector):
    assert readings(corrector, "Эту карту кладутъ въ рѣзервъ.") == [("рѣзервъ", "резервъ")]
    assert readings(corrector, "Карты кладутъ въ резервъ.") == []
    assert readings(corrector, "Эту карту кладутъ на мѣсто.") == []


def test_respelling_is_a_stem_letter_not_an_ending():
    assert _respelled("резерва", "рѣзервъ")
    assert _respelled("верхнюю", "вѣрхнія")
    assert not _respelled("полей", "полѣ")       # genitive plural and prepositional singular
    assert not _respelled("картъ", "карты")


def test_a_real_word_error_is_read_as_a_word_the_text_uses_in_other_forms(corrector):
    # the text prints рядъ, ряда, рядахъ … and never рады; the adjective before it wants a noun
    assert readings(corrector, "Послѣ этого раскладываютъ другіе рады картъ.") == [("рады", "ряды")]
    assert readings(corrector, "Всѣ были рады, когда пасьянсъ вышелъ.") == []
    assert readings(corrector, "Затѣмъ раскладываютъ новые ряды картъ.") == []


def test_the_kinds_of_word_the_text_puts_between_two_neighbours(paragraphs):
    syntax = Syntax([p for ps in paragraphs.values() for p in ps])
    infinitive, plural_verb = word_classes("продолжать"), word_classes("продолжатъ")
    assert syntax.fit(word_classes("можно"), infinitive, word_classes("игру")) > 0
    assert syntax.fit(word_classes("можно"), plural_verb, word_classes("игру")) < 0
    assert syntax.fit(word_classes("въ"), word_classes("картѣ"), None) > syntax.fit(
        word_classes("въ"), word_classes("кладутъ"), None)
    assert word_classes("ггзъ") == (("?", 1.0),)


def test_a_real_word_that_fits_worse_than_its_reading_between_its_neighbours_is_read(corrector):
    assert readings(corrector, "Тогда можно продолжатъ игру.") == [("продолжатъ", "продолжать")]
    assert readings(corrector, "Они продолжатъ игру.") == []


def test_one_letter_of_any_kind_in_a_real_word_only_against_another_witness(corrector):
    # "Игра." stands as a heading in the witnesses; подлѣ is one letter from послѣ, which the text
    # uses often, before того as here — but no witness has послѣ in this place
    assert readings(corrector, "Ига.") == [("Ига", "Игра")]
    assert readings(corrector, "Ига и рабство.") == []
    assert readings(corrector, "когда находятся подлѣ того основанія") == []


def _read(corrector, text):
    return {c.sic: c for c in corrector.correct(text)[0]}


def test_a_real_word_printed_once_yields_to_a_frequent_word_the_text_prints_next_to_its_neighbour():
    # «хартъ» is a word (харт), printed once; «картъ» is printed in a dozen places, after «числа» too
    page = [f"Игрокъ беретъ {n} картъ изъ колоды и кладетъ ихъ на столъ." for n in (
        "пять", "шесть", "семь", "восемь", "девять", "десять", "двѣ пачки", "всѣ двѣнадцать", "три ряда", "остатокъ")]
    page += ["Потомъ онъ смотритъ, сколько картъ осталось.", "Число картъ въ колодѣ не мѣняется.",
             "Изъ числа картъ выбираютъ короля.", "Одна изъ числа хартъ, лежащихъ въ рукахъ, идетъ въ талонъ."]
    found = _read(Corrector(page), page[-1])
    assert found["хартъ"].corr == "картъ" and "neighbour" in found["хартъ"].evidence


def test_a_preposition_printed_once_keeps_its_place_next_to_a_frequent_one():
    # «послѣ того» a dozen times: «подлѣ того», one letter away, is still the word printed
    page = [f"Послѣ того {v} карту." for v in ("кладутъ", "берутъ", "смотрятъ", "открываютъ", "переворачиваютъ",
                                              "ищутъ", "снимаютъ", "кладетъ", "беретъ", "смотритъ", "открываетъ",
                                              "ищетъ", "снимаетъ")]
    page.append("Когда онѣ находятся подлѣ того основанія, ихъ кладутъ.")
    assert _read(Corrector(page), page[-1]) == {}


def test_a_copy_with_one_word_around_misread_is_another_witness():
    # the other copy has «на столъ пестрый платокъ»; here «пестрый» is misread too, so no copy has all four
    # words around «стол» — three of them are enough
    copy, here = ("Потомъ кладутъ на столъ пестрый платокъ и ждутъ.", "Потомъ кладутъ на стол пестрыи платокъ и ждутъ.")
    found = _read(Corrector([copy, here]), here)
    assert found["стол"].corr == "столъ" and "duplicate-witness" in found["стол"].evidence
    assert "стол" not in _read(Corrector([here]), here)  # alone, the page leaves it


def test_a_word_the_text_prints_in_a_few_places_next_to_the_neighbour_is_read_for_a_real_word_printed_once():
    # «граютъ» (of грать, a word) printed once, for «играютъ» with its first letter lost; the text prints «играютъ»
    # in six places, after «и» in two
    page = ["Потомъ берутъ колоду и играютъ снова.", "Они играютъ вдвоемъ.", "Всѣ играютъ по правиламъ.",
            "Тогда играютъ до конца.", "Дѣти играютъ въ карты.", "Карты сдаютъ и играютъ ими.",
            "Раскладываютъ пасьянсъ снова и граютъ такъ же, какъ въ первый разъ."]
    found = _read(Corrector(page), page[-1])
    assert found["граютъ"].corr == "играютъ"


# a page that prints «при раскладкѣ» in three places and «какъ и» in a dozen
_PREPOSITION_PAGE = [
    "При раскладкѣ картъ тузы кладутъ наверхъ.", "Объ этомъ говорятъ при раскладкѣ пачекъ.",
    "Онъ смотритъ при раскладкѣ на талонъ.", "При игрѣ карты берутъ изъ колоды.",
    "Карты кладутъ при игрѣ въ рядъ.", "Дамы лежатъ при короляхъ.", "Туза кладутъ при началѣ игры.",
    "Короли лежатъ при дамахъ.", "Всѣ стоятъ при столѣ.",
] + [f"Онъ кладетъ {w}, какъ и прежде." for w in ("туза", "короля", "даму", "валета", "десятку", "девятку",
                                                   "восьмерку", "семерку", "шестерку", "пятерку", "четверку",
                                                   "тройку")]


def test_a_real_word_printed_once_yields_to_a_preposition_the_text_prints_before_the_word_it_governs():
    # «пни» (of пень) printed nowhere else; «при», one letter away, governs «раскладкѣ»'s case and stands before it
    # in three places
    here = "Пни раскладкѣ основныхъ картъ смотрятъ на талонъ."
    found = _read(Corrector(_PREPOSITION_PAGE + [here]), here)
    assert found["Пни"].corr == "При" and "neighbour" in found["Пни"].evidence


def test_a_preposition_reading_must_govern_the_word_after_it_and_a_conjunction_reading_is_never_taken():
    # «при» before «раскладку», an accusative it does not govern; «какъ и» in a dozen places is no reason to read
    # «катъ и» (кат, a word) as «какъ и»: a conjunction stands before anything
    page = _PREPOSITION_PAGE + ["При раскладку картъ смотрятъ на талонъ.", "Раскладку дѣлаютъ при свѣчахъ."]
    here = "Пни раскладку основныхъ картъ не смотрятъ."
    assert "Пни" not in _read(Corrector(page + [here]), here)
    here = "Онъ беретъ по колодѣ катъ и кладетъ ее."
    assert "катъ" not in _read(Corrector(_PREPOSITION_PAGE + [here]), here)


# two copies of a sentence that differ in one word, a word either way (замѣнятъ, a finite verb; замѣнять, the
# infinitive), and two sentences more
_COPY_A = "Карты кладутъ на тузы и замѣнятъ ихъ картами изъ талона."
_COPY_B = "Карты кладутъ на тузы и замѣнять ихъ картами изъ талона."
_OTHER = ["Потомъ берутъ колоду и раскладываютъ карты.", "Тузы кладутъ въ рядъ."]


def _readings_of(page: list[str], texts: list[str]) -> list[tuple[str, str]]:
    corrector = Corrector(page)
    return [(c.sic, c.corr) for t in texts for c in corrector.correct(t)[0]]


def test_two_copies_that_differ_in_a_real_word_do_not_yield_to_each_other():
    # each copy is the other's only witness: what speaks for the one speaks for the other, so neither is changed
    # (before, the words around tipped one copy over, and a correct word was read as its copy's misprint)
    assert _readings_of([_COPY_A, _COPY_B] + _OTHER, [_COPY_A, _COPY_B]) == []


def test_the_copy_that_more_copies_contradict_yields_to_them():
    assert _readings_of([_COPY_A, _COPY_B, _COPY_B] + _OTHER, [_COPY_A, _COPY_B]) == [("замѣнятъ", "замѣнять")]
    assert _readings_of([_COPY_A, _COPY_A, _COPY_B] + _OTHER, [_COPY_A, _COPY_B]) == [("замѣнять", "замѣнятъ")]


def test_a_conjunction_is_no_subject_though_morphology_knows_a_letters_name():
    from pipeline.text.lang.correct import _subject_agrees

    assert not _subject_agrees("и", "замѣнятъ")  # и, the letter, is a noun to morphology
    assert _subject_agrees("карты", "лежатъ")
    assert _subject_agrees("онъ", "кладетъ")
    # что is a conjunction to morphology too, but a pronoun besides, and no letter's name: it stays a subject
    assert _subject_agrees("что", "лежитъ")


def test_a_letters_name_is_no_noun_an_adjective_agrees_with():
    from pipeline.text.lang.correct import _agrees

    assert not _agrees("состоящій", "въ")  # въ, the letter, is a noun to morphology: состоящій въ трехъ картахъ
    assert _agrees("состоящій", "рядъ")


def test_an_adjective_agrees_with_a_nouns_second_prepositional_and_not_with_a_name():
    from pipeline.text.lang.correct import _agrees

    # ряду, углу: the prepositional of рядъ, уголъ after въ/на (morphology's loc2) is their prepositional for agreement
    assert _agrees("каждомъ", "ряду") and _agrees("первомъ", "углу")
    # раду is a word only as a name (Раду) or the accusative of рада: no prepositional for каждомъ to agree with
    assert not _agrees("каждомъ", "раду")


def test_the_case_the_old_spelling_tells_decides_government():
    from pipeline.text.lang.correct import _governs

    # чѣмъ the instrumental, чемъ the prepositional: one word, чем, in the modern spelling
    assert _governs("при", "чѣмъ") is False and _governs("при", "чемъ") is True
    assert _governs("съ", "чѣмъ") is True and _governs("о", "всемъ") is True and _governs("къ", "всѣмъ") is True


def test_a_form_printed_elsewhere_is_read_where_the_preposition_before_it_cannot_govern_it():
    # чѣмъ is printed in three comparisons, and «при чемъ» in four places: «при чѣмъ» is a misprint; «съ чѣмъ»,
    # «больше, чѣмъ» are not
    page = ["Карты кладутъ скорѣе, чѣмъ берутъ.", "Тузовъ больше, чѣмъ королей.", "Дамъ меньше, чѣмъ валетовъ.",
            "При чемъ тузы лежатъ въ рядъ.", "Карты лежатъ въ рядъ, при чемъ тузы наверху.",
            "Короли лежатъ внизу, при чемъ дамы наверху.", "Игра идетъ, при чемъ карты открыты.",
            "Тузы кладутъ въ рядъ, при чѣмъ короли лежатъ внизу.", "Съ чѣмъ играютъ, тѣмъ и кончаютъ."]
    assert _readings_of(page, page) == [("чѣмъ", "чемъ")]


# a stem the text spells with е in ten places, and a misprint of it with ѣ that the OCR repeated in two
_STEM_PAGE = ["Средняя карта лежитъ на столѣ.", "Среднюю карту кладутъ въ рядъ.", "Онъ беретъ среднюю пачку.",
              "Средняго ряда не трогаютъ.", "Въ среднемъ ряду лежатъ тузы.", "Средняя пачка пуста.",
              "Среднія карты открыты.", "Короли лежатъ въ среднемъ ряду.", "Изъ средняго ряда берутъ даму.",
              "Средней картой закрываютъ мѣсто."]
_REPEATED = ["Потомъ срѣднюю карту кладутъ на тузы.", "Дамы ложатся на срѣднюю карту."]


def test_a_stem_misprint_the_ocr_repeated_is_read_as_the_text_spells_the_stem_where_it_is_far_outnumbered():
    # printed twice against ten: a misprint repeated, not a second spelling of the book's (before, a form printed
    # in another place was never read as the respelt stem)
    assert _readings_of(_STEM_PAGE + _REPEATED, _REPEATED) == [("срѣднюю", "среднюю")] * 2
    # twice against four: the text's counts do not tell which spelling is the book's
    assert _readings_of(_STEM_PAGE[:4] + _REPEATED, _REPEATED) == []
