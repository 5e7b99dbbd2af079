"""Полушарія (Les Hémisphères): a solver on a compact model of the game.

Model. A card is its face (`card % 52`: the two packs' copies are alike; the engine's move ids name piles, never
cards). Every suit is read in its own direction: the *level* of a card is its rank for the red suits (their
foundations go up from the ace) and 14 - rank for the black ones (down from the king), so a foundation of level h
takes the level h + 1 of its suit, and a race pile whose top is at home takes, in suit, the level one *below* its
top (red races marry down, black up: note 18). A race pile is therefore a run in suit, its base the highest level.
The piles are the engine's own lists (copied once, played and taken back in place); the engine's automatic steps
are reproduced exactly: while the pack is dealt a space is refilled from it at once, and a single possible
exchange is made at once (several: the player picks one, before anything else).

Position key: the pack is a fixed sequence (its length stands for it); the two foundations of a suit are
interchangeable (sorted heights); while the pack is being dealt at most one race pile is ever empty (a move empties
one pile, which the pack refills at once), so the three piles of a race are interchangeable and so are the two
races of a hemisphere (talon cards marry any race of their hemisphere, race cards only their own race): the key
sorts them. Before the first turn (spaces filled in deal order) the piles are kept in order.

Loss proof (`Model.dead`): the talon can never be used up. Its cards leave it top first, each to a foundation of
its suit at the level just below it, or onto a race top of its suit one level above it. Relax everything else:
every card that is not in the talon (pack, races, talon cards already gone) may be put on its foundation whenever
that foundation is ready, and a talon card may marry whenever some copy of the card one level above is neither
under it in the talon nor on a foundation. Then the suits are independent, and for one suit the question is a
walk over its talon cards, top first, with the two foundation heights as the only state (which copies are out of
reach depends only on the heights and on how far down the talon the walk is): `_suit_can_clear` follows every
reachable pair of heights. Out of reach for the whole walk, besides the talon cards below: a barrier (it moves
only at the end, when the talon is used up), and once the pack is out a card in the wrong hemisphere (nothing can
be exchanged for it any more, unless both hemispheres still hold one, and it moves without exchange only at the
end). A king of a red suit, an ace of a
black one (level 13), lies only at the bottom of a race pile: it is a marriage target only if it is still in the
pack or lies at home. If some suit cannot clear the talon in the relaxed game, no line of the real game can.

Search (`solve`): a position with a short pack is first searched exhaustively (depth-first, a table of the positions
met, the loss proof at every position: its "lost" is a proof). Then beams over the pack (`_beam`) of growing width:
from each kept position every position reachable before the next card is turned, of which the best (cards on the
foundations, few in the talon) turn the next card; a beam's win is a real line of engine moves, its failure proves
nothing. Why whole deals stay unknown rather than lost: the loss proof fires only once the talon holds some twenty
cards, by then the positions number in the millions; and a relaxation over the whole pack that ignores the refills
(every card dealt goes to the talon) leaves cards stuck in each of deals 1-200 (some 35 of them in a typical deal),
but with the refills allowed (a space is refilled whenever its base could have gone up) each of deals 1-10 clears:
refills, not the talon, decide this game, and about a quarter of the deals are won within 20 000 positions.

Past NODE_LIMIT (reruns only: the first NODE_LIMIT positions are spent exactly as before, so METHOD and the
stored verdicts stand) the beams are tried again with another score, `_ordered_score`: less W_DISORDER for each
talon card lying above a lower card of its suit (`_disorder`; the talon unwinds top first while a suit goes up
from the bottom), each width with closures of 100 and 300 positions (`LATE_CLOSURES`: at 200 000 positions the
two won 6 of the first 40 stored unknown deals each, but not the same 6; 8 between them). Measured on those 40
deals (unknown at 500 000 positions with `_score` alone), 200 000 positions each: the ordered score with closure
100 won 6, with 300 won 6 (deal 14 among them, unknown at 1 000 000 before), both alternating 5; the same with a
disorder weight of 1 won 1-2 and of 6 or 8 1-2 (at 60 000), counting disordered pairs or only gaps of two levels
1 each, a bonus for each of the next 4 pack cards that has a place to go (a race top one above, a ready
foundation) 5. Deal 103, unknown at NODE_LIMIT, is won by an ordered beam 8 wide within 4 500 positions.
Rerun so at 500 000 positions (PyPy, 1 452 s at some 40 % of a shared core), 17 of the table's 101 unknown deals
were won, none lost: 250 deals 166 / 0 / 84, [60.3, 100.0]. The deals these beams win are few and scattered
(each variant above won a different handful): most of the 84 look lost, not short of search. Again at
1 000 000 positions (PyPy, 1 054 s on a core of its own): 4 of the 84 won, none lost; 250 deals 170 / 0 / 80.
A counting bound is not there to be had from storage alone: the peak number of one hemisphere's cards that must
be held at once even with every card free to go up as soon as its suit allows (one foundation a suit) is 12-19 in
64 of deals 1-250 (5 of them unknown in the table now), 20-27 in 139 (51 unknown), 28-31 in 37 (20 unknown) and
32-39 in 10 (8 unknown): the unknown deals are those that hold most, but deals holding 33 are won, so the six
piles' runs and the talon hold that many when the order of the pack suits them; a proof must follow the order.

Whole deals proved lost (`layered_proof`, reruns with a budget PROOF_MIN or more past NODE_LIMIT: half of what is
past it, before the late beams, which have the rest). The game's lines are followed turn by turn, all of them: a
layer is every position right after the k-th turn, cut by `Model.dead`; once a layer is large, each of its positions
is also asked, for each hemisphere, whether that hemisphere's own game (`HemisphereGame`: its piles, its cards of
the talon in their order, the whole pack in its order so that a space of its takes the pack's next card whatever its
colour, its cards lying abroad, the other hemisphere otherwise relaxed away) can still be won, searched exhaustively
with the positions proven lost shared between the layer's positions. Every line of the game is a line of each
hemisphere's game (its docstring), so a position one of them loses is lost, and a deal whose layers all run empty is
lost. What makes it work: while a hemisphere's suits cannot go up (deal 113: nothing red before the 63rd card,
nothing at all but one club before the 40th) the game's lines are few (the layers of deal 113 hold at most 18 736
positions up to the 42nd card), and by then so many of the hemisphere's cards lie in the talon in the pack's order
that its own game is lost from each of them.

What was tried and measured on this solver (reruns, relaxations dropped) is in docs/solvers/hemispheres.md.
"""
from __future__ import annotations

import time
from typing import Callable

from pipeline.engine.core import Game, State
from pipeline.solve.model import in_play, legal_ids_of
from pipeline.solve.search import LOST, UNKNOWN, WON, Solution
from pipeline.solve.strategies import depth_first

NODE_LIMIT = 20_000
METHOD = ("A compact model of the game (the engine's refills and exchanges reproduced; the piles of a race, the races "
          "of a hemisphere, the foundations of a suit and the packs' copies of a card merged in the position's key) "
          "with safe foundation moves and a loss proof at every position (each suit, relaxed to its own cards with "
          "every card outside the talon free, must still be able to empty the talon top first). Beams over the pack "
          "of growing width find the wins; an exhaustive depth-first search settles positions near the end either "
          "way. Whole deals are won or left unknown: refilling the race spaces from the pack lets most cards skip "
          "the talon, and no cheap proof that a whole deal is lost was found.")

# what a budget beyond NODE_LIMIT (a rerun of the unknown deals) adds; METHOD stays the table's first pass
# (benchmarks/solver.py records this with each rerun)
RERUN_METHOD = ("Beyond 20 000 positions, the beams of growing width (up to 4096) again, ranked now by how many "
                "talon cards lie above a lower card of their own suit (the talon empties from the top while each "
                "suit goes up from the bottom), each width with two look-aheads (100 and 300 positions before each "
                "card is turned); then, with a short pack, the exhaustive search. With 1 000 000 positions or more past "
                "20 000, half of what is past them goes first to a loss proof: every line of the game turn "
                "by turn, each turn's positions cut by the loss proof and, once they are many, by each hemisphere's own "
                "game (its piles, its cards of the talon in order, the whole pack in order, so that a space of "
                "its takes the pack's next card, and its cards lying in the other hemisphere; the other hemisphere's "
                "cards and spaces otherwise relaxed away) searched to a loss; the beams have the rest.")

SUIT = [c // 13 for c in range(52)]
RED = [c // 13 in (1, 2) for c in range(52)]
LEVEL = [c % 13 + 1 if c // 13 in (1, 2) else 13 - c % 13 for c in range(52)]
CARD = {(SUIT[c], LEVEL[c]): c for c in range(52)}  # (suit, level) -> face
TURN, MOVE, SWAP, FILL = 0, 1, 2, 3


class Model:
    """The position: the engine's pile lists (cards as faces) and the `dealing` flag. Moves are tuples:
    (TURN,), (MOVE, src, dst) one top card, (SWAP, south, north) an exchange, (FILL, wrong card, space)."""

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.P = [[c % 52 for c in p] for p in state.piles]
        self.dealing = bool(state.vars.get("dealing"))
        self.stock, self.talon = game.stock, game.talon
        self.races, self.north, self.south = list(game.races), list(game.north), list(game.south)
        self.barriers = list(game.barriers)
        n = len(game.names)
        self.home_red = [game.home[i] == "red" for i in range(n)]
        self.race_of = [-1] * n
        self.groups = [game.group(g) for g in ("europeans", "asiatics", "australians", "africans")]
        for k, g in enumerate(self.groups):
            for i in g:
                self.race_of[i] = k
        self.found = game.group("ace") + game.group("king")
        self.is_found = [i in self.found for i in range(n)]
        self.fs: list[list[int]] = [[], [], [], []]  # suit -> its foundation piles
        for f in self.found:
            if self.P[f]:
                self.fs[SUIT[self.P[f][0]]].append(f)
        self.barrier_card = [self.P[b][0] if self.P[b] else -1 for b in self.barriers]
        self.safe = True

    # -- rules
    def wrong(self) -> tuple[list[int], list[int]]:
        """(southern piles holding a red card, northern piles holding a black card)."""
        P = self.P
        ws = [s for s in self.south if len(P[s]) == 1 and RED[P[s][0]]]
        if not ws:
            return ws, ws
        return ws, [i for i in self.north if len(P[i]) == 1 and not RED[P[i][0]]]

    def targets(self, src: int, c: int) -> list[int]:
        """Piles that take card c from pile src: a foundation of its suit one level below, a race top at home in
        suit one level above (from the talon any race, from a race pile only its own race)."""
        P = self.P
        lv, s = LEVEL[c], SUIT[c]
        out = [f for f in self.fs[s] if len(P[f]) == lv - 1]
        if src in self.barriers:
            return out
        red = RED[c]
        talon = src == self.talon
        rk = self.race_of[src]
        for d in (self.north if red else self.south):
            p = P[d]
            if p and d != src and (talon or self.race_of[d] == rk):
                t = p[-1]
                if SUIT[t] == s and LEVEL[t] == lv + 1:
                    out.append(d)
        return out

    def moves(self) -> list[tuple]:
        """The engine's legal moves, exactly."""
        P = self.P
        ws, wn = self.wrong()
        if len(ws) * len(wn) > 1:
            return [(SWAP, s, n) for n in wn for s in ws]
        out = []
        for r in self.north:
            if P[r] and RED[P[r][-1]]:
                out += [(MOVE, r, d) for d in self.targets(r, P[r][-1])]
        for r in self.south:
            if P[r] and not RED[P[r][-1]]:
                out += [(MOVE, r, d) for d in self.targets(r, P[r][-1])]
        talon = self.talon
        if P[talon]:
            out += [(MOVE, talon, d) for d in self.targets(talon, P[talon][-1])]
        if P[self.stock]:
            out.append((TURN,))
        elif not P[talon]:  # the end: barriers go up, wrong cards move into a space at home
            for b in self.barriers:
                if P[b]:
                    out += [(MOVE, b, d) for d in self.targets(b, P[b][-1])]
            for side, other in ((self.north, self.south), (self.south, self.north)):
                spaces = [i for i in other if not P[i]]
                if spaces:
                    for w in side:
                        if len(P[w]) == 1 and RED[P[w][0]] != self.home_red[w]:
                            out += [(FILL, w, e) for e in spaces]
        return out

    # -- playing and taking back
    def play(self, m: tuple) -> list:
        P, log = self.P, []
        kind = m[0]
        if kind == TURN:
            stock = P[self.stock]
            if not self.dealing:
                self.dealing = True
                log.append(None)
                for r in self.races:
                    if stock and not P[r]:
                        P[r].append(stock.pop())
                        log.append((self.stock, r))
            if stock:
                P[self.talon].append(stock.pop())
                log.append((self.stock, self.talon))
        elif kind == SWAP:
            s, n = m[1], m[2]
            P[s][0], P[n][0] = P[n][0], P[s][0]
            log.append(m)
        else:
            P[m[2]].append(P[m[1]].pop())
            log.append((m[1], m[2]))
        # the engine's automatic steps
        stock = P[self.stock]
        while True:
            if self.dealing and stock:
                for r in self.races:
                    if not P[r]:
                        P[r].append(stock.pop())
                        log.append((self.stock, r))
                        break
                else:
                    r = -1
                if r >= 0:
                    continue
            ws, wn = self.wrong()
            if len(ws) == 1 and len(wn) == 1:
                s, n = ws[0], wn[0]
                P[s][0], P[n][0] = P[n][0], P[s][0]
                log.append((SWAP, s, n))
                continue
            return log

    def unplay(self, log: list) -> None:
        P = self.P
        for step in reversed(log):
            if step is None:
                self.dealing = False
            elif len(step) == 3:
                s, n = step[1], step[2]
                P[s][0], P[n][0] = P[n][0], P[s][0]
            else:
                P[step[0]].append(P[step[1]].pop())

    def move_id(self, m: tuple) -> str:
        if m[0] == TURN:
            return "turn"
        names = self.game.names
        return f"{names[m[1]]}>{names[m[2]]}"

    def won(self) -> bool:
        P = self.P
        return sum(len(P[f]) for f in self.found) == 104

    def key(self) -> tuple:
        P = self.P
        if self.dealing:
            g = [b"|".join(sorted(bytes(P[i]) for i in grp)) for grp in self.groups]
            races = b"/".join(sorted(g[:2]) + sorted(g[2:]))
        else:
            races = b"/".join(bytes(P[i]) for i in self.races)
        found = bytes(sorted(len(P[f]) for f in fs)[k] for fs in self.fs for k in (0, 1))
        return (len(P[self.stock]), self.dealing, sum(1 << k for k, b in enumerate(self.barriers) if P[b]),
                found, bytes(P[self.talon]), races)

    # -- loss proof
    def dead(self) -> bool:
        """No suit can clear the talon in the relaxed game (module docstring)."""
        P = self.P
        talon = P[self.talon]
        if not talon:
            return False
        out = [[0] * 15 for _ in range(4)]  # suit -> level -> copies out of reach for the whole walk
        for b in self.barriers:
            if P[b]:
                c = P[b][0]
                out[SUIT[c]][LEVEL[c]] += 1
        ws, wn = self.wrong()
        stock_out = not P[self.stock] and not (ws and wn)  # wrong cards that can never be exchanged home
        if stock_out:
            home = self.home_red
            for i in self.races:
                p = P[i]
                if len(p) == 1 and RED[p[0]] != home[i]:
                    out[SUIT[p[0]]][LEVEL[p[0]]] += 1
        # a level-13 card marries nothing and lies only at the bottom of a race pile: a target only in the pack or
        # at home (in the wrong hemisphere while the pack lasts it may still be exchanged home)
        kings = [0, 0, 0, 0]
        for c in P[self.stock]:
            if LEVEL[c] == 13:
                kings[SUIT[c]] += 1
        for i in self.races:
            p = P[i]
            if p and LEVEL[p[0]] == 13 and (RED[p[0]] == self.home_red[i] or not stock_out):
                kings[SUIT[p[0]]] += 1
        walks = [[], [], [], []]
        for c in reversed(talon):
            walks[SUIT[c]].append(LEVEL[c])
        cache = _CLEAR
        for s in range(4):
            if walks[s]:
                f = self.fs[s]
                a, b = len(P[f[0]]), len(P[f[1]])
                k = (bytes(walks[s]), min(a, b), max(a, b), bytes(out[s]), kings[s])
                ok = cache.get(k)
                if ok is None:
                    if len(cache) > 200_000:
                        cache.clear()
                    ok = cache[k] = _suit_can_clear(walks[s], a, b, out[s], kings[s])
                if not ok:
                    return True
        return False

    # -- search
    def choices(self) -> list[tuple]:
        """The moves worth trying, best first: a safe move alone if there is one (`safe_move`); else one of two
        moves that put the same card on the two foundations of its suit at the same height, foundation moves
        first, then marriages, then turning the next card."""
        moves = self.moves()
        if len(moves) <= 1:
            return moves
        if self.safe:
            for m in moves:
                if self.safe_move(m):
                    return [m]
        P, is_found = self.P, self.is_found
        plays, rest, seen = [], [], set()
        for m in moves:
            if m[0] == MOVE and is_found[m[2]]:
                k = (m[1], len(P[m[2]]))
                if k not in seen:
                    seen.add(k)
                    plays.append(m)
            else:
                rest.append(m)
        return plays + rest

    def safe_move(self, m: tuple) -> bool:
        """A card to a foundation when nothing can ever be married onto it (both copies of the card one level
        below lie on the foundations: the suit's two foundations are at least that high), from the talon, or from
        a race pile that keeps a card or once the pack is out (so no refill follows). Why no win is lost: in any
        winning line the card leaves its place later only for a foundation or for another race top, where it
        stays inert until it goes up; playing that line without the card's moves keeps every other move legal
        (the talon shows the same cards at the same times, no race pile empties at another moment, so refills and
        exchanges are the same; the foundations are never behind, and the one it lands on is, by the same
        argument for its twin, interchangeable with the other)."""
        if m[0] != MOVE or not self.is_found[m[2]]:
            return False
        P, src = self.P, m[1]
        if src != self.talon and (self.race_of[src] < 0 or (len(P[src]) == 1 and P[self.stock])):
            return False
        c = P[src][-1]
        below = LEVEL[c] - 1
        return all(len(P[f]) >= below for f in self.fs[SUIT[c]])


_CLEAR: dict = {}  # the relaxed one-suit question, answered once per (walk, heights, cards out of reach)


def _suit_can_clear(walk: list[int], h1: int, h2: int, out: list[int], kings: int) -> bool:
    """Can the talon cards of one suit (levels, top first) all leave, in that order, in the relaxed game where
    every other card of the suit is free (module docstring)? `out`: copies per level out of reach for the whole
    walk; `kings`: level-13 copies that can be a race base."""
    below = [0] * 15  # copies per level still in the talon, at or below the walk's current card
    for lv in walk:
        below[lv] += 1
    states = {(h1, h2) if h1 <= h2 else (h2, h1)}
    for lv in walk:
        # advance the foundations with free copies (closure)
        todo = list(states)
        while todo:
            a, b = todo.pop()
            if a < 13 and 2 - out[a + 1] - below[a + 1] - (b > a) > 0:
                n = (a + 1, b) if a + 1 <= b else (b, a + 1)
                if n not in states:
                    states.add(n)
                    todo.append(n)
            if b < 13 and 2 - out[b + 1] - below[b + 1] > 0:
                n = (a, b + 1)
                if n not in states:
                    states.add(n)
                    todo.append(n)
        below[lv] -= 1
        nxt = set()
        up = lv + 1
        for a, b in states:
            if a == lv - 1:
                nxt.add((lv, b) if lv <= b else (b, lv))
            if b == lv - 1:
                nxt.add((a, lv) if a <= lv else (lv, a))
            if up <= 13:
                free = 2 - out[up] - below[up] - (a >= up) - (b >= up)
                if up == 13:
                    free = min(free, kings - (a >= 13) - (b >= 13))
                if free > 0:
                    nxt.add((a, b))
        if not nxt:
            return False
        states = nxt
    return True


class _OutOfPositions(Exception):
    pass


BLOCKED = (-1,)  # a race pile of the hemisphere holding a card of the other colour (or, once the pack is out, none)


class HemisphereGame:
    """One hemisphere's game with the other hemisphere relaxed away (`lost`: a proof that the position is lost).

    Its position, read off a position of the game while the pack is dealt: the hemisphere's six race piles as they
    are (a pile holding a card of the other colour, or an empty one once the pack is out, is BLOCKED), its cards in
    the talon in their order (the other hemisphere's cards left out), the whole pack in its order (`i`: how many of
    its cards, of either colour, are dealt), its two suits' foundation heights and barriers, and its cards lying in
    the other hemisphere's piles (`stored`, each alone there). Its moves: a race top or the talon's top to a
    foundation one level below it (a barrier once the pack and the talon are empty); the talon's top onto any race
    top of its suit one level above, a race top onto another pile of its race so; a pile so emptied takes the next
    card of the pack at once, and is BLOCKED if that card is of the other colour (BLOCKED too once the pack is out); a
    stored card into a BLOCKED pile, at any time; the next card of the pack dealt: of the other colour it is gone, of
    ours it goes to the talon or, with fewer than six stored, to the stored cards. Won when its four foundations are
    full.

    Why every line of the game is, read so, a line of it (so that a position it cannot win the game cannot win,
    a win of the game putting every card of the hemisphere up): every card the game deals is the pack's next one, in
    the pack's fixed order, whether a turn puts it on the talon or it refills a space. A card of the other colour
    goes to the talon (where it only ever lies over ours), into a space of the other hemisphere (gone here too) or
    into a space of ours, which was emptied just before, refilled at once: BLOCKED here. One of ours goes to the
    talon, into a space of the other hemisphere (stored, alone in its pile, as no card marries a card of the wrong
    colour; at most six so) or into a space of ours, emptied just before and refilled at once by that very card, as
    here. Once the pack is out a pile stays empty, and an empty pile can only take a wrong card moved home at the
    end, which a BLOCKED pile takes too. Our cards leave the talon from its top only, and the other hemisphere's cards
    only ever lie over ours there, so ours are reachable here whenever they are in the game. An exchange puts one of
    our stored cards into one of our piles holding a card of the other colour (BLOCKED here); the end's moves of a
    wrong card home take one of our stored cards into an empty pile of ours, or empty one of ours of its wrong card
    (BLOCKED stays BLOCKED: it takes a stored card at any time). A barrier goes up only when the pack and the talon
    are empty. The marriages and foundation moves are the game's own (rules I, III, note 18, a race card only within
    its race). Everything else only loosens: the other hemisphere's cards in the talon, its spaces (a card of ours
    stored needs none here) and its timing are gone, exchanges are optional and may be made at any time.

    Within it, as in `Model`, a card that goes up while both copies of the card one level below are up goes up at
    once (`Model.safe_move`: nothing can ever be married onto it), from the talon or from a pile that keeps a card
    (no refill follows), and a position whose talon some suit cannot clear in the relaxed one-suit walk
    (`_suit_can_clear`, every card outside the talon free) is lost. Searched depth-first, each position once; the
    positions met by a search that ends lost are all lost (each is reachable from its start) and are kept in
    `known`, shared between searches of positions of the same deal."""

    def __init__(self, model: Model, north: bool, known: set | None = None) -> None:
        P = model.P
        red = north
        self.suits = [1, 2] if north else [0, 3]
        side, other = (model.north, model.south) if north else (model.south, model.north)
        self.pack = list(reversed(P[model.stock]))  # the whole pack, in the order it is dealt
        self.ours = [RED[c] == red for c in self.pack]
        piles = []
        for i in side:
            p = P[i]
            piles.append(BLOCKED if not p or RED[p[0]] != red else tuple(p))
        self.piles = tuple(piles)
        self.talon = tuple(c for c in P[model.talon] if RED[c] == red)
        self.stored = tuple(sorted(P[i][0] for i in other if len(P[i]) == 1 and RED[P[i][0]] == red))
        heights = []
        for s in self.suits:
            heights += sorted(len(P[f]) for f in model.fs[s])
        self.heights = tuple(heights)
        bar = [0, 0]
        for b in model.barriers:
            if P[b] and SUIT[P[b][0]] in self.suits:
                bar[self.suits.index(SUIT[P[b][0]])] += 1
        self.bar = tuple(bar)
        self.index = {s: k for k, s in enumerate(self.suits)}
        n = len(self.pack)
        self.kings_left = [[0] * (n + 1), [0] * (n + 1)]  # level-13 cards of suit k in pack[i:]
        for i in range(n - 1, -1, -1):
            c = self.pack[i]
            for k in range(2):
                self.kings_left[k][i] = self.kings_left[k][i + 1] + (self.ours[i] and SUIT[c] == self.suits[k]
                                                                     and LEVEL[c] == 13)
        self.known = known if known is not None else set()
        self.seen: set = set()
        self.clear: dict = {}
        self.nodes = self.limit = 0

    def root(self) -> tuple:
        return (0, self.heights, self.piles, self.talon, self.stored, self.bar)

    def lost(self, limit: int) -> bool | None:
        """True: lost; False: won here (proves nothing); None: out of positions. A lost search adds every
        position it met to `known`."""
        self.limit, self.nodes, self.seen = limit, 0, set()
        try:
            won = self._search(*self.root())
        except (_OutOfPositions, RecursionError):
            return None
        if not won:
            self.known |= self.seen
        return not won

    @staticmethod
    def key(i: int, h: tuple, piles: tuple, talon: tuple, stored: tuple, bar: tuple) -> tuple:
        """The piles of a race are interchangeable, and so are the two races (talon cards marry either)."""
        a, b = tuple(sorted(piles[:3])), tuple(sorted(piles[3:]))
        return (i, h, (a, b) if a <= b else (b, a), talon, stored, bar)

    def _dead(self, i: int, h: tuple, piles: tuple, talon: tuple, stored: tuple, bar: tuple) -> bool:
        for k, s in enumerate(self.suits):
            walk = [LEVEL[c] for c in reversed(talon) if SUIT[c] == s]
            if not walk:
                continue
            kings = self.kings_left[k][i] + sum(1 for c in stored if SUIT[c] == s and LEVEL[c] == 13)
            kings += sum(1 for p in piles if p != BLOCKED and p and SUIT[p[0]] == s and LEVEL[p[0]] == 13)
            ck = (bytes(walk), h[2 * k], h[2 * k + 1], bar[k], kings)
            ok = self.clear.get(ck)
            if ok is None:
                out = [0] * 15
                out[13] = bar[k]
                ok = self.clear[ck] = _suit_can_clear(walk, h[2 * k], h[2 * k + 1], out, kings)
            if not ok:
                return True
        return False

    def _up(self, h: tuple, c: int) -> tuple | None:
        """The heights once card c is up, or None if it does not fit."""
        k = self.index[SUIT[c]]
        lv = LEVEL[c]
        a, b = h[2 * k], h[2 * k + 1]
        if a == lv - 1:
            a = lv
        elif b == lv - 1:
            b = lv
        else:
            return None
        out = list(h)
        out[2 * k], out[2 * k + 1] = (a, b) if a <= b else (b, a)
        return tuple(out)

    def _search(self, i: int, h: tuple, piles: tuple, talon: tuple, stored: tuple, bar: tuple) -> bool:
        if h == (13, 13, 13, 13):
            return True
        k = self.key(i, h, piles, talon, stored, bar)
        if k in self.seen or k in self.known:
            return False
        self.seen.add(k)
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfPositions
        if talon and self._dead(i, h, piles, talon, stored, bar):
            return False
        for child in self._children(i, h, piles, talon, stored, bar):
            if self._search(*child):
                return True
        return False

    def _emptied(self, i: int, h: tuple, piles: list, j: int, talon: tuple, stored: tuple, bar: tuple) -> list:
        """Pile j was just emptied: the next card of the pack refills it at once (BLOCKED if it is of the other
        colour), or, once the pack is out, it stays empty (BLOCKED)."""
        if i < len(self.pack):
            piles[j] = (self.pack[i],) if self.ours[i] else BLOCKED
            return [(i + 1, h, tuple(piles), talon, stored, bar)]
        piles[j] = BLOCKED
        return [(i, h, tuple(piles), talon, stored, bar)]

    def _children(self, i: int, h: tuple, piles: tuple, talon: tuple, stored: tuple, bar: tuple) -> list:
        for src in range(-1, 6):  # a safe move alone
            if src < 0:
                if not talon:
                    continue
                c = talon[-1]
            else:
                p = piles[src]
                if p == BLOCKED or len(p) < 2:
                    continue
                c = p[-1]
            k = self.index[SUIT[c]]
            if min(h[2 * k], h[2 * k + 1]) >= LEVEL[c] - 1:
                if src < 0:
                    return [(i, self._up(h, c), piles, talon[:-1], stored, bar)]
                pl = list(piles)
                pl[src] = piles[src][:-1]
                return [(i, self._up(h, c), tuple(pl), talon, stored, bar)]
        out = []
        if talon:
            up = self._up(h, talon[-1])
            if up is not None:
                out.append((i, up, piles, talon[:-1], stored, bar))
        for j in range(6):
            p = piles[j]
            if p == BLOCKED or not p:
                continue
            up = self._up(h, p[-1])
            if up is not None:
                pl = list(piles)
                pl[j] = p[:-1]
                if pl[j]:
                    out.append((i, up, tuple(pl), talon, stored, bar))
                else:
                    out += self._emptied(i, up, pl, j, talon, stored, bar)
        if i == len(self.pack) and not talon:  # the end: the barriers
            for k in range(2):
                if bar[k] and h[2 * k + 1] == 12:
                    hh = list(h)
                    hh[2 * k + 1] = 13
                    bb = list(bar)
                    bb[k] -= 1
                    out.append((i, tuple(hh), piles, talon, stored, tuple(bb)))
                elif bar[k] and h[2 * k] == 12:
                    hh = list(h)
                    hh[2 * k], hh[2 * k + 1] = hh[2 * k + 1], 13
                    bb = list(bar)
                    bb[k] -= 1
                    out.append((i, tuple(hh), piles, talon, stored, tuple(bb)))
        if talon:  # marriages from the talon, onto either race
            c = talon[-1]
            for j in range(6):
                p = piles[j]
                if p != BLOCKED and p and SUIT[p[-1]] == SUIT[c] and LEVEL[p[-1]] == LEVEL[c] + 1:
                    pl = list(piles)
                    pl[j] = p + (c,)
                    out.append((i, h, tuple(pl), talon[:-1], stored, bar))
        for j in range(6):  # marriages within a race
            p = piles[j]
            if p == BLOCKED or not p:
                continue
            c = p[-1]
            first = 0 if j < 3 else 3
            for q in range(first, first + 3):
                t = piles[q]
                if q != j and t != BLOCKED and t and SUIT[t[-1]] == SUIT[c] and LEVEL[t[-1]] == LEVEL[c] + 1:
                    pl = list(piles)
                    pl[j] = p[:-1]
                    pl[q] = t + (c,)
                    if pl[j]:
                        out.append((i, h, tuple(pl), talon, stored, bar))
                    else:
                        out += self._emptied(i, h, pl, j, talon, stored, bar)
        if stored:  # a stored card into a blocked pile (one pile of each race: they are interchangeable)
            for first in (0, 3):
                j = next((j for j in range(first, first + 3) if piles[j] == BLOCKED), None)
                if j is not None:
                    for c in sorted(set(stored)):
                        pl = list(piles)
                        pl[j] = (c,)
                        rest = list(stored)
                        rest.remove(c)
                        out.append((i, h, tuple(pl), talon, tuple(rest), bar))
        if i < len(self.pack):  # the next card: ours to the talon or stored abroad; the other colour's gone
            c = self.pack[i]
            if not self.ours[i]:
                out.append((i + 1, h, piles, talon, stored, bar))
            else:
                out.append((i + 1, h, piles, talon + (c,), stored, bar))
                if len(stored) < 6:
                    out.append((i + 1, h, piles, talon, tuple(sorted(stored + (c,))), bar))
        return out


PROOF_MIN = 1_000_000  # a budget this far past NODE_LIMIT gives half of what is past it to `layered_proof`, first
PROOF_LAYER = 40_000  # the layered proof asks the hemisphere games once a layer holds this many positions
PROOF_CAP = 150_000  # ... and gives up when one holds more than this after them
HEMI_RUN = 100_000  # positions of one hemisphere game
HEMI_TRIES = 4  # a hemisphere whose first HEMI_TRIES games in a layer all fail is not asked again in that layer


def layered_proof(model: Model, limit: int, deadline: float | None = None) -> tuple[str, list, int]:
    """Every line of the game from `model`, one turn at a time: the layer after the k-th turn is every position (by
    key) reached right after it, from every position of the layer before by any moves and one turn (the moves `Model.choices`, the safe ones alone: their proof is `Model.safe_move`'s), less those
    `Model.dead` proves lost and, once a layer holds PROOF_LAYER positions, those of which one hemisphere's game
    (`HemisphereGame`) is lost. A win met on the way is returned; when a layer is empty every line was cut by a
    proof, and the position is lost. Returns (status, line, positions: the game's and the hemisphere games')."""
    root = ([list(p) for p in model.P], model.dealing, ())
    layer = {model.key(): root}
    nodes = 0
    known: dict[bool, set] = {True: set(), False: set()}
    tried: dict = {}

    def load(snap) -> tuple:
        model.P[:] = [list(p) for p in snap[0]]
        model.dealing = snap[1]
        return snap[2]

    try:
        while layer:
            nxt: dict = {}
            for snap in layer.values():
                stack, seen = [snap], set()
                while stack:
                    line = load(stack.pop())
                    for m in model.choices():
                        undo = model.play(m)
                        nodes += 1
                        if model.won():
                            return WON, list(line + (m,)), nodes
                        k = model.key()
                        if m[0] == TURN:
                            if k not in nxt and not model.dead():
                                nxt[k] = ([list(p) for p in model.P], model.dealing, line + (m,))
                        elif k not in seen:
                            seen.add(k)
                            stack.append(([list(p) for p in model.P], model.dealing, line + (m,)))
                        model.unplay(undo)
                    if nodes >= limit or (deadline is not None and time.perf_counter() > deadline):
                        return UNKNOWN, [], nodes
            if len(nxt) >= PROOF_LAYER:  # (right after a turn the pack is being dealt, as the hemisphere games ask)
                failed = {True: 0, False: 0}
                proved = {True: 0, False: 0}
                for k in list(nxt):
                    load(nxt[k])
                    for north in (True, False):
                        if failed[north] >= HEMI_TRIES and not proved[north]:
                            continue
                        hemi = HemisphereGame(model, north, known[north])
                        hk = (north, hemi.key(*hemi.root()))
                        if hk[1] in known[north]:
                            del nxt[k]
                            break
                        if hk in tried:
                            continue
                        verdict = hemi.lost(min(HEMI_RUN, max(1, limit - nodes)))
                        nodes += hemi.nodes
                        tried[hk] = verdict
                        if verdict:
                            proved[north] += 1
                            del nxt[k]
                            break
                        failed[north] += 1
                        if nodes >= limit or (deadline is not None and time.perf_counter() > deadline):
                            return UNKNOWN, [], nodes
                if len(nxt) > PROOF_CAP:
                    return UNKNOWN, [], nodes
            layer = nxt
        return LOST, [], nodes
    finally:
        load(root)


BEAMS = (2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096)  # beam widths, tried in turn while the budget
# lasts; the narrower ones take some 100 000-200 000 positions in all, so the widths past 256 serve only large budgets
# (reruns): a beam 512 wide alone spends some 90 000 and wins deals 1, 9 and 10 (1 after every narrower one failed)
SMALL = 12  # a position with at most this many cards in the pack is first searched exhaustively
CLOSURE = 100  # positions searched from one kept position before its next card is turned (20 times as many
# once the pack is out: then the closure is the end of the game)

LATE_CLOSURES = (100, 300)  # past NODE_LIMIT each width is tried with both closures: they win different deals


def _score(model: Model) -> int:
    """How promising a position is, for the beams: cards on the foundations, few cards in the talon."""
    P = model.P
    return W_FOUND * sum(len(P[f]) for f in model.found) - W_TALON * len(P[model.talon]) - W_STOCK * len(P[model.stock])


W_FOUND, W_TALON, W_STOCK = 1, 3, 0
W_DISORDER = 3  # the ordered score's weight per talon card lying above a lower card of its suit (measured: 3 won
# more of the hard deals than 1, 6 or 8)


def _disorder(model: Model) -> int:
    """Talon cards lying above a card of their suit of a lower level (bottom to top, each compared with the lowest
    of its suit beneath it): such a card must leave the talon, onto a race top or a foundation, before the lower
    one it covers, though the suit goes up the other way; the talon unwinds best when each suit's cards lie
    lowest on top."""
    low = [99, 99, 99, 99]
    bad = 0
    for c in model.P[model.talon]:
        s, lv = SUIT[c], LEVEL[c]
        if lv > low[s]:
            bad += 1
        else:
            low[s] = lv
    return bad


def _ordered_score(model: Model) -> int:
    """The beams' score past NODE_LIMIT: `_score` less W_DISORDER for each card of `_disorder`."""
    return _score(model) - W_DISORDER * _disorder(model)


def _beam(model: Model, width: int, budget: int, deadline: float | None,
          score_of: Callable[[Model], int] = _score, closure: int = CLOSURE) -> tuple[list | None, int]:
    """A beam over the pack: from each kept position, every position reachable before the next card is turned
    (depth-first, at most CLOSURE of them; positions proven dead dropped), then the next card turned; the `width`
    best (cards on the foundations, few cards in the talon) are kept. Returns (a winning line or None, positions
    met). Its failure proves nothing."""
    root = ([list(p) for p in model.P], model.dealing, ())
    layer = [root]
    nodes = 0

    def load(snap) -> tuple:
        model.P[:] = [list(p) for p in snap[0]]
        model.dealing = snap[1]
        return snap[2]

    try:
        while layer:
            children: dict = {}
            seen: set = set()
            for snap in layer:
                stack = [snap]
                met = 0
                cap = closure if snap[0][model.stock] else 20 * closure
                while stack and met < cap:
                    line = load(stack.pop())
                    met += 1
                    for m in model.choices():
                        undo = model.play(m)
                        nodes += 1
                        if model.won():
                            return list(line + (m,)), nodes
                        k = model.key()
                        if k not in seen and k not in children and (m[0] != TURN or not model.dead()):
                            snap2 = ([list(p) for p in model.P], model.dealing, line + (m,))
                            if m[0] == TURN:
                                children[k] = (score_of(model), snap2)
                            else:
                                seen.add(k)
                                stack.append(snap2)
                        model.unplay(undo)
                    if nodes >= budget or (deadline is not None and time.perf_counter() > deadline):
                        return None, nodes
            ranked = sorted(children.values(), key=lambda sc: -sc[0])
            layer = [snap for _, snap in ranked[:width]]
        return None, nodes
    finally:
        load(root)


@in_play
def solve(game: Game, state: State, node_limit: int = NODE_LIMIT, time_limit: float | None = None) -> Solution:
    """Search from `state` (left as it was found) within `node_limit` positions in all. Within NODE_LIMIT: with a
    short pack first an exhaustive depth-first search on a quarter of it (its "lost" is a proof), then beams of
    growing width ranked by `_score` (their wins are wins), then, with a short pack, the exhaustive search again
    with what is left. Past NODE_LIMIT (reruns), beams of growing width again, ranked by `_ordered_score`, and
    the exhaustive search with what is left. The first NODE_LIMIT positions are spent alike at every budget, so
    a larger budget only adds to the search."""
    start = time.perf_counter()
    model = Model(game, state)
    if model.dead():
        return Solution(LOST, [], 0, time.perf_counter() - start)
    deadline = None if time_limit is None else start + time_limit
    small = len(model.P[model.stock]) <= SMALL
    spent = 0

    def exhaustive(limit: int) -> tuple[str, list]:
        nonlocal spent
        status, line, nodes = depth_first(model, model.choices, max(1, limit - spent), deadline,
                                          lambda m: model.dead())
        spent += nodes
        return status, line

    def beams(limit: int, score_of: Callable[[Model], int], closures: tuple[int, ...]) -> tuple[str, list]:
        nonlocal spent
        for width in BEAMS:
            for closure in closures:
                if spent >= limit:
                    return UNKNOWN, []
                found, nodes = _beam(model, width, limit - spent, deadline, score_of, closure)
                spent += nodes
                if found is not None:
                    return WON, found
        return UNKNOWN, []

    status, line = UNKNOWN, []
    first = min(node_limit, NODE_LIMIT)
    if small:
        status, line = exhaustive(first // 4)
    phases = [(first, _score, (CLOSURE,))]
    proof = (node_limit - NODE_LIMIT) // 2 if node_limit - NODE_LIMIT >= PROOF_MIN else 0
    if node_limit > NODE_LIMIT:
        phases.append((node_limit, _ordered_score, LATE_CLOSURES))
    for n, (limit, score_of, closures) in enumerate(phases):
        if n == 1 and proof and status == UNKNOWN:  # past NODE_LIMIT, with a large budget: the loss proof first
            status, line, nodes = layered_proof(model, proof, deadline)
            spent += nodes
        if status != UNKNOWN or spent >= limit:
            break
        status, line = beams(limit, score_of, closures)
        if status == UNKNOWN and small and spent < limit:
            status, line = exhaustive(limit)
    ids = [model.move_id(m) for m in line] if status == WON else []
    return Solution(status, ids, spent, time.perf_counter() - start)


legal_ids = legal_ids_of(Model)
