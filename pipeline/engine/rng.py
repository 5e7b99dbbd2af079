"""Own PRNG (splitmix64) and Fisher-Yates, so deal N is the same deal in every Python and in Pyodide."""
from __future__ import annotations

MASK = (1 << 64) - 1


class SplitMix64:
    """Steele, Lea & Flood's splitmix64; 64-bit integer arithmetic only."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n): rejection sampling, so no modulo bias."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            r = self.next()
            if r < limit:
                return r % n


def shuffle(cards: list[int], rng: SplitMix64) -> list[int]:
    """Fisher-Yates in place (Durstenfeld: from the end); returns the list."""
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def shuffled(cards: list[int], deal: int) -> list[int]:
    """The pack for deal number `deal` (>= 1). The last card of the list is the top of the pack."""
    if deal < 1:
        raise ValueError(f"deal numbers start at 1, got {deal}")
    if deal > MASK:  # the seed is 64 bits: a larger number would repeat a smaller deal
        raise ValueError(f"deal numbers end at 2**64 - 1 = {MASK}, got {deal}")
    return shuffle(list(cards), SplitMix64(deal))
