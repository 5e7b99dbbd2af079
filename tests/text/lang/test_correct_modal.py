"""A modal word takes an infinitive (general grammar): right after «долженъ», «можно», impersonal «слѣдуетъ», a verb
that can only be finite is the misreading of the infinitive one confusion away."""
from pipeline.text.lang.correct import _after_modal


def readings(corrector, text):
    return [(c.sic, c.corr) for c in corrector.correct(text)[0]]


def test_after_a_modal_word_the_infinitive_is_read(corrector):
    # sentences of no witness (the witnesses' own «долженъ нисходить» is read from its copy in another witness)
    assert readings(corrector, "Тогда король долженъ нисходитъ къ двойкѣ.") == [("нисходитъ", "нисходить")]
    assert readings(corrector, "Потомъ можно употребитъ эту карту.") == [("употребитъ", "употребить")]
    assert readings(corrector, "Эти карты должны лежатъ въ рядъ.") == [("лежатъ", "лежать")]


def test_without_a_modal_word_the_finite_verb_stays(corrector):
    assert readings(corrector, "Тогда король нисходитъ къ двойкѣ.") == []
    assert readings(corrector, "Эти карты лежатъ въ рядъ.") == []
    assert readings(corrector, "Онъ можетъ, играетъ ли она.") == []  # a comma between: no hold


def test_which_words_are_modal():
    assert _after_modal("должны", "принадлежать") is True
    assert _after_modal("должны", "принадлежатъ") is False
    assert _after_modal("слѣдуетъ", "снять") is True
    assert _after_modal("слѣдуете", "говорить") is None  # «you follow»: the personal verb takes no infinitive
    assert _after_modal("можно", "немедленно") is None  # an adverb may stand between
    assert _after_modal("карты", "лежатъ") is None
