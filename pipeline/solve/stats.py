"""Win rates over many deals: the solver's verdicts (perfect information) and a player who does not peek, with 95 %
Wilson intervals in which the unknown deals bound the rate (counted once as wins, once as losses)."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Iterable

from pipeline.engine import registry
from pipeline.engine.policies import play
from .search import LOST, WON, search_for, solve_deal

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (wins out of n)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    den = 1 + z * z / n
    return max(0.0, (centre - half) / den), min(1.0, (centre + half) / den)


def bounded_interval(won: int, unknown: int, n: int) -> tuple[float, float]:
    """Low end: unknowns counted as losses; high end: counted as wins."""
    return wilson(won, n)[0], wilson(won + unknown, n)[1]


@dataclass
class Tally:
    deals: int = 0
    won: int = 0
    lost: int = 0
    unknown: int = 0
    seconds: float = 0.0
    nodes: int = 0
    unknown_deals: list[int] = field(default_factory=list)

    def add(self, deal: int, status: str, seconds: float, nodes: int = 0) -> None:
        self.deals += 1
        self.seconds += seconds
        self.nodes += nodes
        if status == WON:
            self.won += 1
        elif status == LOST:
            self.lost += 1
        else:
            self.unknown += 1
            self.unknown_deals.append(deal)

    def interval(self) -> tuple[float, float]:
        return bounded_interval(self.won, self.unknown, self.deals)

    def half_width(self) -> float:
        low, high = self.interval()
        return (high - low) / 2


def replays_to_a_win(slug: str, deal: int, moves: list[str]) -> bool:
    """Play the move ids through the engine's own `apply` (legal moves looked up by id): is the deal won?"""
    from pipeline.engine.api import find_move

    game = registry.get(slug)
    state, _ = game.new_state(deal)
    for move_id in moves:
        game.apply(state, find_move(game, state, move_id))
    return game.status(state) == "won"


def _solve_one(job: tuple[str, int, int, float]) -> tuple[int, str, float, int]:
    slug, deal, node_limit, timeout = job
    result = solve_deal(slug, deal, node_limit, timeout)
    if result.status == WON and not replays_to_a_win(slug, deal, result.moves):
        raise RuntimeError(f"{slug} deal {deal}: the solver's winning line does not win in the engine")
    return deal, result.status, result.seconds, result.nodes


def _peek_free_one(job: tuple[str, int]) -> tuple[int, str, float, int]:
    slug, deal = job
    start = time.perf_counter()
    _, result = play(registry.get(slug), deal, "greedy")
    return deal, WON if result.won else LOST, time.perf_counter() - start, 0


def tactics_play(slug: str, deal: int, limit: int = 5000) -> bool:
    """A player who does not peek: at each turn the first of the solver's ordered choices (safe moves, pruning and
    the per-game ordering read only face-up cards, the foundations and whether the pack is empty) that does not
    lead back to a position already seen; no search. Returns whether the deal was won."""
    search = search_for(slug)
    game = search.game
    state, _ = game.new_state(deal)
    seen = {search.key(state)}
    for _ in range(limit):
        for move in search.choices(state):
            steps = search.play(state, move)
            key = search.key(state)
            if key not in seen:
                seen.add(key)
                break
            search.unplay(state, steps)
        else:
            break
    return game.won(state)


def _tactics_one(job: tuple[str, int]) -> tuple[int, str, float, int]:
    slug, deal = job
    start = time.perf_counter()
    won = tactics_play(slug, deal)
    return deal, WON if won else LOST, time.perf_counter() - start, 0


def _run(worker, jobs: list, processes: int) -> Iterable[tuple[int, str, float, int]]:
    if processes <= 1:
        return map(worker, jobs)
    import multiprocessing

    pool = multiprocessing.get_context("fork").Pool(processes)
    try:
        return list(pool.imap(worker, jobs, chunksize=4))
    finally:
        pool.close()
        pool.join()


def solve_deals(slug: str, deals: Iterable[int], node_limit: int, timeout: float, jobs: int = 1,
                tally: Tally | None = None) -> Tally:
    """Solve each deal; `jobs` worker processes (multiprocessing)."""
    tally = tally or Tally()
    for deal, status, seconds, nodes in _run(_solve_one, [(slug, d, node_limit, timeout) for d in deals], jobs):
        tally.add(deal, status, seconds, nodes)
    return tally


def peek_free_deals(slug: str, deals: Iterable[int], jobs: int = 1, tally: Tally | None = None,
                    player: str = "greedy") -> Tally:
    """Play each deal without peeking: the engine's greedy policy ("greedy") or `tactics_play` ("tactics")."""
    tally = tally or Tally()
    worker = _peek_free_one if player == "greedy" else _tactics_one
    for deal, status, seconds, nodes in _run(worker, [(slug, d) for d in deals], jobs):
        tally.add(deal, status, seconds, nodes)
    return tally
