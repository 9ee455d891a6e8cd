"""The site deployed under a sub-path (a project site such as https://user.github.io/jovian-rules/).

The built site/ is served under /some/prefix/ by scripts/static_server.py, which answers 404 for
anything outside it: a URL the site wrote as absolute from the host root would fail here.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from scripts.static_server import serve_in_background
from tests.site.conftest import PageLog, expect, wait_until, watch
from tests.site.test_widgets import open_widget
from tests.timing import ms

PREFIX = "/some/prefix/"
BOOT_MS = ms(90_000)
PRECACHE_MS = ms(120_000)  # the first visit caches ~15 MB on a shared machine


@pytest.fixture(scope="module")
def prefixed_url(site_dir) -> Iterator[str]:
    server, url = serve_in_background(site_dir, PREFIX)
    yield url
    server.shutdown()


def test_the_server_serves_only_under_the_prefix(prefixed_url: str) -> None:
    """Assert the sub-path server is a real one: the site is there, and nothing is at the host root."""
    with urllib.request.urlopen(prefixed_url + "dice/") as response:
        assert response.status == 200
    root = prefixed_url.removesuffix(PREFIX) + "/"
    for path in ("", "dice/", "sw.js"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(root + path)
        assert refused.value.code == 404


def test_the_sitemap_points_under_the_prefix(prefixed_url: str) -> None:
    """Assert instant navigation's sitemap lists the pages at their sub-path URLs."""
    with urllib.request.urlopen(prefixed_url + "sitemap.xml") as response:
        sitemap = response.read().decode()
    assert f"<loc>{prefixed_url}</loc>" in sitemap
    assert f"<loc>{prefixed_url}jovian-wars/v1.2.4/actions/</loc>" in sitemap


@pytest.mark.browser
def test_under_a_sub_path_a_resolver_goes_live_the_worker_controls_and_pages_work_offline(context, prefixed_url):
    """Assert under /some/prefix/: a resolver answers, the service worker (scoped to the prefix)
    controls the page, then offline a page never visited loads and its resolver answers."""
    log = PageLog()
    page = context.new_page()
    watch(page, log)
    page.goto(prefixed_url + "dice/")
    dice = open_widget(page, "dice/unopposed")
    expect(ms(30_000))(dice).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    dice.get_by_role("button", name="Roll for me").click()
    expect(ms(30_000))(dice.locator('[data-region="outcome"] .resolver__headline')).not_to_be_empty()

    scope = page.evaluate("navigator.serviceWorker.ready.then(registration => registration.scope)")
    assert scope == prefixed_url
    wait_until(page, "() => navigator.serviceWorker.ready.then((r) => r.active && r.active.state === 'activated')", PRECACHE_MS)
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=PRECACHE_MS)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == prefixed_url + "sw.js"

    context.set_offline(True)
    page.goto(prefixed_url + "war-galley/aid/attack-modes/")  # a full load of a page not visited before
    ram = open_widget(page, "war-galley/aid/ram")
    expect(ms(30_000))(ram).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    expect(ms(30_000))(ram.locator('[data-region="odds"]')).to_have_attribute("data-live", "true")
    readings = ram.locator(".resolver__readings a").first
    href = readings.evaluate("a => a.href")
    assert href.startswith(prefixed_url + "readings/#")
    page.goto(href)
    expect(ms(30_000))(page.locator("article")).to_contain_text("Readings are in force")
    assert log.foreign(prefixed_url) == []  # not even the host root: everything under the prefix
    assert log.page_errors == []
    page.close()
