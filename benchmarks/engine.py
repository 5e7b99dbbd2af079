"""Engine speed per game: legal-move generations, apply+undo and play+unplay (the solver's pair) per second,
on positions from random play.

    python benchmarks/engine.py [--seconds 1.0]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pipeline.engine import registry  # noqa: E402
from pipeline.engine.rng import SplitMix64  # noqa: E402


def positions(game, count: int = 200):
    """States reached by random legal play over several deals (each a fresh state at a random depth)."""
    rng = SplitMix64(2026)
    out = []
    deal = 1
    while len(out) < count:
        state, _ = game.new_state(deal)
        depth = rng.below(60)
        for _ in range(depth):
            moves = game.legal_moves(state)
            if not moves:
                break
            game.apply(state, moves[rng.below(len(moves))])
        if game.legal_moves(state):
            out.append(state)
        deal += 1
    return out


def rate(fn, seconds: float) -> float:
    n, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        fn()
        n += 1
    return n / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    print(f"{'game':<14} {'legal_moves/s':>14} {'apply+undo/s':>14} {'play+unplay/s':>15}")
    for slug, game in registry.games().items():
        states = positions(game)
        i = 0

        def gen() -> None:
            nonlocal i
            game.legal_moves(states[i % len(states)])
            i += 1

        pairs = [(s, game.legal_moves(s)[0]) for s in states]

        def apply_undo() -> None:
            nonlocal i
            state, move = pairs[i % len(pairs)]
            game.apply(state, move)
            game.undo(state)
            state.future.pop()
            i += 1

        def play_unplay() -> None:
            nonlocal i
            state, move = pairs[i % len(pairs)]
            game.unplay(state, game.play(state, move))
            i += 1

        print(f"{slug:<14} {rate(gen, args.seconds):>14,.0f} {rate(apply_undo, args.seconds):>14,.0f} "
              f"{rate(play_unplay, args.seconds):>15,.0f}")


if __name__ == "__main__":
    main()
