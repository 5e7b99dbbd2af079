"""`edition play` and `edition games`: odd deal numbers give a one-line error, the score is out of what the
foundations can hold."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pipeline.engine import registry


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pipeline", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("deal", ["0", "-1", str(2 ** 64), "abc", "1.5"])
def test_bad_deal_numbers_give_one_error_line_and_no_traceback(deal):
    out = run("play", "windmill", f"--deal={deal}")
    assert out.returncode != 0
    assert "Traceback" not in out.stderr
    assert [line for line in out.stderr.splitlines() if "error" in line] and "deal" in out.stderr


def test_the_largest_deal_plays():
    assert run("play", "windmill", f"--deal={2 ** 64 - 1}").returncode == 0


def test_score_is_out_of_the_cards_the_foundations_can_hold():
    # Shah and the Empress declare foundations that hold 96 of their 104 cards
    assert registry.get("shah").max_score == 96 and registry.get("empress-of-india").max_score == 96
    assert registry.get("windmill").max_score == 104 and registry.get("calculation").max_score == 52
    assert "/96 cards" in run("play", "shah", "--deal=1").stdout

