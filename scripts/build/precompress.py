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
A build with no cache (a fresh clone) compresses on every core, the largest file first: the wasm's Brotli
alone (~19 s here) is then the whole step, the other files compressed beside it.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
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
    # Whole or not at all: the same bytes may be compressed at once by two threads, or two builds sharing CACHE.
    with tempfile.NamedTemporaryFile(dir=CACHE, suffix=".part", delete=False) as partial:
        partial.write(packed)
    Path(partial.name).replace(cached)
    return packed


def write_copies(path: Path) -> None:
    """The compressed copies of `path` beside it, each one that saves at least a tenth."""
    data = path.read_bytes()
    for suffix in SUFFIXES:
        packed = compressed(data, suffix)
        if len(packed) <= 0.9 * len(data):
            path.with_name(path.name + suffix).write_bytes(packed)


def precompress(site_dir: Path) -> None:
    sizes = {path: path.stat().st_size for path in site_dir.rglob("*") if path.is_file() and not path.name.endswith(SUFFIXES)}
    largest_first = sorted((path for path, size in sizes.items() if size >= MIN_BYTES), key=sizes.__getitem__, reverse=True)
    # Threads suffice: zlib and Brotli let go of the GIL while they compress.
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(write_copies, largest_first))  # each result taken: a failure stops the build
