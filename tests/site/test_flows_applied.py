"""Flows other than Boarding written back to the fleet, at 390x844 with touch (issue 33 point 2, "Done when"): for
seeded random dice, several cases in one page visit, each on the fleet as it started, every die typed as a player
types it and resolved by the real engine in the browser, applying the outcome leaves in the fleet exactly each
ship's end state as rules_core resolves the inputs the widget sent (numbers, fate; no field lost, no other ship
touched).

The helpers are tests/site/test_boarding_applied.py's (its `applied`, `apply`, `pick`, `store`, `random_digits`); the
dice a case needs are rules_core's: the rolls it makes with none typed, then each roll it asks for in turn.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

import rules_core
from tests.keypads import with_keypads
from tests.site.conftest import WIDGET_HOLDS, expect, wait_until
from tests.site.test_boarding_applied import CASES, applied, apply, pick, random_digits, store, type_digits
from tests.site.test_boarding_applied import no_fleet  # noqa: F401 (autouse: each test starts with no fleet)
from tests.site.test_fleet import EXPLODING_TENGU, KEY, VALIANT, numbers, open_fleet, ship, v3
from tests.site.test_fleet_squadrons import ALPHA, BRAVO
from tests.site.test_widgets import BOOT_MS, open_dice, open_inputs, wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

RAM = "jovian-wars/v1.2.4/ram"
DOGFIGHT = "jovian-wars/v1.2.4/dogfight"

RESOLVED_AS = """(want) => {
  const outcome = document.querySelector(`[data-resolver="${want.id}"] [data-region="outcome"][data-resolved]`);
  if (!outcome) return null;
  const inputs = JSON.parse(outcome.getAttribute("data-resolved"));
  const at = (path) => path.split(".").reduce((node, key) => (node && typeof node === "object" ? node[key] : undefined), inputs);
  const sorted = (list) => JSON.stringify([...(list || [])].sort());
  return Object.entries(want.dice).every(([path, faces]) => sorted(at(path)) === sorted(faces))
    && Object.entries(want.set).every(([path, value]) => JSON.stringify(at(path)) === JSON.stringify(value)) && inputs;
}"""
"""The inputs the widget resolved once every keypad path holds these faces (in any order) and each input of
`want.set` its value, else null."""


def random_rolls(resolver: str, ships: dict, rng: random.Random, typed: list[str]) -> list[dict[str, str]]:
    """The dice a case types, roll by roll as the widget asks for them: first the keypads the resolver needs for these
    ships (its dice_needed, the rolls typed in their turn left out), then each `next_roll` in turn; random digits. A
    resolver that would roll dice of its own on its one optional keypad (a Critical Hit's Weapon Damage die) has them
    typed there with the first roll."""
    declared = rules_core.REGISTRY[resolver]
    first = declared.dice_needed(declared.check(ships)) if declared.dice_needed else {}
    stage = {pad: random_digits(rng, count, typed) for pad, count in first.items() if count and pad not in declared.in_turn}
    if rolled := rules_core.resolve(resolver, with_keypads(ships, faces_of(stage))).get("site_rolled"):
        stage["random_dice"] = random_digits(rng, len(rolled), typed)
    stages, dice = [stage], dict(stage)
    while wanted := rules_core.resolve(resolver, with_keypads(ships, faces_of(dice))).get("next_roll"):
        stage = {pad: random_digits(rng, count, typed) for pad, count in wanted["keypads"].items() if count}
        stages.append(stage)
        dice = held_after(dice, stage)
    return stages


def held_after(dice: dict[str, str], stage: dict[str, str]) -> dict[str, str]:
    """The digits each keypad holds once `stage` is typed: a keypad asked again (a Capital Ship's random hits, one
    roll at a time) keeps the dice it held and takes the new ones after them."""
    return {**dice, **{pad: dice.get(pad, "") + digits for pad, digits in stage.items()}}


def faces_of(dice: dict[str, str]) -> dict[str, list[int]]:
    return {pad: [int(digit) for digit in digits] for pad, digits in dice.items()}


def clear_first_rolls(root) -> None:
    """Each keypad shown with dice emptied (the rolls asked later are cleared with them, keypads.js clearLaterRolls)."""
    open_dice(root)  # folded to its line once the last case was resolved
    for keypad in root.locator("fieldset[data-faces]").all():
        if keypad.is_visible() and keypad.locator('[data-region="digits"]').input_value():
            keypad.get_by_label("Clear", exact=True).tap()


def resolve_typed(page, root, resolver: str, stages: list[dict[str, str]], chosen: dict[str, object]) -> dict:
    """Each roll's digits typed on its keypad as the widget asks for it; rules_core's answer to what it resolved (with
    the inputs `chosen` as set)."""
    dice: dict[str, str] = {}
    for number, stage in enumerate(stages):
        pads = iter(stage.items())
        if number:  # a later roll: asked by the widget once the engine has the dice before it, the keyboard on it
            pad, digits = next(pads)
            field = root.locator(f'fieldset[data-faces="{pad}"] [data-region="digits"]')
            expect()(field).to_have_value(dice.get(pad, ""), timeout=BOOT_MS)
            expect()(field).to_be_focused(timeout=BOOT_MS)
            page.keyboard.type(digits)
        for pad, digits in pads:
            type_digits(page, root, pad, digits)
        dice = held_after(dice, stage)
    from playwright.sync_api import Error as PlaywrightError

    want = {"id": resolver, "dice": faces_of(dice), "set": chosen}
    try:
        inputs = wait_until(page, RESOLVED_AS, BOOT_MS, want)
    except PlaywrightError as error:  # what the widget holds instead, to tell a lost digit from a stuck engine
        raise AssertionError(f"{error.message}: typed {stages}, want {want}; the widget: {page.evaluate(WIDGET_HOLDS, resolver)}") from None
    answer = rules_core.resolve(resolver, inputs)
    assert "next_roll" not in answer and "site_rolled" not in answer, answer.get("next_roll")
    expect()(root.locator('[data-region="outcome"] .resolver__headline')).to_have_text(answer["outcome"]["headline"], timeout=BOOT_MS)
    return answer


def repick(root, picks: tuple[tuple[str, str, str], ...]) -> None:
    """Each ship picked afresh (by hand, then the fleet ship): the fleet as it is now, its numbers in the form."""
    open_inputs(root)  # folded to its line once the last case was resolved
    for name, label, option in picks:
        change = root.locator(f'fieldset[data-name="{name}"] .resolver__change')
        if change.get_attribute("open") is None:
            change.locator("> summary").tap()
        pick(root, label, "— by hand —")
        pick(root, label, option)


def filled(resolver: str, name: str, fleet_ship: dict) -> dict:
    """What picking `fleet_ship` puts in the input `name`: the parts it declares, from the ship's numbers now (a
    Capital Ship's starting Structure its card's)."""
    now = numbers(fleet_ship) if fleet_ship.get("kind", "Capital Ship") == "Capital Ship" else fleet_ship["left"]
    spec = next(spec for spec in rules_core.REGISTRY[resolver].inputs if spec.name == name)
    return {part.name: now[part.name] for part in spec.parts or () if part.name in now}


def applied_squadron(fleet_squadron: dict, end: dict) -> dict:
    """A fleet Squadron with its end state written in: every number of its card as the outcome gives it (only
    Structure and Fuel ever differ from the card), its fate."""
    out = {**fleet_squadron, "left": dict(end["numbers"])}
    return {**out, "state": {"fate": end["fate"]}} if end["fate"] else out


def choose_at_random(resolver: str, choices: tuple[tuple[str, str], ...],
                     among: tuple[str, ...] = ()) -> Callable[[object, random.Random], dict[str, object]]:
    """Each case, every choice input (name, label) of `resolver` set to one of its choices (of those `among`, if
    given) at random, as a player picks it (under "More" if it is there)."""
    def choose(root, rng: random.Random) -> dict[str, object]:
        chosen = {}
        for name, label in choices:
            spec = next(spec for spec in rules_core.REGISTRY[resolver].inputs if spec.name == name)
            chosen[name] = rng.choice([choice for choice in spec.choices if not among or choice in among])
            field = root.get_by_label(label, exact=True)
            if not field.is_visible():
                root.locator(".resolver__more > summary").tap()
            field.select_option(label=chosen[name])
        return chosen
    return choose


def check_random_cases(page, url: str, resolver: str, fleet: list[dict], picks: tuple[tuple[str, str, str], ...],
                       seed: int, vary: Callable[[object, random.Random], dict[str, object]] | None = None) -> list[dict]:
    """CASES seeded random cases of `resolver` (on the page at `url`) between the fleet's ships picked as `picks`
    (input, label, option), each applied on the fleet as it started, the inputs `vary` sets (if any) set anew each
    case; asserts what is stored is each ship's end state. The answers."""
    rng = random.Random(seed)
    typed: list[str] = []
    site_url = url.partition("jovian-wars/")[0]
    store(page, site_url, fleet)
    page.goto(url)
    root = wait_ready(page, resolver)
    ships = {name: next(s for s in fleet if f"{s['name']} ({s['side']})" == option) for name, _, option in picks}
    inputs = {name: filled(resolver, name, s) for name, s in ships.items()}
    answers = []
    for _ in range(CASES):
        page.evaluate(f"(text) => localStorage.setItem({KEY!r}, text)", json.dumps({"fleet": 3, "ships": v3(fleet)}))
        repick(root, picks)
        chosen = vary(root, rng) if vary else {}
        stages = random_rolls(resolver, {**inputs, **chosen}, rng, typed)
        clear_first_rolls(root)
        answer = resolve_typed(page, root, resolver, stages, chosen)
        assert {name: answer["inputs"][name] for name in ships} == {name: {**answer["inputs"][name], **inputs[name]} for name in ships}
        apply(root, " and ".join(s["name"] for s in ships.values()))
        ends = answer["outcome"]["ships"]
        after = []
        for fleet_ship in fleet:  # each picked ship as its end state says, the others as they were
            name = next((name for name, picked in ships.items() if picked is fleet_ship), None)
            capital = fleet_ship.get("kind", "Capital Ship") == "Capital Ship"
            after.append(fleet_ship if name is None else (applied if capital else applied_squadron)(fleet_ship, ends[name]))
        assert stored(page)["ships"] == v3(after), answer["outcome"]["headline"]
        answers.append(answer)
    return answers


def stored(page) -> dict:
    return json.loads(page.evaluate(f"() => localStorage.getItem({KEY!r})"))


def test_for_random_dice_a_ram_leaves_both_ships_as_its_outcome(page, page_log, site_url):
    """Property (Ram, both ships, the Explosion included): for seeded random dice, every roll the Ram asks typed in
    its turn, the fleet read back after Apply is exactly both ships' end states; the target is at Structure 1 with
    two Systems at 0, so a Catastrophic Damage Table die can make it Explode on the ramming ship."""
    assert page.viewport_size == {"width": 390, "height": 844}
    picks = (("ramming_ship", "Ramming ship", "Valiant (Mine)"), ("target_ship", "Target", "Tengu (Theirs)"))
    check_random_cases(page, site_url + "jovian-wars/v1.2.4/actions/#ram", RAM, [VALIANT, EXPLODING_TENGU], picks, 33)
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_for_random_dice_a_dogfight_leaves_both_squadrons_as_its_outcome(page, page_log, site_url):
    """Property (Dogfight, both Squadrons): for seeded random dice (Squadron A fires its Missile, as the form starts),
    the fleet read back after Apply is exactly both Squadrons' end states (Structure, fate; their card as it was: the
    fleet records a Missile only on the card, and no outcome spends it)."""
    picks = (("a", "Squadron A", "Alpha (Mine)"), ("b", "Squadron B", "Bravo (Theirs)"))
    for answer in check_random_cases(page, site_url + "jovian-wars/v1.2.4/dogfight/", DOGFIGHT, [ALPHA, BRAVO], picks, 34):
        assert answer["outcome"]["ships"]["a"]["numbers"]["missile"] is True
    assert page_log.console_errors == [] and page_log.page_errors == []


DAMAGE = "jovian-wars/v1.2.4/damage/"
CRITICAL = (("critical", "Critical Hits"),)
ONE_SHIP = [
    ("explosion", (("target_ship", "Target", "Valiant (Mine)"),), [VALIANT, EXPLODING_TENGU], (), 35),
    ("squadron-damage", (("squadron", "Squadron under attack", "Alpha (Mine)"),), [ALPHA, BRAVO], (), 35),
    ("capital-ship-damage", (("ship", "Ship", "Tengu (Theirs)"),), [VALIANT, EXPLODING_TENGU],
     (("d_results", "[D] results damage"), *CRITICAL), 35),
    ("critical-hit", (("ship", "Ship", "Valiant (Mine)"),), [VALIANT, EXPLODING_TENGU], CRITICAL, 31),
]
"""The damage flows of one model, on the Damage page: the resolver, its pick, the fleet (a ship not picked is kept),
the choices set at random each case, the seed (the Critical Hit's draws a Weapon Damage case, its die typed, then a
case of no die)."""


@pytest.mark.parametrize(("slug", "picks", "fleet", "choices", "seed"), ONE_SHIP, ids=[case[0] for case in ONE_SHIP])
def test_for_random_dice_a_damage_flow_leaves_its_ship_as_its_outcome(page, page_log, site_url, slug, picks, fleet, choices, seed):
    """Property (the Explosion, Squadron Damage, Capital Ship damage, a Critical Hit): for seeded random dice and
    choices, each die the resolver asks typed in its turn (the random dice of a tie, a Weapon Damage die, included),
    the fleet read back after Apply is exactly the picked model's end state, the other ship untouched."""
    resolver = f"jovian-wars/v1.2.4/{slug}"
    vary = choose_at_random(resolver, choices) if choices else None
    answers = check_random_cases(page, site_url + DAMAGE + f"#{slug}", resolver, fleet, picks, seed, vary)
    if slug in ("capital-ship-damage", "critical-hit"):  # the dice each rolls beyond the attack's, typed
        assert any(answer["inputs"].get("random_dice") for answer in answers)
    assert page_log.console_errors == [] and page_log.page_errors == []


KESTREL = ship("Kestrel", "Mine", {"traits": 2, "trait_boxes": 2, "trait2_boxes": 3}, {"trait_boxes": 1})
"""Two System Traits whose boxes left differ (1 of 2, 3 of 3)."""


def test_a_critical_hit_on_either_system_trait_keeps_each_traits_boxes(page, page_log, site_url):
    """Property (a Critical Hit on a ship whose two System Traits have different boxes left): for seeded random cases
    of "System Trait 1" or "System Trait 2", the fleet read back after Apply is exactly the ship's end state, each
    trait with its own boxes (none refused, none made equal); the card then shows each trait's boxes as its own marks."""
    resolver = "jovian-wars/v1.2.4/critical-hit"
    vary = choose_at_random(resolver, CRITICAL, among=("System Trait 1", "System Trait 2"))
    answers = check_random_cases(page, site_url + DAMAGE + "#critical-hit", resolver, [KESTREL, VALIANT],
                                 (("ship", "Ship", "Kestrel (Mine)"),), 36, vary)
    assert {answer["inputs"]["critical"] for answer in answers} == {"System Trait 1", "System Trait 2"}
    last = stored(page)["ships"][0]["left"]
    assert (last["trait_boxes"], last["trait2_boxes"]) in ((0, 3), (1, 2))
    root = open_fleet(page, site_url)
    marks = root.locator('[data-region="fleet-ships"] .fleet__mark[aria-label^="System Traits"]').first
    expect()(marks).to_have_attribute("aria-label", f"System Traits {last['trait_boxes']} of 2, {last['trait2_boxes']} of 3")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_an_overdrive_from_the_card_marks_its_single_damage_and_says_when_it_cannot(page, page_log, site_url):
    """Assert Overdrive, opened from the Valiant's card (its Skill and Ratings filled), typed [D] on Thrusters,
    applies one box off the Valiant's Thrusters and Overdriven (Thrusters), nothing else; picked again, the pick says
    the Overdriven Rating behaves as its full value while its boxes left are filled; typed [N] (an attack whose AC the
    text does not give), it offers no Apply and its steps say the damage is not applied; the End Phase ends it."""
    from tests.site.test_fleet_play import TENGU as PLAY_TENGU, VALIANT as PLAY_VALIANT
    from tests.site.test_fleet_states import back_to_the_fleet, played

    store(page, site_url, [PLAY_VALIANT, PLAY_TENGU])
    cards = open_fleet(page, site_url).locator('[data-region="fleet-ships"] > li')
    widget = played(page, cards, 0, "jovian-wars/v1.2.4/overdrive")
    type_digits(page, widget, "roll.dice", "442")
    outcome = widget.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_have_text(
        "[D4] → [D]: a single damage to Thrusters; then Overdriven", timeout=BOOT_MS)
    apply(widget, "Valiant")
    left = PLAY_VALIANT["left"]
    overdriven = {**PLAY_VALIANT, "left": {**left, "thrusters": left["thrusters"] - 1},
                  "state": {"states": {"Overdriven": "Thrusters"}}}
    assert stored(page)["ships"] == v3([overdriven, PLAY_TENGU])
    cards = back_to_the_fleet(page, widget)
    expect()(cards.nth(0).locator(".fleet__card .fleet__state")).to_have_text("Overdriven (Thrusters)")
    widget = played(page, cards, 0, "jovian-wars/v1.2.4/overdrive")
    expect()(widget.locator('fieldset[data-name="ship"] [data-region="picked"]')).to_contain_text(
        f"Overdriven (Thrusters): it behaves as its full value, {left['thrusters']}, until the End Phase; its boxes "
        f"left, {left['thrusters'] - 1}, are filled here.")
    type_digits(page, widget, "roll.dice", "123")
    outcome = widget.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_contain_text("[N] → [N]: Thrusters takes damage", timeout=BOOT_MS)
    expect()(outcome.locator(".resolver__steps li", has_text="its damage is not applied here")).to_have_count(1)
    expect()(outcome.get_by_role("button", name="Apply to the fleet", exact=True)).to_have_count(0)
    back_to_the_fleet(page, widget)
    page.get_by_role("button", name="End Phase", exact=True).tap()
    expect()(page.locator('[data-region="fleet-note"]')).to_have_text("End Phase: Valiant: Overdriven (Thrusters) ended.")
    ended = {key: value for key, value in overdriven.items() if key != "state"}  # its damage stays; the State ends
    assert stored(page)["ships"] == v3([ended, PLAY_TENGU])
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_an_exploded_ships_card_opens_its_explosion_with_the_ship_in_place(page, page_log, site_url):
    """Assert a ship that Explodes lists its Explosion; opened from its card, the Explosion has that ship as the
    exploding one (its starting Structure its card's) and the other side's ship one tap away as the target; seeded
    random dice typed as asked, the answer is rules_core's, and Apply leaves the target as its end state, the exploded
    ship as it was."""
    from tests.site.test_fleet_play import TENGU as PLAY_TENGU, VALIANT as PLAY_VALIANT
    from tests.site.test_fleet_states import played

    explosion = "jovian-wars/v1.2.4/explosion"
    exploded = {**PLAY_VALIANT, "left": {**PLAY_VALIANT["left"], "structure": 0}, "state": {"fate": "Explodes"}}
    store(page, site_url, [exploded, PLAY_TENGU])
    cards = open_fleet(page, site_url).locator('[data-region="fleet-ships"] > li')
    widget = played(page, cards, 0, explosion)
    start = {"start_structure": PLAY_VALIANT["card"]["structure"]}
    expect()(widget.locator('[data-name="exploding_ship.start_structure"]')).to_have_value(str(start["start_structure"]))
    widget.get_by_role("button", name="Target: Tengu", exact=True).tap()
    inputs = {"exploding_ship": start, "target_ship": filled(explosion, "target_ship", PLAY_TENGU)}
    stages = random_rolls(explosion, inputs, random.Random(37), [])
    answer = resolve_typed(page, widget, explosion, stages, inputs)
    apply(widget, "Tengu")
    assert stored(page)["ships"] == v3([exploded, applied(PLAY_TENGU, answer["outcome"]["ships"]["target_ship"])])
    assert page_log.console_errors == [] and page_log.page_errors == []
