"""The flex choice (How the dice work §2 "Base, flex and macro dice", Reading `flex-keeps-best`): which dice the roller keeps.

The choice works on faces, not dice. Given how many rolled dice show a face and
how many macro dice match it, the face offers a ladder of results: nothing, or
a lowest level `lo` for `entry` kept dice, then one level more per extra kept
die, up to `top`. That ladder (a `Rung`) is all the choice needs to know about
a face, so the odds engine and the resolver share this one optimiser.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import Literal

from .read import DOUBLE, QUAD, Reading, reading_key

Rung = tuple[int, int, int]
"""(lo, entry, top): lowest level, dice kept to reach it, highest level reachable."""
Ladders = tuple["Rung | None", ...]
"""One Rung per face 1..6; None for a face that cannot make a result."""

Purpose = Literal["best reading", "most steps"]
"""What the automatic roller keeps (How the dice work §2): the best final reading by the roll order, or,
against a Squadron, the most magnitude steps (Structure lost: [D] 1, [T] 2, [Q+] 3), then the roll order.
The two differ (Reading `flex-keeps-best`): base 4 + flex 1 rolling 1,1,1,2,2 with macro 1,2 reads
[Q1] by the roll order (3 steps) but [T1,T2] by steps (4)."""
BEST_READING: Purpose = "best reading"
MOST_STEPS: Purpose = "most steps"

POSITIVE_MACRO_CAP = 2
"""Past two matching positive macro dice a Double is already a Quad: more change nothing."""
NEGATIVE_MACRO_CAP = 3
"""Three matching negative macro dice remove even a Quad: more change nothing."""


def rung(count: int, macro: int, sign: int) -> Rung | None:
    """The ladder one face offers: `count` rolled dice show it, `macro` macro dice match it."""
    held = min(count, QUAD)
    if held < DOUBLE:
        return None
    if sign >= 0:
        lo = min(QUAD, DOUBLE + macro)
        return (lo, DOUBLE, min(QUAD, held + macro))
    top = held - macro
    if top < DOUBLE:
        return None
    return (DOUBLE, DOUBLE + macro, top)


def needed(step: Rung | None) -> int:
    """Dice a face needs kept to reach its top level."""
    if step is None:
        return 0
    lo, entry, top = step
    return entry + top - lo


def ladders(counts: Sequence[int], macro_counts: Sequence[int], sign: int) -> Ladders:
    """The Rung of every face of a roll."""
    return tuple(rung(counts[i], macro_counts[i] if sign else 0, sign) for i in range(6))


def as_reading(levels: Sequence[int]) -> Reading:
    """Levels per face (0 for none) as a reading."""
    return tuple((level, face) for face, level in enumerate(levels, start=1) if level)


@lru_cache(maxsize=4096)
def _most_steps_levels(faces: Ladders, budget: int) -> tuple[int, ...]:
    """`best_levels` for MOST_STEPS: every level of every face that fits (at most 4**6 choices)."""
    options: list[list[tuple[int, int]]] = []  # per face: (dice kept, level)
    for step in faces:
        options.append([(0, 0)])
        if step is not None:
            lo, entry, top = step
            options[-1] += [(entry + level - lo, level) for level in range(lo, top + 1)]
    best: tuple[tuple[int, tuple[int, int, tuple[tuple[int, int], ...]]], tuple[int, ...]] | None = None
    for picks in product(*options):
        if sum(cost for cost, _ in picks) > budget:
            continue
        levels = tuple(level for _, level in picks)
        key = (sum(level - 1 for level in levels if level), reading_key(as_reading(levels)))
        if best is None or key > best[0]:
            best = (key, levels)
    assert best is not None  # keeping nothing always fits
    return best[1]


@lru_cache(maxsize=65536)
def best_levels(faces: Ladders, budget: int, purpose: Purpose = BEST_READING) -> tuple[int, ...]:
    """The final level of each face when at most `budget` dice are kept, best by the roll order.

    Keeping more dice of a face never lowers its result, so "exactly budget dice"
    and "at most budget" give the same best reading. When every face fits, each
    face goes to its top. Otherwise, for each set of faces that keep a result
    the roll order's three parts are settled in turn: (1) the best Magnitude one face
    can reach alone; (2) the most results that keep it: that face plus the cheapest
    other entries; (3) for each set of faces of that size, the dice left after their
    entries are spent greedily, on the face that can reach the strongest (level,
    value) first, which is optimal for the list compared strongest first.
    Brute force over every choice of dice checks it in the tests. MOST_STEPS searches every choice.
    """
    tops = tuple(step[2] if step else 0 for step in faces)
    if sum(needed(step) for step in faces) <= budget:
        return tops
    if purpose == MOST_STEPS:
        return _most_steps_levels(faces, budget)
    live = [(value, step) for value, step in enumerate(faces, start=1) if step is not None and step[1] <= budget]
    # 1. the best Magnitude any one face can reach alone
    top_level = max((min(top, lo + budget - entry) for _, (lo, entry, top) in live), default=0)
    # 2. the most results that still let one face reach it: that face, then the cheapest entries
    size = 0
    for value, (lo, entry, top) in live:
        if min(top, lo + budget - entry) == top_level:
            left = budget - entry - (top_level - lo)
            others = sorted(step[1] for v, step in live if v != value)
            count = 1
            for cost in others:
                if cost > left:
                    break
                left -= cost
                count += 1
            size = max(size, count)
    # 3. among the sets of that size, the greedy spend of each; keep the strongest list
    best: tuple[tuple[int, int], ...] = ()
    for chosen_set in combinations(live, size):
        chosen = list(chosen_set)
        left = budget - sum(step[1] for _, step in chosen)
        if left < 0:
            continue
        results: list[tuple[int, int]] = []
        while chosen:
            pick = max(range(len(chosen)), key=lambda i: (min(chosen[i][1][2], chosen[i][1][0] + left), chosen[i][0]))
            value, (lo, _, top) = chosen.pop(pick)
            level = min(top, lo + left)
            left -= level - lo
            results.append((level, value))
        if results and results[0][0] == top_level and tuple(results) > best:
            best = tuple(results)
    levels = [0] * 6
    for level, value in best:
        levels[value - 1] = level
    return tuple(levels)


def kept_counts(counts: Sequence[int], macro_counts: Sequence[int], sign: int, budget: int,
                purpose: Purpose = BEST_READING) -> tuple[int, ...]:
    """How many dice of each face the automatic roller keeps (exactly `budget` of them).

    The dice each chosen result needs are kept first; the rest of the budget is
    filled with leftover dice, highest faces first (they cannot change the reading:
    if they could improve it, the optimiser would have kept them).
    """
    faces = ladders(counts, macro_counts, sign)
    levels = best_levels(faces, budget, purpose)
    keep = [0] * 6
    for i, (step, level) in enumerate(zip(faces, levels)):
        if step is not None and level:
            lo, entry, _ = step
            keep[i] = entry + level - lo
    room = budget - sum(keep)
    for i in reversed(range(6)):
        extra = min(room, counts[i] - keep[i])
        keep[i] += extra
        room -= extra
    return tuple(keep)
