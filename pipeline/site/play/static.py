"""The board as the build draws it into the chapter page, so that the game is in the first paint with no script run.

`markup(slug)` is the board's whole skeleton (title, loader, toolbar, the table, the moves list, the rules panel's
box) with the default deal's cards on it, from the engine's layout and first position (`assets.first_board`'s
view), as lxml elements: the same elements and classes `board.mjs` works with, which it adopts (it builds none of
its own) and whose cards it replaces, in place, once it has the page's width. `stylesheet(slug)` places the piles:
the board's place depends on the width it is given (cards sized to it, a layout too wide cut into strips, the rules
beside the board or below), so the build runs the board's own geometry (geometry.py, kept equal to geometry.mjs by
a test) at every container width and writes one block of container queries per run of widths where the placement
is the same; inside it the card width is computed by CSS from the container's width as geometry.mjs computes it
(`round(down, …)`, clamped) and every position is that width times the layout's units, rounded as the board rounds
them. What CSS cannot know is the window's height (a board taller than the screen gets smaller cards): the build
takes a reference screen for each of the two card minimums (`SCREEN`).

No game logic: the piles, their places, the cards, which are face down, come from the engine; this module only
names and draws them, as cards.mjs and board.mjs do.
"""
from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from typing import Any

from lxml import etree

from ..render import h
from . import geometry as geo

# --- cards, as cards.mjs names and draws them ---------------------------------------------------------------------

RANKS = "A23456789TJQK"
RANK_NAMES = ("туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка",
              "десятка", "валет", "дама", "король")
RANK_INDEX = ("Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К")
SUITS = {"S": ("\u2660", "пик", "black"), "H": ("\u2665", "червей", "red"), "D": ("\u2666", "бубён", "red"),
         "C": ("\u2663", "треф", "black")}


def card_name(card: str) -> str:
    """«дама червей» for "QH2"."""
    return f"{RANK_NAMES[RANKS.index(card[0])]} {SUITS[card[1]][1]}"


def plural(n: int, one: str, few: str, many: str) -> str:
    m10, m100 = n % 10, n % 100
    if m10 == 1 and m100 != 11:
        return one
    if 2 <= m10 <= 4 and not 12 <= m100 <= 14:
        return few
    return many


def count_cards(n: int) -> str:
    return f"{n} {plural(n, 'карта', 'карты', 'карт')}"


def card_element(card: str, face_up: bool) -> etree._Element:
    """A card as cards.mjs makes it (`makeCard`, `setFaceUp`, `drawFace`): face up with its corner index, suit and
    Russian name; face down without a face and hidden from screen readers."""
    rank = RANKS.index(card[0]) + 1
    symbol, _, colour = SUITS[card[1]]
    cls = f"card suit-{card[1]} {colour}"
    if not face_up:
        return h("div", {"class": f"{cls} down", "data-card": card, "aria-hidden": "true"})
    index = RANK_INDEX[rank - 1]

    def corner(extra: str = "") -> etree._Element:
        return h("span", {"class": f"corner{extra}"}, h("span", {"class": "rank"}, index),
                 h("span", {"class": "pip"}, symbol))
    face = h("div", {"class": "face", "aria-hidden": "true"}, corner(),
             h("span", {"class": "centre"}, index if rank > 10 else symbol), corner(" bottom"))
    return h("div", {"class": cls, "data-card": card, "role": "img", "aria-label": card_name(card)}, face)


# --- where the board goes at a width ------------------------------------------------------------------------------

RULES_WIDTH = 260        # board.mjs: px beside the board when the rules go there
MIN_CARD_WIDE = 48       # board.mjs: the least card before a layout is re-flowed, a window 700 px or wider
MIN_CARD_NARROW = 30     # … and narrower
WIDE_WINDOW = 700
# board.css: the table's padding, .6rem (.3rem in a board 32rem or narrower), at Material's 20 px rem; and 1 px
# borders' worth (board.mjs adds 2 to the padding it reads)
REM = 20
NARROW_BOARD = 32 * REM
# the window height the build assumes (board.mjs: a board taller than the window less 40 px gets smaller cards, down
# to three quarters of the least, or is cut into strips): a 1366 x 768 laptop's, a 390 x 844 phone's. CSS could
# choose by the window's height too, but the heights where a placement changes move with the card width, and the
# stylesheet grew 40-fold (1.3 MB for Sympathy); in another height such a board is placed anew by board.mjs
SCREEN = {MIN_CARD_WIDE: 768 - 40, MIN_CARD_NARROW: 844 - 40}
# the container widths scanned for each least card: a window 700 px or wider gives Material's content column
# 560 px or more (688 px at 1366, 757 px at 1600 or more); a narrower one, a phone's or a small tablet's (a wider or
# narrower container is placed as the widest or narrowest scanned)
WIDTHS = {MIN_CARD_WIDE: (560, 900), MIN_CARD_NARROW: (280, 699)}


def table_pad(container: float) -> tuple[float, str]:
    """The table's padding both sides and 2 px, in px at Material's rem, and as CSS lengths to take off (CSS reads
    the page's own rem)."""
    pad = 0.3 if container <= NARROW_BOARD else 0.6
    return 2 * pad * REM + 2, f"{_num(2 * pad)}rem - 2px"


@dataclass(frozen=True)
class Placement:
    """How board.mjs `fit` places a layout in a container: the rules beside it or not, the widths taken off the
    container's for them and the table's padding (`taken`, CSS lengths joined by " - "), the placed piles, the
    layout's width in card widths (`units`), whether its cards are small (under 40 px: board.mjs `small-cards`)."""
    beside: bool
    taken: str
    piles: tuple[tuple[str, float, float], ...]
    units: float
    small: bool


def placement(piles: list[dict], container: float, least: int) -> tuple[Placement, list[dict]]:
    """board.mjs `fit` at a container (the board's column) `container` px wide: the placement and its piles."""
    pad, pad_css = table_pad(container)
    beside = container - RULES_WIDTH >= 420 and geo.card_width(piles, container - RULES_WIDTH - pad) >= least
    available = (container - RULES_WIDTH if beside else container) - pad
    placed = geo.fit_layout(piles, available, least, geo.js_round(0.75 * least), max(320, SCREEN[least]))
    taken = f"{RULES_WIDTH}px - {pad_css}" if beside else pad_css
    return Placement(beside, taken, tuple((p["name"], p["x"], p["y"]) for p in placed), geo.extent_width(placed),
                     geo.card_width(placed, available) < 40), placed


@dataclass
class WidthRun:
    """Container widths from `low` (None: any narrower) to the next run's, where the board is placed the same way."""
    low: int | None
    place: Placement
    piles: list[dict]


def runs(piles: list[dict], least: int) -> list[WidthRun]:
    lo, hi = WIDTHS[least]
    out: list[WidthRun] = []
    for width in range(lo, hi + 1):
        place, placed = placement(piles, width, least)
        if not out or out[-1].place != place:
            out.append(WidthRun(width, place, placed))
    out[0].low = None
    return out


# --- the board of a chapter ---------------------------------------------------------------------------------------

@dataclass
class Built:
    """A chapter's game at its default deal: the engine's layout and the first position's view."""
    slug: str
    title_ru: str
    deal: int
    layout: dict[str, Any]
    view: dict[str, Any]


@functools.lru_cache(maxsize=None)
def built(slug: str) -> Built:
    """The engine's layout and first position of the chapter's default deal (as `assets.first_board` embeds)."""
    from pipeline.engine import registry
    from pipeline.site.play import edition_play
    from pipeline.site.play.assets import DEFAULT_DEAL

    game = registry.get(slug)
    view = edition_play.initial_view(slug, DEFAULT_DEAL)
    return Built(slug, game.title_ru, DEFAULT_DEAL, view["layout"], view)


def has_board(slug: str) -> bool:
    """Whether the engine has the chapter's game (else the page gets a note where the board would be)."""
    from pipeline.engine import registry

    return slug in registry.games()


def pile_label(pile: dict, group_size: int) -> str:
    """board.mjs `pileLabel`: the group's label, numbered where the group has more than one pile."""
    n = pile["name"][len(pile["group"]) + 1:]
    return f"{pile['label_ru']} {n}" if group_size > 1 and n else pile["label_ru"]


def pile_description(label: str, cards: list[str], down: int) -> str:
    """board.mjs `pileDescription`: what a screen reader hears of a pile."""
    if not cards:
        return f"{label}: пусто"
    up = len(cards) - down
    parts = []
    if up:
        top = card_name(cards[-1])
        parts.append(top if up == 1 else f"сверху {top}, всего открыто {count_cards(up)}")
    if down:
        parts.append(f"{count_cards(down)} рубашкой вверх")
    return f"{label}: {'; '.join(parts)}"


def surface(board: Built) -> etree._Element:
    """The table's surface with the piles and the cards a reader sees: every card of a fanned pile, the top card
    of a pile that is not fanned (the others lie under it), each pile's count as the board shows it."""
    piles = board.layout["piles"]
    state = board.view["state"]
    groups: dict[str, int] = {}
    for p in piles:
        groups[p["group"]] = groups.get(p["group"], 0) + 1
    out = h("div", {"class": "play-surface", "role": "group", "aria-label": f"Игровое поле: {board.title_ru}",
                    "aria-describedby": f"play-{board.slug}-keys"})
    for i, p in enumerate(piles):
        cards = state["piles"].get(p["name"], [])
        down = min(state["down"].get(p["name"], 0), len(cards))
        label = pile_label(p, groups[p["group"]])
        fanned = p["fan"] != "none"
        el = h("div", {"class": f"pile kind-{p['kind']} fan-{p['fan']}" + ("" if cards else " empty"),
                       "data-pile": p["name"], "tabindex": "0" if i == 0 else "-1", "role": "group",
                       "aria-roledescription": "стопка", "aria-label": pile_description(label, cards, down)},
               h("span", {"class": "pile-label", "aria-hidden": "true"}, p["label_ru"]),
               h("span", {"class": "pile-count", "aria-hidden": "true"},
                 str(len(cards)) if not fanned and len(cards) > 1 else None))
        shown = range(len(cards)) if fanned else range(max(0, len(cards) - 1), len(cards))
        for k in shown:
            el.append(card_element(cards[k], k >= down))
        out.append(el)
    return out


def drawn_id(slug: str) -> str:
    """The id of the element that follows the board's cards: the page's first paint waits for it (assets.tags)."""
    return f"play-{slug}-drawn"


def markup(slug: str) -> etree._Element:
    """The board's place in the chapter page: the skeleton board.mjs adopts, in its state before the engine runs
    (the game starts on the first touch), with the default deal on the table."""
    board = built(slug)
    pid = f"play-{slug}-"
    state = board.view["state"]

    def button(label: str, cls: str, **attrs: str) -> etree._Element:
        return h("button", {"type": "button", "class": cls, "disabled": "", **attrs}, label)
    variants = board.view["info"].get("variants") or []
    none = None if variants else ""
    loader = h("div", {"class": "play-loader", "role": "status"},
               h("span", {"class": "play-loader-text"}, "Игра начнётся с первого хода: щёлкните карту или нажмите"),
               " ", h("button", {"type": "button", "class": "play-start"}, "Играть"),
               h("progress", {"max": "100", "value": "0", "aria-label": "Загрузка движка игры"}),
               h("span", {"class": "play-loader-time"}))
    deal_form = h("form", {"class": "play-deal"},
                  h("label", {"for": pid + "deal"}, "Раздача №"),
                  h("input", {"type": "number", "min": "1", "step": "1", "inputmode": "numeric", "id": pid + "deal",
                              "name": "play-deal", "class": "play-deal-input", "required": "", "disabled": "",
                              "value": str(board.deal)}),
                  h("button", {"type": "submit", "class": "play-open", "disabled": ""}, "Открыть"),
                  # its address comes with board.mjs (a page without script has no deal to link to)
                  h("a", {"class": "play-deal-link"}, f"ссылка на раздачу № {board.deal}"))
    options = h("div", {"class": "play-options"},
                h("label", {"for": pid + "four"},
                  h("input", {"type": "checkbox", "name": "play-four-colour", "id": pid + "four"}),
                  " четыре цвета мастей"),
                h("label", {"for": pid + "variant", "class": "play-variant", "hidden": none}, "Правила: "),
                h("select", {"id": pid + "variant", "name": "play-variant", "class": "play-variant-select",
                             "hidden": none},
                  # the readings of the rules the engine offers, as board.mjs `renderVariants` lists them (their
                  # English titles with it: the page speaks Russian)
                  [h("option", {"value": ""}, "как в издании")] if variants else None,
                  [h("option", {"value": v["id"]}, v.get("ru") or v["id"]) for v in variants]))
    toolbar = h("div", {"class": "play-toolbar", "role": "toolbar", "aria-label": "Управление игрой"},
                button("Новая раздача", "play-new"), deal_form,
                button("Заново", "play-restart", title="Начать эту раздачу сначала"),
                button("Отменить", "play-undo", title="Отменить ход (Ctrl+Z)"),
                button("Вернуть", "play-redo", title="Вернуть ход (Ctrl+Shift+Z)"),
                button("Подсказка", "play-hint", title="Подсказать ход (H)"),
                button("На основания", "play-auto",
                       title="Играть карты на основания, пока это возможно (A); нажмите ещё раз, чтобы остановить"),
                h("button", {"type": "button", "class": "play-expand", "aria-pressed": "false",
                             "title": "Поле и правила на всё окно (Esc — вернуть)"}, "Во весь экран"),
                options)
    score = f"На основаниях: {count_cards(board.view['score'])}."
    players = state.get("players") or 1
    turn = h("p", {"class": "play-turn" + (" two-players" if players > 1 else ""), "aria-live": "polite"},
             f"Ходит игрок {(state.get('to_move') or 0) + 1} из {players}. {score}" if players > 1 else score)
    moves = h("form", {"class": "play-moves"},
              h("label", {"for": pid + "moves"}, "Ходы: "),
              h("select", {"id": pid + "moves", "class": "play-moves-select", "disabled": ""},
                h("option", {"value": ""}, "ходы — когда игра запустится")),
              h("button", {"type": "submit", "class": "play-do"}, "Сделать ход"))
    keys = h("details", {"class": "play-keys"}, h("summary", {}, "Как играть"),
             h("p", {"id": pid + "keys"},
               "Щёлкните (коснитесь) карту, затем место, куда её положить; или перетащите её. Подсвеченные места — "
               "куда ход по правилам возможен. С клавиатуры: стрелки — от стопки к стопке, Enter или пробел — взять "
               "карту и положить её, Esc — отменить выбор; Ctrl+Z — отменить ход, Ctrl+Shift+Z — вернуть, H — "
               "подсказка, A — на основания. Все возможные ходы есть и в списке «Ходы» под полем."))
    rules = h("aside", {"class": "play-rules", "aria-labelledby": pid + "rules-head"},
              h("h3", {"id": pid + "rules-head"}, "Правила"), h("p", {"class": "play-rules-note"}),
              h("ol", {"class": "play-rules-list"}))
    column = h("div", {"class": "play-board-col"}, turn,
               h("p", {"class": "play-outcome playing", "role": "alert", "hidden": ""}),
               h("p", {"class": "play-wide-note", "hidden": ""},
                 "Поле шире экрана: прокрутите его вбок, поверните телефон или нажмите «Во весь экран»."),
               h("div", {"class": "play-table"}, surface(board)),
               h("p", {"class": "play-announce", "aria-live": "polite", "id": drawn_id(slug)}), moves, keys)
    attrs = {"class": "game-board play play-built", "data-game": slug, "data-search-exclude": "",
             "data-state": "static", "data-status": board.view["status"], "data-moves": "0"}
    return h("div", attrs, h("h2", {"class": "play-title", "id": pid + "head"}, "Играть"), loader, toolbar,
             h("div", {"class": "play-main"}, column, rules),
             h("noscript", {}, h("p", {"class": "game-board-placeholder"}, "Для игры нужен JavaScript.")))


# --- the placements as CSS ---------------------------------------------------------------------------------------

def _num(x: float) -> str:
    """A number as CSS reads it back to the same double (repr), without a needless ".0"."""
    text = repr(float(x))
    return text[:-2] if text.endswith(".0") else text


SCOPE = ".play-built"  # the board while it is the build's (board.mjs takes the class off when it draws its own)


def _places(board: Built, run: WidthRun) -> dict[str, str]:
    """A placement's declarations, by selector: the card width from the container's (as board.mjs `fit`), the
    surface's size, each pile's place in grid units, each fanned card's step."""
    place = run.place
    state = board.view["state"]
    cw = f"clamp({geo.MIN_W}px,round(down,(100cqw - {place.taken})/{_num(place.units)},1px),{geo.MAX_W}px)"
    rights, bottoms = [], []
    decls: dict[str, str] = {}
    for p in run.piles:
        gx, gy = p["x"] * geo.GAP, p["y"] * geo.GAP
        decls[f'[data-pile="{p["name"]}"]'] = f"--gx:{_num(gx)};--gy:{_num(gy)}"
        right, bottom = f"round(var(--cw)*{_num(gx)},1px)", f"round(var(--ch)*{_num(gy)},1px)"
        cards = state["piles"].get(p["name"], [])
        if p["fan"] != "none" and len(cards) > 1:
            steps = geo.fan_steps(p, run.piles, len(cards), min(state["down"].get(p["name"], 0), len(cards)))
            var = "--dy" if p["fan"] == "down" else "--dx"
            for card, at in zip(cards[1:], steps[1:]):
                decls[f'[data-card="{card}"]'] = f"{var}:{_num(at)}"
            if p["fan"] == "down":
                bottom += f" + round(var(--ch)*{_num(steps[-1])},1px)"
            else:
                right += f" + round(var(--cw)*{_num(steps[-1])},1px)"
        rights.append(right)
        bottoms.append(bottom)
    size = (f"--cw:{cw};--sw:calc(max({','.join(dict.fromkeys(rights))}) + var(--cw));"
            f"--sh:calc(max({','.join(dict.fromkeys(bottoms))}) + var(--ch) + 4px)")
    return {" .play-surface": size, **{f" {k}": v for k, v in decls.items()}}


BESIDE = ("{s} .play-main{{flex-direction:row;align-items:flex-start}}{s} .play-board-col{{flex:1 1 auto}}"
          "{s} .play-rules{{flex:0 0 240px;box-sizing:border-box}}")  # board.css's .rules-beside
SMALL = ("{s} .card .corner.bottom{{display:none}}{s} .pile-label{{font-size:0}}"
         "{s} .pile-count{{right:-2px;bottom:-6px;padding:0 2px;font-size:8px;line-height:10px}}")  # .small-cards


def _rules(decls: dict[str, str]) -> str:
    return "".join(f"{SCOPE}{sel}{{{d}}}" for sel, d in decls.items())


def _within(condition: str, body: str) -> str:
    return f"@container {condition}{{{body}}}" if condition and body else body


def _range(low: int | None, high: int | None) -> str:
    bounds = [f"(width >= {low}px)" if low else "", f"(width < {high}px)" if high is not None else ""]
    return " and ".join(b for b in bounds if b)


def _least_css(board: Built, least: int) -> list[str]:
    """The rules for one least card: a container query a width run, from the narrowest, each giving only what
    differs from the run before (the cascade keeps the rest); the rules beside the board and small cards' faces in
    exactly the widths where they hold."""
    found = runs(board.layout["piles"], least)
    blocks: list[str] = []
    flags: list[str] = []
    before: dict[str, str] = {}
    for i, run in enumerate(found):
        high = found[i + 1].low if i + 1 < len(found) else None
        decls = _places(board, run)
        blocks.append(_within(_range(run.low, None), _rules({k: v for k, v in decls.items() if before.get(k) != v})))
        before = decls
        for holds, rules in ((run.place.beside, BESIDE), (run.place.small, SMALL)):
            if holds:
                flags.append(_within(_range(run.low, high), rules.format(s=SCOPE)))
    return blocks + flags


def stylesheet(slug: str) -> str:
    """The static board's places at every container width (`runs`), inside a media query for the window's width
    (which sets the least card: board.mjs)."""
    board = built(slug)
    out = [f"/* the board of {slug} as the build draws it into the page (pipeline/site/play/static.py) */"]
    windows = ((MIN_CARD_WIDE, f"(width >= {WIDE_WINDOW}px)"), (MIN_CARD_NARROW, f"(width < {WIDE_WINDOW}px)"))
    for least, media in windows:
        out.append(f"@media {media}{{\n" + "\n".join(_least_css(board, least)) + "\n}")
    return "\n".join(out) + "\n"
