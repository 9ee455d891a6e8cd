"""Where a search for an entry on the page already open lands, on a phone's slowed main thread.

Not a test: it prints, for each round, where the searched entry's heading ends up (px from the top of the viewport; the
header's bottom is 48, and landing.js puts the heading 8 px below it) once the page has been still for a few seconds.
Each round opens the Actions page at one entry (FROM) in a fresh phone profile, slows its main thread (CDP
Emulation.setCPUThrottlingRate, default 4x as bench_browser.py's phone), searches for another entry of the same page
(TO) through the header's search and presses Enter, as tests/site/test_search.py's walk does.

Measured on 2026-11-28 at 4x, 4 rounds each: before (f95ebc3) [1637, 1797, 1563, 814] px, below the view; after
(overrides/main.html's minimum-scale=1) [56, 56, 56, 55]. The cause: the theme's search overlay, scaled up to cover a
phone's screen, overflows the page while search is open and closing; a page that could zoom out got a layout viewport
as wide as that (innerWidth 1,122-1,262 px, innerHeight 2,355-2,732), so the window's scroll range was short by the
difference and landing.js's scrollBy stopped short, with nothing left to move it once the overlay had gone.

    .venv/bin/python -m scripts.bench.measure_landing [SITE_DIR] [--rate 4] [--rounds 4]
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from scripts.bench.harness import PHONE, served_browser

if TYPE_CHECKING:
    from playwright.sync_api import Browser

PAGE = "jovian-wars/v1.2.4/actions/"
FROM = "suppressing-fire"
TO = ("Suppressed", "suppressed")
STILL_MS = 4000
"""How long after Enter the heading is read: long after every scroll of the landing, on this machine."""

TOP_OF = "(slug) => Math.round(document.getElementById(slug).getBoundingClientRect().top)"


def landed_at(browser: Browser, url: str, rate: float) -> int:
    """One round: where TO's heading is, STILL_MS after Enter."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(f"{url}{PAGE}#{FROM}", wait_until="networkidle")
        page.wait_for_function("() => !!document.documentElement.dataset.searchWatched")
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.locator("label.md-header__button[for='__search']").tap()
        field = page.locator("input.md-search__input")
        field.fill(TO[0])
        field.press("Enter")
        page.wait_for_function(f"() => location.hash === '#{TO[1]}'")
        page.wait_for_timeout(STILL_MS)  # a figure after the page is still, not a wait before an assertion
        return int(page.evaluate(TOP_OF, TO[1]))
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", nargs="?", default="site", type=Path)
    parser.add_argument("--rate", type=float, default=4.0, help="CPU throttling of the page's main thread (1: none)")
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    with served_browser(args.site) as (url, browser):
        tops = [landed_at(browser, url, args.rate) for _ in range(args.rounds)]
    print(f"{TO[0]!r} searched from #{FROM} at {args.rate:g}x: heading at {tops} px (in place: 56)")


if __name__ == "__main__":
    main()
