"""Sympathy without the engine: an independent model of the game's outcome, for the cross-check of its win rate.

Sympathy has no choices. Every top card of a packet is turned up sooner or later (each player turns his until none
is face down), a turned card pairs with its twin — the same card of the other pack — as soon as both lie face up
on top, and a pair leaving uncovers the cards below. Pairing is *confluent*: taking one pair away never stops
another pair from forming later, so the cards left at the end do not depend on the order of turning. The graces
(one card a player, reconstructed rule 'grace') are turned when nothing else can be, i.e. they simply join the
face-up cards. So a deal is won exactly when repeatedly removing twin pairs that both lie on top (graces counted
as tops) empties the table.
"""
from __future__ import annotations

from pipeline.engine.cards import deck, new_pack
from pipeline.engine.rng import shuffled


def layout(deal: int) -> tuple[list[list[list[int]]], list[int]]:
    """The deal as the book lays it (¶1): each player's own cards, in the order they come off the shuffled double
    pack, dealt into 17 packets of three (bottom first), the 52nd card his grace. Returns (packets by player,
    graces)."""
    pack = shuffled(new_pack(2), deal)
    packets: list[list[list[int]]] = [[[] for _ in range(17)], [[] for _ in range(17)]]
    graces = [0, 0]
    dealt = [0, 0]
    for card in reversed(pack):  # the top of the pack is its last card
        player = deck(card)
        k = dealt[player]
        dealt[player] += 1
        if k < 51:
            packets[player][k // 3].append(card)
        else:
            graces[player] = card
    return packets, graces


def established(packets: list[list[list[int]]], graces: list[int]) -> bool:
    """Does every card pair off? Twin pairs on top are removed until none is left (order does not matter)."""
    piles = [[list(p) for p in packets[0]] + [[graces[0]]], [list(p) for p in packets[1]] + [[graces[1]]]]
    tops: list[dict[int, int]] = [{}, {}]  # face (card % 52) -> index of the pile it tops, per player
    for player in (0, 1):
        for i, pile in enumerate(piles[player]):
            tops[player][pile[-1] % 52] = i
    ready = [face for face in tops[0] if face in tops[1]]
    while ready:
        face = ready.pop()
        for player in (0, 1):
            pile = piles[player][tops[player].pop(face)]
            pile.pop()
            if pile:
                new = pile[-1] % 52
                tops[player][new] = piles[player].index(pile)
                if new in tops[1 - player]:
                    ready.append(new)
    return not any(p for side in piles for p in side)


def win_rate(deals: range) -> tuple[int, int]:
    """(won, deals) by the model over the given deal numbers."""
    won = sum(established(*layout(d)) for d in deals)
    return won, len(deals)
