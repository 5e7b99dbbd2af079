"""The worker's session (edition_play, under CPython as in Pyodide): a call the engine refuses answers a short
Russian sentence for the player and a one-line detail, never a traceback — before any game, for an illegal move, a
bad deal, an unknown game — and a bug inside is refused the same way; worker.mjs only calls the
operations of its allow-list."""
from __future__ import annotations

import json
import re

import pytest

from pipeline.site.play import edition_play as session
from play_helpers import ROOT


@pytest.fixture
def fresh():
    session._session["now"] = None
    yield session
    session._session["now"] = None


def refused(answer: str) -> dict:
    data = json.loads(answer)
    assert set(data) == {"refused"}, data
    assert "Traceback" not in answer and "File \"" not in answer
    assert re.search("[а-яё]", data["refused"]["message"], re.I), "a Russian sentence for the player"
    assert "\n" not in data["refused"]["detail"]
    return data["refused"]


@pytest.mark.parametrize("op", ["apply", "undo", "redo", "hint", "auto_step", "log"])
def test_every_call_before_a_game_is_refused_in_russian(fresh, op):
    args = ["stock>talon"] if op == "apply" else []
    assert refused(getattr(session, op)(*args))["message"] == "Сначала начните партию."


def test_an_illegal_move_is_refused_and_the_game_goes_on(fresh):
    first = json.loads(session.new_game("windmill", 1))
    answer = refused(session.apply("nowhere>anywhere"))
    assert answer["message"] == "Этот ход невозможен." and "not legal" in answer["detail"]
    for bad in (None, 5, {"id": []}, ["x"], "x" * 10_000):
        assert refused(session.apply(bad))["message"] == "Этот ход невозможен."
    move = first["legal_moves"][0]["id"]
    assert json.loads(session.apply(move))["last"] == move


@pytest.mark.parametrize("deal", [0, -1, 2 ** 64, "abc", "1.5", None, [], True, float("nan"), 1.5])
def test_a_bad_deal_is_refused_in_russian(fresh, deal):
    assert refused(session.new_game("windmill", deal))["message"].startswith("Номер раздачи")


@pytest.mark.parametrize("deal", [7, 7.0, "7"])
def test_a_deal_as_the_page_sends_it_is_taken(fresh, deal):
    assert json.loads(session.new_game("windmill", deal))["state"]["deal"] == 7


@pytest.mark.parametrize("slug", ["nope", "", None, "constructor", "__proto__"])
def test_an_unknown_game_is_refused_in_russian(fresh, slug):
    assert refused(session.new_game(slug, 1))["message"] == "Такой игры в издании нет."


def test_no_entry_point_takes_a_state_from_the_page(fresh):
    """The session keeps the engine's live State in the worker: the page sends move ids and deal numbers only, so
    no state can come back corrupted (the engine's own check of a state given as JSON is api._load's)."""
    import inspect

    for name in ("new_game", "apply", "undo", "redo", "hint", "auto_step", "log"):
        params = inspect.signature(inspect.unwrap(getattr(session, name))).parameters
        assert not {"state", "data"} & set(params), name


def test_a_bug_inside_is_refused_with_a_general_sentence(fresh, monkeypatch, capsys):
    session.new_game("windmill", 1)
    monkeypatch.setattr(session, "steps_for_display", lambda *args, **kw: 1 / 0)
    answer = refused(session.undo())
    assert answer["message"] == session.INTERNAL_RU and answer["detail"] == "ZeroDivisionError"
    assert "ZeroDivisionError" in capsys.readouterr().err  # the traceback goes to the console, for whoever debugs


def test_the_worker_calls_only_the_operations_of_its_allow_list():
    worker = (ROOT / "pipeline" / "site" / "play" / "worker.mjs").read_text("utf-8")
    ops = re.search(r"const OPS = new Map\(\[(.*?)\]\);", worker, re.S)
    assert ops, "OPS is a Map (no inherited names such as constructor or __proto__)"
    assert re.findall(r'\["(\w+)"', ops.group(1)) == ["new_game", "apply", "undo", "redo", "hint", "auto_step", "log"]
    assert "OPS.has(op)" in worker and "OPS[op]" not in worker
