"""The widget as a player uses it at the table: 390x844, touch, both colour schemes.

The Valiant/Tengu Ram (How the dice work §8) typed die by die must end with the headline naming both ships
in view; a keypad refuses a die too many out loud; a shared link reopens at the same outcome; a
hostile or broken link leaves a clear message and a working widget; a long page draws only the
widgets near the view. Expected answers come from rules_core in this process.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

import rules_core
from rules_core.inputs import field_label
from tests.keypads import with_keypads
from tests.site.conftest import expect
from tests.site.test_widgets import BOOT_MS, wait_ready, widget

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

ACTIONS = "jovian-wars/v1.2.4/actions/"
RAM = "jovian-wars/v1.2.4/ram"
VALIANT_RAMS_TENGU = {"skill_roll.dice": [3, 3, 1], "ram.dice": [2, 2, 5, 5, 1], "target.dice": [2, 2, 4]}
"""The defaults are the example's ships (Structure 1 of 4 rams a Structure 3 in the side arc); these are its dice, by
keypad path (tests/keypads.py)."""
TO_THE_END = {**VALIANT_RAMS_TENGU, "rammer_hit_dice": [4]}
"""The same, with the die the Ram then asks for in its turn (the ramming ship's Catastrophic Damage Table: no effect)."""


@pytest.fixture(params=["default", "slate"])
def scheme_page(request, browser, page_log):
    """A phone page in Material's light ("default") or dark ("slate") scheme, picked from the phone's preference."""
    from tests.site.conftest import watch

    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  color_scheme="dark" if request.param == "slate" else "light")
    page = context.new_page()
    watch(page, page_log)
    yield page, request.param
    context.close()


def reveal(pad) -> None:
    """Open, as a player does with a tap, the fold a keypad sits in (the Ram's "Dice you may leave empty")."""
    fold = pad.locator("xpath=ancestor::details[contains(@class, 'resolver__dice-more')]")
    if fold.count() and fold.get_attribute("open") is None:
        fold.locator("> summary").tap()


def type_dice(root, dice: dict[str, list[int]]) -> None:
    for name, faces in dice.items():
        pad = root.locator(f'fieldset[data-faces="{name}"]')
        reveal(pad)
        for face in faces:
            pad.get_by_label(f"Die {face}", exact=True).tap()


def test_the_ram_headline_names_both_ships_in_view_after_the_last_die(scheme_page, page_log, site_url):
    """Assert typing the Valiant/Tengu dice ends with rules_core's headline, naming target and ramming ship, in the viewport."""
    page, scheme = scheme_page
    page.goto(site_url + ACTIONS + "#ram")
    expect()(page.locator("body")).to_have_attribute("data-md-color-scheme", scheme)
    root = wait_ready(page, RAM)
    expected = rules_core.resolve(RAM, with_keypads({}, TO_THE_END))["outcome"]["headline"]
    assert "Target: Structure 3 → 1, not Crippled" in expected and "Ramming ship: Structure 1 → 0, Crippled, not Destroyed" in expected
    type_dice(root, TO_THE_END)
    headline = root.locator('[data-region="outcome"] .resolver__headline')
    expect()(headline).to_have_text(expected)
    expect()(headline).to_be_in_viewport()
    sideways = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert sideways <= 0
    assert page_log.foreign(site_url) == []
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_die_too_many_is_refused_with_a_message(page, page_log, site_url):
    """Assert a 3-dice keypad counts "3 of 3", and a fourth die is not added but answered with a visible message."""
    page.goto(site_url + ACTIONS + "#ram")
    root = wait_ready(page, RAM)
    assert rules_core.describe(RAM, {})["dice_needed"]["skill_roll.dice"] == 3  # type: ignore[index]
    pad = root.locator('fieldset[data-faces="skill_roll.dice"]')
    expect()(pad.locator('[data-region="needed"]')).to_have_text("0 of 3")
    for face in (3, 3):
        pad.get_by_label(f"Die {face}", exact=True).tap()
    expect()(pad.locator('[data-region="needed"]')).to_have_text("2 of 3")
    pad.get_by_label("Die 1", exact=True).tap()
    expect()(pad.locator('[data-region="needed"]')).to_have_text("3 of 3")
    pad.get_by_label("Die 6", exact=True).tap()
    note = pad.locator('[data-region="keypad-note"]')
    expect()(note).to_be_visible()
    expect()(note).to_contain_text("all 3 dice are typed already")
    expect()(pad.locator('[data-region="typed"]')).to_have_text("3 3 1")
    pad.get_by_label("Backspace", exact=True).tap()  # the way out the message names
    expect()(note).to_be_hidden()
    expect()(pad.locator('[data-region="needed"]')).to_have_text("2 of 3")
    assert page_log.page_errors == []


def test_roll_for_me_shows_the_rolled_faces_on_the_keypads(page, page_log, site_url):
    """Assert "Roll for me" puts the faces the engine rolled (those of its seed, in CPython too) on every keypad in use."""
    page.goto(site_url + ACTIONS + "#ram")
    root = wait_ready(page, RAM)
    root.get_by_role("button", name="Roll for me").tap()
    headline = root.locator('[data-region="outcome"] .resolver__headline')
    expect()(headline).not_to_be_empty()
    seed = int(root.locator('input[data-name="seed"]').input_value())
    expected = rules_core.resolve(RAM, {"seed": seed})
    expect()(headline).to_have_text(expected["outcome"]["headline"])
    for name, roll in (("skill", "skill_roll"), ("ram", "ram"), ("target", "target")):
        faces = " ".join(str(face) for face in expected["roll"][name]["dice"])  # type: ignore[index]
        expect()(root.locator(f'fieldset[data-faces="{roll}.dice"] [data-region="typed"]')).to_have_text(faces)
    assert page_log.page_errors == []


def test_a_shared_link_reopens_at_the_same_outcome(context, page, page_log, site_url):
    """Assert Share copies a short link (no share sheet here) that opens, in a new tab, with the same outcome in view."""
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page.goto(site_url + ACTIONS + "#ram")
    root = wait_ready(page, RAM)
    type_dice(root, TO_THE_END)
    headline = root.locator('[data-region="outcome"] .resolver__headline')
    expected = rules_core.resolve(RAM, with_keypads({}, TO_THE_END))["outcome"]["headline"]
    expect()(headline).to_have_text(expected)
    assert page.evaluate("typeof navigator.share") == "undefined"  # so the copy path is the one taken
    root.get_by_role("button", name="Share").tap()
    expect()(root.locator('[data-region="shared"]')).to_contain_text("Link copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(site_url + ACTIONS + "#")
    assert len(link) < 200, link  # only what differs from the defaults
    again = context.new_page()
    again.goto(link)
    root = widget(again, RAM)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    reopened = root.locator('[data-region="outcome"] .resolver__headline')
    expect()(reopened).to_have_text(expected)
    expect()(reopened).to_be_in_viewport()
    assert page_log.foreign(site_url) == []
    assert page_log.page_errors == []


BAD_LINKS = [
    pytest.param('{"__proto__":{"error":"poisoned","polluted":true},"skill_roll":{"dice":[3,3,1]}}', "__proto__", id="__proto__"),
    pytest.param('{"ram":{"__proto__":{"polluted":true},"dice":[2,2]}}', "ram.__proto__", id="__proto__ in a roll"),
    pytest.param('{"constructor":{"prototype":{"polluted":true}}}', "constructor", id="constructor"),
    pytest.param('{"ramming_ship":{"skill":{"__proto__":{"polluted":true}}}}', "ramming_ship.skill", id="an object for a number"),
    pytest.param('{"skill_roll":{"dice":[3,9,1]}}', "skill_roll.dice", id="a die 9"),
    pytest.param('{"target":[2,2,4]}', "target", id="a list for a roll"),
    pytest.param('{"rammer":"Zeppelin"}', "rammer", id="an unknown choice"),
    pytest.param("{not json", "could not be read", id="broken JSON"),
]


@pytest.mark.parametrize(("raw", "named"), BAD_LINKS)
def test_a_bad_link_gives_a_clear_message_and_a_usable_widget(page, page_log, site_url, raw, named):
    """Assert a hostile or broken link never touches Object.prototype, says what is wrong (the value dropped, naming the
    input, or that a key was ignored), and leaves a widget that resolves the example's dice afterwards."""
    page.goto(site_url + ACTIONS + "#" + quote(RAM, safe="/") + "=" + quote(raw, safe=""))
    root = wait_ready(page, RAM)
    page.wait_for_function("() => window.rulesEngine.state === 'ready'", timeout=BOOT_MS)
    assert page.evaluate("({}).polluted === undefined && ({}).error === undefined")
    error = root.locator('[data-region="error"]')
    note = root.locator('[data-region="link-note"]')
    try:
        inputs = json.loads(raw)
    except ValueError:
        inputs = None
    if named in ("skill_roll.dice", "rammer", "ramming_ship.skill", "target"):
        # The engine refuses the value; the page drops it before anything uses it, naming the input in the
        # player's words, and the default stands (input-check.js).
        with pytest.raises(rules_core.InputError):
            rules_core.resolve(RAM, inputs)  # type: ignore[arg-type]
        label = field_label(rules_core.REGISTRY[RAM].inputs, named)  # a roll's keypad after the roll: "Skill Test: Dice ..."
        assert label
        expect()(note).to_contain_text(label)
        expect()(note).to_contain_text("the default is used instead")
        expect()(error).to_be_empty()
    elif inputs is None:
        expect()(note).to_contain_text(named)
    else:
        expect()(note).to_contain_text(f"“{named}”")
    for other in page.locator('[data-region="error"]').all():
        assert "poisoned" not in other.inner_text()
    # Usable: fix what the link broke, type the example's dice, get the example's headline.
    if named == "rammer":
        root.get_by_label("Ramming model", exact=True).select_option("Capital Ship")
    if named == "skill_roll.dice":
        root.locator('fieldset[data-faces="skill_roll.dice"]').get_by_label("Clear", exact=True).tap()
    if named == "ramming_ship.skill":
        root.get_by_label("Ramming ship: Skill", exact=True).fill("3")
        root.get_by_label("Ramming ship: Skill", exact=True).dispatch_event("change")
    for name in VALIANT_RAMS_TENGU:
        root.locator(f'fieldset[data-faces="{name}"]').get_by_label("Clear", exact=True).tap()
    type_dice(root, VALIANT_RAMS_TENGU)
    expected = rules_core.resolve(RAM, with_keypads({}, VALIANT_RAMS_TENGU))["outcome"]["headline"]
    expect()(root.locator('[data-region="outcome"] .resolver__headline')).to_have_text(expected)
    expect()(error).to_be_empty()
    assert page_log.page_errors == []


def test_inputs_that_do_not_apply_are_hidden_and_rare_ones_fold_under_more(page, page_log, site_url):
    """Assert the Ram shows Capital Ship inputs (not Point Defense) for a Capital Ship, the reverse for a Squadron,
    and keeps its net modifiers and seed under "More"."""
    page.goto(site_url + ACTIONS + "#ram")
    root = wait_ready(page, RAM)
    capital_only = root.get_by_label("Ramming ship: Starting Structure", exact=True)
    squadron_only = root.get_by_label("Ramming Squadron: Structure left", exact=True)
    expect()(capital_only).to_be_visible()
    expect()(squadron_only).to_be_hidden()
    root.get_by_label("Ramming model", exact=True).select_option("Squadron")
    expect()(capital_only).to_be_hidden()
    expect()(squadron_only).to_be_visible()
    expect()(root.locator('fieldset[data-faces="pd.dice"]')).to_be_visible()
    expect()(root.locator('fieldset[data-faces="ram.dice"]')).to_be_hidden()
    more = root.locator("details.resolver__more")
    expect()(more.locator('input[data-name="seed"]')).to_be_hidden()
    root.get_by_label("Ramming model", exact=True).select_option("Capital Ship")
    more.locator("> summary").tap()
    expect()(root.get_by_label("Other modifiers to the ramming ship's roll (net)", exact=True)).to_be_visible()
    expect()(more.locator('input[data-name="seed"]')).to_be_visible()
    assert page_log.page_errors == []


def test_a_long_page_draws_only_the_widgets_near_the_view(page, page_log, site_url):
    """Assert the Actions page (37 resolvers) starts the engine at load but draws only the widgets near the view,
    each collapsed to its glance; scrolling to the last one draws it."""
    page.goto(site_url + ACTIONS)
    page.wait_for_function("() => window.rulesEngine !== undefined")  # the engine starts early, before any widget opens
    roots = page.locator("[data-resolver]")
    assert roots.count() == 37
    page.wait_for_load_state("load")
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")  # observers have run
    drawn = page.locator("[data-resolver][data-mounted]").count()
    assert drawn <= 5, f"{drawn} widgets drawn at load"
    assert page.locator("details.resolver__body[open]").count() == 0
    for glance in page.locator('[data-region="glance"]').all()[:3]:
        assert glance.text_content().strip()  # text, rendered or not (off-screen blocks are not)
    for block in (roots.first, roots.last):
        block.scroll_into_view_if_needed()
        expect()(block).to_have_attribute("data-mounted", "")
        expect()(block.locator("details.resolver__body")).not_to_have_attribute("open", "")  # drawn, still collapsed
    assert page.locator("[data-resolver][data-mounted]").count() < 37
    assert page_log.page_errors == []
