// The engine's watchdog (engine.js): runs only while something waits on the worker (its boot, or a request). It
// pings the worker, and a worker that says nothing for BOOT_SILENCE_MS while starting (PYTHON_START_SILENCE_MS while
// Python's own start-up holds it without a break), or SILENCE_MS once ready (a running request has its own cut,
// engine-requests.js), or that has not finished starting after BOOT_DEADLINE_MS, is taken for dead: the engine fails
// with the reason. A boot found too slow makes the next allow twice the time (so a slow phone is never locked out).

import { scriptFault } from "./engine-worker.js";

export const SILENCE_MS = 4000;
export const BOOT_SILENCE_MS = 8000;
export const PYTHON_START_SILENCE_MS = 30_000; // Python's start-up: seconds with no break, more on a phone
export const BOOT_DEADLINE_MS = 60_000;
const WATCH_EVERY_MS = 1000;

export class Watchdog {
  /** The watchdog of `engine`, which it pings through its worker and fails when the worker is taken for dead. @param {import("./engine.js").Engine} engine */
  constructor(engine) {
    this.engine = engine;
    /** @type {number | undefined} */
    this.timer = undefined;
    this.heard = 0; // performance.now() of the worker's last message (or of the watch's start)
    this.bootStarted = 0;
    this.pythonStarting = false; // the worker said Python's start-up begins: it is allowed PYTHON_START_SILENCE_MS
    this.slowStarts = 0; // boots in a row the watchdog found too slow: each allows the next twice the time
  }

  /** A worker starts: its boot's allowances count from now. */
  booting() {
    this.bootStarted = this.heard = performance.now();
    this.pythonStarting = false;
  }

  /** The boot's allowances grow with each boot in a row that was too slow. */
  get patience() {
    return 2 ** Math.min(this.slowStarts, 4);
  }

  /** Why the worker is taken for dead now, or null. */
  verdict(now) {
    const engine = this.engine;
    const quiet = now - this.heard;
    if (engine.state === "loading") {
      if (quiet > (this.pythonStarting ? PYTHON_START_SILENCE_MS : BOOT_SILENCE_MS) * this.patience) return `it stopped responding while starting (nothing for ${Math.round(quiet / 1000)} s)`;
      if (now - this.bootStarted > BOOT_DEADLINE_MS * this.patience) return `it did not finish starting within ${(BOOT_DEADLINE_MS * this.patience) / 1000} s`;
      return null;
    }
    // A running request is cut at TIMEOUT_MS (the engine's cut): silence is only a verdict while nothing runs.
    if (engine.state === "ready" && !engine.idle && !engine.running && quiet > SILENCE_MS) return `it stopped responding (nothing for ${Math.round(quiet / 1000)} s)`;
    return null;
  }

  /**
   * Fail the engine for `dead`. A worker that stalls while starting may be running a script of another build, or only
   * part of one (a browser need not report a module it could not run; a script cut short may still run what it
   * holds): which of its scripts is missing or damaged, if one is, is the reason to give.
   * @param {string} dead
   */
  condemn(dead) {
    const engine = this.engine;
    const worker = engine.worker;
    clearInterval(this.timer);
    this.timer = undefined;
    if (engine.state !== "loading") return engine.fail(dead);
    scriptFault().catch(() => null).then((fault) => {
      if (engine.worker !== worker || engine.state !== "loading") return; // a restart or a word since
      if (fault) engine.fail(fault.detail, { file: fault.file });
      else engine.fail(dead, { slow: true });
    });
  }

  /** Watch while something waits on the worker, and only then. */
  keep() {
    const engine = this.engine;
    const waiting = engine.state === "loading" || (engine.state === "ready" && !engine.idle);
    if (!waiting) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    if (this.timer) return;
    this.heard = Math.max(this.heard, performance.now() - WATCH_EVERY_MS); // an idle spell is no silence
    engine.worker?.postMessage({ type: "ping" });
    this.timer = setInterval(() => {
      const dead = this.verdict(performance.now());
      if (dead) return this.condemn(dead);
      engine.worker?.postMessage({ type: "ping" });
    }, WATCH_EVERY_MS);
  }
}
