"""The same sources built by Zensical (the successor of Material for MkDocs) give the same site.

Zensical runs the project's Python-Markdown extension (scripts.build.augment) but no MkDocs hook,
so this build proves the augmentation and the finishing steps do not depend on MkDocs. Built with
SITE_URL set to a project-site address, which also proves the setting reaches the build.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules_core import READINGS
from scripts.build_site import build
from scripts.build.assets import THEME_COLOUR
from scripts.build.entries import load_entries
from scripts.build.placement import place
from scripts.build.precompress import CACHE
from tests.conftest import DOCS, ROOT

DEPLOYED_AT = "https://user.github.io/jovian-rules/"
PAGES_WITH_MARKERS = {"dice/index.html", "war-galley/aid/attack-modes/index.html"}
CACHE_MARK = CACHE / "planted-before-the-zensical-build"


@pytest.fixture(scope="module")
def zensical_site(tmp_path_factory) -> Iterator[Path]:
    # Zensical writes only inside the project: a folder under build/ (ignored by git).
    site = ROOT / "build" / f"zensical-site-{tmp_path_factory.getbasetemp().name}"
    CACHE.mkdir(parents=True, exist_ok=True)
    CACHE_MARK.touch()
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SITE_URL", DEPLOYED_AT)
        build("zensical", site)
    yield site
    shutil.rmtree(site, ignore_errors=True)
    CACHE_MARK.unlink(missing_ok=True)


def resolver_ids(html: str) -> list[str]:
    return re.findall(r'<div class="resolver" data-resolver="([^"]+)"', html)


def page_html(site: Path, page: str) -> str:
    return (site / page).read_text(encoding="utf-8")


def test_every_rules_entry_has_its_resolver_block(zensical_site: Path) -> None:
    placed = place(load_entries(DOCS), DOCS).placed
    assert len(placed) == 80
    for key, resolver in placed.items():
        game, version, page, _slug = key.split("/")
        assert resolver.id in resolver_ids(page_html(zensical_site, f"{game}/{version}/{page}/index.html")), key


def test_every_page_has_the_same_resolver_blocks_as_the_mkdocs_build(zensical_site: Path, site_dir: Path) -> None:
    pages = sorted(p.relative_to(site_dir).as_posix() for p in site_dir.rglob("index.html"))
    assert pages == sorted(p.relative_to(zensical_site).as_posix() for p in zensical_site.rglob("index.html"))
    for page in pages:
        assert resolver_ids(page_html(zensical_site, page)) == resolver_ids(page_html(site_dir, page)), page
    assert all(resolver_ids(page_html(zensical_site, page)) for page in PAGES_WITH_MARKERS)


def test_the_readings_page_lists_every_reading(zensical_site: Path) -> None:
    html = page_html(zensical_site, "readings/index.html")
    assert f"{len(READINGS)} Readings are in force." in html
    for key in READINGS:
        assert f'id="{key}"' in html, key


def test_the_changes_page_compares_the_versions(zensical_site: Path) -> None:
    html = page_html(zensical_site, "jovian-wars/changes/index.html")
    for section in ("page-text", "matched", "removed", "new"):
        assert f'id="{section}"' in html
    assert html.count('class="vd-fields"') >= 10
    assert "version-diff" not in html  # the marker was replaced


def test_the_finishing_steps_ran(zensical_site: Path, site_dir: Path) -> None:
    sw = page_html(zensical_site, "sw.js")
    files = {path for path, _revision in json.loads(re.search(r"^const PRECACHE_FILES = (\[.*?\]);", sw, re.M | re.S).group(1))}
    on_disk = {p.relative_to(zensical_site).as_posix() for p in zensical_site.rglob("*")
               if p.is_file() and p.suffix != ".map"} - {"sw.js"}
    # the wire's compressed copies sit beside their files and are not precached (the browser stores what it decoded)
    compressed = {path for path in on_disk if path.endswith((".br", ".gz")) and path[:-3] in on_disk | {"sw.js"}}
    assert "assets/pyodide/pyodide.asm.wasm.br" in compressed
    assert files == on_disk - compressed
    assert {"assets/pyodide/pyodide.asm.wasm", "assets/calculators/page/main.js", "assets/icons/manifest.webmanifest",
            "readings/index.html"} <= on_disk
    # The build left the compressed copies of earlier builds (zensical --clean empties .cache/): the wasm's not redone.
    assert CACHE_MARK.is_file()
    for site in (zensical_site, site_dir):  # overrides/main.html, in both generators' themes
        head = page_html(site, "jovian-wars/v1.2.4/actions/index.html")
        assert '<link rel="manifest" href="../../../assets/icons/manifest.webmanifest">' in head
        assert f'<meta name="theme-color" content="{THEME_COLOUR}">' in head
        # One viewport, which never zooms out below the page (the search overlay would widen it: test_search.py).
        assert re.findall(r'<meta name="viewport"[^>]*>', head) == ['<meta name="viewport" content="width=device-width,initial-scale=1,minimum-scale=1">']
        assert 'new Worker("../../../assets/calculators/worker/worker.js"' in head  # the engine's early start
        assert '<script type="module" async src="../../../assets/calculators/page/main.js"></script>' in head
        # After the theme's stylesheets (requested first: the first paint waits on them), before its bundle.
        assert head.index('rel="stylesheet"') < head.index("main.js") < head.index("bundle.")
        home = page_html(site, "index.html")
        assert "rulesEnginePrestart" not in home  # no resolver, no engine
        assert re.search(r'<script type="module" async src="(\./)?assets/calculators/page/main\.js"></script>', home)  # offline, search


def test_site_url_comes_from_the_environment(zensical_site: Path) -> None:
    locs = re.findall(r"<loc>([^<]+)</loc>", page_html(zensical_site, "sitemap.xml"))
    assert locs and all(loc.startswith(DEPLOYED_AT) for loc in locs)
    assert f"{DEPLOYED_AT}jovian-wars/v1.2.4/actions/" in locs


def test_every_page_has_the_content_security_policy(zensical_site: Path) -> None:
    """Assert Zensical's pages get the same policy meta as MkDocs' (scripts/build/csp.py): first in
    the head, each of Zensical's own inline scripts allowed by its hash, no 'unsafe-inline' for scripts."""
    from tests.site.test_csp import check_pages

    check_pages(zensical_site)


# Search finds the rule (tests/site/test_search.py), in the Zensical build ------------------------


@pytest.fixture(scope="module")
def zensical_url(zensical_site: Path) -> Iterator[str]:
    from scripts.static_server import serve_in_background

    server, url = serve_in_background(zensical_site, prefix="/jovian-rules/")
    yield url
    server.shutdown()


def test_search_names_the_same_entries_as_the_mkdocs_build(zensical_site: Path, site_dir: Path) -> None:
    """Assert the names search opens (assets/search-entries.json) are the MkDocs build's, record for record: the MkDocs
    walk of tests/site/test_search.py lands every one of them, so here the browser walks a sample that reaches every
    page (below)."""
    names = "assets/search-entries.json"
    assert json.loads((zensical_site / names).read_text("utf-8")) == json.loads((site_dir / names).read_text("utf-8"))


def zensical_walk_cases() -> list:
    """Of the MkDocs walk's cases, for each page: its first and last entry (a landing at the top and deep down the
    page) and its first name with a qualifier ("Boost v1.2.1"): what Zensical's dialog and navigation could break."""
    from tests.site.test_search import CASES

    chosen = []
    for path in dict.fromkeys(case.path for case in CASES):
        on_page = [case for case in CASES if case.path == path]
        qualified = [case for case in on_page if " " in case.query and case.query.split()[-1].startswith(("v", "galley"))]
        for case in (on_page[0], on_page[-1], *qualified[:1]):
            if case not in chosen:
                chosen.append(case)
    return chosen


@pytest.mark.browser
def test_an_entry_of_every_page_opens_by_its_name_and_enter(page, page_log, zensical_url: str) -> None:
    """Assert names typed into Zensical's search and entered (the first and last entry of every page, and a name with
    its qualifier) open their entry's page with the heading in view."""
    from tests.site.test_search import walk

    cases = zensical_walk_cases()
    assert len({case.path for case in cases}) >= 6 and len(cases) >= 12
    failed = walk(page, zensical_url, cases, zensical=True)
    assert failed == [], f"{len(failed)} of {len(cases)} names did not land:\n" + "\n".join(failed)
    assert page_log.page_errors == []


@pytest.mark.browser
def test_the_named_entry_is_the_first_result_and_says_where_it_is(page, zensical_url: str) -> None:
    from tests.site.test_search import check_ranking

    check_ranking(page, zensical_url, zensical=True)


@pytest.fixture
def no_fleet(page, zensical_url: str) -> None:
    """Each fleet flow starts with no fleet and no history, as in its own module, on the flows' shared phone
    (profile("module"), on disk: each flow makes many visits, and a fresh profile compiled every script again at each)."""
    from tests.site.conftest import clear_local_storage

    clear_local_storage(page, zensical_url)


def fleet_flow(test):
    """A test of the fleet's flows: a browser test on the flows' shared phone, with no fleet (no_fleet)."""
    for mark in (pytest.mark.browser, pytest.mark.profile("module"), pytest.mark.usefixtures("no_fleet")):
        test = mark(test)
    return test


@fleet_flow
def test_the_fleet_core_flow_runs_in_the_zensical_build(page, page_log, zensical_url: str) -> None:
    """The fleet's core flow of tests/site/test_fleet.py (add a ship, pick it in a widget, resolve, apply, undo), the
    same code against this build."""
    from tests.site.test_fleet import check_core_flow

    check_core_flow(page, page_log, zensical_url)


@fleet_flow
def test_a_ram_is_entered_roll_by_roll_in_the_zensical_build(page, page_log, zensical_url: str) -> None:
    """The Ram asked roll by roll from two fleet ships, to both fates, applied (tests/site/test_fleet.py), the same
    code against this build."""
    from tests.site.test_fleet import check_ram_roll_by_roll

    check_ram_roll_by_roll(page, page_log, zensical_url)


@fleet_flow
def test_play_from_the_ship_in_the_zensical_build(page, page_log, zensical_url: str) -> None:
    """tests/site/test_fleet_play.py's flows (the ships first, both sides; a ship's Ram with it in place, the target
    one tap away, back to its card; a refused Action's reason; the wake lock's honest word) and
    tests/site/test_fleet_states.py's (States entered, kept, ended by the End Phase), against this build."""
    from tests.site import test_fleet_play as play

    for check in (play.check_ships_first_both_sides, play.check_refused_action_says_why, play.check_wake_lock_toggle):
        check(page, zensical_url)  # each stores its own fleet over the last
    play.check_ram_from_the_ship(page, page_log, zensical_url)
    from tests.site.test_fleet_states import check_states_flow

    check_states_flow(page, page_log, zensical_url)  # the States an Action enters, kept and ended by the End Phase


@fleet_flow
def test_the_fleet_flows_of_issue_33_in_the_zensical_build(page, page_log, zensical_url: str) -> None:
    """The flows of issue 33's points 2 to 5 the other tests run against the MkDocs build, against this one: a Ram
    between fleet ships applied, kept, logged and undone; Board and three Boarded activations each applied; a fleet
    ship's card numbers reaching Evade, Long Shot and the Ram; the resolved Ram's answer, fates and Apply in its first
    screen, at most 1.5 screens; its side arc named where it counts; a change under "More" keeping the answer in view.
    (Points 1 and 6, and the States of point 2: test_play_from_the_ship_in_the_zensical_build.)"""
    from tests.site import test_boarding_applied, test_fleet, test_fleet_card, test_one_screen

    for flow in (test_fleet.test_a_ram_between_fleet_ships_is_applied_kept_over_a_reload_logged_and_undone,
                 test_boarding_applied.test_board_and_three_activations_each_applied_then_undone_and_kept_over_a_reload,
                 test_fleet_card.test_a_fleet_ships_thrusters_sensors_and_skill_reach_evade_long_shot_and_ram,
                 test_one_screen.test_the_resolved_ram_has_its_answer_both_fates_and_apply_in_its_first_screen,
                 test_one_screen.test_the_resolved_ram_is_at_most_one_and_a_half_screens,
                 test_one_screen.test_the_side_arc_is_named_where_it_counts_and_a_tap_on_it_opens_its_choice,
                 test_one_screen.test_a_change_under_more_keeps_the_answer_in_view_and_names_the_missing_die):
        page.goto(zensical_url + "fleet/")
        page.evaluate("() => localStorage.clear()")  # each flow starts with no fleet and no history, as in its module
        flow(page, page_log, zensical_url)


def test_widget_text_is_not_in_the_search_index(zensical_site: Path) -> None:
    from tests.site.test_search import check_no_widget_text

    check_no_widget_text(zensical_site)


def test_rules_pages_are_titled_with_their_version(zensical_site: Path) -> None:
    from tests.site.test_search import check_titles

    check_titles(zensical_site)


# The other flows that lean on the theme: instant navigation, offline, the CSP in use ---------------------------


@pytest.mark.browser
def test_instant_navigation_swaps_the_page_in_the_zensical_build(page, zensical_url: str) -> None:
    """tests/site/test_pages.py's instant navigation (a nav link swaps the page, the window stays), against this build."""
    from tests.site.test_pages import check_instant_navigation

    check_instant_navigation(page, zensical_url)


@pytest.mark.browser
def test_after_one_visit_the_zensical_build_works_offline(context, page, page_log, zensical_url: str) -> None:
    """tests/site/test_offline.py's offline flow (one visit; offline, a reload, an instant navigation and a new page
    work, and resolvers answer), against this build."""
    from tests.site.test_offline import check_works_offline

    check_works_offline(context, page, page_log, zensical_url)


@pytest.mark.browser
def test_no_page_of_the_zensical_build_reports_a_violation(context, zensical_site: Path, zensical_url: str) -> None:
    """tests/site/test_csp.py's walk (every page, a live answer, an instant navigation, a popover, a search) finds no
    violation of the policy, against this build."""
    from tests.site.test_csp import check_no_violation

    check_no_violation(context, zensical_site, zensical_url, zensical=True)
