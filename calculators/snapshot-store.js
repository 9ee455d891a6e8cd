// One Pyodide memory snapshot, kept in IndexedDB (not Cache Storage: the precache holds only the
// site's files) as {bytes, sha256, probe}: the heap, its checksum, and the answer the engine gave
// to a known question when the snapshot was made (worker.js asks it again after a restore).
// Every failure means "no snapshot": the engine boots normally.

const DB = "rules-engine";
const STORE = "snapshots";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function run(mode, action) {
  return open().then(
    (db) =>
      new Promise((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const request = action(tx.objectStore(STORE));
        tx.oncomplete = () => (db.close(), resolve(request.result));
        tx.onerror = tx.onabort = () => (db.close(), reject(tx.error));
      }),
  );
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Is a snapshot saved under this key? (Cheap: reads no bytes.) */
export async function hasSnapshot(key) {
  try {
    return (await run("readonly", (store) => store.count(key))) === 1;
  } catch {
    return false;
  }
}

/** The snapshot saved under this key as {bytes, probe}, or null; a damaged one is dropped. */
export async function loadSnapshot(key) {
  try {
    const found = await run("readonly", (store) => store.get(key));
    if (!found || !(found.bytes instanceof Uint8Array) || typeof found.probe !== "string") return null;
    if ((await sha256(found.bytes)) !== found.sha256) {
      console.warn("engine: the saved snapshot is damaged (checksum mismatch); dropped");
      await dropSnapshots();
      return null;
    }
    return { bytes: found.bytes, probe: found.probe };
  } catch {
    return null;
  }
}

/** Keep only this snapshot (older builds' snapshots are dropped with it). */
export async function saveSnapshot(key, bytes, probe) {
  try {
    const record = { bytes, sha256: await sha256(bytes), probe };
    await run("readwrite", (store) => (store.clear(), store.put(record, key)));
  } catch (error) {
    console.warn("engine: snapshot not saved:", error);
  }
}

export async function dropSnapshots() {
  try {
    await run("readwrite", (store) => store.clear());
  } catch {
    /* nothing to drop */
  }
}
