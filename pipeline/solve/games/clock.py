"""The Clock's own solver: a compact model of the game, an exhaustive depth-first search for small positions and
proofs, and playouts / nested Monte Carlo search that find the winning lines of whole deals fast.

The model. The two packs' copies of a card play alike (every rule compares suit and rank), so a card is its face
`card % 52`. The pack is a fixed sequence (`order`, in dealing order) with a pointer `pos`; the talon is a stack;
the twelve packets are lists (bottom first) — they are NOT interchangeable, since a refill serves them from I
onwards; foundation f (the one at hour f + 1) wants one face next (`want[f]`, -1 when it has reached its hour).
Moves are the engine's: "packet-i>foundation-h", "talon>foundation-h", "packet-i>packet-j" (a marriage: one card
down in suit), "refill" (every short packet back to three cards, from I onwards) and "turn" (only when no packet is
short); the game has no automatic steps, so a line of model moves is a line of engine move ids.

1. Exhaustive search (`_Search`): depth-first with a transposition table keyed by the whole position (faces, so
   the two copies of a card are one). Its safe move: a talon card whose face only one foundation will ever take
   again goes up at once (argument at `_Search`). Its "lost" is a proof.
2. Playouts (`_Rollouts`): play every card that fits a foundation (the talon's first); marry a packet top when
   that lays bare a card that fits or empties a packet (now and then, at random, any other marriage); otherwise
   refill or turn. The first playouts follow `_classic` (the first foundation that takes a card), the rest
   `_first` (either of two foundations that take the same face at once, at random). Then nested Monte Carlo search
   (level 1, the best line remembered) over `_candidates`. A win found this way is a real line of legal moves; a
   failure proves nothing.

Perfect information: the solver knows the order of the pack, so its rate is an upper bound on what a player who
does not peek can win.
"""
from __future__ import annotations

import random
import time

from pipeline.engine.core import Game, State
from pipeline.solve.search import LOST, UNKNOWN, WON, Solution
from pipeline.solve.strategies import depth_first, nested

NODE_LIMIT = 300_000  # about 3 s for a deal left unknown here, 0.1 s for the usual deal that is won
METHOD = ("Own model of the game (the two packs' copies of a card merged). An exhaustive depth-first search with a "
          "transposition table (a talon card that only one foundation can still take goes up at once) settles "
          "small positions and is the only source of 'lost'; whole deals are won by randomised playouts (cards up "
          "first, marriages that free a card or empty a packet, then refill or turn), then by nested Monte Carlo "
          "search (level 1, best line remembered). Unknown = no win found within the positions allowed.")

TALON = 12  # source index of the talon; packets are 0..11
TURN, REFILL = -1, -2  # the moves "turn" and "refill" are (TURN, 0) and (REFILL, 0)
MARRY = 100  # a destination >= MARRY is packet dst - MARRY
EXACT_FIRST = 0  # positions for a first exhaustive try on a long pack (none: it never settles a whole deal)
SHORT_PACK = 6  # with this many cards or fewer left in the pack, the exhaustive search gets the whole budget
SMALL = 36  # ... and with this many cards or fewer still to go up
PLAYOUTS = 100  # plain playouts before nested ones
CLASSIC = 20  # ... the first of them with `_classic`, the rest with `_first`
NESTED_WIDTH = 2  # playouts per choice and decision in the first nested playout
NESTED_GROWTH = 2  # ... multiplied by this for each further one
NESTED_NOISE = 1.0  # the same in the choices of a nested playout (1: every marriage is a choice)
NOISE = 0.3  # chance that a playout also makes a marriage that neither frees a card that fits nor empties a packet


def _up(face: int) -> int:
    """The face above `face` in its suit, the king followed by the ace."""
    return face - face % 13 + (face % 13 + 1) % 13


class Model:
    """The position, converted once from the engine's state."""

    def __init__(self, game: Game, state: State) -> None:
        ix = game.index
        self.order = [c % 52 for c in reversed(state.piles[ix["stock"]])]  # dealing order: the top first
        self.pos = 0
        self.talon = [c % 52 for c in state.piles[ix["talon"]]]
        self.packets = [[c % 52 for c in state.piles[ix[f"packet-{i}"]]] for i in range(1, 13)]
        self.want = []  # face each foundation takes next, -1 when it is finished
        self.left = []  # cards each foundation still takes
        for h in range(1, 13):
            f = ix[f"foundation-{h}"]
            pile, cap = state.piles[f], game.specs[f].capacity
            self.left.append(cap - len(pile))
            self.want.append(_up(pile[-1] % 52) if pile and len(pile) < cap else -1)
        self.playing = state.vars.get("phase") == "play"

    def moves(self) -> list[tuple[int, int]]:
        out = []
        if not self.playing:
            return out
        want, packets = self.want, self.packets
        tops = [p[-1] if p else -1 for p in packets]
        for src in range(13):
            if src == TALON:
                face = self.talon[-1] if self.talon else -1
            else:
                face = tops[src]
            if face < 0:
                continue
            for f in range(12):
                if want[f] == face:
                    out.append((src, f))
            if src != TALON and face % 13 < 12:
                for j in range(12):
                    if tops[j] == face + 1:
                        out.append((src, MARRY + j))
        if self.pos < len(self.order):
            out.append((REFILL, 0) if any(len(p) < 3 for p in packets) else (TURN, 0))
        return out


def move_id(move: tuple[int, int]) -> str:
    src, dst = move
    if src == TURN:
        return "turn"
    if src == REFILL:
        return "refill"
    a = "talon" if src == TALON else f"packet-{src + 1}"
    b = f"packet-{dst - MARRY + 1}" if dst >= MARRY else f"foundation-{dst + 1}"
    return f"{a}>{b}"


def legal_ids(game: Game, state: State) -> set[str]:
    return {move_id(m) for m in Model(game, state).moves()}


def solve(game: Game, state: State, node_limit: int, time_limit: float | None) -> Solution:
    start = time.perf_counter()
    m = Model(game, state)
    if all(n == 0 for n in m.left):
        return Solution(WON, [], 0, time.perf_counter() - start)
    if not m.playing:
        return Solution(LOST, [], 0, time.perf_counter() - start)
    deadline = None if time_limit is None else start + time_limit
    small = len(m.order) - m.pos <= SHORT_PACK or sum(m.left) <= SMALL
    exact = node_limit if small else min(node_limit, EXACT_FIRST)  # a small position: the exhaustive search only
    first = _Search(m, exact, deadline)
    status, line = first.run()
    spent = first.nodes
    if status == UNKNOWN and spent < node_limit:
        probe = _Rollouts(m, node_limit - spent, deadline)
        found = probe.run()
        spent += probe.nodes
        if found is not None:
            status, line = WON, found
    ids = [move_id(mv) for mv in line] if status == WON else []
    return Solution(status, ids, spent, time.perf_counter() - start)


class _Board:
    """A mutable copy of the model's position with play and take-back of model moves."""

    def __init__(self, m: Model) -> None:
        self.order, self.pos = m.order, m.pos
        self.talon = list(m.talon)
        self.packets = [list(p) for p in m.packets]
        self.want, self.left = list(m.want), list(m.left)

    def won(self) -> bool:
        return not any(self.left)

    def copy(self) -> "_Board":
        other = _Board.__new__(_Board)
        other.order, other.pos = self.order, self.pos
        other.talon = list(self.talon)
        other.packets = [list(p) for p in self.packets]
        other.want, other.left = list(self.want), list(self.left)
        return other

    def play(self, move: tuple[int, int]):
        """Play `move`; returns what `unplay` needs."""
        src, dst = move
        if src == TURN:
            self.talon.append(self.order[self.pos])
            self.pos += 1
            return None
        if src == REFILL:
            filled = []
            order, n = self.order, len(self.order)
            for i, p in enumerate(self.packets):
                while len(p) < 3 and self.pos < n:
                    p.append(order[self.pos])
                    self.pos += 1
                    filled.append(i)
            return filled
        pile = self.talon if src == TALON else self.packets[src]
        face = pile.pop()
        if dst >= MARRY:
            self.packets[dst - MARRY].append(face)
        else:
            self.left[dst] -= 1
            self.want[dst] = _up(face) if self.left[dst] else -1
        return face

    def unplay(self, move: tuple[int, int], undo) -> None:
        src, dst = move
        if src == TURN:
            self.talon.pop()
            self.pos -= 1
            return
        if src == REFILL:
            for i in reversed(undo):
                self.packets[i].pop()
                self.pos -= 1
            return
        pile = self.talon if src == TALON else self.packets[src]
        if dst >= MARRY:
            self.packets[dst - MARRY].pop()
        else:
            self.left[dst] += 1
            self.want[dst] = undo
        pile.append(undo)

    def key(self) -> tuple:
        return (self.pos, bytes(self.talon), tuple(bytes(p) for p in self.packets), bytes(w + 1 for w in self.want))


class _Search:
    """Exhaustive depth-first search; its "lost" is a proof (every line was tried, up to the safe move below).

    The safe move: the talon's top card c fits foundation F, and F's is the only place left on the foundations
    for c's face (each face has two places, one for each copy, on two foundations, since a foundation rises fewer
    than thirteen cards; the other is filled already). Then c can only ever go to F — talon cards never go
    anywhere else — so any winning line plays it there some time, and F takes nothing before it. Play it now and delete that later move: the talon only ever gives cards to
    foundations, and its top is the same as in the line whenever c is not the top (cards the line turns onto c
    now lie where c lay); the packets are untouched, so every refill and turn stays legal. No win is lost."""

    def __init__(self, m: Model, node_limit: int, deadline: float | None, safe: bool = True) -> None:
        self.m = m
        self.safe = safe
        self.limit = node_limit
        self.deadline = deadline
        self.nodes = 0

    def run(self) -> tuple[str, list]:
        b = _Board(self.m)
        # places[face] = foundation places not yet filled that take this face
        places = [0] * 52
        for f in range(12):
            face = b.want[f]
            for _ in range(b.left[f]):
                places[face] += 1
                face = _up(face)
        budget, deadline, use_safe = self.limit, self.deadline, self.safe
        talon, packets, want, order = b.talon, b.packets, b.want, b.order
        n = len(order)

        def choices() -> list:
            tops = [p[-1] if p else -1 for p in packets]
            plays, marries = [], []
            if talon:
                face = talon[-1]
                for f in range(12):
                    if want[f] == face:
                        if use_safe and places[face] == 1:
                            return [(TALON, f)]
                        plays.append((TALON, f))
            for src in range(12):
                face = tops[src]
                if face < 0:
                    continue
                for f in range(12):
                    if want[f] == face:
                        plays.append((src, f))
                if face % 13 < 12:
                    for j in range(12):
                        if tops[j] == face + 1:
                            # better first: a marriage that lays bare a card that fits, or empties the packet
                            below = packets[src][-2] if len(packets[src]) > 1 else -1
                            rank = 0 if below < 0 or below in want else 1
                            marries.append((rank, src, j))
            marries.sort()
            out = plays + [(s, MARRY + j) for _, s, j in marries]
            if b.pos < n:
                out.append((REFILL, 0) if any(len(p) < 3 for p in packets) else (TURN, 0))
            return out

        class Step:
            """The board as a model of the strategies' protocol, keeping `places` up to date."""

            key, won = b.key, b.won

            @staticmethod
            def play(mv):
                undo = b.play(mv)
                if mv[1] < MARRY and mv[0] >= 0:
                    places[undo] -= 1
                return mv, undo

            @staticmethod
            def unplay(record) -> None:
                mv, undo = record
                if mv[1] < MARRY and mv[0] >= 0:
                    places[undo] += 1
                b.unplay(mv, undo)

        status, line, self.nodes = depth_first(Step, choices, budget, deadline, root=1)
        return status, line


def _candidates(b: _Board, rng, noise: float) -> list:
    """The moves a playout considers, best first: cards up (the talon's first), marriages that lay bare a card
    that fits a foundation or empty a packet (now and then, at random, any other marriage too), then refill or
    turn. Empty: the playout is over."""
    talon, packets, want = b.talon, b.packets, b.want
    tops = [p[-1] if p else -1 for p in packets]
    plays, good, other = [], [], []
    if talon and talon[-1] in want:
        plays += [(TALON, f) for f in range(12) if want[f] == talon[-1]]
    for src in range(12):
        face = tops[src]
        if face < 0:
            continue
        if face in want:
            plays += [(src, f) for f in range(12) if want[f] == face]
        elif face % 13 < 12 and face + 1 in tops:
            below = packets[src][-2] if len(packets[src]) > 1 else -1
            for j in range(12):
                if tops[j] == face + 1:
                    if below < 0 or below in want:
                        good.append((src, MARRY + j))
                    elif noise and rng.random() < noise:
                        other.append((src, MARRY + j))
    rng.shuffle(good)
    out = plays + good + other
    if b.pos < len(b.order):
        out.append((REFILL, 0) if any(len(p) < 3 for p in packets) else (TURN, 0))
    return out


def _which(want: list[int], face: int, rng, noise: float) -> int:
    """The foundation a card goes up on: when both places for its face are open at once, either, at random (the
    first when there is no noise)."""
    f = want.index(face)
    if noise and face in want[f + 1:] and rng.random() < 0.5:
        return want.index(face, f + 1)
    return f


def _first(b: _Board, rng, noise: float):
    """A playout's move, found without listing the others: a card up (the talon's first), else a marriage that lays
    bare a card that fits, else one that empties a packet (at random among those), else now and then another
    marriage, else refill or turn; None when the playout is over."""
    talon, packets, want = b.talon, b.packets, b.want
    if talon and talon[-1] in want:
        return (TALON, _which(want, talon[-1], rng, noise))
    tops = [p[-1] if p else -1 for p in packets]
    for src in range(12):
        face = tops[src]
        if face >= 0 and face in want:
            return (src, _which(want, face, rng, noise))
    good, other = [], []
    for src in range(12):
        face = tops[src]
        if face >= 0 and face % 13 < 12 and face + 1 in tops:
            pile = packets[src]
            below = pile[-2] if len(pile) > 1 else -1
            if below >= 0 and below in want:
                return (src, MARRY + tops.index(face + 1))  # lays bare a card that goes up
            if below < 0:
                good.append((src, MARRY + tops.index(face + 1)))  # empties a packet
            elif noise and rng.random() < noise:
                other.append((src, MARRY + tops.index(face + 1)))
    if good:
        return good[rng.randrange(len(good))] if noise and len(good) > 1 else good[0]
    if other:
        return other[0]
    if b.pos < len(b.order):
        return (REFILL, 0) if min(map(len, packets)) < 3 else (TURN, 0)
    return None


def _classic(b: _Board, rng, noise: float) -> tuple[int, int] | None:
    """The move of the plain policy the first playouts follow: a card up (the talon's first, then the packets
    from I on, each on the first foundation that takes it), else a marriage that lays bare a card that fits or
    empties a packet, taken at random among those (now and then, with chance `noise`, any other marriage), else
    refill or turn."""
    talon, packets, want = b.talon, b.packets, b.want
    tops = [p[-1] if p else -1 for p in packets]
    plays, good, other = [], [], []
    if talon and talon[-1] in want:
        plays.append((TALON, want.index(talon[-1])))
    for src in range(12):
        face = tops[src]
        if face < 0:
            continue
        if face in want:
            plays.append((src, want.index(face)))
        elif face % 13 < 12 and face + 1 in tops:
            below = packets[src][-2] if len(packets[src]) > 1 else -1
            if below < 0 or below in want:
                good.append((src, MARRY + tops.index(face + 1)))
            elif noise and rng.random() < noise:
                other.append((src, MARRY + tops.index(face + 1)))
    rng.shuffle(good)
    if plays or good or other:
        return (plays + good + other)[0]
    if b.pos < len(b.order):
        return (REFILL, 0) if any(len(p) < 3 for p in packets) else (TURN, 0)
    return None


class _Rollouts:
    """Playouts, first plain ones, then nested ones (nested Monte Carlo search, level 1, the best line
    remembered). Nodes = moves played in playouts."""

    def __init__(self, m: Model, budget: int, deadline: float | None) -> None:
        self.m = m
        self.budget = budget
        self.deadline = deadline
        self.nodes = 0
        self.rng = random.Random(len(m.order) * 1_000_003 + m.pos)

    def out_of_budget(self) -> bool:
        return self.nodes >= self.budget or (self.deadline is not None and time.perf_counter() > self.deadline)

    def playout(self, b: _Board, noise: float, moves: list, classic: bool = False) -> int:
        """Play on a copy of `b` until no candidate is left; append the moves; return the cards put up."""
        b = _Board.copy(b)
        rng = self.rng
        steps = 0
        pick = _classic if classic else _first
        while steps < 2000:
            mv = pick(b, rng, noise)
            if mv is None:
                break
            b.play(mv)
            moves.append(mv)
            steps += 1
        self.nodes += steps + 1
        return 104 - sum(b.left)

    def run(self) -> list | None:
        root = _Board(self.m)
        for k in range(PLAYOUTS):
            if self.out_of_budget():
                return None
            moves: list = []
            if self.playout(root, NOISE if k else 0.0, moves, k < CLASSIC) == 104:
                return moves
        width = NESTED_WIDTH
        while not self.out_of_budget():
            found = self.nested(root, width)
            if found is not None:
                return found
            width *= NESTED_GROWTH
        return None

    def nested(self, root: _Board, width: int) -> list | None:
        """`strategies.nested` over `_candidates`, with this object's playouts (a win scores 104)."""
        self.nodes += 1
        return nested(_Nested.of(root), lambda b: _candidates(b, self.rng, NESTED_NOISE),
                      lambda b, tail: self.playout(b, NOISE, tail), width, self.out_of_budget, 104)


class _Nested(_Board):
    """A board as a model of the strategies' protocol (play returns its record, unplay takes it)."""

    @classmethod
    def of(cls, b: _Board) -> "_Nested":
        other = cls.__new__(cls)
        other.__dict__.update(_Board.copy(b).__dict__)
        return other

    def copy(self) -> "_Nested":
        return _Nested.of(self)

    def play(self, move: tuple[int, int]):
        return move, _Board.play(self, move)

    def unplay(self, record, undo=None) -> None:
        _Board.unplay(self, *record)
