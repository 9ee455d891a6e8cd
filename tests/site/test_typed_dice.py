"""Dice typed are dice used (issue 19, item 3): while a roll is half typed the widget resolves nothing, and once it
resolves, a die not typed is asked for in its turn (rules_core/turns.py), or, with a seed, rolled by the site and
said beside the headline and in the steps. At 390x844 with touch, on the Ram of the Actions page (the issue's example)."""

from __future__ import annotations

import json

import pytest

import rules_core
from tests.keypads import with_keypads
from tests.site.test_widget_table import VALIANT_RAMS_TENGU, reveal
from tests.site.conftest import expect
from tests.site.test_widgets import open_widget
from tests.timing import ms

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

ACTIONS = "jovian-wars/v1.2.4/actions/"
RAM = "jovian-wars/v1.2.4/ram"
MARK = "rolled by the site"

RECORD = """(root) => {
  window.resolutions = [];
  const outcome = root.querySelector('[data-region="outcome"]');
  new MutationObserver(() => {
    if (!outcome.dataset.resolved) return;
    window.resolutions.push({inputs: outcome.dataset.resolved,
                             headline: outcome.querySelector('.resolver__headline')?.textContent || ''});
  }).observe(outcome, {attributes: true, attributeFilter: ['data-resolved'], childList: true});
}"""


def uses_site_dice(inputs: dict[str, object]) -> bool:
    """The oracle, blind to the marks: the answer changes under another seed."""
    typed = with_keypads({}, inputs)
    said = {json.dumps(rules_core.resolve(RAM, {**typed, "seed": seed})["steps"]).replace(f" ({MARK})", "")
            for seed in range(1, 9)}
    said.add(json.dumps(rules_core.resolve(RAM, typed)["steps"]).replace(f" ({MARK})", ""))
    return len(said) > 1


def test_a_half_typed_roll_never_yields_an_unmarked_automatic_die(page, page_log, site_url) -> None:
    """Assert, typing the Valiant/Tengu Ram die by die: no resolution is shown until every keypad holds its dice; the
    one then shown is rules_core's, and since its Catastrophic Damage Table die was not typed (other seeds change the
    answer), it stops there and asks for that die: no die is rolled for the player. With a seed given, the site rolls
    it, and the headline, the sticky headline and that step say so."""
    page.goto(site_url + ACTIONS + "#ram")
    root = open_widget(page, RAM)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=ms(90_000))
    root.evaluate(RECORD)
    typed: dict[str, list[int]] = {}
    outcome = root.locator('[data-region="outcome"]')
    for name, faces in VALIANT_RAMS_TENGU.items():
        pad = root.locator(f'fieldset[data-faces="{name}"]')
        for face in faces:
            pad.get_by_label(f"Die {face}", exact=True).tap()
            typed.setdefault(name, []).append(face)
            expect()(pad.locator('[data-region="typed"]')).to_have_text(" ".join(map(str, typed[name])))
            complete = typed == VALIANT_RAMS_TENGU
            if not complete:  # the engine has said how many dice each keypad needs: the roll is incomplete
                expect()(pad.locator('[data-region="needed"]')).to_contain_text(f"{len(typed[name])} of ")
                expect()(outcome.locator(".resolver__hint")).to_be_visible()
    headline = outcome.locator(".resolver__headline")
    expect()(headline).not_to_be_empty(timeout=ms(60_000))
    resolutions = page.evaluate("window.resolutions")
    assert resolutions, "nothing was resolved"
    for seen in resolutions:  # every resolution the widget ever showed was of the whole roll
        assert json.loads(seen["inputs"]) == with_keypads({}, VALIANT_RAMS_TENGU), seen
    assert uses_site_dice(VALIANT_RAMS_TENGU), "the example should need a Catastrophic Damage Table die not typed"
    asked = rules_core.resolve(RAM, with_keypads({}, VALIANT_RAMS_TENGU))
    assert asked["next_roll"]["keypads"] == {"rammer_hit_dice": 1} and "site_rolled" not in asked  # type: ignore[index]
    expect()(headline).to_have_text(asked["outcome"]["headline"])  # type: ignore[index]
    expect()(root.locator('[data-region="next-roll-prompt"]')).to_have_text(
        "Next roll (4 of ?): Ramming ship: Catastrophic Damage Table, 1 die")
    expect()(outcome).not_to_contain_text(MARK)
    expect()(outcome.locator(".resolver__steps li", has_text="Catastrophic Damage Table: 1d6")).to_have_count(0)

    root.locator("details.resolver__more > summary").tap()  # a seed with the dice typed: the site rolls the rest
    seed = root.get_by_label("Seed for “Roll for me”", exact=True)
    seed.fill("3")
    seed.blur()
    expected = rules_core.resolve(RAM, with_keypads({"seed": 3}, VALIANT_RAMS_TENGU))
    rolled = expected["site_rolled"]
    assert isinstance(rolled, list) and rolled
    count = f"{len(rolled)} {'die' if len(rolled) == 1 else 'dice'}"
    expect()(headline).to_have_text(expected["outcome"]["headline"])  # type: ignore[index]
    expect()(headline).to_contain_text(f"({count} {MARK})")
    expect()(root.locator('[data-region="now"]')).to_contain_text(f"({count} {MARK})")
    table_steps = outcome.locator(".resolver__steps li", has_text="Catastrophic Damage Table: 1d6")
    expect()(table_steps.first).to_contain_text(f"({MARK})")
    for text in table_steps.all_text_contents():  # the steps' text, the stages folded or not
        assert f"({MARK})" in text, text
    expect()(root.locator('[data-region="next-roll"]')).to_be_hidden()
    assert page_log.page_errors == []


def test_typing_the_table_die_leaves_no_mark(page, site_url) -> None:
    """Assert the same Ram with the ramming ship's damage die typed too resolves with no die marked: dice typed are
    dice used, and the headline is rules_core's for those dice."""
    inputs = {**VALIANT_RAMS_TENGU, "rammer_hit_dice": [3]}
    assert not uses_site_dice(inputs)
    page.goto(site_url + ACTIONS + "#ram")
    root = open_widget(page, RAM)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=ms(90_000))
    for name, faces in inputs.items():
        pad = root.locator(f'fieldset[data-faces="{name}"]')
        reveal(pad)
        for face in faces:
            pad.get_by_label(f"Die {face}", exact=True).tap()
    headline = root.locator('[data-region="outcome"] .resolver__headline')
    expect()(headline).to_have_text(rules_core.resolve(RAM, with_keypads({}, inputs))["outcome"]["headline"], timeout=ms(60_000))  # type: ignore[index]
    expect()(root.locator('[data-region="outcome"]')).not_to_contain_text(MARK)
