"""axe-core in Chromium at 390x844 with touch, both colour schemes: no serious or critical violation.

axe-core is a pinned npm devDependency injected by the test (scripts/bench/axe_report.py), never part of
the site. This file covers every page as it loads and with its widgets opened with the engine live; page-level
checks of the whole page join it (the page owner adds them here).
"""

from __future__ import annotations

import pytest

from scripts.bench.axe_report import ISSUE_PAGES, WIDGETS, audit_both_schemes, axe_violations, open_every_widget, pages_of
from tests.site.conftest import expect
from tests.site.test_widgets import BOOT_MS

pytestmark = pytest.mark.browser

TAP_PX = 44
SERIOUS = ("serious", "critical")


def serious(found: list[dict[str, object]]) -> list[dict[str, object]]:
    return [v for v in found if v["impact"] in SERIOUS]


def small_targets(root) -> list[str]:
    """Visible buttons, links, fields and toggles of a widget smaller than 44x44 px. A term look-up in a label or a
    step is a word of its sentence (WCAG 2.5.8's inline exception): a 44 px box there would cover the next line's."""
    return root.evaluate(
        f"""node => [...node.querySelectorAll("button, a[href]:not(.term), input, select, summary")]
            .filter((t) => t.getClientRects().length && getComputedStyle(t).visibility !== "hidden")
            .map((t) => [t, t.getBoundingClientRect()])
            .filter(([, r]) => r.width < {TAP_PX} - 0.5 || r.height < {TAP_PX} - 0.5)
            .map(([t, r]) => `${{t.tagName}} "${{(t.textContent || t.getAttribute("aria-label") || "").trim().slice(0, 30)}}" ${{Math.round(r.width)}}x${{Math.round(r.height)}}`)"""
    )


def test_every_page_passes_axe_with_its_widgets_open(browser, site_dir, site_url):
    """Assert, in Material's "slate" (dark) and "default" (light) schemes, on every page with widgets opened live
    (More, the folded odds and the exact fractions shown; the page as it loads, before any engine answer, is
    tests/site/test_first_paint.py's): on Home, Actions, Damage, Dice, Dogfight, the galley aid and the
    changes page (ISSUE_PAGES) every widget, and none of any impact on the whole page; elsewhere the first widget,
    with no serious or critical one in it; the first widget's targets are 44 px. One load per page serves every
    audit of both schemes."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  color_scheme="dark")
    problems: dict[str, object] = {}
    try:
        page = context.new_page()
        for path in pages_of(site_dir):
            page.goto(site_url + path)
            page.wait_for_load_state("load")
            expect()(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
            if not page.locator(WIDGETS).count():
                continue
            # Every widget of the issue pages; elsewhere the first (the widgets of a kind are drawn by one code).
            first = f'[data-resolver="{page.locator(WIDGETS).first.get_attribute("data-resolver")}"]'
            open_every_widget(page, BOOT_MS * 2, WIDGETS if path in ISSUE_PAGES else first)
            opened = audit_both_schemes(page, None if path in ISSUE_PAGES else first)
            for scheme, found in opened.items():
                found = found if path in ISSUE_PAGES else serious(found)
                if found:
                    problems[f"/{path} opened ({scheme})"] = found
            small = small_targets(page.locator(WIDGETS).first)
            if small:
                problems[f"/{path} targets under {TAP_PX} px"] = small
    finally:
        context.close()
    assert problems == {}


# Which table boxes scroll sideways, every box laid out for the measure (off-screen ones are not:
# extra.css gives them content-visibility: auto, and an unrendered box does not know its width).
TRUE_SCROLLERS = """() => {
  const style = document.createElement("style");
  style.textContent = ".md-typeset__scrollwrap { content-visibility: visible !important; }";
  document.head.append(style);
  const wide = [...document.querySelectorAll(".md-typeset__scrollwrap")].map((box) => box.scrollWidth > box.clientWidth);
  style.remove();
  return wide;
}"""


def test_every_wide_table_is_reachable_by_keyboard_even_far_below_the_view(browser, site_url):
    """Assert: on a phone, each table box that scrolls sideways (10 of the Actions page's 36, most
    of them screens below the first) gets tabindex 0, a region role and a name, and no other box
    does: the boxes away from the view are measured, although they are not rendered until reached."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(site_url + "jovian-wars/v1.2.4/actions/")
        wide = page.evaluate(TRUE_SCROLLERS)
        assert sum(wide) >= 5 and not all(wide), wide  # the page still has both kinds
        # page-a11y.js marks them once the engine's first answers are out (or it failed), at idle.
        page.wait_for_function("() => document.querySelector('.md-typeset__scrollwrap[tabindex]')", timeout=BOOT_MS)
        marked = page.evaluate("""() => [...document.querySelectorAll(".md-typeset__scrollwrap")].map((box) =>
            box.getAttribute("tabindex") === "0" && box.getAttribute("role") === "region" && box.getAttribute("aria-label").startsWith("Table"))""")
        assert marked == wide
        below = page.evaluate("""() => [...document.querySelectorAll(".md-typeset__scrollwrap[tabindex]")]
            .filter((box) => box.getBoundingClientRect().top > 2 * innerHeight).length""")
        assert below >= 3, "the wide tables should include some far below the first screen"
    finally:
        context.close()


BADGE_OVERLAPS = """(badge) => {
  // every line of text in the article but the badge's own: none may share a pixel with the badge
  const b = badge.getBoundingClientRect();
  const article = document.querySelector("article.md-content__inner");
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  const hits = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (badge.contains(node) || !node.data.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width && r.height && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) hits.push(node.data.trim().slice(0, 40));
    }
  }
  return hits;
}"""


BADGE_AT = """window.badgeAt = null; new MutationObserver((_, observer) => {
  if (document.querySelector("[data-offline]")) { window.badgeAt = performance.now(); observer.disconnect(); }
}).observe(document, {childList: true, subtree: true});"""
"""Record when the badge comes (it comes seconds after a first visit's load)."""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_available_offline_shows_on_a_first_visit_home_covering_nothing_at_full_contrast(browser, site_url, scheme):
    """Assert a first visit to the home page (no resolvers there) ends in "Available offline"; its coming moves none
    of the article's blocks (floated beside the long title it made the title wrap: a layout shift of 0.03); the badge
    covers no text at the top of the page nor scrolled, stays fully opaque (no fade), and axe finds no contrast or
    region issue."""
    from tests.site.test_first_paint import RECORD_SHIFTS, SHIFTED
    from tests.site.test_offline import PRECACHE_MS

    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  color_scheme=scheme)
    context.add_init_script(RECORD_SHIFTS)
    context.add_init_script(BADGE_AT)
    try:
        page = context.new_page()
        page.goto(site_url)
        badge = page.locator("[data-offline]")
        expect()(badge).to_have_text("Available offline", timeout=PRECACHE_MS)
        after = [shift for shift in page.evaluate(SHIFTED) if shift["at"] >= page.evaluate("window.badgeAt") - 1]
        assert sum(shift["value"] for shift in after) < 0.001, after
        expect()(badge).to_have_attribute("role", "status")
        expect()(badge).to_be_in_viewport()
        assert badge.evaluate(BADGE_OVERLAPS) == []
        page.mouse.wheel(0, 600)
        assert badge.evaluate(BADGE_OVERLAPS) == []
        # no fade is scheduled at all (the old toast faded out after 5 s, through colours that failed contrast)
        style = "(b) => [getComputedStyle(b).opacity, getComputedStyle(b).animationName, getComputedStyle(b).transitionDuration, b.getAnimations().length]"
        assert badge.evaluate(style) == ["1", "none", "0s", 0]
        found = axe_violations(page, None)
        assert [v for v in found if v["id"] in ("color-contrast", "region")] == [], found
    finally:
        context.close()
