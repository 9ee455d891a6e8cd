"""Shared set-up and helpers for the rules_core tests, in CPython and inside Pyodide.

Hypothesis runs fewer examples inside Pyodide (WebAssembly is slower) and never
has a deadline: the machine is shared and timings vary.
"""

from __future__ import annotations

import sys
from fractions import Fraction

from hypothesis import HealthCheck, settings

IN_PYODIDE = sys.platform == "emscripten"

settings.register_profile("cpython", max_examples=60, deadline=None)
settings.register_profile("pyodide", max_examples=12, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("pyodide" if IN_PYODIDE else "cpython")


def rows(chart: dict) -> dict[str, Fraction]:
    """A chart's rows as label -> exact probability (the answer's "p/q" strings read back)."""
    return {row["label"]: Fraction(row["p"]) for row in chart["rows"]}


def chart(answer: dict, which: int | str = 0) -> dict[str, Fraction]:
    """One chart of an odds answer, picked by position or by title, as label -> exact probability."""
    charts = answer["charts"]
    return rows(charts[which] if isinstance(which, int) else next(c for c in charts if c["title"] == which))
