"""The build draws each chapter's board where the page's renderer will draw it: its Python geometry
(pipeline/site/play/geometry.py) and card names (static.py) give what geometry.mjs and cards.mjs give, run under
Node, for every game's layout at its default deal, at many widths, both least card sizes and several screens."""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from pipeline.engine import registry
from pipeline.site.play import geometry as geo
from pipeline.site.play import static
from play_helpers import ROOT

PLAY = ROOT / "pipeline" / "site" / "play"
WIDTHS = (200, 251, 300, 333, 358, 380, 398, 412, 457, 500, 571, 640, 661, 688, 736, 757, 900, 1200)
SCREENS = (320, 560, 728, 804, 1040)
LEAST = ((48, 36), (30, 23))
UNITS = (2.5, 3.7, 5, 6.3, 9)

# reads the cases on stdin, answers what geometry.mjs makes of each (and cards.mjs of every card name)
DRIVER = """
import * as geo from %(geometry)s;
import { cardName } from %(cards)s;
let text = "";
process.stdin.on("data", (d) => { text += d; });
process.stdin.on("end", () => {
  const { games, names } = JSON.parse(text);
  const out = { games: {}, names: names.map(cardName) };
  for (const [slug, g] of Object.entries(games)) {
    const fits = g.cases.map(([available, least, floor, screen]) => {
      const fit = geo.fitLayout(g.piles, available, { least, floor, screen });
      const cw = geo.cardWidth(fit.piles, available);
      return { piles: fit.piles.map((p) => [p.name, p.x, p.y]), cw, height: geo.boardHeight(fit.piles, cw),
               geometry: geo.geometry({ piles: fit.piles }, g.counts, g.down, cw) };
    });
    const reflows = g.units.map((u) => geo.reflow(g.piles, u).map((p) => [p.name, p.x, p.y]));
    out.games[slug] = { fits, reflows };
  }
  process.stdout.write(JSON.stringify(out));
});
"""


def python_side(piles: list[dict], cases: list[tuple], counts: dict, down: dict) -> list[dict]:
    out = []
    for available, least, floor, screen in cases:
        placed = geo.fit_layout(piles, available, least, floor, screen)
        cw = geo.card_width(placed, available)
        g = geo.geometry(placed, counts, down, cw)
        out.append({"piles": [[p["name"], p["x"], p["y"]] for p in placed], "cw": cw,
                    "height": geo.board_height(placed, cw),
                    "geometry": {"cw": g.cw, "ch": g.ch, "width": g.width, "height": g.height,
                                 "piles": {name: {"left": pp.left, "top": pp.top, "fan": pp.fan,
                                                  "offsets": pp.offsets} for name, pp in g.piles.items()}}})
    return out


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node on PATH: the JavaScript side cannot run")
    games = {}
    for slug in registry.games():
        board = static.built(slug)
        state = board.view["state"]
        cases = [(w - pad, least, floor, screen) for w in WIDTHS for pad in (14, 286) for least, floor in LEAST
                 for screen in SCREENS]
        games[slug] = {"piles": board.layout["piles"], "cases": cases, "units": UNITS,
                       "counts": {k: len(v) for k, v in state["piles"].items()}, "down": state["down"]}
    names = [f"{rank}{suit}1" for rank in static.RANKS for suit in static.SUITS]
    driver = tmp_path_factory.mktemp("geometry") / "driver.mjs"
    driver.write_text(DRIVER % {"geometry": json.dumps((PLAY / "geometry.mjs").as_uri()),
                                "cards": json.dumps((PLAY / "cards.mjs").as_uri())})
    done = subprocess.run([node, str(driver)], input=json.dumps({"games": games, "names": names}),
                          capture_output=True, text=True, timeout=120, check=True)
    return games, names, json.loads(done.stdout)


@pytest.mark.parametrize("slug", registry.games())
def test_the_builds_geometry_places_every_pile_and_card_where_the_pages_does(answers, slug):
    games, _, js = answers
    g = games[slug]
    mine = python_side(g["piles"], g["cases"], g["counts"], g["down"])
    for case, ours, theirs in zip(g["cases"], mine, js["games"][slug]["fits"]):
        assert ours == theirs, (slug, case)
    for units, theirs in zip(UNITS, js["games"][slug]["reflows"]):
        assert [[p["name"], p["x"], p["y"]] for p in geo.reflow(g["piles"], units)] == theirs, (slug, units)


def test_the_builds_geometry_is_tried_on_strips_and_smaller_cards(answers):
    """The cases reach every branch: layouts whole and cut into strips, cards at the least size and smaller."""
    games, _, js = answers
    whole = cut = smaller = 0
    for slug, g in games.items():
        names = [[p["name"], p["x"], p["y"]] for p in g["piles"]]
        for (available, least, _, _), fit in zip(g["cases"], js["games"][slug]["fits"]):
            whole += fit["piles"] == names
            cut += fit["piles"] != names
            smaller += fit["cw"] < least and geo.card_width(g["piles"], available) >= 22
    assert whole and cut and smaller


def test_the_build_names_every_card_as_the_page_does(answers):
    _, names, js = answers
    assert [static.card_name(card) for card in names] == js["names"]
