"""What the capital-ship damage views share: the attacker's choices, the capped attack pool, one keypad of dice, one die.

Every view (Capital Ship Damage, Rating Damage, Structure Damage, Critical Hit, an Explosion on a
Capital Ship) is a view of the one damage step, rules_core.jovian_wars.damage.step: these helpers turn inputs into
its `Aim`, its die source, and its step-by-step sentences.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ... import readings
from .step import BEST, BY_VALUE, ON_MARINES, SPINAL_WEAPON, WEAPON, Aim
from ...errors import InputError
from ...inputs import Input
from ...dice.pools import MAX_MACRO as ENGINE_MAX_MACRO, Pool
from ...registry import Inputs
from ..ship import RATINGS, Ship
from ...turns import DieSource, die_source, draw_die, typed_roll
from ...values import faces_of, int_of, rng_of
from ...rolling import pool_of
from ..ship_inputs import MAX_TRAITS
from .common import ATTACK, pool_input

STEP_READINGS = (readings.RANDOMISE_RATING, readings.STRUCTURE_THEN_CRITICAL, readings.DESTROYED_STOPS,
                 readings.ATTACKER_CHOOSES, readings.SYSTEMS_AT_ZERO, readings.STRUCTURE_BELOW_ZERO)
"""The Readings every view of the damage step depends on."""

# The attacker's exact search over every reading grows fast with the pool (rules_core.jovian_wars.damage.step): these caps keep
# the worst legal input (the largest ship of ship_inputs, choices best for the attacker) under 200 ms in CPython.
# Negative macro dice only lower results and stay cheap: they keep the engine's caps.
MAX_BASE, MAX_FLEX, MAX_MACRO, MIN_MACRO, MAX_MODIFIER = 7, 2, 2, -ENGINE_MAX_MACRO, 4


CAPS: dict[str, int] = {"base": MAX_BASE, "flex": MAX_FLEX, "macro": MAX_MACRO, "modifier": MAX_MODIFIER}
"""The most of each of the attack roll's steppers within the capital caps (the macro pool's least is MIN_MACRO)."""


def capital_pool_input(base_default: int, base_label: str) -> Input:
    """The attack's roll (`common.pool_input`), its base, flex, macro and modifier within the capital caps."""
    spec = pool_input(base_default, base_label)
    return replace(spec, parts=tuple(
        replace(part, high=CAPS[part.name], low=MIN_MACRO if part.name == "macro" else part.low) if part.name in CAPS
        else part for part in spec.parts))


def capped(pool: Pool, note: str, base: str = "base", flex: str = "flex", macro: str = "macro",
           most: tuple[int, int] = (MAX_BASE, MAX_FLEX)) -> Pool:
    """The pool, or an error naming the field when it is past the capital caps (`most` base and flex dice)."""
    if pool.base > most[0]:
        raise InputError(base, f"the base pool must be 0 to {most[0]} dice against a Capital Ship{note}, got {pool.base}")
    if pool.flex > most[1]:
        raise InputError(flex, f"the flex dice must be 0 to {most[1]} against a Capital Ship{note}, got {pool.flex}")
    if not MIN_MACRO <= pool.macro <= MAX_MACRO:
        raise InputError(macro, f"the macro pool must be {MIN_MACRO} to +{MAX_MACRO} against a Capital Ship{note}, "
                                f"got {pool.macro:+d}")
    return pool


def capital_pool(values: Inputs) -> Pool:
    """The attack pool of `capital_pool_input`, the modifier converted first (How the dice work §5 "The v1.2.4 attack modifier"), within the caps."""
    modifier = int_of(values, f"{ATTACK}.modifier")
    return capped(pool_of(values, ATTACK), f" after the attack modifier {modifier:+d}" if modifier else "",
                  f"{ATTACK}.base", f"{ATTACK}.flex", f"{ATTACK}.macro")


def d_results_input(name: str = "d_results", label: str = "[D] results damage") -> Input:
    """The attacker's choice for every [D] of damage resolved as normal (How the dice work §6b "Damage as normal"): by default the best."""
    return Input(name, "choice", label, default=BEST, choices=(BEST, BY_VALUE, ON_MARINES),
                 help="Each [D] damages the Rating its Value names (1-2 Defense, 3-4 Sensors, 5-6 Thrusters) or the "
                      "Marines, at the attacker's choice; best for the attacker chooses for each [D] result.")


D_RESULTS = d_results_input()
CRITICAL_CHOICES = (BEST, *RATINGS, *(f"System Trait {n}" for n in range(1, MAX_TRAITS + 1)), WEAPON, SPINAL_WEAPON)
CRITICAL = Input("critical", "choice", "Critical Hits", default=BEST, choices=CRITICAL_CHOICES,
                 help="The attacker's choice for each Critical Hit; a preferred option is used while it can be chosen.")
RANDOM_DICE_HELP = "Typed in the order the steps ask for them, each asked in its turn; with “Roll for me” the site rolls them."


def dice_keypad(label: str, most: int) -> Input:
    return Input("random_dice", "faces", label, low=0, high=most, optional=True, help=RANDOM_DICE_HELP)


def aim_of(values: Inputs, d_results: str = "d_results") -> Aim:
    """The attacker's choices as the step takes them (an input the resolver lacks: best for the attacker)."""
    return Aim(d_results=str(values.get(d_results, BEST)), critical=str(values.get("critical", BEST)))


def die_of(values: Inputs, rng: random.Random) -> tuple[DieSource, list[int]]:
    """The typed faces of the "random_dice" keypad in order, then the dice no keypad holds (`turns.die_source`)."""
    return die_source(faces_of(values, "random_dice") or (), "random_dice", "", rng)


def one_die(values: Inputs, name: str = "die", purpose: str = "the die") -> tuple[int, str]:
    """The typed die, or the die no keypad holds (`turns.draw_die`); with the words saying which."""
    typed = faces_of(values, name)
    if typed:
        typed_roll()
        return typed[0], "typed"
    return draw_die(name, purpose, rng_of(values)), "rolled by the site"


def die_input(label: str, name: str = "die") -> Input:
    return Input(name, "faces", label, low=0, high=1, optional=True, help="Leave empty and the page rolls it.")


def ship_facts(ship: Ship) -> dict[str, object]:
    """An end state as outcome facts: boxes left per row, Structure, Crippled, fate."""
    return {"boxes": {ship.name(i): n for i, n in enumerate(ship.left)}, "structure": ship.structure,
            "crippled": ship.crippled, "fate": ship.fate, "destroyed": ship.destroyed,
            "weapons": ship.weapons, "spinal": ship.spinal}


def what_changed(start: Ship, end: Ship) -> str:
    """One event's effect in a chart row: the row that lost a box, a weapon damaged, Structure lost, or none."""
    row = next((start.name(i) for i, (a, b) in enumerate(zip(start.left, end.left)) if b < a), "")
    if row:
        return f"{row} loses a box"
    if end.weapons < start.weapons:
        return "a weapon damaged"
    if end.spinal < start.spinal:
        return "a Spinal Arc weapon damaged"
    if end.structure < start.structure or end.fate:
        return "Structure Damage"
    return "no effect"
