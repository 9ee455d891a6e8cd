"""Put the browser side into the build: the calculators, Pyodide, the rules_core wheel, icons.

Everything is added as MkDocs files (on_files), so `mkdocs build` and `mkdocs serve` produce
the same complete site, and the offline hook (which runs after) hashes all of it.

    assets/calculators/*      calculators/ as written (worker, widget, styles, bridge.py)
    assets/calculators/build-info.js   the wheel's file name, for the worker
    assets/pyodide/*          the pinned npm pyodide package: runtime, stdlib zip, lock file
    assets/pyodide/rules_core-<version>-py3-none-any.whl   built from rules_core/ (deterministic)
    assets/icons/icon-192.png, icon-512.png, manifest.webmanifest
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.icons import THEME, png  # noqa: E402
from scripts.wheel import build_wheel  # noqa: E402

PYODIDE = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
CALCULATORS = ROOT / "calculators"
THEME_COLOUR = "#{:02x}{:02x}{:02x}".format(*THEME)


def content_revision(data: bytes) -> str:
    """A file's revision in the precache: a hash of its bytes (scripts/hooks/offline.py)."""
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


def _add(files: Files, file: File) -> None:
    existing = files.get_file_from_path(file.src_uri)
    if existing is not None:
        files.remove(existing)
    files.append(file)


def on_files(files: Files, *, config: Any) -> Files:
    missing = [name for name in PYODIDE_FILES if not (PYODIDE / name).is_file()]
    if missing:
        raise PluginError(f"node_modules/pyodide lacks {', '.join(missing)}: run scripts/setup (npm ci)")
    # The engine worker reads these through the precache, so it needs their revisions too.
    engine_files: dict[str, bytes] = {}
    for path in sorted(CALCULATORS.iterdir()):
        if path.is_file() and path.name != "service-worker.js":  # written to /sw.js by offline.py
            _add(files, File.generated(config, f"assets/calculators/{path.name}", abs_src_path=str(path)))
    engine_files["assets/calculators/bridge.py"] = (CALCULATORS / "bridge.py").read_bytes()
    for name in PYODIDE_FILES:
        _add(files, File.generated(config, f"assets/pyodide/{name}", abs_src_path=str(PYODIDE / name)))
        engine_files[f"assets/pyodide/{name}"] = (PYODIDE / name).read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(Path(tmp))
        data = wheel.read_bytes()
        _add(files, File.generated(config, f"assets/pyodide/{wheel.name}", content=data))
    engine_files[f"assets/pyodide/{wheel.name}"] = data
    revisions = {name: content_revision(content) for name, content in engine_files.items()}
    info = (
        "// Written by scripts/hooks/assets.py at build time.\n"
        f'export const WHEEL = "{wheel.name}";\n'
        "// Content revisions of the files the engine reads (precache keys; the snapshot key).\n"
        f"export const REVISIONS = {json.dumps(revisions, indent=2)};\n"
    )
    _add(files, File.generated(config, "assets/calculators/build-info.js", content=info))
    for size in (192, 512):
        _add(files, File.generated(config, f"assets/icons/icon-{size}.png", content=png(size)))
    _add(files, File.generated(config, "assets/icons/manifest.webmanifest", content=manifest(config["site_name"])))
    return files
