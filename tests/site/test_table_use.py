"""The site at the table, in Chromium on a 390x844 touch phone, in both colour schemes.

Search lands on the rule (through Material's instant navigation, which the test proves happened),
results name their page's game and version, the home page's links reach their entries, and a
State in the rule text opens its definition by tap and by keyboard, offline.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from tests.conftest import SITE
from tests.site.conftest import PageLog, phone_on_disk, watch
from tests.timing import ms

pytestmark = pytest.mark.browser

SCHEMES = ["light", "dark"]


@pytest.fixture(scope="module")
def phone_profiles() -> Iterator[dict[str, object]]:
    """One touch phone per colour scheme, shared by this module's tests, as a player's phone on a later
    visit (tests/site/conftest.py: profile("module")): the engine's first boot is paid once per scheme."""
    profiles: dict[str, object] = {}
    yield profiles
    for context in profiles.values():
        context.close()


@pytest.fixture(params=SCHEMES)
def phone_page(request, playwright, tmp_path_factory, phone_profiles: dict[str, object], site_url: str) -> Iterator[tuple[object, PageLog]]:
    """A new page on the touch phone in the light or the dark scheme."""
    if request.param not in phone_profiles:
        phone_profiles[request.param] = phone_on_disk(playwright, tmp_path_factory.mktemp(f"phone-{request.param}"),
                                                      color_scheme=request.param)
    log = PageLog()
    page = phone_profiles[request.param].new_page()
    page.set_default_timeout(60_000)  # a shared machine boots Pyodide slowly
    watch(page, log)
    yield page, log
    page.close()
    assert log.page_errors == [], "uncaught errors"
    assert log.foreign(site_url.rstrip("/")) == [], "requests to another origin"


HEADING_PLACE = """(id) => {
  const box = document.getElementById(id).getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, header: document.querySelector(".md-header").getBoundingClientRect().bottom,
          height: innerHeight, scrolled: scrollY};
}"""


def assert_heading_in_view(page, anchor: str) -> None:
    """Assert the heading is inside the viewport, wholly below the sticky header, and stays there."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        wait_for_heading_in_view(page, anchor)
    except PlaywrightTimeout:
        pytest.fail(f"#{anchor} never came into view below the header: {page.evaluate(HEADING_PLACE, anchor)}")
    # Layout that settles late (the engine and widgets loading) must not carry the heading away.
    page.wait_for_load_state("networkidle", timeout=ms(120_000))
    place = page.evaluate(HEADING_PLACE, anchor)
    assert place["header"] <= place["top"] and place["bottom"] <= place["height"], place
    assert place["top"] - place["header"] < 100, f"the heading is not at the top of the screen: {place}"


def wait_for_heading_in_view(page, anchor: str) -> None:
    page.wait_for_function(
        """(id) => {
          const heading = document.getElementById(id);
          if (!heading) return false;  // the new page is not in yet
          const box = heading.getBoundingClientRect();
          const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
          return box.top >= header && box.bottom <= innerHeight;
        }""",
        arg=anchor,
        timeout=ms(15_000),
    )


def search(page, query: str) -> None:
    """Open search from the header's magnifier and type the query as a player would (over the last one, which the
    theme keeps)."""
    page.locator("label.md-header__button[for='__search']").tap()
    field = page.locator("input.md-search__input")
    field.fill("")
    field.press_sequentially(query, delay=30)  # Material searches on keyup


def test_search_result_lands_on_the_boarded_heading(phone_page, site_url: str) -> None:
    """Assert tapping the "Boarded" result from the home page opens the Actions page, by instant
    navigation, with the Boarded heading in the viewport below the header, and that the result
    names its page's game and version."""
    from playwright.sync_api import expect

    page, _ = phone_page
    page.goto(site_url, wait_until="networkidle")
    page.evaluate("window.__sameDocument = true")
    search(page, "Boarded")
    boarded = "a[href*='jovian-wars/v1.2.4/actions/'][href$='#boarded']"
    # The entry named comes first (calculators/page/search.js pins it), saying its place and kind; the
    # theme's own result for its page says the page's place.
    result = page.locator(".md-search-result__item").first.locator(boarded)
    expect(result).to_be_visible(timeout=ms(15_000))
    expect(result.locator(".search-entry")).to_have_text("Jovian Wars v1.2.4 · Actions · State")
    item = page.locator(".md-search-result__item:not(.search-best)", has=page.locator(boarded))
    expect(item.locator(".search-place")).to_have_text("Jovian Wars v1.2.4 · Actions")

    result.tap()
    expect(page).to_have_url(re.compile(r"/jovian-wars/v1\.2\.4/actions/.*#boarded$"))
    expect(page.locator("article.md-content__inner h1")).to_have_text(re.compile("Action"))
    assert page.evaluate("window.__sameDocument === true"), "instant navigation did not happen: the page reloaded"
    assert_heading_in_view(page, "boarded")


def test_search_results_name_the_version_of_entries_both_versions_share(phone_page, site_url: str) -> None:
    """Assert "Launch" (an entry of v1.2.4 and of v1.2.1) lists both pages, each with its version."""
    from playwright.sync_api import expect

    page, _ = phone_page
    page.goto(site_url, wait_until="networkidle")
    search(page, "Launch")
    places = page.locator(".md-search-result__item .search-place")
    expect(places.filter(has_text="Jovian Wars v1.2.4 · Actions")).to_have_count(1, timeout=ms(15_000))
    expect(places.filter(has_text="Jovian Wars v1.2.1 · Special Actions")).to_have_count(1)


def test_a_direct_link_keeps_its_heading_in_view_while_widgets_mount(phone_page, site_url: str) -> None:
    """Assert opening actions/#ram directly shows the Ram heading below the header, and still does
    once the engine has loaded and the widgets above it have mounted."""
    page, _ = phone_page
    page.goto(site_url + "jovian-wars/v1.2.4/actions/#ram", wait_until="load")
    assert_heading_in_view(page, "ram")


HOME_LINKS = [
    ("Ram", "jovian-wars/v1.2.4/actions/", "ram"),
    ("Board", "jovian-wars/v1.2.4/actions/", "board"),
    ("Boarded", "jovian-wars/v1.2.4/actions/", "boarded"),
    ("Capital Ship Damage", "jovian-wars/v1.2.4/damage/", "capital-ship-damage"),
    ("Dice", "dice/", None),
    ("War Galley attack modes", "war-galley/aid/attack-modes/", None),
]


@pytest.mark.parametrize(("name", "path", "anchor"), HOME_LINKS, ids=[name for name, _, _ in HOME_LINKS])
def test_home_page_link_reaches_its_entry(phone_page, site_url: str, name: str, path: str, anchor: str | None) -> None:
    """Assert each one-tap link of the home page opens its page with its entry's heading in view."""
    from playwright.sync_api import expect

    page, _ = phone_page
    page.goto(site_url, wait_until="networkidle")
    link = page.locator("nav.home-links a", has_text=re.compile(f"^{re.escape(name)}$"))
    box = link.bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44, f"{name}: {box}"
    link.tap()
    expect(page).to_have_url(re.compile(re.escape(site_url + path) + (f"#{anchor}$" if anchor else "$")))
    if anchor:
        assert_heading_in_view(page, anchor)


def test_home_page_search_button_opens_search(phone_page, site_url: str) -> None:
    """Assert the home page's search button opens the search field, focused, ready to type."""
    from playwright.sync_api import expect

    page, _ = phone_page
    page.goto(site_url, wait_until="networkidle")
    page.get_by_role("button", name="Search the rules").tap()
    expect(page.locator("input.md-search__input")).to_be_focused()
    page.keyboard.type("Ram", delay=30)
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=ms(15_000))


def test_header_title_fits_a_phone(phone_page, site_url: str) -> None:
    """Assert the header's site title is shown whole (not cut off with an ellipsis) at 390 px."""
    page, _ = phone_page
    page.goto(site_url, wait_until="networkidle")
    title = page.locator(".md-header__topic").first.locator(".md-ellipsis")
    fits = title.evaluate("el => el.scrollWidth <= el.clientWidth")
    assert fits, "the header title is cut off at 390 px"


# Look-ups by tap ------------------------------------------------------------------------------


def glossary() -> dict[str, dict]:
    """The built glossary by term name."""
    return {term["name"]: term for term in json.loads((SITE / "assets" / "glossary.json").read_text())["terms"]}


def test_glossary_holds_the_states_and_traits_in_the_rules_words() -> None:
    """Assert the built glossary has the Boarded State with its table and first paragraph as the
    page writes them, and the Precise trait from the Traits glossary."""
    terms = glossary()
    boarded = terms["Boarded"]
    assert boarded["kind"] == "State" and boarded["url"] == "jovian-wars/v1.2.4/actions/#boarded"
    assert boarded["fields"] == [
        ["Requirements", "Boarded by enemy Marines"],
        ["Entering", "[Boarding] Action"],
        ["Cancellation", "Boarders: 0 or Marines: 0"],
    ]
    page = (SITE / "jovian-wars" / "v1.2.4" / "actions" / "index.html").read_text(encoding="utf-8")
    assert boarded["text"].startswith("At the start of of its Activation, a Boarded model must resolve a firefight")
    assert boarded["text"][:60] in re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page))
    assert terms["Precise"]["kind"] == "Trait" and terms["Precise"]["url"] == "jovian-wars/traits/#precise"
    assert terms["Targeted:X"]["match"] == ["Targeted"]


def go_offline_with_the_service_worker(page, context, url: str) -> None:
    """Load the page, wait until the service worker controls it, then cut the network."""
    page.goto(url, wait_until="load")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ms(120_000))
    page.reload(wait_until="load")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ms(60_000))
    context.set_offline(True)


def test_a_state_opens_its_definition_by_tap_offline(phone_page, site_url: str) -> None:
    """Assert, offline under the service worker, that tapping "Boarded" in the Board entry's text
    opens a popover with the State's definition and a link to its entry, and a tap outside closes it."""
    from playwright.sync_api import expect

    page, _ = phone_page
    go_offline_with_the_service_worker(page, page.context, site_url + "jovian-wars/v1.2.4/actions/")
    try:
        page.reload(wait_until="load")  # the page itself now comes from the service worker
        term = page.locator("#board ~ p a.term", has_text="Boarded").first
        expect(term).to_be_attached(timeout=ms(15_000))
        box = term.bounding_box()
        assert box and box["height"] >= 44, f"the term's tap area is {box}"
        term.scroll_into_view_if_needed()
        term.tap()
        popover = page.locator(".term-popover")
        expect(popover).to_be_visible()
        expect(popover).to_contain_text("Boarded · State")
        expect(popover).to_contain_text("Boarded by enemy Marines")
        expect(popover).to_contain_text("At the start of of its Activation")
        expect(popover.get_by_role("link", name="Read the full entry")).to_have_attribute("href", re.compile(r"actions/#boarded$"))
        assert page.evaluate("location.hash") == "", "the tap followed the link instead of opening the popover"
        page.mouse.click(5, 400)  # outside the popover: light dismiss
        expect(popover).to_be_hidden()
    finally:
        page.context.set_offline(False)


def test_a_trait_link_opens_its_popover_by_keyboard(phone_page, site_url: str) -> None:
    """Assert a link to the Traits glossary opens the trait's popover on Enter, offers the link,
    and Escape closes it and gives focus back to the term."""
    from playwright.sync_api import expect

    page, _ = phone_page
    page.goto(site_url + "jovian-wars/v1.2.4/actions/", wait_until="load")
    term = page.locator("a.term[href$='traits/#precise']").first
    expect(term).to_be_attached(timeout=ms(15_000))
    term.focus()
    page.keyboard.press("Enter")
    popover = page.locator(".term-popover")
    expect(popover).to_be_visible()
    expect(popover).to_contain_text("Precise · Trait")
    expect(popover.get_by_role("link", name="Open in the Traits glossary")).to_be_focused()
    page.keyboard.press("Escape")
    expect(popover).to_be_hidden()
    expect(term).to_be_focused()
    assert re.search(r"/actions/$", page.url), "Enter followed the link instead of opening the popover"


# From the first parse, a block at the top of the article grows by 10 px every 50 ms: the page's layout keeps changing,
# as a slow phone's widgets and odds do, so the landing (calculators/page/landing.js) keeps holding its target.
GROWING_ABOVE = """addEventListener("DOMContentLoaded", () => {
  const block = document.createElement("div");
  document.querySelector("article").prepend(block);
  window.grown = 0;
  setInterval(() => { window.grown += 10; block.style.height = `${window.grown}px`; }, 50);
});"""
GROWN_BY = "([from, by]) => window.grown >= from + by"
MOVED_AWAY = 400
"""How far the page is scrolled by a script, as Playwright scrolls a link into view or a focus moves the page: no
scroll event of the reader's that would stop the landing."""


def test_a_finger_put_down_stops_the_landing_from_moving_the_page(phone_page, site_url: str) -> None:
    """Assert: a page opened at #boarded, its layout still changing, brings the heading back when a script scrolls the
    page away (the landing holds it: a control); once the reader's finger is down (a touch started, not yet a scroll
    nor a tap's click), it never does: the page stays where it was when the finger came down. Before, only a scroll,
    a key or a mouse press stopped the holding, so a layout change between a tap's touch and its click could move
    the link being tapped from under the finger (seen once in CI: a tap on "Back to the fleet" that did not navigate)."""
    page, _ = phone_page
    page.add_init_script(GROWING_ABOVE)
    page.goto(site_url + "jovian-wars/v1.2.4/actions/#boarded")
    wait_for_heading_in_view(page, "boarded")
    held_at = page.evaluate(HEADING_PLACE, "boarded")["top"]

    def scrolled_away_then_grown() -> dict[str, float]:
        page.evaluate(f"window.scrollBy(0, {MOVED_AWAY})")
        page.wait_for_function(GROWN_BY, arg=[page.evaluate("window.grown"), 100], polling="raf")
        return page.evaluate(HEADING_PLACE, "boarded")

    back = scrolled_away_then_grown()
    assert abs(back["top"] - held_at) < 30, f"the landing did not bring the heading back (a control): from {held_at} to {back}"
    touch = page.context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": 195, "y": back["header"] + 200}]})
    try:
        stayed = scrolled_away_then_grown()
        assert stayed["top"] < held_at - MOVED_AWAY + 30, f"the page moved under the finger, back to the heading: {stayed}"
    finally:
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


DRAWN_IN_VIEW = """() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const inView = [...document.querySelectorAll(".md-content__inner > *")].filter((block) => {
    const box = block.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight;
  });
  resolve(inView.length > 0 && inView.every((block) => block.checkVisibility({ contentVisibilityAuto: true })));
})))"""
"""Every block of the article in view is drawn, not a placeholder (extra.css: blocks are drawn only near the view), two
frames after the page moved: so the page's offsets are the ones the reader sees."""


PLACE_NOW = """() => {
  const blocks = [...document.querySelectorAll(".md-content__inner > *")];
  const place = history.state && history.state.place;
  const kept = place && blocks[blocks.length - place.fromEnd];
  const ram = document.querySelector('[data-resolver="jovian-wars/v1.2.4/ram"]');
  return {state: history.state, scrolled: scrollY, keptTop: kept && kept.getBoundingClientRect().top,
          kept: kept && (kept.dataset.resolver || kept.id || kept.tagName), ramTop: ram.getBoundingClientRect().top,
          placeholders: blocks.filter((block) => !block.checkVisibility({ contentVisibilityAuto: true })).length};
}"""
"""Where the page stands against the place its history entry keeps, for a failure's message."""


def type_in_the_ram(page, site_url: str):
    """Open Actions afresh, type 33 in the Ram's keypad and bring it into view: (the keypad, where it stands on the
    screen, the page's URL, which keeps the dice in its fragment)."""
    from playwright.sync_api import expect

    from tests.site.test_widgets import open_widget

    page.goto(site_url + "jovian-wars/v1.2.4/actions/")
    root = open_widget(page, "jovian-wars/v1.2.4/ram")
    pad = root.locator('fieldset[data-faces="skill_roll.dice"]')
    expect(pad.locator('[data-region="needed"]')).to_have_text("0 of 3", timeout=ms(180_000))
    pad.locator('[data-region="digits"]').fill("33")
    expect(pad.locator('[data-region="typed"]')).to_have_text("3 3")
    pad.scroll_into_view_if_needed()
    page.wait_for_function(DRAWN_IN_VIEW, polling=100)
    return pad, pad.bounding_box()["y"], page.url


@pytest.mark.parametrize("phone_page", ["light"], indirect=True)
def test_a_jump_within_the_page_keeps_what_the_reader_typed(phone_page, site_url: str) -> None:
    """Assert: with dice typed in the Ram on a freshly opened Actions page, the search's "Boarded" result (on this
    page) scrolls to its heading, and Back returns to where the reader was, with the dice still typed and the page
    never fetched again. Before scripts/build/theme_bundle.py's mends, the theme's instant navigation took the first
    location of a freshly opened page for a new page, even one on the same page: it fetched the page and replaced
    its content, every resolver built anew, its typed dice gone; and Back from a search result opened the page at
    its top (the offset the theme saved for Back was read under the search's lock of the page)."""
    from playwright.sync_api import expect

    page, _ = phone_page
    pad, where_typed, typed_at = type_in_the_ram(page, site_url)
    page.evaluate("window.__sameDocument = true")
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if "/actions/" in request.url else None)

    search(page, "Boarded")
    result = page.locator(".md-search-result__item").first.locator("a[href$='#boarded']")
    expect(result).to_be_visible(timeout=ms(15_000))
    result.tap()
    expect(page).to_have_url(re.compile(r"/actions/#boarded$"))
    wait_for_heading_in_view(page, "boarded")
    page.wait_for_function(DRAWN_IN_VIEW, polling=100)  # the reader reads the rule
    expect(pad.locator('[data-region="typed"]')).to_have_text("3 3")
    # Read on, then asked for again, by a tap on its result and by name (Enter): each brings its heading back and adds
    # no step to the history. (The theme alone steps back the entry its link made and scrolls while search locks the
    # page: on a slow phone the page stayed where it was.)
    for how in ("tap", "Enter"):
        page.mouse.wheel(0, 1500)
        page.wait_for_function("() => document.getElementById('boarded').getBoundingClientRect().bottom < 0")
        search(page, "Boarded")
        result = page.locator(".md-search-result__item").first.locator("a[href$='#boarded']")
        expect(result).to_be_visible(timeout=ms(15_000))
        page.wait_for_function("() => document.body.hasAttribute('data-md-scrolllock')")  # as on a phone: locked by now
        result.tap() if how == "tap" else page.locator("input.md-search__input").press("Enter")
        try:
            wait_for_heading_in_view(page, "boarded")
        except Exception:
            pytest.fail(f"asked for again by {how}, Boarded did not come back into view: {page.evaluate(HEADING_PLACE, 'boarded')}")
        expect(page).to_have_url(re.compile(r"/actions/#boarded$"))
        page.wait_for_function(DRAWN_IN_VIEW, polling=100)

    page.go_back()
    expect(page).to_have_url(typed_at)
    expect(pad.locator('[data-region="typed"]')).to_have_text("3 3")
    page.wait_for_function(DRAWN_IN_VIEW, polling=100)
    back_at = pad.bounding_box()["y"]
    assert abs(back_at - where_typed) < 2, f"Back put the keypad at {back_at} px on the screen, not {where_typed} as it was"
    assert page.evaluate("window.__sameDocument === true"), "the page was loaded again"
    assert fetched == [], f"the page was fetched again: {fetched}"


@pytest.mark.parametrize("phone_page", ["light"], indirect=True)
def test_back_from_another_page_returns_to_the_readers_place(phone_page, site_url: str) -> None:
    """Assert: with dice typed in the Ram, a rule read on another page (a search result) and then Back show the Ram's
    keypad where it stood on the screen, its dice typed (the theme loads the page again and the Ram is built anew from
    its link). Before, the theme scrolled to the offset it saved, read under the search's lock of the page (0), and
    the page's landing then put the Ram's top under the header, its keypad a screen and more below, as if its link
    had just been opened (a history entry's fragment taken for a link)."""
    from playwright.sync_api import expect

    page, _ = phone_page
    pad, where_typed, typed_at = type_in_the_ram(page, site_url)
    search(page, "Destroyed")
    result = page.locator(".md-search-result__item").first.locator("a[href*='/damage/']")
    expect(result).to_be_visible(timeout=ms(15_000))
    result.tap()
    expect(page).to_have_url(re.compile(r"/damage/#"))
    page.wait_for_function(DRAWN_IN_VIEW, polling=100)
    page.go_back()
    expect(page).to_have_url(typed_at)
    expect(pad.locator('[data-region="typed"]')).to_have_text("3 3")  # the Ram built anew, from its link
    page.wait_for_load_state("networkidle")
    page.wait_for_function(DRAWN_IN_VIEW, polling=100)
    back_at = pad.bounding_box()["y"]
    assert abs(back_at - where_typed) < 2, (f"Back from another page put the keypad at {back_at} px, not {where_typed}: "
                                            f"{page.evaluate(PLACE_NOW)}")
