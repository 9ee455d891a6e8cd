// One Pyodide memory snapshot, kept in the Origin Private File System as one file:
//
//   [header length: uint32, little-endian][header: JSON {key, size, pages, sha256, probe, files}][pages][files]
//
// key: what the snapshot was made from (worker.js). The heap (size bytes) is kept without its
// pages (64 KiB) of zeros, about half of it: pages lists the others, stored one after another;
// sha256 checks them and their places (checksum below). probe: the answer the engine gave to a known question when the
// snapshot was made (worker.js asks it again after a restore). files: [{url, revision, length}], the
// engine's other files a restore reads (worker.js lists them: the stdlib and the lock file; an older
// build's also the wasm), copied from the precache's checked copies and stored after the pages, so a
// warm visit reads them in one file (a file read in the worker costs a fraction of the same bytes from
// Cache Storage, through the browser). A snapshot saved without them (an older build's) is still
// restored; its files come from the precache.
// Reading the heap back is on the path of every warm visit's first answer, hence a file, not
// IndexedDB (measured in a worker: ~55 ms against 90-270 ms for 31 MB), and no zero pages (half
// the bytes to read and to check). Not Cache Storage: the precache holds only the site's files. A
// file written with createWritable() appears whole or not at all, so a save cut short leaves the
// previous snapshot (or none), never a torn one.
// Every failure means "no snapshot": the engine boots normally.

const DIRECTORY = "rules-engine";
const FILE = "snapshot";
const MAX_HEADER = 65536;
const PAGE = 65536;
const LEGACY_DATABASE = "rules-engine"; // where builds before the file kept their snapshot

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The checksum of the pages kept and of where they go: a heap put back together wrongly fails it too. */
async function checksum(kept, size, pages) {
  return `${await sha256(kept)}:${await sha256(new TextEncoder().encode(JSON.stringify([size, pages])))}`;
}

/** Is this part of the heap all zeros? (Read as 32-bit words where it can be: four times fewer reads.) */
function allZeros(part) {
  const words = part.byteOffset % 4 === 0 ? new Uint32Array(part.buffer, part.byteOffset, part.length >> 2) : new Uint32Array(0);
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
  for (let i = words.length * 4; i < part.length; i++) if (part[i] !== 0) return false;
  return true;
}

/** The heap's pages that are not all zeros: their indexes, and their bytes one after another. */
function withoutZeroPages(heap) {
  const pages = [];
  const parts = [];
  for (let page = 0; page * PAGE < heap.length; page++) {
    const part = heap.subarray(page * PAGE, (page + 1) * PAGE);
    if (!allZeros(part)) pages.push(page), parts.push(part);
  }
  const kept = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (kept.set(part, at), at + part.length), 0);
  return { pages, kept };
}

/**
 * A saved snapshot as Pyodide's restore takes it (its private restoreSnapshot: the header read from
 * the bytes, then HEAP8.set(snapshot.subarray(heapStart))), without rebuilding the whole heap first: the
 * heap is written into the engine's memory when Pyodide asks for it, the pages kept and zeros between
 * them, every byte as HEAP8.set would. A phone is spared a 31 MB array, half of it zeros, and a copy.
 * What Pyodide is given is the header (a real Uint8Array, as it checks): any other read of the heap
 * than that one gets nothing, the restore is then wrong, and the self-test refuses it.
 */
class SparseSnapshot extends Uint8Array {
  static get [Symbol.species]() {
    return Uint8Array; // a slice of the header is a plain array
  }

  /**
   * @param {Uint8Array<ArrayBuffer>} head the snapshot's bytes before its heap
   * @param {{size: number, pages: number[], kept: Uint8Array, memory: () => WebAssembly.Memory}} heap
   */
  constructor(head, heap) {
    super(head.buffer, head.byteOffset, head.length);
    this.heap = heap;
  }

  /** The whole snapshot's length (Pyodide sizes the memory it asks for by it). */
  get length() {
    return this.heap.size;
  }

  /** @param {number} [begin] @param {number} [end] @returns {Uint8Array<ArrayBuffer>} */
  subarray(begin, end) {
    if (end !== undefined || begin !== this.byteLength) return /** @type {Uint8Array<ArrayBuffer>} */ (Uint8Array.prototype.subarray.call(this, begin, end));
    const { size, pages, kept, memory } = this.heap;
    copySnapshot(kept, pages, begin, new Uint8Array(memory().buffer, 0, size - begin)); // throws if the memory is too small
    this.heap.kept = new Uint8Array(0); // written: its 15 MB need not live as long as Pyodide keeps this
    return new Uint8Array(0); // and Pyodide's HEAP8.set has nothing left to copy
  }
}

/** Write the snapshot's bytes from `start` on into `into`, as many as it holds: the pages kept, zeros between them. */
export function copySnapshot(kept, pages, start, into) {
  const end = start + into.length;
  let written = start;
  pages.forEach((page, i) => {
    const from = Math.max(page * PAGE, written);
    const to = Math.min((page + 1) * PAGE, end);
    if (to <= from) return;
    into.fill(0, written - start, from - start);
    into.set(kept.subarray(i * PAGE + from - page * PAGE, i * PAGE + to - page * PAGE), from - start);
    written = to;
  });
  into.fill(0, written - start);
}

/** The snapshot for Pyodide: its header (the bytes before the heap, whose start its second word gives), and the heap to write. */
function sparseSnapshot(kept, header, memory) {
  if (header.pages[0] !== 0) throw new Error("the snapshot's first page is missing");
  const head = new Uint8Array(new DataView(kept.buffer, kept.byteOffset).getUint32(4, true));
  copySnapshot(kept, header.pages, 0, head);
  return new SparseSnapshot(head, { size: header.size, pages: header.pages, kept, memory });
}

/** Is this the header's list of the files stored after the pages? (An older build's header has none.) */
const isFileList = (files) =>
  Array.isArray(files) &&
  files.every((f) => f && typeof f.url === "string" && typeof f.revision === "string" && Number.isSafeInteger(f.length) && f.length >= 0);

/**
 * The snapshot saved under this key, or null: none, another build's, or unreadable. Read whole, in
 * one go, and closed at once (another tab may want the file). Resolves to {files, restorable}:
 * files, url -> {revision, bytes}, the engine's files stored with it, at hand at once; restorable,
 * a promise of {snapshot, probe} once the pages pass their checksum, or of null (damaged: dropped).
 * memory: the engine's wasm memory once Pyodide has made it (the heap is written there when
 * Pyodide restores). mark(step): when each step ended (the benchmark's).
 * @param {string} key
 * @param {() => WebAssembly.Memory} memory
 * @param {(step: string) => void} [mark]
 * @returns {Promise<{files: Map<string, {revision: string, bytes: Uint8Array<ArrayBuffer>}>, restorable: Promise<{snapshot: Uint8Array, probe: string} | null>} | null>}
 */
export async function loadSnapshot(key, memory, mark = (_step) => {}) {
  let header, kept;
  const files = new Map();
  try {
    const file = await openForReading(await (await (await navigator.storage.getDirectory()).getDirectoryHandle(DIRECTORY)).getFileHandle(FILE));
    try {
      const length = new DataView((await file.bytes(0, 4)).buffer).getUint32(0, true);
      if (length > MAX_HEADER) return null;
      header = JSON.parse(new TextDecoder().decode(await file.bytes(4, length)));
      if (header.key !== key || typeof header.probe !== "string") return null; // another build's: its pages are not read
      const stored = header.files ?? [];
      if (!isFileList(stored)) return null;
      const keptLength = file.size - 4 - length - stored.reduce((sum, f) => sum + f.length, 0);
      if (keptLength < 0) return null;
      kept = await file.bytes(4 + length, keptLength);
      let at = 4 + length + keptLength;
      for (const { url, revision, length: size } of stored) files.set(url, { revision, bytes: await file.bytes(at, size) }), (at += size);
    } finally {
      file.close(); // before the check: another tab may want the file
    }
  } catch {
    return null;
  }
  mark("snapshot-file-read");
  const restorable = checksum(kept, header.size, header.pages).then(
    async (sum) => {
      if (sum !== header.sha256) {
        console.warn("engine: the saved snapshot is damaged (checksum mismatch); dropped");
        mark("snapshot-damaged");
        await dropSnapshots();
        return null;
      }
      mark("snapshot-checked");
      return { snapshot: sparseSnapshot(kept, header, memory), probe: header.probe };
    },
    () => null,
  );
  return { files, restorable };
}

/**
 * The snapshot file to read: its size, `bytes(at, length)` (all of them, or a failure) and `close()`.
 * Through a read-only sync access handle where the browser gives one: the bytes are read in this
 * worker, not sent by the browser through a pipe as a File's are (15.5 MB measured here: ~27 against
 * ~52 ms of CPU, 9 against 22 ms). From the File where it does not (no read-only handles, or a
 * save in another tab holds the file).
 * @param {FileSystemFileHandle} handle
 * @returns {Promise<{size: number, bytes: (at: number, length: number) => Promise<Uint8Array>, close: () => void}>}
 */
async function openForReading(handle) {
  const whole = (bytes, length) => {
    if (bytes.length !== length) throw new Error("the snapshot file is shorter than its header says");
    return bytes;
  };
  try {
    const access = await /** @type {any} */ (handle).createSyncAccessHandle({ mode: "read-only" });
    return {
      size: access.getSize(),
      bytes: async (at, length) => {
        const into = new Uint8Array(length);
        return whole(into.subarray(0, access.read(into, { at })), length);
      },
      close: () => access.close(),
    };
  } catch {
    const file = await handle.getFile();
    return {
      size: file.size,
      bytes: async (at, length) => whole(new Uint8Array(await file.slice(at, at + length).arrayBuffer()), length),
      close: () => {},
    };
  }
}

/**
 * Keep only this snapshot (it replaces the one an older build saved), with the engine's files a
 * restore reads (files: [{url, revision, bytes}], stored after its pages). Resolves to "saved",
 * "storage-full" (storage has no room for it: no warm start) or "failed" (any other reason).
 *
 * The room is taken first, whole (truncate), and only then are the bytes written into it, as
 * buffers: a full storage then fails before a byte is written, as QuotaExceededError. A Blob written
 * at the quota is read through a pipe whose failure Chromium often reports instead (NotReadableError:
 * 13 of 20 tries), and its partial copy briefly took the room the precache was storing into.
 */
export async function saveSnapshot(key, bytes, probe, files = []) {
  let reserving = false;
  let size = 0;
  try {
    const { pages, kept } = withoutZeroPages(bytes);
    const stored = files.map(({ url, revision, bytes }) => ({ url, revision, length: bytes.length }));
    const sha256 = await checksum(kept, bytes.length, pages);
    const header = new TextEncoder().encode(JSON.stringify({ key, size: bytes.length, pages, sha256, probe, files: stored }));
    if (header.length > MAX_HEADER) throw new Error("its header is too long");
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, header.length, true);
    const parts = [length, header, kept, ...files.map((f) => f.bytes)];
    size = parts.reduce((sum, part) => sum + part.length, 0);
    const directory = await (await navigator.storage.getDirectory()).getDirectoryHandle(DIRECTORY, { create: true });
    const writable = await (await directory.getFileHandle(FILE, { create: true })).createWritable();
    reserving = true;
    await writable.truncate(size);
    reserving = false;
    for (const part of parts) await writable.write(part);
    await writable.close();
    indexedDB.deleteDatabase(LEGACY_DATABASE); // an older build's snapshot, never read again
    return "saved";
  } catch (error) {
    console.warn("engine: snapshot not saved:", error);
    return (error instanceof Error && error.name) === "QuotaExceededError" || (reserving && (await lacksRoom(size))) ? "storage-full" : "failed";
  }
}

/** Storage's own word on whether `size` more bytes fit, for a failure whose name does not say. */
async function lacksRoom(size) {
  try {
    const { usage, quota } = await navigator.storage.estimate();
    return quota !== undefined && usage !== undefined && quota - usage < size;
  } catch {
    return false;
  }
}

export async function dropSnapshots() {
  try {
    await (await navigator.storage.getDirectory()).removeEntry(DIRECTORY, { recursive: true });
  } catch {
    /* nothing to drop */
  }
}
