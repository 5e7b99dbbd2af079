"""How far a position is from a win, as the solver's move ordering sees it: cards on the foundations, less how deep
the cards the foundations want next are buried. Read from the piles' declarations only, so it serves every game."""
from __future__ import annotations

from .core import Game, State


class Progress:
    """`score(state)`: higher is nearer a win. Precomputes, for every foundation and every card that may lie on
    top of it, which cards it takes next (by its `Build`), and which cards start it (by its `base`)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        n = game.ncards
        self.foundations = game.foundations
        self.others = [i for i in range(len(game.names)) if i not in set(game.foundations)]
        self.next_of: list[list[frozenset]] = []
        self.start_of: list[frozenset] = []
        from .cards import rank
        for f in self.foundations:
            spec = game.specs[f]
            build = spec.build
            self.next_of.append([frozenset(c for c in range(n) if build is not None and build.fits(t, c))
                                 for t in range(n)])
            self.start_of.append(frozenset(c for c in range(n) if spec.base is None or rank(c) in spec.base))

    def wanted(self, state: State) -> set[int]:
        want: set[int] = set()
        piles = state.piles
        for k, f in enumerate(self.foundations):
            pile = piles[f]
            want |= self.next_of[k][pile[-1]] if pile else self.start_of[k]
        return want

    def score(self, state: State) -> int:
        piles = state.piles
        want = self.wanted(state)
        on = sum(len(piles[f]) for f in self.foundations)
        depth = 0
        for i in self.others:
            pile = piles[i]
            top = len(pile) - 1
            for j, c in enumerate(pile):
                if c in want:
                    depth += top - j
        return 8 * on - depth
