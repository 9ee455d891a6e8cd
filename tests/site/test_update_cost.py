"""A one-sentence update costs kilobytes: rebuilt with one sentence of one rules page changed, the site changes that
page, the search index and sw.js alone, and a reader who has the site offline downloads just those (issue 34).

The site is built twice by this tree's scripts/build_site.py from a scratch copy of its sources
(scripts/bench/bench_update.py, which prints the same figures for an older revision too). The build's stamp, which
keeps a tab on one build (scripts/build/build_stamp.py), is the same in both: it names what the pages' scripts run
with, not the pages' text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.bench.bench_update import EDITED_PAGE, NEW_SENTENCE, SENTENCE, build_twice, changed_files, updated_visit
from scripts.build.build_stamp import read_stamp
from tests.conftest import ROOT
from tests.site.conftest import expect
from tests.site.test_offline import BOOT_MS, PRECACHE_MS, precache_list

UPDATE_BYTES = 100_000
"""The issue's bound for the update as the host sends it (gzip), sw.js included."""
EDITED_HTML = EDITED_PAGE.removesuffix(".md") + "/index.html"
UPDATE = ["search/search_index.json", "sw.js", EDITED_HTML]
"""What the update changes: the page, the search index made of every page's text, the service worker's file list."""


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> tuple[Path, Path, Path]:
    """(a scratch folder, the site as it is, the site with one sentence of EDITED_PAGE changed)."""
    scratch = tmp_path_factory.mktemp("update")
    first, second = build_twice(ROOT, scratch)
    return scratch, first, second


def test_a_one_sentence_rebuild_changes_that_page_the_search_index_and_sw_js_alone(builds) -> None:
    """Assert: the rebuild's changed files are the edited page, the search index and sw.js (the compressed copies
    beside them aside); the build's stamp, which every page carries, is the same."""
    _, first, second = builds
    assert changed_files(first, second) == sorted(UPDATE)
    assert read_stamp(first) == read_stamp(second)
    assert f'<meta name="rules-build" content="{read_stamp(second)}">' in (second / EDITED_HTML).read_text(encoding="utf-8")


@pytest.mark.browser
def test_a_reader_offline_downloads_the_update_in_kilobytes_then_reads_it_on_one_build(browser, builds) -> None:
    """Assert: the installed update fetched sw.js, the page and the search index alone, at most UPDATE_BYTES as sent
    with gzip; once the reader takes it, the page shows the new sentence and the engine answers, all of one build."""
    scratch, first, second = builds
    with updated_visit(browser, first, second, scratch, wait_ms=PRECACHE_MS) as (page, url, sent):
        assert sorted(item.path.lstrip("/") for item in sent) == sorted(UPDATE), [(s.path, s.status) for s in sent]
        assert all(item.status == 200 for item in sent)
        assert sum(item.bytes for item in sent) <= UPDATE_BYTES, [(s.path, s.bytes) for s in sent]
        page.get_by_role("button", name="New rules available — reload").click()  # the reader takes the update
        expect()(page.locator("html")).to_have_attribute("data-offline-build", precache_list(second)[0], timeout=PRECACHE_MS)
        dice = page.locator('[data-resolver="dice/unopposed"]')
        dice.locator("details.resolver__body > summary").click()
        expect()(dice).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
        dice.get_by_role("button", name="Roll for me").click()
        expect()(dice.locator('[data-region="outcome"] .resolver__headline')).not_to_be_empty()
        page.goto(url + EDITED_HTML.removesuffix("index.html"))
        expect()(page.locator("article")).to_contain_text(NEW_SENTENCE)
        expect()(page.locator("article")).not_to_contain_text(SENTENCE)
        expect()(page.locator("[data-offline]")).to_have_text("Available offline")
        assert page.locator("[data-update]").count() == 0  # the page, its worker and its engine: one build
        assert page.evaluate("window.rulesEngine.otherBuild") is None
