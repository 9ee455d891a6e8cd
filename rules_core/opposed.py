"""Opposed rolls (MECHANICS §5): the Secondary's results diminish the Primary's.

A Secondary [Q+] wipes the Primary's roll. Otherwise each [D] is one diminish
and each [T] two (Reading `secondary-adds-up`), placed on any Primary results,
the same result more than once if the Secondary likes. Every diminish removes one
magnitude step, so where they go changes only *which* results survive; the
automatic Secondary (Reading `secondary-chooses`) leaves the fewest steps, then
the weakest reading by the roll order `dice.reading_key`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from .dice import QUAD, Reading, diminish, magnitude, notation, reading_key, steps
from .errors import InputError
from .pool_odds import reading_weights
from .pools import Pool

WIPE = -1
"""Secondary effect of a [Q+]: the Primary's results are all wiped."""


def secondary_effect(secondary: Reading) -> int:
    """WIPE for a [Q+] among the Secondary's results, else the number of diminishes it deals."""
    if magnitude(secondary) >= QUAD:
        return WIPE
    return sum(1 if level == 2 else 2 for level, _ in secondary)


@lru_cache(maxsize=65536)
def secondary_choice(primary: Reading, effect: int) -> tuple[int, ...]:
    """The values the automatic Secondary diminishes, one per diminish, in order.

    Tries every split of the diminishes over the Primary's results (at most six
    results, twelve diminishes) and keeps the weakest remainder: fewest steps,
    then lowest by the roll order.
    """
    if effect <= 0 or not primary:
        return ()
    usable = min(effect, steps(primary))
    best: tuple[tuple[int, object], tuple[int, ...]] | None = None

    def split(index: int, left: int, taken: tuple[int, ...]) -> None:
        nonlocal best
        if index == len(primary):
            if left:
                return
            remainder = apply_choice(primary, taken)
            key = (steps(remainder), reading_key(remainder))
            if best is None or key < best[0]:
                best = (key, taken)
            return
        level, value = primary[index]
        for hits in range(min(left, level - 1) + 1):
            split(index + 1, left - hits, taken + (value,) * hits)

    split(0, usable, ())
    assert best is not None
    return best[1]


def apply_choice(primary: Reading, targets: Sequence[int]) -> Reading:
    """Diminish the Primary's result of each value in `targets`, once per mention."""
    result = primary
    for value in targets:
        result = diminish(result, value)
    return result


def check_choice(primary: Reading, effect: int, targets: Sequence[int], field: str) -> None:
    """A player-given Secondary choice must use every diminish on results still standing."""
    usable = min(max(effect, 0), steps(primary))
    if len(targets) != usable:
        raise InputError(field, f"the Secondary has {usable} diminish{'es' if usable != 1 else ''} to place "
                         f"on {notation(primary)}, got {len(targets)}")
    result = primary
    for value in targets:
        if value not in {v for _, v in result}:
            raise InputError(field, f"no Primary result of value {value} is left to diminish in {notation(result)}")
        result = diminish(result, value)


def opposed_final(primary: Reading, secondary: Reading, targets: Sequence[int] | None = None) -> tuple[Reading, tuple[int, ...]]:
    """The Primary's final reading and the values diminished (automatic unless `targets` given)."""
    return after_effect(primary, secondary_effect(secondary), targets)


def after_effect(primary: Reading, effect: int, targets: Sequence[int] | None = None) -> tuple[Reading, tuple[int, ...]]:
    """The Primary's reading after a Secondary effect (WIPE or a number of diminishes)."""
    if effect == WIPE:
        return (), ()
    chosen = secondary_choice(primary, effect) if targets is None else tuple(targets)
    return apply_choice(primary, chosen), chosen


def opposed_weights(primary: Pool, secondary: Pool) -> tuple[dict[Reading, int], int]:
    """The Primary's final reading after the Secondary's diminishes, as weights over one denominator."""
    p_items, p_total = reading_weights(primary)
    s_items, s_total = reading_weights(secondary)
    effects: dict[int, int] = {}
    for reading, ways in s_items:
        effect = secondary_effect(reading)
        effects[effect] = effects.get(effect, 0) + ways
    out: dict[Reading, int] = {}
    for reading, ways in p_items:
        for effect, s_ways in effects.items():
            final, _ = after_effect(reading, effect)
            out[final] = out.get(final, 0) + ways * s_ways
    return out, p_total * s_total


def opposed_odds(primary: Pool, secondary: Pool) -> dict[Reading, Fraction]:
    """Probability of every final Primary reading of an opposed roll."""
    weights, total = opposed_weights(primary, secondary)
    return {reading: Fraction(ways, total) for reading, ways in weights.items()}
