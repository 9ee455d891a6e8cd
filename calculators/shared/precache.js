// The precache, shared by the service worker and the engine worker (scripts/build/offline.py
// copies this file into /sw.js without its `export` words, so both use this one definition).
//
// One cache; each file is stored under its URL plus its content revision (Workbox's model), so
// an update downloads only the files whose revision changed, and the old service worker keeps
// finding its own revisions until the new one takes over. Whoever needs a file first (the
// engine booting on a first visit, or the service worker installing) downloads it and stores
// it; a Web Lock per file makes the other wait for that copy instead of downloading it again.
//
// Integrity: the revision is the first 16 hex digits of the file's SHA-256 (scripts/build/assets.py),
// so every download is hashed before it is stored. A copy that does not match (truncated by a
// flaky proxy, a captive portal's page) is fetched once more past the HTTP cache; if still wrong
// it is not stored and the failure names the file. Stored copies carry CHECKED; an entry without
// it (stored by a build that did not check) is checked once when first read, then re-marked or
// dropped. The engine gets the download as it arrives (the wasm compiles while downloading), but
// its last chunk only once the bytes are checked: a refused copy ends the engine's read in an error.

export const PRECACHE = "rules-precache";
export const CHECKED = "X-Precache-Checked"; // on stored copies: their bytes matched this revision

export function precacheKey(url, revision) {
  return `${url}?__rev=${revision}`;
}

/** The revision of these bytes: the first 16 hex digits of their SHA-256 (content_revision). */
export async function revisionOf(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function damaged(url, revision, got) {
  const name = new URL(url).pathname.split("/").pop();
  const error = new Error(`${name} does not match its build (revision ${got}, expected ${revision}): not stored`);
  error.name = "IntegrityError"; // the engine names it as such, not as a failed download
  return error;
}

/** A copy to store: these bytes with the response's headers and the CHECKED mark. */
function marked(bytes, response, revision) {
  const headers = new Headers(response.headers);
  headers.set(CHECKED, revision);
  // The bytes are decoded: a precompressed download's encoding and length are not theirs.
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The cached copy under `key`, trusted: a marked copy as is; an unmarked one (an older build's)
 * is checked now, then re-stored with the mark, or deleted. Null when none is left to serve.
 */
export async function checkedMatch(cache, key, revision) {
  const hit = await cache.match(key);
  if (!hit || hit.headers.get(CHECKED) === revision) return hit || null;
  const bytes = await hit.arrayBuffer();
  if ((await revisionOf(bytes)) !== revision) {
    await cache.delete(key);
    return null;
  }
  await cache.put(key, marked(bytes, hit, revision)).catch(() => {}); // storage full: checked again next time
  return marked(bytes, hit, revision);
}

/**
 * Pass `response`'s body on as it arrives, holding back its last chunk: `bytes` is the whole
 * body; then `release()` ends the passed-on copy, or `refuse(error)` makes its reader fail.
 */
function relay(response) {
  const reader = response.body.getReader();
  let out;
  const body = new ReadableStream({
    start: (controller) => {
      out = controller;
    },
    cancel: () => {
      out = null;
    },
  });
  const pass = (step) => {
    try {
      if (out) step(out);
    } catch {
      out = null; // the reader went away: keep downloading for the precache
    }
  };
  let held = null;
  const bytes = (async () => {
    const chunks = [];
    let size = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (held) pass((c) => c.enqueue(held));
      held = read.value;
      chunks.push(read.value);
      size += read.value.length;
    }
    const joined = new Uint8Array(size);
    chunks.reduce((at, chunk) => (joined.set(chunk, at), at + chunk.length), 0);
    return joined;
  })();
  return {
    response: new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }),
    bytes,
    release: () => pass((c) => (held && c.enqueue(held), c.close())),
    refuse: (error) => pass((c) => c.error(error)),
  };
}

/**
 * The file at `url` with this revision: from the precache, or downloaded, checked and stored.
 * Returns {response, stored}: the response as soon as it starts arriving, and a promise that
 * settles once the copy is in the precache: true if this call stored it, false if it was there;
 * it rejects if the download failed, its bytes do not match the revision, or storing failed.
 */
export function fetchIntoPrecache(url, revision, networkFetch) {
  let handOver;
  const response = new Promise((resolve, reject) => (handOver = { resolve, reject }));
  const work = async () => {
    const cache = await caches.open(PRECACHE);
    const key = precacheKey(url, revision);
    const hit = await checkedMatch(cache, key, revision);
    if (hit) {
      handOver.resolve(hit);
      return false;
    }
    // no-cache: the server confirms any copy the HTTP cache holds, so an old copy is never stored.
    const fetched = await networkFetch(url, { cache: "no-cache" });
    if (!fetched.ok) {
      handOver.resolve(fetched); // a failure is the caller's to report
      throw new Error(`${url} answered HTTP ${fetched.status}`);
    }
    const passed = relay(fetched);
    handOver.resolve(passed.response);
    let bytes;
    try {
      bytes = await passed.bytes;
    } catch (error) {
      passed.refuse(error); // the download broke off
      throw error;
    }
    let got = await revisionOf(bytes); // one hash per download: 20-75 ms for the 9.6 MB wasm (median ~33)
    if (got === revision) {
      passed.release();
    } else {
      // The reader has the wrong bytes already: it fails, and a reader asking again gets this one.
      passed.refuse(damaged(url, revision, got));
      const again = await networkFetch(url, { cache: "reload" }); // past the HTTP cache, once
      if (!again.ok) throw new Error(`${url} answered HTTP ${again.status}`);
      bytes = new Uint8Array(await again.arrayBuffer());
      got = await revisionOf(bytes);
      if (got !== revision) throw damaged(url, revision, got);
    }
    await cache.put(key, marked(bytes, fetched, revision));
    return true;
  };
  const stored = self.navigator.locks ? self.navigator.locks.request(`precache ${url}`, work) : work();
  stored.catch((error) => handOver.reject(error));
  return { response, stored };
}

/**
 * The bytes of the precache's checked copy of this file, once no download of it is being stored
 * (its Web Lock); null if there is none. Never downloads, stores, or makes the cache (a failed
 * install's clean-up stays clean).
 */
export async function precachedBytes(url, revision) {
  if (typeof caches === "undefined") return null;
  const read = async () => {
    const hit = await caches.match(precacheKey(url, revision), { cacheName: PRECACHE });
    return hit && hit.headers.get(CHECKED) === revision ? new Uint8Array(await hit.arrayBuffer()) : null;
  };
  return self.navigator.locks ? self.navigator.locks.request(`precache ${url}`, read) : read();
}

// This context's downloads into the precache, by URL: each settles once its copy is stored (or not),
// and rejects only if the file was refused for good (its bytes wrong twice).
const settling = new Map();

/**
 * fetch() for the engine: read through the precache where this context has one. A copy that does
 * not match its build ends the response's body in an IntegrityError (never used) and is fetched
 * once more; a later fetch of the same file waits for that, and rejects with the IntegrityError
 * if it was refused for good (so whoever reads it again, such as Pyodide's own wasm loader, is
 * told). A copy that cannot be stored (storage full) is still answered.
 */
export function sharedFetch(url, revision, networkFetch) {
  if (typeof caches === "undefined") return networkFetch(url); // plain http: no Cache Storage
  const after = settling.get(url) || Promise.resolve();
  const start = () => {
    const { response, stored } = fetchIntoPrecache(url, revision, networkFetch);
    stored.catch((error) => console.warn("engine: not stored in the precache:", error));
    const settled = stored.then(() => {}, (error) => { if (error.name === "IntegrityError") throw error; });
    settled.catch(() => {}); // a rejection is for the next fetch of this file, if there is one
    settling.set(url, settled);
    return response.catch(() => networkFetch(url)); // no Cache Storage after all, or the download failed: try plainly
  };
  return after.then(start);
}
