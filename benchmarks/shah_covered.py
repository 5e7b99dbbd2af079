"""A lab relaxation of Шахъ kept for the next attempt at its loss proofs (docs/solvers/shah.md): the pack game of
pipeline/solve/games/shah.py with the outer places covering their rays. Not used by the solver: at the root of the
184 deals of 1-300 that the first pass leaves unknown it wins 60 and runs out of 100 000 positions on the rest.

    pypy3 benchmarks/shah_covered.py [--nodes 100000] DEAL ...   # per deal: lost, won there, or out of positions
    pypy3 benchmarks/shah_covered.py --pack --unknown 0:1696 --nodes 50000   # the solver's pack game instead, on
        # the table's unknown deals (slice of results/winnability.json's list); a last line sums them up

The second form measures how far any loss proof looser than the pack game can reach: one that frees the star's later
cards (any talon card may leave into a place while fewer are filled than vacated) proves a deal lost only if the pack
game is lost there, so the deals on which the pack game finds a win are out of its reach.

The game. The cards on the star when it is asked are its rays (inner, the middle pile bottom first, outer), which
leave from the top down. A later card lies in a vacated outer place (`O[k]`: nothing of ray k below it can be
played or married onto while it lies there), in a free cell of a vacated inner or middle place (at most as many
as those places), or married (free access). A married card counts against its host: at every moment each married
copy of c lies on a distinct copy of c+1 in the star (a married card, a middle ray card on top of its ray even if
covered, or a cell card once some middle place is vacated), so a copy of c+1 may leave only if that still holds,
and a card marries only if a copy of c+1 bears none and one such host is uncovered. Moves: a ray top (uncovered),
an outer-place card, a cell or married card, or the talon's top up to a foundation it fits; a non-inner ray top,
an outer-place card, a cell card (once a middle place is vacated) or the talon's top married; an outer card to an
inner cell (the cells holding outer cards at most the vacated inner places, and a cell free); the talon's top or
the pack's next card into the place the fill order gives (a free inner or middle cell first, else the leftmost
vacated empty outer place); the turn, only with every vacated place holding a card. Nothing is forced.

Why a real line is a line of it: a real position maps onto it exactly (its original cards still in place are the
rays, the later card in a vacated outer place is O[k], later bottom cards of inner and middle places the cells,
every card lying on another married); a real fill goes to the first empty place of the fill order, which is an
inner or middle place when one is empty, else the leftmost empty outer place; a real turn needs every place
filled; a real card is playable only on top of its ray, so not under a filled outer place; the host condition
holds of every real position; the rest only loosens (cells and married cards are free, no refilling is forced).
So a position it cannot win the real game cannot win."""
import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.engine import registry  # noqa: E402
from pipeline.solve.games.shah import GOAL, LOST_KEYS_CAP, Model, PackGame, _OutOfNodes  # noqa: E402


class CoveredPackGame:
    def __init__(self, stock):
        self.stock = stock
        self.lost_keys = set()
        self.nodes = self.limit = 0

    def lost(self, model, limit):
        P = model.P
        rays, levs = [], []
        for k in range(8):
            ray, lev = [], []
            for level, pile in ((0, P[k]), (1, P[8 + k]), (2, P[16 + k])):
                ray += pile
                lev += [level] * len(pile)
            rays.append(ray)
            levs.append(lev)
        self.rays, self.levs = rays, levs
        cnt = bytearray(52)
        for f in range(8):
            s = model.fs[f] * 13
            for r in range(model.fh[f]):
                cnt[s + r] += 1
        vim = sum(1 for p in P[:16] if not p)
        vi = sum(1 for p in P[:8] if not p)
        self.nodes, self.limit = 0, limit
        try:
            won = self._search(model.n, list(model.talon), bytearray(len(r) for r in rays), bytearray(52),
                               bytearray(52), cnt, vim, 0, vi, not all(P[8:16]), bytearray(52), 0, bytearray(8))
        except _OutOfNodes:
            return None
        return not won

    def outer_vacated(self, k, H):
        h = H[k]
        return h == 0 or self.levs[k][h - 1] != 2

    def hosts(self, x, H, cc, mm, mv, O, free=False):
        """Copies of x in the star that may bear a married card (all of them, or only those not covered)."""
        n = mm[x] + (cc[x] if mv else 0)
        for k in range(8):
            h = H[k]
            if h and (not free or not O[k]) and self.levs[k][h - 1] == 1 and self.rays[k][h - 1] == x:
                n += 1
        return n

    def can_go(self, x, H, cc, mm, mv, O, lose):
        return x % 13 == 0 or mm[x - 1] <= self.hosts(x, H, cc, mm, mv, O) - lose

    def marriable(self, c, H, cc, mm, mv, O):
        return c % 13 < 11 and mm[c] < self.hosts(c + 1, H, cc, mm, mv, O) and \
            self.hosts(c + 1, H, cc, mm, mv, O, True) > 0

    def _leave(self, k, H, vim, vi, mv):
        """Ray k's top original card has left (H[k] already lowered)."""
        lev = self.levs[k]
        level = lev[H[k]]
        if H[k] == 0 or lev[H[k] - 1] != level:
            if level == 0:
                vi += 1
                vim += 1
            elif level == 1:
                mv = True
                vim += 1
        return vim, vi, mv

    @staticmethod
    def _uncell(c, cc, oc_, occ):
        cc[c] -= 1
        if occ[c]:
            occ[c] -= 1
            return oc_ - 1
        return oc_

    def _search(self, n, talon, H, cc, mm, cnt, vim, cells, vi, mv, occ, oc, O):
        """cc/cells: later cards in inner and middle places (free access); O[k]: card+1 in ray k's vacated outer
        place (covers the ray); vim: vacated inner and middle places."""
        rays, levs = self.rays, self.levs
        if sum(cnt) == GOAL:
            return True
        key = b"".join([bytes((n, vi, mv, oc, vim)), bytes(talon), b"\xff", bytes(H), bytes(cc), bytes(mm),
                        bytes(occ), bytes(cnt), bytes(O)])
        if key in self.lost_keys:
            return False
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfNodes

        def go(n2=n, talon2=None, H2=None, cc2=None, mm2=None, cnt2=None, vim2=vim, cells2=cells, vi2=vi, mv2=mv,
               occ2=None, oc2=oc, O2=None):
            return self._search(n2, talon[:] if talon2 is None else talon2, bytearray(H) if H2 is None else H2,
                                bytearray(cc) if cc2 is None else cc2, bytearray(mm) if mm2 is None else mm2,
                                bytearray(cnt) if cnt2 is None else cnt2, vim2, cells2, vi2, mv2,
                                bytearray(occ) if occ2 is None else occ2, oc2, bytearray(O) if O2 is None else O2)

        def fits(c):
            return cnt[c] < (2 if c % 13 == 0 else cnt[c - 1])

        for k in range(8):
            if O[k]:  # the card in ray k's outer place: up, married, to an inner place
                c = O[k] - 1
                if fits(c):
                    O2, cnt2 = bytearray(O), bytearray(cnt)
                    O2[k] = 0
                    cnt2[c] += 1
                    if go(O2=O2, cnt2=cnt2):
                        return True
                if self.marriable(c, H, cc, mm, mv, O):
                    O2, mm2 = bytearray(O), bytearray(mm)
                    O2[k] = 0
                    mm2[c] += 1
                    if go(O2=O2, mm2=mm2):
                        return True
                if oc < vi and cells < vim:
                    O2, cc2, occ2 = bytearray(O), bytearray(cc), bytearray(occ)
                    O2[k] = 0
                    cc2[c] += 1
                    occ2[c] += 1
                    if go(O2=O2, cc2=cc2, occ2=occ2, cells2=cells + 1, oc2=oc + 1):
                        return True
            elif H[k]:  # ray k's top original card
                c = rays[k][H[k] - 1]
                lv = levs[k][H[k] - 1]
                if fits(c) and self.can_go(c, H, cc, mm, mv, O, lv == 1):
                    H2, cnt2 = bytearray(H), bytearray(cnt)
                    cnt2[c] += 1
                    H2[k] -= 1
                    vim2, vi2, mv2 = self._leave(k, H2, vim, vi, mv)
                    if go(H2=H2, cnt2=cnt2, vim2=vim2, vi2=vi2, mv2=mv2):
                        return True
                if lv and self.marriable(c, H, cc, mm, mv, O):
                    H2, mm2 = bytearray(H), bytearray(mm)
                    mm2[c] += 1
                    H2[k] -= 1
                    vim2, vi2, mv2 = self._leave(k, H2, vim, vi, mv)
                    if go(H2=H2, mm2=mm2, vim2=vim2, vi2=vi2, mv2=mv2):
                        return True
                if lv == 2 and oc < vi and cells < vim:
                    H2, cc2, occ2 = bytearray(H), bytearray(cc), bytearray(occ)
                    cc2[c] += 1
                    occ2[c] += 1
                    H2[k] -= 1
                    vim2, vi2, mv2 = self._leave(k, H2, vim, vi, mv)
                    if go(H2=H2, cc2=cc2, occ2=occ2, vim2=vim2, vi2=vi2, mv2=mv2, cells2=cells + 1, oc2=oc + 1):
                        return True
        for c in range(52):  # a cell or married card up or married
            if cc[c]:
                if fits(c) and self.can_go(c, H, cc, mm, mv, O, 1 if mv else 0):
                    cc2, occ2, cnt2 = bytearray(cc), bytearray(occ), bytearray(cnt)
                    oc2 = self._uncell(c, cc2, oc, occ2)
                    cnt2[c] += 1
                    if go(cc2=cc2, occ2=occ2, oc2=oc2, cnt2=cnt2, cells2=cells - 1):
                        return True
                if mv and self.marriable(c, H, cc, mm, mv, O):
                    cc2, occ2, mm2 = bytearray(cc), bytearray(occ), bytearray(mm)
                    oc2 = self._uncell(c, cc2, oc, occ2)
                    mm2[c] += 1
                    if go(cc2=cc2, occ2=occ2, oc2=oc2, mm2=mm2, cells2=cells - 1):
                        return True
            if mm[c] and fits(c) and self.can_go(c, H, cc, mm, mv, O, 1):
                mm2, cnt2 = bytearray(mm), bytearray(cnt)
                mm2[c] -= 1
                cnt2[c] += 1
                if go(mm2=mm2, cnt2=cnt2):
                    return True
        # where a fill goes: an inner or middle place first, then the leftmost empty vacated outer place
        slot = -1
        if cells >= vim:
            for k in range(8):
                if not O[k] and self.outer_vacated(k, H):
                    slot = k
                    break
        can_fill = cells < vim or slot >= 0
        if talon:
            t = talon[-1]
            if fits(t):
                cnt2 = bytearray(cnt)
                cnt2[t] += 1
                if go(talon2=talon[:-1], cnt2=cnt2):
                    return True
            if self.marriable(t, H, cc, mm, mv, O):
                mm2 = bytearray(mm)
                mm2[t] += 1
                if go(talon2=talon[:-1], mm2=mm2):
                    return True
            if can_fill:
                if slot < 0:
                    cc2 = bytearray(cc)
                    cc2[t] += 1
                    if go(talon2=talon[:-1], cc2=cc2, cells2=cells + 1):
                        return True
                else:
                    O2 = bytearray(O)
                    O2[slot] = t + 1
                    if go(talon2=talon[:-1], O2=O2):
                        return True
        if n:
            p = self.stock[n - 1]
            if can_fill:
                if slot < 0:
                    cc2 = bytearray(cc)
                    cc2[p] += 1
                    if go(n2=n - 1, cc2=cc2, cells2=cells + 1):
                        return True
                else:
                    O2 = bytearray(O)
                    O2[slot] = p + 1
                    if go(n2=n - 1, O2=O2):
                        return True
            else:  # a turn: every place filled
                if go(n2=n - 1, talon2=talon + [p]):
                    return True
        if len(self.lost_keys) >= LOST_KEYS_CAP:
            self.lost_keys.clear()
        self.lost_keys.add(key)
        return False


def unknown_deals(span: str) -> list[int]:
    """The table's unknown Shah deals, the slice FIRST:LAST of its list."""
    first, last = (int(x) for x in span.split(":"))
    return json.loads((ROOT / "results" / "winnability.json").read_text())["shah"]["unknown_deals"][first:last]


def verdict(game, deal: int, nodes: int, pack: bool) -> tuple[str, int]:
    """The relaxation at the root of `deal`: lost, won there, or out of positions; and its positions."""
    state, _ = game.new_state(deal)
    model = Model(game, state)
    if pack:
        relaxation = PackGame(model.stock)
        lost = relaxation.lost(model, nodes)
        word = "lost" if lost else "out of positions" if relaxation.nodes > nodes else "won there"
    else:
        relaxation = CoveredPackGame(model.stock)
        lost = relaxation.lost(model, nodes)
        word = "out of positions" if lost is None else "lost" if lost else "won there"
    return word, relaxation.nodes


def main() -> None:
    parser = argparse.ArgumentParser(description="The covered pack game (or the pack game) at the root of Shah deals")
    parser.add_argument("deals", nargs="*", type=int)
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--pack", action="store_true", help="the solver's pack game (PackGame), not the covered one")
    parser.add_argument("--unknown", metavar="FIRST:LAST", help="the table's unknown deals, this slice of its list")
    args = parser.parse_args()
    sys.setrecursionlimit(100_000)
    game = registry.get("shah")
    deals = args.deals + (unknown_deals(args.unknown) if args.unknown else [])
    tally: dict[str, list[int]] = {}
    start = time.process_time()
    for deal in deals:
        begun = time.process_time()
        word, nodes = verdict(game, deal, args.nodes, args.pack)
        tally.setdefault(word, []).append(nodes)
        if word != "won there" or not args.unknown:
            print(f"deal {deal}: {word}, {nodes} positions, {time.process_time() - begun:.2f} s of CPU", flush=True)
    won = tally.get("won there", [])
    print(f"{len(deals)} deals: " + ", ".join(f"{word} {len(v)}" for word, v in sorted(tally.items())) +
          (f" (won there at a median of {statistics.median(won):.0f} positions, at most {max(won)})" if won else "") +
          f"; {time.process_time() - start:.1f} s of CPU", flush=True)


if __name__ == "__main__":
    main()
