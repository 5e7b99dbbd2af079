"""Word-level OCR corrector for the pre-reform text (a noisy-channel model).

API used by the pipeline::

    corrector = Corrector(corpus, overrides_path="source/editorial/corrections.json")
    corrections, reviews = corrector.correct(paragraph)

``corpus`` is every paragraph of every witness (after the mechanical layer); it gives the counts
the model uses as evidence.  ``correct(text)`` looks at one paragraph and returns

* ``Correction`` — a token read differently: ``start``/``end`` index ``text``, ``sic`` is
  ``text[start:end]``, ``corr`` the reading, ``cert`` high|medium|low, ``kind`` the confusion
  (``"и→н"`` = an ``и`` printed, read by the OCR as ``н``; ``"substitution"``, ``"insertion"``,
  ``"deletion"``, ``"transposition"`` for letters outside the known confusions; ``"case"``,
  ``"split"`` (two words run together), ``"join"`` (a word split by a stray hyphen),
  ``"punctuation"``, ``"override"``), ``evidence`` short reasons and ``source``
  (``"corrector"`` or ``"override"``);
* ``Review`` — a token the evidence cannot settle: left as printed, listed for the editor with the
  candidates considered.

How a token is decided.  For each word the model scores the printed form and candidate readings as
``language(reading) − channel(printed | reading)`` (log scale, higher is better):

* channel — a weighted edit distance: the OCR confusions of the scans' typeface
  (``SEED_CONFUSIONS``: ``и``↔``п``↔``н``, ``й``→``іі``, ``П``→``ІІ``, ``в``→``із``, ``е``↔``с``, ``ъ``↔``ь``,
  ``ю``→``іо`` …; in capitals ``Ѣ``→``Ъ`` and ``В``→``Б`` are cheaper still) cost little — the common ones
  alike, those seen only now and then in the seeds a little more; any other single
  substitution, insertion, deletion or transposition of a letter costs more, and at most two edits
  are considered.  Which of several readings a non-word is: with each edit priced as the text's own misprints price
  it (``estimate_channel``: forms no dictionary knows against the frequent word one edit away, each edit counted
  against its chances; the hand-set costs as the prior), while whether the printed form is to be read otherwise at all
  stays with the hand-set costs.  Candidates: every form one or two known confusions away, every form one letter
  edit away, and every corpus form within Levenshtein distance 2 (3 for long words), kept when
  morphology knows them or the corpus has them; where nothing is one letter away, the forms of the dictionary two
  letters away (``near_forms``, a walk down pymorphy3's DAWG: the vocabulary is the lexicon's, not only the
  corpus's); also two words run together (one part must be a preposition, conjunction or particle) and, between
  tokens, a word split by a stray hyphen;
* language — evidence that the reading is a word of this text: morphology (pymorphy3 on the
  1918-spelling form, ``pipeline.text.lang.spelling``; forms it knows only as proper names or abbreviations do
  not count) and how common the word is in Russian (``pipeline/lexicon/ru_freq.json``, from
  wordfreq); the corpus (in how many distinct contexts the word occurs elsewhere, any form of it but
  those spelled otherwise — the same modern word, or a ѣ against an е in the stem (``резерва`` is no
  evidence for ``рѣзервъ``) — and none for a form the spelling rules forbid (``картам``, ``порядке``);
  a passage duplicated in two witnesses counts once; the same two words either side in another
  witness is ``duplicate-witness`` evidence); the pre-reform spelling rules
  (final ``ъ``, ``і`` only before vowels, every ``ѣ`` in a ``ѣ``-root or an ending that fits the part
  of speech, ``pipeline/lexicon/yat_roots.json``; no ``ѣ`` after ж/ч/ш/щ but in a case ending or a
  comparative; ``ѣ``, not ``е``, in a noun's dative/prepositional ending; ``ѵ`` hardly ever; ``ь``
  not after к/г/х/ц at the end); for a
  form morphology does not know, whether its letters look Russian at all (a letter trigram almost
  no word has); context (neighbours attested in the corpus, adjective–noun agreement, a subject and
  its verb with nothing but a space between, the case a preposition or a numeral governs, the infinitive a modal word takes (``должны лежать``), and the
  word classes the text itself puts between such neighbours, ``pipeline.text.lang.syntax``: a penalty for a
  reading that fits worse than the best-fitting one, ``syntax`` evidence where it fits clearly
  better than the printed word).

Certainty: ``high``/``medium``/``low`` from how far the best reading beats the printed form and the
runner-up.  A printed form that is a common dictionary word attested in two other contexts is never
changed.  A printed form that is a real word otherwise is changed only when context (agreement,
government, neighbours, word classes) prefers a reading one known confusion away (``третьяго крута``
→ ``круга``) that the text prints, or that is a form of a word it uses in five places (``слѣдующіе
рады`` → ``ряды``); or one letter of any kind away, by a wide margin, where another witness has the
reading between the same words (``Ига.`` → ``Игра.``); or the rest of the text speaks against it, by a
wider margin than context needs: printed nowhere else, it is the same modern
word the text spells otherwise in two places (``немѣдленно`` → ``немедленно``), or it is rare in
Russian and the reading, commoner, is a word the text uses often — one known confusion away
(``каргой`` → ``картой``), or one letter of any kind away where the printed form is in no frequency
list and the reading is used in a dozen places.  A real word the text outnumbers tenfold — a word one known confusion away, printed (any form) in ten times as
many places, even where the OCR repeated its misreading in up to REPEAT_MAX places (``ивъ`` for ``изъ``) — yields
at medium certainty (``outnumbered``); so does a real word printed in at most REPEAT_MAX other places whose odds of
being a reading misprinted reach MISPRINT_ODDS (``misprint-odds``): a noisy channel, the reading's prior — its count
in the text with the Russian frequency list for prior — times the text's own rate of the edits, against the printed
word's prior (``_misprint_odds``: ``гакъ`` → ``такъ``, not ``крадетъ`` → ``кладетъ``), and a ѣ of a stem that the
text's own spelling of that stem reads as е (``_stem_odds``: ``перѣворачиваются`` where the text prints
``переворачиваютъ``; a 3-letter root of the ѣ-list, прѣ, hides it from the spelling rules); a form that spells its
stem as the text never does where it spells it otherwise (``вѣсь`` where ``весь`` is printed: ``respelt_stem``) earns
nothing from the other forms of its word.
A non-word's best reading is taken, with low
certainty, even when it beats the runner-up by a small margin; a form that is no word and has no
clear winner becomes a ``Review``.  A second pass looks again at the words whose neighbours were
corrected.  Besides words: a full stop inside a
sentence between two known words (``чемъ.карты`` → space, ``картъ. кончающихся`` → comma, ``,.`` → ``,``)
and a capital ``Ф`` inside a sentence (``, Фигурами`` → ``фигурами``).  Left to the mechanical layer:
Latin letters and digits inside words (``3одіакъ``), glued headings (``КАРТЪПравила``).

On pages the corrector was not built on: a form no dictionary knows earns little from being repeated
(``UNKNOWN_CAP``: the OCR repeats its misreading of a frequent word); a form morphology knows is changed at low
certainty only where the words around it speak for the reading (not where the reading is the same word spelled
otherwise: they speak for both), where the text spells the word otherwise wherever else it has it, or where the form
breaks a rule no pre-reform word breaks (``misspelt``: і before a consonant, ѵ, ѣ in an ending — not a ѣ the root
list may not know), else it goes to review; a word at the edge of a text cut off there (a lower-case start, an end
without a stop) is not completed or re-begun (``перемѣщ`` stays, for review; a reading no longer than it, with the
letter at the cut, is taken); a letter alone between words that is no word (``н``) is the one-letter word a known
confusion makes of it (``и``); a preposition or numeral governs the next word only with no stop, comma, colon, dash
or bracket between them.  Work per token is bounded: a token longer than the longest word of the frequency list by more than
``WORD_MARGIN`` goes to review unsearched, and the edits of a word are made along pymorphy3's dictionary (its DAWG,
walked by prefix: ``viable_edits``), so an edit that begins no word is never looked up; candidates are cached per
word form.

``source/editorial/corrections.json`` holds overrides for what no rule can decide:
``{"overrides": [{"sic": …, "before": …, "after": …, "corr": …, "reason": …, "cert": …}]}``,
matched by the printed form and a little text before/after it (never file offsets);
``corr == sic`` keeps a form as printed.

The corrector is deterministic and caches everything keyed by word form.
"""
from __future__ import annotations

import dataclasses
import json
import math
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import regex
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from pipeline.text.lang.spelling import (SPECIAL, is_known, is_prefix, letters_after, modernize_word, near_forms,
                                         parses, prefix_nodes, step, tokens, walk)
from pipeline.text.lang.lexicon import cache as lexicon_cache
from pipeline.text.lang.lexicon.cache import persistent
from pipeline.text.forked import forked_map
from pipeline.text.model import Correction, Document, Passage, Review
from pipeline.text.lang.syntax import EDGE, UNKNOWN as UNKNOWN_CLASS, Syntax, gap_class, word_classes

__all__ = ["Correction", "Review", "Corrector", "SEED_CONFUSIONS", "correct", "body_start", "units"]


# (printed by the OCR, what the book has, cost).  Lower case; capitals are folded before matching
# (so "ІІ" for "П" is "іі" → "п").  These are the confusions of the scans' typeface in general: the
# common ones (the confusion list of the issue) cost CONFUSION each, alike, since nothing tells one
# apart as likelier; those seen only now and then in the seed witnesses cost RARER_CONFUSION, so that
# where two readings differ only in which confusion was made the common one wins (карть → картъ,
# not карты).  A few shapes are closer still (ІІ for Й, a digit 3 for З).
CONFUSION, RARER_CONFUSION = 2.0, 3.0
SEED_CONFUSIONS: tuple[tuple[str, str, float], ...] = tuple((o, t, CONFUSION) for o, t in (
    ("н", "и"), ("п", "и"), ("и", "н"), ("и", "п"), ("н", "п"), ("п", "н"), ("іі", "п"), ("із", "в"),
    ("с", "е"), ("е", "с"), ("с", "о"), ("е", "о"), ("ь", "ъ"), ("ъ", "ь"), ("д", "л"), ("гг", "р"),
    ("г", "т"), ("т", "г"), ("п", "ш"), ("пі", "ш"), ("ы", "ь"), ("ѵ", "у"), ("ѣ", "е"), ("й", "и"),
    ("і", "и"), ("а", "я"), ("в", "з"),
)) + (("іі", "й", 1.5), ("йі", "й", 1.5), ("3", "з", 1.0)) + tuple((o, t, RARER_CONFUSION) for o, t in (
    ("о", "е"), ("ъ", "ѣ"), ("б", "в"), ("ыо", "ю"), ("е", "ѣ"), ("и", "і"), ("ыо", "ью"), ("іо", "ю"),
    ("і", "й"), ("и", "й"),                               # й with its breve lost
    ("ьі", "ы"), ("ъі", "ы"), ("ь", "ы"), ("ь", "ѣ"),     # ы, ѣ taken apart or half read
))
SUB, INDEL, TRANSPOSE = 5.0, 5.5, 5.0          # any other single-letter error
SPLIT, JOIN, CASE = 4.5, 2.0, 1.0
ONE_LETTER_WORDS = {"а", "и", "о", "у", "я"}
ALPHABET = "абвгдежзийклмнопрстуфхцчшщъыьэюяіѣ"
VOWELS = set("аеёиоуыэюяіѣ")
CONSONANTS = set("бвгджзклмнпрстфхцчшщ")
FUNCTION_POS = {"PREP", "CONJ", "PRCL"}
NAME_TAGS = {"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"}

UNKNOWN = -8.0        # a form morphology does not know
UNKNOWN_SEEN = 1      # … halved where the text has it in another place
CORPUS_W = 1.5        # × ln(1 + distinct contexts elsewhere, at most CORPUS_CAP)
CORPUS_CAP = 12
UNKNOWN_CAP = 2       # … for a form morphology does not know
LEMMA_CORPUS = True
BIGRAM_W = 1.0
IMPLAUSIBLE = -4.0   # an unknown form with a letter sequence no Russian word has
FREQ_W = 0.8         # × (Zipf frequency − FREQ_FLOOR) of a known word
FREQ_FLOOR = 2.5
AGREE = 2.0
GOVERN = 1.5
DUPLICATE = 3.0
NEAR_DUPLICATE = 2.0  # three of the four words around it the same (the fourth misread in one copy or the other)
SYNTAX_W = 0.25       # × how much likelier the reading's word classes are between its neighbours (pipeline.text.lang.syntax)
SYNTAX_EVIDENCE = 1.0  # … counted as evidence from this much
MAX_CHANNEL = 11.0
VARIANT = 2.0         # a real word printed nowhere else against a reading the rest of the text uses
TEXT_FREQUENT = 2     # … used in at least this many contexts
CERTS = ("low", "medium", "high")
LOCAL_EVIDENCE = {"context", "agreement", "government", "duplicate-witness", "syntax"}  # the words around a form
REAL_DELTA, REAL_MARGIN = 1.2, 1.0  # … a real word's, with context around it for the reading
TEXT_DELTA = 2.0                    # … with only the rest of the text for it (its spelling, its use)
FAR_DELTA, FAR_MARGIN = 3.0, 2.0    # … with a duplicate witness, for a reading one letter of any kind away
LOW_DELTA, LOW_MARGIN = 3.0, 0.2   # the least a non-word's best reading must win by, over the form and the runner-up
WRONG_DELTA, WRONG_MARGIN = 1.5, 1.0  # … where the form breaks a rule no pre-reform word breaks (талоъ, переводят)
SPELLING_TIE = 1.0    # two spellings of one word this close are told apart by the text's own
TEXT_FREQUENT_WORD = 5     # … a word (any form) used in this many places, for a reading not itself printed
TEXT_FREQUENT_LETTER = 12   # … at least this many where the reading is one letter of any kind away
SWEEPS = 4                  # the second pass's sweeps at most (Corrector.correct)
NEIGHBOUR_FREQUENT = 5      # … or this many, where the text prints it next to a neighbour and the form next to neither
FUNCTION_NEIGHBOUR = 2      # … a preposition: before the word it governs in this many places
RARE_ZIPF = 3.0       # … where the printed word is at most this common in Russian
OUTNUMBER = 10        # a reading one known confusion away that the text prints this many times as often as the form
STEM_SPELT = 2        # a stem the text spells otherwise in this many places (and never as printed): a misprint
REPEAT_MAX = 3        # … printed in at most this many other places (the OCR repeats a confusion on a frequent word)
PRIOR_TOKENS = 1000.0  # a word's prior: its count in the text plus its share of this many tokens of Russian (Zipf)
MISPRINT_ODDS = 0.3    # log10 of the odds (≈ 2 : 1) that a real word is a misprint of the reading (``_misprint_odds``)

LEXICON = Path(__file__).with_name("lexicon")


def _load_yat() -> tuple[tuple[str, ...], tuple[str, ...]]:
    data = json.loads((LEXICON / "yat_roots.json").read_text(encoding="utf-8"))
    return tuple(data["roots"]), tuple(data["endings"])


def _frequencies() -> dict[str, float]:
    """Zipf frequency of modern Russian words (pipeline/lexicon/ru_freq.json, from wordfreq; ё read as е)."""
    return lexicon_cache.tables()[0]


WORD_MARGIN = 8  # letters a token may have beyond the longest word: a preposition run into it, a final ъ, 2 edits


def longest_word() -> int:
    """The most letters a token can have and still be read as a word or two: the longest word of the frequency
    list plus WORD_MARGIN. Longer tokens (a run of letters without spaces) are not searched — they go to review, so
    that the corrector's work per token is bounded whatever the input."""
    return _longest_word("")


@persistent
def _longest_word(_: str) -> int:
    """``longest_word``, kept (a function of the frequency list alone: not read for one number where it is)."""
    return max(map(len, _frequencies())) + WORD_MARGIN


def _trigrams() -> dict[str, int]:
    """Letter trigrams (with ^ and $ at the ends) of the frequency list's words, counted."""
    return lexicon_cache.tables()[1]


@persistent
def implausible(form: str) -> str:
    """A letter trigram that (almost) no Russian word has, in the modern letters of ``form``; "" if none."""
    base = _modern(form).replace("ё", "е")
    if len(base) > 1 and base.endswith("ъ"):
        base = base[:-1]
    stem, refl = (base[:-2], base[-2:]) if base.endswith(("ся", "сь")) and len(base) > 4 else (base, "")
    base = _OLD_ENDING.sub(
                     lambda m: {"аго": "ого", "яго": "его", "ыя": "ые", "ия": "ие"}[m.group()], stem) + refl
    padded = f"^{base}$"
    counts = _trigrams()
    for i in range(len(padded) - 2):
        if counts.get(padded[i:i + 3], 0) <= 1:
            return padded[i:i + 3]
    return ""


@persistent
def zipf(form: str) -> float:
    """How common the modern spelling of a lower-case pre-reform form is (Zipf scale; 2.0 if rare)."""
    modern = modernize_word(form).lower().replace("ё", "е")
    freq = _frequencies()
    return freq.get(modern, freq.get(form.replace("ё", "е"), FREQ_FLOOR))


YAT_ROOTS, YAT_ENDINGS = _load_yat()
# letters listed one by one, the same in Python's re as in regex, whose calls cost several times more: re for these
LATIN = re.compile(r"[A-Za-z0-9]")
_OLD_ENDING = re.compile(r"(?:аго|яго|ыя|ия)$")
_HARD_SIGN_OK = re.compile("ъ[еёюяи]")
_LATIN_NUMERAL = re.compile(r"[IVXLCM]+")
_MARK = regex.compile(r"\p{M}")
_GLUED_HEADING = regex.compile(r"^.{2,}\p{Lu}\p{Ll}{2,}")
_SENTENCE_END = regex.compile(r"[.!?]\s+$")
_STRAY_HYPHEN = regex.compile(r"-\s*|\s*-\s+")
_BREAK = re.compile(r"[.,;:!?()\[\]—–]")  # what breaks a preposition's or numeral's hold on the next word


# ---------------------------------------------------------------- word evidence (cached by form)

@persistent
def known(form: str) -> bool:
    """Morphology knows the modern spelling of this lower-case pre-reform form."""
    if not form or LATIN.search(form):
        return False
    if form in SPECIAL:  # онѣ, однѣхъ, ея
        return True
    base = _modern(form)
    if len(base) > 1 and base.endswith("ъ"):
        base = base[:-1]
    if "ъ" in base[:-1] and not _HARD_SIGN_OK.search(base):
        return False
    if is_known(base):
        return True
    stem, refl = (base[:-2], base[-2:]) if base.endswith(("ся", "сь")) and len(base) > 4 else (base, "")
    for old, news in (("аго", ("ого", "его")), ("яго", ("его",)), ("ыя", ("ые",)), ("ия", ("ие",))):
        if stem.endswith(old):
            if any(is_known(stem[: -len(old)] + n + refl) for n in news):
                return True
    if _PREFIX_Z.search(form):  # разсматривать → рассматривать
        return is_known(modernize_word(form))
    return False


@lru_cache(maxsize=200_000)
def viable(form: str) -> bool:
    """False only where ``known(form)`` is False: the part of its modern spelling that ``known``'s rules leave as it
    is (all but an -аго/-ыя ending; none where a prefix раз-/из-… is respelled) begins no word of the dictionary.
    It prunes the edits of a word before the slower look-ups, and changes no answer."""
    if form in SPECIAL or ("з" in form and _PREFIX_Z.search(form)):
        return True
    return is_prefix(_checked_part(form))


_MODERN_LETTERS = str.maketrans("ѣіѳѵ", "еифи")


def _modern(form: str) -> str:
    """``form.translate(_MODERN_LETTERS)`` (ѣ і ѳ ѵ as е и ф и), made by replacing: str.translate looks each letter of a
    Cyrillic string up in its table, several times slower."""
    return form.replace("ѣ", "е").replace("і", "и").replace("ѳ", "ф").replace("ѵ", "и")


def _checked_part(form: str) -> str:
    """What ``viable`` walks: the modern letters, without a final ъ and an -аго/-ыя ending (+ся)."""
    base = _modern(form)
    if len(base) > 1 and base[-1] == "ъ":
        base = base[:-1]
    stem = base[:-2] if len(base) > 4 and base.endswith(("ся", "сь")) else base
    if stem.endswith(("аго", "яго", "ыя", "ия")):  # one at most: they differ in their last two letters
        return stem[:-3] if stem[-1] == "о" else stem[:-2]
    return base


def viable_edits(word: str, subs_only: bool = False) -> set[str]:
    """The edits of ``_generic_edits(word)`` (``_generic_subs`` with ``subs_only``) that ``viable`` passes, but for
    some that ``known`` could not know anyway: every edit ``known`` knows is among them. Made split by split along
    the dictionary: the edits at split i share ``word[:i]``, so its walk is made once and each edit walks on from
    there; once ``word[:i]`` begins no word, no edit at a later split can be known (they all keep it, and ``known``'s
    rules cannot reach back into it: a respelled prefix раз-/чрез- at the start holds з or ч, an ending, ъ and -ся
    take at most 7 letters off the end), so the search stops there; and a letter put in at i that continues no
    word from ``word[:i]`` is not tried.

    Where the letters after the edit are at least 6 (what ``_checked_part`` may take off the end: ъ, -ся, -аго) and
    neither they nor ``word[:i]`` hold з or ч (no respelled prefix), the part walked is ``word[:i]``, the letter put
    in or for another, and the same rest for every letter: that rest is cut once and walked once from each letter
    the dictionary continues ``word[:i]`` with (letters of one modern letter, е and ѣ, и and і, share the walk),
    without building the edits that begin no word."""
    out: set[str] = set()
    n, modern = len(word), _modern(word)
    for i in range(n + 1):
        nodes = prefix_nodes(modern[:i])
        if not nodes and i <= n - 7 and not any(ch in word[:i] for ch in "зч"):
            break
        a, b = word[:i], word[i:]
        # a letter put in at i must itself continue word[:i] in the dictionary (one step, not a walk), where the
        # part ``viable`` walks reaches past i and no respelled prefix can change it
        quick = i < n - 6 and not any(ch in a for ch in "зч")
        if quick and not any(ch in b for ch in "зч"):
            _quick_edits(out, a, b, nodes, subs_only)  # the same edits, faster
            continue
        after = letters_after(nodes)
        if quick:
            letters = [c for c in ALPHABET if c in "зч" or _MODERN_OF[c] in after]
        elif "з" in word:
            letters = ALPHABET
        else:
            # no prefix раз-/из-… can come of it but through a з put in: a letter that continues no word from
            # word[:i] is tried only where what _checked_part cuts off the end (ъ, -ся, -аго …) may take it, or the
            # edit may be a form of SPECIAL
            letters = [c for c in ALPHABET if c == "з" or c in _CUT_LETTERS or _MODERN_OF[c] in after
                       or (n < 8 and (a + c + b[1:] in SPECIAL or a + c + b in SPECIAL))]
        if subs_only:
            edits = [a + c + b[1:] for c in letters if b and c != b[0]]
        else:
            edits = ([a + b[1:]] if b else []) + ([a + b[1] + b[0] + b[2:]] if len(b) > 1 else [])
            edits += [a + c + b[1:] for c in letters if b] + [a + c + b for c in letters]
        for g in edits:
            if g in out:
                continue
            if g in SPECIAL or ("з" in g and _PREFIX_Z.search(g)):
                out.add(g)
                continue
            part = _checked_part(g)
            if (walk(nodes, part[i:]) if nodes and len(part) >= i else is_prefix(part)):
                out.add(g)
    return out


_MODERN_OF = {c: c.translate(_MODERN_LETTERS) for c in ALPHABET}
_CUT_LETTERS = frozenset("ъсьяагоыиі")  # the letters of what _checked_part may cut off the end (і is an и there)
_PAD = "а" * 7  # letters before a rest, so that _checked_part's cuts (at most 6 letters) fall inside the rest


def _rest_part(rest: str) -> str:
    """What ``_checked_part`` keeps of ``rest`` (at least 6 letters) at the end of a word of 7 letters or more."""
    return _checked_part(_PAD + rest)[len(_PAD):]


def _quick_edits(out: set[str], a: str, b: str, nodes: tuple[int, ...], subs_only: bool) -> None:
    """``viable_edits``'s edits at the split ``a``|``b`` (``b`` of 7 letters or more, no з or ч in ``a`` or ``b``,
    ``nodes`` those of ``a``) that it keeps, put into ``out``: the same as made and tried one by one — but for з
    and ч (which may make a prefix раз-/из-…) and a deletion or a swap (which may make a form of SPECIAL), no edit
    here can be in SPECIAL or have such a prefix, and each letter's walk is made once for all the edits that share
    it."""
    i = len(a)
    one_by_one = [a + b[1:]] + ([a + b[1] + b[0] + b[2:]] if len(b) > 1 else []) if not subs_only else []
    for c in "зч":
        if not subs_only or c != b[0]:
            one_by_one.append(a + c + b[1:])
        if not subs_only:
            one_by_one.append(a + c + b)
    for g in one_by_one:
        if g in out:
            continue
        if g in SPECIAL or _PREFIX_Z.search(g):
            out.add(g)
            continue
        if walk(nodes, _checked_part(g)[i:]):
            out.add(g)
    sub_rest = _rest_part(b[1:])
    ins_rest = _rest_part(b) if not subs_only else None
    walked: dict[str, tuple[bool, bool]] = {}
    after = letters_after(nodes)
    for c in ALPHABET:
        mc = _MODERN_OF[c]
        if c in "зч" or mc not in after:
            continue
        ok = walked.get(mc)
        if ok is None:
            there = step(nodes, mc)
            ok = walked[mc] = ((walk(there, sub_rest), ins_rest is not None and walk(there, ins_rest)) if there
                               else (False, False))
        if ok[0] and (not subs_only or c != b[0]):
            out.add(a + c + b[1:])
        if ok[1]:
            out.add(a + c + b)


@persistent
def common(form: str) -> bool:
    """``known`` as a common word — not a word morphology knows only as a proper name (тува, ира) or
    an abbreviation (тз: written in lower case without a full stop it is no word of running text)."""
    if not known(form):
        return False
    ps = parses(modernize_word(form))
    return not ps or not all((NAME_TAGS | {"Abbr"}) & set(p.tag.grammemes) for p in ps)


_PREFIX_Z = re.compile(r"(?:из|раз|без|воз|низ|чрез)[кпстфхцчшщ]")


@persistent
def orthography(form: str) -> tuple[float, str]:
    """Penalty (≤ 0) for breaking the pre-reform spelling rules, and the rule broken."""
    if LATIN.search(form):
        return -8.0, "latin letter or digit"
    if form[-1] in CONSONANTS:
        return -6.0, "no final ъ"
    for i, ch in enumerate(form):
        nxt = form[i + 1] if i + 1 < len(form) else ""
        prev = form[i - 1] if i else ""
        if ch == "і" and not nxt:
            return -7.0, "final і"
        if ch == "і" and nxt not in VOWELS and nxt != "й" and not form.startswith("мір"):
            return -5.0, "і before a consonant"
        if ch == "й" and prev in CONSONANTS:
            return -5.0, "й after a consonant"
        if ch in "ъь" and (prev in VOWELS or prev in "ъьй" or i == 0):
            return -5.0, f"{ch} after a vowel"
        if ch == "ъ" and nxt and nxt not in "еёюяіѣ":
            return -5.0, "ъ inside a word"
        if ch == "ѵ":
            return -7.0, "ѵ (a letter of a few church words only)"
        if ch == "ы" and i == 0:
            return -4.0, "initial ы"
    if _SOFT_AFTER_VELAR.search(form):
        return -4.0, "ь after к, г, х, ц"
    if any(not _sibilant_yat_ok(form, m.start()) for m in _YAT_AFTER_SIBILANT.finditer(form)):
        return -5.0, "ѣ after ж, ч, ш, щ"
    if form.endswith("е") and len(form) > 2 and _case_ending_yat(form):
        return -5.0, "е for the ѣ of a dative or prepositional ending"
    covered, placed = _yat_ok(form) if "ѣ" in form else (True, True)
    if not covered:
        if _yat_past_stem(form):
            return -5.0, "ѣ in an ending or suffix"
        return -5.0, "ѣ outside a ѣ-root"
    if not placed:
        return -5.0, MISPLACED_ROOT
    if _I_BEFORE_VOWEL.search(form):
        return -2.0, "и before a vowel"
    return 0.0, ""


# The rules that depend on knowing the word — a ѣ in its root (the root list is not every root), an е that its part
# of speech makes an ending, и at the seam of a compound (пятиугольникъ) — against the rules no pre-reform word breaks
# (і before a consonant, ѵ, a final consonant without ъ, a ѣ after ж/ч/ш/щ or in an ending or suffix that has е …):
# a form morphology knows that breaks one of these is printed wrong whatever word it is.
MISPLACED_ROOT = "ѣ-root where no root begins"
LEXICAL_RULES = {"е for the ѣ of a dative or prepositional ending", "ѣ outside a ѣ-root", "и before a vowel",
                 MISPLACED_ROOT}


def misspelt(form: str) -> bool:
    """``form`` breaks a rule of the pre-reform spelling that does not depend on knowing the word (not one of
    ``LEXICAL_RULES``): no correct word of the book is printed so."""
    pen, rule = orthography(form)
    return bool(pen) and rule not in LEXICAL_RULES


_SOFT_AFTER_VELAR = re.compile("[кгхц]ь$")
_YAT_AFTER_SIBILANT = re.compile("[жчшщ]ѣ")


def _sibilant_yat_ok(form: str, at: int) -> bool:
    """A ѣ after ж, ч, ш, щ: in a root the old ѣ became а there (слышать), so only a root of the list
    (чѣмъ), a noun's dative/prepositional ending (товарищѣ, душѣ) or a comparative (свѣжѣе) has it."""
    pair = form[at:at + 2]
    if any(form.startswith(r, at - r.index(pair)) for r in YAT_ROOTS if pair in r and r.index(pair) <= at):
        return True
    stripped = form[:-1] if form.endswith("ъ") else form
    rest = stripped[at + 1:]
    modern = stripped.translate(str.maketrans("ѣі", "еи"))
    if rest == "ѣ":
        return any(p.tag.POS in {"NOUN", "NPRO"} and _CASE.get(p.tag.case, p.tag.case) in {"datv", "loct"}
                   for p in parses(modern))
    if rest in {"ѣе", "ѣй"}:
        return _ending_fits(stripped, rest)
    return False
_FINAL_YAT_AFTER_VOWEL = re.compile("[аеёиоуыэюяі]ѣъ?$")
_I_BEFORE_VOWEL = re.compile("и[аоуэюяѣеи]")


# Where a root beginning with ѣ (ѣсть, ѣхать) may stand: at the start, or after a prefix.
YAT_INITIAL_AFTER = {"", "по", "на", "за", "при", "прі", "у", "вы", "до", "пере", "про", "от", "отъ", "съ", "въ",
                     "объ", "разъ", "подъ", "изъ", "не", "о", "об", "пре", "недо", "пере"}
YAT_SUFFIXES = {"ѣйш", "ѣвш", "ѣющ"}


def _case_ending_yat(form: str) -> bool:
    """A final е that can only be the dative/prepositional ending of a noun or pronoun, which the
    pre-reform spelling writes ѣ (въ порядкѣ, картѣ, тебѣ; not поле, зданіе)."""
    if form[-2] in VOWELS or form[-2] in "ьъй":
        return False
    ps = parses(form.translate(str.maketrans("ѣі", "еи")))
    return bool(ps) and all(p.tag.POS in {"NOUN", "NPRO"} and _CASE.get(p.tag.case, p.tag.case) in {"datv", "loct"}
                            for p in ps)


def _final_yat_case(form: str) -> bool:
    """A final ѣ is the dative/prepositional ending of a noun or pronoun, or stands in a preposition."""
    for p in parses(form.translate(str.maketrans("ѣі", "еи"))):
        if p.tag.POS in {"NOUN", "NPRO"} and _CASE.get(p.tag.case, p.tag.case) in {"datv", "loct"}:
            return True
        if p.tag.POS in {"PREP", "CONJ", "PRCL"} or (p.tag.POS == "ADVB" and "Cmp2" not in p.tag):
            return True
    return False


# What a word ending in a ѣ-ending must be: a comparative (скорѣй, болѣе; a genitive plural -ей, мастей,
# has е), a form of a verb in -ѣть (умѣть, имѣлъ, имѣвъ; a genitive plural -евъ, крыльевъ, has е), its
# verbal noun (умѣніе), or a pronoun or numeral (тѣхъ, всѣмъ, двѣмя).
_ENDING_POS = {
    **dict.fromkeys(("ѣй", "ѣе"), {"COMP", "ADVB"}),
    **dict.fromkeys(("ѣю", "ѣешь", "ѣет", "ѣем", "ѣете", "ѣют", "ѣя", "ѣть", "ѣл", "ѣла", "ѣло", "ѣли", "ѣв",
                     "ѣвши"), {"VERB", "INFN", "GRND", "PRTF", "PRTS"}),
    **dict.fromkeys(("ѣніе", "ѣнія", "ѣнію", "ѣніем", "ѣніи", "ѣній", "ѣніями", "ѣніях", "ѣніям"), {"NOUN"}),
    **dict.fromkeys(("ѣх", "ѣм", "ѣми"), {"NPRO", "ADJF", "NUMR"}),
}


def _ending_fits(form: str, ending: str, placed: bool = False) -> bool:
    """``form``, ending in the ѣ-ending ``ending``, is of a part of speech that has it. ``placed``: a numeral's -ѣхъ,
    -ѣмъ is a pronoun's ending only (тѣхъ, всѣмъ): трехъ, четырехъ have е."""
    wanted = _ENDING_POS.get(ending)
    if wanted is None:
        return True
    if placed and ending in {"ѣх", "ѣм", "ѣми"}:
        wanted = wanted - {"NUMR"}
    modern = form.translate(str.maketrans("ѣі", "еи"))
    # the word as 1918 spells it, too: a prefix раз-/из-… before a voiceless consonant is рас-/ис- (разсмотрѣть)
    options = (modern,) if is_known(modern) else (modern, modernize_word(form))
    # -ѣхъ, -ѣмъ, -ѣми are a pronoun's endings (тѣхъ, всѣмъ, однѣми): an adjective has them only where it is a
    # pronominal one (morphology's Apro), not средній, верхній (среднемъ, верхнихъ)
    pronominal = ending in {"ѣх", "ѣм", "ѣми"}
    return any((p.tag.POS in wanted and not (pronominal and p.tag.POS == "ADJF" and "Apro" not in p.tag))
               or ("COMP" in wanted and "Cmp2" in p.tag) for m in options for p in parses(m))


def _yat_past_stem(form: str) -> bool:
    """A ѣ that no ending of the list covers stands at the end of the word or past the part it shares with each of
    its dictionary forms (кладѣтся: класть; исключеніѣ) — in an ending or suffix, whose ѣ are a closed list, not in a
    root the root list may lack (пѣгій: пегий)."""
    stripped = form[:-1] if form.endswith("ъ") else form
    if stripped.endswith("ѣ"):
        return True
    modern = modernize_word(form).lower().replace("ё", "е")
    lemmas = [lemma.replace("ё", "е") for lemma in _lemmas(form)]
    if not lemmas:
        return False
    stem = min(len(os.path.commonprefix([modern, lemma])) for lemma in lemmas)
    first = max(i for i, ch in enumerate(form) if ch == "ѣ")
    return first >= stem


def _yat_ok(form: str) -> tuple[bool, bool]:
    """Whether every ѣ of ``form`` stands in a ѣ-root or a ѣ-ending, and whether it does with each root where a root
    can begin (``_root_placed``) and no numeral's -ѣхъ/-ѣмъ (``_ending_fits``'s ``placed``) — a short root's letters
    inside another word are no root (валѣта holds лѣт of лѣто, четвѣртый вѣр of вѣра, тѣченіе the pronoun тѣ: the ѣ
    there is a misprint of е). One walk over the endings and roots for both."""
    if form in SPECIAL:
        return True, True
    stripped = form[:-1] if form.endswith("ъ") else form
    if stripped.endswith(("ся", "сь")) and len(stripped) > 4:
        stripped = stripped[:-2]
    covered: set[int] = set()
    placed: set[int] = set()
    for e in YAT_ENDINGS:
        if stripped.endswith(e) and (e != "ѣ" or _final_yat_case(stripped)) and _ending_fits(stripped, e):
            span = range(len(stripped) - len(e), len(stripped))
            covered.update(span)
            if _ending_fits(stripped, e, placed=True):
                placed.update(span)
    for r in YAT_ROOTS:
        at = form.find(r)
        while at != -1:
            if (r[0] != "ѣ" and len(r) > 2) or r in YAT_SUFFIXES or form[:at] in YAT_INITIAL_AFTER:
                covered.update(range(at, at + len(r)))
                if _root_placed(form, at, r):
                    placed.update(range(at, at + len(r)))
            at = form.find(r, at + 1)
    yats = [i for i, ch in enumerate(form) if ch == "ѣ"]
    return all(i in covered for i in yats), all(i in placed for i in yats)


# The prefixes of Russian (pre-reform spelling; general grammar; полу- among them), and what may join a root to a root
# before it in a compound: the linking vowels о, е, и (человѣкъ, землемѣръ, пятилѣтній), a numeral's genitive
# (двухмѣстный).
PREFIXES = ("без", "безъ", "въ", "во", "вз", "взъ", "воз", "возъ", "вы", "до", "за", "из", "изъ", "на", "над",
            "надъ", "недо", "не", "ни", "низ", "низъ", "о", "об", "объ", "обо", "от", "отъ", "ото", "пере", "по",
            "под", "подъ", "подо", "полу", "пре", "пред", "предъ", "при", "прі", "про", "раз", "разъ", "со", "съ",
            "с", "у", "чрез", "черезъ")
_LINK = re.compile(r"(?:[^ъьй][оеи]|двух|трех|четырех)$")
PRONOUN_REST = ("", "х", "м", "ми")  # what follows a two-letter root (тѣ, сѣ: the pronouns тѣ, тѣхъ, тѣмъ, тѣми)


def _prefixes(head: str, depth: int = 0) -> bool:
    """``head`` is a run of at most three prefixes (or nothing): недо-раз-, по-на-."""
    if not head:
        return True
    return depth < 3 and any(head.startswith(p) and _prefixes(head[len(p):], depth + 1) for p in PREFIXES)


def _root_placed(form: str, at: int, root: str) -> bool:
    """The ѣ-root ``root`` at ``at`` stands where a root can begin: a root of four letters or more anywhere (бесѣд,
    желѣз are no other word's letters); a shorter one after prefixes only, or after a compound's link; a root of
    two letters (тѣ, сѣ, the pronouns) only before a pronoun's ending. Sound as a spelling rule, not a word list: a
    root is a word's first morpheme but for prefixes, and no Russian root ends in a prefix's letters by rule — what
    it may miss is a compound with another link (медвѣдь), which then goes to the corrector as a doubtful spelling,
    not as a misprint (a lexical rule)."""
    if len(root) >= 4 or root in YAT_SUFFIXES:
        return True
    head = form[:at]
    if len(root) == 2 and root[0] != "ѣ":
        rest = form[at + 2:]
        return (rest[:-1] if rest.endswith("ъ") else rest) in PRONOUN_REST and _prefixes(head)
    return _prefixes(head) or bool(_LINK.search(head))


# The cases a preposition governs (general grammar; pre-reform spelling of the preposition).
GOVERNMENT = {
    "въ": {"accs", "loct"}, "во": {"accs", "loct"}, "на": {"accs", "loct"}, "за": {"accs", "ablt"},
    "подъ": {"accs", "ablt"}, "подо": {"accs", "ablt"}, "надъ": {"ablt"}, "передъ": {"ablt"},
    "съ": {"gent", "ablt", "accs"}, "со": {"gent", "ablt", "accs"}, "изъ": {"gent"}, "отъ": {"gent"},
    "до": {"gent"}, "для": {"gent"}, "безъ": {"gent"}, "у": {"gent"}, "около": {"gent"}, "послѣ": {"gent"},
    "къ": {"datv"}, "ко": {"datv"}, "по": {"datv", "accs", "loct"}, "о": {"accs", "loct"},
    "объ": {"accs", "loct"}, "при": {"loct"}, "чрезъ": {"accs"}, "черезъ": {"accs"}, "про": {"accs"},
    "между": {"ablt", "gent"}, "сквозь": {"accs"},
}
_CASE = {"loc2": "loct", "gen2": "gent", "acc2": "accs", "gen1": "gent", "loc1": "loct"}


# Pronoun forms whose case the pre-reform spelling tells and the modern one does not (general grammar): the
# instrumental чѣмъ, всѣмъ (and the dative plural всѣмъ) with ѣ, the prepositional чемъ, всемъ (при чемъ, о всемъ)
# with е — both are чем, всем in 1918, which morphology reads in either case.
SPELT_CASES = {"чѣмъ": {"ablt"}, "чемъ": {"loct"}, "всѣмъ": {"ablt", "datv"}, "всемъ": {"loct"}}


def _governs(prep: str, nxt: str) -> bool | None:
    """Whether ``nxt`` can stand in a case ``prep`` governs; None when ``prep`` is no preposition."""
    cases = GOVERNMENT.get(prep)
    if cases is None or not nxt:
        return None
    if nxt in SPELT_CASES:
        return bool(SPELT_CASES[nxt] & cases)
    found = _cases(nxt)
    return None if found is None else bool(found & cases)


@persistent
def _cases(form: str) -> frozenset[str] | None:
    """The cases morphology reads ``form`` in (loc2 as loct …); None where it does not know the form."""
    ps = parses(modernize_word(form))
    if not ps:
        return None
    return frozenset(_CASE.get(p.tag.case, p.tag.case) for p in ps if p.tag.case)


SMALL_NUMERALS = {"один", "два", "три", "четыре", "оба", "полтора"}


def _after_numeral(numeral: str, form: str) -> bool | None:
    """After пять, восемь … (nominative/accusative) a noun stands in the genitive plural."""
    if not numeral or not _large_numeral(numeral):
        return None
    return _genitive_plural(form)


@persistent
def _large_numeral(form: str) -> bool:
    """``form`` may be a numeral from пять on in the nominative or accusative (one that takes a genitive plural)."""
    return any(p.tag.POS == "NUMR" and p.tag.case in {"nomn", "accs"} and p.normal_form not in SMALL_NUMERALS
               for p in parses(modernize_word(form)))


@persistent
def _genitive_plural(form: str) -> bool | None:
    """Whether a noun, adjective or participle reading of ``form`` is a genitive plural; None if it has none."""
    fps = [p for p in parses(modernize_word(form)) if p.tag.POS in {"NOUN", "ADJF", "PRTF"}]
    if not fps:
        return None
    return any(p.tag.case == "gent" and p.tag.number == "plur" for p in fps)


# The words that take an infinitive (general grammar): можно закрыть, должны принадлежать, слѣдуетъ снять.
MODAL_LEMMAS = {"можно", "нельзя", "нужно", "надо", "необходимо", "возможно", "должный", "нужный", "обязанный",
                "мочь", "хотеть", "уметь", "следовать", "стоить"}


IMPERSONAL_MODALS = {"следовать", "стоить"}  # modal only as impersonal verbs: слѣдуетъ снять, not слѣдуете говорить


def _impersonal(p) -> bool:
    """A verb form that can be impersonal: the third person singular, or the neuter of the past."""
    return p.tag.number == "sing" and (p.tag.person == "3per" or p.tag.gender == "neut")


def _after_modal(modal: str, form: str) -> bool | None:
    """Whether ``form`` can stand right after a modal word, which takes an infinitive (``должны принадлежать``):
    True for an infinitive, False for a verb that can only be finite (``должны принадлежатъ``), None otherwise —
    where ``modal`` is no modal word, or ``form`` something else (an adverb may stand between: ``можно немедленно
    употребить``)."""
    if not modal:
        return None
    if _modal(modal):
        return _infinitive(form, True)
    if not _future_auxiliary(modal):
        return None
    # the future of быть takes an imperfective infinitive (будутъ лежать) or a short participle (будутъ покрыты), never a
    # finite verb; a perfective infinitive is another word's (невозможно будетъ составить)
    found = _infinitive(form, False)
    return None if found and not _imperfective_infinitive(form) else found


@persistent
def _imperfective_infinitive(form: str) -> bool:
    """Morphology may read ``form`` as an imperfective infinitive."""
    return any(p.tag.POS == "INFN" and p.tag.aspect == "impf" for p in parses(modernize_word(form)))


@persistent
def _future_auxiliary(form: str) -> bool:
    """``form`` may be the future of быть (будетъ, будутъ)."""
    return any(p.normal_form == "быть" and p.tag.tense == "futr" for p in parses(modernize_word(form)))


@persistent
def _modal(form: str) -> bool:
    """``form`` may be a modal word (MODAL_LEMMAS; слѣдуетъ, стоитъ only impersonal)."""
    return any(p.normal_form in MODAL_LEMMAS and p.tag.POS in {"PRED", "ADJS", "VERB"} and (
        p.normal_form not in IMPERSONAL_MODALS or _impersonal(p)) for p in parses(modernize_word(form)))


@persistent(star=True)
def _infinitive(form: str, participle: bool) -> bool | None:
    """True for a form morphology may read as an infinitive, False for one it reads only as a finite verb (or, with
    ``participle``, as a finite verb, a short participle or a short adjective: what no modal word takes without быть
    between, можно закрыты), None for any other."""
    ps = parses(modernize_word(form))
    if any(p.tag.POS == "INFN" for p in ps):
        return True
    return False if ps and all(p.tag.POS == "VERB" or participle and p.tag.POS in {"PRTS", "ADJS"} for p in ps) else None


@persistent
def _lemmas(form: str) -> frozenset[str]:
    """The dictionary forms morphology gives a pre-reform form (a rare form of a word the text uses,
    старей of старый, is no stranger in the text)."""
    return frozenset(p.normal_form for p in parses(modernize_word(form)))


@persistent(star=True)
def _subject_agrees(subject: str, verb: str) -> bool:
    """A noun or pronoun in the nominative before a verb (or short participle) of its number — and
    person, for a personal pronoun; gender too in the singular past (онъ начинаетъ, карты расположены)."""
    vps = [p for p in parses(modernize_word(verb)) if p.tag.POS in {"VERB", "PRTS", "ADJS"} and p.tag.number]
    if not vps:
        return False
    for n in _as_nouns(parses(modernize_word(subject))):
        if n.tag.POS not in {"NOUN", "NPRO"} or n.tag.case != "nomn" or not n.tag.number:
            continue
        for v in vps:
            if v.tag.number != n.tag.number:
                continue
            if n.tag.person and v.tag.person and n.tag.person != v.tag.person:
                continue
            if not n.tag.person and v.tag.person and v.tag.person != "3per":
                continue
            if n.tag.number == "sing" and v.tag.gender and n.tag.gender and v.tag.gender != n.tag.gender:
                continue
            return True
    return False


@persistent
def word_zipf(form: str) -> float:
    """How common the word is, not the form: the Zipf frequency of the form or of its commonest
    dictionary form (картою is rare in modern Russian, карта is not)."""
    freq = _frequencies()
    return max([zipf(form)] + [freq.get(lemma.replace("ё", "е"), FREQ_FLOOR) for lemma in _lemmas(form)])


def _as_nouns(ps) -> list:
    """The readings of a word as a noun or pronoun, but for the indeclinable noun that is a letter's name where
    morphology may also read the word as a conjunction or preposition: и, въ, съ are nouns in every case to it, but
    in running text the conjunction, the preposition (что, a conjunction too, stays a pronoun)."""
    function = any(p.tag.POS in {"CONJ", "PREP"} for p in ps)
    return [p for p in ps if not (function and p.tag.POS == "NOUN" and "Fixd" in p.tag)]


@persistent(star=True)
def _agrees(adj: str, noun: str) -> bool:
    """An adjective or participle before a noun of the same case and number (and gender). A noun's second
    prepositional or genitive (въ каждомъ ряду, loc2) is its case for agreement; a reading as a name (Раду) is none
    for a word in lower case."""
    aps = [p for p in parses(modernize_word(adj)) if p.tag.POS in {"ADJF", "PRTF"}]
    if not aps:
        return False
    for n in _as_nouns(parses(modernize_word(noun))):
        if n.tag.POS != "NOUN" or NAME_TAGS & n.tag.grammemes:
            continue
        case = _CASE.get(n.tag.case, n.tag.case)
        for a in aps:
            if a.tag.case == case and a.tag.number == n.tag.number and (
                    a.tag.number == "plur" or not a.tag.gender or a.tag.gender == n.tag.gender):
                return True
    return False


# ---------------------------------------------------------------- the channel

# In capitals some shapes are closer still: Ѣ and Ъ, В and Б.
CAPITAL_CONFUSIONS: tuple[tuple[str, str, float], ...] = (("ъ", "ѣ", 1.0), ("б", "в", 1.5))


def _table(confusions) -> dict[str, list[tuple[str, str, float]]]:
    table: dict[str, list[tuple[str, str, float]]] = {}
    for o, t, c in confusions:
        table.setdefault(o, [])
        table[o] = [x for x in table[o] if x[1] != t] + [(o, t, c)]
    return table


_BY_OCR = _table(SEED_CONFUSIONS)
_BY_OCR_CAPS = _table(SEED_CONFUSIONS + CAPITAL_CONFUSIONS)


def channel(obs: str, cand: str, caps: bool = False) -> tuple[float, tuple[tuple[str, str, str], ...]]:
    """``_channel``'s answer, memoized (and kept in ``.cache/lexicon/``: a function of the two forms alone)."""
    return _channel_kept(obs, cand, caps)


@persistent(name="channel", star=True)
def _channel_kept(obs: str, cand: str, caps: bool) -> tuple[float, tuple[tuple[str, str, str], ...]]:
    return _channel(obs, cand, caps)


def _channel(obs: str, cand: str, caps: bool = False) -> tuple[float, tuple[tuple[str, str, str], ...]]:
    """Cost of the OCR printing ``obs`` for ``cand`` (both lower case; ``caps``: the word was printed in
    capitals) and the edits: (label, sic, corr).

    An edit distance whose steps from a cell are tried in a fixed order — the letter itself, a known confusion
    (one or two printed letters), any substitution, an insertion, a deletion, two letters swapped (and the second
    misread) — each kept only where it is cheaper than what the cell has; the confusions of each printed stretch
    are looked up once per word, not once per cell."""
    table = _BY_OCR_CAPS if caps else _BY_OCR
    n, m = len(obs), len(cand)
    inf = float("inf")
    dp = [[inf] * (m + 1) for _ in range(n + 1)]
    back: list[list[tuple | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    dp[0][0] = 0.0
    # the known confusions that begin at each printed letter, as (letters read, printed letters, cost, label)
    conf = [[(t, lo, c, f"{t}→{o}") for lo in (1, 2) if i + lo <= n for o, t, c in table.get(obs[i:i + lo], ())]
            for i in range(n + 1)]
    for i in range(n + 1):
        here_conf = conf[i]
        swapped = conf[i + 1] if i + 1 < n else ()
        below = dp[i + 1] if i < n else None
        for j in range(m + 1):
            here = dp[i][j]
            if here == inf:
                continue
            # each step in turn, kept where it is cheaper than what its cell has (the first of equals wins)
            same = i < n and j < m and obs[i] == cand[j]
            if same and here < below[j + 1]:
                below[j + 1] = here
                back[i + 1][j + 1] = (i, j, None)
            for t, lo, c, label in here_conf:
                if cand.startswith(t, j) and here + c < dp[i + lo][j + len(t)]:
                    dp[i + lo][j + len(t)] = here + c
                    back[i + lo][j + len(t)] = (i, j, label)
            if i < n and j < m and not same and here + SUB < below[j + 1]:
                below[j + 1] = here + SUB
                back[i + 1][j + 1] = (i, j, "substitution")
            if i < n and here + INDEL < below[j]:
                below[j] = here + INDEL
                back[i + 1][j] = (i, j, "insertion")
            if j < m and here + INDEL < dp[i][j + 1]:
                dp[i][j + 1] = here + INDEL
                back[i][j + 1] = (i, j, "deletion")
            if i + 1 < n and j + 1 < m and obs[i] == cand[j + 1]:
                if obs[i + 1] == cand[j] and obs[i] != obs[i + 1] and here + TRANSPOSE < dp[i + 2][j + 2]:
                    dp[i + 2][j + 2] = here + TRANSPOSE
                    back[i + 2][j + 2] = (i, j, "transposition")
                # two letters swapped, the second one also misread (картами → катггами)
                for t, lo, c, label in swapped:
                    if t == cand[j] and here + (TRANSPOSE + c) < dp[i + 1 + lo][j + 2]:
                        dp[i + 1 + lo][j + 2] = here + (TRANSPOSE + c)
                        back[i + 1 + lo][j + 2] = (i, j, "transposition+" + label)
    ops = []
    i, j = n, m
    while (i, j) != (0, 0):
        pi, pj, label = back[i][j]
        if label:
            ops.append((label, obs[pi:i], cand[pj:j]))
        i, j = pi, pj
    return dp[n][m], tuple(reversed(ops))


def _seed_edits(word: str) -> set[str]:
    out = set()
    for i in range(len(word)):
        for lo in (1, 2):
            for o, t, _ in _BY_OCR.get(word[i:i + lo], ()):
                out.add(word[:i] + t + word[i + lo:])
    return out


def _generic_edits(word: str) -> set[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {a + b[1:] for a, b in splits if b}
    out |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    out |= {a + c + b[1:] for a, b in splits if b for c in ALPHABET}
    out |= {a + c + b for a, b in splits for c in ALPHABET}
    return out


def _deletes(word: str) -> set[str]:
    """``word`` with one letter left out, each way."""
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def _one_edit(a: str, b: str) -> bool:
    """``b`` is in ``_generic_edits(a)``: one letter of ALPHABET substituted or inserted, one deleted, or two
    neighbours swapped."""
    if len(b) == len(a):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return (len(diff) == 1 and b[diff[0]] in ALPHABET) or (
            len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    if len(b) == len(a) + 1:
        i = next((k for k in range(len(a)) if a[k] != b[k]), len(a))
        return b[:i] + b[i + 1:] == a and b[i] in ALPHABET
    if len(b) == len(a) - 1:
        i = next((k for k in range(len(b)) if a[k] != b[k]), len(b))
        return a[:i] + a[i + 1:] == b
    return False


@persistent(star=True)
def _hyphenated(a: str, b: str) -> bool:
    """``a-b`` is one hyphenated word morphology knows (кто-нибудь, по-русски, из-за)."""
    return bool(a and b) and is_known(modernize_word(a.lower()) + "-" + modernize_word(b.lower()))


@persistent
def _function(form: str) -> bool:
    """Morphology may read ``form`` as a preposition, conjunction or particle."""
    return any(p.tag.POS in FUNCTION_POS for p in parses(modernize_word(form)))


@persistent
def _maybe_name(form: str) -> bool:
    """Morphology may read ``form`` as a name (a first name, surname, place …)."""
    return any(t in p.tag for p in parses(modernize_word(form)) for t in NAME_TAGS)


@persistent
def _prep_or_conj(form: str) -> bool:
    """Morphology may read ``form`` as a preposition or conjunction."""
    return any(p.tag.POS in {"PREP", "CONJ"} for p in parses(modernize_word(form)))


def _same_word(a: str, b: str) -> bool:
    """Two readings that are one word spelled two ways (котораго, которого): the same in the 1918 spelling."""
    return a != b and " " not in a and " " not in b and modernize_word(a) == modernize_word(b)


def _certainty(real_word: bool, best: "_Cand", delta: float, margin: float, wrong: bool = False) -> str | None:
    """high/medium/low from how far the best reading beats the printed form (``delta``) and the
    runner-up (``margin``); None: not settled.  A real word yields only to context: to a reading one
    known confusion away, or one letter of any kind away where the text's use of the word says so or
    another witness has the reading between the same words, by a wide margin (``Ига.`` where another
    witness has ``Игра.``).  ``wrong``: the printed form breaks a rule no pre-reform word breaks (``misspelt``), so
    whatever it scores, it is no reading: the best reading need beat it by less, the runner-up by more."""
    if real_word:
        in_context = {"context", "agreement", "government", "duplicate-witness", "spelling-variant",
                      "text-frequency", "syntax"} & set(best.evidence)
        wide = "duplicate-witness" in in_context and delta >= FAR_DELTA and margin >= FAR_MARGIN
        far = best.channel > (INDEL if "text-frequency" in best.evidence or wide else 2.5)
        # the text's use of a word alone (spelling-variant, text-frequency) is weaker than the words around it
        local = in_context & {"context", "agreement", "government", "duplicate-witness", "syntax"}
        # the odds that the printed word is the reading misprinted stand for the text's use of it; the scores must
        # then only not prefer the printed word (the words around it may)
        least = 0.0 if "misprint-odds" in best.evidence else REAL_DELTA if local else TEXT_DELTA
        if not in_context or delta < least or margin < REAL_MARGIN or far:
            return None
        # the text outnumbering the printed word tenfold is more than weak evidence against it
        return "medium" if delta >= 4 or {"outnumbered", "misprint-odds"} & set(best.evidence) else "low"
    if delta >= 8 and margin >= 3:
        return "high"
    if delta >= 4.5 and margin >= 1.5:
        return "medium"
    if delta >= LOW_DELTA and margin >= LOW_MARGIN:
        return "low"
    if wrong and delta >= WRONG_DELTA and margin >= WRONG_MARGIN:
        return "low"
    return None


NEAR_LENGTH = 5              # the shortest word the dictionary is searched two letters around


def _modern_letters(form: str) -> str:
    """``form`` in modern letters without its final ъ: what the dictionary is searched with."""
    base = _modern(form)
    return base[:-1] if len(base) > 1 and base.endswith("ъ") else base


def _respelled_as(modern: str, obs: str) -> str:
    """A dictionary form (modern letters) in the pre-reform spelling, as near the printed ``obs`` as it lets: each
    letter it shares with ``obs`` (an alignment of least edits) as ``obs`` prints it (its ѣ, і), і for и before a
    vowel, ъ after a final consonant, and ``obs``'s -аго/-яго/-ыя/-ія for -ого/-его/-ые/-ие."""
    base = _modern_letters(obs)
    n, m = len(base), len(modern)
    dist = [[i + j if not i or not j else 0 for j in range(m + 1)] for i in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            dist[i][j] = min(dist[i - 1][j] + 1, dist[i][j - 1] + 1,
                             dist[i - 1][j - 1] + (base[i - 1] != modern[j - 1]))
    out, i, j = [], n, m
    while j:
        if i and dist[i][j] == dist[i - 1][j - 1] + (base[i - 1] != modern[j - 1]):
            out.append(obs[i - 1] if base[i - 1] == modern[j - 1] else modern[j - 1])
            i, j = i - 1, j - 1
        elif i and dist[i][j] == dist[i - 1][j] + 1:
            i -= 1
        else:
            out.append(modern[j - 1])
            j -= 1
    word = "".join(reversed(out))
    word = "".join("і" if c == "и" and word[k + 1:k + 2] in VOWELS | {"й"} else c for k, c in enumerate(word))
    for old, new in (("аго", "ого"), ("яго", "его"), ("ыя", "ые"), ("ія", "ие")):
        if obs.endswith(old) and word.endswith(new):
            word = word[:-len(new)] + old
    return word + "ъ" if word[-1:] in CONSONANTS else word


def _generic_subs(word: str) -> set[str]:
    return {word[:i] + c + word[i + 1:] for i in range(len(word)) for c in ALPHABET if c != word[i]}


def _restore_case(obs: str, cand: str) -> str:
    letters = [c for c in obs if c.isalpha() and c != "ѣ"]
    upper = sum(c.isupper() for c in letters)
    if len(letters) > 1 and (upper == len(letters) or upper > len(letters) / 2 and upper > 1 and obs[-1:].isupper()):
        return cand.upper()
    if obs[:1].isupper() and any(c.islower() for c in obs):
        return cand[:1].upper() + cand[1:]
    return cand


def _one_word(found) -> bool:
    """Whether ``found`` is a correction whose reading is one word in the word's place (not a join of two, not a
    split): what the words around it are then read with."""
    return isinstance(found, Correction) and found.kind != "join" and " " not in found.corr


def _mixed_case(word: str) -> bool:
    letters = [c for c in word if c.isalpha() and c != "ѣ"]  # the mechanical layer writes ѣ in capitals too
    return (any(c.isupper() for c in letters[1:]) and any(c.islower() for c in letters)
            and not word.startswith(("ІІ", "ЙІ")))


# ---------------------------------------------------------------- the corpus

class _Corpus:
    """Where every lower-case form of the witnesses occurs, in ``runs`` of paragraphs (each run read in order).

    ``contexts``: distinct (previous word, next word) pairs inside a paragraph — bigram evidence, and
    the slot a duplicate passage of another witness fills.  ``occurrences``: distinct two-words-each-
    side contexts over the running text of a run, paragraph breaks ignored, so a passage duplicated in two
    witnesses counts once while a heading repeated before each chapter counts each time. A window never spans two
    runs: where a run is the book's passages in its order and the others a copy each, what the windows see does not
    depend on how the scrape cut its chunks or in which order its files come (``corpus_runs``).
    """

    def __init__(self, runs: list[list[str]], tokenized: list[list[list]] | None = None):
        """``tokenized``: ``tokens`` of each paragraph of each run, where the caller has them."""
        self.contexts: dict[str, set[tuple[str, str]]] = {}
        self.wide: dict[str, set[tuple[str, str, str, str]]] = {}
        self.occurrences: dict[str, set[tuple[str, str, str, str]]] = {}
        # how many paragraphs print the form between the same two words either side (the copies of a passage)
        self.copies: dict[tuple[str, tuple[str, str, str, str]], int] = {}
        for r, run in enumerate(runs):
            stream: list[str] = []
            for toks in tokenized[r] if tokenized is not None else map(tokens, run):
                words = [s.lower() for _, _, s, w in toks if w]
                padded = ["", ""] + words + ["", ""]  # _window's windows, sliced out of the words with "" either side
                for k, w in enumerate(words):
                    window = (padded[k], padded[k + 1], padded[k + 3], padded[k + 4])
                    self.contexts.setdefault(w, set()).add((padded[k + 1], padded[k + 3]))
                    self.wide.setdefault(w, set()).add(window)
                    self.copies[(w, window)] = self.copies.get((w, window), 0) + 1
                stream += words
            padded = ["", ""] + stream + ["", ""]
            for k, w in enumerate(stream):
                self.occurrences.setdefault(w, set()).add((padded[k], padded[k + 1], padded[k + 3], padded[k + 4]))
        self.vocab = sorted(self.contexts)
        self._near: dict[tuple, set[tuple[str, ...]]] | None = None
        self._by_lemma: dict[str, list[tuple[str, int]]] | None = None
        self._respelt: dict[tuple[str, int], str] = {}
        self._frequent: dict[str, list[str]] | None = None
        self._stem_letters: dict[str, list[int]] | None = None

    def frequent_near(self, obs: str) -> list[str]:
        """The forms printed in at least NEIGHBOUR_FREQUENT places that are one letter edit of ``obs`` away
        (``_generic_edits``: a letter of ALPHABET put in or for another, one left out, two swapped) — found through
        an index of their one-letter deletions, so the cost is the few forms that share one, not the alphabet
        times the word's length (a one-letter edit of each other: they share a deletion, or one is the other's)."""
        if self._frequent is None:
            self._frequent = {}
            for w, seen in self.occurrences.items():
                if len(seen) >= NEIGHBOUR_FREQUENT:
                    for d in {w} | _deletes(w):
                        self._frequent.setdefault(d, []).append(w)
        near = {w for d in {obs} | _deletes(obs) for w in self._frequent.get(d, ())}
        return sorted(w for w in near if _one_edit(obs, w))

    def word_support(self, form: str) -> int:
        """Distinct occurrences of any form of the word (of its commonest-used dictionary form)."""
        return max((sum(n for _, n in forms) for forms in self._lemma_forms(form)), default=0)

    def _lemma_forms(self, form: str) -> list[list[tuple[str, int]]]:
        """For each dictionary form of ``form``: the forms of it the text prints, with their occurrences."""
        if self._by_lemma is None:
            self._by_lemma = {}
            for w, seen in self.occurrences.items():
                for lemma in _lemmas(w) if common(w) else ():
                    self._by_lemma.setdefault(lemma, []).append((w, len(seen)))
        return [self._by_lemma[lemma] for lemma in _lemmas(form) if lemma in self._by_lemma]

    def same_spelling(self, form: str) -> int:
        """Occurrences of the forms of the word spelled as ``form`` is: all forms of it but those that
        are the same modern word spelled otherwise (немедленно for немѣдленно) and those that spell a
        letter of the same stem otherwise, ѣ against е (резерва, резервомъ for рѣзервъ) — evidence for
        the other spelling, not for this one."""
        modern = modernize_word(form)
        return max((sum(n for w, n in forms if w == form or (modernize_word(w) != modern and not _respelled(w, form)))
                    for forms in self._lemma_forms(form)), default=0)

    def stem_spelt(self, form: str, at: int) -> tuple[int, int]:
        """How many times the text prints the stem ``form`` has at ``at`` (an е or ѣ) with е there and with ѣ: counted
        over every word whose stem (the letters each of its dictionary forms shares with it, so no ending) holds the
        same modern letters up to two past ``at`` (``_stem_key``) — any word of one root family and prefix, not one
        dictionary word only (переворачиваютъ counts for перѣворачиваются, представляется for прѣдставится).
        (0, 0) where the letter is not in ``form``'s stem."""
        if self._stem_letters is None:
            self._stem_letters = {}
            for w, seen in self.occurrences.items():
                if ("е" in w or "ѣ" in w) and common(w):
                    for j, ch in enumerate(w):
                        key = _stem_key(w, j) if ch in "еѣ" else ""
                        if key:
                            self._stem_letters.setdefault(key, [0, 0])[ch == "ѣ"] += len(seen)
        key = _stem_key(form, at)
        got = self._stem_letters.get(key) if key else None
        return (got[0], got[1]) if got else (0, 0)

    def respelt_stem(self, form: str, repeats: int = 0) -> str:
        """``form`` with one е of its stem as ѣ or one ѣ as е, where the text prints the forms of the word that
        begin so (that letter and the two after it: the stem, not an ending) in STEM_SPELT places and never as
        ``form`` begins elsewhere (``вѣсь`` where the text prints ``весь`` often; ``сѣбѣ`` where it prints ``себѣ``;
        not ``всѣмъ`` for ``всему``: the letters after differ; not a ѣ that begins an ending of the list, чѣмъ, чемъ); ""
        if there is none, or more than one. ``repeats``: the form itself is printed in that many other places, as
        the OCR repeats one misreading of a frequent word (вѣрхнія twice where верхн- is printed nineteen times):
        the other spelling must then outnumber it, in STEM_SPELT × (1 + 4 × repeats) places (as ``_text_evidence``
        asks of a reading against a word printed elsewhere), and no other form of the word may begin as it does."""
        key = (form, repeats)
        got = self._respelt.get(key)
        if got is None:
            got, found = "", set()
            forms = [f for lemma_forms in self._lemma_forms(form) for f in lemma_forms]
            for i in range(1, len(form) - 2):
                if form[i] not in "еѣ":
                    continue
                other = form[:i] + ("ѣ" if form[i] == "е" else "е") + form[i + 1:]
                yat = form if form[i] == "ѣ" else other
                stripped = yat[:-1] if yat.endswith("ъ") else yat
                if stripped.endswith(("ся", "сь")) and len(stripped) > 4:
                    stripped = stripped[:-2]
                if stripped[i:] in YAT_ENDINGS:
                    continue  # a ѣ-ending tells the forms of a word apart (чѣмъ, чемъ), not its stem's spelling
                here, there = form[:i + 3], other[:i + 3]
                if any(w != form and w.startswith(here) for w, _ in forms):
                    continue
                if sum(n for w, n in dict(forms).items() if w.startswith(there)) >= STEM_SPELT * (1 + 4 * repeats):
                    found.add(other)
            if len(found) == 1:
                got = found.pop()
            self._respelt[key] = got
        return got

    def near_copy(self, form: str, wide: tuple[str, ...], here: tuple[tuple[str, ...], ...] = ()) -> bool:
        """``form`` stands elsewhere between three of the four words ``wide`` has around it (two each side, none of
        the three missing), in a window other than ``wide`` and those of ``here`` (the form's own place): a copy of the passage in another witness where one of
        the words around was misread, in that copy or in this one. An index of every window with each of its four
        places left open, made on first use."""
        if self._near is None:
            self._near = {}
            for w, seen in self.wide.items():
                for ctx in seen:
                    # the places whose three others are all words: every place where all four are, else the one
                    # place left open where three are
                    missing = ctx.count("")
                    for i in (range(4) if not missing else (ctx.index(""),) if missing == 1 else ()):
                        self._near.setdefault((w, i) + ctx[:i] + ctx[i + 1:], set()).add(ctx)
        missing = wide.count("")
        for i in range(4):
            if missing > 1 or missing == 1 and wide[i]:
                continue
            if any(ctx != wide and ctx not in here for ctx in self._near.get((form, i) + wide[:i] + wide[i + 1:], ())):
                return True
        return False

    def support(self, form: str, wide: tuple[str, ...] | None = None) -> int:
        """Distinct occurrences of ``form``; with ``wide``, other than the one there ("" = unknown)."""
        seen = self.occurrences.get(form, ())
        if wide is None:
            return len(seen)
        if "" not in wide:
            return len(seen) - (wide in seen)
        return sum(1 for c in seen if not all(q == "" or q == x for q, x in zip(wide, c)))

    def bigrams(self, form: str, ctx: tuple[str, str]) -> tuple[int, int]:
        seen = self.contexts.get(form, ())
        left = sum(1 for c in seen if c != ctx and ctx[0] and c[0] == ctx[0])
        right = sum(1 for c in seen if c != ctx and ctx[1] and c[1] == ctx[1])
        return left, right


@persistent(star=True)
def _stem_key(form: str, at: int) -> str:
    """The modern letters of ``form`` up to two past ``at`` where they all lie in its stem — the part its modern
    spelling shares with each of its dictionary forms, so that an ending is never taken for the stem (всѣ, все of
    весь; чѣмъ, чемъ of что) — and spell it letter for letter; "" where they do not."""
    modern = modernize_word(form).lower().replace("ё", "е")
    lemmas = _lemmas(form)
    if not lemmas:
        return ""
    stem = min(len(os.path.commonprefix([modern, lemma.replace("ё", "е")])) for lemma in lemmas)
    end = min(at + 3, stem)
    if end < at + 2 or _modern(form[:end]) != modern[:end]:
        return ""
    return modern[:end]


@lru_cache(maxsize=200_000)
def _respelled(a: str, b: str) -> bool:
    """Two forms of one word that spell a letter of their stem otherwise, ѣ against е, where they first
    differ and the same letter follows (резерва and рѣзервъ, верхнюю and вѣрхнія; not полѣ and полей,
    where the ѣ is an ending)."""
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return {x, y} == {"ѣ", "е"} and i + 1 < min(len(a), len(b)) and a[i + 1] == b[i + 1]
    return False


def _window(words: list[str], k: int, width: int) -> tuple[str, ...]:
    before = [words[i] if i >= 0 else "" for i in range(k - width, k)]
    after = [words[i] if i < len(words) else "" for i in range(k + 1, k + 1 + width)]
    return tuple(before + after)


# ---------------------------------------------------------------- the channel the text itself shows

def _op_cost(label: str, sic: str, caps: bool = False) -> float:
    """The hand-set cost of one edit of ``channel``'s path (label, printed letters, letters read)."""
    if label == "substitution":
        return SUB
    if label in {"insertion", "deletion"}:
        return INDEL
    if label.startswith("transposition"):
        extra = label.partition("+")[2]
        return TRANSPOSE + (_op_cost(extra, sic[1:], caps) if extra else 0.0)
    t = label.partition("→")[0]
    table = _BY_OCR_CAPS if caps else _BY_OCR
    return next((c for _, tt, c in table.get(sic, ()) if tt == t), SUB)


PRIOR_SEEN = 1.0  # misprints the hand-set cost of an edit is worth, against the text's own count


def estimate_channel(corpus: "_Corpus") -> dict[str, float]:
    """Costs of the single edits estimated from the text's own misprints (general: the same for every text).

    A pair is a form no dictionary knows (or none spelt so: ``misspelt``) against the one word the text prints in
    NEIGHBOUR_FREQUENT places or more that is one edit of it away (one letter of any kind, or one known confusion): the OCR's misprint of that
    word. Each pair's edit is counted — each confusion apart (``и→н``), and substitution, insertion and deletion
    of any letter as three classes — against how often the text gave it the chance (the letters read that the
    confusion misprints, every letter for a substitution or deletion times the alphabet for a substitution or an
    insertion), in the frequent words' occurrences. The cost of an edit is CONFUSION plus the log of how much
    rarer it is, per chance, than the common confusions (``CONFUSION``) together. Its rate has the hand-set cost,
    read as a rate, for prior, worth PRIOR_SEEN misprints (a gamma prior): an edit the text gave few chances keeps
    about its hand-set cost, one it never shows in many chances costs more, one it shows often less. Empty where
    the text shows no misprint of a common confusion (nothing to price against): the hand-set costs alone."""
    return _prices(*_misprints(corpus))


def _prices(counts: dict[str, float], chances: dict[str, float]) -> dict[str, float]:
    """``estimate_channel``'s costs from its counts and chances."""
    ref = _common_rate(counts, chances)
    if not ref:
        return {}
    hand = {"substitution": SUB, "insertion": INDEL, "deletion": INDEL}
    for o, entries in _BY_OCR.items():
        for _, t, c in entries:
            hand[f"{t}→{o}"] = c
    out = {}
    for lb, n in chances.items():
        prior = ref * math.exp(CONFUSION - hand[lb])  # the rate the hand-set cost stands for
        rate = (counts.get(lb, 0.0) + PRIOR_SEEN) / (n + PRIOR_SEEN / prior)
        out[lb] = CONFUSION + math.log(ref / rate)
    return out


def _common_rate(counts: dict[str, float], chances: dict[str, float]) -> float:
    """How often, per chance, the text misprints a letter by one of the common confusions (``CONFUSION``): the
    reference rate of ``estimate_channel``'s prices; 0 where it shows none."""
    common_labels = [f"{t}→{o}" for o, t, c in SEED_CONFUSIONS if c == CONFUSION]
    seen_common = sum(counts.get(lb, 0.0) for lb in common_labels)
    common_chances = sum(chances[lb] for lb in common_labels)
    return seen_common / common_chances if seen_common and common_chances else 0.0


def _misprints(corpus: "_Corpus") -> tuple[dict[str, float], dict[str, float]]:
    """``estimate_channel``'s counts: each single edit the text's misprints show (by label), and the chances the
    text gave it."""
    frequent = {w: len(seen) for w, seen in corpus.occurrences.items()
                if len(seen) >= NEIGHBOUR_FREQUENT and common(w)}
    counts: dict[str, float] = {}
    # a form two letters longer than every frequent word is no edit of one (an edit or a confusion takes one letter
    # off at most): not looked at, so that a long run of letters costs nothing here (its edits are its length squared)
    longest = max(map(len, frequent), default=0) + 1
    for u, seen in corpus.occurrences.items():
        if len(u) < 3 or len(u) > longest or not u.isalpha() or known(u) and not misspelt(u):
            continue  # (a misprint that morphology's letters hide, ізъ for изъ, is one too)
        truth = {k for k in corpus.frequent_near(u) if k in frequent} | (_seed_edits(u) & frequent.keys())
        if len(truth) != 1:
            continue
        (k,) = truth
        _, ops = channel(u, k)
        if len(ops) != 1 or ops[0][0].startswith("transposition"):
            continue
        label = ops[0][0]
        counts[label] = counts.get(label, 0.0) + 1.0
    letters = sum(len(w) * n for w, n in frequent.items())
    chances: dict[str, float] = {"substitution": letters * (len(ALPHABET) - 1), "deletion": float(letters),
                                 "insertion": float(letters + sum(frequent.values())) * len(ALPHABET)}
    for o, entries in _BY_OCR.items():
        for _, t, _c in entries:
            chances[f"{t}→{o}"] = float(sum(w.count(t) * n for w, n in frequent.items()))
    return counts, chances


# ---------------------------------------------------------------- a word's neighbours in the dictionary
# What ``Corrector._candidates`` takes from the dictionary alone, whatever the text: functions of the printed form,
# the dictionary and this code only (no corpus), so memoized by form and kept in .cache/lexicon/ (``persistent``).

@persistent
def _confusion_words(obs: str) -> tuple[str, ...]:
    """The common words one known confusion away from ``obs`` (sorted)."""
    return tuple(sorted(c for c in _seed_edits(obs) if viable(c) and common(c)))


def _reading(form: str) -> bool:
    """A reading the dictionary offers: a common word that breaks no spelling rule worse than -4."""
    return orthography(form)[0] > -4 and common(form)


@persistent
def _dictionary_words(obs: str) -> tuple[str, ...]:
    """The readings (``_reading``) one or two known confusions or one letter edit away from ``obs`` (sorted)."""
    first = _seed_edits(obs)
    pool = set(first)
    for c in first:
        pool |= _seed_edits(c)
    pool = {c for c in pool if viable(c)} | viable_edits(obs)
    return tuple(sorted(c for c in pool if _reading(c)))


@persistent
def _confusion_and_letter_words(obs: str) -> tuple[str, ...]:
    """The readings one known confusion and one letter substitution away from ``obs`` (sorted)."""
    return tuple(sorted({g for c in _seed_edits(obs) for g in viable_edits(c, subs_only=True) if _reading(g)}))


@persistent
def _near_words(obs: str) -> tuple[str, ...]:
    """The dictionary's forms two letters from ``obs`` (``near_forms``), spelled as ``obs`` would be, that are
    readings and not ``obs`` itself (sorted)."""
    return tuple(sorted({g for m in near_forms(_modern_letters(obs)) if (g := _respelled_as(m, obs)) != obs
                         and _reading(g)}))


@persistent
def _outnumbering_readings(obs: str) -> tuple[tuple[str, bool], ...]:
    """What ``Corrector._outnumbering`` weighs for a real word ``obs``, as far as the dictionary decides it: the common
    words one common known confusion away (``CONFUSION``) that break no spelling rule, are another word (no
    dictionary form shared: not свой for свои) and whose word is as common in Russian as the printed one's, each with
    whether the form itself is (where it is not, only the text's printing it makes it a reading); sorted."""
    common_edits = {obs[:i] + t + obs[i + lo:] for i in range(len(obs)) for lo in (1, 2)
                    for _, t, cost in _BY_OCR.get(obs[i:i + lo], ()) if cost <= CONFUSION}
    return tuple((c, zipf(c) >= zipf(obs)) for c in sorted(common_edits)
                 if c != obs and viable(c) and common(c) and not orthography(c)[0] and not _lemmas(obs) & _lemmas(c)
                 # a word commoner in Russian than the reading is no stranger the text's counts can outvote
                 # (оконъ, of окно, stays in a text that prints окопы often)
                 and word_zipf(c) >= word_zipf(obs))


# ---------------------------------------------------------------- the corrector

@dataclass
class _Cand:
    form: str           # lower case; for a split "a b"
    score: float
    channel: float
    ops: tuple
    evidence: tuple[str, ...]
    kind: str = ""
    priced: float = 0.0  # what the text's own misprints add to ``channel`` (``estimate_channel``): for ranking


class Corrector:
    """Noisy-channel OCR corrector over a corpus of witness paragraphs (see the module docstring)."""

    def __init__(self, corpus: list[str], overrides_path: str | None = None, runs: list[list[str]] | None = None):
        """``corpus``: paragraphs read as one run; or ``runs`` (then ``corpus`` is not read): see ``_Corpus``."""
        runs = [corpus] if runs is None else runs
        tokenized = [[tokens(text) for text in run] for run in runs]  # once for both
        self.corpus = _Corpus(runs, tokenized)
        self.syntax = Syntax([text for run in runs for text in run], [toks for run in tokenized for toks in run])
        self.overrides = self._load_overrides(overrides_path)
        self._cands: dict[str, tuple[str, ...]] = {}
        self._outnumbered: dict[tuple[str, int], tuple[str, ...]] = {}
        misprints = _misprints(self.corpus)
        self.prices = _prices(*misprints)
        # the text's rate of the common confusions, per chance: what ``prices`` are relative to (0: the text shows none)
        self.common_rate = _common_rate(*misprints)

    def _priced(self, cost: float, ops: tuple, caps: bool) -> float:
        """``channel``'s cost with each edit priced as the text's own misprints price it (``estimate_channel``)."""
        if not self.prices:
            return cost
        # against the hand-set cost in lower case: what capitals make closer (Ъ for Ѣ) stays closer by as much
        return cost + sum(self.prices[label] - _op_cost(label, sic) for label, sic, _ in ops if label in self.prices)

    # ---- overrides
    @staticmethod
    def _load_overrides(path: str | None) -> list[dict]:
        if not path or not Path(path).exists():
            return []
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        entries = data["overrides"] if isinstance(data, dict) else data
        for e in entries:
            missing = {"sic", "corr", "reason"} - set(e)
            if missing:
                raise ValueError(f"{path}: override {e!r} lacks {sorted(missing)}; every entry needs sic, corr, reason")
        return entries

    def _override_at(self, text: str, start: int, end: int) -> dict | None:
        for e in self.overrides:
            if text[start:end] != e["sic"]:
                continue
            before, after = e.get("before", ""), e.get("after", "")
            if text[:start].endswith(before) and text[end:].startswith(after):
                return e
        return None

    def _override_spans(self, text: str) -> list[tuple[int, int, dict]]:
        spans = []
        for e in self.overrides:
            for m in regex.finditer(regex.escape(e["sic"]), text):
                if self._override_at(text, m.start(), m.end()) is e:
                    spans.append((m.start(), m.end(), e))
        return spans

    # ---- scores
    def _language(self, form: str, ctx: tuple[str, str], wide: tuple, is_obs: bool,
                  capital: bool = False, clause: tuple[bool, bool] = (False, False),
                  linked: tuple[bool, bool] = (True, True), copy_ok: bool = True) -> tuple[float, list[str]]:
        """``copy_ok``: a reading may take evidence from a copy with three of its four words around the same (not
        where the printed form has such a copy itself); ``clause``: whether nothing but a space stands between the form and each neighbour (a
        subject and its verb are looked for only there); ``linked``: whether no stop, comma, colon, dash or bracket
        does (a preposition or numeral governs a word only across such a gap: ``дамы за двѣнадцать, короли``)."""
        evidence = []
        score = 0.0
        n = self.corpus.support(form, wide if is_obs else None)
        if LEMMA_CORPUS and common(form) and not orthography(form)[0] and not (
                is_obs and self.corpus.support(form) <= 1 and self.corpus.respelt_stem(form)):
            # the text's use of the word, not of this form of it — but a form the text's spelling rules
            # forbid (картам, порядке, тѣъ), or that spells its stem as the text never does where it spells it
            # otherwise (вѣсь where весь is printed often), is no form of a word the text uses
            n = max(n, self.corpus.same_spelling(form) - (self.corpus.support(form) - n))
        word = common(form) or (capital and known(form))  # a name is a word where it has its capital
        if word:
            evidence.append("morphology")
            score += FREQ_W * (zipf(form) - FREQ_FLOOR)
        else:
            score += UNKNOWN if n < UNKNOWN_SEEN else UNKNOWN / 2  # attested elsewhere: likely a word
            if implausible(form):
                score += IMPLAUSIBLE
        if n:
            # a form no dictionary knows is not made a word by repetition: the OCR repeats its misreadings of a
            # frequent word, so past UNKNOWN_CAP places the text's use of it says no more
            score += CORPUS_W * math.log1p(min(n, CORPUS_CAP if word else UNKNOWN_CAP))
            evidence.append(f"corpus:{n}")
        pen, rule = orthography(form)
        score += pen
        if not pen and not is_obs:
            evidence.append("orthography")
        left, right = self.corpus.bigrams(form, ctx)
        if not word:
            left, right = min(left, UNKNOWN_CAP - 1), min(right, UNKNOWN_CAP - 1)
        if left or right:
            score += BIGRAM_W * (math.log1p(left) + math.log1p(right))
            evidence.append("context")
        if not is_obs and wide in self.corpus.wide.get(form, ()):
            score += DUPLICATE  # the same two words either side: a duplicate passage
            evidence.append("duplicate-witness")
        elif not is_obs and copy_ok and len(wide) == 4 and self.corpus.near_copy(form, wide):
            # three of the four: a copy with one word around misread (not where the printed form has one too)
            score += NEAR_DUPLICATE
            evidence.append("duplicate-witness")
        if ((ctx[0] and (_agrees(ctx[0], form) or clause[0] and _subject_agrees(ctx[0], form)))
                or (ctx[1] and (_agrees(form, ctx[1]) or clause[1] and _subject_agrees(form, ctx[1])))):
            score += AGREE
            evidence.append("agreement")
        modal = _after_modal(ctx[0], form) if linked[0] else None
        if modal is True:
            score += GOVERN
            evidence.append("government")
        elif modal is False:
            score -= 2 * GOVERN  # as a numeral's noun in the wrong case
        num = _after_numeral(ctx[0], form) if linked[0] else None
        if num is True:
            score += GOVERN
            evidence.append("government")
        elif num is False:
            score -= 2 * GOVERN
        after_prep = _governs(ctx[0], form) if linked[0] else None
        if after_prep is True:
            score += GOVERN
            evidence.append("government")
        elif after_prep is False:
            # a case morphology reads may be one of several it does not know; a case the spelling tells (SPELT_CASES:
            # при чѣмъ, the instrumental) is certain
            score -= 2 * GOVERN if form in SPELT_CASES else GOVERN
        gov = _governs(form, ctx[1]) if linked[1] else None
        if gov is True:
            score += GOVERN
            evidence.append("government")
        elif gov is False:
            score -= 2 * GOVERN
        return score, evidence

    def _candidates(self, obs: str, real_word: bool) -> tuple[str, ...]:
        key = (obs, real_word)
        if key in self._cands:
            return self._cands[key]
        if real_word:  # one known confusion away and a word of the text (the form, or the word in
            # TEXT_FREQUENT_WORD places: ряды where the text has рядъ, ряда …), or one letter away and frequent in it
            found = {c for c in _confusion_words(obs) if (
                c in self.corpus.contexts or self.corpus.word_support(c) >= TEXT_FREQUENT_WORD)}
            found |= {c for c in self.corpus.frequent_near(obs) if common(c)}
            # a ѣ of the stem the text's own spelling reads as е (``_stem_odds``), whether or not it prints this form
            found |= {c for c in (obs[:i] + "е" + obs[i + 1:] for i, ch in enumerate(obs) if ch == "ѣ")
                      if self._stem_odds(obs, c) >= MISPRINT_ODDS and common(c)}
        else:
            found = set(_dictionary_words(obs))
            # a corpus form that breaks the spelling rules is no reading: it would be corrected in turn
            # (бмрьерамі → барьерамі, itself an OCR form, → барьерами: correcting twice ≠ once)
            found |= {c for c, _, _ in process.extract(obs, self.corpus.vocab, scorer=Levenshtein.distance,
                                                        score_cutoff=2 if len(obs) < 6 else 3, limit=None)
                      if orthography(c)[0] > -4}
        found.discard(obs)
        if not real_word and len(obs) >= 4 and all(channel(obs, c)[0] > 5 for c in found):
            # nothing close: a known confusion and one more letter (вьшуть → вынуть)
            found.update(_confusion_and_letter_words(obs))
            found.discard(obs)
        if not real_word and len(obs) >= NEAR_LENGTH and all(channel(obs, c)[0] > INDEL for c in found):
            # nothing within a letter: the words of the dictionary two letters away
            # (ыарьнжъ → марьяжъ), as the corpus gives them where it has the word — a page alone reads as it would
            # with other pages present
            found.update(_near_words(obs))
        result = tuple(sorted(c for c in found if channel(obs, c)[0] <= MAX_CHANNEL))
        self._cands[key] = result
        return result

    def _splits(self, obs: str, ctx: tuple[str, str], gap_after: str = "",
                linked: tuple[bool, bool] = (True, True)) -> list[_Cand]:
        out = []
        for i in range(1, len(obs)):
            a, b = obs[:i], obs[i:]
            if not (known(a) and known(b)) or orthography(a)[0] or orthography(b)[0]:
                continue
            if (len(a) == 1 and a not in ONE_LETTER_WORDS) or (len(b) == 1 and b not in ONE_LETTER_WORDS):
                continue
            if (not ctx[1] or gap_after.strip()[:1] in set(".,;:!?)»")) and _prep_or_conj(b):
                continue  # "концами и." — a preposition or conjunction ends nothing
            if not (_function(a) or _function(b)):
                continue
            la, _ = self._language(a, (ctx[0], b), (), False, linked=(linked[0], True))
            lb, _ = self._language(b, (a, ctx[1]), (), False, linked=(True, linked[1]))
            out.append(_Cand(a + " " + b, min(la, lb) - SPLIT, SPLIT, (), ("morphology", "split"), "split"))
        return out

    # ---- one paragraph
    def correct(self, text: str) -> tuple[list[Correction], list[Review]]:
        toks = tokens(text)
        words = [k for k, t in enumerate(toks) if t[3]]
        corrections: list[Correction] = []
        reviews: list[Review] = []
        taken: set[int] = set()
        for start, end, e in self._override_spans(text):
            taken.update(range(start, end))
            if e["corr"] != e["sic"]:
                corrections.append(Correction(start, end, e["sic"], e["corr"], e.get("cert", "high"), "override",
                                              (e["reason"],), "override"))
        lower = [toks[k][2].lower() for k in words]
        results: dict[int, Correction | Review] = {}
        for idx, k in enumerate(words):
            if toks[k][0] in taken:
                continue
            join = self._join(toks, k, words, idx)
            if join:
                results[idx] = join
                taken.update(range(join.start, join.end))
                continue
            results[idx] = self._at(toks, words, lower, idx)
        # second pass: what was left open is looked at again with its neighbours corrected
        read = list(lower)
        for idx, r in results.items():
            if _one_word(r):
                read[idx] = r.corr.lower()
        # swept again until no reading changes (a word read in a later sweep is a neighbour of an earlier one:
        # виквь нк, where нк is read не only in the first sweep, after виквь was looked at); each word is looked at
        # again only where its window of words as read differs from the one it was last looked at in, and the sweeps
        # are capped (SWEEPS), so a reading that flips back and forth cannot hold the text
        seen = {idx: lower[max(0, idx - 2):idx + 3] for idx in results}
        for _ in range(SWEEPS):
            changed = False
            for idx, r in list(results.items()):
                window = read[max(0, idx - 2):idx + 3]
                if window == seen[idx]:
                    continue
                seen[idx] = window
                before = read[idx]
                if isinstance(r, Correction):
                    # a reading is read again between its neighbours as read, as a second correcting of the
                    # corrected text would read it (по обыкновънію лежащіб: обыкновѣнію, then обыкновенію by лежащія)
                    if _one_word(r):
                        results[idx] = self._read_through(r, self._at(toks, words, read, idx, lower, r.corr))
                        read[idx] = results[idx].corr.lower()
                else:
                    again = self._at(toks, words, read, idx, lower)
                    if again is not None or isinstance(r, Review):
                        results[idx] = again
                    if _one_word(again):
                        read[idx] = again.corr.lower()  # the words after it are looked at with this reading (иза букота)
                changed |= read[idx] != before
            if not changed:
                break
        for r in results.values():
            if r is None:
                continue
            if isinstance(r, Correction):
                corrections.append(r)
            elif isinstance(r, Review):
                reviews.append(r)
        read_as = {(c.start, c.end): c.corr for c in corrections if " " not in c.corr}
        corrections += [c for c in self._punctuation(text, read_as) if c.start not in taken]
        corrections.sort(key=lambda c: c.start)
        reviews.sort(key=lambda r: r.start)
        return corrections, reviews

    def _at(self, toks, words, lower, idx, printed=None, reading=None):
        """``printed``: the words as printed, where ``lower`` has some of them as read (the second pass);
        ``reading``: the word as read, looked at in place of its print."""
        k = words[idx]
        printed = printed or lower
        here = tuple(printed[i] if 0 <= i < len(printed) else "" for i in (idx - 2, idx - 1, idx + 1, idx + 2))
        start, end, surface, _ = toks[k]
        surface = reading or surface
        p1 = lower[idx - 1] if idx else ""
        n1 = lower[idx + 1] if idx + 1 < len(words) else ""
        p2 = lower[idx - 2] if idx > 1 else ""
        n2 = lower[idx + 2] if idx + 2 < len(words) else ""
        gap_before = toks[k - 1][2] if k else ""
        gap_after = toks[k + 1][2] if k + 1 < len(toks) else ""
        prev_surface = toks[words[idx - 1]][2] if idx else ""
        next_surface = toks[words[idx + 1]][2] if idx + 1 < len(words) else ""
        if (gap_before == "-" and _hyphenated(prev_surface, surface)) or (
                gap_after == "-" and _hyphenated(surface, next_surface)):
            return None  # part of a hyphenated word morphology knows (кто-нибудь, по-русски)
        # the text begins inside a sentence or ends without a stop: a chunk cut there may have cut the word too; a
        # small letter before capitals (пАХЪ) is a capital misread, not the inside of a sentence
        begun = surface[:1].islower() and not surface[1:2].isupper()
        cut = "start" if k == 0 and begun else "end" if k == len(toks) - 1 else ""
        if len(surface) == 1 and idx and idx + 1 < len(words):
            return self._lone_letter(surface, gap_before, gap_after, start, end)
        return self._word(surface, (p1, n1), (p2, p1, n1, n2), gap_before, gap_after, start, end, prev_surface, cut,
                          here)

    @staticmethod
    def _lone_letter(surface: str, gap_before: str, gap_after: str, start: int, end: int):
        """A letter standing alone between two words, that is no word (``н``, ``п``): the OCR of the one
        one-letter word a known confusion gives (``и``)."""
        low = surface.lower()
        if not (gap_before.isspace() and gap_after.isspace()) or low in ONE_LETTER_WORDS or common(low):
            return None
        readings = {t for _, t, _ in _BY_OCR.get(low, ()) if t in ONE_LETTER_WORDS}
        if len(readings) != 1:
            return None
        (reading,) = readings
        return Correction(start, end, surface, _restore_case(surface, reading), "medium", f"{reading}→{low}",
                          ("a letter alone between words", "one-letter words"), "corrector")

    def _skip(self, surface: str, gap_before: str, gap_after: str) -> bool:
        if len(surface) < 2:
            return True
        if _LATIN_NUMERAL.fullmatch(surface):
            return True
        if _MARK.search(surface):
            return True  # stress marks: the print's, not to be read away
        if len(surface) <= 3 and gap_after.startswith(".") and surface[-1].lower() in CONSONANTS:
            return True  # abbreviation: т. д., см., стр.
        if gap_before[-1:].isdigit() or gap_before[-1:].isascii() and gap_before[-1:].isalpha():
            return True  # "3одіакъ": the mechanical layer's business
        if _GLUED_HEADING.search(surface):
            return True  # a glued heading (КАРТЪПравила): the mechanical layer splits it
        return False

    def _word(self, surface, ctx, wide, gap_before, gap_after, start, end, prev_surface="", cut="", here=()):
        found = self._word_once(surface, ctx, wide, gap_before, gap_after, start, end, prev_surface, cut, here)
        if isinstance(found, Correction) and found.kind != "split" and " " not in found.corr:
            # a reading the corrector would read again (an OCR form of the corpus, катггами for
            # катггамр) is read through to the end, so that correcting twice is correcting once
            again = self._word_once(found.corr, ctx, wide, gap_before, gap_after, start, end, prev_surface, cut, here)
            found = self._read_through(found, again)
        return found

    @staticmethod
    def _read_through(found: Correction, again) -> Correction:
        """``found`` read on to ``again``, the correction of its own reading (a single word), if there is one: the
        reading of both, at the lesser certainty of the two."""
        if not isinstance(again, Correction) or " " in again.corr or again.corr == found.corr:
            return found
        return dataclasses.replace(found, corr=again.corr, cert=min(found.cert, again.cert, key=CERTS.index),
                                   kind=found.kind + "+" + again.kind, evidence=found.evidence + again.evidence)

    def _word_once(self, surface, ctx, wide, gap_before, gap_after, start, end, prev_surface="", cut="", here=()):
        """``cut``: "start"/"end" where the word stands at the edge of a text cut off there (see ``_at``); ``here``:
        the words around it as printed."""
        if self._skip(surface, gap_before, gap_after):
            return None
        if len(surface) > longest_word():
            # no word of the lexicon is within two edits of it, nor two words run together: the editors' to read
            return Review(start, end, surface, (), f"{len(surface)} letters: longer than any word of the lexicon")
        obs = surface.lower()
        mixed = _mixed_case(surface)
        capital = surface[:1].isupper()
        obs_known = common(obs) or (capital and known(obs))
        support = self.corpus.support(obs, wide)
        # a word printed elsewhere is a word of the book — but not a finite verb right after a modal word, which
        # takes an infinitive (слѣдуетъ наложитъ: the same word is right elsewhere, wrong here), nor a form in a
        # case the preposition before it does not govern (при чѣмъ: the instrumental, right after съ, wrong here)
        if obs_known and support >= 2 and not orthography(obs)[0] and not (
                support <= REPEAT_MAX and self._outnumbering(obs, support)) and _after_modal(ctx[0], obs) is not False \
                and not (not _BREAK.search(gap_before) and _governs(ctx[0], obs) is False):
            return self._capital(surface, ctx, gap_before, start, end, prev_surface) if not mixed else self._case_only(surface, start, end)
        linked = (not _BREAK.search(gap_before), not _BREAK.search(gap_after))
        real_word = obs_known and not orthography(obs)[0]
        found = self._candidates(obs, real_word)
        if real_word and linked[0] and _after_modal(ctx[0], obs) is False:
            # a finite verb after a modal word: the infinitive one known confusion away is a reading even where the
            # text prints it nowhere else (слѣдуетъ наложитъ → наложить), as the text's use would make it one
            found += tuple(sorted(c for c in _seed_edits(obs) if c not in found and _after_modal(ctx[0], c)
                                  and common(c)))
        if real_word and not mixed and not found:
            # nothing to weigh against a real word (no split is tried for one, no case reading): it stays, as the
            # weighing below would leave it with no reading — the same answer without scoring the printed form
            return self._capital(surface, ctx, gap_before, start, end, prev_surface)
        clause = (gap_before.isspace(), gap_after.isspace())
        around = (gap_class(gap_before) or (word_classes(ctx[0]) if ctx[0] else EDGE),
                  gap_class(gap_after) or (word_classes(ctx[1]) if ctx[1] else EDGE))
        lang_obs, obs_evidence = self._language(obs, ctx, wide, True, capital, clause, linked)
        if mixed:
            lang_obs -= 5.0
        caps = len(surface) > 1 and _restore_case(surface, obs) == obs.upper()
        cands: list[_Cand] = []
        # a real word yields to a copy only where all four words around agree: where one differs, the copy's word
        # may be the misreading (замѣнятъ there, замѣнять here)
        copy_ok = not real_word and not (len(wide) == 4 and self.corpus.near_copy(obs, wide, (here,)))
        for c in found:
            cost, ops = channel(obs, c, caps)
            # which reading: as the text's own misprints price the edits (not for a case misread in a real word, where
            # the case alone is a reading the prices have nothing to say about)
            priced = self._priced(cost, ops, caps) - cost if not (real_word and mixed) else 0.0
            lang, ev = self._language(c, ctx, wide, False, False, clause, linked, copy_ok)
            cands.append(_Cand(c, lang - cost, cost, ops, tuple(ev), priced=priced))
        if real_word and len(wide) == 4 and any("duplicate-witness" in c.evidence for c in cands):
            # the printed form weighed as its copy's reading is, from the same words around and the same counts
            as_copy = self._language(obs, ctx, wide, False, False, clause, linked)[0]
            cands = [self._outvoted(obs, c, wide, as_copy) for c in cands]
        if real_word and support <= REPEAT_MAX:
            cands = [self._text_evidence(obs, c, support, ctx) for c in cands]
        if not real_word:
            # a split puts a space in: priced as the text prices putting a letter in
            extra = self.prices.get("insertion", INDEL) - INDEL
            cands += [dataclasses.replace(c, priced=extra) for c in self._splits(obs, ctx, gap_after, linked)]
        if gap_after.strip()[:1] in set(".!?;:"):  # nothing follows in the sentence: no preposition
            cands = [dataclasses.replace(c, score=c.score - 4.0) if c.form in GOVERNMENT else c for c in cands]
        if mixed and known(obs):
            lang, ev = self._language(obs, ctx, wide, False, False, clause, linked)
            cands.append(_Cand(obs, lang - CASE, CASE, (), tuple(ev), "case"))
        if cut:
            # what is left of a cut word is not completed by invention: a reading is no longer than the form and
            # keeps the letter at the cut (внѵтреннихъ → внутреннихъ, игггы → игры; not перемѣщ → перемѣщу,
            # щаютъ → даютъ)
            edge = 0 if cut == "start" else -1
            kept = [c for c in cands if len(c.form) <= len(obs) and c.form[edge] == obs[edge]]
            if len(kept) < len(cands) and not real_word and not kept:
                return Review(start, end, surface, tuple(_restore_case(surface, c.form) for c in cands[:4]),
                              f"at the {cut} of a text cut off there: the word may be cut")
            cands = kept
        if cands:
            cands, lang_obs = self._syntax(obs, cands, lang_obs, around)
        if not cands:
            if mixed:
                return None
            if not real_word and lang_obs < -4 and (support == 0 or orthography(obs)[0]):
                return Review(start, end, surface, (), self._reason(obs))
            return None if not real_word else self._capital(surface, ctx, gap_before, start, end, prev_surface)
        cands.sort(key=lambda c: (-(c.score - c.priced), c.channel, c.form))
        cands, spelt_as_text = self._spellings(cands)
        best = cands[0]
        # where the text's own spelling told two spellings of one word apart (above), the runner-up is another word
        others = [c for c in cands[1:] if not (spelt_as_text and _same_word(c.form, best.form))]
        delta = best.score - lang_obs
        # which reading: as the text's own misprints price the edits; whether any: as the hand-set costs do
        runner = (best.score - best.priced) - (others[0].score - others[0].priced) if others else math.inf
        # a real word's misprint odds weigh the reading against the printed form already (as delta does): the margin is
        # then the runner-up's alone
        margin = runner if real_word and "misprint-odds" in best.evidence else min(delta, runner)
        cert = _certainty(real_word and not mixed, best, delta, margin, misspelt(obs))
        if cert is None:
            if real_word and not mixed:
                return self._capital(surface, ctx, gap_before, start, end, prev_surface)
            if lang_obs < -4 and not mixed and (support == 0 or orthography(obs)[0]):
                top = tuple(_restore_case(surface, c.form) for c in cands[:4])
                return Review(start, end, surface, top, self._reason(obs) + "; no reading clearly better")
            return self._case_only(surface, start, end) if mixed else None
        corr = _restore_case(surface, best.form)
        if corr.replace("Ѣ", "ѣ") == surface.replace("Ѣ", "ѣ"):
            return None
        variant = modernize_word(obs) == modernize_word(best.form)  # one word spelled two ways (пѣгой, пегой)
        # the words around cannot tell two spellings of one word apart: what speaks for the one speaks for the other
        local = (LOCAL_EVIDENCE & set(best.evidence)) - (set(obs_evidence) if variant else set())
        # the text prints the word as the reading spells it in many places and never as here (рѣзервъ, ѣсли)
        # — in fewer places where the form also puts a ѣ-root's letters where no root begins (валѣта: лѣт of лѣто):
        # two signs of a misprint, each weak
        # — or, where the OCR repeated the misprint, spells its stem otherwise in many times as many places
        spelt = variant and (support == 0 and self.corpus.same_spelling(best.form) >= (
            TEXT_FREQUENT if orthography(obs)[1] == MISPLACED_ROOT else TEXT_FREQUENT_WORD)
            or 0 < support <= REPEAT_MAX and best.form == self.corpus.respelt_stem(obs, support)
            or self._stem_odds(obs, best.form) >= MISPRINT_ODDS)  # … or the odds of its stem's spelling say so
        if cert == "low" and known(obs) and not mixed and not local and not misspelt(obs) and not spelt:
            # a form morphology knows is a word of the book until more than weak evidence speaks against it: at low
            # certainty only the words around it may (agreement, government, neighbours, another witness), and not
            # where the reading is the same word spelled otherwise (пѣгой скатерти agrees as пегой does); the
            # rest of the text (a spelling it uses in a place or two) or a ѣ-rule alone (which may not know the word:
            # разсмотрѣть, пѣгій) leave it to the editors — but not a form no pre-reform word has (ізображенъ, рукѵ),
            # nor one the text spells otherwise wherever else it has the word
            top = tuple(_restore_case(surface, c.form) for c in cands[:4])
            return Review(start, end, surface, top, "a known word; the reading weighed against it is uncertain")
        kind = best.kind or "+".join(dict.fromkeys(label for label, _, _ in best.ops)) or "case"
        if mixed and kind != "case":
            kind = "case+" + kind
        if (corr[:1].lower() != surface[:1].lower() and corr[:1].islower()
                and _SENTENCE_END.search(gap_before)):
            corr = corr[:1].upper() + corr[1:]  # the first letter misread at a sentence start: a capital
        cap = self._capital(corr, ctx, gap_before, start, end, prev_surface)
        if isinstance(cap, Correction):
            corr, kind = cap.corr, kind + "+ф→Ф"
        evidence = (f"score:{delta:.1f}",) + best.evidence
        return Correction(start, end, surface, corr, cert, kind, evidence, "corrector")

    def _spellings(self, cands: list["_Cand"]) -> tuple[list["_Cand"], bool]:
        """The best reading and those within SPELLING_TIE of it that are the same word spelled otherwise (котораго,
        которого; есть, ѣсть): the text's evidence for the word counts both alike (capped), so the one spelled as the
        text prints it in at least two places and twice as often as each other goes first; and whether it did
        (False where there is no such pair, or the text's counts decide nothing)."""
        best = cands[0]
        tied = [c for c in cands if c is best or (c.score >= best.score - SPELLING_TIE and _same_word(c.form, best.form))]
        if len(tied) < 2:
            return cands, False
        counts = {c.form: self.corpus.support(c.form) for c in tied}
        first = max(tied, key=lambda c: counts[c.form])
        if counts[first.form] < 2 or any(counts[c.form] * 2 > counts[first.form] for c in tied if c is not first):
            return cands, False  # a spelling printed in a place or two, or not twice as often, decides nothing
        if first is best:
            return cands, True
        first = dataclasses.replace(first, score=best.score, evidence=first.evidence + ("text-spelling",))
        return [first] + [c for c in cands if c.form != first.form], True

    def _syntax(self, obs: str, cands: list["_Cand"], lang_obs: float, around) -> tuple[list["_Cand"], float]:
        """The word classes of each reading between its neighbours (``pipeline.text.lang.syntax``), as a penalty
        for fitting worse than the best-fitting reading (the printed form among them where morphology
        knows it); ``syntax`` evidence for a reading that fits clearly better than the printed word."""
        fits = {c.form: self.syntax.fit(around[0], word_classes(c.form), around[1])
                for c in cands if " " not in c.form and word_classes(c.form) != UNKNOWN_CLASS}
        obs_fit = (self.syntax.fit(around[0], word_classes(obs), around[1])
                   if word_classes(obs) != UNKNOWN_CLASS else None)
        if not fits:
            return cands, lang_obs
        best = max(list(fits.values()) + ([obs_fit] if obs_fit is not None else []))
        out = []
        for c in cands:
            if c.form in fits:
                ev = c.evidence
                if obs_fit is not None and fits[c.form] - obs_fit >= SYNTAX_EVIDENCE:
                    ev += ("syntax",)
                c = dataclasses.replace(c, score=c.score + SYNTAX_W * (fits[c.form] - best), evidence=ev)
            out.append(c)
        if obs_fit is not None:
            lang_obs += SYNTAX_W * (obs_fit - best)
        return out, lang_obs

    def _text_evidence(self, obs: str, cand: "_Cand", support: int, ctx: tuple[str, str] = ("", "")) -> "_Cand":
        """What the rest of the text says against a real word printed in at most one other place
        (``support``): ``spelling-variant`` — printed nowhere else, the reading is the same modern
        word spelled as the text spells it elsewhere (``немѣдленно`` where the text has
        ``немедленно``); ``text-frequency`` — the printed word is rare in Russian and the reading, one
        known confusion away and commoner in Russian, is a word the text uses far more often
        (``каргой`` → ``картой``; a confusion the OCR repeats on a frequent word can leave the printed
        form in two places, so one other place is allowed against ten times as many)."""
        if cand.channel > INDEL or " " in cand.form:
            return cand
        if cand.form in self._outnumbering(obs, support):
            return dataclasses.replace(cand, score=cand.score + VARIANT,
                                       evidence=cand.evidence + ("text-frequency", "outnumbered"))
        if self._stem_odds(obs, cand.form) >= MISPRINT_ODDS:
            return dataclasses.replace(cand, score=cand.score + VARIANT,
                                       evidence=cand.evidence + ("spelling-variant", "misprint-odds"))
        if not _lemmas(obs) & _lemmas(cand.form) and self._misprint_odds(obs, cand.form, support) >= MISPRINT_ODDS:
            return dataclasses.replace(cand, score=cand.score + VARIANT,
                                       evidence=cand.evidence + ("text-frequency", "misprint-odds"))
        if support > 1:
            return cand
        n = self.corpus.support(cand.form)
        if cand.channel > 2.5:  # one letter of any kind: only against a word the text uses very often
            if (support == 0 and n >= TEXT_FREQUENT_LETTER and zipf(obs) <= FREQ_FLOOR  # the form in no list
                    and word_zipf(cand.form) >= zipf(obs) + 1.0 and not _lemmas(obs) & _lemmas(cand.form)):
                return dataclasses.replace(cand, score=cand.score + VARIANT,
                                           evidence=cand.evidence + ("text-frequency",))
            if (support == 0 and n >= NEIGHBOUR_FREQUENT and word_zipf(cand.form) >= zipf(obs) + 0.5
                    and not _lemmas(obs) & _lemmas(cand.form) and not _function(obs)
                    and self._neighbour(cand.form, ctx) and not any(self.corpus.bigrams(obs, ctx))):
                # context decides: the text prints the reading next to a neighbour, the form next to neither — not
                # where the printed form is a preposition, conjunction or particle, which stands next to anything
                # (подлѣ того, послѣ того)
                return dataclasses.replace(cand, score=cand.score + VARIANT,
                                           evidence=cand.evidence + ("text-frequency", "neighbour"))
            return cand
        if cand.form == self.corpus.respelt_stem(obs, support):
            return dataclasses.replace(cand, score=cand.score + VARIANT, evidence=cand.evidence + ("spelling-variant",))
        if n >= 2 and support == 0 and modernize_word(cand.form) == modernize_word(obs):
            return dataclasses.replace(cand, score=cand.score + VARIANT, evidence=cand.evidence + ("spelling-variant",))
        if (n >= TEXT_FREQUENT * (1 + 4 * support) and word_zipf(obs) <= RARE_ZIPF
                and word_zipf(cand.form) >= word_zipf(obs) + 0.5 and not _lemmas(obs) & _lemmas(cand.form)):
            return dataclasses.replace(cand, score=cand.score + VARIANT, evidence=cand.evidence + ("text-frequency",))
        return cand

    def _misprint_odds(self, obs: str, cand: str, support: int) -> float:
        """log10 of the odds that the real word ``obs``, printed in ``support`` other places, is ``cand`` misprinted:
        a noisy channel, P(cand) × P(the edits | cand) against P(obs). A word's prior is its count in the text with
        the Russian frequency list for prior (a Dirichlet mixture: PRIOR_TOKENS tokens at its Zipf frequency), so a
        word the text uses often is likely whatever Russian at large says, and one it never uses is as likely as
        Russian makes it; the printed word is taken as common as its commonest form (word_zipf: a rare form of a
        common word is no rare word), the reading only as its own form. Each edit's rate is the text's own
        (``estimate_channel``: the common confusions' rate per chance, each edit priced against it), so a listed
        confusion of a frequent word (гакъ for такъ) weighs more than a letter lost (катъ for картъ), and a rare word
        that no likely edit makes of a common one keeps its odds low. -inf where the text shows no misprints to
        measure the rates by."""
        if not self.common_rate:
            return -math.inf
        _, ops = channel(obs, cand)
        edits = sum(self._rate(label, sic) for label, sic, _ in ops)

        def prior(n: int, z: float) -> float:
            return n + PRIOR_TOKENS * 10 ** (z - 9)  # Zipf z: 10^z per 10^9 words

        return math.log10(prior(self.corpus.support(cand), zipf(cand)) / prior(support, word_zipf(obs))) + edits

    def _rate(self, label: str, sic: str) -> float:
        """log10 of how often, per chance, the text misprints so (``_misprint_odds``)."""
        return math.log10(self.common_rate) + (CONFUSION - self.prices.get(label, _op_cost(label, sic))) / math.log(10)

    def _stem_odds(self, obs: str, cand: str) -> float:
        """log10 of the odds that the ѣ of a real word's stem, where the reading ``cand`` has е, is a misprint: the
        text's own spelling of the stem (``stem_spelt``) as two hypotheses — the stem has е, and each print with ѣ is
        a misprint of it, or it has ѣ, and each print with е is one — each print weighed by the text's rate of that
        misprint; the ѣ-root list, where it lets the ѣ stand (a root placed where a root begins), counts as one print
        with ѣ more. So a stem the text prints with е in a few places more than with ѣ has its ѣ read as е (вѣрхнимъ
        where верхн- is printed often, перѣ- where пере- is), one it prints alike both ways or not at all keeps the ѣ.
        -inf where ``cand`` is not ``obs`` with one ѣ of the stem as е, or the text shows no misprints."""
        if not self.common_rate or len(obs) != len(cand):
            return -math.inf
        diff = [i for i, (a, b) in enumerate(zip(obs, cand)) if a != b]
        if len(diff) != 1 or (obs[diff[0]], cand[diff[0]]) != ("ѣ", "е"):
            return -math.inf
        with_e, with_yat = self.corpus.stem_spelt(obs, diff[0])
        if not with_yat:
            return -math.inf
        listed = _yat_ok(obs)[1]  # the root list lets this ѣ stand where it is
        return (with_yat + listed) * self._rate("е→ѣ", "ѣ") - with_e * self._rate("ѣ→е", "е")

    def _outvoted(self, obs: str, cand: "_Cand", wide: tuple[str, ...], as_copy: float) -> "_Cand":
        """A real word against the reading a copy of the passage prints in its place. Two copies that differ in
        a word that is a word either way say the same for each (замѣнятъ in one, замѣнять in the other: each would
        yield to the other, and one of them is then damaged), so the copy is a witness only where more copies
        print the reading than the form, or where the reading is the better word here: its language score above
        the form's weighed the same way (``as_copy``: each a copy's word, with the same words around and its own
        copy counted), so that of two copies at most one yields, the worse."""
        if "duplicate-witness" not in cand.evidence or wide not in self.corpus.wide.get(cand.form, ()):
            return cand
        if self.corpus.copies.get((cand.form, wide), 0) > self.corpus.copies.get((obs, wide), 0):
            return cand
        if cand.score + cand.channel > as_copy:
            return cand
        return dataclasses.replace(cand, score=cand.score - DUPLICATE,
                                   evidence=tuple(e for e in cand.evidence if e != "duplicate-witness"))

    def _neighbour(self, form: str, ctx: tuple[str, str]) -> bool:
        """The text prints ``form`` next to a neighbour of this place. A preposition, conjunction or particle
        stands next to anything, so for one it takes more: a preposition that governs the case of the word after it,
        the pair printed in FUNCTION_NEIGHBOUR places (Пни раскладкѣ → При раскладкѣ, where the text prints при
        раскладкѣ twice); a conjunction or particle, which governs nothing, never (колодѣ катъ и: какъ и is printed
        everywhere)."""
        left, right = self.corpus.bigrams(form, ctx)
        if not _function(form):
            return bool(left or right)
        return right >= FUNCTION_NEIGHBOUR and _governs(form, ctx[1]) is True

    def _outnumbering(self, obs: str, support: int) -> tuple[str, ...]:
        """The readings that outnumber a real word printed in ``support`` other places: one common known confusion
        away (``CONFUSION``), printed in the text (or commoner in Russian), another word (no dictionary form shared:
        not свой for свои), at least as common in Russian as the printed word, its word (any form) printed in
        OUTNUMBER times as many places as the printed word's (``каргу`` in a text that prints карту, карты … two hundred times; ``ивъ`` three times where the text has
        ``изъ`` eighty times: the OCR repeats its confusion on a frequent word)."""
        key = (obs, support)
        got = self._outnumbered.get(key)
        if got is None:
            near = [c for c, commoner in _outnumbering_readings(obs) if commoner or c in self.corpus.contexts]
            # the word, not the form: any form of each (тему is printed nowhere else, тому once, тотъ, того … often)
            used = max(support, self.corpus.word_support(obs) - 1) if near else 0
            got = tuple(sorted(c for c in near if self.corpus.word_support(c) >= OUTNUMBER * (1 + used)))
            self._outnumbered[key] = got
        return got

    @staticmethod
    def _reason(obs: str) -> str:
        parts = []
        if not known(obs):
            parts.append("unknown to morphology")
        rule = orthography(obs)[1]
        if rule:
            parts.append(rule)
        return ", ".join(parts) or "doubtful"

    def _case_only(self, surface, start, end):
        corr = _restore_case(surface, surface.lower())
        if corr == surface or not known(surface.lower()):
            return None
        return Correction(start, end, surface, corr, "medium", "case", ("mixed case",), "corrector")

    def _capital(self, surface, ctx, gap_before, start, end, prev_surface=""):
        """A capital inside a sentence (``Фигурами`` after a comma) where the lower-case word is usual."""
        if not (surface[:1].isupper() and surface[1:].islower() and ctx[0]):
            return None
        if gap_before.strip() not in {"", ",", ";"} or not any(ch.islower() for ch in prev_surface):
            return None
        low = surface.lower()
        if not known(low) or _maybe_name(low):
            return None
        lower_seen = low in self.corpus.contexts
        if surface[0] in "Ф":
            return Correction(start, end, surface, low, "high" if lower_seen else "medium", "ф→Ф",
                              ("capital inside a sentence", "morphology"), "corrector")
        return Review(start, end, surface, (low,), "capital inside a sentence")

    def _join(self, toks, k, words, idx):
        """``пере-кладывать``: a word split by a stray hyphen (parts not words, the whole one is)."""
        if idx + 1 >= len(words) or words[idx + 1] != k + 2:
            return None
        gap = toks[k + 1][2]
        if not _STRAY_HYPHEN.fullmatch(gap):
            return None
        a, b = toks[k][2], toks[k + 2][2]
        if not b[:1].islower() or len(a) < 2:
            return None
        al, bl = a.lower(), b.lower()
        joined = al + bl
        if not known(joined) or orthography(joined)[0]:
            return None
        if _hyphenated(al, bl):
            return None  # a hyphenated word (кто-нибудь, по-русски)
        parts_ok = all(known(x) and not orthography(x)[0] for x in (al, bl))
        if parts_ok and zipf(joined) < min(zipf(al), zipf(bl)):
            return None  # two words with a hyphen (то-есть), the joined form a rare one
        start, end = toks[k][0], toks[k + 2][1]
        return Correction(start, end, a + gap + b, _restore_case(a, joined), "low" if parts_ok else "medium",
                          "join", ("morphology", "stray hyphen"), "corrector")

    def _punctuation(self, text: str, read_as: dict | None = None) -> list[Correction]:
        """Full stops inside a sentence: between two words the lexicon knows (as the words are read,
        ``read_as``: (start, end) → reading), the second in lower case."""
        out = []
        read_as = read_as or {}

        def words_ok(m) -> bool:
            before = read_as.get(m.span(1), m.group(1))
            after = read_as.get(m.span(2), m.group(2))
            if not after[:1].islower():
                return False
            b = before.lower()
            return (len(before) > 2 and not before.isupper() and known(b) and not orthography(b)[0]
                    and known(after.lower()) and not orthography(after.lower())[0])

        # "чемъ.карты": a full stop with no space before a lower-case word — a space misread
        for m in regex.finditer(r"(\p{L}+)\.(\p{Ll}\p{L}+)", text):
            if words_ok(m):
                out.append(Correction(m.end(1), m.end(1) + 1, ".", " ", "medium", "punctuation",
                                      ("full stop inside a sentence",), "corrector"))
        # "двойки,. на": a stray full stop after a comma
        for m in regex.finditer(r"(?<=,)\.(?=\s)", text):
            out.append(Correction(m.start(), m.end(), ".", "", "medium", "punctuation",
                                  ("stray full stop after a comma",), "corrector"))
        # "рядъ картъ. кончающихся": a comma read as a full stop before a lower-case word
        for m in regex.finditer(r"(\p{L}+)\. (\p{Ll}\p{L}+)", text):
            if words_ok(m):
                out.append(Correction(m.end(1), m.end(1) + 1, ".", ",", "medium", ",→.",
                                      ("full stop before a lower-case word",), "corrector"))
        return out


# ---------------------------------------------------------------- the stage

def body_start(p: Passage) -> int:
    """Where the running text of a passage begins: after a rule's number (``IV. ``, ``p.lead``, which *structure*
    sets), else at 0 — the number is structure's, not a word to correct or respell."""
    return p.lead


def units(doc: Document) -> list[Passage]:
    """Every passage the edition prints: the chapters' in book order, then the notes' by number."""
    return [p for ch in doc.chapters for p in ch.passages] + [doc.notes[n].passage for n in sorted(doc.notes)]


def corpus_runs(doc: Document) -> list[list[str]]:
    """The corrector's corpus as runs of paragraphs (``_Corpus``): the passages the edition prints in book order
    (``units``: a passage duplicated in several witnesses once, in its place between its neighbours), then, each a
    run of its own and in the order of their texts, the blocks whose text no passage holds whole: a copy the OCR
    read otherwise, whose words are evidence too. A copy whose text a passage holds — the same, or cut off where the
    scrape cut its chunk — adds nothing, and counting it would make the evidence depend on where the chunks were
    cut and how often a paragraph was scraped (the edition must not)."""
    book = [p.text for p in units(doc)]
    held = set(book)
    whole = "\n".join(book)
    copies = sorted({b.text for b in doc.blocks if b.text not in held and b.text not in whole})
    return [book] + [[text] for text in copies]


def correct(doc: Document, overrides_path: str | None = None, jobs: int | None = None) -> Document:
    """Stage *correct*: each passage's OCR corrections and reviews, on the passage, with their witness span.

    The corpus is every passage and every copy read otherwise (its evidence: ``corpus_runs``); a passage's running
    text is corrected once per distinct text (a heading repeated before each chapter reads alike everywhere), offsets
    into ``passage.text``; ``jobs``: processes to correct them in (``pipeline.text.forked``; default: two where a
    second CPU is idle)."""
    corrector = Corrector([], overrides_path=overrides_path, runs=corpus_runs(doc))
    texts = list(dict.fromkeys(p.text[body_start(p):] for p in units(doc)))
    # each text's answer depends on the corrector as built and the text alone (what correcting adds to the corrector
    # is memos by word form): the texts may be corrected in two processes, the answers the same
    kept = lexicon_cache.ANSWERS
    mark = kept.mark()
    seen = dict(zip(texts, forked_map(corrector.correct, texts, weight=len, jobs=jobs,
                                      carry=(lambda: kept.since(mark), kept.absorb))))
    for p in units(doc):
        at = body_start(p)
        text = p.text[at:]
        found, review = seen[text]
        p.corrections = [dataclasses.replace(
            c, start=c.start + at, end=c.end + at, witness=p.locate(c.start + at, c.end + at),
            context=text[max(0, c.start - 30):c.end + 30]) for c in found]
        p.reviews = [dataclasses.replace(
            r, start=r.start + at, end=r.end + at, witness=p.locate(r.start + at, r.end + at),
            context=text[max(0, r.start - 30):r.end + 30]) for r in review]
    return doc
