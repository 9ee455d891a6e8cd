"""What the v1.2.4 Damage resolvers share: the attack pool and squadron damage.

A Capital Ship's damage is the one damage step, rules_core.jovian_wars.damage.step; its views share capital.py.
"""

from __future__ import annotations

import random

from ...dice.read import Reading, notation, steps
from ...dice.dist import Dist
from ...inputs import Input
from ...dice.opposed import WIPE, secondary_effect
from ...dice.keep import MOST_STEPS
from ...dice.pool_odds import reading_dist
from ...dice.pools import Pool
from ...registry import Inputs
from ...dice.roll import Resolution
from ...rolling import pool_of, roll, roll_input


# ---------------------------------------------------------------- the attack pool


ATTACK = "roll"
"""The attack's roll input: its pool and its dice."""


def pool_input(base_default: int, base_label: str) -> Input:
    """The attack's roll: base (relabelled for the weapon rating), flex, macro, modifier and the typed dice."""
    return roll_input(ATTACK, "Attack", pool=base_default, base_label=base_label)


def attack_pool(values: Inputs) -> Pool:
    return pool_of(values, ATTACK)


def roll_attack(values: Inputs, rng: random.Random) -> Resolution:
    """Resolve the attack from typed dice, or roll it from the generator."""
    return roll(attack_pool(values), values, rng, ATTACK, purpose=MOST_STEPS)  # against a Squadron: the most Structure lost


def squadron_loss(reading: Reading) -> int:
    """Squadron Damage: each result on its own, Magnitude only: [D] 1, [T] 2, [Q+] 3 Structure."""
    return steps(reading)


def squadron_after(structure: int, lost: int) -> tuple[int, str]:
    """A Squadron's Structure left after losing `lost`, and the step saying so (0 is Destroyed)."""
    left = max(0, structure - lost)
    return left, f"Structure {structure} - {lost} = {left}" + (": Destroyed, removed as casualties." if left == 0 else ".")


def loss_after(lost: int, effect: int) -> int:
    """Structure an attack still takes after an opposing roll dealt `effect` (a number of diminishes, or WIPE).

    Every diminish removes one magnitude step wherever it is placed, and the Squadron Damage of a
    reading is its steps, so the loss is the attack's steps less the diminishes (never below 0):
    the Secondary's choice (Reading `secondary-chooses`) changes which results stand, not the loss.
    """
    return 0 if effect == WIPE else max(0, lost - effect)


def squadron_damage_dist(attack: Pool, opposing: Pool | None = None) -> Dist[int]:
    """Structure lost -> exact chance for an anti-squadron attack, opposed by `opposing` when given
    (Point Defense, or a Dogfight Defense pool). The attacker sets its flex dice aside for the most Structure
    lost (How the dice work §2 "Base, flex and macro dice"); every diminish then takes one step, wherever it goes."""
    lost = reading_dist(attack, MOST_STEPS).map(squadron_loss)
    if opposing is None:
        return lost
    return lost.combine(reading_dist(opposing).map(secondary_effect), loss_after)


def opposed_sentence(primary: Reading, secondary: Reading, final: Reading, attacker: str, opposer: str) -> str:
    """What the opposing roll did to the attack's results, in one sentence."""
    effect = secondary_effect(secondary)
    if effect == WIPE:
        return f"{opposer} {notation(secondary)} holds a [Q+]: it wipes {attacker}'s results."
    if effect == 0:
        return f"{opposer} {notation(secondary)} has no result: {attacker}'s results stand."
    if not primary:
        return f"{opposer} {notation(secondary)} has nothing to diminish."
    return f"{opposer} {notation(secondary)} diminishes {attacker}'s results {effect}×: {notation(primary)} → {notation(final)}."

