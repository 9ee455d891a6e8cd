"""The Boarded resolver live: it renders, answers its odds as CPython does, and answers again when a choice changes."""

from __future__ import annotations

import pytest

from tests.site.conftest import expect
from tests.site.test_widgets import BOOT_MS, chart_rows, cpython_rows, fragment, shared_resolution, wait_ready, widget

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

BOARDED = "jovian-wars/v1.2.4/boarded"
PURGE = "jovian-wars/v1.2.4/purge-airlocks"


def test_boarded_answers_live_and_follows_the_choices(page, page_log, site_url):
    """Assert the capture-within-k chart equals CPython's, then changes to Engage/Defend's when the Marines Defend."""
    page.goto(site_url + "jovian-wars/v1.2.4/actions/")
    root = wait_ready(page, BOARDED)
    first = cpython_rows(BOARDED, {})[0]
    captions = root.locator('[data-region="odds"] table.resolver__chart caption')
    expect()(captions.first).to_have_text("Captured within k activations (Engage/Engage)")
    assert chart_rows(root)[0] == first
    root.get_by_label("Marines choose", exact=True).select_option("Defend")
    expect()(captions.first).to_have_text("Captured within k activations (Engage/Defend)")
    assert chart_rows(root)[0] == cpython_rows(BOARDED, {"defender": "Defend"})[0]
    assert widget(page, BOARDED).count() == 1
    assert page_log.foreign(site_url) == []
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_shared_sabotage_with_purge_resolves_live_as_in_cpython(page, page_log, site_url):
    """Assert a shared link's Sabotage firefight and Purge Airlocks, from typed dice, show CPython's headline and steps."""
    inputs = {"ship": {"boarders": 3, "marines": 2}, "boarder": "Sabotage", "purge": True, "skill": 2,
              "boarders_dice": [3, 3, 5], "marines_dice": [1, 4], "purge_dice": [2, 6]}
    shared_resolution(page, site_url + "jovian-wars/v1.2.4/actions/", BOARDED, inputs)
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_purge_airlocks_at_marines_0_shows_no_odds_but_why(page, page_log, site_url):
    """Assert a shared Purge Airlocks at Marines 0 (not Boarded: its check fails) shows no chart, in the odds region or
    the sticky line, but the failing check (issue 20: the odds still charted the Skill Test beside the failing check)."""
    page.goto(site_url + "jovian-wars/v1.2.4/actions/" + fragment(PURGE, {"marines": 0, "boarders": 3}))
    root = widget(page, PURGE)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    note = root.locator('[data-region="odds"] .resolver__no-odds')
    expect()(note).to_have_text("No odds: the requirement is not met (Boarded (Marines): 1+: Boarded (Marines) is 0, "
                                "needs 1+).")
    assert root.locator('[data-region="odds"] table.resolver__chart').count() == 0
    assert "%" not in root.locator('[data-region="odds"]').inner_text()
    assert page_log.console_errors == [] and page_log.page_errors == []
