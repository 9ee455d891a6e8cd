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

FILE_SECONDS = {
    "tests/site/test_table_use.py": 155,
    "tests/test_pyodide_suite.py": 121,
    "tests/site/test_faults.py": 107,
    "tests/site/test_at_the_table.py": 103,
    "tests/site/test_offline.py": 100,
    "tests/site/test_fleet.py": 96,
    "tests/site/test_zensical.py": 90,
    "tests/site/test_accessibility.py": 80,
    "tests/site/test_search.py": 60,
    "tests/site/test_crafted_links.py": 51,
    "tests/site/test_integrity.py": 48,
    "tests/site/test_widget_table.py": 48,
    "tests/site/test_terms.py": 46,
    "tests/site/test_csp.py": 46,
    "tests/site/test_runtime.py": 45,
    "tests/site/test_widgets.py": 42,
    "tests/site/test_pages.py": 35,
    "tests/site/test_serve.py": 30,
    "tests/site/test_boarding_widget.py": 22,
    "tests/site/test_version_diff_page.py": 17,
    "tests/model/test_rules_versions.py": 15,
    "tests/site/test_jovian_widgets.py": 14,
    "tests/test_types.py": 13,
    "tests/site/test_typed_dice.py": 13,
    "tests/site/test_gaps.py": 13,
    "tests/rules_core/test_odds_oracle.py": 12,
    "tests/rules_core/test_flex_purpose.py": 12,
    "tests/test_js_types.py": 11,
    "tests/site/test_war_galley_widget.py": 10,
    "tests/test_trimmed_stdlib.py": 10,
    "tests/site/test_subpath.py": 9,
    "tests/site/test_dogfight_widget.py": 8,
    "tests/site/test_galley_roll_for_me.py": 6,
}
"""Seconds each file takes, alone in one worker on the 2-core machine under the load of other work
(pytest --durations=0, summed per file; measured 2026-11-26). Only the order uses them: re-measure a
file when it grows or shrinks by much, and add a new file that takes more than a few seconds."""
BROWSER_TESTS = "tests/site/"
NEW_BROWSER_FILE_SECONDS = 30
"""A browser file missing from FILE_SECONDS: most take tens of seconds (a model test file, one or two)."""


def file_seconds(item: pytest.Item) -> float:
    path = item.nodeid.partition("::")[0]
    if path in FILE_SECONDS:
        return FILE_SECONDS[path]
    return NEW_BROWSER_FILE_SECONDS if path.startswith(BROWSER_TESTS) else 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Longest files first, so that with two workers (scripts/test: whole files each, in this order,
    --no-loadscope-reorder) each worker takes the longest file left whenever it is free, and the many
    short model tests fill the gaps at the end: both finish within a few seconds of each other instead
    of one long file trailing while the other worker idles. (xdist's own order, by number of tests,
    put the one-test Pyodide suite last; an order by kind only put the 2-minute Zensical file, last
    of the browser files by name, near the end.)"""
    items.sort(key=lambda item: -file_seconds(item))  # stable: each file keeps its tests' order
