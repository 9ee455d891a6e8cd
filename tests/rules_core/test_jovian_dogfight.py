"""v1.2.4 Dogfight: pools, initiative, the step-7 Missiles, exact odds against brute force, one case by hand."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from rules_core import odds, resolve
from rules_core.dice.read import counts_of, read
from rules_core.errors import InputError
from rules_core.dice.opposed import opposed_final, secondary_effect
from rules_core.dice.pools import Pool
from rules_core.jovian_wars.damage.common import squadron_damage_dist
from rules_core.jovian_wars.dogfight.resolver import squadron
from rules_core.jovian_wars.dogfight.initiative import order
from rules_core.jovian_wars.dogfight.chain import (
    FATES, Squadron, dogfight_dist, fate, least_missile_loss, levels_of, missile_choice, missile_damage_dist, missile_loss,
)

try:  # a package under pytest, a plain folder inside Pyodide
    from . import brute_squadron as brute
except ImportError:
    import brute_squadron as brute  # type: ignore[no-redef]
from tests.rules_core.conftest import chart

ID = "jovian-wars/v1.2.4/dogfight"


FIGHT = ("bid", "attack", "modifier", "missile_modifier")
"""The Dogfight's own choices (its inputs "a_bid"...); every other number is the Squadron's card."""


def sides(**overrides: dict) -> dict:
    """Both Squadrons' cards and the Dogfight's choices; a "missile": True declares one (and puts it on the card)."""
    base = {"as_rating": 1, "skill": 2, "fuel": 2, "bid": 1, "attack": 2, "evasive": False, "macro": 0, "structure": 1,
            "missile": False}
    out: dict = {}
    for name, weapon in (("a", "Particle Cannon"), ("b", "Mass Driver")):
        given = {**base, "weapon": weapon, **overrides.get(name, {})}
        out[name] = {key: value for key, value in given.items() if key not in FIGHT}
        out.update({f"{name}_{key}": given[key] for key in FIGHT if key in given})
        out[f"{name}_missile"] = given["missile"]
    return out


def checked(values: dict) -> dict:
    from rules_core import REGISTRY
    return REGISTRY[ID].check(values)


# ---------------------------------------------------------------- pools and order


def test_pool_is_as_plus_skill_plus_bid_and_evasive_adds_defense() -> None:
    """Assert AS 1 + Skill 2 + bid 1 = 4 dice: Attack 2, Defense 2 (+1 with Evasive)."""
    values = checked(sides(b={"evasive": True}))
    assert (squadron(values, "a").attack, squadron(values, "a").defense) == (Pool(2), Pool(2))
    assert (squadron(values, "b").attack, squadron(values, "b").defense) == (Pool(2), Pool(3))


def test_attack_modifiers_are_converted_by_the_v124_table() -> None:
    """Assert a net +3 on the Attack is +1 base, +1 flex, +1 macro, before the weapon Macro; -2 on the Missile is macro -2."""
    values = checked(sides(a={"modifier": 3, "macro": 1, "missile": True, "missile_as": 3, "missile_modifier": -2}))
    found = squadron(values, "a")
    assert found.attack == Pool(3, 1, 2) and found.missile == Pool(3, 0, -2)


def test_attack_larger_than_pool_names_the_field() -> None:
    with pytest.raises(InputError) as caught:
        resolve(ID, sides(a={"attack": 5}))
    assert caught.value.field == "a_attack"


def test_a_macro_past_the_cap_names_the_modifier() -> None:
    with pytest.raises(InputError) as caught:
        odds(ID, sides(a={"macro": 10, "modifier": 5}))
    assert caught.value.field == "a_modifier" and "macro" in str(caught.value)


def test_bid_over_fuel_fails_the_check() -> None:
    out = resolve(ID, sides(a={"bid": 3, "fuel": 2}))
    assert out["checks"][0]["ok"] is False


@pytest.mark.parametrize("a, b, first", [("Beam Projector", "Mass Driver", "a"), ("Mass Driver", "Particle Cannon", "b"),
                                         ("Lance", "Beam Projector", "simultaneous"), ("Kinetic Cannon", "Kinetic Cannon", "simultaneous")])
def test_weapon_initiative_order(a: str, b: str, first: str) -> None:
    assert order(a, b) == first


def test_weapon_initiative_missile_last() -> None:
    out = resolve("jovian-wars/v1.2.4/weapon-initiative", {"weapon_a": "Missile", "weapon_b": "Lance"})
    assert out["outcome"]["headline"].startswith("Lance first")


# ---------------------------------------------------------------- exact odds against brute force


@pytest.mark.parametrize(("attack", "defense"), [(1, 1), (2, 2), (3, 1), (2, 3)])
def test_attack_loss_matches_brute_force(attack: int, defense: int) -> None:
    """Assert step 6's Structure lost equals every ordered roll with every placement of the diminishes."""
    assert dict(squadron_damage_dist(Pool(attack), Pool(defense)).items()) == brute.loss_odds(attack, defense)


@pytest.mark.parametrize(("missile", "defense"), [(2, 1), (3, 2), (2, 3), (4, 1)])
def test_missile_loss_matches_brute_force(missile: int, defense: int) -> None:
    """Assert step 7's Structure lost (Escalated, the defender's best placement) equals the brute force."""
    assert dict(missile_damage_dist(Pool(missile), Pool(defense)).items()) == brute.loss_odds(missile, defense, True)


BRUTE_A = {"attack": 2, "defense": 2, "missile": 2, "structure": 2}
"""A: AS 1 + Skill 2 + bid 1 = 4 dice, Attack 2, Defense 2; declares a Missile of AS 2."""
BRUTE_B = {"attack": 2, "defense": 1, "missile": 3, "structure": 2}
"""B: AS 1 + Skill 1 + bid 1 = 3 dice, Attack 2, Defense 1; declares a Missile of AS 3."""


@pytest.mark.parametrize(("weapon_a", "weapon_b", "first"), [("Beam Projector", "Mass Driver", "a"),
                                                             ("Mass Driver", "Beam Projector", "b"),
                                                             ("Lance", "Mass Driver", "simultaneous")])
def test_a_dogfight_with_a_missile_on_each_side_matches_brute_force(weapon_a: str, weapon_b: str, first: str) -> None:
    """Assert the resolver's odds (both Squadrons' Structure left and the four ends) equal the brute force's."""
    values = sides(a={"weapon": weapon_a, "as_rating": 1, "skill": 2, "bid": 1, "fuel": 2, "attack": 2, "structure": 2,
                      "missile": True, "missile_as": 2},
                   b={"weapon": weapon_b, "as_rating": 1, "skill": 1, "bid": 1, "fuel": 2, "attack": 2, "structure": 2,
                      "missile": True, "missile_as": 3})
    expected = brute.dogfight(BRUTE_A, BRUTE_B, first)
    assert sum(expected.values()) == 1
    answer = odds(ID, values)
    for index, name in enumerate("AB"):
        left: dict[str, Fraction] = {}
        for pair, p in expected.items():
            label = f"Structure {pair[index]}" if pair[index] else "Destroyed"
            left[label] = left.get(label, Fraction(0)) + p
        assert {k: v for k, v in chart(answer, f"Squadron {name}: Structure left").items() if v} == left
    ends: dict[str, Fraction] = {}
    for pair, p in expected.items():
        ends[fate(pair)] = ends.get(fate(pair), Fraction(0)) + p
    assert {k: v for k, v in chart(answer, "Dogfight (steps 6 and 7)").items() if v} == ends
    assert FATES[0] == "Both survive" and fate((0, 0)) == "Both destroyed" and fate((2, 0)) == "Only Squadron A survives"


def test_the_missiles_change_the_odds_and_without_them_step6_stands() -> None:
    """Assert with no Missile declared the end is step 6's, and a declared Missile makes B's destruction likelier."""
    a = Squadron(Pool(2), Pool(2), None, 2)
    b = Squadron(Pool(2), Pool(1), None, 2)
    without = dogfight_dist(a, b, "a")
    with_missile = dogfight_dist(Squadron(Pool(2), Pool(2), Pool(3), 2), b, "a")
    assert without == dict_to_dist(brute.dogfight({**BRUTE_A, "missile": 0}, {**BRUTE_B, "missile": 0}, "a"))
    assert with_missile.p(lambda left: left[1] == 0) > without.p(lambda left: left[1] == 0)


def dict_to_dist(chances: dict) -> object:
    from rules_core.dice.dist import Dist
    return Dist.from_fractions(chances)


# ---------------------------------------------------------------- the defender's choice against a Missile


def test_the_defender_diminishes_what_costs_most_after_the_escalation() -> None:
    """Assert against [Q1,D2] with one diminish the defender removes the [D2] (Escalated: [Q1], 3 Structure), not
    the roll order's [T1,D2] (Escalated [Q1,T2], 5 Structure)."""
    primary = read(counts_of((1, 1, 1, 1, 2, 2)))
    assert missile_choice(primary, 1) == (2,)
    assert least_missile_loss(levels_of(primary), 1) == 3


@pytest.mark.parametrize("levels", [lv for n in range(1, 4) for lv in itertools.combinations_with_replacement((2, 3, 4), n)])
@pytest.mark.parametrize("effect", [0, 1, 2, 3, 4, 5])
def test_the_least_missile_loss_is_the_best_placement(levels: tuple[int, ...], effect: int) -> None:
    """Assert the counted least loss and the concrete choice both equal the least over every placement."""
    primary = tuple((level, value) for value, level in enumerate(levels, start=1))
    best = min(brute.damage(left, True) for left in brute.placements(tuple(sorted(levels)), effect))
    assert least_missile_loss(levels_of(primary), effect) == best
    from rules_core.dice.opposed import apply_choice
    assert missile_loss(apply_choice(primary, missile_choice(primary, effect))) == best


# ---------------------------------------------------------------- one case by hand

ROLLS = tuple(f"{side}_{roll}" for side in "ab" for roll in ("att", "def", "msl", "mdef"))
"""The Dogfight's roll inputs: each side's Attack and Missile, and the other's Defense against each."""
HAND_WORKED = {**sides(a={"skill": 3, "bid": 1, "as_rating": 2, "attack": 3, "structure": 2, "missile": True, "missile_as": 3},
            b={"skill": 3, "bid": 1, "as_rating": 2, "attack": 3, "structure": 2}), "a_att": {"dice": [2, 2, 5], "macro_dice": []}, "b_def": {"dice": [1, 3, 4]}, "b_att": {"dice": [6, 6, 6], "macro_dice": []}, "a_def": {"dice": [4, 4, 1]}, "a_msl": {"dice": [3, 3, 3], "macro_dice": []}, "b_mdef": {"dice": [5, 5, 2]}}
"""Particle Cannon (A, initiative 2) against Mass Driver (B, 4), 6 dice each split 3/3, Structure 2 each.
A's Attack 2,2,5 = [D2] against B's Defense 1,3,4 = [N]: B 2 → 1. B's Attack 6,6,6 = [T6] against A's
Defense 4,4,1 = [D4]: one diminish, [D6], A 2 → 1. A's Missile (AS 3) 3,3,3 = [T3] against B's Defense
rolled again 5,5,2 = [D5]: one diminish, [D3], Escalated [T3]: 2 Structure, B 1 → 0. A 1, B Destroyed."""


def test_a_hand_worked_dogfight_resolves_from_typed_dice() -> None:
    out = resolve(ID, HAND_WORKED)
    assert out["outcome"]["structure"] == {"A": 1, "B": 0} and out["outcome"]["destroyed"] == ["B"]
    assert out["outcome"]["headline"] == "A Structure 1, B Structure 0 (Destroyed)"
    text = "\n".join(out["steps"])
    for said in ("A's [D2] hits B as Squadron Damage: -1 Structure.", "[T6] → [D6]", "B's [D6] hits A as Squadron Damage: -1 Structure.",
                 "[T3] → [D3]", "Escalate the Missile attack results: [D3] → [T3].", "A's Missile hits B as Squadron Damage: -2 Structure.",
                 "Only Squadron A survives"):
        assert said in text


def test_a_missile_fires_from_a_squadron_destroyed_in_step_6() -> None:
    """Assert B, destroyed by A's earlier weapon, does not attack but its declared Missile still hits A."""
    values = {**sides(b={"missile": True, "missile_as": 2}), "a_att": {"dice": [1, 1], "macro_dice": []}, "b_def": {"dice": [2, 3]}, "b_msl": {"dice": [4, 4], "macro_dice": []}, "a_mdef": {"dice": [5, 6]}}
    out = resolve(ID, values)
    assert any("does not attack" in s for s in out["steps"])
    assert "Squadron B was destroyed: its declared Missile attack is still resolved." in out["steps"]
    assert out["outcome"]["destroyed"] == ["A", "B"]  # [D4] Escalated [T4]: 2 Structure on A's 1


def test_simultaneous_both_destroyed() -> None:
    values = {**sides(a={"weapon": "Lance"}), "a_att": {"dice": [1, 1], "macro_dice": []}, "b_def": {"dice": [2, 3]}, "b_att": {"dice": [4, 4], "macro_dice": []}, "a_def": {"dice": [5, 6]}}
    assert resolve(ID, values)["outcome"]["destroyed"] == ["A", "B"]


def test_step_6_has_its_keypads_and_step_7_is_asked_in_turn() -> None:
    """Assert dice_needed counts step 6's rolls (both Attacks, both Defenses); the Missile and its Defense are keypads
    asked in turn, once step 6 is known (a Missile at a destroyed Squadron is never asked: Reading missile-target-gone)."""
    from rules_core import describe
    declaration = describe(ID, sides(a={"missile": True, "missile_as": 3}))
    needed = declaration["dice_needed"]
    assert needed["a_att.dice"] == 2 and needed["b_def.dice"] == 2 and needed["b_att.dice"] == 2
    assert not any(key.startswith(("a_msl", "b_msl", "a_mdef", "b_mdef")) for key in needed)
    assert {"a_msl.dice", "b_mdef.dice", "b_msl.dice", "a_mdef.dice"} <= set(declaration["in_turn"])


STEP_6_A_DESTROYS_B = {"a_att": {"dice": [4, 4], "macro_dice": []}, "b_def": {"dice": [1, 2]},
                       "b_att": {"dice": [1, 2], "macro_dice": []}, "a_def": {"dice": [3, 5]}}
"""Step 6 typed: A (Particle Cannon, first) rolls [D4] against no result, 1 Structure off B's 1; B never attacks."""


def test_a_missile_at_a_squadron_destroyed_in_step_6_is_not_rolled_and_no_dice_are_asked() -> None:
    """Assert (Reading missile-target-gone): A's declared Missile at B, destroyed in step 6, asks for no roll, is not
    rolled, and the step says why; the outcome is step 6's."""
    out = resolve(ID, {**sides(a={"missile": True, "missile_as": 3}), **STEP_6_A_DESTROYS_B})
    assert "next_roll" not in out
    assert ("Squadron B was destroyed in step 6: Squadron A's declared Missile has nothing to hit and is not rolled "
            "(its Fire Control was spent in step 1).") in out["steps"]
    assert not any("Missile:" in step or "Missile hits" in step for step in out["steps"])
    assert "a_msl" not in out["roll"] and "b_mdef" not in out["roll"]
    assert out["outcome"]["destroyed"] == ["B"]
    assert "missile-target-gone" in [reading["key"] for reading in out["interpretations"]]


def test_a_missile_at_a_squadron_still_there_is_asked_in_turn() -> None:
    """Assert a Missile whose target survived step 6 is the next roll asked, by what it is in the text."""
    out = resolve(ID, {**sides(a={"missile": True, "missile_as": 3}, b={"structure": 3}), **STEP_6_A_DESTROYS_B})
    assert out["next_roll"]["for"] == "Squadron A's Missile (step 7)"
    assert out["next_roll"]["keypads"] == {"a_msl.dice": 3}
    typed = resolve(ID, {**sides(a={"missile": True, "missile_as": 3}, b={"structure": 3}), **STEP_6_A_DESTROYS_B,
                         "a_msl": {"dice": [6, 6, 1]}})
    assert typed["next_roll"]["for"] == "Squadron B's Defense against the Missile (step 7)"
    assert typed["next_roll"]["keypads"] == {"b_mdef.dice": 2}


def test_the_automatic_attack_matches_the_opposed_engine() -> None:
    """Assert step 6's loss is the steps the engine's automatic Secondary leaves."""
    dist = squadron_damage_dist(Pool(2), Pool(2))
    brute_steps: dict[int, Fraction] = {}
    for att in itertools.product(range(1, 7), repeat=2):
        for dfn in itertools.product(range(1, 7), repeat=2):
            final, _ = opposed_final(read(counts_of(att)), read(counts_of(dfn)))
            lost = sum(level - 1 for level, _ in final)
            brute_steps[lost] = brute_steps.get(lost, Fraction(0)) + Fraction(1, 6**4)
    assert dict(dist.items()) == brute_steps
    assert secondary_effect(read(counts_of((1, 1, 1, 1)))) < 0


# ---------------------------------------------------------------- properties

small = st.integers(0, 4)


@given(small, small, small, st.integers(0, 3), small, small, small, st.integers(0, 3), st.integers(1, 4), st.integers(1, 4),
       st.sampled_from(("a", "b", "simultaneous")))
def test_every_dogfight_distribution_sums_to_one(att_a, def_a, msl_a, mac_a, att_b, def_b, msl_b, mac_b, s_a, s_b, first):
    """Assert the four ends, and each Squadron's Structure left, sum to exactly 1."""
    a = Squadron(Pool(att_a, 0, mac_a), Pool(def_a), Pool(msl_a) if msl_a else None, s_a)
    b = Squadron(Pool(att_b, 0, -mac_b), Pool(def_b), Pool(msl_b, 0, mac_b) if msl_b else None, s_b)
    ends = dogfight_dist(a, b, first)
    assert sum(p for _, p in ends.items()) == 1
    assert sum(p for _, p in ends.map(fate).items()) == 1


@given(st.integers(0, 6), st.integers(-2, 2), st.integers(0, 5))
def test_a_bigger_missile_never_lowers_the_chance_of_two_or_more_structure(missile, macro, defense):
    """Assert one more Missile AS die never lowers P(the defender takes 2+ Structure)."""
    def two_plus(dice: int) -> Fraction:
        return missile_damage_dist(Pool(dice, 0, macro), Pool(defense)).p(lambda lost: lost >= 2)
    assert two_plus(missile + 1) >= two_plus(missile)


@given(st.integers(0, 6), st.integers(0, 2), st.integers(-3, 3), st.integers(0, 6), st.integers(0, 6))
def test_every_squadron_damage_distribution_sums_to_one(base, flex, macro, opposing, missile):
    """Assert Structure lost sums to exactly 1: unopposed, against Point Defense or a Defense pool, and for a Missile."""
    for dist in (squadron_damage_dist(Pool(base, flex, macro)), squadron_damage_dist(Pool(base, flex, macro), Pool(opposing)),
                 missile_damage_dist(Pool(missile, flex, macro), Pool(opposing))):
        assert sum(p for _, p in dist.items()) == 1


def test_a_fuel_bid_above_the_fuel_left_gets_no_odds_and_names_its_squadron():
    """Assert the odds view refuses a bid the resolve view refuses, and the headline names the Squadron (issue 20)."""
    given = {"b": {"fuel": 0}, "b_bid": 2}
    answer = odds("jovian-wars/v1.2.4/dogfight", given)
    assert answer["charts"] == [] and [c["ok"] for c in answer["checks"]] == [True, False]
    assert resolve("jovian-wars/v1.2.4/dogfight", given)["outcome"]["headline"] == "Squadron B bids more Fuel than it has"
    both = resolve("jovian-wars/v1.2.4/dogfight", {"a": {"fuel": 0}, "a_bid": 1, **given})["outcome"]["headline"]
    assert both == "Squadron A and Squadron B bid more Fuel than they have"
