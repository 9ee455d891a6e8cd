"""scripts/serve for authors: a busy port is one line naming it, and a change to the sources rebuilds the
site and reloads the open page (scripts/live_reload.py), in Chromium, under the site's
Content-Security-Policy."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.live_reload import LiveBuild, build_in_subprocess
from scripts.static_server import make_server
from tests.conftest import ROOT, SITE
from tests.timing import ms, seconds


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        yield held.getsockname()[1]


def one_line_message(port: int) -> list[str]:
    return [f"static_server: port {port} on 127.0.0.1 is already in use: stop what serves there, "
            "or pick another port (PORT=8080 scripts/serve, or --port 8080)"]


def test_a_busy_port_is_one_line_naming_it(busy_port: int) -> None:
    done = subprocess.run([sys.executable, "scripts/static_server.py", "--port", str(busy_port), "--live"],
                          cwd=ROOT, capture_output=True, text=True, timeout=seconds(60))
    assert done.returncode == 1
    assert done.stderr.splitlines() == one_line_message(busy_port)
    assert "Serving" not in done.stdout


def test_scripts_serve_on_a_busy_port_says_so_before_building(busy_port: int) -> None:
    """The port is taken before the first build, so the answer is at once and the site is left as it was."""
    before = (SITE / "index.html").stat().st_mtime_ns if (SITE / "index.html").exists() else None
    done = subprocess.run([str(ROOT / "scripts" / "serve")], cwd=ROOT, capture_output=True, text=True, timeout=seconds(600),
                          env={**os.environ, "PORT": str(busy_port)})
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1:] == one_line_message(busy_port)  # after scripts/setup's own output, if any
    assert "Serving" not in done.stdout
    assert before == ((SITE / "index.html").stat().st_mtime_ns if (SITE / "index.html").exists() else None)


@pytest.mark.browser
def test_a_change_rebuilds_the_site_and_reloads_the_open_page(context, page_log, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    from tests.site.conftest import watch

    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    source = tmp_path / "rules.md"  # stands for a rules page: the build itself is the real one
    source.write_text("before\n", encoding="utf-8")
    built: list[bool] = []
    live = LiveBuild([source], lambda: built.append(build_in_subprocess(site)) or built[-1])
    server = make_server(site, live=live)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    threading.Thread(target=live.watch_forever, args=(0.1,), daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        page = context.new_page()
        watch(page, page_log)
        page.goto(url + "dice/", wait_until="load")
        expect(page.locator('script[src="/__live/reload.js"]')).to_have_count(1)
        page.evaluate("() => { window.__beforeTheChange = true; }")
        with page.expect_navigation(timeout=ms(300_000)):
            source.write_text("after\n", encoding="utf-8")
        assert built == [True]
        assert page.evaluate("() => window.__beforeTheChange === undefined"), "the page was not reloaded"
        expect(page.locator("article h1")).to_contain_text("How the dice work")
        refused = [e for e in page_log.console_errors if "Content Security Policy" in e]
        assert refused == [] and page_log.page_errors == []
    finally:
        live.stopped.set()
        server.shutdown()
