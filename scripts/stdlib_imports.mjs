// The engine inside Pyodide under Node, booted as the worker boots it (calculators/worker/worker.js: the site's wheel
// unpacked, bridge.py run, every resolver family imported, warm(), a memory snapshot made), then asked every
// resolver's describe, odds and resolve, and bad inputs, through bridge.py's handle, and a Python error raised
// into JS (its traceback is formatted in Python). Prints one JSON object:
//   {"answers": [[kind, resolver, inputs, answer], ...], "used": ["json/__init__.py", ...]}
// "used": every file of the stdlib zip a module now loaded came from, which is what scripts/build/stdlib.py keeps.
//
// Usage: node scripts/stdlib_imports.mjs SITE_DIR [STDLIB_ZIP]
//   SITE_DIR    a built site: its rules_core wheel and bridge.py are the ones run
//   STDLIB_ZIP  the stdlib to run on (default: the npm package's full python_stdlib.zip)
// scripts/build/stdlib.py --derive writes the list from a run on the full zip; tests/test_trimmed_stdlib.py runs
// this on the built site's trimmed zip and compares the answers with CPython's.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

// A failure (a module the zip lacks: ModuleNotFoundError) prints Python's traceback only, not the minified source.
process.on("uncaughtException", (error) => {
  console.error(error && error.message ? error.message : error);
  process.exit(1);
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [siteDir, stdlibZip] = process.argv.slice(2);
if (!siteDir) {
  console.error("usage: node scripts/stdlib_imports.mjs SITE_DIR [STDLIB_ZIP]");
  process.exit(2);
}
const assets = path.resolve(siteDir, "assets");
const wheel = readdirSync(path.join(assets, "pyodide")).find((name) => name.endsWith(".whl"));
const indexURL = path.join(root, "node_modules", "pyodide") + path.sep;
const pyodide = await loadPyodide({
  indexURL,
  stdLibURL: stdlibZip ? path.resolve(stdlibZip) : indexURL + "python_stdlib.zip",
  _makeSnapshot: true,
  stdout: () => {},
  stderr: (text) => console.error(text),
});
pyodide.unpackArchive(new Uint8Array(readFileSync(path.join(assets, "pyodide", wheel))), "wheel");
pyodide.runPython(readFileSync(path.join(assets, "calculators", "worker", "bridge.py"), "utf8"));
pyodide.runPython("import rules_core\nlen(rules_core.REGISTRY)");
pyodide.globals.get("warm")();
pyodide.makeMemorySnapshot();
try {
  pyodide.runPython("raise ValueError('an error raised into JS, as a broken request would')");
} catch {
  // expected: only its formatting's imports matter
}
const report = pyodide.runPython(`
import json, sys
import rules_core

def calls():
    """Every door of every resolver with its defaults (a seed where it rolls), then bad inputs of each kind."""
    for resolver in rules_core.resolver_ids():
        declaration = rules_core.describe(resolver)
        yield "describe", resolver, ""
        yield "describe", resolver, "{}"
        if declaration["has_odds"]:
            yield "odds", resolver, "{}"
        yield "resolve", resolver, '{"seed": 7}' if declaration["has_odds"] else "{}"
        for spec in declaration["inputs"]:
            yield "resolve", resolver, json.dumps({spec["name"]: "x"})
        yield "odds", resolver, "[1"
        yield "resolve", resolver, '{"no_such_input": 1}'
        yield "guess", resolver, "{}"
    yield "odds", "no/such-resolver", "{}"

answers = [[kind, resolver, inputs, json.loads(handle(kind, resolver, inputs))] for kind, resolver, inputs in calls()]
zips = [entry + "/" for entry in sys.path if entry.endswith(".zip")]
used = sorted({file[len(z):] for module in list(sys.modules.values())
               for file in [getattr(module, "__file__", None) or ""] for z in zips if file.startswith(z)})
json.dumps({"answers": answers, "used": used})
`);
process.stdout.write(report + "\n");
