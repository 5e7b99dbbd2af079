"""Осажденный городъ (The Besieged City): a compact model of the one game, searched best first.

The model keeps card *faces* only (card % 52: the two packs' copies of a card are interchangeable everywhere in
this game, and move ids name piles, not cards): fourteen rampart packets and the talon as bytearrays, the reserve
as a bytearray of twelve (255 = a space), the pack as a fixed list with a pointer, the turned card, and per suit
the number of cards on its foundation. Moves are played and taken back in place; the engine's automatic step (a
reserve space filled at once from the talon, else the pack) is reproduced exactly, and every move carries the
engine's id, so a winning line is a list of engine move ids.

The search (`solve`): greedy best-first over a score (cards not home, cards lying on a card of their suit that is
due earlier, cards in the talon and the pack), ties broken newest first, so that on a plateau it dives like a
depth-first search; restarted with other weights and orders (`PORTFOLIO`). Every packet holds one suit, so a suit
whose cards left all lie in the ramparts is a game of its own (`suit_line`): if it cannot be played out the position
is lost (a proof, tested against brute force), and once every suit is closed the rest is settled suit by suit.
Every one of deals 1–640 is won (most within a thousand positions, the hardest seen within 25 000); no loss has
been met, so none is proved either: the table's interval comes from the wins alone.
"""
from __future__ import annotations

import time

from pipeline.engine.core import Game, State
from pipeline.engine.games.besieged_city import ENDS_OF, FITS, LINE_OF, ORDER
from pipeline.engine.rng import SplitMix64
from pipeline.solve import strategies
from pipeline.solve.model import legal_ids_of
from pipeline.solve.search import LOST, UNKNOWN, WON, Solution
from pipeline.solve.strategies import PRUNE, UNSETTLED, depth_first

NODE_LIMIT = 60_000
METHOD = ("A compact model (card faces, the two packs merged) searched best first — fewest cards away from home, "
          "fewest cards lying on a card of their suit due earlier, smallest talon and pack — with restarts in other "
          "orders; a suit whose every card left lies in the ramparts is a game of its own, searched alone: one "
          "that cannot be played out proves a loss, and when all are closed the deal is won or lost at once.")

EMPTY = 255
RAMPARTS, RESERVE = 14, 12
# move kinds; a move is a tuple (kind, a, b)
PLAY, HAND_UP, MARRY, RESERVE_IN, TALON, TURN = range(6)

LINE = [[int(name.split("-")[1]) - 1 for name in LINE_OF[f"rampart-{j + 1}"]] for j in range(RAMPARTS)]
ENDS = [sorted(int(name.split("-")[1]) - 1 for name in ENDS_OF[f"reserve-{k + 1}"]) for k in range(RESERVE)]
# NEXT[s][n]: the face that goes on suit s's foundation when it holds n cards (EMPTY when it is full)
NEXT = [[s * 13 + ORDER[n] - 1 for n in range(26)] + [EMPTY] for s in range(4)]
# FITTING[x]: the faces that may lie on (or under) face x in a rampart (rule II; the relation is symmetric)
FITTING = [tuple(y for y in range(52) if FITS[x * 52 + y]) for x in range(52)]
# DUE[n][rank - 1]: the place in the order of play a card of that rank takes on a foundation holding n cards
FIRST = {r: ORDER.index(r) for r in range(1, 14)}
DUE = [bytes(FIRST[r] if FIRST[r] >= n else 25 - FIRST[r] for r in range(1, 14)) for n in range(27)]
SUIT_OF = bytes(range(256)).translate(bytes(x // 13 if x < 52 else 9 for x in range(256)))


class Model:
    """One position, played and taken back in place."""

    def __init__(self, game: Game, state: State) -> None:
        ix, piles = game.index, state.piles
        self.R = [bytearray(c % 52 for c in piles[ix[f"rampart-{j + 1}"]]) for j in range(RAMPARTS)]
        self.V = bytearray(piles[ix[f"reserve-{k + 1}"]][-1] % 52 if piles[ix[f"reserve-{k + 1}"]] else EMPTY
                           for k in range(RESERVE))
        self.T = bytearray(c % 52 for c in piles[ix["talon"]])
        self.stock = [c % 52 for c in piles[ix["stock"]]]
        hand = piles[ix["hand"]]
        # misc: [cards left in the pack, the turned card]; part of the position's key
        self.misc = bytearray((len(self.stock), hand[-1] % 52 if hand else EMPTY))
        founds = [piles[ix[f"foundation-{f + 1}"]] for f in range(4)]
        self.fsuit = [f[0] % 52 // 13 if f else -1 for f in founds]  # engine foundation -> its suit
        self.fc = [0, 0, 0, 0]  # cards on each suit's foundation
        for f in founds:
            if f:
                self.fc[f[0] % 52 // 13] = len(f)
        self.need = [NEXT[s][self.fc[s]] for s in range(4)]
        self.home = sum(self.fc)
        self.parts = [*self.R, self.V, self.T, self.misc]
        # every packet holds one suit (so in play: each card on a packet fits the one under it, rule II); a
        # position handed in that breaks this gets no closed-suit reasoning (see `closed_suits`)
        self.one_suit = all(len({x // 13 for x in r}) <= 1 for r in self.R)
        self.stock_suits = [[sum(1 for c in self.stock[:n] if c // 13 == s) for s in range(4)]
                            for n in range(len(self.stock) + 1)]

    def load(self, key: bytes) -> None:
        """Set the position from a key (the foundations recounted; which foundation holds which suit is
        arbitrary here: the winning line's ids are worked out by replaying it from the start)."""
        parts = key.split(b"\xfe")
        for j in range(RAMPARTS):
            self.R[j][:] = parts[j]
        self.V[:] = parts[RAMPARTS]
        self.T[:] = parts[RAMPARTS + 1]
        self.misc[:] = parts[RAMPARTS + 2]
        inplay = key[:-3].translate(SUIT_OF)
        left = self.stock_suits[self.misc[0]]
        hand = self.misc[1]
        fc = self.fc
        for s in range(4):
            fc[s] = 26 - inplay.count(s) - left[s] - (hand != EMPTY and hand // 13 == s)
            self.need[s] = NEXT[s][fc[s]]
            self.fsuit[s] = s if fc[s] else -1
        self.home = sum(fc)

    def key(self) -> bytes:
        """The foundations follow from the rest (every card not elsewhere is home), so they are left out."""
        return b"\xfe".join(self.parts)

    def won(self) -> bool:
        return self.home == 104

    # -- moves
    def moves(self) -> list[tuple]:
        """Every legal move, as the engine lists them (order aside)."""
        R, V = self.R, self.V
        fills = [(RESERVE_IN, k, j) for j in range(RAMPARTS) if not R[j] for k in LINE[j] if V[k] != EMPTY]
        if fills:
            return fills  # rule IV: a rampart space is filled before anything else
        need = self.need
        out = []
        top_at: dict[int, list[int]] = {}
        for j in range(RAMPARTS):
            r = R[j]
            if r:
                x = r[-1]
                if need[x // 13] == x:
                    out.append((PLAY, j, 0))
                top_at.setdefault(x, []).append(j)
        hand = self.misc[1]
        if hand != EMPTY and need[hand // 13] == hand:
            out.append((HAND_UP, 0, 0))
        for j in range(RAMPARTS):
            r = R[j]
            if r:
                for y in FITTING[r[-1]]:
                    for q in top_at.get(y, ()):
                        if q != j:
                            out.append((MARRY, j, q))
        for k in range(RESERVE):
            x = V[k]
            if x != EMPTY:
                for q in ENDS[k]:
                    r = R[q]
                    if r and FITS[r[-1] * 52 + x]:
                        out.append((RESERVE_IN, k, q))
        if hand != EMPTY:
            out.append((TALON, 0, 0))
        elif self.misc[0]:
            out.append((TURN, 0, 0))
        return out

    def play(self, move: tuple) -> tuple:
        """Play a move and the engine's automatic refills; returns what `unplay` needs."""
        kind, a, b = move
        R, V = self.R, self.V
        if kind == MARRY:
            R[b].append(R[a].pop())
            extra = None
        elif kind == RESERVE_IN:
            R[b].append(V[a])
            V[a] = EMPTY
            extra = None
        elif kind == PLAY:
            extra = self._home(R[a].pop())
        elif kind == HAND_UP:
            card = self.misc[1]
            self.misc[1] = EMPTY
            extra = self._home(card)
        elif kind == TALON:
            self.T.append(self.misc[1])
            self.misc[1] = EMPTY
            extra = None
        else:  # TURN
            misc = self.misc
            misc[0] -= 1
            misc[1] = self.stock[misc[0]]
            extra = None
        # rule V (the engine's `auto`, after every move): in play a space in the reserve exists only once the
        # talon and the pack are spent, but a position handed in may have one
        refill = self._refill() if EMPTY in V and (self.T or self.misc[0]) else None
        return move, extra, refill

    def unplay(self, record: tuple) -> None:
        (kind, a, b), extra, refill = record
        if refill is not None:
            self._unrefill(refill)
        if kind == MARRY:
            self.R[a].append(self.R[b].pop())
        elif kind == RESERVE_IN:
            self.V[a] = self.R[b].pop()
        elif kind == PLAY:
            self.R[a].append(self._unhome(extra))
        elif kind == HAND_UP:
            self.misc[1] = self._unhome(extra)
        elif kind == TALON:
            self.misc[1] = self.T.pop()
        else:
            misc = self.misc
            misc[1] = EMPTY
            misc[0] += 1

    def _refill(self):
        """Rule V (the engine's `auto`): the first reserve space takes the talon's top card, else the pack's."""
        V, T, misc = self.V, self.T, self.misc
        done = None
        while T or misc[0]:
            k = V.find(EMPTY)
            if k < 0:
                break
            if T:
                V[k] = T.pop()
                done = (done, k, True)
            else:
                misc[0] -= 1
                V[k] = self.stock[misc[0]]
                done = (done, k, False)
        return done

    def _unrefill(self, done) -> None:
        V = self.V
        while done is not None:
            done, k, from_talon = done
            if from_talon:
                self.T.append(V[k])
            else:
                self.misc[0] += 1
            V[k] = EMPTY

    def _home(self, card: int) -> int:
        """The card goes on its suit's foundation; returns the engine foundation it went to."""
        s = card // 13
        fc = self.fc
        if fc[s] == 0:
            f = self.fsuit.index(-1)  # the first empty foundation (the engine's convention)
            self.fsuit[f] = s
        else:
            f = self.fsuit.index(s)
        fc[s] += 1
        self.need[s] = NEXT[s][fc[s]]
        self.home += 1
        return f

    def _unhome(self, f: int) -> int:
        s = self.fsuit[f]
        fc = self.fc
        fc[s] -= 1
        self.need[s] = NEXT[s][fc[s]]
        self.home -= 1
        if fc[s] == 0:
            self.fsuit[f] = -1
        return s * 13 + ORDER[fc[s]] - 1

    def move_id(self, move: tuple) -> str:
        """The engine's id of a move, in the current position (before it is played)."""
        kind, a, b = move
        if kind == MARRY:
            return f"rampart-{a + 1}>rampart-{b + 1}"
        if kind == RESERVE_IN:
            return f"reserve-{a + 1}>rampart-{b + 1}"
        if kind in (PLAY, HAND_UP):
            card = self.R[a][-1] if kind == PLAY else self.misc[1]
            s = card // 13
            f = self.fsuit.index(-1) if self.fc[s] == 0 else self.fsuit.index(s)
            return f"{'hand' if kind == HAND_UP else f'rampart-{a + 1}'}>foundation-{f + 1}"
        return "hand>talon" if kind == TALON else "turn"


legal_ids = legal_ids_of(Model)


# -- the search

# positions for one closed suit (see `suit_line`) before it is left undecided: while other suits are still open
# (the check only prunes), and when every suit is closed (the check ends the search)
SUIT_LIMIT, LAST_SUITS_LIMIT = 200, 3_000


def suit_line(model: Model, s: int, limit: int = SUIT_LIMIT) -> list[tuple] | None | bool:
    """Suit s when every card of it not yet home lies in the ramparts (none in the reserve, talon, pack or hand):
    its cards can then only go home or onto one another (a packet holds one suit: every card on a packet fits the
    one under it, rule II), no card of it can come from elsewhere, and nothing else can go on them — the suit is a
    game of its own. Searched alone (every move): a winning order of its moves (tuples of the model), False when it
    has none (then the position is lost, whatever the other suits do), None when `limit` positions did not settle
    it. When every suit is closed (nothing left outside the ramparts, so no space can be filled any more and the
    suits cannot meet), the position is won exactly when each suit is."""
    suit = _Suit(model, s)
    if suit.won():
        return []
    status, line, _ = depth_first(suit, suit.moves, limit + 1)
    if status == WON:
        cols = suit.cols
        return [(kind, cols[i], cols[j] if kind == MARRY else 0) for kind, i, j in line]
    return False if status == LOST else None


class _Suit:
    """One closed suit's packets (see `suit_line`), a model of the strategies' protocol: its moves are a card
    home (PLAY, packet, 0) or onto another packet's top (MARRY, packet, packet), packets numbered among its own."""

    def __init__(self, model: Model, s: int) -> None:
        self.cols = [j for j in range(RAMPARTS) if model.R[j] and model.R[j][0] // 13 == s]
        self.piles = [bytearray(model.R[j]) for j in self.cols]
        self.fc = model.fc[s]
        self.seq = NEXT[s]

    def key(self) -> bytes:
        return bytes((self.fc,)) + b"\xfe".join(sorted(self.piles))

    def won(self) -> bool:
        return self.fc == 26

    def moves(self) -> list[tuple]:
        piles, out = self.piles, []
        want = self.seq[self.fc]
        for i, p in enumerate(piles):
            if p and p[-1] == want:
                out.append((PLAY, i, 0))
        for i, p in enumerate(piles):
            if p:
                x = p[-1]
                for j, q in enumerate(piles):
                    if j != i and q and FITS[q[-1] * 52 + x]:
                        out.append((MARRY, i, j))
        return out

    def play(self, m: tuple) -> tuple:
        kind, i, j = m
        if kind == PLAY:
            self.piles[i].pop()
            self.fc += 1
        else:
            self.piles[j].append(self.piles[i].pop())
        return m

    def unplay(self, m: tuple) -> None:
        kind, i, j = m
        if kind == PLAY:
            self.fc -= 1
            self.piles[i].append(self.seq[self.fc])
        else:
            self.piles[i].append(self.piles[j].pop())


STUCK = "stuck"  # every suit is closed, but one of them was not settled within its budget


def closed_suits(model: Model, cache: dict[bytes, list[tuple] | bool | None]) -> list[tuple] | bool | str | None:
    """False when some closed suit (see `suit_line`) cannot be played out. When every suit is closed: the rest of
    a winning line, or False, or STUCK. Else None."""
    if not model.one_suit:
        return None
    outside = (model.V + model.T).translate(SUIT_OF)
    left = model.stock_suits[model.misc[0]]
    hand = model.misc[1]
    fc = model.fc
    closed = [s for s in range(4) if fc[s] < 26 and not left[s] and (hand == EMPTY or hand // 13 != s)
              and s not in outside]
    if not closed:
        return None
    every = len(closed) == sum(1 for s in range(4) if fc[s] < 26)
    rest: list[tuple] = []
    stuck = False
    for s in closed:
        if every:  # the line names the packets: keyed by where they lie
            k = bytes((s, fc[s], 1)) + b"".join(bytes((0xfe, j)) + r for j, r in enumerate(model.R)
                                                 if r and r[0] // 13 == s)
        else:  # only the verdict is used: packets in any order
            k = bytes((s, fc[s], 0)) + b"\xfe".join(sorted(r for r in model.R if r and r[0] // 13 == s))
        found = cache.get(k, STUCK)
        if found is STUCK:
            found = cache[k] = suit_line(model, s, LAST_SUITS_LIMIT if every else SUIT_LIMIT)
        if found is False:
            return False
        if found is None:
            stuck = True
        elif every:
            rest += found
    if not every:
        return None
    return STUCK if stuck else rest


def score(model: Model, w: tuple[int, int, int]) -> int:
    """Lower is better: cards not home; cards lying above a card due earlier (`DUE`: the first place left for
    their face in the order of play), which must move before that card can go home; cards in the talon and the
    pack (weights `w`)."""
    fc = model.fc
    table = DUE[fc[0]] + DUE[fc[1]] + DUE[fc[2]] + DUE[fc[3]] + PAD
    blockers = 0
    memo = BLOCKERS
    for r in model.R:
        if len(r) > 1:
            dues = bytes(r).translate(table)
            b = memo.get(dues)
            if b is None:
                b = memo[dues] = _blockers(dues)
            blockers += b
    return w[0] * (104 - model.home) + w[1] * blockers + w[2] * (len(model.T) + model.misc[0])


PAD = bytes(256 - 52)
BLOCKERS: dict[bytes, int] = {}  # a packet's dues (bottom first) -> its blocking cards


def _blockers(dues: bytes) -> int:
    """Cards lying above a card due earlier (a packet holds one suit, so its dues compare)."""
    low, n = 99, 0
    for d in dues:
        if d > low:
            n += 1
        else:
            low = d
    return n


def _perm(rng: SplitMix64, n: int) -> list[int]:
    """A seeded shuffle of range(n) (Fisher-Yates)."""
    idx = list(range(n))
    for i in range(n - 1, 0, -1):
        j = rng.below(i + 1)
        idx[i], idx[j] = idx[j], idx[i]
    return idx


def best_first(model: Model, node_limit: int, deadline: float | None, weights: tuple[int, int, int] = (5, 3, 1),
               noise: SplitMix64 | None = None, cache: dict | None = None) -> tuple[str, list[tuple], int]:
    """`strategies.best_first` over `score`, children queued in the model's order or shuffled by `noise`; each
    position is judged by its closed suits first (`closed_suits`: a loss proof prunes it; when every suit is closed
    it is settled at once, or left unsettled — STUCK — so that an emptied queue then proves nothing). Returns the
    winning moves as tuples (their ids depend on the foundations' order: see `solve`)."""
    cache = {} if cache is None else cache

    def load(key: bytes) -> Model:
        model.load(key)
        return model

    def moves(pos: Model) -> list[tuple]:
        out = pos.moves()
        return out if noise is None else [out[i] for i in _perm(noise, len(out))]

    def judge(pos: Model):
        verdict = closed_suits(pos, cache)
        return PRUNE if verdict is False else UNSETTLED if verdict is STUCK else (verdict or None)

    status, path, nodes = strategies.best_first(model, node_limit, deadline, lambda pos, _: score(pos, weights),
                                                load, moves, judge)
    return status, [m for m, _ in path], nodes


# the restarts: weights of `score` (cards not home, blocking cards, cards in the talon and the pack) and a seed for
# the order in which a position's children are queued (0: the model's own order)
PORTFOLIO = ((5, 3, 1, 0), (5, 3, 1, 1), (4, 6, 1, 0), (4, 6, 1, 1), (5, 3, 1, 2), (5, 6, 1, 2), (5, 3, 1, 3),
             (4, 6, 1, 3), (5, 3, 1, 4), (4, 6, 1, 4))
RESTART = 3_000  # positions a restart may expand (at least; NODE_LIMIT gives each of the ten 6 000)


def solve(game: Game, state: State, node_limit: int, time_limit: float | None) -> Solution:
    """Restarts of the best-first search (`PORTFOLIO`), each with an equal share of the budget (at least
    `RESTART` positions, unless the budget is smaller): most deals are won within a few hundred positions, and a
    search that has not won within a few thousand rarely wins later, while another order often does at once. A
    restart whose queue runs dry has searched every position reachable: its "lost" is a proof."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    if state.vars["phase"] != "play":
        return Solution(WON if game.won(state) else LOST, [], 0, 0.0)
    model = Model(game, state)
    root = model.key()
    runs = max(1, min(len(PORTFOLIO), node_limit // RESTART))
    cache: dict = {}  # closed suits' verdicts, shared by the restarts
    spent = 0
    status, line = UNKNOWN, []
    for i in range(runs):
        a, b, c, seed = PORTFOLIO[i]
        share = (node_limit - spent) // (runs - i)
        status, line, nodes = best_first(model, share, deadline, (a, b, c), SplitMix64(seed) if seed else None,
                                           cache)
        spent += nodes
        model.load(root)
        if status != UNKNOWN or (deadline is not None and time.perf_counter() > deadline):
            break
    ids = []
    if status == WON:
        model = Model(game, state)  # replay from the start: the ids name the engine's foundations
        for move in line:
            ids.append(model.move_id(move))
            model.play(move)
    return Solution(status, ids, spent, time.perf_counter() - start)
