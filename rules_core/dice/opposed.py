"""Opposed rolls (How the dice work §5 "Opposed rolls"): the Secondary's results diminish the Primary's.

A Secondary [Q+] wipes the Primary's roll. Otherwise each [D] is one diminish
and each [T] two (Reading `secondary-adds-up`), placed on any Primary results,
the same result more than once if the Secondary likes. Every diminish removes one
magnitude step, so where they go changes only *which* results survive; the
automatic Secondary (Reading `secondary-chooses`) leaves the fewest steps, then
the weakest reading by the roll order `dice.reading_key`, found without searching
every split (`_weakest_remainder`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import product
from operator import lshift, sub

from .dist import Dist
from .read import DOUBLE, QUAD, Reading, diminish, magnitude, normal, notation, reading_key, steps
from ..errors import InputError
from .pool_odds import code_reading, level_weights, reading_dist, reading_weights
from .pools import Pool

WIPE = -1
"""Secondary effect of a [Q+]: the Primary's results are all wiped."""


def secondary_effect(secondary: Reading) -> int:
    """WIPE for a [Q+] among the Secondary's results, else the number of diminishes it deals."""
    if magnitude(secondary) >= QUAD:
        return WIPE
    return sum(1 if level == 2 else 2 for level, _ in secondary)


def secondary_choice(primary: Reading, effect: int) -> tuple[int, ...]:
    """The values the automatic Secondary diminishes, one per diminish, in order of value.

    Only the order of the values matters to the choice, so it is worked out once per pattern
    of levels (`_weakest_remainder`) and read back onto this reading's values.
    """
    if effect <= 0 or not primary:
        return ()
    levels = tuple(level for level, _ in primary)
    hits = _weakest_remainder(levels, min(effect, steps(primary)))
    return tuple(value for (_, value), times in zip(primary, hits) for _ in range(times))


def _weakest_remainder(levels: tuple[int, ...], diminishes: int) -> tuple[int, ...]:
    """Diminishes per result that leave the weakest remainder (Reading `secondary-chooses`).

    `levels` are the Primary's results in order of value (2 D, 3 T, 4 Q), `diminishes` at most
    their steps (`_choices` works out every number of one pattern together). Every split uses all
    the diminishes, so the steps left are the same for all; the roll order then asks, in turn, for (1) the lowest best Magnitude, (2) the fewest results,
    (3) the weakest results listed strongest first. Exact, in that order:

    1. the best Magnitude can be brought down to m exactly when lowering every result above m
       to m takes no more than the diminishes: the least such m is the answer, and no split
       does better (the tie-break spends the rest below m, which cannot lower the best);
    2. with every result capped at m, removing a result costs its capped level - 1 more; the
       most results the rest can remove is found by removing the cheapest first;
    3. for each way to remove that many within the rest (how many at each capped level; at one
       level the highest values go, since a lower value left standing lists weaker), what is
       left lowers the strongest survivors one step each (the highest values at the best
       Magnitude): lowering the strongest first is what makes the list strongest-first
       smallest. The weakest of those candidates is the answer.

    tests/rules_core/test_opposed_choice.py checks this against the exhaustive search of
    every split for every pattern of levels and every number of diminishes.
    """
    return _choices(levels)[diminishes]


def weakest_remainders() -> int:
    """Work out `_weakest_remainder` for every pattern of up to six results (1,092 patterns, cached);
    the browser engine does it before saving its snapshot. Returns the number of patterns."""
    patterns = [levels for size in range(1, 7) for levels in product((2, 3, 4), repeat=size)]
    for levels in patterns:
        _choices(levels)
    return len(patterns)


@lru_cache(maxsize=2048)
def _choices(levels: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """`_weakest_remainder` of one pattern for 0, 1 ... all its steps diminishes."""
    doubles, triples, quads = levels.count(2), levels.count(3), levels.count(4)
    need = (doubles + 2 * triples + 3 * quads, triples + 2 * quads, quads, 0)  # diminishes to bring every result to 1..4
    removed = tuple(level - 1 for level in levels)
    out: list[tuple[int, ...]] = []
    tables: dict[int, tuple[list[int], range, list[list[int]]]] = {}
    best = 4
    for diminishes in range(need[0] + 1):
        while best > 1 and need[best - 2] <= diminishes:
            best -= 1
        if best == 1:
            out.append(removed)
            continue
        table = tables.get(best)
        if table is None:
            capped = [min(level, best) for level in levels]
            tiers = range(DOUBLE, best + 1)  # capped levels, cheapest to remove first
            table = tables[best] = (capped, tiers, [[i for i in reversed(range(len(capped))) if capped[i] == level]
                                                    for level in tiers])
        capped, tiers, ranked = table
        out.append(_split(levels, capped, tiers, ranked, best, diminishes - need[best - 1]))
    return tuple(out)


def _split(levels: tuple[int, ...], capped: list[int], tiers: range, ranked: list[list[int]], best: int,
           spare: int) -> tuple[int, ...]:
    """Steps 2 and 3 of `_weakest_remainder`: with every result capped at `best`, where the `spare` diminishes go."""
    removable, budget = 0, spare
    for level, ranks in zip(tiers, ranked):
        take = min(len(ranks), budget // (level - 1))
        removable, budget = removable + take, budget - take * (level - 1)
    choices = _removal_counts(tuple(len(ranks) for ranks in ranked), removable, spare)
    weakest: tuple[list[tuple[int, int]], list[int]] | None = None
    for counts in choices:
        final = capped.copy()
        left = spare
        for level, count, ranks in zip(tiers, counts, ranked):
            for i in ranks[:count]:
                final[i] = 1
            left -= count * (level - 1)
        lowered = ranked[-1][counts[-1]:counts[-1] + left]
        assert len(lowered) == left and (left == 0 or best > DOUBLE)
        for i in lowered:
            final[i] = best - 1
        if len(choices) == 1:
            return tuple(map(sub, levels, final))
        listed = sorted(((level, i) for i, level in enumerate(final) if level >= DOUBLE), reverse=True)
        if weakest is None or listed < weakest[0]:
            weakest = (listed, final)
    assert weakest is not None
    return tuple(map(sub, levels, weakest[1]))


@lru_cache(maxsize=1024)
def _removal_counts(available: tuple[int, ...], removable: int, spare: int) -> tuple[tuple[int, ...], ...]:
    """How many results to remove at each capped level (D, T, Q...): `removable` in all, costing at most `spare`."""
    out: list[tuple[int, ...]] = []

    def split(index: int, counts: tuple[int, ...], left: int, cost: int) -> None:
        if index == len(available):
            if left == 0:
                out.append(counts)
            return
        for count in range(min(left, available[index]) + 1):
            spent = cost + count * (index + 1)  # a result capped at level index + 2 costs index + 1 to remove
            if spent <= spare:
                split(index + 1, counts + (count,), left - count, spent)

    split(0, (), removable, 0)
    return tuple(out)


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


@lru_cache(maxsize=1 << 14)
def remainders(primary: Reading, effect: int) -> tuple[Reading, ...]:
    """Every reading the Secondary can leave of `primary` with `effect` (WIPE: nothing), the automatic choice
    (`secondary_choice`) first and the rest by the roll order, weakest first (the tie-break of How the dice work §5).

    A Secondary that knows what the roll is for picks among these (`chosen_dist`); all of them keep the same steps.
    """
    if effect == WIPE:
        return ((),)
    use = min(max(effect, 0), steps(primary))
    found: set[Reading] = set()

    def place(index: int, left: int, kept: tuple[tuple[int, int], ...]) -> None:
        if index == len(primary):
            if left == 0:
                found.add(normal(kept))
            return
        level, value = primary[index]
        for times in range(min(left, level - 1) + 1):
            place(index + 1, left - times, kept + ((level - times, value),))

    place(0, use, ())
    automatic = after_effect(primary, effect)[0]
    return (automatic, *sorted(found - {automatic}, key=reading_key))


def chosen_dist(primary: Pool, secondary: Pool, choose: Callable[[Reading, int], Reading]) -> Dist[Reading]:
    """The Primary's final reading where the Secondary leaves `choose(primary reading, effect)`: a Secondary that
    knows what the roll is for (How the dice work §5) choosing among `remainders`."""
    effects = reading_dist(secondary).map(secondary_effect)
    return reading_dist(primary).product(effects).map(lambda pair: choose(*pair))


def diminished(primary: Reading, final: Reading) -> tuple[int, ...]:
    """The values a Secondary diminished to turn `primary` into `final`, once per diminish, in order of value."""
    left = dict((value, level) for level, value in final)
    return tuple(value for level, value in primary for _ in range(level - left.get(value, 1)))


def opposed_codes(primary: Pool, secondary: Pool) -> tuple[dict[int, int], int]:
    """The Primary's final reading after the Secondary's diminishes, as layout codes (`pool_odds.level_weights`:
    2 bits a face, the level minus one) with weights over one denominator.

    A diminish on face v is a subtraction of 1 << 2(v - 1) from the code, so a Primary reading and a
    number of diminishes give the final code with no reading built.
    """
    p_codes, p_total = level_weights(primary)
    s_items, s_total = reading_weights(secondary)
    effects: dict[int, int] = {}
    for reading, ways in s_items:
        effect = secondary_effect(reading)
        effects[effect] = effects.get(effect, 0) + ways
    wipe = effects.pop(WIPE, 0)
    untouched = effects.pop(0, 0)
    ordered = sorted(effects.items())
    at_least = [0] * 14  # at_least[n]: the Secondary's ways to deal n or more diminishes
    for effect, s_ways in ordered:
        at_least[effect] += s_ways
    for n in range(12, -1, -1):
        at_least[n] += at_least[n + 1]
    out: dict[int, int] = {}
    cleared = 0  # the Primary's ways times the Secondary's that leave it [N]
    for code, ways in p_codes:
        cleared += ways * wipe
        if untouched:
            out[code] = out.get(code, 0) + ways * untouched
        shifts = [shift for shift in range(0, 12, 2) if (code >> shift) & 3]
        levels = tuple([((code >> shift) & 3) + 1 for shift in shifts])
        most = sum(levels) - len(levels)
        cleared += ways * at_least[min(max(most, 1), 13)]  # enough diminishes to remove every result
        for effect, s_ways in ordered:
            if effect >= most:
                break
            final = code - sum(map(lshift, _weakest_remainder(levels, effect), shifts))
            out[final] = out.get(final, 0) + ways * s_ways
    if cleared:
        out[0] = out.get(0, 0) + cleared
    return out, p_total * s_total


def opposed_weights(primary: Pool, secondary: Pool) -> tuple[dict[Reading, int], int]:
    """`opposed_codes` as readings, for the resolvers that read the Primary's results."""
    codes, total = opposed_codes(primary, secondary)
    return {code_reading(code): ways for code, ways in codes.items()}, total


def opposed_dist(primary: Pool, secondary: Pool) -> Dist[Reading]:
    """The Primary's final reading of an opposed roll as the one exact distribution type."""
    return Dist.of(*opposed_weights(primary, secondary))


def opposed_odds(primary: Pool, secondary: Pool) -> dict[Reading, Fraction]:
    """Probability of every final Primary reading of an opposed roll."""
    weights, total = opposed_weights(primary, secondary)
    return {reading: Fraction(ways, total) for reading, ways in weights.items()}
