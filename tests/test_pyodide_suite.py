"""The tests/rules_core suite, run again inside Pyodide (Python 3.14, WebAssembly) under Node."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.timing import seconds

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "scripts" / "pyodide_pytest.mjs"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (scripts/setup)")
def test_rules_core_suite_passes_inside_pyodide():
    """Assert the same rules_core tests pass in Pyodide, and that a real number of them ran."""
    done = subprocess.run(["node", str(RUNNER), "tests/rules_core", "-q"], cwd=ROOT, capture_output=True,
                          text=True, timeout=seconds(240))
    tail = (done.stdout + done.stderr)[-3000:]
    assert done.returncode == 0, tail
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed and int(passed.group(1)) > 100, tail
    assert not re.search(r"\d+ failed", done.stdout), tail
