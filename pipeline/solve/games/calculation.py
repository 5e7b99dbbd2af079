"""Calculation's own solver: a compact model of the game (ranks only), an exhaustive depth-first search for small
positions and proofs, and playouts / nested Monte Carlo search that find the winning lines of whole deals fast.

The model. Suits play no part in Calculation (rule I), so a card is its rank 1..13. The pack is a fixed sequence
(`order`, in turning order) with a pointer `pos` to the next card to turn; the turned card lies in the hand; the
four talon packets are lists of ranks (bottom first); foundation k (0-based here, building by k + 1) is its count
and the rank it wants next. Moves are the engine's: "turn", "hand>talon-i", "hand>foundation-k",
"talon-i>foundation-k"; the game has no automatic steps, so a line of model moves is a line of engine move ids.

1. Exhaustive search (`_Search`): depth-first, a transposition table keyed by (cards turned, hand, foundation
   counts, the packets as a sorted tuple — rule II makes them up at will and nothing names one, so they are
   interchangeable), identical packets offered once. Its one safe move: a card that is the last copy of its rank
   not yet up, and fits a foundation, goes up at once (argument at `_Search.run`). Its "lost" is a proof.
2. Playouts (`_Rollouts`): turn the pack; a card that fits a foundation goes up; the rest are laid by `_place`
   (on a packet whose top some foundation takes a few cards after this card, so the packet unwinds in order; else
   on an empty packet; else on the shortest), with random jitter; talon tops go up as soon as they fit. Then
   nested Monte Carlo search (level 1, the best line remembered): every card to be laid goes where the best of a
   few playouts after it ends best. A win found this way is a real line of legal moves; a failure proves nothing.

Perfect information: the solver knows the order of the pack, so its rate is an upper bound on what a player who
turns the cards one by one can win.
"""
from __future__ import annotations

import copy
import random
import time

from pipeline.engine.core import Game, State
from pipeline.solve.search import LOST, UNKNOWN, WON, Solution
from pipeline.solve.strategies import depth_first

NODE_LIMIT = 400_000  # about 6 s for a deal left unknown here, 0.2 s for the usual deal that is won
METHOD = ("Own model of the game (ranks only, suits never matter). An exhaustive depth-first search with a "
          "transposition table (the four talon packets interchangeable; the last copy of a rank goes up at once) "
          "settles small positions and is the only source of 'lost'; whole deals are won by playouts that lay each "
          "card on a packet whose top a foundation takes soon after it, then by nested Monte Carlo search (level "
          "1, best line remembered). Unknown = no win found within the positions allowed.")

TURN = -1  # the move "turn" is (TURN, 0)
HAND = 4  # source index of the hand; talon packets are 0..3; a destination >= 10 is talon packet dst - 10
EXACT_FIRST = 2000  # positions for the first, exhaustive try on a long pack
SHORT_PACK = 12  # with this many cards or fewer left in the pack, the exhaustive search gets the whole budget
PLAYOUTS = 200  # plain playouts before nested ones
NESTED_WIDTH = 4  # playouts per option and decision in the first nested playout
NESTED_GROWTH = 2  # ... multiplied by this for each further one
NOISE = 3.0  # jitter of the placement scores in playouts (measured best among 1, 2, 3, 5, 8)
EMPTY_SCORE = 30  # an empty packet ranks after any fitting top (scores 1..12) and before any bad one (100+)


def _next_rank(top: int, step: int) -> int:
    return (top + step - 1) % 13 + 1


class Model:
    """The position, converted once from the engine's state."""

    def __init__(self, game: Game, state: State) -> None:
        ix = game.index
        self.order = [c % 13 + 1 for c in reversed(state.piles[ix["stock"]])]  # turning order
        self.pos = 0
        hand = state.piles[ix["hand"]]
        self.hand = hand[-1] % 13 + 1 if hand else 0
        self.talon = [[c % 13 + 1 for c in state.piles[ix[f"talon-{i}"]]] for i in (1, 2, 3, 4)]
        self.count = []  # cards on foundation k
        self.want = []  # the rank foundation k takes next, 0 when it is finished
        for k in (1, 2, 3, 4):
            pile = state.piles[ix[f"foundation-{k}"]]
            self.count.append(len(pile))
            if len(pile) >= 13:
                self.want.append(0)
            else:
                self.want.append(_next_rank(pile[-1] % 13 + 1, k) if pile else k)
        self.playing = state.vars.get("phase") == "play"

    def moves(self) -> list[tuple[int, int]]:
        """Every legal move: (TURN, 0), (src, foundation) for src a packet 0..3 or HAND, (HAND, 10 + packet)."""
        out = []
        if not self.playing:
            return out
        want = self.want
        for src in range(5):
            if src == HAND:
                r = self.hand
            else:
                t = self.talon[src]
                r = t[-1] if t else 0
            if not r:
                continue
            for k in range(4):
                if want[k] == r:
                    out.append((src, k))
        if self.hand:
            out.extend((HAND, 10 + i) for i in range(4))
        elif self.pos < len(self.order):
            out.append((TURN, 0))
        return out


def move_id(move: tuple[int, int]) -> str:
    src, dst = move
    if src == TURN:
        return "turn"
    a = "hand" if src == HAND else f"talon-{src + 1}"
    b = f"talon-{dst - 9}" if dst >= 10 else f"foundation-{dst + 1}"
    return f"{a}>{b}"


def legal_ids(game: Game, state: State) -> set[str]:
    return {move_id(m) for m in Model(game, state).moves()}


def _waits(want: list[int], count: list[int]) -> list[int]:
    """For each rank, how many cards must go up first before some foundation takes it (14: none ever will)."""
    wait = [14] * 14
    for k in range(4):
        r = want[k]
        if not r:
            continue
        step = k + 1
        for d in range(13 - count[k]):
            if d < wait[r]:
                wait[r] = d
            r = (r + step - 1) % 13 + 1
    return wait


def solve(game: Game, state: State, node_limit: int, time_limit: float | None) -> Solution:
    start = time.perf_counter()
    m = Model(game, state)
    if all(c >= 13 for c in m.count):
        return Solution(WON, [], 0, time.perf_counter() - start)
    if not m.playing:
        return Solution(LOST, [], 0, time.perf_counter() - start)
    deadline = None if time_limit is None else start + time_limit
    spent = 0
    # 1. the exhaustive search: alone for a short pack (late in a game), else a short try first
    exact = node_limit if len(m.order) - m.pos <= SHORT_PACK else min(node_limit, EXACT_FIRST)
    first = _Search(m, exact, deadline)
    status, line = first.run()
    spent += first.nodes
    if status == UNKNOWN and spent < node_limit:
        # 2. rollouts, then nested rollouts (a win found there is a real line of legal moves)
        probe = _Rollouts(m, node_limit - spent, deadline)
        found = probe.run()
        spent += probe.nodes
        if found is not None:
            status, line = WON, found
    if status == UNKNOWN and spent < node_limit:
        # 3. the exhaustive search again with what is left of the budget
        last = _Search(m, node_limit - spent, deadline)
        status, line = last.run()
        spent += last.nodes
    ids = [move_id(mv) for mv in line] if status == WON else []
    return Solution(status, ids, spent, time.perf_counter() - start)


_ROWS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def _row(k: int, want: int, count: int) -> tuple[int, ...]:
    """How many cards foundation k (0-based; it builds by k + 1) takes before each rank, from the state where it
    wants `want` and holds `count` cards (99: it never takes that rank again). Cached: there are few such rows."""
    key = (k, want, count)
    row = _ROWS.get(key)
    if row is None:
        out = [99] * 14
        r = want
        if r:
            for j in range(13 - count):
                out[r] = j
                r = (r + k) % 13 + 1
        row = _ROWS[key] = tuple(out)
    return row


def _settle(talon, want, count, moves) -> None:
    """Play every talon top that fits a foundation, until none does (packets in order, foundations in order)."""
    moved = True
    while moved:
        moved = False
        for i in range(4):
            t = talon[i]
            while t and t[-1] in want:
                r = t.pop()
                k = want.index(r)
                count[k] += 1
                want[k] = (r + k) % 13 + 1 if count[k] < 13 else 0
                if moves is not None:
                    moves.append((i, k))
                moved = True


def _place(hand: int, talon, want, count, rng, noise: float) -> int:
    """The packet for a card that does not go up: on a top that some foundation takes after it (the fewer cards
    between them the better), else on an empty packet, else on the shortest packet; `noise` jitters the scores."""
    d0, d1, d2, d3 = (_row(0, want[0], count[0]), _row(1, want[1], count[1]), _row(2, want[2], count[2]),
                      _row(3, want[3], count[3]))
    a0, a1, a2, a3 = d0[hand], d1[hand], d2[hand], d3[hand]
    best, where = None, 0
    empty_seen = False
    for i in range(4):
        t = talon[i]
        if t:
            top = t[-1]
            score = 100 + len(t)
            b = d0[top]
            if a0 < b < 99 and b - a0 < score:
                score = b - a0
            b = d1[top]
            if a1 < b < 99 and b - a1 < score:
                score = b - a1
            b = d2[top]
            if a2 < b < 99 and b - a2 < score:
                score = b - a2
            b = d3[top]
            if a3 < b < 99 and b - a3 < score:
                score = b - a3
        else:
            if empty_seen:
                continue
            empty_seen = True
            score = EMPTY_SCORE
        if noise:
            score += rng.random() * noise
        if best is None or score < best:
            best, where = score, i
    return where


class _Rollouts:
    """Playouts: turn the pack, play what fits, lay the rest by `_place` with random jitter; first plain playouts,
    then nested ones (each placement chosen by the best of a few playouts after it). Nodes = cards turned."""

    def __init__(self, m: Model, budget: int, deadline: float | None) -> None:
        self.m = m
        self.budget = budget
        self.deadline = deadline
        self.nodes = 0
        self.rng = random.Random(len(m.order) * 1_000_003 + m.pos)

    def out_of_budget(self) -> bool:
        return self.nodes >= self.budget or (self.deadline is not None and time.perf_counter() > self.deadline)

    def playout(self, pos, hand, talon, want, count, noise, moves):
        order, n, rng = self.m.order, len(self.m.order), self.rng
        self.nodes += 1  # at least one a playout, so that a budget always runs out
        talon = [list(t) for t in talon]
        want, count = list(want), list(count)
        _settle(talon, want, count, moves)
        while True:
            if not hand:
                if pos >= n:
                    break
                hand = order[pos]
                pos += 1
                self.nodes += 1
                if moves is not None:
                    moves.append((TURN, 0))
            if hand in want:
                k = want.index(hand)
                count[k] += 1
                want[k] = (hand + k) % 13 + 1 if count[k] < 13 else 0
                if moves is not None:
                    moves.append((HAND, k))
            else:
                i = _place(hand, talon, want, count, rng, noise)
                talon[i].append(hand)
                if moves is not None:
                    moves.append((HAND, 10 + i))
            hand = 0
            _settle(talon, want, count, moves)
        return count[0] + count[1] + count[2] + count[3]

    def run(self) -> list | None:
        m = self.m
        for k in range(PLAYOUTS):
            if self.out_of_budget():
                return None
            moves: list = []
            if self.playout(m.pos, m.hand, m.talon, m.want, m.count, NOISE if k else 0.0, moves) == 52:
                return moves
        width = NESTED_WIDTH
        while not self.out_of_budget():
            found = self.nested(width)
            if found is not None:
                return found
            width *= NESTED_GROWTH
        return None

    def nested(self, width: int) -> list | None:
        """One nested playout (nested Monte Carlo search, level 1, remembering the best line): each card that must
        be laid goes where the best of `width` playouts after it ends best, or where the best line seen so far
        lays it when nothing better turned up."""
        m = self.m
        self.nodes += 1
        order, n = m.order, len(m.order)
        pos, hand = m.pos, m.hand
        talon = [list(t) for t in m.talon]
        want, count = list(m.want), list(m.count)
        line: list = []
        best_score, best_tail = -1, []  # the best playout seen, as the moves after `line`
        _settle(talon, want, count, line)
        while True:
            if not hand:
                if pos >= n:
                    break
                hand = order[pos]
                pos += 1
                line.append((TURN, 0))
                best_tail = best_tail[1:] if best_tail[:1] == [(TURN, 0)] else []
            for k in range(4):
                if want[k] == hand:
                    count[k] += 1
                    want[k] = (hand + k) % 13 + 1 if count[k] < 13 else 0
                    line.append((HAND, k))
                    best_tail = best_tail[1:] if best_tail[:1] == [(HAND, k)] else []
                    break
            else:
                if not best_tail or best_tail[0][0] != HAND or best_tail[0][1] < 10:
                    best_score, best_tail = -1, []
                tried = set()
                for i in range(4):
                    sig = bytes(talon[i])
                    if sig in tried:
                        continue
                    tried.add(sig)
                    talon[i].append(hand)
                    for _ in range(width):
                        if self.out_of_budget():
                            return None
                        tail: list = []
                        score = self.playout(pos, 0, talon, want, count, NOISE, tail)
                        if score == 52:
                            return line + [(HAND, 10 + i)] + tail
                        if score > best_score:
                            best_score, best_tail = score, [(HAND, 10 + i)] + tail
                    talon[i].pop()
                where = best_tail[0][1] - 10
                best_tail = best_tail[1:]
                talon[where].append(hand)
                line.append((HAND, 10 + where))
            hand = 0
            before = len(line)
            _settle(talon, want, count, line)
            done = len(line) - before
            if best_tail[:done] == line[before:]:
                best_tail = best_tail[done:]
            else:
                best_tail, best_score = [], -1
        return line if count == [13, 13, 13, 13] else None


class _Search:
    """Exhaustive depth-first search; "lost" from it is a proof (every line was tried, up to the symmetry of the
    packets and the safe move below)."""

    def __init__(self, m: Model, node_limit: int, deadline: float | None, safe: bool = True) -> None:
        self.m = m
        self.safe = safe
        self.limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        # copies of each rank not yet on a foundation (= foundations that still want it)
        left = [0] * 14
        for k in range(4):
            r, step = m.want[k], k + 1
            for _ in range(13 - m.count[k]):
                left[r] += 1
                r = (r + step - 1) % 13 + 1
        self.left = left

    def run(self) -> tuple[str, list]:
        m = copy.copy(self.m)  # the search plays on its own lists; the model stays as it was
        m.talon, m.want, m.count = [list(t) for t in m.talon], list(m.want), list(m.count)
        order, talon, want, count, left = m.order, m.talon, m.want, m.count, list(self.left)
        n = len(order)
        use_safe = self.safe

        class Step:
            """The copy as a model of the strategies' protocol."""

            @staticmethod
            def key():
                return (m.pos, m.hand, tuple(count), tuple(sorted(bytes(t) for t in talon)))

            @staticmethod
            def won() -> bool:
                return count[0] == 13 and count[1] == 13 and count[2] == 13 and count[3] == 13

            @staticmethod
            def play(mv):
                src, dst = mv
                r = 0
                if src == TURN:
                    m.hand = order[m.pos]
                    m.pos += 1
                elif dst >= 10:
                    talon[dst - 10].append(m.hand)
                    m.hand = 0
                else:
                    r = m.hand if src == HAND else talon[src].pop()
                    if src == HAND:
                        m.hand = 0
                    count[dst] += 1
                    want[dst] = (r + dst) % 13 + 1 if count[dst] < 13 else 0
                    left[r] -= 1
                return mv, r

            @staticmethod
            def unplay(record) -> None:
                (src, dst), r = record
                if src == TURN:
                    m.pos -= 1
                    m.hand = 0
                elif dst >= 10:
                    m.hand = talon[dst - 10].pop()
                else:
                    left[r] += 1
                    count[dst] -= 1
                    want[dst] = r
                    if src == HAND:
                        m.hand = r
                    else:
                        talon[src].append(r)

        def choices() -> list:
            hand = m.hand
            plays = []
            safe = None
            for src in range(5):
                if src == HAND:
                    r = hand
                else:
                    t = talon[src]
                    r = t[-1] if t else 0
                if not r:
                    continue
                for f in range(4):
                    if want[f] == r:
                        if left[r] == 1 and use_safe:
                            safe = (src, f)
                        plays.append((src, f))
            # The safe move: a card c of rank r fits foundation F, and c is the last copy of r not yet up (so F is
            # the only foundation that still takes an r). Take any winning line: it must put c on F some time, and
            # F takes nothing before it (it wants r). Play c up now and delete that later move: every other move
            # stays legal — F only got its r earlier; a packet c leaves lets the cards below it out earlier, and
            # whatever the line laid on c there now lies where c lay, with the same top whenever c was not the
            # top; the hand, once empty, may be turned into exactly when the line turned it. So the line still
            # wins, and no win is lost by playing c at once. (Checked against brute force in the tests.)
            if safe is not None:
                return [safe]
            if hand:
                wait = _waits(want, count)
                w = wait[hand]
                ranked = []
                tops = set()
                for i in range(4):
                    t = talon[i]
                    sig = bytes(t)
                    if sig in tops:
                        continue  # an identical packet: the same position up to the packets' order
                    tops.add(sig)
                    if t:
                        gap = wait[t[-1]] - w
                        score = (0, gap) if gap >= 0 else (2, -gap)
                    else:
                        score = (1, 0)
                    ranked.append((score, i))
                ranked.sort()
                return plays + [(HAND, 10 + i) for _, i in ranked]
            if m.pos < n:
                return plays + [(TURN, 0)]
            return plays

        status, line, self.nodes = depth_first(Step, choices, self.limit, self.deadline, root=1)
        return status, line
