"""Property: every resolver that takes a ship reports each ship's end state in the ship input's own shape, and
applying it to the ship (as the fleet keeps it) and reading it back gives exactly the outcome's state and the steps'.

The fleet keeps a ship as its card and its numbers now (calculators/page/fleet-store.js): `left` holds the parts of
`ship_parts()`, the card's Structure is the Ram's starting Structure, the Boarders aboard and the fate are kept beside
(calculators/page/apply-outcome.js). The widget's pick fills a ship input from that (`pickShip`): this test does the same
in Python, with random ships, choices and dice, and reads the ship back through the resolver's own declaration.
"""

from __future__ import annotations

import random

import pytest

from hypothesis import given, settings, strategies as st

from rules_core import resolve
from rules_core.errors import InputError, RulesError
from rules_core.inputs import Input
from rules_core.jovian_wars.ship import Ship
from rules_core.jovian_wars.ship_inputs import ship_of, ship_parts
from rules_core.jovian_wars.squadron_inputs import squadron_of
from rules_core.registry import REGISTRY

FLEET_PARTS = tuple(part.name for part in ship_parts())
"""What a fleet ship's `left` holds (the fleet page's data-ship declaration)."""
CRITICAL = "jovian-wars/v1.2.4/critical-hit"
SHIP_TAKING = {
    "jovian-wars/v1.2.4/ram": {"rammer": ("Capital Ship", "Squadron"), "rammed_arc": None,
                               "ram_d_results": None, "target_d_results": None},
    "jovian-wars/v1.2.4/explosion": {"target": ("Capital Ship",), "range": None, "target_arc": None, "d_results": None},
    "jovian-wars/v1.2.4/capital-ship-damage": {"base": (1, 3, 5), "flex": (0, 1), "macro": (0, 1), "d_results": None,
                                               "critical": None},
    "jovian-wars/v1.2.4/rating-damage": {"value": (1, 2, 3, 4, 5, 6), "d_results": None},
    "jovian-wars/v1.2.4/structure-damage": {"damage": (0, 1, 2, 4, 9)},
    "jovian-wars/v1.2.4/critical-hit": {"critical": None},
    "jovian-wars/v1.2.4/boarded": {"boarder": None, "defender": None, "activations": (1, 2, 3), "purge": (False, True)},
}
"""Each resolver that takes a ship, and the other inputs varied (None: every choice the declaration allows)."""
WHO = {"ramming_ship": "Ramming ship after the Ram", "target_ship": "Target after the Ram", "ship": "Boarded ship after"}


def random_ship(spec: Input, rng: random.Random) -> dict[str, int]:
    """A ship's numbers, each within its declared range (small ones more often, so rows reach 0)."""
    return {part.name: rng.randint(part.low or 0, min(part.high or 0, (part.low or 0) + rng.choice((1, 2, 4, 6))))
            for part in spec.parts}


def random_inputs(resolver_id: str, rng: random.Random) -> dict[str, object]:
    resolver = REGISTRY[resolver_id]
    inputs: dict[str, object] = {"seed": rng.randint(0, 2**31 - 1)}
    for spec in resolver.inputs:
        if spec.kind == "ship":
            inputs[spec.name] = random_ship(spec, rng)
        elif spec.name in SHIP_TAKING[resolver_id]:
            allowed = SHIP_TAKING[resolver_id][spec.name]
            inputs[spec.name] = rng.choice(allowed if allowed is not None else spec.choices)
    if resolver_id.endswith("/ram"):
        for name in ("ramming_ship", "target_ship"):
            ship = inputs[name]
            assert isinstance(ship, dict)
            ship["start_structure"] = max(ship["start_structure"], ship["structure"])
        inputs["contact"], inputs["fire_ship"] = True, rng.random() < 0.5
    return inputs


def applied(card: dict[str, object], end: dict[str, object], spec: Input) -> tuple[dict[str, object], str]:
    """The fleet ship after "Apply", picked again into `spec`: its numbers as the pick fills them, and its fate."""
    numbers = end["numbers"]
    assert isinstance(numbers, dict)
    left = {name: numbers[name] for name in FLEET_PARTS}
    picked: dict[str, object] = {}
    for part in spec.parts:
        if part.name == "start_structure":
            picked[part.name] = card["start_structure"]  # the card's Structure, which no resolution changes
        elif part.name == "boarders":
            picked[part.name] = numbers["boarders"]  # kept beside the numbers, as the Boarders aboard
        else:
            picked[part.name] = left[part.name]
    return picked, str(end["fate"])


def read_back(resolver_id: str, inputs: dict[str, object], name: str, picked: dict[str, object]) -> Ship:
    """The Ship the resolver reads from the picked numbers (checked by its own declaration)."""
    return ship_of(REGISTRY[resolver_id].check({**inputs, name: picked}), name)


@settings(max_examples=400)
@given(st.sampled_from(sorted(SHIP_TAKING)), st.integers(0, 2**32 - 1))
def test_applying_the_end_state_and_reading_it_back_gives_the_outcome(resolver_id: str, seed: int):
    """Assert every ship in the outcome is reported in its input's shape (the same parts, each within its range),
    that the fleet ship after applying it, picked again, reads back as exactly that state (boxes, Structure,
    weapons, Crippled, fate, Boarders), and that the steps say the same state in words."""
    inputs = random_inputs(resolver_id, random.Random(seed))
    try:
        answer = resolve(resolver_id, inputs)
    except (InputError, RulesError):
        return  # a cap or a rule refused these numbers: nothing was resolved, nothing to apply
    outcome = answer["outcome"]
    resolver = REGISTRY[resolver_id]
    kinds = {spec.name: spec.kind for spec in resolver.inputs}
    ships = {name: end for name, end in outcome.get("ships", {}).items() if kinds[name] == "ship"}  # squadrons: below
    if outcome.get("allowed") is False:
        assert ships == {}  # the requirement failed: nothing happened to any ship
        return
    expected = {"ram": {"ramming_ship", "target_ship"} if inputs.get("rammer") == "Capital Ship" else {"target_ship"},
                "explosion": {"target_ship"}}.get(resolver_id.rsplit("/", 1)[1], {"ship"})
    if resolver_id.endswith("/boarded") and not all(check["ok"] for check in answer["checks"]):
        expected = set()  # no firefight: nothing changes
    if outcome.get("survived") is False:
        expected = set()  # the ramming Squadron is shot down: the target is untouched
    assert set(ships) == expected
    for name, end in ships.items():
        spec = next(s for s in resolver.inputs if s.name == name)
        assert set(end["numbers"]) == {part.name for part in spec.parts}
        resolver.check({**inputs, name: end["numbers"]})  # each number within its declared range
        card = answer["inputs"][name]
        picked, fate = applied(card, end, spec)
        ship = read_back(resolver_id, inputs, name, picked)
        assert ship.crippled == end["crippled"]
        assert {part: picked[part] for part in picked} == {part: end["numbers"][part] for part in picked}
        words = ship.with_fate(fate if fate != "Captured" else "").text()
        if resolver_id.endswith(("/ram", "/boarded")):
            assert f"{WHO[name]}: {words}." in answer["steps"]
        elif resolver_id.endswith("/explosion"):
            assert outcome["target"]["boxes"] == {ship.name(i): n for i, n in enumerate(ship.left)}
            assert f"Target {words}" in outcome["headline"]
        else:
            assert outcome["boxes"] == {ship.name(i): n for i, n in enumerate(ship.left)}
            assert (outcome["structure"], outcome["fate"], outcome["weapons"], outcome["spinal"]) == (
                ship.structure, fate, ship.weapons, ship.spinal)
            assert words in outcome["headline"] or f"After the attack: {words}." in answer["steps"]
        if resolver_id.endswith("/boarded"):
            assert (end["numbers"]["marines"], end["numbers"]["boarders"]) == (outcome["marines"], outcome["boarders"])
            assert (fate == "Captured") == (outcome["fate"] == "Captured")
            assert ("Boarded" in end["states"]) == (outcome["fate"] != "still Boarded")
        else:
            assert fate in ("", "Destroyed", "Dead", "Explodes")
        if resolver_id.endswith("/ram") and inputs["rammer"] == "Capital Ship":
            prefix = "rammer" if name == "ramming_ship" else "target"
            assert (outcome[f"{prefix}_fate"], outcome[f"{prefix}_structure"]) == (fate, ship.structure)


@pytest.mark.parametrize(("hit", "left"), [("System Trait 1", (1, 3)), ("System Trait 2", (2, 2))])
def test_system_traits_ending_apart_are_kept_each(hit: str, left: tuple[int, int]):
    """Assert a Critical Hit on one of two System Traits reports each trait's boxes left in its own number, and that
    the ship read back from them has exactly those boxes (and the Critical Hit can tell them apart again)."""
    inputs = {"critical": hit, "ship": {"traits": 2, "trait_boxes": 2, "trait2_boxes": 3}, "seed": 1}
    end = resolve(CRITICAL, inputs)["outcome"]["ships"]["ship"]
    assert (end["numbers"]["trait_boxes"], end["numbers"]["trait2_boxes"]) == left
    assert "traits_each" not in end
    assert read_back(CRITICAL, inputs, "ship", end["numbers"]).traits == left


# ---------------------------------------------------------------- Squadrons

SQUADRON_TAKING = {
    "jovian-wars/v1.2.4/dogfight": {"a_missile": (False, True), "b_missile": (False, True), "a_bid": (0, 1, 2),
                                    "b_bid": (0, 1, 2), "a_attack": (0, 1, 2, 3), "b_attack": (0, 1, 2, 3)},
    "jovian-wars/v1.2.4/ram": {"rammer": ("Squadron",), "bombing_run": (False, True), "fire_ship": (True,)},
    "jovian-wars/v1.2.4/squadron-damage": {"base": (1, 2, 3, 4)},  # pd_ship: a random ship
    "jovian-wars/v1.2.4/boost": {"spend": (1, 2), "speed": (4, 8)},
    "jovian-wars/v1.2.4/explosion": {"target": ("Squadron",), "range": ("within 3\"", "over 3\" (up to 6\")")},
    # the target Squadron's Armor is its card's (random_squadron)
}
"""Each resolver that takes a Squadron, and the other inputs varied."""


def random_squadron(spec: Input, rng: random.Random) -> dict[str, object]:
    """A Squadron's card, each number small and within its range (Structure 1 to 3, so some are Destroyed)."""
    card: dict[str, object] = {}
    for part in spec.parts:
        if part.kind == "bool":
            card[part.name] = rng.random() < 0.5
        elif part.kind == "choice":
            card[part.name] = rng.choice(part.choices)
        else:
            low = max(part.low or 0, 1 if part.name == "structure" else -1)
            card[part.name] = rng.randint(low, min(part.high or 0, low + 2))
    return card


@settings(max_examples=300)
@given(st.sampled_from(sorted(SQUADRON_TAKING)), st.integers(0, 2**32 - 1))
def test_applying_a_squadrons_end_state_and_reading_it_back_gives_the_outcome(resolver_id: str, seed: int):
    """Assert every Squadron in the outcome is reported in its input's shape, that the fleet Squadron after applying
    it (its numbers as they stand now), picked again, reads back as exactly the outcome's Structure and fate, and that
    the outcome's facts say the same."""
    rng = random.Random(seed)
    resolver = REGISTRY[resolver_id]
    inputs: dict[str, object] = {"seed": rng.randint(0, 2**31 - 1)}
    for spec in resolver.inputs:
        if spec.kind == "squadron":
            inputs[spec.name] = random_squadron(spec, rng)
        elif spec.kind == "ship":
            inputs[spec.name] = random_ship(spec, rng)
        elif spec.name in SQUADRON_TAKING[resolver_id]:
            inputs[spec.name] = rng.choice(SQUADRON_TAKING[resolver_id][spec.name])
    for side in ("a", "b") if resolver_id.endswith("/dogfight") else ():  # a Dogfight the texts allow
        card = inputs[side]
        assert isinstance(card, dict)
        inputs[f"{side}_missile"] = inputs[f"{side}_missile"] and card["missile"]
        inputs[f"{side}_bid"] = min(inputs[f"{side}_bid"], card["fuel"])  # type: ignore[type-var]
    try:
        answer = resolve(resolver_id, inputs)
    except (InputError, RulesError):
        return  # an Attack larger than its pool: nothing was resolved
    outcome = answer["outcome"]
    if not outcome.get("allowed", True):
        return  # the Ram's requirement failed: nothing happened
    squadrons = {spec.name for spec in resolver.inputs if spec.kind == "squadron"}
    reported = {name: end for name, end in outcome["ships"].items() if name in squadrons}
    assert set(reported) == squadrons
    for name, end in reported.items():
        spec = next(s for s in resolver.inputs if s.name == name)
        assert set(end["numbers"]) == {part.name for part in spec.parts}
        back = squadron_of(resolver.check({**inputs, name: end["numbers"]}), name)  # within every declared range
        given_card = squadron_of(resolver.check(inputs), name)
        assert back.structure <= given_card.structure
        assert {k: v for k, v in end["numbers"].items() if k not in ("structure", "fuel")} == {
            k: v for k, v in answer["inputs"][name].items() if k not in ("structure", "fuel")}  # the card stays
        assert back.fuel == given_card.fuel or resolver_id.endswith("/boost")  # only Boost expends Fuel
        assert end["fate"] == ("Destroyed" if back.structure == 0 or resolver_id.endswith("/ram") else "")
        assert end["crippled"] is False
        if resolver_id.endswith("/dogfight"):
            side = name.upper()
            assert outcome["structure"][side] == back.structure
            assert (side in outcome["destroyed"]) == (end["fate"] == "Destroyed")
        elif resolver_id.endswith("/squadron-damage"):
            assert (outcome["structure"], outcome["destroyed"]) == (back.structure, end["fate"] == "Destroyed")
        elif resolver_id.endswith("/explosion"):
            line = next(step for step in answer["steps"] if step.startswith("Target Squadron: Structure "))
            lost = int(line.split(" - ")[1].split(" = ")[0])
            assert line.startswith(f"Target Squadron: Structure {given_card.structure} - ")
            assert back.structure == max(0, given_card.structure - lost)
        elif resolver_id.endswith("/boost"):
            assert back.structure == given_card.structure and back.fuel == given_card.fuel - min(inputs["spend"], given_card.fuel)
            assert f"Fuel {given_card.fuel} → {back.fuel}" in outcome["headline"]
        else:
            assert outcome["survived"] == (back.structure > 0)
