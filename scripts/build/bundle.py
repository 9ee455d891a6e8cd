"""Finishing step, inside scripts/build/assets.py: the page's script as one file.

calculators/page/ holds the page's code as some forty ES modules, each small and typed on its own (tsconfig.json).
A page loading them as they are asks for each one (through the service worker, once it controls the page) and
compiles each; esbuild joins main.js and everything it imports, at any depth (shared/ modules too, and fleet.js,
which main.js imports only on the fleet page), into one module written where main.js was. The code is not
rewritten otherwise (no minifying, no lowering of syntax): a reader's devtools show the modules as written, one
after another. Every URL the code makes from `import.meta.url` stays right, as every one of them is made in a
module of page/, the folder the bundle is written to.

The engine worker and the service worker are not bundled here: the worker's modules are engine files, each checked
against its revision (build-info.js), and the service worker is one file already (scripts/build/offline.py).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from scripts.build.build_error import BuildError

ROOT = Path(__file__).resolve().parent.parent.parent
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
PAGE_ENTRY = ROOT / "calculators" / "page" / "main.js"
PAGE_SCRIPT = "assets/calculators/page/main.js"
"""Where the bundle goes in the site: the one script every page loads (overrides/main.html)."""


def page_bundle(entry: Path = PAGE_ENTRY) -> bytes:
    """`entry` and every module it imports, as one ES module. A BuildError with esbuild's words if it fails or warns
    (an import it cannot find, a name a module does not export)."""
    if not ESBUILD.exists():
        raise BuildError("node_modules/.bin/esbuild is missing: run scripts/setup (npm ci)")
    done = subprocess.run(
        [str(ESBUILD), str(entry), "--bundle", "--format=esm", "--charset=utf8", "--legal-comments=none",
         "--log-level=warning", "--color=false"],
        cwd=ROOT, capture_output=True)
    if done.returncode != 0 or done.stderr.strip():
        raise BuildError(f"esbuild could not join the page's modules: {done.stderr.decode('utf-8', 'replace').strip()}")
    return done.stdout
