"""Parterre's loss proof (`parterre._blocked`, the exhaustive phase's cut) on won deals: it must never call a
position of a won deal's winning line blocked, and the exhaustive phase with the cut must never call a won deal
lost. Solves deals FIRST.. with the table's first pass (NODE_LIMIT positions); for each won one, checks every
position of its winning line, then runs the exhaustive phase with the cut from the start (the compiled one when
built) at --limit positions. Prints the counts; exits non-zero on any position or deal wrongly called lost.

    python benchmarks/parterre_blocked.py [--first 1] [--deals 250] [--limit 300000]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.engine import registry  # noqa: E402
from pipeline.solve.games import parterre as P  # noqa: E402
from pipeline.solve.search import LOST, WON  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--limit", type=int, default=300_000)
    args = parser.parse_args()
    game = registry.get("parterre")
    won = positions = exhausted_won = exhausted_unknown = 0
    wrong: list[str] = []
    start = time.perf_counter()
    for deal in range(args.first, args.first + args.deals):
        state, _ = game.new_state(deal)
        model = P._from_engine(game, state)[0]
        model.safe_plays([])
        status, line, _ = P._search(model, P.NODE_LIMIT, None)
        if status != WON:
            continue
        won += 1
        for m in P._positions_on(model, line):
            positions += 1
            if P._blocked(m):
                wrong.append(f"deal {deal}: a position of its winning line called blocked")
                break
        verdict = P._exhaust_phase(model, args.limit, None)[0]
        if verdict == LOST:
            wrong.append(f"deal {deal}: won, but the exhaustive phase with the cut calls it lost")
        exhausted_won += verdict == WON
        exhausted_unknown += verdict not in (WON, LOST)
    print(f"deals {args.first}..{args.first + args.deals - 1}: {won} won at {P.NODE_LIMIT} positions; "
          f"{positions} positions on their winning lines, none blocked: {not wrong}; the exhaustive phase with the "
          f"cut at {args.limit}: {exhausted_won} won, {exhausted_unknown} unknown, 0 lost: {not wrong}; "
          f"{time.perf_counter() - start:.0f} s, load average {os.getloadavg()[0]:.1f}")
    for w in wrong:
        print(w)
    if wrong:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
