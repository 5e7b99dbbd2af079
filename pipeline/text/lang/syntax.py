"""Which kinds of word follow which in the text itself: a class-bigram model for the corrector's context.

Every word of the witnesses is given its grammatical classes by morphology (pymorphy3 on the 1918 spelling):
part of speech with case and number for nouns, adjectives, participles, pronouns and numerals, with number
for verbs and short forms, and the word itself for prepositions, conjunctions and particles (``PREP:в``),
ambiguous forms spread over their readings by pymorphy3's weights.  Punctuation between words is a class of
its own (``,``, ``.`` …), and so is a paragraph's edge (``¶``).  Counting which class follows which over the
whole text gives, for a reading in a slot, how much likelier its classes are between these neighbours than
anywhere (``fit``, natural log): a noun in the prepositional case after a verb (``принадлежатъ каждомъ``), a
plural adjective before a singular one (``свой верхнія``), an infinitive where the text puts one (``можно
закрыть``).  Learnt from the text being corrected, so no grammar of this book is written down here; the OCR
errors in it are few and mostly unknown to morphology (a class ``?`` of their own).
"""
from __future__ import annotations

import math

from pipeline.text.lang.lexicon.cache import persistent
from pipeline.text.lang.spelling import modernize_word, parses, tokens

__all__ = ["Syntax", "word_classes", "gap_class"]

NOMINAL = {"NOUN", "ADJF", "PRTF", "NPRO", "NUMR"}
FUNCTION = {"PREP", "CONJ", "PRCL", "INTJ"}
VERBAL = {"VERB", "PRTS", "ADJS"}
UNKNOWN = (("?", 1.0),)
EDGE = (("¶", 1.0),)
SMOOTHING = 5.0      # pseudo-counts of the class's share of the text, for a pair seen seldom
PUNCTUATION = {".": ".", "!": ".", "?": ".", ",": ",", ";": ";", ":": ";", "(": "(", ")": ")", "«": "(",
               "»": ")", "—": "-", "-": "-", "[": "(", "]": ")"}


def _key(p) -> str:
    t = p.tag
    if t.POS in FUNCTION:
        return f"{t.POS}:{p.normal_form}"
    if t.POS in NOMINAL:
        return f"{t.POS},{t.case},{t.number}"
    if t.POS in VERBAL:
        return f"{t.POS},{t.number}"
    return str(t.POS or "?")


@persistent
def word_classes(form: str) -> tuple[tuple[str, float], ...]:
    """The classes of a lower-case pre-reform word form, weights summing to 1; ``?`` if morphology does not
    know it."""
    ps = parses(modernize_word(form))
    if not ps:
        return UNKNOWN
    weights: dict[str, float] = {}
    for p in ps:
        weights[_key(p)] = weights.get(_key(p), 0.0) + max(p.score, 1e-3)
    total = sum(weights.values())
    return tuple((k, w / total) for k, w in sorted(weights.items()))


def gap_class(gap: str) -> tuple[tuple[str, float], ...] | None:
    """The class of what stands between two words: its first punctuation mark; None for a space."""
    for ch in gap:
        if ch in PUNCTUATION:
            return ((PUNCTUATION[ch], 1.0),)
        if ch.isdigit():
            return (("0", 1.0),)
    return None


class Syntax:
    """Class-bigram counts over paragraphs of text."""

    def __init__(self, paragraphs: list[str], tokenized: list[list] | None = None):
        """``tokenized``: ``tokens`` of each paragraph, where the caller has them."""
        self.pairs: dict[tuple[str, str], float] = {}
        self.left: dict[str, float] = {}    # how often a class stands first in a pair
        self.right: dict[str, float] = {}   # … second
        pairs, left, right = self.pairs, self.left, self.right
        for toks in tokenized if tokenized is not None else map(tokens, paragraphs):
            units = [EDGE]
            for _, _, surface, is_word in toks:
                unit = word_classes(surface.lower()) if is_word else gap_class(surface)
                if unit:
                    units.append(unit)
            units.append(EDGE)
            for a, b in zip(units, units[1:]):
                for ka, wa in a:
                    left[ka] = left.get(ka, 0.0) + wa
                    for kb, wb in b:
                        pairs[ka, kb] = pairs.get((ka, kb), 0.0) + wa * wb
                for kb, wb in b:
                    right[kb] = right.get(kb, 0.0) + wb
        self.total = max(sum(self.left.values()), 1.0)
        self._ratios: dict[tuple[str, str], float] = {}

    def _ratio(self, a: str, b: str) -> float:
        """P(b | a) / P(b), smoothed towards 1 (memoized: the same pairs come back for every reading)."""
        got = self._ratios.get((a, b))
        if got is None:
            pb = (self.right.get(b, 0.0) + 0.5) / self.total
            got = self._ratios[a, b] = (self.pairs.get((a, b), 0.0) + SMOOTHING * pb) / (
                (self.left.get(a, 0.0) + SMOOTHING) * pb)
        return got

    def fit(self, before, form_classes, after) -> float:
        """How much likelier (natural log) the classes of a reading are between ``before`` and ``after``
        (class distributions) than anywhere in the text; 0 for a form morphology does not know."""
        if form_classes == UNKNOWN or not form_classes:
            return 0.0
        s = 0.0
        for k, w in form_classes:
            lr = sum(wa * self._ratio(a, k) for a, wa in before) if before else 1.0
            rr = sum(wb * self._ratio(k, b) for b, wb in after) if after else 1.0
            s += w * lr * rr
        return math.log(max(s, 1e-9))
