"""A page the corrector was not built on: pre-reform text written for this test (rules in the book's
manner), with OCR errors of the kinds the seeds show put in by hand, corrected with the witnesses
plus this page as corpus — as the pipeline will do with the other pages of the book."""
from pipeline.text.lang.correct import Corrector
from pipeline.text.lang.spelling import tokens

CLEAN = [
    "ПРЕКРАСНАЯ ЛЮСИ.",
    "ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.",
    "I. Годными картами считаются только верхнія карты каждой пачки; снимая ихъ, освобождаютъ лежащія ниже.",
    "II. На основныя карты кладутъ карты той же масти въ восходящемъ порядкѣ до королей.",
    "Раскладываютъ всю колоду на семнадцать пачекъ, по три карты въ каждой, такъ чтобы всѣ карты были видны; "
    "послѣдняя карта составляетъ отдѣльную пачку.",
    "Тузы, по мѣрѣ того какъ они становятся свободными, кладутъ въ рядъ надъ пачками: это основанія. Карты можно "
    "перекладывать съ одной пачки на другую въ нисходящемъ порядкѣ, слѣдуя за мастью, но каждый разъ только по "
    "одной картѣ.",
    "Когда дальнѣйшая игра невозможна, собираютъ пачки, тасуютъ ихъ и раскладываютъ снова по три карты; это "
    "позволяется сдѣлать два раза. Послѣ третьей раскладки можно вынуть одну любую карту изъ пачки и сыграть ее.",
    "Пасьянсъ этотъ нетруденъ, но требуетъ вниманія, такъ какъ одна необдуманная перекладка часто губитъ всю игру.",
]
NOISY = [
    "ПРЕКРАСНАЯ ЛЮСИ.",
    "ОДНА ПОЛНАЯ КОЛОДА КАРТЪ.",
    "I. Годными картами считаются только вергхнія карты каждоіі пачки; снимая ихъ, освобождаютъ лежащія нижс.",
    "II. На основныя карты кладутъ карты той жс масти въ восходящемъ порядкѣ до королсй.",
    "Раскладываютъ всю колоду на семнадцать пачекъ, по три карты въ каждоЙ, такъ чтобы всѣ карты были видиы; "
    "послѣдняя карта составляетъ отдѣдьную пачку.",
    "Тузы, по мѣрѣ того какъ они становятся свободными, кладутъ въ рядъ надъ начками: это основанія. Карты можно "
    "перекдадывать съ одной пачки на другую въ нисходящемъ порядкѣ, слѣдуя за мастыо, но каждый разъ только по "
    "одной картѣ.",
    "Когда дальнѣйшая игра невозможна, собираютъ пачки, тасуютъ ихъ и раскладываютъ снова по три карты; это "
    "позволяется сдѣлать два раза. Послѣ третьей раскладки можно вьшуть одну любую карту изъ пачки и сыграть ее.",
    "ІІасьянсъ этотъ нетруденъ, но требуетъ внимаиія, такъ какъ одна необдуманная перекладка часто губитъ всю нгру.",
]


def _words(text):
    return [t[2] for t in tokens(text) if t[3]]


def test_a_fresh_page_is_corrected(paragraphs):
    corrector = Corrector([p for ps in paragraphs.values() for p in ps] + NOISY)
    errors = fixed = damaged = 0
    reviewed = set()
    for clean, noisy in zip(CLEAN, NOISY):
        corrections, reviews = corrector.correct(noisy)
        reviewed |= {r.form for r in reviews}
        out = noisy
        for c in sorted(corrections, key=lambda c: -c.start):
            out = out[:c.start] + c.corr + out[c.end:]
        for want, got, printed in zip(_words(clean), _words(out), _words(noisy)):
            if want != printed:
                errors += 1
                fixed += want == got
            else:
                damaged += want != got
    assert errors == 15
    assert damaged == 0
    # вьшуть (вынуть): ы→ь and н→ш — read, or at least left for review
    assert fixed == 15 or (fixed >= 14 and "вьшуть" in reviewed)
