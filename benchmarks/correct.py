"""Synthetic-noise benchmark of the OCR corrector (``python benchmarks/correct.py [--seed N] [--rate R]``).

Clean pre-reform text — the witnesses as the corrector reads them (its own corrections applied) and
text generated from pymorphy3 word forms put into the pre-reform spelling (``prereform_forms``) — gets
OCR errors injected at random: the confusions of ``SEED_CONFUSIONS`` run backwards (a reading
printed as its OCR form), and one in five a random letter substituted, inserted or deleted.  The
corrector, given the noisy text as its corpus, then corrects it.  Printed:

* fixed — injected errors whose correction gives back the clean word, of all injected and of those
  that are not themselves words (an error that makes a real word is found only with context);
* damaged — clean words the corrector changed, per cent of all clean words;
* run time.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.correct import SEED_CONFUSIONS, Corrector, known  # noqa: E402
from pipeline.spelling import morph, tokens  # noqa: E402

LEMMAS = """игра карта колода масть пачка рядъ мѣсто основаніе талонъ король дама валетъ тузъ двойка
тройка правило порядокъ случай время рука сторона конецъ начало книга домъ городъ дорога окно
рѣка поле лѣсъ садъ работа вопросъ дѣло слово человѣкъ товарищъ столъ земля вода письмо
большой красный черный новый старый первый второй третій верхній нижній свободный полный
хорошій длинный трудный простой каждый весь другой лежащій
класть брать играть раскладывать переворачивать составлять закрывать открывать дѣлать
начинать кончать слѣдовать находиться оставаться считать писать читать говорить""".split()

YAT = {"мѣсто": "место", "рѣка": "река", "лѣсъ": "лес", "дѣло": "дело", "человѣкъ": "человек",
       "дѣлать": "делать", "слѣдовать": "следовать", "верхній": "верхний", "нижній": "нижний",
       "третій": "третий", "хорошій": "хороший", "лежащій": "лежащий", "основаніе": "основание"}
YAT_STEMS = {"мест": "мѣст", "рек": "рѣк", "лес": "лѣс", "дел": "дѣл", "человек": "человѣк", "след": "слѣд"}
CONSONANTS = set("бвгджзклмнпрстфхцчшщ")
VOWELS = set("аеёиоуыэюяй")


def to_prereform(form, tag) -> str:
    """A modern word form in the pre-reform spelling (final ъ, і before vowels, -аго/-яго, -ыя/-ія, ѣ)."""
    w = form.replace("ё", "е")
    for modern, old in YAT_STEMS.items():
        if w.startswith(modern):
            w = old + w[len(modern):]
    if tag.POS in {"ADJF", "PRTF"} and tag.case in {"gent", "accs"} and tag.number == "sing" and tag.gender != "femn":
        if w.endswith("ого"):
            w = w[:-3] + "аго"
        elif w.endswith("его"):
            w = w[:-3] + ("аго" if w[-4:-3] in "жшчщ" else "яго")
    if tag.POS in {"ADJF", "PRTF"} and tag.number == "plur" and tag.case in {"nomn"} and w.endswith(("ые", "ие")):
        w = w[:-1] + "я" if w.endswith("ые") else w[:-2] + "ія"  # the feminine/neuter plural
    w = "".join("і" if c == "и" and i + 1 < len(w) and w[i + 1] in VOWELS else c for i, c in enumerate(w))
    if w[-1] in CONSONANTS:
        w += "ъ"
    return w


def prereform_forms() -> list[str]:
    m = morph()
    out = []
    for lemma in LEMMAS:
        modern = YAT.get(lemma, lemma.replace("ѣ", "е").replace("і", "и").rstrip("ъ"))
        p = m.parse(modern)[0]
        for f in p.lexeme:
            if f.word.isalpha():
                out.append(to_prereform(f.word, f.tag))
    return sorted(set(out))


def generated_paragraphs(rng: random.Random, n: int = 40) -> list[str]:
    forms = prereform_forms()
    paras = []
    for _ in range(n):
        words = [rng.choice(forms) for _ in range(rng.randint(8, 16))]
        words[0] = words[0].capitalize()
        paras.append(" ".join(words) + ".")
    return paras


def witness_paragraphs() -> list[str]:
    paras = []
    for f in sorted((ROOT / "source" / "witnesses").glob("*.txt")):
        paras += [p for p in f.read_text(encoding="utf-8").replace("ђ", "ѣ").split("\n") if p.strip()]
    corrector = Corrector(paras)
    clean = []
    for p in paras:
        corrections, _ = corrector.correct(p)
        for c in sorted(corrections, key=lambda c: -c.start):
            p = p[:c.start] + c.corr + p[c.end:]
        clean.append(p)
    return clean


def inject(word: str, rng: random.Random) -> str:
    """One OCR error in ``word``: a known confusion backwards, or (1 in 5) any letter edit."""
    low = word.lower()
    if rng.random() < 0.8:
        options = [(i, o, t) for o, t, _ in SEED_CONFUSIONS if not o.isdigit()
                   for i in range(len(low)) if low.startswith(t, i)]
        if options:
            i, o, t = rng.choice(options)
            new = low[:i] + o + low[i + len(t):]
            if word.isupper():
                return new.upper()
            return new if word.islower() else new[:1].upper() + new[1:]
    i = rng.randrange(len(word))
    letter = rng.choice("абвгдежзиклмнопрстуфхцчшщыьэюяі")
    op = rng.choice(("sub", "ins", "del")) if len(word) > 3 else "sub"
    if op == "sub":
        return word[:i] + letter + word[i + 1:]
    if op == "ins":
        return word[:i] + letter + word[i:]
    return word[:i] + word[i + 1:]


def run(seed: int = 1, rate: float = 0.05, generated: int = 40) -> dict:
    rng = random.Random(seed)
    clean = witness_paragraphs() + generated_paragraphs(rng, generated)
    noisy, truth = [], []
    for p in clean:
        out, marks = [], {}
        for start, end, surface, is_word in tokens(p):
            if is_word and len(surface) >= 3 and surface.isalpha() and rng.random() < rate:
                bad = inject(surface, rng)
                if bad != surface and bad.isalpha():
                    pos = sum(len(x) for x in out)
                    marks[pos] = (surface, bad)
                    out.append(bad)
                    continue
            out.append(surface)
        noisy.append("".join(out))
        truth.append(marks)
    t0 = time.perf_counter()
    corrector = Corrector(noisy)
    fixed = detectable = fixed_detectable = injected = damaged = clean_words = 0
    for text, marks in zip(noisy, truth):
        corrections, _ = corrector.correct(text)
        by_start = {c.start: c for c in corrections if c.source == "corrector" and c.kind != "punctuation"
                    and c.kind != ",→."}
        for start, end, surface, is_word in tokens(text):
            if not is_word:
                continue
            c = by_start.get(start)
            if start in marks:
                original, bad = marks[start]
                injected += 1
                is_nonword = not known(bad.lower())
                detectable += is_nonword
                ok = c is not None and c.corr == original and c.end == end
                fixed += ok
                fixed_detectable += ok and is_nonword
            else:
                clean_words += 1
                damaged += c is not None
    elapsed = time.perf_counter() - t0
    return {
        "injected": injected, "fixed": fixed, "fixed_pct": 100 * fixed / max(injected, 1),
        "nonword_injected": detectable, "nonword_fixed": fixed_detectable,
        "nonword_fixed_pct": 100 * fixed_detectable / max(detectable, 1),
        "clean_words": clean_words, "damaged": damaged, "damaged_pct": 100 * damaged / max(clean_words, 1),
        "seconds": elapsed, "chars": sum(map(len, noisy)),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rate", type=float, default=0.05, help="share of words (≥3 letters) given an error")
    ap.add_argument("--generated", type=int, default=40, help="generated paragraphs besides the witnesses")
    a = ap.parse_args()
    r = run(a.seed, a.rate, a.generated)
    print(f"text: {r['chars']} characters, {r['clean_words'] + r['injected']} words, {r['injected']} errors injected")
    print(f"fixed: {r['fixed']}/{r['injected']} = {r['fixed_pct']:.1f} % of all injected errors")
    print(f"fixed: {r['nonword_fixed']}/{r['nonword_injected']} = {r['nonword_fixed_pct']:.1f} % of those that are not words")
    print(f"damaged: {r['damaged']}/{r['clean_words']} = {r['damaged_pct']:.2f} % of clean words changed")
    print(f"time: {r['seconds']:.2f} s to correct (corpus = the noisy text)")


if __name__ == "__main__":
    main()
