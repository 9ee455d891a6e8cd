"""v1.2.4 Ram to both ships' fate, against a separate brute force; the Valiant/Tengu example; bad inputs.

The brute force enumerates every ordered die of every roll itself (Skill Test, both Ram rolls, the
Explosion with its macro die), reads them with its own few lines, and applies Damage with
tests/rules_core/brute_damage.py (plain recursion, the attacker's choices searched exhaustively).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from rules_core.errors import InputError
from rules_core.registry import REGISTRY, describe, odds, resolve
from rules_core.jovian_wars.ram import capital as ram_capital

try:  # a package under pytest, a plain folder inside Pyodide's runner
    from . import brute_damage
except ImportError:
    import brute_damage  # type: ignore[no-redef]
from tests.rules_core.test_worked_examples import game_example

RAM = "jovian-wars/v1.2.4/ram"
Reading = tuple[tuple[int, int], ...]
State = tuple[tuple[int, ...], int, int, int, str]
ROWS = ("defense", "sensors", "thrusters", "marines")
SHIP_PARTS = (*ROWS, "structure", "start_structure", "traits", "trait_boxes", "trait2_boxes", "weapons", "spinal",
              "armor_front", "armor_flank", "armor_rear")
SIDE, FRONT, REAR = "side (flank)", "front", "rear"
ARC_PART = {FRONT: "armor_front", SIDE: "armor_flank", REAR: "armor_rear"}
"""The arc rammed, as the resolver names it, and the card's Armor in it (the brute force's own table)."""


def as_inputs(case: dict) -> dict:
    """The Ram's inputs for a flat case the brute force reads: the ramming ship's numbers go into "ramming_ship",
    the "target_"-prefixed ones into "target_ship", a ramming Squadron's Structure and Skill into "ramming_squadron"
    (a ramming ship's Skill into "ramming_ship"),
    the rest stay as they are."""
    out: dict = {}
    squadron = case.get("rammer") == "Squadron"
    for key, value in case.items():
        part = key.removeprefix("target_")
        if key == "squadron_structure" or (squadron and key == "skill"):
            out.setdefault("ramming_squadron", {})[key.removeprefix("squadron_")] = value
        elif key in SHIP_PARTS or key == "skill":  # a ramming ship's Skill is on its card
            out.setdefault("ramming_ship", {})[key] = value
        elif part != key and part in SHIP_PARTS:
            out.setdefault("target_ship", {})[part] = value
        else:
            out[key] = value
    return out


# ---------------------------------------------------------------- the brute force's own dice


def read(base: tuple[int, ...], macro: tuple[int, ...] = ()) -> Reading:
    """Faces shown 2, 3, 4+ times are [D], [T], [Q]; each macro die on a result's face raises it (to [Q] at most)."""
    levels = {face: min(n, 4) for face, n in Counter(base).items() if n >= 2}
    for face in macro:
        if face in levels:
            levels[face] = min(4, levels[face] + 1)
    return tuple(sorted((level, face) for face, level in levels.items()))


def up(reading: Reading) -> Reading:
    return tuple(sorted((min(4, level + 1), face) for level, face in reading))


def rolls(base: int, macro: int = 0):
    """Every ordered roll of `base` + `macro` d6, read, with its chance."""
    p = Fraction(1, 6 ** (base + macro))
    for faces in itertools.product(range(1, 7), repeat=base + macro):
        yield read(faces[:base], faces[base:]), p


def merged(pairs) -> dict:
    out: dict = {}
    for key, p in pairs:
        out[key] = out.get(key, Fraction(0)) + p
    return out


D_MODES = {"by Value": brute_damage.BY_VALUE, "Marines": brute_damage.ON_MARINES, "best for the attacker": brute_damage.BEST}
zeroed = brute_damage.zeroed


def damage(state: State, start: tuple[int, ...], reading: Reading, mode: str = brute_damage.BEST) -> dict[State, Fraction]:
    return brute_damage.solve(state, brute_damage.events(reading), start, mode)


def brute_ram(case: dict) -> dict[tuple, Fraction]:
    """Joint ((fate, Structure) of the ramming ship, of the target) by plain enumeration."""
    r_left, t_left = tuple(case[row] for row in ROWS), tuple(case["target_" + row] for row in ROWS)
    r_start, t_start = tuple(max(1, n) for n in r_left), tuple(max(1, n) for n in t_left)
    rammer: State = (r_left, case["structure"], case["weapons"], 0, "")
    target: State = (t_left, case["target_structure"], case["target_weapons"], 0, "")
    side = int(case["rammed_arc"] == SIDE)
    ram_dice = case["start_structure"] + side  # the side arc's +1 is +1B
    target_dice = case["target_start_structure"]
    passes = sum((p for r, p in rolls(case["skill"]) if r), Fraction(0))
    ram_mode = D_MODES[case.get("ram_d_results", "best for the attacker")]  # the ramming ship's player's [D]s
    target_mode = D_MODES[case.get("target_d_results", "best for the attacker")]
    hits_target = merged([(up(r), p * passes) for r, p in rolls(ram_dice)] + [(r, p * (1 - passes)) for r, p in rolls(ram_dice)])
    hits_rammer = merged((up(r), p) for r, p in rolls(target_dice))
    after_r = merged((s, p * q) for r, p in hits_rammer.items() for s, q in damage(rammer, r_start, r, target_mode).items())
    if case["structure"] == 0:  # Crippled at the start: Destroyed, one roll to see if it Explodes
        after_r = merged((s, p) if s[4] else ((s[0], s[1], s[2], s[3], "Explodes" if f + zeroed(r_start, s[0]) >= 8 else "Destroyed"),
                                              p * Fraction(1, 6))
                         for s, p in after_r.items() for f in (range(1, 7) if not s[4] else [0]))
    after_t = merged((s, p * q) for r, p in hits_target.items() for s, q in damage(target, t_start, r, ram_mode).items())

    def blast(state: State, start: tuple[int, ...], structure: int, armor: int, mode: str) -> dict[State, Fraction]:
        macro = 2 - armor  # within 3": Macro 2 minus Armor (kept >= 0 in these cases)
        return merged((s, p * q) for r, p in rolls(structure, macro) for s, q in damage(state, start, r, mode).items())

    out: dict[tuple, Fraction] = {}
    for (rs, p), (ts, q) in itertools.product(after_r.items(), after_t.items()):
        ends = {(rs, ts): Fraction(1)}
        if rs[4] == "Explodes" and not ts[4]:
            # The ramming ship sits in the arc it rammed: a side arc's +1 is +1B (How the dice work §6b, §5)
            # It meets the target's Armor in the arc rammed (Reading armor-by-arc).
            ends = {(rs, s): w for s, w in blast(ts, t_start, case["start_structure"] + side,
                                                 case["target_" + ARC_PART[case["rammed_arc"]]], ram_mode).items()}
        elif ts[4] == "Explodes" and not rs[4]:
            # The target's Explosion meets the ramming ship's front arc, so its front Armor.
            ends = {(s, ts): w for s, w in blast(rs, r_start, case["target_start_structure"], case["armor_front"],
                                                 target_mode).items()}
        for (a, b), w in ends.items():
            key = ((a[4], a[1]), (b[4], b[1]))
            out[key] = out.get(key, Fraction(0)) + p * q * w
    return out


SMALL = dict(start_structure=1, target_start_structure=2, rammed_arc=FRONT, front_to_front=False, skill=2,
             armor_front=1, armor_flank=2, armor_rear=2, target_armor_front=1, target_armor_flank=0, target_armor_rear=2,
             ram_modifier=0, target_modifier=0, rammer_blast_modifier=0, target_blast_modifier=0,
             structure=1, defense=1, sensors=0, thrusters=0, marines=0, traits=0, weapons=1, spinal=0,
             target_structure=1, target_defense=0, target_sensors=1, target_thrusters=0, target_marines=0,
             target_traits=0, target_weapons=0, target_spinal=0)
CASES = [
    pytest.param({}, id="both-near-explosion"),
    pytest.param({"structure": 0}, id="rammer-crippled-at-start"),
    pytest.param({"structure": 0, "thrusters": 0, "defense": 0}, id="crippled-rammer-explodes-often"),
    pytest.param({"rammed_arc": SIDE, "target_structure": 2, "target_defense": 1}, id="side-arc"),
    pytest.param({"rammed_arc": REAR, "structure": 0, "armor_front": 0}, id="rear-arc"),
    pytest.param({"rammed_arc": SIDE, "target_marines": 1, "marines": 1, "ram_d_results": "by Value",
                  "target_d_results": "Marines"}, id="fixed-d-choices"),
    pytest.param({"target_marines": 1, "marines": 1, "target_sensors": 2}, id="best-d-choices"),
]


def resolver_joint(case: dict) -> dict[tuple, Fraction]:
    ram = ram_capital.ram_of(REGISTRY[RAM].check(as_inputs(case)))
    return dict(ram_capital.fates(ram).items())


@pytest.mark.parametrize("change", CASES)
def test_capital_ram_matches_the_brute_force(change):
    """Assert both ships' joint end (fate, Structure), Explosions included, equals the separate enumeration."""
    case = {**SMALL, **change}
    want = {key: p for key, p in brute_ram(case).items() if p}
    assert resolver_joint(case) == want
    assert any(a[0] == "Explodes" or b[0] == "Explodes" for a, b in want)  # the Explosion branch is exercised


def test_capital_ram_charts_read_the_joint_distribution():
    """Assert the per-ship and joint charts are the brute force's marginals."""
    case = {**SMALL, "structure": 0, "thrusters": 0, "defense": 0}
    want = brute_ram(case)
    charts = {c["title"]: {r["label"]: Fraction(r["p"]) for r in c["rows"]} for c in odds(RAM, as_inputs(case))["charts"]}
    rammer = charts["Ramming ship: Crippled, Destroyed, Explodes (each on its own)"]
    assert rammer["Destroyed"] == 1  # Crippled at the start: always Destroyed
    assert rammer["Explodes"] == sum(p for (a, _), p in want.items() if a[0] == "Explodes")
    target = charts["Target: Crippled, Destroyed, Explodes (each on its own)"]
    assert target["Crippled (Structure 0)"] == sum(p for (_, b), p in want.items() if b[1] == 0)
    assert target["Destroyed"] == sum(p for (_, b), p in want.items() if b[0])
    joint = charts["Both ships: which are Destroyed"]
    assert joint["only the ramming ship Destroyed"] == sum(p for (a, b), p in want.items() if a[0] and not b[0])
    assert sum(joint.values()) == 1


# ---------------------------------------------------------------- Squadron


def brute_squadron(case: dict) -> dict[tuple, Fraction]:
    left = tuple(case["target_" + row] for row in ROWS)
    start = tuple(max(1, n) for n in left)
    target: State = (left, case["target_structure"], case["target_weapons"], 0, "")
    out: dict[tuple, Fraction] = {}
    pd = [((), Fraction(1))] if case["bombing_run"] else list(rolls(case["target_defense"]))
    for reading, p in pd:
        lost = sum({2: 1, 3: 2, 4: 3}[level] for level, _ in reading)
        if lost >= case["squadron_structure"]:
            out[("", target[1])] = out.get(("", target[1]), Fraction(0)) + p
            continue
        for skill, q in rolls(case["skill"]):
            best = max((level for level, _ in skill), default=0)
            todo = [] if best == 0 else [("C", 0)] if best == 2 else [("C", 0), ("S", 0)]
            for s, w in brute_damage.solve(target, todo, start).items():
                out[(s[4], s[1])] = out.get((s[4], s[1]), Fraction(0)) + p * q * w
    return out


@pytest.mark.parametrize("change", [{}, {"bombing_run": True}, {"target_structure": 2, "squadron_structure": 2, "fire_ship": True}])
def test_squadron_ram_matches_the_brute_force(change):
    """Assert the target's Crippled/Destroyed/Explodes after Point Defense and the Skill Test equal the enumeration (a
    Squadron at Structure 2 rams as a Fire Ship: a ram its requirement refuses has no odds)."""
    case = {"rammer": "Squadron", "squadron_structure": 1, "skill": 3, "bombing_run": False, "target_structure": 1,
            "target_defense": 2, "target_sensors": 0, "target_thrusters": 0, "target_marines": 1, "target_traits": 0,
            "target_weapons": 1, "target_spinal": 0, **change}
    want = brute_squadron(case)
    rows = {r["label"]: Fraction(r["p"]) for r in odds(RAM, as_inputs(case))["charts"][2]["rows"]}
    assert rows["Crippled (Structure 0)"] == sum(p for (f, s), p in want.items() if s == 0)
    assert rows["Destroyed"] == sum(p for (f, s), p in want.items() if f)
    assert rows["Explodes"] == sum(p for (f, s), p in want.items() if f == "Explodes")
    assert sum(want.values()) == 1 and (case["target_structure"] > 1 or rows["Destroyed"] > 0)


def test_squadron_ram_resolves_a_critical_hit_and_a_structure_damage():
    answer = resolve(RAM, {"rammer": "Squadron", "bombing_run": True, "target_ship": {"structure": 2}, "skill_roll": {"dice": [6, 6, 6]}})
    assert "Critical Hit and a Structure damage" in answer["outcome"]["headline"]
    assert answer["outcome"]["target_structure"] == 1
    assert any("Critical Hit" in line for line in answer["steps"])
    assert describe(RAM, {"rammer": "Squadron", "bombing_run": True})["dice_needed"]["pd.dice"] == 0


def test_a_squadron_at_0_structure_cannot_ram():
    with pytest.raises(InputError) as caught:
        resolve(RAM, {"rammer": "Squadron", "ramming_squadron": {"structure": 0}})
    assert caught.value.field == "ramming_squadron.structure"
    assert str(caught.value).startswith("Ramming Squadron: Structure left: a whole number from 1 to 12, not 0 (at 0 Structure a Squadron is Destroyed")


# ---------------------------------------------------------------- How the dice work §8: Valiant and Tengu
# The example itself is in fixtures/game-examples.md (test_worked_examples.py).


def test_valiant_dies_when_its_catastrophic_roll_says_so():
    """The example's rolls with 2 systems at 0 and a 5 on the Catastrophic Damage Table: 7, Dead."""
    example = game_example("Actions v1.2.4, Ram example: Valiant")["inputs"]
    answer = resolve(RAM, {**example, "ramming_ship": {**example["ramming_ship"], "defense": 0, "thrusters": 0}, "rammer_hit_dice": [5]})
    assert answer["outcome"]["rammer_fate"] == "Dead"


def test_a_crippled_rammer_is_destroyed_and_rolls_to_see_if_it_explodes():
    answer = resolve(RAM, {"ramming_ship": {"structure": 0, "defense": 0, "sensors": 0}, "rammer_hit_dice": [6], "target": {"dice": [1, 2, 3]}, "skill_roll": {"dice": [1, 2, 3]}, "ram": {"dice": [1, 2, 3, 4, 5]}, "explosion": {"dice": [1, 2, 4, 5, 3], "macro_dice": [6, 6]}})
    assert answer["outcome"]["rammer_fate"] == "Explodes"
    # A side-arc Ram (the default): the ramming ship explodes in the target's side arc, +1 is +1B (5 dice, not 4).
    assert any("from the target's side arc, where the ramming ship sits (+1 Attack Modifier)" in line
               for line in answer["steps"])


def test_front_to_front_adds_one_base_die_to_both():
    needed = describe(RAM, {"front_to_front": True, "rammed_arc": FRONT})["dice_needed"]
    assert needed["ram.dice"] == 5 and needed["target.dice"] == 4


def test_side_arc_and_front_to_front_exclude_each_other():
    with pytest.raises(InputError) as caught:
        odds(RAM, {"front_to_front": True, "rammed_arc": SIDE})
    assert caught.value.field == "front_to_front" and "side (flank) arc" in str(caught.value)


@pytest.mark.parametrize(("inputs", "ok"), [({"structure": 1}, True), ({"structure": 2}, False),
                                            ({"structure": 3, "fire_ship": True}, True), ({"contact": False}, False)])
def test_ram_requirement(inputs, ok):
    answer = resolve(RAM, {**as_inputs(inputs), "seed": 1})
    assert all(c["ok"] for c in answer["checks"]) is ok
    if not ok:
        assert answer["outcome"]["headline"].startswith("The Ram fails")


@pytest.mark.parametrize(("inputs", "field"), [({"rammer": "Exo-Armor"}, "rammer"), ({"ram": {"dice": [1, 2]}}, "ram.dice"),
                                               ({"ramming_ship": {"structure": 5, "start_structure": 4}}, "ramming_ship.structure"),
                                               ({"target_ship": {"structure": 4}}, "target_ship.structure"),
                                               ({"ramming_ship": {"start_structure": 5}}, "ramming_ship.start_structure"),
                                               ({"target_ship": {"sensors": 7}}, "target_ship.sensors")])
def test_bad_inputs_name_the_field(inputs, field):
    with pytest.raises(InputError) as caught:
        resolve(RAM, inputs)
    assert caught.value.field == field


def test_a_ship_refusal_names_the_ship_and_the_field_in_the_players_words():
    """Assert the error says which ship, which number and its range, as the form labels them."""
    with pytest.raises(InputError) as caught:
        resolve(RAM, {"target_ship": {"sensors": 7}})
    assert str(caught.value) == "Target: Sensors boxes left: a whole number from 0 to 6, not 7"
    with pytest.raises(InputError) as caught:
        resolve(RAM, {"ramming_ship": {"structure": 5}})
    assert str(caught.value) == "Ramming ship: Structure left: must be at most the starting Structure (4), got 5"
    with pytest.raises(InputError) as caught:
        resolve(RAM, {"target_ship": [4, 3, 2]})
    assert str(caught.value).startswith("Target: the ship's numbers by name (defense, sensors,")
    with pytest.raises(InputError) as caught:
        resolve(RAM, {"target_ship": {"hull": 3}})
    assert caught.value.field == "target_ship" and "'hull' is not an input here" in str(caught.value)


# ---------------------------------------------------------------- properties


@given(st.fixed_dictionaries({"structure": st.integers(0, 1), "start_structure": st.integers(1, 3),
                              "target_start_structure": st.integers(1, 3), "rammed_arc": st.sampled_from((FRONT, SIDE, REAR)),
                              "defense": st.integers(0, 2), "target_thrusters": st.integers(0, 2),
                              "skill": st.integers(0, 3), "rammer": st.sampled_from(["Capital Ship", "Squadron"])}))
def test_every_chart_sums_to_one(case):
    case = {**case, "target_structure": case["target_start_structure"]}
    for chart in odds(RAM, as_inputs(case))["charts"]:
        if "each on its own" not in chart["title"]:
            assert sum(Fraction(r["p"]) for r in chart["rows"]) == 1, chart["title"]
