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
from itertools import combinations_with_replacement, permutations
from math import factorial

from .keep import Rung

FACTS = [factorial(i) for i in range(7)]
"""0! .. 6!."""
Profile = tuple[tuple[int, ...], ...]
"""Per kind, its faces' levels, highest first (0 = set aside)."""


@lru_cache(maxsize=1024)
def kind_options(kind: Rung, count: int, budget: int) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """Every multiset of levels `count` faces of one kind can take within `budget`: (cost, best level, kept, levels)."""
    lo, entry, top = kind
    choices = []
    for combo in combinations_with_replacement([*range(top, lo - 1, -1), 0], count):
        cost = sum(entry + level - lo for level in combo if level)
        if cost <= budget:
            choices.append((cost, combo[0], count - combo.count(0), combo))
    return tuple(choices)


def _profiles(kinds: Sequence[Rung], counts: Sequence[int], budget: int) -> list[Profile]:
    """The undominated profiles that fit `budget` and reach the best (Magnitude, number of results)."""
    if not kinds:
        return [()]
    options = [kind_options(kind, count, budget) for kind, count in zip(kinds, counts)]
    magnitude = max(option[1] for choices in options for option in choices)  # one face alone reaches it
    # cheapest[i][kept][must]: least dice the kinds i.. need to keep exactly `kept` results (`must`: one at `magnitude`)
    never = budget + 1
    cheapest = [[[never, never] for _ in range(7)] for _ in range(len(kinds) + 1)]
    cheapest[-1][0] = [0, never]
    for i in range(len(kinds) - 1, -1, -1):
        row, after = cheapest[i], cheapest[i + 1]
        for cost, top, kept, _ in options[i]:
            for more in range(7 - kept):
                free, must = after[more]
                if top == magnitude:
                    must = min(must, free)
                cell = row[kept + more]
                cell[0] = min(cell[0], cost + free)
                cell[1] = min(cell[1], cost + must)
    results = max(kept for kept in range(7) if cheapest[0][kept][1] <= budget)
    chosen: list[Profile] = []

    def extend(i: int, cost: int, kept: int, reached: bool, partial: tuple[tuple[int, ...], ...]) -> None:
        if i == len(kinds):
            chosen.append(partial)
            return
        for option_cost, top, option_kept, combo in options[i]:
            now_kept = kept + option_kept
            if now_kept > results:
                continue
            now_reached = reached or top == magnitude
            rest = cheapest[i + 1][results - now_kept][0 if now_reached else 1]
            if cost + option_cost + rest <= budget:
                extend(i + 1, cost + option_cost, now_kept, now_reached, partial + (combo,))

    extend(0, 0, 0, False, ())
    return [p for p in chosen if not any(_beats(q, p) for q in chosen)]


def _beats(first: Profile, second: Profile) -> bool:
    """True when `first` wins in every order of the faces (and differs from `second`).

    Within a kind the highest faces take the highest levels, so "n faces of this kind
    at level L or above" names the same faces in both profiles. At the highest level
    where the two differ, if `first` has at least as many at or above it in every kind,
    its faces there are a superset of `second`'s, with the same faces above: its list
    of results, strongest first, is larger in every order.
    """
    for level in (4, 3, 2):
        ours = [sum(1 for x in kind if x >= level) for kind in first]
        theirs = [sum(1 for x in kind if x >= level) for kind in second]
        if ours != theirs:
            return all(a >= b for a, b in zip(ours, theirs))
    return False


@lru_cache(maxsize=512)
def distinct_orders(symbols: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct order of a multiset of symbols (given sorted)."""
    return tuple(set(permutations(symbols)))


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
        score = sum(1 << ((level - 2) * 6 + position) for position, level in enumerate(levels) if level)
        if score > best_score:
            best_score, best = score, tuple(levels)
    return best


def solve(kinds: Sequence[Rung], counts: Sequence[int], budget: int, faces: int = 6) -> tuple[tuple[int, ...], dict[tuple[int, ...], int]]:
    """The flex choice for every layout of the kinds (`counts[i]` faces of `kinds[i]`) on `faces` faces.

    Returns the levels of the constant faces (sorted; the faces no kind fills are
    level 0) and, for the other ("varying") faces, their levels in face order ->
    how many layouts give them for each way to place them among the constant faces.
    """
    profiles = _profiles(kinds, counts, budget)
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


def lay_out(constant: tuple[int, ...], fills: dict[tuple[int, ...], int], out: dict[int, int], faces: int = 6) -> None:
    """Add every layout of constant and varying faces to `out`: levels coded 3 bits per face (face 1 lowest) -> count."""
    by_holes: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for template in distinct_orders(tuple(sorted([-1] * (faces - len(constant)) + list(constant)))):
        code = 0
        holes = []
        for position, level in enumerate(template):
            if level < 0:
                holes.append(position)
            else:
                code |= level << (3 * position)
        placed = by_holes.get(tuple(holes))
        if placed is None:
            placed = by_holes[tuple(holes)] = [
                (sum(level << (3 * hole) for hole, level in zip(holes, fill)), n) for fill, n in fills.items()]
        for fill_code, n in placed:
            key = code + fill_code
            out[key] = out.get(key, 0) + n


def ordering_levels(kinds: Sequence[Rung], counts: Sequence[int], budget: int, faces: int = 6) -> dict[tuple[int, ...], int]:
    """Best levels per face (face 1 first) -> how many layouts of the kinds give them (`solve` then `lay_out`)."""
    constant, fills = solve(kinds, counts, budget, faces)
    out: dict[int, int] = {}
    lay_out(constant, fills, out, faces)
    return {tuple((code >> (3 * i)) & 7 for i in range(faces)): n for code, n in out.items()}
