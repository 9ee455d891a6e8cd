"""v1.2.4 Damage resolvers: How the dice work §8 examples, odds against brute force, bad inputs."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from rules_core import describe, odds, resolve
from rules_core.dice.opposed import opposed_final
from rules_core.dice.pools import Pool
from rules_core.dice.read import counts_of, read, steps
from rules_core.errors import InputError
from rules_core.jovian_wars.damage.tables import squadron_loss_odds
from rules_core.jovian_wars.damage.catastrophe import catastrophic_odds, explosion_pool

try:  # a package under pytest, a plain folder inside Pyodide
    from . import brute_damage, brute_squadron
    from .brute import brute_odds
except ImportError:
    import brute_damage  # type: ignore[no-redef]
    import brute_squadron  # type: ignore[no-redef]
    from brute import brute_odds  # type: ignore[no-redef]
from tests.rules_core.conftest import rows
from tests.rules_core.test_worked_examples import game_example

V = "jovian-wars/v1.2.4/"


def p(text: str) -> Fraction:
    return Fraction(text)


# ---------------------------------------------------------------- variants of the Damage page's examples
# The examples themselves are in fixtures/game-examples.md (test_worked_examples.py).

TENGU = {key: value for key, value in game_example("Damage v1.2.4, Rating Damage example: the Tengu hit by [D5,D6], the second Thrusters hit randomised, die 1")["inputs"].items()
         if key != "random_dice"}
TENGU_SHIP = TENGU["ship"]


@pytest.mark.parametrize("die, hit", [(2, "Defense"), (3, "Sensors"), (5, "Marines")])
def test_tengu_with_marines_randomises_to_marines_too(die: int, hit: str) -> None:
    """Assert with 2 Marines the second hit is randomised among Defense, Sensors and Marines (Reading
    `randomise-rating`): 1-2 / 3-4 / 5-6, each 1/3 in the odds."""
    out = resolve(V + "capital-ship-damage", {**TENGU, "ship": {**TENGU_SHIP, "marines": 2}, "random_dice": [die]})
    assert out["outcome"]["boxes"][hit] == {"Defense": 3, "Sensors": 2, "Marines": 1}[hit]
    marked = odds(V + "rating-damage", {"value": 6, "ship": {"defense": 4, "sensors": 3, "thrusters": 0, "marines": 2}})
    assert rows(marked["charts"][0]) == {f"{name} loses a box": Fraction(1, 3) for name in ("Defense", "Sensors", "Marines")}


def test_the_uller_examples_structure_damage_odds() -> None:
    """Assert the Catastrophic Damage example's Uller (fixtures/game-examples.md), one more Structure hit: in play 1/2,
    Dead 1/3, Explodes 1/6."""
    uller = game_example("Damage v1.2.4, Catastrophic Damage example: the same Uller")["inputs"]["ship"]
    table = odds(V + "structure-damage", {"ship": uller, "damage": 1})
    assert rows(table["charts"][1]) == {"in play": Fraction(1, 2), "Dead (Destroyed)": Fraction(1, 3),
                                        "Explodes (Destroyed)": Fraction(1, 6)}


# ---------------------------------------------------------------- the views against the brute force

SHIPS = [  # values of ship_input(): small ships the brute force walks quickly
    {"defense": 1, "sensors": 0, "thrusters": 1, "marines": 1, "structure": 1, "traits": 0, "weapons": 0},
    {"defense": 2, "sensors": 1, "thrusters": 0, "marines": 1, "structure": 2, "traits": 1, "trait_boxes": 1,
     "weapons": 1, "spinal": 0},
    {"defense": 0, "sensors": 1, "thrusters": 1, "marines": 0, "structure": 1, "traits": 1, "trait_boxes": 0,
     "weapons": 1, "spinal": 1},
    {"defense": 1, "sensors": 0, "thrusters": 0, "marines": 0, "structure": 1, "traits": 2, "trait_boxes": 0,
     "trait2_boxes": 2, "weapons": 0, "spinal": 0},  # System Traits with different boxes left
]
FATE_LABELS = {"": "in play", "Dead": "Dead (Destroyed)", "Explodes": "Explodes (Destroyed)"}


def brute_state(ship: dict) -> tuple[tuple, tuple[int, ...]]:
    """The brute force's (state, start) for a ship input's value: every row counted as having had a box."""
    left = tuple(ship.get(name, d) for name, d in (("defense", 4), ("sensors", 3), ("thrusters", 2), ("marines", 2)))
    left += (ship.get("trait_boxes", 1), ship.get("trait2_boxes", 1))[:ship.get("traits", 1)]
    start = tuple(max(1, n) for n in left)
    return (left, ship.get("structure", 4), ship.get("weapons", 2), ship.get("spinal", 0), ""), start


def brute_ends(ship: dict, todo_of, readings: dict, d_mode: str = brute_damage.BEST) -> dict[tuple, Fraction]:
    """The brute force's end states over every reading of an independent dice enumeration."""
    state, start = brute_state(ship)
    out: dict[tuple, Fraction] = {}
    for reading, q in readings.items():
        for end, p in brute_damage.solve(state, todo_of(reading), start, d_mode).items():
            out[end] = out.get(end, Fraction(0)) + p * q
    return out


def brute_fates(ship: dict, todo_of, readings: dict, d_mode: str = brute_damage.BEST) -> dict[str, Fraction]:
    """Fate chances (and Crippled or not) of `brute_ends`."""
    out: dict[str, Fraction] = {}
    for end, p in brute_ends(ship, todo_of, readings, d_mode).items():
        for key in (FATE_LABELS[end[4]], "Crippled" if end[1] == 0 else "not Crippled"):
            out[key] = out.get(key, Fraction(0)) + p
    return out


def chart_fates(answer: dict, index: int = 0) -> dict[str, Fraction]:
    """The fate chart and the Crippled row of a view's odds, in brute_fates' keys."""
    titles = {chart["title"].split(": ", 1)[1]: chart for chart in answer["charts"] if ": " in chart["title"]}
    out = {label: p for label, p in rows(titles["fate"]).items() if p}
    crippled = rows(titles["Crippled, Destroyed, Explodes (each on its own)"])["Crippled (Structure 0)"]
    return {**out, **({"Crippled": crippled} if crippled else {}), **({"not Crippled": 1 - crippled} if crippled != 1 else {})}


D_MODES = {"by Value": brute_damage.BY_VALUE, "Marines": brute_damage.ON_MARINES, "best for the attacker": brute_damage.BEST}


@pytest.mark.parametrize("ship", SHIPS)
@pytest.mark.parametrize(("base", "macro", "d_results"), [(2, 0, "by Value"), (3, 0, "by Value"), (2, 1, "by Value"),
                                                          (3, 0, "Marines"), (2, 0, "best for the attacker"),
                                                          (3, 0, "best for the attacker"), (2, 1, "best for the attacker")])
def test_capital_ship_damage_odds_match_the_brute_force(ship: dict, base: int, macro: int, d_results: str) -> None:
    """Assert Capital Ship Damage's fate odds equal brute_damage over brute.brute_odds' enumeration of the attack."""
    answer = odds(V + "capital-ship-damage", {"ship": ship, "d_results": d_results, "roll": {"base": base, "macro": macro}})
    readings = brute_odds(Pool(base, 0, macro))
    expected = brute_fates(ship, brute_damage.events, readings, D_MODES[d_results])
    assert chart_fates(answer) == {k: v for k, v in expected.items() if v}
    ends = brute_ends(ship, brute_damage.events, readings, D_MODES[d_results])
    before = brute_state(ship)[0][0]
    ratings = {name: sum((p for end, p in ends.items() if end[0][i] < before[i]), Fraction(0))
               for i, name in enumerate(("Defense", "Sensors", "Thrusters", "Marines"))}
    chart = next(c for c in answer["charts"] if c["title"].startswith("Rating Damage"))
    assert rows(chart) == ratings


@pytest.mark.parametrize("ship", SHIPS)
@pytest.mark.parametrize("value", [1, 4, 6])
def test_rating_damage_odds_match_the_brute_force(ship: dict, value: int) -> None:
    answer = odds(V + "rating-damage", {"ship": ship, "value": value})
    expected = brute_fates(ship, lambda _: [("D", value)], {(): Fraction(1)})
    assert chart_fates(answer) == {k: v for k, v in expected.items() if v}
    assert sum(rows(answer["charts"][0]).values()) == 1


@pytest.mark.parametrize("ship", SHIPS)
@pytest.mark.parametrize("damage", [0, 1, 2, 3])
def test_structure_damage_odds_match_the_brute_force(ship: dict, damage: int) -> None:
    """Assert the exact Dead/Explodes odds, the Catastrophic modifier derived from the ship (How the dice work §6b)."""
    answer = odds(V + "structure-damage", {"ship": ship, "damage": damage})
    expected = brute_fates(ship, lambda _: [("S", 0)] * damage, {(): Fraction(1)})
    assert chart_fates(answer) == {k: v for k, v in expected.items() if v}


@pytest.mark.parametrize("ship", [*SHIPS, {"defense": 0, "sensors": 0, "thrusters": 0, "marines": 0, "structure": 1,
                                          "traits": 0, "weapons": 0, "spinal": 0}])
def test_critical_hit_odds_match_the_brute_force(ship: dict) -> None:
    """Assert the Critical Hit's fate odds equal the brute force, the extra Structure Damage when none can be chosen."""
    answer = odds(V + "critical-hit", {"ship": ship})
    expected = brute_fates(ship, lambda _: [("C", 0)], {(): Fraction(1)})
    assert chart_fates(answer, 1) == {k: v for k, v in expected.items() if v}


def test_critical_hit_with_no_option_is_structure_damage() -> None:
    nothing = {"defense": 0, "sensors": 0, "thrusters": 0, "marines": 0, "traits": 0, "weapons": 0, "spinal": 0, "structure": 2}
    out = resolve(V + "critical-hit", {"ship": nothing})
    assert out["outcome"]["structure"] == 1 and not any(check["ok"] for check in out["checks"])
    assert any("no option can be chosen, so 1 more Structure Damage" in step for step in out["steps"])


def test_critical_hit_applies_the_chosen_option() -> None:
    out = resolve(V + "critical-hit", {"critical": "Sensors"})
    assert out["outcome"]["boxes"]["Sensors"] == 2 and out["outcome"]["effect"] == "Sensors loses a box"
    weapon = resolve(V + "critical-hit", {"critical": "Weapon Damage", "random_dice": [5]})
    assert weapon["outcome"]["weapons"] == 1
    refused = resolve(V + "critical-hit", {"critical": "Weapon Damage", "ship": {"weapons": 0}})
    assert "Weapon Damage cannot be chosen: the attacker's best option instead." in refused["steps"]


@pytest.mark.parametrize(("structure", "armor", "ship"), [(2, 0, SHIPS[0]), (3, 2, SHIPS[1]), (2, 1, SHIPS[2])])
def test_explosion_on_a_capital_ship_matches_the_brute_force(structure: int, armor: int, ship: dict) -> None:
    """The target's Armor is its card's in the arc facing the exploding ship (rear here; the other arcs differ)."""
    target = {**ship, "armor_front": armor + 1, "armor_flank": armor + 2, "armor_rear": armor}
    answer = odds(V + "explosion", {"exploding_ship": {"start_structure": structure}, "target_arc": "rear", "target_ship": target})
    pool = Pool(structure, 0, 2 - armor)
    expected = brute_fates(ship, brute_damage.events, brute_odds(pool))
    assert chart_fates(answer) == {k: v for k, v in expected.items() if v}


@pytest.mark.parametrize("seed", range(12))
def test_a_resolution_is_an_end_the_odds_allow(seed: int) -> None:
    """Assert a rolled resolution ends in a fate and Structure the odds give a positive chance."""
    given = {"ship": {"structure": 2}, "seed": seed, "roll": {"base": 7, "macro": 2}}
    out = resolve(V + "capital-ship-damage", given)
    charts = {chart["title"]: rows(chart) for chart in odds(V + "capital-ship-damage", given)["charts"]}
    fate = {"": "in play", "Dead": "Dead (Destroyed)", "Explodes": "Explodes (Destroyed)"}[out["outcome"]["fate"]]
    structure = out["outcome"]["structure"]
    assert charts["The ship: fate"][fate] > 0
    assert charts["The ship: Structure left"][f"Structure {structure}" + (" (Crippled)" if structure == 0 else "")] > 0


@settings(max_examples=25, deadline=None)
@given(base=st.integers(0, 5), macro=st.integers(-2, 2), defense=st.integers(0, 3), marines=st.integers(0, 2),
       structure=st.integers(0, 3), d_results=st.sampled_from(["by Value", "Marines", "best for the attacker"]),
       critical=st.sampled_from(["best for the attacker", "Marines", "Weapon Damage", "System Trait 1"]))
def test_exclusive_charts_sum_to_one(base, macro, defense, marines, structure, d_results, critical) -> None:
    """Assert every chart whose rows exclude each other (all but "each on its own") sums to 1."""
    given = {"ship": {"defense": defense, "marines": marines, "structure": structure}, "d_results": d_results, "critical": critical, "roll": {"base": base, "macro": macro}}
    for rid, extra in (("capital-ship-damage", {}), ("critical-hit", {}), ("rating-damage", {"value": 3}),
                       ("structure-damage", {"damage": 2})):
        for chart in odds(V + rid, {key: value for key, value in {**given, **extra}.items()
                                    if key in {i["name"] for i in describe(V + rid)["inputs"]}})["charts"]:
            if "each on its own" not in chart["title"]:
                assert sum(rows(chart).values()) == 1, (rid, chart["title"])


def test_pool_caps_name_the_field() -> None:
    """Assert the capital caps (the exact attacker search) refuse a modifier that takes the pool past them."""
    with pytest.raises(InputError) as caught:
        odds(V + "capital-ship-damage", {"roll": {"base": 7, "modifier": 1}})
    assert caught.value.field == "roll.base"
    with pytest.raises(InputError) as caught:
        odds(V + "capital-ship-damage", {"roll": {"base": 2, "macro": 2, "modifier": 3}})
    assert caught.value.field in ("roll.flex", "roll.macro")


# ---------------------------------------------------------------- squadron odds


@pytest.mark.parametrize("base", [1, 2, 3, 4])
def test_squadron_loss_odds_brute_force(base: int) -> None:
    """Assert Structure lost over every roll of `base` dice equals the resolver's distribution."""
    brute: dict[int, Fraction] = {}
    for roll in itertools.product(range(1, 7), repeat=base):
        lost = steps(read(counts_of(roll)))
        brute[lost] = brute.get(lost, Fraction(0)) + Fraction(1, 6**base)
    assert dict(squadron_loss_odds({"pd_ship": {"defense": 0}, "roll": {"base": base, "flex": 0, "macro": 0, "modifier": 0}}).items()) == brute


@pytest.mark.parametrize(("base", "point_defense"), [(1, 1), (2, 1), (3, 2), (2, 3), (4, 1)])
def test_squadron_damage_with_point_defense_matches_brute_force(base: int, point_defense: int) -> None:
    """Assert the opposed Structure lost equals every ordered roll of both pools with the defender's best placement."""
    answer = odds(V + "squadron-damage", {"pd_ship": {"defense": point_defense}, "squadron": {"structure": 2}, "roll": {"base": base}})
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
    out = resolve(V + "squadron-damage", {"squadron": {"structure": 4}, "pd_ship": {"defense": 2}, "roll": {"base": 5, "dice": [2, 2, 3, 3, 3], "macro_dice": []}, "pd": {"dice": [5, 5]}})
    assert out["outcome"]["structure_lost"] == 2 and out["outcome"]["structure"] == 2
    assert "Point Defense [D5] diminishes the attack's results 1×: [D2,T3] → [D2,D3]." in out["steps"]
    assert out["outcome"]["headline"] == "[D2,D3]: -2 Structure, Structure 2 left"


def test_squadron_destroyed_odds() -> None:
    """Assert 2 dice destroy a Structure 1 squadron exactly on a Double: 1/6."""
    out = odds(V + "squadron-damage", {"squadron": {"structure": 1}, "roll": {"base": 2}})
    assert p(out["destroyed"]) == Fraction(1, 6)


# ---------------------------------------------------------------- single hits and tables


def test_weapon_damage_odds_and_die() -> None:
    assert rows(odds(V + "weapon-damage", {})["charts"][0])["weapon damaged"] == Fraction(1, 3)
    assert rows(odds(V + "weapon-damage", {"spinal": True})["charts"][0])["weapon damaged"] == Fraction(1, 6)
    assert resolve(V + "weapon-damage", {"spinal": True, "die": [5]})["outcome"]["damaged"] is False
    assert resolve(V + "weapon-damage", {"die": [5]})["outcome"]["damaged"] is True


@pytest.mark.parametrize("systems, expected", [
    (0, {"No Effect": Fraction(5, 6), "Dead": Fraction(1, 6)}),
    (2, {"No Effect": Fraction(1, 2), "Dead": Fraction(1, 3), "Explodes": Fraction(1, 6)}),
    (7, {"Explodes": Fraction(1)}),
])
def test_catastrophic_odds(systems: int, expected: dict[str, Fraction]) -> None:
    assert dict(catastrophic_odds(systems).items()) == expected


def test_explosion_pool_by_range_and_armor() -> None:
    near = explosion_pool({"structure": 4, "range": "within 3\"", "armor": 1, "modifier": 0})
    far = explosion_pool({"structure": 4, "range": "over 3\" (up to 6\")", "armor": 1, "modifier": 0})
    assert (near.base, near.macro) == (4, 1) and (far.base, far.macro) == (4, -1)


def test_explosion_odds_sum_to_one() -> None:
    out = odds(V + "explosion", {"target": "Squadron"})
    assert sum(rows(out["charts"][0]).values()) == 1


# ---------------------------------------------------------------- bad inputs


@pytest.mark.parametrize("rid, given, field", [
    ("squadron-damage", {"squadron": {"structure": 0}}, "squadron.structure"),
    ("capital-ship-damage", {"ship": {"defense": -1}}, "ship.defense"),
    ("capital-ship-damage", {"d_results": "Hull"}, "d_results"),
    ("rating-damage", {"value": 7}, "value"),
    ("catastrophic-damage-table", {"die": [7]}, "die"),
    ("squadron-damage", {"roll": {"base": 2, "dice": [1, 2, 3], "macro_dice": []}}, "roll.dice"),
])
def test_bad_inputs_name_the_field(rid: str, given: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        resolve(V + rid, given)
    assert caught.value.field == field


def test_system_trait_repair_chart_is_the_repair_table_row() -> None:
    """Assert System Trait Damage's repair chart is How the dice work §6a's row ([N] —, [D] 4+, [T] Auto, [Q+] 2× Auto),
    the same numbers Damage Control gives for that row."""
    for skill in (1, 3, 5):
        trait = odds(V + "system-trait-damage", {"ship": {"skill": skill}})["charts"]
        control = odds(V + "damage-control", {"ship": {"skill": skill}, "row": "System Trait Damage"})["charts"]
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


@pytest.mark.parametrize("seed", range(6))
def test_an_explosion_resolves_on_the_target_ship_as_its_odds_allow(seed: int) -> None:
    """Assert a rolled Explosion on a Capital Ship ends the target in a Structure its odds give a positive chance."""
    given = {"exploding_ship": {"start_structure": 6}, "target_ship": {"structure": 2}, "seed": seed}
    out = resolve(V + "explosion", given)
    charts = {chart["title"]: rows(chart) for chart in odds(V + "explosion", given)["charts"]}
    left = out["outcome"]["target"]["structure"]
    assert charts["Target: Structure left"][f"Structure {left}" + (" (Crippled)" if left == 0 else "")] > 0
    assert any(step.startswith("Target: ") for step in out["steps"])


def test_squadron_damage_sets_flex_aside_for_the_most_structure():
    """Assert How the dice work §2's purpose: base 4 + flex 1 rolling 1,1,1,2,2 with macro 1,2 keeps [T1,T2] (4 Structure),
    not the roll order's [Q1] (3), and the odds count every roll that way (the flex odds differ from the roll order's)."""
    from rules_core.dice.keep import BEST_READING, MOST_STEPS
    from rules_core.dice.pool_odds import reading_dist
    from rules_core.dice.pools import Pool
    from rules_core.registry import resolve
    answer = resolve("jovian-wars/v1.2.4/squadron-damage", {"squadron": {"structure": 6}, "roll": {"base": 4, "flex": 1, "macro": 2, "dice": [1, 1, 1, 2, 2], "macro_dice": [1, 2]}})
    assert answer["outcome"]["structure_lost"] == 4
    pool = Pool(4, 1, 2)
    most = reading_dist(pool, MOST_STEPS).expected(lambda r: sum(level - 1 for level, _ in r))
    assert most > reading_dist(pool, BEST_READING).expected(lambda r: sum(level - 1 for level, _ in r))


@settings(max_examples=20, deadline=None)
@given(base=st.integers(0, 5), macro=st.integers(-1, 1), defense=st.integers(0, 3), marines=st.integers(0, 2),
       structure=st.integers(1, 3), traits=st.integers(0, 1), weapons=st.integers(0, 2))
def test_a_base_die_more_never_lowers_the_attackers_best_outcomes(base, macro, defense, marines, structure, traits,
                                                                  weapons) -> None:
    """Assert one more base die never lowers the chance of Crippled, of Destroyed or of Explodes, with the
    attacker choosing every Critical Hit (How the dice work §6)."""
    ship = {"defense": defense, "sensors": 1, "thrusters": 1, "marines": marines, "structure": structure,
            "traits": traits, "weapons": weapons}
    fewer, more = (rows(odds(V + "capital-ship-damage", {"ship": ship, "roll": {"macro": macro, "base": n}})["charts"][0])
                   for n in (base, base + 1))
    assert all(more[label] >= fewer[label] for label in fewer), (fewer, more)


def test_the_catastrophic_tables_systems_help_names_what_the_modifier_counts():
    """Assert the `systems` input's help names a Rating exactly when a ship with that Rating at 0 adds 1 to the roll, and
    names System Traits and not Marines as counted (issue 20: the help said "Ratings", Marines included; How the dice work §6b)."""
    from rules_core import REGISTRY
    from rules_core.jovian_wars.ship import RATINGS, Ship

    systems = next(i for i in REGISTRY["jovian-wars/v1.2.4/catastrophic-damage-table"].inputs if i.name == "systems")
    counted_part, _, excluded_part = systems.help.partition("(")
    for index, rating in enumerate(RATINGS):
        left = [1, 1, 1, 1]
        left[index] = 0
        counts = Ship.of(tuple(left), 1, start=(1, 1, 1, 1)).systems_at_zero() == 1  # type: ignore[arg-type]
        assert (rating in counted_part) == counts and (rating in excluded_part) == (not counts), rating
    assert "System Trait" in counted_part and Ship.of((1, 1, 1, 1), 1, (0,), start=(1, 1, 1, 1, 1)).systems_at_zero() == 1
    assert "Ratings" not in systems.help
