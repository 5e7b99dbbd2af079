"""A function over many items, half of them in a forked child where a second CPU is idle.

For a stage whose items are independent — each answer a function of the item and of what the process holds at the
fork, memoized state only — the answers are the same whichever process computes them, so splitting the items between
two processes changes nothing but the time. The child gets a copy of the parent's memory (caches and all) at the fork,
computes its share and sends the answers back pickled through a pipe; the parent computes the other share meanwhile.
Where there is no fork or no idle second CPU, where the items are few, or where the child fails in any way (an error, a
signal, a short or damaged answer), the parent computes what is missing itself: the same answers, or the same error
raised where the stage runs.
"""
from __future__ import annotations

import os
import pickle
import signal
from collections.abc import Callable, Sequence
from typing import TypeVar

Item = TypeVar("Item")
Answer = TypeVar("Answer")

MIN_ITEMS = 8  # fewer items are not worth a fork (a fork and a pickle cost a few milliseconds)
SPARE = 0.5    # the idle CPUs the default asks for before it forks


def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def spare_cpus() -> float:
    """CPUs no other process is using, on average over the last minute (the CPUs less the load average): a fork
    where every CPU is busy only shares out the same CPUs, and its duplicated work (the child's memos start from
    the parent's, then each fills its own) makes the build slower."""
    try:
        return cpus() - os.getloadavg()[0]
    except (AttributeError, OSError):
        return 0.0


def split(items: Sequence[Item], weight: Callable[[Item], int]) -> tuple[list[int], list[int]]:
    """Indices of ``items`` in two shares of about equal weight: heaviest first, each to the lighter share (the
    first share takes ties), each share in the items' order."""
    shares: tuple[list[int], list[int]] = ([], [])
    loads = [0, 0]
    for i in sorted(range(len(items)), key=lambda i: -weight(items[i])):
        k = 0 if loads[0] <= loads[1] else 1
        shares[k].append(i)
        loads[k] += weight(items[i])
    return sorted(shares[0]), sorted(shares[1])


def forked_map(fn: Callable[[Item], Answer], items: Sequence[Item], weight: Callable[[Item], int] = lambda _: 1,
               jobs: int | None = None,
               carry: tuple[Callable[[], object], Callable[[object], None]] | None = None) -> list[Answer]:
    """``[fn(x) for x in items]``, the second share (``split``) computed in a forked child when ``jobs`` is 2 or more
    (default: 2 where more than SPARE CPUs are idle, ``spare_cpus``). ``fn`` must depend on nothing the other items'
    calls change but memos. ``carry``: (take, give) — ``take()`` in the child once its share is done (what its memos
    learnt, picklable) is sent back with its answers and given to ``give`` in the parent."""
    if jobs is None:
        jobs = 2 if spare_cpus() > SPARE else 1
    if jobs < 2 or len(items) < MIN_ITEMS or not hasattr(os, "fork"):
        return [fn(x) for x in items]
    mine, theirs = split(items, weight)
    got: dict[int, Answer] = {}
    child = _start(fn, [items[i] for i in theirs], carry[0] if carry else None)
    try:
        for i in mine:
            got[i] = fn(items[i])
    except BaseException:
        if child is not None:  # the stage fails here: the child's share is not wanted
            os.kill(child[0], signal.SIGKILL)
            _finish(*child)
        raise
    if child is not None:
        answers, learnt = _finish(*child)
        if answers is not None and len(answers) == len(theirs):
            got.update(zip(theirs, answers))
            if carry:
                carry[1](learnt)
    for i in theirs:
        if i not in got:
            got[i] = fn(items[i])  # the child failed: computed here, so an error is raised here
    return [got[i] for i in range(len(items))]


def _start(fn: Callable[[Item], Answer], share: list[Item],
           take: Callable[[], object] | None = None) -> tuple[int, int] | None:
    """Fork a child computing ``fn`` over ``share`` (and then ``take()``); (its pid, the pipe's reading end), or None
    if no fork."""
    try:
        r, w = os.pipe()
    except OSError:
        return None
    try:
        pid = os.fork()
    except OSError:
        os.close(r)
        os.close(w)
        return None
    if pid == 0:  # the child: never returns into the caller's code, never runs its exit handlers or flushes its files
        status = 1
        try:
            os.close(r)
            answers = [fn(x) for x in share]
            data = pickle.dumps((answers, take() if take else None), protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(w, "wb") as f:
                f.write(data)
            status = 0
        finally:
            os._exit(status)
    os.close(w)
    return pid, r


def _finish(pid: int, r: int) -> tuple[list | None, object]:
    """The child's answers and what it carried, or (None, None) where it did not exit cleanly with a whole answer."""
    try:
        with os.fdopen(r, "rb") as f:
            data = f.read()
    except OSError:
        data = b""
    _, status = os.waitpid(pid, 0)
    if status != 0 or not data:
        return None, None
    try:
        answers, learnt = pickle.loads(data)
    except Exception:  # a damaged answer is no answer: the parent computes it
        return None, None
    return (answers, learnt) if isinstance(answers, list) else (None, None)
