"""Where things go on the board, from the engine's layout: the same geometry as `geometry.mjs`, in Python, so that
the build draws the board of a chapter's default deal (static.py) where the page's renderer will draw it. Function
by function a transcription of the JavaScript (JavaScript's `Math.round` and `Math.floor`, its stable sort, the
same floating-point operations in the same order); `tests/site/play/test_static_geometry.py` runs both on every
game's layout at many widths and asserts they agree. Piles are the layout's dicts (`name`, `x`, `y`, `fan`, …)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterator

Pile = dict[str, Any]

RATIO = 1.4          # card height / width
GAP = 1.08           # one grid unit = a card and a little space
FAN_UP = 0.27        # fan step of a face-up card, in card heights (down)
FAN_UP_RIGHT = 0.4   # in card widths (right)
FAN_DOWN = 0.12      # of a face-down card
FAN_MIN = 0.14       # a face-up step never squeezed below this
MIN_W = 22
MAX_W = 84


def js_round(x: float) -> int:
    """JavaScript's Math.round: halves go up (Python's round() goes to even)."""
    return math.floor(x + 0.5)


def _extent(piles: list[Pile]) -> tuple[float, float]:
    w = h = 1.0
    for p in piles:
        w = max(w, p["x"] * GAP + 1 + (1.5 if p["fan"] == "right" else 0))
        h = max(h, p["y"] * GAP + 1)
    return w, h


def extent_width(piles: list[Pile]) -> float:
    """The layout's width in card widths (fans to the right counted at 1.5): the card width is the width available
    divided by it."""
    return _extent(piles)[0]


def card_width(piles: list[Pile], available: float, height: float = math.inf) -> int:
    w, h = _extent(piles)
    fit = min(available / w, height / (h * RATIO))
    return max(MIN_W, min(MAX_W, math.floor(fit)))


def _reach(p: Pile) -> float:
    return 1 + (1.5 if p["fan"] == "right" else 0)


def reflow(piles: list[Pile], units: float) -> list[Pile]:
    """The layout cut into vertical strips no wider than `units` card widths, stacked (geometry.mjs `reflow`);
    the same list when it fits in one."""
    order = sorted(piles, key=lambda p: (p["x"], p["y"]))
    strips: list[dict] = []
    for p in order:
        strip = strips[-1] if strips else None
        if strip and (p["x"] - strip["x0"]) * GAP + _reach(p) <= units:
            strip["piles"].append(p)
        else:
            strips.append({"x0": p["x"], "piles": [p]})
    if len(strips) <= 1:
        return piles
    out: dict[str, Pile] = {}
    top = 0.0
    for strip in strips:
        y0 = min(p["y"] for p in strip["piles"])
        bottom = 0.0
        for p in strip["piles"]:
            out[p["name"]] = {**p, "x": p["x"] - strip["x0"], "y": p["y"] - y0 + top}
            bottom = max(bottom, p["y"] - y0 + 1 + (1.2 if p["fan"] == "down" else 0))
        top += bottom + 0.15
    return [out[p["name"]] for p in piles]


def board_height(piles: list[Pile], cw: float) -> float:
    h = 1.0
    for p in piles:
        h = max(h, p["y"] * GAP + 1 + (1.2 if p["fan"] == "down" else 0))
    return h * cw * RATIO


def _candidates(piles: list[Pile], available: float, least: int, floor: int) -> Iterator[tuple[list[Pile], float]]:
    """fitLayout's `at(want)` for want = least, least - 1, … floor: the piles placed and the board's height."""
    whole = card_width(piles, available)
    for want in range(least, floor - 1, -1):
        placed = piles if whole >= want else reflow(piles, available / want)
        yield placed, board_height(placed, card_width(placed, available))


def _choose(candidates: Iterator[tuple[list[Pile], float]], screen: float) -> list[Pile]:
    """fitLayout's choice: the first (largest cards) whose board fits `screen`, else the lowest if it saves a
    quarter of the height, else the first."""
    first = best = next(candidates)
    if first[1] <= screen:
        return first[0]
    for got in candidates:
        if got[1] <= screen:
            return got[0]
        if got[1] < best[1]:
            best = got
    return best[0] if best[1] <= 0.75 * first[1] else first[0]


def fit_layout(piles: list[Pile], available: float, least: int, floor: int, screen: float) -> list[Pile]:
    """The piles as the board places them `available` px wide (geometry.mjs `fitLayout`)."""
    return _choose(_candidates(piles, available, least, floor), screen)


def _room(p: Pile, piles: list[Pile]) -> float:
    limit = math.inf
    for q in piles:
        if q is p:
            continue
        if p["fan"] == "down" and q["y"] > p["y"] and abs(q["x"] - p["x"]) < 0.95:
            limit = min(limit, (q["y"] - p["y"]) * GAP - 1.04)
        if p["fan"] == "right" and q["x"] > p["x"] and abs(q["y"] - p["y"]) < 0.95:
            limit = min(limit, (q["x"] - p["x"]) * GAP - 1.04)
    return limit


@dataclass
class PilePlace:
    """A pile's box at a card width, and where each of its cards lies in it: `steps` in card heights (a fan down)
    or widths (to the right), `offsets` the same in px, rounded as the board rounds them."""
    left: int
    top: int
    fan: str
    steps: list[float] = field(default_factory=list)
    offsets: list[int] = field(default_factory=list)


@dataclass
class Geometry:
    cw: int
    ch: int
    piles: dict[str, PilePlace]
    width: int = 0
    height: int = 0


def fan_steps(p: Pile, piles: list[Pile], n: int, down: int) -> list[float]:
    """Where each of a fanned pile's `n` cards (`down` of them face down) lies, in card units from its top card's
    place (squeezed to the room before the next pile), independent of the card width."""
    step_up = FAN_UP if p["fan"] == "down" else FAN_UP_RIGHT
    step_down = FAN_DOWN
    span = down * step_down + max(0, n - down - 1) * step_up
    limit = _room(p, piles)
    if span > limit and span > 0:
        squeeze = max(limit, 0) / span
        step_up = max(FAN_MIN, step_up * squeeze)
        step_down = max(0.04, step_down * squeeze)
    at = 0.0
    out = []
    for i in range(n):
        out.append(at)
        at += step_down if i < down else step_up
    return out


def geometry(piles: list[Pile], counts: dict[str, int], down: dict[str, int], cw: int) -> Geometry:
    """Pixel geometry of the board (geometry.mjs `geometry`): each pile's box and its cards' offsets."""
    ch = js_round(cw * RATIO)
    out = Geometry(cw, ch, {})
    for p in piles:
        left = js_round(p["x"] * GAP * cw)
        top = js_round(p["y"] * GAP * ch)
        n = counts.get(p["name"], 0)
        d = min(down.get(p["name"], 0), n)
        right, bottom = left + cw, top + ch
        if p["fan"] in ("down", "right"):
            unit = ch if p["fan"] == "down" else cw
            steps = fan_steps(p, piles, n, d)
            offsets = [js_round(at * unit) for at in steps]
            last = offsets[-1] if offsets else 0
            if p["fan"] == "down":
                bottom += last
            else:
                right += last
            out.piles[p["name"]] = PilePlace(left, top, p["fan"], steps, offsets)
        else:
            out.piles[p["name"]] = PilePlace(left, top, "none", [0.0] * n, [0] * n)
        out.width = max(out.width, right)
        out.height = max(out.height, bottom)
    return out
