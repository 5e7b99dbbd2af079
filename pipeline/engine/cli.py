"""`edition games` and `edition play GAME --deal N`: registered by pipeline/cli.py."""
from __future__ import annotations

import argparse
import json
import sys

from . import api, registry
from .policies import play
from .rng import MASK


def register(subparsers: argparse._SubParsersAction) -> None:
    games = subparsers.add_parser("games", help="list the playable games")
    games.add_argument("--json", action="store_true", help="print JSON")
    games.set_defaults(func=cmd_games)
    p = subparsers.add_parser("play", help="play a deal to the end with an automatic policy")
    p.add_argument("game", type=game_slug, help="game slug, e.g. windmill (see `edition games`)")
    p.add_argument("--deal", type=deal_number, required=True, help="deal number, 1 or more")
    p.add_argument("--policy", choices=("random", "greedy"), default="greedy")
    p.add_argument("--seed", type=int, default=1, help="seed of the random policy")
    p.add_argument("--json", action="store_true", help="print JSON, with the deal's initial layout")
    p.add_argument("--variant", default="", metavar="NAME",
                   help="another reading of the rules that the game offers (see `edition games --json`: variants)")
    p.set_defaults(func=cmd_play)


def deal_number(text: str) -> int:
    """A deal number 1 … 2**64 - 1, else argparse's one-line error (no traceback)."""
    try:
        deal = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 1 <= deal <= MASK:  # 0 and negatives have no deal; the seed is 64 bits
        raise argparse.ArgumentTypeError(f"deal numbers run from 1 to 2**64 - 1 = {MASK}, got {deal}")
    return deal


def game_slug(text: str) -> str:
    """A registered game's slug, else argparse's one-line error naming the known games."""
    if text not in registry.games():
        raise argparse.ArgumentTypeError(f"no game {text!r}; known games: {', '.join(registry.games())}")
    return text


def count(text: str) -> int:
    """A whole number 1 or more (how many deals, positions, worker processes)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {n}")
    return n


def seconds(text: str) -> float:
    """A positive, finite number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds and finite, got {text}")
    return value


def cmd_games(args: argparse.Namespace) -> int:
    info = api.list_games()
    if args.json:
        print(json.dumps(info, ensure_ascii=False, indent=1))
        return 0
    for g in info:
        title = f"[{g['title_ru']}]" if g["title_supplied"] else g["title_ru"]  # [..] = title supplied by the editor
        print(f"{g['slug']} — {title} / {g['title_en']}; packs {g['decks']}, players {g['players']}")
        cited = [f"{r['id']} ({r['cite'] or 'no sentence cited'}{'; variant ' + r['variant'] if r['variant'] else ''})"
                 for r in g["rules"] if r["source"] == "text"]
        print(f"    from the text: {', '.join(cited) or '-'}")
        for r in g["rules"]:
            if r["source"] == "reconstructed":
                print(f"    reconstructed: {r['id']} ({r['en']}) from {r['origin']}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    if args.variant and args.variant not in game.variants:
        offered = ", ".join(game.variants) or "none"
        print(f"edition play: error: argument --variant: {game.slug} has no variant {args.variant!r} "
              f"(offered: {offered})", file=sys.stderr)
        return 2
    initial = api.new_game(args.game, args.deal, args.variant)["state"]["piles"]
    state, result = play(game, args.deal, args.policy, args.seed, variant=args.variant)
    if args.json:
        print(json.dumps({"game": game.slug, "deal": args.deal, "variant": args.variant or None,
                          "policy": args.policy, "won": result.won,
                          "status": result.status, "moves": result.moves, "foundations": result.score,
                          "initial": initial, "log": result.log}, ensure_ascii=False))
    else:
        print(f"{game.slug} deal {args.deal} ({args.policy}): {result.status}, {result.moves} moves, "
              f"{result.score}/{game.max_score} cards on the foundations")
    return 0
