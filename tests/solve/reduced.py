"""Reduced deals: late-game positions made directly, with the low cards already on the foundations and the rest
shuffled (seeded) into the other piles, small enough for the brute-force reference."""
from __future__ import annotations

from pipeline.engine import registry
from pipeline.engine.cards import rank
from pipeline.engine.core import Game, State
from pipeline.engine.rng import SplitMix64, shuffled


def _state(game: Game, piles: list[list[int]]) -> State:
    down = [len(p) if fd else 0 for p, fd in zip(piles, game.face_down)]
    return State(game.slug, 0, piles, down, {"phase": "play", "to_move": 0, "players": game.players})


def _spread(rng: SplitMix64, cards: list[int], places: list[int], piles: list[list[int]]) -> None:
    for c in cards:
        piles[places[rng.below(len(places))]].append(c)


def parterre(seed: int, up_to: int = 9) -> tuple[Game, State]:
    """Aces to `up_to` of every suit on the foundations; the higher cards over the beds (each bed at least one
    card, so that no space is free at the start) and a few bouquet places; odd seeds sort each bed so its low
    cards lie under its high ones, which is where losses come from."""
    game = registry.get("parterre")
    piles: list[list[int]] = [[] for _ in game.names]
    for f, s in zip(game.group("foundation"), range(4)):
        piles[f] = [s * 13 + r for r in range(up_to)]
    rest = shuffled([c for c in range(52) if rank(c) > up_to], seed)
    rng = SplitMix64(seed)
    beds, bouquet = game.group("bed"), game.group("bouquet")
    n_bouquet = rng.below(3)
    for slot, c in zip(bouquet, rest[:n_bouquet]):
        piles[slot] = [c]
    for bed, c in zip(beds, rest[n_bouquet:]):
        piles[bed] = [c]
    _spread(rng, rest[n_bouquet + len(beds):], beds, piles)
    if seed % 2:  # every other deal the hard way: each bed's lowest cards at the bottom
        for bed in beds:
            piles[bed].sort(key=rank)
    return game, _state(game, piles)


def blockade(seed: int, up_to: int = 11) -> tuple[Game, State]:
    """Both packs' aces to `up_to` on the eight foundations; the rest over the columns and the pack."""
    game = registry.get("blockade")
    piles: list[list[int]] = [[] for _ in game.names]
    for f, (d, s) in zip(game.group("foundation"), [(d, s) for s in range(4) for d in range(2)]):
        piles[f] = [d * 52 + s * 13 + r for r in range(up_to)]
    rest = shuffled([c for c in range(104) if rank(c) > up_to], seed)
    rng = SplitMix64(seed)
    columns = game.group("column")
    in_pack = rng.below(len(rest) // 2 + 1)
    piles[game.index["stock"]] = rest[:in_pack]
    _spread(rng, rest[in_pack:], columns[:6], piles)
    return game, _state(game, piles)


def calculation(seed: int, left: int = 4) -> tuple[Game, State]:
    """Each foundation short of its last `left` cards (foundation k holds suit k); those cards over the talon
    packets, the pack and the turned card."""
    game = registry.get("calculation")
    piles: list[list[int]] = [[] for _ in game.names]
    rest = []
    for k in (1, 2, 3, 4):
        ranks = [(k * i - 1) % 13 + 1 for i in range(1, 14)]
        cards = [(k - 1) * 13 + r - 1 for r in ranks]
        piles[game.index[f"foundation-{k}"]] = cards[:13 - left]
        rest += cards[13 - left:]
    rest = shuffled(rest, seed)
    rng = SplitMix64(seed)
    in_pack = rng.below(len(rest) + 1)
    piles[game.index["stock"]] = rest[:in_pack]
    _spread(rng, rest[in_pack:], game.group("talon"), piles)
    return game, _state(game, piles)



def petits_paquets(seed: int, most: int = 3) -> tuple[Game, State]:
    """Маленькіе пакеты near its end: each suit's two foundations built until at most `most` of its cards are
    left (the upper king's from the ace with pack 1's cards, the lower king's from the queen with pack 2's); those
    cards over a few packets, the thirteenth packet, the exiles and the pack; the second deal made already or
    not, and 0-2 rows dealt (seeded)."""
    game = registry.get("petits-paquets")
    rng = SplitMix64(seed)
    piles: list[list[int]] = [[] for _ in game.names]
    rest = []
    for s in range(4):
        t = rng.below(most + 1)
        u = 12 - t + rng.below(t + 1)
        d = 24 - t - u
        piles[game.ups[s]] = [s * 13 + 12] + [s * 13 + q for q in range(u)]
        piles[game.downs[s]] = [52 + s * 13 + 12] + [52 + s * 13 + q for q in range(11, 11 - d, -1)]
        rest += [s * 13 + q for q in range(u, 12)] + [52 + s * 13 + q for q in range(12 - d)]
    places = game.packets[:3] + [game.packets[3 + rng.below(9)]]
    for c in shuffled(rest, seed + 1):
        where = rng.below(10)
        free = [p for p in game.thirteenth if not piles[p]]
        if where == 6 and free:
            piles[free[rng.below(len(free))]].append(c)
        elif where == 7:
            piles[game.exiles].append(c)
        elif where >= 8:
            piles[game.stock].append(c)
        else:
            piles[places[rng.below(len(places))]].append(c)
    state = _state(game, piles)
    state.vars["rows"] = rng.below(3)
    state.vars["redeals"] = rng.below(2)
    return game, state
