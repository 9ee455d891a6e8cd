"""At the table (issue 19): the answer stays in view while the inputs change, the help is said once, the Readings
fold to one line. On the Actions page (37 resolvers), at phone size with touch."""

from __future__ import annotations

import re

import pytest

import rules_core
from tests.page_modules import declaration_check
from tests.site.conftest import expect
from tests.site.test_widgets import open_widget
from tests.timing import ms

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

ACTIONS = "jovian-wars/v1.2.4/actions/"


def test_changing_any_input_of_an_open_widget_leaves_its_headline_in_view(page, page_log, site_url) -> None:
    """Assert, for every widget of the Actions page with an input to change: opened, one input changed (a stepper's
    "one more", else another choice, else a switch), the widget's compact headline is in the viewport and says
    something once the engine has answered."""
    page.goto(site_url + ACTIONS)
    ids = page.evaluate("[...document.querySelectorAll('[data-resolver]')].map((r) => r.dataset.resolver)")
    changed = 0
    for resolver_id in ids:  # a tap scrolls its target into view first, as a reader's thumb would
        root = page.locator(f'[data-resolver="{resolver_id}"]')
        summary = root.locator("details.resolver__body > summary")
        summary.tap()
        expect()(root).to_have_attribute("data-engine", "ready", timeout=ms(60_000))
        form = root.locator("form.resolver__form")
        control = form.locator(".resolver__stepper:visible button[aria-label$=': one more']").first
        if control.count():
            control.tap()
        else:
            select = form.locator("select:visible").first
            switch = form.locator("input[role=switch]:visible").first
            if select.count():
                options = select.locator("option").all_inner_texts()
                select.scroll_into_view_if_needed()
                select.select_option(options[-1] if select.input_value() != options[-1] else options[0])
            elif switch.count():
                switch.tap()
            else:
                continue
        changed += 1
        now = root.locator('[data-region="now"]')
        expect()(now).not_to_be_empty()
        expect()(now).to_be_in_viewport()
        box = now.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, (resolver_id, box)
        summary.tap()  # closed again: the next widget's headline is the one in view
    assert changed >= 30, changed
    assert page_log.page_errors == []


def test_the_ram_headline_says_each_ships_fate(page, site_url) -> None:
    """Assert the Ram's compact headline, before any dice, gives each ship's fate as the engine charts it."""
    page.goto(site_url + ACTIONS)
    root = open_widget(page, "jovian-wars/v1.2.4/ram")
    expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true", timeout=ms(60_000))
    charts = rules_core.odds("jovian-wars/v1.2.4/ram", {})["charts"]
    fates = [chart for chart in charts if chart["title"].endswith(": fate")]  # type: ignore[union-attr, index]
    assert len(fates) == 2
    text = root.locator('[data-region="now"]').inner_text()
    for chart in fates:
        assert chart["title"].removesuffix(": fate") + ":" in text  # type: ignore[index, union-attr]


def test_help_is_said_once_and_readings_fold_to_one_line(page, site_url) -> None:
    """Assert no open widget repeats a help sentence, and each widget's Readings read "Uses N Readings" until opened,
    N being the notes it opens to."""
    page.goto(site_url + ACTIONS)
    for root in page.locator("[data-resolver]").all()[:12]:
        open_widget(page, root.get_attribute("data-resolver"))  # scrolled into view by the click
        expect()(root).to_have_attribute("data-mounted", "")
        helps = root.locator(".resolver__help").evaluate_all("(nodes) => nodes.map((node) => node.textContent)")
        assert len(helps) == len(set(helps)), helps
        readings = root.locator("details.resolver__readings")
        if readings.count():
            count = readings.locator("li").count()
            summary = readings.locator("summary").inner_text()
            assert re.fullmatch(rf"Uses {count} Readings?", summary.strip()), summary


RAM = "jovian-wars/v1.2.4/ram"


def test_a_resolution_copies_as_text_and_its_link_is_short_and_reopens_it(context, page, page_log, site_url) -> None:
    """Assert "Copy as text" gives the title with its game and version, rules_core's headline, the dice typed, what
    was entered, and a compact link (well under the 198 characters of the JSON form) that reopens the same outcome."""
    from tests.site.test_widget_table import TO_THE_END, type_dice

    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page.goto(site_url + ACTIONS + "#ram")
    root = open_widget(page, RAM)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=ms(60_000))
    root.get_by_label("Ramming ship: Skill: one more", exact=True).tap()
    from tests.keypads import with_keypads

    dice = {**TO_THE_END, "skill_roll.dice": [3, 3, 1, 6]}  # Skill 4: four dice; the die asked in turn last
    inputs = with_keypads({"ramming_ship": {"skill": 4}}, dice)
    type_dice(root, dice)
    expected = rules_core.resolve(RAM, inputs)["outcome"]["headline"]  # type: ignore[index]
    expect()(root.locator('[data-region="outcome"] .resolver__headline')).to_have_text(expected)
    root.get_by_role("button", name="Copy as text").tap()
    expect()(root.locator('[data-region="shared"]')).to_contain_text("Copied as text")
    lines = page.evaluate("navigator.clipboard.readText()").split("\n")
    assert lines[0] == f"{rules_core.REGISTRY[RAM].title} (Jovian Wars v1.2.4)"
    assert lines[1] == expected
    assert lines[2].startswith("Dice: ") and "3 3 1 6" in lines[2] and "2 2 5 5 1" in lines[2] and "2 2 4" in lines[2]
    assert lines[3] == "Ramming ship · Skill: 4"
    link = lines[4]
    fragment = link.split("#", 1)[1]
    # ",22:4": the die asked in turn; a roll's keypad by its place in the roll, ",18.0:3316"
    assert link.startswith(site_url + ACTIONS + "#") and len(fragment) < 70, fragment
    assert "%" not in fragment  # nothing percent-encoded
    again = context.new_page()
    again.goto(link)
    reopened = again.locator(f'[data-resolver="{RAM}"]')
    expect()(reopened).to_have_attribute("data-engine", "ready", timeout=ms(60_000))
    expect()(reopened.locator('[data-region="outcome"] .resolver__headline')).to_have_text(expected)
    expect()(reopened.get_by_label("Ramming ship: Skill", exact=True)).to_have_value("4")
    assert page_log.page_errors == []


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("zzzz,0:4", "made by another version of the site, for other inputs"),  # another declaration's check
        ("{check},99:4", "does not have"),  # no input at that place
        ("{check},{int}:99", "not “99”"),  # out of range: the same check as any other value, echoed as written
        ("{check},{faces}:9", "each 1 to 6"),  # a die 9
        ("{check},{faces}:" + "25" * 40, "is longer than any input's"),  # more dice than any keypad takes
        ("{check},{roll}.0:9", "Skill Test: Dice rolled (base and flex): 0 to 36 dice, each 1 to 6"),  # a roll's keypad
        ("{check},{roll}.3:1", "does not have"),  # no keypad at that place in the roll
        ("{check},0:99", "one of"),  # no choice at that place
    ],
)
def test_a_tampered_compact_link_is_refused_with_a_note(page, site_url, value, said) -> None:
    """Assert a compact link made for other inputs, naming a missing input, or carrying a bad value is refused or
    dropped with a note, as strictly as the JSON form, and the widget still answers."""
    specs = rules_core.describe(RAM)["inputs"]
    check = declaration_check(RAM)
    faces = next(i for i, spec in enumerate(specs) if spec["kind"] == "faces")  # type: ignore[index]
    whole = next(i for i, spec in enumerate(specs) if spec["kind"] == "int")  # type: ignore[index]
    roll = next(i for i, spec in enumerate(specs) if spec["kind"] == "roll")  # type: ignore[index]
    page.goto(site_url + ACTIONS + f"#{RAM}=" + value.format(check=check, faces=faces, int=whole, roll=roll))
    page.reload()
    root = page.locator(f'[data-resolver="{RAM}"]')
    expect()(root.locator('[data-region="link-note"]')).to_contain_text(said)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=ms(60_000))


def test_copy_as_text_lists_only_what_differs_from_the_card_one_per_line(context, page, page_log, site_url) -> None:
    """Assert "Copy as text" for a Ram whose ramming ship is picked from the fleet is, exactly: the title, rules_core's
    headline, the dice, then one line per input that differs from where it starts (the picked ship's card: its
    Defense and Structure left; its Skill, 4 on its card, is the card's and is not listed), then the link (issue 36:
    one run-on "Entered:" line of every number, those equal to the card among them)."""
    import json

    from tests.keypads import with_keypads
    from tests.site.test_fleet import CARD, KEY, open_fleet, ship
    from tests.site.test_widget_table import TO_THE_END, type_dice

    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    open_fleet(page, site_url)
    valiant = ship("Valiant", "Earth", {"skill": 4}, left={"defense": 3, "structure": 1})  # Skill 4: its card's
    page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", json.dumps({"fleet": 1, "ships": [valiant]}))
    page.goto(site_url + ACTIONS + "#ram")
    root = open_widget(page, RAM)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=ms(60_000))
    root.get_by_label("Ramming ship: from your fleet", exact=True).select_option(label="Valiant (Earth)")
    dice = {**TO_THE_END, "skill_roll.dice": [3, 3, 1, 6]}
    numbers = {**valiant["left"], "start_structure": CARD["structure"]}
    expected = rules_core.resolve(RAM, with_keypads({"ramming_ship": numbers}, dice))["outcome"]["headline"]  # type: ignore[index]
    type_dice(root, dice)
    expect()(root.locator('[data-region="outcome"] .resolver__headline')).to_have_text(expected)
    root.get_by_role("button", name="Copy as text").tap()
    expect()(root.locator('[data-region="shared"]')).to_contain_text("Copied as text")
    lines = page.evaluate("navigator.clipboard.readText()").split("\n")
    assert lines[:-1] == [
        f"{rules_core.REGISTRY[RAM].title} (Jovian Wars v1.2.4)",
        expected,
        "Dice: Skill Test: Dice rolled (base and flex): 3 3 1 6; Ramming ship's roll: Dice rolled (base and flex): "
        "2 2 5 5 1; Target's roll: Dice rolled (base and flex): 2 2 4; Dice for the ramming ship's damage: 4",
        "Ramming ship · Defense boxes left: 3",
        "Ramming ship · Structure left: 1",
    ]
    assert lines[-1].startswith(site_url + ACTIONS + "#")
    assert page_log.page_errors == []
