// Build step (run by assets.py under Node): Pyodide's standard library with the modules the worker imports
// compiled to bytecode, so the browser unmarshals them instead of compiling their source. Pyodide ships the
// stdlib as source only, and compiling it is most of Pyodide's start in the page (measured: 17.1 s -> 5.0 s at
// a load of 14 on this machine). Only Pyodide's own CPython (3.13, not the build's Python) writes its bytecode,
// hence Node.
//
//   node stdlib_pyc.mjs PYODIDE_DIR OUT.zip MODULE...
//
// MODULE...: the standard-library modules the engine imports (assets.py reads them from the engine's sources).
// Compiled: every module loaded once Pyodide has started and once those modules are imported (with all they
// import); every other module stays source, so the archive is still the whole library. The archive is written in
// one order with fixed dates and the bytecode is unchecked-hash .pyc (PEP 552): the same Pyodide, the same bytes.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [dir, out, ...modules] = process.argv.slice(2);
if (!dir || !out) {
  console.error("usage: node stdlib_pyc.mjs PYODIDE_DIR OUT.zip MODULE...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.resolve(dir) + "/", stdout: () => {}, stderr: (l) => console.error(l) });
py.FS.writeFile("/tmp/stdlib-in.zip", readFileSync(path.join(dir, "python_stdlib.zip")));
py.globals.set("wanted", py.toPy(modules));
py.runPython(`
import importlib, importlib._bootstrap_external as bx, importlib.util, sys, zipfile
for name in wanted:
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # a module Pyodide does not have: the engine does not import it at run time either
loaded = set()
for name, module in list(sys.modules.items()):
    where = getattr(module, "__file__", None) or ""
    if ".zip/" in where:
        loaded.add(where.split(".zip/", 1)[1])
src = zipfile.ZipFile("/tmp/stdlib-in.zip")
dst = zipfile.ZipFile("/tmp/stdlib-out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9)
for info in sorted(src.infolist(), key=lambda i: i.filename):
    if info.is_dir():
        continue
    data = src.read(info)
    name = info.filename
    if name in loaded and name.endswith(".py"):
        code = compile(data, name, "exec", dont_inherit=True)
        data = bytes(bx._code_to_hash_pyc(code, importlib.util.source_hash(data), False))
        name += "c"
    entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.external_attr = 0o644 << 16
    dst.writestr(entry, data)
dst.close()
`);
writeFileSync(out, py.FS.readFile("/tmp/stdlib-out.zip"));
