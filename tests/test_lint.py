"""The Python code passes ruff (config: pyproject.toml [tool.ruff]): pyflakes, pycodestyle, bugbear.

CPython only, like tests/test_types.py: ruff runs as a subprocess over the whole repository (what git
ignores, such as site/ and .venv/, left out).
"""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT
from tests.timing import seconds


def test_the_code_passes_ruff() -> None:
    command = [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=seconds(120))
    report = done.stdout + done.stderr
    assert done.returncode == 0, f"ruff check failed:\n{report}"
    assert "All checks passed!" in report, report
