"""The built site as a player meets it: every page on a 390x844 phone in Chromium, plus static checks.

Browser tests load each page once (a module-scoped visit cache) and assert, each in its own
test: no console or page error, no failed request, nothing asked of another origin; no sideways
scrolling; tap targets of at least 44 px. Then search, the scheme toggle and instant navigation.
The static tests read site/ and docs/ directly: no absolute URL to another host, the Readings
ledger, the markers on the dice page, and the odds the dice page quotes (checked by brute force).
"""

from __future__ import annotations

import html.parser
import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from urllib.parse import urlsplit

import pytest

from scripts.bench.axe_report import pages_of
from scripts.build import mechanics
from scripts.build.augment import augment
from scripts.build.build_error import BuildError
from tests.conftest import DOCS, SITE
from tests.site.conftest import PageLog, watch
from tests.timing import ms

TAP = 44
"""Smallest tap target, in CSS pixels."""

PHONE = {"width": 390, "height": 844}

TAP_TARGETS = ", ".join(
    [
        ".md-nav__link",  # drawer and sidebar links and section toggles
        "label.md-nav__title",  # a drawer panel's "back" header
        ".md-header__button",  # menu, search, scheme toggle
        "button",
        ".md-typeset table a",
        # links in running text, terms included; a term inside a resolver keeps its line, an inline target in a
        # sentence (WCAG 2.5.8's exception; docs/stylesheets/extra.css says why a tall box there would take taps)
        ".md-typeset :is(p, li, dd) a:not(.headerlink):not([data-resolver] a.term)",
        ".md-footer__link",
    ]
)
"""What a thumb has to hit on a phone."""


PAGES = pages_of(SITE) or ["<site not built>"]


# Visiting pages once ------------------------------------------------------------------------


@dataclass
class Visit:
    """What loading one page on a phone showed."""

    log: PageLog
    scroll_width: int
    inner_width: int
    small_targets: list[str]


MEASURE_TARGETS = """(selector) => {
  const small = [];
  for (const el of document.querySelectorAll(selector)) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width === 0 || box.height === 0 || style.visibility === "hidden" || style.opacity === "0") continue;  // not shown
    if (box.height < %d) {
      const text = (el.textContent || el.getAttribute("aria-label") || "").trim().replace(/\\s+/g, " ");
      small.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${text.slice(0, 40)}" is ${box.height.toFixed(1)} px tall`);
    }
  }
  return small;
}""" % TAP


TRANSITIONS_FINISHED = """async () => {
  // getAnimations() brings style up to date first, so a transition a change just started is in it.
  const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(ending.map((animation) => animation.finished.catch(() => null)));  // a cancelled one is done too
}"""
"""Wait until every CSS transition and finite animation running now has finished."""


@pytest.fixture(scope="module")
def phone(browser) -> Iterator[object]:
    """One phone-sized browser context for the whole module (fresh profile, no service worker yet)."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield context
    context.close()


@pytest.fixture(scope="module")
def visit(phone, site_url: str) -> Callable[[str], Visit]:
    """Load a page (once per module) and record its log, its width and its small tap targets."""
    cache: dict[str, Visit] = {}

    def load(path: str) -> Visit:
        if path == "<site not built>":
            pytest.fail("site/ is not built: run scripts/build_site.py")
        if path not in cache:
            log = PageLog()
            page = phone.new_page()
            watch(page, log)
            page.goto(site_url + path, wait_until="networkidle", timeout=ms(120_000))  # Pyodide loads slowly on a busy machine
            scroll_width, inner_width = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
            page.evaluate("document.getElementById('__drawer').checked = true")  # lay out the drawer's links
            page.evaluate(TRANSITIONS_FINISHED)  # the drawer has slid in
            small = page.evaluate(MEASURE_TARGETS, TAP_TARGETS)
            page.close()
            cache[path] = Visit(log, scroll_width, inner_width, small)
        return cache[path]

    return load


# Every page ---------------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.parametrize("path", PAGES)
def test_page_loads_without_errors_or_foreign_requests(visit: Callable[[str], Visit], site_url: str, path: str) -> None:
    """Assert the page logs no console error or page error, no request fails, none leaves the origin."""
    log = visit(path).log
    assert log.console_errors == [], f"/{path}: console errors"
    assert log.page_errors == [], f"/{path}: uncaught errors"
    assert log.failed == [], f"/{path}: failed requests"
    assert log.foreign(site_url.rstrip("/")) == [], f"/{path}: requests to another origin"


@pytest.mark.browser
@pytest.mark.parametrize("path", PAGES)
def test_page_does_not_scroll_sideways_on_a_phone(visit: Callable[[str], Visit], path: str) -> None:
    """Assert the page is no wider than a 390 px screen (wide tables scroll in their own box)."""
    seen = visit(path)
    assert seen.scroll_width <= seen.inner_width, f"/{path} is {seen.scroll_width} px wide on a {seen.inner_width} px screen"


@pytest.mark.browser
@pytest.mark.parametrize("path", PAGES)
def test_tap_targets_are_at_least_44px(visit: Callable[[str], Visit], path: str) -> None:
    """Assert every nav link, header button, button and table link shown is at least 44 px tall."""
    assert visit(path).small_targets == [], f"/{path}: tap targets under {TAP} px"


@pytest.mark.browser
def test_each_actions_entry_shows_its_first_odds_on_its_first_screen(browser, site_url: str) -> None:
    """Assert on the Actions page at 390x844, as built (no script), every resolver's baked glance (its first odds)
    ends within one screen, under the theme's header, of its entry's heading: the odds without scrolling past
    the rule (they sat a screen or more down under Board, Boarded and Assaulting)."""
    from scripts.bench.measure_first_odds import first_odds

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + "jovian-wars/v1.2.4/actions/")
        blocks = first_odds(page)
        assert len(blocks) == 37 and all(block["placed"] for block in blocks), blocks
        far = {str(block["entry"]): block["below"] for block in blocks if int(block["below"]) > int(block["room"])}  # type: ignore[call-overload]
        assert far == {}, f"first odds past one screen ({blocks[0]['room']} px) of their entry"
    finally:
        context.close()


# Site features ------------------------------------------------------------------------------


@pytest.mark.browser
def test_search_finds_boarded_on_the_v124_actions_page(page, page_log: PageLog, site_url: str) -> None:
    """Assert typing "Boarded" into the search box lists a result linking to the v1.2.4 Actions page."""
    from playwright.sync_api import expect

    page.goto(site_url, wait_until="networkidle")
    page.locator("label.md-header__button[for='__search']").click()
    page.locator("input.md-search__input").press_sequentially("Boarded", delay=30)  # Material searches on keyup
    results = page.locator(".md-search-result__item a[href*='jovian-wars/v1.2.4/actions/']")
    expect(results.filter(has_text=re.compile("boarded", re.IGNORECASE)).first).to_be_visible(timeout=ms(15_000))
    assert page_log.foreign(site_url.rstrip("/")) == []


@pytest.mark.browser
def test_scheme_toggle_switches_light_and_dark(page, site_url: str) -> None:
    """Assert the header toggle moves the page from the light scheme to the dark one and back."""
    from playwright.sync_api import expect

    page.emulate_media(color_scheme="light")
    page.goto(site_url, wait_until="networkidle")
    body = page.locator("body")
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")

    page.locator("label.md-header__button[for^='__palette']:visible").click()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert dark != light, "the dark scheme did not change the page's background"

    page.locator("label.md-header__button[for^='__palette']:visible").click()
    expect(body).to_have_attribute("data-md-color-scheme", "default")


@pytest.mark.browser
def test_instant_navigation_swaps_the_page_without_reloading(page, site_url: str) -> None:
    """Assert a nav link click loads the new page in place: the old window's state survives."""
    check_instant_navigation(page, site_url)


def check_instant_navigation(page, site_url: str) -> None:
    """The body of the test above, for either build (tests/site/test_zensical.py)."""
    from playwright.sync_api import expect

    page.goto(site_url, wait_until="networkidle")
    page.evaluate("window.__sameDocument = true")
    page.locator("label.md-header__button[for='__drawer']").click()
    page.locator(".md-nav--primary a.md-nav__link", has_text="Dice").first.click()
    expect(page).to_have_url(re.compile(r"/dice/$"))
    expect(page.locator("article h1")).to_contain_text("How the dice work")
    assert page.evaluate("window.__sameDocument === true"), "the click reloaded the whole page"


# Static checks on the built HTML -------------------------------------------------------------


class UrlCollector(html.parser.HTMLParser):
    """Every src and href value in a document."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls.extend(value for name, value in attrs if name in ("src", "href") and value)


def site_host() -> str:
    """The host of the site_url the site was built for (SITE_URL; canonical links point there; it is our own):
    the built sitemap lists it."""
    match = re.search(r"<loc>([^<]+)</loc>", (SITE / "sitemap.xml").read_text(encoding="utf-8"))
    return urlsplit(match.group(1)).netloc if match else ""


def test_built_html_links_to_no_other_host() -> None:
    """Assert no src or href in site/**/*.html is an absolute or protocol-relative URL to another host."""
    pages = sorted(SITE.glob("**/*.html"))
    assert pages, "site/ is not built: run scripts/build_site.py"
    own = site_host()
    foreign = []
    for path in pages:
        collector = UrlCollector()
        collector.feed(path.read_text(encoding="utf-8"))
        for url in collector.urls:
            parts = urlsplit(url.strip())
            if parts.netloc and parts.netloc != own:
                foreign.append(f"{path.relative_to(SITE)}: {url}")
    assert foreign == []


def test_built_css_loads_nothing_from_another_host() -> None:
    """Assert no stylesheet in site/ imports or points url() at another host (web fonts, CDNs)."""
    foreign = [
        f"{path.relative_to(SITE)}: {match.group(0)}"
        for path in sorted(SITE.glob("**/*.css"))
        for match in re.finditer(r"(?:url\(|@import\s+)['\"]?(?:https?:)?//[^)'\"\s]+", path.read_text(encoding="utf-8"))
    ]
    assert foreign == []


# The Readings ledger -------------------------------------------------------------------------


def test_readings_page_lists_every_reading_with_its_key_as_anchor() -> None:
    """Assert the built Readings page has one anchored entry per Reading, with its section and text."""
    from rules_core import READINGS

    page = (SITE / "readings" / "index.html").read_text(encoding="utf-8")
    for key, reading in READINGS.items():
        assert f'id="{key}"' in page, f"no anchor for Reading {key}"
        assert mechanics.cite_html(reading.section, "../dice/") in page  # its section, linked to How the dice work
        # The ledger text is HTML-escaped and may wrap: compare its words.
        words = html.unescape(re.sub(r"<[^>]+>", " ", page)).split()
        assert " ".join(reading.text.split()) in " ".join(words), f"text of Reading {key} missing"
    assert "<!-- readings-" not in page


def test_readings_hook_expands_the_ledger_marker() -> None:
    """Assert the hook replaces <!-- readings-ledger --> with a heading per Reading."""
    from rules_core import READINGS

    out = augment("# R\n\n<!-- readings-ledger -->\n", "readings.md", DOCS)
    assert "<!--" not in out
    assert [f"{{#{key}}}" in out for key in READINGS] == [True] * len(READINGS)


def test_readings_hook_fails_the_build_on_an_unknown_marker() -> None:
    """Assert a mistyped readings marker raises BuildError naming the page, the marker and its line."""
    with pytest.raises(BuildError, match=r"readings.md line 3: unknown marker <!-- readings-ledgr -->"):
        augment("# R\n\n<!-- readings-ledgr -->\n", "readings.md", DOCS)


# The dice page -------------------------------------------------------------------------------


@pytest.mark.parametrize("resolver", ["dice/unopposed", "dice/skill-test", "dice/opposed"])
def test_dice_page_has_each_resolver_marker_on_its_own_line(resolver: str) -> None:
    """Assert docs/dice.md holds the marker alone on a line with blank lines around it."""
    text = (DOCS / "dice.md").read_text(encoding="utf-8")
    assert f"\n\n<!-- resolver: {resolver} -->\n\n" in text


def best_magnitude(faces: tuple[int, ...]) -> int:
    """0 for [N], else the size of the largest set (capped at 4): the obvious way."""
    top = max(Counter(faces).values(), default=0)
    return min(4, top) if top >= 2 else 0


def test_dice_page_odds_table_matches_brute_force() -> None:
    """Assert each row of the "Dice read | [D+] | [T+]" table on docs/dice.md, counted over every roll."""
    text = (DOCS / "dice.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d) \| ([\d/]+)[^|]*\| ([\d/]+)[^|]*\|$", text, re.MULTILINE)
    assert len(rows) == 4, "the odds table on the dice page changed shape"
    for dice, doubles, triples in rows:
        rolls = list(itertools.product(range(1, 7), repeat=int(dice)))
        size = Counter(best_magnitude(roll) for roll in rolls)
        assert Fraction(doubles) == Fraction(size[2] + size[3] + size[4], len(rolls)), f"[D+] with {dice} dice"
        assert Fraction(triples) == Fraction(size[3] + size[4], len(rolls)), f"[T+] with {dice} dice"
