"""A Ram resolved in Chromium at phone size on the War Galley page, through the widget's DOM hooks
(calculators/page/widget.js): dice typed, conditions ticked, a failing one named, success picked, both ships'
changes shown."""

from __future__ import annotations

import pytest

import rules_core
from tests.site.conftest import expect
from tests.site.test_widgets import open_inputs
from tests.timing import ms

pytestmark = pytest.mark.browser

BOOT_MS = ms(60_000)
PAGE = "war-galley/aid/attack-modes/"
RAM = "war-galley/aid/ram"


def test_ram_resolves_on_the_galley_page_at_phone_size(page, page_log, site_url):
    """Assert a Ram's conditions, a failing one, and both ships' state changes on success, with no sideways scroll."""
    page.goto(site_url + PAGE)
    root = page.locator(f'[data-resolver="{RAM}"]')
    root.locator("details.resolver__body > summary").click()  # collapsed by default: "Resolve" opens it
    expect()(root).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    form = root.locator("form.resolver__form")
    headline = root.locator('[data-region="outcome"] .resolver__headline')

    # The widget resolves once the keypad holds the dice it asks for: type the 2d6 rolled (6, 6).
    pad = root.locator('fieldset[data-faces="roll"]')
    for face in (6, 6):
        pad.get_by_label(f"Die {face}", exact=True).click()
    # Resolved from them, the form folds to its "Inputs: … · Change" line: a tap opens it to set the ram.
    expect()(root.locator('details[data-region="inputs-fold"]')).not_to_have_attribute("open", "")
    open_inputs(root)
    form.get_by_label("Ram Attack rating", exact=True).fill("2")
    form.get_by_label("Where the attacker ends, next to the target", exact=True).select_option("adjacent, at its flank")
    pointing = form.get_by_label("Pointing at the target ship", exact=True)
    pointing.uncheck()
    expect()(headline).to_contain_text('Ram not allowed: "Must be pointing at the target ship"')
    expect()(root.locator('ul.resolver__checks li[data-ok="false"]')).to_have_count(1)

    pointing.check()
    form.get_by_label("Fatigued", exact=True).check()  # the target: Avoidance is no longer offered
    form.get_by_label("Result of the ram", exact=True).select_option("success")

    # What the player entered (the rest are defaults the engine names as such).
    inputs = {"ram_attack": 2, "position": "adjacent, at its flank", "pointing": True, "target": {"fatigued": True},
              "roll": [6, 6], "result": "success"}
    expected = rules_core.resolve(RAM, inputs)
    expect()(headline).to_have_text(expected["outcome"]["headline"])
    expect()(headline).to_contain_text("Attacker: Flip to cruise speed, Check fatigue, Check for fouling/retraction.")
    expect()(headline).to_contain_text("Defender: Rammed, Remove fatigue.")
    steps = root.locator('[data-region="outcome"] ol.resolver__steps')
    expect()(steps).to_contain_text("Active defense Avoidance: not available")
    expect()(root.locator('ul.resolver__checks li[data-ok="false"]')).to_have_count(0)

    sideways = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert sideways <= 0, f"the page scrolls sideways by {sideways}px at 390 px wide"
    assert page_log.foreign(site_url) == []
    assert page_log.page_errors == []
