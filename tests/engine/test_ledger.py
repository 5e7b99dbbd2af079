"""The rule ledger (pipeline/engine/ledger.py): how a TEI element is read, how it is cut into sentences, and that
every game's ledger is complete — every rule from the text quotes its cited element verbatim, every reconstructed
rule names its origin, every sentence of the rules and play is cited or described, every rule has a test."""
from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.engine import ledger, registry
from pipeline.engine.core import Rule
from pipeline.site.ledger import rule_tests

ROOT = Path(__file__).resolve().parents[2]
# games whose audit (issue 22) has not landed yet: their ledgers are expected to be incomplete until it does
PENDING: set[str] = set()

TEI = """<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><body>
<div type="game" xml:id="toy"><div type="rules"><list>
<item n="I" xml:id="toy-rule-I"><choice><orig>Всѣ</orig><reg>Все</reg></choice> карты
 <choice><sic>годиы</sic><corr cert="high">годны</corr></choice>. Тузы <choice><sic>нграютъ</sic><corr><choice><orig>играютъ</orig><reg>играют</reg></choice></corr></choice>
 сразу<note type="book" n="1" xml:id="note-1">Примѣчаніе.</note>.<p>Короли ждутъ.</p></item></list></div>
<div type="play"><p xml:id="toy-p1">См. прим. 1, т. е. не правило. Пасьянсъ не раскладывается вторично.</p></div>
</div></body></text></TEI>"""


class Toy:
    """A stand-in game with the ledger's inputs only (slug, rules, DESCRIPTIVE)."""

    slug = "toy"

    def __init__(self, rules, descriptive=None):
        self.rules = rules
        self.descriptive = descriptive or {}


def test_reading_takes_corr_and_orig_and_leaves_notes_out():
    els = ledger.chapter_elements(TEI, "toy")
    assert ledger.reading(els["toy-rule-I"]) == "Всѣ карты годны. Тузы играютъ сразу. Короли ждутъ."
    assert set(els) == {"toy-rule-I", "note-1", "toy-p1"}
    assert ledger.reading(els["note-1"]) == "Примѣчаніе."


def test_sentences_skip_abbreviations():
    text = "См. прим. 1, т. е. не правило. Пасьянсъ не раскладывается вторично."
    assert [text[a:b] for a, b in ledger.sentences(text)] == [
        "См. прим. 1, т. е. не правило.", "Пасьянсъ не раскладывается вторично."]


def test_a_complete_toy_ledger():
    rules = (Rule("I", "I", "Всѣ карты годны. … сразу", "", cite="toy-rule-I"),
             Rule("kings", "I", "Короли ждутъ.", "", cite="toy-rule-I"),
             Rule("once", "play", "Пасьянсъ не раскладывается вторично.", "", cite="toy-p1"),
             Rule("x", "play", "", "", source="reconstructed", origin="Cadogan 1874"))
    book = ledger.build(Toy(rules, {"toy-p1.s1": "a reference to a note", "note-1": "a remark"}), TEI)
    assert book.problems == []
    assert book.quoted == {"I": ["toy-rule-I.s1", "toy-rule-I.s2"], "kings": ["toy-rule-I.s3"],
                           "once": ["toy-p1.s2"]}
    assert book.reconstructed == {"x": "Cadogan 1874"}


def test_an_incomplete_toy_ledger_says_what_is_wrong():
    rules = (Rule("I", "I", "Всѣ карты годны", "", cite="toy-rule-I"),
             Rule("II", "II", "Все карты годны", "", cite="toy-rule-I"),  # the modern spelling is no quotation
             Rule("III", "III", "Тузы играютъ", "", cite="toy-rule-III"),  # no such element
             Rule("IV", "IV", "Тузы", "", ))  # from the text, no cite
    problems = ledger.build(Toy(rules, {"toy-p9": "no such element"}), TEI).problems
    text = "\n".join(problems)
    assert "правило II: текст (ru) — не дословная цитата" in text
    assert "правило III: ссылается на 'toy-rule-III'" in text
    assert "правило IV: из текста, но не называет элемента" in text
    assert "DESCRIPTIVE называет 'toy-p9'" in text
    assert "предложение toy-rule-I.s2 не процитировано" in text and "предложение toy-p1.s1" in text


def test_a_reconstructed_rule_cites_nothing():
    with pytest.raises(ValueError):
        Rule("x", "play", "", "", source="reconstructed", origin="Cadogan", cite="toy-p1")


def _mark(slug):
    return pytest.param(slug, marks=pytest.mark.xfail(reason="issue 22: audit pending")) if slug in PENDING \
        else slug


SLUGS = [_mark(s) for s in registry.games()]


@pytest.mark.parametrize("slug", SLUGS)
def test_ledger_is_complete(slug):
    game = registry.get(slug)
    book = ledger.build(game, (ROOT / "edition" / "tei" / f"{slug}.xml").read_bytes())
    assert book.problems == []


@pytest.mark.parametrize("slug", SLUGS)
def test_every_rule_has_a_test(slug):
    tests = rule_tests()
    missing = [r.id for r in registry.get(slug).rules if not tests.get((slug, r.id))]
    assert missing == []


def test_games_json_gives_each_rule_its_source():
    from pipeline.engine import api
    for info in api.list_games():
        for rule in info["rules"]:
            assert rule["from"] == (rule["cite"] if rule["source"] == "text" else rule["origin"])


def test_the_rules_fingerprint_follows_what_is_played_not_the_wording():
    import dataclasses

    game = registry.get("windmill")
    cls = type(game)
    reworded = type("Reworded", (cls,), {"rules": tuple(dataclasses.replace(r, ru=r.ru + " ", en="", cite="")
                                                        for r in cls.rules)})
    revised = type("Revised", (cls,), {"revision": cls.revision + 1})
    assert reworded().fingerprint() == game.fingerprint()
    assert revised().fingerprint() != game.fingerprint()
    assert registry.get("blockade").fingerprint() != game.fingerprint()
