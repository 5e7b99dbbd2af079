// The page's side of the engine worker: start it, follow its progress, time out its loading with a clear
// message, and make one call per user action (a promise of the worker's answer).

export class EngineError extends Error {}

/** Whether this browser keeps a shared worker alive a while after the last page using it has gone (Chromium's
 * `extendedLifetime`), so that the next chapter's page finds the engine running: asked without starting a worker (the
 * options are read before the address is parsed, and this address does not parse). Elsewhere (no SharedWorker, as
 * in Chrome for Android, or no such option) a shared worker would end with its page: each page starts its own. */
export function sharedWorkersOutliveTheirPage() {
  if (typeof SharedWorker !== "function") return false;
  let read = false;
  try {
    // eslint-disable-next-line no-new
    new SharedWorker("//[", { get extendedLifetime() { read = true; return true; } });
  } catch (e) { /* the address refused, as meant */ }
  return read;
}

/** A worker of the engine's script that only imports Pyodide's script and closes (worker.mjs, warm): the shared
 * worker has no workers of its own, so the page starts it for it. */
function warmUp(href, assets) {
  try {
    const warm = new Worker(href, { type: "module", name: `edition-warm:${assets || ""}` });
    warm.onmessage = () => warm.terminate();
    warm.onerror = () => warm.terminate();
  } catch (e) { /* no warm-up: the next start compiles the script itself */ }
}

export class Engine {
  constructor({ slug = "", bundle = "", assets = "", snapshot = "", timeoutMs = 45000, onProgress = () => {} } = {}) {
    this.slug = slug;
    this.assets = assets; // the version of the play assets and of Pyodide (the worker's Cache Storage: edition-play-<assets>)
    this.bundle = bundle; // the version of the game's engine bundle (the worker fetches engine/<slug>.json?v=…)
    this.snapshot = snapshot; // the key of the build's memory snapshot (play/pyodide/snapshot-<key>.bin), if any
    this.timeoutMs = timeoutMs;
    this.onProgress = onProgress;
    this.pending = new Map();
    this.nextId = 1;
    this.worker = null; // what the calls are posted to: the page's own Worker, or its port of the shared worker
    this.shared = null; // the SharedWorker, when the engine is shared by the site's pages (sharedWorkersOutliveTheirPage)
    this.ready = this.start();
  }

  start() {
    return new Promise((resolve, reject) => {
      let settled = false;
      const close = () => {
        if (!this.worker) return;
        if (this.shared) {
          this.worker.postMessage({ bye: true });
          this.worker.close();
        } else this.worker.terminate();
      };
      const fail = (message, timedOut = false) => {
        if (settled) return;
        if (this.shared && !timedOut) { // the shared worker did not start (or does not serve this game): a worker of our own
          console.warn("edition engine: the shared worker failed, starting the page's own:", message);
          close();
          this.shared = null;
          this.worker = null;
          own();
          return;
        }
        settled = true;
        clearTimeout(timer);
        close();
        reject(new EngineError(message));
      };
      const seconds = Math.round(this.timeoutMs / 1000);
      const timer = setTimeout(() => fail(
        `Движок игры не загрузился за ${seconds} с. Проверьте соединение и обновите страницу; ` +
        "сайт нужно открывать через сервер (bash run.sh serve), а не как файл с диска.", true), this.timeoutMs);
      // the version in the address: the service worker keeps each version's files under its own name, so a page
      // of a new build never starts an older worker the service worker still holds (nor does it Pyodide's files)
      const url = new URL("./worker.mjs", import.meta.url);
      if (this.assets) url.searchParams.set("v", this.assets);
      const onerror = (event) => {
        event.preventDefault();
        // the browser's own words (often English, naming files) go to the console, the reader gets a sentence
        console.error("edition engine worker:", event.message || event);
        fail("Движок игры не запустился: его файлы не загрузились. Обновите страницу; если не поможет, " +
             "текст главы читается и без игры.");
      };
      const onmessage = (event) => {
        const msg = event.data;
        if (msg.progress) this.onProgress(msg.progress);
        else if (msg.failed) fail(`Движок игры не запустился: ${msg.failed}`);
        else if (msg.unserved) fail("the running engine does not have this game");
        else if (msg.gone) this.stopped();
        else if (msg.warm) warmUp(msg.warm, this.assets);
        else if (msg.ready) {
          settled = true;
          clearTimeout(timer);
          this.info = msg;
          resolve(msg);
        } else if (msg.id) this.answer(msg);
      };
      // the page's own worker (its calls posted again: the shared worker's are not answered)
      const own = () => {
        try {
          this.worker = new Worker(url,
            { type: "module", name: `edition-engine:${this.slug}:${this.bundle}:${this.assets}:${this.snapshot}` });
        } catch (err) {
          fail(`Этот браузер не может запустить движок игры (модульный Web Worker): ${err.message}`);
          return;
        }
        this.worker.onerror = onerror;
        this.worker.onmessage = onmessage;
        for (const [id, waiting] of this.pending) this.worker.postMessage({ id, op: waiting.op, args: waiting.args });
      };
      // one engine for the site's pages where the browser keeps it running between them (the build's snapshot has
      // every game: any chapter's page is served by it); the same name and address on every chapter
      if (this.snapshot && sharedWorkersOutliveTheirPage()) {
        try {
          this.shared = new SharedWorker(url, { type: "module", name: `edition-engine:::${this.assets}:${this.snapshot}`,
            extendedLifetime: true });
          this.worker = this.shared.port;
          this.shared.onerror = onerror;
          this.worker.onmessage = onmessage;
          this.worker.postMessage({ hello: { slug: this.slug, bundle: this.bundle } });
          // a page that goes for good says so (its game is dropped); one kept in the back-forward cache keeps it
          window.addEventListener("pagehide", (event) => {
            if (!event.persisted && this.shared && this.worker) this.worker.postMessage({ bye: true });
          });
          return;
        } catch (err) {
          this.shared = null;
          this.worker = null;
        }
      }
      own();
    });
  }

  /** The shared engine stopped for good (worker.mjs closed it): every call, waiting or to come, is refused. */
  stopped() {
    this.gone = new EngineError("Движок игры остановился. Обновите страницу.");
    for (const waiting of this.pending.values()) waiting.reject(this.gone);
    this.pending.clear();
  }

  answer(msg) {
    const waiting = this.pending.get(msg.id);
    if (!waiting) return;
    this.pending.delete(msg.id);
    this.lastMs = msg.ms;
    if (msg.ok) waiting.resolve(msg.result);
    else waiting.reject(new EngineError(msg.error));
  }

  /** One call; posted at once, before the engine is up too (the worker keeps it until then and answers it right
   * after its ready message: the first position does not wait for a round trip). */
  async call(op, ...args) {
    if (!this.worker) await this.ready; // the worker did not start: the loading's error
    if (this.gone) throw this.gone;
    const id = this.nextId++;
    const answer = new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, op, args });
      this.worker.postMessage({ id, op, args });
    });
    await this.ready; // a failed start rejects here (its calls are never answered)
    return answer;
  }
}
