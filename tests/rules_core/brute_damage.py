"""A slow, separate reading of the v1.2.4 Damage page for one attack's final reading (How the dice work §6b).

Written apart from rules_core.jovian_wars.damage.step: plain recursion over every die, the attacker's choices
searched exhaustively with Fractions, no caching, no canonical ships. A state is
(left boxes per row, Structure, weapons, Spinal weapons, fate); rows are Defense, Sensors,
Thrusters, Marines, then System Traits.
"""

from __future__ import annotations

from fractions import Fraction

State = tuple[tuple[int, ...], int, int, int, str]
ROW_BY_VALUE = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2}
MARINES_ROW = 3
BY_VALUE, ON_MARINES, BEST = "value", "marines", "best"
"""Where each [D] goes: the Value's row, the Marines, or whichever of the two is best for the attacker."""


def events(reading: tuple[tuple[int, int], ...]) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for level, value in sorted(reading):
        if level == 2:
            out.append(("D", value))
        else:
            out += [("S", 0)] * (level - 2) + [("C", 0)] * (level - 2)
    return out


def zeroed(start: tuple[int, ...], left: tuple[int, ...]) -> int:
    """Systems at 0: every row but the Marines (personnel, not a System) that had boxes and has none."""
    return sum(1 for row, (s, n) in enumerate(zip(start, left)) if row != MARINES_ROW and s > 0 and n == 0)


def score(state: State, start: tuple[int, ...]) -> tuple[int, int, int]:
    left, structure, weapons, spinal, fate = state
    return (int(fate != ""), int(structure == 0), sum(start) - sum(left) - structure - weapons - spinal)


def expect(dist: dict[State, Fraction], start: tuple[int, ...]) -> tuple[Fraction, ...]:
    return tuple(sum((p * score(s, start)[i] for s, p in dist.items()), Fraction(0)) for i in range(3))


def add(into: dict[State, Fraction], dist: dict[State, Fraction], weight: Fraction) -> None:
    for state, p in dist.items():
        into[state] = into.get(state, Fraction(0)) + p * weight


def mark(left: tuple[int, ...], row: int) -> tuple[int, ...]:
    return tuple(n - 1 if i == row else n for i, n in enumerate(left))


def solve(state: State, todo: list[tuple[str, int]], start: tuple[int, ...], d_mode: str = BEST) -> dict[State, Fraction]:
    left, structure, weapons, spinal, fate = state
    if fate or not todo:
        return {state: Fraction(1)}
    (kind, value), rest = todo[0], todo[1:]

    def then(new: State, more: tuple[tuple[str, int], ...] = ()) -> dict[State, Fraction]:
        return solve(new, [*more, *rest], start, d_mode)

    def structure_hit() -> dict[State, Fraction]:
        new = (left, max(0, structure - 1), weapons, spinal, fate)
        return then(new, (("K", 0),) if structure <= 1 else ())

    def rating_hit(row: int) -> dict[State, Fraction]:
        if left[row] > 0:
            return then((mark(left, row), structure, weapons, spinal, fate))
        remaining = [i for i in range(4) if left[i] > 0]
        if not remaining:
            return structure_hit()
        out: dict[State, Fraction] = {}
        for i in remaining:
            add(out, then((mark(left, i), structure, weapons, spinal, fate)), Fraction(1, len(remaining)))
        return out

    if kind == "K":
        out: dict[State, Fraction] = {}
        for face in range(1, 7):
            total = face + zeroed(start, left)
            result = "Explodes" if total >= 8 else "Dead" if total >= 6 else ""
            add(out, then((left, structure, weapons, spinal, result)), Fraction(1, 6))
        return out
    if kind == "S":
        return structure_hit()
    if kind == "D":
        rows = {BY_VALUE: [ROW_BY_VALUE[value]], ON_MARINES: [MARINES_ROW],
                BEST: [ROW_BY_VALUE[value], MARINES_ROW]}[d_mode]
        return max((rating_hit(row) for row in rows), key=lambda dist: expect(dist, start))  # the first of equals
    options: list[dict[State, Fraction]] = [then((mark(left, i), structure, weapons, spinal, fate))
                                           for i in range(len(left)) if left[i] > 0]
    for need, kept, lost in ((5, (weapons, spinal), (weapons - 1, spinal)), (6, (weapons, spinal), (weapons, spinal - 1))):
        if (need == 5 and weapons) or (need == 6 and spinal):
            out = {}
            add(out, then((left, structure, lost[0], lost[1], fate)), Fraction(7 - need, 6))
            add(out, then((left, structure, kept[0], kept[1], fate)), Fraction(need - 1, 6))
            options.append(out)
    if not options:
        return structure_hit()
    return max(options, key=lambda dist: expect(dist, start))  # the first of equals
