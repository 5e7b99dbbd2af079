"""The winnability table: solve deals of every game until the 95 % interval (unknowns counted both ways) is within
±2 points, or a game's time budget is spent; also the win rate of a player who does not peek (greedy policy).
Writes source/solver/winnability.json (merging: games not run keep their old entry).

    python benchmarks/solver.py [GAME ...] [--minutes 6] [--jobs 1] [--max-deals 3000] [--chunk 100]
    python benchmarks/solver.py --no-peek-only        # refresh only the peek-free players' figures

The file maps each game slug to:
    deals, first            deals first .. first+deals-1 were solved
    won, lost, unknown      the solver's verdicts ("unknown": the node limit was reached first)
    win_rate                won / deals (unknowns counted as not won: a lower estimate)
    wilson_low, wilson_high 95 % Wilson interval, unknowns counted as losses (low) and as wins (high)
    timeout, node_limit     per deal (seconds, positions); the node limit is the binding one (reproducible)
    seconds, seconds_per_deal, computed (ISO date), method (text), perfect_information (true)
    unknown_deals           up to 50 deal numbers left unknown, to rerun with a larger budget
    no_peek                 (games that hide cards) {"greedy": {...}, "tactics": {...}}: players who see only
                            face-up cards, each {policy, deals, first, won, win_rate, wilson_low, wilson_high}
    cross_check             (sympathy) the engine-free model's rate over 100 000 deals
"""
from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.engine import registry  # noqa: E402
from pipeline.engine.solver_cli import PERFECT  # noqa: E402
from pipeline.engine.solver_stats import Tally, bounded_interval, peek_free_deals, solve_deals  # noqa: E402

OUT = ROOT / "source" / "solver" / "winnability.json"

# positions searched per deal before 'unknown' (deterministic, unlike a time limit on a shared machine); the
# timeout is only a safety net
NODE_LIMIT = {"sympathy": 10_000}
DEFAULT_NODES = 10_000
TIMEOUT = 60.0


def hidden_cards(slug: str) -> bool:
    """Does the opening position hide any card (a face-down stock or packet)?"""
    game = registry.get(slug)
    state, _ = game.new_state(1)
    return any(state.down)


def node_limit(slug: str) -> int:
    """A per-game solver declares its own limit (pipeline/engine/solvers/<slug>.py: NODE_LIMIT)."""
    from pipeline.engine import solvers

    own = solvers.for_game(slug)
    return getattr(own, "NODE_LIMIT", None) or NODE_LIMIT.get(slug, DEFAULT_NODES)


def solver_method(slug: str) -> str | None:
    from pipeline.engine import solvers

    own = solvers.for_game(slug)
    return getattr(own, "METHOD", None)


def run_game(slug: str, minutes: float, jobs: int, max_deals: int, chunk: int, target: float) -> dict:
    nodes = node_limit(slug)
    tally, start, first = Tally(), time.perf_counter(), 1
    while tally.deals < max_deals:
        deals = range(first + tally.deals, first + tally.deals + chunk)
        solve_deals(slug, deals, nodes, TIMEOUT, jobs, tally)
        elapsed = time.perf_counter() - start
        print(f"  {slug}: {tally.deals} deals, won {tally.won}, lost {tally.lost}, unknown {tally.unknown}, "
              f"±{100 * tally.half_width():.1f} %, {elapsed:.0f} s", flush=True)
        if tally.half_width() <= target or elapsed > 60 * minutes:
            break
    low, high = tally.interval()
    entry = {
        "deals": tally.deals, "first": first, "won": tally.won, "lost": tally.lost, "unknown": tally.unknown,
        "win_rate": round(tally.won / tally.deals, 5), "wilson_low": round(low, 5), "wilson_high": round(high, 5),
        "timeout": TIMEOUT, "node_limit": nodes, "seconds": round(time.perf_counter() - start, 1),
        "seconds_per_deal": round(tally.seconds / tally.deals, 4),
        "computed": datetime.date.today().isoformat(), "method": PERFECT, "perfect_information": True,
        "interval_target": target, "unknown_deals": tally.unknown_deals[:50],
    }
    if (own := solver_method(slug)) is not None:
        entry["solver"] = own
    if hidden_cards(slug) and slug != "sympathy":  # Sympathy has no choices: peeking cannot change its outcome
        entry["no_peek"] = no_peek(slug, jobs, target)
    if slug == "sympathy":
        entry["cross_check"] = sympathy_model()
    return entry


PLAYERS = {
    "greedy": "the engine's greedy policy (pipeline.engine.policies): a card to a foundation first, then marriages "
              "and fills, then turning or dealing; never back to a position already seen",
    "tactics": "the solver's ordering without search (solver_stats.tactics_play): safe moves, pruning and the "
               "per-game move order, first choice not leading back to a position already seen",
}


def no_peek(slug: str, jobs: int, target: float, max_deals: int = 3000, chunk: int = 500) -> dict:
    """Win rates of the two players who see only face-up cards, each over deals 1.. until its 95 % interval is
    within ±target (no unknowns here: a policy's game always ends)."""
    out = {}
    for player, description in PLAYERS.items():
        tally, start = Tally(), time.perf_counter()
        while tally.deals < max_deals and (tally.deals == 0 or tally.half_width() > target):
            peek_free_deals(slug, range(tally.deals + 1, tally.deals + chunk + 1), jobs, tally, player)
        low, high = tally.interval()
        out[player] = {"policy": description, "deals": tally.deals, "first": 1, "won": tally.won,
                       "win_rate": round(tally.won / tally.deals, 5), "wilson_low": round(low, 5),
                       "wilson_high": round(high, 5), "seconds": round(time.perf_counter() - start, 1)}
        print(f"  {slug} without peeking, {player}: {tally.won}/{tally.deals}", flush=True)
    return out


def sympathy_model(deals: int = 100_000) -> dict:
    """Sympathy's rate from the engine-free model (pipeline/engine/solver_sympathy.py) over many more deals."""
    from pipeline.engine.solver_sympathy import win_rate

    start = time.perf_counter()
    won, n = win_rate(range(1, deals + 1))
    low, high = bounded_interval(won, 0, n)
    return {"method": "engine-free model: twin pairs on top removed until none is left (confluent, so the order of "
                      "turning does not matter); graces join the face-up cards", "deals": n, "won": won,
            "win_rate": round(won / n, 5), "wilson_low": round(low, 5), "wilson_high": round(high, 5),
            "seconds": round(time.perf_counter() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="slugs (default: every registered game)")
    parser.add_argument("--minutes", type=float, default=6.0, help="time budget per game")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-deals", type=int, default=3000)
    parser.add_argument("--chunk", type=int, default=100)
    parser.add_argument("--target", type=float, default=0.02, help="half-width of the 95 %% interval to reach")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--no-peek-only", action="store_true", help="refresh only the players who do not peek")
    args = parser.parse_args()
    for slug in args.games or list(registry.games()):
        if args.no_peek_only:
            table = json.loads(args.out.read_text()) if args.out.exists() else {}
            if slug in table and hidden_cards(slug) and slug != "sympathy":
                store(args.out, slug, {**table[slug], "no_peek": no_peek(slug, args.jobs, args.target)})
            continue
        print(f"{slug} …", flush=True)
        e = run_game(slug, args.minutes, args.jobs, args.max_deals, args.chunk, args.target)
        store(args.out, slug, e)
        print(f"{slug}: {100 * e['win_rate']:.1f} % [{100 * e['wilson_low']:.1f}, {100 * e['wilson_high']:.1f}] "
              f"over {e['deals']} deals, {e['seconds']} s", flush=True)


def store(out: Path, slug: str, entry: dict) -> None:
    """Merge one game's entry into the table. Several runs (one per game) may finish at once: the file is read,
    merged and written under an exclusive lock, so no run overwrites another's game with a stale copy."""
    import fcntl

    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        table = json.loads(out.read_text()) if out.exists() else {}
        table[slug] = entry
        tmp = out.with_suffix(".tmp")
        tmp.write_text(json.dumps(dict(sorted(table.items())), indent=1, ensure_ascii=False) + "\n")
        tmp.replace(out)


if __name__ == "__main__":
    main()
