"""Exact odds of an Unopposed roll: base, flex and macro dice together (MECHANICS §1-2).

Not one die at a time: the pool is walked face by face (1 to 6). At each face
the walk picks how many of the remaining rolled dice and of the remaining macro
dice show it, weighted by the binomial number of ways; the face then contributes
only its `Rung` (what it can offer the flex choice) and its "free" dice, the ones
no result needs (singletons, dice past a Quad). Faces with the same remaining
dice, the same free count and the same rungs so far merge into one state.

Flex and macro interact only through that free count: when the free dice cover
the flex dice (the common case), setting them aside changes nothing and each face
simply goes to its top; the walk then forgets the rungs and keeps only the levels,
which merges many more states. Otherwise the shared optimiser `keep.best_levels`
decides which results give up dice. Weights are ints over 6**(dice rolled).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb, factorial

from .dice import Reading, magnitude
from .keep import NEGATIVE_MACRO_CAP, POSITIVE_MACRO_CAP, Rung, as_reading, best_levels, needed, rung
from .pools import Pool

Weights = dict[Reading, int]
"""Reading -> number of equally likely ordered rolls (over `denominator`)."""



def _face_options(dice_left: int, macro_left: int, sign: int, last: bool) -> list[tuple[int, int, int, Rung | None, int]]:
    """Every way one face can take dice: (dice used, macro used, ways, rung, free dice)."""
    cap = POSITIVE_MACRO_CAP if sign > 0 else NEGATIVE_MACRO_CAP
    counts = [dice_left] if last else range(dice_left + 1)
    macros = [macro_left] if last else range(macro_left + 1)
    options = []
    for count in counts:
        for macro in macros:
            ways = comb(dice_left, count) * comb(macro_left, macro)
            step = rung(count, min(macro, cap), sign)
            options.append((count, macro, ways, step, count - needed(step)))
    return options


@lru_cache(maxsize=256)
def reading_weights(pool: Pool) -> tuple[tuple[tuple[Reading, int], ...], int]:
    """Every final reading of the pool with its weight, and the denominator 6**(dice rolled).

    Cached per pool: the page asks for the same pool's odds several times (charts, skill test).
    """
    rolled, flex, budget, sign = pool.rolled, pool.flex, pool.base, pool.sign
    macro_dice = abs(pool.macro)
    # state: (dice left, macro left, free dice capped at flex, parts so far) -> ways
    # a part is a Rung (or None) while the flex choice may still bind, a plain level once it cannot.
    states: dict[tuple[int, int, int, tuple[object, ...]], int] = {(rolled, macro_dice, 0, ()): 1}
    option_cache: dict[tuple[int, int, bool], list[tuple[int, int, int, Rung | None, int]]] = {}
    for face in range(6):
        last = face == 5
        following: dict[tuple[int, int, int, tuple[object, ...]], int] = {}
        for (dice_left, macro_left, free, parts), ways in states.items():
            key = (dice_left, macro_left, last)
            options = option_cache.get(key)
            if options is None:
                options = option_cache[key] = _face_options(dice_left, macro_left, sign, last)
            for count, macro, more, step, spare in options:
                now_free = min(flex, free + spare)
                if now_free >= flex:
                    if free >= flex:
                        new_parts = parts + ((step[2] if step else 0),)
                    else:  # the flex choice stops binding here: forget the rungs
                        new_parts = tuple(p[2] if isinstance(p, tuple) else (p or 0) for p in parts + (step,))
                else:
                    new_parts = parts + (step,)
                state = (dice_left - count, macro_left - macro, now_free, new_parts)
                following[state] = following.get(state, 0) + ways * more
        states = following
    weights: Weights = {}
    for (_, _, free, parts), ways in states.items():
        if free >= flex:
            levels = parts
        else:
            levels = best_levels(parts, budget)  # type: ignore[arg-type]
        reading = as_reading(levels)  # type: ignore[arg-type]
        weights[reading] = weights.get(reading, 0) + ways
    return tuple(weights.items()), 6 ** (rolled + macro_dice)


def reading_odds(pool: Pool) -> dict[Reading, Fraction]:
    """Probability of every final reading of an Unopposed roll."""
    items, total = reading_weights(pool)
    return {reading: Fraction(ways, total) for reading, ways in items}


def magnitude_odds(pool: Pool) -> dict[int, Fraction]:
    """Probability of each best Magnitude 0 (N), 2 (D), 3 (T), 4 (Q)."""
    items, total = reading_weights(pool)
    sums = {0: 0, 2: 0, 3: 0, 4: 0}
    for reading, ways in items:
        sums[magnitude(reading)] += ways
    return {level: Fraction(ways, total) for level, ways in sums.items()}


def at_least(pool: Pool, level: int) -> Fraction:
    """Probability that the best Magnitude is `level` or better ([D+] is level 2)."""
    return sum((p for m, p in magnitude_odds(pool).items() if m >= level), Fraction(0))


def largest_set_odds(dice: int) -> dict[int, Fraction]:
    """Distribution of the largest number of dice showing one face among `dice` d6 (uncapped).

    Rolls whose every face shows at most k dice number n! [x^n] (sum_{j<=k} x^j/j!)^6. With the
    coefficients scaled to the integers n!/j!, the sixth power is one big-integer power (each
    coefficient in its own bit field: Kronecker substitution), so the loop runs in C.
    """
    if dice == 0:
        return {0: Fraction(1)}
    total = 6**dice
    scale = factorial(dice)
    width = (6 * scale * (dice + 1)).bit_length() * 6 + 8  # room for any coefficient of the power
    mask = (1 << width) - 1
    divisor = scale**5
    at_most = {0: 0}
    packed = scale  # the j = 0 term
    term = scale
    for k in range(1, dice + 1):
        term //= k  # scale / k!
        packed |= term << (width * k)
        if 6 * k < dice:  # six faces of at most k dice cannot hold them all
            at_most[k] = 0
            continue
        square = packed * packed
        at_most[k] = ((square * square * square >> (width * dice)) & mask) // divisor
    return {k: Fraction(at_most[k] - at_most[k - 1], total) for k in range(1, dice + 1) if at_most[k] > at_most[k - 1]}
