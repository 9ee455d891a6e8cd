"""Slow, obvious twins of Squadron Damage and the Dogfight: every ordered roll of every pool, every way the
Secondary may place its diminishes, and the chain of steps 6 and 7 written out case by case.

Nothing here uses rules_core: a roll is read by counting faces, and the Secondary's choice is the
placement that leaves the attacked Squadron the least Structure lost (for a Missile, after the
Escalation), found by trying them all.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

WIPE = "wipe"


def levels_of(roll: tuple[int, ...]) -> tuple[int, ...]:
    """Each face shown twice or more: 2 Double, 3 Triple, 4 Quad (five or more read as 4)."""
    return tuple(sorted(min(4, count) for count in Counter(roll).values() if count >= 2))


def effect_of(levels: tuple[int, ...]) -> int | str:
    """A [Q+] wipes; otherwise each [D] is one diminish and each [T] two."""
    if 4 in levels:
        return WIPE
    return sum(1 if level == 2 else 2 for level in levels)


def damage(levels: tuple[int, ...], escalated: bool) -> int:
    """Squadron Damage: [D] 1, [T] 2, [Q+] 3 each, after Escalating every result (D->T, T->Q) when asked."""
    return sum(min(4, level + escalated) - 1 for level in levels if level >= 2)


@cache
def placements(levels: tuple[int, ...], diminishes: int) -> frozenset[tuple[int, ...]]:
    """Every result left after placing the diminishes one at a time on results still standing."""
    if diminishes == 0 or not any(level >= 2 for level in levels):
        return frozenset({tuple(sorted(level for level in levels if level >= 2))})
    out: set[tuple[int, ...]] = set()
    for i, level in enumerate(levels):
        if level >= 2:
            out |= placements(levels[:i] + (level - 1,) + levels[i + 1:], diminishes - 1)
    return frozenset(out)


def least_damage(attack: tuple[int, ...], defense: tuple[int, ...], escalated: bool) -> int:
    """What the attack costs after the defender's best placement of its diminishes."""
    effect = effect_of(defense)
    if effect == WIPE:
        return 0
    assert isinstance(effect, int)
    return min(damage(left, escalated) for left in placements(attack, effect))


def rolls(dice: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(1, 7), repeat=dice))


def loss_odds(attack_dice: int, defense_dice: int, escalated: bool = False) -> dict[int, Fraction]:
    """Structure lost -> chance, over every ordered roll of the attack and of the opposing pool."""
    ways: Counter[int] = Counter()
    attacks = Counter(levels_of(roll) for roll in rolls(attack_dice))
    defenses = Counter(levels_of(roll) for roll in rolls(defense_dice))
    for attack, a_ways in attacks.items():
        for defense, d_ways in defenses.items():
            ways[least_damage(attack, defense, escalated)] += a_ways * d_ways
    total = 6 ** (attack_dice + defense_dice)
    return {lost: Fraction(n, total) for lost, n in ways.items()}


def dogfight(a: dict[str, int], b: dict[str, int], first: str) -> dict[tuple[int, int], Fraction]:
    """Structure left of A and B: each side {"attack", "defense", "missile" (0: none), "structure"} in dice.

    Every combination of the four rolls' outcomes is walked (an attack that never happens is still
    rolled: it changes nothing, and its chances sum to 1).
    """
    on_b = loss_odds(a["attack"], b["defense"])
    on_a = loss_odds(b["attack"], a["defense"])
    missile_on_b = loss_odds(a["missile"], b["defense"], escalated=True) if a["missile"] else {0: Fraction(1)}
    missile_on_a = loss_odds(b["missile"], a["defense"], escalated=True) if b["missile"] else {0: Fraction(1)}
    out: dict[tuple[int, int], Fraction] = {}
    for (hit_b, p1), (hit_a, p2), (m_b, p3), (m_a, p4) in itertools.product(
            on_b.items(), on_a.items(), missile_on_b.items(), missile_on_a.items()):
        left_a, left_b = a["structure"], b["structure"]
        if first == "a":
            left_b = max(0, left_b - hit_b)
            if left_b > 0:
                left_a = max(0, left_a - hit_a)
        elif first == "b":
            left_a = max(0, left_a - hit_a)
            if left_a > 0:
                left_b = max(0, left_b - hit_b)
        else:
            left_a, left_b = max(0, left_a - hit_a), max(0, left_b - hit_b)
        left = (max(0, left_a - m_a), max(0, left_b - m_b))  # the Missiles fire even from a destroyed Squadron
        out[left] = out.get(left, Fraction(0)) + p1 * p2 * p3 * p4
    return out
