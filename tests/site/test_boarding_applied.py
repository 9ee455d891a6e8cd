"""A boarding written back to the fleet, at 390x844 with touch (issue 33 point 2): Board picks the boarding ship and
the target from the fleet (its Marines and the target's Defense and Boarders are the fleet's) and applying it takes
the Marines committed off the boarding ship and puts the Boarders aboard the target; every Boarded activation
(the first, and each after "Next activation") applies its Marines, Boarders and fate; undo puts each back; a refusal
names the field that differs and never fires when nothing changed. Each order of play the issue tried is here, and
for seeded random dice, what is stored after Apply is exactly the outcome's state of each ship (no field lost).

The fleet is read back from localStorage as the page wrote it (calculators/page/fleet-store.js); each expected
state is rules_core's resolution of the inputs the widget resolved (its outcome's data-resolved).
"""

from __future__ import annotations

import json
import random

import pytest

import rules_core
from tests.site.conftest import clear_local_storage, expect, wait_until
from tests.site.test_fleet import VERSION, FLEET, KEY, PARTS, open_fleet, ship, stored, v3
from tests.site.test_widgets import BOOT_MS, open_dice, open_inputs, wait_ready, widget

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

BOARD = "jovian-wars/v1.2.4/board"
BOARDED = "jovian-wars/v1.2.4/boarded"
ACTIONS = "jovian-wars/v1.2.4/actions/"
VALIANT = ship("Valiant", "Mine", {"marines": 3})
TENGU = ship("Tengu", "Jovian", {"structure": 3})
BOARD_DICE = "1234"
"""The Tengu's Point Defense (its Defense 4): no result, so the 2 Marines committed by default both board."""


@pytest.fixture(autouse=True)
def no_fleet(page, site_url: str) -> None:
    clear_local_storage(page, site_url)


def store(page, site_url: str, ships: list[dict]) -> None:
    open_fleet(page, site_url)
    page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", json.dumps({"fleet": 4, "ships": v3(ships)}))


def applied(fleet_ship: dict, end: dict) -> dict:
    """A fleet ship with an outcome's end state written in: its numbers now, its fate and the Boarders aboard (a
    ship whose outcome says no Boarders keeps its own)."""
    state = dict(fleet_ship.get("state", {}))
    if end["fate"]:
        state["fate"] = end["fate"]
    if "boarders" in end["numbers"]:
        state["boarders"] = end["numbers"]["boarders"]
    state = {key: value for key, value in state.items() if value}
    out = {**fleet_ship, "left": {p: end["numbers"][p] for p in PARTS}}
    out.pop("state", None)
    return {**out, "state": state} if state else out


RESOLVED_WITH = """(want) => {
  const outcome = document.querySelector(`[data-resolver="${want.id}"] [data-region="outcome"][data-resolved]`);
  if (!outcome) return null;
  const inputs = JSON.parse(outcome.getAttribute("data-resolved"));
  const sorted = (list) => JSON.stringify([...(list || [])].sort());
  return Object.entries(want.dice).every(([pad, faces]) => sorted(inputs[pad] && inputs[pad].dice) === sorted(faces)) && inputs;
}"""


def resolved(page, root, dice: dict[str, list[int]]) -> dict:
    """Once the widget has resolved these dice (a roll's faces in any order), rules_core's answer to the inputs it
    resolved (an earlier outcome is never read for it)."""
    want = {"id": root.get_attribute("data-resolver"), "dice": dice}
    inputs = wait_until(page, RESOLVED_WITH, BOOT_MS, want)
    return rules_core.resolve(want["id"], inputs)


def faces(digits: str) -> list[int]:
    return [int(digit) for digit in digits]


def type_digits(page, root, pad: str, digits: str) -> None:
    root.locator(f'fieldset[data-faces="{pad}"] [data-region="digits"]').tap()
    page.keyboard.type(digits)


def apply(root, names: str) -> None:
    outcome = root.locator('[data-region="outcome"]')
    expect()(outcome.locator('[data-region="apply-note"]')).to_have_count(1)
    assert outcome.get_by_role("button", name="Apply to the fleet", exact=True).count(), outcome.locator('[data-region="apply-note"]').inner_text()
    outcome.get_by_role("button", name="Apply to the fleet", exact=True).tap()
    expect()(outcome.locator('[data-region="apply-note"]')).to_contain_text(f"Applied to {names}")


def pick(root, label: str, option: str) -> None:
    root.get_by_label(f"{label}: from your fleet", exact=True).select_option(label=option)


def board(page, site_url: str | None):
    """Board on the actions page, Valiant boarding Tengu picked from the fleet: opened by its link, or (no URL) on the
    page open already, as a player scrolls to it (a link to it would start the page's widgets afresh)."""
    if site_url:
        page.goto(site_url + ACTIONS + "#board")
    root = wait_ready(page, BOARD)
    pick(root, "Boarding ship", "Valiant (Mine)")
    pick(root, "Target", "Tengu (Jovian)")
    return root


def activation(page, boarded, marines: int, boarders: int, digits: str) -> dict:
    """One Boarded activation from the state shown: its dice typed; rules_core's answer to what it resolved."""
    expect()(boarded.locator('[data-name="ship.marines"]')).to_have_value(str(marines))
    expect()(boarded.locator('[data-name="ship.boarders"]')).to_have_value(str(boarders))
    type_digits(page, boarded, "boarders_roll.dice", digits)
    answer = resolved(page, boarded, {"boarders_roll": faces(digits[:boarders]), "marines_roll": faces(digits[boarders:])})
    expect()(boarded.locator('[data-region="outcome"] .resolver__headline')).to_have_text(answer["outcome"]["headline"])
    return answer


THREE = ("4212", "1133", "51")
"""Each activation's Boarders' then Marines' dice (tests/rules_core/test_jovian_boarding.py BY_ACTIVATION): from
Marines 2, Boarders 2, the boarding is still on after each."""


def test_board_and_three_activations_each_applied_then_undone_and_kept_over_a_reload(page, page_log, site_url):
    """Board picked from the fleet (the Tengu's Defense 4 is the Point Defense, no default 2), applied: Valiant loses
    the 2 Marines committed, the Tengu has the survivors aboard. "Go on to Boarded" and each of the three activations
    is applied in turn (Marines, Boarders written); a second tap of an applied outcome is refused naming the field;
    the fleet page then shows the Boarders, and undo takes each step back."""
    assert page.viewport_size == {"width": 390, "height": 844}
    store(page, site_url, [VALIANT, TENGU])
    root = board(page, site_url)
    expect()(root.locator('fieldset[data-name="target"] [data-region="picked"]')).to_contain_text("Defense 4")
    type_digits(page, root, "pd.dice", BOARD_DICE)
    expected = resolved(page, root, {"pd": faces(BOARD_DICE)})
    assert expected["inputs"]["target"]["defense"] == 4 and expected["inputs"]["boarding_ship"]["marines"] == 3
    expect()(root.locator('[data-region="outcome"] .resolver__headline')).to_have_text(
        "2 Marines board the target: it enters the Boarded state. Not entered yet, so taken at its default: 2 Marines "
        "committed.", timeout=BOOT_MS)
    apply(root, "Valiant and Tengu")
    ends = expected["outcome"]["ships"]
    fleet = [applied(VALIANT, ends["boarding_ship"]), applied(TENGU, ends["target"])]
    assert fleet[0]["left"]["marines"] == 1 and fleet[1]["state"] == {"boarders": 2}
    assert stored(page) == {"fleet": VERSION, "ships": v3(fleet)}
    history = [v3([VALIANT, TENGU]), v3(fleet)]

    root.get_by_role("button", name="Go on to Boarded", exact=True).tap()
    boarded = widget(page, BOARDED)
    pick(boarded, "Boarded ship", "Tengu (Jovian)")
    marines, boarders = 2, 2
    outcome = boarded.locator('[data-region="outcome"]')
    marines_pad = boarded.locator('fieldset[data-faces="marines_roll.dice"]')
    for number, digits in enumerate(THREE, 1):
        if number > 1:
            boarded.get_by_role("button", name="Next activation", exact=True).tap()
            expect()(boarded.locator('[data-region="step"]')).to_have_text(
                f"Activation {number}: it starts from the state the last one left.")
        answer = activation(page, boarded, marines, boarders, digits)
        apply(boarded, "Tengu")
        fleet[1] = applied(fleet[1], answer["outcome"]["ships"]["ship"])
        assert stored(page) == {"fleet": VERSION, "ships": v3(fleet)}
        history.append(v3(fleet))
        if number == 2:
            # Applied already, this activation resolved again (a Marines' die changed) is refused, naming what the
            # fleet now holds otherwise; the die typed back, the activation goes on as applied.
            open_dice(boarded)
            marines_pad.get_by_label("Backspace", exact=True).tap()
            marines_pad.get_by_label("Die 6", exact=True).tap()
            outcome.get_by_role("button", name="Apply to the fleet", exact=True).tap()
            expect()(outcome.locator('[data-region="apply-note"]')).to_have_text(
                "Nothing applied: Tengu has changed in the fleet since it was picked (Marines 2 → 1: applied already?): "
                "pick it again. Your fleet is unchanged.")
            assert stored(page)["ships"] == history[-1]
            marines_pad.get_by_label("Backspace", exact=True).tap()
            marines_pad.get_by_label(f"Die {digits[-1]}", exact=True).tap()
            expect()(outcome.get_by_role("button", name="Apply to the fleet", exact=True)).to_be_visible()
        marines, boarders = answer["outcome"]["marines"], answer["outcome"]["boarders"]
    assert (marines, boarders) == (1, 1) and fleet[1]["left"]["marines"] == 1 and fleet[1]["state"] == {"boarders": 1}
    # The third activation left Marines and Boarders as they were: resolved again, nothing the fleet holds differs,
    # and it is refused as applied already, not as a change.
    open_dice(boarded)
    marines_pad.get_by_label("Backspace", exact=True).tap()
    marines_pad.get_by_label("Die 6", exact=True).tap()
    outcome.get_by_role("button", name="Apply to the fleet", exact=True).tap()
    expect()(outcome.locator('[data-region="apply-note"]')).to_have_text(
        "Nothing applied: an outcome of Tengu as picked was applied already: pick it again to apply another. "
        "Your fleet is unchanged.")
    assert stored(page)["ships"] == history[-1]

    page.goto(site_url + FLEET)
    page.reload()
    root = page.locator("[data-fleet]")
    expect()(root).to_have_attribute("data-mounted", "")
    undo = root.locator('[data-region="fleet-undo"]')
    for before in reversed(history[:-1]):
        undo.tap()
        expect()(root.locator('[data-region="fleet-note"]')).to_contain_text("Undone:")
        assert stored(page)["ships"] == before
    expect()(undo).to_be_disabled()
    page.reload()
    assert stored(page)["ships"] == history[0]
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_each_order_of_play_applies_and_refuses_only_what_changed(page, page_log, site_url):
    """The orders of play issue 33 tried, each applied where the fleet is as picked: Boarded alone (the fleet's
    Boarders); the Boarders set by hand on a ship the fleet has none aboard (the pick says 0, not the form's 3); the
    target picked in Boarded before Board was applied; an activation applied after "Next activation" of one not
    applied (the fleet gets both)."""
    boarded_tengu = {**TENGU, "left": {**TENGU["left"], "marines": 2}, "state": {"boarders": 2}}
    store(page, site_url, [VALIANT, boarded_tengu])
    page.goto(site_url + ACTIONS + "#boarded")
    boarded = wait_ready(page, BOARDED)
    pick(boarded, "Boarded ship", "Tengu (Jovian)")
    answer = activation(page, boarded, 2, 2, THREE[0])
    apply(boarded, "Tengu")
    assert stored(page)["ships"] == v3([VALIANT, applied(boarded_tengu, answer["outcome"]["ships"]["ship"])])

    # Boarders by hand: the fleet has none aboard the Tengu, so the pick says 0; typed 2, they are the outcome's start.
    store(page, site_url, [VALIANT, TENGU])
    page.goto(site_url + ACTIONS + "#boarded")
    boarded = wait_ready(page, BOARDED)
    pick(boarded, "Boarded ship", "Tengu (Jovian)")
    expect()(boarded.locator('[data-name="ship.boarders"]')).to_have_value("0")
    boarded.locator('fieldset[data-name="ship"] .resolver__change > summary').tap()
    boarded.locator('fieldset[data-name="ship"] details.resolver__by-hand > summary').tap()
    more = boarded.get_by_role("button", name="Boarded ship: Boarders aboard: one more", exact=True)
    more.tap()
    more.tap()
    answer = activation(page, boarded, 2, 2, THREE[0])
    apply(boarded, "Tengu")
    assert stored(page)["ships"] == v3([VALIANT, applied(TENGU, answer["outcome"]["ships"]["ship"])])

    # The target picked in Boarded first; Board then applied (the Tengu's Boarders change in the fleet) and carried.
    store(page, site_url, [VALIANT, TENGU])
    page.goto(site_url + ACTIONS + "#boarded")
    boarded = wait_ready(page, BOARDED)
    pick(boarded, "Boarded ship", "Tengu (Jovian)")
    root = board(page, None)
    type_digits(page, root, "pd.dice", BOARD_DICE)
    ends = resolved(page, root, {"pd": faces(BOARD_DICE)})["outcome"]["ships"]
    apply(root, "Valiant and Tengu")
    fleet = [applied(VALIANT, ends["boarding_ship"]), applied(TENGU, ends["target"])]
    root.get_by_role("button", name="Go on to Boarded", exact=True).tap()
    first = activation(page, boarded, 2, 2, THREE[0])
    # Not applied: the next activation goes on from it, and applying the second writes where both leave the Tengu.
    boarded.get_by_role("button", name="Next activation", exact=True).tap()
    second = activation(page, boarded, first["outcome"]["marines"], first["outcome"]["boarders"], THREE[1])
    apply(boarded, "Tengu")
    fleet[1] = applied(fleet[1], second["outcome"]["ships"]["ship"])
    assert stored(page)["ships"] == v3(fleet)
    assert page_log.console_errors == [] and page_log.page_errors == []


CASES = 4
"""Seeded random dice sets per resolver, in one page visit each."""


def random_digits(rng: random.Random, count: int, last: list[str]) -> str:
    """`count` random faces, never the same faces as the case before (so its outcome is never taken for this one's)."""
    while True:
        digits = "".join(str(rng.randint(1, 6)) for _ in range(count))
        if not last or sorted(digits) != sorted(last[-1]):
            last.append(digits)
            return digits


def test_for_random_dice_the_fleet_read_back_is_each_ships_outcome(page, page_log, site_url):
    """Property: for seeded random dice (several cases, each on the fleet as it started), Board and a Boarded
    activation applied leave in the fleet exactly each ship's end state as rules_core resolves the inputs the widget
    sent: numbers, fate, Boarders; no field lost, no other ship touched."""
    rng = random.Random(33)
    typed: list[str] = []
    base = [VALIANT, {**TENGU, "card": {**TENGU["card"], "defense": 3}, "left": {**TENGU["left"], "defense": 3}}]
    store(page, site_url, base)
    root = board(page, site_url)
    for _ in range(CASES):
        page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", json.dumps({"fleet": 4, "ships": v3(base)}))
        open_inputs(root)  # the case before resolved: the form and the dice are folded to their lines
        open_dice(root)
        for name, label, option in (("boarding_ship", "Boarding ship", "Valiant (Mine)"), ("target", "Target", "Tengu (Jovian)")):
            root.locator(f'fieldset[data-name="{name}"] .resolver__change > summary').tap()
            pick(root, label, "— by hand —")
            pick(root, label, option)
        pad = root.locator('fieldset[data-faces="pd.dice"]')
        if pad.locator('[data-region="digits"]').input_value():
            pad.get_by_label("Clear", exact=True).tap()
        digits = random_digits(rng, 3, typed)
        type_digits(page, root, "pd.dice", digits)
        answer = resolved(page, root, {"pd": faces(digits)})
        expect()(root.locator('[data-region="outcome"] .resolver__headline')).to_have_text(answer["outcome"]["headline"], timeout=BOOT_MS)
        apply(root, "Valiant and Tengu")
        ends = answer["outcome"]["ships"]
        assert stored(page)["ships"] == v3([applied(base[0], ends["boarding_ship"]), applied(base[1], ends["target"])])

    start = {**TENGU, "left": {**TENGU["left"], "marines": 3}, "card": {**TENGU["card"], "marines": 3}, "state": {"boarders": 3}}
    store(page, site_url, [VALIANT, start])
    page.goto(site_url + ACTIONS + "#boarded")
    boarded = wait_ready(page, BOARDED)
    for _ in range(CASES):
        page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", json.dumps({"fleet": 4, "ships": v3([VALIANT, start])}))
        open_inputs(boarded)  # the case before resolved: the form and the dice are folded to their lines
        open_dice(boarded)
        change = boarded.locator('fieldset[data-name="ship"] .resolver__change')
        if change.get_attribute("open") is None:
            change.locator("> summary").tap()
        pick(boarded, "Boarded ship", "— by hand —")
        pick(boarded, "Boarded ship", "Tengu (Jovian)")
        for pad in ("boarders_roll.dice", "marines_roll.dice"):
            keypad = boarded.locator(f'fieldset[data-faces="{pad}"]')
            if keypad.locator('[data-region="digits"]').input_value():
                keypad.get_by_label("Clear", exact=True).tap()
        digits = random_digits(rng, 6, typed)
        type_digits(page, boarded, "boarders_roll.dice", digits)
        answer = resolved(page, boarded, {"boarders_roll": faces(digits[:3]), "marines_roll": faces(digits[3:])})
        expect()(boarded.locator('[data-region="outcome"] .resolver__headline')).to_have_text(answer["outcome"]["headline"], timeout=BOOT_MS)
        apply(boarded, "Tengu")
        assert stored(page)["ships"] == v3([VALIANT, applied(start, answer["outcome"]["ships"]["ship"])])
    assert page_log.console_errors == [] and page_log.page_errors == []
