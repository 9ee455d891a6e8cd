// The page side of the engine: one worker per visit, shared by every widget on every page.
//
// The worker lives in module scope (and on window.rulesEngine for tests), so Material's instant
// navigation, which swaps the page but keeps this document, never starts a second one.
// window.rulesEngine.starts counts worker starts; .state is "loading" | "ready" | "error".
// A request that runs past TIMEOUT_MS is cut: the worker is terminated and started again,
// and the request answers {error} saying so.

import { isAnswer } from "./protocol.js";

export const TIMEOUT_MS = 2000;
const WORKER_URL = new URL("./worker.js", import.meta.url);

class Engine {
  constructor() {
    this.starts = 0;
    this.state = "loading";
    this.bootMs = null;
    this.error = null;
    this.nextId = 1;
    this.pending = new Map(); // id -> {message, resolve, timer}
    this.queue = []; // messages waiting for the worker to be ready
    this.listeners = new Set();
    this.worker = null;
    this.start();
  }

  start() {
    this.starts += 1;
    this.state = "loading";
    this.worker = new Worker(WORKER_URL, { type: "module", name: "rules-engine" });
    this.worker.addEventListener("message", (event) => this.receive(event.data));
    this.worker.addEventListener("error", (event) => this.fail(`the engine could not start (${event.message || "worker error"})`));
    this.notify();
  }

  /** Subscribe to state changes; returns the unsubscribe function. */
  watch(listener) {
    this.listeners.add(listener);
    listener(this.state);
    return () => this.listeners.delete(listener);
  }

  notify() {
    for (const listener of this.listeners) listener(this.state, this.error);
  }

  fail(message) {
    this.state = "error";
    this.error = message;
    for (const item of [...this.queue, ...this.pending.values()]) item.resolve({ error: message, field: null });
    this.queue = [];
    this.pending.clear();
    this.notify();
  }

  receive(data) {
    if (data && data.type === "ready") {
      this.state = "ready";
      this.bootMs = data.ms;
      this.bootFrom = data.from; // "snapshot" or "fresh"
      this.snapshot = { ms: data.snapshotMs, bytes: data.snapshotBytes };

      const waiting = this.queue;
      this.queue = [];
      waiting.forEach((item) => this.send(item));
      this.notify();
      return;
    }
    if (data && data.type === "failed") return this.fail(`the engine could not start: ${data.error}`);
    if (!isAnswer(data)) return;
    const item = this.pending.get(data.id);
    if (!item) return;
    clearTimeout(item.timer);
    this.pending.delete(data.id);
    item.resolve(data);
  }

  send(item) {
    this.pending.set(item.message.id, item);
    item.timer = setTimeout(() => this.cut(item), TIMEOUT_MS);
    this.worker.postMessage(item.message);
  }

  // A runaway request: stop the worker (the only way to interrupt Python), start a fresh one.
  cut(item) {
    this.worker.terminate();
    for (const other of this.pending.values()) {
      clearTimeout(other.timer);
      const late = other === item ? `took longer than ${TIMEOUT_MS / 1000} s, so the engine was restarted` : "the engine was restarted; try again";
      other.resolve({ error: late, field: null, timedOut: true });
    }
    this.pending.clear();
    this.start();
  }

  /** One request; always resolves, to {result} or {error, field}. */
  request(type, resolver, inputs) {
    return new Promise((resolve) => {
      const item = { message: { id: this.nextId++, type, resolver, inputs }, resolve, timer: null };
      if (this.state === "error") resolve({ error: this.error, field: null });
      else if (this.state === "ready") this.send(item);
      else this.queue.push(item);
    });
  }
}

/** The one engine of this visit, started on first use. */
export function getEngine() {
  if (!window.rulesEngine) window.rulesEngine = new Engine();
  return window.rulesEngine;
}
