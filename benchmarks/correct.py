"""Synthetic-noise benchmark of the OCR corrector (``python benchmarks/correct.py [--seed N] [--rate R]``).

Clean pre-reform text — the witnesses with the hand-checked readings of the test fixture put in — and
text generated from pymorphy3 word forms put into the pre-reform spelling (``prereform_forms``) — gets
OCR errors injected at random: the confusions the issue lists (``ISSUE_CONFUSIONS``, a letter of the
book printed as its OCR form), and one in five a random letter substituted, inserted or deleted.  The
corrector, given the noisy text as its corpus, then corrects it.  Printed:

* fixed — injected errors whose correction gives back the clean word, of all injected and of those
  that are not themselves words (an error that makes a real word is found only with context);
* damaged — clean words the corrector changed, per cent of all clean words;
* run time;
* with ``--misses``, every injected error not fixed (the reading given, or why it went to review) and every clean
  word changed, with its seed and context
  (to see where the corrector fails; the noise model is the same).
"""
from __future__ import annotations

import argparse

import regex
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.text.lang.correct import Corrector, known  # noqa: E402
from pipeline.text.lang.spelling import morph, tokens  # noqa: E402

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
# The confusions the issue lists, as (letter of the book, what the OCR prints) — kept here apart from
# the corrector's own table so that extending that table cannot flatter the benchmark.
ISSUE_CONFUSIONS = [
    ("и", "п"), ("п", "и"), ("и", "н"), ("н", "и"), ("п", "н"), ("н", "п"), ("й", "іі"), ("п", "іі"),
    ("в", "із"), ("е", "с"), ("с", "е"), ("о", "с"), ("о", "е"), ("ъ", "ь"), ("ь", "ъ"), ("л", "д"),
    ("р", "гг"), ("т", "г"), ("ш", "п"), ("ш", "пі"), ("ь", "ы"), ("у", "ѵ"), ("г", "т"), ("е", "ѣ"),
    ("и", "й"), ("и", "і"), ("я", "а"), ("з", "в"),
]
CONSONANTS = set("бвгджзклмнпрстфхцчшщ")
VOWELS = set("аеёиоуыэюяй")


def to_prereform(form, tag) -> str:
    """A modern word form in the pre-reform spelling (final ъ, і before vowels, -аго/-яго, -ыя/-ія, ѣ in
    the roots of YAT_STEMS, in a noun's dative/prepositional ending and in the comparative's and superlative's
    suffix)."""
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
    if tag.POS == "COMP" and w.endswith(("ее", "ей")) and w[-3:-2] not in "жшчщ":
        w = w[:-2] + "ѣ" + w[-1]  # the comparative's ѣ (краснѣе, длиннѣй)
    if "Supr" in tag and "ейш" in w:
        w = w.replace("ейш", "ѣйш")  # the superlative's (новѣйшій, наистарѣйшихъ)
    if tag.POS == "NOUN" and tag.case in {"datv", "loct"} and tag.number == "sing" and w.endswith("е") \
            and w[-2:-1] not in VOWELS:
        w = w[:-1] + "ѣ"  # the dative/prepositional ending is ѣ (картѣ, въ порядкѣ), as in the witnesses
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


FIXTURE = ROOT / "tests" / "text" / "lang" / "fixture.tsv"


def witness_paragraphs() -> list[str]:
    """The witnesses with the hand-checked readings of tests/text/lang/fixture.tsv put in (not the
    corrector's output, so that its own mistakes are not taken for clean text)."""
    by_witness: dict[str, list[str]] = {}
    for f in sorted((ROOT / "source" / "witnesses").glob("*.txt")):
        text = f.read_text(encoding="utf-8").replace("ђ", "ѣ")
        by_witness[f.name[:3]] = [p for p in text.split("\n") if p.strip()]
    special = {"<space>": " ", "<del>": ""}
    edits: dict[tuple[str, int], list[tuple[int, int, str]]] = {}
    for line in FIXTURE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        witness, context, form, reading, _ = line.split("\t")
        reading = special.get(reading, reading)
        for k, p in enumerate(by_witness[witness]):
            if context in p and reading != form:
                start = p.index(context) + context.index(form)
                edits.setdefault((witness, k), []).append((start, start + len(form), reading))
    for (witness, k), spans in edits.items():
        p = by_witness[witness][k]
        for start, end, reading in sorted(set(spans), reverse=True):
            p = p[:start] + reading + p[end:]
        by_witness[witness][k] = p
    return [p for ps in by_witness.values() for p in ps]


def _capitals(word: str) -> bool:
    """All capitals (the mechanical layer writes ѣ for Ѣ in capitals too)."""
    return word.replace("ѣ", "Ѣ").isupper()


def inject(word: str, rng: random.Random) -> tuple[str, str]:
    """One OCR error in ``word`` and its kind: one of the issue's confusions ("seed"), or (1 in 5) any
    letter substituted, inserted or deleted ("generic")."""
    low = word.lower()
    if rng.random() < 0.8:
        options = [(i, o, t) for t, o in ISSUE_CONFUSIONS for i in range(len(low)) if low.startswith(t, i)]
        if options:
            i, o, t = rng.choice(options)
            new = low[:i] + o + low[i + len(t):]
            if _capitals(word):
                return new.upper(), "seed"
            return (new if word.islower() else new[:1].upper() + new[1:]), "seed"
    i = rng.randrange(len(word))
    letter = rng.choice("абвгдежзиклмнопрстуфхцчшщыьэюяі")
    op = rng.choice(("sub", "ins", "del")) if len(word) > 3 else "sub"
    if _capitals(word) or (i == 0 and word[0].isupper()):
        letter = letter.upper()
    if op == "sub":
        return word[:i] + letter + word[i + 1:], "generic"
    if op == "ins":
        return word[:i] + letter + word[i:], "generic"
    return word[:i] + word[i + 1:], "generic"


def run(seed: int = 1, rate: float = 0.05, generated: int = 40) -> dict:
    rng = random.Random(seed)
    clean = witness_paragraphs() + generated_paragraphs(rng, generated)
    noisy, truth = [], []
    for p in clean:
        out, marks = [], {}
        for start, end, surface, is_word in tokens(p):
            if is_word and len(surface) >= 3 and regex.fullmatch(r"\p{Cyrillic}+", surface) and rng.random() < rate:
                bad, kind = inject(surface, rng)
                if bad != surface and bad.isalpha():
                    pos = sum(len(x) for x in out)
                    marks[pos] = (surface, bad, kind)
                    out.append(bad)
                    continue
            out.append(surface)
        noisy.append("".join(out))
        truth.append(marks)
    t0 = time.perf_counter()
    corrector = Corrector(noisy)
    fixed = detectable = fixed_detectable = injected = damaged = clean_words = 0
    by_kind = {"seed": [0, 0], "generic": [0, 0]}
    misread = 0  # injected errors given a wrong reading (the rest of the misses are left as printed)
    misses = []  # (seed, clean word, printed, kind, a word?, reading given, review or "", context) of every miss
    damages = []  # (seed, clean word, reading given, context) of every damaged word
    for text, marks in zip(noisy, truth):
        corrections, reviews = corrector.correct(text)
        reviewed = {r.start: r for r in reviews}
        by_start = {c.start: c for c in corrections if c.source == "corrector" and c.kind != "punctuation"
                    and c.kind != ",→."}
        for start, end, surface, is_word in tokens(text):
            if not is_word:
                continue
            c = by_start.get(start)
            if start in marks:
                original, bad, kind = marks[start]
                injected += 1
                is_nonword = not known(bad.lower())
                detectable += is_nonword
                # the mechanical layer writes ѣ in capitals too, the corrector a capital Ѣ (ДВѢ)
                ok = c is not None and c.corr.replace("Ѣ", "ѣ") == original.replace("Ѣ", "ѣ") and c.end == end
                fixed += ok
                misread += c is not None and not ok
                fixed_detectable += ok and is_nonword
                if not ok:
                    r = reviewed.get(start)
                    given = c.corr if c else f"review ({r.reason})" if r else ""
                    misses.append((seed, original, bad, kind, not is_nonword, given,
                                   text[max(0, start - 30):end + 30]))
                if is_nonword:
                    by_kind[kind][0] += 1
                    by_kind[kind][1] += ok
            else:
                clean_words += 1
                damaged += c is not None
                if c is not None:
                    damages.append((seed, surface, c.corr, text[max(0, start - 30):end + 30]))
    elapsed = time.perf_counter() - t0
    return {
        "injected": injected, "fixed": fixed, "fixed_pct": 100 * fixed / max(injected, 1),
        "nonword_injected": detectable, "nonword_fixed": fixed_detectable,
        "nonword_fixed_pct": 100 * fixed_detectable / max(detectable, 1),
        "clean_words": clean_words, "damaged": damaged, "damaged_pct": 100 * damaged / max(clean_words, 1),
        "seconds": elapsed, "chars": sum(map(len, noisy)), "by_kind": by_kind, "misread": misread,
        "misses": misses, "damages": damages,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1,2,3", help="random seeds, one run each, figures summed")
    ap.add_argument("--rate", type=float, default=0.05, help="share of words (≥3 letters) given an error")
    ap.add_argument("--generated", type=int, default=40, help="generated paragraphs besides the witnesses")
    ap.add_argument("--misses", action="store_true",
                    help="also list every miss (seed, clean word, printed, error kind, real word?, reading or review) "
                         "and damage")
    a = ap.parse_args()
    total: dict = {}
    for seed in (int(x) for x in a.seeds.split(",")):
        r = run(seed, a.rate, a.generated)
        for k, v in r.items():
            if k == "by_kind":
                for kind, (n, ok) in v.items():
                    t = total.setdefault("by_kind", {}).setdefault(kind, [0, 0])
                    t[0] += n
                    t[1] += ok
            elif k in {"misses", "damages"}:
                total.setdefault(k, []).extend(v)
            elif not k.endswith("_pct"):
                total[k] = total.get(k, 0) + v
    r = total
    pct = lambda a, b: 100 * a / max(b, 1)  # noqa: E731
    print(f"seeds {a.seeds}: {r['chars']} characters, {r['clean_words'] + r['injected']} words, "
          f"{r['injected']} errors injected")
    print(f"fixed: {r['fixed']}/{r['injected']} = {pct(r['fixed'], r['injected']):.1f} % of all injected errors")
    print(f"fixed: {r['nonword_fixed']}/{r['nonword_injected']} = "
          f"{pct(r['nonword_fixed'], r['nonword_injected']):.1f} % of those that are not words")
    for kind, (n, ok) in r["by_kind"].items():
        print(f"  {kind} confusions (not words): {ok}/{n} = {pct(ok, n):.1f} %")
    print(f"given a wrong reading: {r['misread']}/{r['injected']} (the other misses are left as printed)")
    print(f"damaged: {r['damaged']}/{r['clean_words']} = {pct(r['damaged'], r['clean_words']):.2f} % of clean words changed")
    print(f"time: {r['seconds']:.2f} s to correct {r['chars']} characters (corpus = the noisy text)")
    if a.misses:
        print("\nmisses (seed, clean, printed, error, real word?, reading given or why it went to review):")
        for seed, original, bad, kind, real, given, context in r["misses"]:
            print(f"  {seed}\t{original}\t{bad}\t{kind}\t{'real' if real else 'non-word'}\t{given or '-'}\t{context!r}")
        print("\ndamaged (seed, clean, reading given):")
        for seed, surface, given, context in r["damages"]:
            print(f"  {seed}\t{surface}\t{given}\t{context!r}")

if __name__ == "__main__":
    main()
