// The game engine in a module Web Worker: Pyodide (vendored beside this file in ./pyodide/) runs
// pipeline/engine unchanged, so Python's start-up never freezes the page.
// Protocol: the page posts {id, op, args}; the worker answers {id, ok: true, result} or {id, ok: false, error}
// (error: a short Russian sentence for the player; detail: the engine's one-line reason, when it gave one);
// while loading it also posts {progress: {stage, done, total, text}} and finally {ready: true, games}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./", import.meta.url);
let session = null; // the Python module edition_play, once loaded

const timings = {}; // ms since the worker started, per loading stage (for benchmarks/browser.py)

function progress(stage, done, total, text) {
  if (!(stage in timings)) timings[stage] = Math.round(performance.now());
  self.postMessage({ progress: { stage, done, total, text } });
}

async function fetchBundle(url) {
  const response = await networkFetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response.json();
}

// The two big files are fetched here, with byte progress; the runtime's own fetches of them are then answered from
// memory (so each is downloaded exactly once, whatever the HTTP cache does).
const fetched = new Map(); // href -> Blob
const networkFetch = self.fetch.bind(self);
self.fetch = (input, init) => {
  const href = new URL(typeof input === "string" || input instanceof URL ? input : input.url, self.location).href;
  const blob = fetched.get(href);
  if (!blob) return networkFetch(input, init);
  fetched.delete(href);
  const type = href.endsWith(".wasm") ? "application/wasm" : "application/zip";
  return Promise.resolve(new Response(blob, { status: 200, headers: { "Content-Type": type } }));
};

async function fetchWithProgress(urls) {
  const sizes = new Map();
  const got = new Map();
  const report = () => {
    const done = [...got.values()].reduce((a, b) => a + b, 0);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const mb = (n) => (n / 1048576).toFixed(1);
    progress("download", done, Math.max(total, done), `Загружается Python (Pyodide): ${mb(done)} из ${mb(total)} МБ`);
  };
  return Promise.all(urls.map(async (url) => {
    const response = await networkFetch(url);
    if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
    sizes.set(url.href, Number(response.headers.get("Content-Length")) || 0);
    if (!response.body) {
      fetched.set(url.href, await response.blob());
      return;
    }
    const reader = response.body.getReader();
    const chunks = [];
    got.set(url.href, 0);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      got.set(url.href, got.get(url.href) + value.length);
      report();
    }
    fetched.set(url.href, new Blob(chunks));
  }));
}

async function boot() {
  const total = 4;
  progress("download", 0, 1, "Загружается Python (Pyodide)…");
  // the page names the worker "edition-engine:<slug>:<bundle version>" (engine.mjs): this game's bundle only
  const [, slug, version] = (self.name || "").split(":");
  const bundlePromise = fetchBundle(new URL(`engine/${slug}.json?v=${version}`, base)); // in parallel with Pyodide
  const index = new URL("pyodide/", base);
  const big = [new URL("pyodide.asm.wasm", index), new URL("python_stdlib.zip", index)];
  // kept by the service worker already (a second chapter, a later visit): Pyodide fetches them itself, so the
  // browser compiles the WebAssembly from its stream and can reuse its code cache; else fetched here with progress
  let kept = false;
  try {
    kept = (await Promise.all(big.map((url) => self.caches.match(url.href)))).every(Boolean);
  } catch (e) { /* no Cache Storage */ }
  timings.kept = kept;
  if (!kept) await fetchWithProgress(big);
  progress("runtime", 1, total, "Запускается Python…");
  const pyodide = await loadPyodide({
    indexURL: index.href,
    fullStdLib: false,
    stdout: () => {},
    stderr: (line) => console.warn("[engine]", line),
  });
  progress("engine", 2, total, "Загружается движок игры…");
  const bundle = await bundlePromise;
  const root = "/home/pyodide/edition";
  for (const [path, source] of Object.entries(bundle.files)) { // this game's modules only (assets.py)
    const full = `${root}/${path}`;
    pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    pyodide.FS.writeFile(full, source, { encoding: "utf8" });
  }
  progress("import", 3, total, "Запускается движок…");
  pyodide.runPython(`import sys\nif ${JSON.stringify(root)} not in sys.path: sys.path.insert(0, ${JSON.stringify(root)})`);
  session = pyodide.pyimport("edition_play");
  const games = JSON.parse(session.games());
  progress("ready", total, total, "Движок готов.");
  timings.ready = Math.round(performance.now());
  self.postMessage({ ready: true, games, version: bundle.version, pyodide: pyodide.version, timings });
}

// The operations the page may ask for: an explicit allow-list (a plain object has "constructor", "__proto__",
// "toString" … too, which must not be callable by name).
const OPS = new Map([
  ["new_game", (slug, deal) => session.new_game(slug, deal)],
  ["apply", (moveId) => session.apply(moveId)],
  ["undo", () => session.undo()],
  ["redo", () => session.redo()],
  ["hint", (seconds) => (seconds ? session.hint(seconds) : session.hint())],
  ["auto_step", () => session.auto_step()],
  ["log", () => session.log()],
]);

// What the player reads when something fails outside the engine's own refusals (edition_play.py words those).
const NOT_LOADED = "Движок ещё загружается.";
const UNKNOWN_OP = "Неизвестная команда движку.";
const INTERNAL = "Внутренняя ошибка движка: действие не выполнено.";

// A Python exception reaches JavaScript with its whole traceback as the message: the player never sees it; the
// console keeps it for whoever debugs.
function shortError(err) {
  const text = String(err && err.message ? err.message : err);
  if (text.includes("Traceback (most recent call last)") || (err && err.type)) {
    console.warn("[engine]", text);
    return INTERNAL;
  }
  return text.split("\n")[0].slice(0, 300);
}

self.onmessage = (event) => {
  const { id, op, args } = event.data || {};
  const started = performance.now();
  try {
    if (typeof op !== "string" || !OPS.has(op)) {
      self.postMessage({ id, ok: false, error: UNKNOWN_OP, detail: `unknown operation ${String(op).slice(0, 40)}` });
      return;
    }
    if (!session) {
      self.postMessage({ id, ok: false, error: NOT_LOADED, detail: "the engine is not loaded yet" });
      return;
    }
    const text = OPS.get(op)(...(Array.isArray(args) ? args : []));
    const result = JSON.parse(text);
    if (result && result.refused) {
      self.postMessage({ id, ok: false, error: result.refused.message, detail: result.refused.detail });
      return;
    }
    self.postMessage({ id, ok: true, result, ms: performance.now() - started });
  } catch (err) {
    self.postMessage({ id, ok: false, error: shortError(err) });
  }
};

boot().catch((err) => {
  self.postMessage({ failed: String(err && err.message ? err.message : err) });
});
