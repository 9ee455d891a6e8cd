"""Every time limit of the suite, scaled by one factor: TEST_TIME_FACTOR (default 1; scripts/test sets it
from the machine's load, README "Command line, tests and benchmarks").

The tests wait on events (a DOM state, a worker's message, a response), never for a fixed time. A limit is
only the deadline after which a wait that never ends is called a failure instead of blocking CI, so a busy
machine needs longer deadlines, never different waits: each limit is written as what a quiet machine
needs, through `ms` or `seconds`, and the factor stretches them all alike (pytest's per-test timeout of
pyproject.toml too, tests/conftest.py).
"""

from __future__ import annotations

import os


def time_factor() -> float:
    """TEST_TIME_FACTOR as a number of at least 1 (a machine is never faster than a quiet one)."""
    text = os.environ.get("TEST_TIME_FACTOR", "1")
    try:
        factor = float(text)
    except ValueError:
        raise SystemExit(f"TEST_TIME_FACTOR: {text!r} is not a number (a factor such as 1, 2 or 3.5)") from None
    if not 1 <= factor <= 100:
        raise SystemExit(f"TEST_TIME_FACTOR: {factor:g} is out of range (1 to 100)")
    return factor


FACTOR = time_factor()


def ms(quiet_ms: float) -> int:
    """A limit in milliseconds (Playwright's unit): what a quiet machine needs, times the factor."""
    return round(quiet_ms * FACTOR)


def seconds(quiet_s: float) -> float:
    """A limit in seconds (subprocess, pytest-timeout): what a quiet machine needs, times the factor."""
    return quiet_s * FACTOR
