"""Offline after one visit: the service worker, its one cache per build, the manifest, the wheel.

Browser tests use a fresh profile each (conftest `context`); the rebuild test serves its own
copy of site/ so it can change a file and re-run the post-build hashing step.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import re
import shutil
import struct
import zipfile
from pathlib import Path

import pytest

from scripts.hooks.offline import build_version, site_files, write_service_worker
from scripts.static_server import serve_in_background
from scripts.wheel import build_wheel
from tests.conftest import ROOT

BOOT_MS = 60_000
PRECACHE_MS = 90_000  # the first visit downloads ~15 MB into the cache on a shared machine
GALLEY_PAGE = "war-galley/aid/attack-modes/"


def expect():
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=20_000)
    return playwright_expect


def precache_list(site_dir: Path) -> tuple[str, list[str]]:
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'^const VERSION = "([0-9a-f]+)";', text, re.M)
    files = re.search(r"^const PRECACHE = (\[.*?\]);", text, re.M | re.S)
    assert version and files, "sw.js lacks its VERSION or PRECACHE header"
    return version.group(1), json.loads(files.group(1))


def go_by_instant_navigation(page, url: str) -> None:
    """Click a link in the content, as a reader would; Material swaps the page in place."""
    page.evaluate(
        """url => { const a = document.createElement("a"); a.href = url; a.id = "go"; a.textContent = "go";
                    document.querySelector("article").prepend(a); }""",
        url,
    )
    page.locator("#go").click()


# ---- the build ----------------------------------------------------------------------------


def test_service_worker_precaches_every_file_of_the_build(site_dir):
    """Assert sw.js lists every built file but itself, under the content hash of those files."""
    version, files = precache_list(site_dir)
    on_disk = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()} - {"sw.js"}
    assert set(files) == on_disk
    assert version == build_version(site_dir, site_files(site_dir))
    for needed in ("assets/pyodide/pyodide.asm.wasm", "assets/pyodide/python_stdlib.zip", "dice/index.html"):
        assert needed in files
    assert any(name.endswith("-py3-none-any.whl") for name in files)


def test_wheel_is_byte_identical_across_builds_and_its_record_is_right(tmp_path):
    """Assert two builds of the wheel are the same bytes, and RECORD hashes every member."""
    first = build_wheel(tmp_path / "a").read_bytes()
    second = build_wheel(tmp_path / "b").read_bytes()
    assert first == second
    with zipfile.ZipFile(io.BytesIO(first)) as wheel:
        names = wheel.namelist()
        record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
        assert "Tag: py3-none-any" in wheel.read(record_name.replace("RECORD", "WHEEL")).decode()
        rows = list(csv.reader(wheel.read(record_name).decode().splitlines()))
        assert {row[0] for row in rows} == set(names)
        for name, digest, size in rows:
            if name == record_name:
                continue
            data = wheel.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (f"sha256={expected}", len(data))
        assert "rules_core/registry.py" in names and not any("__pycache__" in n for n in names)


def test_manifest_and_icons_let_a_player_add_the_site_to_the_home_screen(site_dir):
    """Assert the manifest names the site, starts at its root, is standalone, and its icons are real PNGs."""
    manifest_path = site_dir / "assets" / "icons" / "manifest.webmanifest"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["name"] and manifest["theme_color"].startswith("#")
    assert (manifest_path.parent / manifest["start_url"]).resolve() == site_dir.resolve()
    for icon in manifest["icons"]:
        data = (manifest_path.parent / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == icon["sizes"]
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    assert 'rel="manifest"' in (site_dir / "dice" / "index.html").read_text(encoding="utf-8")


# ---- in the browser ------------------------------------------------------------------------


@pytest.mark.browser
def test_after_one_visit_the_site_works_offline(context, page, page_log, site_url):
    """Assert: one visit, then offline: a reload and an instant navigation work, and resolvers answer."""
    page.goto(site_url + "dice/")
    expect()(page.locator("[data-offline]")).to_have_text("Available offline", timeout=PRECACHE_MS)
    context.set_offline(True)
    page.reload()
    dice = page.locator('[data-resolver="dice/unopposed"]')
    dice.locator("details.resolver__body > summary").click()  # widgets are collapsed by default
    expect()(dice).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    dice.get_by_role("button", name="Roll for me").click()
    expect()(dice.locator('[data-region="outcome"] .resolver__headline')).not_to_be_empty()

    go_by_instant_navigation(page, site_url + GALLEY_PAGE)
    ram = page.locator('[data-resolver="war-galley/aid/ram"]')
    ram.locator("details.resolver__body > summary").click()
    expect()(ram).to_have_attribute("data-engine", "ready")
    expect()(ram.locator('[data-region="odds"]')).to_have_attribute("data-live", "true")
    page.goto(site_url + "readings/")  # a full page load of a page not visited before
    expect()(page.locator("article")).to_contain_text("Reading")
    assert page_log.foreign(site_url) == []
    assert page_log.page_errors == []


@pytest.mark.browser
def test_a_new_build_replaces_the_cache_whole(browser, site_dir, tmp_path):
    """Assert: after a rebuild, the next visit shows only the new text, from only one cache."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    server, url = serve_in_background(copy)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(url)
        expect()(page.locator("[data-offline]")).to_have_text("Available offline", timeout=PRECACHE_MS)
        old_version, _ = precache_list(copy)
        home = copy / "index.html"
        html = home.read_text(encoding="utf-8")
        marker = "Rebuilt-7f3a"
        home.write_text(html.replace("<article", f'<p id="rebuilt">{marker}</p><article', 1), encoding="utf-8")
        new_version = write_service_worker(copy)
        assert new_version != old_version

        page.goto(url)  # served by the old worker; it finds the new sw.js, which takes over and reloads
        expect()(page.locator("#rebuilt")).to_have_text(marker, timeout=PRECACHE_MS)
        caches = page.evaluate("caches.keys()")
        assert caches == [f"rules-site-{new_version}"]
        fresh = context.new_page()
        fresh.goto(url)
        expect()(fresh.locator("#rebuilt")).to_have_text(marker)
    finally:
        context.close()
        server.shutdown()
