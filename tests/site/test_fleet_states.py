"""States kept by the fleet (issue 33 point 2: "every Action that enters or ends a State"), at 390x844 with touch:
an Action opened from a ship's card that enters a State (Evade, Hard Burn, Silent Running, Combined Attack on its
target, a Squadron's Combat Air Patrol or completed Bombing) is applied to the ship, its card shows the State, the State's own rule reaches
its Actions (a ship in Hard Burn may not declare Hard Burn), the End Phase ends, lowers or leaves every State as the
texts say in one undoable change, and a State ends by hand. (Overdrive's Overdriven: tests/site/test_flows_applied.py.)

Drives the DOM hooks of calculators/page/fleet.js (end-phase, fleet__end-state) and apply-outcome.js.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_core.jovian_wars.kept_states import KEPT, MOST_X
from tests.site.conftest import clear_local_storage, expect
from tests.site.test_boarding_applied import apply
from tests.site.test_fleet import stored
from tests.site.test_fleet_play import ENGINE_MS, TENGU, VALIANT, cards_of, open_card

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

EVADE = "jovian-wars/v1.2.4/evade"
HARD_BURN = "jovian-wars/v1.2.4/hard-burn"


@pytest.fixture(autouse=True)
def no_fleet(page, site_url: str) -> None:
    clear_local_storage(page, site_url)


def test_the_pages_table_of_states_is_rules_cores():
    """Assert fleet-states.js's KEPT_STATES (read on every page, with no engine) is kept_states.KEPT: each State's
    name, whether it has an X, the Ratings it may be held for, what the End Phase does, its rule's resolver (a
    registered one); the same highest X."""
    text = (Path(__file__).parents[2] / "calculators" / "page" / "fleet-states.js").read_text()
    table = re.search(r"KEPT_STATES = \{(.*?)\n\};", text, re.S)
    assert table is not None
    found = re.findall(r'"([^"]+)": \{ x: (true|false), (?:of: \[([^\]]*)\], )?endPhase: "([^"]+)", resolver: "([^"]+)" \}',
                       table.group(1))
    assert found == [(state.name, str(state.x).lower(), ", ".join(f'"{name}"' for name in state.of), state.end_phase,
                      state.resolver) for state in KEPT]
    assert f"MOST_X = {MOST_X};" in text
    from rules_core.registry import REGISTRY

    assert all(state.resolver in REGISTRY for state in KEPT)


def played(page, cards, n: int, resolver: str):
    """Open ship n's card (back from a resolver lands on it open) and tap its Action `resolver`: its widget, ready,
    with the ship in place."""
    card = cards.nth(n) if is_open(cards.nth(n)) else open_card(cards, n)
    expect()(card.locator('[data-region="ship-meaning"]')).to_have_attribute("data-state", "ready", timeout=ENGINE_MS)
    card.locator(f'a[data-play="{resolver}"]').tap()
    widget = page.locator(f'[data-resolver="{resolver}"]')
    expect()(widget).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    return widget


def is_open(card) -> bool:
    return card.locator("button.fleet__card").get_attribute("aria-expanded") == "true"


NAVIGATION = """() => ({url: location.href, readyState: document.readyState,
  loading: [...document.querySelectorAll("progress, [role=progressbar]")].map((bar) => bar.outerHTML.slice(0, 160)),
  lastRequests: performance.getEntriesByType("resource").slice(-6).map((r) => `${r.name} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ms`),
  now: Math.round(performance.now())})"""
"""Where a page is, and what it asked for last: a navigation that never lands says where it stopped."""


def back_to_the_fleet(page, widget):
    widget.locator('[data-region="back-to-fleet"]').tap()
    cards = page.locator('[data-region="fleet-ships"] > li')
    try:
        expect()(page.locator("[data-fleet]")).to_have_attribute("data-mounted", "")
    except AssertionError as error:  # seen once in the Zensical build: its navigation left "Loading" on the rule's page
        raise AssertionError(f"the fleet page did not mount after Back to the fleet: {page.evaluate(NAVIGATION)}") from error
    return cards


def states_stored(page) -> list[object]:
    return [ship.get("state", {}).get("states") for ship in stored(page)["ships"]]


def test_states_entered_from_the_ship_are_kept_ended_by_the_end_phase_and_undone(page, page_log, site_url):
    check_states_flow(page, page_log, site_url)


def check_states_flow(page, page_log, site_url: str) -> None:
    """From the Valiant's card: Evade, then Hard Burn, each applied; the card says both, and Hard Burn is now refused
    with the State's own reason; three End Phases (Evading ends, Hard Burn:2 → 1 → 0 → ended), each stored as the
    texts say; undo; a State ended by hand. Run against the Zensical build too (tests/site/test_zensical.py)."""
    _root, cards = cards_of(page, site_url)
    end_phase = page.get_by_role("button", name="End Phase", exact=True)
    expect()(end_phase).to_be_disabled()  # no ship holds a State

    widget = played(page, cards, 0, EVADE)
    expect()(widget.locator('[data-region="outcome"] .resolver__headline')).to_have_text(
        "Enters the Evading state (removed in the End Phase)", timeout=ENGINE_MS)
    apply(widget, "Valiant")
    cards = back_to_the_fleet(page, widget)
    expect()(cards.nth(0).locator(".fleet__card .fleet__state")).to_have_text("Evading")
    assert states_stored(page) == [{"Evading": True}, None]

    widget = played(page, cards, 0, HARD_BURN)
    expect()(widget.locator('[data-region="outcome"] .resolver__headline')).to_have_text("Enters Hard Burn:2", timeout=ENGINE_MS)
    apply(widget, "Valiant")
    cards = back_to_the_fleet(page, widget)
    valiant = cards.nth(0)
    expect()(valiant.locator(".fleet__card .fleet__state")).to_have_text("Evading · Hard Burn:2")
    assert states_stored(page) == [{"Evading": True, "Hard Burn": 2}, None]
    # The State's own rule ("Cannot declare the Hard Burn action"), from the fleet: Hard Burn is now refused, with why.
    refused = valiant.locator(".fleet__may-not details.fleet__why", has_text="Hard Burn")
    expect()(refused).to_have_count(1, timeout=ENGINE_MS)
    refused.locator("summary").tap()
    expect()(refused.locator("span")).to_contain_text("not in the Hard Burn:X state")
    # Each State it holds opens its own rule: Hard Burn:X at its X, with the way back to the ship.
    held = valiant.locator(".fleet__held a[data-play]")
    expect()(held).to_have_text(["Evading", "Hard Burn:2"])
    held.nth(1).tap()
    rule = page.locator('[data-resolver="jovian-wars/v1.2.4/hard-burn-x"]')
    expect()(rule).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    expect()(rule.locator('[data-name="x"]')).to_have_value("2")
    expect()(rule.locator('[data-region="link-note"]')).to_have_text("")
    cards = back_to_the_fleet(page, rule)
    valiant = cards.nth(0)

    note = page.locator('[data-region="fleet-note"]')
    for states, said in (({"Hard Burn": 1}, "End Phase: Valiant: Evading ended, Hard Burn:2 → Hard Burn:1."),
                         ({"Hard Burn": 0}, "End Phase: Valiant: Hard Burn:1 → Hard Burn:0."),
                         (None, "End Phase: Valiant: Hard Burn:0 ended.")):
        end_phase.tap()
        expect()(note).to_have_text(said)
        assert states_stored(page) == [states, None]
    expect()(valiant.locator(".fleet__card .fleet__state")).to_have_count(0)
    expect()(end_phase).to_be_disabled()

    page.get_by_role("button", name="Undo: End Phase: Valiant: Hard Burn:0 ended", exact=True).tap()
    expect()(valiant.locator(".fleet__card .fleet__state")).to_have_text("Hard Burn:0")
    assert states_stored(page) == [{"Hard Burn": 0}, None]
    if not is_open(valiant):
        valiant.locator("button.fleet__card").tap()
    valiant.get_by_role("button", name="End Hard Burn:0 on Valiant", exact=True).tap()
    expect()(note).to_have_text("Valiant: Hard Burn:0 ended.")
    assert stored(page)["ships"][0] == {"kind": "Capital Ship", **VALIANT} and stored(page)["ships"][1]["name"] == TENGU["name"]
    assert page_log.page_errors == []


def test_a_state_applied_twice_or_after_the_fleet_changed_is_refused_and_named(page, site_url):
    """Assert a second Apply of one pick is refused, and an Apply after the ship's States changed on the Fleet page
    names the States as what differs."""
    _root, cards = cards_of(page, site_url)
    widget = played(page, cards, 0, EVADE)
    expect()(widget.locator('[data-region="outcome"] .resolver__headline')).to_have_text(
        "Enters the Evading state (removed in the End Phase)", timeout=ENGINE_MS)
    page.evaluate("""() => { const key = "jovian-wars-fleet"; const record = JSON.parse(localStorage.getItem(key));
        record.ships[0].state = { states: { "Station Keeping": true } }; record.fleet = 5;
        localStorage.setItem(key, JSON.stringify(record)); }""")
    widget.get_by_role("button", name="Apply to the fleet", exact=True).tap()
    expect()(widget.locator('[data-region="apply-note"]')).to_have_text(
        "Nothing applied: Valiant has changed in the fleet since it was picked (States none → Station Keeping: applied "
        "already?): pick it again. Your fleet is unchanged.")
    assert states_stored(page) == [{"Station Keeping": True}, None]


def test_for_random_dice_a_withdraw_from_the_fleet_leaves_the_ship_as_its_outcome(page, page_log, site_url):
    """Property (Withdraw, from the ship's card): for seeded random dice typed on its Skill Test, the outcome
    rules_core gives for the inputs the widget resolved is the one shown; on [D+] Apply makes the ship Withdrawn (its
    numbers and the other ship untouched: the fleet read back is exactly the outcome's end state), on [N] there is
    nothing to apply. A Withdrawn ship's card says so and lists no Action."""
    import random

    import rules_core
    from tests.site.test_boarding_applied import random_digits, type_digits
    from tests.site.test_fleet import open_stored_fleet, v3

    rng, typed, seen = random.Random(36), [], set()
    _root, cards = cards_of(page, site_url)
    href = open_card(cards, 0).locator('a[data-play="jovian-wars/v1.2.4/withdraw"]').get_attribute("href")
    for _ in range(5):
        open_stored_fleet(page, site_url, [VALIANT, TENGU])
        page.goto(href)
        widget = page.locator('[data-resolver="jovian-wars/v1.2.4/withdraw"]')
        expect()(widget).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
        clear = widget.get_by_role("switch", name='At least 6" from every Enemy Model', exact=True)
        clear.uncheck()  # ticked by default, and named as a default until the player sets it
        clear.check()
        digits = random_digits(rng, VALIANT["left"]["skill"], typed)
        type_digits(page, widget, "roll.dice", digits)
        answer = rules_core.resolve("jovian-wars/v1.2.4/withdraw", {
            "clear": True, "model": "Capital Ship", "ship": {"skill": VALIANT["left"]["skill"]},
            "roll": {"dice": [int(d) for d in digits]}})
        outcome = widget.locator('[data-region="outcome"]')
        expect()(outcome.locator(".resolver__headline")).to_have_text(answer["outcome"]["headline"], timeout=ENGINE_MS)
        end = answer["outcome"].get("ships", {}).get("ship")
        seen.add(end is not None)
        if end is None:
            expect()(outcome.get_by_role("button", name="Apply to the fleet", exact=True)).to_have_count(0)
            assert stored(page)["fleet"] == 2  # untouched: as the test stored it
            continue
        apply(widget, "Valiant")
        assert end == {"numbers": {}, "fate": "Withdrawn", "crippled": False}
        assert stored(page)["ships"] == v3([{**VALIANT, "state": {"fate": "Withdrawn"}}, TENGU])
    assert seen == {True, False}, "the seed must draw both rows"
    cards = back_to_the_fleet(page, widget)
    expect()(cards.nth(0).locator(".fleet__card .fleet__state")).to_have_text("Withdrawn (worth 0.5x points)")
    meaning = cards.nth(0).locator('[data-region="ship-meaning"]')
    expect()(meaning).to_have_attribute("data-state", "ready", timeout=ENGINE_MS)
    expect()(meaning.locator(".fleet__unknown")).to_have_text("Withdrawn: its Actions are not checked.")
    expect()(meaning.locator("a[data-play]")).to_have_count(0)
    assert page_log.page_errors == []


def test_a_squadron_evades_from_its_card_and_the_end_phase_ends_it(page, site_url):
    """Assert a fleet Squadron's Evade (its Fuel 2+ from its card) applies Evading to the Squadron, which its card
    shows and the End Phase ends; the Capital Ship beside it is untouched."""
    from tests.site.test_boarding_applied import store
    from tests.site.test_fleet import open_fleet
    from tests.site.test_fleet_squadrons import ALPHA

    store(page, site_url, [VALIANT, ALPHA])  # a version 4 record, as the build before kept it
    cards = open_fleet(page, site_url).locator('[data-region="fleet-ships"] > li')
    widget = played(page, cards, 1, EVADE)
    expect()(widget.locator('fieldset[data-name="squadron"] [data-region="picked"]')).to_contain_text("Alpha (Mine)")
    expect()(widget.locator('[data-region="outcome"] .resolver__headline')).to_have_text(
        "Enters the Evading state (removed in the End Phase)", timeout=ENGINE_MS)
    apply(widget, "Alpha")
    cards = back_to_the_fleet(page, widget)
    expect()(cards.nth(1).locator(".fleet__card .fleet__state")).to_have_text("Evading")
    assert states_stored(page) == [None, {"Evading": True}]
    page.get_by_role("button", name="End Phase", exact=True).tap()
    expect()(page.locator('[data-region="fleet-note"]')).to_have_text("End Phase: Alpha: Evading ended.")
    assert stored(page)["ships"] == [{"kind": "Capital Ship", **VALIANT}, ALPHA]


COMBINED = "jovian-wars/v1.2.4/combined-attack"


def test_a_combined_attack_from_a_squadron_puts_the_target_in_targeted_one_up_each_time(page, page_log, site_url):
    """Assert a fleet Squadron's Combined Attack, opened from its card, offers the other side's Capital Ships as its
    target in one tap; applied, the target holds Targeted:1; a second one starts from the target's Targeted:1 (its
    pick fills it) and leaves Targeted:2; the End Phase ends it; the Squadron and the other ship are untouched."""
    from tests.site.test_boarding_applied import store
    from tests.site.test_fleet import open_fleet, squadron

    alpha = squadron("Alpha", "CEGA")
    store(page, site_url, [VALIANT, TENGU, alpha])
    cards = open_fleet(page, site_url).locator('[data-region="fleet-ships"] > li')
    for now, then in ((0, 1), (1, 2)):
        widget = played(page, cards, 2, COMBINED)
        widget.get_by_role("button", name="Capital Ship target: Tengu", exact=True).tap()
        picked = widget.locator('fieldset[data-name="target"] [data-region="picked"]')
        expect()(picked).to_contain_text(f"Tengu (Jovian): Its Targeted:X now (0 = not Targeted) {now}.")
        # The Squadron's kind is the fleet's; the range is the table's, named until the player sets it.
        expect()(widget.locator('[data-region="outcome"] .resolver__headline')).to_have_text(
            f"Target enters Targeted:{then}. Not entered yet, so taken at its default: Capital Ship Target in Optimal "
            "or Short Range.", timeout=ENGINE_MS)
        apply(widget, "Tengu")
        cards = back_to_the_fleet(page, widget)
        expect()(cards.nth(1).locator(".fleet__card .fleet__state")).to_have_text(f"Targeted:{then}")
        assert states_stored(page) == [None, {"Targeted": then}, None]
    # The target's card: its Targeted:2 opens the State's rule (the attack's +X) at X 2.
    tengu = cards.nth(1)
    if not is_open(tengu):
        open_card(cards, 1)
    tengu.locator('.fleet__held a[data-play="jovian-wars/v1.2.4/targeted-x"]').tap()
    rule = page.locator('[data-resolver="jovian-wars/v1.2.4/targeted-x"]')
    expect()(rule).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    expect()(rule.locator('[data-name="x"]')).to_have_value("2")
    cards = back_to_the_fleet(page, rule)
    page.get_by_role("button", name="End Phase", exact=True).tap()
    expect()(page.locator('[data-region="fleet-note"]')).to_have_text("End Phase: Tengu: Targeted:2 ended.")
    assert states_stored(page) == [None, None, None]
    assert page_log.page_errors == []


SILENT_RUNNING = "jovian-wars/v1.2.4/silent-running"


def test_silent_running_from_either_kind_keeps_stealthed_until_it_is_ended(page, page_log, site_url):
    """Assert Silent Running, opened from a Capital Ship's and from a Squadron's card, its Skill Test typed, enters
    Stealthed whatever it reads (the text's results are missing, and said so); applied, each card holds Stealthed;
    the Squadron's ends by hand ("End Stealthed": it fired a weapon other than a Missile or a Drone), the ship's in the
    End Phase; each as the texts say, the other numbers untouched."""
    from tests.site.test_boarding_applied import store, type_digits
    from tests.site.test_fleet import open_fleet, squadron

    alpha = squadron("Alpha", "CEGA")
    store(page, site_url, [VALIANT, TENGU, alpha])
    cards = open_fleet(page, site_url).locator('[data-region="fleet-ships"] > li')
    for n, name, digits in ((0, "Valiant", "452"), (2, "Alpha", "113")):
        widget = played(page, cards, n, SILENT_RUNNING)
        type_digits(page, widget, "roll.dice", digits)
        expect()(widget.locator('[data-region="outcome"] .resolver__headline')).to_contain_text(
            "Enters the Stealthed state; the Skill Test's results are not given. Skill Test: [", timeout=ENGINE_MS)
        apply(widget, name)
        cards = back_to_the_fleet(page, widget)
        expect()(cards.nth(n).locator(".fleet__card .fleet__state")).to_have_text("Stealthed")
    assert states_stored(page) == [{"Stealthed": True}, None, {"Stealthed": True}]
    alpha_card = cards.nth(2) if is_open(cards.nth(2)) else open_card(cards, 2)
    alpha_card.get_by_role("button", name="End Stealthed on Alpha", exact=True).tap()
    assert states_stored(page) == [{"Stealthed": True}, None, None]
    page.get_by_role("button", name="End Phase", exact=True).tap()
    expect()(page.locator('[data-region="fleet-note"]')).to_have_text("End Phase: Valiant: Stealthed ended.")
    assert stored(page)["ships"] == [{"kind": "Capital Ship", **VALIANT}, {"kind": "Capital Ship", **TENGU}, alpha]
    assert page_log.page_errors == []


def kept_through_the_end_phase_until_ended(page, widget, state: str, squadron: dict) -> None:
    """Apply the widget's outcome to `squadron` (the fleet's third ship, after the Valiant and the Tengu): it holds
    `state`, which the End Phase leaves (its button is off, nothing to do), until "End <state>" on its card."""
    apply(widget, squadron["name"])
    cards = back_to_the_fleet(page, widget)
    expect()(cards.nth(2).locator(".fleet__card .fleet__state")).to_have_text(state)
    assert states_stored(page) == [None, None, {state: True}]
    expect()(page.get_by_role("button", name="End Phase", exact=True)).to_be_disabled()
    card = cards.nth(2) if is_open(cards.nth(2)) else open_card(cards, 2)
    card.get_by_role("button", name=f"End {state} on {squadron['name']}", exact=True).tap()
    assert stored(page)["ships"] == [{"kind": "Capital Ship", **VALIANT}, {"kind": "Capital Ship", **TENGU}, squadron]


def test_a_squadrons_combat_air_patrol_keeps_escorting_through_the_end_phase(page, page_log, site_url):
    """Assert Combat Air Patrol, opened from a Squadron's card (the Squadron in place), applied, keeps the Squadron
    Escorting; the End Phase, which never ends Escorting, has nothing to do (its button is off); a Vector Attack's
    cancellation is "End Escorting" on the Squadron."""
    from tests.site.test_boarding_applied import store
    from tests.site.test_fleet import open_fleet, squadron

    alpha = squadron("Alpha", "CEGA")
    store(page, site_url, [VALIANT, TENGU, alpha])
    cards = open_fleet(page, site_url).locator('[data-region="fleet-ships"] > li')
    widget = played(page, cards, 2, "jovian-wars/v1.2.4/combat-air-patrol")
    expect()(widget.locator('[data-region="outcome"] .resolver__headline')).to_contain_text(
        "Moves into base contact and enters the Escorting state", timeout=ENGINE_MS)
    kept_through_the_end_phase_until_ended(page, widget, "Escorting", alpha)
    assert page_log.page_errors == []


def test_a_squadrons_bombing_completed_keeps_it_assaulting_until_it_is_ended(page, page_log, site_url):
    """Assert Bombing, opened from a Squadron's card, changes nothing until the player ticks that the Bombing Run was
    completed and the Squadron enters Assaulting (the texts hold no Bombing Run to resolve); applied, the Squadron is
    Assaulting, the End Phase leaves it (its button is off), and Disengage (or an Interception) is "End Assaulting"."""
    from tests.site.test_boarding_applied import store
    from tests.site.test_fleet import open_fleet, squadron

    alpha = squadron("Alpha", "Jovian")
    store(page, site_url, [VALIANT, TENGU, alpha])
    cards = open_fleet(page, site_url).locator('[data-region="fleet-ships"] > li')
    widget = played(page, cards, 2, "jovian-wars/v1.2.4/bombing")
    outcome = widget.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_contain_text("Resolve a Bombing Run on the target Capital Ship",
                                                                    timeout=ENGINE_MS)
    expect()(outcome.get_by_role("button", name="Apply to the fleet", exact=True)).to_have_count(0)  # nothing to apply
    widget.get_by_label("Bombing Run completed: this Exo-Armor Squadron enters Assaulting", exact=True).check()
    expect()(outcome.locator(".resolver__headline")).to_contain_text("; the Squadron enters Assaulting", timeout=ENGINE_MS)
    kept_through_the_end_phase_until_ended(page, widget, "Assaulting", alpha)
    assert page_log.page_errors == []
