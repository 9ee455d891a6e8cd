// The precache, shared by the service worker and the engine worker (scripts/hooks/offline.py
// copies this file into /sw.js without its `export` words, so both use this one definition).
//
// One cache; each file is stored under its URL plus its content revision (Workbox's model), so
// an update downloads only the files whose revision changed, and the old service worker keeps
// finding its own revisions until the new one takes over. Whoever needs a file first (the
// engine booting on a first visit, or the service worker installing) downloads it and stores
// it; a Web Lock per file makes the other wait for that copy instead of downloading it again.

export const PRECACHE = "rules-precache";

export function precacheKey(url, revision) {
  return `${url}?__rev=${revision}`;
}

/**
 * The file at `url` with this revision: from the precache, or downloaded once and stored.
 * Returns {response, stored}: the response as soon as it starts arriving, and a promise that
 * settles once the copy is in the precache (rejects if the download failed).
 */
export function fetchIntoPrecache(url, revision, networkFetch) {
  let handOver;
  const response = new Promise((resolve, reject) => (handOver = { resolve, reject }));
  const work = async () => {
    const cache = await caches.open(PRECACHE);
    const key = precacheKey(url, revision);
    const hit = await cache.match(key);
    if (hit) return handOver.resolve(hit);
    // no-cache: the server confirms any copy the HTTP cache holds, so an old copy is never stored.
    const fetched = await networkFetch(url, { cache: "no-cache" });
    handOver.resolve(fetched.ok ? fetched.clone() : fetched); // a failure is the caller's to report
    if (!fetched.ok) throw new Error(`${url} answered HTTP ${fetched.status}`);
    await cache.put(key, fetched);
  };
  const stored = self.navigator.locks ? self.navigator.locks.request(`precache ${url}`, work) : work();
  stored.catch((error) => handOver.reject(error));
  return { response, stored };
}

/** fetch() for the engine: read through the precache where this context has one. */
export function sharedFetch(url, revision, networkFetch) {
  if (typeof caches === "undefined") return networkFetch(url); // plain http: no Cache Storage
  const { response, stored } = fetchIntoPrecache(url, revision, networkFetch);
  stored.catch((error) => console.warn("engine: not stored in the precache:", error));
  return response.catch(() => networkFetch(url)); // no Cache Storage after all, or the download failed: try plainly
}
