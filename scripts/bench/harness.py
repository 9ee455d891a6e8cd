"""What the benchmarks and measurements share: the built site served on 127.0.0.1, Debian's Chromium started as
this machine needs it, and the phone a player holds (390×844, touch)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scripts.chromium import CHROMIUM_FLAGS, chromium_path
from scripts.static_server import serve_in_background

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True,
                         "has_touch": True}
"""A new_context()'s keywords for the phone every measurement is taken on."""


def launch_chromium(playwright: Playwright) -> Browser:
    """Chromium, headless, with the flags that keep it off the network at start."""
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS, headless=True)


@contextmanager
def served_browser(site: Path) -> Iterator[tuple[str, Browser]]:
    """The built `site` served in a background thread, and one Chromium: (the site's URL, the browser); both stopped
    when the block ends, however it ends."""
    from playwright.sync_api import sync_playwright

    server, url = serve_in_background(site)
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                yield url, browser
            finally:
                browser.close()
    finally:
        server.shutdown()


__all__ = ["CHROMIUM_FLAGS", "PHONE", "chromium_path", "launch_chromium", "served_browser"]
