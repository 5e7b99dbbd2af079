"""The 1918 spelling: pipeline.text.lang.spelling.modernize / modernize_word / tokens."""
import regex
import pytest
from hypothesis import given, settings, strategies as st

from pipeline.text.lang.spelling import modernize, modernize_word, tokens


@pytest.mark.parametrize("old,new", [
    ("свободныя мѣста", "свободные места"),      # adjective plural
    ("основанія", "основания"),                    # noun keeps -ия
    ("армія", "армия"),
    ("линія", "линия"),
    ("третьяго", "третьего"),
    ("краснаго", "красного"),
    ("лежащія", "лежащие"),                        # participle plural
    ("находящіяся", "находящиеся"),                # reflexive participle
    ("всѣ", "все"),
    ("изъ", "из"),
    ("онѣ", "они"),
    ("однѣ", "одни"),
    ("однѣхъ", "одних"),
    ("ея", "её"),
    ("Ея", "Её"),
    ("ШАХЪ.", "ШАХ."),
    ("ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "ДВЕ ПОЛНЫХ КОЛОДЫ КАРТ."),
    ("объявить", "объявить"),                      # ъ inside a word stays
    ("съѣсть", "съесть"),
    ("благо", "благо"),                            # -аго that is no adjective ending
    ("большаго", "большого"),
    ("лучшаго", "лучшего"),
    ("средняго", "среднего"),
    ("котораго", "которого"),
    ("разсматривать", "рассматривать"),
    ("безполезный", "бесполезный"),
    ("чрезвычайно", "чрезвычайно"),                # з before a voiced consonant
    ("низкій", "низкий"),                          # низ- root, not a prefix
    ("Ѳеодоръ", "Феодор"),
    ("мѵро", "миро"),
    ("міръ", "мир"),
    ("то-есть", "то-есть"),
    ("Зодіакъ.", "Зодиак."),
])
def test_modern_spelling(old, new):
    assert modernize(old) == new


def test_modernize_word_keeps_capitals():
    assert modernize_word("Основныя") == "Основные"
    assert modernize_word("КАРТЪ") == "КАРТ"
    assert modernize_word("Пасьянсъ") == "Пасьянс"


def test_modern_text_of_every_witness_has_no_old_letters(paragraphs):
    for witness, ps in paragraphs.items():
        modern = modernize("\n".join(ps))
        assert not regex.search("[ѣѢіІѳѲѵѴ]", modern), witness
        assert not regex.search(r"[ъЪ](?![\p{L}])", modern), witness


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("абвгдеѣіъьыя ЖШЩАБВ.,-—«»\n12XIV\u0301")), max_size=60))
def test_tokens_give_back_the_text(text):
    toks = tokens(text)
    assert "".join(t[2] for t in toks) == text
    assert all(text[s:e] == surface for s, e, surface, _ in toks)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_modernize_leaves_non_words_alone(text):
    modern = modernize(text)
    assert [t[2] for t in tokens(modern) if not t[3]] == [t[2] for t in tokens(text) if not t[3]]
