"""Зодіакъ: an exact solver that never searches the engine's positions, because the game has a simple shape.

1. The order of the pack does not matter. A pass may place a single card: turn the pack until that card lies on
   the talon, marry it, turn the rest and turn the talon over (rule 'pass' allows a new pass after any pass that
   placed a card). So every order of marriages in which each card fits the packet it goes on can be played, one a
   pass if need be; from a position in the middle of a pass that has already placed a card, turning the rest and
   turning the talon over loses nothing, as every later order is still open. Only in the middle of a pass that has
   placed nothing is the next marriage bound to a card that this pass still reaches (the talon's top or a card
   still in the pack): those few first marriages are tried one by one.
2. No card leaves the zodiac or the equator before the end, and a packet keeps one suit; the foundations are one
   ace and one king a suit. So the four suits are four separate puzzles: a deal is won iff each suit is.
3. One suit, read backwards in time. At the end every card lies on its ace foundation (built 1..13) or its king
   foundation (13..1). Undo everything: take cards off the ace foundation (13, 12, .., in that order) and off the
   king foundation (1, 2, ..), one at a time in any interleaving, and put each back where it came from: on the
   equator, on its packet (whose cards go back in their exact order, bottom first), or - a card that came from the
   pack - on a packet whose top is one rank away from it. The deal is won iff some interleaving puts every card
   back. Nothing else of a packet's history matters to the future of that game, so a position of it is (cards
   taken off each foundation, progress of each packet through its cards on the table, the tops of the finished
   packets as a multiset, equator places left): a depth-first search with a table of failed positions decides it
   exactly, and its solution read forwards is the winning line (the marriages, then the foundation moves).

4. The edition's reading of rule I (the engine's default; points 1-3 are the variant "literal"): an equator card
   may also marry into the zodiac, and the place it leaves is filled from talon or pack. Relax it: every equator
   card is a card still to be placed, like the pack's, and every equator place a place any one card may lie in at
   the end (as many as there are places, shared between the suits). Every real line is a line of that relaxed
   game, so if no suit plan of it exists the deal is lost. A plan found is played through the engine's rules by
   `_forward` (equator cards married as soon as their packet wants them, talon cards as they come up, the cards
   left into the empty places last, one packet's last card kept back if the last card placed must be the pack's):
   only a line so played and checked is a win; a plan it cannot play leaves the deal unknown. An equator card
   cannot start an empty packet (only talon and pack fill a space): the suit search counts such copies apart.

Spaces never occur in a dealt game in the literal reading (all 32 places are dealt and nothing leaves them before
the end), and zodiac spaces never in either; reduced test positions may have some, and they are modelled too (an
empty packet or equator place takes any card from the pack, shared between the suits)."""
from __future__ import annotations

import time

from pipeline.engine.core import Game, State
from pipeline.solve.model import in_play
from pipeline.solve.search import LOST, UNKNOWN, WON, Solution

NODE_LIMIT = 200_000
VARIANTS = ("", "literal")  # the readings the model plays: the edition's and rule I literal (point 4 above)
METHOD = ("Exact for losses, without searching the engine's positions: since the talon may be turned over after any "
          "pass that placed a card, the order of the pack does not matter, and the four suits are separate puzzles "
          "(the equator's cards counted among the cards still to place, its places shared out between the suits); "
          "each suit is solved backwards from its two finished foundations (cards taken off them and put back on "
          "their packets or the equator), a small depth-first search with a table of failed positions; a plan "
          "found is played through the engine's rules before it counts as a win.")


class Budget(Exception):
    """The node limit or the time limit was reached."""


# -- the model's legal moves (checked against the engine's by the contract test)

def _foundation_targets(game: Game, piles: list[list[int]]) -> dict[int, list[int]]:
    """card % 52 -> foundations that take it next: the ace foundation of its suit upwards, the king one downwards."""
    takes: dict[int, list[int]] = {}
    for f in game.group("ace"):
        n, s = len(piles[f]), game.suit_of[f]
        if n < 13:
            takes.setdefault(s * 13 + n, []).append(f)
    for f in game.group("king"):
        n, s = len(piles[f]), game.suit_of[f]
        if n < 13:
            takes.setdefault(s * 13 + 12 - n, []).append(f)
    return takes


def _packet_takes(game: Game, piles: list[list[int]]) -> dict[int, list[int]]:
    """card % 52 -> zodiac packets it marries: one rank up or down in suit (rule I)."""
    takes: dict[int, list[int]] = {}
    for z in game.zodiac:
        if piles[z]:
            top = piles[z][-1] % 52
            if top % 13 > 0:
                takes.setdefault(top - 1, []).append(z)
            if top % 13 < 12:
                takes.setdefault(top + 1, []).append(z)
    return takes


def legal_ids(game: Game, state: State) -> set[str]:
    if state.vars.get("phase") != "play":
        return set()
    piles, names = state.piles, game.names
    stock, talon = piles[game.stock], piles[game.talon]
    if not stock and not talon:
        takes = _foundation_targets(game, piles)
        return {f"{names[src]}>{names[f]}" for src in game.zodiac + game.equator if piles[src]
                for f in takes.get(piles[src][-1] % 52, ())}
    takes = _packet_takes(game, piles)
    spaces = [p for p in game.zodiac + game.equator if not piles[p]]
    equator = [] if _literal(state) else [e for e in game.equator if piles[e]]
    if not spaces and not any(piles[e][-1] % 52 in takes for e in equator) and \
            not any(c % 52 in takes for c in stock) and not any(c % 52 in takes for c in talon):
        return set()
    out = {f"{names[e]}>{names[z]}" for e in equator for z in takes.get(piles[e][-1] % 52, ())}
    if talon:
        out |= {f"talon>{names[z]}" for z in takes.get(talon[-1] % 52, ())}
        out |= {f"talon>{names[p]}" for p in spaces}
    if stock:
        out.add("turn")
    elif talon and state.vars.get("placed"):
        out.add("redeal")
    return out


def _literal(state: State) -> bool:
    """The variant 'literal' of rule I: no marriage from the equator (the equator waits for the foundations)."""
    return state.vars.get("variant") == "literal"


# -- one suit, backwards

class SuitPuzzle:
    """One suit's end, read backwards (module docstring, point 3).

    packets: the cards on the table of each packet of the suit (ranks, bottom first), then `wild_packets` empty
    packets; equator: ranks of the suit's equator cards, plus `wild_equator` empty places; stock: count of each rank
    in pack and talon; low: the next rank the ace foundation wants (1 = empty), high: the next rank the king
    foundation wants (13 = empty); from_equator: how many of each rank's stock are equator cards (the edition's
    reading, point 4): such a copy marries or stays in an equator place like a pack card, but cannot start an
    empty packet (only talon and pack fill a space), so where any copy will do the search uses one of these first,
    never worse than a pack copy."""

    def __init__(self, packets: list[list[int]], wild_packets: int, equator: list[int], wild_equator: int,
                 stock: list[int], low: int, high: int, from_equator: list[int] | None = None) -> None:
        self.pre = [tuple(p) for p in packets] + [()] * wild_packets
        self.equator = list(equator)
        self.wild_equator = wild_equator
        self.stock = list(stock)
        self.from_equator = list(from_equator or [0] * 15)
        self.low, self.high = low, high

    def solve(self, counter: list[int], limit: int, deadline: float | None) -> list[tuple] | None:
        """A winning backward line [(foundation 'a'|'k', rank, place)], place = ('p', packet) | ('e', equator
        index) | ('w', wild equator index); None when none exists. Raises Budget."""
        pre, n = self.pre, len(self.pre)
        pos = [0] * n
        top = [0] * n  # rank on top once a packet's own cards are back; 0 before
        need = [0] * 15
        for r in self.equator:
            need[r] += 1
        eq_free = [[i for i, r in enumerate(self.equator) if r == k] for k in range(15)]
        stock = self.stock[:]
        eq = self.from_equator[:]
        wild_e = list(range(self.wild_equator))
        n_a, n_k = 14 - self.low, self.high  # cards to take off the ace foundation (13..low), the king one (1..high)
        failed: set = set()
        line: list[tuple] = []
        open_ = [k for k in range(n) if pre[k]]  # packets whose own cards are not all back

        def key(i: int, j: int) -> tuple:
            free = tuple(sorted(top[k] for k in range(n) if pos[k] == len(pre[k])))
            return i, j, tuple(pos[k] for k in open_), free, tuple(need), len(wild_e), tuple(eq)

        def done() -> bool:
            return all(pos[k] == len(pre[k]) for k in open_) and not any(need) and not any(stock)

        def rec(i: int, j: int) -> bool:
            if i == n_a and j == n_k:
                return done()
            counter[0] += 1
            if counter[0] > limit or (deadline is not None and counter[0] % 256 == 0
                                      and time.perf_counter() > deadline):
                raise Budget
            k_ = key(i, j)
            if k_ in failed:
                return False
            sources = []
            if i < n_a:
                sources.append(("a", 13 - i, i + 1, j))
            if j < n_k:
                sources.append(("k", j + 1, i, j + 1))
            for found, r, i2, j2 in sources:
                # its own packet's next card (each packet a branch)
                for k in range(n):
                    p = pre[k]
                    if pos[k] < len(p) and p[pos[k]] == r:
                        pos[k] += 1
                        old = top[k]
                        top[k] = r
                        line.append((found, r, ("p", k)))
                        if rec(i2, j2):
                            return True
                        line.pop()
                        top[k] = old
                        pos[k] -= 1
                if need[r]:  # an equator card (the places of one rank are interchangeable)
                    need[r] -= 1
                    e = eq_free[r].pop()
                    line.append((found, r, ("e", e)))
                    if rec(i2, j2):
                        return True
                    line.pop()
                    eq_free[r].append(e)
                    need[r] += 1
                if stock[r]:  # a card from the pack: on a finished packet one rank away, or into a space
                    e_copy, p_copy = eq[r] > 0, stock[r] > eq[r]
                    stock[r] -= 1
                    eq[r] -= e_copy
                    tried = set()
                    for k in range(n):
                        t = top[k]
                        if pos[k] == len(pre[k]) and (t == r - 1 or t == r + 1 or (t == 0 and not pre[k])) \
                                and t not in tried:
                            bottom = t == 0 and not pre[k]  # starts an empty packet: a pack copy only
                            if bottom and not p_copy:
                                continue
                            swap = bottom and e_copy
                            eq[r] += swap
                            tried.add(t)
                            top[k] = r
                            line.append((found, r, ("p", k)))
                            if rec(i2, j2):
                                return True
                            line.pop()
                            top[k] = t
                            eq[r] -= swap
                    if wild_e:
                        w = wild_e.pop()
                        line.append((found, r, ("w", w)))
                        if rec(i2, j2):
                            return True
                        line.pop()
                        wild_e.append(w)
                    stock[r] += 1
                    eq[r] += e_copy
            failed.add(k_)
            return False

        return list(line) if rec(0, 0) else None


# -- the whole deal

def _suit(card: int) -> int:
    return card % 52 // 13


def _rank(card: int) -> int:
    return card % 13 + 1


class Deal:
    """An engine position cut into the four suits' puzzles; `plan` solves them, `line` turns the plan into engine
    move ids."""

    def __init__(self, game: Game, piles: list[list[int]], pack: list[int], pool: bool = False) -> None:
        """pool: the edition's reading of rule I with cards left in pack or talon: every equator card may still
        marry into the zodiac, so the equator's cards join the pack's as cards still to be placed, and every
        equator place is a place a card may lie in at the end (module docstring, point 4)."""
        self.game = game
        self.pack = [c % 52 for c in pack]  # the cards still to be placed (pack and talon)
        self.from_equator: list[int] = []
        if pool and self.pack:
            self.from_equator = [piles[e][-1] % 52 for e in game.equator if piles[e]]
            self.pack += self.from_equator
            piles = [[] if i in game.equator else p for i, p in enumerate(piles)]
        self.piles = piles
        self.spaces = [z for z in game.zodiac if not piles[z]] if self.pack else []
        self.holes = [e for e in game.equator if not piles[e]] if self.pack else []
        self.found = {}  # (suit, 'a'|'k') -> foundation pile
        for group, kind in (("ace", "a"), ("king", "k")):
            for f in game.group(group):
                self.found[game.suit_of[f], kind] = f

    def suit_puzzle(self, s: int, wild_packets: int, wild_equator: int) -> tuple[SuitPuzzle, list[int], list[int]]:
        game, piles = self.game, self.piles
        packets = [z for z in game.zodiac if piles[z] and _suit(piles[z][0]) == s]
        equator = [e for e in game.equator if piles[e] and _suit(piles[e][0]) == s]
        stock = [0] * 15
        for c in self.pack:
            if _suit(c) == s:
                stock[_rank(c)] += 1
        low = len(piles[self.found[s, "a"]]) + 1
        high = 13 - len(piles[self.found[s, "k"]])
        from_equator = [0] * 15
        for c in self.from_equator:
            if _suit(c) == s:
                from_equator[_rank(c)] += 1
        puzzle = SuitPuzzle([[_rank(c) for c in piles[z]] for z in packets], wild_packets,
                            [_rank(piles[e][0]) for e in equator], wild_equator, stock, low, high, from_equator)
        return puzzle, packets, equator

    def plan(self, counter: list[int], limit: int, deadline: float | None) -> dict | None:
        """suit -> (backward line, packet piles, equator piles, wild equator piles), or None: no win exists.
        Spaces (reduced positions only) are shared out between the suits; a suit never does worse with more of
        them, so only the least shares that work are tried."""
        need = [sum(1 for c in self.pack if _suit(c) == s) for s in range(4)]
        results: dict = {}

        def attempt(s: int, zw: int, ew: int):
            if (s, zw, ew) not in results:
                results[s, zw, ew] = self.suit_puzzle(s, zw, ew)[0].solve(counter, limit, deadline)
            return results[s, zw, ew]

        def share(s: int, zleft: int, eleft: int) -> list | None:
            if s == 4:
                return []
            good: list[tuple[int, int]] = []
            for total in range(min(need[s], zleft + eleft) + 1):
                for zw in range(min(total, zleft) + 1):
                    ew = total - zw
                    if ew > eleft or any(a <= zw and b <= ew for a, b in good):
                        continue
                    if attempt(s, zw, ew) is None:
                        continue
                    good.append((zw, ew))
                    rest = share(s + 1, zleft - zw, eleft - ew)
                    if rest is not None:
                        return [(zw, ew)] + rest
            return None

        shares = share(0, len(self.spaces), len(self.holes))
        if shares is None:
            return None
        out, zused, eused = {}, 0, 0
        for s, (zw, ew) in enumerate(shares):
            _, packets, equator = self.suit_puzzle(s, zw, ew)
            packets = packets + self.spaces[zused:zused + zw]
            wild = self.holes[eused:eused + ew]
            zused, eused = zused + zw, eused + ew
            out[s] = (results[s, zw, ew], packets, equator, wild)
        return out

    def queues(self, plan: dict) -> dict[int, list[int]]:
        """Pile -> the cards (card % 52) to marry onto it or fill it with, in order."""
        piles, out = self.piles, {}
        for s, (line, packets, equator, wild) in plan.items():
            seen = [0] * len(packets)
            for found, r, (kind, k) in line:
                if kind == "p":
                    seen[k] += 1
                    if seen[k] > len(piles[packets[k]]):
                        out.setdefault(packets[k], []).append(s * 13 + r - 1)
                elif kind == "w":
                    out.setdefault(wild[k], []).append(s * 13 + r - 1)
        return out

    def endgame(self, plan: dict) -> list[str]:
        """The foundation moves: each suit's backward line read forwards."""
        names, moves = self.game.names, []
        for s, (line, packets, equator, wild) in plan.items():
            where = {"p": packets, "e": equator, "w": wild}
            for found, r, (kind, k) in reversed(line):
                moves.append(f"{names[where[kind][k]]}>{names[self.found[s, found]]}")
        return moves


def _passes(game: Game, stock: list[int], talon: list[int], placed: bool, queues: dict[int, list[int]],
            first: tuple[int, int] | None = None) -> list[str]:
    """The marriages and fills of the plan played through the pack: every card is married as soon as it is the
    talon's top and the next card its packet wants; `first` (card % 52, pile) is made before anything else."""
    names, moves = game.names, []
    stock, talon = stock[:], talon[:]
    wants = {p: q[::-1] for p, q in queues.items() if q}  # next wanted card last

    def marry() -> bool:
        did = False
        while talon:
            c = talon[-1] % 52
            p = next((p for p, q in wants.items() if q and q[-1] == c), None)
            if p is None:
                break
            wants[p].pop()
            talon.pop()
            moves.append(f"talon>{names[p]}")
            did = True
        return did

    if first is not None:
        card, pile = first
        while not talon or talon[-1] % 52 != card:
            talon.append(stock.pop())
            moves.append("turn")
        talon.pop()
        moves.append(f"talon>{names[pile]}")
        placed = True
    placed = marry() or placed
    while stock or talon:
        if stock:
            talon.append(stock.pop())
            moves.append("turn")
            placed = marry() or placed
        else:
            if not placed:
                raise AssertionError("zodiac solver: a pass of the plan placed no card")
            stock, talon, placed = talon[::-1], [], False
            moves.append("redeal")
    return moves


def _first_choices(game: Game, piles: list[list[int]]) -> list[tuple[int, int]]:
    """In a pass that has placed nothing yet: the marriages and fills it may still make first, (card, pile), the
    card being the talon's top or any card still in the pack (turned up to)."""
    talon, stock = piles[game.talon], piles[game.stock]
    cards = sorted({c % 52 for c in stock} | {talon[-1] % 52})
    takes = _packet_takes(game, piles)
    space = [z for z in game.zodiac if not piles[z]][:1] + [e for e in game.equator if not piles[e]][:1]
    return [(c, p) for c in cards for p in takes.get(c, []) + space]


def _solve(game: Game, state: State, counter: list[int], limit: int, deadline: float | None) -> tuple[str, list]:
    if not _literal(state) and (state.piles[game.stock] or state.piles[game.talon]):
        return _solve_pool(game, state, counter, limit, deadline)
    piles = state.piles
    stock, talon = piles[game.stock], piles[game.talon]
    if not stock and not talon or not talon or state.vars.get("placed"):
        deal = Deal(game, piles, stock + talon)
        plan = deal.plan(counter, limit, deadline)
        if plan is None:
            return LOST, []
        return WON, _passes(game, stock, talon, bool(state.vars.get("placed")), deal.queues(plan)) + deal.endgame(plan)
    for card, pile in _first_choices(game, piles):  # a pass that must still place a card
        after = [p[:] for p in piles]
        after[pile].append(card)
        pack = [c % 52 for c in stock + talon]
        pack.remove(card)
        deal = Deal(game, after, pack)
        plan = deal.plan(counter, limit, deadline)
        if plan is not None:
            line = _passes(game, stock, talon, False, deal.queues(plan), (card, pile))
            return WON, line + deal.endgame(plan)
    return LOST, []


def _solve_pool(game: Game, state: State, counter: list[int], limit: int, deadline: float | None) \
        -> tuple[str, list]:
    """The edition's reading of rule I, with cards still in pack or talon (point 4): a plan of the relaxed game in
    which the equator's cards are free like the pack's, played through the engine's rules by `_forward`. A plan's
    absence proves the loss (every real line is a line of the relaxed game); a plan that `_forward` cannot play
    leaves the deal unknown, never won."""
    piles, names = state.piles, game.names
    stock, talon = piles[game.stock], piles[game.talon]
    starts: list[tuple[list[str], list[list[int]]]] = []  # (moves so far, piles after them)
    if state.vars.get("placed") or not talon:
        starts.append(([], [p[:] for p in piles]))
    else:  # a pass that must still place a card: what it may place first
        takes = _packet_takes(game, piles)
        for e in game.equator:
            for z in takes.get(piles[e][-1] % 52, ()) if piles[e] else ():
                after = [p[:] for p in piles]
                after[z].append(after[e].pop())
                starts.append(([f"{names[e]}>{names[z]}"], after))
        for card, pile in _first_choices(game, piles):
            after, moves = [p[:] for p in piles], []
            while not after[game.talon] or after[game.talon][-1] % 52 != card:
                after[game.talon].append(after[game.stock].pop())
                moves.append("turn")
            after[pile].append(after[game.talon].pop())
            starts.append((moves + [f"talon>{names[pile]}"], after))
    unplayable = False
    for moves, after in starts:
        pack = after[game.stock] + after[game.talon]
        if not pack:  # the first placement was the last card: the end, with the equator where it lies
            deal = Deal(game, after, [])
            plan = deal.plan(counter, limit, deadline)
            if plan is not None:
                return WON, moves + deal.endgame(plan)
            continue
        deal = Deal(game, after, pack, pool=True)
        plan = deal.plan(counter, limit, deadline)
        if plan is None:
            continue
        queues = {p: q for p, q in deal.queues(plan).items() if p in game.zodiac}  # the rest: the cards left
        placed = bool(moves) or bool(state.vars.get("placed"))
        played = _forward(game, after, placed, queues)
        for hold in queues:  # the last placement must be a pack card: try keeping one packet's last card back
            if played is not None:
                break
            played = _forward(game, after, placed, queues, hold)
        if played is None:
            unplayable = True
            continue
        line, final = played
        return WON, moves + line + _endgame(game, deal, plan, final)
    return (UNKNOWN if unplayable else LOST), []


def _forward(game: Game, piles: list[list[int]], placed: bool, queues: dict[int, list[int]],
             hold: int | None = None) -> tuple[list[str], list[list[int]]] | None:
    """A plan of the relaxed game played by the engine's rules: an equator card is married as soon as it is the
    next card its packet wants, a talon card as soon as it is the talon's top and wanted; once no packet wants
    anything, the cards left fill the equator's empty places. The packet `hold` gets its last card only from the
    talon and only as the very last marriage (so that emptying the pack cannot end the play before an equator card
    is married). None when the plan cannot be played so (a pass that placed nothing, or pack and talon emptied
    while a packet still wanted a card)."""
    names, moves = game.names, []
    piles = [p[:] for p in piles]
    stock, talon = piles[game.stock], piles[game.talon]
    wants = {p: q[::-1] for p, q in queues.items() if q}  # next wanted card last

    def wanted(card: int, sources_equator: bool) -> int | None:
        for p, q in wants.items():
            if q and q[-1] == card % 52 and (piles[p] or not sources_equator):
                if p == hold and len(q) == 1 and (sources_equator or sum(map(len, wants.values())) > 1):
                    continue
                return p
        return None

    def marry() -> bool:
        did, again = False, True
        while again:
            again = False
            for e in game.equator:
                if piles[e] and (p := wanted(piles[e][-1], True)) is not None:
                    wants[p].pop()
                    piles[p].append(piles[e].pop())
                    moves.append(f"{names[e]}>{names[p]}")
                    did = again = True
            if talon and (stock or len(talon) > 1 or sum(map(len, wants.values())) == 1):
                if (p := wanted(talon[-1], False)) is not None:
                    wants[p].pop()
                    piles[p].append(talon.pop())
                    moves.append(f"talon>{names[p]}")
                    did = again = True
            if talon and not any(wants.values()):
                hole = next((e for e in game.equator if not piles[e]), None)
                if hole is not None:
                    piles[hole].append(talon.pop())
                    moves.append(f"talon>{names[hole]}")
                    did = again = True
        return did

    placed = marry() or placed
    while stock or talon:
        if stock:
            talon.append(stock.pop())
            moves.append("turn")
            placed = marry() or placed
        else:
            if not placed:
                return None
            stock[:], talon[:], placed = talon[::-1], [], False
            moves.append("redeal")
            placed = marry() or placed
    if any(wants.values()):
        return None
    return moves, piles


def _endgame(game: Game, deal: Deal, plan: dict, piles: list[list[int]]) -> list[str]:
    """The foundation moves of a pool plan from the position `_forward` reached: each suit's backward line read
    forwards, its equator cards found where they came to lie."""
    names, moves = game.names, []
    piles = [p[:] for p in piles]
    for s, (line, packets, _equator, _wild) in plan.items():
        for found, r, (kind, k) in reversed(line):
            card = s * 13 + r - 1
            if kind == "p":
                src = packets[k]
            else:
                src = next(e for e in game.equator if piles[e] and piles[e][-1] % 52 == card)
            piles[src].pop()
            moves.append(f"{names[src]}>{names[deal.found[s, found]]}")
    return moves


def _generic(game: Game, state: State, node_limit: int, time_limit: float | None) -> Solution:
    from pipeline.solve.search import search_for
    return search_for(game.slug).solve(state, node_limit, time_limit)


@in_play
def solve(game: Game, state: State, node_limit: int, time_limit: float | None = None) -> Solution:
    start = time.perf_counter()
    if any(len({_suit(c) for c in state.piles[z]}) > 1 for z in game.zodiac):
        return _generic(game, state, node_limit, time_limit)  # a packet of mixed suits: never met in a real game
    counter = [0]
    deadline = None if time_limit is None else start + time_limit
    try:
        status, moves = _solve(game, state, counter, node_limit, deadline)
    except Budget:
        status, moves = UNKNOWN, []
    return Solution(status, moves, counter[0], time.perf_counter() - start)
