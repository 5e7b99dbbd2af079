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
  var me = document.currentScript;
  var src = me && me.getAttribute("data-src");
  if (!src) { return; }
  var events = ["pointermove", "pointerdown", "keydown", "touchstart", "wheel", "scroll", "focusin"];
  var started = false;
  function load() {
    if (started) { return; }
    started = true;
    events.forEach(function (type) { window.removeEventListener(type, load, true); });
    var script = document.createElement("script");
    script.src = src;
    script.onload = function () {
      if (document.readyState !== "loading") { document.dispatchEvent(new Event("DOMContentLoaded")); }
      // a query typed before Material had started: run it now (Material runs the query on keyup)
      var box = document.querySelector("input.md-search__input");
      if (box && box.value) { box.dispatchEvent(new KeyboardEvent("keyup", { key: "End", bubbles: true })); }
    };
    document.body.appendChild(script);
  }
  window.editionMaterial = load; // for whoever needs Material now (tests)
  if (location.hash || /[?&][qh]=/.test(location.search)) { load(); return; }
  events.forEach(function (type) { window.addEventListener(type, load, { capture: true, passive: true }); });
})();
