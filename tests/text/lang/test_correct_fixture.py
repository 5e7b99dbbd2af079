"""The corrector against hand-checked decisions on the seed witnesses (tests/text/lang/fixture.tsv)."""
from pathlib import Path

import pytest

FIXTURE = Path(__file__).with_name("fixture.tsv")
SPECIAL = {"<space>": " ", "<del>": ""}


def _rows():
    for n, line in enumerate(FIXTURE.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("#") or not line.strip():
            continue
        witness, context, form, reading, note = line.split("\t")
        yield pytest.param(witness, context, form, SPECIAL.get(reading, reading), note, id=f"{n}:{form}")


ROWS = list(_rows())


def _locate(paragraphs, witness, context, form):
    hits = [(p, p.index(context)) for p in paragraphs[witness] if context in p]
    assert len(hits) == 1, f"context {context!r} found {len(hits)} times in witness {witness}"
    paragraph, at = hits[0]
    start = at + context.index(form)
    return paragraph, start, start + len(form)


def test_fixture_has_at_least_100_decisions():
    assert len(ROWS) >= 100


@pytest.mark.parametrize("witness,context,form,reading,note", ROWS)
def test_decision(corrector, paragraphs, witness, context, form, reading, note):
    paragraph, start, end = _locate(paragraphs, witness, context, form)
    corrections, _ = corrector.correct(paragraph)
    touching = [c for c in corrections if c.start < end and start < c.end]
    if reading == form:
        assert not touching, f"{form!r} ({note}) should be left as printed, got {touching}"
    else:
        assert len(touching) == 1, f"{form!r} should read {reading!r} ({note}), got {touching}"
        c = touching[0]
        assert (c.start, c.end, c.sic, c.corr) == (start, end, form, reading)
        assert c.cert in {"high", "medium", "low"}


def test_nine_in_ten_seed_corrections_come_from_the_corrector(corrector, paragraphs):
    sources = [c.source for ps in paragraphs.values() for p in ps for c in corrector.correct(p)[0]]
    assert sources and sources.count("corrector") / len(sources) >= 0.9


def test_every_correction_has_kind_and_evidence(corrector, paragraphs):
    for ps in paragraphs.values():
        for p in ps:
            corrections, reviews = corrector.correct(p)
            for c in corrections:
                assert c.kind and c.evidence and c.source in {"corrector", "override"}
                assert p[c.start:c.end] == c.sic
            for r in reviews:
                assert p[r.start:r.end] == r.form and r.reason
