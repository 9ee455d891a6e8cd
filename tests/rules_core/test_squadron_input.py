"""The Squadron input (kind "squadron"): every part's range, wrong types, unknown keys, and errors naming the Squadron
in the player's words, through the resolvers that take one and the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rules_core import REGISTRY, resolve
from rules_core.errors import InputError
from rules_core.jovian_wars.dogfight.initiative import WEAPONS
from rules_core.jovian_wars.squadron_inputs import squadron_of, squadron_parts

DOGFIGHT = "jovian-wars/v1.2.4/dogfight"
PARTS = squadron_parts()


def refusal(resolver_id: str, given: dict) -> InputError:
    with pytest.raises(InputError) as caught:
        resolve(resolver_id, given)
    return caught.value


@pytest.mark.parametrize("part", [p for p in PARTS if p.kind == "int"], ids=lambda p: p.name)
def test_every_number_is_refused_just_past_its_range_and_taken_at_its_ends(part) -> None:
    """Assert each of the card's numbers is taken at its least and greatest value and refused one past either,
    the message naming the Squadron, the part and the range ("Squadron A: Skill: a whole number from 0 to 8, not 9")."""
    assert part.low is not None and part.high is not None
    for value in (part.low, part.high):
        assert squadron_of(REGISTRY[DOGFIGHT].check({"a": {part.name: value}}), "a").__getattribute__(part.name) == value
    for value in (part.low - 1, part.high + 1):
        error = refusal(DOGFIGHT, {"a": {part.name: value}})
        assert error.field == f"a.{part.name}"
        assert str(error) == f"Squadron A: {part.label}: a whole number from {part.low} to {part.high}, not {value}"


def test_the_briefs_example_wording() -> None:
    assert str(refusal(DOGFIGHT, {"a": {"skill": 9}})) == "Squadron A: Skill: a whole number from 0 to 8, not 9"


@pytest.mark.parametrize(("part", "value", "says"), [
    ("skill", "three", "Squadron B: Skill: a whole number from 0 to 8, not 'three'"),
    ("skill", True, "Squadron B: Skill: a whole number from 0 to 8, not True"),
    ("fuel", 1.5, "Squadron B: Fuel remaining: a whole number from 0 to 12, not 1.5"),
    ("evasive", 7, "Squadron B: Evasive trait: on or off (true or false), not 7"),
    ("missile", "yes", "Squadron B: Has a Missile weapon: on or off (true or false), not 'yes'"),
    ("weapon", "Laser", f"Squadron B: Non-Missile weapon: one of {', '.join(WEAPONS)}; not 'Laser'"),
    ("weapon", "Missile", f"Squadron B: Non-Missile weapon: one of {', '.join(WEAPONS)}; not 'Missile'"),
])
def test_wrong_types_are_refused_naming_the_squadron(part: str, value: object, says: str) -> None:
    assert str(refusal(DOGFIGHT, {"b": {part: value}})) == says


def test_a_squadron_that_is_not_an_object_or_holds_unknown_keys_is_refused() -> None:
    error = refusal(DOGFIGHT, {"a": [2, 3]})
    assert error.field == "a" and str(error).startswith("Squadron A: the Squadron's card numbers by name (structure, skill,")
    error = refusal(DOGFIGHT, {"a": {"bid": 1}})  # a Dogfight's choice is not on the card
    assert error.field == "a" and "'bid' is not an input here" in str(error)
    error = refusal(DOGFIGHT, {"a": {"__proto__": {"skill": 1}}})
    assert error.field == "a" and "'__proto__' is not an input here" in str(error)


def test_a_destroyed_squadron_does_not_dogfight_and_a_missile_must_be_on_the_card() -> None:
    error = refusal(DOGFIGHT, {"b": {"structure": 0}})
    assert str(error).startswith("Squadron B: Structure left: a whole number from 1 to 12, not 0")
    error = refusal(DOGFIGHT, {"b": {"missile": False}, "b_missile": True})
    assert error.field == "b_missile" and "Squadron B has no Missile weapon on its card" in str(error)


def test_the_squadron_damage_view_and_the_ram_take_the_same_input() -> None:
    for resolver_id, name, who in (("jovian-wars/v1.2.4/squadron-damage", "squadron", "Squadron under attack"),
                                   ("jovian-wars/v1.2.4/ram", "ramming_squadron", "Ramming Squadron")):
        spec = next(s for s in REGISTRY[resolver_id].inputs if s.name == name)
        assert spec.kind == "squadron" and [p.name for p in spec.parts] == [p.name for p in PARTS]
        given = {name: {"skill": -1}, "rammer": "Squadron"} if name == "ramming_squadron" else {name: {"skill": -1}}
        assert str(refusal(resolver_id, given)) == f"{who}: Skill: a whole number from 0 to 8, not -1"


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide has no subprocesses")
def test_the_command_line_takes_a_squadron_as_json() -> None:
    """Assert `python -m rules_core resolve` takes both Squadrons as JSON objects and refuses a bad part in words."""
    given = {"a": {"structure": 2, "skill": 3, "fuel": 2, "weapon": "Beam Projector", "as_rating": 2, "missile": False},
             "b": {"structure": 1, "skill": 1, "fuel": 1, "weapon": "Lance", "as_rating": 1},
             "a_missile": False, "a_bid": 1, "a_attack": 3, "b_bid": 0, "b_attack": 1, "seed": 3}
    run = subprocess.run([sys.executable, "-m", "rules_core", "resolve", DOGFIGHT, "--inputs", json.dumps(given)],
                         capture_output=True, text=True, check=True)
    out = json.loads(run.stdout)
    assert set(out["outcome"]["ships"]) == {"a", "b"} and out["outcome"]["ships"]["a"]["numbers"]["weapon"] == "Beam Projector"
    bad = subprocess.run([sys.executable, "-m", "rules_core", "resolve", DOGFIGHT, "--inputs",
                          json.dumps({"a": {"fuel": "lots"}})], capture_output=True, text=True)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr
    assert "Squadron A: Fuel remaining: a whole number from 0 to 12, not 'lots'" in bad.stderr + bad.stdout


def test_the_fuel_requirements_and_boost_read_the_squadrons_card() -> None:
    """Assert Boost and both Interceptions check Fuel: 1+ on the Squadron's card, and Boost reads its Evasive trait
    and spends from its Fuel."""
    for action in ("boost", "active-interception", "reactive-interception"):
        out = resolve(f"jovian-wars/v1.2.4/{action}", {"squadron": {"fuel": 0}})
        fuel = next(check for check in out["checks"] if check["label"] == "Fuel: 1+")
        assert fuel["ok"] is False and fuel["detail"].startswith("Fuel is 0")
    boost = resolve("jovian-wars/v1.2.4/boost", {"squadron": {"fuel": 1, "evasive": True}, "spend": 2, "speed": 8})
    assert boost["outcome"]["headline"] == "Speed 8\" → 11\", Fuel 1 → 0; Evasive already: +1F when Boosting"
    assert str(refusal("jovian-wars/v1.2.4/boost", {"squadron": {"fuel": 13}})) == (
        "Squadron: Fuel remaining: a whole number from 0 to 12, not 13")
