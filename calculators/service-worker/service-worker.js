// The service worker body. scripts/build/offline.py writes /sw.js as VERSION, BUILD and PRECACHE_FILES
// (every file of the build with its content revision), then precache.js, then this file.
//
// Install stores every file whose revision is not in the precache yet (so an update downloads
// only what changed; Pyodide only when its version changes), each checked against its revision
// (precache.js); any failure aborts the install, so a half cache is never used: a failed install
// tells the open pages why ({type: "install-failed", reason: "storage" | "changed" | "download", file};
// "changed": the server sent bytes that are not the build's, such as a host that rewrites a file; offline.js
// says when storage is full, and which file the server changed), then removes what it stored (with no active build: the whole
// precache, the engine's copies too). Served entries are checked too. A new worker then waits:
// the page shows "New rules available" and sends "skip-waiting" when the reader asks for the new
// version. Until then this worker keeps serving its own revisions, so a tab never mixes two
// builds. Activate drops every entry the new build does not list. URLs are relative to this
// file, so a sub-path deployment works.

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self)); // `self`, typed for tsc
const SCOPE = new URL("./", worker.location.href).href;
const KEYS = new Map(PRECACHE_FILES.map(([path, revision]) => [SCOPE + path, precacheKey(SCOPE + path, revision)]));
const REVISIONS = new Map(PRECACHE_FILES.map(([path, revision]) => [SCOPE + path, revision]));
const PARALLEL = 6;

// The engine first: a first visit's engine downloads its own files into the precache (precache.js),
// and the install downloads anything only once a page says its engine is done downloading (it
// answered or failed; a page without resolvers once it has loaded: offline.js sends
// "precache-rest"), or after REST_WAIT_MS with no word (no page open): until then the network is
// the first answer's. The engine's files come last, so they are usually found in the precache.
const ENGINE_LAST = (path) => (path.startsWith("assets/pyodide/") ? 1 : 0);
const REST_WAIT_MS = 60_000;
/** @type {(value?: unknown) => void} */
let restMayStart = () => {};
const pagesReady = new Promise((resolve) => (restMayStart = resolve));

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await Promise.race([pagesReady, new Promise((resolve) => setTimeout(resolve, REST_WAIT_MS))]);
      const todo = [...PRECACHE_FILES].sort((a, b) => ENGINE_LAST(a[0]) - ENGINE_LAST(b[0]));
      const storedHere = []; // keys this install put into the precache
      /** @type {any} */
      let failure = null; // what stopped the install: whatever was thrown
      let failedFile = null; // the path of the file whose download threw it
      const lane = async () => {
        for (let next = todo.shift(); next && !failure; next = todo.shift()) {
          try {
            if (await fetchIntoPrecache(SCOPE + next[0], next[1], (url, init) => fetch(url, init)).stored) storedHere.push(KEYS.get(SCOPE + next[0]));
          } catch (error) {
            if (!failure) (failure = error), (failedFile = next[0]); // the other lanes stop after their current file
          }
        }
      };
      // Every lane is waited for, so nothing is still being stored when a failure is cleaned up.
      await Promise.all(Array.from({ length: PARALLEL }, lane));
      if (!failure) return;
      // The pages are told first: the clean-up may wait for the engine's boot (its downloads' locks).
      const reason = failure.name === "QuotaExceededError" ? "storage" : failure.name === "IntegrityError" ? "changed" : "download";
      const active = Boolean(worker.registration.active);
      const message = { type: "install-failed", reason, active, file: failedFile, error: String(failure.message || failure) };
      for (const client of await worker.clients.matchAll({ includeUncontrolled: true, type: "window" })) client.postMessage(message);
      await forgetInstall(storedHere);
      throw failure;
    })(),
  );
});

// A failed install leaves no partial cache: an active build keeps its own entries and loses what
// this install added; with none active, nothing in the precache is used, so all of it goes, once
// the engine's downloads still under way (their Web Locks) have ended: the engine's worker runs
// its precache steps on its own thread, so a lock may be held until its boot is done.
async function forgetInstall(storedHere) {
  if (worker.registration.active) {
    const cache = await caches.open(PRECACHE);
    for (const key of storedHere) await cache.delete(key);
    return;
  }
  const held = worker.navigator.locks ? await worker.navigator.locks.query() : { held: [], pending: [] };
  for (const { name } of [...(held.held || []), ...(held.pending || [])]) {
    if (name && name.startsWith("precache ")) await worker.navigator.locks.request(name, () => {});
  }
  await caches.delete(PRECACHE);
}

worker.addEventListener("activate", (event) => {
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
      await worker.clients.claim(); // a first visit's page: from now on served from the precache
    })(),
  );
});

// A page URL "dice/" is stored as "dice/index.html".
function fileUrl(url) {
  const path = url.pathname.endsWith("/") ? url.pathname + "index.html" : url.pathname;
  return url.origin + path;
}

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== worker.location.origin || !url.href.startsWith(SCOPE)) return;
  const file = fileUrl(url);
  const key = KEYS.get(file);
  event.respondWith(
    (async () => {
      const cache = await caches.open(PRECACHE);
      const hit = key && (await checkedMatch(cache, key, REVISIONS.get(file)));
      if (hit) return hit;
      // Missing (an older build's entry failed its check and was dropped): store a checked copy again.
      if (key && !(await cache.match(key))) event.waitUntil(fetchIntoPrecache(file, REVISIONS.get(file), (u, init) => fetch(u, init)).stored.catch(() => {}));
      try {
        return await fetch(request);
      } catch (error) {
        if (request.mode === "navigate") {
          const notFound = KEYS.get(SCOPE + "404.html");
          const missing = notFound && (await cache.match(notFound));
          if (missing) return missing;
        }
        throw error;
      }
    })(),
  );
});

worker.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  // The reader pressed "reload" on the update prompt: take over (every tab of the site).
  if (type === "skip-waiting") worker.skipWaiting();
  // A page's engine has its files (or the page needs none): the install may download the rest.
  if (type === "precache-rest") restMayStart();
  // Which build is this? Only an activated worker answers, and it activates with a full cache.
  if (type === "status") (event.ports[0] || event.source)?.postMessage({ type: "status", version: VERSION, build: BUILD, files: PRECACHE_FILES.length });
});
