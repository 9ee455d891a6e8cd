"""v1.2.4 Damage resolvers: MECHANICS §8 examples, odds against brute force, bad inputs."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules_core import describe, odds, resolve
from rules_core.opposed import opposed_final
from rules_core.pools import Pool
from rules_core.dice import counts_of, read, steps
from rules_core.errors import InputError
from rules_core.resolvers.jovian_wars.damage_v124 import capital_outcomes, squadron_loss_odds
from rules_core.resolvers.jovian_wars.damage_v124_catastrophe import catastrophic_odds, explosion_pool
from rules_core.resolvers.jovian_wars.damage_v124_common import Ship, apply_reading, reading_outcomes

try:  # a package under pytest, a plain folder inside Pyodide
    from . import brute_squadron
    from .brute import brute_odds
except ImportError:
    import brute_squadron  # type: ignore[no-redef]
    from brute import brute_odds  # type: ignore[no-redef]
from rules_core.resolvers.jovian_wars.damage_v124_hits import structure_after

V = "jovian-wars/v1.2.4/"


def p(text: str) -> Fraction:
    return Fraction(text)


def rows(chart: dict) -> dict[str, Fraction]:
    return {row["label"]: Fraction(row["p"]) for row in chart["rows"]}


# ---------------------------------------------------------------- MECHANICS §8 examples


def test_example_uller_missiles_d2_t3_cost_pathfinders_3_structure() -> None:
    """Assert a squadron hit by [D2,T3] loses 3 Structure (Damage text, Squadron Damage example)."""
    out = resolve(V + "squadron-damage", {"base": 5, "structure": 4, "dice": [2, 2, 3, 3, 3], "macro_dice": []})
    assert out["outcome"]["structure_lost"] == 3
    assert out["outcome"]["structure"] == 1 and not out["outcome"]["destroyed"]


def test_example_mass_driver_ac2_rolls_2_2_one_damage_to_defense() -> None:
    """Assert AC:2 rolling 2,2 reads [D2] and marks one Defense box (Damage text, Capital Ship example)."""
    out = resolve(V + "capital-ship-damage", {"base": 2, "dice": [2, 2], "macro_dice": [], "defense": 4})
    assert out["outcome"]["boxes"]["Defense"] == 3
    assert out["outcome"]["structure_lost"] == 0 and out["outcome"]["critical_hits"] == 0


@pytest.mark.parametrize("die, hit", [(1, "Defense"), (3, "Defense"), (4, "Sensors"), (6, "Sensors")])
def test_example_tengu_d5_d6_second_hit_randomised(die: int, hit: str) -> None:
    """Assert the Tengu (Defense 4, Sensors 3, Thrusters 1) hit by [D5,D6]: Thrusters → 0, then Defense or Sensors."""
    out = resolve(V + "capital-ship-damage", {"base": 4, "dice": [5, 5, 6, 6], "macro_dice": [], "defense": 4,
                                              "sensors": 3, "thrusters": 1, "random_dice": [die]})
    boxes = out["outcome"]["boxes"]
    assert boxes["Thrusters"] == 0
    assert boxes[hit] == {"Defense": 3, "Sensors": 2}[hit]
    assert boxes["Marines"] == 2


def test_example_tengu_exact_split_is_half_half() -> None:
    """Assert the randomised second hit goes to Defense or Sensors with 1/2 each, never Marines."""
    start = Ship((4, 3, 1, 2), 4)
    states = reading_outcomes(start, ((2, 5), (2, 6)), to_marines=False)
    assert states == {Ship((3, 3, 0, 2), 4): Fraction(1, 2), Ship((4, 2, 0, 2), 4): Fraction(1, 2)}


def test_example_uller_catastrophic_5_plus_2_is_dead() -> None:
    """Assert the crippled Uller with Defense and Thrusters at 0 rolling 5: 5 + 2 = 7, Dead."""
    out = resolve(V + "catastrophic-damage-table", {"systems": 2, "die": [5]})
    assert out["outcome"]["result"] == "Dead" and out["outcome"]["total"] == 7


# ---------------------------------------------------------------- capital ship order and effects


def test_results_resolve_lowest_magnitude_then_lowest_value() -> None:
    """Assert [T1] is resolved after [D3] and [D5]: the Ratings fall before the Structure."""
    ship, texts = apply_reading(Ship((1, 1, 1, 0), 1), ((3, 1), (2, 3), (2, 5)), to_marines=False)
    assert texts[0].startswith("[D3]") and texts[1].startswith("[D5]") and texts[2].startswith("[T1]")
    assert ship.boxes == (1, 0, 0, 0) and ship.structure == 0 and ship.crits == 1 and ship.catastrophic_rolls == 1


def test_quad_is_two_structure_and_two_crits() -> None:
    ship, _ = apply_reading(Ship((2, 2, 2, 2), 5), ((4, 6),), to_marines=False)
    assert (ship.structure, ship.crits, ship.boxes) == (3, 2, (2, 2, 2, 2))


def test_no_ratings_left_hits_structure() -> None:
    ship, texts = apply_reading(Ship((0, 0, 0, 3), 2), ((2, 1),), to_marines=False)
    # Marines still hold 3 boxes: the step must not say "no Rating remains" while one remains.
    assert ship.structure == 1 and ship.boxes[3] == 3 and "no Rating remains" not in texts[0]
    assert "(Marines only by the attacker's choice)" in texts[0]
    empty, said = apply_reading(Ship((0, 0, 0, 0), 2), ((2, 1),), to_marines=False)
    assert empty.structure == 1 and "no Rating remains" in said[0]


def test_marines_by_choice() -> None:
    out = resolve(V + "capital-ship-damage", {"base": 2, "dice": [6, 6], "macro_dice": [], "d_results": "Marines"})
    assert out["outcome"]["boxes"]["Marines"] == 1 and out["outcome"]["boxes"]["Thrusters"] == 2


def test_capital_outcomes_sum_to_one_and_match_brute_force() -> None:
    """Assert the exact end states over 3 base dice equal a brute force over all 216 rolls."""
    values = {"base": 3, "flex": 0, "macro": 0, "modifier": 0, "defense": 1, "sensors": 0, "thrusters": 1,
              "marines": 1, "structure": 1, "d_results": "by Value"}
    exact = capital_outcomes(values)
    assert sum(exact.values()) == 1
    brute: dict[Ship, Fraction] = {}
    for roll in itertools.product(range(1, 7), repeat=3):
        for ship, q in reading_outcomes(Ship((1, 0, 1, 1), 1), read(counts_of(roll)), False).items():
            brute[ship] = brute.get(ship, Fraction(0)) + q / 216
    assert exact == brute


# ---------------------------------------------------------------- squadron odds


@pytest.mark.parametrize("base", [1, 2, 3, 4])
def test_squadron_loss_odds_brute_force(base: int) -> None:
    """Assert Structure lost over every roll of `base` dice equals the resolver's distribution."""
    brute: dict[int, Fraction] = {}
    for roll in itertools.product(range(1, 7), repeat=base):
        lost = steps(read(counts_of(roll)))
        brute[lost] = brute.get(lost, Fraction(0)) + Fraction(1, 6**base)
    assert dict(squadron_loss_odds({"base": base, "flex": 0, "macro": 0, "modifier": 0, "point_defense": 0}).items()) == brute


@pytest.mark.parametrize(("base", "point_defense"), [(1, 1), (2, 1), (3, 2), (2, 3), (4, 1)])
def test_squadron_damage_with_point_defense_matches_brute_force(base: int, point_defense: int) -> None:
    """Assert the opposed Structure lost equals every ordered roll of both pools with the defender's best placement."""
    answer = odds(V + "squadron-damage", {"base": base, "point_defense": point_defense, "structure": 2})
    lost = {int(row["label"].split()[0]): Fraction(row["p"]) for row in answer["charts"][0]["rows"]}
    expected = brute_squadron.loss_odds(base, point_defense)
    assert lost == expected
    assert rows(answer["charts"][1])["Destroyed"] == sum((q for n, q in expected.items() if n >= 2), Fraction(0))


@pytest.mark.parametrize("attack", [lv for n in range(1, 4) for lv in itertools.combinations_with_replacement((2, 3, 4), n)])
@pytest.mark.parametrize("opposing", [(2,), (3,), (2, 2), (2, 3), (3, 3), (2, 2, 2)])
def test_the_automatic_secondary_leaves_the_least_structure_lost(attack: tuple[int, ...], opposing: tuple[int, ...]) -> None:
    """Assert the engine's automatic choice (Reading `secondary-chooses`) costs the Squadron no more Structure than
    the best of every placement of the diminishes: for Squadron Damage the steps left are the Structure lost."""
    primary = tuple((level, value) for value, level in enumerate(attack, start=1))
    secondary = tuple((level, value) for value, level in enumerate(opposing, start=1))
    final, _ = opposed_final(primary, secondary)
    assert steps(final) == brute_squadron.least_damage(tuple(sorted(attack)), tuple(sorted(opposing)), False)


def test_point_defense_resolves_from_typed_dice() -> None:
    """Assert [D2,T3] (dice 2,2,3,3,3) against Point Defense 5,5 = [D5]: one diminish, [D2,D3], 2 Structure of 4 lost."""
    out = resolve(V + "squadron-damage", {"base": 5, "structure": 4, "dice": [2, 2, 3, 3, 3], "macro_dice": [],
                                          "point_defense": 2, "pd_dice": [5, 5]})
    assert out["outcome"]["structure_lost"] == 2 and out["outcome"]["structure"] == 2
    assert "Point Defense [D5] diminishes the attack's results 1×: [D2,T3] → [D2,D3]." in out["steps"]
    assert out["outcome"]["headline"] == "[D2,D3]: -2 Structure, Structure 2 left"


def test_pathfinders_fail_to_reduce_the_uller_with_point_defense() -> None:
    """Assert the Damage example with a failed Point Defense roll (1,4 = [N]): [D2,T3] still costs 3 Structure."""
    out = resolve(V + "squadron-damage", {"base": 5, "structure": 4, "dice": [2, 2, 3, 3, 3], "macro_dice": [],
                                          "point_defense": 2, "pd_dice": [1, 4]})
    assert out["outcome"]["structure_lost"] == 3 and out["outcome"]["structure"] == 1
    assert describe(V + "squadron-damage", {"point_defense": 2})["dice_needed"]["pd_dice"] == 2


def test_squadron_destroyed_odds() -> None:
    """Assert 2 dice destroy a Structure 1 squadron exactly on a Double: 1/6."""
    out = odds(V + "squadron-damage", {"base": 2, "structure": 1})
    assert p(out["destroyed"]) == Fraction(1, 6)


# ---------------------------------------------------------------- single hits and tables


@pytest.mark.parametrize("structure, damage, left, rolls", [(3, 1, 2, 0), (2, 2, 0, 1), (1, 3, 0, 3), (0, 1, 0, 1), (4, 0, 4, 0)])
def test_structure_after(structure: int, damage: int, left: int, rolls: int) -> None:
    assert structure_after(structure, damage) == (left, rolls)


def test_weapon_damage_odds_and_die() -> None:
    assert rows(odds(V + "weapon-damage", {})["charts"][0])["weapon damaged"] == Fraction(1, 3)
    assert rows(odds(V + "weapon-damage", {"spinal": True})["charts"][0])["weapon damaged"] == Fraction(1, 6)
    assert resolve(V + "weapon-damage", {"spinal": True, "die": [5]})["outcome"]["damaged"] is False
    assert resolve(V + "weapon-damage", {"die": [5]})["outcome"]["damaged"] is True


def test_critical_hit_no_option_means_structure() -> None:
    out = resolve(V + "critical-hit", {"defense": 0, "sensors": 0, "thrusters": 0, "marines": 0, "system_traits": 0, "weapons": 0})
    assert out["outcome"]["structure_damage"] == 1 and not any(c["ok"] for c in out["checks"])


def test_critical_hit_rating_option_refused_when_all_zero() -> None:
    out = resolve(V + "critical-hit", {"option": "Rating Damage", "defense": 0, "sensors": 0, "thrusters": 0, "marines": 0})
    assert out["checks"][0]["ok"] is False and "cannot be chosen" in out["outcome"]["headline"]


@pytest.mark.parametrize("systems, expected", [
    (0, {"No Effect": Fraction(5, 6), "Dead": Fraction(1, 6), "Explode": Fraction(0)}),
    (2, {"No Effect": Fraction(1, 2), "Dead": Fraction(1, 3), "Explode": Fraction(1, 6)}),
    (7, {"No Effect": Fraction(0), "Dead": Fraction(0), "Explode": Fraction(1)}),
])
def test_catastrophic_odds(systems: int, expected: dict[str, Fraction]) -> None:
    assert catastrophic_odds(systems) == expected


def test_explosion_pool_by_range_and_armor() -> None:
    near = explosion_pool({"structure": 4, "range": "within 3\"", "armor": 1, "modifier": 0})
    far = explosion_pool({"structure": 4, "range": "over 3\" (up to 6\")", "armor": 1, "modifier": 0})
    assert (near.base, near.macro) == (4, 1) and (far.base, far.macro) == (4, -1)


def test_explosion_odds_sum_to_one() -> None:
    out = odds(V + "explosion", {"target": "Squadron"})
    assert sum(rows(out["charts"][0]).values()) == 1


# ---------------------------------------------------------------- bad inputs


@pytest.mark.parametrize("rid, given, field", [
    ("squadron-damage", {"structure": 0}, "structure"),
    ("capital-ship-damage", {"defense": -1}, "defense"),
    ("capital-ship-damage", {"d_results": "Hull"}, "d_results"),
    ("rating-damage", {"value": 7}, "value"),
    ("catastrophic-damage-table", {"die": [7]}, "die"),
    ("squadron-damage", {"base": 2, "dice": [1, 2, 3], "macro_dice": []}, "dice"),
])
def test_bad_inputs_name_the_field(rid: str, given: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        resolve(V + rid, given)
    assert caught.value.field == field


def test_system_trait_repair_chart_is_the_repair_table_row() -> None:
    """Assert System Trait Damage's repair chart is MECHANICS §6a's row ([N] —, [D] 4+, [T] Auto, [Q+] 2× Auto),
    the same numbers Damage Control gives for that row."""
    for skill in (1, 3, 5):
        trait = odds(V + "system-trait-damage", {"skill": skill})["charts"]
        control = odds(V + "damage-control", {"skill": skill, "row": "System Trait Damage"})["charts"]
        assert trait == control
        cells = [row["label"] for row in trait[0]["rows"]]
        assert cells == ["[N]: —", "[D]: 4+", "[T]: Auto", "[Q+]: 2× Auto"]
        # Items repaired, by brute force over the Skill Test's best result and the 4+ die.
        mags = {level: Fraction(0) for level in (0, 2, 3, 4)}
        for reading, p in brute_odds(Pool(skill)).items():
            mags[max((size for size, _ in reading), default=0)] += p
        assert [Fraction(r["p"]) for r in trait[0]["rows"]] == [mags[level] for level in (0, 2, 3, 4)]
        expected = {0: mags[0] + mags[2] / 2, 1: mags[2] / 2 + mags[3], 2: mags[4]}
        assert {int(r["label"]): Fraction(r["p"]) for r in trait[1]["rows"]} == {k: v for k, v in expected.items()}
