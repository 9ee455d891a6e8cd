// The engine: a module Web Worker running Pyodide and the rules_core wheel, loaded once.
// Everything comes from the site's own files (assets/pyodide/); nothing from a CDN or PyPI.
//
// First boot of a build: Pyodide starts, installs the wheel, imports rules_core, and saves a
// memory snapshot of that state (Pyodide's private _makeSnapshot API, 314). Later boots restore
// the snapshot and skip Python's start-up and imports. A snapshot that fails is dropped.

import { loadPyodide, version } from "../pyodide/pyodide.mjs";
import { WHEEL, WHEEL_SHA256 } from "./build-info.js";
import { isRequest } from "./protocol.js";
import { dropSnapshots, loadSnapshot, saveSnapshot } from "./snapshot-store.js";

const PYODIDE_DIR = new URL("../pyodide/", import.meta.url).href;
const SNAPSHOT_KEY = `${version}:${WHEEL_SHA256}`;
const OPTIONS = {
  indexURL: PYODIDE_DIR,
  lockFileURL: PYODIDE_DIR + "pyodide-lock.json",
  packageBaseUrl: PYODIDE_DIR,
  stdLibURL: PYODIDE_DIR + "python_stdlib.zip",
  stdout: () => {},
  stderr: (text) => console.warn(text),
};

const stats = { snapshotMs: null, snapshotBytes: null }; // reported with "ready", for the benchmark
const fetchWheel = () => fetch(PYODIDE_DIR + WHEEL).then((r) => r.arrayBuffer());

async function fresh() {
  const pyodide = await loadPyodide({ ...OPTIONS, _makeSnapshot: true });
  const [wheel, bridge] = await Promise.all([fetchWheel(), fetch(new URL("./bridge.py", import.meta.url)).then((r) => r.text())]);
  // Unpacked, not loadPackage(): loadPackage leaves JS references a memory snapshot refuses.
  pyodide.unpackArchive(wheel, "wheel"); // into the working directory, first on sys.path
  pyodide.runPython(bridge);
  // The registry loads resolver families lazily; load them all now so the snapshot holds every one.
  pyodide.runPython("import rules_core\nlen(rules_core.REGISTRY)");
  let snapshot = null;
  try {
    const t = performance.now();
    snapshot = pyodide.makeMemorySnapshot();
    stats.snapshotMs = performance.now() - t; // ~30 ms for ~31 MB: cheap enough to do before answering
    stats.snapshotBytes = snapshot.length;
  } catch (error) {
    console.warn("engine: no memory snapshot:", error);
  }
  return { pyodide, snapshot };
}

async function restored(snapshot) {
  try {
    const wheel = fetchWheel();
    const pyodide = await loadPyodide({ ...OPTIONS, _loadSnapshot: snapshot });
    // The snapshot holds the heap (rules_core imported), not the files: put them back for late imports.
    pyodide.unpackArchive(await wheel, "wheel");
    pyodide.globals.get("handle"); // the bridge is in the snapshot; check before trusting it
    return pyodide;
  } catch (error) {
    console.warn("engine: snapshot refused, booting afresh:", error);
    await dropSnapshots();
    return null;
  }
}

async function boot() {
  const started = performance.now();
  const saved = await loadSnapshot(SNAPSHOT_KEY);
  let pyodide = saved ? await restored(saved) : null;
  const from = pyodide ? "snapshot" : "fresh";
  if (!pyodide) {
    const made = await fresh();
    pyodide = made.pyodide;
    if (made.snapshot) saveSnapshot(SNAPSHOT_KEY, made.snapshot); // in the background
  }
  return { handle: pyodide.globals.get("handle"), ms: performance.now() - started, from };
}

const engine = boot();

engine.then(
  ({ ms, from }) => self.postMessage({ type: "ready", ms, from, ...stats }),
  (error) => self.postMessage({ type: "failed", error: String(error && error.message ? error.message : error) }),
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
    return { id: message.id, error: `engine: ${error && error.message ? error.message.split("\n").slice(-2).join(" ") : error}`, field: null };
  }
}

self.addEventListener("message", async (event) => self.postMessage(await handler(event.data)));
