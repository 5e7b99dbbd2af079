/* Run in <head>, before the page paints. A file, not an inline script, so that the Content-Security-Policy
   (pipeline/site/csp.py) allows no inline script. Material's partials/javascripts/base.html, its scope being
   the site's root (this file's folder's parent) instead of the page's base_url: the same URL. */
__md_scope=new URL("..",document.currentScript.src),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e)),__md_set=(e,_,t=localStorage,a=__md_scope)=>{try{t.setItem(a.pathname+"."+e,JSON.stringify(_))}catch(e){}};
/* The remembered spelling (edition.js keeps it in localStorage), applied before the page paints: the text follows
   <html data-spelling> by CSS; the names outside the text that are the book's own (chapter titles in the
   navigation, the header, the contents list, the page title: Material's plain text) are swapped whole text node by
   whole text node from assets/spelling-titles.js (loaded just before this file), as the parser inserts them. The
   browser paints only after a parser task and its microtasks, where the observer runs, so no frame shows the
   other spelling. edition.js calls editionRetitle when the reader switches. */
/* Script runs: the page is styled as Material styles it once its bundle has run (which assets/md-later.js loads at
   the reader's first move on the page), so nothing moves then. */
document.documentElement.classList.replace("no-js", "js");
(function () {
  "use strict";
  var TITLES = window.editionTitles || {};
  var BACK = {};
  Object.keys(TITLES).forEach(function (k) { BACK[TITLES[k]] = k; });
  var PLACES = ".md-header, .md-nav, .md-footer, .md-content h1:not(.chapter-title)";
  var has = Object.prototype.hasOwnProperty;

  function swap(node, table) {
    var text = node.nodeValue.trim();
    if (text && has.call(table, text)) { node.nodeValue = node.nodeValue.replace(text, table[text]); }
  }

  function swapAll(box, table) {
    var walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) { swap(node, table); }
  }

  function retitle(modern) {
    var table = modern ? TITLES : BACK;
    Array.prototype.forEach.call(document.querySelectorAll(PLACES), function (box) { swapAll(box, table); });
    document.title = document.title.split(" - ").map(function (part) {
      return has.call(table, part) ? table[part] : part;
    }).join(" - ");
  }
  window.editionRetitle = retitle;

  var modern = false;
  try { modern = localStorage.getItem("edition.spelling") === "modern"; } catch (e) { /* storage off */ }
  if (!modern) { return; }
  document.documentElement.dataset.spelling = "modern";
  retitle(true);  // the <title>, parsed before this script
  var seen = new MutationObserver(function (records) {
    records.forEach(function (record) {
      Array.prototype.forEach.call(record.addedNodes, function (node) {
        var box = node.nodeType === 3 ? node.parentElement : node;
        if (!box || box.nodeType !== 1 || !box.closest(PLACES)) { return; }
        if (node.nodeType === 3) { swap(node, TITLES); } else { swapAll(node, TITLES); }
      });
    });
  });
  seen.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", function () { seen.takeRecords(); seen.disconnect(); retitle(true); });
})();
