// The engine worker's signs of life, judged by the page's watchdog (engine-watchdog.js): by progress, never by the
// clock. Imported first by worker.js, so they begin with its first line.
//
// - its life: a Web Lock held while the worker lives ("alive" names it): the page learns at once that it ended
//   (terminated, crashed, out of memory), at any step, however long the step;
// - its steps: {type: "step", step} as each boot step starts (stepStarts);
// - a heartbeat, {type: "beat", step, done}, each BEAT_EVERY_MS while it has work (rest, wake) and its event loop turns, and from inside a long
//   synchronous wasm call too (Python's start, the imports): the calls Python makes to the file system (the
//   syscalls, JavaScript functions of Pyodide's) beat as they pass (beatingImports). Pure computation in Python (a
//   request, a self-test) calls none: there, only the life lock speaks. `done` counts the work done (steps, bytes
//   read, file-system calls): a worker that beats but does nothing (a script of it cut short, a read that never
//   ends) is told from a slow one.
//
// A test hook, for the tests of the watchdog only: the worker's name, which the page sets to "rules-engine", may
// carry " test:close-at=STEP" (the worker closes itself as STEP starts: a worker lost at that step), " test:hang-at=STEP"
// (its thread is held for ever as STEP starts: a worker stuck there, silent) or " test:late=SECONDS" (each step
// waits SECONDS, beating, before it goes on: a slow but progressing boot). Only a script of the page itself can name a
// worker otherwise; a name of another form is ignored.

export const BEAT_EVERY_MS = 1000;

/** @type {ReturnType<typeof setInterval> | undefined} */
let beating;

const hook = /^rules-engine test:(close-at|hang-at|late)=([a-z-]+|\d+)$/.exec(self.name);

let step = "worker-run";
let lastBeat = -Infinity;
let done = 0; // work done: steps started, downloads' reads, Python's file-system calls
let closed = false; // the test hook closed the worker: it says nothing more (a worker closing ends its task first)

/** Say the worker lives (at most once each BEAT_EVERY_MS / 2, however often called). */
export function beat() {
  const now = performance.now();
  if (closed || now - lastBeat < BEAT_EVERY_MS / 2) return;
  lastBeat = now;
  self.postMessage({ type: "beat", step, done });
}

/** Some work was done (a download's bytes read, say). */
export function progressed() {
  done += 1;
}

/**
 * A boot step starts: the page is told. Returns what the step waits for first: nothing (null), but under the test
 * hook "late" a few seconds of beating wait, under "close-at" for ever (the worker is closing); "hang-at" never returns.
 * @param {string} name @returns {Promise<void> | null}
 */
export function stepStarts(name) {
  if (closed) return new Promise(() => {});
  step = name;
  done += 1;
  self.postMessage({ type: "step", step });
  if (!hook) return null;
  if (hook[1] === "close-at" && hook[2] === name) return (closed = true), self.close(), new Promise(() => {});
  if (hook[1] === "hang-at" && hook[2] === name) for (;;) performance.now();
  if (hook[1] === "late") {
    const working = setInterval(progressed, BEAT_EVERY_MS / 2); // slow, not stuck
    return new Promise((resolve) => setTimeout(() => (clearInterval(working), resolve()), Number(hook[2]) * 1000));
  }
  return null;
}

/**
 * Pyodide's imports for its wasm, with its file-system calls beating as they pass (at most a clock read each, when
 * no beat is due), so a long synchronous call of Python's, which holds the event loop, still says it lives.
 * @template {Record<string, any>} T @param {T} imports @returns {T}
 */
export function beatingImports(imports) {
  const beatingCalls = (functions) =>
    new Proxy(functions, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (typeof value !== "function" || typeof name !== "string" || !/^(__syscall_|fd_)/.test(name)) return value;
        return (...args) => ((done += 1), beat(), value(...args));
      },
    });
  const { env, wasi_snapshot_preview1: wasi } = imports;
  return { ...imports, ...(env && { env: beatingCalls(env) }), ...(wasi && { wasi_snapshot_preview1: beatingCalls(wasi) }) };
}

// The page learns of this worker's end from a Web Lock held for its life (engine-worker.js watchLife).
if (self.navigator.locks) {
  const life = `rules-engine worker ${crypto.randomUUID()}`;
  self.navigator.locks.request(life, () => (self.postMessage({ type: "alive", lock: life }), new Promise(() => {})));
}

/** Nothing is left to do (booted, no request, no work after boot): the beats stop, so an idle engine costs the page
 * no message a second for the rest of the visit. Nothing judges it meanwhile (the watchdog watches only while the
 * page waits on the worker), and its end is still told by its life lock. */
export function rest() {
  clearInterval(beating);
  beating = undefined;
}

/** A message came: the worker has work again, and beats while it has. */
export function wake() {
  if (beating !== undefined) return;
  beating = setInterval(beat, BEAT_EVERY_MS);
  beat();
}

wake(); // the worker's first line: it beats from here
void stepStarts("worker-run");
