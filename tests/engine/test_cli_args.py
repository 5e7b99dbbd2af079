"""Bad arguments to `edition play` and `edition solve` (deal 0, negative, ≥ 2**64, not a number, an unknown game,
ranges running past the last deal) give one error line on stderr and exit code 2, never a traceback."""
from __future__ import annotations

import pytest

from pipeline.cli import main

BAD_DEALS = ["0", "-1", "-18446744073709551615", str(2 ** 64), "9" * 5000, "abc", "1.5", "", "1e3", "0x10",
             "٣\x00"]


def fails_in_one_line(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err, captured.err
    return lines[0]


@pytest.mark.parametrize("deal", BAD_DEALS)
def test_edition_play_refuses_a_bad_deal_in_one_line(capsys, deal):
    line = fails_in_one_line(capsys, ["play", "windmill", f"--deal={deal}"])
    assert line.startswith("edition play: error: argument --deal:")


@pytest.mark.parametrize("deal", BAD_DEALS)
def test_edition_solve_refuses_a_bad_deal_or_first_deal_in_one_line(capsys, deal):
    assert "argument --deal:" in fails_in_one_line(capsys, ["solve", "windmill", f"--deal={deal}"])
    assert "argument --first:" in fails_in_one_line(capsys, ["solve", "windmill", "--deals=1", f"--first={deal}"])


@pytest.mark.parametrize("command", [["play", "--deal=1"], ["solve", "--deal=1"]])
@pytest.mark.parametrize("slug", ["nope", "", "../windmill", "WINDMILL", "windmill\x00"])
def test_an_unknown_game_is_named_with_the_known_ones(capsys, command, slug):
    line = fails_in_one_line(capsys, [command[0], slug, *command[1:]])
    assert "argument game: no game" in line and "windmill" in line


@pytest.mark.parametrize("args", [["--deals=0"], ["--deals=-5"], ["--deals=x"], ["--deals=2", f"--first={2 ** 64 - 1}"],
                                  ["--deal=1", "--timeout=0"], ["--deal=1", "--timeout=inf"],
                                  ["--deal=1", "--timeout=nan"], ["--deal=1", "--nodes=0"], ["--deals=1", "--jobs=0"],
                                  []])
def test_edition_solve_refuses_bad_counts_in_one_line(capsys, args):
    fails_in_one_line(capsys, ["solve", "windmill", *args])


def test_the_last_deal_number_still_plays(capsys):
    assert main(["play", "windmill", f"--deal={2 ** 64 - 1}"]) == 0
    assert "windmill deal 18446744073709551615" in capsys.readouterr().out


def _log(capsys, argv: list[str]) -> list[str]:
    import json

    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)["log"]


def test_edition_play_plays_a_variant_reading_of_the_rules(capsys):
    """Zodiac offers the literal reading of rule I (no marriage between zodiac and equator cards): played in it, no
    equator card ever goes onto a zodiac packet; in the edition's reading the same deals do marry them."""
    def marries(log: list[str]) -> bool:
        return any(m.startswith("equator-") and ">zodiac-" in m for m in log)

    deals = [str(d) for d in (1, 2, 3)]
    assert not any(marries(_log(capsys, ["play", "zodiac", "--deal", d, "--variant", "literal", "--json"]))
                   for d in deals)
    assert all(marries(_log(capsys, ["play", "zodiac", "--deal", d, "--json"])) for d in deals)


@pytest.mark.parametrize("game, variant", [("zodiac", "nope"), ("windmill", "literal"), ("zodiac", "constructor")])
def test_edition_play_refuses_a_variant_the_game_does_not_offer_in_one_line(capsys, game, variant):
    assert main(["play", game, "--deal", "1", "--variant", variant]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert captured.out == "" and len(lines) == 1 and "Traceback" not in captured.err
    assert lines[0].startswith("edition play: error: argument --variant:") and repr(variant) in lines[0]
