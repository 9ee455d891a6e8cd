"""Finishing step: put the browser side into the built site (calculators, Pyodide, the wheel, icons).

Run by scripts/build_site.py after the site generator (MkDocs or Zensical) and before the service
worker is written (scripts/build/offline.py), which hashes all of it. Writes into the site folder:

    assets/calculators/*/*    calculators/ as written, folder by runtime: page/ (its styles), worker/ (the engine
                              worker, bridge.py), shared/ (the protocol, the precache); not service-worker/,
                              which offline.py writes into /sw.js
    assets/calculators/page/main.js   the page's modules joined into one (scripts/build/bundle.py)
    assets/calculators/worker/build-info.js   the wheel's file name and the engine files' revisions, for the worker
    assets/pyodide/*          the pinned npm pyodide package: runtime, lock file, and its stdlib zip trimmed
                              to the files the engine imports (scripts/build/stdlib.py)
    assets/pyodide/rules_core-<version>-py3-none-any.whl   built from rules_core/ (deterministic)
    assets/icons/icon-192.png, icon-512.png, manifest.webmanifest

The pages link the manifest and carry the theme colour through overrides/main.html.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path

from scripts.build.build_error import BuildError
from scripts.build.build_stamp import BUILD_INFO, PLACEHOLDER
from scripts.build.bundle import PAGE_SCRIPT, page_bundle
from scripts.build.stdlib import trimmed_stdlib
from scripts.build.icons import THEME, png
from scripts.build.wheel import build_wheel

ROOT = Path(__file__).resolve().parent.parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
CALCULATORS = ROOT / "calculators"
SERVICE_WORKER = CALCULATORS / "service-worker"
"""Not copied: scripts/build/offline.py writes its script into /sw.js, the one URL a service worker may have."""
PAGE_MODULES = CALCULATORS / "page"
"""Its scripts are not copied: the page loads them joined into one (scripts/build/bundle.py); its styles are."""
BRIDGE = "assets/calculators/worker/bridge.py"
WORKER_MODULES = ("worker", "shared")
"""The folders of calculators/ the engine worker loads its modules from."""
THEME_COLOUR = "#{:02x}{:02x}{:02x}".format(*THEME)


def content_revision(data: bytes) -> str:
    """A file's revision in the precache: a hash of its bytes (scripts/build/offline.py)."""
    return hashlib.sha256(data).hexdigest()[:16]


def manifest(site_name: str) -> str:
    """The web app manifest: start at the site root, standalone, the theme colour, two icons."""
    return json.dumps(
        {
            "name": site_name,
            "short_name": "Rules",
            "start_url": "../../",
            "scope": "../../",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": THEME_COLOUR,
            "icons": [
                {"src": f"icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
                for size in (192, 512)
            ],
        },
        indent=2,
    )


def _write(site_dir: Path, name: str, data: bytes) -> None:
    path = site_dir / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def add_assets(site_dir: Path, site_name: str) -> None:
    """Write every browser-side file into the built site_dir."""
    missing = [name for name in PYODIDE_FILES if not (PYODIDE / name).is_file()]
    if missing:
        raise BuildError(f"node_modules/pyodide lacks {', '.join(missing)}: run scripts/setup (npm ci)")
    # The engine worker reads these through the precache, so it needs their revisions too.
    engine_files: dict[str, bytes] = {}
    for path in sorted(CALCULATORS.rglob("*")):
        if path.is_file() and SERVICE_WORKER not in path.parents and not (path.parent == PAGE_MODULES and path.suffix == ".js"):
            _write(site_dir, f"assets/calculators/{path.relative_to(CALCULATORS).as_posix()}", path.read_bytes())
    _write(site_dir, PAGE_SCRIPT, page_bundle())
    engine_files[BRIDGE] = (site_dir / BRIDGE).read_bytes()
    # The worker's own modules: a script of it that does not load is checked against these (engine-worker.js).
    worker_scripts = ["assets/pyodide/pyodide.mjs", *(f"assets/calculators/{path.relative_to(CALCULATORS).as_posix()}"
                                                       for folder in WORKER_MODULES for path in sorted((CALCULATORS / folder).glob("*.js")))]
    for name in worker_scripts[1:]:
        engine_files[name] = (site_dir / name).read_bytes()
    for name in PYODIDE_FILES:
        data = trimmed_stdlib(PYODIDE / name) if name == "python_stdlib.zip" else (PYODIDE / name).read_bytes()
        _write(site_dir, f"assets/pyodide/{name}", data)
        engine_files[f"assets/pyodide/{name}"] = data
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(Path(tmp))
        data = wheel.read_bytes()
    _write(site_dir, f"assets/pyodide/{wheel.name}", data)
    engine_files[f"assets/pyodide/{wheel.name}"] = data
    revisions = {name: content_revision(content) for name, content in engine_files.items()}
    info = (
        "// Written by scripts/build/assets.py at build time.\n"
        f'export const WHEEL = "{wheel.name}";\n'
        "// The build's stamp (scripts/build/build_stamp.py writes it over the placeholder).\n"
        f'export const BUILD = "{PLACEHOLDER}";\n'
        "// Content revisions of the files the engine reads (precache keys; the snapshot key) and of its scripts.\n"
        f"export const REVISIONS = {json.dumps(revisions, indent=2)};\n"
        "// The worker's scripts, in the order a script that did not load is looked for (the page, engine-worker.js).\n"
        f"export const WORKER_SCRIPTS = {json.dumps(worker_scripts, indent=2)};\n"
    )
    _write(site_dir, BUILD_INFO, info.encode())
    for size in (192, 512):
        _write(site_dir, f"assets/icons/icon-{size}.png", png(size))
    _write(site_dir, "assets/icons/manifest.webmanifest", manifest(site_name).encode())
