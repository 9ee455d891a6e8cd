"""Reading a roll (How the dice work §1 "Reading a roll"), Escalate and Diminish (§3 "Escalate and Diminish"), macro dice (§2 "Base, flex and macro dice").

A roll is read from its count vector: how many dice show each face 1..6. A
reading is a tuple of results, one per face at most, ordered by Value; a result
is (level, value) with level 2 = Double, 3 = Triple, 4 = Quad (Q+). `()` is [N].
Readings are immutable tuples: every "change" returns a new reading.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""The faces of a six-sided die."""
DOUBLE, TRIPLE, QUAD = 2, 3, 4
"""Magnitudes as the number of matching dice they need (Q+ caps at four)."""
LETTERS: dict[int, str] = {0: "N", DOUBLE: "D", TRIPLE: "T", QUAD: "Q"}
"""Magnitude to its letter; 0 is [N], no result."""
NAMES: dict[int, str] = {DOUBLE: "Double", TRIPLE: "Triple", QUAD: "Quad"}

Counts = tuple[int, int, int, int, int, int]
"""How many dice show each face, faces 1..6 in order."""
Result = tuple[int, int]
"""(level, value): level 2..4 (D, T, Q), value the face 1..6."""
Reading = tuple[Result, ...]
"""Results ordered by value, at most one per value; () is [N]."""
ReadingKey = tuple[int, int, tuple[Result, ...]]
"""Sort key of a reading for the roll order (see `reading_key`)."""


def counts_of(faces: Iterable[int]) -> Counts:
    """The count vector of a list of die faces."""
    counts = [0] * 6
    for face in faces:
        counts[face - 1] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


def level_of(count: int) -> int:
    """The magnitude `count` matching dice make: 0 (nothing) for fewer than two, capped at Q."""
    return 0 if count < DOUBLE else min(count, QUAD)


def read(counts: Sequence[int]) -> Reading:
    """Read a roll (How the dice work §1): every face shown 2, 3 or 4+ times is a D, T or Q."""
    return tuple((level_of(count), face) for face, count in zip(FACES, counts) if count >= DOUBLE)


def notation(reading: Reading) -> str:
    """Canonical text: "[N]", "[D2,D4]", "[Q1,D2]" (results ordered by Value)."""
    if not reading:
        return "[N]"
    return "[" + ",".join(f"{LETTERS[level]}{value}" for level, value in sorted(reading, key=lambda r: r[1])) + "]"


def parse_notation(text: str) -> Reading:
    """The inverse of `notation`: "[T3,T6]" -> ((3, 3), (3, 6))."""
    body = text.strip().removeprefix("[").removesuffix("]")
    if body == "N":
        return ()
    letters = {letter: level for level, letter in LETTERS.items()}
    results = [(letters[part[0]], int(part[1:])) for part in body.split(",")]
    return tuple(sorted(results, key=lambda r: r[1]))


def magnitude(reading: Reading) -> int:
    """The best Magnitude of a reading: 0 for [N], else the highest level."""
    return max((level for level, _ in reading), default=0)


def steps(reading: Reading) -> int:
    """Total magnitude steps: D counts 1, T 2, Q 3 (what a Diminish removes one at a time)."""
    return sum(level - 1 for level, _ in reading)


def reading_key(reading: Reading) -> ReadingKey:
    """THE roll order (Reading `flex-keeps-best`), a total order on readings; larger is better.

    1. the Magnitude of the best result (N < D < T < Q);
    2. then the number of results;
    3. then the results listed strongest first (by Magnitude, then Value), compared one by one.
    Two different readings never tie: the third part lists every result.
    """
    strongest_first = tuple(sorted(reading, reverse=True))
    return (magnitude(reading), len(reading), strongest_first)


def normal(results: Iterable[Result]) -> Reading:
    """Results as a canonical reading: results at level below D removed, ordered by value."""
    return tuple(sorted(((level, value) for level, value in results if level >= DOUBLE), key=lambda r: r[1]))


def escalate(reading: Reading, value: int | None = None) -> Reading:
    """Escalate (§3): one result (by value) or, with value None, every result one step up; Q stays Q."""
    return normal((min(QUAD, level + 1) if value in (None, v) else level, v) for level, v in reading)


def diminish(reading: Reading, value: int | None = None, times: int = 1) -> Reading:
    """Diminish (§3): one result (by value) or every result, `times` steps down; a D diminished is removed."""
    return normal((level - times if value in (None, v) else level, v) for level, v in reading)


def apply_macro(reading: Reading, macro_counts: Sequence[int], sign: int) -> Reading:
    """Macro dice (§2): each die matching a result's value moves it one step, up (sign +1) or down (-1).

    Up is capped at Q; down past D removes the result (Reading `negative-macro`).
    A macro die that matches no result does nothing: macro dice never create results.
    """
    if sign == 0:
        return reading
    moved = []
    for level, value in reading:
        shift = macro_counts[value - 1] * sign
        moved.append((min(QUAD, level + shift), value))
    return normal(moved)
