"""Malformed calls to the engine's API: only EngineError comes out — never a raw TypeError, KeyError,
RecursionError … — and a corrupted state (cards duplicated or missing, face-down counts out of range, a forged
phase, a history that does not lead to the position) is refused, never played on."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import malformed
from pipeline.engine import api, registry
from pipeline.engine.errors import EngineError
from pipeline.engine.serial import MAX_DEPTH

BASE = malformed.played()
STATES = {slug: malformed.played(slug, deal=3, moves=3, back=1) for slug in ("parterre", "sympathy", "clock")}
STATES["windmill"] = BASE
JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                   max_size=3), max_leaves=8)
ANY = st.one_of(st.sampled_from(malformed.BAD_VALUES), JSONISH, st.integers(min_value=-2 ** 70, max_value=2 ** 70))


def corrupted_state() -> st.SearchStrategy:
    return st.builds(malformed.corrupted, st.sampled_from(list(STATES.values())),
                     st.sampled_from(sorted(malformed.CORRUPTIONS)))


def state_like() -> st.SearchStrategy:
    """Real states, corrupted states, their JSON texts (some cut short), and anything at all."""
    real = st.sampled_from(list(STATES.values()))
    edited = st.builds(lambda s, key, value: {**s, key: value}, real,
                       st.sampled_from(sorted(BASE) + ["x"]), ANY)
    text = st.builds(lambda s, cut: json.dumps(s)[:cut], real, st.integers(0, 5000))
    return st.one_of(real, corrupted_state(), edited, text, ANY)


CALLS = st.one_of(
    st.tuples(st.sampled_from(["describe", "game_info", "layout"]), st.tuples(ANY)),
    st.tuples(st.just("find_move"), st.tuples(ANY, ANY, ANY)),
    st.tuples(st.just("new_game"), st.tuples(ANY | st.sampled_from(list(registry.games())), ANY)),
    st.tuples(st.sampled_from(["apply"]), st.tuples(state_like(), ANY | st.sampled_from(["stock>talon", "x"]))),
    st.tuples(st.sampled_from(["undo", "redo", "legal_moves", "hint", "log"]), st.tuples(state_like())),
    st.tuples(st.just("replay"), st.tuples(ANY | st.fixed_dictionaries({"game": ANY, "deal": ANY, "moves": ANY}))),
)


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(CALLS)
def test_a_malformed_call_raises_engine_error_and_nothing_else(call):
    function, args = call
    try:
        result = malformed.call(function, *args)
    except EngineError as err:
        message = str(err)
        assert message and "\n" not in message and len(message) < 400 and "Traceback" not in message
        assert err.kind in ("game", "deal", "state", "move", "call")
        return
    json.dumps(result)  # a call that was not malformed after all answers JSON


@pytest.mark.parametrize("name", sorted(malformed.CORRUPTIONS))
@pytest.mark.parametrize("slug", sorted(STATES))
def test_a_corrupted_state_is_refused_by_every_function(slug, name):
    try:
        state = malformed.corrupted(STATES[slug], name)
    except (IndexError, StopIteration, KeyError):
        pytest.skip(f"{slug}'s state has nothing to corrupt that way")
    for function in ("legal_moves", "undo", "redo", "hint", "log"):
        with pytest.raises(EngineError) as err:
            malformed.call(function, state)
        assert err.value.kind in ("state", "game"), (function, str(err.value))
    with pytest.raises(EngineError):
        api.apply(state, STATES[slug]["history"][0]["id"])


def test_every_fixed_malformed_call_is_refused_with_engine_error():
    """The benchmark's list (benchmarks/engine_malformed.py counts it): none is accepted, none raises another type."""
    outcomes = {}
    for function, args in malformed.fixed_cases():
        try:
            malformed.call(function, *args)
            outcomes[function, repr(args)[:80]] = "accepted"
        except EngineError:
            pass
        except Exception as err:  # noqa: BLE001 - the test is that none gets here
            outcomes[function, repr(args)[:80]] = type(err).__name__
    assert outcomes == {}


def test_json_too_deep_or_too_large_is_refused_before_parsing():
    for text in (malformed.DEEP, "{\"a\":" * 50_000 + "1" + "}" * 50_000, "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)):
        with pytest.raises(EngineError, match="nested deeper"):
            api.legal_moves(text)
    with pytest.raises(EngineError, match="characters"):
        api.legal_moves(" " * 5_000_000)
    # brackets inside strings are text, not nesting
    with pytest.raises(EngineError, match="bad state"):
        api.legal_moves(json.dumps({"game": "windmill", "deal": 1, "x": "[[[[[[[[[[[[[[[[[[[["}))


@pytest.mark.parametrize("deal", [0, -1, 2 ** 64, 10 ** 5000, True, 1.0, "1", None], ids=["0", "-1", "2**64", "10**5000", "True", "1.0", "text", "None"])
def test_a_deal_out_of_range_is_refused(deal):
    with pytest.raises(EngineError) as err:
        api.new_game("windmill", deal)
    assert err.value.kind == "deal"


def test_the_bounds_of_the_deal_numbers_play():
    assert api.new_game("windmill", 1)["state"]["deal"] == 1
    assert api.new_game("windmill", 2 ** 64 - 1)["state"]["deal"] == 2 ** 64 - 1


def test_a_real_state_and_its_json_text_still_load_and_play():
    for state in STATES.values():
        fresh = json.loads(json.dumps(state))  # not the engine's own object: checked by replay
        moves = api.legal_moves(json.dumps(fresh))
        assert api.legal_moves(fresh) == moves
        assert api.replay(api.log(fresh))["state"]["piles"] == {
            **fresh, **api.replay(api.log(fresh))["state"]}["piles"]
        if moves:
            api.apply(fresh, moves[0]["id"])


def test_an_illegal_move_is_refused_as_a_move():
    with pytest.raises(EngineError) as err:
        api.apply(BASE, "nowhere>anywhere")
    assert err.value.kind == "move" and "not legal" in str(err.value)
