"""Single rules of the corrector, each on a sentence of its own."""
import json

from pipeline.text.lang.correct import Corrector, channel, orthography


def readings(corrector, text):
    return [(c.sic, c.corr) for c in corrector.correct(text)[0]]


def test_a_word_split_by_a_stray_hyphen_is_joined(corrector):
    assert readings(corrector, "Карты перекла-дываютъ изъ одной пачки въ другую.") == [
        ("перекла-дываютъ", "перекладываютъ")]


def test_hyphenated_words_that_are_words_stay(corrector):
    assert readings(corrector, "то-есть, королеву на двойку; подобнымъ-же образомъ") == []


def test_two_words_run_together_are_split(corrector):
    assert ("настолѣ", "на столѣ") in readings(corrector, "если настолѣ остается карта")


def test_real_word_error_needs_context(corrector):
    assert readings(corrector, "одною изъ картъ третьяго крута.") == [("крута", "круга")]
    assert readings(corrector, "Дорога была крута.") == []


def test_known_confusions_are_cheaper_than_any_letter():
    assert channel("нзъ", "изъ")[0] < channel("жзъ", "изъ")[0]
    assert channel("ІІасьянсъ".lower(), "пасьянсъ")[1][0][0] == "п→іі"


def test_pre_reform_spelling_rules():
    assert orthography("изъ") == (0.0, "")
    assert orthography("из")[1] == "no final ъ"
    assert orthography("барьерамі")[1] == "final і"
    assert orthography("ѣще")[1] == "ѣ outside a ѣ-root"
    assert orthography("мѣсто") == (0.0, "")


def test_overrides_are_matched_by_form_and_context(tmp_path, paragraphs):
    path = tmp_path / "corrections.json"
    path.write_text(json.dumps({"overrides": [
        {"sic": "сыгрываютъ", "before": "Послѣ этого ", "after": " остальную", "corr": "разыгрываютъ",
         "reason": "test: a reading no rule gives"},
        {"sic": "нзъ", "before": "замѣщаются ", "corr": "нзъ", "reason": "test: kept as printed"},
    ]}, ensure_ascii=False), encoding="utf-8")
    corpus = [p for ps in paragraphs.values() for p in ps]
    c = Corrector(corpus, str(path))
    found = readings(c, "Послѣ этого сыгрываютъ остальную колоду.")
    assert found == [("сыгрываютъ", "разыгрываютъ")]
    override = c.correct("Послѣ этого сыгрываютъ остальную колоду.")[0][0]
    assert override.source == "override" and override.kind == "override" and override.evidence
    assert readings(c, "Когда сыгрываютъ эти барьеры") == []
    assert readings(c, "мѣста замѣщаются нзъ резерва") == []
    assert readings(c, "взятыми нзъ талона") == [("нзъ", "изъ")]


def test_an_override_without_reason_is_refused(tmp_path):
    path = tmp_path / "corrections.json"
    path.write_text(json.dumps([{"sic": "а", "corr": "б"}]), encoding="utf-8")
    try:
        Corrector([], str(path))
    except ValueError as e:
        assert "reason" in str(e)
    else:
        raise AssertionError("an override without a reason was accepted")


def test_a_hyphen_between_two_words_that_make_a_commoner_one_is_joined(corrector):
    assert readings(corrector, "нужно по-ложить карту") == [("по-ложить", "положить")]
    assert readings(corrector, "изъ-за этого, какъ-нибудь") == []


def test_stress_marks_are_not_read_away(corrector):
    assert readings(corrector, "кладутъ карту\u0301 на столъ") == []


def test_a_yat_root_counts_only_where_a_root_begins():
    # a ѣ-root after prefixes, after a compound's link, and the pronoun тѣ before its endings: the spelling's own
    for form in ("совѣтъ", "примѣръ", "недосмотрѣлъ", "человѣкъ", "землемѣръ", "тѣхъ", "всѣми"):
        assert orthography(form) == (0.0, ""), form
    # the same letters inside another word (лѣт of лѣто in галета, вѣр of вѣра in четвергъ, тѣ before a
    # consonant) and a numeral's -ѣмъ, which only pronouns have: a misprint of е, though morphology knows the word
    for form in ("галѣта", "четвѣргъ", "тѣкстъ", "четырѣмъ"):
        assert orthography(form)[1] == "ѣ-root where no root begins", form


def test_a_misplaced_yat_root_is_read_as_the_text_spells_the_word():
    text = ["На столѣ лежала галѣта, а рядомъ другая галета.", "Каждая галета была свѣжая."]
    assert readings(Corrector(text), text[0]) == [("галѣта", "галета")]
    # printed once otherwise: two weak signs are not enough to change a word morphology knows; the editors decide
    alone = Corrector(text[:1])
    assert readings(alone, text[0]) == []
    assert [r.form for r in alone.correct(text[0])[1]] == ["галѣта"]


def test_a_finite_verb_after_a_modal_word_is_read_as_the_infinitive():
    # наложитъ is a word the text prints twice, and наложить a form it never prints: after можно only the infinitive
    text = ["Карты можно наложитъ на тузовъ.", "Онъ наложитъ карту на карту.", "Игрокъ наложитъ десятку."]
    corrector = Corrector(text)
    assert readings(corrector, text[0]) == [("наложитъ", "наложить")]
    assert readings(corrector, text[1]) == [] and readings(corrector, text[2]) == []
