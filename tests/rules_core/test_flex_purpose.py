"""How the dice work §2, flex "for the roll's purpose": against a Squadron the roller keeps the most Structure.

A brute force over small pools (base up to 6, flex up to 2, macro -2..2), every roll as a multiset
of faces, every choice of dice to set aside: it finds the rolls where the roll order
(`dice.reading_key`) keeps fewer magnitude steps ([D] 1, [T] 2, [Q+] 3: the Structure a Squadron
loses) than the best choice, so the engine has a purpose, MOST_STEPS, and the brute force proves it.
Readings here are worked out by this file's own enumeration, not by rules_core's engine.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import factorial, prod

import pytest

from rules_core.dice.read import apply_macro, read, reading_key, steps
from rules_core.dice.keep import MOST_STEPS, kept_counts
from rules_core.dice.pool_odds import reading_dist
from rules_core.dice.pools import Pool
from rules_core.dice.roll import resolve_pool

POOLS = [Pool(base, flex, macro) for base in range(7) for flex in (1, 2) for macro in range(-2, 3)]
"""Flex 0 leaves no choice to make."""


def multisets(dice: int) -> list[tuple[int, ...]]:
    """Every roll of `dice` d6 as counts per face."""
    out = []
    for faces in itertools.combinations_with_replacement(range(6), dice):
        counts = [0] * 6
        for face in faces:
            counts[face] += 1
        out.append(tuple(counts))
    return out


def keeps(counts: tuple[int, ...], budget: int) -> list[tuple[int, ...]]:
    """Every way to keep exactly `budget` of the rolled dice, as counts per face."""
    return [kept for kept in itertools.product(*(range(c + 1) for c in counts)) if sum(kept) == budget]


def choices(pool: Pool, counts: tuple[int, ...], macro_counts: tuple[int, ...]) -> list[tuple]:
    """The final reading of every choice of dice to keep."""
    return [apply_macro(read(kept), macro_counts, pool.sign) for kept in keeps(counts, pool.base)]


def by_roll_order(finals):
    return max(finals, key=reading_key)


def by_steps(finals):
    return max(finals, key=lambda r: (steps(r), reading_key(r)))


def rolls(pool: Pool):
    for counts in multisets(pool.rolled):
        for macro_counts in multisets(abs(pool.macro)):
            yield counts, macro_counts


def test_the_roll_order_sometimes_keeps_less_structure_than_the_best_choice():
    """Assert: over every small pool, some rolls' roll-order choice loses fewer steps than another
    choice (so the roll order alone does not serve a Squadron attack); the first one found is
    base 4 + flex 1 rolling 1,1,1,2,2 with macro +2 showing 1,2: [Q1] (3 steps) against [T1,T2] (4)."""
    found = next(((pool, counts, macro_counts) for pool in POOLS for counts, macro_counts in rolls(pool)
                  if steps(by_roll_order(finals := choices(pool, counts, macro_counts))) < steps(by_steps(finals))), None)
    assert found == (Pool(4, 1, 2), (3, 2, 0, 0, 0, 0), (1, 1, 0, 0, 0, 0))


@pytest.mark.parametrize("pool", POOLS, ids=lambda p: f"b{p.base}f{p.flex}m{p.macro:+d}")
def test_most_steps_keeps_the_most_structure_then_the_best_reading(pool):
    """Assert: for every roll of the pool, the automatic roller with MOST_STEPS keeps dice whose
    final reading is this file's best by (steps, roll order), and the resolver says so."""
    for counts, macro_counts in rolls(pool):
        kept = kept_counts(counts, macro_counts, pool.sign, pool.base, MOST_STEPS)
        assert sum(kept) == pool.base and all(k <= c for k, c in zip(kept, counts))
        assert apply_macro(read(kept), macro_counts, pool.sign) == by_steps(choices(pool, counts, macro_counts))
    dice = [1, 1, 1, 2, 2]
    res = resolve_pool(Pool(4, 1, 2), dice, [1, 2], purpose=MOST_STEPS)
    assert (res.set_aside, res.final) == ((1,), ((3, 1), (3, 2)))


@pytest.mark.parametrize("pool", [pool for pool in POOLS if pool.rolled + abs(pool.macro) <= 7],
                         ids=lambda p: f"b{p.base}f{p.flex}m{p.macro:+d}")
def test_most_steps_odds_match_brute_force(pool):
    """Assert: the odds engine with MOST_STEPS gives exactly the distribution of this file's choice
    over every roll (each multiset weighted by its ordered rolls)."""
    ways: Counter = Counter()
    for counts, macro_counts in rolls(pool):
        orders = factorial(pool.rolled) // prod(factorial(c) for c in counts)
        macro_orders = factorial(abs(pool.macro)) // prod(factorial(c) for c in macro_counts)
        ways[by_steps(choices(pool, counts, macro_counts))] += orders * macro_orders
    total = 6 ** (pool.rolled + abs(pool.macro))
    expected = {reading: Fraction(n, total) for reading, n in ways.items()}
    assert dict(reading_dist(pool, MOST_STEPS).items()) == expected
