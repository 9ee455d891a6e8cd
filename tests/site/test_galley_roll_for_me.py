"""War Galley "Roll for me" works: the widget's seed rolls the dice for the page, judged against the number
the player typed, and says that the page rolled them (How the dice work §9: no chance before the number is typed)."""

from __future__ import annotations

import pytest

import rules_core
from tests.site.conftest import expect
from tests.site.test_widgets import open_widget
from tests.timing import ms

pytestmark = pytest.mark.browser

BOOT_MS = ms(180_000)
"""Pyodide boots slowly on a loaded machine: wait on the engine, never on a clock."""
ANSWER_MS = ms(60_000)
"""An answer from the engine after it is ready."""

PAGE = "war-galley/aid/attack-modes/"
RAM = "war-galley/aid/ram"


def test_roll_for_me_on_the_ram_widget_rolls_and_says_so(page, page_log, site_url):
    page.goto(site_url + PAGE)
    root = open_widget(page, RAM)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    odds = root.locator('[data-region="odds"]')
    expect()(odds).not_to_contain_text("Success")  # no chance until the number needed is typed
    form = root.locator("form.resolver__form")
    form.get_by_label("Number needed for the ram (2d6, from your rulebook)", exact=True).fill("7")
    form.get_by_label("Number needed for the ram (2d6, from your rulebook)", exact=True).press("Tab")
    expect()(odds).to_contain_text("Success", timeout=ANSWER_MS)
    root.get_by_role("button", name="Roll for me").click()
    seed = root.locator('[data-name="seed"]')  # under "More", after the odds
    expect()(seed).not_to_have_value("", timeout=ANSWER_MS)
    expected = rules_core.resolve(RAM, {"needed": 7, "seed": int(seed.input_value())})
    outcome = root.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_have_text(expected["outcome"]["headline"], timeout=ANSWER_MS)
    expect()(outcome).to_contain_text("Rolled for the page (“Roll for me”)", timeout=ANSWER_MS)
    assert expected["outcome"]["result"] in ("success", "failure")
    assert page_log.foreign(site_url) == [] and page_log.page_errors == []
