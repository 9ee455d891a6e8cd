"""rules_core imports nothing outside the standard library (DESIGN: it runs unchanged in Pyodide)."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import sys
from pathlib import Path

import rules_core

PACKAGE = Path(rules_core.__file__).parent


def module_names() -> list[str]:
    return ["rules_core"] + [info.name for info in pkgutil.walk_packages([str(PACKAGE)], prefix="rules_core.")]


def test_every_module_imports():
    """Assert every rules_core module imports (and so is in the wheel the browser loads)."""
    for name in module_names():
        importlib.import_module(name)
    assert len(module_names()) > 5


def test_no_import_outside_the_standard_library():
    """Assert every absolute import in every rules_core file is a stdlib module."""
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {name}" for name in names
                          if name.split(".")[0] not in allowed and name.split(".")[0] != "rules_core"]
    assert offenders == []
