"""Мельница (Windmill): a solver on a compact model of the game.

The foundations ignore suit, so a card is just its rank (1..13) and the two packs' cards of one rank are alike. A
position is: the pack (ranks, bottom first, and how many are left), the talon (a stack), the eight wings, the
centre (its top rank and its count, at most 52), the four angles (the rank on top, 0 = empty; an angle holds the
king down to its top), and the angle last borrowed from (rule 'borrow': not twice running from one packet).

A search step is one of the engine's moves, except that a wing card played away and the forced refill of its
space (rule 'fill': from the talon or the pack, the player's choice) are one step with two engine ids.

The engine's rules are reproduced exactly, the odd ones included: a king goes to the first empty angle only; a
card may leave an angle for the centre only when that makes some wing or talon card playable that was not playable
before (engine: `Windmill._frees`, which compares the sets of playable cards: a card that only gains a second
foundation does not count; `borrow_frees`). The angles are therefore kept in their order (they are not
interchangeable: which of them is the first empty one decides moves); the eight wings are interchangeable (sorted
in the position's key).

The search (`_solve`):
- `steps` drops only steps that land exactly where another step lands (argued there; tested against the search
  over every legal step): so the exhaustive search (`exhaustive`: depth-first, a table of the positions met) is
  exact, and its "lost" is a proof. It gets a tenth of the budget, on positions with at most `SMALL` cards left in
  the pack (late positions, hints near the end), and settles them either way.
- Whole deals are too large for it alone (the positions reachable with k cards turned grow by a half to threefold
  a card: some 10^5 after forty to fifty cards); the dig-out test (last item) cuts it down on about half the deals
  the beams cannot win. (Freeing the cards still in the pack, the obvious relaxation, proves nothing: it lets the
  talon be dug out again; the dig-out test keeps the pack's order instead.) Most wins come
  from beams over the pack (`beam`): from each kept position every position reachable before the next card is
  turned, of which the best (`_merit`) turn the next card. Where the beams fail, the centre mostly starves: the
  angles, fed first, take the copies it needs, which then lie deep in the talon. So the ranking weighs the
  centre's cards and the talon's order; a beam's width matters little, its ranking and ties much (beams that
  differ win different deals), so many narrow beams are run, their rankings in turn. A beam's win is a real
  line of engine moves; its failure proves nothing.
- The narrow beams get the first `NARROW` positions (the table's limit). A larger budget (a rerun of the unknown
  deals) goes on to a few wide beams (`WIDE`, widths 512 and 2048) with the light rankings: on the deals the
  narrow beams left unknown, width does matter (of 40 such deals, beams of width 128 won 2 to 7 by ranking, of 512
  6 to 8, of 2048 15 or 16, 20 by any of them; width 4096 won none of the other 20), and the centre's weight helps
  little there.
- The dig-out test (`buried`, argued at it; tested against the exhaustive and the brute-force searches, and shown
  sharp: with seven wings instead of eight it condemns won positions) is the proof of loss that was missing: a
  talon card X can leave the talon only once every card above it, every wing card and every card the pack gives
  meanwhile is on a foundation or one of at most 8 in the wings, and X itself goes to a foundation that takes it
  or into a wing (then one card more went up); the foundations ignore suit, so whether they can hold that many is
  a matter of counts by rank (the centre a cyclic run, the angles runs from the king down). Cut at every turn of
  the pack, it lets the exhaustive search finish on whole deals: the deals that bury several copies of a rank
  under the first cards turned (nothing plays until a king or the centre's next rank comes) are proved lost in a
  few dozen positions. The test is dear (a position with it costs 0.1 to 0.5 ms, without 0.02), so it is tried only
  at turns, and only on budgets beyond WIDE_END (see there), so the table's verdicts at NODE_LIMIT stand.

What was tried and measured on this solver (reruns, relaxations dropped) is in docs/solvers/windmill.md.
"""
from __future__ import annotations

import time
from random import Random

from pipeline.engine.core import Game, State
from pipeline.solve.search import LOST, UNKNOWN, WON, Solution
from pipeline.solve.strategies import depth_first

NODE_LIMIT = 50_000
METHOD = ("A compact model of the game (cards as ranks, since the foundations ignore suit; a wing card played and "
          "the refill of its space one step). A short exhaustive depth-first search with a transposition table "
          "settles late positions either way; whole deals get many narrow beam searches over the pack (each kept "
          "position's every continuation up to the next card turned, the best kept by cards on the foundations, "
          "the centre's weighted, the talon's order and how soon the wing cards can be played, the weights "
          "varied from beam to beam), which find the wins. A deal is 'lost' only when the exhaustive search "
          "finishes, so the lost deals of whole games stay 'unknown'.")

# what a budget beyond NODE_LIMIT (a rerun of the unknown deals) adds; METHOD stays the table's first pass, whose
# verdicts the reruns build on (benchmarks/solver.py records this with each rerun)
RERUN_METHOD = ("Beyond the narrow beams' 50 000 positions, a few wide beams (512 and 2048 wide). Beyond 500 000, "
                "first 5 000 positions of the exhaustive search with a proof of loss cut in at every turn of the "
                "pack (the dig-out test: a talon card can leave only once every card above it, every wing card and "
                "every card the pack gives meanwhile is on a foundation or one of at most eight in the wings, and "
                "the foundations, which ignore suit, can hold that many only as counts of ranks allow), so that "
                "'lost' is proved for whole deals; then the wide beams and wider ones (up to 8192).")

CENTRE = -1
NO_FILL, FROM_TALON, FROM_STOCK = 0, 1, 2
WING, TALON, BORROW, TURN, FILL = 0, 1, 2, 3, 4


class Position:
    """The compact position. Mutated in place by `do` and restored by `undo` (`play`, `unplay`: the same, as the
    strategies' model protocol names them)."""

    __slots__ = ("stock", "s", "talon", "wings", "ct", "n", "ang", "bor")

    def __init__(self, stock, s, talon, wings, ct, n, ang, bor):
        self.stock = stock  # ranks, bottom first; the top of the pack is stock[s - 1]
        self.s = s  # cards left in the pack
        self.talon = talon  # ranks, bottom first
        self.wings = wings  # 8 ranks, 0 = a space
        self.ct = ct  # the centre's top rank (0 = empty)
        self.n = n  # cards on the centre
        self.ang = ang  # 4 top ranks, 0 = empty
        self.bor = bor  # angle last borrowed from, -1 = none

    @classmethod
    def of(cls, game: Game, state: State) -> "Position":
        piles = state.piles
        r = lambda c: c % 13 + 1  # noqa: E731
        centre = piles[game.centre]
        wings = [r(piles[w][-1]) if piles[w] else 0 for w in game.wings]
        ang = [r(piles[a][-1]) if piles[a] else 0 for a in game.angles]
        stock = [r(c) for c in piles[game.stock]]
        talon = [r(c) for c in piles[game.talon]]
        borrowed = state.vars.get("borrowed")
        bor = game.names.index(borrowed) - game.angles[0] if borrowed is not None else -1
        return cls(stock, len(stock), talon, wings, r(centre[-1]) if centre else 0, len(centre), ang, bor)

    def key(self) -> bytes:
        ang = self.ang
        return (bytes((self.s, self.ct, self.n, self.bor + 1, ang[0], ang[1], ang[2], ang[3]))
                + bytes(sorted(self.wings)) + bytes(self.talon))

    def won(self) -> bool:
        return self.s == 0 and not self.talon and not any(self.wings)

    def play(self, m) -> tuple:
        return self.do(m)

    def unplay(self, rec: tuple) -> None:
        self.undo(rec)

    def pending_fill(self) -> int:
        """The wing space that must be filled before anything else (-1 if none)."""
        if self.s or self.talon:
            for i, w in enumerate(self.wings):
                if not w:
                    return i
        return -1

    def centre_needs(self) -> int:
        """The rank the centre takes next, 0 if it is full."""
        return self.ct % 13 + 1 if self.n < 52 else 0

    def angle_for(self, r: int) -> int:
        """The first angle that takes rank r (-1 if none)."""
        ang = self.ang
        if r == 13:
            for j in range(4):
                if not ang[j]:
                    return j
            return -1
        for j in range(4):
            if ang[j] == r + 1:
                return j
        return -1

    def angles_for(self, r: int) -> list[int]:
        """Every angle that takes rank r (engine: a king only on the first empty angle)."""
        if r == 13:
            j = self.angle_for(13)
            return [j] if j >= 0 else []
        return [j for j in range(4) if self.ang[j] == r + 1]

    def can_borrow(self, j: int) -> bool:
        """Rule 'borrow' as the engine reads it (`Windmill._frees`)."""
        t = self.ang[j]
        if not t or j == self.bor or t != self.centre_needs():
            return False
        avail = 0
        for r in self.wings:
            avail |= 1 << r
        if self.talon:
            avail |= 1 << self.talon[-1]
        return borrow_frees(self.n, self.ang, j, avail & ~1)

    # -- playing and taking back
    def do(self, m) -> tuple:
        """Play search step m; return what `undo` needs."""
        kind = m[0]
        old = (self.bor, self.ct)
        if kind == WING:
            _, i, d, f = m
            r = self.wings[i]
            self._place(r, d)
            if f == FROM_TALON:
                self.wings[i] = self.talon.pop()
            elif f == FROM_STOCK:
                self.s -= 1
                self.wings[i] = self.stock[self.s]
            else:
                self.wings[i] = 0
            self.bor = -1
            return m, r, old
        if kind == TALON:
            r = self.talon.pop()
            self._place(r, m[1])
            self.bor = -1
            return m, r, old
        if kind == BORROW:
            j = m[1]
            t = self.ang[j]
            self.ct, self.n = t, self.n + 1
            self.ang[j] = t + 1 if t < 13 else 0
            self.bor = j
            return m, t, old
        if kind == TURN:
            self.s -= 1
            self.talon.append(self.stock[self.s])
            self.bor = -1
            return m, 0, old
        _, i, f = m  # FILL
        if f == FROM_TALON:
            self.wings[i] = self.talon.pop()
        else:
            self.s -= 1
            self.wings[i] = self.stock[self.s]
        return m, 0, old

    def _place(self, r: int, d: int) -> None:
        if d == CENTRE:
            self.ct, self.n = r, self.n + 1
        else:
            self.ang[d] = r

    def undo(self, rec: tuple) -> None:
        m, r, (bor, ct) = rec
        kind = m[0]
        self.bor = bor
        if kind == WING:
            _, i, d, f = m
            if f == FROM_TALON:
                self.talon.append(self.wings[i])
            elif f == FROM_STOCK:
                self.s += 1
            self.wings[i] = r
            self._unplace(r, d, ct)
        elif kind == TALON:
            self._unplace(r, m[1], ct)
            self.talon.append(r)
        elif kind == BORROW:
            self.ang[m[1]] = r
            self.ct, self.n = ct, self.n - 1
        elif kind == TURN:
            self.talon.pop()
            self.s += 1
        else:
            _, i, f = m
            if f == FROM_TALON:
                self.talon.append(self.wings[i])
            else:
                self.s += 1
            self.wings[i] = 0

    def _unplace(self, r: int, d: int, ct: int) -> None:
        if d == CENTRE:
            self.ct, self.n = ct, self.n - 1
        else:
            self.ang[d] = 0 if r == 13 else r + 1

    # -- moves
    def fills(self) -> tuple:
        """How a space may be filled: from the talon, from the pack, or not at all (both are out)."""
        if self.talon and self.s:
            return (FROM_TALON, FROM_STOCK)
        if self.talon:
            return (FROM_TALON,)
        if self.s:
            return (FROM_STOCK,)
        return (NO_FILL,)

    def all_moves(self) -> list:
        """Every legal step (no pruning), as the engine offers them."""
        space = self.pending_fill()
        if space >= 0:
            return [(FILL, space, f) for f in self.fills()]
        out = []
        need = self.centre_needs()
        fills = self.fills()
        for i, r in enumerate(self.wings):
            if not r:
                continue
            for d in ([CENTRE] if r == need else []) + self.angles_for(r):
                for f in fills:
                    out.append((WING, i, d, f))
        if self.talon:
            r = self.talon[-1]
            for d in ([CENTRE] if r == need else []) + self.angles_for(r):
                out.append((TALON, d))
        for j in range(4):
            if self.can_borrow(j):
                out.append((BORROW, j))
        if self.s:
            out.append((TURN,))
        return out


def steps(pos: Position, turn: bool = True) -> list:
    """The steps the search tries: the legal steps less those that lead where another step leads (`turn=False`:
    without turning the pack).

    - Of several wing cards of one rank only the first is played (the wings are interchangeable).
    - A wing card played with its space filled from the pack lands where turning the pack and then playing the
      card with its space filled from the talon lands (the same card ends in the same wing): only the second way
      is searched (also when the talon is empty and the pack must fill the space).
    - The talon's top card played to a foundation lands where a wing card of the same rank played there with its
      space filled from the talon lands: when a wing holds that rank, only the wing card is played.
    """
    if (pos.s or pos.talon) and 0 in pos.wings:
        space = pos.pending_fill()
        return [(FILL, space, f) for f in pos.fills()]
    out = []
    n = pos.n
    need = pos.ct % 13 + 1 if n < 52 else 0
    wings, talon, ang = pos.wings, pos.talon, pos.ang
    takes = [None] * 14  # takes[r]: the angles that take rank r
    empty = False
    for j in range(4):
        t = ang[j]
        if t > 1:
            if takes[t - 1] is None:
                takes[t - 1] = [j]
            else:
                takes[t - 1].append(j)
        elif t == 0 and not empty:
            empty, takes[13] = True, [j]
    fill = FROM_TALON if talon else (NO_FILL if not pos.s else -1)
    done = 0
    for i in range(8):
        r = wings[i]
        if not r or done >> r & 1:
            continue
        done |= 1 << r
        if fill < 0:
            continue
        if r == need:
            out.append((WING, i, CENTRE, fill))
        if takes[r] is not None:
            for d in takes[r]:
                out.append((WING, i, d, fill))
    top = 0
    if talon:
        top = talon[-1]
        if not done >> top & 1:
            if top == need:
                out.append((TALON, CENTRE))
            if takes[top] is not None:
                for d in takes[top]:
                    out.append((TALON, d))
    if need:
        avail = done | 1 << top
        for j in range(4):
            if ang[j] == need and j != pos.bor:
                # rule 'borrow' (engine: Windmill._frees): some available card must become playable
                if borrow_frees(n, ang, j, avail & ~1):
                    out.append((BORROW, j))
    if turn and pos.s:
        out.append((TURN,))
    return out


def accepted(n: int, ang: list[int], centre_top: int) -> int:
    """Bit mask of the ranks some foundation takes: the centre (n cards, `centre_top` on top) its next rank unless
    full; an angle with top t > 1 the rank t - 1; an empty angle a king."""
    mask = 1 << (centre_top % 13 + 1) if n < 52 else 0
    for t in ang:
        if t > 1:
            mask |= 1 << (t - 1)
        elif t == 0:
            mask |= 1 << 13
    return mask


def borrow_frees(n: int, ang: list[int], j: int, avail: int) -> bool:
    """Rule 'borrow': moving angle j's top (the rank the centre needs) to the centre makes some available rank (bit
    mask `avail`) playable that no foundation took before."""
    t = ang[j]
    before = accepted(n, ang, t - 1 if t > 1 else 13)  # the centre's top is the rank below the one it needs
    after_ang = list(ang)
    after_ang[j] = t + 1 if t < 13 else 0
    after = accepted(n + 1, after_ang, t)
    return bool(after & ~before & avail)


def move_ids(m) -> list[str]:
    """The engine's move ids for search step m."""
    kind = m[0]
    if kind == WING:
        _, i, d, f = m
        ids = [f"wing-{i + 1}>" + ("centre" if d == CENTRE else f"angle-{d + 1}")]
        if f == FROM_TALON:
            ids.append(f"talon>wing-{i + 1}")
        elif f == FROM_STOCK:
            ids.append(f"stock>wing-{i + 1}")
        return ids
    if kind == TALON:
        return ["talon>" + ("centre" if m[1] == CENTRE else f"angle-{m[1] + 1}")]
    if kind == BORROW:
        return [f"angle-{m[1] + 1}>centre"]
    if kind == TURN:
        return ["turn"]
    return [("talon" if m[2] == FROM_TALON else "stock") + f">wing-{m[1] + 1}"]


def legal_ids(game: Game, state: State) -> set[str]:
    """The model's legal moves at an engine position, as engine move ids (the first id of a compound step)."""
    if state.vars.get("phase") != "play":
        return set()
    pos = Position.of(game, state)
    out = set()
    for m in pos.all_moves():
        if m[0] == WING:
            out.add(move_ids(m)[0])
        else:
            out.update(move_ids(m))
    return out


# -- the search ------------------------------------------------------------------------------------------------

def urgency(pos: Position, r: int) -> int:
    """How many cards the foundations must take before one of them can take rank r (0 = one takes it now)."""
    need = pos.centre_needs()
    best = (r - need) % 13 if need else 99
    for t in pos.ang:
        if t == 0:
            d = 13 - r
        elif r < t:
            d = t - 1 - r
        else:
            continue
        if d < best:
            best = d
    return best


def score(pos: Position) -> int:
    """Cards on the foundations."""
    return pos.n + sum(14 - t for t in pos.ang if t)


# -- the exhaustive search (its "lost" is a proof) -----------------------------------------------------------------

def _order(m) -> int:
    """Move order of the exhaustive search: the centre first, then the angles, borrowing, turning."""
    kind = m[0]
    if kind == WING:
        return 0 if m[2] == CENTRE else 1
    if kind == TALON:
        return 0 if m[1] == CENTRE else 1
    return 2 if kind == BORROW else 3 if kind == TURN else 0


def exhaustive(pos: Position, node_limit: int, deadline: float | None, moves=steps,
               doomed=None) -> tuple[str, list, int]:
    """Depth-first over `steps` (which drop only steps that lead where another step leads), with a table of the
    positions met (exact keys: the angles in their order). WON with the line, LOST when every line was searched,
    UNKNOWN at a limit. (`moves`: the tests pass `Position.all_moves` to check that the dropped steps lose
    nothing.) `doomed` (e.g. `buried`): a sound loss test, tried on each position a turn of the pack makes; the
    lines from a position it condemns are not searched (plays between two turns only make it stricter, see
    `buried`, so the next turn catches them)."""
    dead = None if doomed is None else (lambda m: m[0] == TURN and doomed(pos))
    return depth_first(pos, lambda: sorted(moves(pos), key=_order), node_limit, deadline, dead)


# -- the dig-out test (a proof of loss) -----------------------------------------------------------------------------
#
# Why it is sound. Take any talon card X (index i) and any won line from the position. X must leave the talon at
# some moment tau (to a foundation, or into a wing as a refill); until then X and the cards under it stay where they
# are. Let j be the number of cards the pack has given by tau (turned or filled: its top j cards). Just before tau,
# every card now above X, every card now in a wing and each of those j cards is either on a foundation or in a
# wing (a card the pack gives goes onto the talon, above X, or into a wing; above X nothing is left at tau): so of
# that multiset M_j at most 8 are not on the foundations, and every card the foundations gained comes from M_j.
# The foundations at tau, G, are: the centre, the cyclic run A, 2, .., K, A, .. of some length n' >= n (it only
# grows), and four angles, each a run K down to some rank or empty, so that the number a_y of angles holding rank y
# never grows as y goes down and is at most 4; G holds the present foundations' cards (a borrowed card moves from
# an angle to the centre, nothing ever leaves the foundations) and no more of rank y than they and M_j hold. So if
# for every j no such G holds all but 8 of M_j's cards on top of the present ones, no line wins: the position is
# lost. Only counts matter, so for each n' the best angles are the pointwise largest admissible a (`_capacity`).
# Plays (to a foundation, with a refill) between two turns only move cards from M_j to the foundations, which
# keeps the multiset G may reach and raises its floor: a position the test condemns stays condemned after them.

_CENTRE = tuple(tuple(sum(1 for p in range(n) if p % 13 + 1 == y) for y in range(14)) for n in range(53))
_ROOM = 8  # the wings: at most this many cards of M_j are not on the foundations at tau
_PREFIX: dict = {}  # id(pack) -> (pack, prefix counts): the pack of one deal never changes


def _capacity(found: list, more: list, n: int, takes: int = 0) -> int:
    """The most cards the foundations can hold (present cards `found`, by rank, and any of `more`), the centre
    holding n' >= n cards; with `takes`, only foundations on which some pile takes that rank count. -1 if none
    is admissible."""
    best = -1
    for n2 in range(n, 53):
        c = _CENTRE[n2]
        open_angle = takes and not (n2 < 52 and n2 % 13 + 1 == takes)  # the centre does not take it: an angle must
        a = 4  # the most angles that may hold the rank (and every higher one)
        total = n2
        for y in range(13, 0, -1):
            h = found[y] + more[y] - c[y]
            if h < a:
                if h < 0:  # the centre would take more of rank y than there are: so would every longer centre
                    return best
                a = h
            if open_angle and y == takes and a >= (4 if y == 13 else prev):
                a = (4 if y == 13 else prev) - 1  # an angle holds rank y + 1 but not y (a king: an angle is empty)
            if a < 0 or a < found[y] - c[y]:  # no such angles, or the foundations would lose a card of rank y
                break
            total += a
            prev = a
        else:
            if total > best:
                best = total
    return best


def buried(pos: Position) -> bool:
    """The dig-out test (argued above): some talon card cannot leave the talon however the pack is played."""
    talon = pos.talon
    if not talon:
        return False
    n = pos.n
    found = list(_CENTRE[n])
    for t in pos.ang:
        if t:
            for y in range(t, 14):
                found[y] += 1
    floor = sum(found) - _ROOM  # G must hold at least floor + |M_j| cards
    stock, s = pos.stock, pos.s
    got = _PREFIX.get(id(stock))
    if got is None or got[0] is not stock:
        if len(_PREFIX) > 64:
            _PREFIX.clear()
        rows = [[0] * 14]
        for r in stock:
            row = list(rows[-1])
            row[r] += 1
            rows.append(row)
        got = _PREFIX[id(stock)] = (stock, rows)
    rows = got[1]
    top = rows[s]  # rows[s] - rows[s - j]: the pack's top j cards by rank
    above = [0] * 14  # the wings and the talon above X, by rank
    for r in pos.wings:
        above[r] += 1
    size = 8 - above[0]
    above[0] = 0
    x = 0

    def counts(j: int) -> list:
        low = rows[s - j]
        return [above[y] + top[y] - low[y] for y in range(14)]

    def fits(lo: int, hi: int, cap_hi: int) -> bool:
        """Can X leave the talon after the pack's top j cards, for some j in lo..hi? (cap_hi, the capacity at
        hi, bounds it on the whole range: it never falls as j grows.)"""
        if cap_hi - floor < size + lo:
            return False
        if lo == hi:  # X goes into a wing (one more card went up) or to a foundation that takes it
            return cap_hi - floor > size + lo or _capacity(found, counts(lo), n, x) - floor >= size + lo
        mid = (lo + hi) // 2
        return fits(lo, mid, _capacity(found, counts(mid), n)) or fits(mid + 1, hi, cap_hi)

    for i in range(len(talon) - 1, -1, -1):
        x = talon[i]
        if size >= _ROOM and not fits(0, s, _capacity(found, counts(s), n)):
            return True
        above[x] += 1
        size += 1
    return False


# -- the beam over the pack (finds wins; proves nothing) ---------------------------------------------------------

def _snap(pos: Position) -> tuple:
    return pos.s, tuple(pos.talon), tuple(pos.wings), pos.ct, pos.n, tuple(pos.ang), pos.bor


def _load(pos: Position, snap: tuple) -> None:
    pos.s, talon, wings, pos.ct, pos.n, ang, pos.bor = snap
    pos.talon, pos.wings, pos.ang = list(talon), list(wings), list(ang)


def _loose_key(pos: Position) -> bytes:
    """The key with the angles sorted: positions that differ only in the order of the angles are one (nearly
    always alike; the beam may merge them, the exhaustive search does not)."""
    ang = pos.ang
    bor = ang[pos.bor] if pos.bor >= 0 else 99
    a, b, c, d = sorted(ang)
    return bytes((pos.s, pos.ct, pos.n, bor, a, b, c, d)) + bytes(sorted(pos.wings)) + bytes(pos.talon)


def _waits(need: int, ang: list) -> tuple:
    """(wait, cards on the angles): wait[r] is how many cards the foundations take before one can take rank r,
    at most 6."""
    wait = [6] * 14
    if need:
        for r in range(1, 14):
            wait[r] = min(6, (r - need) % 13)
    for t in ang:
        for r in range(max(1, t - 6) if t else 7, t if t else 14):
            d = (t or 14) - 1 - r
            if d < wait[r]:
                wait[r] = d
    return wait, sum(14 - t for t in ang if t)


_WAITS: dict = {}


def _merit(pos: Position, weight: int, blocked_weight: int) -> tuple:
    """The beam's ranking of positions with the same pack: cards on the foundations, those on the centre counted
    `weight` times more (the centre takes its ranks in one strict order, so a beam that feeds the angles first
    starves it), less `blocked_weight` for each talon card lying under a card that the foundations take later
    (it can leave only after that one); then how soon the wings' ranks can be played (each different rank by how
    many cards the foundations must take first, at most 6; a second card of a rank counts as 6); then how near
    the talon's top lies the first card that a foundation takes now or next."""
    ang = pos.ang
    n = pos.n
    key = (pos.ct if n < 52 else 99, ang[0], ang[1], ang[2], ang[3])
    got = _WAITS.get(key)
    if got is None:
        if len(_WAITS) > 100_000:
            _WAITS.clear()
        got = _WAITS[key] = _waits(pos.ct % 13 + 1 if n < 52 else 0, ang)
    wait, on_angles = got
    soon = 0
    distinct = 0
    for r in pos.wings:
        if not distinct >> r & 1:
            distinct |= 1 << r
            soon += wait[r]
        else:
            soon += 6
    talon = pos.talon
    depth = -1
    blocked = 0
    above = -1  # the largest wait of the cards above
    for i in range(len(talon) - 1, -1, -1):
        w = wait[talon[i]]
        if w < above:
            blocked += 1
        elif w > above:
            above = w
        if depth < 0 and w <= 1:
            depth = len(talon) - 1 - i
    return n + on_angles + weight * n - blocked_weight * blocked, -soon, -max(depth, 0)


def beam(pos: Position, width: int, node_limit: int, deadline: float | None, rng,
         merit: tuple = (3, 3)) -> tuple[str, list, int]:
    """Beam search over the pack: from each kept position, every position reachable without turning the pack
    (its closure); the `width` best of them (by `_merit`, ties at random) turn the next card. WON with a line, or
    UNKNOWN (a beam that loses its way proves nothing)."""
    start = _snap(pos)
    stock = pos.stock
    frontier = [(start, None)]  # (position, path): path = (parent path, steps from it) or None
    nodes = 0
    try:
        while True:
            seen: set = set()
            layer: list = []  # (merit, tie-break, position, path)
            for snap, path in frontier:
                _load(pos, snap)
                k = _loose_key(pos)
                if k in seen:
                    continue
                seen.add(k)
                layer.append((_merit(pos, *merit), rng.random(), snap, path))
                found, used = _closure(pos, path, seen, layer, node_limit - nodes, rng, merit)
                nodes += used
                if found is not None:
                    return WON, _unroll(found), nodes
                if nodes >= node_limit or (deadline is not None and time.perf_counter() > deadline):
                    return UNKNOWN, [], nodes
            s = layer[0][2][0]
            if s == 0:  # the pack is out and no line won
                return UNKNOWN, [], nodes
            if len(layer) > width:
                layer.sort(key=lambda r: r[:2], reverse=True)
                del layer[width:]
            card = stock[s - 1]
            frontier = [((s - 1, talon + (card,), wings, ct, n, ang, -1), (path, ((TURN,),)))
                        for _, _, (_, talon, wings, ct, n, ang, _), path in layer]
    finally:
        _load(pos, start)


def _closure(pos: Position, path, seen: set, out: list, budget: int, rng, merit: tuple):
    """Every position reachable from `pos` without turning the pack, appended to `out` with its merit and path;
    returns (the winning path or None, positions made)."""
    line: list = []
    stack = [iter(steps(pos, False))]
    nodes = 0
    found = None
    while stack:
        m = next(stack[-1], None)
        if m is None:
            stack.pop()
            if line:
                pos.undo(line.pop())
            continue
        rec = pos.do(m)
        k = _loose_key(pos)
        if k in seen:
            pos.undo(rec)
            continue
        seen.add(k)
        line.append(rec)
        nodes += 1
        here = (path, tuple(r[0] for r in line))
        if pos.won():
            found = here
            break
        out.append((_merit(pos, *merit), rng.random(), _snap(pos), here))
        if nodes >= budget:
            break
        stack.append(iter(steps(pos, False)))
    for rec in reversed(line):
        pos.undo(rec)
    return found, nodes


def _unroll(path) -> list:
    parts = []
    while path is not None:
        path, moves = path
        parts.append(moves)
    return [m for moves in reversed(parts) for m in moves]


# -- the contract ----------------------------------------------------------------------------------------------

# the beams tried in turn, each with its own ties: many narrow ones (a beam's width matters little here, how it ranks
# and breaks ties much: beams that differ win different deals), a little wider every 30 beams
WIDTHS = (16, 16, 32)
# their rankings (`_merit`: the weight of the centre's cards, that of the blocked talon cards), taken in turn
MERITS = ((1, 0), (3, 3), (100, 0), (10, 3), (3, 6), (0, 0), (2, 1), (5, 2))
RUNS = 300
# the first NARROW positions go to the narrow beams above (the table's node limit: its verdicts stand); a larger budget
# (a rerun of the unknown deals) then goes to a few wide beams, cheapest first, with the light rankings (the cards on
# the foundations, the centre's and the blocked talon cards weighed little or not at all), which on the deals the
# narrow beams leave unknown win most at widths 512 to 2048: some 40 000 to 200 000 positions a beam
NARROW = 50_000
WIDE = ((512, (0, 0)), (512, (1, 0)), (2048, (0, 0)), (2048, (0, 1)))
# a budget beyond WIDE_END (a rerun of the deals still unknown at 500 000 positions) first gives PROOF positions, after
# the narrow beams, to the exhaustive search with the dig-out test (`buried`): it proves about half of those deals
# lost (and wins a few) within some hundreds of positions, and rarely settles one it has not settled by 5 000; the
# wide beams get the rest. Budgets up to WIDE_END are spent exactly as before the test existed (the table's
# verdicts and its first rerun, at 500 000, stand)
WIDE_END = 500_000
PROOF = 5_000
# and beyond WIDE_END, once the wide beams above are done (some 500 000 positions), still wider ones
WIDER = ((4096, (0, 0)), (1024, (2, 1)), (4096, (1, 0)), (1024, (0, 1)), (8192, (0, 0)))
SMALL = 20  # the exhaustive search is tried only on positions with at most this many cards in the pack
PROOF_SHARE = 10  # the exhaustive search gets a tenth of the budget, the beams the rest


def solve(game: Game, state: State, node_limit: int = NODE_LIMIT, time_limit: float | None = None) -> Solution:
    start = time.perf_counter()
    if state.vars.get("phase") != "play":
        return Solution(WON if game.won(state) else LOST, [], 0, 0.0)
    deadline = None if time_limit is None else start + time_limit
    pos = Position.of(game, state)
    status, moves, nodes = _solve(pos, node_limit, deadline)
    ids = [i for m in moves for i in move_ids(m)] if status == WON else []
    return Solution(status, ids, nodes, time.perf_counter() - start)


def _solve(pos: Position, node_limit: int, deadline: float | None) -> tuple[str, list, int]:
    """A short exhaustive search (it settles small positions either way: its "lost" is a proof), then beams of
    growing width with the rest of the budget (they find wins)."""
    nodes = 0
    if pos.s <= SMALL:
        status, moves, nodes = exhaustive(pos, max(1, node_limit // PROOF_SHARE), deadline)
        if status != UNKNOWN:
            return status, moves, nodes
    space = pos.pending_fill()
    roots = [(FILL, space, f) for f in pos.fills()] if space >= 0 else [None]
    narrow = [(WIDTHS[run % len(WIDTHS)] << run // 30, MERITS[run % len(MERITS)]) for run in range(RUNS)]
    schedule = [(min(node_limit, NARROW), narrow)]
    if node_limit > WIDE_END:  # the exhaustive search with the dig-out test (a proof of loss), then the wide beams
        schedule.append((NARROW + PROOF, None))
    if node_limit > NARROW:  # a budget beyond the narrow beams' share goes to the wide ones
        schedule.append((node_limit, list(WIDE) + (list(WIDER) if node_limit > WIDE_END else [])))
    seed = 0
    for limit, beams in schedule:
        if beams is None:
            if nodes < limit and (deadline is None or time.perf_counter() < deadline):
                status, moves, used = exhaustive(pos, limit - nodes, deadline, doomed=buried)
                nodes += used
                if status != UNKNOWN:
                    return status, moves, nodes
            continue
        for width, merit in beams:
            for root in roots:
                if nodes >= limit or (deadline is not None and time.perf_counter() > deadline):
                    break
                rec = pos.do(root) if root is not None else None
                status, moves, used = beam(pos, width, limit - nodes, deadline, Random(seed), merit)
                if rec is not None:
                    pos.undo(rec)
                    moves = [root] + moves
                nodes += used
                if status == WON:
                    return status, moves, nodes
            seed += 1
    return UNKNOWN, [], nodes
