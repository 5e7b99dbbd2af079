"""Блокада's own solver: a compact model of the twelve columns, the pack and the eight foundations, searched by
beams over the phases between deals (to find wins) and depth-first with a transposition table, safe moves and a
loss proof (to find wins and prove losses).

The model. Cards are merged across the two packs (`card % 52`: every rule compares suit and rank only) and kept
as ints in twelve column lists (bottom first) and the pack (top last; only how many cards are left changes).
Foundations are (suit, height) pairs per engine foundation, so a winning line names the engine's piles. Moves are
the engine's: a column's top card to a foundation of its suit one rank below it (an ace to the first empty one),
onto another column's top card of its suit one rank above (rule 'marry'), or "deal" (rule 'next': one card to each
column, left to right, an ace going up as it appears and the next card taking its place; only when no card can be
played and no row card married). After every move the place the card left, if it was a row's card and not one
married onto another (`m`: married cards on each column's last place, none on a new row's card), is closed at once with the pack's next
card (rule 'fill'). The position's key is the columns and the
size of the pack: the foundations follow from them (the cards not in columns or pack are up, and with two copies
of each card the heights of a suit's two foundations are the counts of its ranks).

Safe moves and the two loss proofs (`Model.hopeless`, `_rows_lost`) are argued where they are defined;
tests/solve/test_solver_blockade.py checks each against the engine's brute force on small positions.

What was tried and measured on this solver (reruns, relaxations dropped) is in docs/solvers/blockade.md.
"""
from __future__ import annotations

import time

from pipeline.engine.core import Game, State
from pipeline.engine.rng import SplitMix64
from pipeline.solve.model import legal_ids_of, probes_then_full
from pipeline.solve.search import LOST, UNKNOWN, WON, Solution
from pipeline.solve.strategies import depth_first

NODE_LIMIT = 8_000
ROWS_BUDGET = 200  # shifts tried by `_rows_lost` in one call, over all its rows (deterministic; beyond it: unproven)
# the model is the edition's reading only (every place a row card leaves refilled from the pack): the variant
# 'columns' (a card that leaves frees the card beneath it; only an emptied column is refilled) plays otherwise, and
# search.solve_state gives its positions to the generic search
VARIANTS = ("",)
FIRST = 8_000  # positions for the probes and the full search before any beam
METHOD = ("Own model of the columns and the pack (packs merged, foundations read off the cards): streamlined probes,"
          " then a full depth-first search with a transposition table; with a larger budget (reruns), half of what "
          "is beyond 8 000 positions to the full search again, then many narrow beams by phases (the positions "
          "reachable between two deals, at most 500 from each kept position; the 20 most promising kept at each "
          "deal, 40 after ten beams, 80 after twenty), each ranking positions its own way (cards up, how deep the "
          "cards the foundations want next lie, cards above a lower card of their suit, cards beneath a king; after "
          "five beams the same with seeded noise); a card goes up at once when both copies of the card below it are "
          "up (while the pack lasts, only a married card: its leaving opens no place); a position is abandoned when "
          "some card can never leave its column (it lies beneath both copies of a lower card of its suit and cannot "
          "be married) or when a relaxed game (each card leaves its column once, to a foundation or onto a host that"
          " is showing; the cards still in the pack counted as out at once, covering nothing; a card beneath its "
          "other copy that can only go up goes up second) cannot clear every column.")
RERUN_METHOD = ("Beyond 8 000 positions: half of the rest to the full depth-first search again (its 'lost' a "
                "proof, with the same loss proof and a second one: the relaxed game cannot clear every column for "
                "any number of refills the next rows can come after, each row laid where the engine lays it (until "
                "it only the last places' cards and the cards married on them move, and no place's card without a "
                "refill; no more refills than the places' cards able to leave allow)), then narrow beams by phases "
                "(at most 500 positions from each kept position between two deals; 20 kept at each deal, doubled "
                "after every ten beams), ranked in turn by cards up and the depth of the cards the foundations want "
                "next, then with the next two ranks' depth, cards above a lower card of their suit, cards beneath a "
                "king, all three, and after five beams the same with seeded noise.")

DEAL = -1
PROBES = 8
NCOL = 12


class Model:
    """An engine position as lists of ints, played and taken back in place."""

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.col_piles = game.group("column")
        self.fnd_piles = game.group("foundation")
        self.stock_pile = game.index["stock"]
        self.cols = [[c % 52 for c in state.piles[p]] for p in self.col_piles]
        self.stock = [c % 52 for c in state.piles[self.stock_pile]]
        self.n = len(self.stock)
        self.fs = []  # suit of each foundation, -1 while empty
        self.fh = []  # its height
        for p in self.fnd_piles:
            pile = state.piles[p]
            self.fs.append(pile[0] // 13 % 4 if pile else -1)
            self.fh.append(len(pile))
        self.total = sum(self.fh)
        names = game.names
        self.m = [state.vars.get(f"m-{names[p]}", 0) for p in self.col_piles]  # married cards on the last place
        self.cut = False  # a streamlined probe left a move untried

    def won(self) -> bool:
        return self.total == 104

    # -- moves
    def moves(self) -> list[int]:
        """Every legal move: 256 + 16*src + f for a play to foundation f, 16*src + dst for a marriage, DEAL."""
        cols, fs, fh = self.cols, self.fs, self.fh
        out = []
        tops = [c[-1] if c else -1 for c in cols]
        for i in range(NCOL):
            card = tops[i]
            if card < 0:
                continue
            s, r = divmod(card, 13)  # r: 0 = ace
            if r == 0:
                out.append(256 + 16 * i + fs.index(-1))
            else:
                for f in range(8):
                    if fs[f] == s and fh[f] == r:
                        out.append(256 + 16 * i + f)
            if r < 12:
                up = card + 1
                for j in range(NCOL):
                    if tops[j] == up:
                        out.append(16 * i + j)
        if self.n and self.can_deal(out):
            out.append(DEAL)
        return out

    def can_deal(self, moves: list[int]) -> bool:
        """Rule 'next' (engine: Blockade.moves): no play, and no marriage of a row's card (a married card moved
        to another host does not hold the deal up)."""
        m = self.m
        return not any(mv >= 256 or m[mv >> 4] == 0 for mv in moves if mv != DEAL)

    def play(self, m: int) -> tuple:
        """Play move m and the refills it forces; returns what undo needs."""
        cols = self.cols
        if m == DEAL:
            placed = []
            stock, fs, fh = self.stock, self.fs, self.fh
            n0 = self.n
            for i in range(NCOL):
                while self.n:
                    self.n -= 1
                    card = stock[self.n]
                    if card % 13 == 0:
                        f = fs.index(-1)
                        fs[f] = card // 13
                        fh[f] = 1
                        self.total += 1
                        placed.append(~f)
                        continue
                    cols[i].append(card)
                    placed.append(i)
                    break
            married = list(self.m)  # a new row's card is a new last place, with nothing married on it
            for i in placed:
                if i >= 0:
                    self.m[i] = 0
            return (m, n0, (placed, married))
        if m >= 256:
            i, f = divmod(m - 256, 16)
            card = cols[i].pop()
            if self.fh[f] == 0:
                self.fs[f] = card // 13
            self.fh[f] += 1
            self.total += 1
        else:
            i, j = divmod(m, 16)
            cols[j].append(cols[i].pop())
            self.m[j] += 1
        married = self.m
        if married[i]:  # a married card left: no place opens
            married[i] -= 1
            return (m, 1, [])
        if self.n:  # rule 'fill': the place it left is closed at once from the pack
            self.n -= 1
            cols[i].append(self.stock[self.n])
            return (m, 0, [i])
        return (m, 0, [])

    def unplay(self, undo: tuple) -> None:
        m, n0, placed = undo
        cols = self.cols
        if m == DEAL:
            placed, self.m = placed
            for p in reversed(placed):
                if p < 0:
                    f = ~p
                    self.fs[f] = -1
                    self.fh[f] = 0
                    self.total -= 1
                else:
                    cols[p].pop()
            self.n = n0
            return
        for k in reversed(placed):
            cols[k].pop()
            self.n += 1
        if n0:  # a married card had left
            self.m[(m - 256) >> 4 if m >= 256 else m >> 4] += 1
        if m < 256:
            self.m[m & 15] -= 1
        if m >= 256:
            i, f = divmod(m - 256, 16)
            self.fh[f] -= 1
            self.total -= 1
            s = self.fs[f]
            if self.fh[f] == 0:
                self.fs[f] = -1
            cols[i].append(s * 13 + self.fh[f])
        else:
            i, j = divmod(m, 16)
            cols[i].append(cols[j].pop())

    def key(self) -> bytes:
        return b"\xff".join([bytes(c) for c in self.cols]) + bytes((self.n, *self.m))

    def move_id(self, m: int) -> str:
        names = self.game.names
        if m == DEAL:
            return "deal"
        if m >= 256:
            i, f = divmod(m - 256, 16)
            return f"{names[self.col_piles[i]]}>{names[self.fnd_piles[f]]}"
        i, j = divmod(m, 16)
        return f"{names[self.col_piles[i]]}>{names[self.col_piles[j]]}"

    # -- the game's knowledge
    def buried(self) -> bool:
        """`_buried`: some column card can never leave its column."""
        return _buried(self.cols)

    def up_count(self, card: int) -> int:
        """How many copies of `card` (merged) are on the foundations."""
        s, r = divmod(card, 13)
        fs, fh = self.fs, self.fh
        return (fs[0] == s and fh[0] > r) + (fs[1] == s and fh[1] > r) + (fs[2] == s and fh[2] > r) + \
            (fs[3] == s and fh[3] > r) + (fs[4] == s and fh[4] > r) + (fs[5] == s and fh[5] > r) + \
            (fs[6] == s and fh[6] > r) + (fs[7] == s and fh[7] > r)


    def rows_lost(self, budget: int = ROWS_BUDGET) -> bool:
        """`_rows_lost` from this position (while the pack lasts; within `budget` shifts)."""
        if not self.n:
            return False
        upnow = [0] * 52
        for f in range(8):
            if self.fs[f] >= 0:
                b = self.fs[f] * 13
                for r in range(self.fh[f]):
                    upnow[b + r] += 1
        cols, m = self.cols, self.m
        froz = [c[:len(c) - m[k] - 1] for k, c in enumerate(cols)]
        act = [c[len(c) - m[k] - 1:] for k, c in enumerate(cols)]
        return _rows_lost(froz, act, self.stock[:self.n], self.n, list(upnow), [], bytes(upnow), upnow, [budget])

    def hopeless(self) -> bool:
        """A loss proof: some column can never be cleared, even in a relaxed game.

        The relaxation: a column's cards leave it from the top down, each once (what happens to a card after it
        first leaves its column is ignored, except that it must still go up). A card may leave its column when
        every card above it has left and either (a) it can go up: a foundation of its suit can reach the rank
        below it — with one copy of that rank able to go up, or both when the card's other copy is up already
        (each of a suit's two foundations holds one copy of every rank up to its height, and the other copy's
        foundation is past this rank; both copies when its other copy lies above it in its column and can never be
        married — `_second`) — or (b) a copy of its host (the card one rank above in its suit) is on no
        foundation now and is or has been out: dealt and uncovered, or out of its column already (a host under
        the card in its own column cannot be). Copies able to go up: up[c] = min(copies of c up now or out of
        their columns; up[c - 1]), as a foundation takes the copies of a suit's ranks in order. Every condition
        only grows as cards leave, so the closure does not depend on the order it is computed in; in a real game
        each card first leaves its column for one of these reasons, after what it needs has happened, so whatever
        the real game clears the closure clears too.

        The pack, row by row: while the closure cannot empty any column, no space can open before the next row,
        so the next row is dealt exactly as the engine deals it (one card to each column, an ace going up and the
        next card taking its place) on top of what the closure could not clear — everything that could leave
        before the deal is counted as having left, which only helps. As soon as some column might empty (a
        refill would shift the rows) or the pack is out, the cards still in the pack are counted as out at once
        (nothing they would cover is counted) and the closure is taken one last time. If it cannot empty every
        column, no line wins.

        Issue 22 (every vacated place refilled from the pack while it lasts): the row-by-row part no longer
        holds (a refill lands below any card played, not only in an emptied column), so the cards still in the
        pack are counted as out at once, covering nothing: the real game only puts them below column cards, which
        makes more cards leave first, never fewer. First the cheaper `buried` proof."""
        if self.buried():
            return True
        cols = [list(c) for c in self.cols]
        cut = [len(c) for c in cols]
        have = [0] * 52  # copies that are up or out of their columns (all free to go up in turn)
        fs, fh = self.fs, self.fh
        for f in range(8):
            if fs[f] >= 0:
                base = fs[f] * 13
                for r in range(fh[f]):
                    have[base + r] += 1
        base = bytes(have)  # copies up now
        out = bytearray(52)  # some copy is or has been out of its column, or uncovered: a host
        for c in cols:
            if c:
                out[c[-1]] = 1
        up = [0] * 53  # copies that can go up: as many as every lower rank of the suit has (up[52] = 2: below aces)
        up[52] = 2
        for s in range(0, 52, 13):
            prev = 2
            for c in range(s, s + 13):
                prev = up[c] = have[c] if have[c] < prev else prev
        stock, n = self.stock, self.n
        for card in stock[:n]:
            out[card] = 1
            _raise(card, have, up)
        _closure(cols, cut, have, base, out, up)
        return any(cut)


def _buried(cols: list[list[int]]) -> bool:
    """Some column card can never leave its column, so the deal is lost. A card leaves a column only after every
    card beneath it (later in the list) has left, so the cards above it (earlier) are still there when it leaves.
    It leaves by going up — impossible while both copies of some lower card of its suit lie above it (a foundation
    takes every rank of its suit in order, one copy each) — or by being married onto a showing card one rank
    higher in its suit — impossible for a king, or while both copies of that card lie above it (a card above it
    shows only after it has left). Whatever the pack still holds is only ever laid beneath column cards, so this
    holds for the rest of the game."""
    for col in cols:
        count = [0] * 52
        for card in col:
            r = card % 13
            if r and (r == 12 or count[card + 1] == 2):
                base = card - r
                if any(count[y] == 2 for y in range(base, card)):
                    return True
            count[card] += 1
    return False


def _raise(card: int, have: list[int], up: list[int]) -> None:
    """One more copy of `card` is out: the copies able to go up, from its rank up the suit."""
    have[card] += 1
    r = card % 13
    prev = up[card - 1 if r else 52]
    for x in range(card, card - r + 13):
        v = have[x] if have[x] < prev else prev
        if v == up[x] and x != card:
            break
        up[x] = prev = v


def _second(c: list[int], h: int, card: int, base: bytes) -> bool:
    """Must the card at c[h - 1] be the second of its two copies to go up? So when its other copy lies above it in
    the same column (it leaves first) and can never be married, so that it leaves by going up: it is a king, or
    every copy of its host not up lies beneath it in this column, where it cannot be uncovered while the copy
    stays. Then, when this card goes up, its other copy is up already and the foundation it joins is the second
    one of its suit: both copies of the card below must be up by then."""
    for j in range(h, len(c)):
        if c[j] == card:
            if card % 13 == 12:
                return True
            host = card + 1
            return c[:j].count(host) >= 2 - base[host]
    return False


def _closure(cols: list[list[int]], cut: list[int], have: list[int], base: bytes, out: bytearray,
             up: list[int]) -> None:
    """Clear the columns' tops as far as the relaxation of `Model.hopeless` allows (cut[k]: cards left)."""
    changed = True
    while changed:
        changed = False
        for k in range(NCOL):
            c = cols[k]
            h = cut[k]
            while h:
                card = c[h - 1]
                r = card % 13
                able = up[card - 1 if r else 52] - base[card]  # copies of the card below, beyond those used
                if (able > 1 or (able == 1 and not _second(c, h, card, base))) or (r < 12 and out[card + 1]):
                    _raise(card, have, up)
                else:
                    break
                h -= 1
                if h:
                    out[c[h - 1]] = 1
            if h != cut[k]:
                cut[k] = h
                changed = True




def _chain(have: list[int]) -> list[int]:
    """The copies of each card that can go up, given the copies `have` up or free: as many as every lower rank of
    its suit has (index 52: below the aces, 2)."""
    up = [0] * 53
    up[52] = 2
    for s in range(0, 52, 13):
        prev = 2
        for c in range(s, s + 13):
            prev = up[c] = have[c] if have[c] < prev else prev
    return up


def _last_shift(pack: list[int], n: int, act: list[list[int]], have: list[int], upnow: list[int]) -> int:
    """The most refills the next row can come after (n: the pack may run out with no row).

    A refill follows exactly one departure of a place's card (to a foundation or onto a host) and nothing else
    does, so when t refills have been made, t of the place cards so far (the places' cards now and the t refills)
    have departed and 12 at most stay. A card departs only if it can: an ace; or a card whose suit's foundation
    can reach the rank below it on one more foundation than already holds it (`_chain` over the copies up or
    free now — `have` —, in the top regions now, or among the refills so far: the cards under the places cannot
    move while the pack lasts, and the pack's later cards are not out yet); or a card (not a king) with a copy of
    its host in the top regions now or among the refills so far (nothing else shows while the pack lasts). Both
    only grow with t. So t refills need, for every s < t, s + 1 cards among the place cards up to s that can
    depart by then, and at most 12 of the place cards up to t that cannot."""
    cnt = list(have)
    host = [0] * 52
    present = []
    for a in act:
        for x in a:
            cnt[x] += 1
            host[x] += 1
        if a:
            present.append(a[0])
    for t in range(n + 1):
        if t:
            x = pack[n - t]
            cnt[x] += 1
            host[x] += 1
            present.append(x)
        upd = _chain(cnt)
        able = 0
        for x in present:
            r = x % 13
            if r == 0 or upd[x - 1] > upnow[x] or (r < 12 and host[x + 1]):
                able += 1
        if len(present) - able > 12:
            return t - 1
        if able < t + 1:
            return t
    return n


def _end_fails(cols: list[list[int]], have: list[int], base: bytes, gone: list[int]) -> bool:
    """`Model.hopeless`'s relaxation from a relaxed position: `cols` the columns, `gone` cards counted as out of
    them (up, or free to go up in turn and hosts), `have` the copies up or free. True: some column stays."""
    if _buried(cols):
        return True
    have = list(have)
    up = _chain(have)
    out = bytearray(52)
    for x in gone:
        out[x] = 1
    for c in cols:
        if c:
            out[c[-1]] = 1
    cut = [len(c) for c in cols]
    _closure([list(c) for c in cols], cut, have, base, out, up)
    return any(cut)


def _rows_lost(froz: list[list[int]], act: list[list[int]], pack: list[int], n: int, have: list[int],
               gone: list[int], base: bytes, upnow: list[int], budget: list[int]) -> bool:
    """A loss proof that lays the pack's rows where the engine lays them: every number of refills r the next row
    can come after (`_last_shift`) is tried, and each is shown lost.

    For one r the relaxation is: (1) until the row, only the top regions move (`act`: each column's last place's
    card and the cards married on it; `froz`, the cards under them, stay covered while the pack lasts); the r
    refills (the pack's next r cards) count as out at once (free to go up in turn, hosts, covering nothing); a
    top-region card leaves as in `_closure` (it can go up, or a copy of its host shows: hosts now are only the
    top regions' showing cards and the refills, nothing else shows while the pack lasts), except that with r = 0
    no place's card departs (a departure would take a refill) and only married cards leave. What leaves counts as
    out for good (`gone`; in the real game a married card stays in a top region and is covered by the row:
    counting it out only helps). (2) The row is laid exactly as the engine lays it after r refills: the pack's
    next cards after them, one to each column in turn, an ace going up and the next card taking its place; each
    lies on what the top region kept, which is frozen in turn. (3) If the pack is then out (or r took it all), the
    end is `_end_fails` on those columns; else the rest of the pack counted as out at once (`_end_fails`), and
    failing that the next row the same way (recursively). In a real game the row comes after some r <= the last
    shift; every card that leaves a top region before it leaves in (1) too (its reason holds with more out), so
    each real column then holds the relaxed one's cards in the same order, with more between, and the cards
    not in the relaxed columns are up or counted out there: each step only adds freedom, so a won real game
    clears the relaxed one for its r. The copies up at the start (`base`) stand for the foundations throughout
    (the real game's are higher later, which only lets more leave in `_closure`: fewer foundations count as past a
    card, and fewer hosts as up). `budget[0]` counts the shifts tried; when it runs out nothing is proven."""
    last = _last_shift(pack, n, act, have, upnow)
    for r in range(last + 1):
        budget[0] -= 1
        if budget[0] < 0:
            return False
        h = list(have)
        up = _chain(h)
        g = list(gone)
        out = bytearray(52)  # hosts until the row: the top regions' showing cards and the refills only
        for a in act:
            if a:
                out[a[-1]] = 1
        for x in pack[n - r:n]:
            out[x] = 1
            _raise(x, h, up)
            g.append(x)
        if r:
            kept = [list(a) for a in act]
            cut = [len(a) for a in kept]
            _closure(kept, cut, h, base, out, up)
        else:  # no refill: the places' cards stay; married cards may leave, showing their place's card
            tails = [a[1:] for a in act]
            cut = [len(t) for t in tails]
            while True:
                _closure(tails, cut, h, base, out, up)
                more = False
                for k in range(NCOL):
                    if act[k] and not cut[k] and not out[act[k][0]]:
                        out[act[k][0]] = 1
                        more = True
                if not more:
                    break
            cut = [cut[k] + 1 if act[k] else 0 for k in range(NCOL)]
        left = n - r
        nf, na = [], []
        for k in range(NCOL):
            a = act[k]
            nf.append(froz[k] + a[:cut[k]])
            g.extend(a[cut[k]:])
            q = []
            while left:  # rule 'row', as `Blockade._row_steps`
                left -= 1
                x = pack[left]
                if x % 13 == 0:
                    _raise(x, h, up)
                    g.append(x)
                    continue
                q = [x]
                break
            na.append(q)
        cols = [f + a for f, a in zip(nf, na)]
        if not left:
            if not _end_fails(cols, h, base, g):
                return False
            continue
        rest = pack[:left]
        h2 = list(h)
        for x in rest:
            h2[x] += 1
        if _end_fails(cols, h2, base, g + rest):
            continue
        if not _rows_lost(nf, na, pack, left, h, g, base, upnow, budget):
            return False
    return True


# --- the search -------------------------------------------------------------------------------------------------


def _choices(model: Model, safe: bool = True, probe: SplitMix64 | None = None, streamline: bool = False) -> list[int]:
    """The moves to try, best first; a safe move alone.

    Safe: a card goes up at once when it is an ace or both copies of the card one below it in its suit are up,
    once the pack is out (issue 22: while it lasts, the place the card leaves takes the pack's next card, which
    changes where every later card lands), or at any time when it is a married card (its leaving opens no place).
    Why no win is lost: a column card's only other uses are to host the next lower card of its suit — impossible
    once both copies of it are up — and to move onto another column, which only uncovers what lies below it, as
    going up does. The foundations of its suit then stand at that lower rank or hold the other copy of the card
    already, so either copy can still go where a winning line put it. A column emptied while the pack lasts would
    be refilled from the pack, which changes where every later row lands: hence the proviso. A married card takes
    no place, so no refill follows; and while the pack lasts it goes up before the next row in every line: it can
    go up for as long as it shows (the foundations only grow), so no row is laid while it shows (rule 'next'),
    and nothing but a row could cover it (the card it could host is up). Leaving out what it does until then
    (moving onto the other copy of its host) changes no other move: every move between is as legal with the card
    up (the card beneath it showing earlier only adds moves, and no row is laid in between), and the two lines
    meet once it has gone up.

    Dropped: once the pack is out, a marriage that moves a column's only card. The column stays empty for good
    (spaces take nothing once the pack is out), and the card now covers its host; before the move the card was as
    available and its host uncovered too, so every line from after the move can be played from before it (cards
    that would go on the moved card go on it where it lies; the host is free earlier)."""
    moves = model.moves()
    cols, n = model.cols, model.n
    plays, marriages = [], []
    seen_f = set()
    for m in moves:
        if m >= 256:
            i = (m - 256) >> 4
            card = cols[i][-1]
            if i in seen_f:  # two foundations of one suit at one height: the same move
                continue
            seen_f.add(i)
            if safe and (not n or model.m[i]) and (card % 13 == 0 or model.up_count(card - 1) == 2):
                return [m]  # safe (above)
            plays.append(m)
        elif m >= 0:
            if safe and not n and len(cols[m >> 4]) == 1:
                continue  # dropped (above)
            marriages.append(m)
    if DEAL in moves:
        marriages.append(DEAL)
    if streamline and plays:
        model.cut = True
        return plays[:1]
    if probe is not None:
        for i in range(len(marriages) - 1, 0, -1):
            j = probe.below(i + 1)
            marriages[i], marriages[j] = marriages[j], marriages[i]
    return plays + marriages


# --- a win-finder by phases ---------------------------------------------------------------------------------------

PHASE_CAP = 300  # positions explored between two deals, from each kept position
ENDGAME_CAP = 1_000  # positions searched once the pack is out, from each position reached
BEAM_WIDTH = 20  # the reruns' beams: 20 wide (40 after ten beams, 80 after twenty ...), each phase capped at
BEAM_CAP = 500  # positions, ranked in turn by each of these `_score` mixes (unseeded, then with seeded noise)
MIXES = ("", "B", "C", "K", "BCK")


def _score(model: Model, mix: str = "", noise: SplitMix64 | None = None) -> int:
    """How promising a position is: cards up first, then how shallow the next card each foundation wants lies.
    `mix` adds terms (each letter one): "B" the depth of the two ranks after it too (halved, quartered); "C" a
    point for every card lying above a lower card of its suit in its column (it must be married away before that
    card can go up); "K" half a point for every card beneath a king (a king only leaves by going up). `noise`
    adds a seeded amount under two points (the depth term's unit) to each position's score, so that beams run
    with different seeds keep different positions where the scores are close. Only the order of the beams' positions depends on it, never a verdict's soundness."""
    cols, fs, fh = model.cols, model.fs, model.fh
    depth = {}
    inv = under_k = 0
    by_rank, by_suit, by_king = "B" in mix, "C" in mix, "K" in mix
    for c in cols:
        size = len(c)
        for i, card in enumerate(c):
            d = size - 1 - i
            if depth.get(card, 99) > d:
                depth[card] = d
            if by_suit:
                lo = card - card % 13
                for b in c[:i]:
                    if lo <= b < card:
                        inv += 1
            if by_king and card % 13 == 12:
                under_k += i
    penalty = 0
    for f in range(8):
        if fs[f] >= 0 and fh[f] < 13:
            want = fs[f] * 13 + fh[f]
            penalty += 4 * min(depth.get(want, 12), 12)
            if by_rank:
                for k, w in ((1, 2), (2, 1)):
                    if fh[f] + k < 13:
                        penalty += w * min(depth.get(want + k, 12), 12)
    value = 64 * model.total - penalty - 4 * inv - 2 * under_k
    return value if noise is None else 4 * value + noise.below(32)


def _beam(model: Model, budget: int, width: int, safe: bool, dead, deadline: float | None = None,
          mix: str = "", seed: int | None = None, cap: int = PHASE_CAP) -> tuple[str, list[int], int]:
    """Find a win phase by phase: from each kept position, the positions reachable before the next deal (plays and
    marriages, depth-first, at most PHASE_CAP), each dealt on; the best `width` of the dealt positions (by `_score`,
    not proven lost) are kept for the next phase. Once the pack is out, a short depth-first search from each.
    `mix` and `seed` choose the ranking (`_score`), `cap` the positions per phase. Its wins are wins; its failure
    proves nothing. The model is left as it was found."""
    noise = None if seed is None else SplitMix64(seed)
    saved = ([list(c) for c in model.cols], list(model.fs), list(model.fh), model.n, model.total, list(model.m))

    def restore(snap) -> None:
        cols, fs, fh, n, total, married = snap
        model.cols = [list(c) for c in cols]
        model.fs, model.fh, model.n, model.total, model.m = list(fs), list(fh), n, total, list(married)

    def snap() -> tuple:
        return ([list(c) for c in model.cols], list(model.fs), list(model.fh), model.n, model.total, list(model.m))

    nodes = 0
    beam = [(snap(), [])]
    result: tuple[str, list[int]] = (UNKNOWN, [])
    while beam and nodes < budget and result[0] != WON and (deadline is None or time.perf_counter() < deadline):
        dealt = {}
        for position, line in beam:
            restore(position)
            if model.total == 104:
                result = (WON, line)
                break
            if model.n == 0:
                status, tail, used = depth_first(model, lambda: _choices(model, safe),
                                                 min(ENDGAME_CAP, max(1, budget - nodes)), deadline, dead)
                nodes += used
                if status == WON:
                    result = (WON, line + tail)
                    break
                continue
            # the phase: depth-first over plays and marriages, every position reached a candidate for the deal
            seen = {model.key()}
            path: list[tuple[int, tuple]] = []
            stack = [iter([m for m in _choices(model, safe) if m != DEAL])]
            while stack and result[0] != WON:
                nodes += 1
                if model.n and DEAL in model.moves():
                    undo = model.play(DEAL)
                    key = model.key()
                    if key not in dealt and (dead is None or not model.hopeless()):
                        dealt[key] = (_score(model, mix, noise), snap(), line + [m for m, _ in path] + [DEAL])
                    model.unplay(undo)
                elif not model.n and model.total != 104:
                    dealt.setdefault(model.key(), (_score(model, mix, noise), snap(), line + [m for m, _ in path]))
                while stack:
                    m = next(stack[-1], None)
                    if m is None:
                        stack.pop()
                        if path:
                            model.unplay(path.pop()[1])
                        continue
                    undo = model.play(m)
                    key = model.key()
                    if key in seen:
                        model.unplay(undo)
                        continue
                    seen.add(key)
                    path.append((m, undo))
                    nodes += 1
                    if model.total == 104:
                        result = (WON, line + [mv for mv, _ in path])
                    elif len(seen) < cap and nodes < budget:
                        stack.append(iter([mv for mv in _choices(model, safe) if mv != DEAL]))
                    else:
                        stack.append(iter(()))
                    break
            for _, undo in reversed(path):
                model.unplay(undo)
            if result[0] == WON or nodes >= budget or (deadline is not None and time.perf_counter() > deadline):
                break
        beam = [(pos, ln) for _, pos, ln in sorted(dealt.values(), key=lambda x: -x[0])[:width]]
    restore(saved)
    return result[0], result[1], nodes


def solve(game: Game, state: State, node_limit: int = NODE_LIMIT, time_limit: float | None = None,
          safe: bool = True, proofs: bool = True) -> Solution:
    """Search from `state` (left as it was found) within `node_limit` positions in all. Up to FIRST positions: with
    half of them, streamlined probes (a card that can go up goes up, nothing else tried; the first probe in the usual
    order, the others with marriages and the deal in a random order) — their wins are wins, their failures prove
    nothing unless the first probe never cut a line; then the full search, whose "lost" is a proof. A larger
    budget goes, half of what lies beyond FIRST, to the full search again (under the corrected rules most deals
    that settle are proved lost, and only the full search proves), then the rest to narrow beams by phases
    (`_beam`: their wins are wins), BEAM_WIDTH wide (doubled after every ten), ranked in turn by each of MIXES
    (then the same with seeded noise): many beams ranked differently win more deals for the positions than fewer
    wider ones (docs/solvers/blockade.md). The second full search also abandons the positions `_rows_lost` proves
    lost (after marriages and deals, as `hopeless`): within FIRST positions it changed no verdict on deals 1-40 and
    cost several times the time; beyond, it shortens the proofs (deal 18: 21 888 positions instead of 61 699).
    `safe` and `proofs` switch the safe moves and the loss proofs off (for the tests that check them against brute
    force)."""
    if state.vars.get("variant", "") not in VARIANTS:  # search.solve_state gives it to the generic search
        raise ValueError(f"the Blockade model plays the edition's reading only, not the variant "
                         f"{state.vars['variant']!r}: solve it with pipeline.solve.search.solve_state")
    start = time.perf_counter()
    if game.won(state):
        return Solution(WON, [], 0, 0.0)
    if state.vars.get("phase") != "play":
        return Solution(LOST, [], 0, 0.0)
    model = Model(game, state)
    deadline = None if time_limit is None else start + time_limit

    rows = [False]  # the row proof too: only in the full search beyond FIRST

    def dead(m: int) -> bool:  # not after a play while the pack lasts
        return (m < 256 or not model.n) and (model.hopeless() or (rows[0] and model.rows_lost()))

    def search(limit: int, noise: SplitMix64 | None, streamline: bool) -> tuple[str, list[int], int]:
        if proofs and (model.hopeless() or (rows[0] and model.rows_lost())):
            return LOST, [], 0
        return depth_first(model, lambda: _choices(model, safe, noise, streamline), limit, deadline,
                           dead if proofs else None)

    status, line, nodes = probes_then_full(model, search, min(node_limit, FIRST), PROBES)
    if status == UNKNOWN and node_limit > FIRST:  # a larger budget: the full search again, then narrow beams
        rows[0] = True
        status, line, more = search(max(1, (node_limit - FIRST) // 2), None, False)
        rows[0] = False
        nodes += more
        k = 0
        while status == UNKNOWN and node_limit - nodes >= 50 * BEAM_WIDTH and (
                deadline is None or time.perf_counter() < deadline):  # a beam past the deadline uses no positions
            mix = MIXES[k % len(MIXES)]
            status, line, used = _beam(model, node_limit - nodes, BEAM_WIDTH << (k // 10), safe,
                                       dead if proofs else None, deadline, mix, k if k >= len(MIXES) else None,
                                       BEAM_CAP)
            nodes += used
            k += 1
    ids = [model.move_id(m) for m in line] if status == WON else []
    return Solution(status, ids, nodes, time.perf_counter() - start)


legal_ids = legal_ids_of(Model)
