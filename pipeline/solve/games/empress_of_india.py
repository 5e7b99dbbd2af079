"""The Empress of India's own solver: a compact model of the game (faces as ints, places and talons as lists,
moves played and undone in place) searched depth-first with a transposition table over canonical positions.

The model reproduces the engine (`games/empress_of_india.py`) exactly: pairs played to the foundations (one red to
a general, one black to an admiral, a covered card only with or after the card covering it), pairing (a single
unpaired card of one half onto one of the other), turning the pack (the card to its talon packet, or to a space of
its colour), the spaces refilled at once from the talon of their colour, else from the pack, and the marks of cards
that have been paired. Its move ids are the engine's.

Cards are merged across the two packs (`card % 52`): every rule compares suit, rank or colour only. The twelve
places of each half are interchangeable (a move empties at most one place of each half, so the order in which
spaces are refilled never matters) and so are the foundations of one colour: the transposition table's key sorts
them.

The search: streamlined probes (a pair up whenever one can go) with random tie-breaks, then the full depth-first
search; a position where no pair can go up is cut when it is `blocked` (a proof of loss, tested against brute
force).
"""
from __future__ import annotations

import time
from random import Random

from pipeline.engine.core import Game, State
from pipeline.solve.search import WON, Solution
from pipeline.solve.strategies import depth_first, probes

NODE_LIMIT = 100_000
METHOD = ("A compact model of the game searched depth-first with a transposition table (the two packs' copies of a "
          "card merged, the places of each half and the foundations of each colour taken as interchangeable); "
          "pairs to the foundations first, then pairings ranked by the card they bring out of the talon, turning "
          "the pack after those; short randomised probes before the full search. A position where no pair can go "
          "up and no wanted card of one colour can be brought to show with the pairings left is proved lost. "
          "'Lost' only when every line was searched.")

ROW = 12  # places per half: army 0..11 (red), navy 12..23 (black)
RED_TALON, BLACK_TALON, STOCK = 24, 25, 26
F0 = 27  # foundations 27..34: generals (red, down) 27..30, admirals (black, up) 31..34
PAIR, PAIRING, TURN = 0, 1, 2


def red(face: int) -> bool:
    return face // 13 in (1, 2)


def _next(face: int) -> int:
    """The face a foundation whose top is `face` takes next (note 16: red down skipping the knave, black up), or
    -1 past its end (the caller checks the foundation's length)."""
    r = face % 13 + 1
    if red(face):
        nr = 10 if r == 12 else r - 1
    else:
        nr = r + 1
    return face // 13 * 13 + nr - 1 if 1 <= nr <= 13 else -1


NEXT = [_next(f) for f in range(52)]
RED = [red(f) for f in range(52)]


class Model:
    def __init__(self, game: Game, state: State) -> None:
        piles = [[c % 52 for c in state.piles[p]] for p in game.places]
        piles.append([c % 52 for c in state.piles[game.talon["red"]]])
        piles.append([c % 52 for c in state.piles[game.talon["black"]]])
        piles.append([c % 52 for c in state.piles[game.stock]])
        piles += [[c % 52 for c in state.piles[f]] for f in game.foundations]
        self.piles = piles
        self.paired = state.vars.get("paired", 0)
        self.left = sum(12 - len(piles[F0 + i]) for i in range(8))
        names = game.names
        self.pname = [names[p] for p in game.places]
        self.fname = [names[f] for f in game.foundations]
        # a turned card still lying face up on the pack cannot be met: the engine lays it at once (auto)

    # -- what the foundations want
    def wanted(self) -> dict[int, int]:
        """face -> foundation slot (0..7) that takes it next; of two wanting the same card, the first."""
        out: dict[int, int] = {}
        piles = self.piles
        for i in range(8):
            f = piles[F0 + i]
            if len(f) < 12:
                w = NEXT[f[-1]]
                if w >= 0 and w not in out:
                    out[w] = i
        return out

    # -- moves: PAIR (kind, red place, general, black place, admiral, red covered, black covered),
    #    PAIRING (kind, src, dst), TURN (kind,)
    def moves(self) -> list[tuple]:
        out = self.pair_plays()
        piles, paired = self.piles, self.paired
        reds = [p for p in range(ROW) if len(piles[p]) == 1 and not paired >> p & 1]
        blacks = [p for p in range(ROW, 2 * ROW) if len(piles[p]) == 1 and not paired >> p & 1]
        out += [(PAIRING, s, d) for s in reds for d in blacks]
        out += [(PAIRING, s, d) for s in blacks for d in reds]
        if piles[STOCK]:
            out.append((TURN,))
        return out

    def pair_plays(self) -> list[tuple]:
        """Rule I: one red card to a general and one black card to an admiral in one move, from the places only
        (rule III); a covered card only together with the card covering it."""
        piles, wanted = self.piles, self.wanted()
        if not wanted:
            return []
        reds, blacks = [], []
        for p in range(2 * ROW):
            pile = piles[p]
            n = len(pile)
            if n == 0:
                continue
            f = wanted.get(pile[-1])
            if f is not None:
                (reds if f < 4 else blacks).append((p, f, 0))
            if n == 2:
                f = wanted.get(pile[0])
                if f is not None:
                    (reds if f < 4 else blacks).append((p, f, 1))
        out = []
        for rp, rf, rc in reds:
            for bp, bf, bc in blacks:
                if rc or bc:
                    if rp != bp:
                        continue
                elif rp == bp:
                    continue
                out.append((PAIR, rp, rf, bp, bf, rc, bc))
        return out

    def move_id(self, move: tuple) -> str:
        kind = move[0]
        if kind == TURN:
            return "turn"
        if kind == PAIRING:
            return f"{self.pname[move[1]]}>{self.pname[move[2]]}"
        _, rp, rf, bp, bf, _, _ = move
        return f"{self.pname[rp]}>{self.fname[rf]}+{self.pname[bp]}>{self.fname[bf]}"

    # -- playing and taking back
    def play(self, move: tuple) -> tuple:
        """Play a move and the refills it forces; returns (moves of single cards as (src, dst), old marks)."""
        piles = self.piles
        log: list[tuple[int, int]] = []
        old = self.paired
        kind = move[0]
        if kind == PAIR:
            _, rp, rf, bp, bf, rc, bc = move
            # the covering card first (the covered one is under it in the same place)
            first, second = ((rp, F0 + rf), (bp, F0 + bf)) if bc else ((bp, F0 + bf), (rp, F0 + rf))
            for src, dst in (first, second):
                piles[dst].append(piles[src].pop())
                log.append((src, dst))
            self.left -= 2
            paired = old
            for p in {rp, bp}:  # rule 'once': a card left alone after its cover went up has been paired
                if len(piles[p]) == 1:
                    paired |= 1 << p
                else:
                    paired &= ~(1 << p)
            self.paired = paired
        elif kind == PAIRING:
            _, src, dst = move
            piles[dst].append(piles[src].pop())
            log.append((src, dst))
        else:  # TURN: the top card of the pack to the first space of its colour, else to its talon
            self.lay(log)
        self.refill(log)
        return log, old

    def lay(self, log: list) -> None:
        piles = self.piles
        card = piles[STOCK][-1]
        base = 0 if RED[card] else ROW
        for p in range(base, base + ROW):
            if not piles[p]:
                break
        else:
            p = RED_TALON if base == 0 else BLACK_TALON
        piles[p].append(piles[STOCK].pop())
        log.append((STOCK, p))

    def refill(self, log: list) -> None:
        """Rule II (engine: auto): each space from the talon of its colour, else from the pack, whose other cards
        go to their talon."""
        piles = self.piles
        while True:
            spaces = [p for p in range(2 * ROW) if not piles[p]]
            if not spaces:
                return
            for p in spaces:
                talon = RED_TALON if p < ROW else BLACK_TALON
                if piles[talon]:
                    piles[p].append(piles[talon].pop())
                    log.append((talon, p))
                    break
            else:
                if not piles[STOCK]:
                    return
                self.lay(log)

    def unplay(self, record: tuple) -> None:
        log, old = record
        piles = self.piles
        for src, dst in reversed(log):
            piles[src].append(piles[dst].pop())
            if dst >= F0:
                self.left += 1
        self.paired = old

    def won(self) -> bool:
        return self.left == 0

    def key(self) -> bytes:
        piles, paired = self.piles, self.paired
        places = [bytes(piles[p]) + (b"*" if paired >> p & 1 else b"") for p in range(2 * ROW)]
        army = sorted(places[:ROW])
        navy = sorted(places[ROW:])
        generals = bytes(sorted(piles[F0 + i][-1] for i in range(4)))
        admirals = bytes(sorted(piles[F0 + i][-1] for i in range(4, 8)))
        return b"|".join((*army, *navy, bytes(piles[RED_TALON]), bytes(piles[BLACK_TALON]),
                          bytes((len(piles[STOCK]),)), generals, admirals))


def legal_ids(game: Game, state: State) -> set[str]:
    model = Model(game, state)
    return {model.move_id(m) for m in model.moves()}


# --- search ------------------------------------------------------------------------------------------------------


def waits(model: Model) -> list[int]:
    """For each face: how many cards its foundations must take before one of them takes it (0: wanted now; 99:
    never, both copies are up)."""
    out = [99] * 52
    piles = model.piles
    for i in range(8):
        f = piles[F0 + i]
        k = 0
        top = f[-1]
        n = len(f)
        while n < 12:
            top = NEXT[top]
            if k < out[top]:
                out[top] = k
            k += 1
            n += 1
    return out


INF = 1 << 20


def blocked(model: Model) -> bool:
    """In a position where no pair can go up: can one never go up again? (A proof of loss when True.)

    Until the next pair goes up the foundations stand still, so the cards they want stay the same, and a pair
    needs one wanted red card and one wanted black card both showing at once (a covered card could go with its
    cover only if both were wanted, and then a pair could go up now). Meanwhile only pairings and turns are
    possible, and turning never lays a card in a place (every space is refilled at once). A wanted red card comes
    to show only by a refill of an Army space from the red talon or the pack: from the talon at depth k (k cards
    above it) that takes k + 1 Army-to-Navy pairings; from the pack, one (turn until it is on the talon, then
    pair); a covered one cannot show before a pair goes up. Each Army-to-Navy pairing covers a single unpaired
    Navy card, and the number of those never grows before a pair goes up (the other kind of pairing takes one away
    and refills the place with one; turning lays no card; no mark changes). So more pairings needed than there
    are single unpaired Navy cards means no wanted red card can ever show, and the game is lost; likewise for
    black with the Army's single unpaired cards."""
    piles, paired = model.piles, model.paired
    wanted = model.wanted()
    for is_red, talon, own, other in ((True, RED_TALON, range(ROW), range(ROW, 2 * ROW)),
                                      (False, BLACK_TALON, range(ROW, 2 * ROW), range(ROW))):
        want = {w for w in wanted if RED[w] == is_red}
        cost = INF
        for p in range(2 * ROW):
            pile = piles[p]
            if pile and pile[-1] in want:
                cost = 0
                break
        if cost:
            t = piles[talon]
            for depth in range(len(t)):
                if t[-1 - depth] in want:
                    cost = depth + 1
                    break
            if cost > 1 and any(c in want for c in piles[STOCK]):
                cost = 1
            targets = sum(1 for p in other if len(piles[p]) == 1 and not paired >> p & 1)
            if cost > targets:
                return True
    return False


def ordered(model: Model, moves: list, noise: Random | None) -> list:
    """Pairs to the foundations first; then pairings, those that bring a card wanted soon out of the talon (or
    the pack) first, and among them those that cover a card wanted no earlier than the covering one; turning the
    pack after the pairings that bring a wanted card."""
    if len(moves) <= 1:
        return moves
    piles = model.piles
    wait = None
    ranked = []
    rand = noise.random if noise is not None else None
    seen = set()
    for i, m in enumerate(moves):
        kind = m[0]
        if kind == PAIR:
            key = (0, 0)
        elif kind == TURN:
            key = (2, 0)
        else:
            if wait is None:
                wait = waits(model)
            s, d = m[1], m[2]
            x, y = piles[s][0], piles[d][0]
            if (x, y) in seen:  # the same faces elsewhere: the same position up to the order of the places
                continue
            seen.add((x, y))
            talon = piles[RED_TALON if s < ROW else BLACK_TALON]
            if talon:
                nxt = talon[-1]
            else:
                nxt = next_from_pack(piles[STOCK], s < ROW)
            w = wait[nxt] if nxt >= 0 else 50
            key = (1 if w <= 1 else 3, w * 4 + (1 if wait[y] < wait[x] else 0))
        ranked.append((key, rand() if rand is not None else i, m))
    ranked.sort()
    return [r[2] for r in ranked]


def next_from_pack(stock: list[int], want_red: bool) -> int:
    for c in reversed(stock):
        if RED[c] == want_red:
            return c
    return -1


class Search:
    def __init__(self, model: Model, deadline: float | None) -> None:
        self.model = model
        self.deadline = deadline
        self.nodes = 0
        self.cut = False

    def choices(self, noise: Random | None, streamlined: bool) -> list:
        moves = self.model.moves()
        if moves and moves[0][0] != PAIR and blocked(self.model):
            return []
        if len(moves) <= 1:
            return moves
        if streamlined:
            pairs = [m for m in moves if m[0] == PAIR]
            if pairs:
                self.cut = True
                return pairs[:1] if noise is None else [pairs[int(noise.random() * len(pairs))]]
        return ordered(self.model, moves, noise)

    def run(self, limit: int, noise: Random | None = None, streamlined: bool = False) -> tuple[str, list]:
        self.cut = False
        status, out, nodes = depth_first(self.model, lambda: self.choices(noise, streamlined), limit, self.deadline)
        self.nodes += nodes
        return status, out


PROBES = 8


def solve(game: Game, state: State, node_limit: int = NODE_LIMIT, time_limit: float | None = None) -> Solution:
    start = time.perf_counter()
    model = Model(game, state)
    if model.left == 0:
        return Solution(WON, [], 0, 0.0)
    search = Search(model, None if time_limit is None else start + time_limit)

    def run(limit: int, probe: int | None) -> tuple[str, list, int]:
        before = search.nodes
        status, line = search.run(limit, Random(probe) if probe else None, probe is not None)
        return status, line, search.nodes - before

    status, line, _ = probes(model, run, node_limit, PROBES, lambda: search.cut)
    ids = []
    if status == WON:
        records = []
        for m in line:
            ids.append(model.move_id(m))
            records.append(model.play(m))
        for r in reversed(records):
            model.unplay(r)
    return Solution(status, ids, search.nodes, time.perf_counter() - start)
