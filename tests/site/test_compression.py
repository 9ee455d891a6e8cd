"""Fewer bytes on the wire: the build's compressed copies, how the project's server sends them, and
the search languages kept (scripts/build/precompress.py, scripts/static_server.py,
scripts/build/search_languages.py). The browser side (an engine booted from compressed downloads,
a precache of decoded bytes that works offline) is tests/site/test_offline.py's, whose server sends them."""

from __future__ import annotations

import gzip
import json
import os
import urllib.request
from pathlib import Path

import brotli

from scripts.build.search_languages import LUNR, used_files
from scripts.static_server import serve_in_background

BIG = ("assets/pyodide/pyodide.asm.wasm", "assets/pyodide/pyodide.asm.mjs", "jovian-wars/v1.2.4/actions/index.html",
       "assets/pyodide/python_stdlib.zip", "assets/pyodide/rules_core-0.1.0-py3-none-any.whl")  # the zips are stored: Brotli packs them
DECODE = {".br": brotli.decompress, ".gz": gzip.decompress}


def get(url: str, accept: str | None) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept} if accept else {})
    with urllib.request.urlopen(request) as response:
        return {name.lower(): value for name, value in response.headers.items()}, response.read()


def test_each_large_file_has_copies_that_decode_to_it(site_dir: Path) -> None:
    for name in BIG:
        data = (site_dir / name).read_bytes()
        for suffix, decode in DECODE.items():
            copy = site_dir / (name + suffix)
            assert copy.is_file(), copy
            assert len(copy.read_bytes()) < 0.9 * len(data), copy
            assert decode(copy.read_bytes()) == data, copy
    # Copies that would save little are not written: the theme's favicon is compressed already.
    assert (site_dir / "assets/images/favicon.png").stat().st_size >= 1024
    assert not (site_dir / "assets/images/favicon.png.br").exists()


def test_the_server_sends_the_copy_the_browser_accepts(site_dir: Path) -> None:
    server, url = serve_in_background(site_dir)
    try:
        page = (site_dir / "dice/index.html").read_bytes()
        for accept, encoding, decode in (("gzip, deflate, br", "br", brotli.decompress), ("gzip", "gzip", gzip.decompress)):
            headers, body = get(url + "dice/", accept)
            assert headers.get("content-encoding") == encoding
            assert headers["vary"] == "Accept-Encoding" and headers["content-type"].startswith("text/html")
            assert int(headers["content-length"]) == len(body) < len(page)
            assert decode(body) == page
        headers, body = get(url + "dice/", None)
        assert "content-encoding" not in headers and headers["vary"] == "Accept-Encoding" and body == page
        headers, _ = get(url + "assets/pyodide/pyodide.asm.wasm", "br")
        assert headers["content-type"] == "application/wasm" and headers["content-encoding"] == "br"
    finally:
        server.shutdown()


def test_a_copy_older_than_its_file_is_never_sent(tmp_path: Path) -> None:
    """A file edited after the build (its copies now stale) goes out as itself."""
    page = tmp_path / "index.html"
    page.write_bytes(b"<p>old</p>" * 200)
    (tmp_path / "index.html.gz").write_bytes(gzip.compress(page.read_bytes()))
    page.write_bytes(b"<p>new</p>" * 200)
    stat = (tmp_path / "index.html.gz").stat()
    os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    server, url = serve_in_background(tmp_path)
    try:
        headers, body = get(url, "gzip")
        assert "content-encoding" not in headers and body == page.read_bytes()
    finally:
        server.shutdown()


def test_only_the_search_languages_the_index_names_are_kept(site_dir: Path) -> None:
    assert json.loads((site_dir / "search/search_index.json").read_text(encoding="utf-8"))["config"]["lang"] == ["en"]
    assert not (site_dir / LUNR).exists()
    assert used_files(["en"]) == set()
    assert used_files(["en", "ja"]) == {"tinyseg.js", "min/lunr.ja.min.js", "min/lunr.multi.min.js", "min/lunr.stemmer.support.min.js"}
    assert used_files(["th"]) == {"wordcut.js", "min/lunr.th.min.js", "min/lunr.stemmer.support.min.js"}
