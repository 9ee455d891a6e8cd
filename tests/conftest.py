"""Shared paths for every test family."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
DOCS = ROOT / "docs"
SOURCES = ROOT / "sources"

# scripts/ holds the build hooks and the importer; tests import them as modules.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
