"""The browser scripts type-check: `tsc --noEmit` over calculators/*.js from their JSDoc types; and their house: a
folder per runtime, no import circle, and the page's modules all joined into the one script pages load.

CPython only, like tests/test_types.py. TypeScript is a pinned npm dev dependency (package.json,
installed from the lock by scripts/setup), so nothing is fetched at test time. Three configurations,
one per global scope the scripts run in: tsconfig.json the page (DOM), tsconfig.worker.json the
engine's module worker, tsconfig.sw.json the service worker (a classic script after precache.js).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from scripts.build.build_error import BuildError
from scripts.build.bundle import page_bundle
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
    scripts = {str(path) for path in (ROOT / "calculators").rglob("*.js")}
    assert scripts - listed == set(), f"not type-checked: {sorted(scripts - listed)}"


def test_the_pages_one_script_holds_every_module_of_the_page() -> None:
    """Assert the build joins main.js and every module of calculators/page/ into the one script the pages load
    (scripts/build/bundle.py), each under esbuild's comment naming it: a page module that main.js does not reach, at
    any depth, is named (it would be dead code, or a feature the page never loads)."""
    bundle = page_bundle().decode("utf-8")
    joined = set(re.findall(r"^// (calculators/[\w/.-]+\.js)$", bundle, flags=re.M))
    modules = {path.relative_to(ROOT).as_posix() for path in (ROOT / "calculators" / "page").glob("*.js")}
    assert modules - joined == set(), f"not reached from main.js: {sorted(modules - joined)}"
    assert "\nimport " not in bundle and "from \"./" not in bundle  # one module: nothing left to fetch


def test_a_module_the_page_cannot_join_stops_the_build_in_esbuilds_words(tmp_path: Path) -> None:
    """Assert an import esbuild cannot resolve stops the build (a BuildError), saying which file and import."""
    entry = tmp_path / "main.js"
    entry.write_text('import { nothing } from "./missing.js";\nnothing();\n', encoding="utf-8")
    with pytest.raises(BuildError, match=r"Could not resolve \"\./missing\.js\""):
        page_bundle(entry)


RUNTIMES = ("page", "worker", "service-worker")
"""calculators/ has one folder per runtime, plus shared/: what two runtimes load (the message protocol, the precache)."""
STATIC_IMPORT = re.compile(r'^(?:import|export) [^;]*? from "(\.{1,2}/[\w/.-]+)";|\bimport\("(\.{1,2}/[\w/.-]+)"\)(?!\.)', re.M | re.S)
"""A module's own imports: `import … from "./x.js"` and `import("./x.js")`, not a JSDoc type's `import("./x.js").T`."""


def imports_of(module: Path) -> list[Path]:
    """The files a calculators module imports, resolved (the built site mirrors the folders, so the paths are the same)."""
    found = STATIC_IMPORT.findall(module.read_text(encoding="utf-8"))
    return [(module.parent / (static or dynamic)).resolve() for static, dynamic in found]


def test_calculators_has_a_folder_per_runtime_and_each_imports_only_its_own_and_shared() -> None:
    """Assert every script sits in page/, worker/, service-worker/ or shared/, and a runtime's scripts import only their
    own folder, shared/ and what lies outside calculators/ (the vendored Pyodide); shared/ imports only shared/."""
    calculators = ROOT / "calculators"
    assert {path.name for path in calculators.iterdir()} == {*RUNTIMES, "shared"}
    crossing = []
    for module in calculators.rglob("*.js"):
        own = module.relative_to(calculators).parts[0]
        for target in imports_of(module):
            inside = calculators in target.parents
            if inside and target.relative_to(calculators).parts[0] not in {own, "shared"}:
                crossing.append(f"{module.relative_to(ROOT)} imports {target.relative_to(ROOT)}")
    assert crossing == []


def test_the_calculators_import_graph_has_no_circle() -> None:
    """Assert no module of calculators/ imports, at any depth, a module that imports it (a circle makes the order in
    which modules run depend on which one a page loads first)."""
    calculators = ROOT / "calculators"
    graph = {module: [target for target in imports_of(module) if calculators in target.parents]
             for module in calculators.rglob("*.js")}
    done: set[Path] = set()

    def visit(module: Path, trail: tuple[Path, ...]) -> None:
        if module in trail:
            circle = trail[trail.index(module):] + (module,)
            raise AssertionError("import circle: " + " → ".join(path.name for path in circle))
        if module in done:
            return
        for target in graph.get(module, []):
            visit(target, (*trail, module))
        done.add(module)

    for module in graph:
        visit(module, ())
