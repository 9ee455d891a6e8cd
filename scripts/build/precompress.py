"""Finishing step, the very last: a precompressed copy beside each large file, for the wire.

For every file of the finished site of at least MIN_BYTES, `NAME.br` (Brotli) and `NAME.gz`
(gzip) are written beside it where they save at least a tenth of its size (the wasm: 9.6 MB ->
about 3 MB). A server that has them sends the copy the browser accepts, with Content-Encoding and
Vary: Accept-Encoding (scripts/static_server.py; the README's Deploy section for other hosts).
The browser decodes them, so the page, the engine and the precache all see the files themselves:
the copies are not precached (scripts/build/offline.py leaves them out) and change no revision.

Brotli at its best quality takes minutes for the wasm, so each copy is kept in CACHE under the
hash of the bytes it compresses: a rebuild compresses only what changed. CACHE is not under .cache/:
a Zensical build (--clean) empties that folder, and each one then compressed the wasm again (~90 s).
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Callable
from pathlib import Path

import brotli

ROOT = Path(__file__).resolve().parent.parent.parent
CACHE = ROOT / "build" / "precompressed"
MIN_BYTES = 1024
ENCODINGS: dict[str, Callable[[bytes], bytes]] = {
    ".br": lambda data: brotli.compress(data, quality=11),
    ".gz": lambda data: gzip.compress(data, compresslevel=9, mtime=0),  # mtime=0: the same bytes each build
}
SUFFIXES = tuple(ENCODINGS)


def compressed(data: bytes, suffix: str) -> bytes:
    """`data` compressed as `suffix` says, from CACHE where it was done before."""
    cached = CACHE / (hashlib.sha256(data).hexdigest() + suffix)
    if cached.is_file():
        return cached.read_bytes()
    packed = ENCODINGS[suffix](data)
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(packed)
    return packed


def precompress(site_dir: Path) -> None:
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or path.name.endswith(SUFFIXES) or path.stat().st_size < MIN_BYTES:
            continue
        data = path.read_bytes()
        for suffix in SUFFIXES:
            packed = compressed(data, suffix)
            if len(packed) <= 0.9 * len(data):
                path.with_name(path.name + suffix).write_bytes(packed)
