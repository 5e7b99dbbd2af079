"""A real word read as another by the odds of a noisy channel: how likely the reading is in this text (its count, with
the Russian frequency list for prior) times how often the text misprints so, against how likely the printed word is;
and a ѣ of a stem against the text's own spelling of that stem. Pages written for these tests (pre-reform text in the
book's manner, the misprints put in by hand)."""
from pipeline.text.lang.correct import MISPRINT_ODDS, Corrector, orthography

PLACES = ("на столъ", "въ рядъ", "подъ низъ", "на мѣсто", "въ пачку", "къ тузу", "на талонъ", "въ резервъ")
ENDS = ("тотчасъ", "снова", "потомъ", "медленно")
# «карты», «беретъ», «кладетъ», «снова» with a letter left out, each a form no dictionary knows, and three of the
# common confusions (е printed с, н printed и): the text's own misprints, whose rates the odds use
MISPRINTS = ["Потомъ крты лежатъ.", "Онъ бретъ ихъ.", "Онъ кладтъ ихъ.", "Онъ кладстъ ихъ.", "Она бсретъ ихъ.",
             "Онъ кладетъ ихъ сиова."]


def _page(*extra: str) -> list[str]:
    # «такъ» and «кладетъ» in 32 distinct places
    lines = [f"Онъ беретъ карты, такъ какъ кладетъ ихъ {p} {e}." for p in PLACES for e in ENDS]
    return lines + MISPRINTS + list(extra)


def _read(corrector, text):
    return {c.sic: c for c in corrector.correct(text)[0]}


def test_a_rare_word_one_common_confusion_from_a_word_the_text_uses_everywhere_is_that_word():
    # «гакъ» (a ship's hook) is a word, but a rare one; «такъ» is printed everywhere and т read as г is a common
    # confusion of the typeface: the odds are far on the side of a misprint
    line = "Игрокъ беретъ колоду, гакъ какъ она лежитъ."
    corrector = Corrector(_page(line))
    assert corrector._misprint_odds("гакъ", "такъ", 0) >= MISPRINT_ODDS
    found = _read(corrector, line)
    assert found["гакъ"].corr == "такъ"
    assert found["гакъ"].cert == "medium"  # a change that goes into the text is not a low-certainty one


def test_a_real_word_no_likely_misprint_makes_of_a_common_one_stays():
    # «крадетъ» is one letter from «кладетъ», printed everywhere — but л read as р is no confusion of the typeface and
    # the text never shows a letter read for another outside them: the odds are against a misprint
    line = "Игрокъ крадетъ карту."
    corrector = Corrector(_page(line))
    assert corrector._misprint_odds("крадетъ", "кладетъ", 0) < MISPRINT_ODDS
    assert "крадетъ" not in _read(corrector, line)


def test_without_misprints_to_measure_the_rates_by_no_odds_are_taken():
    corrector = Corrector([line for line in _page() if line not in MISPRINTS])
    assert corrector.common_rate == 0
    assert corrector._misprint_odds("гакъ", "такъ", 0) == float("-inf")


def test_a_yat_the_text_spells_as_e_in_that_stem_everywhere_else_is_read_as_e():
    # «пере-» is printed with е in every word of the page; «перѣкладываютъ» (е read as ѣ: a 3-letter root прѣ hides it)
    words = ("перекладываютъ", "переворачиваютъ", "перекладывать", "переносятъ", "перемѣщаютъ", "переходятъ")
    lines = [f"Игроки {w} карты {p}." for w in words for p in PLACES[:3]]
    line = "Тогда перѣкладываютъ колоду."
    corrector = Corrector(_page(*lines, line))
    found = _read(corrector, line)
    assert found["перѣкладываютъ"].corr == "перекладываютъ"
    assert found["перѣкладываютъ"].cert == "medium"


def test_a_stem_spelt_with_e_says_nothing_of_another_stem_with_the_same_first_letters():
    # «верх-» with е everywhere is no evidence against the ѣ of «вѣрно» (вѣр-, a root of the list): the stems part at
    # their third letter
    lines = [f"Верхнія карты лежатъ {p}." for p in PLACES] + [f"Онъ беретъ верхнюю карту {p}." for p in PLACES]
    line = "Онъ вѣрно кладетъ карту."
    corrector = Corrector(_page(*lines, line))
    assert corrector.corpus.stem_spelt("вѣрно", 1)[0] == 0
    assert "вѣрно" not in _read(corrector, line)


def test_a_stem_printed_with_yat_as_often_as_with_e_keeps_its_yat():
    lines = ["Онъ вѣрно кладетъ карту.", "Это вѣрный ходъ.", "Вѣрнѣе взять тузъ.", "Онъ верно кладетъ даму."]
    corrector = Corrector(_page(*lines))
    assert "вѣрно" not in _read(corrector, lines[0])


def test_a_modal_word_takes_no_short_participle_and_the_future_of_byt_no_finite_verb():
    corrector = Corrector(_page())
    assert _read(corrector, "Тогда можно закрыты карту.")["закрыты"].corr == "закрыть"
    assert _read(corrector, "Карты будутъ лежатъ въ рядъ.")["лежатъ"].corr == "лежать"
    assert "покрыты" not in _read(corrector, "Карты будутъ покрыты другими.")  # будутъ takes a short participle


def test_an_adjective_has_a_pronouns_yat_ending_only_where_it_is_a_pronoun():
    assert orthography("тѣмъ")[0] == 0 and orthography("всѣмъ")[0] == 0 and orthography("однѣхъ")[0] == 0
    assert orthography("среднѣмъ")[0] < 0  # средній: -емъ, as every adjective's
    assert orthography("верхнѣмъ")[0] < 0


def test_a_case_the_spelling_tells_that_the_preposition_does_not_govern_is_read_as_the_one_it_does():
    # «при чемъ» printed once more, «чѣмъ» (the instrumental, or «than») twice: the words around alone would not settle
    # it, but при governs no instrumental, and the ѣ says this is one
    lines = ["Карты кладутъ на столъ, при чемъ тузы идутъ первыми.", "Онъ знаетъ, чѣмъ играть.",
             "Тузъ старше, чѣмъ король."]
    line = "Карты кладутъ въ рядъ, при чѣмъ дамы идутъ первыми."
    corrector = Corrector(_page(*lines, line))
    assert _read(corrector, line)["чѣмъ"].corr == "чемъ"
    assert "чѣмъ" not in _read(corrector, "Онъ не знаетъ, съ чѣмъ играть.")  # съ governs the instrumental
