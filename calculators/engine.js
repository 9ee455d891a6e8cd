// The page side of the engine: one worker per visit, shared by every widget on every page.
//
// The worker lives in module scope (and on window.rulesEngine for tests), so Material's instant
// navigation, which swaps the page but keeps this document, never starts a second one.
// window.rulesEngine.starts counts worker starts; .state is "loading" | "ready" | "error";
// .answered turns true at the first answer of this visit (the offline badge waits for it).
// Events on window: "rules-engine-state", "rules-engine-answered", "rules-engine-idle" (an answer
// left nothing to ask).
//
// One request at a time: the worker gets the next request only when the last one has answered,
// so the TIMEOUT_MS cut measures running time, never time spent waiting behind other requests.
// A request that runs past TIMEOUT_MS is cut: the worker is terminated and started again, the
// request answers {error, timedOut}, and the requests still waiting run on the new worker.
// A request with options.channel supersedes every waiting request on that channel: the older
// one answers {superseded: true} at once, so the latest inputs never queue behind stale ones.
// An engine that failed to start tries again when the service worker takes control of the page
// or the network returns (offline.js and the `online` event call retry()).

import { isAnswer } from "./protocol.js";

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
    this.sent = 0; // requests sent to the worker (superseded ones never are)
    this.waiting = []; // requests not yet sent, oldest first
    this.running = null; // the one request the worker is working on
    this.listeners = new Set();
    this.worker = null;
    addEventListener("online", () => this.retry());
  }

  start() {
    this.starts += 1;
    performance.mark("rules:engine-start"); // the benchmark reads these marks
    this.state = "loading";
    this.error = null;
    // The first worker may have been started by the page's head (scripts/hooks/offline.py PRESTART).
    const early = this.starts === 1 ? window.rulesEnginePrestart : null;
    this.worker = early ? early.worker : new Worker(WORKER_URL, { type: "module", name: "rules-engine" });
    const onMessage = (event) => this.receive(event.data);
    const onError = (event) => this.fail(event.message || "its script did not load");
    this.worker.addEventListener("message", onMessage);
    this.worker.addEventListener("error", onError);
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
    for (const item of this.waiting.concat(this.running ?? [])) this.settle(item, { error: this.error, field: null });
    this.waiting = [];
    this.running = null;
    this.notify();
  }

  settle(item, answer) {
    clearTimeout(item.timer);
    item.resolve(answer);
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
      // "Available offline" waits for a first live answer, and widgets ask only once opened: so the
      // engine asks rules_core one small real question of its own (the answer itself is unused).
      if (!this.answered) this.request("describe", "dice/unopposed", {}, { channel: "engine:first-answer" });
      this.pump();
      return;
    }
    if (data && data.type === "failed") return this.fail(data.error || "unknown failure");
    if (!isAnswer(data) || !this.running || this.running.message.id !== data.id) return;
    const item = this.running;
    this.running = null;
    if (!this.answered && !data.error) {
      this.answered = true;
      dispatchEvent(new Event("rules-engine-answered"));
    }
    this.settle(item, data);
    this.pump();
    if (!this.running) dispatchEvent(new Event("rules-engine-idle")); // main.js runs its deferred page work then
  }

  /** Send the oldest waiting request if the worker is ready and idle. */
  pump() {
    if (this.state !== "ready" || this.running || !this.waiting.length) return;
    const item = this.waiting.shift();
    this.running = item;
    item.timer = setTimeout(() => this.cut(item), TIMEOUT_MS);
    this.sent += 1;
    this.worker.postMessage(item.message);
  }

  // A runaway request: stop the worker (the only way to interrupt Python), start a fresh one;
  // the requests still waiting are sent to it once it is ready.
  cut(item) {
    if (this.running !== item) return;
    this.running = null;
    this.worker.terminate();
    const late = `took longer than ${TIMEOUT_MS / 1000} s, so it was stopped and the engine restarted; change an input to try again`;
    this.settle(item, { error: late, field: null, timedOut: true });
    this.start();
  }

  /** One request; always resolves, to {result}, {error, field} or {superseded: true}. */
  request(type, resolver, inputs, options = {}) {
    return new Promise((resolve) => {
      if (this.state === "error") return resolve({ error: this.error, field: null });
      const channel = typeof options.channel === "string" ? options.channel : null;
      if (channel !== null) {
        for (const older of this.waiting.filter((item) => item.channel === channel)) this.settle(older, { superseded: true });
        this.waiting = this.waiting.filter((item) => item.channel !== channel);
      }
      this.waiting.push({ message: { id: this.nextId++, type, resolver, inputs }, channel, resolve, timer: null });
      this.pump();
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
