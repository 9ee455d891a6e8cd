"""A pure function of the page's own modules (calculators/page/*.js), run in Node, for a test that holds it against
rules_core's.

The site ships the page's modules joined into one script (scripts/build/bundle.py), so no page can import one of them
by its URL; Node, the same V8 as the browser's, imports them from calculators/page/ as written. Node is already the
suite's (tsc, the Pyodide run of tests/rules_core).
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess

import rules_core
from tests.conftest import ROOT
from tests.timing import seconds

PAGE_MODULES = ROOT / "calculators" / "page"

RUNNER = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const { source, arg, folder } = JSON.parse(readFileSync(0, "utf8"));
const load = (name) => import(pathToFileURL(`${folder}/${name}.js`).href);
const run = (0, eval)(`(${source})`);
process.stdout.write(JSON.stringify(await run(arg, load)));
"""
"""Reads {source, arg, folder} on stdin; prints the function's answer as JSON."""


def run_page_function(source: str, arg: object = None) -> object:
    """What `source`, a JS function `async (arg, load) => answer`, answers for `arg`: `await load("words")` gives
    calculators/page/words.js's exports. The answer comes back through JSON. AssertionError with Node's words if it
    throws."""
    node = shutil.which("node")
    assert node, "node is not on PATH"
    # --experimental-detect-module: calculators/ has no package.json saying its .js files are ES modules (Node 20).
    done = subprocess.run(
        [node, "--experimental-detect-module", "--no-warnings", "--input-type=module", "-e", RUNNER],
        input=json.dumps({"source": source, "arg": arg, "folder": str(PAGE_MODULES)}),
        capture_output=True, text=True, timeout=seconds(60), cwd=ROOT)
    assert done.returncode == 0, f"node failed:\n{done.stderr}"
    return json.loads(done.stdout)


@functools.cache  # a pure function of the resolver's declaration: one Node run per resolver, not one per test case
def declaration_check(resolver_id: str) -> str:
    """The compact link's key to the resolver's inputs, as the page computes it (fragment.js declarationCheck)."""
    check = run_page_function("""async (specs, load) => (await load("fragment")).declarationCheck(specs)""",
                              rules_core.describe(resolver_id)["inputs"])
    assert isinstance(check, str)
    return check
