"""The three dice resolvers through the entry point: JSON shapes, steps, limits, manual choices."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core import READINGS, REGISTRY, InputError, describe, odds, resolve
from rules_core.dice.read import counts_of, notation, read, reading_key
from rules_core.dice.pools import modifier_dice


def total(probabilities) -> Fraction:
    return sum((Fraction(p) for p in probabilities), Fraction(0))


@pytest.mark.parametrize("rid", ["dice/unopposed", "dice/skill-test", "dice/opposed"])
def test_each_resolver_declares_inputs_and_cites_readings(rid):
    """Assert each resolver is registered, has odds, declares its keypads and cites known Readings."""
    resolver = REGISTRY[rid]
    assert resolver.odds is not None and resolver.dice_needed is not None
    assert resolver.readings and all(READINGS[r.key] is r for r in resolver.readings)
    assert "dice_needed" in describe(rid, {})


@pytest.mark.parametrize("rid", ["dice/unopposed", "dice/skill-test", "dice/opposed"])
def test_default_odds_are_distributions_with_charts(rid):
    """Assert magnitude and readings each sum to exactly 1 and the charts carry p/q rows."""
    answer = odds(rid, {})
    assert total(answer["magnitude"].values()) == 1
    assert total(answer["readings"].values()) == 1
    assert answer["charts"] and all(row["p"].count("/") == 1 for chart in answer["charts"] for row in chart["rows"])


def test_declared_limits_are_the_caps():
    """Assert the caps are the inputs' low/high: 30 base, 6 flex, macro -10..+10."""
    roll = next(item for item in describe("dice/unopposed")["inputs"] if item["name"] == "roll")
    spec = {item["name"]: item for item in roll["parts"]}
    assert (spec["base"]["low"], spec["base"]["high"]) == (0, 30)
    assert (spec["flex"]["low"], spec["flex"]["high"]) == (0, 6)
    assert (spec["macro"]["low"], spec["macro"]["high"]) == (-10, 10)


@pytest.mark.parametrize(("net", "dice"), [(-3, (0, 0, -3)), (-1, (0, 0, -1)), (0, (0, 0, 0)), (1, (1, 0, 0)),
                                           (2, (1, 1, 0)), (3, (1, 1, 1)), (5, (1, 1, 3))])
def test_attack_modifier_table(net, dice):
    """Assert the v1.2.4 conversion table (How the dice work §5) row by row."""
    assert modifier_dice(net) == dice


def test_readings_are_canonical_notation():
    """Assert readings are written with results ordered by Value."""
    assert notation(read(counts_of((1, 1, 1, 1, 2, 2)))) == "[Q1,D2]"
    assert notation(read(counts_of((6, 6, 6, 3, 3, 3)))) == "[T3,T6]"


def test_roll_order_is_magnitude_then_count_then_values():
    """Assert the automatic roller's order: [T] beats [D,D]; [D,D] beats [D6]; [D2,D6] beats [D3,D5]."""
    assert reading_key(((3, 1),)) > reading_key(((2, 5), (2, 6)))
    assert reading_key(((2, 1), (2, 2))) > reading_key(((2, 6),))
    assert reading_key(((2, 2), (2, 6))) > reading_key(((2, 3), (2, 5)))


def test_manual_set_aside_is_honoured():
    """Assert the player's choice of flex dice to set aside replaces the automatic one."""
    inputs = {"roll": {"base": 3, "flex": 1, "macro": 1, "dice": [2, 2, 5, 5], "macro_dice": [5], "set_aside": [5]}}
    answer = resolve("dice/unopposed", inputs)
    assert answer["outcome"]["headline"] == "[D2]"
    assert answer["roll"]["set_aside"] == [5]


def test_set_aside_must_be_rolled_dice():
    """Assert setting aside a face nobody rolled names the field and the face."""
    with pytest.raises(InputError, match=r"Flex dice to set aside: sets aside 1 dice showing 6, but only 0 were rolled"):
        resolve("dice/unopposed", {"roll": {"base": 3, "flex": 1, "dice": [2, 2, 5, 5], "set_aside": [6]}})


def test_missing_macro_dice_are_named():
    """Assert typed dice without the macro dice the pool needs are refused, naming macro_dice."""
    with pytest.raises(InputError, match=r"Macro dice rolled: the macro pool rolls 2 dice"):
        resolve("dice/unopposed", {"roll": {"base": 3, "macro": -2, "dice": [1, 2, 3]}})


def test_macro_steps_say_which_die_moved_which_result():
    """Assert the steps name the macro die and the result it moved."""
    answer = resolve("dice/unopposed", {"roll": {"base": 3, "macro": 2, "dice": [4, 4, 6], "macro_dice": [4, 4]}})
    assert "2 macro dice showing 4 raise [D4] to [Q4]." in answer["steps"]
    assert {"kind": "macro", "value": 4, "dice": 2, "from": "[D4]", "to": "[Q4]"}.items() <= answer["step_data"][2].items()


def test_skill_test_pass_odds_with_rerolls():
    """Assert one reroll after a fail: 1 - (5/9)**2 for three dice at [D+]."""
    assert odds("dice/skill-test", {"roll": {"base": 3}})["pass"] == "4/9"
    assert odds("dice/skill-test", {"rerolls": 1, "roll": {"base": 3}})["pass"] == str(1 - Fraction(5, 9) ** 2)


def test_skill_test_reports_pass_and_fail():
    """Assert the check and verdict follow the requirement."""
    passed = resolve("dice/skill-test", {"roll": {"base": 3, "dice": [5, 5, 1]}})
    failed = resolve("dice/skill-test", {"requirement": "[T+]", "roll": {"base": 3, "dice": [5, 5, 1]}})
    assert passed["outcome"]["passed"] and passed["checks"][0]["ok"]
    assert not failed["outcome"]["passed"] and "fails" in failed["steps"][-1]


def test_opposed_manual_choice_is_checked():
    """Assert the Secondary's own choice is applied, and one past its diminishes is refused."""
    base = {"primary": {"base": 5, "dice": [2, 2, 6, 6, 6]}, "secondary": {"dice": [3, 3, 4]}}
    assert resolve("dice/opposed", {**base, "secondary_choice": [2]})["outcome"]["headline"] == "[T6]"
    with pytest.raises(InputError, match="Primary results the Secondary diminishes: the Secondary has 1 diminish to place"):
        resolve("dice/opposed", {**base, "secondary_choice": [2, 6]})


def test_opposed_dice_counts_are_named_per_side():
    """Assert a wrong count on the Secondary's keypad names secondary_dice."""
    with pytest.raises(InputError, match=r"Secondary \(resisting\): Dice rolled \(base and flex\): the pool rolls 3 dice \(base 3\), got 2"):
        resolve("dice/opposed", {"primary": {"dice": [1, 2, 3]}, "secondary": {"dice": [1, 2]}})
