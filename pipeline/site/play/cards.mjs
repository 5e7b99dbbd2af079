// Cards as the engine names them ("QH2": rank A23456789TJQK, suit SHDC, pack 1/2) and as the reader sees and
// hears them: Russian names for screen readers («дама червей»), corner index and suit symbol on the face.
// Only naming and drawing here: no rule of any game.

const RANKS = "A23456789TJQK";
const RANK_NAMES = ["туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка",
  "девятка", "десятка", "валет", "дама", "король"];
const RANK_INDEX = ["Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К"];
export const SUITS = {
  S: { symbol: "\u2660", genitive: "пик", name: "пики", colour: "black" },
  H: { symbol: "\u2665", genitive: "червей", name: "черви", colour: "red" },
  D: { symbol: "\u2666", genitive: "бубён", name: "бубны", colour: "red" },
  C: { symbol: "\u2663", genitive: "треф", name: "трефы", colour: "black" },
};

export function parseCard(id) {
  const rank = RANKS.indexOf(id[0]) + 1;
  const suit = id[1];
  if (rank < 1 || !SUITS[suit]) throw new Error(`not a card id: ${id}`);
  return { id, rank, suit, pack: Number(id.slice(2)) || 1 };
}

/** «дама червей» */
export function cardName(id) {
  const c = parseCard(id);
  return `${RANK_NAMES[c.rank - 1]} ${SUITS[c.suit].genitive}`;
}

/** «дама червей, дама червей и десятка пик» — for a list of card ids */
export function cardsName(ids) {
  const names = ids.map(cardName);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} и ${names[names.length - 1]}`;
}

export function plural(n, one, few, many) {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
  return many;
}

export function countCards(n) {
  return `${n} ${plural(n, "карта", "карты", "карт")}`;
}

function span(cls, text) {
  const el = document.createElement("span");
  el.className = cls;
  el.textContent = text;
  return el;
}

/** A card element, named by its data-card id. Its face (corner index, suit symbol) is drawn on first showing:
 * a deal puts a whole pack face down on the table, and most of it never needs a face. */
export function makeCard(id) {
  const c = parseCard(id);
  const el = document.createElement("div");
  el.className = `card suit-${c.suit} ${SUITS[c.suit].colour}`;
  el.dataset.card = id;
  return el;
}

function drawFace(el) {
  const c = parseCard(el.dataset.card);
  const face = document.createElement("div");
  face.className = "face";
  face.setAttribute("aria-hidden", "true");
  const index = RANK_INDEX[c.rank - 1];
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.append(span("rank", index), span("pip", SUITS[c.suit].symbol));
  const corner2 = corner.cloneNode(true);
  corner2.className = "corner bottom";
  face.append(corner, span("centre", c.rank > 10 ? index : SUITS[c.suit].symbol), corner2);
  el.append(face);
}

/** Face up (role img with its Russian name) or down (hidden from screen readers: its pile says how many lie face
 * down, and a face-down card's name must not be told). */
export function setFaceUp(el, up) {
  const isUp = el.hasAttribute("role");
  if (isUp === up && el.classList.contains("down") === !up) return;
  el.classList.toggle("down", !up);
  if (up) {
    if (!el.firstChild) drawFace(el);
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", cardName(el.dataset.card));
    el.removeAttribute("aria-hidden");
  } else {
    el.removeAttribute("role");
    el.removeAttribute("aria-label");
    el.setAttribute("aria-hidden", "true");
  }
}
