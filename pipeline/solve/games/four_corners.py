"""The Four Corners' own solver: a compact model of the game (faces as ints, packets as lists, moves played and
undone in place), searched deal by deal (`beam`): each deal's play depth-first with a transposition table, the
positions with the fewest cards left carried to the redeal, randomised restarts. In the last deal, once the pack
is out, packets are only stacks: positions that differ by which packet holds what are one (`Model.key`), no card
is married off a packet it lies alone on (`pruned`), a card whose partners are all up goes up at once
(`safe_move`), and a position with a card that can never leave its packet is lost (`dead`); with these a position
of the last deal is searched exactly (`Search`), and the beam's look at the last deal drops lost lines early.

The model reproduces the engine (`games/four_corners.py`) exactly: the deal that runs by itself until some
packet's top could go up (the player's choice: any packet's top, within the side packets' restriction), foundation
cards going up by themselves as they come out, the next card taking the place of a card played up (note 4), the play after the deal (a top card to any foundation it fits, marriages in suit up or
down among the twelve tops) and the two redeals (packets gathered from the left, only when no card can go up). Its move ids are the engine's.

Cards are merged across the two packs (`card % 52`): every rule of the game compares suit and rank only.
"""
from __future__ import annotations

import heapq
import time
from random import Random

from pipeline.engine.core import Game, State
from pipeline.solve.search import LOST, UNKNOWN, WON, Solution
from pipeline.solve.strategies import depth_first

NODE_LIMIT = 300_000
METHOD = ("A compact model of the game (the two packs' copies of a card merged) searched deal by deal: each deal's "
          "play is explored depth-first with a transposition table (cards that can go up first, then marriages "
          "that uncover one), the positions with the fewest cards left are carried to the redeal, and the search "
          "restarts with ties broken at random until a win is found or the budget is spent. In the last deal a "
          "line is dropped as soon as some card can never leave its packet (its marriage partners all lie beneath "
          "it and each foundation waits for a card beneath it); the packets count as interchangeable there, and a "
          "card whose partners are all up goes up at once. Three deals' play is far too large to search through, "
          "so a deal not won stays unknown; only a position in the last deal can be proved lost.")

DEALS = 3
EMPTY = 255
DEAL, REDEAL, PLAY, MARRY, UP = 0, 1, 2, 3, 4  # move kinds: UP = the card just dealt to a foundation


def _want(slot: int, top: int) -> int:
    """The face foundation slot `slot` (0..3 aces, up; 4..7 kings, down) takes next on `top`, or -1."""
    if top == EMPTY or (slot < 4 and top % 13 == 12) or (slot >= 4 and top % 13 == 0):
        return -1
    return top + 1 if slot < 4 else top - 1


WANT = [[_want(i, t) for t in range(256)] for i in range(8)]
# marriage partners (rule 'after', 'marry-suit'): same suit, one rank either side, no wrap
NEAR = [tuple(f for f in (c - 1, c + 1) if 0 <= f < 52 and f // 13 == c // 13) for c in range(52)]


class Model:
    """One position of the game, in the game's own terms (faces 0..51, packet slots in dealing order 0..11,
    foundation slots 0..3 aces (up) and 4..7 kings (down))."""

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.packets = [[c % 52 for c in state.piles[p]] for p in game.order]
        self.found = [[c % 52 for c in state.piles[f]] for f in game.founds]
        self.ftop = [f[-1] if f else EMPTY for f in self.found]
        self.stock = [c % 52 for c in state.piles[game.stock]]
        v = state.vars
        self.deals, self.dealing, self.to, self.fresh = v["deals"], v["dealing"], v["to"], 0
        self.left = sum(len(p) for p in self.packets) + len(self.stock)
        names = game.names
        self.pname = [names[p] for p in game.order]
        self.fname = [names[f] for f in game.founds]
        # beside[slot]: foundation slots a dealt card on this packet may go to (rule 'deal')
        self.beside = [tuple(game.beside[p]) for p in game.order]

    # -- foundations
    def tops(self) -> list[int]:
        return [f[-1] if f else EMPTY for f in self.found]

    def home(self, card: int) -> int:
        """The foundation slot a foundation card (the first ace/king of its suit) starts, or -1."""
        r = card % 13
        if r == 0:
            group = range(0, 4)
        elif r == 12:
            group = range(4, 8)
        else:
            return -1
        found = self.found
        s = card // 13
        for i in group:
            if found[i] and found[i][0] // 13 == s:
                return -1
        for i in group:
            if not found[i]:
                return i
        return -1

    def fits(self, card: int, i: int) -> bool:
        return WANT[i][self.ftop[i]] == card

    # -- the deal
    def deal_on(self, to: int, log: list, taken: int = -1) -> None:
        """Deal the stock from packet slot `to` until some packet's top could go up beside its packet or the stock
        is out; with `taken` (the slot of a card just played up) only until that place is filled (note 4)
        (engine: FourCorners._deal_on). `log` receives (packet, foundation or -1) per card, for undo."""
        stock, packets, found = self.stock, self.packets, self.found
        while stock:
            slot = to if taken < 0 else taken
            card = stock.pop()
            h = self.home(card)
            if h >= 0:
                found[h].append(card)
                self.ftop[h] = card
                log.append((slot, h))
                continue
            packets[slot].append(card)
            log.append((slot, -1))
            if taken >= 0:
                break
            to = (to + 1) % 12
            if self.any_up():
                break
        self.to, self.dealing = to, 1 if stock else 0

    def any_up(self) -> bool:
        """Whether some packet's top may go up while dealing (rule 'deal')."""
        packets, beside = self.packets, self.beside
        for p in range(12):
            pile = packets[p]
            if pile:
                card = pile[-1]
                for i in beside[p]:
                    if WANT[i][self.ftop[i]] == card:
                        return True
        return False

    def up_moves(self) -> list[tuple[int, int, int]]:
        """While dealing: every packet's top that fits a foundation beside it (rule 'deal')."""
        out = []
        packets, beside, ftop = self.packets, self.beside, self.ftop
        for p in range(12):
            pile = packets[p]
            if pile:
                card = pile[-1]
                out += [(UP, p, i) for i in beside[p] if WANT[i][ftop[i]] == card]
        return out

    def undeal(self, log: list) -> None:
        stock, packets, found, ftop = self.stock, self.packets, self.found, self.ftop
        for packet, f in reversed(log):
            if f >= 0:
                stock.append(found[f].pop())
                ftop[f] = found[f][-1] if found[f] else EMPTY
            else:
                stock.append(packets[packet].pop())

    # -- moves: (kind, src, dst); ids as the engine's
    def moves(self) -> list[tuple[int, int, int]]:
        if self.dealing:
            return [(DEAL, 0, 0)] + self.up_moves()
        out = self.play_moves()
        # rule 'redeal': only when no card can go to a foundation
        if self.deals < DEALS and any(self.packets) and not any(m[0] == PLAY for m in out):
            out.append((REDEAL, 0, 0))
        return out

    def can_redeal(self) -> bool:
        """Rule 'redeal' (engine: FourCorners.moves): after the deal, a redeal left, and no card can go up."""
        if self.dealing or self.deals >= DEALS or not any(self.packets):
            return False
        where = {pile[-1] for pile in self.packets if pile}
        return not any(WANT[i][self.ftop[i]] in where for i in range(8))

    def play_moves(self) -> list[tuple[int, int, int]]:
        """After the deal (rules I, II, 'after'): a top card to each foundation it continues, and onto each top
        card of its suit one rank above or below (marriages), in the engine's terms."""
        where: dict[int, list[int]] = {}  # top face -> packets showing it
        for p, pile in enumerate(self.packets):
            if pile:
                face = pile[-1]
                if face in where:
                    where[face].append(p)
                else:
                    where[face] = [p]
        out = []
        ftop = self.ftop
        for i in range(8):
            w = WANT[i][ftop[i]]
            if w in where:
                out += [(PLAY, src, i) for src in where[w]]
        for face, srcs in where.items():
            for near in NEAR[face]:
                if near in where:
                    dsts = where[near]
                    out += [(MARRY, src, dst) for src in srcs for dst in dsts]
        return out

    def move_id(self, move: tuple[int, int, int]) -> str:
        kind, src, dst = move
        if kind == DEAL:
            return "deal"
        if kind == REDEAL:
            return "redeal"
        if kind == MARRY:
            return f"{self.pname[src]}>{self.pname[dst]}"
        return f"{self.pname[src]}>{self.fname[dst]}"

    def play(self, move: tuple[int, int, int]) -> tuple:
        """Play a move in place; returns what `unplay` needs."""
        kind, src, dst = move
        old = (self.deals, self.dealing, self.to, self.fresh)
        if kind == PLAY:
            card = self.packets[src].pop()
            self.found[dst].append(card)
            self.ftop[dst] = card
            self.left -= 1
            return (kind, src, dst, old, None)
        if kind == MARRY:
            self.packets[dst].append(self.packets[src].pop())
            return (kind, src, dst, old, None)
        log: list = []
        if kind == UP:
            card = self.packets[src].pop()
            self.found[dst].append(card)
            self.ftop[dst] = card
            self.left -= 1
            self.deal_on(self.to, log, src)
        elif kind == DEAL:
            self.deal_on(self.to, log)
        else:  # REDEAL: the left top corner's packet ends on top of the pack, each packet as it lay
            gathered = []
            for p in range(11, -1, -1):
                pile = self.packets[p]
                if pile:
                    gathered.append(len(pile))
                    self.stock.extend(pile)
                    pile.clear()
                else:
                    gathered.append(0)
            self.deals += 1
            self.deal_on(0, log)
            return (kind, src, dst, old, (log, gathered))
        self.left -= sum(1 for _, f in log if f >= 0)
        return (kind, src, dst, old, log)

    def unplay(self, record: tuple) -> None:
        kind, src, dst, old, extra = record
        self.deals, self.dealing, self.to, self.fresh = old
        if kind == PLAY:
            f = self.found[dst]
            self.packets[src].append(f.pop())
            self.ftop[dst] = f[-1] if f else EMPTY
            self.left += 1
        elif kind == MARRY:
            self.packets[src].append(self.packets[dst].pop())
        elif kind == REDEAL:
            log, gathered = extra
            self.left += sum(1 for _, f in log if f >= 0)
            self.undeal(log)
            stock = self.stock
            # the stock now holds the gathered packets, corner-4's at the bottom: hand them back
            for p, n in zip(range(12), reversed(gathered)):
                if n:
                    self.packets[p].extend(stock[len(stock) - n:])
                    del stock[len(stock) - n:]
        else:
            self.left += sum(1 for _, f in extra if f >= 0)
            self.undeal(extra)
            if kind == UP:
                f = self.found[dst]
                self.packets[src].append(f.pop())
                self.ftop[dst] = f[-1] if f else EMPTY
                self.left += 1

    def won(self) -> bool:
        return self.left == 0

    def key(self) -> bytes:
        if self.deals == DEALS and not self.dealing:
            # the last deal's play: nothing is dealt or gathered again, so which packet holds what no longer
            # matters (an emptied packet stays empty): packets that hold the same cards are one position
            return b"\xfe".join((bytes(self.ftop), *sorted(map(bytes, self.packets))))
        return b"\xfe".join((bytes(self.ftop), bytes((self.deals, self.dealing, self.to, self.fresh)),
                             *map(bytes, self.packets), bytes(self.stock)))


def legal_ids(game: Game, state: State) -> set[str]:
    model = Model(game, state)
    return {model.move_id(m) for m in model.moves()}


# --- search ------------------------------------------------------------------------------------------------------


def played(model: Model, face: int) -> int:
    """How many copies of `face` lie on the foundations (an ace foundation holds A..top, a king one K..top)."""
    s, r = face // 13, face % 13
    n = 0
    for i, f in enumerate(model.found):
        if f and f[0] // 13 == s and (r <= f[-1] % 13 if i < 4 else r >= f[-1] % 13):
            n += 1
    return n


def safe_move(model: Model, moves: list) -> tuple | None:
    """In the last deal, after the pack is out, a card goes up at once when both copies of each of its marriage
    partners (its suit, one rank either side) are on the foundations.

    Why never worse: with no redeal left, a packet changes only by its top card leaving (to a foundation or onto
    another top) or by a card married onto it. Such a card can do neither: no partner is left to go on or to come
    onto it. So in any winning line it lies untouched on its packet, with nothing on it, until it goes up; and the
    foundation it goes to is the only one that can take it (both copies of a partner rank are up, so one foundation
    of its suit has passed its rank and the other waits for it). Play it up first and keep the line's other moves:
    each stays legal (the packet's newly shown card only adds moves; nothing the line did needed the card), and its
    foundation's next card comes only after it anyway."""
    if model.deals < DEALS or model.dealing:
        return None
    packets = model.packets
    for m in moves:
        if m[0] != PLAY:
            continue
        face = packets[m[1]][-1]
        r = face % 13
        if (r == 0 or played(model, face - 1) == 2) and (r == 12 or played(model, face + 1) == 2):
            return m
    return None


LOW = [c - 1 if c % 13 else 52 for c in range(52)]  # partners below and above; 52: none (counts stay 0 there)
HIGH = [c + 1 if c % 13 < 12 else 52 for c in range(52)]


def dead(model: Model, suit: int = -1) -> bool:
    """In the last deal, after the pack is out: a card that can never leave its packet, which proves the position
    lost. `suit` >= 0: look at that suit's cards only (a move changes nothing for the others).

    Why: with no deal left, a card x leaves its packet only from its top, to a foundation or married onto a top
    card of its suit one rank away (a partner). Cards beneath x cannot move before x does. So when every copy of
    both partners not yet on a foundation lies beneath x in its own packet, x can leave only to a foundation; and
    its ace foundation can take x only after one copy of every rank between its top and x, its king foundation
    likewise from above. When some such rank (for each of the two foundations that still wants x's rank at all)
    has every copy not yet up beneath x, x can never leave: no win. (A move changes whether a card is stuck only
    for cards of the suit of the card moved: the partners and ranks looked at are all of x's suit, and a card of
    another suit put on x's packet lies above x.)"""
    packets = model.packets
    lo, hi = (0, 52) if suit < 0 else (13 * suit, 13 * suit + 13)
    out = [0] * 53  # copies of each face in the packets
    for pile in packets:
        for c in pile:
            if lo <= c < hi:
                out[c] += 1
    ftop = model.ftop
    if EMPTY in ftop:  # (never so once the pack is out: the first deal brought every foundation card up)
        return False
    up = [0] * 4  # per suit: the face on its ace foundation, and the face on its king foundation
    down = [0] * 4
    for i in range(8):
        t = ftop[i]
        if i < 4:
            up[t // 13] = t
        else:
            down[t // 13] = t
    under = [0] * 53  # copies of each face beneath the card looked at, in its packet
    for pile in packets:
        if len(pile) < 2:
            continue
        seen = False
        for x in pile:
            if x < lo or x >= hi:
                continue
            if seen:
                a, b = LOW[x], HIGH[x]
                if out[a] == under[a] and out[b] == under[b]:
                    s = x // 13
                    u = up[s]
                    if u < x:
                        for g in range(u + 1, x):
                            if out[g] == under[g]:
                                break
                        else:
                            under[x] += 1
                            continue
                    k = down[s]
                    if k > x:
                        for g in range(x + 1, k):
                            if out[g] == under[g]:
                                break
                        else:
                            under[x] += 1
                            continue
                    return True
            seen = True
            under[x] += 1
        if seen:
            for c in pile:
                under[c] = 0
    return False


def moved_suit(model: Model, move: tuple) -> int:
    """The suit of the card a play-phase move put down (on a foundation or a packet)."""
    kind, _, dst = move
    return (model.ftop[dst] if kind == PLAY else model.packets[dst][-1]) // 13


def pruned(model: Model, moves: list) -> list:
    """In the last deal, after the pack is out, no card is married off a packet it lies alone on.

    Why never worse: with no deal left, a packet is only a stack (an emptied one stays empty and nothing is dealt
    on it), so a card c alone on its packet is at least as free as c married onto a card d: play any line from the
    married position with c (and whatever goes on it) kept on its own packet instead; every move stays legal,
    and d, shown all along, only adds moves."""
    if model.deals < DEALS or model.dealing:
        return moves
    packets = model.packets
    return [m for m in moves if m[0] != MARRY or len(packets[m[1]]) > 1]


def ordered(model: Model, moves: list, noise: Random | None) -> list:
    """Cards going up first; then marriages that show a card that can go up, then other marriages; the redeal last.
    While dealing: the card just dealt up before dealing on. `noise`: ties broken at random."""
    if len(moves) <= 1:
        return moves
    packets = model.packets
    ftop = model.ftop
    wants = None
    ranked = []
    rand = noise.random if noise is not None else None
    for i, m in enumerate(moves):
        kind = m[0]
        if kind == PLAY or kind == UP:
            key = 0
        elif kind == MARRY:
            if wants is None:
                wants = {WANT[j][ftop[j]] for j in range(8)}
            pile = packets[m[1]]
            key = 1 if len(pile) > 1 and pile[-2] in wants else 2
        elif kind == DEAL and DECLINE and rand is not None and rand() < DECLINE:
            key = -1  # now and then, in a restart, the card just dealt is left where it fell
        else:
            key = 3
        ranked.append((key, rand() if rand is not None else i, m))
    ranked.sort()
    return [r[2] for r in ranked]


class Search:
    """The exact search: depth-first over every move (explicit stack), with the transposition table and the
    last deal's safe move. Its "lost" is a proof; used where no redeal is left."""

    def __init__(self, model: Model, deadline: float | None) -> None:
        self.model = model
        self.deadline = deadline
        self.nodes = 0

    def choices(self) -> list:
        model = self.model
        moves = model.moves()
        if len(moves) <= 1:
            return moves
        sure = safe_move(model, moves)
        if sure is not None:
            return [sure]
        return ordered(model, pruned(model, moves), None)

    def run(self, limit: int) -> tuple[str, list]:
        """Returns the status and the winning line (model moves)."""
        model = self.model
        if model.left == 0:
            return WON, []
        if model.deals == DEALS and not model.dealing and dead(model):
            self.nodes += 1
            return LOST, []
        calls = [0]

        def lost(move: tuple) -> bool:  # asked once per position; at the limit it answers no, so the search stops
            calls[0] += 1
            return (calls[0] < limit and not model.dealing
                    and dead(model, moved_suit(model, move) if PLAY <= move[0] <= MARRY else -1))

        status, out, nodes = depth_first(model, self.choices, limit, self.deadline,
                                         lost if model.deals == DEALS else None)
        self.nodes += nodes
        return status, out


CAPS = (1000, 300, 150)  # positions explored per deal (first, second, last) in one beam pass
KEEPS = (16, 60)  # positions carried to the next deal after the first and the second
# in a restart, the chance of dealing on past a card that could go up: the cards that go up while dealing shift
# every later card's packet, so declining one now and then gives the redeals other layouts (it settled most of the
# deals the beam left unknown when it always played them up)
DECLINE = 0.1
PASS = 17_500  # positions per beam pass; later passes break ties at random


def solve(game: Game, state: State, node_limit: int = NODE_LIMIT, time_limit: float | None = None) -> Solution:
    """In the last deal: the full depth-first search (its "lost" is a proof). Before it: beam passes (see `beam`)
    until one wins or the budget is spent; the search over every way of playing three deals is far too large to
    finish, so a deal not won stays unknown."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    model = Model(game, state)
    if model.left == 0:
        return Solution(WON, [], 0, 0.0)
    status, line, nodes = UNKNOWN, [], 0
    if model.deals == DEALS:
        search = Search(model, deadline)
        status, line = search.run(node_limit)
        nodes = search.nodes
    else:
        attempt = 0
        while nodes < node_limit and (deadline is None or time.perf_counter() < deadline):
            status, line, n = beam(model, CAPS, KEEPS, Random(attempt) if attempt else None,
                                   min(PASS, node_limit - nodes))
            nodes += n
            attempt += 1
            if status == WON:
                break
    ids = []
    if status == WON:
        records = []
        for m in line:
            ids.append(model.move_id(m))
            records.append(model.play(m))
        for r in reversed(records):
            model.unplay(r)
    return Solution(status, ids, nodes, time.perf_counter() - start)


def explore(model: Model, cap: int, noise: Random | None, keep: int) -> tuple[list, int, bool]:
    """The positions of the current deal reachable without a redeal (depth-first, at most `cap` of them), best
    first: the `keep` with the fewest cards left, each with its line from the position given. Returns those, the
    positions searched, and whether a won position was among them (then it is the first). In the last deal the
    safe move is played alone, no card is married off a packet it lies alone on, and a line ends where `dead`
    proves it lost (a card that can never leave its packet): the few positions spent there go to live lines."""
    seen = {model.key()}
    best: list = []  # heap of (-left, tiebreak, line): the worst kept on top
    line: list = []
    records: list = []
    stack = [iter(ordered(model, [m for m in model.moves() if m[0] != REDEAL], noise))]
    nodes, tick = 0, 0
    last = model.deals == DEALS
    while stack and nodes < cap:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if line:
                line.pop()
                model.unplay(records.pop())
            continue
        records.append(model.play(move))
        k = model.key()
        if k in seen:
            model.unplay(records.pop())
            continue
        seen.add(k)
        line.append(move)
        nodes += 1
        if model.left == 0:
            out = [(0, list(line))]
            while records:
                model.unplay(records.pop())
            return out, nodes, True
        if keep and model.can_redeal():  # a position carried to the redeal must allow it (no card can go up)
            tick += 1
            item = (-model.left, noise.random() if noise is not None else -tick)
            if len(best) < keep:
                heapq.heappush(best, (*item, list(line)))
            elif item > best[0][:2]:
                heapq.heapreplace(best, (*item, list(line)))
        if last and not model.dealing and dead(model, moved_suit(model, move) if PLAY <= move[0] <= MARRY else -1):
            stack.append(iter(()))
            continue
        moves = [m for m in model.moves() if m[0] != REDEAL]
        sure = safe_move(model, moves) if last else None
        stack.append(iter((sure,) if sure is not None else ordered(model, pruned(model, moves), noise)))
    while records:
        model.unplay(records.pop())
    best.sort(reverse=True)
    return [(-b[0], b[2]) for b in best], nodes, False


def beam(model: Model, caps: tuple[int, ...], keeps: tuple[int, ...], noise: Random | None,
         budget: int) -> tuple[str, list, int]:
    """Deal by deal: explore the current deal (at most caps[deal-1] positions), carry the keeps[deal-1] best
    positions reached (fewest cards left) to a redeal, and so on; the last deal is only searched for a win.
    Heuristic: a failure proves nothing."""
    nodes = 0
    frontier: list = [[]]  # lines from the root, each to a position from which the next stage starts
    first = True
    while frontier:
        found: list = []
        stage = None
        for path in frontier:
            records = [model.play(m) for m in path]
            prefix = list(path)
            if not first:
                records.append(model.play((REDEAL, 0, 0)))
                prefix.append((REDEAL, 0, 0))
            stage = model.deals - 1
            keep = keeps[stage] if model.deals < DEALS else 0
            cands, n, won = explore(model, min(caps[stage], max(1, budget - nodes)), noise, keep)
            for r in reversed(records):
                model.unplay(r)
            nodes += n
            if won:
                return WON, prefix + cands[0][1], nodes
            found += [(left, prefix + ln) for left, ln in cands]
            if nodes >= budget:
                return UNKNOWN, [], nodes
        if stage is None or stage + 1 >= DEALS:
            break
        found.sort(key=lambda f: f[0])
        frontier = [ln for _, ln in found[:keeps[stage]]]
        first = False
    return UNKNOWN, [], nodes
