// The engine: a module Web Worker running Pyodide and the rules_core wheel, loaded once.
// Everything comes from the site's own files (assets/pyodide/); nothing from a CDN or PyPI.
//
// First boot of a build: Pyodide starts and installs the wheel, answers the requests waiting, then
// (between later requests) imports every rules_core family and saves a memory snapshot of that state
// (Pyodide's private _makeSnapshot API, 314). Later boots restore the snapshot and skip Python's
// start-up and imports. The snapshot is keyed by everything baked
// into it (Pyodide's version, the wheel, bridge.py, the stdlib zip) and trusted only if its SHA-256 matches and,
// once restored, it gives the answer recorded when it was made; otherwise it is dropped and the
// engine boots afresh, once.
//
// The engine's big files (wasm, stdlib, lock file, wheel) are read through the service worker's
// precache (precache.js): the first visit downloads each once, and the precache keeps that copy.
// A file whose bytes do not match its build is refused there (never stored), and the boot fails
// naming it: Pyodide itself would only log the wasm's failed compile and wait for ever, or fail on the
// bytes with a message of its own ("Program terminated with exit(1)"). Its script, pyodide.asm.mjs, is
// imported as a module: if that fails, it is checked against its build before the failure is told.

import { beatingImports, progressed, rest, stepStarts, wake } from "./progress.js"; // first: its signs of life begin with the worker's first line
import { loadPyodide, version } from "../../pyodide/pyodide.mjs";
import { BUILD, REVISIONS, WHEEL } from "./build-info.js";
import { damagedFile, missingFile, unreachableFile } from "../shared/fault-words.js";
import { CHECKED, precachedBytes, sharedFetch } from "../shared/precache.js";
import { isRequest } from "../shared/protocol.js";
import { dropSnapshots, loadSnapshot, saveSnapshot } from "./snapshot-store.js";

const SITE = new URL("../../../", import.meta.url).href;
const PYODIDE_DIR = new URL("../../pyodide/", import.meta.url).href;
const BRIDGE_URL = new URL("./bridge.py", import.meta.url).href;
const revisionOf = (url) => REVISIONS[url.slice(SITE.length)];
const STDLIB_URL = PYODIDE_DIR + "python_stdlib.zip"; // trimmed at build time (scripts/build/stdlib.py)
const SNAPSHOT_KEY = `${version}:${revisionOf(PYODIDE_DIR + WHEEL)}:${revisionOf(BRIDGE_URL)}:${revisionOf(STDLIB_URL)}`;
// A known question: its answer is recorded beside the snapshot and asked again after a restore.
const PROBE = ["odds", "dice/unopposed", '{"roll": {"base": 2, "modifier": 1}}'];
const OPTIONS = {
  indexURL: PYODIDE_DIR,
  lockFileURL: PYODIDE_DIR + "pyodide-lock.json",
  packageBaseUrl: PYODIDE_DIR,
  stdLibURL: STDLIB_URL,
  stdout: () => {},
  stderr: (text) => console.warn(text),
};

// Reported for the benchmark: when each boot step ended (ms since the epoch, so the page can place
// them on its own clock), with "ready"; the snapshot's cost, with "snapshot-saved".
/** @type {{timeline: Record<string, number>}} */
/** @type {{timeline: Record<string, number>, snapshotRefused?: string}} */
const stats = { timeline: {} };
const mark = (step) => (stats.timeline[step] = performance.timeOrigin + performance.now());
// A step of the work after boot, told to the page as it ends (the benchmark and the tests read it).
const laterStepDone = (step) => (mark(step), self.postMessage({ type: "later-step", step, at: stats.timeline[step] }));
stats.timeline["worker-created"] = performance.timeOrigin;
mark("worker-run");

// A boot that cannot succeed says so at once, with the file and the reason, rather than leaving
// Pyodide to wait or to fail without a word (a wasm 404, the network lost, damaged bytes).
let booted = false;
let reported = false;
function bootFailed(reason, file = null) {
  if (booted || reported) return;
  reported = true;
  self.postMessage({ type: "failed", error: reason, file });
}
const nameOf = (url) => url.slice(SITE.length);
// Once the boot's failure is told, what Pyodide leaves unhandled of it (its own reads of the file that
// failed) is a warning for developers, not an uncaught error of the page.
const toldAlready = (event) => reported && (console.warn("engine: after the boot failed:", event.reason ?? event.error ?? event.message), event.preventDefault());
self.addEventListener("unhandledrejection", toldAlready);
self.addEventListener("error", toldAlready);

// A Python traceback's last line says what went wrong; the frames above it are for developers (console).
const lastLine = (text) => (text.includes("Traceback") ? (console.warn(text), text.trim().split("\n").pop()) : text);

// Pyodide fetches its files with the global fetch: send the precached ones through the cache.
// One watch over every file of the boot: a failed download, an HTTP error, a body that breaks off
// (the network lost), or a file the precache refused for good (a fetch of it after its first read
// failed: sharedFetch) ends the boot, naming the file; Pyodide itself would only log the failure and
// wait for ever. A first read refused is not yet a failure: the precache fetches the file once more,
// and Pyodide reads it again (a second fetch), so a passing fault is not shown to the reader.
const networkFetch = self.fetch.bind(self);
// Reported with the file's URL, which the page may ask the server for until it answers (engine.js);
// not a refused file: the server answers for it, with the wrong bytes.
const failedFetch = (url, error) =>
  error && error.name === "IntegrityError" ? bootFailed(damagedFile(url)) : bootFailed(unreachableFile(url, error && error.message), url);
// Files whose first copy the precache refused (an IntegrityError ended the body): read once more (checkedBytes).
const refusedOnce = new Set();
function watched(url, response) {
  if (!response.ok) {
    bootFailed(missingFile(url, response.status), url);
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        progressed();
        if (done) mark(`read ${nameOf(url).split("/").pop()}`);
        done ? controller.close() : controller.enqueue(value);
      } catch (error) {
        if (error instanceof Error && error.name === "IntegrityError") refusedOnce.add(url); // a refusal: see above
        else failedFetch(url, error);
        controller.error(error);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
const urlOf = (input) => new URL(input instanceof Request ? input.url : input, self.location.href).href;
/** A file of the build, read through the precache, its body watched (above); any other URL, from the network. */
const precachedFetch = (input, init) => {
  const url = urlOf(input);
  const revision = revisionOf(url);
  if (!revision) return networkFetch(input, init);
  return sharedFetch(url, revision, networkFetch).then(
    (response) => watched(url, response),
    (error) => {
      failedFetch(url, error);
      throw error;
    },
  );
};
/**
 * The file's bytes, checked against its build: a first copy the precache refused is read once more (the
 * precache fetches it again); refused again, the read fails and the boot with it, naming the file as
 * damaged (failedFetch), before Pyodide or the bridge would stumble on the bytes. (A body's reader sees a
 * refusal as "Failed to fetch": refusedOnce says which it was.)
 */
function checkedBytes(url) {
  const read = () =>
    precachedFetch(url).then((response) => {
      if (!response.ok) throw new Error(missingFile(url, response.status)); // reported by the watch
      return response.arrayBuffer();
    });
  return read().catch((error) => {
    if (!refusedOnce.delete(url)) throw error;
    return read();
  });
}
const earlyReads = new Map(); // URL -> the response read early for loadPyodide's first fetch of it (below)
self.fetch = (input, init) => {
  const url = urlOf(input);
  const early = earlyReads.get(url);
  if (early) return earlyReads.delete(url), early;
  return precachedFetch(input, init);
};

// The saved snapshot is read at once (snapshot-store.js). It carries the engine's stdlib and lock file
// (STORED_WITH_SNAPSHOT): a warm boot reads them there, in one file read in this worker, rather than
// through the precache and the browser (measured: ~40 ms less CPU per warm visit, of ~850). Not the wasm:
// compiled from the precache's copy, its code comes from the browser's cache (downloadedWasm). Its
// heap is written into the engine's memory once Pyodide has made it (wasmMemory).
/** @type {WebAssembly.Memory | null} */
let wasmMemory = null;
const memory = () => {
  if (!wasmMemory) throw new Error("the engine's memory is not made yet");
  return wasmMemory;
};
void stepStarts("downloads");
const saved = loadSnapshot(SNAPSHOT_KEY, memory, mark); // null: none for this build, or unreadable
const WASM_URL = PYODIDE_DIR + "pyodide.asm.wasm";
const STORED_WITH_SNAPSHOT = [OPTIONS.stdLibURL, OPTIONS.lockFileURL];
/** This build's copy of the file, if the snapshot carries one, taken (not kept for the worker's life); else null. */
const storedWithSnapshot = (url) =>
  saved.then((found) => {
    const file = found && found.files.get(url);
    found?.files.delete(url);
    return file && file.revision === revisionOf(url) ? file.bytes : null;
  });

// loadPyodide would load its script, compile its wasm and read the stdlib and the lock file only
// once it has the snapshot's bytes: start all of them now. The stdlib and the lock file are read
// whole (a body is read only as it is consumed) and handed to loadPyodide's first fetch of each.
// The script lands in the module map, where loadPyodide's own import finds it; the compiled wasm
// is handed over by instantiateStreaming (Pyodide's only call of it), or, if this compile failed,
// Pyodide compiles its own. The wasm is compiled from the precache's copy as Cache Storage gives it
// (not a copy of its bytes): the browser then keeps the compiled code beside that copy (V8's wasm code
// cache), so a warm visit skips the compile and the lazy compiles of the functions the restore calls.
// A script that does not load is checked against its build (below) before the boot's failure is told.
const LOADER_URL = PYODIDE_DIR + "pyodide.asm.mjs";
const loaderImported = import(LOADER_URL);
loaderImported.then(() => mark("script-imported"), () => {}); // loadPyodide's import fails too
/** The precache's checked copy of the wasm as Cache Storage gives it (read whole by the compile); a download, watched. */
const wasmResponse = () => {
  const revision = revisionOf(WASM_URL);
  if (typeof caches === "undefined") return precachedFetch(WASM_URL);
  return sharedFetch(WASM_URL, revision, networkFetch).then((response) => {
    if (response.headers.get(CHECKED) !== revision) return watched(WASM_URL, response);
    mark(`read ${nameOf(WASM_URL).split("/").pop()}`); // at hand: the compile reads it from Cache Storage
    return response;
  }, (error) => {
    failedFetch(WASM_URL, error);
    throw error;
  });
};
const downloadedWasm = () => {
  const compiled = WebAssembly.compileStreaming(wasmResponse());
  // Damaged bytes (a truncated download, a proxy's page) do not compile: nothing can start.
  compiled.catch((error) => error instanceof WebAssembly.CompileError && bootFailed(damagedFile(WASM_URL)));
  return compiled;
};
const compiledWasm = (async () => {
  await stepStarts("compile");
  return downloadedWasm();
})();
compiledWasm.then(() => mark("wasm-compiled"), () => {});
/** A refused snapshot's files are not trusted either: a fresh boot reads the precache's. */
function passOverStoredFiles() {
  earlyReads.clear(); // loadPyodide's fetches of the stdlib and the lock file go through the precache
}
for (const url of [OPTIONS.stdLibURL, OPTIONS.lockFileURL]) {
  const read = storedWithSnapshot(url).then(async (bytes) => new Response(bytes || (await checkedBytes(url))));
  read.catch(() => {}); // a failed read is reported by the watch, and to loadPyodide
  earlyReads.set(url, read);
}
const instantiateStreaming = WebAssembly.instantiateStreaming;
// Python's start-up follows the instantiation and holds the worker for seconds without a break (on
// a phone more): its calls to the file system beat meanwhile (progress.js), and the page is told it starts.
// The instance's memory is kept: a snapshot's heap is written straight into it (snapshot-store.js).
const pythonStartsNow = async (instantiated) => {
  wasmMemory = /** @type {WebAssembly.Memory} */ (instantiated.instance.exports.memory);
  await stepStarts("python-start");
  return instantiated;
};
WebAssembly.instantiateStreaming = (source, imports) =>
  compiledWasm
    .then(
      async (module) => ({ module, instance: await WebAssembly.instantiate(module, beatingImports(imports)) }),
      () => instantiateStreaming(source, beatingImports(imports)),
    )
    .then(pythonStartsNow);

const fetchWheel = () => checkedBytes(PYODIDE_DIR + WHEEL);

// Between two long steps of a boot: the event loop turns (a heartbeat, progress.js, is let out).
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

// A first boot answers as soon as rules_core can (the families a request needs load on demand); what
// only the snapshot needs waits for later (laterWork), run between requests.
async function fresh() {
  const [pyodide, wheel, bridge] = await Promise.all([
    loadPyodide({ ...OPTIONS, _makeSnapshot: true }),
    fetchWheel(),
    checkedBytes(BRIDGE_URL).then((bytes) => new TextDecoder().decode(bytes)),
  ]);
  // Unpacked, not loadPackage(): loadPackage leaves JS references a memory snapshot refuses.
  mark("pyodide-loaded");
  await pause();
  await stepStarts("install");
  pyodide.unpackArchive(wheel, "wheel"); // into the working directory, first on sys.path
  pyodide.runPython(bridge);
  mark("bridge-run");
  laterWork.push(
    // The registry loads resolver families lazily; load them all so the snapshot holds every one, and the fleet
    // page's door (bridge.py "ship"), asked at boot, before a restored engine has its files back.
    () => (pyodide.runPython("import rules_core\nlen(rules_core.REGISTRY)\nimport rules_core.jovian_wars.ship_now"), laterStepDone("rules-imported")),
    () => (pyodide.globals.get("warm")(), laterStepDone("warmed")), // tables the snapshot keeps (bridge.py)
    () => snapshotOf(pyodide),
  );
  return pyodide;
}

// The state every later boot restores, saved in the background. A full storage is the reader's to know:
// each visit will start afresh (no warm start).
function snapshotOf(pyodide) {
  const probe = pyodide.globals.get("handle")(...PROBE);
  const t = performance.now();
  let snapshot;
  try {
    snapshot = pyodide.makeMemorySnapshot(); // ~30 ms for ~31 MB
  } catch (error) {
    return console.warn("engine: no memory snapshot:", error);
  }
  const cost = { ms: performance.now() - t, bytes: snapshot.length };
  mark("snapshot-made");
  // Its files are the precache's checked copies; one the precache has not (storage full, no Cache
  // Storage) is not stored with it, and a restore reads it as before.
  const copies = STORED_WITH_SNAPSHOT.map(async (url) => {
    const revision = revisionOf(url);
    return { url, revision, bytes: await precachedBytes(url, revision).catch(() => null) };
  });
  Promise.all(copies)
    .then((files) => saveSnapshot(SNAPSHOT_KEY, snapshot, probe, files.filter((file) => file.bytes)))
    .then((outcome) => self.postMessage({ type: "snapshot-saved", outcome, ...cost }));
}

// The snapshot was read at the worker's start (saved, above); its check runs while Pyodide's script
// and wasm load.
async function restored() {
  const found = await saved;
  if (!found) return null;
  const restorable = await found.restorable;
  if (!restorable) return passOverStoredFiles(), null; // damaged: dropped
  try {
    const pyodide = await loadPyodide({ ...OPTIONS, _loadSnapshot: restorable.snapshot });
    found.files.clear(); // what was not taken (an older build's copy of the wasm) is not kept for the worker's life
    mark("restored");
    await stepStarts("self-test");
    const answer = pyodide.globals.get("handle")(...PROBE);
    if (answer !== restorable.probe) throw new Error("the restored engine gave a wrong answer to its self-test");
    mark("self-tested");
    // The snapshot holds the heap (every rules_core module imported), not the files: they are put
    // back for late imports, once the requests waiting at boot are answered (drain). Two steps, so a
    // request that comes while the wheel is read goes before its unpacking (~40 ms, more on a phone).
    let wheel = null;
    laterWork.push(
      async () => void (wheel = await fetchWheel()),
      () => (pyodide.unpackArchive(wheel, "wheel"), (wheel = null), laterStepDone("wheel-unpacked")),
    );
    return pyodide;
  } catch (error) {
    console.warn("engine: snapshot refused, booting afresh:", error);
    stats.snapshotRefused = String(error instanceof Error ? error.message : error); // the page's to read: a worker's early console may go unheard
    passOverStoredFiles();
    await dropSnapshots();
    return null;
  }
}

/** @type {(() => unknown)[]} work that can wait: run one step at a time while no request waits (drain) */
const laterWork = [];

async function boot() {
  const started = performance.now();
  let pyodide = await restored();
  const from = pyodide ? "snapshot" : "fresh";
  if (!pyodide) pyodide = await fresh();
  return { handle: pyodide.globals.get("handle"), ms: performance.now() - started, from };
}

const engine = boot();

engine.then(
  ({ ms, from }) => {
    if (reported) return; // the page has stopped this worker, or is about to
    booted = true;
    self.postMessage({ type: "ready", ms, from, build: BUILD, ...stats });
    if (!draining) drain(); // the work left for after boot, with no request waiting
  },
  async (error) => {
    // A loader that did not load is named as missing or damaged (checkedBytes reports it), not by its syntax error.
    await loaderImported.catch(() => checkedBytes(LOADER_URL)).catch(() => {});
    bootFailed(lastLine(String(error && error.message ? error.message : error)));
  },
);

/** Answer one request; errors are data, never thrown across the boundary. */
export async function handler(message) {
  if (!isRequest(message)) {
    console.warn("engine: ignored a malformed message", message);
    return { id: message && message.id, error: "request: malformed message", field: null };
  }
  try {
    const { handle } = await engine;
    const answer = JSON.parse(handle(message.type, message.resolver, JSON.stringify(message.inputs ?? {})));
    return { id: message.id, ...answer };
  } catch (error) {
    return { id: message.id, error: `engine: ${error instanceof Error && error.message ? error.message.split("\n").slice(-2).join(" ") : error}`, field: null };
  }
}

// Requests arrive at once and wait here, oldest first; one runs at a time (Python cannot be
// interrupted). Before each, the messages already sent are let in, so a request with a later one
// on its channel waiting is skipped: of a burst of taps, only inputs with nothing newer behind run.
const queue = [];
let draining = false;
const letMessagesIn = () => new Promise((resolve) => setTimeout(resolve, 0));
const supersededIn = (message, waiting) =>
  isRequest(message) && message.channel !== undefined && waiting.some((later) => later && later.channel === message.channel);

async function drain() {
  draining = true;
  await engine.catch(() => {}); // a failed boot answers each request with its error (handler)
  for (;;) {
    // Requests sent while the worker was held (a restore holds it ~0.2 s, on a phone ~1 s; the page
    // sends its first requests then) are let in before any later work: a boot's "ready" finds them
    // not yet delivered, and the later work would otherwise go first.
    await letMessagesIn();
    while (queue.length) {
      await letMessagesIn();
      const message = queue.shift();
      if (supersededIn(message, queue)) {
        self.postMessage({ id: message.id, superseded: true });
        continue;
      }
      if (isRequest(message)) self.postMessage({ id: message.id, started: true });
      self.postMessage(await handler(message));
    }
    const work = laterWork.shift();
    if (!work) break;
    try {
      await work();
    } catch (error) {
      console.warn("engine: work after boot failed:", error);
    }
  }
  draining = false;
  if (booted) rest(); // nothing left: no beat until the next message
}

self.addEventListener("message", (/** @type {MessageEvent} */ event) => {
  wake();
  queue.push(event.data);
  if (!draining) drain();
});
