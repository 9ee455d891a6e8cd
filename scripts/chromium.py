"""Debian's Chromium as this machine must start it, for the browser tests and the benchmarks alike."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CHROMIUM_FLAGS = [
    "--no-sandbox",  # we run as root
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # Without these Chromium calls home at start and the closed network refuses it.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
]


def chromium_path() -> str:
    """$CHROMIUM, else the chromium on PATH; FileNotFoundError saying how to install it when there is none."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        raise FileNotFoundError("Debian's chromium is missing: run scripts/setup --browser (apt-get install chromium)")
    return path
