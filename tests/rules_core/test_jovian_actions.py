"""v1.2.4 Actions resolvers: MECHANICS §8 examples, requirements, odds against brute force, bad inputs."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules_core.dice import counts_of, escalate, magnitude, read, steps
from rules_core.errors import InputError
from rules_core.registry import REGISTRY, describe, odds, resolve
from rules_core.resolvers.jovian_wars import actions_v124
from rules_core.resolvers.jovian_wars.actions_v124_boarding import board_loss, engage_after

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


# ---------------------------------------------------------------- Board and Boarded


def test_board_table_removes_1_3_5_per_result():
    assert [board_loss(r) for r in (((2, 1),), ((3, 1),), ((4, 1),), ((2, 1), (3, 4)))] == [1, 3, 5, 4]


def test_board_odds_match_brute_force():
    answer = odds(JW + "board", {"marines": 4, "committed": 4, "defense": 4})
    want: dict[int, Fraction] = {}
    for reading, p in brute(4):
        left = max(0, 4 - board_loss(reading))
        want[left] = want.get(left, Fraction(0)) + p
    got = chart(answer)
    assert {int(label.split()[0]): p for label, p in got.items() if p} == want


def test_board_requirements():
    answer = resolve(JW + "board", {"marines": 2, "committed": 3, "boarded": True, "seed": 1})
    failed = {c["label"] for c in answer["checks"] if not c["ok"]}
    assert failed == {"not Boarded", "committed ≤ current Marines"}


def test_boarded_dave_example():
    """3 Boarders Engage a Valiant with 2 Marines and roll one [D]: Marines 2 -> 1."""
    answer = resolve(JW + "boarded", {"boarders": 3, "marines": 2, "boarder": "Engage", "defender": "Defend",
                                      "boarders_dice": [4, 4, 1], "marines_dice": [1, 2]})
    assert answer["outcome"]["marines"] == 1 and answer["outcome"]["boarders"] == 3


def test_engage_losses_and_quad_wipes():
    assert engage_after(((2, 1), (3, 2)), 5) == 2
    assert engage_after(((4, 6),), 9) == 0


def test_marines_at_zero_with_boarders_left_is_captured():
    answer = resolve(JW + "boarded", {"boarders": 3, "marines": 1, "boarders_dice": [6, 6, 6, 6][:3], "marines_dice": [1]})
    assert answer["outcome"]["fate"] == "Captured"


def test_defend_diminishes_the_marines_results():
    answer = resolve(JW + "boarded", {"boarders": 3, "marines": 3, "defender": "Defend",
                                      "boarders_dice": [1, 2, 3], "marines_dice": [5, 5, 5]})
    assert answer["outcome"]["boarders"] == 2  # [T5] diminished to [D5]: 1 Boarder lost


def test_boarded_engage_odds_match_brute_force():
    answer = odds(JW + "boarded", {"boarders": 3, "marines": 2})
    want: dict[int, Fraction] = {}
    for reading, p in brute(3):
        left = engage_after(reading, 2)
        want[left] = want.get(left, Fraction(0)) + p
    assert {int(k): v for k, v in chart(answer, 1).items() if v} == want


def test_sabotage_against_defend_is_an_opposed_roll():
    answer = resolve(JW + "boarded", {"boarders": 3, "marines": 2, "boarder": "Sabotage", "defender": "Defend",
                                      "boarders_dice": [5, 5, 5], "marines_dice": [2, 2]})
    assert answer["outcome"]["sabotage"] == "[D5]" and answer["outcome"]["marines"] == 2


# ---------------------------------------------------------------- Skill Test tables


def test_purge_airlocks_halves_rounding_down():
    answer = resolve(JW + "purge-airlocks", {"marines": 3, "boarders": 5, "dice": [1, 2, 3]})
    assert (answer["outcome"]["marines"], answer["outcome"]["boarders"]) == (1, 2)
    answer = resolve(JW + "purge-airlocks", {"marines": 3, "boarders": 5, "dice": [4, 4, 4]})
    assert answer["outcome"]["boarders"] == 0 and "cancelled" in answer["steps"][-1]


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
    ("board", {"defense": -1}, "defense"), ("boarded", {"defender": "Sabotage"}, "defender"),
    ("resupply", {"skill": 99}, "skill"), ("long-shot", {"damage_die": [7]}, "damage_die"),
    ("boost", {"spend": 3}, "spend"), ("targeted-x", {"x": 0}, "x"),
])
def test_bad_inputs_name_the_field(slug, inputs, field):
    with pytest.raises(InputError) as caught:
        resolve(JW + slug, inputs)
    assert caught.value.field == field
