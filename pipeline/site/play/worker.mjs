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

// The two big files (the WebAssembly and the standard library) are fetched here, with byte progress, or taken
// from Cache Storage; the runtime's own fetches of them are then answered from memory (each is downloaded at most
// once, whatever the HTTP cache does). The worker keeps them in Cache Storage itself, in the cache the service
// worker uses (edition-play-<assets version>): a second chapter finds them there whether or not the service worker
// was installed in time to see the first chapter's requests (it is registered on intent, as this worker starts).
const fetched = new Map(); // href -> Response (cloned for each fetch of it)
const networkFetch = self.fetch.bind(self);
self.fetch = (input, init) => {
  const href = new URL(typeof input === "string" || input instanceof URL ? input : input.url, self.location).href;
  const kept = fetched.get(href);
  return kept ? Promise.resolve(kept.clone()) : networkFetch(input, init);
};

const TYPES = { wasm: "application/wasm", zip: "application/zip" };

async function openCache(assets) {
  try {
    return assets && self.caches ? await self.caches.open(`edition-play-${assets}`) : null;
  } catch (e) {
    return null; // no Cache Storage (a private window in some browsers): the network and the HTTP cache serve
  }
}

async function fetchWithProgress(urls, cache, onEach = () => {}, optional = null) {
  const sizes = new Map();
  const got = new Map();
  const report = () => {
    const done = [...got.values()].reduce((a, b) => a + b, 0);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const mb = (n) => (n / 1048576).toFixed(1);
    progress("download", done, Math.max(total, done), `Загружается Python (Pyodide): ${mb(done)} из ${mb(total)} МБ`);
  };
  return Promise.all(urls.map(async (url) => {
    const response = await networkFetch(url).catch((err) => {
      if (url === optional) return { ok: false, status: 0 };
      throw err;
    });
    if (!response.ok && url === optional) return; // the build's snapshot missing: the start goes without it
    if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
    sizes.set(url.href, Number(response.headers.get("Content-Length")) || 0);
    let blob;
    if (!response.body) blob = await response.blob();
    else {
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
      blob = new Blob(chunks);
    }
    const type = TYPES[url.pathname.split(".").pop()] || "application/octet-stream";
    const kept = new Response(blob, { status: 200, headers: { "Content-Type": type } });
    fetched.set(url.href, kept);
    if (cache) cache.put(url.href, kept.clone()).catch(() => {}); // for the next chapter; not waited for
    onEach();
  }));
}

/** A short digest of a text (the memory snapshot's key: the modules it holds). */
async function digest(text) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...bytes.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The WebAssembly compiled as soon as its bytes are here, while the rest downloads (Pyodide compiles it only once
// it has the memory snapshot): Pyodide's own instantiateStreaming call is answered with this module.
let compiled = null;
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  if (!compiled) return instantiateStreaming(source, imports);
  const module = await compiled;
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

async function boot() {
  const total = 4;
  progress("download", 0, 1, "Загружается Python (Pyodide)…");
  // the page names the worker "edition-engine:<slug>:<bundle version>:<assets version>:<snapshot key>" (engine.mjs)
  const [, slug, version, assets, built] = (self.name || "").split(":");
  const bundlePromise = fetchBundle(new URL(`engine/${slug}.json?v=${version}`, base)); // in parallel with Pyodide
  const index = new URL("pyodide/", base);
  // Pyodide's 1 MB of JavaScript parsed while the big files come (loadPyodide then finds it loaded)
  const script = import(new URL("pyodide.asm.js", index).href).catch(() => null);
  const cache = await openCache(assets);
  // the build's memory snapshot (snapshot.mjs: Python started, every game imported), a third big file
  const builtUrl = built && /^[0-9a-f]+$/.test(built) ? new URL(`snapshot-${built}.bin`, index) : null;
  const wasmUrl = new URL("pyodide.asm.wasm", index);
  const big = [wasmUrl, new URL("python_stdlib.zip", index), ...(builtUrl ? [builtUrl] : [])];
  const hits = cache ? await Promise.all(big.map((url) => cache.match(url.href).catch(() => null))) : [];
  big.forEach((url, i) => { if (hits[i]) fetched.set(url.href, hits[i]); });
  timings.kept = big.slice(0, 2).every((url, i) => Boolean(hits[i])); // the runtime (the snapshot may be missing)
  const missing = big.filter((url, i) => !hits[i]);
  const compileNow = () => {
    const wasm = fetched.get(wasmUrl.href);
    if (!compiled && wasm) {
      compiled = WebAssembly.compileStreaming(wasm.clone());
      compiled.catch(() => { compiled = null; });
    }
  };
  compileNow();
  if (missing.length) await fetchWithProgress(missing, cache, compileNow, builtUrl);
  await script;
  progress("runtime", 1, total, "Запускается Python…");
  const options = { indexURL: index.href, fullStdLib: false, stdout: () => {},
    stderr: (line) => console.warn("[engine]", line) };
  let pyodide = null;
  let bundle = null;
  if (builtUrl && fetched.has(builtUrl.href)) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: fetched.get(builtUrl.href).clone().arrayBuffer() });
      // the snapshot's `random` was seeded with 0 at the build: seeded again from this browser's entropy
      pyodide.runPython("import random\nrandom.seed()");
      timings.snapshot = "built";
      progress("engine", 2, total, "Загружается движок игры…");
    } catch (err) {
      console.warn("[engine] the build's memory snapshot refused:", String(err && err.message ? err.message : err));
      pyodide = null;
    }
  }
  if (!pyodide) {
    bundle = await bundlePromise;
    pyodide = await startWithoutBuiltSnapshot(bundle, options, cache, index, total);
  }
  progress("import", 3, total, "Запускается движок…");
  session = pyodide.pyimport("edition_play");
  const games = JSON.parse(session.games());
  fetched.clear();
  compiled = null;
  progress("ready", total, total, "Движок готов.");
  timings.ready = Math.round(performance.now());
  self.postMessage({ ready: true, games, version: bundle ? bundle.version : version, pyodide: pyodide.version, timings });
}

/** The start without the build's snapshot (none was built, or this browser refused it): this browser's own snapshot
 * restored if one is kept, else Python started, the bundle's modules imported and a snapshot taken for next time. */
async function startWithoutBuiltSnapshot(bundle, options, cache, index, total) {
  // Pyodide's memory once it has started and imported what every game needs (the standard-library modules the
  // engine uses, the session, the engine's core, the solver's search: the bundle's snapshot plan, assets.py),
  // taken at the first start and kept in Cache Storage: a later start, on any chapter, restores it instead of
  // starting Python and importing again (Pyodide's _makeSnapshot / _loadSnapshot). No game module is in it.
  const plan = bundle.snapshot || { key: "", modules: [] };
  const modules = (plan.modules || []).filter((m) => /^[A-Za-z_][A-Za-z0-9_.]*$/.test(m));
  const snapshotKey = plan.key && /^[0-9a-f]+$/.test(plan.key) ? new URL(`snapshot-${plan.key}.bin`, index).href : null;
  const snapshot = cache && snapshotKey ? await cache.match(snapshotKey).catch(() => null) : null;
  const root = "/home/pyodide/edition";
  const writeBundle = (py) => {
    for (const [path, source] of Object.entries(bundle.files)) { // this game's modules only (assets.py)
      const full = `${root}/${path}`;
      py.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
      py.FS.writeFile(full, source, { encoding: "utf8" });
    }
    py.runPython(`import sys\nif ${JSON.stringify(root)} not in sys.path: sys.path.insert(0, ${JSON.stringify(root)})`);
  };
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot.arrayBuffer() });
      timings.snapshot = "loaded";
      progress("engine", 2, total, "Загружается движок игры…");
      writeBundle(pyodide);
    } catch (err) { // a snapshot this runtime does not take: forget it, start the plain way (and take a new one)
      console.warn("[engine] memory snapshot refused:", String(err && err.message ? err.message : err));
      cache.delete(snapshotKey).catch(() => {});
      pyodide = null;
    }
  }
  if (!pyodide) {
    const making = Boolean(cache && snapshotKey);
    pyodide = await loadPyodide({ ...options, _makeSnapshot: making });
    progress("engine", 2, total, "Загружается движок игры…");
    writeBundle(pyodide);
    if (modules.length) pyodide.runPython(`import ${modules.join(", ")}`);
    if (making) {
      try {
        const image = pyodide.makeMemorySnapshot();
        timings.snapshot = `made ${Math.round(image.length / 1048576)} MB`;
        cache.put(snapshotKey, new Response(image, { headers: { "Content-Type": "application/octet-stream" } }))
          .catch(() => {});
      } catch (err) {
        timings.snapshot = `none: ${String(err && err.message ? err.message : err).slice(0, 80)}`;
      }
    }
  }
  return pyodide;
}

// The operations the page may ask for: an explicit allow-list (a plain object has "constructor", "__proto__",
// "toString" … too, which must not be callable by name).
const OPS = new Map([
  ["new_game", (slug, deal, variant = "") => session.new_game(slug, deal, variant)],
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
