"""`edition solve GAME --deals N [--first D] [--timeout T] [--nodes K] [--jobs J] [--json]`: win rate over deals;
`edition solve GAME --deal N`: the solution of one deal (move ids). Registered by pipeline/cli.py."""
from __future__ import annotations

import argparse
import json

from pipeline.engine.cli import count, deal_number, game_slug, seconds
from pipeline.engine.rng import MASK
from .search import WON, solve_deal
from .stats import peek_free_deals, solve_deals

PERFECT = ("perfect information: the solver sees every card, face-down ones too (Solvitaire's 'thoughtful' "
           "figures), so this is an upper bound on what a player who does not peek can win")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("solve", help="solve deals of a game (perfect information), or print a solution")
    p.add_argument("game", type=game_slug, help="game slug, e.g. parterre (see `edition games`)")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--deals", type=count, help="how many deals to solve, from --first on")
    which.add_argument("--deal", type=deal_number, help="solve this one deal and print its winning moves")
    p.add_argument("--first", type=deal_number, default=1, help="first deal number (default 1)")
    p.add_argument("--timeout", type=seconds, default=10.0, help="seconds per deal before 'unknown' (default 10)")
    p.add_argument("--nodes", type=count, default=2_000_000, help="positions per deal before 'unknown'")
    p.add_argument("--jobs", type=count, default=1, help="worker processes (default 1)")
    p.add_argument("--no-peek", action="store_true", help="also play each deal with the greedy policy, which "
                   "does not look at face-down cards")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_solve, parser=p)


def cmd_solve(args: argparse.Namespace) -> int:
    if args.deal is not None:
        return _one(args)
    if args.first + args.deals - 1 > MASK:
        args.parser.error(f"argument --deals: deals {args.first} … {args.first + args.deals - 1} run past the "
                          f"last deal number, 2**64 - 1 = {MASK}")
    return _many(args)


def _one(args: argparse.Namespace) -> int:
    result = solve_deal(args.game, args.deal, args.nodes, args.timeout)
    if args.json:
        print(json.dumps({"game": args.game, "deal": args.deal, "status": result.status, "moves": result.moves,
                          "nodes": result.nodes, "seconds": round(result.seconds, 3)}))
    else:
        print(f"{args.game} deal {args.deal}: {result.status} ({result.nodes} positions, {result.seconds:.2f} s)")
        if result.status == WON:
            print(" ".join(result.moves))
    return 0


def _many(args: argparse.Namespace) -> int:
    deals = range(args.first, args.first + args.deals)
    tally = solve_deals(args.game, deals, args.nodes, args.timeout, args.jobs)
    low, high = tally.interval()
    out = {"game": args.game, "deals": tally.deals, "first": args.first, "won": tally.won, "lost": tally.lost,
           "unknown": tally.unknown, "win_rate": tally.won / tally.deals, "wilson_low": low, "wilson_high": high,
           "timeout": args.timeout, "node_limit": args.nodes, "seconds_per_deal": tally.seconds / tally.deals,
           "unknown_deals": tally.unknown_deals, "method": PERFECT}
    if args.no_peek:
        greedy = peek_free_deals(args.game, deals, args.jobs)
        g_low, g_high = greedy.interval()
        out["no_peek"] = {"policy": "greedy", "won": greedy.won, "win_rate": greedy.won / greedy.deals,
                          "wilson_low": g_low, "wilson_high": g_high}
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{args.game}: deals {args.first}..{args.first + tally.deals - 1}: won {tally.won}, lost {tally.lost}, "
          f"unknown {tally.unknown}")
    print(f"win rate {100 * out['win_rate']:.1f} %, 95 % interval {100 * low:.1f}–{100 * high:.1f} % "
          f"(unknowns counted as losses, then as wins); {out['seconds_per_deal']:.3f} s a deal")
    if args.no_peek:
        g = out["no_peek"]
        print(f"without peeking (greedy policy): {100 * g['win_rate']:.1f} %, "
              f"95 % interval {100 * g['wilson_low']:.1f}–{100 * g['wilson_high']:.1f} %")
    print(f"({PERFECT})")
    return 0
