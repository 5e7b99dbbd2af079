// The game engine in a module Web Worker: Pyodide (vendored beside this file in ./pyodide/) runs
// pipeline/engine unchanged, so Python's start-up never freezes the page.
// Protocol: the page posts {id, op, args}; the worker answers {id, ok: true, result} or {id, ok: false, error}
// (error: a short Russian sentence for the player; detail: the engine's one-line reason, when it gave one);
// while loading it also posts {progress: {stage, done, total, text}} and finally {ready: true, games}.
// The worker is the page's own (a dedicated worker), or one shared worker that every chapter page of the site in this
// browser connects to (engine.mjs: where the browser keeps a shared worker alive a while after its last page has
// gone, Chromium's extendedLifetime, the next chapter's page connects to the engine already running instead of
// starting Python again). A shared worker's page first posts {hello: {slug, bundle}} and, when it goes, {bye: true};
// each page has its own game (edition_play.use: the engine's calls act on the game of the page that made them), and a
// page connecting to a running engine is answered {ready: true, …} at once (timings.served: "running"), or
// {unserved: true} if its game is not among the running engine's (it then starts a worker of its own).
const base = new URL("./", import.meta.url);
const SHARED = typeof SharedWorkerGlobalScope === "function" && self instanceof SharedWorkerGlobalScope;
// the pages served: {port, key, slug, version}; a dedicated worker's page is `self`, key "" (edition_play's default)
const clients = new Set();
let nextKey = 1;
let hello = null; // resolves with the first page's {slug, bundle} (a shared worker's name does not carry them)
const firstHello = new Promise((resolve) => { hello = resolve; });
let ready = null; // the ready message, once the engine is up
let failure = null; // the start's failure, once it failed
let current = ""; // the key of the page whose game edition_play holds now

function broadcast(msg) {
  for (const client of clients) client.port.postMessage(msg);
}
let loadPyodide = null; // pyodide.mjs's, imported first thing in boot()
let session = null; // the Python module edition_play, once loaded

const timings = {}; // ms since the worker started, per loading stage (for benchmarks/browser.py)
const marks = {}; // ms since the worker started, per step of the start (timings.marks; timings.origin aligns them)
const mark = (k) => { marks[k] = Math.round(performance.now()); };
mark("module");

function progress(stage, done, total, text) {
  if (!(stage in timings)) timings[stage] = Math.round(performance.now());
  broadcast({ progress: { stage, done, total, text } });
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

/** Fetch `urls` at once with byte progress and keep each body in `fetched` (and in `cache`, but those in
 * `notCached`); `onBody(url, stream)` may take a branch of a body as it comes (it returns the stream to read). */
async function fetchWithProgress(urls, cache, onEach = () => {}, optional = null, notCached = [], onBody = null) {
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
    const toCache = cache && !notCached.some((u) => u && u.href === url.href);
    sizes.set(url.href, Number(response.headers.get("Content-Length")) || 0);
    let blob;
    if (!response.body) blob = await response.blob();
    else {
      const reader = (onBody ? onBody(url, response.body) : response.body).getReader();
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
    if (toCache) cache.put(url.href, kept.clone()).catch(() => {}); // for the next chapter; not waited for
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
  mark("instantiate");
  const module = await compiled;
  mark("compiled-used");
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// The build's memory snapshot (20 MB) is kept apart from Cache Storage, in the origin's private file system (OPFS):
// read back as one File body, where a Cache Storage body comes over in pieces (measured on a second chapter, load
// ~10: 200-500 ms from Cache Storage, on the start's critical path). Written once the engine is up (not on the first chapter's path), as <name>.part then renamed, so
// a half-written file is never read; older snapshots are removed then. No OPFS (older browsers, some private
// windows): Cache Storage keeps it, as before.
async function opfsDir() {
  try {
    return self.navigator.storage && self.navigator.storage.getDirectory
      ? await self.navigator.storage.getDirectory() : null;
  } catch (e) {
    return null;
  }
}

/** Whether bytes can be a whole Pyodide memory snapshot: a header that says where the heap starts, and a heap of
 * whole WebAssembly pages after it (a cut-off file is not; Pyodide itself checks the magic number and build id, and
 * a too-short one would hang its start rather than fail). */
function wholeSnapshot(bytes) {
  if (bytes.length < 65536 + 48) return false;
  const start = new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true);
  return start >= 48 && start < bytes.length && (bytes.length - start) % 65536 === 0;
}

async function readKept(dir, name) {
  try {
    // the File's body, read by the browser off this thread (measured at load ~9: 50-70 ms for 20 MB, where one
    // synchronous access handle read took 75-400 ms of this thread, which Pyodide's script then waited for)
    const file = await dir.getFileHandle(name);
    return new Uint8Array(await (await file.getFile()).arrayBuffer());
  } catch (e) {
    return null; // not kept (NotFoundError), or not readable now
  }
}

/** The kept snapshot, if it is whole; one that is not is removed (the start then fetches the build's again). */
async function keptSnapshotIn(dir, name) {
  const bytes = await readKept(dir, name);
  if (!bytes) return null;
  if (wholeSnapshot(bytes)) return bytes;
  await dir.removeEntry(name).catch(() => {});
  return null;
}

async function keep(dir, name, buffer) {
  let handle = null;
  try {
    const bytes = ArrayBuffer.isView(buffer) ? buffer : new Uint8Array(buffer);
    const part = await dir.getFileHandle(`${name}.part`, { create: true });
    if (part.createSyncAccessHandle) {
      handle = await part.createSyncAccessHandle();
      handle.truncate(0);
      const n = handle.write(bytes, { at: 0 });
      handle.flush();
      handle.close();
      handle = null;
      if (n !== bytes.length) throw new Error("short write");
    } else { // a shared worker has no synchronous access handles: a writable stream (written whole on close)
      const writable = await part.createWritable();
      await writable.write(bytes);
      await writable.close();
      if ((await part.getFile()).size !== bytes.length) throw new Error("short write");
    }
    await part.move(name);
    const others = [];
    for await (const other of dir.keys()) {
      if (other !== name && /^snapshot-[0-9a-f]+\.bin(\.part)?$/.test(other)) others.push(other);
    }
    for (const other of others) await dir.removeEntry(other).catch(() => {});
    return true;
  } catch (e) {
    if (handle) handle.close();
    return false;
  }
}

async function boot() {
  const total = 4;
  progress("download", 0, 1, "Загружается Python (Pyodide)…");
  // the page names the worker "edition-engine:<slug>:<bundle version>:<assets version>:<snapshot key>" (engine.mjs);
  // a shared worker's name has no slug and bundle version (it serves every chapter): the first page's hello has them
  const [, named, namedVersion, assets, built] = (self.name || "").split(":");
  const { slug, bundle: version } = SHARED ? await firstHello : { slug: named, bundle: namedVersion };
  const bundlePromise = fetchBundle(new URL(`engine/${slug}.json?v=${version}`, base)); // in parallel with Pyodide
  const index = new URL("pyodide/", base);
  // Pyodide's scripts asked for with the assets' version, as this worker was (engine.mjs): the service worker keeps
  // files by address, so a page of a new build never gets an older build's scripts
  const versioned = (url) => {
    if (assets) url.searchParams.set("v", assets);
    return url;
  };
  // Pyodide's 1 MB of JavaScript parsed while the big files come (loadPyodide then finds it loaded)
  const script = import(versioned(new URL("pyodide.asm.js", index)).href).then(() => mark("script"), () => null);
  const pyodideModule = import(versioned(new URL("pyodide.mjs", index)).href);
  // the build's memory snapshot (snapshot.mjs: Python started, every game imported), a third big file
  const builtName = built && /^[0-9a-f]+$/.test(built) ? `snapshot-${built}.bin` : null;
  const builtUrl = builtName ? new URL(builtName, index) : null;
  // the three stores asked at once: the compile starts as soon as the WebAssembly is found
  const dirPromise = builtName ? opfsDir() : Promise.resolve(null);
  const keptSnapshot = dirPromise.then((d) => (d ? keptSnapshotIn(d, builtName) : null));
  const cache = await openCache(assets);
  mark("cache-open");
  const wasmUrl = new URL("pyodide.asm.wasm", index);
  const runtime = [wasmUrl, new URL("python_stdlib.zip", index)];
  const match = (url) => (cache ? cache.match(url.href).catch(() => null) : Promise.resolve(null));
  const compileFrom = (response) => {
    mark("compile-start");
    compiled = WebAssembly.compileStreaming(response);
    compiled.then(() => mark("compiled"), () => {});
    compiled.catch(() => { compiled = null; });
  };
  const compileNow = () => {
    const wasm = fetched.get(wasmUrl.href);
    if (!compiled && wasm) compileFrom(wasm.clone());
  };
  // a WebAssembly coming over the network is compiled as it comes (one branch of its body), while the rest downloads
  const compileAsItComes = (url, body) => {
    if (compiled || url.href !== wasmUrl.href) return body;
    const [forCompile, forUs] = body.tee();
    compileFrom(new Response(forCompile, { headers: { "Content-Type": "application/wasm" } }));
    return forUs;
  };
  const runtimeHits = Promise.all(runtime.map((url) => match(url).then((hit) => {
    if (hit) fetched.set(url.href, hit);
    compileNow();
    return hit;
  })));
  const dir = await dirPromise;
  const snapshotBytes = await keptSnapshot;
  mark("opfs");
  const big = [...runtime, ...(builtUrl && !snapshotBytes ? [builtUrl] : [])];
  const hits = [...await runtimeHits, ...(big.length > 2 ? [await match(builtUrl)] : [])];
  mark("cache-match");
  big.forEach((url, i) => { if (hits[i]) fetched.set(url.href, hits[i]); });
  timings.kept = runtime.every((url, i) => Boolean(hits[i])); // the runtime (the snapshot may be missing)
  const missing = big.filter((url, i) => !hits[i]);
  // the snapshot's body read at once (from Cache Storage it takes a while), while pyodide.asm.js is parsed
  const snapshotHit = builtUrl && !snapshotBytes ? hits[2] : null;
  let snapshotRead = snapshotBytes ? Promise.resolve(snapshotBytes)
    : snapshotHit ? snapshotHit.clone().arrayBuffer() : null;
  if (missing.length) {
    await fetchWithProgress(missing, cache, compileNow, builtUrl, dir ? [builtUrl] : [], compileAsItComes);
  }
  if (!snapshotRead && builtUrl && fetched.has(builtUrl.href)) snapshotRead = fetched.get(builtUrl.href).clone().arrayBuffer();
  await script;
  ({ loadPyodide } = await pyodideModule);
  progress("runtime", 1, total, "Запускается Python…");
  const options = { indexURL: index.href, fullStdLib: false, stdout: () => {},
    stderr: (line) => console.warn("[engine]", line) };
  let pyodide = null;
  let bundle = null;
  let keepLater = null;
  if (snapshotRead) {
    try {
      mark("load-start");
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshotRead });
      mark("loaded");
      // the snapshot's `random` was seeded with 0 at the build: seeded again from this browser's entropy
      pyodide.runPython("import random\nrandom.seed()");
      timings.snapshot = "built";
      timings.snapshotFrom = snapshotBytes ? "opfs" : snapshotHit ? "cache" : "network";
      // kept in OPFS for the next chapter, once the engine is up (below)
      if (dir && !snapshotBytes) keepLater = await snapshotRead; // the same bytes (the restore copies them)
      progress("engine", 2, total, "Загружается движок игры…");
    } catch (err) {
      console.warn("[engine] the build's memory snapshot refused:", String(err && err.message ? err.message : err));
      pyodide = null;
      keepLater = null;
      if (snapshotBytes) dir.removeEntry(builtName).catch(() => {}); // the next chapter fetches it again
    }
  }
  if (!pyodide) {
    bundle = await bundlePromise;
    pyodide = await startWithoutBuiltSnapshot(bundle, options, cache, index, total);
  }
  progress("import", 3, total, "Запускается движок…");
  session = pyodide.pyimport("edition_play");
  mark("imported");
  const games = JSON.parse(session.games());
  mark("games");
  timings.marks = marks;
  timings.origin = performance.timeOrigin;
  fetched.clear();
  compiled = null;
  progress("ready", total, total, "Движок готов.");
  timings.ready = Math.round(performance.now());
  ready = { ready: true, games, version: bundle ? bundle.version : version, pyodide: pyodide.version, timings };
  for (const client of clients) if (client.greeted) greet(client);
  answerEarly();
  // this worker's own scripts kept for the next chapter too: they were fetched through the service worker only
  // if it had taken this worker over by then (registered on intent, as this worker started), which is a race; so
  // is Pyodide's lock file, which Pyodide asks for at its index without a version
  if (cache) {
    const scripts = [self.location.href, ...["pyodide.mjs", "pyodide.asm.js"].map((n) => versioned(new URL(n, index)).href),
      new URL("pyodide-lock.json", index).href];
    setTimeout(() => keepScripts(cache, scripts).then(() => warmScripts(self.location.href, assets)), 0);
  }
  if (keepLater) {
    const bytes = keepLater;
    setTimeout(() => keep(dir, builtName, bytes).then((ok) => {
      if (!cache) return;
      // kept: Cache Storage need not hold it as well (the service worker may have put it there); not kept
      // (no room): Cache Storage keeps it, as without OPFS
      if (ok) cache.delete(builtUrl.href).catch(() => {});
      else cache.put(builtUrl.href, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }))
        .catch(() => {});
    }), 0);
  }
}

/** A worker of this script that only imports Pyodide's script (pyodide.asm.js) and closes: started once the script
 * is kept, its import goes through the service worker (when it has taken the new worker), which answers from Cache
 * Storage, and the browser keeps the compiled script beside it there; the next chapter's worker then starts from
 * that code instead of compiling the 1 MB script again on its own thread while the WebAssembly waits. */
function warmScripts(workerUrl, assets) {
  if (SHARED) { // a shared worker has no workers of its own (Chromium): a page starts the warm-up worker
    const [page] = clients;
    if (page) page.port.postMessage({ warm: workerUrl });
    return;
  }
  try {
    const warm = new Worker(workerUrl, { type: "module", name: `edition-warm:${assets || ""}` });
    warm.onmessage = () => warm.terminate();
    warm.onerror = () => warm.terminate();
  } catch (e) { /* no nested workers: the next chapter compiles the script itself */ }
}

async function warm() {
  const assets = self.name.split(":")[1];
  const url = new URL("pyodide/pyodide.asm.js", base);
  if (assets) url.searchParams.set("v", assets);
  await import(url.href).catch(() => null);
  self.postMessage({ warmed: true });
}

/** Put in `cache` each of `urls` it does not hold yet (fetched again: from the HTTP cache, as a rule). */
async function keepScripts(cache, urls) {
  for (const url of urls) {
    try {
      if (!(await cache.match(url))) await cache.add(url);
    } catch (e) { /* not kept: the next chapter fetches it */ }
  }
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

// calls that came before the engine was up, answered once it is (in order, after the ready message): [client, data]
let early = [];

function answerEarly() {
  const queued = early;
  early = null;
  for (const [client, data] of queued) if (clients.has(client)) answer(client, data);
}

/** A page that said hello (or a dedicated worker's page, once the engine is up): the ready message, or that its game
 * is not the running engine's (a shared worker started from a bundle of another game), or the start's failure. */
function greet(client) {
  if (failure) {
    client.port.postMessage({ failed: failure });
    return;
  }
  if (!ready) return; // the ready message comes when the engine is up
  if (SHARED && !ready.games.some((g) => g.slug === client.slug)) {
    clients.delete(client);
    client.port.postMessage({ unserved: true });
    return;
  }
  const served = client.first ? "started" : client.joined ? "joined" : "running";
  client.port.postMessage({ ...ready, version: ready.version || client.version,
    timings: { ...ready.timings, served, pages: clients.size } });
}

function receive(client, data) {
  if (data && data.hello && SHARED) {
    client.slug = String(data.hello.slug || "");
    client.version = String(data.hello.bundle || "");
    client.greeted = true;
    if (hello) {
      client.first = true;
      hello({ slug: client.slug, bundle: client.version });
      hello = null;
    } else if (!ready) client.joined = true; // while another page's start is under way
    greet(client);
    return;
  }
  if (data && data.bye && SHARED) {
    clients.delete(client);
    if (session) session.forget(client.key);
    return;
  }
  if (!session && early) {
    early.push([client, data]);
    return;
  }
  answer(client, data);
}

function answer(client, data) {
  const post = (msg) => client.port.postMessage(msg);
  const { id, op, args } = data || {};
  const started = performance.now();
  try {
    if (typeof op !== "string" || !OPS.has(op)) {
      post({ id, ok: false, error: UNKNOWN_OP, detail: `unknown operation ${String(op).slice(0, 40)}` });
      return;
    }
    if (!session) {
      post({ id, ok: false, error: NOT_LOADED, detail: "the engine is not loaded yet" });
      return;
    }
    if (client.key !== current) { // a shared worker: the calls act on this page's own game
      session.use(client.key);
      current = client.key;
    }
    const text = OPS.get(op)(...(Array.isArray(args) ? args : []));
    const result = JSON.parse(text);
    if (result && result.refused) {
      post({ id, ok: false, error: result.refused.message, detail: result.refused.detail });
      return;
    }
    post({ id, ok: true, result, ms: performance.now() - started });
  } catch (err) {
    post({ id, ok: false, error: shortError(err) });
    // Pyodide stopped for good (a fatal error): a shared worker closes, so that a page opened or reloaded next
    // starts a new engine instead of connecting to this one; its pages are told (engine.mjs: reload)
    if (SHARED && err && (err.pyodide_fatal_error || /Pyodide already (fatally failed|exited)/.test(String(err.message)))) {
      broadcast({ gone: true });
      clients.clear();
      self.close();
    }
  }
}

function connect(port, key) {
  const client = { port, key, slug: "", version: "" };
  clients.add(client);
  port.onmessage = (event) => receive(client, event.data);
  return client;
}

if ((self.name || "").startsWith("edition-warm:")) warm();
else {
  if (SHARED) self.onconnect = (event) => connect(event.ports[0], String(nextKey++));
  else {
    const page = connect(self, "");
    Object.assign(page, { slug: (self.name || "").split(":")[1] || "", greeted: true, first: true });
  }
  boot().catch((err) => {
    failure = String(err && err.message ? err.message : err);
    broadcast({ failed: failure });
    if (early) answerEarly(); // each gets NOT_LOADED
    // a shared worker that failed to start closes: the next page starts a new one
    if (SHARED) self.close();
  });
}
