"""Cards as small ints: ``card = deck*52 + suit*13 + (rank-1)``; ids like ``"QH2"`` (queen of hearts, pack 2)."""
from __future__ import annotations

SUITS = "SHDC"  # order of a new pack: spades, hearts, diamonds, clubs
SUITS_RU = ("пики", "черви", "бубны", "трефы")
SUITS_EN = ("spades", "hearts", "diamonds", "clubs")
RANKS = "A23456789TJQK"  # "T" = ten, so every id has one rank letter
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RED = "red"
BLACK = "black"


def rank(card: int) -> int:
    """1 (ace) .. 13 (king)."""
    return card % 13 + 1


def suit(card: int) -> int:
    """0..3 as in SUITS."""
    return card // 13 % 4


def deck(card: int) -> int:
    """0 for the first pack, 1 for the second."""
    return card // 52


def colour(card: int) -> str:
    return RED if suit(card) in (1, 2) else BLACK


def card_id(card: int) -> str:
    return f"{RANKS[card % 13]}{SUITS[suit(card)]}{deck(card) + 1}"


def parse_card(text: str) -> int:
    """Inverse of card_id: "QH2" -> int."""
    if len(text) != 3 or text[0] not in RANKS or text[1] not in SUITS or text[2] not in "12":
        raise ValueError(f"bad card id {text!r}: expected rank {RANKS}, suit {SUITS}, pack 1 or 2, e.g. 'QH2'")
    return (int(text[2]) - 1) * 52 + SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def new_pack(decks: int) -> list[int]:
    """Cards of 1 or 2 packs in pack order (pack 1 spades A..K, hearts, diamonds, clubs, then pack 2)."""
    if decks not in (1, 2):
        raise ValueError(f"a game uses 1 or 2 packs, not {decks}")
    return list(range(52 * decks))
