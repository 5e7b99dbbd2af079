"""Per-game knowledge the solver uses, keyed by slug — never edits to the game modules.

For each game, a `Tactics`:
- `symmetric`: pile groups whose piles are interchangeable (the rules treat them alike and nothing refers to one of
  them by name), so positions differing only by their order are one position for the transposition table;
- `merge_decks`: the two packs' copies of a card play alike, so positions differing only by which copy lies where
  are one position (every rule compares rank, suit or colour, never the pack);
- `order`: a sort key over moves (lower first);
- `safe`: a function returning a move that is provably never worse than any other (the solver plays it without
  branching), or None. Every safe rule below carries its dominance argument; tests/solver checks each one against
  an exhaustive search.

A game not in the table gets the defaults: no symmetry, packs merged, moves ordered play < marry < fill < others,
no safe moves (a single legal move is always played without branching: that needs no argument).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from pipeline.engine import cards as C
from pipeline.engine.core import Game, Move, State

KIND_ORDER = {"play": 0, "marry": 1, "fill": 2}


def by_kind(game: Game, state: State, move: Move) -> tuple:
    return (KIND_ORDER.get(move.kind, 3),)


@dataclass(frozen=True)
class Tactics:
    symmetric: tuple[str, ...] = ()
    merge_decks: bool = True
    order: Callable[[Game, State, Move], tuple] = by_kind
    safe: Optional[Callable[[Game, State, list[Move]], Optional[Move]]] = None
    prune: Optional[Callable[[Game, State, list[Move]], list[Move]]] = None  # drop moves a proof shows useless
    streamline: bool = True  # first search only lines that play every card that can go up (see Search.solve)


# --- helpers -----------------------------------------------------------------------------------------------------


def _foundation_cards(game: Game, state: State) -> list[int]:
    out = []
    for f in game.foundations:
        out.extend(state.piles[f])
    return out


def _played(game: Game, state: State) -> dict[tuple[int, int], int]:
    """(rank, suit) -> how many copies lie on the foundations."""
    seen: dict[tuple[int, int], int] = {}
    for c in _foundation_cards(game, state):
        k = (C.rank(c), C.suit(c))
        seen[k] = seen.get(k, 0) + 1
    return seen


def _source(move: Move) -> int | None:
    first = move.steps[0] if move.steps else None
    return first[1] if first and first[0] == "move" else None


# --- Parterre (Flower Garden) --------------------------------------------------------------------------------------


def parterre_safe(game: Game, state: State, moves: list[Move]) -> Move | None:
    """A card of rank r goes to its foundation at once when r <= 2 or every card of rank r-1 is on the foundations.

    Why never worse: in Parterre a card's only uses besides its foundation are (a) to host a card one rank lower
    on a bed (any suit) and (b) to be moved between beds. (a) is impossible once every r-1 is on the foundations
    (foundation cards never come back); for r = 2 the only guests would be aces, and an ace that could be put on a
    two can always go to its foundation instead (each suit has its own foundation; nothing ever goes on an ace on a
    bed), so a solution that parks an ace on a two stays a solution when the ace is played up instead. For r = 1
    nothing ever goes on an ace. (b) only frees the card below, which playing the card up frees as well. Take any
    winning line, delete every move of this card and play it up first: each remaining move stays legal (the
    card's former piles only ever receive after it left them, and a bed it vacates stays a space the line never
    needed), and the foundation of its suit receives it at the one moment it could."""
    played = None
    for m in moves:
        if m.kind != "play":
            continue
        card = state.piles[_source(m)][-1]
        r = C.rank(card)
        if r <= 2:
            return m
        if played is None:
            played = _played(game, state)
        if sum(n for (rank, _), n in played.items() if rank == r - 1) == 4:
            return m
    return None


def parterre_prune(game: Game, state: State, moves: list[Move]) -> list[Move]:
    """Drop a bouquet card's move onto a bed (a marriage or a space) while no other available card is one rank
    lower.

    Why no win is lost: every bouquet card is available at every moment (rule I), so laying it on a bed can be put
    off until just before the first move that uses it there — a card laid on it, or its leaving the bed, which the
    card could as well do straight from the bouquet. Putting it off changes nothing else: the bed card it would
    have covered stays uncovered meanwhile (more is available, never less), and nothing else could have gone on
    that bed while the bouquet card lay on it. So some winning line lays a bouquet card on a bed only when a card
    one rank lower goes onto it next, and that card is available at that moment."""
    bouquet = game.kind
    available = None
    out = []
    for m in moves:
        src = _source(m)
        if m.kind == "play" or src is None or bouquet[src] != "bouquet":
            out.append(m)
            continue
        if available is None:
            available = {}
            for i, pile in enumerate(state.piles):
                if pile and bouquet[i] in ("bouquet", "tableau"):
                    r = C.rank(pile[-1])
                    available[r] = available.get(r, 0) + 1
        if available.get(C.rank(state.piles[src][-1]) - 1, 0):
            out.append(m)
    return out


# --- Blockade ------------------------------------------------------------------------------------------------------


def blockade_safe(game: Game, state: State, moves: list[Move]) -> Move | None:
    """A column's top card (rank r, suit s) goes to a foundation at once when both copies of r-1 of s are on the
    foundations (always for an ace), provided the column keeps a card below it or the pack is empty.

    Why never worse: a column card's only other uses are to host the next lower card of its suit (rule
    'marry-suit', building down) — impossible once both copies of r-1 of s are played up — and to move onto another
    column, which only frees what lies below, as playing up does. Both foundations of suit s then stand at r-1 or
    already hold the other copy of r/s, so whichever of them the card takes, the other copy can still go where the
    winning line put it (the two foundations are interchangeable at that rank). The column must not empty while the
    pack still has cards: a space is refilled at once from the pack (rule 'fill'), which would change which card
    each later row puts where; with a card left below, every later row lands on the same columns as before.

    The same holds in the variant 'columns' (the generic search plays it with these tactics): there the card's
    leaving frees the card beneath it and takes nothing from the pack, as its moving onto another column would,
    and only an emptied column is refilled (excluded here as above). In both readings the card, up or not, is a
    play, so no row is dealt until it goes up (rule 'next'): the winning line deals nothing before it either."""
    played = None
    stock = game.index["stock"]
    for m in moves:
        if m.kind != "play":
            continue
        src = _source(m)
        if len(state.piles[src]) < 2 and state.piles[stock]:
            continue
        card = state.piles[src][-1]
        r, s = C.rank(card), C.suit(card)
        if r == 1:
            return m
        if played is None:
            played = _played(game, state)
        if played.get((r - 1, s), 0) == 2:
            return m
    return None


# --- Calculation ---------------------------------------------------------------------------------------------------


def _calculation_wait(game: Game, state: State, card: int | None) -> int:
    """How many cards must go up before some foundation wants this card's rank (0: wanted now); 13 for no card
    (an empty talon packet covers nothing)."""
    if card is None:
        return 13
    r = C.rank(card)
    best = 13
    for f in game.foundations:
        pile = state.piles[f]
        if len(pile) >= 13:
            continue
        step = game.specs[f].build.step
        top = C.rank(pile[-1])
        for k in range(1, 14 - len(pile)):
            if (top + k * step - 1) % 13 + 1 == r:
                best = min(best, k - 1)
                break
    return best


def calculation_order(game: Game, state: State, move: Move) -> tuple:
    """Foundations first; then turning; a card for the talon goes on the packet whose top is wanted soonest after
    the card itself (so the card leaves before it blocks anything), failing that on an empty packet, and last on a
    packet whose top is wanted before it (least early first)."""
    if move.kind == "play":
        return (0, 0)
    if move.kind == "turn":
        return (1, 0)
    src, dst = move.steps[0][1], move.steps[0][2]
    card = state.piles[src][-1]
    under = state.piles[dst][-1] if state.piles[dst] else None
    gap = _calculation_wait(game, state, under) - _calculation_wait(game, state, card)
    if under is None:
        return (3, 0)
    return (2, gap) if gap >= 0 else (4, -gap)


TACTICS: dict[str, Tactics] = {
    # beds interchangeable, bouquet places interchangeable, foundations offered first-empty and otherwise alike
    "parterre": Tactics(symmetric=("bed", "bouquet", "foundation"), safe=parterre_safe,
                         prune=parterre_prune),
    # the eight foundations are alike; the twelve columns are not (rows are dealt left to right, spaces refilled
    # leftmost first)
    "blockade": Tactics(symmetric=("foundation",), safe=blockade_safe),
    # the four talon packets are alike (rule II: made up at will); the four foundations build by different steps
    "calculation": Tactics(symmetric=("talon",), order=calculation_order),
    # the eight wings are alike (a space is filled before anything else, so at most one is ever empty); the angles
    # are not: the variable 'borrowed' names one of them
    "windmill": Tactics(symmetric=("wing",)),
    # the two packs belong to the two players: keep them apart
    "sympathy": Tactics(merge_decks=False),
}

DEFAULT = Tactics()


def tactics(slug: str) -> Tactics:
    return TACTICS.get(slug, DEFAULT)
