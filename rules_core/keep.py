"""The flex choice (MECHANICS §2, Reading `flex-keeps-best`): which dice the roller keeps.

The choice works on faces, not dice. Given how many rolled dice show a face and
how many macro dice match it, the face offers a ladder of results: nothing, or
a lowest level `lo` for `entry` kept dice, then one level more per extra kept
die, up to `top`. That ladder (a `Rung`) is all the choice needs to know about
a face, so the odds engine and the resolver share this one optimiser.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .dice import DOUBLE, QUAD, Reading, reading_key

Rung = tuple[int, int, int]
"""(lo, entry, top): lowest level, dice kept to reach it, highest level reachable."""
Ladders = tuple["Rung | None", ...]
"""One Rung per face 1..6; None for a face that cannot make a result."""

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


@lru_cache(maxsize=65536)
def best_levels(faces: Ladders, budget: int) -> tuple[int, ...]:
    """The final level of each face when at most `budget` dice are kept, best by the roll order.

    Keeping more dice of a face never lowers its result, so "exactly budget dice"
    and "at most budget" give the same best reading. When every face fits, each
    face goes to its top; otherwise every combination of ladder levels that fits
    the budget is compared with `reading_key` (at most six faces, four rungs each).
    """
    tops = tuple(step[2] if step else 0 for step in faces)
    if sum(needed(step) for step in faces) <= budget:
        return tops
    options: list[list[tuple[int, int]]] = []
    for step in faces:
        choice = [(0, 0)]
        if step is not None:
            lo, entry, top = step
            choice += [(entry + level - lo, level) for level in range(lo, top + 1) if entry + level - lo <= budget]
        options.append(choice)
    best: tuple[int, ...] = (0,) * 6
    best_key = reading_key(())
    chosen = [0] * 6

    def walk(face: int, left: int) -> None:
        nonlocal best, best_key
        if face == 6:
            candidate = as_reading(chosen)
            key = reading_key(candidate)
            if key > best_key:
                best, best_key = tuple(chosen), key
            return
        for cost, level in options[face]:
            if cost <= left:
                chosen[face] = level
                walk(face + 1, left - cost)
        chosen[face] = 0

    walk(0, budget)
    return best


def kept_counts(counts: Sequence[int], macro_counts: Sequence[int], sign: int, budget: int) -> tuple[int, ...]:
    """How many dice of each face the automatic roller keeps (exactly `budget` of them).

    The dice each chosen result needs are kept first; the rest of the budget is
    filled with leftover dice, highest faces first (they cannot change the reading:
    if they could improve it, the optimiser would have kept them).
    """
    faces = ladders(counts, macro_counts, sign)
    levels = best_levels(faces, budget)
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
