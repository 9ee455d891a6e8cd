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
    it. The benchmarks take the browser a phone runs. FileNotFoundError saying how to install a missing one."""
    name = "chromium-headless-shell" if headless_shell else "chromium"
    path = os.environ.get("CHROMIUM") or shutil.which(name) or f"/usr/bin/{name}"
    if not Path(path).exists():
        raise FileNotFoundError(f"Debian's {name} is missing: run scripts/setup --browser (apt-get install {name})")
    return path
