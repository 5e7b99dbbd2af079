// The page's side of the engine worker: start it, follow its progress, time out its loading with a clear
// message, and make one call per user action (a promise of the worker's answer).

export class EngineError extends Error {}

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
    this.worker = null;
    this.ready = this.start();
  }

  start() {
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (message) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (this.worker) this.worker.terminate();
        reject(new EngineError(message));
      };
      const seconds = Math.round(this.timeoutMs / 1000);
      const timer = setTimeout(() => fail(
        `Движок игры не загрузился за ${seconds} с. Проверьте соединение и обновите страницу; ` +
        "сайт нужно открывать через сервер (bash run.sh serve), а не как файл с диска."), this.timeoutMs);
      try {
        // the version in the address: the service worker keeps each version's files under its own name, so a page
        // of a new build never starts an older worker the service worker still holds (nor does it Pyodide's files)
        const url = new URL("./worker.mjs", import.meta.url);
        if (this.assets) url.searchParams.set("v", this.assets);
        this.worker = new Worker(url,
          { type: "module", name: `edition-engine:${this.slug}:${this.bundle}:${this.assets}:${this.snapshot}` });
      } catch (err) {
        fail(`Этот браузер не может запустить движок игры (модульный Web Worker): ${err.message}`);
        return;
      }
      this.worker.onerror = (event) => {
        event.preventDefault();
        // the browser's own words (often English, naming files) go to the console, the reader gets a sentence
        console.error("edition engine worker:", event.message || event);
        fail("Движок игры не запустился: его файлы не загрузились. Обновите страницу; если не поможет, " +
             "текст главы читается и без игры.");
      };
      this.worker.onmessage = (event) => {
        const msg = event.data;
        if (msg.progress) this.onProgress(msg.progress);
        else if (msg.failed) fail(`Движок игры не запустился: ${msg.failed}`);
        else if (msg.ready) {
          settled = true;
          clearTimeout(timer);
          this.info = msg;
          resolve(msg);
        } else if (msg.id) this.answer(msg);
      };
    });
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
    const id = this.nextId++;
    const answer = new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, args });
    });
    await this.ready; // a failed start rejects here (its calls are never answered)
    return answer;
  }
}
