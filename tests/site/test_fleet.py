"""The fleet page at 390x844 with touch: ships added, edited, removed, kept over a reload, saved and opened as a
file and as a link; hostile files and links refused with one message, the stored fleet untouched, names never HTML.

Drives the DOM hooks listed at the top of calculators/page/fleet.js; the stored record is read back from localStorage
as the page wrote it (calculators/page/fleet-store.js).
"""

from __future__ import annotations

import base64
import json

import pytest

from rules_core.jovian_wars.ship_inputs import TRAIT_PARTS, ship_parts
from rules_core.jovian_wars.squadron_inputs import squadron_parts
from tests.keypads import with_keypads
from tests.site.conftest import clear_local_storage, expect
from tests.timing import ms

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py


@pytest.fixture(autouse=True)
def no_fleet(page, site_url: str) -> None:
    """Each test starts with no fleet stored, on the module's phone (its engine warm from the first test's boot)."""
    clear_local_storage(page, site_url)

FLEET = "fleet/"
KEY = "jovian-wars-fleet"
VERSION = 8
"""The fleet record's version this build writes (calculators/page/fleet-store.js VERSION)."""
PARTS = [part.name for part in ship_parts()]
CARD = {part.name: part.default for part in ship_parts()}
SQUADRON_CARD = {part.name: part.default for part in squadron_parts()}


def stored(page) -> object:
    text = page.evaluate(f"() => localStorage.getItem({KEY!r})")
    return None if text is None else json.loads(text)


def open_fleet(page, site_url: str, fragment: str = ""):
    page.goto(site_url + FLEET + fragment)
    root = page.locator("[data-fleet]")
    expect()(root).to_have_attribute("data-mounted", "")
    return root


def open_stored_fleet(page, site_url: str, ships: list[dict]):
    """The fleet page over these ships, stored as a returning reader's fleet is."""
    open_fleet(page, site_url)
    page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", json.dumps({"fleet": 2, "ships": ships}))
    page.reload()
    root = page.locator("[data-fleet]")
    expect()(root).to_have_attribute("data-mounted", "")
    return root


def tap(root, name: str) -> None:
    root.get_by_role("button", name=name, exact=True).tap()


def open_card(root, name: str):
    """The card of the ship named `name`, opened by a tap where it is closed: its Edit, Remove and Actions are in it
    (calculators/page/fleet-list.js)."""
    card = root.locator(f'[data-region="fleet-ships"] > li:has(> button.fleet__card .fleet__name:text-is("{name}"))')
    button = card.locator("button.fleet__card")
    if button.get_attribute("aria-expanded") != "true":
        button.tap()
    expect()(button).to_have_attribute("aria-expanded", "true")
    return card


def add_ship(root, name: str, side: str = "", changes: dict[str, int] | None = None) -> None:
    """Add a ship through the form: its name, side, and a tap on a stepper per number changed."""
    tap(root, "Add a ship")
    form = root.locator('[data-region="fleet-form"]')
    form.get_by_label("Name", exact=True).fill(name)
    form.get_by_label("Side", exact=True).fill(side)
    for label, taps in (changes or {}).items():
        for _ in range(abs(taps)):
            form.get_by_role("button", name=f"{label}: {'one more' if taps > 0 else 'one less'}", exact=True).tap()
    tap(form, "Save ship")
    expect()(form).to_have_count(0)


def ship(name: str, side: str = "", card: dict | None = None, left: dict | None = None) -> dict:
    numbers = {**CARD, **(card or {})}
    return {"name": name, "side": side, "card": numbers, "left": {**numbers, **(left or {})}}


def squadron(name: str, side: str = "", card: dict | None = None, left: dict | None = None) -> dict:
    """A fleet Squadron as this build stores it: its card, its numbers now (only Structure and Fuel differ)."""
    numbers = {**SQUADRON_CARD, **(card or {})}
    return {"kind": "Squadron", "name": name, "side": side, "card": numbers, "left": {**numbers, **(left or {})}}


def v3(ships: list[dict]) -> list[dict]:
    """Ships as this build stores them (fleet version 6, with a kind since version 3): each with its kind, a Capital
    Ship unless it says."""
    return [{"kind": "Capital Ship", **ship} for ship in ships]


def link_of(record: object) -> str:
    text = record if isinstance(record, str) else json.dumps(record)
    return "#fleet=" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def test_ships_are_added_edited_removed_and_kept_over_a_reload(page, page_log, site_url):
    """Assert a ship typed in is stored with its card and its numbers now, edited in place, removed, and that the
    fleet is there again after a reload."""
    root = open_fleet(page, site_url)
    expect()(root.locator('[data-region="fleet-ships"]')).to_contain_text("No ships yet")
    add_ship(root, "Valiant", "Mine", {"Defense boxes": -1, "Structure": 1})
    add_ship(root, "Tengu", "Theirs")
    record = stored(page)
    assert record == {"fleet": VERSION, "ships": v3([ship("Valiant", "Mine", {"defense": 3, "structure": 5}),
                                               ship("Tengu", "Theirs")])}
    ships = root.locator('[data-region="fleet-ships"] > li')
    expect()(ships).to_have_count(2)
    expect()(ships.nth(0).locator(".fleet__name")).to_have_text("Valiant")
    expect()(ships.nth(0).locator(".fleet__numbers")).to_contain_text("Defense 3/3")

    open_card(root, "Tengu").get_by_role("button", name="Edit Tengu", exact=True).tap()
    form = root.locator('[data-region="fleet-form"]')
    form.locator("details.fleet__now > summary").tap()
    form.get_by_role("button", name="Now: Structure left: one less", exact=True).tap()
    tap(form, "Save ship")
    assert stored(page)["ships"][1]["left"]["structure"] == CARD["structure"] - 1
    expect()(root.locator('[data-region="fleet-note"]')).to_have_text("Tengu saved.")

    page.reload()
    root = page.locator("[data-fleet]")
    expect()(root).to_have_attribute("data-mounted", "")
    expect()(root.locator('[data-region="fleet-ships"] > li')).to_have_count(2)
    open_card(root, "Valiant").get_by_role("button", name="Remove Valiant", exact=True).tap()
    expect()(root.locator('[data-region="fleet-ships"] > li')).to_have_count(1)
    assert [s["name"] for s in stored(page)["ships"]] == ["Tengu"]
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page_log.foreign(site_url) == []
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_ship_without_a_name_or_with_markup_is_refused_and_nothing_is_saved(page, page_log, site_url):
    root = open_fleet(page, site_url)
    tap(root, "Add a ship")
    tap(root.locator('[data-region="fleet-form"]'), "Save ship")
    message = root.locator('[data-region="fleet-message"]')
    expect()(message).to_have_text("The ship's name is empty: a ship needs a name. Nothing was saved.")
    root.get_by_label("Name", exact=True).fill("<b>Bold</b>")
    tap(root.locator('[data-region="fleet-form"]'), "Save ship")
    expect()(message).to_contain_text("holds “<” or “>”: a name is plain text, not markup. Nothing was saved.")
    assert stored(page) is None
    assert page_log.page_errors == []


def test_a_fleet_goes_to_another_phone_as_a_link_and_as_a_file(page, context, page_log, site_url, tmp_path):
    """Assert "Copy a link" gives a link that offers the same ships on a fresh page (another phone: another profile
    is not needed, the offer adds to that page's own fleet), and that "Save as a file" writes a file that opens."""
    root = open_fleet(page, site_url)
    add_ship(root, "Valiant", "CEGA", {"Sensors boxes": -2})
    add_ship(root, "Name with “quotes” & ümlauts", "CEGA")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    tap(root, "Copy a link")
    link = root.get_by_label("Fleet link", exact=True).input_value()
    assert link.startswith(site_url + FLEET + "#fleet=")
    with page.expect_download() as download:
        tap(root, "Save as a file")
    saved = tmp_path / "fleet.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text()) == stored(page)
    mine = stored(page)

    page.evaluate(f"() => localStorage.removeItem({KEY!r})")
    page.goto(site_url)  # leave, then arrive by the link: the page offers its ships and stores nothing yet
    root = open_fleet(page, site_url, link[len(site_url + FLEET):])
    offer = root.locator('[data-region="fleet-offer"]')
    expect()(offer).to_contain_text("This link holds 2 ships: Valiant, Name with “quotes” & ümlauts.")
    assert stored(page) is None
    tap(offer, "Add these ships")
    expect()(offer).to_be_hidden()
    assert stored(page) == mine
    assert "#fleet=" not in page.url

    root.get_by_label("Open a fleet file", exact=True).set_input_files(str(saved))
    expect()(offer).to_contain_text("This file holds 2 ships")
    tap(offer, "Add these ships")
    expect()(root.locator('[data-region="fleet-ships"] > li')).to_have_count(4)
    assert stored(page)["ships"] == mine["ships"] * 2  # each as stored: with its kind
    assert page_log.page_errors == []


HOSTILE = [
    pytest.param("{not json", "its text is not valid JSON", id="malformed"),
    pytest.param(json.dumps({"fleet": 1, "ships": [ship("A")] * 41}), "a fleet holds at most 40", id="too-many-ships"),
    pytest.param(json.dumps({"fleet": 1, "ships": [], "pad": "x" * 70000}), "larger than a fleet can be", id="oversized"),
    pytest.param(json.dumps({"fleet": 1, "ships": [{**ship("A"), "card": {**CARD, "defense": "many"}}]}),
                 "Ship 1 (“A”), card: Defense boxes: a whole number from 0 to 6", id="wrong-type"),
    pytest.param(json.dumps({"fleet": 1, "ships": [{**ship("A"), "card": {**CARD, "structure": 99}}]}),
                 "Structure: a whole number from 0 to 8, not 99", id="out-of-range"),
    pytest.param(json.dumps({"fleet": 1, "ships": [ship("A", left={"sensors": 6})]}),
                 "Sensors boxes left (6) is more than its card's 3", id="left-above-card"),
    pytest.param('{"fleet": 1, "ships": [{"name": "A", "__proto__": {"polluted": 1}}]}',
                 "has a field “__proto__” that a fleet does not have", id="proto-key"),
    pytest.param('{"fleet": 1, "__proto__": {"polluted": 1}, "ships": []}',
                 "has a field “__proto__” that a fleet does not have", id="proto-key-top"),
    pytest.param(json.dumps({"fleet": 1, "ships": [ship('<img src=x onerror="window.pwned=1">')]}),
                 "a name is plain text, not markup", id="markup-in-name"),
    pytest.param(json.dumps({"fleet": VERSION + 1, "ships": []}), f"made by a newer version of the site (fleet version {VERSION + 1}", id="newer"),
    pytest.param('{"fleet": 1e400, "ships": []}', "its fleet version “1e400” is not one this site reads", id="version-1e400"),
    pytest.param(json.dumps({"fleet": 1, "ships": [ship("A")]}).replace('"defense": 4', '"defense": [1, 2]', 1),
                 "Ship 1 (“A”), card: Defense boxes: a whole number from 0 to 6, not [1, 2]", id="list-as-written"),
    pytest.param(json.dumps({"fleet": 2, "ships": v3([ship("A")])}), "its ships have a kind, which a fleet of version 2",
                 id="kind-in-version-2"),
    pytest.param(json.dumps({"fleet": 3, "ships": [{**ship("A"), "kind": "Battleship"}]}),
                 "Ship 1's kind must be Capital Ship or Squadron, not “Battleship”", id="unknown-kind"),
    pytest.param(json.dumps({"fleet": 6, "ships": v3([{**ship("A"), "state": {"states": {"Cloaked": True}}}])}),
                 "Ship 1 (“A”): “Cloaked” is not a State the fleet keeps (Evading, Station Keeping, Hard Burn, Targeted, Suppressed, Stealthed, "
                 "Overdriven, Escorting, Assaulting)",
                 id="unknown-state"),
    pytest.param(json.dumps({"fleet": 6, "ships": v3([{**ship("A"), "state": {"states": {"Hard Burn": 31}}}])}),
                 "Ship 1 (“A”): Hard Burn:X must be a whole number from 0 to 30", id="state-x-too-high"),
    pytest.param(json.dumps({"fleet": 6, "ships": v3([{**ship("A"), "state": {"states": {"Overdriven": "Armor"}}}])}),
                 "Ship 1 (“A”): Overdriven is held for one of Defense, Sensors, Thrusters, not Armor",
                 id="state-of-unknown-rating"),
    pytest.param(json.dumps({"fleet": 2, "ships": [{**ship("A"), "state": {"fate": "Sunk"}}]}),
                 "Ship 1 (“A”)'s fate must be one of Destroyed, Dead, Explodes, Captured", id="unknown-fate"),
    pytest.param(json.dumps({"fleet": 2, "ships": [{**ship("A"), "state": {"boarders": 2, "__proto__": {}}}]}),
                 "state has a field “__proto__”", id="proto-key-state"),
    pytest.param(json.dumps([ship("A")]), "it is not a fleet", id="a-list"),
    # The same checks for a Squadron, by its own declaration (rules_core squadron_parts).
    pytest.param(json.dumps({"fleet": 3, "ships": [{**squadron("S"), "card": {**SQUADRON_CARD, "skill": "ace"}}]}),
                 "Ship 1 (“S”), card: Skill: a whole number from 0 to 8, not \"ace\"", id="squadron-wrong-type"),
    pytest.param(json.dumps({"fleet": 3, "ships": [{**squadron("S"), "card": {**SQUADRON_CARD, "weapon": "Laser"}}]}),
                 "card: Non-Missile weapon: one of Beam Projector, Particle Cannon", id="squadron-unknown-weapon"),
    pytest.param(json.dumps({"fleet": 3, "ships": [{**squadron("S"), "card": {**SQUADRON_CARD, "evasive": "yes"}}]}),
                 "card: Evasive trait: on or off", id="squadron-trait-not-bool"),
    pytest.param(json.dumps({"fleet": 3, "ships": [squadron("S", left={"structure": 5})]}),
                 "Structure left (5) is more than its card's 2", id="squadron-left-above-card"),
    pytest.param(json.dumps({"fleet": 3, "ships": [squadron("S", left={"skill": 1})]}),
                 "Skill now (1) is not its card's 3", id="squadron-skill-not-its-card"),
    pytest.param('{"fleet": 3, "ships": [{"kind": "Squadron", "name": "S", "card": {"__proto__": {"skill": 1}}}]}',
                 "card has a field “__proto__” that a fleet does not have", id="squadron-proto-key"),
    pytest.param(json.dumps({"fleet": 3, "ships": [squadron('<svg onload="window.pwned=1">')]}),
                 "a name is plain text, not markup", id="squadron-markup-in-name"),
    pytest.param(json.dumps({"fleet": 3, "ships": [{**squadron("S"), "state": {"fate": "Explodes"}}]}),
                 "Ship 1 (“S”)'s fate must be one of Destroyed, Withdrawn, not “Explodes”", id="squadron-fate"),
    pytest.param(json.dumps({"fleet": 3, "ships": [{**squadron("S"), "state": {"boarders": 2}}]}),
                 "state has a field “boarders” that a fleet does not have", id="squadron-boarders"),
    pytest.param(json.dumps({"fleet": 1, "ships": [{**ship("A"), "name": 7}]}), "Ship 1's name must be text", id="name-not-text"),
]


@pytest.mark.parametrize(("text", "words"), HOSTILE)
def test_a_hostile_link_or_file_gets_one_message_and_leaves_the_fleet_untouched(page, page_log, site_url, tmp_path,
                                                                                text, words):
    root = open_fleet(page, site_url)
    add_ship(root, "Valiant")
    before = stored(page)
    message = root.locator('[data-region="fleet-message"]')

    page.goto(site_url)
    root = open_fleet(page, site_url, link_of(text))
    expect()(message).to_contain_text("This link could not be opened: ")
    expect()(message).to_contain_text(words)
    expect()(message).to_contain_text("Your fleet is unchanged.")
    expect()(root.locator('[data-region="fleet-offer"]')).to_be_hidden()

    bad = tmp_path / "fleet.json"
    bad.write_text(text)
    root.get_by_label("Open a fleet file", exact=True).set_input_files(str(bad))
    expect()(message).to_contain_text("This file could not be opened: ")
    expect()(message).to_contain_text(words)
    assert stored(page) == before
    assert page.evaluate("() => ({}).polluted === undefined && window.pwned === undefined")
    assert root.locator("img, svg").count() == 0
    assert page_log.page_errors == []


def test_a_link_that_is_not_base64_says_so(page, page_log, site_url):
    root = open_fleet(page, site_url, "#fleet=%%%not-a-fleet")
    expect()(root.locator('[data-region="fleet-message"]')).to_have_text(
        "This link could not be opened: it is not a fleet link (it was cut short or changed). Your fleet is unchanged.")
    assert page_log.page_errors == []


def test_a_stored_fleet_version_is_echoed_as_written(page, page_log, site_url):
    """Assert a stored record whose version JSON.parse reads as Infinity is named as stored, "1e400" (issue 36: the note
    said "null", JSON.stringify's text for Infinity), and left as it is."""
    open_fleet(page, site_url)
    record = '{"fleet": 1e400, "ships": []}'
    page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", record)
    page.reload()
    expect()(page.locator('[data-fleet] [data-region="fleet-message"]')).to_contain_text(
        "The fleet stored on this phone could not be read: its fleet version “1e400” is not one this site reads "
        f"(versions 1 to {VERSION})")
    assert page.evaluate(f"() => localStorage.getItem({KEY!r})") == record
    assert page_log.page_errors == []


def test_a_stored_fleet_of_a_newer_build_is_kept_and_said_plainly(page, page_log, site_url):
    """Assert a stored record this build cannot read is named, left as it is, and replaced only when asked."""
    open_fleet(page, site_url)
    newer = json.dumps({"fleet": VERSION + 1, "ships": [], "squadrons": []})
    page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", newer)
    page.reload()
    root = page.locator("[data-fleet]")
    message = root.locator('[data-region="fleet-message"]')
    expect()(message).to_contain_text("The fleet stored on this phone could not be read: it was made by a newer version")
    tap(root, "Add a ship")
    root.get_by_label("Name", exact=True).fill("Valiant")
    tap(root.locator('[data-region="fleet-form"]'), "Save ship")
    expect()(message).to_contain_text("nothing is saved over it")
    assert page.evaluate(f"() => localStorage.getItem({KEY!r})") == newer
    tap(root, "Start a new fleet")
    assert stored(page) == {"fleet": VERSION, "ships": []}
    assert page_log.page_errors == []


# ---------------------------------------------------------------- pick, don't type

RAM = "jovian-wars/v1.2.4/ram"
# MECHANICS §8's Valiant (starting Structure 4, at 1) and Tengu (Structure 3); the other numbers are the form's.
VALIANT = ship("Valiant", "Mine", left={"structure": 1})
TENGU = ship("Tengu", "Theirs", {"structure": 3})
DICE = {"skill_roll.dice": [3, 3, 1], "ram.dice": [2, 2, 5, 5, 1], "target.dice": [2, 2, 4], "rammer_hit_dice": [4]}
SECOND_HIT_DICE = {"rammer_hit_dice": [5, 2, 3], "target_hit_dice": [2, 4, 4]}
"""Every damage die of the second Ram typed (its Critical Hits and Catastrophic Damage Table rolls): none rolled."""
ENGINE_MS = ms(180_000)
"""The engine's first boot on a machine shared with other test runs (Pyodide in a fresh profile)."""


def numbers(fleet_ship: dict) -> dict:
    """What a pick fills: the numbers now, the card's Structure as the starting Structure."""
    return {**fleet_ship["left"], "start_structure": fleet_ship["card"]["structure"]}


def test_a_ram_between_two_fleet_ships_is_picked_not_typed(page, page_log, site_url):
    """Assert picking both ships from the fleet fills every number of each (hand entry folded under the pick), and
    the typed dice then resolve exactly as rules_core does for those ships."""
    import rules_core
    from tests.site.test_widget_table import type_dice
    from tests.site.test_widgets import open_widget

    open_fleet(page, site_url)
    page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", json.dumps({"fleet": 1, "ships": [VALIANT, TENGU]}))
    page.goto(site_url + "jovian-wars/v1.2.4/actions/#ram")
    root = open_widget(page, RAM)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    by_hand = root.locator('fieldset[data-name="target_ship"] details.resolver__by-hand')
    expect()(by_hand).not_to_have_attribute("open", "")
    root.get_by_label("Ramming ship: from your fleet", exact=True).select_option(label="Valiant (Mine)")
    root.get_by_label("Target: from your fleet", exact=True).select_option(label="Tengu (Theirs)")
    expect()(root.locator('fieldset[data-name="ramming_ship"] [data-region="picked"]')).to_have_text(
        "Ramming ship: Valiant (Mine): Defense 4, Sensors 3, Thrusters 2, Marines 2, Structure 1 of 4, Skill 3.")
    # The pick and the numbers by hand fold under "Change", filled.
    expect()(root.get_by_label("Ramming ship: from your fleet", exact=True)).to_be_hidden()
    expect()(root.locator('[data-name="ramming_ship.structure"]')).to_have_value("1")
    expect()(root.locator('[data-name="target_ship.start_structure"]')).to_have_value("3")
    expect()(root.locator('[data-name="target_ship.structure"]')).to_be_hidden()
    type_dice(root, DICE)
    inputs = with_keypads({"ramming_ship": numbers(VALIANT), "target_ship": numbers(TENGU)}, DICE)
    expected = rules_core.resolve(RAM, inputs)
    expect()(root.locator('[data-region="outcome"] .resolver__headline')).to_have_text(expected["outcome"]["headline"])
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_with_no_fleet_a_ship_is_typed_and_the_fleet_page_is_named(page, page_log, site_url):
    from tests.site.test_widgets import open_widget

    page.goto(site_url + "jovian-wars/v1.2.4/actions/#ram")
    root = open_widget(page, RAM)  # the form is drawn from the declaration: no engine needed to see it
    first, target = root.locator('fieldset[data-name="ramming_ship"]'), root.locator('fieldset[data-name="target_ship"]')
    expect()(first.locator(".resolver__fleet-none")).to_contain_text("No ships in your fleet yet")
    assert first.get_by_role("link", name="your fleet").get_attribute("href").endswith("/fleet/")
    expect()(target.locator(".resolver__fleet-none")).to_have_count(0)  # said once per widget
    expect()(root.get_by_label("Target: Structure left", exact=True)).to_be_visible()
    assert page_log.page_errors == []


SCREEN = {"width": 390, "height": 844}


def ram_between_fleet_ships(page, site_url: str, ships: list[dict], version: int = 1, before_picks: str = ""):
    """The fleet `ships` stored (a record of `version`), the Ram opened with its engine ready, the script
    `before_picks` run, the Valiant picked to ram the Tengu; the widget's root."""
    from tests.site.test_widgets import open_widget

    open_fleet(page, site_url)
    page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", json.dumps({"fleet": version, "ships": ships}))
    page.goto(site_url + "jovian-wars/v1.2.4/actions/#ram")
    root = open_widget(page, RAM)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    if before_picks:
        expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true", timeout=ENGINE_MS)
        page.evaluate(before_picks)
    root.get_by_label("Ramming ship: from your fleet", exact=True).select_option(label="Valiant (Mine)")
    root.get_by_label("Target: from your fleet", exact=True).select_option(label="Tengu (Theirs)")
    return root


def test_the_open_ram_between_two_fleet_ships_fits_two_screens_and_takes_its_dice_as_digits(page, page_log, site_url):
    """Assert, at 390x844, the open Ram widget with both ships picked from the fleet is at most two screens tall, every
    control it shows fits the width, and the dice typed as digits on the phone's number pad ("331", then "22551",
    then "224": one field each, the focus handed on when a field holds its dice) resolve as rules_core does."""
    import rules_core

    assert page.viewport_size == SCREEN
    root = ram_between_fleet_ships(page, site_url, [VALIANT, TENGU])
    expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true", timeout=ENGINE_MS)
    expect()(root.locator('[data-region="odds"]')).not_to_have_attribute("aria-busy", "true")
    height = root.bounding_box()["height"]
    assert height <= 2 * SCREEN["height"], f"the open Ram is {height:.0f} px tall"
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")

    dice = {"skill_roll.dice": [3, 3, 1], "ram.dice": [2, 2, 5, 5, 1], "target.dice": [2, 2, 4]}
    fields = {name: root.locator(f'fieldset[data-faces="{name}"] [data-region="digits"]') for name in dice}
    expect()(fields["skill_roll.dice"]).to_have_attribute("aria-label", "Skill Test: Dice rolled (base and flex): type the dice")
    fields["skill_roll.dice"].tap()
    names = list(dice)
    for i, name in enumerate(names):
        expect()(fields[name]).to_be_focused()
        page.keyboard.type("".join(map(str, dice[name])))
        expect()(root.locator(f'fieldset[data-faces="{name}"] [data-region="typed"]')).to_have_text(" ".join(map(str, dice[name])))
        if i + 1 < len(names):
            expect()(fields[names[i + 1]]).to_be_focused()  # full: the next keypad's field has the keyboard
    expected = rules_core.resolve(RAM, with_keypads({"ramming_ship": numbers(VALIANT), "target_ship": numbers(TENGU)}, dice))
    headline = root.locator('[data-region="outcome"] .resolver__headline')
    expect()(headline).to_have_text(expected["outcome"]["headline"], timeout=ENGINE_MS)  # the site rolls the rest
    assert page_log.console_errors == [] and page_log.page_errors == []


HOLD_COUNTS = """() => {
  const engine = window.rulesEngine, ask = engine.request.bind(engine), held = [];
  engine.request = (type, ...rest) => type !== "describe" ? ask(type, ...rest)
    : new Promise((resolve) => held.push(() => ask(type, ...rest).then(resolve)));
  window.releaseCounts = () => { engine.request = ask; for (const go of held.splice(0)) go(); };
}"""
"""The engine's counts of dice (describe()) are held until window.releaseCounts(): a slow phone's engine, still
counting for the ships just picked while the player types."""


def test_dice_typed_before_the_engine_has_counted_them_go_on_to_their_keypads(page, page_log, site_url):
    """Assert the whole first roll typed at once while the engine has not yet said how many dice each keypad takes for
    the ships just picked ("44266665666", and one digit too many) waits in the first field, then, once it has, goes on
    to the keypads as if each count had been known (3, 5 and 3 dice), the digit too many left out and said; the Ram
    then asks its next roll with the keyboard on that roll's field."""
    import rules_core

    root = ram_between_fleet_ships(page, site_url, [VALIANT, EXPLODING_TENGU], version=2, before_picks=HOLD_COUNTS)
    first = root.locator('fieldset[data-faces="skill_roll.dice"]')
    first.locator('[data-region="digits"]').tap()
    digits = "".join("".join(map(str, faces)) for faces in FIRST_ROLLS.values())
    page.keyboard.type(digits + "3")
    expect()(first.locator('[data-region="typed"]')).to_have_text(" ".join(digits + "3"))  # not counted yet: all here
    expect()(first.locator('[data-region="needed"]')).to_have_text("12 typed")
    page.evaluate("window.releaseCounts()")
    for name, faces in FIRST_ROLLS.items():
        expect()(root.locator(f'fieldset[data-faces="{name}"] [data-region="typed"]')).to_have_text(" ".join(map(str, faces)), timeout=ENGINE_MS)
    expect()(first.locator('[data-region="keypad-note"]')).to_have_text(
        "Skill Test: Dice rolled (base and flex): 1 die more than the keypads take, so “3” was left out.")
    answer = rules_core.resolve(RAM, with_keypads({"ramming_ship": numbers(VALIANT), "target_ship": numbers(EXPLODING_TENGU)}, FIRST_ROLLS))
    prompt = root.locator('[data-region="next-roll-prompt"]')
    expect()(prompt).to_have_text(f"Next roll (4 of ?): {answer['next_roll']['text']}", timeout=ENGINE_MS)
    expect()(root.locator('fieldset[data-faces="rammer_hit_dice"] [data-region="digits"]')).to_be_focused()
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_die_typed_as_a_digit_that_is_no_face_is_left_out_and_said(page, page_log, site_url):
    """Assert "307" in a keypad's field keeps the 3, says the 0 and 7 were left out, and types nothing else."""
    from tests.site.test_widgets import open_widget

    page.goto(site_url + "jovian-wars/v1.2.4/actions/#ram")
    root = open_widget(page, RAM)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    pad = root.locator('fieldset[data-faces="skill_roll.dice"]')
    pad.locator('[data-region="digits"]').fill("307")
    expect()(pad.locator('[data-region="typed"]')).to_have_text("3")
    expect()(pad.locator('[data-region="keypad-note"]')).to_have_text(
        "Skill Test: Dice rolled (base and flex): a die shows 1 to 6, so “07” was left out.")
    expect()(pad.locator('[data-region="digits"]')).to_have_value("3")
    assert page_log.page_errors == []



def test_the_fleet_parts_are_rules_core_ship_parts():
    """Assert fleet-store.js's FLEET_PARTS and SQUADRON_PARTS (what "Apply to the fleet" writes into a ship or a
    Squadron) are ship_parts()' and squadron_parts()' names, and fleet-list.js's TRAIT_BOXES rules_core's TRAIT_PARTS."""
    import re
    from pathlib import Path

    page_code = Path(__file__).parents[2] / "calculators" / "page"
    text = (page_code / "fleet-store.js").read_text()
    for constant, parts in (("FLEET_PARTS", PARTS), ("SQUADRON_PARTS", [part.name for part in squadron_parts()])):
        names = re.search(constant + r" = \[([^\]]*)\]", text)
        assert names and re.findall(r'"(\w+)"', names.group(1)) == parts
    # The card's marks draw a group per System Trait from fleet-list.js's TRAIT_BOXES: rules_core's TRAIT_PARTS.
    trait_boxes = re.search(r"const TRAIT_BOXES = \[([^\]]*)\]", (page_code / "fleet-list.js").read_text())
    assert trait_boxes and tuple(re.findall(r'"(\w+)"', trait_boxes.group(1))) == TRAIT_PARTS


# ---------------------------------------------------------------- apply the outcome, undo, log

APPLIED = "jovian-wars/v1.2.4/actions/#ram"


def test_a_ram_between_fleet_ships_is_applied_kept_over_a_reload_logged_and_undone(page, page_log, site_url):
    """A fleet stored by the version-1 build: pick both ships for a Ram, type the dice, one tap applies each ship's
    end state as rules_core reports it; the fleet page after a reload holds it, says Crippled, logs it with its
    dice; a second apply of the same picks is refused; undo puts the fleet back as it was."""
    import rules_core
    from tests.site.test_widget_table import type_dice
    from tests.site.test_widgets import open_dice, open_inputs, open_widget

    open_fleet(page, site_url)
    page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", json.dumps({"fleet": 1, "ships": [VALIANT, TENGU]}))
    page.goto(site_url + APPLIED)
    root = open_widget(page, RAM)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    root.get_by_label("Ramming ship: from your fleet", exact=True).select_option(label="Valiant (Mine)")
    root.get_by_label("Target: from your fleet", exact=True).select_option(label="Tengu (Theirs)")
    type_dice(root, DICE)
    expected = rules_core.resolve(RAM, with_keypads({"ramming_ship": numbers(VALIANT), "target_ship": numbers(TENGU)}, DICE))
    outcome = root.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_have_text(expected["outcome"]["headline"])
    apply = outcome.get_by_role("button", name="Apply to the fleet", exact=True)
    apply.tap()
    expect()(outcome.locator('[data-region="apply-note"]')).to_contain_text("Applied to Valiant and Tengu")
    expect()(outcome.get_by_role("button", name="Applied to the fleet", exact=True)).to_be_disabled()
    ends = expected["outcome"]["ships"]
    after = [{**VALIANT, "left": {p: ends["ramming_ship"]["numbers"][p] for p in PARTS}},
             {**TENGU, "left": {p: ends["target_ship"]["numbers"][p] for p in PARTS}}]
    assert ends["ramming_ship"]["fate"] == ends["target_ship"]["fate"] == ""  # in play: no state to keep
    assert after[0]["left"] != VALIANT["left"] and after[1]["left"] != TENGU["left"]
    assert stored(page) == {"fleet": VERSION, "ships": v3(after)}

    # The same picks resolved again: the fleet's ships have changed since, so nothing is applied twice. Resolved, the
    # dice are folded to their line (the roll typed in its turn with them): a tap opens them.
    open_dice(root)
    root.locator('fieldset[data-faces="rammer_hit_dice"]').get_by_label("Backspace", exact=True).tap()
    type_dice(root, {"rammer_hit_dice": [4]})
    outcome.get_by_role("button", name="Apply to the fleet", exact=True).tap()
    # The first number the fleet holds otherwise than the pick, in the fleet's words (apply-outcome.js fleetWord).
    assert next(p for p in PARTS if after[0]["left"][p] != VALIANT["left"][p]) == "defense"
    expect()(outcome.locator('[data-region="apply-note"]')).to_have_text(
        "Nothing applied: Valiant has changed in the fleet since it was picked "
        f"(Defense {VALIANT['left']['defense']} → {after[0]['left']['defense']}: applied already?): pick it again. Your fleet is unchanged.")
    assert stored(page)["ships"] == v3(after)

    # Picked again, the ships come with their new numbers: a second Ram, every die typed, is applied in its turn.
    open_inputs(root)  # folded to its line since the first Ram
    for name, label, other, option in (("ramming_ship", "Ramming ship: from your fleet", "Tengu (Theirs)", "Valiant (Mine)"),
                                       ("target_ship", "Target: from your fleet", "Valiant (Mine)", "Tengu (Theirs)")):
        root.locator(f'fieldset[data-name="{name}"] .resolver__change > summary').tap()  # the pick is folded under "Change"
        root.get_by_label(label, exact=True).select_option(label=other)
        root.locator(f'fieldset[data-name="{name}"] .resolver__change > summary').tap()
        root.get_by_label(label, exact=True).select_option(label=option)
    root.locator('fieldset[data-faces="rammer_hit_dice"]').get_by_label("Clear", exact=True).tap()
    type_dice(root, SECOND_HIT_DICE)
    second = rules_core.resolve(RAM, with_keypads({"ramming_ship": numbers(after[0]), "target_ship": numbers(after[1])},
                                                  {**DICE, **SECOND_HIT_DICE}))
    assert "site_rolled" not in second
    expect()(outcome.locator(".resolver__headline")).to_have_text(second["outcome"]["headline"])
    outcome.get_by_role("button", name="Apply to the fleet", exact=True).tap()
    expect()(outcome.locator('[data-region="apply-note"]')).to_contain_text("Applied to Valiant and Tengu")
    ends = second["outcome"]["ships"]
    assert (ends["ramming_ship"]["fate"], ends["target_ship"]["fate"]) == ("Destroyed", "")
    final = [{**after[0], "left": {p: ends["ramming_ship"]["numbers"][p] for p in PARTS}, "state": {"fate": "Destroyed"}},
             {**after[1], "left": {p: ends["target_ship"]["numbers"][p] for p in PARTS}}]
    assert stored(page) == {"fleet": VERSION, "ships": v3(final)}

    page.goto(site_url + FLEET)
    page.reload()
    root = page.locator("[data-fleet]")
    expect()(root).to_have_attribute("data-mounted", "")
    ships = root.locator('[data-region="fleet-ships"] > li')
    expect()(ships.nth(0).locator(".fleet__state")).to_have_text("Destroyed")
    expect()(ships.nth(1).locator(".fleet__state")).to_have_text("Crippled")
    expect()(ships.nth(1).locator(".fleet__numbers")).to_contain_text(f"Defense {final[1]['left']['defense']}/4")
    entries = root.locator('[data-region="fleet-log"] > li')
    expect()(entries).to_have_count(2)
    expect()(entries.nth(0)).to_contain_text(f"Ram: {second['outcome']['headline']}")
    expect()(entries.nth(0).locator(".fleet__dice")).to_contain_text("5 2 3")  # the damage dice of the second Ram
    entry = entries.nth(1)
    expect()(entry).to_contain_text(f"Ram: {expected['outcome']['headline']}")
    expect()(entry.locator(".fleet__dice")).to_contain_text("3 3 1")  # the Skill Test's dice as typed
    expect()(entry.locator(".fleet__dice")).to_contain_text("2 2 5 5 1")
    expect()(entry).to_contain_text("Applied to Valiant, Tengu.")
    # What each state means now: the engine's own checks (rules_core ship_now), said on the page.
    from rules_core.jovian_wars.ship_now import ship_now
    valiant, tengu = (ships.nth(n).locator('[data-region="ship-meaning"]') for n in (0, 1))
    for meaning in (valiant, tengu):
        expect()(meaning).to_have_attribute("data-state", "ready", timeout=ENGINE_MS)
    expect()(valiant).to_contain_text("Destroyed: its Actions are not checked.")
    now = ship_now({"card": TENGU["card"], "now": final[1]["left"]})
    may = [action["title"] for action in now["actions"] if action["verdict"] == "may"]
    assert may and "Reorient" in may
    expect()(tengu.locator(".fleet__may")).to_have_text(f"May declare now: {', '.join(may)}.")
    expect()(tengu.locator(".fleet__crippled")).to_contain_text("“A model that is reduced to 0 Structure Rating is Crippled")
    expect()(tengu.locator(".fleet__systems")).to_have_text("Systems at 0: System Trait 1: +1 on the Catastrophic Damage Table.")
    undo = root.locator('[data-region="fleet-undo"]')
    for done in range(2):
        expect()(undo).to_have_text("Undo: Ram applied to Valiant, Tengu")
        undo.tap()
        expect()(root.locator('[data-region="fleet-note"]')).to_have_text("Undone: Ram applied to Valiant, Tengu.")
        expect()(entries.nth(done)).to_have_attribute("data-undone", "true")
        assert stored(page) == {"fleet": VERSION, "ships": v3([after, [VALIANT, TENGU]][done])}
    expect()(entry).to_contain_text("Ram (undone)")
    expect()(undo).to_be_disabled()
    page.reload()
    expect()(page.locator('[data-region="fleet-ships"] > li').nth(0).locator(".fleet__numbers")).to_contain_text("Structure 1/4")
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page_log.foreign(site_url) == []
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_picked_ships_number_changed_by_hand_is_not_applied_and_named(page, page_log, site_url):
    """Assert a number of each picked ship changed by hand before the Ram resolves keeps that ship out of "Apply to the
    fleet", the note naming the number by the fleet's word (Marines) or, where the fleet has none, by the input's label
    (Starting Structure), with what the pick filled and what was sent; the fleet is left as it was."""
    import rules_core
    from tests.site.test_widget_table import type_dice

    root = ram_between_fleet_ships(page, site_url, [VALIANT, TENGU])
    for name, stepper in (("ramming_ship", "Ramming ship: Starting Structure: one less"), ("target_ship", "Target: Marines boxes left: one less")):
        ship_input = root.locator(f'fieldset[data-name="{name}"]')
        ship_input.locator(".resolver__change > summary").tap()  # the numbers by hand fold under "Change"
        ship_input.locator(".resolver__by-hand > summary").tap()
        ship_input.get_by_role("button", name=stepper, exact=True).tap()
    dice = {**DICE, "ram.dice": [2, 2, 5, 5]}  # a ship of Starting Structure 3 rams with one die fewer
    sent = {"ramming_ship": {**numbers(VALIANT), "start_structure": 3}, "target_ship": {**numbers(TENGU), "marines": 1}}
    type_dice(root, dice)
    expected = rules_core.resolve(RAM, with_keypads(sent, dice))
    outcome = root.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_have_text(expected["outcome"]["headline"])
    expect()(outcome.locator('[data-region="apply-note"]')).to_have_text(
        "Not applied: Ramming ship: Starting Structure changed by hand (4 → 3) after Valiant was picked; "
        "Target: Marines changed by hand (2 → 1) after Tengu was picked.")
    expect()(outcome.get_by_role("button", name="Apply to the fleet")).to_have_count(0)
    assert stored(page) == {"fleet": 1, "ships": [VALIANT, TENGU]}
    assert page_log.console_errors == [] and page_log.page_errors == []


# Records, in the task that draws the fleet (before any answer of the engine can arrive), where Undo is on the page
# and how many ships' meanings are still being worked out.
AT_MOUNT = """new MutationObserver((_, observer) => {
  const root = document.querySelector("[data-fleet]");
  if (!root || !root.hasAttribute("data-mounted")) return;
  observer.disconnect();
  window.atMount = {
    undoTop: root.querySelector('[data-region="fleet-undo"]').getBoundingClientRect().top + scrollY,
    loading: root.querySelectorAll('[data-region="ship-meaning"][data-state="loading"]').length,
  };
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-mounted"]});"""


def test_a_change_redraws_no_known_meaning_and_undo_stays_put_while_meanings_arrive(page, page_log, site_url):
    """Assert the Undo button does not move while the ships' meanings come from the engine (it sits above the list),
    and that removing one ship redraws every other ship's meaning at once, from what the engine already said, with
    none of them back to "Working out…"."""
    page.add_init_script(AT_MOUNT)
    root = open_stored_fleet(page, site_url, [ship(f"Ship {n}") for n in range(6)])
    meanings = root.locator('[data-region="ship-meaning"]')
    for n in range(6):
        expect()(meanings.nth(n)).to_have_attribute("data-state", "ready", timeout=ENGINE_MS)
    at_mount = page.evaluate("window.atMount")
    assert at_mount["loading"] == 6  # drawn before the engine answered
    undo = root.locator('[data-region="fleet-undo"]')
    assert undo.evaluate("(button) => button.getBoundingClientRect().top + scrollY") == at_mount["undoTop"]
    # Remove one ship and read every meaning in the same task as the click: each is drawn already.
    states = open_card(root, "Ship 2").get_by_role("button", name="Remove Ship 2", exact=True).evaluate(
        """(button) => { button.click();
             return [...document.querySelectorAll('[data-region="ship-meaning"]')].map((box) => box.dataset.state); }""")
    assert states == ["ready"] * 5
    expect()(meanings.nth(2).locator(".fleet__may")).to_contain_text("May declare now:")
    assert page_log.page_errors == []


def test_the_last_twenty_changes_are_undone_in_turn_and_kept_over_a_reload(page, page_log, site_url):
    """Assert 21 removals are undone one by one, the last 20 of them, each back to the fleet as it was, with a
    reload in the middle."""
    fleet = [ship(f"Ship {n}") for n in range(22)]
    root = open_stored_fleet(page, site_url, fleet)
    for n in range(21):
        open_card(root, f"Ship {n}").get_by_role("button", name=f"Remove Ship {n}", exact=True).tap()
    expect()(root.locator('[data-region="fleet-ships"] > li')).to_have_count(1)
    undo = root.locator('[data-region="fleet-undo"]')
    for done in range(20):
        if done == 10:
            page.reload()
            expect()(root).to_have_attribute("data-mounted", "")
        expect()(undo).to_have_text(f"Undo: Ship {20 - done} removed")
        undo.tap()
        expect()(root.locator('[data-region="fleet-ships"] > li')).to_have_count(2 + done)
        assert stored(page)["ships"] == v3(fleet[20 - done:])
    assert page_log.page_errors == []


# ---------------------------------------------------------------- a Ram roll by roll; Boarded's Boarders; the core flow

EXPLODING_TENGU = ship("Tengu", "Theirs", {"structure": 3}, {"structure": 1, "defense": 0, "sensors": 0})
"""At Structure 1 with two Systems at 0: a Catastrophic Damage Table die of 6 makes it Explode (6 + 2)."""
FIRST_ROLLS = {"skill_roll.dice": [4, 4, 2], "ram.dice": [6, 6, 6, 6, 5], "target.dice": [6, 6, 6]}
IN_TURN = [("Ramming ship: Catastrophic Damage Table, 1 die", {"rammer_hit_dice": [1]}),
           ("Ramming ship: Catastrophic Damage Table, 1 die", {"rammer_hit_dice": [2]}),
           ("Target: Catastrophic Damage Table, 1 die", {"target_hit_dice": [6]}),
           ("Explosion on the ramming ship, 5 dice", {"explosion.dice": [5, 5, 2], "explosion.macro_dice": [5, 1]})]
"""Each roll the Ram asks for after the first ones, in turn, with the dice typed for it."""
LATER_PADS = ("rammer_hit_dice", "target_hit_dice", "explosion.dice", "explosion.macro_dice", "blast_hit_dice")


def test_a_ram_is_entered_roll_by_roll_to_both_fates_and_applied(page, page_log, site_url):
    check_ram_roll_by_roll(page, page_log, site_url)


def check_ram_roll_by_roll(page, page_log, url: str) -> None:
    """Assert, at 390x844 with touch, on the site at `url` (the MkDocs build here, the Zensical one in
    test_zensical.py), a Ram between two fleet ships asks each roll after the first ones in its turn:
    that roll's keypad alone, its prompt ("Next roll (4 of ?): Ramming ship: Catastrophic Damage Table, 1 die"), the
    keyboard on its field, the steps so far as rules_core gives them; the last roll by its own "Roll for me"; the end
    is rules_core's with every die typed at once, and one tap applies it to both ships."""
    import rules_core

    assert page.viewport_size == SCREEN
    root = ram_between_fleet_ships(page, url, [VALIANT, EXPLODING_TENGU], version=2)
    slot = root.locator('[data-region="next-roll"]')
    expect()(slot).to_be_hidden()  # no roll asked yet: the later keypads are not shown
    ships = {"ramming_ship": numbers(VALIANT), "target_ship": numbers(EXPLODING_TENGU)}
    typed: dict[str, list[int]] = {**FIRST_ROLLS}
    root.locator('fieldset[data-faces="skill_roll.dice"] [data-region="digits"]').tap()
    page.keyboard.type("".join("".join(map(str, faces)) for faces in FIRST_ROLLS.values()))
    prompt, steps = root.locator('[data-region="next-roll-prompt"]'), root.locator('[data-region="outcome"] .resolver__steps > li')
    for number, (wanted, dice) in enumerate(IN_TURN, 4):
        answer = rules_core.resolve(RAM, with_keypads(ships, typed))
        assert answer["next_roll"]["text"] == wanted and answer["next_roll"]["number"] == number
        expect()(prompt).to_have_text(f"Next roll ({number} of ?): {wanted}", timeout=ENGINE_MS)
        expect()(steps).to_have_text(answer["steps"])
        for name in LATER_PADS:  # that roll's keypads, and those already holding dice; no other
            pad = root.locator(f'fieldset[data-faces="{name}"]')
            expect()(pad).to_be_visible() if name in dice or typed.get(name) else expect()(pad).to_be_hidden()
        expect()(root.locator(f'fieldset[data-faces="{next(iter(dice))}"] [data-region="digits"]')).to_be_focused()
        page.keyboard.type("".join("".join(map(str, faces)) for faces in dice.values()))
        typed = {**typed, **{name: typed.get(name, []) + faces for name, faces in dice.items()}}
    expect()(prompt).to_have_text("Next roll (8 of ?): Explosion on the ramming ship: Catastrophic Damage Table, 1 die")
    pad = root.locator('fieldset[data-faces="blast_hit_dice"]')
    expect()(pad.locator('[data-region="digits"]')).to_be_focused()
    while asked := prompt.inner_text():  # the site rolls the roll asked, as many times as the Ram asks
        slot.get_by_role("button", name="Roll for me: Explosion on the ramming ship: Catastrophic Damage Table").tap()
        expect()(pad.locator('[data-region="keypad-note"]')).to_contain_text("Rolled by the site")
        expect()(prompt).not_to_have_text(asked)
    rolled = [int(face) for face in pad.locator('[data-region="typed"]').inner_text().split()]
    one_shot = rules_core.resolve(RAM, with_keypads(ships, {**typed, "blast_hit_dice": rolled}))
    assert "next_roll" not in one_shot and "site_rolled" not in one_shot
    outcome = root.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_have_text(one_shot["outcome"]["headline"])
    assert one_shot["outcome"]["ships"]["target_ship"]["fate"] == "Explodes"
    expect()(slot.get_by_role("button", name="Roll for me")).to_be_hidden()
    outcome.get_by_role("button", name="Apply to the fleet", exact=True).tap()
    expect()(outcome.locator('[data-region="apply-note"]')).to_contain_text("Applied to Valiant and Tengu")
    ends = one_shot["outcome"]["ships"]

    def applied(fleet_ship: dict, end: dict) -> dict:  # the die rolled last may leave the ramming ship Dead or Exploded
        return {**fleet_ship, "left": {p: end["numbers"][p] for p in PARTS}, **({"state": {"fate": end["fate"]}} if end["fate"] else {})}
    assert stored(page)["ships"] == v3([applied(VALIANT, ends["ramming_ship"]), applied(EXPLODING_TENGU, ends["target_ship"])])
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_boarded_picked_from_the_fleet_takes_its_boarders_aboard(page, page_log, site_url):
    """Assert picking the boarded ship fills its Boarders aboard from the fleet ship's state, beside its Marines."""
    from tests.site.test_widgets import open_widget

    boarded_id = "jovian-wars/v1.2.4/boarded"
    boarded = {**ship("Tengu", "Jovian", left={"marines": 1}), "state": {"boarders": 2}}
    open_fleet(page, site_url)
    page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", json.dumps({"fleet": 2, "ships": [VALIANT, boarded]}))
    page.goto(site_url + "jovian-wars/v1.2.4/actions/#boarded")
    root = open_widget(page, boarded_id)
    expect()(root.locator('[data-name="ship.boarders"]')).to_have_value("3")  # the form's default
    root.get_by_label("Boarded ship: from your fleet", exact=True).select_option(label="Tengu (Jovian)")
    expect()(root.locator('[data-name="ship.boarders"]')).to_have_value("2")
    expect()(root.locator('[data-name="ship.marines"]')).to_have_value("1")
    expect()(root.locator('[data-region="picked"]')).to_contain_text("Boarders aboard 2")
    assert page_log.page_errors == []


CAPITAL_DAMAGE = "jovian-wars/v1.2.4/capital-ship-damage"
DAMAGE_DICE = {"roll.dice": [6, 6, 6, 1, 2, 3]}


def check_core_flow(page, page_log, url: str) -> None:
    """The fleet's core flow on the site at `url` (the MkDocs build here, the Zensical one in test_zensical.py): a ship
    added on the fleet page, picked in a widget, resolved from typed dice as rules_core does, applied, and undone."""
    import rules_core
    from tests.site.test_widget_table import type_dice
    from tests.site.test_widgets import open_widget

    root = open_fleet(page, url)
    add_ship(root, "Valiant", "Mine")
    before = stored(page)
    page.goto(url + "jovian-wars/v1.2.4/damage/#capital-ship-damage")
    widget = open_widget(page, CAPITAL_DAMAGE)
    expect()(widget).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    widget.get_by_label("Ship: from your fleet", exact=True).select_option(label="Valiant (Mine)")
    type_dice(widget, DAMAGE_DICE)
    expected = rules_core.resolve(CAPITAL_DAMAGE, with_keypads({"ship": before["ships"][0]["left"]}, DAMAGE_DICE))
    outcome = widget.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_have_text(expected["outcome"]["headline"], timeout=ENGINE_MS)
    outcome.get_by_role("button", name="Apply to the fleet", exact=True).tap()
    expect()(outcome.locator('[data-region="apply-note"]')).to_contain_text("Applied to Valiant")
    end = expected["outcome"]["ships"]["ship"]["numbers"]
    applied = stored(page)["ships"][0]
    assert applied["left"] == {p: end[p] for p in PARTS} != before["ships"][0]["left"]
    root = open_fleet(page, url)
    root.locator('[data-region="fleet-undo"]').tap()
    expect()(root.locator('[data-region="fleet-note"]')).to_contain_text("Undone:")
    assert stored(page) == before
    # What the ship's state means now, the engine's own checks (rules_core ship_now), said on the fleet page.
    from rules_core.jovian_wars.ship_now import ship_now

    meaning = root.locator('[data-region="fleet-ships"] > li').first.locator('[data-region="ship-meaning"]')
    expect()(meaning).to_have_attribute("data-state", "ready", timeout=ENGINE_MS)
    now = ship_now({"card": before["ships"][0]["card"], "now": before["ships"][0]["left"]})
    may = [action["title"] for action in now["actions"] if action["verdict"] == "may"]
    expect()(meaning.locator(".fleet__may")).to_have_text(f"May declare now: {', '.join(may)}.")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_the_core_flow_adds_picks_resolves_applies_and_undoes(page, page_log, site_url):
    check_core_flow(page, page_log, site_url)
