"""Шахъ's own solver: a compact model of the star, the pack, the talon and the eight foundations, searched
depth-first with a transposition table, ordered moves and loss proofs.

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

What the unknown deals are (measured with pypy3 on the deals the 40 000-position table left unknown). Given
1 000 000 positions each, 5 of 36 were settled: 3 won (at 67 000-292 000 positions), 2 proved lost by the relaxed
game (at 19 000 and 882 000); the rest stay open. The full search spends about 95 % of its positions with four
cards or fewer left in the pack, in endgames under a talon of 25-45 cards. The relaxed game asked once at each
position where the pack runs out proves more than 99 % of those endgames lost within 30-60 positions of its own,
but the full search meets about one new such endgame every three positions, so it settled no more deals within the
same budget (it settled fewer: the checks ate the positions that found wins) and was left out. Capping each probe's
endgames (abandoning one after 300 positions, to try more lines of the pack) and probes that keep the star's
playable cards in place while turning settled no more deals than the plain probes. What did settle more: more
probes and more positions (at 200 000 positions and 62 probes, 106 of deals 1-200 stay unknown, against 131 at
40 000 positions and 12 probes; over deals 1-3000, with 85 % of the budget to the probes, 1461 against 1903: 451
settled, and 9 settled before became unknown, won before by the full search, which had been left too little; with
65 % to the probes all 9 are won and deals 1-200 are settled as before; the table's run: 1451 unknown, every deal
settled at 40 000 positions settled). So neither a pack-phase loss proof that
survives the timing of plays nor an exact endgame solver is here yet; the endgames are rarely the problem, the
number of lines of the pack is.
"""
from __future__ import annotations

import time

from ..core import Game, State
from ..rng import SplitMix64
from ..solver import LOST, WON, Solution
from ..solver_model import depth_first

NODE_LIMIT = 200_000
METHOD = ("Own model of the star, the talon and the pack (packs merged, foundations read off the cards): "
          "streamlined and impatient probes for wins, then a full depth-first search with a transposition table. "
          "Loss proofs: a ray that can never be cleared even with talon and pack free; a full star none of whose "
          "outer cards can ever go up (greedy play of the pack and talon, checked at every position); and a "
          "relaxed game (nothing forced, any space filled, safe cards up at once) searched to a loss.")

TALON, STOCK, TURN = 24, 25, -1
GOAL = 96
PROBE = 3_000  # positions per probe
PROBE_SHARE = 0.65  # of the budget, for all probes (a streamlined one that runs dry spends less); 0.85 left the full
# search too little: 9 of deals 1-3000 it had won at 28 000-39 000 positions of the 40 000 table went unknown
RELAXED_SHARE = 0.15  # of the budget, for the relaxed game
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


def relaxed_lost(game: Game, state: State, node_limit: int, deadline: float | None) -> tuple[bool, int]:
    """Is the relaxed game (`Relaxed`) proven lost within `node_limit` positions? Returns (proven, positions)."""
    model = Relaxed(game, state)
    model.filling = 0
    status, _, nodes = depth_first(model, model.moves, lambda: model.total == GOAL, node_limit, deadline,
                                   lambda m: model.frozen_dead())
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
    """Search from `state` (left as it was found) within `node_limit` positions in all: the loss proofs at the
    root; then probes, each within PROBE positions and all within PROBE_SHARE of the budget: streamlined ones (a
    card that can go up goes up, nothing else tried there) and impatient ones (the pack is never turned while a
    card can go up), the first of each kind in the usual order, the others at random within each kind — their
    wins are wins, their failures prove nothing unless nothing was left untried; then the relaxed game
    (`relaxed_lost`, within RELAXED_SHARE of the budget), whose loss is a proof; then the full depth-first
    search with the rest, whose "lost" is a proof. Every search drops a position whose star is frozen for
    good (`frozen_dead`)."""
    start = time.perf_counter()
    if game.won(state):
        return Solution(WON, [], 0, 0.0)
    if state.vars.get("phase") != "play":
        return Solution(LOST, [], 0, 0.0)
    model = Model(game, state)
    if model.hopeless() or model.frozen_dead():
        return Solution(LOST, [], 0, time.perf_counter() - start)
    deadline = None if time_limit is None else start + time_limit
    dead = lambda m: model.frozen_dead()  # noqa: E731
    won = lambda: model.total == GOAL  # noqa: E731
    spent = 0
    probes_budget = int(node_limit * PROBE_SHARE)
    for style, seed in PROBES:
        limit = min(PROBE, probes_budget - spent)
        if limit < 100:
            break
        noise = SplitMix64(seed) if seed else None
        model.cut = False
        status, line, nodes = depth_first(model, lambda: _choices(model, noise, style), won, limit, deadline, dead)
        spent += nodes
        if status == WON or (status == LOST and not model.cut):
            ids = [model.move_id(m) for m in line] if status == WON else []
            return Solution(status, ids, spent, time.perf_counter() - start)
    proven, nodes = relaxed_lost(game, state, max(1, int(node_limit * RELAXED_SHARE)), deadline)
    spent += nodes
    if proven:
        return Solution(LOST, [], spent, time.perf_counter() - start)
    status, line, nodes = depth_first(model, lambda: _choices(model), won, max(1, node_limit - spent), deadline, dead)
    ids = [model.move_id(m) for m in line] if status == WON else []
    return Solution(status, ids, nodes + spent, time.perf_counter() - start)


def legal_ids(game: Game, state: State) -> set[str]:
    """The model's legal move ids at an engine position (the contract test compares them with the engine's)."""
    if state.vars.get("phase") != "play":
        return set()
    model = Model(game, state)
    return {model.move_id(m) for m in model.moves()}
