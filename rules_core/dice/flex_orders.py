"""The flex choice for every ordering of a multiset of ladders at once (the odds engine's half of `keep`).

The odds engine meets the same multiset of face ladders (`keep.Rung`) in every
order the faces 1..6 can carry them. Solving `keep.best_levels` once per order
is what made big pools slow, so this module solves the multiset once:

1. a *profile* gives each ladder kind a multiset of levels (0 = its dice set
   aside). Its cost, best Magnitude and number of results do not depend on the
   order, so the roll order's first two parts (`dice.reading_key`) are settled
   for all orders at once: keep the profiles that fit the budget and reach the
   best (Magnitude, count);
2. a profile another one beats in every order (`_beats`: at the highest level
   where they differ, the other holds a superset of its faces) is dropped, so
   only the undominated profiles survive (usually one, at most a handful);
3. in one order, a profile is best realised by giving each kind's highest
   levels to its highest faces; the surviving profiles are compared by the
   roll order's third part (the results strongest first, here the sum of
   2**rank over the 18 (level, value) ranks: equal to comparing the lists).

Kinds that every survivor keeps at one constant level are interchangeable:
they merge, with `None` faces (level 0), into one kind per level, which shrinks
the orders to walk. The brute-force oracle in the tests checks the whole engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import factorial

from .keep import BEST_READING, MOST_STEPS, Purpose, Rung

FACTS = [factorial(i) for i in range(7)]
"""0! .. 6!."""
Profile = tuple[tuple[int, ...], ...]
"""Per kind, its faces' levels, highest first (0 = set aside)."""


DIGIT = (0, 0, 1, 2, 3)
"""Level (0, 2, 3, 4) -> its 2-bit digit in a layout code (face 1 in the lowest two bits)."""
SPREAD = [sum(1 << (2 * p) for p in range(6) if mask >> p & 1) for mask in range(64)]
"""Face mask -> the code with digit 1 on each face of the mask (times a digit: that digit there)."""
POSITIONS = [tuple(p for p in range(6) if mask >> p & 1) for mask in range(64)]
"""Face mask -> its faces (0-based), lowest first."""


def _submasks() -> list[list[list[int]]]:
    """mask -> size -> every submask of that size (729 in all: built at import, well under a millisecond)."""
    table: list[list[list[int]]] = [[[] for _ in range(7)] for _ in range(64)]
    for mask in range(64):
        sub = mask
        while True:
            table[mask][bin(sub).count("1")].append(sub)
            if not sub:
                break
            sub = (sub - 1) & mask
    return table


SUBMASKS = _submasks()


@lru_cache(maxsize=1024)
def kind_options(kind: Rung, count: int, budget: int) -> tuple[tuple[int, int, int, tuple[int, ...], int, int, int], ...]:
    """Every multiset of levels `count` faces of one kind can take within `budget`.

    Each as (cost, best level, kept, levels, and how many faces stand at Q, at T+, at D+:
    what `_beats` compares).
    """
    lo, entry, top = kind
    choices = []
    for combo in combinations_with_replacement([*range(top, lo - 1, -1), 0], count):
        cost = sum(entry + level - lo for level in combo if level)
        if cost <= budget:
            kept = count - combo.count(0)
            choices.append((cost, combo[0], kept, combo, combo.count(4), kept - combo.count(2), kept))
    return tuple(choices)


def _most_steps_profiles(options: Sequence[Sequence[tuple[int, int, int, tuple[int, ...], int, int, int]]],
                         budget: int) -> list[tuple[Profile, int, int, int]]:
    """Every profile that fits `budget` with the most steps, then the best (Magnitude, number of results)."""
    best: tuple[int, int, int] | None = None
    chosen: list[tuple[Profile, int, int, int]] = []
    for picks in product(*options):
        if sum(pick[0] for pick in picks) > budget:
            continue
        rank = (sum(level - 1 for pick in picks for level in pick[3] if level), max(pick[1] for pick in picks),
                sum(pick[2] for pick in picks))
        if best is None or rank > best:
            best, chosen = rank, []
        if rank == best:
            q = t = d = 0
            for i, pick in enumerate(picks):
                q, t, d = q | pick[4] << 4 * i, t | pick[5] << 4 * i, d | pick[6] << 4 * i
            chosen.append((tuple(pick[3] for pick in picks), q, t, d))
    return chosen


def _profiles(kinds: Sequence[Rung], counts: Sequence[int], budget: int, purpose: Purpose = BEST_READING) -> list[Profile]:
    """The undominated profiles that fit `budget` and reach the best (Magnitude, number of results);
    for MOST_STEPS, the most steps first."""
    if not kinds:
        return [()]
    options = [kind_options(kind, count, budget) for kind, count in zip(kinds, counts)]
    if purpose == MOST_STEPS:
        return _undominated(_most_steps_profiles(options, budget), len(kinds))
    magnitude = max(option[1] for choices in options for option in choices)  # one face alone reaches it
    # cheapest[i][kept][must]: least dice the kinds i.. need to keep exactly `kept` results (`must`: one at `magnitude`)
    never = budget + 1
    size = len(kinds)
    cheapest = [[[never, never] for _ in range(7)] for _ in range(size + 1)]
    cheapest[-1][0] = [0, never]
    for i in range(size - 1, -1, -1):
        row, after = cheapest[i], cheapest[i + 1]
        reachable = [(more, cell) for more, cell in enumerate(after) if cell[0] <= budget or cell[1] <= budget]
        least: dict[tuple[int, bool], int] = {}  # (kept, reaches the magnitude) -> cheapest option: all the table needs
        for cost, top, kept, *_ in options[i]:
            key = (kept, top == magnitude)
            if least.get(key, never) > cost:
                least[key] = cost
        for (kept, hit), cost in least.items():
            for more, (free, must) in reachable:
                if hit and free < must:
                    must = free
                cell = row[kept + more]
                if cost + free < cell[0]:
                    cell[0] = cost + free
                if cost + must < cell[1]:
                    cell[1] = cost + must
    results = max(kept for kept in range(7) if cheapest[0][kept][1] <= budget)
    # each profile with its faces at Q, T+, D+ per kind packed 4 bits a kind (for `_beats`)
    chosen: list[tuple[Profile, int, int, int]] = []

    def extend(i: int, cost: int, kept: int, reached: bool, partial: Profile, q: int, t: int, d: int) -> None:
        if i == size:
            chosen.append((partial, q, t, d))
            return
        shift = 4 * i
        below = cheapest[i + 1]
        for option_cost, top, option_kept, combo, at_q, at_t, at_d in options[i]:
            now_kept = kept + option_kept
            if now_kept > results:
                continue
            now_reached = reached or top == magnitude
            if cost + option_cost + below[results - now_kept][0 if now_reached else 1] <= budget:
                extend(i + 1, cost + option_cost, now_kept, now_reached, partial + (combo,),
                       q | at_q << shift, t | at_t << shift, d | at_d << shift)

    extend(0, 0, 0, False, (), 0, 0, 0)
    return _undominated(chosen, size)


def _undominated(chosen: list[tuple[Profile, int, int, int]], size: int) -> list[Profile]:
    """The profiles no other one beats in every order (`_beats`)."""
    if len(chosen) == 1:
        return [chosen[0][0]]
    guard = sum(8 << (4 * i) for i in range(size))
    return [profile for profile, q, t, d in chosen
            if not any(_beats(other, (q, t, d), guard) for other in chosen)]


def _beats(first: tuple[Profile, int, int, int], second: tuple[int, int, int], guard: int) -> bool:
    """True when `first` wins in every order of the faces (and differs from `second`: its Q, T+, D+ counts).

    Within a kind the highest faces take the highest levels, so "n faces of this kind
    at level L or above" names the same faces in both profiles. At the highest level
    where the two differ, if `first` has at least as many at or above it in every kind,
    its faces there are a superset of `second`'s, with the same faces above: its list
    of results, strongest first, is larger in every order. The counts per kind are
    packed 4 bits each under a guard bit: `(a | guard) - b` keeps every guard bit
    exactly when each count of a is at least b's.
    """
    _, q, t, d = first
    if q != second[0]:
        return ((q | guard) - second[0]) & guard == guard
    if t != second[1]:
        return ((t | guard) - second[1]) & guard == guard
    if d != second[2]:
        return ((d | guard) - second[2]) & guard == guard
    return False


@lru_cache(maxsize=512)
def distinct_orders(symbols: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct order of a multiset of symbols (given sorted), without walking all n! permutations."""
    if not symbols:
        return ((),)
    out: list[tuple[int, ...]] = []
    seen = sorted(set(symbols))
    for symbol in seen:
        rest = list(symbols)
        rest.remove(symbol)
        out += [(symbol, *tail) for tail in distinct_orders(tuple(rest))]
    return tuple(out)


def _best_fill(order: Sequence[int], profiles: list[Profile]) -> tuple[int, ...]:
    """Levels of the varying faces (in face order) under the best surviving profile for this order of them."""
    best: tuple[int, ...] = ()
    best_score = -1
    for profile in profiles:
        cursor = [0] * len(profile)
        levels = [0] * len(order)
        for position in range(len(order) - 1, -1, -1):  # the highest face takes its kind's highest level
            kind = order[position]
            levels[position] = profile[kind][cursor[kind]]
            cursor[kind] += 1
        if len(profiles) == 1:
            return tuple(levels)
        score = 0
        for position, level in enumerate(levels):
            if level:
                score |= 1 << ((level - 2) * 6 + position)
        if score > best_score:
            best_score, best = score, tuple(levels)
    return best


def solve(kinds: Sequence[Rung], counts: Sequence[int], budget: int, faces: int = 6,
          purpose: Purpose = BEST_READING) -> tuple[tuple[int, ...], dict[tuple[int, ...], int]]:
    """The flex choice for every layout of the kinds (`counts[i]` faces of `kinds[i]`) on `faces` faces.

    Returns the levels of the constant faces (sorted; the faces no kind fills are
    level 0) and, for the other ("varying") faces, their levels in face order ->
    how many layouts give them for each way to place them among the constant faces.
    """
    profiles = _profiles(kinds, counts, budget, purpose)
    # a kind every survivor keeps at one level merges with the others at that level (empty faces: level 0)
    merged: dict[int, list[int]] = {0: [faces - sum(counts)]}
    varying: list[int] = []
    for index, count in enumerate(counts):
        levels = {level for profile in profiles for level in profile[index]}
        if len(levels) == 1:
            merged.setdefault(levels.pop(), []).append(count)
        else:
            varying.append(index)
    per_layout = 1  # layouts of the original kinds behind one layout of the merged ones
    constant: list[int] = []
    for level, sizes in sorted(merged.items()):
        constant += [level] * sum(sizes)
        per_layout *= FACTS[sum(sizes)]
        for size in sizes:
            per_layout //= FACTS[size]
    # constant faces add the same results to every profile: the best one depends on the varying faces' order only
    reduced = [tuple(profile[i] for i in varying) for profile in profiles]
    fills: dict[tuple[int, ...], int] = {}
    for order in distinct_orders(tuple(k for k, i in enumerate(varying) for _ in range(counts[i]))):
        fill = _best_fill(order, reduced)
        fills[fill] = fills.get(fill, 0) + per_layout
    return tuple(constant), fills


def lay_out(constant: tuple[int, ...], fills: dict[tuple[int, ...], int], out: list[int], faces: int = 6) -> None:
    """Add every layout of constant and varying faces to `out`, indexed by layout code (`DIGIT`, 2 bits a face).

    The holes (varying faces) take each set of positions in turn; the constant levels fill
    the other positions, placed level by level as submasks (level 0 adds nothing to a code).
    """
    holes, full = faces - len(constant), (1 << faces) - 1
    placing = [(DIGIT[level], constant.count(level)) for level in (4, 3, 2) if level in constant]
    for hole_mask in SUBMASKS[full][holes]:
        spots = POSITIONS[hole_mask]
        placed = [(sum(DIGIT[level] << (2 * spot) for spot, level in zip(spots, fill)), n) for fill, n in fills.items()]
        codes = [(0, full ^ hole_mask)]
        for digit, count in placing:
            codes = [(code + digit * SPREAD[sub], free ^ sub) for code, free in codes for sub in SUBMASKS[free][count]]
        for code, _ in codes:
            for fill_code, n in placed:
                out[code + fill_code] += n


def ordering_levels(kinds: Sequence[Rung], counts: Sequence[int], budget: int, faces: int = 6) -> dict[tuple[int, ...], int]:
    """Best levels per face (face 1 first) -> how many layouts of the kinds give them (`solve` then `lay_out`)."""
    constant, fills = solve(kinds, counts, budget, faces)
    out = [0] * (1 << (2 * faces))
    lay_out(constant, fills, out, faces)
    levels = (0, 2, 3, 4)
    return {tuple(levels[(code >> (2 * i)) & 3] for i in range(faces)): n for code, n in enumerate(out) if n}
