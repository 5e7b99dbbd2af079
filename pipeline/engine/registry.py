"""slug -> game, discovered from the modules in `pipeline/engine/games/` (each defines one `Game` subclass `GAME`)."""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from . import games as _games_pkg
from .core import Game


@lru_cache(maxsize=None)
def games() -> dict[str, Game]:
    """All registered games, by slug, in the book's order."""
    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(_games_pkg.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{_games_pkg.__name__}.{info.name}")
        cls = getattr(module, "GAME", None)
        if cls is None:
            continue
        game = cls()
        if game.slug in found:
            raise ValueError(f"two game modules declare the slug {game.slug!r}")
        found[game.slug] = game
    return dict(sorted(found.items(), key=lambda kv: (kv[1].number, kv[0])))


def get(slug: str) -> Game:
    try:
        return games()[slug]
    except KeyError:
        raise KeyError(f"no game {slug!r}; known games: {', '.join(games())}") from None
