/* The reader's switches: spelling (remembered across pages in localStorage), corrections, variants, witnesses.
   State lives as attributes on <html>, so the switch is instant (CSS does the rest). No network, no framework. */
(function () {
  "use strict";
  var root = document.documentElement;
  var KEY = "edition.spelling";

  function each(selector, fn) { Array.prototype.forEach.call(document.querySelectorAll(selector), fn); }

  function sync() {
    var spelling = root.getAttribute("data-spelling") === "modern" ? "modern" : "pre-reform";
    each('input[name="spelling"]', function (r) { r.checked = r.value === spelling; });
    var corrections = root.hasAttribute("data-corrections");
    each('input[name="corrections"]', function (c) { c.checked = corrections; });
    // corrected words take keyboard focus (to show their OCR form) only while corrections are shown
    each(".corr", function (el) {
      if (corrections) { el.setAttribute("tabindex", "0"); } else { el.removeAttribute("tabindex"); }
    });
    each('input[name="witnesses"]', function (c) { c.checked = root.hasAttribute("data-witnesses"); });
    each('input[name="variants"]', function (c) { c.checked = root.hasAttribute("data-variants"); });
  }

  function flag(name, on) { if (on) { root.setAttribute(name, ""); } else { root.removeAttribute(name); } }

  // Witnesses of each passage (its data-source, from the TEI @source), built once, on demand, as links to the
  // chapter's witness list. Text only through textContent: nothing from the page becomes markup.
  function badges() {
    each("article.game-text [data-source]", function (el) {
      if (!/^(P|LI|H1|H2|FIGCAPTION)$/.test(el.tagName) || el.querySelector(":scope > .wits")) { return; }
      var badge = document.createElement("small");
      badge.className = "wits";
      var label = document.createElement("span");
      label.className = "sr-only";
      label.textContent = "Свидетели: ";
      badge.appendChild(label);
      el.getAttribute("data-source").split(" ").forEach(function (id, i) {
        if (i) { badge.appendChild(document.createTextNode(", ")); }
        var link = document.createElement("a");
        link.href = "#wit-" + id;
        link.textContent = id.split("_")[0];
        badge.appendChild(link);
      });
      el.insertBefore(badge, el.firstChild);
    });
  }

  // Names outside the text that are the book's own (chapter titles in the navigation, the header, the contents
  // list, the page title) follow the switch too: edition-head.js swaps them (and applied the remembered choice
  // before the page painted).
  var retitle = window.editionRetitle || function () { };

  function setSpelling(value) {
    if (value === "modern") { root.setAttribute("data-spelling", "modern"); } else { root.removeAttribute("data-spelling"); }
    try { localStorage.setItem(KEY, value); } catch (e) { /* storage off: the switch still works on this page */ }
    retitle(value === "modern");
  }

  // The rules index: the filter field shows only the rules holding every word typed. A rule's text content holds
  // both spellings (<w-o> and <w-r>), so a word matches in either.
  function filterRules() {
    var field = document.getElementById("rules-filter");
    if (!field) { return; }
    var words = field.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shownCount = 0;
    each(".rules-game", function (game) {
      var any = false;
      Array.prototype.forEach.call(game.querySelectorAll(".rule-entry"), function (rule) {
        var text = rule.textContent.toLowerCase();
        var hit = words.every(function (w) { return text.indexOf(w) >= 0; });
        rule.hidden = !hit;
        if (hit) { any = true; shownCount += 1; }
      });
      game.hidden = words.length > 0 && !any;
    });
    var status = document.querySelector(".rules-count");
    if (status) {
      status.textContent = words.length ? (shownCount ? "Найдено правил: " + shownCount : "Таких правил нет.") : "";
    }
  }
  document.addEventListener("input", function (event) {
    if (event.target.id === "rules-filter") { filterRules(); }
  });

  // Search hits in the spelling the reader has hidden. Material marks the words of a query in the text shown (in
  // the result list, and on the page a result leads to, from its ?h=…), never in a hidden <w-r> or <w-o>: a
  // modern query over the pre-reform text would lead to its passage and mark nothing there. Here a pair either of
  // whose forms holds a word of the query is marked whole (data-hit, on both forms), so the hit shows in the
  // spelling on screen, and stays marked when the reader switches.
  function partner(el) {
    var step = el.tagName === "W-O" ? "nextElementSibling" : "previousElementSibling";
    var other = el[step];
    if (other && other.tagName === "W-S") { other = other[step]; }
    return other && /^W-[OR]$/.test(other.tagName) && other.tagName !== el.tagName ? other : null;
  }
  function markPair(el) {
    el.setAttribute("data-hit", "");
    var other = partner(el);
    if (other) { other.setAttribute("data-hit", ""); }
  }
  function queryWords(query) {  // as Material's highlighter reads a query: operators out, words apart
    return query.toLowerCase().replace(/[\s*+\-:~^]+/g, " ").split(" ").filter(Boolean);
  }
  function markPageHits() {
    var words = queryWords(new URLSearchParams(location.search).get("h") || "");
    if (!words.length) { return; }
    each(".md-content w-o, .md-content w-r", function (el) {
      var text = el.textContent.toLowerCase();
      if (words.some(function (w) { return text.indexOf(w) >= 0; })) { markPair(el); }
    });
  }
  var results = document.querySelector(".md-search-result__list");
  if (results) {  // Material re-renders the list as the query changes: mark the pairs of its marks each time
    new MutationObserver(function () {
      each(".md-search-result :is(w-o, w-r) > mark", function (mark) { markPair(mark.parentElement); });
    }).observe(results, { childList: true, subtree: true });
  }

  document.addEventListener("change", function (event) {
    var t = event.target;
    if (t.name === "spelling") { setSpelling(t.value); }
    else if (t.name === "corrections") { flag("data-corrections", t.checked); }
    else if (t.name === "variants") { flag("data-variants", t.checked); }
    else if (t.name === "witnesses") { if (t.checked) { badges(); } flag("data-witnesses", t.checked); }
    else { return; }
    sync();
  });

  // "к списку примечаний" inside a note's popover: close the popover as the page moves to the notes list
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".fn-pop a");
    if (link && link.parentElement.hidePopover) { link.closest("[popover]").hidePopover(); }
  });

  markPageHits();
  sync();  // the remembered spelling is on <html> already (edition-head.js)
})();
