"""MkDocs hook "play in the page": ships the board, the engine and the Pyodide runtime into the site.

- `play/*.mjs|css` (this folder) are copied as they are;
- `play/pyodide/`: only the Pyodide files the worker needs, from `node_modules/pyodide` (npm, pinned in
  package.json); nothing comes from a CDN; its `python_stdlib.zip` with the modules the worker imports compiled to
  bytecode (`compiled_stdlib`: Pyodide ships source, and compiling it was most of its start in the page);
- `play/engine/<slug>.json`: per game, the sources its worker needs and nothing more — the Python modules that the
  session module `edition_play.py`, the game's modules and its solver (for the hint) import, found by reading
  their imports (`module_closure`); the worker writes them into Pyodide's file system with `FS.writeFile`;
- `play/sw.js`: the service worker that keeps the runtime and the engine across chapters and visits;
- `X.gz` beside every runtime and engine file (gzip, mtime 0: the same bytes each build), which `edition serve`
  (and any static host) sends with `Content-Encoding: gzip`;
- `play/games.json`: the registered games, read at build time from the engine's registry; `play/describe/<slug>.json`
  (the engine's `api.describe`, each rule with its `anchor` in the chapter);
- `play/first/<slug>.json`: the game's board at its default deal (the engine's layout, rules and first position,
  computed here), which the chapter page preloads for board.mjs; `play/first/<slug>.css`: where the piles of the
  board the build draws into the page (static.py) lie at every width;
- every page with a `<div class="game-board" data-game="…">` gets the board's stylesheet and script, the preload and
  its game as JSON; the runtime starts only when the reader moves towards the game (board.mjs).
"""
from __future__ import annotations

import ast
import functools
import gzip
import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

from pipeline.site.play import static

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ASSETS = ("board.mjs", "cards.mjs", "geometry.mjs", "engine.mjs", "worker.mjs", "sw.js", "board.css")
OUT = "play"
MARK = 'class="game-board'

log = logging.getLogger("mkdocs.hooks.play")
_state: dict[str, object] = {"games": []}


def pyodide_dir(root: Path = ROOT) -> Path:
    return root / "node_modules" / "pyodide"


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


def _module_file(root: Path, dotted: str) -> Path | None:
    """The file of module `pipeline.x.y` (a module or a package's __init__), if it is ours."""
    base = root.joinpath(*dotted.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imports(path: Path, root: Path) -> set[Path]:
    """Our modules that `path` imports anywhere in it (top level or inside functions), absolute or relative,
    with the packages they live in. Read once a build per version of the file (13 bundles share most modules)."""
    return set(_imports_of(path, root, path.stat().st_mtime_ns))


@functools.lru_cache(maxsize=None)
def _imports_of(path: Path, root: Path, mtime_ns: int) -> frozenset[Path]:
    rel = path.relative_to(root).with_suffix("")
    package = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package[:len(package) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            names.append(base)
            names += [f"{base}.{a.name}" for a in node.names]  # `from pkg import module`
    found = set()
    for name in names:
        if not name.startswith("pipeline"):
            continue
        parts = name.split(".")
        for i in range(1, len(parts) + 1):  # the module and every package on its way
            hit = _module_file(root, ".".join(parts[:i]))
            if hit is not None:
                found.add(hit)
    return frozenset(found)


def module_closure(starts: list[Path], root: Path = ROOT) -> list[Path]:
    """Every module of ours that `starts` need, by reading their imports transitively (sound for static imports;
    the engine's two dynamic ones — the registry's game modules, the solver's per-game module — are given as
    starts by `game_sources`)."""
    seen: set[Path] = set()
    todo = list(starts)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        todo.extend(_imports(path, root) - seen)
    return sorted(seen)


SOLVER_GAMES = "pipeline/solve/games/"


def game_sources(slug: str, root: Path = ROOT, modules: dict[str, list[str]] | None = None) -> dict[str, str]:
    """Path inside the worker's file system -> source, for one game's page: the session module and what it
    imports, the game's modules (the registry imports whatever game modules it finds) and the game's own solver
    (for the hint; `pipeline.solve.games.for_game` imports it by the slug's name)."""
    starts = [HERE / "edition_play.py", root / "pipeline" / "solve" / "search.py"]
    starts += [root / p for p in (modules or game_modules(root))[slug]]  # `modules`: game_modules(), if known
    solver = root / SOLVER_GAMES / f"{slug.replace('-', '_')}.py"
    if solver.is_file():
        starts.append(solver)
    files = {}
    for path in module_closure(starts, root):
        name = "edition_play.py" if path == HERE / "edition_play.py" else path.relative_to(root).as_posix()
        files[name] = path.read_text(encoding="utf-8")
    return files


def stdlib_imports(sources: list[str]) -> list[str]:
    """The standard-library modules (top-level names) that these sources import, anywhere in them: what the
    worker will import from Pyodide's library."""
    names = set()
    for text in sorted(set(sources)):  # each module once (the bundles share most of theirs)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                names |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module.split(".")[0])
    return sorted(n for n in names if n in sys.stdlib_module_names and n != "__future__")


STDLIB_PYC = HERE / "stdlib_pyc.mjs"
CACHE = ROOT / ".cache" / "pyodide-stdlib"


def compiled_stdlib(pyodide: Path, modules: list[str], cache: Path = CACHE) -> bytes:
    """Pyodide's `python_stdlib.zip` with what its start and `modules` load compiled to bytecode (stdlib_pyc.mjs,
    under Node: only Pyodide's own CPython writes its bytecode). Kept in `.cache/` by a digest of its inputs (the
    archive, the script, the module list), so a build compiles it once; the same inputs give the same bytes. No
    Node, or a failure: the archive as Pyodide ships it, with a warning (the board works, it starts slower)."""
    original = (pyodide / "python_stdlib.zip").read_bytes()
    digest = hashlib.sha256(original + STDLIB_PYC.read_bytes() + " ".join(modules).encode()).hexdigest()[:16]
    kept = cache / f"python_stdlib-{digest}.zip"
    if kept.is_file():
        return kept.read_bytes()
    node = shutil.which("node")
    if node is None:
        log.warning("play: no node on PATH: python_stdlib.zip shipped as source (the engine starts slower)")
        return original
    cache.mkdir(parents=True, exist_ok=True)
    part = kept.with_suffix(f".{os.getpid()}.part")  # this process's own: builds may run side by side
    done = subprocess.run([node, str(STDLIB_PYC), str(pyodide), str(part), *modules], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=600)
    if done.returncode != 0 or not part.is_file():
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        log.warning(f"play: compiling Pyodide's stdlib failed ({last[:200]}): shipped as source")
        part.unlink(missing_ok=True)
        return original
    part.replace(kept)
    return kept.read_bytes()


SNAPSHOT_JS = HERE / "snapshot.mjs"


def snapshot_sources(sources: dict[str, dict[str, str]], plan: dict) -> dict:
    """What the build's memory snapshot holds (snapshot.mjs): every module of every game's bundle, imported after
    the plan's standard-library and common modules, and the games whose solvers it imports."""
    files: dict[str, str] = {}
    for slug in sorted(sources):
        files.update(sources[slug])
    ours = sorted(p[:-3].removesuffix("/__init__").replace("/", ".") for p in files if p != "edition_play.py")
    return {"files": dict(sorted(files.items())), "modules": list(plan["modules"]) + ours + ["edition_play"],
            "slugs": sorted(sources)}


def built_snapshot(pyodide: Path, stdlib: bytes, held: dict, cache: Path = CACHE) -> tuple[str, bytes] | None:
    """Pyodide's memory with every game imported, made here under Node (snapshot.mjs) from the standard library the
    site ships (`stdlib`, the same bytes): (key, image), or None without Node or on a failure (the worker then starts
    Python itself and keeps its own snapshot). Kept in `.cache/` by a digest of its inputs (Pyodide's runtime, the
    library, the script, the sources)."""
    digest = hashlib.sha256()
    for name in ("pyodide.asm.wasm", "pyodide.asm.js"):
        digest.update(hashlib.sha256((pyodide / name).read_bytes()).digest())
    digest.update(hashlib.sha256(stdlib).digest())
    digest.update(SNAPSHOT_JS.read_bytes())
    digest.update(json.dumps(held, sort_keys=True).encode())
    key = digest.hexdigest()[:16]
    kept = cache / f"snapshot-{key}.bin"
    if kept.is_file():
        return key, kept.read_bytes()
    node = shutil.which("node")
    if node is None:
        log.warning("play: no node on PATH: no memory snapshot built (the engine starts slower)")
        return None
    cache.mkdir(parents=True, exist_ok=True)
    own = f".{os.getpid()}"  # this process's own names: builds may run side by side
    zip_path, src_path, part = (kept.with_suffix(own + s) for s in (".zip.part", ".json.part", ".part"))
    zip_path.write_bytes(stdlib)
    src_path.write_text(json.dumps(held), encoding="utf-8")
    try:
        done = subprocess.run([node, str(SNAPSHOT_JS), str(pyodide), str(zip_path), str(src_path), str(part)],
                              capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600)
    finally:
        zip_path.unlink(missing_ok=True)
        src_path.unlink(missing_ok=True)
    if done.returncode != 0 or not part.is_file():
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        log.warning(f"play: the memory snapshot failed ({last[:200]}): none shipped")
        part.unlink(missing_ok=True)
        return None
    part.replace(kept)
    return key, kept.read_bytes()


def snapshot_plan(sources: dict[str, dict[str, str]], stdlib: list[str]) -> dict:
    """What the worker imports before it takes Pyodide's memory snapshot (worker.mjs), the same for every game:
    the standard-library modules the engine uses and the modules of ours that every game's bundle holds (the
    session, the engine's core, the solver's search; no game module, and the registry is not asked for its games,
    so a snapshot taken on one chapter serves every other). `key`: a digest of those modules' sources and of the
    list, so a changed module is a new snapshot."""
    common = set.intersection(*(set(files) for files in sources.values())) if sources else set()
    first = next(iter(sources.values()), {})
    ours = sorted(path[:-3].removesuffix("/__init__").replace("/", ".") for path in common)
    digest = hashlib.sha256(json.dumps([stdlib, ours, [first[p] for p in sorted(common)]]).encode())
    return {"key": digest.hexdigest()[:16], "modules": list(stdlib) + ours}


def engine_bundle(slug: str, root: Path = ROOT, files: dict[str, str] | None = None,
                  snapshot: dict | None = None) -> tuple[str, str]:
    """One game's bundle as JSON, and its version (a digest of its files and of the snapshot plan)."""
    files = game_sources(slug, root) if files is None else files
    snapshot = snapshot or {"key": "", "modules": []}
    version = hashlib.sha256(json.dumps([files, snapshot], sort_keys=True).encode()).hexdigest()[:16]
    return version, json.dumps({"version": version, "slug": slug, "files": files, "snapshot": snapshot},
                               ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def rule_places(slug: str, root: Path = ROOT) -> dict[str, str]:
    """Rule number -> the id of its place in the chapter page, read from the chapter's TEI (which the page is
    rendered from): each rules item's `xml:id` by its `n`, and for rules read from the Игра section ("play") that
    section's id as the site renders it (its `xml:id`, else its type: pipeline/site/render.py)."""
    from lxml import etree

    path = root / "edition" / "tei" / f"{slug}.xml"
    if not path.is_file():
        return {}
    tei = etree.parse(str(path))
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    xml_id = "{http://www.w3.org/XML/1998/namespace}id"
    out = {item.get("n"): item.get(xml_id) for item in tei.iterfind(".//t:div[@type='rules']//t:item", ns)
           if item.get("n") and item.get(xml_id)}
    play = tei.find(".//t:div[@type='play']", ns)
    if play is not None:
        out["play"] = play.get(xml_id) or "play"
    return out


def described(slug: str) -> dict:
    """`api.describe` with each rule's `anchor`, where the board links it: the element the engine's rule ledger
    cites (`cite`), else the TEI's place of the rule's number; None for a reconstructed rule (not in the text)."""
    from pipeline.engine import api

    info = api.describe(slug)
    places = rule_places(slug)
    for rule in info["rules"]:
        rule["anchor"] = (rule.get("cite") or places.get(rule["number"])) if rule["source"] == "text" else None
    return info


DEFAULT_DEAL = 1  # the deal a chapter opens with (no #deal= in its address): drawn by the build, played on intent


def first_board(slug: str, version: str, info: dict) -> dict:
    """The board of a chapter before its engine runs, `play/first/<slug>.json`: the engine's layout and rules (with
    anchors) and the default deal's first position as the session answers it, computed here by the engine. The page
    preloads it (a few KB; the chapter page itself has a weight budget). Its legal moves are not in it: they come
    with the engine, and the first touch on the board is played once it is up. `info`: the game's `described`."""
    from pipeline.site.play import edition_play

    info = dict(info)  # the layout moves out of it; the caller's copy stays whole
    view = edition_play.initial_view(slug, DEFAULT_DEAL)
    return {"deal": DEFAULT_DEAL, "bundle": version, "layout": info.pop("layout"), "info": info,
            "view": {k: v for k, v in view.items() if k not in ("layout", "info", "legal_moves")}}


def gzipped(data: bytes, level: int = 9) -> bytes:
    """gzip with no name and mtime 0: the same input gives the same bytes on every build."""
    return gzip.compress(data, compresslevel=level, mtime=0)


def registered_games() -> list[dict]:
    """The games the engine registers now (its registry, imported at build time: the engine is pure stdlib)."""
    from pipeline.engine import registry

    registry.games.cache_clear()  # a game module added since the last build (mkdocs serve) is found too
    return [{"slug": g.slug, "number": g.number, "title_ru": g.title_ru, "players": g.players}
            for g in registry.games().values()]


GZIP_MIN = 1024  # smaller files are not worth a second copy
GZIP_GAIN = 0.9  # nor a copy that saves under a tenth (a zip archive)


GZIP_KEPT = 1 << 20  # a file this big (Pyodide's) is packed once and kept in .cache/ by its digest


def _packed(data: bytes, cache: Path = CACHE) -> bytes:
    """`gzipped(data)`; for a big file, kept in `.cache/` by the digest of its bytes (level 9 of Pyodide's
    WebAssembly was ~3 s of every build)."""
    if len(data) < GZIP_KEPT:
        return gzipped(data)
    kept = cache / f"gz-{hashlib.sha256(data).hexdigest()[:24]}.gz"
    if kept.is_file():
        return kept.read_bytes()
    packed = gzipped(data)
    cache.mkdir(parents=True, exist_ok=True)
    part = kept.with_suffix(f".{os.getpid()}.part")
    part.write_bytes(packed)
    part.replace(kept)
    return packed


def _add(files: Files, config, uri: str, data: bytes, compress: bool = True) -> None:
    files.append(File.generated(config, uri, content=data))
    if compress and len(data) >= GZIP_MIN and not uri.endswith(".zip"):
        packed = _packed(data)
        if len(packed) <= GZIP_GAIN * len(data):
            files.append(File.generated(config, f"{uri}.gz", content=packed))


def shipped_lock(data: bytes) -> bytes:
    """Pyodide's lock file as the site ships it: its `info` (Pyodide checks the ABI) and no packages, as the site
    ships none (the engine is the standard library only). The full lock (122 KB, 379 packages) was parsed and
    indexed at every start for nothing."""
    lock = json.loads(data)
    return json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True).encode()


def on_files(files: Files, config) -> Files:
    pyo = pyodide_dir()
    missing = [name for name in PYODIDE_FILES if not (pyo / name).is_file()]
    if missing:
        raise PluginError(f"{pyo}: missing {', '.join(missing)} — the board needs the pinned npm package "
                          f"pyodide; run `bash run.sh setup` (npm ci) and build again")
    for name in ASSETS:
        _add(files, config, f"{OUT}/{name}", (HERE / name).read_bytes())
    try:
        games = registered_games()
    except Exception as err:  # a game module that does not import must say so at build time
        raise PluginError(f"pipeline/engine: the registry does not load ({err}); fix the game module") from err
    per_game = game_modules()
    sources = {g["slug"]: game_sources(g["slug"], modules=per_game) for g in games}
    modules = stdlib_imports([text for files_ in sources.values() for text in files_.values()])
    plan = snapshot_plan(sources, modules)
    for name in PYODIDE_FILES:
        data = compiled_stdlib(pyo, modules) if name == "python_stdlib.zip" else (pyo / name).read_bytes()
        if name == "pyodide-lock.json":
            data = shipped_lock(data)
        if name == "python_stdlib.zip":  # the service worker's cache is keyed by it too (asset_version)
            _state["stdlib"] = hashlib.sha256(data).hexdigest()[:16]
            stdlib = data
        _add(files, config, f"{OUT}/pyodide/{name}", data)
    image = built_snapshot(pyo, stdlib, snapshot_sources(sources, plan))
    _state["snapshot"] = image[0] if image else ""
    if image:
        _add(files, config, f"{OUT}/pyodide/snapshot-{image[0]}.bin", image[1])
    boards = {}
    for game in games:
        version, bundle = engine_bundle(game["slug"], files=sources[game["slug"]], snapshot=plan)
        _add(files, config, f"{OUT}/engine/{game['slug']}.json", bundle.encode())
        info = described(game["slug"])  # once a game: it reads the chapter's TEI for the rule places
        _add(files, config, f"{OUT}/describe/{game['slug']}.json", json.dumps(info, ensure_ascii=False).encode())
        first = json.dumps(first_board(game["slug"], version, info), ensure_ascii=False, separators=(",", ":"))
        _add(files, config, f"{OUT}/first/{game['slug']}.json", first.encode())
        placed = static.stylesheet(game["slug"])  # where the page's board, drawn by the build, lies at a width
        _add(files, config, f"{OUT}/first/{game['slug']}.css", placed.encode())
        # `deal`: the deal on the board the build drew (the engine starts it, whether or not the JSON came)
        boards[game["slug"]] = {"bundle": version, "first": hashlib.sha256(first.encode()).hexdigest()[:12],
                                "snapshot": _state["snapshot"], "deal": DEFAULT_DEAL}
        _state.setdefault("placed", {})[game["slug"]] = hashlib.sha256(placed.encode()).hexdigest()[:12]
    _add(files, config, f"{OUT}/games.json", json.dumps(games, ensure_ascii=False, indent=1).encode())
    _state["games"] = games
    _state["boards"] = boards
    return files


GAME_ATTR = re.compile(r'<div class="game-board[a-z -]*" data-game="([a-z0-9-]+)"')


def tags(page_url: str, version: str, games: list[dict], slug: str | None = None,
         board: dict | None = None, placed: str | None = None) -> dict[str, str]:
    """What the page gets: `head` (the stylesheet, the places of the board the build drew into the page —
    `play/first/<slug>.css`, version `placed` — and the page's game as the engine registers it, with its board
    at the default deal — JSON `null` if the engine does not have the game — so the board is drawn without a
    request) and `body` (the board's module script). No script starts the runtime: board.mjs does, on intent."""
    css = get_relative_url(f"{OUT}/board.css", page_url)
    js = get_relative_url(f"{OUT}/board.mjs", page_url)
    game = next((g for g in games if g["slug"] == slug), None)
    preload = places = ""
    if game and placed:
        places = f'<link rel="stylesheet" href="{get_relative_url(f"{OUT}/first/{slug}.css", page_url)}?v={placed}">\n'
        # the first paint waits for the board the build drew (static.py: its id after the table's cards), so that
        # the page is never painted without it
        places += f'<link rel="expect" href="#{static.drawn_id(slug)}" blocking="render">\n'
    if game and board:
        game = {**game, **board, "assets": version}
        first = get_relative_url(f"{OUT}/first/{slug}.json", page_url)
        # fetched by board.mjs at once; preloaded so that it is here with the stylesheet, before the module runs
        preload = f'<link rel="preload" href="{first}?v={board["first"]}" as="fetch" crossorigin="anonymous">\n'
    data = json.dumps(game, ensure_ascii=False, separators=(",", ":"))
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return {
        "head": (f'<link rel="stylesheet" href="{css}?v={version}">\n{places}{preload}'
                 f'<script type="application/json" id="edition-play-game">{data}</script>\n'),
        "body": f'<script type="module" src="{js}?v={version}"></script>\n',
    }


def asset_version() -> str:
    digest = hashlib.sha256()
    for name in ASSETS:
        digest.update((HERE / name).read_bytes())
    lock = pyodide_dir() / "package.json"  # the runtime's version too: the service worker keys its cache by this
    if lock.is_file():
        digest.update(lock.read_bytes())
    digest.update(str(_state.get("stdlib", "")).encode())  # and the standard library as compiled for it
    digest.update(str(_state.get("snapshot", "")).encode())  # and the build's memory snapshot
    return digest.hexdigest()[:12]


def on_post_page(output: str, page, config) -> str:
    if MARK not in output:
        return output
    found = GAME_ATTR.search(output)
    slug = found.group(1) if found else None
    boards: dict = _state.get("boards", {})  # type: ignore[assignment]
    placed: dict = _state.get("placed", {})  # type: ignore[assignment]
    add = tags(page.url, asset_version(), _state["games"], slug,  # type: ignore[arg-type]
               boards.get(slug), placed.get(slug))
    output = output.replace("</head>", add["head"] + "</head>", 1)
    return output.replace("</body>", add["body"] + "</body>", 1)


TEXT_FILES = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt")
SITE_GZIP_LEVEL = 6  # the whole site each build: zlib's default level (9 saves ~1 % more for twice the time)


@event_priority(-200)  # last: after the site's hook has minified its CSS and scripts and rewritten the search index
def on_post_build(config) -> None:
    """`X.gz` beside every text file of the whole site (pages, Material's stylesheet and scripts, the search
    index), as beside the play files: `edition serve` and any static host send it with `Content-Encoding: gzip`.
    Measured by Lighthouse (mobile, chapter page): Material's 138 KB stylesheet was the render-blocking request
    that cost most (an estimated 1.2 s of the first paint on its slow 4G). gzip with mtime 0: the same bytes each
    build (the play files' siblings are written again, to the same bytes; a stale one is never left)."""
    site = Path(config.site_dir)
    for path in sorted(site.rglob("*")):
        if path.suffix not in TEXT_FILES or not path.is_file():
            continue
        packed = path.with_name(path.name + ".gz")
        data = path.read_bytes()
        small = gzipped(data, SITE_GZIP_LEVEL) if len(data) >= GZIP_MIN else None
        if small is not None and len(small) <= GZIP_GAIN * len(data):
            packed.write_bytes(small)
        elif packed.exists():
            packed.unlink()
