"""The edition's TEI validates against TEI P5 tei_all; the validator itself is shown to be live."""
from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

ROOT = Path(__file__).resolve().parents[2]
TEI_FILES = sorted((ROOT / "edition" / "tei").glob("*.xml"))

HEADER = """<teiHeader><fileDesc>
  <titleStmt><title>Двадцать четыре основныхъ пасьянса</title></titleStmt>
  <publicationStmt><p>Test.</p></publicationStmt>
  <sourceDesc><p>Test.</p></sourceDesc>
</fileDesc></teiHeader>"""

MINIMAL_GOOD = f"""<TEI xmlns="http://www.tei-c.org/ns/1.0" xml:lang="ru">{HEADER}
<text><body><p>Пасьянсъ.</p></body></text></TEI>"""

# <p> directly inside <text> (no <body>): invalid in every TEI schema
MINIMAL_BAD = f"""<TEI xmlns="http://www.tei-c.org/ns/1.0" xml:lang="ru">{HEADER}
<text><p>Пасьянсъ.</p></text></TEI>"""

# The shape DESIGN.md's TEI contract describes, so a schema problem in the contract shows up here first.
CONTRACT_SAMPLE = """<TEI xmlns="http://www.tei-c.org/ns/1.0" xml:lang="ru">
<teiHeader><fileDesc>
  <titleStmt><title>Двадцать четыре основныхъ пасьянса</title></titleStmt>
  <publicationStmt><p>Test.</p></publicationStmt>
  <sourceDesc><listWit>
    <witness xml:id="w001">page 1, sha256 0000</witness>
    <witness xml:id="w003">page 3, sha256 0000</witness>
  </listWit></sourceDesc>
</fileDesc>
<encodingDesc><editorialDecl><p>Editorial principles.</p></editorialDecl></encodingDesc>
</teiHeader>
<text><body>
  <div type="game" xml:id="windmill" n="6" source="#w001 #w003">
    <head type="title" source="#w001">МЕЛЬНИЦА.</head>
    <head type="decks" source="#w001">ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.</head>
    <gap reason="lost" unit="chapter-part"/>
    <div type="rules"><head>Правила.</head>
      <list><item n="I" xml:id="windmill-rule-I" source="#w001 #w003">Туза кладутъ
        <choice><sic>нзъ</sic><corr cert="high" resp="#corrector" type="ocr"><choice><orig>изъ</orig><reg>из</reg></choice></corr></choice>
        колоды.</item></list></div>
    <div type="play"><head>Игра.</head>
      <p xml:id="windmill-p3" source="#w001 #w003">Текстъ <choice><orig>игрѣ</orig><reg>игре</reg></choice>.<note n="7" xml:id="note-7" place="foot" type="book">Примѣчаніе.</note></p>
      <figure><head type="caption" source="#w001">Мельница.</head></figure>
    </div>
    <note type="editorial" resp="#ed">Editor's remark.</note>
  </div>
  <div type="game" xml:id="parterre">
    <head type="title"><supplied reason="lost" resp="#ed" source="#w003">Партеръ</supplied></head>
    <p>Текстъ.</p>
  </div>
  <div type="notes">
    <note n="9" xml:id="note-9" type="book" target="#parterre"><label>Партеръ</label>Примѣчаніе.</note>
  </div>
</body></text></TEI>"""


def _errors(schema: etree.RelaxNG, limit: int = 30) -> str:
    lines = [f"  line {e.line}:{e.column}: {e.message}" for e in list(schema.error_log)[:limit]]
    return "\n".join(lines) or "  (no error log)"


def test_edition_has_tei_files():
    assert TEI_FILES, "no edition/tei/*.xml: `edition build` should emit the TEI of the edition"


@pytest.mark.parametrize("path", TEI_FILES, ids=[p.name for p in TEI_FILES])
def test_edition_tei_validates(tei_schema, path):
    doc = etree.parse(str(path))
    assert tei_schema.validate(doc), f"{path.relative_to(ROOT)} is not valid TEI (tei_all):\n{_errors(tei_schema)}"


def test_minimal_good_tei_validates(tei_schema):
    assert tei_schema.validate(etree.fromstring(MINIMAL_GOOD)), _errors(tei_schema)


def test_minimal_bad_tei_is_rejected(tei_schema):
    assert not tei_schema.validate(etree.fromstring(MINIMAL_BAD)), "validator accepted <p> directly in <text>"
    assert tei_schema.error_log, "rejection should leave an error log"


def test_design_contract_sample_validates(tei_schema):
    assert tei_schema.validate(etree.fromstring(CONTRACT_SAMPLE)), \
        f"the TEI shape of DESIGN.md is not valid tei_all:\n{_errors(tei_schema)}"
