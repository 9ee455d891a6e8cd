"""The Content-Security-Policy every page carries (scripts/build/csp.py), and that nothing breaks it.

The file tests read the built pages: one policy meta tag at the top of every head, no
'unsafe-inline' for scripts, every inline script's hash listed (computed here, not by the hook).
The browser tests visit every page in Chromium with a `securitypolicyviolation` listener, open a
resolver and get a live answer, navigate by instant navigation, search and open a term popover,
and find no violation; a script the policy does not list is refused on every page (so the policy
is really enforced). The policy as a response header (README, Deploy) is tried the same way: it
also governs the engine worker, which must still boot Pyodide and answer.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest

from scripts.build.build_error import BuildError
from scripts.build.csp import add_csp, header_policy
from scripts.static_server import serve_in_background
from tests.site.conftest import PageLog, watch
from tests.site.test_offline import go_by_instant_navigation
from tests.site.test_widgets import BOOT_MS, DICE, open_widget
from tests.timing import ms

CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="(?P<policy>[^"]*)">', re.I)
HEAD_START = re.compile(r"<head>\s*(?:<meta charset=\"utf-8\">\s*)?(?P<first><[^>]*>)", re.I)
INLINE_SCRIPT = re.compile(r"<script(?P<attrs>(?:\s+(?!src=)[a-z-]+(?:=\"[^\"]*\")?)*)>(?P<body>.*?)</script>", re.I | re.S)


def directives(policy: str) -> dict[str, list[str]]:
    return {name: sources for name, *sources in (part.split() for part in policy.split(";") if part.strip())}


def executed_inline_scripts(html: str) -> list[str]:
    """Inline scripts a browser runs: no src, and no type but JavaScript's (the theme's JSON config is data)."""
    return [script["body"] for script in INLINE_SCRIPT.finditer(html)
            if not re.search(r'type="(?!module"|text/javascript")', script["attrs"])]


def sha256_source(body: str) -> str:
    return "'sha256-%s'" % base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()


def check_pages(site: Path) -> str:
    """Assert every page of a built site carries the policy as it should; return the (one) policy."""
    policies = set()
    scripts = 0
    for page in sorted(site.rglob("*.html")):
        name = page.relative_to(site).as_posix()
        html = page.read_text(encoding="utf-8")
        metas = CSP_META.findall(html)
        assert len(metas) == 1, f"{name}: {len(metas)} Content-Security-Policy meta tags"
        first = HEAD_START.search(html)
        assert first and CSP_META.fullmatch(first["first"]), f"{name}: the policy is not first in the head (after the charset)"
        assert html.encode().index(b'<meta charset="utf-8">') < 1024 - 30, f"{name}: the charset left the first 1024 bytes"
        policy = directives(metas[0])
        assert "'unsafe-inline'" not in policy["script-src"] and "'unsafe-eval'" not in policy["script-src"], name
        assert not {"*", "data:", "blob:", "http:", "https:"} & set(policy["script-src"]), name
        assert policy["object-src"] == ["'none'"] and policy["default-src"] == ["'self'"], name
        bodies = executed_inline_scripts(html)
        assert bodies, f"{name}: no inline script found (the theme's are in every page)"
        for body in bodies:
            assert sha256_source(body) in policy["script-src"], f"{name}: inline script not allowed by hash: {body[:60]!r}"
        scripts += len(bodies)
        policies.add(metas[0])
    assert scripts and len(policies) == 1, f"{len(policies)} different policies: one for every page (instant navigation)"
    return policies.pop()


def test_every_page_has_the_policy_first_in_its_head_with_its_inline_scripts_hashes(site_dir: Path) -> None:
    """Assert every built page has exactly one CSP meta, first in its head (after the charset),
    scripts without 'unsafe-inline', each inline script allowed by its SHA-256; one policy site-wide."""
    policy = directives(check_pages(site_dir))
    # The engine prestart script (overrides/main.html) is hashed, at each folder depth it is written with.
    dice = (site_dir / "dice" / "index.html").read_text(encoding="utf-8")
    prestart = [body for body in executed_inline_scripts(dice) if "rulesEnginePrestart" in body]
    assert len(prestart) == 1 and sha256_source(prestart[0]) in policy["script-src"]


def test_the_header_policy_adds_frame_ancestors(site_dir: Path) -> None:
    """Assert the header for hosts (README, Deploy) is the pages' policy plus frame-ancestors 'none'."""
    page_policy = CSP_META.search((site_dir / "index.html").read_text(encoding="utf-8"))["policy"]
    assert header_policy(site_dir) == page_policy + "; frame-ancestors 'none'"


def test_the_step_hashes_only_scripts_that_run_and_refuses_a_second_policy(tmp_path: Path) -> None:
    """Assert a JSON data block and a script with src get no hash, each distinct inline script one,
    and a page that has a policy already stops the build."""
    page = '<!doctype html><html><head><meta charset="utf-8"><script>var a=1</script>' \
           '<script id="c" type="application/json">{"x": 1}</script><script src="x.js"></script></head>' \
           '<body><script type="module">import "./m.js"</script></body></html>'
    (tmp_path / "sub").mkdir()
    (tmp_path / "index.html").write_text(page, encoding="utf-8")
    (tmp_path / "sub" / "index.html").write_text(page.replace("var a=1", "var a=2"), encoding="utf-8")
    policy = directives(add_csp(tmp_path))
    hashes = [source for source in policy["script-src"] if source.startswith("'sha256-")]
    assert sorted(hashes) == sorted(sha256_source(body) for body in ("var a=1", "var a=2", 'import "./m.js"'))
    check_pages(tmp_path)
    with pytest.raises(BuildError, match="already has a Content-Security-Policy"):
        add_csp(tmp_path)


# ---- in Chromium --------------------------------------------------------------------------

# Each report, once the test has it (__recordViolation resolves when Python has appended it), is counted.
RECORD_VIOLATIONS = """
  window.__violationsRecorded = 0;
  document.addEventListener("securitypolicyviolation", async (e) => {
    await window.__recordViolation(`${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`);
    window.__violationsRecorded += 1;
  });
"""

CANARY_SCRIPT = "window.__cspCanary = true"
CANARY = """() => {
  const script = document.createElement("script");
  script.textContent = "window.__cspCanary = true";
  document.head.append(script);
  return window.__cspCanary === true;
}"""
"""An inline script no page has: the policy must refuse it."""


def page_paths(site: Path) -> list[str]:
    """Every page of the site as a URL path: the folder of an index.html, or the file itself (404.html)."""
    return sorted(p.relative_to(site).as_posix().removesuffix("index.html") for p in site.rglob("*.html"))


def watched_page(context, violations: list[str]) -> tuple[object, PageLog]:
    context.expose_function("__recordViolation", lambda report: violations.append(report))
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    log = PageLog()
    watch(page, log)
    return page, log


def assert_the_canary_is_refused(page, violations: list[str], policies: int = 1) -> None:
    """Assert an unlisted inline script does not run and is reported by each of the page's `policies` (the
    meta tag's, and the header's where there is one), then drop the reports."""
    before = len(violations)
    recorded = page.evaluate("window.__violationsRecorded")
    assert page.evaluate(CANARY) is False, f"{page.url}: an inline script with no listed hash ran: no policy enforced"
    page.wait_for_function("(count) => window.__violationsRecorded >= count", arg=recorded + policies)  # each a task, then a call
    refused = violations[before:]
    assert refused and all(report.startswith("script-src") for report in refused), refused
    del violations[before:]


def csp_errors(log: PageLog) -> list[str]:
    """Console errors about the policy, but the canary's (Chromium names the hash it would need)."""
    canary = sha256_source(CANARY_SCRIPT).strip("'")
    return [error for error in log.console_errors + log.page_errors
            if ("Content Security Policy" in error or "Refused to" in error) and canary not in error]


def use_the_site(page, url: str, site: Path, violations: list[str], zensical: bool = False) -> None:
    """Every page, a live answer on the Dice page, an instant navigation, a term popover and a search."""
    from playwright.sync_api import expect

    from tests.site.test_search import WATCH_SEARCH_WORKER, first_results

    page.add_init_script(WATCH_SEARCH_WORKER)  # first_results waits on the search worker's answers
    for path in page_paths(site):
        page.goto(url + path, wait_until="networkidle")
        assert_the_canary_is_refused(page, violations)

    page.goto(url + "dice/", wait_until="load")
    open_widget(page, DICE)
    expect(page.locator(f'[data-resolver="{DICE}"] [data-region="odds"][data-live="true"]')).to_be_visible(timeout=BOOT_MS)

    page.evaluate("window.__sameDocument = true")
    go_by_instant_navigation(page, url + "jovian-wars/v1.2.4/actions/")
    expect(page).to_have_url(re.compile(r"/jovian-wars/v1\.2\.4/actions/$"))
    expect(page.locator("article h1")).to_contain_text("Action")
    assert page.evaluate("window.__sameDocument === true"), "instant navigation did not happen: the page reloaded"

    term = page.locator("#board ~ p a.term", has_text="Boarded").first
    term.scroll_into_view_if_needed()
    term.click()
    expect(page.locator(".term-popover")).to_contain_text("Boarded · State", timeout=ms(15_000))
    page.keyboard.press("Escape")

    assert first_results(page, "Boarded", zensical)  # either theme's search, typed key by key
    page.wait_for_load_state("networkidle")
    assert_the_canary_is_refused(page, violations)  # still the first page's policy after the swap


@pytest.mark.browser
def test_no_page_reports_a_violation(context, site_dir: Path, site_url: str) -> None:
    """Assert no violation and no CSP console error while every page is visited, the engine answers,
    instant navigation swaps a page, a popover opens and search lists results; and on every page a
    script the policy does not list is refused."""
    check_no_violation(context, site_dir, site_url)


def check_no_violation(context, site: Path, url: str, zensical: bool = False) -> None:
    """The body of the test above, for either build (tests/site/test_zensical.py)."""
    violations: list[str] = []
    page, log = watched_page(context, violations)
    use_the_site(page, url, site, violations, zensical)
    assert violations == []
    assert csp_errors(log) == []


@pytest.mark.browser
def test_the_policy_as_a_header_leaves_the_engine_working(browser, site_dir: Path) -> None:
    """Assert the header for hosts (which, unlike the meta tag, also governs the engine worker and
    the service worker) lets Pyodide boot and answer, with no violation anywhere."""
    server, url = serve_in_background(site_dir, headers={"Content-Security-Policy": header_policy(site_dir)})
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    workers: list[object] = []
    try:
        violations: list[str] = []
        page, log = watched_page(context, violations)
        page.on("worker", lambda worker: workers.append(worker))
        page.goto(url + "dice/", wait_until="load")
        response = page.request.get(url + "assets/calculators/worker/worker.js")
        assert "'wasm-unsafe-eval'" in response.headers["content-security-policy"]
        open_widget(page, DICE)
        from playwright.sync_api import expect

        expect(page.locator(f'[data-resolver="{DICE}"] [data-region="odds"][data-live="true"]')).to_be_visible(timeout=BOOT_MS)
        assert any(worker.url.endswith("assets/calculators/worker/worker.js") for worker in workers)
        assert_the_canary_is_refused(page, violations, policies=2)
        assert violations == []
        assert csp_errors(log) == []
    finally:
        context.close()
        server.shutdown()
