// The play folder's service worker: keeps the runtime (Pyodide) and the engine bundles in Cache Storage, so a
// second chapter, or a later visit, starts the engine without asking the network. board.mjs registers it only when
// the reader moves towards a game (a page that is only read never loads it), as sw.js?v=<version of the assets and
// of Pyodide>: a new version is a new cache, and the old ones are dropped when it takes over.
const VERSION = new URL(self.location.href).searchParams.get("v") || "0";
const CACHE = `edition-play-${VERSION}`;
const KEEP = /\/play\/(pyodide\/|engine\/|worker\.mjs)/;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("edition-play-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !KEEP.test(new URL(request.url).pathname)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request);
    if (hit) return hit;
    const response = await fetch(request);
    // kept while the page already reads it (not after the whole body is stored)
    if (response.ok) event.waitUntil(cache.put(request, response.clone()).catch(() => {}));
    return response;
  })());
});
