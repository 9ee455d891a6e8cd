"""Build the whole site into site/: the MkDocs pages (hooks included).

Later steps (the rules_core wheel, the vendored Pyodide) hook in here so that
`scripts/serve` and `scripts/test` build the same thing.
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
