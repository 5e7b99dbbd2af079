"""The winnability page shows the solver's figures as the results file gives them, in the book's order."""
import re
from pathlib import Path

from lxml import etree

from pipeline.site import winnability
from pipeline.site.edition import load

ROOT = Path(__file__).resolve().parents[2]
TECHNICAL = ".//details[@class='winnability-technical']//tbody/tr"  # the researchers' table, folded away
SUMMARY = ".//div[@class='winnability-summary']//tbody/tr"  # the readers' table


def table(data, russian=None):
    edition = load(ROOT / "edition", ROOT / "source/editorial/games.json")
    return winnability.page(edition, data, "winnability/", russian=russian)


def test_rows_follow_the_book_and_show_the_figures():
    data = {
        "zodiac": {"deals": 10, "won": 1, "lost": 8, "unknown": 1, "win_rate": 0.1, "wilson_low": 0.018,
                   "wilson_high": 0.459, "node_limit": 5000, "computed": "2026-11-29", "perfect_information": True},
        "windmill": {"deals": 300, "won": 168, "lost": 0, "unknown": 132, "win_rate": 0.56, "wilson_low": 0.503,
                     "wilson_high": 1.0, "node_limit": 10000, "computed": "2026-11-29",
                     "no_peek": {"greedy": {"win_rate": 0.267, "wilson_low": 0.22, "wilson_high": 0.319},
                                 "tactics": {"win_rate": 0.2, "wilson_low": 0.15, "wilson_high": 0.25}}},
    }
    root = table(data)
    rows = root.findall(TECHNICAL)
    assert [r.get("data-slug") for r in rows] == ["windmill", "zodiac"]  # game 6 before game 23
    cells = ["".join(td.itertext()) for td in rows[0].findall("td")]
    assert cells[1:5] == ["300", "168 / 0 / 132", "не менее 56,0 %", "50,3 % … 100,0 %"]
    assert cells[5] == "26,7 % (22,0 % … 31,9 %)"  # the better of the two players who do not peek
    zodiac = ["".join(td.itertext()) for td in rows[1].findall("td")]
    assert zodiac[3] == "не менее 10,0 %" and zodiac[5] == "—"
    assert rows[0].find("td/a").get("href") == "../chapters/windmill/"
    text = "".join(root.itertext())
    assert "рубашкой вверх" in text  # perfect information is said
    assert "Нет данных для:" in text and "Мельница" not in text.split("Нет данных для:")[1]


def test_values_from_the_file_are_escaped():
    root = table({"windmill": {"deals": "<script>alert(1)</script>", "computed": "<b>x</b>"}})
    html = etree.tostring(root, encoding="unicode", method="html")
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_time_and_each_games_solver_are_shown():
    data = {
        "parterre": {"deals": 200, "won": 160, "lost": 40, "unknown": 0, "win_rate": 0.8, "wilson_low": 0.74,
                     "wilson_high": 0.85, "seconds": 90.0, "seconds_per_deal": 0.45,
                     "solver": "compact beds; bouquet moves deferred"},
        "clock": {"deals": 100, "won": 100, "lost": 0, "unknown": 0, "win_rate": 1.0, "seconds": 30.0},
    }
    root = table(data, {"parterre": {"compact beds; bouquet moves deferred": "сжатые грядки; ходы букета отложены"}})
    rows = {r.get("data-slug"): ["".join(td.itertext()) for td in r.findall("td")] for r in root.findall(TECHNICAL)}
    assert rows["parterre"][7] == "90 с (0,450 с на раздачу)"
    assert rows["clock"][7] == "30 с"
    text = "".join(root.itertext())
    assert "Всего на решение раздач ушло 2 мин." in text  # 90 s + 30 s
    details = root.find(".//details[@class='solver-methods']")
    assert [li.find("span").text for li in details.findall(".//li")] == ["сжатые грядки; ходы букета отложены"]
    assert "compact" not in "".join(details.itertext())


def test_reruns_of_unknown_deals_are_named_with_their_limits():
    data = {"windmill": {"deals": 300, "won": 280, "lost": 10, "unknown": 10, "node_limit": 50000,
                         "reruns": [{"node_limit": 500000, "deals": 20, "won": 6, "lost": 4}]},
            "clock": {"deals": 100, "won": 100, "lost": 0, "unknown": 0, "node_limit": 300000}}
    rows = {r.get("data-slug"): ["".join(td.itertext()) for td in r.findall("td")]
            for r in table(data).findall(TECHNICAL)}
    assert rows["windmill"][6] == "50000; нерешённые — ещё раз при 500000 (20 разд.)"
    assert rows["clock"][6] == "300000"


def test_what_the_reruns_added_is_shown_under_the_games_method():
    data = {"windmill": {"deals": 300, "won": 280, "lost": 10, "unknown": 10, "node_limit": 50000,
                         "solver": "narrow beams; lost deals stay unknown",
                         "reruns": [{"node_limit": 500000, "deals": 30, "won": 6, "lost": 0},  # older: says nothing
                                    {"node_limit": 1000000, "deals": 24, "won": 4, "lost": 10,
                                     "solver": "a dig-out proof of loss <b>"}]}}
    russian = {"windmill": {"narrow beams; lost deals stay unknown": "узкие лучи; проигрыши остаются нерешёнными",
                            "a dig-out proof of loss <b>": "доказательство проигрыша «откапыванием» <b>"}}
    item = table(data, russian).find(".//details[@class='solver-methods']//li")
    text = "".join(item.itertext())
    assert text.startswith("Мельница: узкие лучи; проигрыши остаются нерешёнными")
    assert text.endswith("Нерешённые ещё раз при 1000000: доказательство проигрыша «откапыванием» <b>")  # as text
    assert "500000" not in text and "beams" not in text


def test_a_method_without_its_russian_text_is_not_shown_in_english():
    data = {"windmill": {"deals": 10, "won": 10, "lost": 0, "unknown": 0, "solver": "narrow beams",
                         "reruns": [{"node_limit": 500000, "deals": 1, "solver": "a dig-out proof"}]}}
    text = "".join(table(data, {"windmill": {"another text": "другой текст"}}).find(
        ".//details[@class='solver-methods']//li").itertext())
    assert "beams" not in text and "dig-out" not in text
    assert "ещё не переведено" in text and "METHOD в pipeline/solve/games/windmill.py" in text
    assert "RERUN_METHOD в pipeline/solve/games/windmill.py" in text


def recorded_texts(entry: dict) -> list:
    return [entry.get("solver")] + [r.get(k) for r in winnability.reruns(entry) for k in ("solver", "note")]


def test_every_method_the_results_record_has_its_russian_text():
    """Each solver's method text recorded with the figures (results/winnability.json) is in
    source/editorial/solver-methods.json: a METHOD changed and re-run needs its Russian there."""
    data = winnability.load(ROOT / "results" / "winnability.json")
    russian = winnability.load_methods()
    missing = [(slug, text[:60]) for slug, entry in data.items()
               for text in recorded_texts(entry)
               if text and text not in russian.get(slug, {})]
    assert missing == []
    listed = {(slug, en) for slug, texts in russian.items() for en in texts}
    recorded = {(slug, text) for slug, entry in data.items()
                for text in recorded_texts(entry) if text}
    assert listed <= recorded, "a Russian text for a method no result records: drop it"
    assert not any(re.search(r"\b[A-Za-z]+ [A-Za-z]+ [A-Za-z]+\b", ru) for t in russian.values() for ru in t.values())


def test_a_reruns_note_on_its_budget_is_shown_with_its_limit():
    data = {"windmill": {"deals": 300, "won": 280, "lost": 10, "unknown": 10, "node_limit": 50000, "solver": "beams",
                         "reruns": [{"node_limit": 1000000, "deals": 24, "won": 4, "lost": 10, "solver": "proofs",
                                     "note": "10 s a deal at most"}]}}
    item = table(data, {"windmill": {"10 s a deal at most": "не более 10 с на раздачу"}}).find(
        ".//details[@class='solver-methods']//li")
    assert "".join(item.itertext()).endswith("Ещё раз при 1000000: не более 10 с на раздачу")


def test_the_python_that_ran_the_solver_is_named_with_its_seconds():
    data = {"shah": {"deals": 10, "won": 5, "lost": 5, "unknown": 0, "seconds": 20.0, "seconds_per_deal": 2.0,
                     "interpreter": "CPython 3.11.7",
                     "reruns": [{"node_limit": 9, "deals": 1, "won": 0, "lost": 1, "interpreter": "PyPy 3.9.16"}]},
            "windmill": {"deals": 10, "won": 9, "lost": 0, "unknown": 1, "seconds": 8.0,
                         "interpreter": "CPython 3.11.7, PyPy 3.9.16",  # extended under the other
                         "reruns": [{"node_limit": 9, "deals": 1, "won": 0, "lost": 0, "interpreter": "PyPy 3.9.16"}]},
            "clock": {"deals": 100, "won": 100, "lost": 0, "unknown": 0, "seconds": 30.0}}
    rows = {r.get("data-slug"): ["".join(td.itertext()) for td in r.findall("td")]
            for r in table(data).findall(TECHNICAL)}
    assert rows["shah"][7] == "20 с (2,000 с на раздачу); CPython 3.11.7, PyPy 3.9.16"
    assert rows["windmill"][7] == "8 с; CPython 3.11.7, PyPy 3.9.16"  # each Python named once
    assert rows["clock"][7] == "30 с"  # an older entry that does not say


def test_each_games_interval_is_held_against_its_target_and_the_wide_ones_say_why():
    data = {
        "windmill": {"deals": 3000, "won": 2800, "lost": 100, "unknown": 100, "wilson_low": 0.90,
                     "wilson_high": 0.93, "interval_target": 0.02},  # ±1.5: within
        "shah": {"deals": 3000, "won": 900, "lost": 600, "unknown": 1400, "wilson_low": 0.30, "wilson_high": 0.80,
                 "interval_target": 0.02},  # ±25
        "blockade": {"deals": 225, "won": 137, "lost": 0, "unknown": 88, "wilson_low": 0.5, "wilson_high": 1.0,
                     "interval_target": 0.02},  # ±25, no loss proved
        "sympathy": {"deals": 20000, "won": 3000, "lost": 17000, "unknown": 0, "wilson_low": 0.145,
                     "wilson_high": 0.155, "interval_target": 0.005},  # ±0.5 exactly: within its own target
        "clock": {"deals": 100, "won": 100, "lost": 0, "unknown": 0},  # no target stored: not judged
    }
    said = "".join(table(data).find(".//p[@class='precision']").itertext())
    assert said.startswith("Цель — 95 % интервал не шире ±2 процентных пунктов ([Симпатія] — ±0,5). "
                           "Она достигнута для 2 игр из 4. Шире цели: "
                           "Шахъ — ±25,0 (раздач 3000, нерешённых 1400, проигрыш доказан для 600); "
                           "Блокада — ±25,0 (раздач 225, нерешённых 88, проигрыш не доказан ни для одной). "
                           "Нерешённые раздачи учтены в интервале дважды")
    one = "".join(table({"clock": dict(data["windmill"])}).find(".//p[@class='precision']").itertext())
    assert one == "Цель — 95 % интервал не шире ±2 процентных пунктов. Она достигнута для 1 игры из 1."
    assert table({"clock": data["clock"]}).find(".//p[@class='precision']") is None
    few = {"deals": 50, "won": 25, "lost": 25, "unknown": 0, "wilson_low": 0.37, "wilson_high": 0.63,
           "interval_target": 0.02}  # ±13, every deal settled
    said = "".join(table({"zodiac": few}).find(".//p[@class='precision']").itertext())
    assert said.endswith("Шире цели: Зодіакъ — ±13,0 (раздач 50, все решены: нужно больше раздач).")


def test_a_solver_with_a_lab_journal_links_to_it_and_one_without_does_not():
    entry = {"deals": 10, "won": 5, "lost": 5, "unknown": 0, "win_rate": 0.5, "wilson_low": 0.2, "wilson_high": 0.8,
             "node_limit": 100, "computed": "2026-12-01", "solver": "Depth-first."}
    edition = load(ROOT / "edition", ROOT / "source/editorial/games.json")
    root = winnability.page(edition, {"windmill": entry, "zodiac": dict(entry)}, "winnability/",
                            frozenset({"windmill"}))
    links = [a.get("href") for a in root.iter("a") if a.text == "Журнал решателя"]
    assert links == ["../solvers/windmill/"]


def test_every_solver_journal_in_docs_names_its_solver_module():
    """The lab journals moved out of the solver docstrings: each names the module whose history it keeps, and that
    module's docstring points back to it."""
    for page in sorted((ROOT / "docs" / "solvers").glob("*.md")):
        module = ROOT / "pipeline" / "solve" / "games" / f"{page.stem.replace('-', '_')}.py"
        assert module.is_file(), page
        assert f"docs/solvers/{page.stem}.md" in module.read_text(encoding="utf-8"), module


def test_an_entry_computed_under_other_rules_is_marked_as_being_recomputed():
    from pipeline.engine import registry
    now = registry.get("windmill").fingerprint()
    entry = {"deals": 300, "won": 168, "lost": 0, "unknown": 132, "win_rate": 0.56, "wilson_low": 0.503,
             "wilson_high": 1.0, "node_limit": 10000, "computed": "2026-11-29"}
    rows = table({"windmill": {**entry, "rules_fingerprint": "0" * 16}}).findall(TECHNICAL)
    text = "".join(rows[0].itertext())
    assert "пересчитывается: правила исправлены" in text and "56,0" not in text
    rows = table({"windmill": {**entry, "rules_fingerprint": now}}).findall(TECHNICAL)
    assert "не менее 56,0 %" in "".join(rows[0].itertext())


def test_readers_see_how_often_each_game_is_won_how_sure_and_the_method_and_no_more():
    data = {"windmill": {"deals": 300, "won": 168, "lost": 0, "unknown": 132, "win_rate": 0.56, "wilson_low": 0.503,
                         "wilson_high": 1.0, "node_limit": 10000, "computed": "2026-11-29", "seconds": 12.5},
            "zodiac": {"deals": 10, "won": 1, "lost": 9, "unknown": 0, "win_rate": 0.1, "wilson_low": 0.018,
                       "wilson_high": 0.404, "node_limit": 5000}}
    edition = load(ROOT / "edition", ROOT / "source/editorial/games.json")
    root = winnability.page(edition, data, "winnability/", frozenset({"windmill"}))
    rows = root.findall(SUMMARY)
    assert [r.get("data-slug") for r in rows] == ["windmill", "zodiac"]
    cells = [["".join(c.itertext()).strip() for c in r] for r in rows]
    assert cells[0] == ["Мельницажурнал решателя", "не менее 56,0 %из 300 раздач", "от 50,3 до 100,0 %"]
    assert cells[1] == ["Зодіакъ Зодиако методе", "10,0 %из 10 раздач", "от 1,8 до 40,4 %"]  # both spellings: CSS
    assert rows[1].find("th/a/w-o").text == "Зодіакъ" and rows[1].find("th/a/w-r").text == "Зодиак"  # shows one
    assert rows[0].find(".//a[@href='../solvers/windmill/']") is not None
    assert rows[1].findall(".//a")[-1].get("href") == "#method" and root.find(".//h2[@id='method']") is not None
    summary = "".join(root.find(".//div[@class='winnability-summary']").itertext())
    for technical in ("Предел", "Вычислено", "2026-11-29", "10000", "12 с"):
        assert technical not in summary, technical  # limits, dates, seconds: only in the folded table
    assert root.find(".//details[@class='winnability-technical']").get("open") is None
