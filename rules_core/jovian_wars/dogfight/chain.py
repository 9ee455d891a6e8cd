"""The Dogfight's exact chain (v1.2.4 Dogfight steps 6 and 7): Structure left of both Squadrons.

Step 6: each Attack pool is the Primary of an Opposed Roll against the other Squadron's Defense
pool, in weapon initiative order: an earlier attack's damage applies before the later Squadron
attacks, and a Squadron destroyed before it acts does not attack (same initiative or a Lance:
simultaneous). Step 7: every declared Missile attack, simultaneously, even from a destroyed
Squadron: the Missile's AS against a new roll of the defender's Defense pool, the results left
Escalated (Reading `dogfight-missile`). Every result hits as Squadron Damage. A Missile at a Squadron step 6
destroyed is not rolled (Reading `missile-target-gone`): the Structure left is the same either way, so the chain
need not tell the two apart.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from ...dice.read import Reading, ReadingKey, escalate, normal, reading_key, steps
from ...dice.dist import Dist
from ...dice.opposed import WIPE, apply_choice, secondary_effect
from ...dice.pool_odds import reading_dist
from ...dice.pools import Pool
from ..damage.common import squadron_damage_dist, squadron_loss

Left = tuple[int, int]
"""Structure left of Squadron A and Squadron B (0 is Destroyed)."""


@dataclass(frozen=True, slots=True)
class Squadron:
    """One side of a Dogfight, as step 5 reveals it."""

    attack: Pool
    """The Attack pool with its weapon Macro and attack modifier."""
    defense: Pool
    """The Defense pool (Evasive included)."""
    missile: Pool | None
    """The Missile attack declared in step 1, or None."""
    structure: int
    """Structure left at the start."""


# ---------------------------------------------------------------- step 7: the Missile attack


def missile_loss(reading: Reading) -> int:
    """Squadron Damage of a Missile's results once Escalated."""
    return squadron_loss(escalate(reading))


def missile_choice(primary: Reading, effect: int) -> tuple[int, ...]:
    """The values the defending Squadron diminishes (one per diminish): the least Structure lost after the
    Escalation, then the Secondary's usual choice (fewest steps left, then the weakest by the roll order)."""
    if effect <= 0 or not primary:
        return ()
    usable = min(effect, steps(primary))
    splits = (split for split in itertools.product(*(range(level) for level, _ in primary)) if sum(split) == usable)

    def judged(split: tuple[int, ...]) -> tuple[tuple[int, int, ReadingKey], tuple[int, ...]]:
        targets = tuple(value for (_, value), times in zip(primary, split) for _ in range(times))
        left = apply_choice(primary, targets)
        return (missile_loss(left), steps(left), reading_key(left)), targets

    return min(judged(split) for split in splits)[1]


def levels_of(reading: Reading) -> tuple[int, ...]:
    """The results' levels, strongest first: all the Missile's loss depends on."""
    return tuple(sorted((level for level, _ in reading), reverse=True))


@lru_cache(maxsize=4096)
def least_missile_loss(levels: tuple[int, ...], effect: int) -> int:
    """The least Structure the defender can lose to results of these levels after `effect` diminishes, Escalated.

    A diminish never raises the loss ([Q+] 3 → [T] 3 → [D] 2 → gone), so "at most `effect`" is "exactly".
    """
    if effect == WIPE or not levels:
        return 0
    head, rest = levels[0], levels[1:]
    return min(missile_loss(normal(((head - spent, 1),))) + least_missile_loss(rest, effect - spent)
               for spent in range(min(head - 1, effect) + 1))


def missile_damage_dist(missile: Pool | None, defense: Pool) -> Dist[int]:
    """Structure the defender loses to one declared Missile attack (none declared: 0)."""
    if missile is None:
        return Dist.certain(0)
    return reading_dist(missile).map(levels_of).combine(reading_dist(defense).map(secondary_effect), least_missile_loss)


# ---------------------------------------------------------------- steps 6 and 7 together


def _after(structure: int, lost: int) -> int:
    return max(0, structure - lost)


def _in_order(hits_second: Dist[int], hits_first: Dist[int], first: int, second: int) -> Dist[Left]:
    """(first's Structure left, second's): the first Squadron's damage applies before the second attacks."""
    def reply(lost: int) -> Dist[Left]:
        left = _after(second, lost)
        if left == 0:
            return Dist.certain((first, 0))  # destroyed before it acts: it does not attack
        return hits_first.map(lambda back: (_after(first, back), left))
    return hits_second.bind(reply)


def step6(a: Squadron, b: Squadron, first: str) -> Dist[Left]:
    """Structure left after the weapon attacks; `first` is "a", "b" or "simultaneous"."""
    hits_b = squadron_damage_dist(a.attack, b.defense)
    hits_a = squadron_damage_dist(b.attack, a.defense)
    if first == "a":
        return _in_order(hits_b, hits_a, a.structure, b.structure)
    if first == "b":
        return _in_order(hits_a, hits_b, b.structure, a.structure).map(lambda left: (left[1], left[0]))
    return hits_a.combine(hits_b, lambda lost_a, lost_b: (_after(a.structure, lost_a), _after(b.structure, lost_b)))


def dogfight_dist(a: Squadron, b: Squadron, first: str) -> Dist[Left]:
    """Structure left of both Squadrons after steps 6 and 7: the Missiles hit whatever step 6 left."""
    missiles = missile_damage_dist(b.missile, a.defense).product(missile_damage_dist(a.missile, b.defense))
    return step6(a, b, first).combine(missiles, lambda left, lost: (_after(left[0], lost[0]), _after(left[1], lost[1])))


FATES: tuple[str, ...] = ("Both survive", "Only Squadron A survives", "Only Squadron B survives", "Both destroyed")
"""The four ends of a Dogfight, in the order the odds show them."""


def fate(left: Left) -> str:
    """Which of `FATES` a pair of Structures left is."""
    return FATES[2 * (left[0] == 0) + (left[1] == 0)]
