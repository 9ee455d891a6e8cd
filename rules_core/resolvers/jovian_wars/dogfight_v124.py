"""v1.2.4 Dogfight page: the Dogfight procedure and weapon initiative.

Each Squadron's pool is weapon AS + Skill + Fuel bid, split into Attack and Defense (Evasive +1
Defense). Each Attack is the Primary of an Opposed Roll against the other's Defense; what is left
hits as Squadron Damage (Reading `dogfight-damage`). The earlier weapon resolves first and its
damage applies before the later Squadron attacks; Lances and equal initiatives are simultaneous.
Declared Missile attacks (step 7) are left to the Missile rules.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ... import readings
from ...dice import notation, steps as magnitude_steps
from ...errors import InputError
from ...inputs import Input
from ...opposed import WIPE, after_effect, opposed_codes, secondary_effect
from ...pools import MAX_MACRO, Pool
from ...registry import Inputs, Resolver, Result, fraction_json
from ...values import group_of, int_of
from ..dice_rolls import SEED, faces_inputs, rng_of, roll
from .damage_v124_common import chart
from ...wording import structure_lost

VERSIONS = ("v1.2.4",)
"""The rules versions whose text these resolvers implement."""

INITIATIVE: dict[str, int | None] = {"Beam Projector": 1, "Particle Cannon": 2, "Kinetic Cannon": 3, "Mass Driver": 4,
                                     "Lance": None}
"""The Weapon Initiative table: lower acts first; None is Simultaneous (Lance)."""
WEAPONS = tuple(INITIATIVE)
SIDES = ("a", "b")


# ---------------------------------------------------------------- pools


def _side_input(name: str, label: str, weapon: str) -> Input:
    return Input(name, "group", label, default={}, parts=(
        Input("weapon", "choice", "Non-Missile weapon", default=weapon, choices=WEAPONS),
        Input("as_rating", "int", "Weapon AS", default=2, low=0, high=12),
        Input("skill", "int", "Skill", default=3, low=0, high=12),
        Input("fuel", "int", "Fuel remaining", default=2, low=0, high=12),
        Input("bid", "int", "Fuel bid", default=1, low=0, high=12),
        Input("attack", "int", "Dice to the Attack pool", default=3, low=0, high=36,
              help="The rest of the Dogfight pool is the Defense pool."),
        Input("evasive", "bool", "Evasive (+1 Defense)", default=False),
        Input("macro", "int", "Weapon Macro minus target Armor", default=0, low=-MAX_MACRO, high=MAX_MACRO),
        Input("structure", "int", "Structure left", default=2, low=1, high=12),
    ))


def side(values: Inputs, name: str) -> dict[str, object]:
    return group_of(values, name)


def dogfight_pool(part: dict[str, object]) -> int:
    """Weapon AS + Skill + Fuel bid."""
    return int_of(part, "as_rating") + int_of(part, "skill") + int_of(part, "bid")


def pools(values: Inputs, name: str) -> tuple[Pool, Pool]:
    """(Attack pool, Defense pool) of one Squadron; refuses an Attack larger than its Dogfight pool."""
    part = side(values, name)
    total, attack = dogfight_pool(part), int_of(part, "attack")
    if attack > total:
        raise InputError(f"{name}.attack", f"must be 0 to {total} (AS + Skill + Fuel bid), got {attack}")
    return Pool(attack, 0, int_of(part, "macro")), Pool(total - attack + (1 if part["evasive"] else 0))


def bid_check(values: Inputs, name: str) -> dict[str, object]:
    part = side(values, name)
    ok = int_of(part, "bid") <= int_of(part, "fuel")
    return {"label": f"Squadron {name.upper()}: Fuel bid ≤ Fuel remaining", "ok": ok,
            "detail": f"bids {part['bid']} of {part['fuel']} Fuel"}


def order(weapon_a: str, weapon_b: str) -> str:
    """"a", "b" (who acts first) or "simultaneous"."""
    first, second = INITIATIVE[weapon_a], INITIATIVE[weapon_b]
    if first is None or second is None or first == second:
        return "simultaneous"
    return "a" if first < second else "b"


def damage_odds(attack: Pool, defense: Pool) -> dict[int, Fraction]:
    """Structure the defender loses -> exact chance, after its Defense pool diminishes the Attack."""
    codes, total = opposed_codes(attack, defense)
    lost_ways: dict[int, int] = {}
    for code, ways in codes.items():
        lost = sum((code >> shift) & 3 for shift in range(0, 12, 2))  # a layout code's digits are its results' steps
        lost_ways[lost] = lost_ways.get(lost, 0) + ways
    return {lost: Fraction(ways, total) for lost, ways in lost_ways.items()}


def destroyed_odds(values: Inputs) -> dict[str, Fraction]:
    """Chance each Squadron is destroyed, and both, with the initiative order applied."""
    att_a, def_a = pools(values, "a")
    att_b, def_b = pools(values, "b")
    s_a, s_b = (int_of(side(values, n), "structure") for n in SIDES)
    kill_b = sum((p for lost, p in damage_odds(att_a, def_b).items() if lost >= s_b), Fraction(0))
    kill_a = sum((p for lost, p in damage_odds(att_b, def_a).items() if lost >= s_a), Fraction(0))
    who = order(str(side(values, "a")["weapon"]), str(side(values, "b")["weapon"]))
    if who == "a":
        kill_a = (1 - kill_b) * kill_a  # B shoots back only if it survived
    elif who == "b":
        kill_b = (1 - kill_a) * kill_b
    both = kill_a * kill_b if who == "simultaneous" else Fraction(0)
    return {"A destroyed": kill_a, "B destroyed": kill_b, "both destroyed": both,
            "both survive": 1 - kill_a - kill_b + both}


def _needed(values: Inputs) -> dict[str, int]:
    out: dict[str, int] = {}
    for name in SIDES:
        attack, defense = pools(values, name)
        out.update({f"{name}_att_dice": attack.rolled, f"{name}_att_macro_dice": abs(attack.macro),
                    f"{name}_def_dice": defense.rolled})
    return out


def _odds(values: Inputs) -> Result:
    att_a, def_a = pools(values, "a")
    att_b, def_b = pools(values, "b")
    words = "Structure"
    fates = destroyed_odds(values)
    return {"charts": [chart("Dogfight", list(fates.items())),
                       chart("A's Attack vs B's Defense: B loses", [(f"{n} {words}", p) for n, p in sorted(damage_odds(att_a, def_b).items())]),
                       chart("B's Attack vs A's Defense: A loses", [(f"{n} {words}", p) for n, p in sorted(damage_odds(att_b, def_a).items())])],
            "destroyed": {key: fraction_json(p) for key, p in fates.items()}}


def _attack(values: Inputs, name: str, other: str, rng: random.Random) -> tuple[int, list[str]]:
    """Roll one Squadron's Attack against the other's Defense; Structure lost and the steps."""
    attack, _ = pools(values, name)
    _, defense = pools(values, other)
    big, small = name.upper(), other.upper()
    first = roll(attack, values, rng, f"{name}_att_")
    second = roll(defense, values, rng, f"{other}_def_")
    texts = [f"{big} Attack: {s}" for s in first.sentences()] + [f"{small} Defense: {s}" for s in second.sentences()]
    effect = secondary_effect(second.final)
    final, chosen = after_effect(first.final, effect)
    if effect == WIPE:
        texts.append(f"{small}'s Defense {notation(second.final)} holds a [Q+]: it wipes {big}'s results.")
    elif effect:
        texts.append(f"{small}'s Defense {notation(second.final)} diminishes {big}'s results {effect}×: {notation(final)}.")
    lost = magnitude_steps(final)
    texts.append(f"{big}'s {notation(final)} hits {small} as Squadron Damage: {structure_lost(lost)}.")
    return lost, texts


def _run(values: Inputs) -> Result:
    checks = [bid_check(values, name) for name in SIDES]
    rng = rng_of(values)
    structure = {name: int_of(side(values, name), "structure") for name in SIDES}
    steps = []
    for name in SIDES:
        attack, defense = pools(values, name)
        steps.append(f"Squadron {name.upper()}: Dogfight pool {dogfight_pool(side(values, name))} → Attack {attack.base}"
                     f"{f' (macro {attack.macro:+d})' if attack.macro else ''}, Defense {defense.base}.")
    if not all(c["ok"] for c in checks):
        return {"checks": checks, "outcome": {"headline": "A Squadron bids more Fuel than it has"}, "steps": steps}
    who = order(str(side(values, "a")["weapon"]), str(side(values, "b")["weapon"]))
    sequence = [("a", "b"), ("b", "a")] if who != "b" else [("b", "a"), ("a", "b")]
    steps.append("Initiative: " + ("simultaneous" if who == "simultaneous" else f"Squadron {who.upper()} first") + ".")
    left = dict(structure)
    losses = {}
    for name, other in sequence:
        if who != "simultaneous" and left[name] == 0:
            steps.append(f"Squadron {name.upper()} was destroyed before it could act: it does not attack.")
            continue
        lost, texts = _attack(values, name, other, rng)
        steps += texts
        losses[other] = lost
        if who != "simultaneous":
            left[other] = max(0, left[other] - lost)
    if who == "simultaneous":
        left = {n: max(0, structure[n] - losses.get(n, 0)) for n in SIDES}
    dead = [n.upper() for n in SIDES if left[n] == 0]
    survivors = [n.upper() for n in SIDES if left[n] > 0]
    if len(survivors) == 1:
        steps.append(f"Only Squadron {survivors[0]} survives: it may make a free 4\" move in any direction.")
    elif survivors:
        steps.append("Both survive: the Intercepting Squadron moves 1\" directly away from the other.")
    headline = ", ".join(f"{n.upper()} Structure {left[n]}" + (" (Destroyed)" if left[n] == 0 else "") for n in SIDES)
    return {"checks": checks, "outcome": {"headline": headline, "structure": {n.upper(): left[n] for n in SIDES},
                                          "destroyed": dead}, "steps": steps}


def _keypads() -> tuple[Input, ...]:
    out: list[Input] = []
    for name in SIDES:
        big = name.upper()
        out += [*faces_inputs(f"{name}_att_", f"{big}'s Attack")[:2], faces_inputs(f"{name}_def_", f"{big}'s Defense")[0]]
    return tuple(out)


DOGFIGHT = Resolver(
    id="jovian-wars/v1.2.4/dogfight",
    title="Dogfight",
    summary="AS + Skill + Fuel bid, split into Attack and Defense; each Attack is rolled opposed by the other's Defense, "
            "in weapon initiative order; results are Squadron Damage.",
    inputs=(_side_input("a", "Squadron A", "Particle Cannon"), _side_input("b", "Squadron B", "Mass Driver"),
            *_keypads(), SEED),
    run=_run, odds=_odds,
    readings=(readings.DOGFIGHT_DAMAGE, readings.SECONDARY_ADDS_UP, readings.SECONDARY_CHOOSES, readings.NEGATIVE_MACRO),
    serves=("dogfight",), versions=VERSIONS, dice_needed=_needed,
)


# ---------------------------------------------------------------- Weapon Initiative

ALL_WEAPONS = (*WEAPONS, "Missile")


def _initiative_text(weapon: str) -> str:
    if weapon == "Missile":
        return "Last (after all other attacks)"
    rank = INITIATIVE[weapon]
    return "Simultaneous with any weapon" if rank is None else f"Initiative {rank}"


def _initiative_run(values: Inputs) -> Result:
    a, b = str(values["weapon_a"]), str(values["weapon_b"])
    steps = [f"{a}: {_initiative_text(a)}.", f"{b}: {_initiative_text(b)}."]
    if "Missile" in (a, b) and a != b:
        first = b if a == "Missile" else a
        headline = f"{first} first; Missiles after all other attacks"
    elif a == b:
        headline = "Same initiative: resolve attacks and apply damage simultaneously"
    else:
        who = order(a, b)
        headline = ("Simultaneous (a Lance resolves with any weapon)" if who == "simultaneous"
                    else f"{a if who == 'a' else b} first; its damage applies before the other attacks")
    return {"outcome": {"headline": headline}, "steps": steps + [headline + "."]}


WEAPON_INITIATIVE = Resolver(
    id="jovian-wars/v1.2.4/weapon-initiative",
    title="Weapon Initiative",
    summary="Which weapon attacks first in a Dogfight.",
    inputs=(Input("weapon_a", "choice", "First Squadron's weapon", default="Particle Cannon", choices=ALL_WEAPONS),
            Input("weapon_b", "choice", "Second Squadron's weapon", default="Mass Driver", choices=ALL_WEAPONS)),
    run=_initiative_run,
    serves=("weapon-initiative",), versions=VERSIONS,
)

RESOLVERS: tuple[Resolver, ...] = (DOGFIGHT, WEAPON_INITIATIVE)
