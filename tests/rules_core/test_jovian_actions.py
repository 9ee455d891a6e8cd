"""v1.2.4 Actions resolvers: How the dice work §8 examples, requirements, odds against brute force, bad inputs."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules_core.dice.read import counts_of, read
from rules_core.errors import InputError
from rules_core.registry import REGISTRY, describe, odds, resolve
from rules_core.jovian_wars import ACTIONS_V124
from tests.rules_core.conftest import chart

JW = "jovian-wars/v1.2.4/"


def brute(dice: int):
    """Every ordered roll of `dice` d6 with its probability, read."""
    for faces in itertools.product(range(1, 7), repeat=dice):
        yield read(counts_of(faces)), Fraction(1, 6**dice)


def test_every_actions_entry_has_exactly_one_resolver():
    slugs = [slug for resolver in ACTIONS_V124 for slug in resolver.serves]
    assert len(slugs) == len(set(slugs)) == 37
    assert all(resolver.versions == ("v1.2.4",) for resolver in ACTIONS_V124)
    assert all(resolver.id in REGISTRY for resolver in ACTIONS_V124)




# ---------------------------------------------------------------- Skill Test tables


def test_long_shot_damage_chance():
    answer = odds(JW + "long-shot", {"ship": {"skill": 3}})
    rows = {label: p for label, p in chart(answer).items()}
    p_n, p_d, p_t = (rows[k] for k in [k for k in rows][:3])
    assert chart(answer, 1)["damaged"] == p_n + p_d / 2 + p_t / 6


def test_long_shot_typed_damage_die():
    answer = resolve(JW + "long-shot", {"damage_die": [4], "roll": {"dice": [2, 2, 5]}})
    assert answer["outcome"]["weapon_damaged"] is True
    answer = resolve(JW + "long-shot", {"damage_die": [3], "roll": {"dice": [2, 2, 5]}})
    assert answer["outcome"]["weapon_damaged"] is False


def test_vector_attack_needs_comms_or_capital_ship_and_sensors():
    """Assert a Capital Ship meets "Comms/Capital Ship" by its kind, a Squadron only with the Comms trait, and either
    needs Sensors 1+ on its own card; a Squadron's Skill Test rolls its own card's Skill."""
    answer = resolve(JW + "vector-attack", {"model": "Capital Ship", "ship": {"sensors": 0}, "seed": 2})
    assert {c["label"]: c["ok"] for c in answer["checks"]} == {"Comms/Capital Ship": True, "Sensors: 1+": False}
    assert answer["outcome"]["allowed"] is False
    squadron = {"model": "Squadron", "squadron": {"sensors": 1, "skill": 2}, "seed": 2}
    answer = resolve(JW + "vector-attack", {**squadron, "comms": False})
    assert {c["label"]: c["ok"] for c in answer["checks"]} == {"Comms/Capital Ship": False, "Sensors: 1+": True}
    answer = resolve(JW + "vector-attack", {**squadron, "comms": True})
    assert answer["outcome"]["allowed"] is True and len(answer["roll"]["dice"]) == 2, answer


def test_withdraw_on_double_or_better():
    assert "Withdrawn" in resolve(JW + "withdraw", {"roll": {"dice": [3, 3, 6]}})["outcome"]["headline"]
    assert "no Withdraw" in resolve(JW + "withdraw", {"roll": {"dice": [1, 3, 6]}})["outcome"]["headline"]


def test_repair_table_odds():
    answer = odds(JW + "damage-control", {"ship": {"skill": 2}, "row": "Rating Damage (one box)"})
    items = chart(answer, 1)
    assert items["0"] == Fraction(5, 6) / 2 and items["1"] == Fraction(5, 12) + Fraction(1, 6)


# ---------------------------------------------------------------- States and no-dice Actions


def test_targeted_two_adds_one_base_one_flex():
    answer = resolve(JW + "targeted-x", {"x": 2, "ac": 3, "seed": 1})
    assert answer["outcome"]["pool"] == "base 4 + flex 1: 3 base dice, +1 base +1 flex from attack modifier +2"
    assert "+1 base, +1 flex" in answer["steps"][0]


def test_station_keeping_grants_a_flex_die():
    assert describe(JW + "station-keeping", {"ac": 2})["dice_needed"] == {"roll.dice": 3, "roll.macro_dice": 0, "roll.set_aside": 1}


def test_hard_burn_x_counts_down():
    assert resolve(JW + "hard-burn-x", {"x": 2, "speed": 6})["outcome"]["headline"].endswith("Hard Burn:1")
    assert resolve(JW + "hard-burn-x", {"x": 0, "speed": 6})["outcome"]["headline"].startswith("Speed 6\" → 6\"")


def test_suppressing_fire_sets_then_upgrades():
    assert resolve(JW + "suppressing-fire", {"ac": 4})["outcome"]["headline"] == (
        "Target enters Suppressed:4. Not entered yet, so taken at their defaults: Kinetic Cannons, Capital Ship Target.")
    given = {"ac": 4, "target": {"suppressed": 2}, "kinetic": True, "capital_target": True}
    assert resolve(JW + "suppressing-fire", given)["outcome"]["headline"] == "Target enters Suppressed:3"


@pytest.mark.parametrize("slug", ["evade", "evading"])
def test_evade_reads_thrusters_of_a_capital_ship_and_fuel_of_a_squadron(slug):
    """Assert "Thrusters: 1+ or Fuel: 2+" is met from the chosen kind's own card: a Capital Ship's Thrusters (its card
    has no Fuel), a Squadron's Fuel (its card has no Thrusters); the other kind's numbers are not read."""
    def met(inputs):
        return next(c for c in resolve(JW + slug, inputs)["checks"] if c["label"] == "Thrusters: 1+ or Fuel: 2+")["ok"]

    assert met({"ship": {"thrusters": 1}, "squadron": {"fuel": 0}})
    assert not met({"ship": {"thrusters": 0}, "squadron": {"fuel": 2}})
    assert met({"model": "Squadron", "ship": {"thrusters": 0}, "squadron": {"fuel": 2}})
    assert not met({"model": "Squadron", "ship": {"thrusters": 3}, "squadron": {"fuel": 1}})


def test_evade_sluggish_refuses():
    assert not resolve(JW + "evade", {"ship": {"thrusters": 2}, "sluggish": True})["outcome"]["allowed"]


@pytest.mark.parametrize("slug", ["resupply", "withdraw"])
def test_resupply_and_withdraw_roll_the_chosen_models_skill(slug):
    """Assert the Skill Test rolls the Skill of the chosen kind's card: a Capital Ship's, or a Squadron's."""
    def dice(inputs):
        return describe(JW + slug, inputs)["dice_needed"]["roll.dice"]

    assert dice({"ship": {"skill": 5}, "squadron": {"skill": 2}}) == 5
    assert dice({"model": "Squadron", "ship": {"skill": 5}, "squadron": {"skill": 2}}) == 2


@pytest.mark.parametrize("slug", ["drone-command", "silent-running"])
def test_gaps_are_not_invented(slug):
    """Assert no result the text does not give is stated: Drone Command has no odds; Silent Running's Skill Test (the
    text says it has one) gives the odds of its best result alone, and its roll enters Stealthed whatever it reads."""
    answer = resolve(JW + slug, {"seed": 1} if slug == "silent-running" else {})
    assert any("no list of Skill Test results" in line for line in answer["steps"])
    if slug == "drone-command":
        assert REGISTRY[JW + slug].odds is None
        return
    charts = odds(JW + slug, {})["charts"]
    assert [chart["title"] for chart in charts] == ["Silent Running: Skill Test with Skill 3: best result"]
    for seed in range(6):
        assert resolve(JW + slug, {"seed": seed})["outcome"]["ships"] == {
            "ship": {"numbers": {}, "fate": "", "crippled": False, "states": {"Stealthed": True}}}


# ---------------------------------------------------------------- bad inputs


@pytest.mark.parametrize(("slug", "inputs", "field"), [
    ("resupply", {"ship": {"skill": 99}}, "ship.skill"), ("resupply", {"squadron": {"skill": 9}}, "squadron.skill"),
    ("long-shot", {"damage_die": [7]}, "damage_die"),
    ("boost", {"spend": 3}, "spend"), ("targeted-x", {"x": 0}, "x"),
])
def test_bad_inputs_name_the_field(slug, inputs, field):
    with pytest.raises(InputError) as caught:
        resolve(JW + slug, inputs)
    assert caught.value.field == field


@pytest.mark.parametrize("chosen", ["Defense", "Sensors", "Thrusters"])
def test_overdrive_reads_the_chosen_rating_from_the_card_and_marks_a_single_damage_on_d(chosen):
    """Assert "Rating: +1" is the chosen Rating's boxes on the ship's card (another Rating at 0 does not matter), and
    that over every roll of three dice the fleet gets the ship back Overdriven for that Rating, on [D] one box of it
    marked, on [T+] none; on [N] (an attack with no AC given) nothing is applied and a step says so."""
    part = chosen.lower()
    ship = {"defense": 0, "sensors": 0, "thrusters": 0, part: 2}
    assert resolve(JW + "overdrive", {"chosen": chosen, "ship": {**ship, part: 0}})["outcome"]["allowed"] is False
    for dice in itertools.product(range(1, 7), repeat=3):
        answer = resolve(JW + "overdrive", {"chosen": chosen, "ship": ship, "roll": {"dice": list(dice)}})
        row = answer["outcome"]["row"]
        ships = answer["outcome"].get("ships")
        if row == "[N]":
            assert ships is None, dice
        else:
            assert ships == {"ship": {"numbers": {part: 1} if row == "[D]" else {}, "fate": "", "crippled": False,
                                      "states": {"Overdriven": chosen}}}, (dice, row)
        assert (row == "[N]") == any("its damage is not applied here" in step for step in answer["steps"])
