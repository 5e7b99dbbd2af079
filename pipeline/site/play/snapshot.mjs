// Build step (run by assets.py under Node): Pyodide's memory once it has started and imported every module of
// ours that a page can need (the session, the engine, all the games and their solvers, with the standard-library
// modules they use), as Pyodide's memory snapshot (`_makeSnapshot` / `makeMemorySnapshot`). The page's worker
// restores it (`_loadSnapshot`) instead of starting Python and importing: measured on this machine at a load of
// 3-4, a start from nothing 2.7-3.6 s -> 0.65-0.85 s in the worker.
//
//   node snapshot.mjs PYODIDE_DIR STDLIB.zip SOURCES.json OUT.bin
//
// STDLIB.zip: the standard library the site ships (the same bytes: Python's zip importer keeps the archive's
// directory, with offsets, in the memory the snapshot holds). SOURCES.json: {"files": {path: source},
// "modules": [dotted names to import first], "slugs": [games whose solver module to import]}.
//
// The same inputs give the same bytes: the hash seed is fixed (PYTHONHASHSEED=0), the clock is stopped while
// Python runs here (the file system's times and the importers' caches), the entropy the C library draws is a fixed
// sequence, and `random` is seeded with 0 (the worker seeds it again from the browser's entropy after a restore).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { syncBuiltinESMExports } from "node:module";
import nodeCrypto from "node:crypto";
import path from "node:path";

const [dir, stdlib, sourcesFile, out] = process.argv.slice(2);
if (!dir || !stdlib || !sourcesFile || !out) {
  console.error("usage: node snapshot.mjs PYODIDE_DIR STDLIB.zip SOURCES.json OUT.bin");
  process.exit(2);
}
const { files, modules, slugs } = JSON.parse(readFileSync(sourcesFile, "utf8"));

// a stopped clock and a fixed entropy sequence: what Python and Emscripten read of them lands in the snapshot
const EPOCH = Date.UTC(2000, 0, 1);
Date.now = () => EPOCH;
let seed = 0x9e3779b9;
nodeCrypto.randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5; // xorshift32
    bytes[i] = seed & 0xff;
  }
  return view;
};
syncBuiltinESMExports();

const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL: path.resolve(dir) + "/", stdLibURL: path.resolve(stdlib), _makeSnapshot: true,
  _sysExecutable: "./this.program", // what the browser's Emscripten names the program
  env: { PYTHONHASHSEED: "0" }, stdout: () => {}, stderr: (line) => console.error(line),
});
const root = "/home/pyodide/edition"; // where the worker writes a bundle on the start without a snapshot
for (const name of Object.keys(files).sort()) {
  const full = `${root}/${name}`;
  py.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
  py.FS.writeFile(full, files[name], { encoding: "utf8" });
}
py.globals.set("wanted", py.toPy(modules));
py.globals.set("slugs", py.toPy(slugs));
py.runPython(`
import importlib, sys
if ${JSON.stringify(root)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(root)})
for name in wanted:
    importlib.import_module(name)
from pipeline.engine import registry
from pipeline.solve import games as solvers
for slug in registry.games():  # the registry's games found and made once (lru_cache), every solver imported
    solvers.for_game(slug)
missing = sorted(set(slugs) - set(registry.games()))
if missing:
    raise SystemExit(f"games the site has but the registry did not find: {missing}")
import gc, random
random.seed(0)
gc.collect()
del wanted, slugs, missing
`);
writeFileSync(out, py.makeMemorySnapshot());
