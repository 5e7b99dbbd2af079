"""MkDocs hook "play in the page": ships the board, the engine and the Pyodide runtime into the site.

- `play/*.mjs|css` (this folder) are copied as they are;
- `play/pyodide/`: only the Pyodide files the worker needs, from `node_modules/pyodide` (npm, pinned in
  package.json); nothing comes from a CDN;
- `play/engine.json`: the engine's sources (`pipeline/__init__.py`, `pipeline/engine/**/*.py`, `pipeline/solve/**/*.py`) and the worker's
  session module `edition_play.py`, which the worker writes into Pyodide's file system with `FS.writeFile`;
- `play/games.json`: the registered games, read at build time from the engine's registry; `play/describe/<slug>.json`
  (the engine's `api.describe`: layout and rules), so the board draws its piles and rules while Pyodide loads;
- every page with a `<div class="game-board" data-game="…">` gets the board's stylesheet and script.
"""
from __future__ import annotations

import ast
import hashlib
import json
import logging
import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

from pipeline.site.play.early import EARLY_WORKER_JS

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
    """Path inside the worker's file system -> Python source: the engine and solver packages (the solver gives the
    hint) and the session module."""
    files = {"pipeline/__init__.py": (root / "pipeline" / "__init__.py").read_text(encoding="utf-8")}
    paths = [p for part in ("engine", "solve") for p in sorted((root / "pipeline" / part).rglob("*.py"))]
    for path in paths:
        rel = path.relative_to(root)
        if "__pycache__" in rel.parts or "tests" in rel.parts:
            continue
        files[rel.as_posix()] = path.read_text(encoding="utf-8")
    files["edition_play.py"] = (HERE / "edition_play.py").read_text(encoding="utf-8")
    return files


GAMES_PKG = "pipeline/engine/games/"


def _games_imported(path: Path, games_dir: Path) -> set[Path]:
    """The modules of the games package that a game module imports (relative or absolute)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                names = [node.module] if node.module else [a.name for a in node.names]
            elif node.level == 0 and (node.module or "").startswith("pipeline.engine.games."):
                names = [node.module.rsplit(".", 1)[1]]
            else:
                continue
            found |= {games_dir / f"{n.split('.')[0]}.py" for n in names} & set(games_dir.glob("*.py"))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("pipeline.engine.games."):
                    found |= {games_dir / f"{alias.name.split('.')[3]}.py"} & set(games_dir.glob("*.py"))
    return found


def game_modules(root: Path = ROOT) -> dict[str, list[str]]:
    """slug -> the game modules its page needs (its own and what it imports from the games package): a worker
    writes only these, so the registry imports one game instead of all (Python compiles each on import)."""
    from pipeline.engine import registry

    games_dir = root / GAMES_PKG
    out = {}
    for slug, game in registry.games().items():
        todo = [games_dir / f"{type(game).__module__.rsplit('.', 1)[1]}.py"]
        seen: set[Path] = set()
        while todo:
            path = todo.pop()
            if path in seen or not path.is_file():
                continue
            seen.add(path)
            todo.extend(_games_imported(path, games_dir))
        out[slug] = sorted(p.relative_to(root).as_posix() for p in seen | {games_dir / "__init__.py"})
    return out


def engine_bundle(root: Path = ROOT) -> str:
    files = engine_sources(root)
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    return json.dumps({"version": version, "games_package": GAMES_PKG, "games": game_modules(root), "files": files},
                      ensure_ascii=False, separators=(",", ":"))


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
    from pipeline.engine import api

    for game in games:
        files.append(File.generated(config, f"{OUT}/describe/{game['slug']}.json",
                                    content=json.dumps(api.describe(game["slug"]), ensure_ascii=False)))
    _state["games"] = games
    return files


# Only on pages whose game the engine has (pipeline/site/play/early.py says why it is inline and constant).
EARLY_WORKER = '<script data-worker="{url}" data-game="{slug}">' + EARLY_WORKER_JS.replace("{", "{{").replace("}", "}}") \
    + '</script>\n'
GAME_ATTR = re.compile(r'<div class="game-board" data-game="([a-z0-9-]+)"')


def tags(page_url: str, version: str, games: list[dict], slug: str | None = None) -> dict[str, str]:
    """What the page gets: `early` (first thing in <head>, before any stylesheet can hold a script back: the
    worker's start, if the engine has the page's game), `head` (the stylesheet and the page's game as the engine
    registers it — JSON `null` if it does not — so the board knows without a request) and `body` (the board's
    module script). A few hundred bytes: the chapter page has a weight budget."""
    css = get_relative_url(f"{OUT}/board.css", page_url)
    js = get_relative_url(f"{OUT}/board.mjs", page_url)
    game = next((g for g in games if g["slug"] == slug), None)
    data = json.dumps(game, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    early = ""
    if game:
        early = EARLY_WORKER.format(url=get_relative_url(f"{OUT}/worker.mjs", page_url), slug=slug)
    return {
        "early": early,
        "head": (f'<link rel="stylesheet" href="{css}?v={version}">\n'
                 f'<script type="application/json" id="edition-play-game">{data}</script>\n'),
        "body": f'<script type="module" src="{js}?v={version}"></script>\n',
    }


def asset_version() -> str:
    digest = hashlib.sha256()
    for name in ASSETS:
        digest.update((HERE / name).read_bytes())
    return digest.hexdigest()[:12]


def on_post_page(output: str, page, config) -> str:
    if MARK not in output:
        return output
    found = GAME_ATTR.search(output)
    add = tags(page.url, asset_version(), _state["games"], found.group(1) if found else None)  # type: ignore[arg-type]
    if add["early"]:
        output = re.sub(r"(<head[^>]*>\s*(?:<meta charset[^>]*>\s*)?)", lambda m: m.group(1) + add["early"], output, count=1)
    output = output.replace("</head>", add["head"] + "</head>", 1)
    return output.replace("</body>", add["body"] + "</body>", 1)
