"""Шахъ's own solver: a compact model of the star, the pack, the talon and the eight foundations, searched
depth-first with a transposition table, ordered moves and loss proofs (the last of which, the pack game, is asked
at the root).

The model. Cards are merged across the two packs (`card % 52`: every rule compares suit and rank only). The 24
places of the star are lists (index 0-7 the inner circle, 8-15 the middle, 16-23 the outer, each left to right, so
the index order is the engine's fill order), ray k being places k, 8+k, 16+k; the talon is a list, the pack a list
of which only the count left changes; foundations are fixed-suit heights. Moves are the engine's: a ray's top card
or the talon's to the first foundation of its suit one rank below it (rule III, 'aces'; of two alike only the
first), onto a middle-circle ray top one rank above in suit (rule II, 'marry'; not from the inner circle), filling
the first space in the fill order from the talon, the pack or (an inner space) an outer card (rule 'fill', 'path'),
and turning the pack onto the talon once every space is filled. A cleared inner place starts the forced refilling
(the engine's variable `filling`), reproduced exactly. The position's key is the places, the talon, the size of the
pack and the flag; the foundations follow from them (two copies of every card: the heights of a suit's two
foundations are the counts of its ranks that are up).

Why deals stay open. The pack is turned once; while it lasts every space must be filled before the next turn, so
between bursts of play the star is full and only its outer cards (and the talon's top) can go up. The search
drowns in the timing of those plays: an outer card that can go up may wait many turns (its place is then filled
with a later card), a talon card may be turned over — and every such line ends with a talon of 40-50 cards and a
frozen star. `frozen_dead` cuts each such end at once, and the probes find most wins; a loss is proved when the
full search, or the relaxed game at the root, runs out of positions.

The pack game (`PackGame`, this session). A relaxation that keeps the pack and the talon exactly (one pass, a
stack) and the order in which the star's present cards leave their rays, but puts every card that enters the star
later into a free-access "cell" (at most as many as places emptied) or, when a host one rank above in suit is or
was available, among the "married" cards (no cell needed); nothing is forced, the pack may be turned at any time.
Its rules, why a real line is a line of it, and why its forced moves lose nothing are in its docstring; the tests
check it against the brute force and against a search of it with every move open. Measured: it cuts almost every
position of a doomed line once 20 or fewer cards are left in the pack (every fifth position of the plain search's
first 10 000 on deals 2 and 7: 1976 and 1994 of 2000), and some with 25-40 left, in 5-100 positions of its own, but
its own wins come easily from the root (a few hundred positions) and from the positions the real search is left
with once the doomed ends are cut. As a check inside the searches (every position, or those with 8 or more cards
in the pack; 50 or 300 positions a check) it proves lost deals far sooner (deal 1: 108 positions, not 25 490) but
settled none of the nine unknown deals among 2-13 at 200 000 positions and cost 5-20 times the seconds; inside
the relaxed game at the root, none of 15. What is left of the search is then mostly endgames (pack of 0-9) it cannot cut
(about half of them; the relaxed game at 100 positions cuts a third of the rest) and, on some deals (7: more than
300 000 positions with 25 or more cards in the pack), the pack phase itself. So it is asked once, at the root
(PACK_ROOT positions: 20 000 settle 2 of the first 300 unknown deals, 150 000 settle 4; the table's run afresh,
deals 1-3000: 915 won as before, 654 lost, 1431 unknown, against 634 and 1451). Variants measured and
dropped: playing every card that fits at once (unsound: which copy of a card goes up first matters) and free-access
star cards in 24 cells (the rays' order is what makes it strong: without it, no position was cut). Next: a
pack-game variant in which every emptied place must be refilled before a turn (it cut 10-40 % more positions with
25-40 cards in the pack in a quick, unsound-with-forcing trial; soundly it needs the leaving of ray cards to be
branched, not forced), or cells that keep their ray order (a filled outer card covers the middle one).

Beyond NODE_LIMIT (`_beyond`, RERUN_METHOD): the first NODE_LIMIT positions go exactly as before; the rest to more
probes (EXTRA_PROBE positions each, streamlined and impatient in turn, seeds from 1000). 100 000 more settled 1 of
30 unknown deals (191-268; 266 won) and 2 of the 13 near wins (56, 155), about 2 s a deal; probes of 1 000 positions
settled 1 of the 13. The table's rerun of its 1431 unknown deals at 350 000 positions: 47 won, none lost, 1384
still unknown, 2858 s (about 2 s a deal, the machine shared four ways). Probes stop at PROBES_END positions (that
rerun's budget, which a budget up to it still spends exactly so); beyond it the pack game is asked at the root
again, with PACK_BEYOND positions of its own (not counted, as PACK_ROOT's are not: every budget's probes and searches
spend exactly as without it), and then the full depth-first search runs again from the root, in the first pass's
order, with the rest: the first pass leaves it only about 40 000 positions, and from the root it wins 4 of the
table's first 20 unknown deals at 301 000-980 000 positions (none lost at 2 000 000).

What was tried and measured on this solver (reruns, relaxations dropped) is in docs/solvers/shah.md.
"""
from __future__ import annotations

import time
from collections.abc import Iterable, Iterator

from pipeline.engine.core import Game, State
from pipeline.engine.rng import SplitMix64
from pipeline.solve.model import in_play, legal_ids_of
from pipeline.solve.search import LOST, UNKNOWN, WON, Solution
from pipeline.solve.strategies import depth_first

NODE_LIMIT = 200_000
METHOD = ("Own model of the star, the talon and the pack (packs merged, foundations read off the cards): "
          "streamlined and impatient probes for wins, then a full depth-first search with a transposition table. "
          "Loss proofs: a ray that can never be cleared even with talon and pack free; a full star none of whose "
          "outer cards can ever go up (greedy play of the pack and talon, checked at every position); a "
          "relaxed game (nothing forced, any space filled, safe cards up at once) searched to a loss; and a pack "
          "game (the real pack and talon, a star whose later cards lie in free cells, as many as places emptied) "
          "searched to a loss.")
RERUN_METHOD = ("Beyond 200 000 positions: the first 200 000 spent exactly as in the first pass, up to 350 000 on "
                "more probes (3 000 positions each, streamlined and impatient in turn, new seeds); beyond 350 000 "
                "the pack game at the root again, with up to 300 000 positions of its own (not counted; the first "
                "pass gives it 50 000), its loss a proof, then the rest on the full depth-first search again from "
                "the root (its exhaustion a proof, as in the first pass).")

TALON, STOCK, TURN = 24, 25, -1
GOAL = 96
PROBE = 3_000  # positions per probe
PROBE_SHARE = 0.65  # of the budget, for all probes (a streamlined one that runs dry spends less); 0.85 left the full
# search too little: 9 of deals 1-3000 it had won at 28 000-39 000 positions of the 40 000 table went unknown
RELAXED_SHARE = 0.15  # of the budget, for the relaxed game
PACK_ROOT = 50_000  # positions of the pack game (`PackGame`) at the root (20 000 settle 2 of 300 unknown deals, 150 000
# settle 4; the rest find a win there within a few hundred positions or run out)
EXTRA_PROBE = 3_000  # positions per probe beyond NODE_LIMIT (`_beyond`; 1 000 settled fewer)
PROBES_END = 350_000  # the budget up to which `_beyond` only probes (the first rerun); the full search beyond it
PACK_BEYOND = 300_000  # positions of the pack game at the root again beyond PROBES_END (of the table's 60 unknown deals
# on which PACK_ROOT finds it no win, it proves 9 lost; 1 000 000 on 29 of them proved 5 lost, all within 263 000)
LOST_KEYS_CAP = 400_000  # pack-game positions kept as proven lost
# the first twelve as before; then two streamlined probes to one impatient one, each its own seed (on deals 1-200
# at 200 000 positions: 50 more probes left 106 unknown, 100 more (three streamlined to one) 108, as they eat the
# full search's share, which finds wins too)
PROBES = (("play", 0), ("turn", 0), ("play", 1), ("turn", 1), ("play", 2), ("play", 3), ("turn", 2), ("play", 4),
          ("play", 5), ("turn", 3), ("play", 6), ("play", 7)) + \
    tuple(("turn" if i % 3 == 1 else "play", 8 + i) for i in range(50))


class Model:
    """An engine position as lists of ints, played and taken back in place."""

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.place_piles = game.group("inner") + game.group("middle") + game.group("outer")
        self.fnd_piles = game.group("foundation")
        self.talon_pile, self.stock_pile = game.index["talon"], game.index["stock"]
        self.P = [[c % 52 for c in state.piles[p]] for p in self.place_piles]
        self.talon = [c % 52 for c in state.piles[self.talon_pile]]
        self.stock = [c % 52 for c in state.piles[self.stock_pile]]
        self.n = len(self.stock)
        self.fs = [state.piles[p][0] // 13 % 4 for p in self.fnd_piles]
        self.fh = [len(state.piles[p]) for p in self.fnd_piles]
        self.total = sum(self.fh)
        self.filling = 1 if state.vars.get("filling") else 0
        self.cut = False  # a probe left a move untried

    def won(self) -> bool:
        return self.total == GOAL

    # -- moves: 64*src + dst; src a place, TALON, STOCK; dst a place (fill or marriage) or 32+f (foundation f)
    def moves(self) -> list[int]:
        P = self.P
        out = []
        sp = -1
        for i in range(24):
            if not P[i]:
                sp = i
                break
        if sp >= 0:
            sources = []
            if self.talon:
                sources.append(TALON)
            if self.n:
                sources.append(STOCK)
            forced = bool(sources) and (self.filling or not (P[0] and P[1] and P[2] and P[3] and P[4] and P[5]
                                                             and P[6] and P[7]))
            if forced and self.filling:
                sources = sources[:1]
            if sp < 8:
                sources += [o for o in range(16, 24) if P[o]]
            out = [64 * s + sp for s in sources]
            if forced:
                return out
        tops, targets = self.tops()
        fs, fh = self.fs, self.fh
        for src in tops:
            card = self.talon[-1] if src == TALON else P[src][-1]
            s, r = divmod(card, 13)  # r + 1 is the rank
            for f in range(8):
                if fs[f] == s and fh[f] == r:
                    out.append(64 * src + 32 + f)
                    break
            if src < 8:
                continue
            for dst in targets:
                if dst != src and P[dst][-1] == card + 1:
                    out.append(64 * src + dst)
        if self.n and sp < 0:
            out.append(TURN)
        return out

    def tops(self) -> tuple[list[int], list[int]]:
        """Rule I: each ray's outermost card, then the talon's top; and the marriage targets among them (rule II:
        the rays whose outermost card lies in the middle circle)."""
        P = self.P
        tops, targets = [], []
        for k in range(8):
            if P[16 + k]:
                tops.append(16 + k)
            elif P[8 + k]:
                tops.append(8 + k)
                targets.append(8 + k)
            elif P[k]:
                tops.append(k)
        if self.talon:
            tops.append(TALON)
        return tops, targets

    def play(self, m: int) -> tuple:
        """Play move m and the forced step that may follow (the end of the refilling); returns what undo needs."""
        P = self.P
        old = self.filling
        if m == TURN:
            self.n -= 1
            self.talon.append(self.stock[self.n])
        else:
            src, dst = divmod(m, 64)
            if src == TALON:
                card = self.talon.pop()
            elif src == STOCK:
                self.n -= 1
                card = self.stock[self.n]
            else:
                card = P[src].pop()
            if dst >= 32:
                self.fh[dst - 32] += 1
                self.total += 1
            else:
                if not P[dst] and dst < 8 and (self.talon or self.n):
                    self.filling = 1
                P[dst].append(card)
        if self.filling and (not (self.talon or self.n) or all(P)):
            self.filling = 0
        return (m, old)

    def unplay(self, undo: tuple) -> None:
        m, old = undo
        self.filling = old
        P = self.P
        if m == TURN:
            self.talon.pop()
            self.n += 1
            return
        src, dst = divmod(m, 64)
        if dst >= 32:
            f = dst - 32
            self.fh[f] -= 1
            self.total -= 1
            card = self.fs[f] * 13 + self.fh[f]
        else:
            card = P[dst].pop()
        if src == TALON:
            self.talon.append(card)
        elif src == STOCK:
            self.n += 1
        else:
            P[src].append(card)

    def hopeless(self) -> bool:
        """A loss proof: some ray can never be cleared, even in a relaxed game.

        The relaxation: a ray's cards (inner, then the middle pile bottom first, then outer) leave it from the
        top down, each once; the talon and the pack are out from the start (their order and the fills they need
        are not counted). A card may leave its ray when every card above it has left and (a) it can go up: a
        foundation of its suit can reach the rank below it — one copy of that rank able to go up, both when the
        card's other copy is up already — or (b) it is not an inner card (rule II) and a copy of its host (one
        rank above in suit, a queen has none) is on no foundation now and is out: in the talon or the pack,
        showing, or out of its ray already; or (c) it is an outer card and an inner place is empty or has been
        emptied (rule 'path'). Copies able to go up: up[c] = min(copies of c up now or out of the rays, up[c-1]).
        Every condition only grows as cards leave, so the order of the closure does not matter; every real first
        departure from a ray is one of these, after what it needs, so what the real game clears the closure
        clears too. If it cannot empty every ray, no line wins."""
        P = self.P
        rays = [[P[k][0]] if P[k] else [] for k in range(8)]
        levels = [[0] if P[k] else [] for k in range(8)]  # 0 inner, 1 middle, 2 outer
        for k in range(8):
            for card in P[8 + k]:
                rays[k].append(card)
                levels[k].append(1)
            for card in P[16 + k]:
                rays[k].append(card)
                levels[k].append(2)
        cut = [len(r) for r in rays]
        have = [0] * 52
        fs, fh = self.fs, self.fh
        for f in range(8):
            base_card = fs[f] * 13
            for r in range(fh[f]):
                have[base_card + r] += 1
        base = bytes(have)
        out = bytearray(52)
        for card in self.talon:
            have[card] += 1
            out[card] = 1
        for card in self.stock[:self.n]:
            have[card] += 1
            out[card] = 1
        for r in rays:
            if r:
                out[r[-1]] = 1
        up = [0] * 53
        up[52] = 2
        for s0 in range(0, 52, 13):
            prev = 2
            for c in range(s0, s0 + 12):
                prev = up[c] = have[c] if have[c] < prev else prev
        inner_space = not all(P[:8])
        changed = True
        while changed:
            changed = False
            for k in range(8):
                ray, lev = rays[k], levels[k]
                h = cut[k]
                while h:
                    card = ray[h - 1]
                    r = card % 13
                    level = lev[h - 1]
                    if up[card - 1 if r else 52] > base[card] or (level and r < 11 and out[card + 1]) or \
                            (level == 2 and inner_space):
                        have[card] += 1
                        prev = up[card - 1 if r else 52]
                        for x in range(card, card - r + 12):
                            v = have[x] if have[x] < prev else prev
                            if v == up[x] and x != card:
                                break
                            up[x] = prev = v
                        if level == 0:
                            inner_space = True
                    else:
                        break
                    h -= 1
                    if h:
                        out[ray[h - 1]] = 1
                if h != cut[k]:
                    cut[k] = h
                    changed = True
        return any(cut)

    def frozen_dead(self) -> bool:
        """A loss proof: the star is full and stays so for good.

        With every place occupied there is no space to fill and no middle-circle top to marry onto (a middle card
        is a top only when its outer place is empty), and no inner place is empty, so an outer card can leave
        its ray only by going up, and a talon card only by going up too. Until the first outer card goes up the
        game is the pack, the talon and the foundations alone: turn, or play the talon's top. Playing it at
        once (greedily) keeps each suit's two foundation heights, in every line and at every count of cards
        turned, at least as high as any other line's (the classic argument for a stack: a line that holds a
        playable card back only buries it), and heights grow one at a time, so a foundation of some line stands
        at a height only if the greedy one passed it at that point or earlier. So if along the greedy play no
        outer card ever fits a foundation, in no line does one ever go up: the star never changes, its cards
        never go up, and no line wins."""
        P = self.P
        if not all(P):
            return False
        need = [0, 0, 0, 0]
        for k in range(16, 24):
            c = P[k][-1]
            need[c // 13] |= 1 << (c % 13)
        h1 = [-1] * 4
        h2 = [-1] * 4
        for f in range(8):
            s = self.fs[f]
            if h1[s] < 0:
                h1[s] = self.fh[f]
            else:
                h2[s] = self.fh[f]
        for s in range(4):
            if need[s] & ((1 << h1[s]) | (1 << h2[s])):
                return False
        talon = self.talon[:]
        stock = self.stock
        i = self.n
        while True:
            while talon:
                c = talon[-1]
                s, r = divmod(c, 13)
                if h1[s] == r:
                    h1[s] += 1
                elif h2[s] == r:
                    h2[s] += 1
                else:
                    break
                talon.pop()
                if need[s] & ((1 << h1[s]) | (1 << h2[s])):
                    return False
            if not i:
                return True
            i -= 1
            talon.append(stock[i])

    def key(self) -> bytes:
        return b"\xff".join([bytes(p) for p in self.P]) + b"\xfe" + bytes(self.talon) + \
            bytes((self.n, self.filling))

    def move_id(self, m: int) -> str:
        if m == TURN:
            return "turn"
        names = self.game.names
        src, dst = divmod(m, 64)
        a = "talon" if src == TALON else "stock" if src == STOCK else names[self.place_piles[src]]
        b = names[self.fnd_piles[dst - 32]] if dst >= 32 else names[self.place_piles[dst]]
        return f"{a}>{b}"


class Relaxed(Model):
    """A relaxed Shah whose loss proves the real game's loss, searched at the root (`relaxed_lost`).

    Its rules are the real ones except that (i) nothing is ever forced: no refilling once an inner place is
    cleared, and the pack may be turned while spaces are open; (ii) the talon's top may fill any empty place,
    an outer card any empty inner place (not only the first space in the fill order); (iii) the pack fills no
    place directly — that is a turn and a fill from the talon, both allowed here. Every real move is a relaxed
    move (or two), reaching the same piles, so a position the relaxed game cannot win the real one cannot win.

    In the relaxed game a card that can go up while the other foundation of its suit stands as high as the one
    it goes on (or higher) goes up at once, nothing else tried (`moves` offers it alone). Take a relaxed winning
    line L that leaves the card c where it is, and the line L' that plays c first and then L without c's own
    moves. L's moves stay legal in L': (a) both copies of the rank below c are up (they are on the foundations
    c may go on), so nothing ever marries onto c, and c's other copy still finds a foundation: the two stood
    level, or the other one is past c already; a foundation one higher only offers more; (b) where L moves c —
    up, onto a marriage, into a space, an outer c to an inner place — L' does nothing, and c's old place, empty
    or showing the card beneath, only offers more: spaces need never be filled here and any space may be
    filled, so a space L' has and L has not stops nothing; the cards L keeps under c it does not move while c
    covers them. So L' wins as well. A full star is as frozen here as in the real game (no space, no
    middle-circle top, no empty inner place), so `frozen_dead` holds here too."""

    def moves(self) -> list[int]:
        P = self.P
        fs, fh = self.fs, self.fh
        tops, targets = self.tops()
        out = []
        for src in tops:
            card = self.talon[-1] if src == TALON else P[src][-1]
            s, r = divmod(card, 13)
            first = other = -1
            for f in range(8):
                if fs[f] == s:
                    if first < 0:
                        first = f
                    else:
                        other = f
            if fh[first] == r or fh[other] == r:
                f = first if fh[first] == r else other
                if fh[first] >= r and fh[other] >= r:
                    return [64 * src + 32 + f]  # the safe play
                out.append(64 * src + 32 + f)
        for src in tops:
            if src >= 8:
                card = self.talon[-1] if src == TALON else P[src][-1]
                for dst in targets:
                    if dst != src and P[dst][-1] == card + 1:
                        out.append(64 * src + dst)
        for i in range(24):
            if not P[i]:
                if self.talon:
                    out.append(64 * TALON + i)
                if i < 8:
                    out += [64 * o + i for o in range(16, 24) if P[o]]
        if self.n:
            out.append(TURN)
        return out

    def play(self, m: int) -> tuple:
        undo = super().play(m)
        self.filling = 0  # nothing is forced
        return undo


class _OutOfNodes(Exception):
    pass


class PackGame:
    """The pack game: a relaxed Shah in which the pack and the talon are exactly the real ones but the star is
    loosened, searched for a win (`lost`); no win there means no win in the real game.

    The cards on the star when it is asked are its "rays": each ray's cards (inner, the middle pile bottom first,
    outer) leave it from the top down, as in the real game. A place is "vacated" once every ray card that lay on
    it has left. Every other card that enters the star later goes into a "cell" (a place's bottom card; any cell
    can go up at any time: free access) or is "married" (lies on another card of a middle pile: no place of its
    own, free access too). The moves:
      turn        the pack's next card onto the talon, at any time (nothing forced: spaces may wait);
      up          a ray's top card, a cell or married card, or the talon's top to a foundation it fits;
      marry       a ray's top card not from the inner circle, a cell card or the talon's top becomes married, if
                  a copy of the card one rank above in suit is or ever was a host: a middle ray card showing, a
                  married card, or — once some middle place has been vacated — a cell card;
      cell        the talon's top into a cell, while there are fewer cells than vacated places;
      outer       an outer ray card into a cell, once an inner place has been vacated (rule 'path').
    A real line is a line of the pack game: each real card on the star that is not a ray card in its own place
    is the bottom card of a place (a cell) or lies on another (married); a place holding such a bottom card has
    lost its ray cards, so cells never outnumber vacated places (a real fill, from the talon or the pack — a turn
    and a cell here —, goes into an empty place, which is vacated and not a cell); a real marriage's host is a
    middle ray card showing, a married card, or a bottom card of a middle place, which is then vacated; the rest
    is the same moves (turns, plays, an outer card to an inner space). So if the pack game is lost, so is the
    real one.

    The search forces the moves that lose nothing and branches on the rest. Forced: a card that fits a
    foundation while both foundations of its suit are at least as high as the one it goes on (safe: both copies
    of the rank below are up, so nothing can marry onto it, and either copy of it goes on either foundation);
    every marriage and every outer-to-cell move (the card stays as free as before, the cards under it show,
    vacated places and hosts only grow, and a married card takes no cell: the new position is at least as good
    as the old in every respect, and host eligibility is kept for good, so nothing is lost by moving it now).
    Branched: a card that fits while the other foundation of its suit is lower (which copy goes first can
    matter), the talon's top into a cell, and the turn. Positions proven lost are kept (`lost_keys`, keyed by
    everything that matters, the ray cards themselves included), so later calls on the same deal reuse them."""

    def __init__(self, stock: list[int]) -> None:
        self.stock = stock
        self.lost_keys: set[bytes] = set()
        self.nodes = self.limit = 0
        self.rays: list[list[int]] = []
        self.levs: list[list[int]] = []

    def lost(self, model: Model, limit: int) -> bool:
        """Is the pack game from the model's position lost, proven within `limit` of its own positions?"""
        P = model.P
        rays: list[list[int]] = []
        levs: list[list[int]] = []
        for k in range(8):
            ray: list[int] = []
            lev: list[int] = []
            for level, pile in ((0, P[k]), (1, P[8 + k]), (2, P[16 + k])):
                ray += pile
                lev += [level] * len(pile)
            rays.append(ray)
            levs.append(lev)
        self.rays, self.levs = rays, levs
        cnt = bytearray(52)  # copies of each card up
        for f in range(8):
            s = model.fs[f] * 13
            for r in range(model.fh[f]):
                cnt[s + r] += 1
        ev = bytearray(53)  # hosts, now or once (index 52: a king's, never)
        for k in range(8):
            if rays[k] and levs[k][-1] == 1:
                ev[rays[k][-1]] = 1
        vacated = sum(1 for p in P if not p)
        self.nodes, self.limit = 0, limit
        try:
            won = self._search(model.n, list(model.talon), bytearray(len(r) for r in rays), bytearray(52),
                               bytearray(52), ev, cnt, vacated, 0, not all(P[:8]), not all(P[8:16]))
        except _OutOfNodes:
            return False
        return not won

    def _leave(self, k: int, H: bytearray, ev: bytearray, cc: bytearray, V: int, iv: bool, mv: bool) \
            -> tuple[int, bool, bool]:
        """Ray k's top card has left: count a vacated place, note inner and middle vacancies (a middle one makes
        every cell card a host), and a middle card now showing is a host."""
        lev = self.levs[k]
        level = lev[H[k]]
        if H[k] == 0 or lev[H[k] - 1] != level:
            V += 1
            if level == 0:
                iv = True
            elif level == 1 and not mv:
                mv = True
                for x in range(52):
                    if cc[x]:
                        ev[x] = 1
        if H[k] and lev[H[k] - 1] == 1:
            ev[self.rays[k][H[k] - 1]] = 1
        return V, iv, mv

    def _search(self, n: int, talon: list[int], H: bytearray, cc: bytearray, mm: bytearray, ev: bytearray,
                cnt: bytearray, V: int, cells: int, iv: bool, mv: bool) -> bool:
        """Can the pack game be won from here? (Arguments are this position's own, changed in place.)"""
        rays, levs = self.rays, self.levs
        changed = True
        while changed:  # the forced moves
            changed = False
            for k in range(8):
                ray, lev = rays[k], levs[k]
                while H[k]:
                    c = ray[H[k] - 1]
                    level = lev[H[k] - 1]
                    r = c % 13
                    below = 2 if r == 0 else cnt[c - 1]
                    if below == 2 and cnt[c] < 2:  # safe: fits, and both foundations stand at least at r
                        cnt[c] += 1
                    elif level and r < 11 and ev[c + 1]:
                        mm[c] += 1
                        ev[c] = 1
                    elif level == 2 and iv:
                        cc[c] += 1
                        cells += 1
                        if mv:
                            ev[c] = 1
                    else:
                        break
                    H[k] -= 1
                    V, iv, mv = self._leave(k, H, ev, cc, V, iv, mv)
                    changed = True
            for c in range(52):
                if cc[c] or mm[c]:
                    r = c % 13
                    while (cc[c] or mm[c]) and (r == 0 or cnt[c - 1] == 2) and cnt[c] < 2:
                        cnt[c] += 1
                        if cc[c]:
                            cc[c] -= 1
                            cells -= 1
                        else:
                            mm[c] -= 1
                        changed = True
                    if cc[c] and r < 11 and ev[c + 1]:
                        mm[c] += cc[c]
                        cells -= cc[c]
                        cc[c] = 0
                        ev[c] = 1
                        changed = True
            while talon:
                t = talon[-1]
                r = t % 13
                if (r == 0 or cnt[t - 1] == 2) and cnt[t] < 2:
                    cnt[t] += 1
                elif r < 11 and ev[t + 1]:
                    mm[t] += 1
                    ev[t] = 1
                else:
                    break
                talon.pop()
                changed = True
        if sum(cnt) == GOAL:
            return True
        key = b"".join([bytes((n, iv, mv)), bytes(talon), b"\xff", bytes(3 * c + lv for k in range(8)
                        for c, lv in zip(rays[k][:H[k]], levs[k][:H[k]])), b"\xff", bytes(H), bytes(cc),
                        bytes(mm), bytes(ev)])
        if key in self.lost_keys:
            return False
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfNodes
        # the branches: a card that fits while the other foundation of its suit is lower
        for k in range(8):
            if H[k]:
                c = rays[k][H[k] - 1]
                if cnt[c] < (2 if c % 13 == 0 else cnt[c - 1]):
                    H2, ev2, cc2, cnt2 = bytearray(H), bytearray(ev), bytearray(cc), bytearray(cnt)
                    cnt2[c] += 1
                    H2[k] -= 1
                    V2, iv2, mv2 = self._leave(k, H2, ev2, cc2, V, iv, mv)
                    if self._search(n, talon[:], H2, cc2, bytearray(mm), ev2, cnt2, V2, cells, iv2, mv2):
                        return True
        for c in range(52):
            if (cc[c] or mm[c]) and cnt[c] < (2 if c % 13 == 0 else cnt[c - 1]):
                cc2, mm2, cnt2 = bytearray(cc), bytearray(mm), bytearray(cnt)
                cnt2[c] += 1
                cells2 = cells
                if cc2[c]:
                    cc2[c] -= 1
                    cells2 -= 1
                else:
                    mm2[c] -= 1
                if self._search(n, talon[:], bytearray(H), cc2, mm2, bytearray(ev), cnt2, V, cells2, iv, mv):
                    return True
        if talon:
            t = talon[-1]
            if cnt[t] < (2 if t % 13 == 0 else cnt[t - 1]):
                cnt2 = bytearray(cnt)
                cnt2[t] += 1
                if self._search(n, talon[:-1], bytearray(H), bytearray(cc), bytearray(mm), bytearray(ev), cnt2,
                                V, cells, iv, mv):
                    return True
            if V > cells:
                cc2, ev2 = bytearray(cc), bytearray(ev)
                cc2[t] += 1
                if mv:
                    ev2[t] = 1
                if self._search(n, talon[:-1], bytearray(H), cc2, bytearray(mm), ev2, bytearray(cnt), V,
                                cells + 1, iv, mv):
                    return True
        if n:
            if self._search(n - 1, talon + [self.stock[n - 1]], bytearray(H), bytearray(cc), bytearray(mm),
                            bytearray(ev), bytearray(cnt), V, cells, iv, mv):
                return True
        if len(self.lost_keys) >= LOST_KEYS_CAP:
            self.lost_keys.clear()  # a bound on memory; deterministic, as the order of the search is
        self.lost_keys.add(key)
        return False


def relaxed_lost(game: Game, state: State, node_limit: int, deadline: float | None) -> tuple[bool, int]:
    """Is the relaxed game (`Relaxed`) proven lost within `node_limit` positions? Returns (proven, positions)."""
    model = Relaxed(game, state)
    model.filling = 0
    status, _, nodes = depth_first(model, model.moves, node_limit, deadline, lambda m: model.frozen_dead())
    return status == LOST, nodes


# --- the search -------------------------------------------------------------------------------------------------


def _choices(model: Model, probe: SplitMix64 | None = None, style: str = "") -> list[int]:
    """The moves to try, best first: plays, marriages, fills, the turn. A probe with a generator shuffles each
    kind; a streamlined probe (style "play") plays a card that can go up and tries nothing else there; an
    impatient one (style "turn") never turns the pack while a card can go up (the star is then full)."""
    moves = model.moves()
    if len(moves) <= 1:
        return moves
    plays, marriages, fills, rest = [], [], [], []
    for m in moves:
        if m == TURN:
            rest.append(m)
            continue
        dst = m & 63
        if dst >= 32:
            plays.append(m)
        elif model.P[dst]:
            marriages.append(m)
        else:
            fills.append(m)
    if probe is not None:
        for group in (plays, marriages, fills):
            for i in range(len(group) - 1, 0, -1):
                j = probe.below(i + 1)
                group[i], group[j] = group[j], group[i]
    if plays and style:
        if style == "play" and len(moves) > 1:
            model.cut = True
            return plays[:1]
        if style == "turn" and rest:
            model.cut = True
            rest = []
    return plays + marriages + fills + rest


def solve(game: Game, state: State, node_limit: int = NODE_LIMIT, time_limit: float | None = None) -> Solution:
    """Search from `state` (left as it was found) within `node_limit` positions in all: the first NODE_LIMIT of
    them exactly as `_solve_within` spends them; a budget beyond NODE_LIMIT then goes to `_beyond`."""
    start = time.perf_counter()
    result = _solve_within(game, state, min(node_limit, NODE_LIMIT), time_limit)
    if result.status != UNKNOWN or node_limit <= NODE_LIMIT:
        return result
    deadline = None if time_limit is None else start + time_limit
    status, ids, nodes = _beyond(Model(game, state), result.nodes, node_limit, deadline)
    return Solution(status, ids, result.nodes + nodes, time.perf_counter() - start)


def _beyond(model: Model, spent: int, node_limit: int, deadline: float | None) -> tuple[str, list[str], int]:
    """What a budget beyond NODE_LIMIT adds, `spent` positions of `node_limit` being gone already: up to PROBES_END
    more probes (`_probes`), each within EXTRA_PROBE positions, streamlined and impatient in turn, each with its own
    seed (from 1000: none of them ran before); beyond PROBES_END the pack game at the root again within PACK_BEYOND
    positions of its own, not counted (its loss a proof, as at the root of the first pass), then the full depth-first
    search from the root with the rest (the first pass's, in the same order: it repeats the first pass's full search,
    about 40 000 positions, and goes on; its "lost" is a proof as there). Returns (status, the winning line's move
    ids, positions)."""

    def schedule() -> Iterator[tuple[str, int]]:
        seed = 1000
        while True:
            yield ("turn" if seed % 2 else "play"), seed
            seed += 1
            if deadline is not None and time.perf_counter() > deadline:
                return

    status, ids, nodes = _probes(model, schedule(), EXTRA_PROBE, min(node_limit, PROBES_END) - spent, deadline)
    if status != UNKNOWN or node_limit <= PROBES_END:
        return status, ids, nodes
    if PackGame(model.stock).lost(model, PACK_BEYOND):
        return LOST, [], nodes
    dead = lambda m: model.frozen_dead()  # noqa: E731
    status, line, more = depth_first(model, lambda: _choices(model), node_limit - spent - nodes, deadline, dead)
    return status, [model.move_id(m) for m in line] if status == WON else [], nodes + more


def _probes(model: Model, schedule: Iterable[tuple[str, int]], size: int, budget: int,
            deadline: float | None) -> tuple[str, list[str], int]:
    """Depth-first probes of `model`, one for each (style, seed) of `schedule` (seed 0: the usual order, no noise),
    each within `size` positions and all within `budget`, while at least 100 are left. A probe's win is a win; a
    probe that left nothing untried proves the loss; otherwise "unknown". Returns (status, the winning line's move
    ids, positions)."""
    dead = lambda m: model.frozen_dead()  # noqa: E731
    spent = 0
    for style, seed in schedule:
        limit = min(size, budget - spent)
        if limit < 100:
            break
        noise = SplitMix64(seed) if seed else None
        model.cut = False
        status, line, nodes = depth_first(model, lambda: _choices(model, noise, style), limit, deadline, dead)
        spent += nodes
        if status == WON or (status == LOST and not model.cut):
            return status, [model.move_id(m) for m in line] if status == WON else [], spent
    return UNKNOWN, [], spent


@in_play
def _solve_within(game: Game, state: State, node_limit: int, time_limit: float | None) -> Solution:
    """Search from `state` (left as it was found) within `node_limit` positions in all: the loss proofs at the
    root (the pack game's positions, at most PACK_ROOT, are its own and not counted); then probes, each within
    PROBE positions and all within PROBE_SHARE of the budget: streamlined ones (a
    card that can go up goes up, nothing else tried there) and impatient ones (the pack is never turned while a
    card can go up), the first of each kind in the usual order, the others at random within each kind — their
    wins are wins, their failures prove nothing unless nothing was left untried; then the relaxed game
    (`relaxed_lost`, within RELAXED_SHARE of the budget), whose loss is a proof; then the full depth-first
    search with the rest, whose "lost" is a proof. Every search drops a position whose star is frozen for
    good (`frozen_dead`)."""
    start = time.perf_counter()
    model = Model(game, state)
    if model.hopeless() or model.frozen_dead() or PackGame(model.stock).lost(model, min(PACK_ROOT, node_limit)):
        return Solution(LOST, [], 0, time.perf_counter() - start)
    deadline = None if time_limit is None else start + time_limit
    dead = lambda m: model.frozen_dead()  # noqa: E731
    status, ids, spent = _probes(model, PROBES, PROBE, int(node_limit * PROBE_SHARE), deadline)
    if status != UNKNOWN:
        return Solution(status, ids, spent, time.perf_counter() - start)
    proven, nodes = relaxed_lost(game, state, max(1, int(node_limit * RELAXED_SHARE)), deadline)
    spent += nodes
    if proven:
        return Solution(LOST, [], spent, time.perf_counter() - start)
    status, line, nodes = depth_first(model, lambda: _choices(model), max(1, node_limit - spent), deadline, dead)
    ids = [model.move_id(m) for m in line] if status == WON else []
    return Solution(status, ids, nodes + spent, time.perf_counter() - start)


legal_ids = legal_ids_of(Model)
