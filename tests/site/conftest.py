"""Browser fixtures: the built site/ served on 127.0.0.1, and Debian's Chromium via Playwright.

Every page a test opens records its console errors, failed requests and every URL it
requested, so each test can assert that nothing left the origin.

Each test gets a fresh phone profile (`context`), as a first visit. A module marked
`pytest.mark.profile("module")` shares one profile among its tests instead, as a player's phone on a
later visit: from its second test on, the engine's files are in the HTTP cache, the service worker
controls the page and the engine boots from its saved memory snapshot, which costs a fraction of a
first boot. A test of the first visit itself (a cold boot, the precache, saving the snapshot) in such a
module is marked `pytest.mark.profile("fresh")`.

Every page carries the site's Content-Security-Policy (scripts/build/csp.py), which refuses eval
and inline scripts it has no hash for: give page.wait_for_function a function ("() => ..."), not a
bare expression (Playwright polls an expression with eval), and run injected code with
page.evaluate, not page.add_script_tag(content=/path=) (an inline script).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from scripts.chromium import CHROMIUM_FLAGS, chromium_path as find_chromium
from scripts.static_server import serve_in_background
from tests.conftest import SITE
from tests.timing import ms

def chromium_path() -> str:
    try:
        return find_chromium(headless_shell=True)  # scripts/chromium.py says why
    except FileNotFoundError as missing:
        pytest.fail(str(missing))


@dataclass
class PageLog:
    """What a page did: the URLs it asked for, what failed, what the console complained about."""

    requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def foreign(self, origin: str) -> list[str]:
        """Requests to anywhere but the site's own origin (data: and blob: are local)."""
        return [url for url in self.requests if not url.startswith((origin, "data:", "blob:"))]


ANSWER_MS = ms(20_000)
"""How long one `expect` assertion waits: an answer once the engine is ready; the machine is shared."""


def expect(timeout_ms: int = ANSWER_MS):
    """Playwright's `expect`, each assertion waiting up to `timeout_ms` (an assertion's own timeout= wins).

    The timeout is Playwright's global default: every call sets it, so no test inherits another's.
    """
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=timeout_ms)
    return playwright_expect


def wait_until(page, predicate: str, timeout_ms: int, arg: object = None) -> object:
    """Wait until the page function `predicate` (async allowed) returns something truthy; return it.

    Not page.wait_for_function: it does not await a returned promise, and a promise is truthy, so
    an async predicate would pass at once.
    """
    return page.evaluate(
        f"""async ([arg, budgetMs]) => {{
          const check = {predicate};
          for (const end = Date.now() + budgetMs; ; await new Promise((r) => setTimeout(r, 100))) {{
            const value = await check(arg);
            if (value) return value;
            if (Date.now() > end) throw new Error(`still false after ${{budgetMs}} ms`);
          }}
        }}""",
        [arg, timeout_ms],
    )


def watch(page, log: PageLog) -> None:
    """Attach the recorders of `log` to a Playwright page."""
    page.on("request", lambda request: log.requests.append(request.url))
    page.on("requestfailed", lambda request: log.failed.append(f"{request.url} {request.failure}"))

    def console(message) -> None:
        if message.type == "error":
            log.console_errors.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda error: log.page_errors.append(str(error)))


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (SITE / "index.html").exists():
        pytest.fail("site/ is not built: run scripts/test (it builds first) or scripts/build_site.py")
    return SITE


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    server, url = serve_in_background(site_dir)
    yield url
    server.shutdown()


PLAYWRIGHT_DEFAULT_MS = ms(30_000)
"""What a Playwright call with no timeout= waits (an action, a navigation, wait_for_function): its own 30 s, scaled."""


@pytest.fixture(scope="session")
def playwright() -> Iterator[object]:
    """Playwright's driver, for the session: an `expect` taken from Playwright directly waits ANSWER_MS."""
    from playwright.sync_api import expect as playwright_expect
    from playwright.sync_api import sync_playwright

    playwright_expect.set_options(timeout=ANSWER_MS)
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright) -> Iterator[object]:
    """Debian's Chromium. Every context it makes waits PLAYWRIGHT_DEFAULT_MS by default (TEST_TIME_FACTOR,
    tests/timing.py)."""
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS, headless=True)
    new_context = browser.new_context

    def new_scaled_context(**options):
        context = new_context(**options)
        context.set_default_timeout(PLAYWRIGHT_DEFAULT_MS)
        return context

    browser.new_context = new_scaled_context
    yield browser
    browser.close()


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
"""A phone's profile settings: 390x844, touch."""


def phone_on_disk(playwright, folder: Path, **options) -> Any:
    """A phone profile kept on disk in `folder`, as a returning reader's phone is (PHONE, then `options`): a browser of
    its own (launch_persistent_context), waiting PLAYWRIGHT_DEFAULT_MS by default.

    For a profile that makes many visits: an in-memory context (browser.new_context) keeps no code cache, so each of
    its visits compiled the page's scripts, Pyodide's script and the engine's wasm again, as no phone does."""
    context = playwright.chromium.launch_persistent_context(
        folder, executable_path=chromium_path(), args=CHROMIUM_FLAGS, headless=True, **{**PHONE, **options})
    context.set_default_timeout(PLAYWRIGHT_DEFAULT_MS)
    return context


@pytest.fixture(scope="module")
def module_context(playwright, tmp_path_factory) -> Iterator[object]:
    """One phone profile for every test of a module marked profile("module"), on disk (phone_on_disk)."""
    context = phone_on_disk(playwright, tmp_path_factory.mktemp("phone-profile"))
    yield context
    context.close()


@pytest.fixture
def context(request, playwright) -> Iterator[object]:
    """A fresh profile (no cache, no service worker) at phone size, or the module's (profile("module"))."""
    marker = request.node.get_closest_marker("profile")
    kind = marker.args[0] if marker else "fresh"
    if kind == "module":
        shared = request.getfixturevalue("module_context")
        before = set(shared.pages)
        yield shared
        for opened in set(shared.pages) - before:  # the test's pages go, as a fresh profile's would
            opened.close()
        return
    assert kind == "fresh", f"profile({kind!r}): 'fresh' or 'module'"
    context = request.getfixturevalue("browser").new_context(**PHONE)  # a module's profile starts no shared browser
    yield context
    context.close()


def clear_local_storage(page, site_url: str) -> None:
    """Empty the site's localStorage in the page's profile, with no page load (Chrome DevTools Protocol): a
    module's shared profile keeps its caches, service worker and engine snapshot, and a test starts with no fleet."""
    session = page.context.new_cdp_session(page)
    try:
        where = urlsplit(site_url)  # a site under a sub-path too (the Zensical build's)
        session.send("Storage.clearDataForOrigin", {"origin": f"{where.scheme}://{where.netloc}", "storageTypes": "local_storage"})
    finally:
        session.detach()


def spend_the_retries(page, timeout_ms: float) -> None:
    """Wait until the engine has failed and spent its automatic retries (engine.js RETRY_DELAYS_MS: 1, 3 and 9 s),
    moving the page's clock over each delay instead of sitting it out. The context's clock must be installed
    (`context.clock.install()`) before the page loads; it runs at its own pace otherwise."""
    errored = "() => window.rulesEngine && window.rulesEngine.state === 'error'"
    while True:
        page.wait_for_function(errored, timeout=timeout_ms)
        if not page.evaluate("window.rulesEngine.retrying"):
            return
        page.clock.fast_forward(1000)  # a retry due by then starts (state "loading" at once) and fails again


@pytest.fixture
def page_log() -> PageLog:
    return PageLog()


@pytest.fixture
def page(context, page_log: PageLog) -> Iterator[object]:
    page = context.new_page()
    watch(page, page_log)
    yield page
    page.close()


WIDGET_HOLDS = """(id) => {
  const root = document.querySelector(`[data-resolver="${id}"]`);
  const outcome = root.querySelector('[data-region="outcome"]');
  return {engine: root.getAttribute("data-engine"), resolved: outcome && outcome.getAttribute("data-resolved"),
    headline: outcome && outcome.querySelector(".resolver__headline")?.textContent,
    keypads: Object.fromEntries([...root.querySelectorAll("fieldset[data-faces]")].map((pad) =>
      [pad.dataset.faces, pad.querySelector('[data-region="digits"]')?.value])),
    focus: document.activeElement?.outerHTML.slice(0, 120), status: root.querySelector('[role="status"]')?.textContent};
}"""
"""A widget's state, for a failure's message: its engine, what it resolved, each keypad's digits, the focus."""
