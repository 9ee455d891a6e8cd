// One Pyodide memory snapshot per build, kept in IndexedDB (not Cache Storage: the service
// worker owns exactly one cache). Every failure means "no snapshot": the engine boots normally.

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

/** The snapshot saved under this key, or null. */
export async function loadSnapshot(key) {
  try {
    const found = await run("readonly", (store) => store.get(key));
    return found instanceof Uint8Array ? found : null;
  } catch {
    return null;
  }
}

/** Keep only this snapshot (older builds' snapshots are dropped with it). */
export async function saveSnapshot(key, bytes) {
  try {
    await run("readwrite", (store) => (store.clear(), store.put(bytes, key)));
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
