"""War Galley rolls: the exact chance of success for a number needed the player types (How the dice work §9 "War Galley").

The game's tables are not public, so nothing here knows a number needed: the player reads it from
their rulebook. Whether success is at or above that number or at or below it is the rulebook's
too; `Direction` names both and the default is a Reading (readings.GALLEY_SUCCESS_AT_OR_ABOVE).
A modifier always counts for (+) or against (−) the roller (readings.GALLEY_MODIFIER_SIGN).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Direction = Literal["at or above", "at or below"]
DIRECTIONS: tuple[Direction, ...] = ("at or above", "at or below")
DEFAULT_DIRECTION: Direction = "at or above"

Weights = dict[int, int]
"""Dice total -> how many of the 6**n ordered rolls give it."""


def sum_weights(dice: int) -> Weights:
    """Exact weights of the total of `dice` six-sided dice, by convolution (one die at a time)."""
    weights: Weights = {0: 1}
    for _ in range(dice):
        step: Weights = {}
        for total, count in weights.items():
            for face in range(1, 7):
                step[total + face] = step.get(total + face, 0) + count
        weights = step
    return weights


def succeeds(total: int, needed: int, modifier: int, direction: Direction) -> bool:
    """Does a dice total succeed? The modifier helps the roller when positive, whichever way."""
    if direction == "at or above":
        return total + modifier >= needed
    return total - modifier <= needed


def after_modifier(total: int, modifier: int, direction: Direction) -> str:
    """The total as the modifier makes it, for a step (", 6 after the modifier −1"); "" with none. The modifier helps
    the roller: it adds to a total that must reach the number, and takes from one that must stay at or below it."""
    if not modifier:
        return ""
    value = total + modifier if direction == "at or above" else total - modifier
    return f", {value} after the modifier {'+' if modifier > 0 else '−'}{abs(modifier)}"


@dataclass(frozen=True, slots=True)
class Roll:
    """A roll against a number needed, and its exact odds."""

    dice: int
    """Six-sided dice summed (2 for ram, rake and boarding, 1 for grappling)."""
    needed: int
    """The number from the player's rulebook."""
    modifier: int = 0
    """Net modifier for (+) or against (−) the roller."""
    direction: Direction = DEFAULT_DIRECTION
    """Which side of `needed` succeeds."""

    def chance(self) -> Fraction:
        """The exact chance of success."""
        weights = sum_weights(self.dice)
        wins = sum(count for total, count in weights.items() if self.succeeds(total))
        return Fraction(wins, 6**self.dice)

    def succeeds(self, total: int) -> bool:
        return succeeds(total, self.needed, self.modifier, self.direction)

    def rule(self) -> str:
        """The success rule in words, e.g. "2d6 + modifier (−1) at or above 8"."""
        sign = f" {'+' if self.modifier >= 0 else '−'} {abs(self.modifier)}" if self.modifier else ""
        if self.direction == "at or below" and self.modifier:
            sign = f" {'−' if self.modifier > 0 else '+'} {abs(self.modifier)}"
        return f"{self.dice}d6{sign} {self.direction} {self.needed}"

    def distribution(self) -> list[tuple[int, Fraction, bool]]:
        """Each dice total with its exact chance and whether it succeeds, lowest first."""
        weights = sum_weights(self.dice)
        return [(total, Fraction(weights[total], 6**self.dice), self.succeeds(total)) for total in sorted(weights)]

    def read(self, faces: tuple[int, ...]) -> tuple[bool, str]:
        """Judge typed faces: (success, the step as a sentence)."""
        total = sum(faces)
        ok = self.succeeds(total)
        shown = " + ".join(str(face) for face in faces)
        shown = f"{shown} = {total}" if len(faces) > 1 else shown
        adjusted = after_modifier(total, self.modifier, self.direction)
        word = "success" if ok else "failure"
        return ok, f"Rolled {shown}{adjusted}: {self.direction} {self.needed} is needed, so {word}."
