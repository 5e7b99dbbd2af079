"""The winnability table: solve deals of every game until the 95 % interval (unknowns counted both ways) is within
±2 points, or a game's time budget is spent; also the win rate of a player who does not peek (greedy policy).
Writes results/winnability.json (merging: games not run keep their old entry).

    python benchmarks/solver.py [GAME ...] [--minutes 6] [--jobs 1] [--max-deals 3000] [--chunk 100]
    python benchmarks/solver.py GAME --extend [--minutes M]   # more deals for the stored entry, same limits
    python benchmarks/solver.py GAME --rerun-unknown 500000   # the stored unknown deals again, a larger limit
        [--timeout 900] [--note TEXT]  # TEXT: how this rerun's budget differs from the method (shown on the site)
        [--only DEAL ...]              # just these of the stored unknown deals
    python benchmarks/solver.py --no-peek-only        # refresh only the peek-free players' figures
    pypy3 benchmarks/solver.py GAME ...               # the same, faster (Debian's pypy3: the engine is stdlib only)

The file maps each game slug to:
    deals, first            deals first .. first+deals-1 were solved
    won, lost, unknown      the solver's verdicts ("unknown": the node limit was reached first)
    win_rate                won / deals (unknowns counted as not won: a lower estimate)
    wilson_low, wilson_high 95 % Wilson interval, unknowns counted as losses (low) and as wins (high)
    timeout, node_limit     per deal (seconds, positions); the node limit is the binding one (reproducible)
    seconds, seconds_per_deal, computed (ISO date), method (text), perfect_information (true)
    interpreter             the Python that ran the solver on the deals ("CPython 3.11.7", "PyPy 3.9.16"; both,
                            comma-separated, when --extend ran under another): the same code gives the same
                            verdicts (node limits, not clocks, decide them); only the seconds depend on it
    rules_fingerprint       the game's `fingerprint()` when the deals were solved (pipeline/engine/core.py): the
                            site shows an entry whose fingerprint no longer matches as being recomputed
    unknown_deals           every deal number still unknown (to rerun with a larger budget)
    reruns                  (after --rerun-unknown) [{node_limit, timeout, deals, won, lost, seconds, interpreter,
                            solver}, ...]: the deals still unknown were solved again with these larger limits, in
                            this order (`only`: just these of them, --only); a deal added later by --extend goes through the same reruns; `solver` is
                            the module's RERUN_METHOD (what a budget beyond NODE_LIMIT adds), when it has one;
                            `note` (--note) what else the reader must know of it (a time limit that binds, …)
    no_peek                 (games that hide cards) {"greedy": {...}, "tactics": {...}}: players who see only
                            face-up cards, each {policy, deals, first, won, win_rate, wilson_low, wilson_high}
    cross_check             (sympathy) the engine-free model's rate over 100 000 deals
"""
from __future__ import annotations

import argparse
import datetime
import json
import platform
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.engine import registry  # noqa: E402
from pipeline.solve.cli import PERFECT  # noqa: E402
from pipeline.solve.stats import Tally, bounded_interval, peek_free_deals, solve_deals  # noqa: E402

OUT = ROOT / "results" / "winnability.json"

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


def declared(slug: str, name: str):
    """What the game's own solver module (pipeline/solve/games/<slug>.py) declares as `name`, or None."""
    from pipeline.solve import games as solvers

    return getattr(solvers.for_game(slug), name, None)


def node_limit(slug: str) -> int:
    """A per-game solver declares its own limit (NODE_LIMIT)."""
    return declared(slug, "NODE_LIMIT") or NODE_LIMIT.get(slug, DEFAULT_NODES)


def solver_method(slug: str) -> str | None:
    return declared(slug, "METHOD")


def rerun_method(slug: str) -> str | None:
    """What the game's solver does with a budget beyond its NODE_LIMIT (RERUN_METHOD), when it says: METHOD
    describes the table's first pass, and a rerun may add searches or proofs it does not mention."""
    return declared(slug, "RERUN_METHOD")


def run_game(slug: str, minutes: float, jobs: int, max_deals: int, chunk: int, target: float,
             timeout: float = TIMEOUT, base: dict | None = None) -> dict:
    """Solve deals first, first+1, ... until the interval is within ±target or the time is spent; with `base` (a
    stored entry) go on from its last deal with its limits, each new unknown deal also going through its reruns."""
    nodes = node_limit(slug)
    tally, start, first = Tally(), time.perf_counter(), 1
    reruns = []
    if base is not None:
        check_same_solver(slug, base, nodes)
        check_same_rules(slug, base)
        tally, first, reruns = tally_of(base), base["first"], base.get("reruns", [])
    while tally.deals < max_deals:
        deals = range(first + tally.deals, first + tally.deals + chunk)
        fresh = solve_deals(slug, deals, nodes, base["timeout"] if base else timeout, jobs)
        # the same schedule as the deals already in the entry (a rerun of named deals only, `only`, is not part of it)
        fresh = through_reruns(slug, fresh, [r for r in reruns if not r.get("only")], jobs)
        add(tally, fresh)
        elapsed = time.perf_counter() - start
        print(f"  {slug}: {tally.deals} deals, won {tally.won}, lost {tally.lost}, unknown {tally.unknown}, "
              f"±{100 * tally.half_width():.1f} %, {elapsed:.0f} s", flush=True)
        if tally.half_width() <= target or elapsed > 60 * minutes:
            break
    seconds = time.perf_counter() - start + (base["seconds"] if base else 0.0)
    entry = {**(base or {}), **figures(tally, seconds), "interpreter": interpreters(base, interpreter()),
             "rules_fingerprint": registry.get(slug).fingerprint()}
    if base is None:
        entry.update({"first": first, "timeout": timeout, "node_limit": nodes, "method": PERFECT,
                      "perfect_information": True, "interval_target": target})
        if (own := solver_method(slug)) is not None:
            entry["solver"] = own
        if hidden_cards(slug) and slug != "sympathy":  # Sympathy has no choices: peeking cannot change it
            entry["no_peek"] = no_peek(slug, jobs, target)
        if slug == "sympathy":
            entry["cross_check"] = sympathy_model()
    return entry


def through_reruns(slug: str, fresh: Tally, reruns: list[dict], jobs: int) -> Tally:
    """`fresh` after its unknown deals went through the reruns, in order. A solver that declares BUDGET_PREFIX
    (its search at a budget of at least its NODE_LIMIT is the beginning of its search at any larger one: a deal
    settled at n positions is settled at every budget above n, alike) gets each unknown deal solved once, at the
    largest budget, which settles exactly the deals that the schedule settles: unless the clock stopped that run
    (unknown below its node limit), and then that deal goes through the schedule itself."""
    last = max(reruns, key=lambda r: r["node_limit"], default=None)
    prefix = (last is not None and declared(slug, "BUDGET_PREFIX")
              and min(r["node_limit"] for r in reruns) >= node_limit(slug))
    if not prefix:
        for rerun in reruns:
            fresh = merge_rerun(fresh, solve_deals(slug, fresh.unknown_deals, rerun["node_limit"], rerun["timeout"],
                                                   jobs))
        return fresh
    again = Tally()
    for deal in fresh.unknown_deals:
        one = solve_deals(slug, [deal], last["node_limit"], last["timeout"])
        if one.unknown and one.nodes < last["node_limit"]:  # stopped by the clock: the schedule itself
            one = Tally(deals=1, unknown=1, unknown_deals=[deal])
            for rerun in reruns:
                one = merge_rerun(one, solve_deals(slug, one.unknown_deals, rerun["node_limit"], rerun["timeout"]))
        add(again, one)
    return merge_rerun(fresh, again)


def check_same_rules(slug: str, base: dict) -> None:
    """A stored entry is extended or rerun only under the rules it was computed for."""
    now = registry.get(slug).fingerprint()
    if base.get("rules_fingerprint", now) != now:  # an entry without one makes no claim (as on the site)
        raise SystemExit(f"{slug}: the stored entry was computed under other rules (fingerprint "
                         f"{base.get('rules_fingerprint')} ≠ {now}): solve the game afresh")


def rerun_unknown(slug: str, base: dict, nodes: int, timeout: float, jobs: int, note: str | None = None,
                  only: list[int] | None = None) -> dict:
    """Solve the entry's unknown deals (or those of them named in `only`) again with a larger node limit; the rest
    of the entry stands."""
    check_same_rules(slug, base)
    check_same_solver(slug, base, node_limit(slug))
    if len(base.get("unknown_deals", [])) != base["unknown"]:
        raise SystemExit(f"{slug}: the stored entry lists {len(base.get('unknown_deals', []))} of its "
                         f"{base['unknown']} unknown deals (an older run kept only 50); run the game afresh first")
    start = time.perf_counter()
    chosen = base["unknown_deals"]
    if only:
        if not set(only) <= set(chosen):
            raise SystemExit(f"{slug}: deals {sorted(set(only) - set(chosen))} are not among the entry's unknown ones")
        chosen = sorted(set(only))
    again = solve_deals(slug, chosen, nodes, timeout, jobs)
    seconds = time.perf_counter() - start
    print(f"  {slug}: {len(chosen)} unknown deals at {nodes} positions: won {again.won}, lost "
          f"{again.lost}, still unknown {again.unknown}, {seconds:.0f} s", flush=True)
    rest = [d for d in base["unknown_deals"] if d not in set(chosen)]  # not asked (--only): still unknown
    kept = Tally(deals=again.deals + len(rest), won=again.won, lost=again.lost, unknown=again.unknown + len(rest),
                 seconds=again.seconds, nodes=again.nodes, unknown_deals=list(again.unknown_deals) + rest)
    tally = merge_rerun(tally_of(base), kept)
    rerun = {"node_limit": nodes, "timeout": timeout, "deals": again.deals, "won": again.won, "lost": again.lost,
             "seconds": round(seconds, 1), "interpreter": interpreter()}
    if (more := rerun_method(slug)) is not None:
        rerun["solver"] = more
    if note:
        rerun["note"] = note
    if only:
        rerun["only"] = chosen
    return {**base, **figures(tally, base["seconds"] + seconds), "reruns": base.get("reruns", []) + [rerun]}


def check_same_solver(slug: str, base: dict, nodes: int) -> None:
    """Extending or rerunning an entry mixes its old verdicts with new ones: only fair with the same solver."""
    if base.get("node_limit") != nodes or base.get("solver") != solver_method(slug):
        raise SystemExit(f"{slug}: the stored entry was made with another solver or node limit "
                         f"({base.get('node_limit')} positions); run the game afresh")


def tally_of(entry: dict) -> Tally:
    """The stored entry's counts as a Tally (seconds per deal kept as a total)."""
    return Tally(deals=entry["deals"], won=entry["won"], lost=entry["lost"], unknown=entry["unknown"],
                 seconds=entry["seconds_per_deal"] * entry["deals"], unknown_deals=list(entry["unknown_deals"]))


def merge_rerun(tally: Tally, again: Tally) -> Tally:
    """`tally` after its unknown deals were solved again (`again`): the settled ones move to won or lost."""
    still = set(again.unknown_deals)
    return Tally(deals=tally.deals, won=tally.won + again.won, lost=tally.lost + again.lost, unknown=again.unknown,
                 seconds=tally.seconds + again.seconds, nodes=tally.nodes + again.nodes,
                 unknown_deals=[d for d in tally.unknown_deals if d in still])


def add(tally: Tally, more: Tally) -> None:
    tally.deals += more.deals
    tally.won += more.won
    tally.lost += more.lost
    tally.unknown += more.unknown
    tally.seconds += more.seconds
    tally.nodes += more.nodes
    tally.unknown_deals += more.unknown_deals


def interpreter() -> str:
    """Which Python runs this benchmark: PyPy runs the same pure-Python solvers 1.5-2.5 times faster."""
    return f"{platform.python_implementation()} {platform.python_version()}"


def interpreters(base: dict | None, now: str) -> str:
    """The Pythons that solved an entry's deals: the stored entry's (when extending it) and this run's."""
    names = [n.strip() for n in (base or {}).get("interpreter", "").split(",") if n.strip()]
    return ", ".join(sorted(set(names) | {now}))


def figures(tally: Tally, seconds: float) -> dict:
    low, high = tally.interval()
    return {"deals": tally.deals, "won": tally.won, "lost": tally.lost, "unknown": tally.unknown,
            "win_rate": round(tally.won / tally.deals, 5), "wilson_low": round(low, 5),
            "wilson_high": round(high, 5), "seconds": round(seconds, 1),
            "seconds_per_deal": round(tally.seconds / tally.deals, 4),
            "computed": datetime.date.today().isoformat(), "unknown_deals": sorted(tally.unknown_deals)}


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
    """Sympathy's rate from the engine-free model (pipeline/solve/sympathy_outcome.py) over many more deals."""
    from pipeline.solve.sympathy_outcome import win_rate

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
    parser.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds per deal (a safety net)")
    parser.add_argument("--note", help="with --rerun-unknown: how its budget differs from the method's (stored)")
    parser.add_argument("--only", type=int, nargs="+", metavar="DEAL",
                        help="with --rerun-unknown: only these of the stored unknown deals (stored as `only`; an "
                             "--extend does not put new deals through such a rerun)")
    parser.add_argument("--no-peek-only", action="store_true", help="refresh only the players who do not peek")
    parser.add_argument("--extend", action="store_true", help="add deals to the stored entry (same limits)")
    parser.add_argument("--rerun-unknown", type=int, metavar="NODES",
                        help="solve the stored entry's unknown deals again with this node limit")
    args = parser.parse_args()
    for slug in args.games or list(registry.games()):
        if args.extend or args.rerun_unknown:
            table = json.loads(args.out.read_text()) if args.out.exists() else {}
            if slug not in table:
                raise SystemExit(f"{slug}: no stored entry in {args.out} to extend or rerun")
            if args.rerun_unknown:
                e = rerun_unknown(slug, table[slug], args.rerun_unknown, args.timeout, args.jobs, args.note,
                                  args.only)
            else:
                e = run_game(slug, args.minutes, args.jobs, args.max_deals, args.chunk, args.target,
                             base=table[slug])
            store(args.out, slug, e)
            print(f"{slug}: {100 * e['win_rate']:.1f} % [{100 * e['wilson_low']:.1f}, {100 * e['wilson_high']:.1f}] "
                  f"over {e['deals']} deals, {e['seconds']} s", flush=True)
            continue
        if args.no_peek_only:
            table = json.loads(args.out.read_text()) if args.out.exists() else {}
            if slug in table and hidden_cards(slug) and slug != "sympathy":
                store(args.out, slug, {**table[slug], "no_peek": no_peek(slug, args.jobs, args.target)})
            continue
        print(f"{slug} …", flush=True)
        e = run_game(slug, args.minutes, args.jobs, args.max_deals, args.chunk, args.target, args.timeout)
        store(args.out, slug, e)
        print(f"{slug}: {100 * e['win_rate']:.1f} % [{100 * e['wilson_low']:.1f}, {100 * e['wilson_high']:.1f}] "
              f"over {e['deals']} deals, {e['seconds']} s", flush=True)


def dumps(table: dict) -> str:
    """The table as indented JSON, games in order, with each list of deal numbers on one line (thousands of them)."""
    text = json.dumps(dict(sorted(table.items())), indent=1, ensure_ascii=False)
    return re.sub(r"\[\s*(-?\d+(?:,\s*-?\d+)*)\s*\]", lambda m: "[" + re.sub(r"\s+", " ", m[1]) + "]", text) + "\n"


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
        tmp.write_text(dumps(table))
        tmp.replace(out)


if __name__ == "__main__":
    main()
