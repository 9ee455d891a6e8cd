"""Build the whole site into site/: the MkDocs pages (hooks included).

The browser side is part of the MkDocs build itself, so `mkdocs build`, `mkdocs serve`,
`scripts/serve` and `scripts/test` all produce the same complete site:
scripts/hooks/resolvers.py (resolver blocks), scripts/hooks/assets.py (calculators/, Pyodide
from node_modules/pyodide, the rules_core wheel from scripts/wheel.py, icons, manifest) and,
last, scripts/hooks/offline.py (/sw.js with the content hash of every built file).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build() -> None:
    # NO_MKDOCS_2_WARNING: silence Material's end-of-life banner on every build.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"], cwd=ROOT, check=True, env=env)


if __name__ == "__main__":
    build()
