"""One name for a build, carried by every page and by the engine, so a tab never mixes two builds.

Run by scripts/build_site.py after the other finishing steps that write files, before the service
worker is written. Pages (overrides/main.html: `<meta name="rules-build">`) and
assets/calculators/worker/build-info.js are written with PLACEHOLDER; `stamp_build(site_dir)` hashes every
file of the build as it stands (placeholders included, so the stamp never depends on itself), then
writes the stamp where the placeholder was. Two builds with the same files get the same stamp; any
changed file changes it. The service worker (offline.py) and the engine worker report it, and a
page whose own stamp differs from theirs knows it is of another build (calculators/page/offline.js).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

PLACEHOLDER = "rules-build-unstamped"
BUILD_INFO = "assets/calculators/worker/build-info.js"
STAMPED_SUFFIXES = (".html", ".js")
"""The files that may hold the placeholder (pages; build-info.js)."""


def stamp_of(site_dir: Path, files: list[str]) -> str:
    """A hash of every listed file's path and bytes."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site_dir / name).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def stamp_build(site_dir: Path, files: list[str]) -> str:
    """Stamp the build in site_dir (its files listed relative to it); return the stamp."""
    stamp = stamp_of(site_dir, files)
    placeholder = PLACEHOLDER.encode()
    for name in files:
        if not name.endswith(STAMPED_SUFFIXES):
            continue
        path = site_dir / name
        data = path.read_bytes()
        if placeholder in data:
            path.write_bytes(data.replace(placeholder, stamp.encode()))
    return stamp


def read_stamp(site_dir: Path) -> str:
    """The stamp a finished build carries (from build-info.js)."""
    text = (site_dir / BUILD_INFO).read_text(encoding="utf-8")
    marker = 'export const BUILD = "'
    start = text.index(marker) + len(marker)
    return text[start : text.index('"', start)]
