// The page side of the engine: one worker per visit, shared by every widget on every page.
//
// The worker lives in module scope (and on window.rulesEngine for tests), so Material's instant
// navigation, which swaps the page but keeps this document, never starts a second one.
// window.rulesEngine.starts counts worker starts; .state is "loading" | "ready" | "error";
// .answered turns true at the first answer of this visit (the offline badge waits for it).
// Events on window: "rules-engine-state", "rules-engine-answered", "rules-engine-idle" (an answer
// left nothing to ask).
//
// Requests go to the worker as soon as they are made, before it is ready too (it keeps them until
// it is): no answer waits for the page's main thread to pass the next request along, which on a
// phone is busy for seconds while a long page loads. The worker runs them one at a time, oldest
// first, and says when it starts each; the TIMEOUT_MS cut is armed then, so it measures running
// time, never time spent waiting behind other requests. A request that runs past TIMEOUT_MS is
// cut: the worker is terminated and started again, the request answers {error, timedOut}, and the
// requests not yet answered are sent to the new worker.
// A request with options.channel supersedes every earlier unanswered request on that channel: the
// older one answers {superseded: true} at once, and the worker skips it if it has not started it,
// so the latest inputs never queue behind stale ones.
// An engine that failed to start tries again when the service worker takes control of the page
// or the network returns (offline.js and the `online` event call retry()).

import { isAnswer, isSkipped, isStarted } from "./protocol.js";

export const TIMEOUT_MS = 2000;
const WORKER_URL = new URL("./worker.js", import.meta.url);
const WHAT_TO_DO = "check the connection, then reload the page (it also retries by itself when the network returns)";

class Engine {
  constructor() {
    this.starts = 0;
    this.state = "loading";
    this.answered = false;
    this.bootMs = null;
    this.error = null;
    this.nextId = 1;
    this.sent = 0; // requests posted to a worker (again after a restart)
    this.unanswered = new Map(); // id -> request posted to the worker and not yet answered by it
    this.running = null; // the request the worker said it started and has not answered
    this.listeners = new Set();
    this.worker = null;
    addEventListener("online", () => this.retry());
  }

  /** Nothing asked is still unanswered. */
  get idle() {
    return this.unanswered.size === 0;
  }

  start() {
    this.starts += 1;
    performance.mark("rules:engine-start"); // the benchmark reads these marks
    this.state = "loading";
    this.error = null;
    this.running = null;
    // The first worker may have been started by the page's head (overrides/main.html).
    const early = this.starts === 1 ? window.rulesEnginePrestart : null;
    this.worker = early ? early.worker : new Worker(WORKER_URL, { type: "module", name: "rules-engine" });
    const onMessage = (event) => this.receive(event.data);
    const onError = (event) => this.fail(event.message || "its script did not load");
    this.worker.addEventListener("message", onMessage);
    this.worker.addEventListener("error", onError);
    // Left unanswered by a worker that was cut: asked again (superseded ones are not).
    for (const [id, item] of this.unanswered) item.settled ? this.unanswered.delete(id) : this.post(item);
    this.notify();
    if (early) {
      this.worker.onmessage = this.worker.onerror = null;
      for (const event of early.queued) (event.type === "message" ? onMessage : onError)(event);
    }
  }

  /** Start again after a failed start (a no-op otherwise). */
  retry() {
    if (this.state !== "error") return;
    this.worker.terminate();
    this.start();
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

  fail(detail) {
    if (this.state === "error") return;
    this.state = "error";
    this.error = `the rules engine could not start (${detail}); ${WHAT_TO_DO}`;
    for (const item of this.unanswered.values()) this.settle(item, { error: this.error, field: null });
    this.unanswered.clear();
    this.running = null;
    this.notify();
  }

  /** Answer a request's promise (once: a superseded request is answered before the worker is done). */
  settle(item, answer) {
    clearTimeout(item.timer);
    if (item.settled) return;
    item.settled = true;
    item.resolve(answer);
  }

  post(item) {
    this.sent += 1;
    this.worker.postMessage(item.message);
  }

  receive(data) {
    if (data && data.type === "ready") {
      this.state = "ready";
      performance.mark("rules:engine-ready");
      this.bootMs = data.ms;
      this.bootFrom = data.from; // "snapshot" or "fresh"
      this.snapshot = { ms: data.snapshotMs, bytes: data.snapshotBytes };
      this.timeline = data.timeline; // the worker's boot steps (the benchmark reads them)
      this.notify();
      // "Available offline" waits for a first live answer, and widgets ask only once opened (and may
      // ask what gets a field error): the engine asks rules_core one small real question of its
      // own, run after every request already sent.
      if (!this.answered) this.request("describe", "dice/unopposed", {}, { channel: "engine:first-answer" });
      return;
    }
    if (data && data.type === "failed") return this.fail(data.error || "unknown failure");
    const item = data && this.unanswered.get(data.id);
    if (!item) return; // a request of a worker since cut
    if (isStarted(data)) {
      this.running = item;
      item.timer = setTimeout(() => this.cut(item), TIMEOUT_MS);
      return;
    }
    if (!isAnswer(data) && !isSkipped(data)) return;
    this.unanswered.delete(data.id);
    if (this.running === item) this.running = null;
    if (isAnswer(data) && !data.error && !this.answered) {
      this.answered = true;
      dispatchEvent(new Event("rules-engine-answered"));
    }
    this.settle(item, isAnswer(data) ? data : { superseded: true });
    if (this.idle) dispatchEvent(new Event("rules-engine-idle")); // main.js runs its deferred page work then
  }

  // A runaway request: stop the worker (the only way to interrupt Python) and start a fresh one,
  // which is sent the requests not yet answered.
  cut(item) {
    if (this.running !== item) return;
    this.unanswered.delete(item.message.id);
    this.worker.terminate();
    const late = `took longer than ${TIMEOUT_MS / 1000} s, so it was stopped and the engine restarted; change an input to try again`;
    this.settle(item, { error: late, field: null, timedOut: true });
    this.start();
  }

  /** One request; always resolves, to {result}, {error, field} or {superseded: true}. */
  request(type, resolver, inputs, options = {}) {
    return new Promise((resolve) => {
      if (this.state === "error") return resolve({ error: this.error, field: null });
      const channel = typeof options.channel === "string" ? options.channel : undefined;
      if (channel !== undefined) {
        for (const older of this.unanswered.values()) if (older.message.channel === channel) this.settle(older, { superseded: true });
      }
      const item = { message: { id: this.nextId++, type, resolver, inputs, channel }, resolve, timer: null, settled: false };
      this.unanswered.set(item.message.id, item);
      this.post(item);
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
