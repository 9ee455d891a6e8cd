"""Shared paths for every test family."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
DOCS = ROOT / "docs"
SOURCES = ROOT / "sources"

# scripts/ holds the build hooks and the importer; tests import them as modules.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

LONG_SINGLE_TESTS = ("tests/test_pyodide_suite.py", "tests/test_types.py")
"""Files of one or two long tests (the Pyodide suite, mypy): run first, so that with two workers
(scripts/test) they overlap the many short tests rather than trail them."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not item.nodeid.startswith(LONG_SINGLE_TESTS))  # stable: the rest keep their order
