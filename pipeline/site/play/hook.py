"""MkDocs hook "play in the page": ships the board, the engine and the Pyodide runtime into the site.

- `play/*.mjs|css` (this folder) are copied as they are;
- `play/pyodide/`: only the Pyodide files the worker needs, from `node_modules/pyodide` (npm, pinned in
  package.json); nothing comes from a CDN;
- `play/engine.json`: the engine's sources (`pipeline/__init__.py`, `pipeline/engine/**/*.py`) and the worker's
  session module `edition_play.py`, which the worker writes into Pyodide's file system with `FS.writeFile`;
- `play/games.json`: the registered games, read at build time from the engine's registry;
- every page with a `<div class="game-board" data-game="…">` gets the board's stylesheet and script.
"""
from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ASSETS = ("board.mjs", "cards.mjs", "geometry.mjs", "engine.mjs", "worker.mjs", "board.css")
OUT = "play"
MARK = 'class="game-board"'

log = logging.getLogger("mkdocs.hooks.play")
_state: dict[str, object] = {"games": []}


def pyodide_dir(root: Path = ROOT) -> Path:
    return root / "node_modules" / "pyodide"


def engine_sources(root: Path = ROOT) -> dict[str, str]:
    """Path inside the worker's file system -> Python source: the engine package and the session module."""
    files = {"pipeline/__init__.py": (root / "pipeline" / "__init__.py").read_text(encoding="utf-8")}
    engine = root / "pipeline" / "engine"
    for path in sorted(engine.rglob("*.py")):
        rel = path.relative_to(root)
        if "__pycache__" in rel.parts or "tests" in rel.parts:
            continue
        files[rel.as_posix()] = path.read_text(encoding="utf-8")
    files["edition_play.py"] = (HERE / "edition_play.py").read_text(encoding="utf-8")
    return files


def engine_bundle(root: Path = ROOT) -> str:
    files = engine_sources(root)
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    return json.dumps({"version": version, "files": files}, ensure_ascii=False, separators=(",", ":"))


def registered_games() -> list[dict]:
    """The games the engine registers now (its registry, imported at build time: the engine is pure stdlib)."""
    from pipeline.engine import registry

    registry.games.cache_clear()  # a game module added since the last build (mkdocs serve) is found too
    return [{"slug": g.slug, "number": g.number, "title_ru": g.title_ru, "players": g.players}
            for g in registry.games().values()]


def on_files(files: Files, config) -> Files:
    pyo = pyodide_dir()
    missing = [name for name in PYODIDE_FILES if not (pyo / name).is_file()]
    if missing:
        raise PluginError(f"{pyo}: missing {', '.join(missing)} — the board needs the pinned npm package "
                          f"pyodide; run `bash run.sh setup` (npm ci) and build again")
    for name in PYODIDE_FILES:
        files.append(File.generated(config, f"{OUT}/pyodide/{name}", abs_src_path=str(pyo / name)))
    for name in ASSETS:
        files.append(File.generated(config, f"{OUT}/{name}", abs_src_path=str(HERE / name)))
    try:
        games = registered_games()
    except Exception as err:  # a game module that does not import must say so at build time
        raise PluginError(f"pipeline/engine: the registry does not load ({err}); fix the game module") from err
    files.append(File.generated(config, f"{OUT}/engine.json", content=engine_bundle()))
    files.append(File.generated(config, f"{OUT}/games.json",
                                content=json.dumps(games, ensure_ascii=False, indent=1)))
    _state["games"] = games
    return files


def tags(page_url: str, version: str, games: list[dict]) -> tuple[str, str]:
    """The stylesheet and the registered games (JSON, so the board knows without a request whether its game
    exists) for <head>; the board's module script for the end of <body>."""
    css = get_relative_url(f"{OUT}/board.css", page_url)
    js = get_relative_url(f"{OUT}/board.mjs", page_url)
    data = json.dumps(games, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    head = (f'<link rel="stylesheet" href="{css}?v={version}">\n'
            f'<script type="application/json" id="edition-play-games">{data}</script>\n')
    body = f'<script type="module" src="{js}?v={version}"></script>\n'
    return head, body


def asset_version() -> str:
    digest = hashlib.sha256()
    for name in ASSETS:
        digest.update((HERE / name).read_bytes())
    return digest.hexdigest()[:12]


def on_post_page(output: str, page, config) -> str:
    if MARK not in output:
        return output
    head, body = tags(page.url, asset_version(), _state["games"])  # type: ignore[arg-type]
    output = output.replace("</head>", head + "</head>", 1)
    return output.replace("</body>", body + "</body>", 1)
