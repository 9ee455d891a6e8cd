"""Search finds the rule, in the MkDocs (Material) build; tests/site/test_zensical.py runs the same
walks on the Zensical build.

- Every rules entry, every Trait and every Damage term: its exact name typed into the search field
  and Enter opens its page with its heading in the viewport. One page walks them all (the field
  is filled, Enter pressed, the heading checked, then the next name from wherever that left us).
  Where two entries share a name, the bare name opens the newest Jovian Wars version's (v1.2.4,
  then v1.2.1, then War Galley), and "<name> v1.2.1" or "<name> galley" opens the other.
- The entry named is the first result, above Readings and the changes page, labelled with its
  game, version and kind.
- The resolver blocks (form labels, baked odds, Readings lists) are not in the search index.
- A rules page's title and header name its version: "Actions · v1.2.4".
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from scripts.build.entries import load_entries
from scripts.build.search_entries import search_entries
from tests.conftest import DOCS
from tests.site.conftest import PHONE
from tests.timing import ms

PREFERENCE = [("jovian-wars", "v1.2.4"), ("jovian-wars", "v1.2.1"), ("war-galley", "aid")]
"""Which entry a bare name shared by several opens: the first of these."""
QUALIFIER = {("jovian-wars", "v1.2.4"): "v1.2.4", ("jovian-wars", "v1.2.1"): "v1.2.1", ("war-galley", "aid"): "galley"}

WIDGET_TEXT = ["Boxes left in System Trait 1", "Defense boxes left", "Exact fractions", "Readings this resolver takes"]
"""Text only the resolver blocks hold (form labels, the fractions toggle, the Readings list)."""

TITLES = {
    "jovian-wars/v1.2.4/actions/index.html": "Actions · v1.2.4",
    "jovian-wars/v1.2.4/damage/index.html": "Damage · v1.2.4",
    "jovian-wars/v1.2.4/dogfight/index.html": "Dogfight · v1.2.4",
    "jovian-wars/v1.2.1/special-actions/index.html": "Special Actions · v1.2.1",
    "war-galley/aid/attack-modes/index.html": "Attack modes · War Galley",
}


@dataclass(frozen=True)
class Case:
    query: str
    path: str
    """The page's path below the site root: "jovian-wars/v1.2.4/actions/"."""
    slug: str


def walk_cases() -> list[Case]:
    """Every rules entry (bare name for the preferred one, name + qualifier for the other), then
    every Trait and Damage term the search names list holds."""
    entries = load_entries(DOCS)
    preferred: dict[str, tuple[str, str]] = {}
    for entry in sorted(entries, key=lambda e: PREFERENCE.index((e.game, e.version))):
        preferred.setdefault(entry.name.lower(), (entry.game, entry.version))
    cases = []
    for entry in entries:
        where = (entry.game, entry.version)
        query = entry.name if preferred[entry.name.lower()] == where else f"{entry.name} {QUALIFIER[where]}"
        cases.append(Case(query, f"{entry.game}/{entry.version}/{entry.page}/", entry.slug))
    names = {entry.name.lower() for entry in entries}
    for record in search_entries(DOCS)["entries"]:
        if record["name"].lower() not in names:  # the Traits and the Damage terms
            path, _, slug = record["url"].partition("#")
            cases.append(Case(record["name"], path, slug))
    return cases


CASES = walk_cases()

HEADING_IN_VIEW = """([path, slug]) => {
  if (!location.pathname.endsWith("/" + path) || decodeURIComponent(location.hash) !== "#" + slug) return false;
  if (document.getElementById("__search")?.checked && document.querySelector(".md-search__input")) return false;  // Material's search still open
  if ([...document.body.children].some((e) => e.shadowRoot?.querySelector("dialog[open]"))) return false;  // Zensical's
  const heading = document.getElementById(slug);
  if (!heading) return false;
  const box = heading.getBoundingClientRect();
  const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
  return box.top >= header - 1 && box.bottom <= visualViewport.height;  // what the reader sees (innerHeight can be more)
}"""

WHERE = """(slug) => { const h = document.getElementById(slug);
  return {url: location.href, top: h && h.getBoundingClientRect().top, height: visualViewport.height, layoutWidth: innerWidth,
    header: document.querySelector(".md-header").getBoundingClientRect().bottom,
    searchOpen: !!document.getElementById("__search")?.checked, scrollLock: document.body.hasAttribute("data-md-scrolllock"),
    focus: document.activeElement?.outerHTML.slice(0, 80)}; }"""


def search_field(page, zensical: bool):
    return page.locator("dialog input[role='combobox']" if zensical else "input.md-search__input")


def open_search(page, zensical: bool):
    """Open search from the header's magnifier; the field, emptied."""
    from playwright.sync_api import expect

    page.locator("label.md-header__button[for='__search']").tap()
    field = search_field(page, zensical)
    expect(field).to_be_visible(timeout=ms(10_000))
    expect(field).to_be_editable(timeout=ms(10_000))
    field.fill("", timeout=ms(10_000))
    return field


def walk(page, site_url: str, cases: list[Case], zensical: bool = False) -> list[str]:
    """Search each case's query, press Enter, wait for its heading in view; the cases that failed."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(site_url, wait_until="networkidle")
    page.wait_for_function("() => !!document.documentElement.dataset.searchWatched")
    failed = []
    for case in cases:
        try:
            field = open_search(page, zensical)
        except PlaywrightTimeout:
            # Zensical's dialog can stay inert after a navigation it started (its own quirk, seen under load):
            # the search is tried again from a fresh page, so only a wrong landing counts as a failure.
            page.goto(site_url, wait_until="networkidle")
            field = open_search(page, zensical)
        field.fill(case.query)
        field.press("Enter")
        try:
            page.wait_for_function(HEADING_IN_VIEW, arg=[case.path, case.slug], timeout=ms(10_000))
        except PlaywrightTimeout:
            failed.append(f"{case.query!r} -> {case.path}#{case.slug}: {page.evaluate(WHERE, case.slug)}")
            page.goto(site_url, wait_until="networkidle")  # start the next one afresh
    return failed


# Both themes' search workers (Material's and Zensical's workers/search.*.js) answer each message with one:
# a set-up with "ready", a query with its results. Counted, and a frame painted after the last answer (the
# theme renders it, calculators/search.js labels and pins it on the list's mutations), so a test reads the
# results of the last query typed, not of a prefix of it still on screen. Installed before the page loads.
WATCH_SEARCH_WORKER = """(() => {
  const watch = window.searchWorker = { posted: 0, answered: 0, painted: 0 };
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      if (!String(url).includes("workers/search")) return;
      this.postMessage = (message, ...rest) => { watch.posted += 1; return super.postMessage(message, ...rest); };
      this.addEventListener("message", () => {
        const answer = (watch.answered += 1);
        requestAnimationFrame(() => requestAnimationFrame(() => { watch.painted = Math.max(watch.painted, answer); }));
      });
    }
  };
})();"""


def first_results(page, query: str, zensical: bool) -> list[dict[str, str]]:
    """Type the query as a player would; the results of the whole query, once shown (href, label text), first first.
    The page must have WATCH_SEARCH_WORKER."""
    field = open_search(page, zensical)
    field.press_sequentially(query, delay=20)
    script = """([zensical, query]) => {
      const root = zensical ? [...document.body.children].map((e) => e.shadowRoot).find((r) => r?.querySelector("dialog")) : document;
      const field = zensical ? root.querySelector("dialog input") : root.querySelector("input.md-search__input");
      const links = zensical ? root.querySelectorAll("ol[role='listbox'] > li > a[href]")
                             : root.querySelectorAll(".md-search-result__item .md-search-result__link");
      const worker = window.searchWorker;
      const settled = worker.posted > 0 && worker.answered === worker.posted && worker.painted === worker.answered;
      if (field.value !== query || !settled || links.length < 2) return null;
      return [...links].map((a) => ({href: a.href, text: a.textContent.replace(/\\s+/g, " ").trim(),
        label: zensical ? [...a.querySelectorAll("menu li")].map((li) => li.textContent.trim()).join(" · ")
                        : a.querySelector(".search-entry, .search-place")?.textContent ?? ""}));
    }"""
    return page.wait_for_function(script, arg=[zensical, query], timeout=ms(15_000)).json_value()


RANKED = [
    ("Ram", "jovian-wars/v1.2.4/actions/#ram", "Jovian Wars v1.2.4 · Actions · Action"),
    ("Crippled", "jovian-wars/v1.2.4/damage/#structure-damage", "Jovian Wars v1.2.4 · Damage · Term, in Structure Damage"),
    ("Boarded", "jovian-wars/v1.2.4/actions/#boarded", "Jovian Wars v1.2.4 · Actions · State"),
    ("Boost v1.2.1", "jovian-wars/v1.2.1/special-actions/#boost", "Jovian Wars v1.2.1 · Special Actions · Action"),
    ("Ram galley", "war-galley/aid/attack-modes/#ram", "War Galley Player aid · Attack modes · Attack mode"),
    ("Catapult", "jovian-wars/traits/#catapult", "Jovian Wars · Traits glossary · Trait"),
]


def check_ranking(page, site_url: str, zensical: bool) -> None:
    """Assert each RANKED query's first result is its entry, with its label, and that every result
    linking to a rules entry names the entry's game, version and kind."""
    page.add_init_script(WATCH_SEARCH_WORKER)
    page.goto(site_url, wait_until="networkidle")
    records: dict[str, dict] = {}
    for record in search_entries(DOCS)["entries"]:
        records.setdefault(record["url"], record)  # an entry before a Damage term at its heading
    for query, url, label in RANKED:
        results = first_results(page, query, zensical)
        first = results[0]
        assert first["href"].endswith(url), (query, results[:3])
        assert first["label"] == label, (query, first)
        for result in results[1:]:  # the theme's own results
            href = urlsplit(result["href"])
            path = f"{href.path.removeprefix(urlsplit(site_url).path)}#{href.fragment}"
            if path in records:
                kind = records[path]["label"].split(" · ")[-1]
                if zensical:  # Zensical's own path (game, version, page), then the kind
                    assert result["label"].endswith(kind), (query, result)
                else:
                    assert result["label"] == records[path]["label"], (query, result)
        page.keyboard.press("Escape")


# ---- MkDocs build ------------------------------------------------------------------------------


@pytest.mark.browser
def test_every_entry_opens_by_its_name_and_enter(page, page_log, site_url: str) -> None:
    """Assert each of the ~100 names, typed and entered, opens its entry's page with the heading in view."""
    assert len(CASES) >= 95
    failed = walk(page, site_url, CASES)
    assert failed == [], f"{len(failed)} of {len(CASES)} names did not land:\n" + "\n".join(failed)
    assert page_log.page_errors == []


# The layout viewport's width, read while search is open: a page that can zoom out below its width gets a layout viewport
# as wide as what overflows it, and the theme's search overlay, scaled up to cover the screen, overflows a phone's.
LAYOUT_WIDTH = "() => innerWidth"


@pytest.mark.browser
def test_a_search_for_an_entry_of_the_page_already_open_lands_on_it_on_a_slow_phone(browser, site_url: str) -> None:
    """Assert, on a phone with its CPU slowed 4x: while search is open the page keeps its width (no layout viewport
    widened by the search overlay, which cut the scroll range short), and "Suppressed" searched from Suppressing
    Fire, on the same page, lands with its heading in view (it was left 1,500-1,900 px below the view, 4 of 4)."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(site_url + "jovian-wars/v1.2.4/actions/#suppressing-fire", wait_until="networkidle")
        page.wait_for_function("() => !!document.documentElement.dataset.searchWatched")
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        field = open_search(page, zensical=False)
        field.fill("Suppressed")
        assert page.evaluate(LAYOUT_WIDTH) == PHONE["viewport"]["width"]  # type: ignore[index]
        field.press("Enter")
        page.wait_for_function(HEADING_IN_VIEW, arg=["jovian-wars/v1.2.4/actions/", "suppressed"], timeout=ms(15_000))
    finally:
        context.close()


# Material opens search whenever its field gains focus, 1 ms later (a debounced focus watch); Chromium
# runs input before timers, so on a busy phone (and once in CI) a name typed and entered within that
# millisecond was opened, then the overlay came back over it. Here the field gains focus and Enter
# comes in one task, so the theme's watch fires only after the entry is opened.
ENTER_BEFORE_THE_FOCUS_WATCH = """() => {
  const field = document.querySelector("input.md-search__input");
  field.focus();
  field.value = "Cloak";
  field.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true, cancelable: true}));
}"""


# The theme's focus watch runs on a 1 ms timer armed by each focusin/focusout on the body (debounceTime(1)).
# A listener added after the theme's arms its own 1 ms timer for the same event, which fires after the
# theme's: once every focus change has been followed by it, the theme has seen the focus as it now is.
WATCH_FOCUS_CHANGES = """() => {
  const watch = window.focusChanges = { made: 0, seen: 0 };
  for (const type of ["focusin", "focusout"]) document.body.addEventListener(type, () => {
    const change = (watch.made += 1);
    setTimeout(() => { watch.seen = change; }, 1);
  });
}"""
FOCUS_WATCH_CAUGHT_UP = "() => window.focusChanges.seen === window.focusChanges.made"


@pytest.mark.browser
def test_enter_before_the_themes_focus_watch_leaves_search_closed(page, site_url: str) -> None:
    """Assert: search opened by its toggle alone (the field not focused), then the field focused and a
    name entered in one task: the entry opens with its heading in view, and search stays closed once the
    theme's focus watch has seen the focus changes of that task."""
    page.goto(site_url + "jovian-wars/traits/", wait_until="networkidle")
    page.wait_for_function("() => !!document.documentElement.dataset.searchWatched")
    page.wait_for_function("() => !!document.querySelector('.md-search__input')")
    page.evaluate(WATCH_FOCUS_CHANGES)
    page.evaluate("() => document.getElementById('__search').click()")
    page.wait_for_function(FOCUS_WATCH_CAUGHT_UP)
    page.evaluate(ENTER_BEFORE_THE_FOCUS_WATCH)
    page.wait_for_function(HEADING_IN_VIEW, arg=["jovian-wars/traits/", "cloak"], timeout=ms(10_000))
    page.wait_for_function(FOCUS_WATCH_CAUGHT_UP)
    assert page.evaluate("window.focusChanges.made") >= 2  # the field focused, then let go by the Enter
    assert page.evaluate(WHERE, "cloak")["searchOpen"] is False


# Counts the index set-ups the page sends to the theme's search worker (its message of type 0, with the docs).
COUNT_SEARCH_SETUPS = """(() => {
  window.searchSetups = 0;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 0 && message.data && message.data.docs) window.searchSetups += 1;
    return post.call(this, message, ...rest);
  };
})();"""


@pytest.mark.browser
def test_the_search_index_is_built_when_search_is_first_opened(page, page_log, site_url: str) -> None:
    """Assert a page load has the theme's search worker build no index (scripts/build/theme_bundle.py:
    that build would run beside the engine's boot), and a query typed as search opens, before the index is
    ready, is answered once it is."""
    from playwright.sync_api import expect

    page.add_init_script(COUNT_SEARCH_SETUPS)
    # ?h= has the theme highlight "ram" in the page (search.highlight) once it has read the index file: the
    # moment an eager theme sets its index up (both take the one reading of the file, in the same task).
    page.goto(site_url + "jovian-wars/v1.2.4/actions/?h=ram", wait_until="networkidle")
    page.wait_for_function("() => !!document.documentElement.dataset.searchWatched")
    page.wait_for_function("() => !!document.querySelector('article mark[data-md-highlight]')", timeout=ms(15_000))
    assert page.evaluate("window.searchSetups") == 0
    open_search(page, zensical=False).press_sequentially("Ram", delay=0)
    first = page.locator(".md-search-result__item .md-search-result__link").first
    expect(first).to_have_attribute("href", re.compile(r"jovian-wars/v1\.2\.4/actions/#ram$"), timeout=ms(15_000))
    assert page.evaluate("window.searchSetups") == 1
    assert page_log.page_errors == []


@pytest.mark.browser
def test_the_named_entry_is_the_first_result_and_says_where_it_is(page, site_url: str) -> None:
    check_ranking(page, site_url, zensical=False)


def index_text(site: Path) -> str:
    index = site / "search" / "search_index.json"
    if not index.exists():
        index = site / "search.json"  # Zensical
    return index.read_text(encoding="utf-8")


def check_no_widget_text(site: Path) -> None:
    text = index_text(site)
    assert json.loads(text)  # it is the index
    for phrase in WIDGET_TEXT:
        assert phrase not in text, phrase


def check_titles(site: Path) -> None:
    for page, title in TITLES.items():
        html = (site / page).read_text(encoding="utf-8")
        assert re.search(rf"<title>{re.escape(title)} - ", html), (page, re.search(r"<title>.*?</title>", html))
        topic = re.search(r'data-md-component="header-topic">\s*<span class="md-ellipsis">\s*(.*?)\s*</span>', html, re.S)
        assert topic and topic.group(1) == title, (page, topic and topic.group(1))


def test_widget_text_is_not_in_the_search_index(site_dir: Path) -> None:
    check_no_widget_text(site_dir)


def test_rules_pages_are_titled_with_their_version(site_dir: Path) -> None:
    check_titles(site_dir)


def test_the_theme_mends_keep_every_column_and_refuse_a_changed_theme(tmp_path: Path, site_dir: Path) -> None:
    """Assert the built bundle has each mend of scripts/build/theme_bundle.py in place of the code it mends, every
    mended line at its old length (the source map stays right) and the mends' functions on lines of their own before
    the source map's comment; that a Material bundle without any one mend's code stops the build, naming it; and
    that a bundle reading another index (Zensical's) is left as it is."""
    from scripts.build.build_error import BuildError
    from scripts.build.theme_bundle import HELPERS, MENDS, mend_theme_bundle

    import material

    [built] = (site_dir / "assets" / "javascripts").glob("bundle.*.min.js")
    [original] = (Path(material.__file__).parent / "templates" / "assets" / "javascripts").glob(built.name)
    before, after = original.read_text(encoding="utf-8"), built.read_text(encoding="utf-8")
    source_map = before.rfind("//# sourceMappingURL=")
    assert after[:source_map] != before[:source_map] and after.endswith(HELPERS + before[source_map:])
    assert [len(line) for line in after.replace(HELPERS, "").splitlines()] == [len(line) for line in before.splitlines()]
    for mend in MENDS:
        assert mend.pattern.search(before) and not mend.pattern.search(after), mend.expected

    folder = tmp_path / "assets" / "javascripts"
    folder.mkdir(parents=True)
    for mend in MENDS:
        (folder / "bundle.1.min.js").write_text(mend.pattern.sub("changed()", before), encoding="utf-8")
        with pytest.raises(BuildError, match=re.escape(mend.expected) + ".*update scripts/build/theme_bundle.py"):
            mend_theme_bundle(tmp_path)
    zensical = 'Ge(new URL("search.json",zn.base))'
    (folder / "bundle.1.min.js").write_text(zensical, encoding="utf-8")
    mend_theme_bundle(tmp_path)
    assert (folder / "bundle.1.min.js").read_text(encoding="utf-8") == zensical
