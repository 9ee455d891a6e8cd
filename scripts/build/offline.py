"""Offline after one visit: a service worker at the site root that precaches the build file by file.

Run by scripts/build_site.py as the last finishing step, after the site generator:
`write_service_worker(site_dir)` lists every file of the finished site with its content revision
and writes /sw.js: the build version and that list, then calculators/shared/precache.js (the precache
shared with the engine worker, without its `export` words), then calculators/service-worker/service-worker.js.
VERSION names the precache (every file and revision); BUILD is the stamp the pages carry (build_stamp.py).
A file keeps its revision while its bytes stay the same, so an update downloads only what changed.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from scripts.build.assets import content_revision
from scripts.build.build_stamp import read_stamp

ROOT = Path(__file__).resolve().parent.parent.parent

SW_NAME = "sw.js"
CALCULATORS = ROOT / "calculators"
LEFT_OUT_NAMES = {SW_NAME, ".DS_Store"}
"""Not precached: the service worker itself (the browser fetches it to look for updates)."""
LEFT_OUT_SUFFIXES = (".map", ".br", ".gz")
"""Not precached: source maps (only a developer's tools ask for them; 1.2 MB), and the compressed
copies of files (scripts/build/precompress.py: the wire's business; the browser decodes them)."""


def site_files(site_dir: Path) -> list[str]:
    """Every precached file of the build as a URL path relative to the site root, sorted."""
    return sorted(
        path.relative_to(site_dir).as_posix()
        for path in site_dir.rglob("*")
        if path.is_file() and path.name not in LEFT_OUT_NAMES and not path.name.endswith(LEFT_OUT_SUFFIXES)
    )


def precache_manifest(site_dir: Path) -> list[tuple[str, str]]:
    """(path, content revision) for every precached file."""
    return [(name, content_revision((site_dir / name).read_bytes())) for name in site_files(site_dir)]


def build_version(manifest: list[tuple[str, str]]) -> str:
    """One hash of the whole manifest: names the build (a changed file changes it)."""
    return hashlib.sha256(json.dumps(manifest).encode()).hexdigest()[:16]


def _module_as_script(path: Path) -> str:
    """A module's text for a classic script (the service worker): its `export` words dropped."""
    return re.sub(r"^export ", "", path.read_text(encoding="utf-8"), flags=re.M)


def write_service_worker(site_dir: Path) -> str:
    """Write site_dir/sw.js for the files now in site_dir; return the build version."""
    manifest = precache_manifest(site_dir)
    version = build_version(manifest)
    head = (
        "// Written by scripts/build/offline.py: the build version and every file to precache.\n"
        f"const VERSION = {json.dumps(version)};\n"
        f"const BUILD = {json.dumps(read_stamp(site_dir))}; // the stamp this build's pages carry\n"
        "const PRECACHE_FILES = [\n" + ",\n".join(json.dumps(entry) for entry in manifest) + "\n];\n"
    )
    body = (_module_as_script(CALCULATORS / "shared" / "precache.js") + "\n"
            + (CALCULATORS / "service-worker" / "service-worker.js").read_text(encoding="utf-8"))
    (site_dir / SW_NAME).write_text(head + body, encoding="utf-8")
    return version

