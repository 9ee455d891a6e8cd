"""Nothing of the page waits on the engine (issue 34, point 2): with the engine's worker never answering, the terms
answer a tap, the wide tables take the keyboard, search finds an entry and the build's odds show, within a second of
the page's load; axe-core finds nothing of any impact on any page then; and a long page makes its widgets as they
come near the view, not all at load. At 390x844 with touch.

The engine is held by serving its worker a script that never answers (the page's head starts it as usual), with
no service worker (it would answer the worker's script from its precache, past the route)."""

from __future__ import annotations

import re

import pytest

from scripts.bench.axe_report import audit_both_schemes, pages_of
from tests.site.conftest import PHONE, expect
from tests.site.test_search import open_search
from tests.timing import ms

pytestmark = pytest.mark.browser

ACTIONS = "jovian-wars/v1.2.4/actions/"
DAMAGE = "jovian-wars/v1.2.4/damage/"
HELD_WORKER = "/* The engine held: this worker never answers. */"
FIRST_PAINT_MS = ms(1_000)
"""How long after its load a page may take to be whole (terms, table boxes): the engine's boot is seconds."""
COMPLETE = "() => document.querySelector('article.md-content__inner[data-page-complete]') !== null"
NO_ANSWER = "() => !window.rulesEngine || !window.rulesEngine.answered"


def held_engine_context(browser, **options):
    """A phone profile whose engine worker never answers, and no service worker."""
    context = browser.new_context(**{**PHONE, **options}, service_workers="block")
    context.route("**/assets/calculators/worker/worker.js", lambda route: route.fulfill(body=HELD_WORKER, content_type="text/javascript"))
    return context


def test_terms_tables_search_and_baked_odds_work_with_the_engine_never_answering(browser, site_url) -> None:
    """Assert, with the engine held: within a second of the Damage page's load, "Crippled" in the rule text is a term
    and a tap opens its definition; on Actions, within a second of its load, the table boxes that scroll sideways are
    named regions the keyboard reaches;
    the first block's glance shows the build's odds, and opened, its odds table; search finds "Ram"; and the engine
    has answered nothing all along."""
    context = held_engine_context(browser)
    try:
        page = context.new_page()
        page.goto(site_url + DAMAGE)
        term = page.locator("article a.term:visible", has_text=re.compile(r"^Crippled$")).first
        expect()(term).to_be_attached(timeout=FIRST_PAINT_MS)
        term.tap()
        popover = page.locator("#term-popover")
        expect()(popover).to_be_visible()
        expect()(popover).to_contain_text("Crippled")
        assert page.evaluate(NO_ANSWER)
        page.goto(site_url + ACTIONS)
        page.wait_for_function(COMPLETE, timeout=FIRST_PAINT_MS)
        boxes = page.locator(".md-typeset__scrollwrap[tabindex='0'][role='region']")
        assert boxes.count() >= 5  # Actions has ten tables wider than a phone
        assert boxes.evaluate_all("(boxes) => boxes.every((box) => box.getAttribute('aria-label').startsWith('Table'))")
        first_box = boxes.first
        first_box.focus()
        expect()(first_box).to_be_focused()
        glance = page.locator("[data-resolver] [data-region='glance']").first
        expect()(glance).to_contain_text("%")
        root = page.locator("[data-resolver]").first
        root.locator("summary.resolver__open").tap()
        expect()(root.locator("[data-region='odds'] tr[data-p]").first).to_be_visible()
        open_search(page, zensical=False).press_sequentially("Ram", delay=0)
        first = page.locator(".md-search-result__item .md-search-result__link").first
        expect()(first).to_have_attribute("href", re.compile(r"jovian-wars/v1\.2\.4/actions/#ram$"))
        assert page.evaluate(NO_ANSWER)
    finally:
        context.close()


# Every layout shift of the article's blocks (a shift whose every moved node is in the article), with the blocks it
# moved, from the page's first paint (input or not: a test has none). Not the page's frame: under load Chromium drew,
# 1 load in about 12, one frame of the whole page unstyled (a shift of 1 and back, the header and body moved; the
# build before these checks too), which is not the page's doing.
RECORD_SHIFTS = """window.shifts = []; const inArticle = (node) => Boolean(node && (node.nodeType === 1 ? node : node.parentElement)?.closest("article"));
new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (entry.sources.every((s) => inArticle(s.node)))
  window.shifts.push({value: entry.value, at: Math.round(entry.startTime), moved: entry.sources.map((s) => `${s.node?.nodeName}${s.node?.className ? "." + s.node.className : ""} ${Math.round(s.previousRect.y)}+${Math.round(s.previousRect.height)} -> ${Math.round(s.currentRect.y)}+${Math.round(s.currentRect.height)}`)});
}).observe({type: "layout-shift", buffered: true});"""
SHIFTED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(window.shifts))))"
MOST_SHIFT = 0.25
"""The most a page may shift in all, from its first paint to whole: below Web Vitals' "poor" (0.25). Quiet, every page
shifts by less than 0.001. Under two busy loops two shifts of the theme's own start remain, left for now: a paint before
the fleet's first drawing moves the Fleet page's notes (0.04), and in 1 load of 8 the traits page's text is drawn a
line shorter for one frame and back (0.058 twice). The galley page's scroll box shifted it by 0.996."""


def test_every_page_a_second_after_load_has_not_shifted_and_axe_finds_nothing_before_any_engine_answer(browser, site_dir, site_url) -> None:
    """Assert, on every page with the engine held: the page is whole (terms marked, table boxes named) within a second
    of its load; it has shifted by less than MOST_SHIFT in all since its first paint (the theme's scroll boxes, made
    after it, once pulled up the galley page's first screen for a frame: a shift of 0.996); and axe-core then finds no violation of any
    impact in either colour scheme (one load per page: the scheme switched as Material's toggle does), the engine
    having answered nothing."""
    context = held_engine_context(browser, color_scheme="dark")
    context.add_init_script(RECORD_SHIFTS)
    problems: dict[str, object] = {}
    try:
        page = context.new_page()
        for path in pages_of(site_dir):
            page.goto(site_url + path)
            page.wait_for_function(COMPLETE, timeout=FIRST_PAINT_MS)
            shifted = page.evaluate(SHIFTED)
            total = sum(shift["value"] for shift in shifted)
            if total >= MOST_SHIFT:  # the total first, then the largest shifts, each with the blocks it moved
                problems[f"/{path} (layout shifts)"] = [round(total, 3), *sorted(shifted, key=lambda shift: -shift["value"])[:4]]
            for scheme, found in audit_both_schemes(page).items():
                if found:
                    problems[f"/{path} ({scheme})"] = found
            assert page.evaluate(NO_ANSWER), path
    finally:
        context.close()
    assert problems == {}


MADE = "() => [...document.querySelectorAll('[data-resolver]')].map((root) => Boolean(root.widget))"


def test_a_long_page_makes_its_widgets_as_they_come_near_the_view(browser, site_url) -> None:
    """Assert, on Actions (37 blocks), once the page is whole: the blocks near the top have their widget made and
    drawn, most others none; the last block gets its widget, drawn, once scrolled to; and a block reached by the
    keyboard gets its widget at once."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(site_url + ACTIONS)
        page.wait_for_function(COMPLETE)
        # The blocks near the view are made once the browser is idle after they are seen (widget.js mountAll).
        page.wait_for_function("() => Boolean(document.querySelector('[data-resolver]').widget)")
        made = page.evaluate(MADE)
        assert len(made) >= 30 and made[0] and sum(made) < len(made) / 2, made
        last = page.locator("[data-resolver]").last
        assert made[-1] is False
        last.scroll_into_view_if_needed()
        expect()(last).to_have_attribute("data-mounted", "")
        assert page.evaluate(MADE)[-1] is True
        # The keyboard reaches a block far from the view (its Resolve focused): it is made at once.
        middle = page.evaluate(MADE).index(False)
        page.locator("[data-resolver]").nth(middle).locator("summary.resolver__open").evaluate("(summary) => summary.focus({preventScroll: true})")
        expect()(page.locator("[data-resolver]").nth(middle)).to_have_attribute("data-mounted", "")
    finally:
        context.close()
