"""v1.2.4 Actions resolvers: MECHANICS §8 examples, requirements, odds against brute force, bad inputs."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules_core.dice import counts_of, escalate, magnitude, read, steps
from rules_core.errors import InputError
from rules_core.registry import REGISTRY, describe, odds, resolve
from rules_core.resolvers.jovian_wars import actions_v124

JW = "jovian-wars/v1.2.4/"


def chart(answer: dict, index: int = 0) -> dict[str, Fraction]:
    return {row["label"]: Fraction(row["p"]) for row in answer["charts"][index]["rows"]}


def brute(dice: int):
    """Every ordered roll of `dice` d6 with its probability, read."""
    for faces in itertools.product(range(1, 7), repeat=dice):
        yield read(counts_of(faces)), Fraction(1, 6**dice)


def test_every_actions_entry_has_exactly_one_resolver():
    slugs = [slug for resolver in actions_v124.RESOLVERS for slug in resolver.serves]
    assert len(slugs) == len(set(slugs)) == 37
    assert all(resolver.versions == ("v1.2.4",) for resolver in actions_v124.RESOLVERS)
    assert all(resolver.id in REGISTRY for resolver in actions_v124.RESOLVERS)


# ---------------------------------------------------------------- Ram (MECHANICS §8)


def test_ram_valiant_rams_tengu_in_the_side():
    """Valiant (start 4, 1 left) rams a Tengu (start 3) in the side, Skill [D]: [D2,D5] -> [T2,T5], [D2] -> [T2]."""
    answer = resolve(JW + "ram", {"structure": 1, "start_structure": 4, "target_start_structure": 3, "side_arc": True,
                                  "skill_dice": [3, 3, 1], "ram_dice": [2, 2, 5, 5, 1], "target_dice": [2, 2, 4]})
    assert answer["roll"]["ram"]["dice"] == [2, 2, 5, 5, 1]  # 5 dice: Structure 4 + 1 for the side arc
    assert len(answer["roll"]["target"]["dice"]) == 3
    outcome = answer["outcome"]
    assert (outcome["ram"], outcome["target"]) == ("[T2,T5]", "[T2]")
    assert outcome["rammer_structure"] == 0 and not outcome["rammer_destroyed"]  # crippled, not Destroyed
    assert "not Destroyed" in answer["steps"][-1]


def test_ram_by_a_crippled_ship_destroys_it():
    answer = resolve(JW + "ram", {"structure": 0, "seed": 4})
    assert answer["outcome"]["rammer_destroyed"] and "Catastrophic" in answer["steps"][-1]


def test_ram_front_to_front_adds_one_base_die_to_both():
    needed = describe(JW + "ram", {"front_to_front": True, "side_arc": False})["dice_needed"]
    assert needed["ram_dice"] == 5 and needed["target_dice"] == 4


@pytest.mark.parametrize(("inputs", "ok"), [({"structure": 1}, True), ({"structure": 2}, False),
                                            ({"structure": 3, "fire_ship": True}, True), ({"contact": False}, False)])
def test_ram_requirement(inputs, ok):
    answer = resolve(JW + "ram", {**inputs, "seed": 1})
    assert all(c["ok"] for c in answer["checks"]) is ok
    if not ok:
        assert answer["outcome"]["headline"].startswith("The Ram fails")


def test_ram_odds_escalate_with_the_skill_test_chance():
    """Ramming ship's best result = mix of escalated (Skill [D+]) and plain, by brute force over 3 + 4 dice."""
    answer = odds(JW + "ram", {"skill": 3, "start_structure": 4, "side_arc": False})
    passes = sum((p for r, p in brute(3) if magnitude(r) >= 2), Fraction(0))
    want = {0: Fraction(0), 2: Fraction(0), 3: Fraction(0), 4: Fraction(0)}
    for reading, p in brute(4):
        want[magnitude(escalate(reading))] += p * passes
        want[magnitude(reading)] += p * (1 - passes)
    got = chart(answer, 1)
    assert [got[k] for k in ("[N]", "[D]", "[T]", "[Q+]")] == [want[0], want[2], want[3], want[4]]


def test_squadron_ram_odds_match_brute_force():
    answer = odds(JW + "ram", {"rammer": "Squadron", "structure": 1, "defense": 2, "skill": 2})
    survive = sum((p for r, p in brute(2) if steps(r) < 1), Fraction(0))
    skill_d = sum((p for r, p in brute(2) if magnitude(r) == 2), Fraction(0))
    got = chart(answer)
    assert got["shot down by Point Defense (no Skill Test)"] == 1 - survive == Fraction(1, 6)
    assert got["[D]: resolve a Critical Hit on the Capital Ship"] == survive * skill_d


def test_squadron_ram_from_a_bombing_run_skips_point_defense():
    answer = resolve(JW + "ram", {"rammer": "Squadron", "bombing_run": True, "skill_dice": [6, 6, 6]})
    assert "Critical Hit and a Structure damage" in answer["outcome"]["headline"]
    assert describe(JW + "ram", {"rammer": "Squadron", "bombing_run": True})["dice_needed"]["pd_dice"] == 0


# ---------------------------------------------------------------- Skill Test tables


def test_long_shot_damage_chance():
    answer = odds(JW + "long-shot", {"skill": 3})
    rows = {label: p for label, p in chart(answer).items()}
    p_n, p_d, p_t = (rows[k] for k in [k for k in rows][:3])
    assert chart(answer, 1)["damaged"] == p_n + p_d / 2 + p_t / 6


def test_long_shot_typed_damage_die():
    answer = resolve(JW + "long-shot", {"dice": [2, 2, 5], "damage_die": [4]})
    assert answer["outcome"]["weapon_damaged"] is True
    answer = resolve(JW + "long-shot", {"dice": [2, 2, 5], "damage_die": [3]})
    assert answer["outcome"]["weapon_damaged"] is False


def test_vector_attack_needs_comms_or_capital_ship_and_sensors():
    answer = resolve(JW + "vector-attack", {"capital_ship": False, "comms": True, "sensors": 0, "seed": 2})
    by_label = {c["label"]: c["ok"] for c in answer["checks"]}
    assert by_label == {"Comms/Capital Ship": True, "Sensors: 1+": False}
    assert answer["outcome"]["allowed"] is False


def test_withdraw_on_double_or_better():
    assert "Withdrawn" in resolve(JW + "withdraw", {"dice": [3, 3, 6]})["outcome"]["headline"]
    assert "no Withdraw" in resolve(JW + "withdraw", {"dice": [1, 3, 6]})["outcome"]["headline"]


def test_repair_table_odds():
    answer = odds(JW + "damage-control", {"skill": 2, "row": "Rating Damage (one box)"})
    items = chart(answer, 1)
    assert items["0"] == Fraction(5, 6) / 2 and items["1"] == Fraction(5, 12) + Fraction(1, 6)


# ---------------------------------------------------------------- States and no-dice Actions


def test_targeted_two_adds_one_base_one_flex():
    answer = resolve(JW + "targeted-x", {"x": 2, "ac": 3, "seed": 1})
    assert answer["outcome"]["pool"] == "base 4 + flex 1"
    assert "+1 base, +1 flex" in answer["steps"][0]


def test_station_keeping_grants_a_flex_die():
    assert describe(JW + "station-keeping", {"ac": 2})["dice_needed"] == {"dice": 3, "macro_dice": 0, "set_aside": 1}


def test_hard_burn_x_counts_down():
    assert resolve(JW + "hard-burn-x", {"x": 2, "speed": 6})["outcome"]["headline"].endswith("Hard Burn:1")
    assert resolve(JW + "hard-burn-x", {"x": 0, "speed": 6})["outcome"]["headline"].startswith("Speed 6\" → 6\"")


def test_suppressing_fire_sets_then_upgrades():
    assert resolve(JW + "suppressing-fire", {"ac": 4})["outcome"]["headline"] == "Target enters Suppressed:4"
    assert resolve(JW + "suppressing-fire", {"ac": 4, "suppressed": 2})["outcome"]["headline"] == "Target enters Suppressed:3"


def test_evade_either_side_passes_and_sluggish_refuses():
    assert resolve(JW + "evade", {"thrusters": 0, "fuel": 2})["outcome"]["allowed"]
    assert not resolve(JW + "evade", {"thrusters": 2, "sluggish": True})["outcome"]["allowed"]


@pytest.mark.parametrize("slug", ["drone-command", "silent-running"])
def test_gaps_are_not_invented(slug):
    answer = resolve(JW + slug, {})
    assert REGISTRY[JW + slug].odds is None
    assert any("no list of Skill Test results" in line for line in answer["steps"])


# ---------------------------------------------------------------- bad inputs


@pytest.mark.parametrize(("slug", "inputs", "field"), [
    ("ram", {"rammer": "Exo-Armor"}, "rammer"), ("ram", {"ram_dice": [1, 2]}, "ram_dice"),
    ("board", {"defense": -1}, "defense"),
    ("resupply", {"skill": 99}, "skill"), ("long-shot", {"damage_die": [7]}, "damage_die"),
    ("boost", {"spend": 3}, "spend"), ("targeted-x", {"x": 0}, "x"),
])
def test_bad_inputs_name_the_field(slug, inputs, field):
    with pytest.raises(InputError) as caught:
        resolve(JW + slug, inputs)
    assert caught.value.field == field
