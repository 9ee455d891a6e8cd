"""Shared set-up for the rules_core tests, in CPython and inside Pyodide.

Hypothesis runs fewer examples inside Pyodide (WebAssembly is slower) and never
has a deadline: the machine is shared and timings vary.
"""

from __future__ import annotations

import sys

from hypothesis import HealthCheck, settings

IN_PYODIDE = sys.platform == "emscripten"

settings.register_profile("cpython", max_examples=60, deadline=None)
settings.register_profile("pyodide", max_examples=12, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("pyodide" if IN_PYODIDE else "cpython")
