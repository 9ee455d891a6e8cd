"""Offline after one visit: a service worker at the site root that precaches every built file.

Run by scripts/build_site.py as the last finishing step, after the site generator: it lists
every file of the finished build, hashes their contents into one version, and writes
/sw.js: the version and the file list inlined above calculators/service-worker.js. A new build
gives a new version, so the browser installs a new cache whole and drops the old one.
`write_service_worker` is importable so a test can re-run this step on a copy of the site.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

SW_NAME = "sw.js"
TEMPLATE = ROOT / "calculators" / "service-worker.js"
LEFT_OUT = {SW_NAME, ".DS_Store"}
"""Not precached: the service worker itself (the browser fetches it to look for updates)."""


def site_files(site_dir: Path) -> list[str]:
    """Every file of the build as a URL path relative to the site root, sorted."""
    return sorted(
        path.relative_to(site_dir).as_posix()
        for path in site_dir.rglob("*")
        if path.is_file() and path.name not in LEFT_OUT
    )


def build_version(site_dir: Path, files: list[str]) -> str:
    """A content hash of the whole build: names and bytes of every precached file."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((site_dir / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(site_dir: Path) -> str:
    """Write site_dir/sw.js for the files now in site_dir; return the build version."""
    files = site_files(site_dir)
    version = build_version(site_dir, files)
    head = (
        "// Written by scripts/hooks/offline.py: the build version and every file to precache.\n"
        f"const VERSION = {json.dumps(version)};\n"
        f"const PRECACHE = {json.dumps(files, indent=0)};\n"
    )
    (site_dir / SW_NAME).write_text(head + TEMPLATE.read_text(encoding="utf-8"), encoding="utf-8")
    return version
