// The service worker body. scripts/hooks/offline.py writes /sw.js as VERSION and PRECACHE
// (every file of the build) followed by this file.
//
// One named cache per build. Install fills the new cache whole (any failure aborts the
// install, so a half cache is never used); activate deletes every other cache; fetch answers
// cache-first from the one current cache. Never a mix of two builds.

const CACHE = `rules-site-${VERSION}`;
const SCOPE = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // cache: "reload" skips the HTTP cache so an old copy of a file never enters a new build.
      await cache.addAll(PRECACHE.map((path) => new Request(SCOPE + path, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// A page URL "dice/" is stored as "dice/index.html".
function cacheKey(url) {
  const path = url.pathname.endsWith("/") ? url.pathname + "index.html" : url.pathname;
  return url.origin + path;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(cacheKey(url), { ignoreSearch: true });
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (error) {
        if (request.mode === "navigate") {
          const missing = await cache.match(SCOPE + "404.html");
          if (missing) return missing;
        }
        throw error;
      }
    })(),
  );
});

// The page asks which build it is offline with; only an activated worker answers, and a
// worker only activates after its cache is complete.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "status") {
    event.source?.postMessage({ type: "status", version: VERSION, cache: CACHE, files: PRECACHE.length });
  }
});
