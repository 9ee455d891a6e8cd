// The page side of the engine: one worker per visit, shared by every widget on every page.
//
// The worker lives in module scope (and on window.rulesEngine for tests), so Material's instant
// navigation, which swaps the page but keeps this document, never starts a second one.
// window.rulesEngine.starts counts worker starts; .state is "loading" | "ready" | "error";
// .answered turns true at the first answer of this visit (the offline badge waits for it).
// Events on window: "rules-engine-state", "rules-engine-answered", "rules-engine-idle" (an answer
// left nothing to ask), "rules-engine-other-build" (the worker is of another build than this page),
// "rules-engine-storage-full" (its memory snapshot could not be saved: no warm start; .storageFull).
// .snapshotSaved: how a fresh boot's snapshot save ended ("saved", "storage-full", "failed"), or null.
//
// Requests go to the worker as soon as they are made, before it is ready too (it keeps them until
// it is): no answer waits for the page's main thread to pass the next request along, which on a
// phone is busy for seconds while a long page loads. The worker runs them one at a time, oldest
// first, and says when it starts each. None is cut for its time, however slow the phone: it is work
// the engine was asked for. A request whose worker is lost (it ended, or was taken for dead) is asked
// again of the next worker once the engine is back, with no input changed (once: a request running
// when a second worker is lost answers with the reason, as it may be what ends them).
// A request with options.channel supersedes every earlier unanswered request on that channel: the
// older one answers {superseded: true} at once, and the worker skips it if it has not started it,
// so the latest inputs never queue behind stale ones.
//
// The engine always ends in an answer or an error with its reason, never a silent wait. A watchdog
// runs while anything waits on the worker (its boot, or a request) and judges it by progress, not by
// the clock: the worker says each boot step and beats each second from its first line (through
// Python's start too), and one that says nothing for SILENCE_MS (engine-watchdog.js) is stopped and
// the engine fails with the reason; a boot that keeps beating is never discarded, however long it
// takes. The worker reports a failed download or a damaged file itself
// ("failed", in fault-words.js's words), and a script that does not load fires "error": the page then
// checks the worker's imports against the build (scriptFault) to name the file. A worker that ends
// (terminated, crashed, out of memory) frees the Web Lock it holds for its life: the engine is lost,
// said as such at once, never taken for a slow request; widgets ask again once it is back.
// A failed engine tries again by itself after RETRY_DELAYS_MS (bounded: a fault that lasts is not
// hammered), or sooner: while it waits, a file the server did not give (an HTTP error, a lost
// download) is asked for each PROBE_EVERY_MS with a bodiless HEAD request, and the try starts as
// soon as the server answers for it. It tries at once when the service worker takes control of the
// page, when the network returns (offline.js and the `online` event call retry()), and when the
// reader presses a widget's "Try again": each may mean the fault is gone, so the back-off begins
// anew.
//
// Its parts: engine-worker.js starts or adopts the worker, names a script that did not load and holds
// the life lock; engine-watchdog.js is the watchdog; engine-requests.js keeps the requests and their
// ids. The Engine here ties them: its state, its failures and the tries again.

import { isAnswer } from "../shared/protocol.js";
import { EngineWorker } from "./engine-worker.js";
import { Watchdog } from "./engine-watchdog.js";
import { RequestLedger } from "./engine-requests.js";

export const RETRY_DELAYS_MS = Object.freeze([1000, 3000, 9000]);
export const PROBE_EVERY_MS = 1000;

// The build this document is of (scripts/build/build_stamp.py): an engine of another build is not used.
export const PAGE_BUILD = document.querySelector('meta[name="rules-build"]')?.getAttribute("content") || null;

export class Engine {
  constructor() {
    this.starts = 0;
    this.state = "loading";
    this.answered = false;
    this.bootMs = null;
    this.error = null;
    this.listeners = new Set();
    // The worker, started at once (getEngine); its events come to receive() and fail().
    this.host = new EngineWorker({ receive: (data) => this.receive(data), fail: (detail, file) => this.fail(detail, { file }) });
    this.ledger = new RequestLedger((message) => this.worker?.postMessage(message));
    this.watchdog = new Watchdog(this);
    this.failures = 0; // failed starts since the last start the reader, the network or the service worker asked for
    /** @type {number | undefined} */
    this.retryTimer = undefined;
    this.retrying = false; // another automatic try is coming
    this.keeping = false; // a lost worker's requests, and those asked while its successor is awaited, wait for it
    this.storageFull = false; // the memory snapshot did not fit: every visit starts afresh
    /** @type {string | null} */
    this.snapshotSaved = null; // "saved" | "storage-full" | "failed" once the worker reports its save
    addEventListener("online", () => this.retry());
  }

  /** The worker of the moment. */
  get worker() {
    return this.host.worker;
  }

  /** Nothing asked is still unanswered. */
  get idle() {
    return this.ledger.idle;
  }

  /** The request the worker said it started and has not answered. */
  get running() {
    return this.ledger.running;
  }

  /** Requests posted to a worker (again after a restart). */
  get sent() {
    return this.ledger.sent;
  }

  start() {
    this.starts += 1;
    performance.mark("rules:engine-start"); // the benchmark reads these marks
    this.state = "loading";
    this.error = null;
    this.watchdog.booting();
    clearTimeout(this.retryTimer);
    this.retrying = false;
    this.keeping = false;
    const replayEarly = this.host.start(this.starts === 1); // the first worker may have been started by the page's head
    this.ledger.resend();
    this.notify();
    replayEarly();
    this.watchdog.keep();
  }

  /** Start again at once after a failed start (a no-op otherwise): the fault may be gone, so the back-off begins anew. */
  retry() {
    if (this.state !== "error" || this.otherBuild) return; // another build's worker would come back: reload instead
    this.failures = 0;
    this.start();
  }

  /** While the automatic try after failure number `failure` waits: start it once the server answers for `file`. */
  probe(file, failure) {
    const waiting = () => this.state === "error" && this.retrying && this.failures === failure;
    const ask = () =>
      fetch(file, { method: "HEAD", cache: "no-store" })
        .then((response) => response.ok, () => false)
        .then((back) => waiting() && (back ? this.start() : setTimeout(ask, PROBE_EVERY_MS)));
    setTimeout(ask, PROBE_EVERY_MS);
  }

  /** Subscribe to state changes; returns the unsubscribe function. */
  watch(listener) {
    this.listeners.add(listener);
    listener(this.state, this.error);
    return () => this.listeners.delete(listener);
  }

  notify() {
    for (const listener of this.listeners) listener(this.state, this.error);
    dispatchEvent(new Event("rules-engine-state")); // for the offline badge
  }

  /**
   * The worker is of no more use: stop it, answer what waits with the reason, try again later (bounded).
   * @param {string} detail @param {{final?: boolean, file?: string | null}} [options]
   */
  fail(detail, { final = false, file = null } = {}) {
    if (this.state === "error") return;
    const starting = this.state === "loading";
    this.host.stop();
    this.state = "error";
    this.failures += 1;
    const delay = final ? undefined : RETRY_DELAYS_MS[this.failures - 1];
    this.retrying = delay !== undefined;
    if (this.retrying) this.retryTimer = setTimeout(() => this.state === "error" && this.start(), delay);
    if (this.retrying && typeof file === "string") this.probe(file, this.failures);
    const next = final ? "" : delay === undefined
      ? "; check the connection, then press “Try again” or reload the page"
      : `; it tries again in ${delay / 1000} s by itself (or press “Try again”)`;
    this.error = `the rules engine ${starting ? "could not start" : "stopped"} (${detail})${next}`;
    this.keeping = !starting && this.retrying;
    if (this.keeping) this.ledger.keepFor(this.error); // asked again of the next worker (resend)
    else this.ledger.failAll(this.error);
    this.watchdog.keep();
    this.notify();
  }

  receive(data) {
    this.watchdog.hear(data);
    if (data && (data.type === "beat" || data.type === "step")) return;
    if (data && data.type === "alive" && typeof data.lock === "string") return this.host.watchLife(this.worker, data.lock);
    if (data && data.type === "later-step") return void (this.timeline = { ...this.timeline, [data.step]: data.at });
    if (data && data.type === "snapshot-saved") {
      this.snapshotSaved = data.outcome;
      this.snapshot = { ms: data.ms, bytes: data.bytes }; // what making it cost
      this.storageFull = data.outcome === "storage-full";
      return void (this.storageFull && dispatchEvent(new Event("rules-engine-storage-full"))); // offline.js says it
    }
    if (data && data.type === "ready") {
      if (PAGE_BUILD && data.build && data.build !== PAGE_BUILD) {
        // The site was updated between this page's load and the worker's (a deploy during a visit, or
        // another tab took the update): never answer this page with another build's rules.
        this.otherBuild = data.build;
        dispatchEvent(new Event("rules-engine-other-build")); // offline.js offers the reload
        return this.fail("the site was updated since this page was loaded: reload the page for the new rules", { final: true });
      }
      this.state = "ready";
      this.failures = 0;
      performance.mark("rules:engine-ready");
      this.bootMs = data.ms;
      this.bootFrom = data.from; // "snapshot" or "fresh"
      this.timeline = data.timeline; // the worker's boot steps (the benchmark reads them)
      this.snapshotRefused = data.snapshotRefused ?? null; // why a restore was refused after its check (a wrong self-test)
      this.notify();
      // "Available offline" waits for a first live answer, and widgets ask only once opened (and may
      // ask what gets a field error): the engine asks rules_core one small real question of its
      // own, run after every request already sent.
      if (!this.answered) this.request("describe", "dice/unopposed", {}, { channel: "engine:first-answer" });
      this.watchdog.keep(); // from now on only while a request waits
      return;
    }
    if (data && data.type === "failed") return this.fail(data.error || "unknown failure", { file: data.file });
    const item = this.ledger.receive(data); // a started request is marked running
    if (!item) return;
    if (isAnswer(data) && !data.error && !this.answered) {
      this.answered = true;
      dispatchEvent(new Event("rules-engine-answered"));
    }
    this.ledger.settle(item, isAnswer(data) ? data : { superseded: true });
    this.watchdog.keep();
    if (this.idle) dispatchEvent(new Event("rules-engine-idle")); // main.js runs its deferred page work then
  }

  /** One request; always resolves, to {result}, {error, field} or {superseded: true}. */
  request(type, resolver, inputs, options = {}) {
    return new Promise((resolve) => {
      // A lost worker's successor is coming: what is asked meanwhile waits for it, as what was asked before does.
      if (this.state === "error" && !this.keeping) return resolve({ error: this.error, field: null });
      const channel = typeof options.channel === "string" ? options.channel : undefined;
      this.ledger.add(type, resolver, inputs, channel, resolve);
      this.watchdog.keep(); // from the moment it is sent: a worker that died idle is found by its life lock, or its silence
    });
  }
}

/** The one engine of this visit, started on first use. */
export function getEngine() {
  if (window.rulesEngine) return window.rulesEngine;
  // Published before it starts: a start whose worker already failed (the head's early start)
  // notifies at once, and listeners of "rules-engine-state" read window.rulesEngine.
  window.rulesEngine = new Engine();
  window.rulesEngine.start();
  return window.rulesEngine;
}
