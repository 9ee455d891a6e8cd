// The engine's watchdog (engine.js): it judges the worker by its signs of life (calculators/worker/progress.js), never
// by how long a boot or a request takes. Runs only while something waits on the worker (its boot, or a request). A
// worker says each boot step as it starts and beats each second from its first line (through Python's start too): one
// that says nothing at all for SILENCE_MS, while it starts or while requests wait on it with none running, is taken
// for dead and the engine fails with the reason; so is a booting worker that beats but does no work (its beats count
// it: steps, bytes read, Python's file-system calls) for STALL_MS (a script of it cut short, a read that never ends).
// A boot that keeps working is never discarded, however long it takes;
// a request the worker runs is never cut (Python computing calls nothing that could beat: the worker's life lock says
// at once that it ended, engine-worker.js). The silence counts only while the page listens: a page held by its own
// work (a long page parsing) does not take the beats it has not yet read for silence.

import { stuckWhile } from "../shared/fault-words.js";
import { scriptFault } from "./engine-worker.js";

export const SILENCE_MS = 6000; // ~6 beats missed; with the check of the worker's scripts, a dead worker is found in < 10 s
export const STALL_MS = 30_000; // beating, no work done: more than any one step the worker cannot count (a compile, a hash)
const WATCH_EVERY_MS = 1000;

export class Watchdog {
  /** The watchdog of `engine`, which it fails when the worker is taken for dead. @param {import("./engine.js").Engine} engine */
  constructor(engine) {
    this.engine = engine;
    /** @type {number | undefined} */
    this.timer = undefined;
    this.heard = 0; // performance.now() of the worker's last message (or of the watch's start)
    this.looked = 0; // performance.now() of the watch's last look
    this.moved = 0; // performance.now() of the worker's last work done (a step, or a beat counting more work)
    this.done = -1; // the work done its last beat counted
    /** @type {string | null} */
    this.step = null; // the boot step the worker last said it started
  }

  /** A worker starts: it has said nothing yet. */
  booting() {
    this.heard = this.moved = performance.now();
    this.step = null;
    this.done = -1;
  }

  /** The worker said something: a sign of life. @param {any} data */
  hear(data) {
    this.heard = performance.now();
    if (data && data.type === "step" && typeof data.step === "string") (this.step = data.step), (this.moved = this.heard);
    if (data && data.type === "beat" && data.done !== this.done) (this.done = data.done), (this.moved = this.heard);
  }

  /** Why the worker is taken for dead now, or null. */
  verdict(now) {
    const engine = this.engine;
    const quiet = now - this.heard;
    if (engine.state === "loading" && now - this.moved > STALL_MS) return `${stuckWhile(this.step)} (no progress for ${Math.round((now - this.moved) / 1000)} s)`;
    if (quiet <= SILENCE_MS) return null;
    if (engine.state === "loading") return `${stuckWhile(this.step)} (nothing for ${Math.round(quiet / 1000)} s)`;
    // A running request is work the worker was asked for: its end, if it ends, is told by its life lock.
    if (engine.state === "ready" && !engine.idle && !engine.running) return `it stopped responding (nothing for ${Math.round(quiet / 1000)} s)`;
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
      else engine.fail(dead);
    });
  }

  /** One look: the time the page itself was held since the last (its timers late) is no silence of the worker's. */
  look() {
    const now = performance.now();
    const held = now - this.looked - WATCH_EVERY_MS;
    if (held > WATCH_EVERY_MS) (this.heard = Math.min(now, this.heard + held)), (this.moved = Math.min(now, this.moved + held));
    this.looked = now;
    const dead = this.verdict(now);
    if (dead) this.condemn(dead);
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
    this.looked = performance.now();
    this.heard = Math.max(this.heard, this.looked - WATCH_EVERY_MS); // an idle spell is no silence
    this.timer = setInterval(() => this.look(), WATCH_EVERY_MS);
  }
}
