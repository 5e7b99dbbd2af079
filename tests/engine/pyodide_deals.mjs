// Load pipeline/engine into Pyodide (node) and print, as JSON, the layout of given deals of every game and the
// state after a few moves, so tests can compare them with CPython's. Usage: node pyodide_deals.mjs ROOT DEALS...
import fs from "node:fs";
import path from "node:path";

const [root, ...deals] = process.argv.slice(2);
const { loadPyodide } = await import(path.join(root, "node_modules/pyodide/pyodide.mjs"));
const py = await loadPyodide();

function copy(dir, dest) {
  py.FS.mkdirTree(dest);
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    if (fs.statSync(p).isDirectory()) {
      if (name !== "__pycache__") copy(p, `${dest}/${name}`);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(`${dest}/${name}`, fs.readFileSync(p));
    }
  }
}

py.FS.mkdirTree("/app/pipeline");
py.FS.writeFile("/app/pipeline/__init__.py", "");
copy(path.join(root, "pipeline/engine"), "/app/pipeline/engine");
py.globals.set("deals", deals.map(Number));
console.log(py.runPython(`
import sys, json
sys.path.insert(0, "/app")
from pipeline.engine import api
out = {}
for slug in [g["slug"] for g in api.list_games()]:
    for deal in deals.to_py():
        r = api.new_game(slug, deal)
        for _ in range(5):
            if not r["legal_moves"]:
                break
            r = api.apply(r["state"], r["legal_moves"][-1]["id"])
        out[f"{slug}/{deal}"] = {"initial": api.new_game(slug, deal)["state"]["piles"], "after": r["state"]}
json.dumps(out)
`));
