"""A rule of another reading of a game's rules (`Rule.variant`, Blockade's 'columns') on the ledger page: it is
counted and listed like any rule quoting its sentence, and says which reading it belongs to, in the board's words."""
from __future__ import annotations

from pathlib import Path

from pipeline.engine import registry
from pipeline.site import ledger
from pipeline.site.render import to_html

ROOT = Path(__file__).resolve().parents[2]


def test_the_ledger_names_the_reading_of_a_variants_rule():
    game = registry.get("blockade")
    label = game.variants_ru["columns"]
    html = to_html(ledger.section("blockade", ROOT / "edition" / "tei" / "blockade.xml"))
    for rule in ("columns-I", "columns-fill", "columns-upper"):
        row = html[html.index(f'id="ledger-rule-{rule}"'):]
        row = row[:row.index("</tr>")]
        assert f"только в другом прочтении правил, «{label}»" in row
    row = html[html.index('id="ledger-rule-fill"'):]
    assert "другом прочтении" not in row[:row.index("</tr>")]  # the edition's own rule says nothing of the kind
    assert "(из них 3 — только в другом прочтении правил)" in ledger.summary(
        game, ledger._book("blockade", ROOT / "edition" / "tei" / "blockade.xml"))
