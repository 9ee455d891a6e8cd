// The engine's worker itself (engine.js keeps one): started, or on the visit's first start adopted from the page's
// head (overrides/main.html), which started it before any module ran; told why its script did not load (scriptFault);
// and, through the Web Lock it holds for its life, found lost when it ends by no doing of this page.

import { LOST_WORKER, damagedFile, missingFile } from "../shared/fault-words.js";

const WORKER_URL = new URL("../worker/worker.js", import.meta.url);
const SITE = new URL("../../../", import.meta.url).href;
const BUILD_INFO_URL = new URL("../worker/build-info.js", import.meta.url).href;
const PRECACHE_URL = new URL("../shared/precache.js", import.meta.url).href;

/**
 * Why the worker's script did not load: one of its scripts (itself, its modules, Pyodide's starter: build-info.js's
 * WORKER_SCRIPTS) missing on the server or damaged (its bytes not this build's; build-info.js, which holds the
 * revisions: it does not load, yet the server sends it), as
 * {detail, file} (file: the URL of a file the server did not give, probed as the worker's are), or null.
 */
export async function scriptFault() {
  const asked = (url) => fetch(url, { cache: "no-cache" }).catch(() => null);
  const fault = (url, response) =>
    response.ok ? { detail: damagedFile(url), file: null } : { detail: missingFile(url, response.status), file: url };
  // The module, imported afresh (not a copy that failed before); one that does not load is the fault itself.
  const imported = (url) => import(`${url}?checked=${Date.now()}`).then(
    (module) => ({ module, refused: null }),
    async () => ({ module: null, refused: await asked(url).then((response) => response && fault(url, response)) }),
  );
  const info = await imported(BUILD_INFO_URL);
  if (!info.module) return info.refused;
  const checker = await imported(PRECACHE_URL); // the checker is one of the scripts
  if (!checker.module) return checker.refused;
  const { REVISIONS: revisions, WORKER_SCRIPTS: scripts } = info.module;
  const { revisionOf } = checker.module;
  for (const path of scripts) {
    const response = await asked(SITE + path);
    if (!response) return null;
    if (!response.ok || (await revisionOf(await response.arrayBuffer())) !== revisions[path]) return fault(SITE + path, response);
  }
  return null;
}

/**
 * @typedef {object} WorkerHooks  what the current worker's events become
 * @property {(data: any) => void} receive  one of its messages
 * @property {(detail: string, file: string | null) => void} fail  it is of no more use, for the reason `detail`
 *   (`file`: the URL of a file the server did not give, or null)
 */

export class EngineWorker {
  /** @param {WorkerHooks} hooks */
  constructor(hooks) {
    this.hooks = hooks;
    /** @type {Worker | null} */
    this.worker = null;
    this.stopped = new WeakSet(); // workers this page terminated: their end is no loss
  }

  /**
   * Start a worker (the visit's first: adopt the one the page's head started) and listen to it; returns the
   * function that passes on what the head's worker said before anyone listened (nothing for a new worker).
   * @param {boolean} first @returns {() => void}
   */
  start(first) {
    const early = first ? window.rulesEnginePrestart : null;
    this.worker = early ? early.worker : new Worker(WORKER_URL, { type: "module", name: "rules-engine" });
    const worker = this.worker;
    // Only this worker's events count: a stopped one may still have some in flight.
    const onMessage = (event) => this.worker === worker && this.hooks.receive(event.data);
    const onError = (event) => {
      event.preventDefault(); // the engine says what went wrong (fail), never as an uncaught error of the page
      if (this.worker !== worker) return;
      // Thrown while a script ran, or the script did not load: its scripts are checked against the build first, as
      // a damaged copy can still parse (cut where what is left still reads as code) and throw on a name cut short.
      const thrown = event.message || "its script did not load";
      scriptFault().then((fault) => this.worker === worker && this.hooks.fail(fault ? fault.detail : thrown, fault && fault.file));
    };
    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
    return () => {
      if (!early) return;
      worker.onmessage = worker.onerror = null;
      for (const event of early.queued) (event.type === "message" ? onMessage : onError)(event);
    };
  }

  /** Terminate the worker: its end, which its life lock tells (lost), is this page's doing. */
  stop() {
    if (!this.worker) return;
    this.stopped.add(this.worker);
    this.worker.terminate();
  }

  /** Once the worker `worker` has ended (its life lock is free): unless this page stopped it, the engine was lost. */
  watchLife(worker, lock) {
    navigator.locks?.request(lock, () => void (this.worker === worker && !this.stopped.has(worker) && this.hooks.fail(LOST_WORKER, null)));
  }
}
