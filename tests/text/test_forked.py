"""forked_map: the answers of a list comprehension, half of them computed in a forked child, and the parent's own
answer wherever the child fails."""
import os

import pytest

from pipeline.text import forked

ITEMS = list(range(20))
needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")


def square_and_pid(x: int) -> tuple[int, int]:
    return x * x, os.getpid()


def test_two_shares_of_about_equal_weight_each_in_the_items_order():
    words = ["aaaa", "b", "cc", "ddd", "e"]
    a, b = forked.split(words, weight=len)
    assert sorted(a + b) == [0, 1, 2, 3, 4] and a == sorted(a) and b == sorted(b)
    assert abs(sum(len(words[i]) for i in a) - sum(len(words[i]) for i in b)) <= 1


@needs_fork
def test_the_answers_are_the_comprehensions_and_a_child_computed_some_of_them():
    got = forked.forked_map(square_and_pid, ITEMS, jobs=2)
    assert [a for a, _ in got] == [x * x for x in ITEMS]
    pids = {pid for _, pid in got}
    assert os.getpid() in pids and len(pids) == 2


def test_one_job_or_few_items_stay_in_this_process():
    assert {pid for _, pid in forked.forked_map(square_and_pid, ITEMS, jobs=1)} == {os.getpid()}
    few = ITEMS[:forked.MIN_ITEMS - 1]
    assert {pid for _, pid in forked.forked_map(square_and_pid, few, jobs=2)} == {os.getpid()}


@needs_fork
def test_a_child_that_fails_leaves_its_share_to_the_parent():
    parent = os.getpid()

    def only_here(x: int) -> int:
        if os.getpid() != parent:
            raise RuntimeError("the child fails")
        return x + 1

    assert forked.forked_map(only_here, ITEMS, jobs=2) == [x + 1 for x in ITEMS]


@needs_fork
def test_a_child_killed_by_a_signal_leaves_its_share_to_the_parent():
    parent = os.getpid()

    def dies_there(x: int) -> int:
        if os.getpid() != parent:
            os.kill(os.getpid(), 9)
        return -x

    assert forked.forked_map(dies_there, ITEMS, jobs=2) == [-x for x in ITEMS]


@needs_fork
def test_an_error_of_an_item_is_raised_in_the_parent():
    def bad(x: int) -> int:
        if x == 7:
            raise ValueError("item 7")
        return x

    with pytest.raises(ValueError, match="item 7"):
        forked.forked_map(bad, ITEMS, jobs=2)


@needs_fork
def test_by_default_a_child_is_forked_only_where_a_cpu_is_idle(monkeypatch):
    monkeypatch.setattr(forked, "spare_cpus", lambda: 0.2)
    assert {pid for _, pid in forked.forked_map(square_and_pid, ITEMS)} == {os.getpid()}
    monkeypatch.setattr(forked, "spare_cpus", lambda: 1.0)
    assert len({pid for _, pid in forked.forked_map(square_and_pid, ITEMS)}) == 2


@needs_fork
def test_what_the_child_learnt_is_carried_back_to_the_parent():
    memo: dict[int, int] = {}

    def remembered(x: int) -> int:
        memo[x] = x * x
        return x * x

    given = []
    got = forked.forked_map(remembered, ITEMS, jobs=2, carry=(lambda: (os.getpid(), dict(memo)), given.append))
    assert got == [x * x for x in ITEMS]
    ((pid, learnt),) = given
    assert pid != os.getpid()  # taken in the child, after its share
    assert set(learnt) | set(memo) == set(ITEMS) and not set(learnt) & set(memo)
