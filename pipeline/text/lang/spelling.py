"""Pre-reform (pre-1918) Russian spelling → the 1918 spelling, and the word tokenizer both share.

API used by the pipeline:

``tokens(text) -> list[(start, end, surface, is_word)]``
    Splits ``text`` into runs of letters (words, ``is_word=True``) and everything between them
    (``is_word=False``: spaces, punctuation, digits, hyphens).  The surfaces concatenate back to
    ``text`` exactly and the offsets index into it.  A hyphen always separates words
    (``то-есть`` is three tokens), so compounds are modernized part by part.

``modernize_word(word) -> str``
    One pre-reform word form in the 1918 spelling:

    * letters: ``ѣ``→``е``, ``і``→``и``, ``ѳ``→``ф``, ``ѵ``→``и``;
    * the final hard sign is dropped (``изъ``→``из``); inside a word it stays (``объявить``);
    * ``-аго``/``-яго`` → ``-ого``/``-его`` only where morphology (pymorphy3, on the modern
      candidate) says the result is an adjective, participle, pronoun or numeral in the genitive or
      accusative (``краснаго``→``красного``, ``третьяго``→``третьего``, ``большаго``→``большого``,
      ``лучшаго``→``лучшего``; ``благо`` stays);
    * ``-ыя``/``-ія`` → ``-ые``/``-ие`` only for plural adjectives and participles
      (``свободныя``→``свободные``, ``лежащія``→``лежащие``; nouns ``армія``, ``основанія`` keep
      ``-ия``); also with reflexive ``-ся``;
    * ``онѣ``/``однѣ``/``однѣхъ``… → ``они``/``одни``/``одних``…, ``ея``→``её``, ``нея``→``неё``;
    * the prefixes ``из-``/``раз-``/``без-``/``воз-``/``низ-``/``чрез-`` become ``ис-``/``рас-``/
      ``бес-``/``вос-``/``нис-``/``черес-`` before a voiceless consonant when morphology knows the
      result and not the unchanged form (``разсматривать``→``рассматривать``; ``низкій``→``низкий``);
    * capitalisation is kept (``ШАХЪ``→``ШАХ``, ``Ея``→``Её``).

``modernize(text) -> str``
    The whole text, each word through ``modernize_word``; everything else untouched.

``spellings(text)`` / ``spell(doc)``
    The words whose 1918 spelling differs, as records with their offsets; the stage *spelling* puts them on the
    document model, where emitting reads them.

Morphology: one ``pymorphy3.MorphAnalyzer`` for the process (``morph()``), lookups cached.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import regex

from pipeline.text.lang.lexicon.cache import persistent

__all__ = ["tokens", "modernize_word", "modernize", "spellings", "spell", "morph", "is_known", "parses", "near_forms"]

_WORD = regex.compile(r"[\p{L}\p{M}]+")

LETTERS = str.maketrans({"ѣ": "е", "Ѣ": "Е", "і": "и", "І": "И", "ѳ": "ф", "Ѳ": "Ф", "ѵ": "и", "Ѵ": "И"})
VOICELESS = set("кпстфхцчшщ")
SIBILANTS = set("жшчщц")
SPECIAL = {
    "онѣ": "они", "однѣ": "одни", "однѣхъ": "одних", "однѣмъ": "одним", "однѣми": "одними",
    "ея": "её", "нея": "неё",
}
PREFIXES = (("чрез", "черес"), ("раз", "рас"), ("без", "бес"), ("воз", "вос"), ("низ", "нис"), ("из", "ис"))
# Prefixes that can stand before the ones above (не-изсякаемый, пред-разсудокъ, …).
OUTER = ("", "не", "по", "пред", "без", "со", "на", "при", "небез")
ADJ_POS = {"ADJF", "PRTF", "NUMR", "NPRO"}


DICT_PATH_ENV = "PYMORPHY2_DICT_PATH"  # pymorphy3.MorphAnalyzer.DICT_PATH_ENV_VARIABLE: another dictionary's folder


def dictionary_path() -> str:
    """The folder of the morphology dictionary ``morph()`` reads: the one pymorphy3's environment variable names,
    else the installed Russian dictionary's (found without importing pymorphy3)."""
    import os

    if DICT_PATH_ENV in os.environ:
        return os.environ[DICT_PATH_ENV]
    import pymorphy3_dicts_ru

    return pymorphy3_dicts_ru.get_path()


@lru_cache(maxsize=1)
def morph():
    """The one MorphAnalyzer of the process (loading it takes a moment)."""
    import os

    import pymorphy3

    # the dictionary that MorphAnalyzer() finds (through the installed packages' entry points, or the environment
    # variable), named directly: the scan of every installed package's metadata took longer than loading the
    # dictionary itself; the language is the dictionary's own where the environment names it
    analyzer = pymorphy3.MorphAnalyzer(path=dictionary_path(), lang=None if DICT_PATH_ENV in os.environ else "ru")
    # tag.POS, tag.case … as plain strings, not checked against the grammemes of their kind when compared (pymorphy3's
    # switch for it, "about 2x faster"; the check only raises on a grammeme name misspelt in the code)
    analyzer.TagClass.typed_grammemes = False
    return analyzer


@lru_cache(maxsize=200_000)
def is_known(modern_word: str) -> bool:
    """Whether pymorphy3's dictionary has this (modern-spelling, any case) word form."""
    w = modern_word.lower()
    return bool(w) and morph().word_is_known(w)


@lru_cache(maxsize=200_000)
def parses(modern_word: str) -> tuple:
    """pymorphy3 parses of a dictionary word form, () if it is not in the dictionary."""
    w = modern_word.lower()
    if not is_known(w):
        return ()
    return tuple(p for p in morph().parse(w) if is_known(p.word))  # p.is_known, memoized by form


_PREFIX_NODES: dict[str, tuple[int, ...]] = {}


def is_prefix(modern_prefix: str) -> bool:
    """Whether some word form of pymorphy3's dictionary begins with ``modern_prefix`` (lower case; an е may be a ё,
    as for ``is_known``): a cheap, sound test before ``is_known`` (False ⇒ no form is known). The compiled DAWG's
    prefix test where pymorphy3 reads its dictionary so, else a walk down the DAWG, memoized by prefix, so that the
    candidates of a word that share a beginning share its walk."""
    if not modern_prefix:
        return True
    has = _has_prefix()
    if has is not None:  # the compiled DAWG's own prefix test, each е read as е or ё
        if has(modern_prefix):
            return True
        parts = modern_prefix.split("е")
        if len(parts) == 1:
            return False
        # the readings of the е one after another, a beginning kept only while the dictionary has it
        live = [parts[0]] if has(parts[0]) else []
        for part in parts[1:]:
            live = [c for b in live for c in (b + "е" + part, b + "ё" + part) if has(c)]
            if not live:
                return False
        return True
    return bool(_prefix_nodes(modern_prefix))


@lru_cache(maxsize=1)
def _has_prefix():
    """The compiled DAWG's ``has_keys_with_prefix`` of the dictionary's words, where pymorphy3 reads them so; else
    None (DAWG2-Python's is slower than the memoized walk)."""
    from pymorphy3.dawg import EXTENSION_AVAILABLE

    return morph().dictionary.words.has_keys_with_prefix if EXTENSION_AVAILABLE else None


_NEXT: dict[int, int] = {}  # (place << 16 | letter) → the place it leads to, -1 for none


def _follow(i: int, ch: str) -> int:
    """The place of the dictionary's DAWG that place ``i`` leads to through the letter ``ch`` (-1: none), memoized:
    the edits of a word walk the same stretches of the DAWG over and over, and a walk letter by letter in
    pure Python (two UTF-8 bytes a Cyrillic letter) costs far more than a look-up."""
    k = i << 16 | ord(ch)
    j = _NEXT.get(k)
    if j is None:
        j = i
        units = _units()
        for label in ch.encode("utf-8"):  # dawg_python's Dictionary.follow_char, inlined
            base = units[j]
            nxt = (j ^ ((base >> 10) << ((base & _EXTENSION_BIT) >> 6)) ^ label) & _MASK
            if units[nxt] & _LABEL_BITS != label:
                j = -1
                break
            j = nxt
        if len(_NEXT) > 2_000_000:
            _NEXT.clear()
        _NEXT[k] = j
    return j


_MASK, _EXTENSION_BIT, _LABEL_BITS = 0xFFFFFFFF, 1 << 9, 1 << 31 | 0xFF  # dawg_python.units


@lru_cache(maxsize=1)
def _words_dawg():
    """The dictionary's word DAWG as DAWG2-Python reads it (its unit array and guide are walked here): pymorphy3's
    own where it reads its dictionary with DAWG2-Python, else (with the compiled ``dawg`` module, whose look-ups
    are faster but whose internals are not Python's) the same file read again by DAWG2-Python."""
    words = morph().dictionary.words
    if hasattr(words, "dct") and hasattr(words, "guide"):
        return words
    import dawg_python

    return dawg_python.RecordDAWG(words.DATA_FORMAT).load(str(Path(morph().dictionary.path) / "words.dawg"))


@lru_cache(maxsize=1)
def _units():
    """The unit array of the dictionary's word DAWG (dawg_python's ``Dictionary._units``)."""
    return _words_dawg().dct._units


def step(nodes: tuple[int, ...], ch: str) -> tuple[int, ...]:
    """The places ``nodes`` lead to through the letter ``ch`` (an е also through ё)."""
    if len(nodes) == 1 and ch != "е":  # the common case, without a generator
        j = _NEXT.get(nodes[0] << 16 | ord(ch))
        if j is None:
            j = _follow(nodes[0], ch)
        return (j,) if j >= 0 else ()
    return tuple(j for c in ((ch, "ё") if ch == "е" else (ch,)) for i in nodes if (j := _follow(i, c)) >= 0)


def walk(nodes: tuple[int, ...], rest: str) -> bool:
    """Whether the dictionary continues from ``nodes`` (``prefix_nodes`` of some prefix) through ``rest``."""
    for ch in rest:
        if len(nodes) == 1 and ch != "е":  # the common case, without building tuples
            j = _NEXT.get(nodes[0] << 16 | ord(ch))  # _follow's memo, looked up here first
            if j is None:
                j = _follow(nodes[0], ch)
            if j < 0:
                return False
            nodes = (j,)
            continue
        nodes = step(nodes, ch)
        if not nodes:
            return False
    return True


_LETTERS_AFTER: dict[tuple[int, ...], frozenset[str]] = {}


def letters_after(nodes: tuple[int, ...]) -> frozenset[str]:
    """The letters (ё as е) with which the dictionary continues from ``nodes``: ``step(nodes, ch)`` is not empty
    exactly for these. Cached."""
    got = _LETTERS_AFTER.get(nodes)
    if got is None:
        got = frozenset(ch for i in nodes for ch, _ in _char_children(i) if ch)
        if len(_LETTERS_AFTER) > 200_000:
            _LETTERS_AFTER.clear()
        _LETTERS_AFTER[nodes] = got
    return got


def prefix_nodes(prefix: str) -> tuple[int, ...]:
    """The places in the dictionary's DAWG that ``prefix`` leads to (none: no word begins so)."""
    return _prefix_nodes(prefix) if prefix else (0,)


def _prefix_nodes(prefix: str) -> tuple[int, ...]:
    got = _PREFIX_NODES.get(prefix)
    if got is None:
        parent = _prefix_nodes(prefix[:-1]) if len(prefix) > 1 else (0,)
        got = step(parent, prefix[-1])
        if len(_PREFIX_NODES) > 1_000_000:
            _PREFIX_NODES.clear()
        _PREFIX_NODES[prefix] = got
    return got


_CHILDREN: dict[int, tuple[tuple[str, int], ...]] = {}
_END = 1  # the byte pymorphy3's DAWG puts between a word form and its data: a word ends where it follows


def _char_children(index: int) -> tuple[tuple[str, int], ...]:
    """The letters the dictionary's DAWG continues with from ``index``, each with the place it leads to (through the
    DAWG's guide, so only the letters that are there are tried; ё given as е, as ``is_known`` reads it); ("", place)
    where a word form ends. Cached."""
    got = _CHILDREN.get(index)
    if got is not None:
        return got
    words = _words_dawg()
    follow, child, sibling = words.dct.follow_char, words.guide.child, words.guide.sibling
    out = []
    label = child(index)
    while label:
        nxt = follow(label, index)
        if nxt is None:
            break
        if label == _END:
            out.append(("", nxt))
        elif label < 0x80:
            out.append((chr(label), nxt))
        elif label in (0xD0, 0xD1):  # a Cyrillic letter: two bytes
            low = child(nxt)
            while low:
                there = follow(low, nxt)
                if there is None:
                    break
                out.append((bytes((label, low)).decode("utf-8").replace("ё", "е"), there))  # ё read as е
                low = sibling(there)
        label = sibling(nxt)
    if len(_CHILDREN) > 500_000:
        _CHILDREN.clear()
    _CHILDREN[index] = got = tuple(out)
    return got


NEAR_VISITS = 40_000  # the most places of the DAWG one look-up of near_forms may visit


def near_forms(word: str, k: int = 2) -> tuple[str, ...]:
    """The word forms of pymorphy3's dictionary within ``k`` letter edits (Levenshtein) of ``word`` (modern letters,
    lower case) that make at most one of them in its first half — a walk down the dictionary's DAWG keeping the edit
    distance of each prefix (a Levenshtein automaton), so that only beginnings that can still come within ``k`` are
    followed; what has two edits in the first half is not found. Bounded: at most NEAR_VISITS places are visited
    (then what was found so far is returned), the same for the same word."""
    n = len(word)
    half = (n + 1) // 2
    found: set[str] = set()
    # the rows of the edit distances are kept only up to k + 1 (a greater distance decides nothing that k + 1 does
    # not), and so only across the band of the prefix's length ± k: a cell further off is more than k
    over = k + 1
    stack = [(0, "", [min(j, over) for j in range(n + 1)])]
    visits = 0
    while stack and visits < NEAR_VISITS:
        index, prefix, row = stack.pop()
        length = len(prefix) + 1
        limit = 1 if length <= half else k
        lo, hi = max(1, length - k), min(n, length + k)
        for ch, nxt in _char_children(index):
            if not ch:
                if prefix and row[n] <= k:
                    found.add(prefix)
                continue
            visits += 1
            new = [over] * (n + 1)
            least = new[0] = length if length < over else over
            left = new[lo - 1]
            for j in range(lo, hi + 1):
                v = row[j - 1] + (word[j - 1] != ch)
                if row[j] + 1 < v:
                    v = row[j] + 1
                if left + 1 < v:
                    v = left + 1
                if v > over:
                    v = over
                new[j] = left = v
                if v < least:
                    least = v
            if least <= limit:
                stack.append((nxt, prefix + ch, new))
    return tuple(sorted(found))


def tokens(text: str) -> list[tuple[int, int, str, bool]]:
    """Words and the gaps between them; ``"".join(t[2] for t in tokens(s)) == s``."""
    out: list[tuple[int, int, str, bool]] = []
    pos = 0
    for m in _WORD.finditer(text):
        if m.start() > pos:
            out.append((pos, m.start(), text[pos:m.start()], False))
        out.append((m.start(), m.end(), m.group(), True))
        pos = m.end()
    if pos < len(text):
        out.append((pos, len(text), text[pos:], False))
    return out


def _adjectival(word: str, cases: set[str], plural: bool) -> bool:
    for p in parses(word):
        if p.tag.POS in ADJ_POS and p.tag.case in cases and (not plural or p.tag.number == "plur"):
            return True
    return False


def _split_reflexive(w: str) -> tuple[str, str]:
    return (w[:-2], w[-2:]) if len(w) > 4 and w.endswith(("ся", "сь")) else (w, "")


def _ending(base: str) -> str:
    """-аго/-яго and -ыя/-ия endings, decided by morphology of the modern candidate."""
    stem, refl = _split_reflexive(base)
    if stem.endswith(("аго", "яго")) and len(stem) > 3:
        root = stem[:-3]
        if stem.endswith("яго"):
            options = [root + "его"]
        elif root and root[-1] in SIBILANTS:
            # stressed ending (большой → большого) or not (лучший → лучшего)
            options = [root + "ого", root + "его"] if is_known(root + "ой") else [root + "его", root + "ого"]
        else:
            options = [root + "ого"]
        for opt in options:
            if _adjectival(opt + refl, {"gent", "accs"}, plural=False):
                return opt + refl
        if is_known(base):
            return base
        for opt in options:  # unknown stems (rare adjectives): the regular ending
            if not refl and not any(p.tag.POS == "NOUN" for p in morph().parse(opt)[:1]):
                return opt + refl
        return base
    if stem.endswith(("ыя", "ия")) and len(stem) > 3:
        cand = stem[:-1] + "е" + refl
        if _adjectival(cand, {"nomn", "accs"}, plural=True) and not any(
                p.tag.POS == "NOUN" for p in parses(base)):
            return cand
        if not is_known(base) and not is_known(cand):
            guess = morph().parse(cand)[0]
            if guess.tag.POS in {"ADJF", "PRTF"} and not any(p.tag.POS == "NOUN" for p in morph().parse(base)[:1]):
                return cand
    return base


def _prefix(base: str) -> str:
    if is_known(base):
        return base
    for outer in OUTER:
        if not base.startswith(outer):
            continue
        rest = base[len(outer):]
        for old, new in PREFIXES:
            if rest.startswith(old) and len(rest) > len(old) + 1 and rest[len(old)] in VOICELESS:
                cand = outer + new + rest[len(old):]
                if is_known(cand):
                    return cand
                if old == "чрез":
                    cand = outer + "чрес" + rest[len(old):]
                    if is_known(cand):
                        return cand
    return base


def _restore_case(orig: str, new: str) -> str:
    letters = [c for c in orig if c.isalpha()]
    if not letters or orig.islower():
        return new
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return new.upper()
    if orig[0].isupper() and orig[1:].islower():
        return new[:1].upper() + new[1:]
    # mixed case: copy it position by position where the lengths allow
    return "".join(n.upper() if i < len(orig) and orig[i].isupper() else n for i, n in enumerate(new))


@persistent
def modernize_word(word: str) -> str:
    """One pre-reform word form in the 1918 spelling (see the module docstring)."""
    if not word:
        return word
    low = word.lower()
    if low in SPECIAL:
        return _restore_case(word, SPECIAL[low])
    base = low.translate(LETTERS)
    if len(base) > 1 and base.endswith("ъ"):
        base = base[:-1]
    if not any(c in low for c in "ѣіѳѵъ") and is_known(base):
        return word  # already modern (or a word both spellings share)
    new = _prefix(_ending(base))
    return _restore_case(word, new)


def spellings(text: str, start: int = 0, end: int | None = None) -> list:
    """The words of ``text[start:end]`` whose 1918 spelling differs, as :class:`~pipeline.text.model.Spelling`
    records (offsets into ``text``)."""
    from pipeline.text.model import Spelling

    end = len(text) if end is None else end
    out = []
    for a, b, surface, is_word in tokens(text[start:end]):
        if is_word and (reg := modernize_word(surface)) != surface:
            out.append(Spelling(start + a, start + b, surface, reg))
    return out


def spell(doc):
    """Stage *spelling*: every printed word's 1918 spelling, on the model — on the passage for the words the
    corrector left, on the correction for the words of its reading, on the chapter for a title the editors supply.

    It runs after *correct*: a word is respelled as the edition reads it, and the text between corrections is
    tokenized piece by piece as emitting puts it out (corrections begin and end at word boundaries, so the pieces
    hold the same words as the whole)."""
    import dataclasses

    from pipeline.text.lang.correct import body_start, units

    for p in units(doc):
        pos, found = body_start(p), []
        corrections = sorted((c for c in p.corrections if c.start >= pos), key=lambda c: c.start)
        for c in corrections:
            found += spellings(p.text, pos, c.start)
            pos = c.end
        found += spellings(p.text, pos)
        p.spellings = found
        p.corrections = [dataclasses.replace(c, spellings=tuple(spellings(c.corr))) for c in corrections]
        for v in p.variants:
            for r in v.readings:
                r.spellings = spellings(r.text)
    for ch in doc.chapters:
        ch.title_spellings = spellings(ch.supplied_title) if ch.supplied_title else []
    return doc


def modernize(text: str) -> str:
    """The whole text in the 1918 spelling; everything but words is left as it is."""
    return "".join(modernize_word(s) if w else s for _, _, s, w in tokens(text))
