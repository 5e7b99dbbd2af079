"""The rule ledger on a chapter's page: each sentence of the chapter's rules and play → the game's rules that quote
it → the tests that exercise each rule; sentences that state no rule with the editors' reason; rules with no
sentence (reconstructed) with their origin.

The ledger itself is `pipeline.engine.ledger.build` (the same function the completeness test runs), fed the
chapter's TEI file; the tests are found by their marker, `@pytest.mark.rule("<slug>", "<rule id>", …)`
(registered in tests/conftest.py), read from the test files' syntax trees without importing them. HTML is built
with lxml through `render.h`, so every quoted character is escaped.
"""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from lxml import etree

from pipeline.engine import ledger as engine_ledger
from pipeline.engine import registry

from .render import h

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"


@lru_cache(maxsize=1)
def rule_tests(tests_dir: Path = TESTS) -> dict[tuple[str, str], list[str]]:
    """(slug, rule id) → the tests marked `@pytest.mark.rule(slug, id, …)`, as "path::name", in file order."""
    out: dict[tuple[str, str], list[str]] = {}
    if not tests_dir.is_dir():
        return out
    for path in sorted(tests_dir.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if "mark.rule(" not in text:
            continue  # most test files mark no rule: skip parsing them
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for dec in node.decorator_list:
                ids = marker_args(dec)
                if ids:
                    where = f"{path.relative_to(tests_dir.parent).as_posix()}::{node.name}"
                    for rule in ids[1:]:
                        out.setdefault((ids[0], rule), []).append(where)
    return out


def marker_args(dec: ast.expr) -> list[str]:
    """The string arguments of a `pytest.mark.rule(...)` decorator (slug first), else []."""
    if not (isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute) and dec.func.attr == "rule"):
        return []
    base = dec.func.value
    if not (isinstance(base, ast.Attribute) and base.attr == "mark"):
        return []
    args = [a.value for a in dec.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return args if len(args) >= 2 else []


def page_path(slug: str) -> str:
    """The ledger page's source path: beside the chapter's (chapters/<slug>.md → URL chapters/<slug>/ledger/)."""
    return f"chapters/{slug}/ledger.md"


def game_of(slug: str):
    try:
        return registry.get(slug)
    except KeyError:
        return None


def summary(game, book: engine_ledger.Ledger) -> str:
    n_text = sum(r.source == "text" for r in game.rules)
    n_other = sum(bool(getattr(r, "variant", "")) for r in game.rules)
    other = f" (из них {n_other} — только в другом прочтении правил)" if n_other else ""
    return (f"Правил в игре {len(game.rules)}{other}: из текста {n_text}, реконструировано {len(book.reconstructed)}. "
            f"Предложений в правилах и «Игре» {len(book.sentences)}: "
            f"процитировано правилами {sum(bool(s.rules) for s in book.sentences)}, "
            f"описательных {sum(not s.rules for s in book.sentences)}.")


def _book(slug: str, tei: Path) -> engine_ledger.Ledger:
    """The chapter's ledger from its TEI file, built once for the chapter page and the ledger page alike (keyed by
    the file's bytes, so an edition rebuilt in the same process is read afresh; nothing changes a ledger)."""
    return _book_of(slug, tei.read_bytes())


@lru_cache(maxsize=64)
def _book_of(slug: str, tei: bytes) -> engine_ledger.Ledger:
    return engine_ledger.build(game_of(slug), tei)


def link(slug: str, tei: Path) -> etree._Element | None:
    """The chapter page's pointer to its ledger page (id "ledger": the rules panel links to it)."""
    game = game_of(slug)
    if game is None:
        return None
    book = _book(slug, tei)
    return h("p", {"class": "rule-ledger-link", "id": "ledger", "data-search-exclude": ""},
             h("a", {"href": "ledger/"}, "Правила и текст"),
             " — каждое предложение правил и «Игры» этой главы и правило игры, которое его цитирует. ",
             summary(game, book))


def section(slug: str, tei: Path, chapter_href: str = "../") -> etree._Element | None:
    """The chapter's ledger as a <section class="rule-ledger">, or None when no game is registered for the chapter;
    `chapter_href` is the chapter page's URL relative to the ledger's page (sentence ids link into it)."""
    game = game_of(slug)
    if game is None:
        return None
    book = _book(slug, tei)
    tests = rule_tests()
    rules = {r.id: r for r in game.rules}
    rows = []
    for s in book.sentences:
        if s.rules:
            what = h("ul", {"class": "ledger-rules"},
                     [h("li", None, h("a", {"href": f"#ledger-rule-{r}"}, h("code", None, r)), " — ",
                        book_place(rules[r]), reading_of(game, rules[r])) for r in s.rules])
        else:
            what = (h("span", {"class": "ledger-descriptive"}, "не правило: ", s.description) if s.description
                    else h("span", {"class": "ledger-problem"}, "не учтено: ни правила, ни описания"))
        rows.append(h("tr", {"id": f"ledger-{s.id}", "class": "ledger-cited" if s.rules else "ledger-description"},
                      h("td", None, h("a", {"href": f"{chapter_href}#{s.element}"}, h("code", None, s.id))),
                      h("td", {"lang": "ru"}, s.text), h("td", None, what)))
    rule_rows = []
    for r in game.rules:
        ran = tests.get((slug, r.id), [])
        if r.source == "reconstructed":
            where = h("span", {"class": "ledger-reconstructed"}, "реконструкция: «", r.ru, "» — ", r.origin)
        elif r.id in book.quoted:
            where = [h("a", {"href": f"#ledger-{sid}"}, h("code", None, sid)) for sid in book.quoted[r.id]]
            where = _joined(where) if where else h("code", None, r.cite)
        else:
            where = h("span", {"class": "ledger-problem"}, f"цитата не найдена в {r.cite or '—'}")
        rule_rows.append(h("tr", {"id": f"ledger-rule-{r.id}"}, h("td", None, h("code", None, r.id)),
                           h("td", None, where, reading_of(game, r)),
                           h("td", None, h("ul", {"class": "ledger-tests"},
                                           [h("li", None, h("code", None, t)) for t in ran]) if ran else "нет")))
    out = h("section", {"class": "rule-ledger"},
            h("p", None, "Каждое предложение правил и «Игры» ", h("a", {"href": chapter_href}, "главы"),
                         ": какое правило игры его цитирует (дословно, в дореформенном чтении: исправления OCR "
                         "и старая орфография) или почему оно правилом не является; затем каждое правило игры — "
                         "откуда оно и какие тесты (tests/…) его проверяют: ход, который правило разрешает, и ход, "
                         "который оно запрещает."),
            h("p", {"class": "ledger-summary"}, summary(game, book)),
            h("h2", {"id": "ledger-sentences"}, "Предложения"),
            h("table", {"class": "ledger-sentences"},
              h("thead", None, h("tr", None, h("th", None, "место (id в TEI)"), h("th", None, "предложение"),
                                 h("th", None, "правило игры (имя в коде) и его место в книге"))),
              h("tbody", None, rows)),
            h("h2", {"id": "ledger-rules"}, "Правила игры"),
            h("table", {"class": "ledger-rules-table"},
              h("thead", None, h("tr", None, h("th", None, "правило (имя в коде)"), h("th", None, "источник"),
                                 h("th", None, "тесты (файл::имя теста)"))), h("tbody", None, rule_rows)))
    if book.problems:
        out.append(h("h2", {"id": "ledger-problems"}, "Не сходится"))
        out.append(h("ul", {"class": "ledger-problems"}, [h("li", None, p) for p in book.problems]))
    return out


def book_place(rule) -> str:
    """Where a rule of the text stands in the book, in words: its number, the «Игра» section or a book note."""
    if rule.cite.startswith("note-"):
        note = f"примечание {rule.cite.removeprefix('note-')}"
        return note if rule.number == "play" else f"{note} к правилу {rule.number}"
    return "из раздела «Игра»" if rule.number == "play" else f"правило {rule.number} книги"


def reading_of(game, rule) -> str:
    """For a rule of one of the game's other readings (`Rule.variant`), which one: the board offers it by the same
    Russian label; "" for a rule of the edition's own reading."""
    variant = getattr(rule, "variant", "")
    if not variant:
        return ""
    return f" (только в другом прочтении правил, «{game.variants_ru.get(variant, variant)}»)"


def _joined(items: list[etree._Element]) -> list:
    out: list = []
    for i, el in enumerate(items):
        if i:
            out.append(", ")
        out.append(el)
    return out
