"""v1.2.4 Dogfight resolvers: pools, initiative order, odds against the opposed-roll engine and brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules_core import odds, resolve
from rules_core.dice import counts_of, read, steps
from rules_core.errors import InputError
from rules_core.opposed import opposed_final
from rules_core.pools import Pool
from rules_core.resolvers.jovian_wars.dogfight_v124 import damage_odds, order, pools

ID = "jovian-wars/v1.2.4/dogfight"


def sides(**overrides: dict) -> dict:
    base = {"as_rating": 1, "skill": 2, "fuel": 2, "bid": 1, "attack": 2, "evasive": False, "macro": 0, "structure": 1}
    return {"a": {**base, "weapon": "Particle Cannon", **overrides.get("a", {})},
            "b": {**base, "weapon": "Mass Driver", **overrides.get("b", {})}}


def test_pool_is_as_plus_skill_plus_bid_and_evasive_adds_defense() -> None:
    """Assert AS 1 + Skill 2 + bid 1 = 4 dice: Attack 2, Defense 2 (+1 with Evasive)."""
    values = sides(b={"evasive": True})
    assert pools(values, "a") == (Pool(2), Pool(2))
    assert pools(values, "b") == (Pool(2), Pool(3))


def test_attack_larger_than_pool_names_the_field() -> None:
    with pytest.raises(InputError) as caught:
        resolve(ID, sides(a={"attack": 5}))
    assert caught.value.field == "a.attack"


def test_bid_over_fuel_fails_the_check() -> None:
    out = resolve(ID, sides(a={"bid": 3, "fuel": 2}))
    assert out["checks"][0]["ok"] is False


@pytest.mark.parametrize("a, b, first", [("Beam Projector", "Mass Driver", "a"), ("Mass Driver", "Particle Cannon", "b"),
                                         ("Lance", "Beam Projector", "simultaneous"), ("Kinetic Cannon", "Kinetic Cannon", "simultaneous")])
def test_weapon_initiative_order(a: str, b: str, first: str) -> None:
    assert order(a, b) == first


def test_damage_odds_match_brute_force() -> None:
    """Assert Structure lost equals a brute force over every Attack (2 dice) and Defense (2 dice) roll."""
    brute: dict[int, Fraction] = {}
    for att in itertools.product(range(1, 7), repeat=2):
        for dfn in itertools.product(range(1, 7), repeat=2):
            final, _ = opposed_final(read(counts_of(att)), read(counts_of(dfn)))
            brute[steps(final)] = brute.get(steps(final), Fraction(0)) + Fraction(1, 6**4)
    assert damage_odds(Pool(2), Pool(2)) == brute


def test_first_striker_kills_before_the_reply() -> None:
    """Assert the earlier weapon's damage applies first: B destroyed by A's [D1] does not attack."""
    values = {**sides(), "a_att_dice": [1, 1], "a_att_macro_dice": [], "b_def_dice": [2, 3],
              "b_att_dice": [4, 4], "b_att_macro_dice": [], "a_def_dice": [5, 6]}
    out = resolve(ID, values)
    assert out["outcome"]["destroyed"] == ["B"]
    assert any("does not attack" in s for s in out["steps"])


def test_simultaneous_both_destroyed() -> None:
    values = {**sides(a={"weapon": "Lance"}), "a_att_dice": [1, 1], "a_att_macro_dice": [], "b_def_dice": [2, 3],
              "b_att_dice": [4, 4], "b_att_macro_dice": [], "a_def_dice": [5, 6]}
    assert resolve(ID, values)["outcome"]["destroyed"] == ["A", "B"]


def test_destroyed_odds_with_initiative() -> None:
    """Assert P(B destroyed) = P(A's 2 dice beat B's 2) and A dies only if B survived first."""
    kill = sum((p for lost, p in damage_odds(Pool(2), Pool(2)).items() if lost >= 1), Fraction(0))
    got = {k: Fraction(v) for k, v in odds(ID, sides())["destroyed"].items()}
    assert got["B destroyed"] == kill and got["A destroyed"] == (1 - kill) * kill
    assert got["both destroyed"] == 0 and got["both survive"] == (1 - kill) ** 2


def test_weapon_initiative_missile_last() -> None:
    out = resolve("jovian-wars/v1.2.4/weapon-initiative", {"weapon_a": "Missile", "weapon_b": "Lance"})
    assert out["outcome"]["headline"].startswith("Lance first")
