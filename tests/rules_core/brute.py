"""Slow, obvious twins of the engine: every ordered roll, every choice of dice to set aside."""

from __future__ import annotations

import itertools
from fractions import Fraction

from rules_core.dice.read import Reading, apply_macro, counts_of, diminish, read, reading_key, steps
from rules_core.dice.opposed import WIPE, secondary_effect
from rules_core.dice.pools import Pool


def brute_final(pool: Pool, roll: tuple[int, ...], macro_roll: tuple[int, ...]) -> Reading:
    """The best final reading over every choice of `pool.base` dice kept (macro dice included)."""
    macro_counts = counts_of(macro_roll)
    best: Reading | None = None
    for kept in itertools.combinations(roll, pool.base):
        reading = apply_macro(read(counts_of(kept)), macro_counts, pool.sign)
        if best is None or reading_key(reading) > reading_key(best):
            best = reading
    assert best is not None
    return best


def brute_odds(pool: Pool) -> dict[Reading, Fraction]:
    """Every ordered roll of the base+flex dice and of the macro dice."""
    out: dict[Reading, int] = {}
    rolls = list(itertools.product(range(1, 7), repeat=pool.rolled))
    macro_rolls = list(itertools.product(range(1, 7), repeat=abs(pool.macro)))
    for roll in rolls:
        for macro_roll in macro_rolls:
            final = brute_final(pool, roll, macro_roll)
            out[final] = out.get(final, 0) + 1
    total = len(rolls) * len(macro_rolls)
    return {reading: Fraction(ways, total) for reading, ways in out.items()}


def brute_after(primary: Reading, secondary: Reading) -> Reading:
    """Every sequence of diminishes the Secondary may deal; the weakest remainder by (steps, roll order)."""
    effect = secondary_effect(secondary)
    if effect == WIPE:
        return ()
    candidates = [primary]
    for _ in range(effect):
        following = []
        for reading in candidates:
            if not reading:
                following.append(reading)
            for _, value in reading:
                following.append(diminish(reading, value))
        candidates = following
    return min(candidates, key=lambda r: (steps(r), reading_key(r)))


def brute_opposed(primary: Pool, secondary: Pool) -> dict[Reading, Fraction]:
    """The Primary's final reading over every pair of final readings."""
    out: dict[Reading, Fraction] = {}
    second = brute_odds(secondary)
    for p_reading, p in brute_odds(primary).items():
        for s_reading, q in second.items():
            final = brute_after(p_reading, s_reading)
            out[final] = out.get(final, Fraction(0)) + p * q
    return out
