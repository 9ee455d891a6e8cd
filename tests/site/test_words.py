"""The page's words that agree with a count, in the browser: the fleet's sentences and a widget's (calculators/page/words.js;
tests/test_page_modules.py holds words.js against rules_core's)."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

pytestmark = [pytest.mark.browser]

def test_the_fleet_says_one_ship_and_one_boarder_in_the_singular_and_more_in_the_plural(page, page_log, site_url, tmp_path) -> None:
    """Assert the fleet page's counted sentences (fleet-transfer.js, fleet-list.js) read right for one and for two: a
    file of one ship offered, added and saved; a ship with 1 Boarder aboard and one with 2."""
    from tests.site.conftest import expect
    from tests.site.test_fleet import KEY, open_fleet, ship, tap, v3

    one = tmp_path / "one.json"
    one.write_text(json.dumps({"fleet": 4, "ships": v3([{**ship("Valiant"), "state": {"boarders": 1}}])}))
    root = open_fleet(page, site_url)
    root.get_by_label("Open a fleet file", exact=True).set_input_files(str(one))
    offer = root.locator('[data-region="fleet-offer"]')
    expect()(offer).to_contain_text("This file holds 1 ship: Valiant.")
    tap(offer, "Add these ships")
    note = root.locator('[data-region="fleet-note"]')
    expect()(note).to_have_text("1 ship added.")
    states = root.locator('[data-region="fleet-ships"] > li .fleet__state')
    expect()(states).to_have_text(["Boarded: 1 Boarder aboard"])
    with page.expect_download():
        tap(root, "Save as a file")
    expect()(note).to_have_text("Fleet saved as fleet.json (1 ship).")

    two = [{**ship("Valiant"), "state": {"boarders": 1}}, {**ship("Tengu"), "state": {"boarders": 2}}]
    page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", json.dumps({"fleet": 4, "ships": v3(two)}))
    root = open_fleet(page, site_url)
    expect()(root.locator('[data-region="fleet-ships"] > li .fleet__state')).to_have_text(
        ["Boarded: 1 Boarder aboard", "Boarded: 2 Boarders aboard"])
    with page.expect_download():
        tap(root, "Save as a file")
    expect()(root.locator('[data-region="fleet-note"]')).to_have_text("Fleet saved as fleet.json (2 ships).")
    assert page_log.page_errors == []


def test_a_widget_says_a_links_unknown_names_and_a_fields_spare_dice_in_the_right_number(page, page_log, site_url) -> None:
    """Assert a link's names that are no input are said as "is not an input" for one and "are not inputs" for two
    (form-values.js), and digits past a keypad's dice as "it takes 3 dice" (dice-digits.js)."""
    from tests.site.conftest import expect
    from tests.site.test_widgets import open_widget
    from tests.timing import ms

    ram = "jovian-wars/v1.2.4/ram"
    for carried, said in (({"bogus": 1}, "This link carries “bogus”, which is not an input of this resolver: ignored."),
                          ({"bogus": 1, "other": 2}, "This link carries “bogus”, “other”, which are not inputs of this resolver: ignored.")):
        # A new document each time: a goto that changes only the fragment is no page load, and a reload right after it
        # could reload the entry before it (twice in CI under load: the first link's note again).
        page.goto("about:blank")
        page.goto(site_url + "jovian-wars/v1.2.4/actions/#" + quote(ram, safe="/") + "=" + quote(json.dumps(carried), safe=""))
        root = page.locator(f'[data-resolver="{ram}"]')
        expect()(root.locator('[data-region="link-note"]')).to_have_text(said)
    root = open_widget(page, ram)
    pad = root.locator('fieldset[data-faces="skill_roll.dice"]')  # Skill 3: three dice
    expect()(pad.locator('[data-region="needed"]')).to_have_text("0 of 3", timeout=ms(180_000))  # as the engine says
    pad.locator('[data-region="digits"]').fill("33114")
    expect()(pad.locator('[data-region="typed"]')).to_have_text("3 3 1")
    expect()(pad.locator('[data-region="keypad-note"]')).to_have_text(
        "Skill Test: Dice rolled (base and flex): it takes 3 dice; the rest was left out.")
    assert page_log.page_errors == []
