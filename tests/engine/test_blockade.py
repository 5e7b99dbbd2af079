"""Блокада: each test is a sentence of the rules (chapter 8, witness 001)."""
import pytest
from positions import move_ids, pile, play, position

from pipeline.engine import registry

# twelve row cards that neither go to a foundation nor marry one another
ROW = ["9S1", "7S1", "5S1", "9H1", "7H1", "5H1", "9D1", "7D1", "5D1", "9C1", "7C1", "5C1"]


def columns(*cards) -> dict[str, list[str]]:
    return {f"column_{i + 1}": (c if isinstance(c, list) else [c]) for i, c in enumerate(cards)}


@pytest.mark.rule("blockade", "I")
def test_rule_I_every_card_of_the_first_row_is_available():
    game, st = position("blockade", foundation_1=["AS1"], **columns("2S1", "3S1", *ROW[2:]))
    assert "column-1>foundation-1" in move_ids(game, st)
    play(game, st, "column-1>foundation-1")
    assert "column-2>foundation-1" in move_ids(game, st)


@pytest.mark.rule("blockade", "I")
def test_rule_I_only_a_card_with_no_card_below_it_is_available():
    game, st = position("blockade", foundation_1=["AS1"], **columns(["2S1", "KH1"], *ROW[1:]))
    assert not any(i.startswith("column-1>") for i in move_ids(game, st))


@pytest.mark.rule("blockade", "II", "aces")
def test_rule_II_the_foundations_follow_suit():
    game, st = position("blockade", foundation_1=["AS1"], **columns("2H1", "2S2", *ROW[2:]))
    ids = move_ids(game, st)
    assert "column-2>foundation-1" in ids and "column-1>foundation-1" not in ids


@pytest.mark.rule("blockade", "marry", "marry-suit")
def test_marriages_descend_in_suit_reconstructed():
    game, st = position("blockade", **columns("8C2", "7C2", "7H2", "9C2", *ROW[4:]), stock=["KS1"])
    ids = move_ids(game, st)
    assert "column-2>column-1" in ids  # 7♣ on 8♣
    assert "column-3>column-1" not in ids  # 7♥ on 8♣: another suit (the English rule)
    assert "column-4>column-1" not in ids  # 9♣ on 8♣: ascending
    assert next(r for r in game.rules if r.id == "marry-suit").source == "reconstructed"


@pytest.mark.rule("blockade", "fill")
def test_a_space_is_filled_at_once_from_the_pack():
    game, st = position("blockade", foundation_1=["AS1"], **columns("9H2", "2S1", *ROW[2:]), stock=["KD1", "QD2"])
    play(game, st, "column-2>foundation-1")
    assert pile(game, st, "column-2") == ["QD2"] and pile(game, st, "stock") == ["KD1"]


@pytest.mark.rule("blockade", "fill")
def test_spaces_are_filled_at_once_and_stay_empty_once_the_pack_is_out():
    game, st = position("blockade", foundation_1=["AS1"], foundation_2=["AH1"],
                        **columns("9H2", "2S1", "2H1", *ROW[3:]), stock=["KD1"])
    play(game, st, "column-3>foundation-2")
    assert pile(game, st, "column-3") == ["KD1"]
    play(game, st, "column-2>foundation-1")
    assert pile(game, st, "column-2") == []
    assert not any(i.endswith(">column-2") for i in move_ids(game, st))


@pytest.mark.rule("blockade", "row", "rows", "aces")
def test_a_new_row_covers_the_last_and_its_aces_go_up_as_they_appear():
    stock = ["QC1", "JC1", "TC1", "9C2", "8C2", "7C2", "6C2", "5C2", "4C2", "3C2", "2C2", "AD2", "KC2"]
    game, st = position("blockade", **columns(*ROW), stock=["2D2"] + stock)
    play(game, st, "deal")
    assert pile(game, st, "column-1") == ["9S1", "KC2"]
    assert pile(game, st, "foundation-1") == ["AD2"]  # the ace went up while the row was laid
    assert pile(game, st, "column-2") == ["7S1", "2C2"]  # and the next card took its place
    assert pile(game, st, "column-12") == ["5C1", "QC1"]
    assert pile(game, st, "stock") == ["2D2"]  # one card to each of the twelve columns, no more


@pytest.mark.rule("blockade", "once")
def test_no_redeal_a_blocked_game_with_the_pack_out_is_lost():
    game, st = position("blockade", foundation_1=["AS1"], **columns("2S1", *ROW[1:]))
    play(game, st, "column-1>foundation-1")
    assert move_ids(game, st) == set() and game.status(st) == "lost"


@pytest.mark.rule("blockade", "row", "next")
def test_deal_1_is_a_row_of_twelve_with_its_ace_played():
    game = registry.get("blockade")
    st, _ = game.new_state(1)
    assert pile(game, st, "foundation-1") == ["AS1"]
    assert [pile(game, st, f"column-{i}") for i in range(1, 13)] == [[c] for c in [
        "7C2", "4D1", "JH2", "TS2", "JH1", "KH2", "TH2", "8H2", "3H1", "QS1", "8C1", "3D1"]]
    assert len(pile(game, st, "stock")) == 104 - 13
    # by hand: 7♣ on 8♣, 10♥ on J♥ (either of the two), 3♦ on 4♦; no two for the ace; marriages are possible,
    # so no new row yet («если ни то, ни другое невозможно»)
    assert move_ids(game, st) == {"column-1>column-11", "column-7>column-3", "column-7>column-5",
                                  "column-12>column-2"}


@pytest.mark.rule("blockade", "fill", "upper", "I")
def test_a_place_a_row_card_leaves_is_closed_from_the_pack_and_frees_nothing_while_the_pack_lasts():
    # issue 22: a row-2 card played leaves its place, which the pack's next card closes at once
    game, st = position("blockade", foundation_1=["AS1"], **columns(["3S1", "2S1"], *ROW[1:]), stock=["KD1"])
    play(game, st, "column-1>foundation-1")
    assert pile(game, st, "column-1") == ["3S1", "KD1"] and pile(game, st, "stock") == []
    assert "column-1>foundation-1" not in move_ids(game, st)  # the 3♠ stays covered
    # with the pack out the place stays open, and the card above is free (rule I)
    game, st = position("blockade", foundation_1=["AS1"], **columns(["3S1", "2S1"], *ROW[1:]))
    play(game, st, "column-1>foundation-1")
    assert pile(game, st, "column-1") == ["3S1"] and "column-1>foundation-1" in move_ids(game, st)


@pytest.mark.rule("blockade", "marry", "fill")
def test_a_married_card_takes_no_place_so_its_leaving_opens_none():
    clubs = [f"{r}C1" for r in "A23456"]
    game, st = position("blockade", foundation_1=clubs, **columns("8C2", "7C2", *ROW[2:]), stock=["KS1", "QD1"])
    play(game, st, "column-2>column-1")  # 7♣ on 8♣: its own place is closed from the pack
    assert pile(game, st, "column-1") == ["8C2", "7C2"] and pile(game, st, "column-2") == ["QD1"]
    play(game, st, "column-1>foundation-1")  # the married 7♣ goes up: no place opens, the pack is untouched
    assert pile(game, st, "column-1") == ["8C2"] and pile(game, st, "stock") == ["KS1"]


@pytest.mark.rule("blockade", "next", "rows")
def test_a_new_row_only_when_nothing_can_be_played_or_married():
    game, st = position("blockade", foundation_1=["AS1"], **columns("2S1", *ROW[1:]), stock=["KD1", "QD2"])
    assert move_ids(game, st) == {"column-1>foundation-1"}  # a card can go up: no deal
    game, st = position("blockade", **columns("8C2", "7C2", *ROW[2:]), stock=["KS1", "QD1"])
    assert "deal" not in move_ids(game, st)  # a row card can be married: no deal
    game, st = position("blockade", **columns("QD1", *ROW[1:]), stock=["KS1", "JD1"])
    assert move_ids(game, st) == {"deal"}  # neither: the next row


@pytest.mark.rule("blockade", "next")
def test_moving_a_married_card_to_the_other_copy_of_its_host_does_not_hold_up_the_deal():
    game, st = position("blockade", **columns(["KS2", "QS2"], "KS1", *ROW[2:]), stock=["KC1", "QD1"])
    st.vars["m-column-1"] = 1  # the Q♠ was married onto the K♠
    assert move_ids(game, st) == {"column-1>column-2", "deal"}



@pytest.mark.rule("blockade", "next", "fill", "marry")
def test_a_new_rows_card_is_a_place_of_its_own_whatever_is_married_on_the_place_it_covers():
    # 7♣ married on 8♣, nothing to play or marry: the next row covers them with the 2♠; the 2♠ goes up and its
    # place is closed from the pack, so the 8♣ and its 7♣ stay covered while the pack lasts
    new_row = ["KS1", "JS1", "KH1", "JH1", "KD1", "JD1", "KC1", "JC1", "9S2", "9H2", "9D2"][::-1]
    game, st = position("blockade", foundation_2=["AS1"], **columns(["8C2", "7C2"], *ROW[1:]),
                        stock=["KH2", "QD2"] + new_row + ["2S2"])
    st.vars["m-column-1"] = 1
    assert move_ids(game, st) == {"deal"}
    play(game, st, "deal")
    assert pile(game, st, "column-1") == ["8C2", "7C2", "2S2"] and pile(game, st, "column-12") == ["5C1", "9D2"]
    play(game, st, "column-1>foundation-2")
    assert pile(game, st, "column-1") == ["8C2", "7C2", "QD2"] and pile(game, st, "stock") == ["KH2"]


# --- the variant 'columns' (rule I and p2 read by columns; the module's docstring argues both readings) ----------


def by_columns(**piles):
    game, st = position("blockade", **piles)
    st.vars["variant"] = "columns"
    return game, st


@pytest.mark.rule("blockade", "columns-I", "I", "fill")
def test_columns_a_card_leaving_a_lower_row_frees_the_card_above_which_the_default_covers_again():
    # «Снимая одну изъ картъ нижнихъ рядовъ, тѣмъ самымъ освобождаютъ одну изъ картъ, непосредственно лежащую выше»
    piles = dict(foundation_1=["AS1"], **columns(["3S1", "2S1"], *ROW[1:]), stock=["KD1"])
    game, st = by_columns(**piles)
    play(game, st, "column-1>foundation-1")
    assert pile(game, st, "column-1") == ["3S1"] and pile(game, st, "stock") == ["KD1"]  # nothing from the pack
    assert "column-1>foundation-1" in move_ids(game, st)  # the 3♠ is free and may be played
    # the edition's reading: the place the 2♠ left is closed at once from the pack, and the 3♠ stays covered
    game, st = position("blockade", **piles)
    play(game, st, "column-1>foundation-1")
    assert pile(game, st, "column-1") == ["3S1", "KD1"] and "column-1>foundation-1" not in move_ids(game, st)


@pytest.mark.rule("blockade", "columns-I", "marry")
def test_columns_a_lower_row_card_married_away_frees_the_card_above_too():
    game, st = by_columns(foundation_1=["AS1", "2S1"], **columns(["3S1", "7C2"], "8C2", *ROW[2:]),
                          stock=["KD1", "QD2"])
    play(game, st, "column-1>column-2")  # 7♣ on 8♣
    assert pile(game, st, "column-1") == ["3S1"] and pile(game, st, "column-2") == ["8C2", "7C2"]
    assert pile(game, st, "stock") == ["KD1", "QD2"] and "column-1>foundation-1" in move_ids(game, st)


@pytest.mark.rule("blockade", "columns-fill", "columns-upper", "columns-I", "rows")
def test_columns_only_an_emptied_column_is_closed_from_the_pack_at_once_and_before_a_new_row():
    # «свободныя мѣста немедленно же закрываются новыми картами, взятыми изъ колоды»; «пустыя мѣста открываются въ
    # верхнихъ рядахъ: мѣста эти должны быть прежде всего закрыты новыми картами»
    new_row = ["KS1", "KH1", "KC1", "KS2", "KH2", "KC2", "QS1", "QH1", "QC1", "QS2", "QH2", "QC2"]
    stock = ["JD1"] + new_row[::-1] + ["KD1"]  # the top last: K♦ first, then the twelve cards of a row
    game, st = by_columns(foundation_1=["AS1"], **columns(["4S1", "3S1", "2S1"], ROW[1], "KD2", *ROW[3:]),
                          stock=stock)
    play(game, st, "column-1>foundation-1")
    play(game, st, "column-1>foundation-1")
    assert pile(game, st, "column-1") == ["4S1"] and len(pile(game, st, "stock")) == 14  # lower rows: no place
    play(game, st, "column-1>foundation-1")  # the whole column is gone: its place, in the first row, is free
    assert pile(game, st, "column-1") == ["KD1"] and len(pile(game, st, "stock")) == 13  # closed at once
    assert all(pile(game, st, f"column-{i}") for i in range(1, 13))
    assert move_ids(game, st) == {"deal"}  # only now, with nothing to play or marry, the next row
    play(game, st, "deal")
    assert pile(game, st, "column-1") == ["KD1", "KS1"]  # the new row goes under the column's last card
    assert pile(game, st, "column-12") == ["5C1", "QC2"] and pile(game, st, "stock") == ["JD1"]


@pytest.mark.rule("blockade", "columns-fill")
def test_columns_an_emptied_column_stays_empty_once_the_pack_is_out():
    game, st = by_columns(foundation_1=["AS1"], **columns("2S1", *ROW[1:]))
    play(game, st, "column-1>foundation-1")
    assert pile(game, st, "column-1") == [] and not any(i.endswith(">column-1") for i in move_ids(game, st))


@pytest.mark.rule("blockade", "next", "rows")
@pytest.mark.parametrize("variant", ["", "columns"])
def test_no_new_row_while_a_card_can_be_played_or_married_in_either_reading(variant):
    # «Въ случаѣ, если ни то, ни другое невозможно, то раскладываютъ новый рядъ картъ»
    def at(**piles):
        game, st = position("blockade", **piles)
        if variant:
            st.vars["variant"] = variant
        return game, st

    game, st = at(foundation_1=["AS1"], **columns("2S1", *ROW[1:]), stock=["KD1", "QD2"])
    assert move_ids(game, st) == {"column-1>foundation-1"}  # a play: no deal
    game, st = at(foundation_1=["AS1"], **columns(["2S1", "KH1"], *ROW[1:]), stock=["KD1", "QD2"])
    assert move_ids(game, st) == {"deal"}  # the 2♠ is covered: nothing to play, the next row
    game, st = at(**columns("QD1", "JD2", *ROW[2:]), stock=["KS1", "QS1"])
    assert move_ids(game, st) == {"column-2>column-1"}  # a marriage: no deal
    game, st = at(**columns(["KS2", "QD1"], ["KH2", "JD2"], *ROW[2:]), stock=["KS1", "QS1"])
    assert move_ids(game, st) == {"column-2>column-1"}  # a lower-row card married: no deal either
    game, st = at(**columns("QD1", *ROW[1:]), stock=["KS1", "JD1"])
    assert move_ids(game, st) == {"deal"}  # neither: the next row


@pytest.mark.rule("blockade", "next", "columns-I")
def test_columns_moving_a_card_from_one_copy_of_its_host_to_the_other_does_not_hold_up_the_deal():
    # the Q♠ lies on a K♠: moving it onto the other K♠ gives the same position but for which pack's copy lies where
    game, st = by_columns(**columns(["KS2", "QS2"], "KS1", *ROW[2:]), stock=["KC1", "QD1"])
    assert move_ids(game, st) == {"column-1>column-2", "deal"}
    # a Q♠ alone in its column empties it by moving: its place is closed from the pack, a real change, so no deal
    game, st = by_columns(**columns("QS2", "KS1", *ROW[2:]), stock=["KC1", "QD1"])
    assert move_ids(game, st) == {"column-1>column-2"}
    play(game, st, "column-1>column-2")
    assert pile(game, st, "column-1") == ["QD1"] and pile(game, st, "column-2") == ["KS1", "QS2"]


def legal_by_columns(game, st) -> set[str]:
    """The legal moves of the variant 'columns', from the text: a column's last card (no card below it) to a
    foundation of its suit one rank up (an ace to the first empty one) or onto another column's last card of its
    suit one rank up (a marriage, rule 'marry-suit'); a new row only when the pack lasts and there is no play and no
    marriage but moving a card from one copy of its host to the other."""
    def p(name):
        return st.piles[game.index[name]]

    cols = [f"column-{i}" for i in range(1, 13)]
    founds = [f"foundation-{i}" for i in range(1, 9)]
    out, blocking = set(), False
    for src in cols:
        if not p(src):
            continue
        card = p(src)[-1]
        r, s = card % 13, card // 13 % 4
        if r == 0:
            out.add(f"{src}>{next(f for f in founds if not p(f))}")
            blocking = True
        for f in founds:
            if p(f) and p(f)[-1] // 13 % 4 == s and p(f)[-1] % 13 == r - 1:
                out.add(f"{src}>{f}")
                blocking = True
        for dst in cols:
            if dst != src and p(dst) and p(dst)[-1] % 52 == card % 52 + 1 and r < 12:
                out.add(f"{src}>{dst}")
                if not (len(p(src)) > 1 and p(src)[-2] % 52 == p(dst)[-1] % 52):
                    blocking = True
    if p("stock") and not blocking:
        out.add("deal")
    return out


@pytest.mark.rule("blockade", "columns-I", "columns-fill", "columns-upper")
def test_columns_the_engine_offers_exactly_the_moves_the_text_allows_and_closes_only_emptied_columns():
    import random
    game, positions = registry.get("blockade"), 0
    for deal in range(1, 13):
        rng = random.Random(deal)
        st, _ = game.new_state(deal, "columns")
        while len(st.history) < 300:
            moves = game.legal_moves(st)
            assert {m.id for m in moves} == legal_by_columns(game, st), f"deal {deal}, move {len(st.history)}"
            positions += 1
            if not moves:
                break
            move = rng.choice(moves)
            src = move.steps[0][1]
            before = [list(x) for x in st.piles]
            game.apply(st, move)
            if move.kind != "deal":  # the card left its column; only an emptied column took the pack's next card
                stock = game.index["stock"]
                if len(before[src]) == 1 and before[stock]:
                    assert st.piles[src] == [before[stock][-1]] and st.piles[stock] == before[stock][:-1]
                else:
                    assert st.piles[src] == before[src][:-1] and st.piles[stock] == before[stock]
            assert not any(k.startswith("m-") for k in st.vars)
    assert positions > 1000


@pytest.mark.rule("blockade", "columns-I")
def test_columns_the_variant_is_offered_by_the_api_and_travels_with_the_state():
    from pipeline.engine import api
    info = api.describe("blockade")
    assert [v["id"] for v in info["variants"]] == ["columns"]
    assert {r["id"] for r in info["rules"] if r["variant"] == "columns"} == {"columns-I", "columns-fill",
                                                                              "columns-upper"}
    plain, other = api.new_game("blockade", 1), api.new_game("blockade", 1, "columns")
    assert other["state"]["vars"]["variant"] == "columns" and "variant" not in plain["state"]["vars"]
    move = sorted(m["id"] for m in other["legal_moves"])[0]
    after = api.apply(other["state"], move)
    record = api.log(after["state"])
    assert record["variant"] == "columns" and api.replay(record)["state"] == after["state"]


def test_the_variant_leaves_the_editions_rules_fingerprint_alone():
    """The winnability table's Blockade figures are of the edition's reading (solve_deal deals with no variant);
    a variant adds a reading the player may choose and changes nothing the default plays."""
    import json
    from pathlib import Path
    table = json.loads((Path(__file__).resolve().parents[2] / "results" / "winnability.json").read_text())
    assert registry.get("blockade").fingerprint() == table["blockade"]["rules_fingerprint"]


@pytest.mark.rule("blockade", "columns-fill")
def test_columns_a_variant_state_the_engine_did_not_hand_out_is_checked_by_replay_in_its_own_reading():
    """A state read back from JSON (a saved game, another session) is replayed from its deal: in the variant's
    reading, not the edition's, or every variant game would be refused as a state the game cannot be in."""
    from pipeline.engine import api, serial
    state = api.new_game("blockade", 3, "columns")["state"]
    for _ in range(6):
        moves = sorted(m["id"] for m in api.legal_moves(state))
        state = api.apply(state, moves[0])["state"]
    serial._PRODUCED.clear()  # as in a fresh session: nothing vouches for the state but its history
    assert {m["id"] for m in api.legal_moves(state)} == {m.id for m in registry.get("blockade").legal_moves(
        serial.state_from_json(registry.get("blockade"), state))}
    serial._PRODUCED.clear()
    with pytest.raises(ValueError):
        api.legal_moves({**state, "vars": {**state["vars"], "variant": "rows"}})
