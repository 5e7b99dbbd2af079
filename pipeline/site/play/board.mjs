// The board: one generic board for every game, in plain JavaScript. It draws the piles from the engine's layout,
// the cards from the engine's state, highlights the targets of the engine's legal moves, and sends each action to
// the engine (in a Web Worker) as one call. No game logic here: what is legal, which empty piles are
// interchangeable, where a rule stands in the chapter, what a hint is, what auto-play may play — all of it comes
// from the engine (the build's JSON in the page, then the worker). The DOM is built with textContent only.
//
// The page carries the board of the chapter's default deal as the build drew it (static.py: in the page's HTML, so
// in its first paint, with no script run); this renderer adopts it and, once it has the width, draws the same
// cards in the same places as its own (the layout and first position the build embeds, play/first/<slug>.json).
// The runtime (Pyodide and the engine, ~4 MB compressed) starts only on the reader's
// intent: a pointer, a touch or a key on the board, «Играть», a deal in the address, or the board scrolled near.
import { Engine } from "./engine.mjs";
import { cardName, cardsName, countCards, makeCard, setFaceUp } from "./cards.mjs";
import { cardWidth, fitLayout, geometry, neighbour } from "./geometry.mjs";

const KIND_WORDS = {
  play: "на основание", marry: "перенос", fill: "на пустое место", turn: "открыть карту",
  deal: "сдать из колоды",
};
const STORE_COLOURS = "edition.play.four-colour";
const RULES_WIDTH = 260; // px beside the board (the board's column takes the rest)
// the smallest card a board is drawn with before it is re-flowed (geometry.reflow): on a wide screen, and on a phone
const MIN_CARD_WIDE = 48;
const MIN_CARD_NARROW = 30;
const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Build an element: h("button", {type: "button", class: "x"}, "text", child…). Text goes in as text. */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return el;
}

function dealFromHash() {
  const m = /(?:^#|&)deal=(\d{1,15})(?:&|$)/.exec(window.location.hash);
  return m ? Number(m[1]) : null;
}

/** The reading of the rules the address asks for (`#deal=N&variant=ID`; the engine checks that the game has it). */
function variantFromHash() {
  const m = /(?:^#|&)variant=([a-z0-9-]{1,40})(?:&|$)/.exec(window.location.hash);
  return m ? m[1] : "";
}

/** The address of a deal, in a reading of the rules ("" the edition's own). */
function dealHash(deal, variant) {
  return `#deal=${deal}${variant ? `&variant=${variant}` : ""}`;
}

/** Register the play folder's service worker (keeps the runtime across chapters); only ever on intent. */
function keepRuntime(version) {
  try {
    if (!navigator.serviceWorker || !window.isSecureContext) return;
    const scope = new URL("./", import.meta.url);
    navigator.serviceWorker.register(new URL(`./sw.js?v=${version}`, import.meta.url), { scope: scope.pathname })
      .catch(() => {});
  } catch (e) { /* no service worker: the HTTP cache still serves */ }
}

function randomDeal() {
  return 1 + Math.floor(Math.random() * 99999);
}

export class Board {
  constructor(root, game, options = {}) {
    this.root = root;
    this.slug = game.slug;
    this.game = game;
    this.timeoutMs = options.timeoutMs;
    this.queue = Promise.resolve();
    this.cardEls = new Map();
    this.pileEls = {};
    this.selected = null;
    this.focusPile = null;
    this.view = null;
    this.layout = null;
    this.info = null;
    this.auto = null;
    this.variant = variantFromHash(); // the reading of the rules being played ("" the edition's own)
    this.stats = { moves: [] };
    this.build();
  }

  // --- the skeleton ------------------------------------------------------------------------------------------

  /** Adopt the board the build drew into the page (static.py: the skeleton, and the default deal on the table, in
   * the state before the engine runs): its parts, its controls' actions. The cards stay the build's until the
   * width is known (show), then this renderer draws its own in their places. */
  build() {
    const r = this.root;
    const part = (selector) => {
      const el = r.querySelector(selector);
      if (!el) throw new Error(`the page's board has no ${selector} (static.py draws it)`);
      return el;
    };
    this.loader = part(".play-loader");
    this.loaderText = part(".play-loader-text");
    this.playButton = part(".play-start");
    this.loaderBar = part(".play-loader progress");
    this.loaderTime = part(".play-loader-time");
    this.dealInput = part(".play-deal-input");
    this.dealLink = part(".play-deal-link");
    this.toolbar = part(".play-toolbar");
    const actions = {
      newDeal: [".play-new", () => this.newDeal()],
      restart: [".play-restart", () => this.restart()],
      undo: [".play-undo", () => this.undo()],
      redo: [".play-redo", () => this.redo()],
      hint: [".play-hint", () => this.hint()],
      expand: [".play-expand", () => this.setExpanded(!this.root.classList.contains("play-expanded"))],
      auto: [".play-auto", () => this.toggleAuto()],
    };
    this.buttons = {};
    for (const [name, [selector, action]] of Object.entries(actions)) {
      this.buttons[name] = part(selector);
      this.buttons[name].addEventListener("click", action);
    }
    this.playButton.addEventListener("click", () => this.intent());
    part(".play-deal").addEventListener("submit", (e) => { e.preventDefault(); this.openDeal(); });
    this.fourColour = part("input[name='play-four-colour']");
    this.fourColour.addEventListener("change", () => this.setFourColour(this.fourColour.checked));
    // the readings of the rules the engine offers for this game (info.variants), if any: renderVariants
    this.variantSelect = part(".play-variant-select");
    this.variantSelect.addEventListener("change", () => this.setVariant(this.variantSelect.value));
    this.variantLabel = part(".play-variant");
    this.turn = part(".play-turn");
    this.outcome = part(".play-outcome");
    this.surface = part(".play-surface");
    this.table = part(".play-table");
    this.wideNote = part(".play-wide-note");
    this.movesSelect = part(".play-moves-select");
    part(".play-moves").addEventListener("submit", (e) => { e.preventDefault(); this.playSelected(); });
    this.announcer = part(".play-announce");
    this.rulesList = part(".play-rules-list");
    this.rulesNote = part(".play-rules-note");
    this.rules = part(".play-rules");
    this.main = part(".play-main");
    this.setControlsEnabled(false);
    try { this.setFourColour(localStorage.getItem(STORE_COLOURS) === "1"); } catch (e) { /* storage off */ }

    this.surface.addEventListener("click", (e) => this.onClick(e));
    this.surface.addEventListener("keydown", (e) => this.onKey(e));
    this.surface.addEventListener("pointerdown", (e) => this.onPointerDown(e));
    this.surface.addEventListener("focusin", (e) => this.onFocus(e));
    r.addEventListener("keydown", (e) => this.onShortcut(e));
    window.addEventListener("hashchange", () => {
      const deal = dealFromHash();
      if (deal && this.view && deal !== this.view.state.deal) this.start(deal);
    });
    // the width available is read when the browser has laid the page out anyway (no forced layout later)
    if (window.ResizeObserver) {
      new ResizeObserver((entries) => {
        const w = entries[entries.length - 1].contentRect.width;
        if (!w || Math.abs(w - (this.mainWidth || 0)) <= 2) return;
        this.mainWidth = w;
        const style = getComputedStyle(this.table);
        this.tablePad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 2;
        if (this.measured) this.measured();
        else if (this.layout) this.resize();
      }).observe(this.main);
    }
  }

  setControlsEnabled(on) {
    for (const el of this.toolbar.querySelectorAll("button, input")) {
      if (el !== this.fourColour && el !== this.buttons.expand) el.disabled = !on;
    }
  }

  setExpanded(on) {
    this.root.classList.toggle("play-expanded", on);
    this.buttons.expand.setAttribute("aria-pressed", String(on));
    this.buttons.expand.textContent = on ? "Свернуть" : "Во весь экран";
    document.documentElement.classList.toggle("play-expanded-page", on);
    if (this.layout) this.resize();
  }

  setFourColour(on) {
    this.fourColour.checked = on;
    this.root.classList.toggle("four-colour", on);
    try { localStorage.setItem(STORE_COLOURS, on ? "1" : "0"); } catch (e) { /* storage off */ }
  }

  // --- loading -----------------------------------------------------------------------------------------------

  /** Draw the board of the default deal that the build computed (play/first/<slug>.json, preloaded by the page) in
   * place of the one the build drew into the page (the same cards in the same places); the runtime waits for
   * intent. A deal in the address is intent already: the reader came to play it. */
  show() {
    const g = this.game;
    const deal = dealFromHash();
    const first = g.first
      ? fetch(new URL(`first/${encodeURIComponent(this.slug)}.json?v=${g.first}`, import.meta.url))
        .then((r) => (r.ok ? r.json() : null)).catch(() => null)
      : Promise.resolve(null);
    // This renderer's board is drawn once the browser has laid the page out anyway (the ResizeObserver's first report:
    // reading the width before then forces a layout of the whole page, a long task on a phone), and the rules
    // panel in a task of its own after it: the page's main thread is never held long (Lighthouse's blocking time).
    first.then((b) => this.whenMeasured(() => {
      if (!b || this.live) return;
      if (!this.layout) this.setLayout(b.layout, null);
      if (!this.view && (!deal || deal === b.deal)) {
        this.render({ ...b.view, legal_moves: [] }, { animate: false }); // the moves come with the engine
        this.dealInput.value = String(b.deal);
        this.dealLink.href = dealHash(b.deal, this.variant);
        this.dealLink.textContent = `ссылка на раздачу № ${b.deal}`;
      } else if (!this.view) this.renderEmpty();
      performance.mark("play:drawn");
      setTimeout(() => {
        if (!this.info || !this.info.rules) this.describeRules(b.info, b.layout);
      }, 0);
    }));
    if (deal || this.variant) {
      this.boot();
      return;
    }
    this.listenForIntent(); // the page says so already (data-state "static"): the game starts on the first touch
  }

  /** Run `draw` once the board's width is known from the ResizeObserver (at once if it is; a board the observer
   * never reports, hidden or without ResizeObserver, is measured after a short wait). */
  whenMeasured(draw) {
    if (this.mainWidth || !window.ResizeObserver) {
      draw();
      return;
    }
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      this.measured = null;
      clearTimeout(timer);
      draw();
    };
    const timer = setTimeout(once, 500);
    this.measured = once;
  }

  /** The engine's rules (and each pile's rules) on the board. */
  describeRules(info, layout) {
    const rules = Object.fromEntries(layout.piles.map((p) => [p.name, p.rules]));
    for (const p of this.layout.piles) if (!p.rules) p.rules = rules[p.name] || [];
    this.info = info;
    this.renderRules(info);
    this.renderVariants(info);
  }

  listenForIntent() {
    const go = () => this.intent();
    const opts = { once: true, passive: true };
    for (const type of ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"]) {
      this.root.addEventListener(type, go, opts);
    }
    // the board scrolled near the viewport by the reader (not merely visible when the page opens)
    if (window.IntersectionObserver) {
      let scrolled = false;
      window.addEventListener("scroll", () => { scrolled = true; }, { once: true, passive: true });
      const seen = new IntersectionObserver((entries) => {
        if (scrolled && entries.some((e) => e.isIntersecting)) {
          seen.disconnect();
          go();
        }
      }, { rootMargin: "0px 0px 400px 0px" });
      seen.observe(this.root);
      this.intentObserver = seen;
    }
  }

  intent() {
    if (!this.engine) this.boot();
  }

  /** Start the runtime and the engine (once); the first position is the one on the board, or the address's deal. */
  boot() {
    if (this.engine) return this.booted;
    if (this.intentObserver) this.intentObserver.disconnect();
    performance.mark("play:intent");
    this.root.dataset.state = "loading";
    this.playButton.hidden = true;
    this.loaderText.textContent = "Игра загружается…";
    const started = performance.now();
    const tick = setInterval(() => {
      this.loaderTime.textContent = ` ${((performance.now() - started) / 1000).toFixed(0)} с`;
    }, 500);
    keepRuntime(this.game.assets || "0");
    this.engine = new Engine({
      slug: this.slug,
      bundle: this.game.bundle || "",
      assets: this.game.assets || "",
      snapshot: this.game.snapshot || "",
      timeoutMs: this.timeoutMs,
      onProgress: (p) => {
        this.loaderText.textContent = p.text;
        const share = p.stage === "download" ? 0.75 * (p.total ? p.done / p.total : 0) : 0.75 + 0.25 * (p.done / p.total);
        this.loaderBar.value = Math.round(100 * share);
      },
    });
    // while the engine starts, the theme's script waits (assets/md-later.js: Material's bundle and its search
    // index, loaded at the reader's first move, would take the two cores from the engine's start)
    document.documentElement.dataset.playStarting = "";
    const deal = dealFromHash() || (this.view ? this.view.state.deal : null) || this.game.deal || randomDeal();
    const first = this.start(deal, { first: true });
    this.engine.ready.then(() => performance.mark("play:engine-ready"), () => {});
    this.booted = first.then(() => {
      performance.mark("play:board-ready");
      this.loader.hidden = true;
      this.live = true;
      this.root.dataset.state = "ready";
      const touched = this.pendingPile;
      this.pendingPile = null;
      if (touched) this.activate(touched);
    }, (err) => this.fail(err.message || String(err))).finally(() => {
      clearInterval(tick);
      delete document.documentElement.dataset.playStarting;
      document.dispatchEvent(new Event("edition-play-ready"));
    });
    return this.booted;
  }

  fail(message) {
    this.root.dataset.state = "error";
    this.loader.hidden = false;
    this.loader.classList.add("play-error");
    this.loader.replaceChildren(h("span", {}, message), " ",
      h("button", { type: "button", onclick: () => window.location.reload() }, "Обновить страницу"));
  }

  // --- engine calls: one a user action, one at a time ----------------------------------------------------------

  run(fn) {
    if (!this.engine) this.boot(); // any action is intent: the engine's first position goes first in the queue
    const next = this.queue.then(fn, fn);
    this.queue = next.catch((err) => this.say(`Ошибка: ${err.message || err}`));
    return next;
  }

  async call(op, ...args) {
    const t0 = performance.now();
    const result = await this.engine.call(op, ...args);
    this.lastCall = { op, ms: performance.now() - t0, worker: this.engine.lastMs };
    return result;
  }

  start(deal, opts = {}) {
    this.stopAuto();
    return this.run(async () => {
      const view = await this.call("new_game", this.slug, deal, this.variant);
      // the layout and rules the page carries, else the engine's
      const same = opts.first && this.view && this.view.state.deal === deal && !this.view.history && !this.variant;
      if (!this.layout) this.setLayout(view.layout, null); // the rules and variants: describeRules, next
      if (!this.info || !this.info.rules) this.describeRules(view.info, view.layout);
      this.outcome.textContent = "";
      this.dealInput.value = String(deal);
      this.dealLink.href = dealHash(deal, this.variant);
      this.dealLink.textContent = `ссылка на раздачу № ${deal}`;
      if (same) this.render(view, { animate: false, keepSelection: true }); // the board drawn already: no deal again
      else this.render(view, { fromStock: true });
      this.say(`Раздача № ${deal}.`);
      return view;
    });
  }

  newDeal() {
    const deal = randomDeal();
    this.setHash(deal);
    return this.start(deal);
  }

  openDeal() {
    const deal = Number(this.dealInput.value);
    if (!Number.isInteger(deal) || deal < 1) {
      this.say("Номер раздачи — целое число от 1.");
      return Promise.resolve(null);
    }
    this.setHash(deal);
    return this.start(deal);
  }

  setHash(deal) {
    try { history.replaceState(null, "", dealHash(deal, this.variant)); } catch (e) { /* file:// */ }
  }

  restart() {
    return this.start(this.view.state.deal);
  }

  /** Play a legal move by its id (the id comes from the engine's legal moves). */
  play(moveId, opts = {}) {
    if (!opts.auto) this.stopAuto();
    return this.run(async () => {
      const move = this.view.legal_moves.find((m) => m.id === moveId);
      if (!move) throw new Error(`ход ${moveId} сейчас невозможен`);
      const t0 = performance.now();
      const view = await this.call("apply", moveId);
      this.render(view, { first: opts.first });
      this.stats.moves.push({ id: moveId, total: performance.now() - t0, worker: this.lastCall.worker,
        call: this.lastCall.ms });
      this.say(this.describe(move, this.previous));
      return view;
    });
  }

  undo() {
    this.stopAuto();
    return this.run(async () => {
      if (!this.view.history) return this.view;
      const view = await this.call("undo");
      this.render(view);
      this.say("Ход отменён.");
      return view;
    });
  }

  redo() {
    this.stopAuto();
    return this.run(async () => {
      if (!this.view.future) return this.view;
      const view = await this.call("redo");
      this.render(view);
      this.say("Ход возвращён.");
      return view;
    });
  }

  hint() {
    this.stopAuto();
    this.say("Подсказка: ищу ход…");
    return this.run(async () => {
      const { id } = await this.call("hint");
      this.clearMarks("hint");
      const move = id && this.view.legal_moves.find((m) => m.id === id);
      if (!move) {
        this.say("Подсказки нет: ходов больше нет.");
        return null;
      }
      for (const name of [move.from || move.at, move.to]) if (name) this.pileEls[name].classList.add("hint");
      this.movesSelect.value = move.id;
      this.say(`Подсказка: ${this.describe(move, this.view)}.`);
      clearTimeout(this.hintTimer);
      this.hintTimer = setTimeout(() => this.clearMarks("hint"), 4000);
      return id;
    });
  }

  toggleAuto() {
    if (this.auto) this.stopAuto();
    else this.startAuto();
  }

  /** Auto-play to the foundations: the engine says, step by step, which card may go up; any action stops it. */
  startAuto() {
    const token = { stopped: false };
    this.auto = token;
    this.buttons.auto.textContent = "Стоп";
    this.buttons.auto.setAttribute("aria-pressed", "true");
    const finished = (async () => {
      let played = 0;
      const seen = new Set([JSON.stringify(this.view.state.piles)]); // never go round in a circle
      while (!token.stopped) {
        const step = await this.run(async () => {
          if (token.stopped) return { done: true };
          const r = await this.call("auto_step");
          if (!r.done) this.render(r);
          return r;
        });
        if (!step || step.done) break;
        played += 1;
        const key = JSON.stringify(step.state.piles);
        if (seen.has(key)) break;
        seen.add(key);
        await new Promise((res) => setTimeout(res, reducedMotion() ? 0 : 160));
      }
      if (this.auto === token) this.stopAuto();
      this.say(played ? `На основания сыграно: ${countCards(played)}.` : "Сейчас на основания играть нечего.");
      return played;
    })();
    token.finished = finished;
    return finished;
  }

  stopAuto() {
    if (!this.auto) return;
    this.auto.stopped = true;
    this.auto = null;
    this.buttons.auto.textContent = "На основания";
    this.buttons.auto.setAttribute("aria-pressed", "false");
  }

  // --- drawing -----------------------------------------------------------------------------------------------

  setLayout(layout, info) {
    this.layout = layout;
    this.info = info;
    this.byName = Object.fromEntries(layout.piles.map((p) => [p.name, p]));
    this.groupSize = {};
    for (const p of layout.piles) this.groupSize[p.group] = (this.groupSize[p.group] || 0) + 1;
    this.surface.replaceChildren(); // the build's cards, if still there, go: this renderer draws in their places
    this.root.classList.remove("play-built");
    this.cardEls.clear();
    this.pileEls = {};
    for (const p of layout.piles) {
      const el = h("div", { class: `pile kind-${p.kind} fan-${p.fan}`, "data-pile": p.name, tabindex: "-1",
        role: "group", "aria-roledescription": "стопка" },
        h("span", { class: "pile-label", "aria-hidden": "true" }, p.label_ru),
        h("span", { class: "pile-count", "aria-hidden": "true" }));
      this.pileEls[p.name] = el;
      this.surface.append(el);
    }
    this.focusPile = layout.piles[0] ? layout.piles[0].name : null;
    if (this.focusPile) this.pileEls[this.focusPile].tabIndex = 0;
    this.cw = this.fit();
    if (info && info.rules) this.renderRules(info);
    this.surface.setAttribute("aria-label", `Игровое поле: ${this.game.title_ru}`);
  }

  /** Card width for the width available; the rules go beside the board when the cards stay big enough there.
   * A layout that would need smaller cards than the screen's minimum is re-flowed into strips (`this.placed`). */
  fit() {
    if (!this.mainWidth) { // no ResizeObserver report yet: measure now
      this.mainWidth = this.main.clientWidth || 320;
      const style = getComputedStyle(this.table);
      this.tablePad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 2;
    }
    const width = this.mainWidth;
    const pad = this.tablePad;
    const least = window.innerWidth >= 700 ? MIN_CARD_WIDE : MIN_CARD_NARROW;
    const piles = this.layout.piles;
    const beside = width - RULES_WIDTH >= 420 && cardWidth(piles, width - RULES_WIDTH - pad) >= least;
    this.main.classList.toggle("rules-beside", beside);
    this.available = (beside ? width - RULES_WIDTH : width) - pad;
    // on the whole window, the board fits its height too (what is left below the controls)
    const height = this.root.classList.contains("play-expanded")
      ? Math.max(200, window.innerHeight - this.table.getBoundingClientRect().top - pad - 8) : Infinity;
    // the board no taller than the screen where smaller cards (to three quarters of the least) make it so
    const screen = Math.max(320, window.innerHeight - 40);
    const placed = fitLayout(piles, this.available, { least, floor: Math.round(0.75 * least), screen }).piles;
    this.placed = { ...this.layout, piles: placed };
    this.placedByName = Object.fromEntries(placed.map((p) => [p.name, p]));
    this.surface.classList.toggle("reflowed", placed !== piles);
    return cardWidth(placed, this.available, height);
  }

  /** The piles without cards (while the engine loads). */
  renderEmpty() {
    const g = geometry(this.placed, {}, {}, this.cw);
    this.surface.style.setProperty("--cw", `${g.cw}px`);
    this.surface.style.setProperty("--ch", `${g.ch}px`);
    this.surface.classList.toggle("small-cards", g.cw < 40);
    this.surface.style.width = `${g.width}px`;
    this.surface.style.height = `${g.height + 4}px`;
    for (const p of this.layout.piles) {
      const pe = this.pileEls[p.name];
      pe.style.left = `${g.piles[p.name].left}px`;
      pe.style.top = `${g.piles[p.name].top}px`;
      pe.classList.add("empty");
      pe.setAttribute("aria-label", `${this.pileLabel(p.name)}: пусто`);
    }
  }

  resize() {
    const before = this.placed;
    const cw = this.fit();
    const moved = before && before.piles.some((p, i) => p.x !== this.placed.piles[i].x || p.y !== this.placed.piles[i].y);
    if ((cw !== this.cw || moved) && !this.view && this.layout) {
      this.cw = cw;
      this.renderEmpty();
    } else if ((cw !== this.cw || moved) && this.view) {
      this.cw = cw;
      this.render(this.view, { animate: false, keepSelection: true });
    }
  }

  pileLabel(name) {
    const p = this.byName[name];
    if (!p) return name;
    const n = name.slice(p.group.length + 1);
    return this.groupSize[p.group] > 1 && n ? `${p.label_ru} ${n}` : p.label_ru;
  }

  finishAnimations() {
    for (const a of this.surface.getAnimations({ subtree: true })) a.finish();
  }

  /**
   * Draw a view of the engine. Cards move between piles in the DOM (each card stays one element, keyed by its id)
   * and are animated from where they were, in the order of the engine's steps. Positions come from the geometry,
   * not from the DOM, so drawing forces no layout; input is never blocked (a new action finishes the animations).
   */
  render(view, opts = {}) {
    const t0 = performance.now();
    this.finishAnimations();
    const animate = opts.animate !== false && !reducedMotion();
    const st = view.state;
    const before = this.pos || new Map();
    const counts = {};
    for (const [name, cards] of Object.entries(st.piles)) counts[name] = cards.length;
    const g = geometry(this.placed, counts, st.down, this.cw);
    const first = new Map();
    if (animate) {
      const stock = opts.fromStock && g.piles.stock;
      for (const cards of Object.values(st.piles)) {
        for (const id of cards) {
          const at = stock ? { x: stock.left, y: stock.top } : before.get(id);
          if (at) first.set(id, at);
        }
      }
      if (opts.first) { // cards dropped by a drag: from where the pointer left them (client coordinates)
        const box = this.surface.getBoundingClientRect();
        for (const [id, r] of opts.first) first.set(id, { x: r.left - box.left, y: r.top - box.top });
      }
    }
    this.previous = this.view;
    this.view = view;
    this.surface.style.setProperty("--cw", `${g.cw}px`);
    this.surface.style.setProperty("--ch", `${g.ch}px`);
    this.surface.classList.toggle("small-cards", g.cw < 40);
    this.surface.style.width = `${g.width}px`;
    this.surface.style.height = `${g.height + 4}px`;
    this.wideNote.hidden = g.width <= this.available;
    const pos = new Map();
    for (const p of this.layout.piles) {
      const pe = this.pileEls[p.name];
      const pg = g.piles[p.name];
      pe.style.left = `${pg.left}px`;
      pe.style.top = `${pg.top}px`;
      const cards = st.piles[p.name] || [];
      const down = Math.min(st.down[p.name] || 0, cards.length);
      const els = cards.map((id) => {
        let el = this.cardEls.get(id);
        if (!el) {
          el = makeCard(id);
          this.cardEls.set(id, el);
        }
        return el;
      });
      const current = pe.querySelectorAll(":scope > .card");
      if (current.length !== els.length || els.some((el, i) => current[i] !== el)) pe.append(...els);
      els.forEach((el, i) => {
        const off = pg.offsets[i] || 0;
        const x = pg.fan === "right" ? off : 0;
        const y = pg.fan === "down" ? off : 0;
        el.style.left = `${x}px`;
        el.style.top = `${y}px`;
        pos.set(cards[i], { x: pg.left + x, y: pg.top + y });
        setFaceUp(el, i >= down);
      });
      pe.classList.toggle("empty", cards.length === 0);
      pe.querySelector(".pile-count").textContent = pg.fan === "none" && cards.length > 1 ? String(cards.length) : "";
      pe.setAttribute("aria-label", this.pileDescription(p.name, cards, down));
    }
    for (const [id, el] of this.cardEls) if (!pos.has(id)) { el.remove(); this.cardEls.delete(id); }
    this.pos = pos;
    if (animate && first.size) this.animate(view.steps || [], first, pos);
    if (!opts.keepSelection) this.select(null);
    this.update();
    this.stats.renders = (this.stats.renders || 0) + 1;
    this.stats.renderMax = Math.max(this.stats.renderMax || 0, performance.now() - t0);
  }

  animate(steps, first, pos) {
    const order = new Map();
    steps.forEach((s, i) => {
      if (s.op === "move") for (const id of s.cards) if (!order.has(id)) order.set(id, i);
    });
    const stagger = Math.min(70, 900 / Math.max(1, steps.length));
    for (const [id, from] of first) {
      const to = pos.get(id);
      const el = this.cardEls.get(id);
      if (!to || !el) continue;
      const dx = from.x - to.x;
      const dy = from.y - to.y;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      el.classList.add("moving");
      const anim = el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: 220, delay: (order.get(id) || 0) * stagger, easing: "ease-out", fill: "backwards" });
      const done = () => el.classList.remove("moving");
      anim.onfinish = done;
      anim.oncancel = done;
    }
  }

  pileDescription(name, cards, down) {
    const label = this.pileLabel(name);
    if (!cards.length) return `${label}: пусто`;
    const up = cards.length - down;
    const parts = [];
    if (up) parts.push(up === 1 ? cardName(cards[cards.length - 1])
      : `сверху ${cardName(cards[cards.length - 1])}, всего открыто ${countCards(up)}`);
    if (down) parts.push(`${countCards(down)} рубашкой вверх`);
    return `${label}: ${parts.join("; ")}`;
  }

  /** «дама червей: Крыло 3 → Король 1» */
  describe(move, view) {
    if (!move.from) {
      const what = KIND_WORDS[move.kind] || move.id;
      return move.at ? `${what}: ${this.pileLabel(move.at)}` : what;
    }
    const route = `${this.pileLabel(move.from)} → ${this.pileLabel(move.to)}`;
    const pile = view && view.state.piles[move.from];
    const hidden = !pile || pile.length - (move.cards || []).length < (view.state.down[move.from] || 0);
    if (move.kind === "turn" || move.kind === "deal") return `${KIND_WORDS[move.kind]} (${route})`;
    const what = hidden || !move.cards || !move.cards.length ? "карта" : cardsName(move.cards);
    return `${what}: ${route}`;
  }

  update() {
    const v = this.view;
    this.setControlsEnabled(true);
    this.buttons.undo.disabled = !v.history;
    this.buttons.redo.disabled = !v.future;
    this.buttons.hint.disabled = v.status !== "playing";
    this.buttons.auto.disabled = v.status !== "playing" && !this.auto;
    this.root.dataset.status = v.status;
    this.root.dataset.moves = String(v.history);
    const players = v.state.players || 1;
    const score = `На основаниях: ${countCards(v.score)}.`;
    this.turn.textContent = players > 1 && v.status === "playing"
      ? `Ходит игрок ${(v.state.to_move || 0) + 1} из ${players}. ${score}` : score;
    this.turn.classList.toggle("two-players", players > 1);
    if (players > 1) this.root.dataset.toMove = String(v.state.to_move || 0);
    let outcome = "";
    if (v.status === "won") outcome = "Пасьянс сошёлся! Все карты на основаниях.";
    else if (v.status === "lost") {
      outcome = `Ходов больше нет: пасьянс не сошёлся (на основаниях ${countCards(v.score)}). ` +
        "Можно отменить ходы или начать новую раздачу.";
    }
    if (this.outcome.textContent !== outcome) this.outcome.textContent = outcome;
    this.outcome.className = `play-outcome ${v.status}`;
    this.outcome.hidden = !outcome;
    const movable = new Set(v.legal_moves.map((m) => m.from || m.at).filter(Boolean));
    for (const [name, el] of Object.entries(this.pileEls)) el.classList.toggle("can-move", movable.has(name));
    const options = v.legal_moves.map((m) => h("option", { value: m.id }, this.describe(m, v)));
    if (!options.length) options.push(h("option", { value: "" }, this.live ? "ходов нет" : "ходы — когда игра запустится"));
    this.movesSelect.replaceChildren(...options);
    this.movesSelect.disabled = !v.legal_moves.length;
  }

  say(text) {
    this.announcer.textContent = text;
  }

  /** The readings of the rules the engine offers (info.variants: id and a Russian label), beside the edition's
   * own: a choice starts the deal again in that reading (the engine plays it: no rule is read here). */
  renderVariants(info) {
    const variants = (info && info.variants) || [];
    const none = variants.length === 0;
    this.variantLabel.hidden = none;
    this.variantSelect.hidden = none;
    if (none) return;
    this.variantSelect.replaceChildren(h("option", { value: "" }, "как в издании"),
      ...variants.map((v) => h("option", { value: v.id, title: v.en }, v.ru || v.id)));
    this.variantSelect.value = variants.some((v) => v.id === this.variant) ? this.variant : "";
  }

  setVariant(variant) {
    this.variant = variant;
    const deal = (this.view && this.view.state.deal) || dealFromHash() || this.game.deal || 1;
    this.setHash(deal);
    return this.start(deal).then((view) => {
      this.say(variant ? `Раздача № ${deal}, другое прочтение правил.` : `Раздача № ${deal}, правила как в издании.`);
      return view;
    });
  }

  renderRules(info) {
    // a rule of another reading (rule.variant) says which: the same label as the choice of readings
    const readings = Object.fromEntries((info.variants || []).map((v) => [v.id, v.ru || v.id]));
    const items = info.rules.map((rule) => {
      const reconstructed = rule.source === "reconstructed";
      // where the rule stands in the chapter: the build's anchor (the element the rule ledger cites, else the TEI's
      // place of its number: assets.py); a reconstructed rule has none
      const anchor = rule.anchor || rule.cite;
      const target = !reconstructed && anchor && document.getElementById(anchor) ? anchor : null;
      const number = rule.number === "play" ? "Игра" : rule.number;
      const where = target
        ? h("a", { href: `#${target}`, class: "play-rule-link",
          title: rule.number === "play" ? "Это правило — в разделе «Игра» главы" : `Правило ${rule.number} в тексте главы` },
        rule.number === "play" ? "в тексте: «Игра»" : `в тексте: правило ${rule.number}`)
        : null;
      return h("li", { class: `play-rule ${reconstructed ? "reconstructed" : "from-text"}`, "data-rule": rule.id },
        h("span", { class: "play-rule-n" }, reconstructed ? "[р]" : number),
        " ",
        h("span", { class: "play-rule-ru", lang: "ru" }, rule.ru),
        reconstructed ? h("span", { class: "play-rule-mark" },
          ` Реконструкция редактора${rule.origin ? `: ${rule.origin}` : ""}.`) : null,
        rule.variant ? h("span", { class: "play-rule-mark" },
          ` Только в другом прочтении правил: «${readings[rule.variant] || rule.variant}».`) : null,
        where ? h("span", { class: "play-rule-where" }, where) : null);
    });
    this.rulesList.replaceChildren(...items);
    const ledger = document.getElementById("ledger");
    const n = (info.rules_reconstructed || []).length;
    this.rulesNote.replaceChildren(n
      ? `«[р]» — правило восстановлено редактором: в тексте книги его нет; рядом — откуда оно взято (таких правил ${n} из ${info.rules.length}). `
      : "Все правила — из текста книги: каждое — дословная цитата. ",
    ledger && ledger.querySelector("a") ? h("a", { href: ledger.querySelector("a").getAttribute("href"), class: "play-rule-link" },
      "Правила и текст: каждое предложение главы и его правило") : "");
  }

  // --- selection, targets ------------------------------------------------------------------------------------

  /** The legal moves that start at a pile: cards leaving it, or (moves that only turn cards) acting on it. */
  movesFrom(name) {
    return this.view ? this.view.legal_moves.filter((m) => m.from === name || (!m.from && m.at === name)) : [];
  }

  /** The legal move from `src` to `dst`; a drop on an empty pile that the engine's layout marks `interchangeable`
   * (the engine offers a move to the first empty pile of such a group only) maps to the move to that group. */
  moveTo(src, dst, moves = this.movesFrom(src)) {
    const exact = moves.find((m) => m.to === dst);
    if (exact) return exact;
    const target = this.byName[dst];
    const st = this.view.state;
    if (!target || !target.interchangeable || (st.piles[dst] || []).length) return null;
    return moves.find((m) => this.byName[m.to] && this.byName[m.to].group === target.group
      && !(st.piles[m.to] || []).length) || null;
  }

  clearMarks(cls) {
    for (const el of this.surface.querySelectorAll(`.pile.${cls}`)) el.classList.remove(cls);
  }

  select(name, moves) {
    this.clearMarks("selected");
    this.clearMarks("target");
    this.selected = name;
    this.selectedMoves = name ? (moves || this.movesFrom(name)) : null;
    this.surface.classList.toggle("selecting", !!name);
    if (!name) return;
    this.pileEls[name].classList.add("selected");
    const targets = new Set(this.selectedMoves.map((m) => m.to).filter(Boolean));
    for (const t of targets) if (this.pileEls[t]) this.pileEls[t].classList.add("target");
    // empty piles interchangeable with a target (the engine's layout says which) take the move too
    for (const t of targets) {
      const group = this.byName[t] && this.byName[t].interchangeable && this.byName[t].group;
      for (const p of this.layout.piles) {
        if (group && p.group === group && !(this.view.state.piles[p.name] || []).length && this.moveTo(name, p.name)) {
          this.pileEls[p.name].classList.add("target");
        }
      }
    }
    const names = [...targets].map((t) => this.pileLabel(t)).join(", ");
    this.say(`Выбрано: ${this.pileLabel(name)}. Можно положить: ${names}.`);
  }

  /** A click (or Enter) on a pile: pick it up, or put the picked card down here. Before the engine is up (the
   * board the page carries has no legal moves) the touch starts it and is acted on once it is. */
  activate(name) {
    if (!this.live) {
      this.pendingPile = name;
      this.boot();
      this.say("Игра запускается: ход будет сделан, как только движок загрузится.");
      return null;
    }
    if (!this.view || this.view.status !== "playing") return null;
    this.clearMarks("hint");
    if (this.selected) {
      if (name === this.selected) {
        const here = this.selectedMoves.find((m) => !m.from && m.at === name);
        if (here) return this.play(here.id);
        this.select(null);
        this.say("Выбор снят.");
        return null;
      }
      const move = this.moveTo(this.selected, name, this.selectedMoves);
      if (move) return this.play(move.id);
    }
    const moves = this.movesFrom(name);
    if (!moves.length) {
      if (this.selected) {
        this.say(`Сюда нельзя: ${this.pileLabel(name)}.`);
        this.select(null);
      } else this.say(`${this.pileLabel(name)}: отсюда ходов нет.`);
      return null;
    }
    if (moves.length === 1 && !this.selected) return this.play(moves[0].id);
    this.select(name, moves);
    return null;
  }

  playSelected() {
    const id = this.movesSelect.value;
    if (id) this.play(id);
  }

  pileOf(target) {
    const el = target && target.closest ? target.closest(".pile") : null;
    return el && this.surface.contains(el) ? el.dataset.pile : null;
  }

  onClick(e) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const name = this.pileOf(e.target);
    if (name) {
      this.setFocusPile(name, false);
      this.activate(name);
    }
  }

  onFocus(e) {
    const name = this.pileOf(e.target);
    if (name) this.setFocusPile(name, false);
  }

  setFocusPile(name, focus = true) {
    if (!this.pileEls[name]) return; // a pile of the board the build drew, before this renderer has drawn its own
    if (this.focusPile && this.pileEls[this.focusPile]) this.pileEls[this.focusPile].tabIndex = -1;
    this.focusPile = name;
    const el = this.pileEls[name];
    el.tabIndex = 0;
    if (focus) el.focus();
    const ruleIds = new Set(this.byName[name].rules || []);
    for (const li of this.rulesList.children) li.classList.toggle("active", ruleIds.has(li.dataset.rule));
  }

  onKey(e) {
    const name = this.pileOf(e.target);
    if (!name) return;
    const dirs = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };
    if (dirs[e.key] && this.placed) {
      const next = neighbour(this.placed.piles, this.placedByName[name], dirs[e.key]);
      if (next) this.setFocusPile(next.name);
      e.preventDefault();
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.activate(name);
    } else if (e.key === "Escape" && this.selected) {
      e.stopPropagation();
      e.preventDefault();
      this.select(null);
      this.say("Выбор снят.");
    }
  }

  onShortcut(e) {
    if (e.key === "Escape" && this.root.classList.contains("play-expanded")) {
      this.setExpanded(false);
      return;
    }
    if (!this.view || e.target.closest("input, select, textarea")) return;
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && (key === "z" || key === "я")) {
      e.preventDefault();
      if (e.shiftKey) this.redo(); else this.undo();
    } else if ((e.ctrlKey || e.metaKey) && (key === "y" || key === "н")) {
      e.preventDefault();
      this.redo();
    } else if (!e.ctrlKey && !e.metaKey && !e.altKey && (key === "h" || key === "р")) {
      this.hint();
    } else if (!e.ctrlKey && !e.metaKey && !e.altKey && (key === "a" || key === "ф")) {
      this.toggleAuto();
    }
  }

  // --- drag and drop -----------------------------------------------------------------------------------------

  onPointerDown(e) {
    if (e.button !== 0 || !this.view || this.view.status !== "playing") return;
    const name = this.pileOf(e.target);
    const cardEl = e.target.closest(".card");
    if (!name || !cardEl) return;
    const moves = this.movesFrom(name).filter((m) => m.cards && m.cards.length);
    if (!moves.length) return;
    const pileCards = this.view.state.piles[name];
    const index = pileCards.indexOf(cardEl.dataset.card);
    const wanted = pileCards.length - index;
    let chosen = moves.filter((m) => m.cards.length === wanted);
    if (!chosen.length) {
      const least = Math.min(...moves.map((m) => m.cards.length));
      chosen = moves.filter((m) => m.cards.length === least);
    }
    const count = chosen[0].cards.length;
    const drag = { name, moves: chosen, count, x: e.clientX, y: e.clientY, id: e.pointerId, active: false };
    const move = (ev) => {
      if (ev.pointerId !== drag.id) return;
      const dx = ev.clientX - drag.x;
      const dy = ev.clientY - drag.y;
      if (!drag.active) {
        if (Math.hypot(dx, dy) < 6) return;
        this.finishAnimations();
        drag.active = true;
        drag.els = pileCards.slice(-count).map((id) => this.cardEls.get(id));
        for (const el of drag.els) el.classList.add("dragging");
        this.select(name, chosen);
      }
      for (const el of drag.els) el.style.transform = `translate(${dx}px, ${dy}px)`;
      ev.preventDefault();
    };
    const end = (ev) => {
      if (ev.pointerId !== drag.id) return;
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
      if (!drag.active) return;
      this.suppressClick = true;
      setTimeout(() => { this.suppressClick = false; }, 0);
      const firstRects = new Map(drag.els.map((el) => [el.dataset.card, el.getBoundingClientRect()]));
      for (const el of drag.els) {
        el.classList.remove("dragging");
        el.style.transform = "";
      }
      const hit = ev.type === "pointerup" ? document.elementsFromPoint(ev.clientX, ev.clientY)
        .map((el) => this.pileOf(el)).find((p) => p && p !== name) : null;
      const target = hit && this.moveTo(name, hit, drag.moves);
      if (target) {
        this.play(target.id, { first: firstRects });
      } else {
        this.select(null);
        // back where they were, from where they were dropped
        for (const el of drag.els) {
          const from = firstRects.get(el.dataset.card);
          const to = el.getBoundingClientRect();
          el.animate([{ transform: `translate(${from.left - to.left}px, ${from.top - to.top}px)` },
            { transform: "none" }], { duration: reducedMotion() ? 0 : 180, easing: "ease-out" });
        }
        if (hit) this.say(`Сюда нельзя: ${this.pileLabel(hit)}.`);
      }
    };
    window.addEventListener("pointermove", move, { passive: false });
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
  }
}

// --- start every board on the page ---------------------------------------------------------------------------

/** The page's game as the engine registers it (written into the page at build time), or null. */
function registered() {
  const el = document.getElementById("edition-play-game");
  try {
    return el ? JSON.parse(el.textContent) : null;
  } catch (e) {
    return null;
  }
}

function timeout() {
  const m = /[?&]play-timeout=(\d+)/.exec(window.location.search);
  return m ? Number(m[1]) : 45000;
}

performance.mark("play:module");
const boards = [];
const registeredGame = registered();
for (const root of document.querySelectorAll(".game-board[data-game]")) {
  const game = registeredGame && registeredGame.slug === root.dataset.game ? registeredGame : null;
  if (!game) {
    root.classList.add("play", "play-absent");
    root.dataset.state = "absent";
    root.replaceChildren(h("p", { class: "play-absent-note" },
      "Этот пасьянс ещё не реализован в движке игры: сыграть в него здесь пока нельзя."));
    continue;
  }
  const board = new Board(root, game, { timeoutMs: timeout() });
  boards.push(board);
  board.show();
}
performance.mark("play:built");

// The UI's move API, for tests and benchmarks: the same paths as clicks.
window.editionPlay = {
  boards,
  get board() { return boards[0]; },
  state: () => boards[0] && boards[0].view,
  play: (id) => boards[0].play(id),
  undo: () => boards[0].undo(),
  redo: () => boards[0].redo(),
  deal: (n) => { boards[0].setHash(n); return boards[0].start(n); },
  start: () => boards[0].boot(),
  hint: () => boards[0].hint(),
  auto: () => boards[0].startAuto(),
  log: () => boards[0].run(() => boards[0].call("log")),
  stats: () => boards[0] && boards[0].stats,
};
