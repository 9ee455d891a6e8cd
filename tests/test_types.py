"""rules_core stays clean under `mypy --strict` (config: pyproject.toml [tool.mypy]).

Runs mypy as a subprocess of this interpreter (CPython only: it sits outside tests/rules_core, which
the Pyodide suite re-runs). The check fails on any error, an unused `# type: ignore` included.
"""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT


def test_rules_core_passes_mypy_strict() -> None:
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull, "rules_core"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=240)
    report = done.stdout + done.stderr
    assert done.returncode == 0, f"mypy --strict rules_core failed:\n{report}"
    assert "Success: no issues found" in report, report
