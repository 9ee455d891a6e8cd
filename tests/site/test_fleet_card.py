"""A fleet ship's own card numbers reach the resolvers through the fleet pick, and a fleet stored by the build before
the card held Skill still loads, asks for its Skill and is never lost (issue 33, point 3), at 390x844 with touch.

The stored records are written as each build's fleet-store.js writes them: `fleet_v3` copies main's format before
this change (fleet version 3: kind, name, side, card and left of nine numbers, state), `fleet_v4` this build's.
"""

from __future__ import annotations

import json

import pytest

import rules_core
from tests.keypads import with_keypads
from tests.site.conftest import clear_local_storage, expect
from tests.site.test_fleet import VERSION, ENGINE_MS, KEY, SQUADRON_CARD, open_card, open_fleet, stored, tap
from tests.site.test_widget_table import type_dice
from tests.site.test_widgets import open_widget

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

ACTIONS = "jovian-wars/v1.2.4/actions/"
V3_CARD = {"defense": 4, "sensors": 3, "thrusters": 2, "marines": 2, "structure": 4, "traits": 1, "trait_boxes": 1,
           "weapons": 2, "spinal": 0}
"""A Capital Ship's card as main's build stores it (fleet-store.js FLEET_PARTS before Skill): nine numbers."""
NO_ARMOR = {"armor_front": 0, "armor_flank": 0, "armor_rear": 0}
"""The Armor by arc a ship stored before version 7 is read with: the defaults, asked for ("unset") until set."""


@pytest.fixture(autouse=True)
def no_fleet(page, site_url: str) -> None:
    clear_local_storage(page, site_url)


def fleet_v3(*ships: dict) -> str:
    """A record as main's fleet-store.js `fleetText` writes it: {"fleet": 3, "ships": [{kind, name, side, card, left}]}."""
    return json.dumps({"fleet": 3, "ships": [{"kind": "Capital Ship", **ship} for ship in ships]})


def fleet_v4(*ships: dict) -> str:
    return json.dumps({"fleet": 4, "ships": [{"kind": "Capital Ship", **ship} for ship in ships]})


# The Valiant's card: Sensors 2 and Skill 5; now Thrusters 0 (marked) and Sensors 1.
VALIANT_CARD = {**V3_CARD, "sensors": 2, "skill": 5}
VALIANT = {"name": "Valiant", "side": "Mine", "card": VALIANT_CARD,
           "left": {**VALIANT_CARD, "thrusters": 0, "sensors": 1, "structure": 1}}
TENGU_CARD = {**V3_CARD, "structure": 3, "skill": 3}
TENGU = {"name": "Tengu", "side": "Theirs", "card": TENGU_CARD, "left": TENGU_CARD}


def store(page, site_url: str, text: str) -> None:
    open_fleet(page, site_url)
    page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", text)


def pick(page, resolver_id: str, label: str, ship: str):
    """The resolver opened on the Actions page, its engine ready, `ship` picked for the ship input `label`."""
    page.goto(page.url.split("fleet/")[0] + ACTIONS + "#" + resolver_id.rsplit("/", 1)[1])
    root = open_widget(page, resolver_id)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    root.get_by_label(f"{label}: from your fleet", exact=True).select_option(label=ship)
    return root


def test_a_fleet_ships_thrusters_sensors_and_skill_reach_evade_long_shot_and_ram(page, page_log, site_url):
    """Assert picking the Valiant fills Evade's Thrusters (0 now: it may not Evade on Thrusters), Long Shot's Sensors
    and Skill (its Skill Test rolls 5 dice) and the Ram's Skill (5 dice for the ramming ship's Skill Test), each as
    rules_core answers for those numbers: no loose field, no default, stands in for the ship's own number."""
    store(page, site_url, fleet_v4(VALIANT, TENGU))
    evade = pick(page, "jovian-wars/v1.2.4/evade", "The ship", "Valiant (Mine)")
    expect()(evade.locator('[data-region="picked"]')).to_have_text("The ship: Valiant (Mine): Thrusters 0.")
    expected = rules_core.resolve("jovian-wars/v1.2.4/evade", {"ship": {"thrusters": 0}})
    assert expected["outcome"]["allowed"] is False
    expect()(evade.locator('[data-region="outcome"] .resolver__headline')).to_have_text(expected["outcome"]["headline"])
    expect()(evade).to_contain_text("Thrusters is 0")

    long_shot = pick(page, "jovian-wars/v1.2.4/long-shot", "The ship", "Valiant (Mine)")
    expect()(long_shot.locator('[data-region="picked"]')).to_have_text("The ship: Valiant (Mine): Sensors 1, Skill 5.")
    expect()(long_shot.locator('[data-region="odds"]')).to_contain_text("Long Shot: Skill Test with Skill 5")
    dice = {"roll.dice": [1, 2, 3, 4, 6]}  # [N]: the weapons system is damaged, no die after it
    type_dice(long_shot, dice)
    expected = rules_core.resolve("jovian-wars/v1.2.4/long-shot", with_keypads({"ship": {"sensors": 1, "skill": 5}}, dice))
    expect()(long_shot.locator('[data-region="outcome"] .resolver__headline')).to_have_text(expected["outcome"]["headline"])

    ram = pick(page, "jovian-wars/v1.2.4/ram", "Ramming ship", "Valiant (Mine)")
    ram.get_by_label("Target: from your fleet", exact=True).select_option(label="Tengu (Theirs)")
    expect()(ram.locator('fieldset[data-name="ramming_ship"] [data-region="picked"]')).to_contain_text("Skill 5")
    expect()(ram.locator('[data-name="ramming_ship.skill"]')).to_have_value("5")
    dice = {"skill_roll.dice": [3, 3, 1, 2, 6], "ram.dice": [2, 2, 5, 5, 1], "target.dice": [2, 2, 4], "rammer_hit_dice": [4]}
    type_dice(ram, dice)
    numbers = {**VALIANT["left"], "start_structure": VALIANT_CARD["structure"]}
    target = {**TENGU["left"], "start_structure": TENGU_CARD["structure"]}
    expected = rules_core.resolve("jovian-wars/v1.2.4/ram", with_keypads({"ramming_ship": numbers, "target_ship": target}, dice))
    expect()(ram.locator('[data-region="outcome"] .resolver__headline')).to_have_text(expected["outcome"]["headline"])
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_ships_armor_by_arc_is_on_its_card_and_reaches_the_attack_that_strikes_that_arc(page, page_log, site_url):
    """Assert a Capital Ship's Armor, one number per arc on its data card (Reading armor-by-arc), is shown on the Fleet
    page, filled by a pick, and read in the arc the attack strikes: Suppressed's Kinetic Cannon attack on the rear arc
    rolls Macro X minus the rear Armor, as rules_core answers; the Ram reads the ramming ship's front Armor and the
    target's in the arc rammed."""
    armored = {**TENGU_CARD, "armor_front": 2, "armor_flank": 1, "armor_rear": 0}
    store(page, site_url, json.dumps({"fleet": VERSION, "ships": [
        {"kind": "Capital Ship", **VALIANT, "card": {**VALIANT_CARD, **NO_ARMOR, "armor_front": 1},
         "left": {**VALIANT["left"], **NO_ARMOR, "armor_front": 1}},
        {"kind": "Capital Ship", **TENGU, "card": armored, "left": armored}]}))
    root = open_fleet(page, site_url)
    expect()(open_card(root, "Tengu").locator(".fleet__numbers")).to_contain_text("Front Armor 2, Side (flank) Armor 1, Rear Armor 0")
    expect()(root.locator('[data-region="ship-unset"]')).to_have_count(0)  # a ship of this version is asked nothing

    suppressed = pick(page, "jovian-wars/v1.2.4/suppressed", "The ship", "Tengu (Theirs)")
    expect()(suppressed.locator('[data-name="ship.armor_front"]')).to_have_value("2")
    suppressed.get_by_label("Arc the attack strikes", exact=True).select_option("rear")
    dice = {"roll.dice": [3, 3], "roll.macro_dice": [3, 1]}
    type_dice(suppressed, dice)
    expected = rules_core.resolve("jovian-wars/v1.2.4/suppressed", with_keypads(
        {"ship": {"thrusters": armored["thrusters"], "armor_front": 2, "armor_flank": 1, "armor_rear": 0}, "arc": "rear"}, dice))
    assert "Macro 2 (minus Armor 0, its rear arc's)" in expected["outcome"]["headline"]
    expect()(suppressed.locator('[data-region="outcome"] .resolver__headline')).to_have_text(expected["outcome"]["headline"])

    ram = pick(page, "jovian-wars/v1.2.4/ram", "Ramming ship", "Valiant (Mine)")
    ram.get_by_label("Target: from your fleet", exact=True).select_option(label="Tengu (Theirs)")
    expect()(ram.locator('[data-name="ramming_ship.armor_front"]')).to_have_value("1")
    expect()(ram.locator('[data-name="target_ship.armor_flank"]')).to_have_value("1")
    expect()(ram.locator('fieldset[data-name="ramming_ship"] [data-region="picked"]')).not_to_contain_text("not in the fleet")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_fleet_stored_before_skill_loads_asks_for_it_and_is_kept(page, page_log, site_url):
    """Assert a version 3 record (main's format, no Skill) loads on the Fleet page with every ship, says each Capital
    Ship's Skill is not set yet, is left as stored until the player changes the fleet; a pick says the Skill is not
    in the fleet (the form's stands, to be typed) while filling the rest; and an edit sets the Skill (and the Armor
    added since, seen in the same form), stored as this build's version with nothing lost (its one count of boxes for both System Traits now each one's)."""
    card = {**V3_CARD, "traits": 2, "trait_boxes": 3}
    old = {"name": "Tengu", "side": "Theirs", "card": card, "left": {**card, "defense": 3, "trait_boxes": 2},
           "state": {"boarders": 2}}
    record = fleet_v3(old)
    store(page, site_url, record)
    root = open_fleet(page, site_url)
    expect()(root.locator('[data-region="fleet-message"]')).to_be_empty()
    unset = root.locator('[data-region="ship-unset"]')
    expect()(unset).to_have_text("Skill, Front Armor, Side (flank) Armor, Rear Armor: not set yet (this ship "
                                 "was stored before the fleet kept them). Edit the ship to set them from its data card; "
                                 "until then a resolver asks for them.")
    assert page.evaluate(f"() => localStorage.getItem({KEY!r})") == record  # read, never rewritten unasked

    ram = pick(page, "jovian-wars/v1.2.4/ram", "Ramming ship", "Tengu (Theirs)")
    picked = ram.locator('fieldset[data-name="ramming_ship"] [data-region="picked"]')
    expect()(picked).to_contain_text("Skill, Front Armor, Side (flank) Armor, Rear Armor: not in the fleet yet (stored "
                                     "before the fleet kept them): type them here")
    expect()(ram.locator('[data-name="ramming_ship.defense"]')).to_have_value("3")  # the rest is the fleet's
    expect()(ram.locator('[data-name="ramming_ship.skill"]')).to_be_visible()  # asked: shown to type
    assert page.evaluate(f"() => localStorage.getItem({KEY!r})") == record

    root = open_fleet(page, site_url)
    open_card(root, "Tengu")
    tap(root, "Edit Tengu")
    form = root.locator('[data-region="fleet-form"]')
    expect()(form.get_by_label("Skill (not set yet: from its data card)", exact=True)).to_have_value("3")
    form.get_by_role("button", name="Skill (not set yet: from its data card): one more", exact=True).tap()
    tap(form, "Save ship")
    expect()(form).to_have_count(0)
    expect()(unset).to_have_count(0)
    after = stored(page)
    assert after == {"fleet": VERSION, "ships": [{"kind": "Capital Ship", "name": "Tengu", "side": "Theirs",
                                            "card": {**card, "skill": 4, "trait2_boxes": 3, **NO_ARMOR},
                                            "left": {**card, "defense": 3, "skill": 4, "trait_boxes": 2, "trait2_boxes": 2,
                                                     **NO_ARMOR},
                                            "state": {"boarders": 2}}]}
    assert page_log.console_errors == [] and page_log.page_errors == []


HORNET_CARD = {**SQUADRON_CARD, "skill": 4, "fuel": 3}
HORNET = {"kind": "Squadron", "name": "Hornet", "side": "Theirs", "card": HORNET_CARD,
          "left": {**HORNET_CARD, "fuel": 1}}
"""A fleet Squadron of Skill 4, its Fuel spent down to 1 (Evade needs Fuel: 2+)."""


def test_a_fleet_squadrons_fuel_and_skill_reach_evade_and_withdraw_through_the_model_choice(page, page_log, site_url):
    """Assert a Squadron is a model Evade and Withdraw read from its own card: chosen as the declaring model and
    picked, its Fuel now (1) refuses Evade as rules_core does for that Fuel; opened from its fleet card, Withdraw comes
    as a Squadron's, the Squadron picked, and its Skill (4) is the Skill Test's pool (odds and outcome as rules_core's)."""
    store(page, site_url, fleet_v4(VALIANT, HORNET))
    page.goto(page.url.split("fleet/")[0] + ACTIONS + "#evade")
    evade = open_widget(page, "jovian-wars/v1.2.4/evade")
    expect()(evade).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    evade.locator('select[data-name="model"]').select_option("Squadron")
    evade.get_by_label("The Squadron: from your fleet", exact=True).select_option(label="Hornet (Theirs)")
    expect()(evade.locator('fieldset[data-name="squadron"] [data-region="picked"]')).to_have_text(
        "The Squadron: Hornet (Theirs): Fuel remaining 1.")
    expected = rules_core.resolve("jovian-wars/v1.2.4/evade", {"model": "Squadron", "squadron": {"fuel": 1}})
    assert expected["outcome"]["allowed"] is False
    expect()(evade.locator('[data-region="outcome"] .resolver__headline')).to_have_text(expected["outcome"]["headline"])
    expect()(evade).to_contain_text("Fuel is 1, needs 2+")

    root = open_fleet(page, site_url)
    card = open_card(root, "Hornet")
    expect()(card.locator('[data-region="ship-meaning"]')).to_have_attribute("data-state", "ready", timeout=ENGINE_MS)
    card.locator('a[data-play="jovian-wars/v1.2.4/withdraw"]').tap()
    withdraw = page.locator('[data-resolver="jovian-wars/v1.2.4/withdraw"]')
    expect()(withdraw).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    expect()(withdraw.locator('select[data-name="model"]')).to_have_value("Squadron")
    expect()(withdraw.locator('fieldset[data-name="squadron"] [data-region="picked"]')).to_have_text(
        "The Squadron: Hornet (Theirs): Skill 4.")
    expect()(withdraw.locator('[data-region="odds"]')).to_contain_text("Withdraw: Skill Test with Skill 4")
    dice = {"roll.dice": [3, 3, 1, 2]}
    type_dice(withdraw, dice)
    expected = rules_core.resolve("jovian-wars/v1.2.4/withdraw",
                                  with_keypads({"model": "Squadron", "squadron": {"skill": 4}}, dice))
    expect()(withdraw.locator('[data-region="outcome"] .resolver__headline')).to_have_text(expected["outcome"]["headline"])
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_ship_stored_with_one_count_for_both_system_traits_is_picked_with_it_in_each(page, page_log, site_url):
    """Assert a version-5 record (one box count for every System Trait) picked by a resolver fills System Trait 2's
    boxes with that count, as the Fleet page reads it, and that its outcome applies: the pick and the fleet read the
    ship alike, so Apply never finds it "changed since it was picked" (the Boarding from the fleet found it so)."""
    from tests.site.test_boarding_applied import apply

    card = {**V3_CARD, "skill": 3, "traits": 2, "trait_boxes": 3}
    tengu = {"kind": "Capital Ship", "name": "Tengu", "side": "Theirs", "card": card, "left": {**card, "trait_boxes": 2}}
    store(page, site_url, json.dumps({"fleet": 5, "ships": [tengu]}))
    ram = pick(page, "jovian-wars/v1.2.4/ram", "Target", "Tengu (Theirs)")
    expect()(ram.locator('[data-name="target_ship.trait2_boxes"]')).to_have_value("2")
    evade = pick(page, "jovian-wars/v1.2.4/evade", "The ship", "Tengu (Theirs)")
    apply(evade, "Tengu")
    # Evade's page holds no whole card, so it keeps the ship as stored: the Armor it was stored without is still
    # asked for ("unset"), never read as the defaults at this build's version.
    assert stored(page)["ships"] == [{**tengu, "card": {**card, "trait2_boxes": 3},
                                      "left": {**card, "trait_boxes": 2, "trait2_boxes": 2},
                                      "state": {"states": {"Evading": True}, "unset": list(NO_ARMOR)}}]
    assert page_log.page_errors == []
