// The service worker body. scripts/hooks/offline.py writes /sw.js as VERSION, BUILD and PRECACHE_FILES
// (every file of the build with its content revision), then precache.js, then this file.
//
// Install stores every file whose revision is not in the precache yet (so an update downloads
// only what changed; Pyodide only when its version changes); any failure aborts the install, so
// a half cache is never used. A new worker then waits: the page shows "New rules available"
// and sends "skip-waiting" when the reader asks for the new version. Until then this worker
// keeps serving its own revisions, so a tab never mixes two builds. Activate drops every entry
// the new build does not list. URLs are relative to this file, so a sub-path deployment works.

const SCOPE = new URL("./", self.location).href;
const KEYS = new Map(PRECACHE_FILES.map(([path, revision]) => [SCOPE + path, precacheKey(SCOPE + path, revision)]));
// The engine's big files last: a first visit's engine is usually downloading them already.
const ENGINE_FIRST = (path) => (path.startsWith("assets/pyodide/") ? 1 : 0);
const PARALLEL = 6;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const todo = [...PRECACHE_FILES].sort((a, b) => ENGINE_FIRST(a[0]) - ENGINE_FIRST(b[0]));
      const lane = async () => {
        for (let next = todo.shift(); next; next = todo.shift()) {
          await fetchIntoPrecache(SCOPE + next[0], next[1], (url, init) => fetch(url, init)).stored;
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, lane));
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const wanted = new Set(KEYS.values());
      const cache = await caches.open(PRECACHE);
      for (const request of await cache.keys()) {
        if (!wanted.has(request.url)) await cache.delete(request);
      }
      for (const name of await caches.keys()) {
        if (name !== PRECACHE) await caches.delete(name); // caches of earlier designs
      }
      await self.clients.claim(); // a first visit's page: from now on served from the precache
    })(),
  );
});

// A page URL "dice/" is stored as "dice/index.html".
function fileUrl(url) {
  const path = url.pathname.endsWith("/") ? url.pathname + "index.html" : url.pathname;
  return url.origin + path;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
  const key = KEYS.get(fileUrl(url));
  event.respondWith(
    (async () => {
      const cache = await caches.open(PRECACHE);
      const hit = key && (await cache.match(key));
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (error) {
        if (request.mode === "navigate") {
          const missing = KEYS.has(SCOPE + "404.html") && (await cache.match(KEYS.get(SCOPE + "404.html")));
          if (missing) return missing;
        }
        throw error;
      }
    })(),
  );
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  // The reader pressed "reload" on the update prompt: take over (every tab of the site).
  if (type === "skip-waiting") self.skipWaiting();
  // Which build is this? Only an activated worker answers, and it activates with a full cache.
  if (type === "status") (event.ports[0] || event.source)?.postMessage({ type: "status", version: VERSION, build: BUILD, files: PRECACHE_FILES.length });
});
