"""Play from the ship (issue 33 points 1 and 6), at 390x844 with touch: the Fleet page's ships first, each a compact
card with its boxes as marks and its state at a glance, both sides in view; a tap on a card shows what the ship may
do now, each Action a link to its resolver with the ship in place and the other side one tap away, the reason of a
refused Action on a tap; back lands on the card; "Keep the screen on" tells the truth about the wake lock.

Each check_* runs against the MkDocs build here and the Zensical build in tests/site/test_zensical.py. Drives the
DOM hooks of calculators/page/fleet.js, fleet-play.js and fleet-wake.js.
"""

from __future__ import annotations

import pytest

from tests.site.conftest import clear_local_storage, expect
from tests.site.test_fleet import CARD, open_stored_fleet, ship, stored
from tests.timing import ms

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

ENGINE_MS = ms(180_000)
RAM = "jovian-wars/v1.2.4/ram"
SCREEN = 844
# How the dice work §8's two ships: the Valiant at Structure 1 (so it may Ram), the Tengu of the other side.
VALIANT = ship("Valiant", "CEGA", left={"structure": 1})
TENGU = ship("Tengu", "Jovian", card={"structure": 3}, left={"thrusters": 0})


@pytest.fixture(autouse=True)
def no_fleet(page, site_url: str) -> None:
    clear_local_storage(page, site_url)


def cards_of(page, url: str):
    root = open_stored_fleet(page, url, [VALIANT, TENGU])
    return root, root.locator('[data-region="fleet-ships"] > li')


def in_first_screen(locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN


def check_ships_first_both_sides(page, url: str) -> None:
    """The ships before any explanation, both sides side by side, each card's marks and state at a glance."""
    root, cards = cards_of(page, url)
    expect()(cards).to_have_count(2)
    assert all(in_first_screen(cards.nth(n)) for n in (0, 1))
    valiant, tengu = (cards.nth(n).bounding_box() for n in (0, 1))
    assert abs(valiant["y"] - tengu["y"]) < 2 and tengu["x"] > valiant["x"] + valiant["width"] - 2  # one a column
    expect()(cards.nth(0).get_by_role("img", name="Structure 1 of 4")).to_have_text("Structure ●○○○")
    expect()(cards.nth(1).get_by_role("img", name="Thrusters 0 of 2")).to_have_text("Thrusters ○○")
    expect()(cards.nth(0).locator(".fleet__panel")).to_be_hidden()  # the numbers and Actions wait for a tap
    about = page.locator("details.fleet__about")
    expect()(about).not_to_have_attribute("open", "")
    assert about.bounding_box()["y"] > cards.nth(0).bounding_box()["y"]


def open_card(cards, n: int):
    card = cards.nth(n)
    card.locator("button.fleet__card").tap()
    expect()(card.locator("button.fleet__card")).to_have_attribute("aria-expanded", "true")
    meaning = card.locator('[data-region="ship-meaning"]')
    expect()(meaning).to_have_attribute("data-state", "ready", timeout=ENGINE_MS)
    return card


def check_ram_from_the_ship(page, page_log, url: str) -> None:
    """A card's Actions; its Ram opens the Ram resolver with the ship in place and the other side one tap away; back
    (the link, then the browser's) lands on the card."""
    _root, cards = cards_of(page, url)
    valiant = open_card(cards, 0)
    ram = valiant.locator(f'.fleet__unknown a[data-play="{RAM}"]')  # its target's range is not on the card
    expect()(ram).to_have_text("Ram")
    assert in_first_screen(ram)
    ram.tap()
    widget = page.locator(f'[data-resolver="{RAM}"]')
    expect()(widget).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    rammer = widget.locator('fieldset[data-name="ramming_ship"] [data-region="picked"]')
    expect()(rammer).to_contain_text("Valiant (CEGA): ")
    expect()(rammer).to_contain_text("Structure 1 of 4")
    target = widget.get_by_role("button", name="Target: Tengu", exact=True)
    assert in_first_screen(target)
    expect()(widget.locator('[data-region="fleet-targets"] button')).to_have_count(1)  # the other side only
    target.tap()
    # (the inputs fold once both ships are picked, the button with them: found by its place, not its role)
    expect()(widget.locator('[data-region="fleet-targets"] button[aria-pressed="true"]')).to_have_text("Tengu (Jovian)")
    expect()(widget.locator('fieldset[data-name="target_ship"] [data-region="picked"]')).to_contain_text("Tengu (Jovian): ")
    # Both ships picked: the inputs fold to their line, the keyboard is on the first keypad's field, in the first screen.
    expect()(widget.locator('details[data-region="inputs-fold"] > summary')).to_contain_text("Inputs: Ramming ship Valiant")
    digits = widget.locator('fieldset[data-faces="skill_roll.dice"] [data-region="digits"]')
    expect()(digits).to_be_focused()
    assert in_first_screen(digits)
    page.go_back()  # the browser's back: the Fleet page's entry was made fleet/#ship-0 as the player left it
    landed = page.locator('[data-region="fleet-ships"] > li#ship-0')
    expect()(landed.locator("button.fleet__card")).to_have_attribute("aria-expanded", "true")
    assert in_first_screen(landed.locator("button.fleet__card"))
    landed.locator(f'a[data-play="{RAM}"]').tap()
    back = page.locator(f'[data-resolver="{RAM}"] [data-region="back-to-fleet"]')
    expect()(back).to_have_text("Back to the fleet (Valiant)", timeout=ENGINE_MS)
    back.tap()
    landed = page.locator('[data-region="fleet-ships"] > li#ship-0')
    expect()(landed.locator("button.fleet__card")).to_have_attribute("aria-expanded", "true")
    assert in_first_screen(landed.locator("button.fleet__card"))
    expect()(landed.locator(f'a[data-play="{RAM}"]')).to_be_visible()
    assert page_log.page_errors == []


def check_refused_action_says_why(page, url: str) -> None:
    """An Action the ship may not declare shows the failing requirement on a tap; its views are links too."""
    _root, cards = cards_of(page, url)
    tengu = open_card(cards, 1)
    reorient = tengu.locator(".fleet__may-not details.fleet__why", has_text="Reorient")
    expect()(reorient.locator("span")).to_be_hidden()
    reorient.locator("summary").tap()
    expect()(reorient.locator("span")).to_have_text(" (Thrusters: 1+: Thrusters is 0, needs 1+)")
    expect()(reorient.locator("span")).to_be_visible()
    expect()(tengu.locator('.fleet__views a[data-play="jovian-wars/v1.2.4/capital-ship-damage"]')).to_have_text("Capital Ship Damage")


def check_wake_lock_toggle(page, url: str) -> None:
    """The toggle holds the lock where the browser grants it, and says plainly why not where it does not."""
    root, _cards = cards_of(page, url)
    button = root.locator('[data-region="wake-lock"]')
    note = root.locator('[data-region="wake-note"]')
    if not page.evaluate("() => 'wakeLock' in navigator"):
        expect()(button).to_be_disabled()
        expect()(note).to_have_text("This browser cannot keep the screen on from a page: set the phone's screen timeout longer for the game.")
        return
    button.tap()
    expect()(note).not_to_have_text("")
    if button.get_attribute("aria-pressed") == "true":
        expect()(note).to_have_text("The screen is kept on while this page is shown.")
        button.tap()
        expect()(button).to_have_attribute("aria-pressed", "false")
        expect()(note).to_have_text("The screen goes dark as the phone sets it to.")
    else:  # headless Chromium may refuse: the refusal is said, the toggle left off
        expect()(note).to_contain_text("The screen could not be kept on: ")
        expect()(button).to_have_attribute("aria-pressed", "false")


def test_the_ships_come_first_both_sides_in_view(page, site_url: str) -> None:
    check_ships_first_both_sides(page, site_url)


def test_a_ships_ram_opens_with_it_in_place_and_back_lands_on_it(page, page_log, site_url: str) -> None:
    check_ram_from_the_ship(page, page_log, site_url)


def test_a_ships_link_opened_after_the_fleet_changed_picks_that_ship_or_says_it_is_gone(page, site_url: str) -> None:
    """Assert the Valiant's Ram link (made when it was the fleet's first ship), opened once another ship has taken its
    place, picks the Valiant where it now is, not the ship in its old place; and once the fleet holds no Valiant, picks
    no ship and says so."""
    _root, cards = cards_of(page, site_url)
    href = open_card(cards, 0).locator(f'a[data-play="{RAM}"]').get_attribute("href")
    assert href is not None and "ship-name=Valiant" in href
    rammer = f'[data-resolver="{RAM}"] fieldset[data-name="ramming_ship"] [data-region="picked"]'
    note = page.locator(f'[data-resolver="{RAM}"] [data-region="link-note"]')
    for fleet, picked in (([ship("Kestrel", "CEGA"), VALIANT, TENGU], "Valiant (CEGA): "), ([ship("Kestrel", "CEGA"), TENGU], "")):
        open_stored_fleet(page, site_url, fleet)
        page.goto(href)
        expect()(page.locator(f'[data-resolver="{RAM}"]')).to_have_attribute("data-mounted", "", timeout=ENGINE_MS)
        if picked:
            expect()(page.locator(rammer)).to_contain_text(picked)
            expect()(note).to_have_text("")
        else:
            expect()(page.locator(rammer)).to_have_text("")
            expect()(note).to_have_text("This link opened with Valiant, which is no longer in the fleet: pick a ship here.")


def test_a_refused_action_says_why_on_a_tap(page, site_url: str) -> None:
    check_refused_action_says_why(page, site_url)


def test_the_wake_lock_toggle_says_what_it_did(page, site_url: str) -> None:
    check_wake_lock_toggle(page, site_url)


def test_a_stored_fleet_of_the_earlier_build_still_loads_as_cards(page, site_url: str) -> None:
    """A version-1 record (no state, no kind), as the earlier builds stored it, draws its cards and is not rewritten."""
    import json

    from tests.site.test_fleet import KEY, open_fleet

    record = {"fleet": 1, "ships": [{"name": "Valiant", "side": "CEGA", "card": CARD, "left": {**CARD, "structure": 1}}]}
    open_fleet(page, site_url)
    page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", json.dumps(record))
    page.reload()
    cards = page.locator('[data-region="fleet-ships"] > li')
    expect()(cards.locator(".fleet__name")).to_have_text("Valiant")
    open_card(cards, 0)
    assert stored(page) == record
