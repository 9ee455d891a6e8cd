// The words for the engine's faults, in one place: each file the engine loads named as a reader would
// name it (with its file name, for whoever runs the site), and what is wrong with it. The engine's
// worker and the page (engine.js, offline.js) say a fault only through these.

/** @type {[RegExp, string][]} */
const FILE_WORDS = [
  [/^rules_core-.*\.whl$/, "its rules package"],
  [/^pyodide\.asm\.wasm$/, "its Python interpreter"],
  [/^pyodide\.asm\.mjs$/, "its Python loader"],
  [/^pyodide\.mjs$/, "its Python starter"],
  [/^python_stdlib\.zip$/, "its standard library"],
  [/^pyodide-lock\.json$/, "its package list"],
  [/^bridge\.py$/, "its bridge to the page"],
  [/^build-info\.js$/, "its build list"],
  [/^worker\.js$/, "its worker script"],
  [/^snapshot-store\.js$/, "its saved-start store"],
  [/^progress\.js$/, "its progress reports"],
  [/^precache\.js$/, "its file checker"],
  [/^protocol\.js$/, "its message protocol"],
  [/^fault-words\.js$/, "its fault messages"],
];

/** The file's name: the last part of its URL or path. */
const fileName = (url) => String(url).split("?")[0].split("/").pop() || String(url);

/** "its standard library, python_stdlib.zip": the engine's file in a reader's words, then its name. */
function named(url) {
  const name = fileName(url);
  const words = FILE_WORDS.find(([pattern]) => pattern.test(name));
  return words ? `${words[1]}, ${name},` : name;
}

/** The server answered for the file with an HTTP error (404: it has none). */
export const missingFile = (url, status) =>
  status === 404 ? `${named(url)} is missing on the server (404)` : `${named(url)} could not be downloaded (the server answered HTTP ${status})`;

/** The file's bytes are not this build's (truncated, or another page in its place). */
export const damagedFile = (url) => `${named(url)} is damaged: its contents do not match this build`;

/** The download of the file failed or broke off (the network lost). */
export const unreachableFile = (url, reason) => `${named(url)} could not be downloaded (${reason || "network error"})`;

/** The engine's worker ended while it was wanted (terminated, crashed, out of memory). */
export const LOST_WORKER = "it was lost: its worker ended";

/** The engine worker's boot steps (worker/progress.js) in a reader's words. */
const STEP_WORDS = {
  "worker-run": "loading its scripts",
  downloads: "reading its files",
  compile: "preparing its Python interpreter",
  "python-start": "starting Python",
  install: "installing its rules package",
  "self-test": "checking its saved start",
};

/** A worker that went silent as it started, at its boot step `step` (null: before its first word). @param {string | null} step */
export const stuckWhile = (step) => `it stopped responding while ${(step && STEP_WORDS[step]) || "starting"}`;

/** The service worker's first install refused a file whose bytes are not the build's (a host changed it); `path` is
 * the file's path in the site, whole, as "index.html" alone would not say which page. */
export const changedOnServer = (path) => `Not available offline: the server sent a changed copy of ${path}`;

/** An update's install refused such a file: the rules kept offline are still the earlier build's. */
export const updateChangedOnServer = (path) =>
  `Available offline, without the newest rules: the server sent a changed copy of ${path}`;
