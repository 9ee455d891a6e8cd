"""rules_core stays clean under `mypy --strict`, scripts/ under mypy (config: pyproject.toml [tool.mypy]).

Runs mypy as a subprocess of this interpreter (CPython only: it sits outside tests/rules_core, which
the Pyodide suite re-runs). The check fails on any error, an unused `# type: ignore` included.
scripts/ is checked with strict's flags except those that demand annotations everywhere (pyproject's
override for scripts.*): what is annotated must hold, and every function body is checked.
"""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT
from tests.timing import seconds


def mypy(*arguments: str) -> str:
    """Run mypy on `arguments`; return its report, failing the test on any error."""
    command = [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", os.devnull, *arguments]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=seconds(240))
    report = done.stdout + done.stderr
    assert done.returncode == 0, f"mypy {' '.join(arguments)} failed:\n{report}"
    assert "Success: no issues found" in report, report
    return report


def test_rules_core_passes_mypy_strict() -> None:
    mypy("--strict", "rules_core")


def test_scripts_pass_mypy() -> None:
    """Assert the build hooks, the importer, the servers and the benchmarks type-check, every file of them."""
    report = mypy("scripts")
    checked = int(report.rsplit(" in ", 1)[1].split()[0])
    assert checked == len(list((ROOT / "scripts").rglob("*.py"))), report
