// The engine: a module Web Worker running Pyodide and the rules_core wheel, loaded once.
// Everything comes from the site's own files (assets/pyodide/); nothing from a CDN or PyPI.

import { loadPyodide } from "../pyodide/pyodide.mjs";
import { WHEEL } from "./build-info.js";
import { isRequest } from "./protocol.js";

const PYODIDE_DIR = new URL("../pyodide/", import.meta.url).href;

async function boot() {
  const started = performance.now();
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR,
    lockFileURL: PYODIDE_DIR + "pyodide-lock.json",
    packageBaseUrl: PYODIDE_DIR,
    stdLibURL: PYODIDE_DIR + "python_stdlib.zip",
    stdout: () => {},
    stderr: (text) => console.warn(text),
  });
  await pyodide.loadPackage(PYODIDE_DIR + WHEEL, { messageCallback: () => {}, checkIntegrity: false });
  const bridge = await (await fetch(new URL("./bridge.py", import.meta.url))).text();
  pyodide.runPython(bridge);
  const handle = pyodide.globals.get("handle");
  return { handle, ms: performance.now() - started };
}

const engine = boot();

engine.then(
  ({ ms }) => self.postMessage({ type: "ready", ms }),
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
