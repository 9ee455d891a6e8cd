"""v1.2.1 Special Actions: every requirement passes and fails, the rating choice, Skill Test odds, bad inputs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_core import describe, odds, resolve
from rules_core.errors import InputError
from rules_core.dice.pool_odds import magnitude_odds
from rules_core.dice.pools import Pool
from rules_core.readings import GAPS as GAPS_LEDGER
from rules_core.readings import READINGS
from rules_core.jovian_wars.actions.special_v121 import ACTIONS

V = "jovian-wars/v1.2.1/"

FAILING: dict[str, dict[str, object]] = {
    "boarding-party": {"ship": {"marines": 0}, "exo_armor": False},
    "boost": {"ship": {"thrusters": 0}},
    "concentrated-fire": {"capital_target": False},
    "evade": {"ship": {"thrusters": 0}},
    "land": {"launched": True},
    "launch": {"embarked": False},
    "lock-on": {"fire_control": 1},
    "ramming-speed": {"ship": {"structure": 0}, "damage": 0},
    "vector-attack": {"ship": {"sensors": 0}},
    "withdraw": {"clear_6": False},
    "bombing-run": {"model": "Capital Ship"},
    "active-interception": {"squadron": {"fuel": 0}},
    "reactive-interception": {"within_3": False},
    "return-to-base": {"model": "Capital Ship"},
    "engage-point-defense": {"ship": {"defense": 0}},
    "long-range-sensors": {"ship": {"sensors": 0}},
    "lay-mines": {"minelaying": False},
    "damage-control": {"model": "Squadron"},
    "reorient": {"ship": {"thrusters": 0}},
    "silent-running": {"ship": {"sensors": 0}},
    "station-keeping": {"ship": {"thrusters": 0}},
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


@pytest.mark.parametrize("given, ok", [
    ({"ship": {"thrusters": 1}, "squadron": {"fuel": 0}}, True), ({"ship": {"thrusters": 0}, "squadron": {"fuel": 2}}, False),
    ({"model": "Squadron", "ship": {"thrusters": 0}, "squadron": {"fuel": 2}}, True),
    ({"model": "Squadron", "ship": {"thrusters": 1}, "squadron": {"fuel": 1}}, False)])
def test_evade_reads_the_chosen_kinds_thrusters_or_fuel(given: dict, ok: bool) -> None:
    """Assert "Thrusters: 1+ or Fuel: 2+" is a Capital Ship's Thrusters or a Squadron's Fuel, each its own card's."""
    assert resolve(V + "evade", given)["checks"][0]["ok"] is ok


@pytest.mark.parametrize(("slug", "label", "given", "ok"), [
    ("boost", "Thrusters: 1+ or Fuel: 1+", {"ship": {"thrusters": 1}, "squadron": {"fuel": 0}}, True),
    ("boost", "Thrusters: 1+ or Fuel: 1+", {"ship": {"thrusters": 0}, "squadron": {"fuel": 3}}, False),
    ("boost", "Thrusters: 1+ or Fuel: 1+", {"model": "Squadron", "ship": {"thrusters": 0}, "squadron": {"fuel": 1}}, True),
    ("boost", "Thrusters: 1+ or Fuel: 1+", {"model": "Squadron", "ship": {"thrusters": 2}, "squadron": {"fuel": 0}}, False),
    ("boarding-party", "Marines: 1+ or Exo-Armor", {"ship": {"marines": 0}, "exo_armor": True}, False),
    ("boarding-party", "Marines: 1+ or Exo-Armor", {"model": "Squadron", "exo_armor": True}, True),
    ("boarding-party", "Marines: 1+ or Exo-Armor", {"model": "Squadron", "ship": {"marines": 2}}, False),
])
def test_a_requirement_of_either_kind_reads_the_chosen_kinds_card(slug: str, label: str, given: dict, ok: bool) -> None:
    """Assert Boost's and Boarding Party's requirement is met from the chosen kind's own card: a Capital Ship's
    Thrusters or Marines, a Squadron's Fuel or its being Exo-Armor; the other kind's numbers are not read."""
    check = next(c for c in resolve(V + slug, given)["checks"] if c["label"] == label)
    assert check["ok"] is ok


def test_a_one_kind_actions_numbers_are_its_cards() -> None:
    """Assert a Capital Ship's or a Squadron's own Special Action reads the card a fleet pick fills: Reorient's
    Skill Test rolls the ship's Thrusters or Skill, Damage Control's its Skill, Active Interception's Fuel 0 refuses."""
    assert describe(V + "reorient", {"ship": {"thrusters": 2, "skill": 5}})["dice_needed"]["roll.dice"] == 5
    assert describe(V + "reorient", {"ship": {"thrusters": 2, "skill": 5}, "test_rating": "Thrusters"})["dice_needed"]["roll.dice"] == 2
    assert describe(V + "damage-control", {"ship": {"skill": 4}})["dice_needed"]["roll.dice"] == 4
    assert not resolve(V + "reactive-interception", {"squadron": {"fuel": 0}})["outcome"]["allowed"]


@pytest.mark.parametrize(("slug", "given", "said"), [
    ("evade", {"model": "Squadron", "test_rating": "Thrusters"},
     "Skill Test rolls: a Squadron's card has no Thrusters: pick Skill or Fuel"),
    ("evade", {"test_rating": "Fuel"}, "Skill Test rolls: a Capital Ship's card has no Fuel: pick Skill or Thrusters"),
    ("withdraw", {"model": "Squadron", "test_rating": "Thrusters"}, "Skill Test rolls: a Squadron's card has no Thrusters: pick Skill"),
])
def test_a_rating_the_chosen_kinds_card_lacks_is_refused_by_name(slug: str, given: dict, said: str) -> None:
    """Assert a Skill Test of a rating the chosen kind's card does not hold is refused naming the field and the
    ratings it may roll, never a default standing in."""
    with pytest.raises(InputError) as caught:
        resolve(V + slug, {**given, "seed": 1})
    assert str(caught.value) == said and caught.value.field == "test_rating"


def test_evade_refused_to_sluggish() -> None:
    out = resolve(V + "evade", {"sluggish": True})
    assert [c["ok"] for c in out["checks"]] == [True, False]


def test_evade_player_picks_the_rating() -> None:
    """Assert "Skill/Thrusters/Fuel" rolls the chosen rating of the chosen kind's card: a Squadron's Fuel 4 rolls 4
    dice, a Capital Ship's Thrusters 2 rolls 2."""
    squadron = {"model": "Squadron", "test_rating": "Fuel", "squadron": {"fuel": 4}}
    assert describe(V + "evade", squadron)["dice_needed"]["roll.dice"] == 4
    assert describe(V + "evade", {"test_rating": "Thrusters", "ship": {"thrusters": 2}})["dice_needed"]["roll.dice"] == 2
    out = resolve(V + "evade", {**squadron, "roll": {"dice": [1, 2, 3, 4]}})
    assert out["outcome"]["row"] == "[N]" and "Fire Control: 1" in out["outcome"]["headline"]


def test_vector_attack_rows_match_the_engine() -> None:
    """Assert the [N]/[D]/[T+] rows equal the dice engine's magnitude odds for Sensors 4."""
    mags = magnitude_odds(Pool(4))
    rows = {r["label"].split(":")[0]: Fraction(r["p"])
            for r in odds(V + "vector-attack", {"test_rating": "Sensors", "ship": {"sensors": 4}})["charts"][0]["rows"]}
    assert rows == {"[N]": mags[0], "[D]": mags[2], "[T+]": mags[3] + mags[4]}


def test_a_squadron_declares_vector_attack_from_its_own_card() -> None:
    """Assert a Squadron (a Generic Special Action's other kind) meets "Sensors: 1+" with its card's Sensors, is refused
    at 0 naming them, and its "Skill/Sensors" test rolls the Sensors of its card, not a Capital Ship's."""
    squadron = {"model": "Squadron", "ship": {"sensors": 0}}
    refused = resolve(V + "vector-attack", {**squadron, "squadron": {"sensors": 0}})
    assert refused["outcome"]["allowed"] is False
    assert any(not c["ok"] and "Squadron" in c["detail"] for c in refused["checks"]), refused["checks"]
    asked = {**squadron, "squadron": {"sensors": 3, "skill": 1}, "test_rating": "Sensors"}
    assert describe(V + "vector-attack", asked)["dice_needed"]["roll.dice"] == 3
    out = resolve(V + "vector-attack", {**asked, "roll": {"dice": [2, 2, 6]}})
    assert out["outcome"]["allowed"] is not False and out["outcome"]["row"] == "[D]"


GAPS = {"damage-control": "v121-repair", "ramming-speed": "v121-ramming", "boarding-party": "v121-boarding"}


@pytest.mark.parametrize("slug", sorted(GAPS))
def test_a_section_the_texts_do_not_hold_is_shown_as_a_gap(slug: str) -> None:
    """Assert the gap note shows (How the dice work §10) and nothing is read from a section the texts lack."""
    gap = GAPS_LEDGER[GAPS[slug]].text
    out = resolve(V + slug, {"seed": 1} if describe(V + slug)["has_odds"] else {})
    assert out["outcome"]["gap"] == gap and gap in out["steps"]
    assert "row" not in out["outcome"]


def test_damage_control_shows_no_v124_repair_table() -> None:
    """Assert v1.2.1 Damage Control reads the Skill Test and fills nothing from the v1.2.4 Repair table."""
    out = resolve(V + "damage-control", {"ship": {"skill": 3}, "roll": {"dice": [5, 5, 5]}})
    assert out["outcome"]["reading"] == "[T5]"
    said = str(out) + str(odds(V + "damage-control", {}))
    for v124 in ("Auto", "4+", "Weapon Damage", "System Trait", "Rating Damage", "Spinal"):
        assert v124 not in said


def test_ramming_speed_invents_no_failure() -> None:
    """Assert "[N]: fails: no ram" is gone: the v1.2.1 text names no Skill Test result for Ramming Speed."""
    for dice in ([1, 2, 3], [4, 4, 1]):
        out = resolve(V + "ramming-speed", {"roll": {"dice": dice}})
        said = str(out) + str(odds(V + "ramming-speed", {}))
        assert "no ram" not in said and "fails" not in said and "selects the row" not in said
    assert "v121-skill-pass" not in READINGS


@pytest.mark.parametrize("slug", sorted(FAILING))
def test_v121_readings_are_the_ones_used(slug: str) -> None:
    """Assert a result table cites the row-by-best Reading, and no v1.2.1 Skill Test cites a flex Reading."""
    keys = [r["key"] for r in describe(V + slug)["interpretations"]]
    action = next(a for a in ACTIONS if a.slug == slug)
    assert ("jw-table-row-by-best" in keys) == bool(action.roll and action.roll.table)
    assert "flex-keeps-best" not in keys
    rolls = [spec for spec in describe(V + slug)["inputs"] if spec["kind"] == "roll"]
    assert all([part["name"] for part in roll["parts"]] == ["dice"] for roll in rolls)


def test_v121_texts_carry_no_v124_terms() -> None:
    """Assert no v1.2.1 resolver says "Withdrawn", "Repair table" or "rounded down" (v1.2.4 words or invented)."""
    for slug in FAILING:
        said = str(resolve(V + slug, {"seed": 2})) if describe(V + slug)["has_odds"] else str(resolve(V + slug, {}))
        for word in ("Withdrawn", "Repair table", "rounded down", "Purge Airlocks", "Evading", "Hard Burn"):
            assert word not in said, (slug, word)


def test_no_dice_action_has_no_odds() -> None:
    assert describe(V + "launch")["has_odds"] is False


@pytest.mark.parametrize("slug, given, field", [
    ("evade", {"test_rating": "Sensors"}, "test_rating"),
    ("lock-on", {"fire_control": 13}, "fire_control"),
    ("withdraw", {"roll": {"dice": [1, 2]}}, "roll.dice"),
])
def test_bad_inputs_name_the_field(slug: str, given: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        resolve(V + slug, given)
    assert caught.value.field == field


@pytest.mark.parametrize("given, ok", [
    ({"ship": {"structure": 1}, "damage": 0}, True), ({"ship": {"structure": 0}, "damage": 1}, True),
    ({"ship": {"structure": 0}, "damage": 0}, False),
    ({"model": "Squadron", "squadron": {"structure": 1}, "ship": {"structure": 0}, "damage": 0}, True),
    ({"model": "Squadron", "squadron": {"structure": 0}, "ship": {"structure": 5}, "damage": 0}, False)])
def test_ramming_speed_reads_the_chosen_kinds_structure_from_its_card(given: dict, ok: bool) -> None:
    """Assert "Structure: 1+ or Damage: 1+" reads the chosen kind's own card's Structure (a fleet pick fills it), the
    Damage rating (on no fleet card) its own input, and the Skill Test rolls that card's Skill."""
    assert resolve(V + "ramming-speed", {**given, "seed": 1})["checks"][0]["ok"] is ok
    assert describe(V + "ramming-speed", {"model": "Squadron", "squadron": {"skill": 5}})["dice_needed"]["roll.dice"] == 5
