"""One screen, and no silent assumption (issue 33 points 4 and 5), on a 390x844 touch phone.

A Ram between two fleet ships, its dice typed: the answer (the headline, both ships' fates) and "Apply to the fleet"
lie in the first 844 px of the widget, the steps folded by stage (rules_core's stage names, one line each); the side
arc the Ram takes by default is named in the headline and in the roll it adds a die to, and a tap on its mention
unticks it; a change under "More" that changes the dice a roll needs keeps the answer's place in view and names the
die missing.
"""

from __future__ import annotations

import pytest

import rules_core
from tests.keypads import with_keypads
from tests.site.conftest import clear_local_storage, expect
from tests.site.test_fleet import DICE, ENGINE_MS, RAM, SCREEN, TENGU, VALIANT, numbers, ram_between_fleet_ships
from tests.site.test_widget_table import type_dice

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

SHIPS = {"ramming_ship": numbers(VALIANT), "target_ship": numbers(TENGU)}


@pytest.fixture(autouse=True)
def no_fleet(page, site_url: str) -> None:
    clear_local_storage(page, site_url)


def resolved_ram(page, site_url: str):
    """The Valiant rams the Tengu from the fleet, every die typed (How the dice work §8): the root, once Apply shows."""
    assert page.viewport_size == SCREEN
    root = ram_between_fleet_ships(page, site_url, [VALIANT, TENGU])
    type_dice(root, DICE)
    expect()(root.get_by_role("button", name="Apply to the fleet", exact=True)).to_be_visible(timeout=ENGINE_MS)
    return root


def below_top(root, locator) -> float:
    """How far the bottom of `locator` is below the top of the widget, in px."""
    top, box = root.bounding_box(), locator.bounding_box()
    assert top is not None and box is not None
    return box["y"] + box["height"] - top["y"]


def test_the_resolved_ram_has_its_answer_both_fates_and_apply_in_its_first_screen(page, page_log, site_url):
    expected = rules_core.resolve(RAM, with_keypads(SHIPS, DICE))
    root = resolved_ram(page, site_url)
    outcome = root.locator('[data-region="outcome"]')
    headline = outcome.locator(".resolver__headline")
    expect()(headline).to_have_text(expected["outcome"]["headline"])
    assert "Target: Structure 3 → 1" in expected["outcome"]["headline"]
    assert "Ramming ship: Structure 1 → 0" in expected["outcome"]["headline"]
    apply = outcome.get_by_role("button", name="Apply to the fleet", exact=True)
    for what, node in (("the headline (answer and both fates)", headline), ("Apply to the fleet", apply)):
        assert below_top(root, node) <= SCREEN["height"], f"{what} ends {below_top(root, node):.0f} px below the widget's top"
    # The steps fold by stage, each stage's summary its name and its result (its last step).
    stages = outcome.locator("details.resolver__stage")
    names = list(dict.fromkeys(expected["stages"]))
    expect()(stages).to_have_count(len(names))
    expect()(outcome.locator("details.resolver__stage[open]")).to_have_count(0)
    expect()(outcome.locator(".resolver__steps > li")).to_have_text(expected["steps"])  # every step, folded
    for stage, name in zip(stages.all(), names):
        last = [step for step, of in zip(expected["steps"], expected["stages"]) if of == name][-1]
        expect()(stage.locator("> summary")).to_have_text(f"{name}: {last}")
    assert page_log.page_errors == []


def test_the_resolved_ram_is_at_most_one_and_a_half_screens(page, page_log, site_url):
    root = resolved_ram(page, site_url)
    height = root.bounding_box()["height"]
    assert height <= 1.5 * SCREEN["height"], f"the resolved Ram is {height / SCREEN['height']:.2f} screens"
    # The form and the keypads are one line each, saying what they hold; a tap opens them again.
    inputs, dice = (root.locator(f'details[data-region="{region}"]') for region in ("inputs-fold", "dice-fold"))
    expect()(inputs.locator("> summary")).to_have_text("Inputs: Ramming ship Valiant, Target Tengu · Change")
    expect()(dice.locator("> summary")).to_have_text("Dice: 3 + 5 + 3 + 1 typed · Change")
    side = root.get_by_label("Target's arc the Ram strikes", exact=True)
    expect()(side).to_be_hidden()
    inputs.locator("> summary").tap()
    expect()(side).to_be_visible()
    assert page_log.page_errors == []


def test_the_side_arc_is_named_where_it_counts_and_a_tap_on_it_opens_its_choice(page, page_log, site_url):
    root = resolved_ram(page, site_url)
    outcome = root.locator('[data-region="outcome"]')
    headline = outcome.locator(".resolver__headline")
    expect()(headline).to_contain_text("Not entered yet, so taken at its default: +1 side arc.")
    roll_step = outcome.locator(".resolver__steps > li", has_text="Ramming ship: Rolled")
    expect()(roll_step).to_have_text("Ramming ship: Rolled 5 dice (base 5: starting Structure 4, +1 base from attack "
                                     "modifier +1 (+1 side arc)): 1, 2, 2, 5, 5.")
    side = root.get_by_label("Target's arc the Ram strikes", exact=True)
    expect()(side).to_have_value("side (flank)")
    headline.get_by_role("button", name="+1 side arc", exact=True).tap()
    expect()(side).to_be_focused()
    side.select_option("front")
    # On the front arc, the Ramming ship's roll is 4 dice: the 5 typed are one too many, and the answer's place says so.
    now = root.locator('[data-region="now"]')
    expect()(now).to_contain_text("5 typed of 4, 1 die too many")
    # The dice, folded once resolved, say it in their line too; a tap opens them to take the die off.
    dice = root.locator('details[data-region="dice-fold"] > summary')
    expect()(dice).to_have_text("Dice: Ramming ship's roll: Dice rolled (base and flex): 5 typed of 4, 1 die too many · Change")
    dice.tap()
    root.locator('fieldset[data-faces="ram.dice"]').get_by_role("button", name="Backspace").tap()
    # 4 dice typed: the roll, as the steps so far (and any roll asked next) give it, names no side arc.
    expect()(roll_step).to_have_text("Ramming ship: Rolled 4 dice (base 4: starting Structure 4): 2, 2, 5, 5.", timeout=ENGINE_MS)
    expect()(headline).not_to_contain_text("side arc")
    assert page_log.page_errors == []


def test_a_change_under_more_keeps_the_answer_in_view_and_names_the_missing_die(page, page_log, site_url):
    root = resolved_ram(page, site_url)
    more = root.locator("details.resolver__more")
    more.locator("> summary").tap()
    label = "Other modifiers to the ramming ship's roll (net)"
    plus = root.get_by_role("button", name=f"{label}: one more", exact=True)
    plus.scroll_into_view_if_needed()
    plus.tap()  # +1 more: the side arc's +1 and this +1 are +1 base +1 flex, 6 dice where 5 are typed
    now = root.locator('[data-region="now"]')
    missing = "Ramming ship's roll: Dice rolled (base and flex): 5 typed of 6, 1 die missing"
    expect()(now).to_contain_text(missing, timeout=ENGINE_MS)
    expect()(root.locator('[data-region="outcome"] .resolver__hint')).to_contain_text(missing)
    expect()(now).to_be_in_viewport()  # the answer's place, sticky, in view beside the input just changed
    expect()(plus).to_be_in_viewport()  # no jump of the view into the rule text
    assert page_log.page_errors == []
