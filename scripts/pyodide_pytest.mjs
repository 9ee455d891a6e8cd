// Run the rules_core test suite inside Pyodide under Node (Python 3.14 in WebAssembly).
//
// Usage: node scripts/pyodide_pytest.mjs [pytest args...]   (default: tests/rules_core -q)
// The repository is mounted into Pyodide's file system at its own path (NODEFS), so
// rules_core and the tests are imported from the working tree. pytest, hypothesis and
// their pure-Python dependencies come from wheels scripts/setup downloaded into
// .venv/pyodide-test-wheels: nothing is fetched at test time. Exits with pytest's status.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const wheels = path.join(root, ".venv", "pyodide-test-wheels");
const shared = path.join(path.dirname(root), "shared");

if (!existsSync(wheels) || readdirSync(wheels).filter((n) => n.endsWith(".whl")).length === 0) {
  console.error(`error: no test wheels in ${wheels} (run scripts/setup)`);
  process.exit(2);
}

const started = Date.now();
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules", "pyodide") + path.sep });
const booted = Date.now();

// Mount the work tree (and the shared rule texts some tests read) at their real paths.
for (const dir of [root, shared]) {
  if (!existsSync(dir)) continue;
  pyodide.FS.mkdirTree(dir);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, dir);
}

// Unpack each wheel into site-packages (a wheel is a zip; pure-Python ones need nothing else).
const names = readdirSync(wheels).filter((n) => n.endsWith(".whl")).sort();
for (const name of names) {
  pyodide.FS.writeFile(`/tmp/${name}`, readFileSync(path.join(wheels, name)));
}
pyodide.globals.set("wheel_names", pyodide.toPy(names));
pyodide.runPython(`
import site, zipfile
for name in wheel_names:
    zipfile.ZipFile(f"/tmp/{name}").extractall(site.getsitepackages()[0])
`);

const args = process.argv.slice(2);
pyodide.globals.set("pytest_args", pyodide.toPy(args.length ? args : ["tests/rules_core", "-q"]));
pyodide.globals.set("repo_root", root);
const status = pyodide.runPython(`
import os, sys
sys.dont_write_bytecode = True  # keep Python 3.14 bytecode out of the work tree
os.chdir(repo_root)
sys.path.insert(0, repo_root)
import pytest
int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
console.log(`pyodide: booted in ${((booted - started) / 1000).toFixed(1)} s, ran in ${((Date.now() - booted) / 1000).toFixed(1)} s`);
process.exit(status);
