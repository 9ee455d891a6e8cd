"""The How the dice work §8 worked examples, resolved by the live widgets at 390x844 as in CPython.

Each example is opened as a shared link (its inputs in the URL fragment), so the test drives the
same path a player's link does; the widget's headline and steps must equal rules_core.resolve.
"""

from __future__ import annotations

import pytest

import rules_core
from tests.site.conftest import expect
from tests.site.test_widgets import BOOT_MS, chart_rows, cpython_rows, fragment, shared_resolution, widget

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

V124 = "jovian-wars/v1.2.4/"
EXAMPLES = [
    pytest.param(
        "jovian-wars/v1.2.4/actions/", V124 + "ram",
        {"ramming_ship": {"structure": 1, "start_structure": 4}, "target_ship": {"start_structure": 3, "structure": 3}, "rammed_arc": "side (flank)", "rammer_hit_dice": [4], "skill_roll": {"dice": [3, 3, 1]}, "ram": {"dice": [2, 2, 5, 5, 1]}, "target": {"dice": [2, 2, 4]}},
        id="ram-valiant-rams-tengu",
    ),
    pytest.param(
        "jovian-wars/v1.2.4/actions/", V124 + "boarded",
        {"ship": {"boarders": 3, "marines": 2}, "boarder": "Engage", "defender": "Defend", "boarders_roll": {"dice": [4, 4, 1]}, "marines_roll": {"dice": [1, 2]}},
        id="boarded-dave-engages",
    ),
    pytest.param(
        "jovian-wars/v1.2.4/damage/", V124 + "squadron-damage",
        {"squadron": {"structure": 4}, "roll": {"base": 5, "dice": [2, 2, 3, 3, 3], "macro_dice": []}},
        id="squadron-damage-d2-t3",
    ),
    pytest.param(
        "jovian-wars/v1.2.4/damage/", V124 + "catastrophic-damage-table", {"systems": 2, "die": [5]},
        id="catastrophic-uller-dead",
    ),
]


@pytest.mark.parametrize(("path", "resolver_id", "inputs"), EXAMPLES)
def test_a_worked_example_resolves_live_as_in_cpython(page, page_log, site_url, path, resolver_id, inputs):
    """Assert the widget shows rules_core's headline and every step for the example, with no sideways scroll."""
    shared_resolution(page, site_url + path, resolver_id, inputs)
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page_log.foreign(site_url) == []
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_capital_ship_damage_answers_live_with_its_fate_odds(page, page_log, site_url):
    """Assert Capital Ship Damage renders on the Damage page, resolves the Tengu's [D5,D6] (Marines on board, die 5:
    the second hit randomised to Marines) as rules_core does, and shows the exact Crippled/Destroyed odds live."""
    resolver_id = V124 + "capital-ship-damage"
    inputs = {"roll": {"base": 4, "dice": [5, 5, 6, 6], "macro_dice": []}, "ship": {"defense": 4, "sensors": 3, "thrusters": 1,
              "marines": 2}, "random_dice": [5]}
    assert rules_core.resolve(resolver_id, inputs)["outcome"]["boxes"]["Marines"] == 1
    root = shared_resolution(page, site_url + "jovian-wars/v1.2.4/damage/", resolver_id, inputs)
    expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true", timeout=BOOT_MS)
    odds_inputs = {"roll": {"base": 4}, "ship": inputs["ship"]}  # no dice: the odds are of the pool and the ship
    shown = chart_rows(root)
    assert shown == cpython_rows(resolver_id, odds_inputs)
    assert any(label == "Crippled (Structure 0)" for label, _ in shown[0])
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_ram_odds_of_both_ships_fate_answer_live(page, page_log, site_url):
    """Assert the Ram widget opened on a Crippled rammer shows, live, CPython's charts of both ships' fate."""
    inputs = {"ramming_ship": {"structure": 0, "defense": 0, "sensors": 0}}
    page.goto(site_url + "jovian-wars/v1.2.4/actions/" + fragment(V124 + "ram", inputs))
    root = widget(page, V124 + "ram")
    expect()(root).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true", timeout=BOOT_MS)
    expect()(root.locator('[data-region="odds"]')).to_contain_text("Both ships: which are Destroyed")
    assert chart_rows(root) == cpython_rows(V124 + "ram", inputs)
    assert page_log.console_errors == [] and page_log.page_errors == []
