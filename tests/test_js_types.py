"""The browser scripts type-check: `tsc --noEmit` over calculators/*.js from their JSDoc types.

CPython only, like tests/test_types.py. TypeScript is a pinned npm dev dependency (package.json,
installed from the lock by scripts/setup), so nothing is fetched at test time. Three configurations,
one per global scope the scripts run in: tsconfig.json the page (DOM), tsconfig.worker.json the
engine's module worker, tsconfig.sw.json the service worker (a classic script after precache.js).
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.conftest import ROOT
from tests.timing import seconds

TSC = ROOT / "node_modules" / "typescript" / "bin" / "tsc"
CONFIGS = ["tsconfig.json", "tsconfig.worker.json", "tsconfig.sw.json"]


@pytest.mark.parametrize("config", CONFIGS)
def test_the_browser_scripts_type_check(config: str) -> None:
    node = shutil.which("node")
    assert node, "node is not on PATH"
    assert TSC.is_file(), f"{TSC.relative_to(ROOT)} is missing: run scripts/setup (npm ci installs the pinned typescript)"
    done = subprocess.run([node, str(TSC), "--noEmit", "-p", config], cwd=ROOT, capture_output=True, text=True, timeout=seconds(300))
    report = done.stdout + done.stderr
    assert done.returncode == 0 and not report.strip(), f"tsc -p {config} failed:\n{report}"


def test_every_script_is_checked() -> None:
    """Assert the three configurations between them cover every file of calculators/ that is JavaScript."""
    listed: set[str] = set()
    for config in CONFIGS:
        done = subprocess.run([shutil.which("node") or "node", str(TSC), "--listFilesOnly", "-p", config], cwd=ROOT, capture_output=True, text=True, timeout=seconds(300))
        assert done.returncode == 0, done.stdout + done.stderr
        listed |= {line.strip() for line in done.stdout.splitlines()}
    scripts = {str(path) for path in (ROOT / "calculators").glob("*.js")}
    assert scripts - listed == set(), f"not type-checked: {sorted(scripts - listed)}"


def test_the_page_preloads_its_whole_module_graph() -> None:
    """Assert overrides/main.html preloads exactly main.js and what it imports statically, at any depth (a module
    missing from the list is found only once its importer runs: a round trip more before the first answer)."""
    listed = re.search(r"for module in \[([^\]]*)\]", (ROOT / "overrides" / "main.html").read_text(encoding="utf-8"))
    assert listed, "overrides/main.html has no modulepreload list"
    preloaded = set(re.findall(r"'([\w-]+)'", listed[1]))
    graph: set[str] = set()
    todo = ["main"]
    while todo:
        name = todo.pop()
        if name in graph:
            continue
        graph.add(name)
        text = (ROOT / "calculators" / f"{name}.js").read_text(encoding="utf-8")
        todo += re.findall(r'^import [^;]*? from "\./([\w-]+)\.js";', text, flags=re.M | re.S)
    assert preloaded == graph, f"preloaded but not imported: {sorted(preloaded - graph)}; imported but not preloaded: {sorted(graph - preloaded)}"
