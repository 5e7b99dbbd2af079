"""The winnability page: how often each game of the edition can be won, read from the solver's results
(``results/winnability.json``, written by ``benchmarks/solver.py``); nothing is computed here."""
from __future__ import annotations

import json
from pathlib import Path

from lxml import etree

from .edition import Edition
from .pages import rel, spaced, title_nodes
from .render import h

ROOT = Path(__file__).resolve().parents[2]
METHODS = ROOT / "source" / "editorial" / "solver-methods.json"
PAGE = "winnability.md"
TITLE = "Решаемость пасьянсов"
PERFECT = ("Решатель видит все карты, и те, что лежат рубашкой вверх (так считает «thoughtful» у Solvitaire): его "
           "доля — верхняя оценка того, что может выиграть игрок. Игрок, не подсматривающий карт, видит только "
           "открытые карты и играет по простым правилам; его доля — нижняя оценка.")


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def load_methods(path: Path = METHODS) -> dict[str, dict[str, str]]:
    """slug → {a solver's method text as results/winnability.json records it (its module's METHOD or RERUN_METHOD,
    in English) → the Russian the page shows}, from ``source/editorial/solver-methods.json``."""
    data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return {slug: {m["en"]: m["ru"] for m in items} for slug, items in data.get("methods", {}).items()}


def untranslated(slug: str) -> str:
    return (f"Описание метода, которым посчитаны эти цифры, ещё не переведено; оно есть в коде решателя "
            f"(METHOD в pipeline/solve/games/{slug.replace('-', '_')}.py).")


def percent(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f} %".replace(".", ",")


def interval(entry: dict) -> str:
    return f"{percent(entry.get('wilson_low'))} … {percent(entry.get('wilson_high'))}"


def current(slug: str, entry: dict) -> bool:
    """Whether the entry was computed under the rules the engine plays now: its `rules_fingerprint` (recorded by
    benchmarks/solver.py) equals the game's `fingerprint()`. An entry without one makes no claim either way."""
    from pipeline.engine import registry

    recorded = entry.get("rules_fingerprint")
    if recorded is None:
        return True
    try:
        return registry.get(slug).fingerprint() == recorded
    except KeyError:
        return False


STALE = "пересчитывается: правила исправлены"


def row(edition: Edition, slug: str, entry: dict, page_url: str) -> etree._Element:
    ch = edition.chapter(slug)
    title = h("a", {"href": rel(page_url, ch.url)}, *title_nodes(ch)) if ch else slug
    if not current(slug, entry):  # figures for rules the engine no longer plays: not shown as current
        return h("tr", {"data-slug": slug, "class": "stale"}, h("td", None, title),
                 h("td", {"colspan": "8"}, f"{STALE} (прежние цифры относились к прежнему прочтению правил)"))
    no_peek = entry.get("no_peek") or {}
    players = [p for p in (no_peek.get("tactics"), no_peek.get("greedy"), no_peek if "win_rate" in no_peek else None)
               if p and p.get("win_rate") is not None]
    player = max(players, key=lambda p: p["win_rate"], default=None)  # the better of the players who do not peek
    won = percent(entry.get("win_rate"))
    return h("tr", {"data-slug": slug},
             h("td", None, title),
             h("td", None, str(entry.get("deals", "—"))),
             h("td", None, f"{entry.get('won', 0)} / {entry.get('lost', 0)} / {entry.get('unknown', 0)}"),
             h("td", None, f"не менее {won}" if entry.get("unknown") else won),
             h("td", None, interval(entry)),
             h("td", None, f"{percent(player.get('win_rate'))} ({interval(player)})" if player else "—"),
             h("td", None, limits(entry)),
             h("td", None, seconds(entry)),
             h("td", None, str(entry.get("computed", "—"))))


def reruns(entry: dict) -> list[dict]:
    """The entry's reruns of its unknown deals, in order (anything else the file holds there is ignored)."""
    return [r for r in entry.get("reruns") or [] if isinstance(r, dict)]


def limits(entry: dict) -> str:
    """The node limit per deal, and the larger ones the deals left unknown were solved again with."""
    out = f"{entry.get('node_limit', '—')}"
    again = reruns(entry)
    if again:
        out += "; нерешённые — ещё раз при " + ", затем ".join(
            f"{r.get('node_limit', '—')} ({r.get('deals', '—')} разд.)" for r in again)
    return out


def seconds(entry: dict) -> str:
    """Time spent on the game: in all, per deal on average, and the Pythons that spent it."""
    total, each = entry.get("seconds"), entry.get("seconds_per_deal")
    if not isinstance(total, (int, float)):
        return "—"
    out = f"{total:.0f} с"
    if isinstance(each, (int, float)):
        out += f" ({each:.3f} с на раздачу)".replace(".", ",")
    named = [entry.get("interpreter")] + [r.get("interpreter") for r in reruns(entry)]
    # an extended entry names two Pythons in one string ("CPython 3.11.7, PyPy 3.9.16")
    pythons = sorted({p.strip() for n in named if n for p in str(n).split(",") if p.strip()})
    if pythons:  # the seconds depend on which Python ran the solver (the verdicts do not)
        out += "; " + ", ".join(pythons)
    return out


def title_of(edition: Edition, slug: str) -> str:
    """The chapter's title as the edition gives it; the slug for a game with no chapter."""
    ch = edition.chapter(slug)
    return ch.title if ch else slug


def total_time(data: dict, order: list[str]) -> str | None:
    total = sum(data[s]["seconds"] for s in order if isinstance(data[s].get("seconds"), (int, float)))
    if not total:
        return None
    return (f"Всего на решение раздач ушло {total / 60:.0f} мин. по часам (двухъядерная машина проекта, которую "
            "решатель делил с другой работой, так что чистое время меньше; у каждой игры — своё время в таблице).")


def points(x: float) -> str:
    """A width in percentage points, as short as it is exact to 0.01: 0.02 -> "2", 0.0025 -> "0,25"."""
    return f"{100 * x:.2f}".rstrip("0").rstrip(".").replace(".", ",")


def half_width(entry: dict) -> float | None:
    low, high = entry.get("wilson_low"), entry.get("wilson_high")
    if not isinstance(low, (int, float)) or not isinstance(high, (int, float)):
        return None
    return (high - low) / 2


def games(n: int) -> str:
    """"игра" in the genitive after a number ("для 1 игры", "для 9 игр")."""
    return "игры" if n % 10 == 1 and n % 100 != 11 else "игр"


def precision(data: dict, order: list[str], edition: Edition) -> str | None:
    """How each game's interval compares with the half-width the benchmark aims at (its `interval_target`), and,
    for those still wider, how many deals are unsolved and how many were proved lost: the reason they are wide."""
    judged = [(s, half_width(data[s]), data[s].get("interval_target")) for s in order]
    judged = [(s, w, t) for s, w, t in judged if w is not None and isinstance(t, (int, float))]
    if not judged:
        return None
    title = {s: title_of(edition, s) for s, _, _ in judged}
    targets = [t for _, _, t in judged]
    usual = max(sorted(set(targets)), key=targets.count)
    others = "; ".join(f"{title[s]} — ±{points(t)}" for s, _, t in judged if t != usual)
    out = f"Цель — 95 % интервал не шире ±{points(usual)} процентных пунктов"
    out += (f" ({others}). " if others else ". ")
    wide = [(s, w, t) for s, w, t in judged if w > t + 1e-9]
    met = len(judged) - len(wide)
    out += f"Она достигнута для {met} {games(met)} из {len(judged)}."
    if not wide:
        return out
    parts = []
    for s, w, _ in wide:
        e = data[s]
        lost, unknown = e.get("lost", 0), e.get("unknown", 0)
        width = f"{100 * w:.1f}".replace(".", ",")
        if not unknown:  # wide only for want of deals
            parts.append(f"{title[s]} — ±{width} (раздач {e.get('deals', '—')}, все решены: нужно больше раздач)")
            continue
        proof = f"проигрыш доказан для {lost}" if lost else "проигрыш не доказан ни для одной"
        parts.append(f"{title[s]} — ±{width} (раздач {e.get('deals', '—')}, нерешённых {unknown}, {proof})")
    out += " Шире цели: " + "; ".join(parts) + "."
    if any(data[s].get("unknown") for s, _, _ in wide):
        out += (" Нерешённые раздачи учтены в интервале дважды, так что он сужается, только когда решатель "
                "доказывает проигрыш раздачи или находит её выигрыш; у этих игр в пределе позиций ему часто не "
                "удаётся ни то, ни другое (чем они трудны для решателя — в описании его метода ниже).")
    return out


def methods(data: dict, order: list[str], edition: Edition, page_url: str,
            journals: frozenset[str] = frozenset(), russian: dict[str, dict[str, str]] | None = None
            ) -> etree._Element | None:
    """What each game's own solver knows about its game (the solver module's METHOD, recorded in English with the
    figures, shown in its Russian from ``russian``: see :func:`load_methods`), and a link to the solver's lab
    journal (``docs/solvers/<slug>.md``: what was tried and measured) where there is one."""
    russian = load_methods() if russian is None else russian
    items = []
    for slug in order:
        text = data[slug].get("solver")
        if isinstance(text, str) and text.strip():
            journal = ([" ", h("a", {"href": rel(page_url, f"solvers/{slug}/")}, "Журнал решателя")]
                       if slug in journals else [])
            said = russian.get(slug, {})
            items.append(h("li", {"data-slug": slug}, h("strong", None, title_of(edition, slug)), ": ",
                           h("span", None, said.get(text) or untranslated(slug)),
                           *reruns_method(data[slug], said, slug), *journal))
    if not items:
        return None
    return h("details", {"class": "solver-methods"},
             h("summary", None, "Как решаются раздачи каждой игры: метод решателя каждой игры"),
             h("ul", None, items))


def reruns_method(entry: dict, said: dict[str, str], slug: str) -> list:
    """What the reruns' larger budgets added to the first pass (each rerun's RERUN_METHOD, in its Russian from
    ``said``), with the limits it was recorded under: a rerun may prove losses that the first pass's METHOD says it
    cannot."""
    limits: dict[str, list[str]] = {}
    for r in reruns(entry):
        if isinstance(r.get("solver"), str) and r["solver"].strip():
            limits.setdefault(r["solver"], []).append(str(r.get("node_limit", "—")))
    out: list = []
    for text, at in limits.items():
        out += [h("br"), f"Нерешённые ещё раз при {', '.join(at)}: ",
                h("span", None, said.get(text) or untranslated(slug).replace("METHOD", "RERUN_METHOD"))]
    for r in reruns(entry):  # how a rerun's budget differed from the method's (a shorter time limit, …)
        if isinstance(r.get("note"), str) and r["note"].strip():
            out += [h("br"), f"Ещё раз при {r.get('node_limit', '—')}: ",
                    h("span", None, said.get(r["note"]) or "(примечание к этому прогону ещё не переведено; оно есть в "
                                                           "results/winnability.json)")]
    return out


def span(entry: dict) -> str:
    """The 95 % interval in words a reader takes in: "от 93,9 до 97,6 %"."""
    low, high = entry.get("wilson_low"), entry.get("wilson_high")
    if not isinstance(low, (int, float)) or not isinstance(high, (int, float)):
        return "—"
    return f"от {percent(low)[:-2]} до {percent(high)}"


def summary_row(edition: Edition, slug: str, entry: dict, page_url: str, journals: frozenset[str]) -> etree._Element:
    """What a reader wants of a game: how often it can be won, how sure that figure is, and where the method is."""
    ch = edition.chapter(slug)
    title = h("a", {"href": rel(page_url, ch.url)}, *title_nodes(ch)) if ch else slug
    won = percent(entry.get("win_rate"))
    deals = entry.get("deals")
    how = (h("a", {"href": rel(page_url, f"solvers/{slug}/")}, "журнал решателя") if slug in journals else
           h("a", {"href": "#method"}, "о методе"))
    if not current(slug, entry):  # figures for rules the engine no longer plays: not shown as current
        return h("tr", {"data-slug": slug, "class": "stale"}, h("th", {"scope": "row"}, title, h("br"),
                                                                h("small", None, how)),
                 h("td", {"colspan": "2"}, STALE))
    return h("tr", {"data-slug": slug},
             h("th", {"scope": "row"}, title, h("br"), h("small", None, how)),
             h("td", None, f"не менее {won}" if entry.get("unknown") else won,
               h("br"), h("small", None, f"из {deals} раздач") if isinstance(deals, int) else None),
             h("td", None, span(entry)))


def page(edition: Edition, data: dict, page_url: str, journals: frozenset[str] = frozenset(),
         russian: dict[str, dict[str, str]] | None = None) -> etree._Element:
    """A short table for readers (game, how often it is won, how sure, the method), then the method in words, and
    the full figures (deals, verdicts, limits, time, date) folded away for researchers, in the book's order;
    ``journals``: the games whose solver has a lab journal page; ``russian``: the solvers' method texts in Russian
    (:func:`load_methods`, its file by default)."""
    order = [c.slug for c in edition.chapters if c.slug in data]
    fresh = [s for s in order if current(s, data[s])]
    perfect = any(data[s].get("perfect_information") for s in order)
    summary = spaced(h("table", None,
                       h("caption", None, "Как часто пасьянс выигрывается"),
                       h("thead", None, h("tr", None, *[h("th", {"scope": "col"}, t) for t in (
                           "Пасьянс и метод", "Доля выигрышей", "Насколько точно (95 %)")])),
                       h("tbody", None, [summary_row(edition, s, data[s], page_url, journals) for s in order])))
    head = h("thead", None, h("tr", None, *[h("th", {"scope": "col"}, t) for t in (
        "Пасьянс", "Раздач", "Решено: выиграно / проиграно / не решено", "Выиграно",
        "95 % интервал (нерешённые — как проигрыш и как выигрыш)", "Игрок, не подсматривающий карт",
        "Предел позиций на раздачу", "Время", "Вычислено")]))
    body = h("tbody", None, [row(edition, s, data[s], page_url) for s in order])
    missing = [c.title for c in edition.chapters if c.slug not in data]
    aim, spent = precision(data, fresh, edition), total_time(data, fresh)
    return h("div", {"class": "winnability"},
             h("p", None, "Книга называет некоторые пасьянсы «чрезвычайно трудными» или говорит, что они «рѣдко "
                          "удаются». Здесь это измерено: какая доля раздач каждого пасьянса может быть выиграна. "
                          "«Насколько точно» — промежуток, в котором эта доля лежит с вероятностью 95 %."),
             h("div", {"class": "winnability-summary"}, summary) if order else None,
             h("h2", {"id": "method"}, "Как это измерено"),
             h("p", None, "Решатель издания (", h("code", None, "edition solve"),
               ") ищет выигрыш каждой раздачи в пределах заданного числа позиций — у каждой игры свой "
               "решатель, знающий её правила (см. ниже); «проиграно» значит, что проигрыш доказан "
               "(перебором всех ходов или доказанным условием), а раздачи, не решённые в этот предел, "
               "учтены в интервале дважды — как проигрыш и как выигрыш."),
             h("p", None, PERFECT) if perfect else None,
             h("p", {"class": "precision"}, aim) if aim else None,
             h("p", None, spent) if spent else None,
             h("details", {"class": "winnability-technical"},
               h("summary", None, "Все цифры решателя: раздачи, доказанные проигрыши, пределы, время, дата"),
               spaced(h("table", None, h("caption", None, "Доля выигрываемых раздач, по играм (раздачи 1, 2, 3 …)"),
                        head, body))) if order else None,
             methods(data, fresh, edition, page_url, journals, russian),
             h("p", None, "Нет данных для: " + ", ".join(missing) + ".") if missing else None)
