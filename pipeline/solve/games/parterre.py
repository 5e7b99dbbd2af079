"""Parterre (Flower Garden): a solver on a compact model of the game.

The position: six beds (lists of cards, 0..51 = suit*13 + rank-1, and *links*, see below), the bouquet (a bit mask
of the cards still in hand: each is available, rule I, and none ever comes back, rule 'bouquet'), and the four
foundations (how many cards of each suit are up). The beds are interchangeable (the transposition key sorts them);
the bouquet is whatever is neither in a bed nor up, so the key is the sorted beds and the foundation heights.

Moves of the search are *macro moves*, each a short list of engine moves:
- a card to its foundation (from a bed's top, from the bouquet, or a link bound to it);
- a bed's top card Z onto another bed: onto a top one rank higher, or into a space, or onto a top T more than one
  rank higher by way of a *chain* of bouquet cards T-1, T-2, …, Z+1 laid first.
Bouquet cards go to a bed only as links of such a chain, and never into a space (`_why_chains`); a link's suit is
chosen only when it goes up (`_why_links`). After every macro move the *safe* cards go up at once (`_why_safe`).

Search (`_search`): a streamlined depth-first probe (a tenth of the budget), then a best-first search over the
positions keyed with the beds sorted, ordered by an estimate (`_h`) plus a cost per move made; it keeps every
position it finds (only their keys: `_decode`), so running out of positions proves the loss. Wins are turned into
engine move ids (`_ids`) and checked by the tests in the engine.

Beyond NODE_LIMIT (reruns of the unknown deals): the first NODE_LIMIT positions are spent exactly as above (so
the table's verdicts at NODE_LIMIT reproduce), then the rest of the budget goes to `_exhaust`, an exhaustive
depth-first search from scratch on a stronger model: the safe rule with slack 1 (a card goes up once every card
two ranks lower is up, `_why_safe`) and cards up from the bouquet only in runs (`_why_runs`); it keeps only the
keys it has entered, and is about 1.5 times as fast a position as the best-first search. It does not expand a
position that `_blocked` proves lost (some card can never go up: a least fixpoint, argued in `_why_blocked`). When native/parterre is
built (`bash run.sh setup` with cargo), the whole search (probe, best-first search, exhaustive phase) runs compiled
(`parterre_native.search`; `_search_py` is the reference): the same search, the same verdicts, node counts and
lines, its wins replayed through the engine before they count.

What was tried and measured on this solver (reruns, relaxations dropped) is in docs/solvers/parterre.md.
"""
from __future__ import annotations

import time

from pipeline.engine.core import Game, State
from pipeline.engine.rng import SplitMix64
from pipeline.solve.games import parterre_native
from pipeline.solve.model import in_play
from pipeline.solve.search import LOST, UNKNOWN, WON, Solution
from pipeline.solve.strategies import best_first, depth_first

NODE_LIMIT = 300_000
METHOD = ("Own model of Parterre: bouquet cards are laid on a bed only as links of a chain that a bed card "
          "then lands on, never in a space, and a link's suit is chosen when it goes up; a card goes up at once "
          "when every card one rank lower is up. A streamlined depth-first probe, then a best-first search over "
          "positions with the beds sorted (estimate: cards still down, cards lying on the ones wanted soon, bouquet "
          "cards spent, spaces, moves made), which keeps every position it finds, so that running out of positions "
          "proves the loss.")

# what a budget beyond NODE_LIMIT (a rerun of the unknown deals) adds; METHOD stays the table's first pass
# (benchmarks/solver.py records this with each rerun)
RERUN_METHOD = ("Beyond 300 000 positions, an exhaustive depth-first search from the start on a stronger model (a "
                "card goes up at once when every card two ranks lower is up; a bouquet card goes up only just "
                "before the next card of its suit, or in a run to the king), which keeps only the keys of the "
                "positions it has entered, so that running out of positions proves the loss; it abandons a "
                "position where some card can never go up (no line of play could show it: each element of a bed "
                "leaves only from the top, to its foundation, into a bed that could be emptied, or onto a top one "
                "rank higher that could be shown or be a link of a chain, and the bouquet's spare cards of a rank, "
                "those not promised to a link, never grow).")

# the search at a budget B >= NODE_LIMIT is the beginning of the search at any larger budget (the probe and the
# best-first search get the same NODE_LIMIT, the exhaustive phase walks on from there and stops only at its limit):
# a deal settled at n positions is settled, alike, at every budget above n (benchmarks/solver.py runs an unknown
# deal's reruns as one, at the largest budget)
BUDGET_PREFIX = True
BEDS = 6
SAFE = True  # play the safe cards up at once (switched off only by the tests, to check that it changes no verdict)
# the streamlined depth-first probes that open a search, each with its share of the budget (0: the ordering as
# it is, others: shuffled within bands of BAND, seeded by the number); the best-first search gets what is left
PLAN = ((0, 0.1),)
BAND = 8
BF_DEPTH = 3  # the best-first search's cost of a move made, against the estimate (`_h`): 0 is greedy, 8 too broad
DIG_NEED, DIG_DEPTH = 2, 3
H_NEED, H_FOUND, H_EMPTY, H_LINK = 8, 12, 4, 3


def _why_chains() -> None:
    """Why bouquet cards go to beds only as chain links, and never into a space (no win is lost).

    1. Any bouquet card may be laid on a bed later rather than sooner: every bouquet card is available at every
       moment (rule I), and while it lies on the bed it only covers the bed's top, which no move needs covered.
       So in some winning line each bouquet card goes to a bed just before the first move that *uses* it there:
       a card laid on it, or its own leaving. Its leaving (to a foundation or another bed) it could do straight
       from the bouquet, so that lay-down is dropped. What remains: each bouquet card laid on a bed is at once
       covered by the next move, by a bouquet card (which is in turn covered at once …) or, at the end of the
       chain, by a card from a bed.
    2. A chain into a space is never better than the bed card alone in the space. Compare line L (chain B1..Bk in
       the space D, then bed card Z) with L' (Z alone in D, B1..Bk left in the bouquet). Keep the invariant
       "D in L = the unused chain cards B1..Bj under D in L'": every move of L away from D is played alike in L';
       a card that L lays on Bj goes into the (empty) D in L'; Bj leaving D in L leaves the bouquet in L'. Every
       move stays legal, and L won means D is empty in L, so j = 0 and L' is won too. So a bouquet card never
       goes into a space, and a bed card's macro move is onto a top, a chain on a top, or into a space alone.
    """


def _why_safe() -> None:
    """Why a card of rank r goes to its foundation at once when r <= 2 or every card of rank r-1 is up.

    A card's only uses besides its foundation are to host a card of rank r-1 (any suit, rule III) and to move
    between beds, which only uncovers the card below — as going up does. Once every r-1 is up nothing can ever
    need the card as a host (foundation cards never come back, rule 'once'). A two can host only an ace, and an
    ace that lies on a two can always go up instead (each suit has its foundation). An ace hosts nothing. Take any
    winning line, drop the card's other moves and play it up now: every other move stays legal (its old places
    only take cards after it left them), and its foundation wants it now. In the model: suit s with f cards up is
    safe to continue when f <= 1 or f equals the lowest foundation.

    Slack 1 (the second phase, `_exhaust`): a card X of rank r, the next of its suit, also goes up at once when
    every card of rank r-2 is up (so every card of rank <= r-2 is: the foundations follow suit). Then every card
    Y of rank r-1 not up is the next of its suit, and nothing can ever be laid on Y: no card of rank r-2 is left,
    in a bed or in the bouquet (so no link of rank r-2 either). By the argument above, in a winning line each such
    Y (and each link of rank r-1, bound to one of them) can go up at its first move instead of moving. In that line
    nothing is ever laid on X: only a card of rank r-1, or a link of rank r-1, which would need a card of rank
    <= r-2 on it at once (`_why_chains`). So X is a card that hosts nothing, and it goes up now by the same
    argument. In the model: f <= lowest + 1.
    """


def _why_runs() -> None:
    """Why a card goes up from the bouquet only in a run: the bouquet cards of one suit going up one after the
    other, ending with the next card of the suit from a bed (its top, or a link bound to it) or with the king.

    Let X, the next card of suit s, go up from the bouquet in a winning line of the second phase's model. Move it to
    just before the first move that needs it: the next card of its suit going up. In between, X in hand is
    available throughout, nothing else needs it up, and the bouquet keeps one more spare card of X's rank, which
    only allows more chains. The safe plays in between are the same: X was not safe (f > lowest + 1), so its going
    up changes neither the lowest foundation nor makes its successor safe. When the successor then goes up by a
    move, the run "X, successor" reaches the same position; when it goes up as a safe play, X had become safe as
    well and the safe plays put it up first (binding a link of its rank if one tops a bed, never worse:
    `_why_links`). Doing this for every card up from the bouquet, last first, each one is followed at once by
    the next card of its suit, and so on to a card from a bed or to the king: the runs of the model.
    """


# -- the compact model ---------------------------------------------------------------------------------------------
# A bed holds cards (0..51) and *links* (PH + rank): bouquet cards laid as chain links whose suit is not yet chosen.
PH = 64
RANK = [c % 13 + 1 for c in range(52)] + [0] * (PH - 52) + list(range(14))
SUIT = [c // 13 for c in range(52)] + [-1] * (PH - 52 + 14)
RANK_MASK = [0] + [sum(1 << (s * 13 + r - 1) for s in range(4)) for r in range(1, 14)]
# moves: (UP, src, card, link) a card up, src a bed (0..5) or -1 for the bouquet, link: the bed's top is a link
# bound now to `card`; (BED, a, b, chain) bed a's top onto bed b, links of the ranks in `chain` laid first
UP, BED, RUN = 0, 1, 2  # RUN: (RUN, (UP moves ...)), cards going up one after the other


class _Model:
    """The position, played and taken back in place: beds, the bouquet's cards (bit mask), foundation heights,
    links of each rank lying in the beds."""

    __slots__ = ("beds", "bq", "found", "links", "slack", "runs")

    def __init__(self, beds: list[list[int]], bq: int, found: list[int], slack: int = 0, runs: bool = False) -> None:
        self.beds = beds
        self.bq = bq
        self.found = found
        # the second phase's model (`_exhaust`): a suit with f cards up is safe to continue when f <= lowest +
        # slack (`_why_safe`: 0 and 1 are both sound; the first phase keeps 0, as the stored verdicts were
        # computed with it), and cards go up from the bouquet only in runs (`_why_runs`)
        self.slack = slack
        self.runs = runs
        self.links = [0] * 14
        for bed in beds:
            for e in bed:
                if e >= PH:
                    self.links[e - PH] += 1

    def key(self) -> bytes:
        beds = [bytes(b) for b in self.beds]
        beds.sort()
        return bytes(self.found) + b"\xff".join(beds)

    def spare(self, r: int) -> int:
        """Bouquet cards of rank r not promised to a link."""
        return (self.bq & RANK_MASK[r]).bit_count() - self.links[r]

    # -- playing and taking back
    def play(self, move: tuple) -> list:
        """Play a macro move and the safe plays after it; return what `unplay` needs."""
        beds = self.beds
        if move[0] == RUN:  # recorded as its single cards up, so `unplay`, `_ids` see only UP moves
            done = list(move[1])
            for up in done:
                self._up(up)
            self.safe_plays(done)
            return done
        if move[0] == UP:
            self._up(move)
        else:
            _, a, b, chain = move
            dst = beds[b]
            for r in chain:
                dst.append(PH + r)
                self.links[r] += 1
            dst.append(beds[a].pop())
        done = [move]
        self.safe_plays(done)
        return done

    def _up(self, move: tuple) -> None:
        _, src, card, link = move
        if src < 0:
            self.bq ^= 1 << card
        else:
            self.beds[src].pop()
            if link:
                self.bq ^= 1 << card
                self.links[card % 13 + 1] -= 1
        self.found[card // 13] += 1

    def unplay(self, done: list) -> None:
        beds = self.beds
        for move in reversed(done):
            if move[0] == UP:
                _, src, card, link = move
                self.found[card // 13] -= 1
                if src < 0:
                    self.bq |= 1 << card
                elif link:
                    beds[src].append(PH + card % 13 + 1)
                    self.bq |= 1 << card
                    self.links[card % 13 + 1] += 1
                else:
                    beds[src].append(card)
            else:
                _, a, b, chain = move
                dst = beds[b]
                beds[a].append(dst.pop())
                for r in chain:
                    dst.pop()
                    self.links[r] -= 1

    def up_moves(self, s: int) -> list:
        """The ways the next card of suit s can go up: from a bed's top, as a link bound to it (each bed whose top
        is a link of its rank), or from the bouquet (only when no link can take it: binding a link leaves the bed
        one card shorter and the bouquet as rich, which is never worse, see `_why_links`)."""
        f = self.found[s]
        if f == 13:
            return []
        card = s * 13 + f
        beds = self.beds
        for a in range(BEDS):
            if beds[a] and beds[a][-1] == card:
                return [(UP, a, card, False)]
        if not self.bq >> card & 1:
            return []
        link = PH + f + 1
        out = [(UP, a, card, True) for a in range(BEDS) if beds[a] and beds[a][-1] == link]
        if not out and self.spare(f + 1) > 0:
            out.append((UP, -1, card, False))
        return out

    def run_moves(self, s: int) -> list:
        """`up_moves`, except that a card goes up from the bouquet only in a *run* (`_why_runs`): the bouquet
        cards of suit s that go up one after the other, ending with the next card from a bed (its top, or a link
        bound to it) or with the king."""
        out = self.up_moves(s)
        if not self.runs or not out or out[0][1] >= 0:
            return out
        found, beds = self.found, self.beds
        f = found[s]
        run: list = []
        while True:  # the bouquet's cards of suit s from f+1 on, while each is neither a top nor promised
            card = s * 13 + f
            if not self.bq >> card & 1:  # in a bed: the run ends with it, if it is a top
                return [(RUN, tuple(run) + ((UP, a, card, False),)) for a in range(BEDS)
                        if beds[a] and beds[a][-1] == card]
            link = PH + f + 1
            ends = [(RUN, tuple(run) + ((UP, a, card, True),)) for a in range(BEDS)
                    if beds[a] and beds[a][-1] == link]
            if ends or self.spare(f + 1) <= 0:
                return ends
            run.append((UP, -1, card, False))
            f += 1
            if f == 13:
                return [(RUN, tuple(run))]

    def safe_plays(self, done: list) -> None:
        """Play up every card that is safe (see `_why_safe`), recording each in `done`."""
        if not SAFE:
            return
        found, beds = self.found, self.beds
        progress = True
        while progress:
            progress = False
            low = min(found)
            for s in range(4):
                f = found[s]
                if f == 13 or (f > 1 and f > low + self.slack):
                    continue
                card = s * 13 + f
                if not self.bq >> card & 1:  # only a bed's top can give it
                    for a in range(BEDS):
                        bed = beds[a]
                        if bed and bed[-1] == card:
                            bed.pop()
                            found[s] = f + 1
                            done.append((UP, a, card, False))
                            progress = True
                            low = min(found)
                            break
                    continue
                ways = self.up_moves(s)
                if ways:
                    move = ways[0]
                    src = move[1]
                    self.bq ^= 1 << card
                    if src >= 0:
                        beds[src].pop()
                        self.links[f + 1] -= 1
                    found[s] = f + 1
                    done.append(move)
                    progress = True
                    low = min(found)

    def won(self) -> bool:
        return sum(self.found) == 52


def _why_links() -> None:
    """Why the suit of a chain link may be chosen later, and why binding a link beats playing from the bouquet.

    Bouquet cards of one rank differ only at their foundations (beds build regardless of suit, rule III). So a
    chain link is laid as "a bouquet card of rank r" and bound to a suit only when it goes up; meanwhile the bouquet
    keeps, of each rank, as many cards promised to links as there are links. Any line of the model is a line of
    the game: give each link, from the start, the card it is bound to at last (a card is bound once and was in the
    bouquet until then, so it was there when the link was laid). And any line of the game is one of the model
    (forget the suits of its links). So both have the same wins.
    When the next card X of a suit is in the bouquet and a link of its rank tops a bed, binding the link to X
    (position A) is never worse than playing X from the bouquet (position B): A has the link's bed one card shorter
    and the same spare bouquet cards of that rank, B has the link still there and one spare card fewer. Whatever B
    does with its link, A does with a spare card: lays it back as a link on the card below (a card one rank higher
    or a link), or plays it up from the bouquet.
    """


def _h(m: _Model) -> int:
    """The best-first search's estimate (lower is better): cards still down, the cards lying on the ones wanted
    soon, links laid (bouquet cards spent), spaces."""
    found = m.found
    fkey = bytes(found)
    pen = 0
    for bed in m.beds:
        if not bed:
            pen -= H_EMPTY
            continue
        k = fkey + bytes(bed)
        cost = _BED_COSTS.get(k)
        if cost is None:
            if len(_BED_COSTS) > 200_000:
                _BED_COSTS.clear()
            cost = _BED_COSTS[k] = _bed_cost(bed, found)
        pen += cost
    return pen - H_FOUND * sum(found)


_BED_COSTS: dict[bytes, int] = {}


def _bed_cost(bed: list[int], found: list[int]) -> int:
    best = max(found)
    n = len(bed)
    pen = 0
    for i in range(n):
        e = bed[i]
        if e >= PH:
            pen += H_LINK
        if i < n - 1:
            need = RANK[e] - 1 - (found[e // 13] if e < 52 else best)
            if need < H_NEED:
                pen += (n - 1 - i) * (H_NEED - need)
    return pen


_BED_SCORES: dict[bytes, tuple[int, int]] = {}


def _bed_scores(bed: list[int], found: list[int]) -> tuple[int, int]:
    """(dig, cover) of a bed, lower is better: dig — taking its top card off brings a card wanted soon nearer
    the top (0: it empties the bed); cover — how soon the card wanted soonest in it is wanted (laying a card on
    the bed hides it further)."""
    best = max(found)
    n = len(bed)
    d, c = 99, 0
    for i in range(n):
        e = bed[i]
        need = RANK[e] - 1 - (found[e // 13] if e < 52 else best)
        if i < n - 1:
            sc = need * DIG_NEED + (n - 2 - i) * DIG_DEPTH
            if sc < d:
                d = sc
        if 12 - need > c:
            c = 12 - need
    return (0 if n == 1 else d), c


def _moves(m: _Model, ordered: bool = True, noise: SplitMix64 | None = None) -> list:
    """The macro moves of a position: cards up that are not safe, then every bed card's move; `ordered`: best
    first — cards up, then bed moves that dig toward a card wanted soon, cover little that is wanted soon, and use
    short chains."""
    beds, bq, links, found = m.beds, m.bq, m.links, m.found
    ups = []
    for s in range(4):
        ups.extend(m.run_moves(s))
    empty = -1
    dig = [0] * BEDS
    cover = [0] * BEDS
    fkey = bytes(found)
    for b in range(BEDS):
        bed = beds[b]
        if not bed:
            if empty < 0:
                empty = b
            continue
        if ordered:
            k = fkey + bytes(bed)
            dc = _BED_SCORES.get(k)
            if dc is None:
                if len(_BED_SCORES) > 200_000:
                    _BED_SCORES.clear()
                dc = _BED_SCORES[k] = _bed_scores(bed, found)
            dig[b], cover[b] = dc
    spare = {}
    ranked = []
    for a in range(BEDS):
        bed = beds[a]
        if not bed:
            continue
        zr = RANK[bed[-1]]
        for b in range(BEDS):
            dst = beds[b]
            if b == a or not dst:
                continue
            tr = RANK[dst[-1]]
            if tr <= zr:
                continue
            if tr > zr + 1:
                for r in range(zr + 1, tr):
                    k = spare.get(r)
                    if k is None:
                        k = spare[r] = (bq & RANK_MASK[r]).bit_count() - links[r]
                    if k <= 0:
                        break
                else:
                    ranked.append((dig[a] + cover[b] + 3 * (tr - zr - 1), (BED, a, b, tuple(range(tr - 1, zr, -1)))))
            else:
                ranked.append((dig[a] + cover[b], (BED, a, b, ())))
        if empty >= 0 and len(bed) > 1:
            ranked.append((dig[a] + 3, (BED, a, empty, ())))
    if noise is not None:  # a probe: coarse bands of the ordering, at random within a band
        ranked = [(r[0] // BAND * (1 << 20) + noise.below(1 << 20), r[1]) for r in ranked]
    if ordered:
        ranked.sort(key=_first)
    ups.extend(r[1] for r in ranked)
    return ups


def _first(r: tuple) -> int:
    return r[0]


def _dfs(m: _Model, node_limit: int, deadline: float | None, probe: int) -> tuple[str, list, int]:
    """A streamlined depth-first probe with a transposition table, best moves first (explicit stack): it tries
    only a card up where one can go up, and probes after the first shuffle the ordering within coarse bands
    (seeded by the probe's number). Its win is a win, its failure proves nothing (the best-first search proves
    losses). Returns (WON or UNKNOWN, the line of played moves, positions expanded)."""
    if m.won():
        return WON, [], 0
    noise = SplitMix64(probe) if probe > 0 else None

    def moves() -> list:
        out = _moves(m, True, noise)
        if out and out[0][0] == UP:
            return out[:1]
        return out

    # when the streamlined moves run out, that proves nothing
    return _walk(m, moves, node_limit, deadline, UNKNOWN)


def _walk(m: _Model, moves, node_limit: int, deadline: float | None, dry: str) -> tuple[str, list, int]:
    """`strategies.depth_first` from `m` over `moves()`: WON with the line of played moves (the safe plays after
    each macro move included), UNKNOWN at a limit, `dry` when every line was tried."""
    status, line, nodes = depth_first(m, moves, node_limit, deadline, exhausted=dry, records=True)
    return status, [mv for done in line for mv in done], nodes


def _exhaust(m: _Model, node_limit: int, deadline: float | None, slack: int = 1, runs: bool = True,
             cut: bool = True) -> tuple[str, list, int]:
    """The second phase: an exhaustive depth-first search (explicit stack, best moves first) on the stronger
    model — the safe rule with slack 1 (`_why_safe`) and cards up from the bouquet only in runs (`_why_runs`) —
    that keeps only the keys of the positions it has entered: leaner and faster a position than the best-first
    search, so that a larger budget can run out of positions and prove the loss. With `cut`, a position that
    `_blocked` proves lost is entered but not expanded. `m` is left as it was. Returns (status, the line of played
    moves from `m`, positions expanded); `slack`, `runs` as `_Model`'s and `cut` off for the tests that compare
    the weaker models' verdicts."""
    pos = _Model([list(b) for b in m.beds], m.bq, list(m.found), slack, runs)
    root: list = []
    pos.safe_plays(root)  # the stronger safe rule may play more at once
    if pos.won():
        return WON, root, 0

    def moves() -> list:
        return [] if cut and _blocked(pos) else _moves(pos)

    status, played, nodes = _walk(pos, moves, node_limit, deadline, LOST)
    return status, (root + played if status == WON else []), nodes


def _blocked(m: _Model) -> bool:
    """Is some card of the position sure never to go up (so the position is lost)? A least fixpoint over two
    sets that hold, for any line of play from here, every bed place that is ever emptied (its element removed:
    gone up, moved to another bed, or a link bound) and every card that ever goes up; see `_why_blocked`.
    `kept[b]`: bed b's elements at or above this index are shown to leave; `upto[s]`: suit s's cards up to this
    height are shown to go up."""
    beds, bq = m.beds, m.bq
    spare = [0] + [m.spare(r) for r in range(1, 14)] + [0]
    where = {e: (b, i) for b, bed in enumerate(beds) for i, e in enumerate(bed) if e < PH}
    kept = [len(bed) for bed in beds]
    upto = list(m.found)
    changed = True
    while changed:
        changed = False
        host = [False] * 15  # a rank that may lie on a bed's top: a shown element or one gone, or a link of a chain
        bound = [False] * 15  # a link of this rank that may be shown
        for b, bed in enumerate(beds):
            for e in bed[max(kept[b] - 1, 0):]:
                host[RANK[e]] = True
                if e >= PH:
                    bound[e - PH] = True
        for r in range(13, 0, -1):  # a chain's lowest link of rank r hangs from a host of rank r+1
            if spare[r] > 0 and host[r + 1]:
                host[r] = True
        for s in range(4):
            while upto[s] < 13:
                c = s * 13 + upto[s]
                r = upto[s] + 1
                if bq >> c & 1:  # from the bouquet: a spare card of its rank, or bound to a link of its rank
                    if spare[r] <= 0 and not bound[r]:
                        break
                else:
                    b, i = where[c]
                    if i < kept[b] - 1:  # covered by an element not shown to leave
                        break
                    kept[b] = min(kept[b], i)
                upto[s] += 1
                changed = True
        space = 0 in kept
        for b, bed in enumerate(beds):
            if kept[b] == 0:
                continue
            e = bed[kept[b] - 1]
            r = RANK[e]
            if host[r + 1] or space or (e >= PH and any(bq >> (s * 13 + r - 1) & 1 and upto[s] >= r - 1
                                                          for s in range(4))):
                kept[b] -= 1
                changed = True
    return min(upto) < 13 or any(kept)


def _positions_on(model: _Model, line: list):
    """Each position of a line of played moves (`_search`'s, the safe plays included) from `model`, one move at a
    time, on a copy (the same object, changed in place after each yield)."""
    m = _Model([list(b) for b in model.beds], model.bq, list(model.found))
    yield m
    for move in line:
        if move[0] == UP:
            m._up(move)
        else:
            _, a, b, chain = move
            for r in chain:
                m.beds[b].append(PH + r)
                m.links[r] += 1
            m.beds[b].append(m.beds[a].pop())
        yield m


def _why_blocked() -> None:
    """Why `_blocked` is sound: a position it calls blocked has no winning line.

    Take any line of play from the position (the model's moves, which win whenever the game's do: `_why_chains`,
    `_why_links`). Two facts of the game: no element is ever put back under another, so an element of a bed can
    leave its place only once all the elements above it there have left theirs; and a rank's spare bouquet cards
    (`_Model.spare`: in hand and not promised to a link) never grow: a card up from the bouquet or a link laid
    takes one, a link bound takes its own promised card, nothing gives one back. Now follow the line's events in
    order — an element leaving its place for the first time, a card going up — and check that each one's place or
    card is in the fixpoint by then, by induction:
    - a card going up needs its suit's lower cards up first (in the fixpoint by induction), and to be available:
      in a bed, on top, so every element above its place has left (or the card itself left its place earlier);
      in hand, either a spare card of its rank then (so one now) or bound to a link of its rank shown on top, an
      element of the position whose elements above have left, or a link laid later (a spare card then, so now);
    - an element leaving its place is on top there (the elements above have left) and either goes up (a card:
      above; a link: bound to a card of its rank in hand whose suit stands one below) or lands on another bed:
      in an empty bed (one whose elements have all left, a bed emptied before; the model never lays a bouquet
      card in a space) or on a top one rank higher: an element of the position shown on top or gone from its
      place, or a link laid since, which was laid on a top one rank higher still (either kind again) and took a
      spare card of its rank then, so there is one now.
    Each rule of the fixpoint adds exactly these, from what is in it already; so the least fixpoint holds every
    event of every line. A win takes every card up and every link bound (a rank's cards in hand are its spare
    cards and its links, and a bound link leaves its place): when the fixpoint misses a card or a bed place, no
    line wins.
    """


def _decode(key: bytes) -> _Model:
    """The model position named by `key` (its beds in sorted order): the bouquet is every card neither up nor
    lying in a bed (a link is a bouquet card still in hand, see `_why_links`)."""
    found = list(key[:4])
    beds = [list(b) for b in key[4:].split(b"\xff")]
    bq = 0
    for c in range(52):
        if c % 13 >= found[c // 13]:
            bq |= 1 << c
    for bed in beds:
        for e in bed:
            if e < 52:
                bq ^= 1 << e
    return _Model(beds, bq, found)


def _best_first(m: _Model, node_limit: int, deadline: float | None) -> tuple[str, list, int]:
    """`strategies.best_first` over the positions with the beds sorted, by the estimate `_h` plus BF_DEPTH a move
    made; a position is kept as its key and decoded when expanded (`_decode`). Its "lost" is a proof. Returns
    (status, the line of played moves from `m`, positions expanded)."""
    status, path, nodes = best_first(m, node_limit, deadline, lambda pos, depth: _h(pos) + BF_DEPTH * depth,
                                     _decode, lambda pos: _moves(pos, False))
    return status, (_line_to(m, [k for _, k in path]) if status == WON else []), nodes


def _line_to(m: _Model, keys: list) -> list:
    """The played moves from `m` (in its own bed order) through the positions named by `keys`: at each step the
    move whose position has the next key (keys do not depend on bed order)."""
    played: list = []
    undo: list = []
    for nxt in keys:
        for move in _moves(m, False):
            done = m.play(move)
            if m.key() == nxt:
                played.extend(done)
                undo.append(done)
                break
            m.unplay(done)
        else:
            raise AssertionError("no move leads to the next position of the line")
    for done in reversed(undo):
        m.unplay(done)
    return played


def _search(m: _Model, node_limit: int, deadline: float | None) -> tuple[str, list, int]:
    """`_search_py`, by its compiled twin when that is built (`parterre_native.search`: the same phases, verdicts,
    node counts and lines, with about 25 times the positions a second of PyPy; it does PLAN's one probe in the usual
    order, as the table's method has it). The line comes back as model moves, which `solve` replays in the engine."""
    first = min(node_limit, NODE_LIMIT)
    if len(PLAN) == 1 and PLAN[0][0] == 0:
        budget = int(first * PLAN[0][1])
        native = parterre_native.search(m, node_limit, deadline, first, budget if budget >= 20 else 0, BF_DEPTH, SAFE)
        if native is not None:
            return native
    return _search_py(m, node_limit, deadline)


def _search_py(m: _Model, node_limit: int, deadline: float | None) -> tuple[str, list, int]:
    """Within `node_limit` positions in all. Up to NODE_LIMIT: the streamlined probes of PLAN, each with its
    share of the budget, then the best-first search with whatever is left (as the table's verdicts at NODE_LIMIT
    were computed). A larger budget's remainder goes to the exhaustive depth-first search (`_exhaust`). A win of any
    phase is a win; a loss is proved only by the best-first or the exhaustive search running out of positions."""
    first = min(node_limit, NODE_LIMIT)
    spent = 0
    for probe, share in PLAN:
        budget = int(first * share)
        if budget < 20:
            continue
        status, line, nodes = _dfs(m, budget, deadline, probe)
        spent += nodes
        if status == WON:
            return status, line, spent
    if spent < first:
        status, line, nodes = _best_first(m, first - spent, deadline)
        spent += nodes
        if status != UNKNOWN:
            return status, line, spent
    if node_limit <= spent:
        return UNKNOWN, [], spent
    status, line, nodes = _exhaust_phase(m, node_limit - spent, deadline)
    return status, line, spent + nodes


def _exhaust_phase(m: _Model, node_limit: int, deadline: float | None) -> tuple[str, list, int]:
    """`_exhaust`, by its compiled twin when that is built (`parterre_native`: the same verdicts and node counts,
    about ten times as many positions a second as PyPy), else in Python."""
    native = parterre_native.exhaust(m, node_limit, deadline)
    return native if native is not None else _exhaust(m, node_limit, deadline)


def _from_engine(game: Game, state: State) -> tuple[_Model, dict[int, int], list[int]]:
    """The model of an engine position; the bouquet place of each bouquet card; the foundation pile (index in
    game.names) of each suit, -1 while its ace is not up."""
    piles = state.piles
    beds = [[c % 52 for c in piles[i]] for i in game.group("bed")]
    slot_of: dict[int, int] = {}
    bq = 0
    for i in game.group("bouquet"):
        for c in piles[i]:
            slot_of[c % 52] = i
            bq |= 1 << (c % 52)
    found = [0, 0, 0, 0]
    fpile = [-1, -1, -1, -1]
    for i in game.foundations:
        if piles[i]:
            s = piles[i][0] % 52 // 13
            found[s] = len(piles[i])
            fpile[s] = i
    return _Model(beds, bq, found), slot_of, fpile


def legal_ids(game: Game, state: State) -> set[str]:
    """Every engine move id legal at `state`, worked out from the rules (no pruning)."""
    if state.vars.get("phase") != "play":
        return set()
    piles, names = state.piles, game.names
    beds = game.group("bed")
    first_empty = next((f for f in game.foundations if not piles[f]), None)
    tops = {}  # suit -> (its foundation pile, the rank on top)
    for f in game.foundations:
        if piles[f]:
            top = piles[f][-1] % 52
            tops[top // 13] = (f, top % 13 + 1)
    out = set()
    for src in beds + game.group("bouquet"):
        if not piles[src]:
            continue
        card = piles[src][-1] % 52
        s, r = card // 13, card % 13 + 1
        if r == 1:
            if first_empty is not None:  # rule II; the first empty foundation only (engine convention)
                out.add(f"{names[src]}>{names[first_empty]}")
        elif s in tops and tops[s][1] == r - 1:
            out.add(f"{names[src]}>{names[tops[s][0]]}")
        for dst in beds:
            if dst != src and (not piles[dst] or piles[dst][-1] % 13 == r):  # a space, or one rank higher
                out.add(f"{names[src]}>{names[dst]}")
    return out


def _ids(game: Game, model: _Model, slot_of: dict[int, int], fpile: list[int], played: list) -> list[str]:
    """The engine move ids of a line of moves played from `model`: each link gets the card it is bound to when
    it goes up; foundations are taken first-empty, as the engine offers them."""
    names = game.names
    bed = game.group("bed")
    beds = [list(b) for b in model.beds]  # cards, and links as tokens ("link", n)
    fpile = list(fpile)
    used = {p for p in fpile if p >= 0}
    bound: dict[int, int] = {}
    link_rank: dict[int, int] = {}
    out: list = []
    tokens = 0
    for move in played:
        if move[0] == UP:
            _, src, card, link = move
            s = card // 13
            if fpile[s] < 0:
                fpile[s] = next(f for f in game.foundations if f not in used)
                used.add(fpile[s])
            if src < 0:
                origin = names[slot_of[card]]
            else:
                top = beds[src].pop()
                if link:
                    bound[top[1]] = card
                origin = names[bed[src]]
            out.append(f"{origin}>{names[fpile[s]]}")
        else:
            _, a, b, chain = move
            for r in chain:
                link_rank[tokens] = r
                beds[b].append(("link", tokens))
                out.append(("link", tokens, names[bed[b]]))
                tokens += 1
            beds[b].append(beds[a].pop())
            out.append(f"{names[bed[a]]}>{names[bed[b]]}")
    # links never bound (a line that is not a win): each gets a bouquet card of its rank still in hand at the end
    # (there are enough: the model keeps as many spare cards of a rank as it has links of that rank)
    up = {mv[2] for mv in played if mv[0] == UP}
    free = sorted(c for c in slot_of if c not in up)
    for bed_cards in beds:
        for e in bed_cards:
            if isinstance(e, tuple) and e[1] not in bound:
                card = next(c for c in free if c % 13 + 1 == link_rank[e[1]])
                free.remove(card)
                bound[e[1]] = card
    return [x if isinstance(x, str) else f"{names[slot_of[bound[x[1]]]]}>{x[2]}" for x in out]


SEARCH = _search


@in_play
def solve(game: Game, state: State, node_limit: int, time_limit: float | None) -> Solution:
    """Won / lost / unknown from `state` (left untouched), within `node_limit` positions expanded."""
    start = time.perf_counter()
    model, slot_of, fpile = _from_engine(game, state)
    origin = _Model([list(b) for b in model.beds], model.bq, list(model.found))
    root: list = []
    model.safe_plays(root)  # the safe plays at the start are part of the line too
    deadline = None if time_limit is None else start + time_limit
    status, line, nodes = SEARCH(model, node_limit, deadline)
    ids = _ids(game, origin, slot_of, fpile, root + line) if status == WON else []
    if status == WON and parterre_native.available() and not _replays(game, state, ids):
        # the compiled phase may have found the line: it counts only once the engine's own rules win with it
        raise RuntimeError("parterre: the winning line does not win in the engine")
    return Solution(status, ids, nodes, time.perf_counter() - start)


def _replays(game: Game, state: State, ids: list[str]) -> bool:
    """Do the engine move ids, each looked up among the engine's legal moves, win from `state` (left as it was)?"""
    from pipeline.engine.api import find_move
    from pipeline.engine.errors import EngineError

    played = []
    try:
        for move_id in ids:
            played.append(game.play(state, find_move(game, state, move_id)))
        return game.won(state)
    except EngineError:  # a move the engine does not offer there
        return False
    finally:
        for steps in reversed(played):
            game.unplay(state, steps)
