"""The Dogfight widget, drawn from its declared inputs alone, resolves the hand-worked case with its Missile live;
Squadron Damage's Point Defense roll shows on its own keypad."""

from __future__ import annotations

import pytest

import rules_core
from tests.rules_core.test_jovian_dogfight import HAND_WORKED, ID, ROLLS
from tests.site.conftest import expect
from tests.site.test_widgets import BOOT_MS, chart_rows, cpython_rows, fragment, shared_resolution, widget

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py


def test_the_dogfight_with_a_missile_resolves_live_as_in_cpython(page, page_log, site_url):
    """Assert a shared link of the hand-worked Dogfight shows rules_core's headline, every step (the Missile's
    Escalation included) and its odds; the Missile's keypads are drawn; nothing leaves the origin."""
    root = shared_resolution(page, site_url + "jovian-wars/v1.2.4/dogfight/", ID, HAND_WORKED)
    expect()(root.locator('[data-name="a_msl.dice"]').first).to_be_attached()
    expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true", timeout=BOOT_MS)
    inputs = {key: value for key, value in HAND_WORKED.items() if key not in ROLLS}  # both cards, the choices
    assert chart_rows(root) == cpython_rows(ID, inputs)
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page_log.foreign(site_url) == []
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_roll_for_me_shows_the_attack_and_point_defense_faces(page, page_log, site_url):
    """Assert "Roll for me" on Squadron Damage with Point Defense puts both rolls' faces on their keypads."""
    squadron = "jovian-wars/v1.2.4/squadron-damage"
    page.goto(site_url + "jovian-wars/v1.2.4/damage/" + fragment(squadron, {"pd_ship": {"defense": 2}}))
    root = widget(page, squadron)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    root.get_by_role("button", name="Roll for me").click()
    headline = root.locator('[data-region="outcome"] .resolver__headline')
    expect()(headline).not_to_be_empty()
    seed = int(root.locator('input[data-name="seed"]').input_value())
    expected = rules_core.resolve(squadron, {"pd_ship": {"defense": 2}, "seed": seed})
    expect()(headline).to_have_text(expected["outcome"]["headline"])
    for name, roll in (("roll.dice", expected["roll"]), ("pd.dice", expected["roll"]["point_defense"])):
        faces = " ".join(str(face) for face in roll["dice"])
        expect()(root.locator(f'fieldset[data-faces="{name}"] [data-region="typed"]')).to_have_text(faces)
    assert page_log.page_errors == []


def test_a_missile_is_asked_in_turn_and_never_at_a_squadron_step_6_destroyed(page, page_log, site_url):
    """Assert (Reading missile-target-gone) the Dogfight with step 6 typed: where B survives, A's Missile is the next
    roll the widget asks for; where step 6 destroyed B, no Missile keypad is asked and the step says it is not rolled."""
    from tests.rules_core.test_jovian_dogfight import STEP_6_A_DESTROYS_B, sides
    url = site_url + "jovian-wars/v1.2.4/dogfight/"
    survives = {**sides(a={"missile": True, "missile_as": 3}, b={"structure": 3}), **STEP_6_A_DESTROYS_B}
    root = shared_resolution(page, url, ID, survives)
    expect()(root.locator('[data-region="next-roll-prompt"]')).to_contain_text("Squadron A's Missile (step 7), 3 dice")
    expect()(root.locator('[data-region="next-roll"] fieldset[data-faces="a_msl.dice"]')).to_be_visible()
    destroyed = {**sides(a={"missile": True, "missile_as": 3}), **STEP_6_A_DESTROYS_B}
    page.goto("about:blank")
    root = shared_resolution(page, url, ID, destroyed)
    expect()(root.locator('[data-region="outcome"] ol.resolver__steps')).to_contain_text(
        "Squadron A's declared Missile has nothing to hit and is not rolled")
    expect()(root.locator('[data-region="next-roll"]')).to_be_hidden()
    expect()(root.locator('fieldset[data-faces="a_msl.dice"]')).to_be_hidden()
    assert page_log.page_errors == []
