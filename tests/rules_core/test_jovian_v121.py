"""v1.2.1 Special Actions: every requirement passes and fails, the rating choice, Skill Test odds, bad inputs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core import describe, odds, resolve
from rules_core.errors import InputError
from rules_core.pool_odds import magnitude_odds
from rules_core.pools import Pool
from rules_core.resolvers.jovian_wars.special_actions_v121 import ACTIONS

V = "jovian-wars/v1.2.1/"

FAILING: dict[str, dict[str, object]] = {
    "boarding-party": {"marines": 0, "exo_armor": False},
    "boost": {"thrusters": 0, "fuel": 0},
    "concentrated-fire": {"capital_target": False},
    "evade": {"thrusters": 0, "fuel": 1},
    "land": {"launched": True},
    "launch": {"embarked": False},
    "lock-on": {"fire_control": 1},
    "ramming-speed": {"structure": 0, "damage": 0},
    "vector-attack": {"sensors": 0},
    "withdraw": {"clear_6": False},
    "bombing-run": {"model": "Capital Ship"},
    "active-interception": {"fuel": 0},
    "reactive-interception": {"within_3": False},
    "return-to-base": {"model": "Capital Ship"},
    "engage-point-defense": {"defense": 0},
    "long-range-sensors": {"sensors": 0},
    "lay-mines": {"minelaying": False},
    "damage-control": {"model": "Squadron"},
    "reorient": {"thrusters": 0},
    "silent-running": {"sensors": 0},
    "station-keeping": {"thrusters": 0},
}


def test_every_special_action_has_a_resolver_and_a_failing_case() -> None:
    assert sorted(FAILING) == sorted(action.slug for action in ACTIONS)


@pytest.mark.parametrize("slug", sorted(FAILING))
def test_requirement_passes_by_default_and_fails_when_broken(slug: str) -> None:
    """Assert the default model may declare it, and the broken rating refuses it naming the part."""
    assert all(c["ok"] for c in resolve(V + slug, {"seed": 1} if describe(V + slug)["has_odds"] else {})["checks"])
    out = resolve(V + slug, FAILING[slug])
    assert out["outcome"]["allowed"] is False
    assert any(not c["ok"] for c in out["checks"])


@pytest.mark.parametrize("given, ok", [({"thrusters": 0, "fuel": 2}, True), ({"thrusters": 1, "fuel": 0}, True),
                                       ({"thrusters": 0, "fuel": 1}, False)])
def test_evade_or_passes_if_either_side_does(given: dict, ok: bool) -> None:
    assert resolve(V + "evade", given)["checks"][0]["ok"] is ok


def test_evade_refused_to_sluggish() -> None:
    out = resolve(V + "evade", {"sluggish": True})
    assert [c["ok"] for c in out["checks"]] == [True, False]


def test_evade_player_picks_the_rating() -> None:
    """Assert "Skill/Thrusters/Fuel" rolls the chosen rating: Fuel 4 rolls 4 dice."""
    assert describe(V + "evade", {"test_rating": "Fuel", "fuel": 4})["dice_needed"]["dice"] == 4
    out = resolve(V + "evade", {"test_rating": "Fuel", "fuel": 4, "dice": [1, 2, 3, 4], "macro_dice": []})
    assert out["outcome"]["row"] == "[N]" and "Fire Control: 1" in out["outcome"]["headline"]


def test_vector_attack_rows_match_the_engine() -> None:
    """Assert the [N]/[D]/[T+] rows equal the dice engine's magnitude odds for Sensors 4."""
    mags = magnitude_odds(Pool(4))
    rows = {r["label"].split(":")[0]: Fraction(r["p"])
            for r in odds(V + "vector-attack", {"test_rating": "Sensors", "sensors": 4})["charts"][0]["rows"]}
    assert rows == {"[N]": mags[0], "[D]": mags[2], "[T+]": mags[3] + mags[4]}


def test_damage_control_typed_triple() -> None:
    out = resolve(V + "damage-control", {"skill": 3, "dice": [5, 5, 5], "macro_dice": []})
    assert out["outcome"]["row"] == "[T]" and "Weapon Damage on 4+" in out["outcome"]["headline"]


def test_no_dice_action_has_no_odds() -> None:
    assert describe(V + "launch")["has_odds"] is False


@pytest.mark.parametrize("slug, given, field", [
    ("evade", {"test_rating": "Sensors"}, "test_rating"),
    ("lock-on", {"fire_control": 13}, "fire_control"),
    ("withdraw", {"dice": [1, 2]}, "dice"),
])
def test_bad_inputs_name_the_field(slug: str, given: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        resolve(V + slug, given)
    assert caught.value.field == field
