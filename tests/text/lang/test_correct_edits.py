"""The corrector's one-letter edits along the dictionary (``viable_edits``): every edit morphology knows is among
them, and nothing that is no edit — for words with and without a respelled prefix (з, ч), endings that
``known`` reads past (-аго, -ыя, -ся, ъ), short and long words, and random letters."""
import random

import pytest

from pipeline.text.lang.correct import ALPHABET, _generic_edits, _generic_subs, known, viable_edits

WORDS = ["карта", "картъ", "перекладываются", "разсказывается", "изслѣдованіями", "безпрестанно", "чрезвычайнаго",
         "положеннаго", "свободныя", "лежащія", "однѣхъ", "онѣ", "ея", "кзрта", "пасьянсъ", "вмѣстѣ", "тузъ",
         "раскладываніе", "нижнихъ", "ооо", "а", ""]
rng = random.Random(7)
WORDS += ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(2, 14))) for _ in range(12)]


@pytest.mark.parametrize("word", WORDS)
def test_every_known_edit_is_found_and_nothing_else(word):
    edits = viable_edits(word)
    assert edits <= _generic_edits(word)
    assert {g for g in _generic_edits(word) if known(g)} <= edits


@pytest.mark.parametrize("word", WORDS)
def test_every_known_substitution_is_found_and_nothing_else(word):
    edits = viable_edits(word, subs_only=True)
    assert edits <= _generic_subs(word)
    assert {g for g in _generic_subs(word) if known(g)} <= edits


@pytest.mark.parametrize("word", ["елка", "ежикъ", "перемѣщеніе", "еще", "картами", "кзрта", "ъъ", "ееее"] + WORDS)
def test_prefix_test_agrees_with_the_walk_down_the_dictionary(word):
    """``is_prefix`` (the compiled DAWG's prefix test where pymorphy3 has it, each е also as ё) and the memoized walk
    of the DAWG give one answer for every beginning of a word and of its one-letter edits; a known word's
    beginnings are all prefixes (ёлка: елк)."""
    from pipeline.text.lang.spelling import LETTERS, _prefix_nodes, is_known, is_prefix

    modern = word.translate(LETTERS)
    for form in {modern} | {g.translate(LETTERS) for g in _generic_subs(word)}:
        for k in range(1, len(form) + 1):
            assert is_prefix(form[:k]) == bool(_prefix_nodes(form[:k])), form[:k]
    if is_known(modern):
        assert all(is_prefix(modern[:k]) for k in range(len(modern) + 1))


@pytest.mark.parametrize("word,k", [("карта", 2), ("пасьянс", 2), ("раскладывается", 2), ("кзртами", 1),
                                    ("перекладвать", 3), ("ыарьнж", 2), ("аб", 2)])
def test_near_forms_are_dictionary_words_within_k_edits(word, k):
    """Every form ``near_forms`` gives is a dictionary word within ``k`` edits; and a word one edit from it in its
    second half is found (карта for кзрта's neighbour картп)."""
    from rapidfuzz.distance import Levenshtein

    from pipeline.text.lang.spelling import is_known, near_forms

    found = near_forms(word, k)
    assert all(is_known(f) and Levenshtein.distance(word, f) <= k for f in found)
    assert list(found) == sorted(set(found))


def test_near_forms_finds_a_word_an_edit_away_at_its_end():
    from pipeline.text.lang.spelling import near_forms

    assert {"карта", "карты", "картам"} <= set(near_forms("картп", 2))
    assert "раскладывается" in near_forms("раскладываетса", 1)


def test_a_long_run_of_letters_adds_nothing_to_the_text_s_misprint_prices(paragraphs):
    """``estimate_channel`` does not look at a form longer than every frequent word by two letters (it is no edit of
    one): the prices with a run of 3000 letters added to the text are the prices without it."""
    import random

    from pipeline.text.lang.correct import _Corpus, estimate_channel

    corpus = [p for ps in paragraphs.values() for p in ps]
    rng = random.Random(3)
    run = "".join(rng.choice("абвгдежзиклмнопрстуфхцчшщыьэюяѣі") for _ in range(3000))
    assert estimate_channel(_Corpus([corpus + [f"Начало {run} конецъ."]])) == estimate_channel(_Corpus([corpus]))
