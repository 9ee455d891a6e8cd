"""One name for a build, carried by every page and by the engine, so a tab never mixes two builds.

Run by scripts/build_site.py after the other finishing steps that write files, before the service
worker is written. Pages (overrides/main.html: `<meta name="rules-build">`) and
assets/calculators/worker/build-info.js are written with PLACEHOLDER; `stamp_build(site_dir)` hashes the
files a page's scripts run with (placeholders included, so the stamp never depends on itself), then
writes the stamp where the placeholder was. The pages themselves and the search index made of their
text (TEXT_ONLY) are not hashed: a build whose only change is a sentence of a page keeps its stamp, so
that page, the search index and sw.js are all an update downloads, not every page. Any other changed
file (a script, the engine, the rules_core wheel, describe.json, the glossary) changes the stamp. The
service worker (offline.py) and the engine worker report it, and a page whose own stamp differs from
theirs knows its scripts are of another build (calculators/page/offline.js, engine.js). Two pages of
one stamp run the same scripts on the same engine, whatever their text: a tab holding an older page's
text beside a newer one's mixes no code.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

PLACEHOLDER = "rules-build-unstamped"
BUILD_INFO = "assets/calculators/worker/build-info.js"
STAMPED_SUFFIXES = (".html", ".js")
"""The files that may hold the placeholder (pages; build-info.js)."""
TEXT_ONLY = re.compile(r"\.html$|^search/search_index\.json$|^search\.json$|^sitemap\.xml$")
"""Files made of the pages' text alone, left out of the stamp: the pages, the search index (Material's, Zensical's: read by the
search, never by the engine), the sitemap (a list of the pages)."""


def stamped_files(files: list[str]) -> list[str]:
    """The files the stamp names: all but those made of the pages' text alone."""
    return [name for name in files if not TEXT_ONLY.search(name)]


def stamp_of(site_dir: Path, files: list[str]) -> str:
    """A hash of every listed file's path and bytes, but those made of the pages' text alone."""
    digest = hashlib.sha256()
    for name in stamped_files(files):
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
