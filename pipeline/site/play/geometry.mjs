// Where things go on the board, from the engine's layout: pile positions x, y are in card units (x in card
// widths, y in card heights), `fan` is "none", "down" or "right". The card size follows the width available.

export const RATIO = 1.4;          // card height / width
const GAP = 1.08;                  // one grid unit = a card and a little space
const FAN_UP = 0.27;               // fan step of a face-up card, in card heights (down)
const FAN_UP_RIGHT = 0.4;          // in card widths (right): room for the corner index "10"
const FAN_DOWN = 0.12;             // of a face-down card
const FAN_MIN = 0.14;              // never squeeze a face-up step below this: the corner index must show
const MIN_W = 22;               // a phone's width still takes most layouts (corner index 9 px)
const MAX_W = 84;

/** Extent of the layout in grid units (without fans), for choosing the card width. */
function extent(piles) {
  let w = 1;
  let h = 1;
  for (const p of piles) {
    w = Math.max(w, p.x * GAP + 1 + (p.fan === "right" ? 1.5 : 0));
    h = Math.max(h, p.y * GAP + 1);
  }
  return { w, h };
}

/** The card width that fits the layout in `available` px wide (and, if given, `height` px high, fans aside). */
export function cardWidth(piles, available, height = Infinity) {
  const { w, h } = extent(piles);
  const fit = Math.min(available / w, height / (h * RATIO));
  return Math.max(MIN_W, Math.min(MAX_W, Math.floor(fit)));
}

/** The width, in card widths, that a pile takes from its x (a fan to the right needs room for its cards). */
function reach(p) {
  return 1 + (p.fan === "right" ? 1.5 : 0);
}

/**
 * The engine's layout re-flowed into a narrower board: cut into vertical strips no wider than `units` card widths
 * (each cut where no pile crosses it), stacked one under the other in their order from the left. Inside a strip
 * every pile keeps its place relative to the others, so rows stay rows and a circle's arc stays an arc; only what
 * would not fit the width moves below. Returns the piles with new x, y (the names, kinds, fans unchanged).
 */
export function reflow(piles, units) {
  const order = [...piles].sort((a, b) => a.x - b.x || a.y - b.y);
  const strips = [];
  for (const p of order) {
    const strip = strips[strips.length - 1];
    if (strip && (p.x - strip.x0) * GAP + reach(p) <= units) strip.piles.push(p);
    else strips.push({ x0: p.x, piles: [p] });
  }
  if (strips.length <= 1) return piles;
  const out = new Map();
  let top = 0;
  for (const strip of strips) {
    const y0 = Math.min(...strip.piles.map((p) => p.y));
    let bottom = 0;
    for (const p of strip.piles) {
      out.set(p.name, { ...p, x: p.x - strip.x0, y: p.y - y0 + top });
      bottom = Math.max(bottom, p.y - y0 + 1 + (p.fan === "down" ? 1.2 : 0)); // a fan down needs room below
    }
    top += bottom + 0.15;
  }
  return piles.map((p) => out.get(p.name));
}

/** The board's height in px for these piles at card width `cw`, a fan down counted at its usual length. */
export function boardHeight(piles, cw) {
  let h = 1;
  for (const p of piles) h = Math.max(h, p.y * GAP + 1 + (p.fan === "down" ? 1.2 : 0));
  return h * cw * RATIO;
}

/**
 * The layout as the board draws it `available` px wide: whole while its cards stay `least` px or more, else
 * re-flowed into strips (`reflow`). Strips cut a figure apart (a circle's halves stacked one under the other), so
 * when the board at `least` would be taller than the screen, smaller cards, down to `floor`, are tried too: the
 * first (largest) card width whose board fits `screen` px is taken; if none does, the lowest board, if it saves at
 * least a quarter of the height (else the cards stay `least`). Returns {piles, cw}.
 */
export function fitLayout(piles, available, { least, floor, screen }) {
  const at = (want) => {
    const placed = cardWidth(piles, available) >= want ? piles : reflow(piles, available / want);
    const cw = cardWidth(placed, available);
    return { piles: placed, cw, height: boardHeight(placed, cw) };
  };
  const first = at(least);
  if (first.height <= screen) return first;
  let best = first;
  for (let want = least - 1; want >= floor; want--) {
    const got = at(want);
    if (got.height <= screen) return got;
    if (got.height < best.height) best = got;
  }
  return best.height <= 0.75 * first.height ? best : first;
}

/** The nearest pile that a fan of `p` would run into (below it for "down", right of it for "right"). */
function room(p, piles) {
  let limit = Infinity;
  for (const q of piles) {
    if (q === p) continue;
    if (p.fan === "down" && q.y > p.y && Math.abs(q.x - p.x) < 0.95) limit = Math.min(limit, (q.y - p.y) * GAP - 1.04);
    if (p.fan === "right" && q.x > p.x && Math.abs(q.y - p.y) < 0.95) limit = Math.min(limit, (q.x - p.x) * GAP - 1.04);
  }
  return limit; // in card heights (down) or widths (right)
}

/**
 * Pixel geometry of the board: for each pile its box and the offset of each of its cards.
 * counts: {pile: number of cards}, down: {pile: number face down}.
 */
export function geometry(layout, counts, down, cw) {
  const ch = Math.round(cw * RATIO);
  const piles = layout.piles;
  const out = { cw, ch, piles: {}, width: 0, height: 0 };
  for (const p of piles) {
    const left = Math.round(p.x * GAP * cw);
    const top = Math.round(p.y * GAP * ch);
    const n = counts[p.name] || 0;
    const d = Math.min(down[p.name] || 0, n);
    const offsets = [];
    let right = left + cw;
    let bottom = top + ch;
    if (p.fan === "down" || p.fan === "right") {
      const unit = p.fan === "down" ? ch : cw;
      const up = n - d;
      let stepUp = p.fan === "down" ? FAN_UP : FAN_UP_RIGHT;
      let stepDown = FAN_DOWN;
      const span = d * stepDown + Math.max(0, up - 1) * stepUp;
      const limit = room(p, piles);
      if (span > limit && span > 0) {
        const squeeze = Math.max(limit, 0) / span;
        stepUp = Math.max(FAN_MIN, stepUp * squeeze);
        stepDown = Math.max(0.04, stepDown * squeeze);
      }
      let at = 0;
      for (let i = 0; i < n; i++) {
        offsets.push(Math.round(at * unit));
        at += i < d ? stepDown : stepUp;
      }
      const last = offsets.length ? offsets[offsets.length - 1] : 0;
      if (p.fan === "down") bottom += last; else right += last;
      out.piles[p.name] = { left, top, fan: p.fan, offsets };
    } else {
      out.piles[p.name] = { left, top, fan: "none", offsets: new Array(n).fill(0) };
    }
    out.width = Math.max(out.width, right);
    out.height = Math.max(out.height, bottom);
  }
  return out;
}

/** The pile nearest to `from` in a direction ("left", "right", "up", "down"), for keyboard play. */
export function neighbour(piles, from, direction) {
  const dir = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[direction];
  let best = null;
  let bestScore = Infinity;
  for (const q of piles) {
    if (q === from) continue;
    const dx = q.x - from.x;
    const dy = (q.y - from.y) * RATIO;
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 0.01) continue;
    const across = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
    const score = along + 2.5 * across;
    if (score < bestScore) {
      bestScore = score;
      best = q;
    }
  }
  return best;
}
