"""Russian morphology for the structure stage: is a short line a caption (a name: nouns and their words) or a
sentence? Captions name the game on the plate (``Солнечные часы.``); short sentences have a verb, a short
adjective or an adverb (``Масти соблюдаются.``, ``Пасьянсъ этотъ чрезвычайно труденъ.``)."""
from __future__ import annotations

import regex

from pipeline.text.lang.lexicon.cache import persistent
from pipeline.text.lang.spelling import modernize_word, morph

_SENTENCE_POS = {"VERB", "INFN", "PRTS", "ADJS", "ADVB", "GRND", "PRED", "COMP"}
_WORD = regex.compile(r"\p{L}+")


@persistent
def pos(word: str) -> str | None:
    parses = morph().parse(modernize_word(word).lower())
    return parses[0].tag.POS if parses else None


def is_caption(text: str) -> bool:
    """A plate's caption: a short name in sentence case with a full stop, no predicate in it."""
    t = text.strip()
    words = _WORD.findall(t)
    if not (1 <= len(words) <= 4 and len(t) <= 40 and t.endswith(".") and t[:1].isupper()):
        return False
    if any(ch.isdigit() for ch in t) or "[" in t or all(w.isupper() for w in words):
        return False
    return not any(pos(w) in _SENTENCE_POS for w in words)
