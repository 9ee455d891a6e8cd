"""Shared paths for every test family."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.timing import FACTOR

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
DOCS = ROOT / "docs"
SOURCES = ROOT / "sources"

# scripts/ holds the build hooks and the importer; tests import them as modules.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

LONG_SINGLE_TESTS = ("tests/test_pyodide_suite.py", "tests/test_types.py")
"""Files of one or two long tests (the Pyodide suite, mypy): run first."""
BROWSER_TESTS = "tests/site/"
"""Files that drive Chromium: each takes far longer than a file of model tests, so they come next."""


def cost_rank(item: pytest.Item) -> int:
    """0 for the long single tests, 1 for a browser file, 2 for the many short model tests."""
    if item.nodeid.startswith(LONG_SINGLE_TESTS):
        return 0
    return 1 if item.nodeid.startswith(BROWSER_TESTS) else 2


@pytest.hookimpl(tryfirst=True)  # before pytest-timeout reads it
def pytest_configure(config: pytest.Config) -> None:
    """pyproject.toml's per-test timeout (a hang's deadline, in a quiet machine's seconds) times TEST_TIME_FACTOR
    (tests/timing.py), unless --timeout or PYTEST_TIMEOUT names one. (xdist's workers get the scaled value; the
    Pyodide run of tests/rules_core has no pytest-timeout.)"""
    if not config.pluginmanager.has_plugin("timeout"):
        return
    if config.getoption("timeout", None) is None and "PYTEST_TIMEOUT" not in os.environ and config.getini("timeout"):
        config.option.timeout = float(config.getini("timeout")) * FACTOR


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that drives Chromium (it asks for Playwright's driver, the `playwright` fixture, itself or through
    `browser`, `page`, `context` or a profile on disk) is marked `browser`, so `-m "not browser"` (scripts/test
    --fast) never starts one.

    Longest files first, so that with two workers (scripts/test: whole files each, in this order,
    --no-loadscope-reorder) the short model tests fill the gaps at the end instead of one long file
    trailing while the other worker idles. (xdist's own order, by number of tests, put the one-test
    Pyodide suite last.)"""
    for item in items:
        if "playwright" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
    items.sort(key=cost_rank)  # stable: each class keeps its collection order
