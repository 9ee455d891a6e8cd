"""Gaps in the texts are shown where a player reads the rule (How the dice work §10): on the built v1.2.1 page,
before any script runs, and in the live resolver's answer."""

from __future__ import annotations

import pytest

import rules_core
from rules_core.readings import GAPS
from tests.site.conftest import expect
from tests.site.test_widgets import fragment, widget
from tests.timing import ms

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

BOOT_MS = ms(180_000)
"""Pyodide boots slowly on a loaded machine: wait on the engine, never on a clock."""
ANSWER_MS = ms(60_000)
"""An answer from the engine after it is ready."""

PAGE = "jovian-wars/v1.2.1/special-actions/"
GAP_OF = {"damage-control": "v121-repair", "ramming-speed": "v121-ramming", "boarding-party": "v121-boarding"}


@pytest.mark.parametrize("slug", sorted(GAP_OF))
def test_the_gap_note_shows_on_the_built_page_and_in_the_live_answer(page, page_log, site_url, slug):
    """Assert the gap is in the resolver block as built, and in the widget's outcome once the engine answers."""
    resolver_id = f"jovian-wars/v1.2.1/{slug}"
    gap = GAPS[GAP_OF[slug]].text
    inputs = {"seed": 7} if rules_core.describe(resolver_id)["has_odds"] else {}
    page.goto(site_url + PAGE + fragment(resolver_id, inputs))
    root = widget(page, resolver_id)
    expect()(root.locator(".resolver__summary")).to_contain_text(gap)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    expected = rules_core.resolve(resolver_id, inputs)
    assert expected["outcome"]["gap"] == gap
    expect()(root.locator('[data-region="outcome"]')).to_contain_text(gap, timeout=ANSWER_MS)
    if slug == "damage-control":  # nothing of v1.2.4's Repair table on the v1.2.1 resolver
        expect()(root).not_to_contain_text("2× Auto")
    assert page_log.foreign(site_url) == []
