"""Exact odds of an Unopposed roll: base, flex and macro dice together (How the dice work §1-2).

Never one die at a time, nor one face order at a time. What decides the final
reading is each face's ladder (`keep.Rung`: what it offers the flex choice),
and a ladder depends only on the face's rolled dice capped at 4 and its
matching macro dice capped at 2 (positive) or 3 (negative). So:

1. weights per *multiset* of ladders over the six faces: the faces are
   exchangeable, so a multiset stands for all its layouts with one weight each.
   The counts come in closed form: rolled dice per face class (0, 1, 2, 3, 4+)
   times macro dice per class on the result faces (the macro dice on faces
   without a result only count ways), `_boxes` counting the "4+"/"cap+" boxes;
2. when the ladders' tops fit the base dice (no flex choice binds, the common
   case) every face takes its top: the layouts of the multiset give every
   layout of the top levels the same weight, so those readings come from the
   level multiset alone (`_spread`);
3. otherwise `flex_orders.solve` settles the flex choice for every layout of
   the multiset at once; multisets with the same constant faces are pooled and
   laid out on the six faces together (`flex_orders.lay_out`).

Weights are ints over 6**(dice rolled); a pool of 30 + 6 dice with 10 macro
dice stays a few hundred multisets.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb, factorial

from .dist import Dist
from .read import LETTERS, Reading, magnitude
from .flex_orders import lay_out, solve
from .keep import BEST_READING, NEGATIVE_MACRO_CAP, POSITIVE_MACRO_CAP, Purpose, Rung, needed, rung
from .pools import Pool

Weights = dict[Reading, int]
"""Reading -> number of equally likely ordered rolls (over `denominator`)."""

FACTS = [factorial(i) for i in range(7)]
"""0! .. 6!: layouts of at most six faces."""
_SHIFT = 3
"""Bits per kind in a multiset key: a kind is on at most 6 faces."""


def _boxes(total: int, least: int, boxes: int = 6) -> list[list[int]]:
    """ways[t][q]: ways to put t labelled dice into q labelled boxes (q <= `boxes`), each with `least` or more."""
    ways = [[0] * (boxes + 1) for _ in range(total + 1)]
    ways[0][0] = 1
    for q in range(1, boxes + 1):
        for t in range(least * q, total + 1):
            ways[t][q] = sum(comb(t, j) * ways[t - j][q - 1] for j in range(least, t - least * (q - 1) + 1))
    return ways


def _held_weights(rolled: int) -> dict[tuple[int, int, int], int]:
    """(faces holding 2, 3, 4+ dice) -> ordered rolls of `rolled` dice with those results, for one set of such faces.

    "One set": the result faces are fixed faces (the n2 first, then n3, then n4); the
    faces holding 0 or 1 die are summed over. The count is a multinomial: singles and
    pairs and triples exactly, the rest shared by the 4+ faces (`_boxes`).
    """
    four_plus = _boxes(rolled, 4)
    total = factorial(rolled)
    out: dict[tuple[int, int, int], int] = {}
    for n2 in range(7):
        for n3 in range(7 - n2):
            for n4 in range(7 - n2 - n3):
                held = n2 + n3 + n4
                ways = 0
                for n1 in range(7 - held):
                    rest = rolled - n1 - 2 * n2 - 3 * n3
                    if rest < 4 * n4 or (n4 == 0 and rest):
                        continue
                    layouts = FACTS[6 - held] // (FACTS[n1] * FACTS[6 - held - n1])  # which others hold a single
                    ways += layouts * total // (2**n2 * 6**n3 * factorial(rest)) * four_plus[rest][n4]
                if ways:
                    out[(n2, n3, n4)] = ways
    return out


def _ladder_weights(pool: Pool) -> tuple[list[Rung | None], dict[int, int]]:
    """The ladder kinds, and multiset key (kind counts, `_SHIFT` bits each) -> ordered rolls with those ladders."""
    sign, macro = pool.sign, abs(pool.macro)
    cap = POSITIVE_MACRO_CAP if sign > 0 else NEGATIVE_MACRO_CAP if sign < 0 else 0
    kinds: list[Rung | None] = [None]
    for held in (2, 3, 4):
        for hits in range(cap + 1):
            step = rung(held, hits, sign)
            if step not in kinds:
                kinds.append(step)
    code = {step: 1 << (_SHIFT * i) for i, step in enumerate(kinds)}
    # per face group (held 2, 3, 4+) of g faces: every split of the macro classes 0..cap over them
    # -> (macro dice exactly on singles, faces with exactly 2, faces with cap+, ladder key, layouts)
    groups: dict[tuple[int, int], list[tuple[int, int, int, int, int]]] = {}
    for held in (2, 3, 4):
        for size in range(7):
            entries = []
            for split in _compositions(size, cap + 1):
                key = sum(n * code[rung(held, hits, sign)] for hits, n in enumerate(split))
                layouts = FACTS[size]
                for n in split:
                    layouts //= FACTS[n]
                ones = split[1] if cap > 1 else 0
                twos = split[2] if cap > 2 else 0
                entries.append((ones, twos, split[cap] if cap else 0, key, layouts))
            groups[(held, size)] = entries
    at_least_cap = _boxes(macro, cap) if cap else [[1]]
    macro_ways: dict[tuple[int, int, int, int], int] = {}

    def macro_count(ones: int, twos: int, big: int, others: int) -> int:
        """Ordered macro rolls: exact dice on the 1- and 2-classes, `cap`+ on `big` faces, any on `others`."""
        found = macro_ways.get((ones, twos, big, others))
        if found is None:
            rest = macro - ones - 2 * twos
            if not cap:
                found = 1
            elif rest < cap * big:
                found = 0
            else:
                spread = sum(comb(rest, j) * at_least_cap[j][big] * others ** (rest - j) for j in range(cap * big, rest + 1))
                found = factorial(macro) // (2**twos * factorial(rest)) * spread
            macro_ways[(ones, twos, big, others)] = found
        return found

    weights: dict[int, int] = {}
    for (n2, n3, n4), rolled_ways in _held_weights(pool.rolled).items():
        others = 6 - n2 - n3 - n4
        layouts = FACTS[6] // (FACTS[n2] * FACTS[n3] * FACTS[n4] * FACTS[others])  # which faces hold which
        empty = others * code[None]
        scale = rolled_ways * layouts
        for o2, t2, b2, k2, w2 in groups[(2, n2)]:
            for o3, t3, b3, k3, w3 in groups[(3, n3)]:
                partial = scale * w2 * w3
                for o4, t4, b4, k4, w4 in groups[(4, n4)]:
                    ways = macro_count(o2 + o3 + o4, t2 + t3 + t4, b2 + b3 + b4, others)
                    if ways:
                        key = k2 + k3 + k4 + empty
                        weights[key] = weights.get(key, 0) + partial * w4 * ways
    return kinds, weights


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every tuple of `parts` non-negative ints summing to `total`."""
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total + 1) for rest in _compositions(total - first, parts - 1)]


LEVELS = (0, 2, 3, 4)
"""Digit of a layout code (`flex_orders.DIGIT`) -> level."""


@lru_cache(maxsize=1)
def _half_readings() -> tuple[list[Reading], list[Reading]]:
    """Readings of faces 1-3 and of faces 4-6 by their 6-bit half of a layout code (2 bits a face)."""
    low: list[Reading] = []
    high: list[Reading] = []
    for code in range(64):
        levels = [LEVELS[(code >> (2 * i)) & 3] for i in range(3)]
        low.append(tuple((level, face) for face, level in enumerate(levels, start=1) if level))
        high.append(tuple((level, face) for face, level in enumerate(levels, start=4) if level))
    return low, high


@lru_cache(maxsize=1)
def half_tables() -> tuple[list[str], list[str], list[int], list[int], list[int], list[int]]:
    """Per 6-bit half of a layout code (faces 1-3, faces 4-6): its results' text ("D2,T3"), its best
    Magnitude, and its part of the roll-order key (`code_key`), for the odds JSON (thousands of readings).
    """
    texts: tuple[list[str], list[str]] = ([], [])
    mags: tuple[list[int], list[int]] = ([], [])
    keys: tuple[list[int], list[int]] = ([], [])
    for half, first in ((0, 1), (1, 4)):
        for code in range(64):
            results = [(LEVELS[(code >> (2 * i)) & 3], first + i) for i in range(3)]
            results = [(level, value) for level, value in results if level]
            texts[half].append(",".join(f"{LETTERS[level]}{value}" for level, value in results))
            mags[half].append(max((level for level, _ in results), default=0))
            # results kept, then one bit per (level, value) rank: comparing the bits of two readings
            # with as many results compares their results listed strongest first (`dice.reading_key`)
            keys[half].append(len(results) << 18 | sum(1 << ((level - 2) * 6 + value - 1) for level, value in results))
    return texts[0], texts[1], mags[0], mags[1], keys[0], keys[1]


def code_of(reading: Reading) -> int:
    """A reading as a layout code (`flex_orders.DIGIT`, 2 bits a face, face 1 lowest)."""
    return sum((level - 1) << (2 * (value - 1)) for level, value in reading)


def code_notation(code: int) -> str:
    """`dice.notation` of a layout code, from the half tables."""
    low_texts, high_texts = half_tables()[:2]
    low, high = low_texts[code & 63], high_texts[code >> 6]
    return f"[{low},{high}]" if low and high else f"[{low or high or 'N'}]"


def code_key(code: int) -> int:
    """`dice.reading_key` of a layout code as one int (same order): Magnitude, results, their ranks as bits."""
    _, _, low_mags, high_mags, low_keys, high_keys = half_tables()
    return max(low_mags[code & 63], high_mags[code >> 6]) << 21 | (low_keys[code & 63] + high_keys[code >> 6])


@lru_cache(maxsize=256)
def level_weights(pool: Pool, purpose: Purpose = BEST_READING) -> tuple[tuple[tuple[int, int], ...], int]:
    """Every final reading of the pool as a layout code (`flex_orders.DIGIT`, 2 bits a face) with its weight,
    and the denominator 6**(dice rolled). The flex dice are set aside for `purpose` (`keep.Purpose`).

    Cached per pool: the page asks for the same pool's odds several times (charts, skill test).
    """
    kinds, ladder_weights = _ladder_weights(pool)
    mask = (1 << _SHIFT) - 1
    tops_of = [0 if kind is None else kind[2] for kind in kinds]
    needs = [needed(kind) for kind in kinds]
    # constant faces' levels -> (varying faces' levels -> weight per layout); no flex choice binding: all constant
    pooled: dict[tuple[int, ...], dict[tuple[int, ...], int]] = {}
    for key, ways in ladder_weights.items():
        counts = [(key >> (_SHIFT * i)) & mask for i in range(len(kinds))]
        layouts = 720
        need = 0
        for n, cost in zip(counts, needs):
            if n:
                layouts //= FACTS[n]
                need += cost * n
        each = ways // layouts  # every layout of the multiset is equally likely
        if need <= pool.base:
            # every face reaches its top; merging faces by level, a layout of levels stands for
            # prod(level counts!)/prod(kind counts!) layouts of the kinds
            per_level = {0: 0, 2: 0, 3: 0, 4: 0}
            divisor = 1
            for n, top in zip(counts, tops_of):
                if n:
                    per_level[top] += n
                    divisor *= FACTS[n]
            for n in per_level.values():
                each *= FACTS[n]
            each //= divisor
            constant = tuple(level for level, n in per_level.items() for _ in range(n))
            into = pooled.setdefault(constant, {})
            into[()] = into.get((), 0) + each
            continue
        present = [(kind, n) for kind, n in zip(kinds, counts) if n and kind is not None]
        constant, fills = solve([kind for kind, _ in present], [n for _, n in present], pool.base, purpose=purpose)
        into = pooled.setdefault(constant, {})
        for fill, n in fills.items():
            into[fill] = into.get(fill, 0) + n * each
    by_code = [0] * 4096
    for constant, fills in pooled.items():
        lay_out(constant, fills, by_code)
    return tuple((code, ways) for code, ways in enumerate(by_code) if ways), 6 ** (pool.rolled + abs(pool.macro))


@lru_cache(maxsize=256)
def reading_weights(pool: Pool, purpose: Purpose = BEST_READING) -> tuple[tuple[tuple[Reading, int], ...], int]:
    """Every final reading of the pool with its weight, and the denominator 6**(dice rolled)."""
    codes, total = level_weights(pool, purpose)
    low, high = _half_readings()
    return tuple((low[code & 63] + high[code >> 6], ways) for code, ways in codes), total


def reading_dist(pool: Pool, purpose: Purpose = BEST_READING) -> Dist[Reading]:
    """Every final reading of an Unopposed roll as the one exact distribution type (flex set aside for `purpose`)."""
    items, total = reading_weights(pool, purpose)
    return Dist.of(dict(items), total)


def code_reading(code: int) -> Reading:
    """The reading of a layout code (the inverse of `code_of`)."""
    low, high = _half_readings()
    return low[code & 63] + high[code >> 6]


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
