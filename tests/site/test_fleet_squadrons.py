"""Squadrons in the fleet at 390x844 with touch: added from their card on the Fleet page, listed, edited, removed,
what their state means now; both Dogfight Squadrons picked from the fleet, the dice typed, the outcome applied to both
(their Structure, Destroyed) and undone. (Hostile Squadron files and links: tests/site/test_fleet.py's HOSTILE.)"""

from __future__ import annotations

import json

import pytest

import rules_core
from rules_core.jovian_wars.ship_now import squadron_now
from tests.keypads import keypads_of, with_keypads
from tests.rules_core.test_jovian_dogfight import HAND_WORKED, ID as DOGFIGHT, ROLLS
from tests.site.conftest import expect
from tests.site.test_fleet import VERSION, ENGINE_MS, FLEET, no_fleet, open_card, open_fleet, squadron, stored, tap  # noqa: F401 (no_fleet: autouse)

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py


def add_squadron(root, name: str, side: str, steps: dict[str, int] | None = None, weapon: str | None = None,
                 traits: tuple[str, ...] = ()) -> None:
    """Add a Squadron through the form: name, side, a tap per stepper step, its weapon picked, its traits ticked."""
    tap(root, "Add a Squadron")
    form = root.locator('[data-region="fleet-form"]')
    expect()(form).to_have_attribute("aria-label", "New Squadron")
    form.get_by_label("Name", exact=True).fill(name)
    form.get_by_label("Side", exact=True).fill(side)
    for label, taps in (steps or {}).items():
        for _ in range(abs(taps)):
            form.get_by_role("button", name=f"{label}: {'one more' if taps > 0 else 'one less'}", exact=True).tap()
    if weapon:
        form.get_by_label("Non-Missile weapon", exact=True).select_option(weapon)
    for trait in traits:
        form.get_by_label(trait, exact=True).tap()
    tap(form, "Save ship")
    expect()(form).to_have_count(0)


ALPHA = squadron("Alpha", "Mine", {"missile": True})
"""The hand-worked Dogfight's Squadron A (tests/rules_core/test_jovian_dogfight.py): Particle Cannon, a Missile."""
BRAVO = squadron("Bravo", "Theirs", {"weapon": "Mass Driver"})
"""Its Squadron B: Mass Driver, no Missile."""


def test_squadrons_are_added_listed_edited_said_and_removed(page, page_log, site_url):
    """Assert a Squadron typed from its card is stored as one (kind, card, numbers now), listed with its weapon and
    traits, edited in place (its Structure now), said in the engine's words (squadron_now), and removed."""
    root = open_fleet(page, site_url)
    add_squadron(root, "Alpha", "Mine", {"Skill": 1}, "Beam Projector", ("Has a Missile weapon", "Evasive trait"))
    add_squadron(root, "Bravo", "Theirs")
    alpha = squadron("Alpha", "Mine", {"skill": 4, "weapon": "Beam Projector", "missile": True, "evasive": True})
    assert stored(page) == {"fleet": VERSION, "ships": [alpha, squadron("Bravo", "Theirs")]}
    ships = root.locator('[data-region="fleet-ships"] > li[data-kind="Squadron"]')
    expect()(ships).to_have_count(2)
    expect()(ships.nth(0).locator(".fleet__kind")).to_have_text(" · Squadron")
    expect()(ships.nth(0).locator(".fleet__numbers")).to_have_text(
        "Structure 2/2, Skill 4, Fuel remaining 2/2, Beam Projector, Weapon AS 2, Weapon Macro 0, Has a Missile weapon, "
        "Missile AS 3, Missile Macro 0, Evasive trait, Sensors 0, Armor 0")
    expect()(ships.nth(1).locator(".fleet__numbers")).not_to_contain_text("Missile AS")  # none on its card

    open_card(root, "Bravo").get_by_role("button", name="Edit Bravo", exact=True).tap()
    form = root.locator('[data-region="fleet-form"]')
    form.locator("details.fleet__now > summary").tap()
    form.get_by_role("button", name="Now: Structure left: one less", exact=True).tap()
    form.get_by_role("button", name="Now: Fuel remaining: one less", exact=True).tap()
    form.get_by_role("button", name="Now: Fuel remaining: one less", exact=True).tap()
    tap(form, "Save ship")
    bravo = squadron("Bravo", "Theirs", left={"structure": 1, "fuel": 0})
    assert stored(page)["ships"][1] == bravo

    meaning = ships.nth(1).locator('[data-region="ship-meaning"]')
    expect()(meaning).to_have_attribute("data-state", "ready", timeout=ENGINE_MS)
    now = squadron_now({"card": bravo["card"], "now": bravo["left"]})
    may_not = [action for action in now["actions"] if action["verdict"] == "may not"]
    assert [action["title"] for action in may_not] == ["Vector Attack", "Evade", "Boost", "Active Interception",
                                                       "Reactive Interception"]  # Sensors 0; Fuel 0
    expect()(meaning.locator(".fleet__may-not")).to_contain_text("Boost (Fuel: 1+: Fuel is 0, needs 1+)")
    expect()(meaning.locator(".fleet__crippled, .fleet__systems")).to_have_count(0)  # a Capital Ship's words only

    open_card(root, "Alpha").get_by_role("button", name="Remove Alpha", exact=True).tap()
    assert stored(page)["ships"] == [bravo]
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_dogfight_between_two_fleet_squadrons_is_applied_to_both_and_undone(page, page_log, site_url):
    """Two Squadrons added on the Fleet page; on the Dogfight page each squadron input offers only them, a pick fills
    the whole card, the hand-worked dice typed give rules_core's outcome, one tap applies both Squadrons' Structure
    (Bravo Destroyed), the Fleet page shows it, and Undo restores them."""
    from tests.site.test_widget_table import type_dice
    from tests.site.test_widgets import open_widget

    root = open_fleet(page, site_url)
    add_squadron(root, "Alpha", "Mine", traits=("Has a Missile weapon",))
    add_squadron(root, "Bravo", "Theirs", weapon="Mass Driver")
    assert stored(page)["ships"] == [ALPHA, BRAVO]
    page.evaluate("""() => { const text = localStorage.getItem("jovian-wars-fleet"); const record = JSON.parse(text);
      record.ships.push({kind: "Capital Ship", name: "Valiant", side: "Mine", card: {structure: 4}, left: {structure: 4}});
      localStorage.setItem("jovian-wars-fleet", JSON.stringify(record)); }""")  # a Capital Ship never offered here

    page.goto(site_url + "jovian-wars/v1.2.4/dogfight/")
    widget = open_widget(page, DOGFIGHT)
    expect()(widget).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    pick_a = widget.get_by_label("Squadron A: from your fleet", exact=True)
    assert pick_a.locator("option").all_inner_texts() == ["— by hand —", "Alpha (Mine)", "Bravo (Theirs)"]
    pick_a.select_option(label="Alpha (Mine)")
    widget.get_by_label("Squadron B: from your fleet", exact=True).select_option(label="Bravo (Theirs)")
    expect()(widget.locator('fieldset[data-name="a"] [data-region="picked"]')).to_have_text(
        "Squadron A: Alpha (Mine): Structure 2, Skill 3, Fuel remaining 2, Non-Missile weapon Particle Cannon, "
        "Weapon AS 2, Weapon Macro 0, Has a Missile weapon, Missile AS 3, Missile Macro 0.")
    dice = {path: faces for path, faces in keypads_of(HAND_WORKED).items() if faces}
    fight = {key: value for key, value in HAND_WORKED.items() if key not in ("a", "b", *ROLLS)}
    for name, value in fight.items():  # the hand-worked choices are the form's defaults: nothing to type
        assert value == next(spec for spec in rules_core.REGISTRY[DOGFIGHT].inputs if spec.name == name).default, name
    type_dice(widget, dice)
    expected = rules_core.resolve(DOGFIGHT, with_keypads({"a": ALPHA["left"], "b": BRAVO["left"]}, dice))
    assert expected["outcome"]["headline"] == ("A Structure 1, B Structure 0 (Destroyed). Not entered yet, so taken at its default: "
                                               "Squadron A declares a Missile attack.")
    outcome = widget.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_have_text(expected["outcome"]["headline"])
    outcome.get_by_role("button", name="Apply to the fleet", exact=True).tap()
    expect()(outcome.locator('[data-region="apply-note"]')).to_contain_text("Applied to Alpha and Bravo")
    after = [{**ALPHA, "left": {**ALPHA["left"], "structure": 1}},
             {**BRAVO, "left": {**BRAVO["left"], "structure": 0}, "state": {"fate": "Destroyed"}}]
    assert stored(page)["ships"][:2] == after

    page.goto(site_url + FLEET)
    root = page.locator("[data-fleet]")
    expect()(root).to_have_attribute("data-mounted", "")
    ships = root.locator('[data-region="fleet-ships"] > li')
    expect()(ships.nth(0).locator(".fleet__numbers")).to_contain_text("Structure 1/2")
    expect()(ships.nth(1).locator(".fleet__numbers")).to_contain_text("Structure 0/2")
    expect()(ships.nth(1).locator(".fleet__state")).to_have_text("Destroyed")
    expect()(root.locator('[data-region="fleet-log"] > li').nth(0)).to_contain_text(
        f"Dogfight: {expected['outcome']['headline']}")
    undo = root.locator('[data-region="fleet-undo"]')
    expect()(undo).to_have_text("Undo: Dogfight applied to Alpha, Bravo")
    undo.tap()
    expect()(ships.nth(0).locator(".fleet__numbers")).to_contain_text("Structure 2/2")
    expect()(ships.nth(1).locator(".fleet__numbers")).to_contain_text("Structure 2/2")
    expect()(ships.nth(1).locator(".fleet__state")).to_have_count(0)
    assert stored(page)["ships"][:2] == [ALPHA, BRAVO]
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_boost_from_the_fleet_spends_the_squadrons_fuel(page, page_log, site_url):
    """Assert Boost offers the fleet's Squadrons, reads the picked one's Fuel and Evasive trait, and one tap spends the
    Fuel it expends from that Squadron in the fleet."""
    from tests.site.test_widgets import open_widget

    boost = "jovian-wars/v1.2.4/boost"
    open_fleet(page, site_url)
    alpha = squadron("Alpha", "Mine", {"evasive": True})
    page.evaluate("(text) => localStorage.setItem('jovian-wars-fleet', text)", json.dumps({"fleet": 3, "ships": [alpha]}))
    page.goto(site_url + "jovian-wars/v1.2.4/actions/#boost")
    widget = open_widget(page, boost)
    expect()(widget).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    widget.get_by_label("Squadron: from your fleet", exact=True).select_option(label="Alpha (Mine)")
    expected = rules_core.resolve(boost, {"squadron": alpha["left"]})
    assert expected["outcome"]["headline"] == 'Speed 8" → 11", Fuel 2 → 1; Evasive already: +1F when Boosting'
    outcome = widget.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_have_text(expected["outcome"]["headline"])
    outcome.get_by_role("button", name="Apply to the fleet", exact=True).tap()
    expect()(outcome.locator('[data-region="apply-note"]')).to_contain_text("Applied to Alpha")
    assert stored(page)["ships"] == [{**alpha, "left": {**alpha["left"], "fuel": 1}}]
    assert page_log.page_errors == []


def test_an_explosion_on_a_fleet_squadron_takes_its_structure_and_armor_and_is_applied(page, page_log, site_url):
    """Assert the Explosion's Squadron target is a fleet pick: its Structure and Armor are the Squadron's own (Armor 1
    leaves one macro die of the Macro 2 within 3"), the answer is rules_core's, and Apply leaves the Squadron as the
    outcome says (Destroyed here: [T2,D5] takes 3 of its 2)."""
    from tests.site.test_widget_table import type_dice
    from tests.site.test_widgets import open_widget

    explosion = "jovian-wars/v1.2.4/explosion"
    bravo = squadron("Bravo", "Theirs", {"weapon": "Mass Driver", "armor": 1})
    open_fleet(page, site_url)
    page.evaluate("(text) => localStorage.setItem('jovian-wars-fleet', text)", json.dumps({"fleet": VERSION, "ships": [bravo]}))
    page.goto(site_url + "jovian-wars/v1.2.4/damage/#explosion")
    widget = open_widget(page, explosion)
    expect()(widget).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    widget.get_by_label("Target", exact=True).select_option("Squadron")
    widget.get_by_label("Target Squadron: from your fleet", exact=True).select_option(label="Bravo (Theirs)")
    expect()(widget.locator('[data-name="target_squadron.armor"]')).to_have_value("1")
    dice = {"roll.dice": [2, 2, 5, 5], "roll.macro_dice": [2]}
    type_dice(widget, dice)
    expected = rules_core.resolve(explosion, with_keypads({"target": "Squadron", "target_squadron": bravo["left"]}, dice))
    assert "- Armor 1" in expected["steps"][0] and expected["outcome"]["ships"]["target_squadron"]["fate"] == "Destroyed"
    outcome = widget.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_have_text(expected["outcome"]["headline"])
    outcome.get_by_role("button", name="Apply to the fleet", exact=True).tap()
    expect()(outcome.locator('[data-region="apply-note"]')).to_contain_text("Applied to Bravo")
    assert stored(page)["ships"] == [{**bravo, "left": {**bravo["left"], "structure": 0}, "state": {"fate": "Destroyed"}}]
    assert page_log.page_errors == []


def test_a_squadron_stored_before_its_sensors_and_armor_is_asked_for_them_and_kept(page, page_log, site_url):
    """Assert a version 7 Squadron (no Sensors, no Armor on its card) loads on the Fleet page saying both are not set
    yet, left as stored; a pick says so and leaves them to be typed; an edit sets them, stored at this version."""
    from tests.site.test_widgets import open_widget

    old = {part: value for part, value in BRAVO["card"].items() if part not in ("sensors", "armor")}
    record = json.dumps({"fleet": 7, "ships": [{**BRAVO, "card": old, "left": old}]})
    open_fleet(page, site_url)
    page.evaluate("(text) => localStorage.setItem('jovian-wars-fleet', text)", record)
    root = open_fleet(page, site_url)
    unset = root.locator('[data-region="ship-unset"]')
    expect()(unset).to_have_text("Sensors, Armor: not set yet (this ship was stored before the fleet kept them). Edit "
                                 "the ship to set them from its data card; until then a resolver asks for them.")
    assert page.evaluate("() => localStorage.getItem('jovian-wars-fleet')") == record  # read, never rewritten unasked

    page.goto(site_url + "jovian-wars/v1.2.4/damage/#explosion")
    widget = open_widget(page, "jovian-wars/v1.2.4/explosion")
    expect()(widget).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    widget.get_by_label("Target", exact=True).select_option("Squadron")
    widget.get_by_label("Target Squadron: from your fleet", exact=True).select_option(label="Bravo (Theirs)")
    expect()(widget.locator('fieldset[data-name="target_squadron"] [data-region="picked"]')).to_contain_text(
        "Sensors, Armor: not in the fleet yet (stored before the fleet kept them): type them here")

    root = open_fleet(page, site_url)
    open_card(root, "Bravo")
    tap(root, "Edit Bravo")
    form = root.locator('[data-region="fleet-form"]')
    form.get_by_role("button", name="Armor (not set yet: from its data card): one more", exact=True).tap()
    tap(form, "Save ship")
    expect()(form).to_have_count(0)
    expect()(unset).to_have_count(0)
    card = {**BRAVO["card"], "armor": 1}
    assert stored(page) == {"fleet": VERSION, "ships": [{**BRAVO, "card": card, "left": card}]}
    assert page_log.console_errors == [] and page_log.page_errors == []
