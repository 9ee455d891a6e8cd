"""The Python code passes ruff (config: pyproject.toml [tool.ruff]): pyflakes, pycodestyle, bugbear; and no unit of the code
is too long to read whole: a Python function over 60 lines, a JavaScript class over 200 (issue 35).

CPython only, like tests/test_types.py: ruff runs as a subprocess over the whole repository (what git
ignores, such as site/ and .venv/, left out).
"""

from __future__ import annotations

import ast
import re
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


MAX_FUNCTION_LINES = 60
MAX_CLASS_LINES = 200


def test_no_python_function_outside_the_tests_is_over_60_lines() -> None:
    """Assert every function of rules_core, scripts and the worker's Python half fits in MAX_FUNCTION_LINES (a longer
    one does more than one thing: split it along what it does)."""
    long = []
    for path in sorted(p for folder in ("rules_core", "scripts", "calculators") for p in (ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}: {lines} lines")
    assert not long, "\n".join(long)


def test_no_javascript_class_is_over_200_lines() -> None:
    """Assert every class of calculators/ fits in MAX_CLASS_LINES: from its `class` line to the closing brace at the
    class line's own indentation (the code is formatted: a class's last line is its brace, where it began)."""
    long = []
    for path in sorted((ROOT / "calculators").rglob("*.js")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for start, line in enumerate(lines):
            opened = re.match(r"(\s*)(?:export\s+)?class\s+(\w+)", line)
            if not opened:
                continue
            indent, name = opened.groups()
            end = next(i for i in range(start + 1, len(lines)) if lines[i] == f"{indent}}}" or lines[i].startswith(f"{indent}}};"))
            if end - start + 1 > MAX_CLASS_LINES:
                long.append(f"{path.relative_to(ROOT)}:{start + 1} {name}: {end - start + 1} lines")
    assert not long, "\n".join(long)
