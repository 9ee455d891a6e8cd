"""The flex choice for every ordering of a multiset of ladders at once (the odds engine's half of `keep`).

The odds engine meets the same multiset of face ladders (`keep.Rung`) in every
order the faces 1..6 can carry them. Solving `keep.best_levels` once per order
is what made big pools slow, so this module solves the multiset once:

1. a *profile* gives each ladder kind a multiset of levels (0 = its dice set
   aside). Its cost, best Magnitude and number of results do not depend on the
   order, so the roll order's first two parts (`dice.reading_key`) are settled
   for all orders at once: keep the profiles that fit the budget and reach the
   best (Magnitude, count);
2. a profile that is at least as high, kind by kind and level by level, as
   another can never lose to it, so only the undominated profiles survive
   (usually one);
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
from itertools import combinations_with_replacement, permutations, product
from math import factorial

from .keep import Rung

Profile = tuple[tuple[int, ...], ...]
"""Per kind, its faces' levels, highest first (0 = set aside)."""


def _profiles(kinds: Sequence[Rung], counts: Sequence[int], budget: int) -> list[Profile]:
    """The undominated profiles that fit `budget` and reach the best (Magnitude, number of results)."""
    options: list[list[tuple[int, int, int, tuple[int, ...]]]] = []
    for (lo, entry, top), count in zip(kinds, counts):
        levels = [*range(top, lo - 1, -1), 0]
        choices = []
        for combo in combinations_with_replacement(levels, count):
            cost = sum(entry + level - lo for level in combo if level)
            if cost <= budget:
                choices.append((cost, combo[0], count - combo.count(0), combo))
        options.append(choices)
    best: tuple[int, int] = (-1, -1)
    chosen: list[Profile] = []
    for choice in product(*options):
        if sum(part[0] for part in choice) > budget:
            continue
        key = (max(part[1] for part in choice), sum(part[2] for part in choice))
        if key > best:
            best, chosen = key, [tuple(part[3] for part in choice)]
        elif key == best:
            chosen.append(tuple(part[3] for part in choice))
    return [p for p in chosen
            if not any(q != p and all(a >= b for qk, pk in zip(q, p) for a, b in zip(qk, pk)) for q in chosen)]


def ordering_levels(kinds: Sequence[Rung], counts: Sequence[int], budget: int, faces: int = 6) -> dict[tuple[int, ...], int]:
    """Best levels for every way to lay the kinds (`counts[i]` faces of `kinds[i]`) out on `faces` faces.

    The faces the kinds do not fill hold no ladder. Returns levels per face
    (face 1 first) -> how many of the layouts give them.
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
    symbols: list[tuple[int, int]] = []  # (0, level) for a merged kind, (1, index) for a varying kind
    per_layout = 1  # layouts of the original kinds behind one layout of the merged ones
    for level, sizes in merged.items():
        symbols += [(0, level)] * sum(sizes)
        per_layout *= factorial(sum(sizes))
        for size in sizes:
            per_layout //= factorial(size)
    for index in varying:
        symbols += [(1, index)] * counts[index]
    out: dict[tuple[int, ...], int] = {}
    for layout in set(permutations(symbols)):
        best: tuple[int, ...] = ()
        best_score = -1
        for profile in profiles:
            cursor = dict.fromkeys(varying, 0)
            levels = [0] * faces
            for position in range(faces - 1, -1, -1):  # the highest face takes its kind's highest level
                merged_kind, ident = layout[position]
                if merged_kind == 0:
                    levels[position] = ident
                else:
                    levels[position] = profile[ident][cursor[ident]]
                    cursor[ident] += 1
            if len(profiles) == 1:
                best = tuple(levels)
                break
            score = sum(1 << ((level - 2) * 6 + position) for position, level in enumerate(levels) if level)
            if score > best_score:
                best_score, best = score, tuple(levels)
        out[best] = out.get(best, 0) + per_layout
    return out
