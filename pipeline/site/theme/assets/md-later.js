/* Material's bundle (its header, search, contents that follow the scroll, back-to-top), loaded at the reader's first
   move on the page: a pointer moved or pressed, a key, a touch, a scroll, the wheel, a focus. A page only opened
   then runs none of Material's script, which on a phone held the main thread the longest of anything the page runs
   (Lighthouse, mobile: total blocking time 530-890 ms with it at load, 94-280 ms without; issue 18). An address
   with a fragment or a search (Material marks the hits: ?h=, opens the search: ?q=) loads it at once.
   Material starts on DOMContentLoaded: past it, the event is sent again once the bundle has run (edition-head.js's
   listener, which it reaches too, only swaps names again, which changes nothing the second time).
   The page is styled as with Material from the start (edition-head.js sets <html class="js">, as Material's bundle
   would): its search button is there, and a press on it loads the bundle before the reader types.
   A file (the CSP allows no inline script); main.html puts it in place of Material's own script tag. */
(function () {
  "use strict";
  var doc = document, root = doc.documentElement, src = doc.currentScript.getAttribute("data-src");
  var events = ["pointermove", "pointerdown", "keydown", "touchstart", "wheel", "scroll", "focusin"];
  // a key or a focus (the search box focused, a Tab) is the reader asking for the page's controls: the bundle at
  // once; a pointer, a touch, the wheel or a scroll may be the way to a game's board, whose engine then starts (a
  // scroll that brings the board near starts it a frame or two later, play/board.mjs): the bundle a moment later
  var GRACE_MS = 1000;
  var scheduled, inserted; // scheduled: "later" (a pointer, a touch, the wheel, a scroll) or "now" (a key, a focus)
  function load(event) {
    var now = event.type === "keydown" || event.type === "focusin";
    if (scheduled === "now" || (scheduled && !now)) { return; }
    scheduled = now ? "now" : "later";
    setTimeout(afterEngine, now ? 0 : GRACE_MS);
  }
  // a game's engine starting (play/board.mjs marks <html data-play-starting>): the bundle waits until it is up
  // (or 10 s), not to take the two cores from it
  function afterEngine() {
    if (inserted) { return; }
    if (!root.hasAttribute("data-play-starting")) { return insert(); }
    var timer = setTimeout(insert, 1e4);
    doc.addEventListener("edition-play-ready", function () { clearTimeout(timer); insert(); }, { once: true });
  }
  // <html data-material>: Material has started (tests wait for it)
  function ran() { root.dataset.material = ""; }
  function insert() {
    if (inserted) { return; }
    inserted = 1;
    events.forEach(function (type) { removeEventListener(type, load, true); });
    var script = doc.createElement("script");
    script.src = src;
    script.onload = function () {
      // still in the page's parse: Material starts on the page's own DOMContentLoaded
      if (doc.readyState === "loading") { return doc.addEventListener("DOMContentLoaded", ran); }
      doc.dispatchEvent(new Event("DOMContentLoaded"));
      ran();
      // a query typed before Material had started: run it now (Material runs the query on keyup)
      var box = doc.querySelector("input.md-search__input");
      if (box && box.value) { box.dispatchEvent(new KeyboardEvent("keyup", { key: "End", bubbles: true })); }
    };
    doc.body.appendChild(script);
  }
  // in the page's own parse, so before its load event (Material marks the hits as the page opens)
  if (location.hash || /[?&][qh]=/.test(location.search)) { return insert(); }
  events.forEach(function (type) { addEventListener(type, load, { capture: true, passive: true }); });
})();
