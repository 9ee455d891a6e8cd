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


def chromium_path(*, headless_shell: bool = False) -> str:
    """$CHROMIUM, else Debian's chromium on PATH, or with headless_shell its chromium-headless-shell (the same
    engine, Blink and V8, without the browser's own UI layer: what Playwright itself runs headless tests in). The
    tests take the shell: the suite's time is nearly all Chromium's CPU, and the shell spends about a sixth less of
    it; where it is not installed they run in chromium, only slower. The benchmarks take the browser a phone runs.
    FileNotFoundError saying how to install it when there is no chromium."""
    shell = shutil.which("chromium-headless-shell") if headless_shell else None
    path = os.environ.get("CHROMIUM") or shell or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        raise FileNotFoundError("Debian's chromium is missing: run scripts/setup --browser (apt-get install chromium)")
    return path
