"""The roll input (kind "roll", `rolling.roll_input`): one declared input per roll, its value an object of its keypads
(dice, macro_dice, set_aside) and, where the player sets the pool, its base, flex, macro and modifier; checked in one
place (`inputs.Input.check`), every refusal naming the roll and the field in the player's words and the range."""

from __future__ import annotations

import json

import pytest

from rules_core import describe, odds, resolve
from rules_core.__main__ import main
from rules_core.dice.pools import MAX_BASE, MAX_FLEX, MAX_MACRO, MAX_MODIFIER
from rules_core.errors import InputError
from rules_core.inputs import check_all, keypad_paths
from rules_core.registry import REGISTRY
from rules_core.rolling import KEYPADS, roll_input

UNOPPOSED, OPPOSED, RAM = "dice/unopposed", "dice/opposed", "jovian-wars/v1.2.4/ram"
ROLL = roll_input("roll", "Roll", pool=3)
DERIVED = roll_input("ram", "Ramming ship's roll")


def refusal(resolver_id: str, inputs: dict[str, object]) -> InputError:
    with pytest.raises(InputError) as caught:
        odds(resolver_id, inputs) if resolver_id != RAM else resolve(resolver_id, inputs)
    return caught.value


def test_a_roll_is_one_input_whose_parts_are_its_pool_and_keypads() -> None:
    """Assert the declaration: a typed pool has its four steppers then the three keypads; a derived one the keypads."""
    assert ROLL.kind == DERIVED.kind == "roll"
    assert [part.name for part in ROLL.parts] == ["base", "flex", "macro", "modifier", *KEYPADS]
    assert [part.name for part in DERIVED.parts] == list(KEYPADS)
    assert ROLL.parts[0].default == 3
    spec = next(item for item in describe(UNOPPOSED)["inputs"] if item["name"] == "roll")  # type: ignore[union-attr]
    assert [part["name"] for part in spec["parts"]] == ["base", "flex", "macro", "modifier", *KEYPADS]


def test_missing_parts_take_their_defaults_and_an_absent_roll_is_all_defaults() -> None:
    checked = check_all((ROLL,), {"roll": {"dice": "1 2 3"}})
    assert checked["roll"] == {"base": 3, "flex": 0, "macro": 0, "modifier": 0, "dice": (1, 2, 3), "macro_dice": None,
                               "set_aside": None}
    assert check_all((ROLL,), {})["roll"] == {"base": 3, "flex": 0, "macro": 0, "modifier": 0, "dice": None,
                                              "macro_dice": None, "set_aside": None}


@pytest.mark.parametrize(("part", "low", "high"), [("base", 0, MAX_BASE), ("flex", 0, MAX_FLEX),
                                                    ("macro", -MAX_MACRO, MAX_MACRO),
                                                    ("modifier", -MAX_MODIFIER, MAX_MODIFIER)])
def test_every_pool_part_takes_its_range_and_refuses_one_past_each_end(part: str, low: int, high: int) -> None:
    label = {"base": "Base dice", "flex": "Flex dice", "macro": "Macro dice", "modifier": "Attack modifier (net)"}[part]
    for value in (low, high):
        assert check_all((ROLL,), {"roll": {part: value}})["roll"][part] == value  # type: ignore[index]
    for value in (low - 1, high + 1):
        with pytest.raises(InputError) as caught:
            check_all((ROLL,), {"roll": {part: value}})
        assert caught.value.field == f"roll.{part}"
        assert caught.value.reason == f"a whole number from {low} to {high}, not {value}"
    error = refusal(OPPOSED, {"secondary": {part: high + 1}})
    assert str(error) == f"Secondary (resisting): {label}: a whole number from {low} to {high}, not {high + 1}"


@pytest.mark.parametrize(("keypad", "most", "label"), [("dice", MAX_BASE + MAX_FLEX, "Dice rolled (base and flex)"),
                                                        ("macro_dice", MAX_MACRO, "Macro dice rolled"),
                                                        ("set_aside", MAX_FLEX, "Flex dice to set aside")])
def test_every_keypad_takes_faces_1_to_6_up_to_its_most_dice(keypad: str, most: int, label: str) -> None:
    assert check_all((ROLL,), {"roll": {keypad: [6] * most}})["roll"][keypad] == (6,) * most  # type: ignore[index]
    too_many = refusal(UNOPPOSED, {"roll": {keypad: [1] * (most + 1)}})
    assert (too_many.field, str(too_many)) == (f"roll.{keypad}", f"Roll: {label}: 0 to {most} dice, not {most + 1}")
    for face in (0, 7, "x", 2.5, True, None):
        bad = refusal(UNOPPOSED, {"roll": {keypad: [1, face]}})
        assert (bad.field, str(bad)) == (f"roll.{keypad}", f"Roll: {label}: die 2 shows 1 to 6, not {face!r}")


@pytest.mark.parametrize("value", [4, "3 dice", [1, 2, 3], True, 2.5])
def test_a_roll_that_is_not_an_object_is_refused_naming_the_roll_and_its_parts(value: object) -> None:
    error = refusal(UNOPPOSED, {"roll": value})
    assert error.field == "roll"
    assert str(error).startswith("Roll: the roll's dice by name (base, flex, macro, modifier, dice, macro_dice, "
                                 "set_aside); not ")


@pytest.mark.parametrize("key", ["__proto__", "constructor", "bse", "seed", "dice "])
def test_an_extra_key_in_a_roll_is_refused_under_the_roll(key: str) -> None:
    error = refusal(UNOPPOSED, {"roll": json.loads(json.dumps({key: 1, "base": 2}))})
    assert error.field == "roll"
    assert str(error) == (f"Roll: {key!r} is not an input here (expected: base, flex, macro, modifier, dice, macro_dice "
                          "and 1 more)")


def test_a_derived_pool_has_no_steppers_to_set() -> None:
    """Assert the Ram's rolls take no base: their pools come from the ships (the refusal lists the keypads)."""
    error = refusal(RAM, {"ram": {"base": 3}})
    assert str(error) == "Ramming ship's roll: 'base' is not an input here (expected: dice, macro_dice, set_aside)"


@pytest.mark.parametrize(("inputs", "field", "message"), [
    ({"ram": {"dice": [1, 2]}, "skill_roll": {"dice": [1, 2, 3]}}, "ram.dice",
     "Ramming ship's roll: Dice rolled (base and flex): the pool rolls 5 dice (base 5), got 2"),
    ({"ram": {"dice": [1, 2, 3, 4, 5], "macro_dice": [3]}, "skill_roll": {"dice": [1, 2, 3]}}, "ram.macro_dice",
     "Ramming ship's roll: Macro dice rolled: the macro pool rolls 0 dice (+0), got 1"),
    ({"target": {"set_aside": [9]}}, "target.set_aside", "Target's roll: Flex dice to set aside: die 1 shows 1 to 6, not 9"),
    ({"skill_roll": {"dice": [1, 2]}}, "skill_roll.dice", "Skill Test: Dice rolled (base and flex): the pool rolls 3 dice (base 3), got 2"),
])
def test_a_rolls_refusal_names_the_roll_and_the_field_in_the_players_words(inputs: dict, field: str, message: str) -> None:
    error = refusal(RAM, inputs)
    assert (error.field, str(error)) == (field, message)


def test_the_keypads_are_named_by_their_path_everywhere() -> None:
    """Assert dice_needed, in_turn and the keypads of a declaration use one spelling: "<roll>.<keypad>"."""
    needed = describe(RAM, {})["dice_needed"]
    assert {"skill_roll.dice", "ram.dice", "ram.macro_dice", "target.set_aside", "pd.dice"} <= set(needed)  # type: ignore[arg-type]
    paths = keypad_paths(REGISTRY[RAM].inputs)
    assert set(REGISTRY[RAM].in_turn) <= set(paths)
    assert {"explosion.dice", "explosion.macro_dice", "explosion.set_aside"} <= set(REGISTRY[RAM].in_turn)
    for resolver in REGISTRY.values():
        declared = set(keypad_paths(resolver.inputs))
        assert set(resolver.in_turn) <= declared, resolver.id
        if resolver.dice_needed is not None:
            assert set(resolver.describe({})["dice_needed"]) <= declared, resolver.id  # type: ignore[arg-type]


def test_the_command_line_takes_a_roll_as_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    roll = {"base": 3, "flex": 1, "macro": 1, "dice": [2, 2, 5, 5], "macro_dice": [5], "set_aside": [5]}
    assert main(["resolve", UNOPPOSED, "--inputs", json.dumps({"roll": roll})]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["inputs"]["roll"] == {**roll, "modifier": 0}
    assert answer["outcome"]["headline"] == "[D2]"
    assert main(["resolve", UNOPPOSED, "--inputs", json.dumps({"roll": {"macro": 11}})]) == 2
    assert capsys.readouterr().err == "error: Roll: Macro dice: a whole number from -10 to 10, not 11\n"
    assert main(["describe", RAM]) == 0
    declared = {spec["name"]: spec for spec in json.loads(capsys.readouterr().out)["inputs"]}
    assert declared["explosion"]["kind"] == "roll" and declared["explosion"]["optional"] is True
    assert [part["label"] for part in declared["ram"]["parts"]] == ["Dice rolled (base and flex)", "Macro dice rolled",
                                                                    "Flex dice to set aside"]
