"""The automatic Secondary's choice (Reading `secondary-chooses`) against an exhaustive search.

rules_core.dice.opposed works the choice out without searching; this file searches every split of
the diminishes over the Primary's results, its own way (final levels, not diminish lists), and
keeps the weakest remainder by How the dice work §5: fewest magnitude steps left, then the lowest best
Magnitude, then the fewest results, then the lowest Values (strongest first, compared in turn).
"""

from __future__ import annotations

import sys
from itertools import product

import pytest

from rules_core.dice.opposed import apply_choice, secondary_choice

LEVELS = (2, 3, 4)


def weakest_by_search(primary: tuple[tuple[int, int], ...]) -> dict[int, tuple[tuple[int, int], ...]]:
    """Diminishes used -> the weakest remainder, from every final level each result can reach."""
    best: dict[int, tuple[object, tuple[tuple[int, int], ...]]] = {}
    for finals in product(*(range(1, level + 1) for level, _ in primary)):
        used = sum(level - final for (level, _), final in zip(primary, finals))
        remainder = tuple((final, value) for final, (_, value) in zip(finals, primary) if final >= 2)
        key = (sum(level - 1 for level, _ in remainder), max((level for level, _ in remainder), default=0),
               len(remainder), sorted(remainder, reverse=True))
        if used not in best or key < best[used][0]:  # type: ignore[operator]
            best[used] = (key, remainder)
    return {used: remainder for used, (_, remainder) in best.items()}


def patterns(fewest: int, most: int):
    """Every reading of `fewest` to `most` results on the values 1..n (only the values' order matters to the choice)."""
    for n in range(fewest, most + 1):
        for levels in product(LEVELS, repeat=n):
            yield tuple(zip(levels, range(1, n + 1)))


CPYTHON_ONLY = pytest.mark.skipif(sys.platform == "emscripten", reason="seconds in CPython: Pyodide checks up to four results")


@pytest.mark.parametrize("results", [1, 2, 3, 4, pytest.param(5, marks=CPYTHON_ONLY), pytest.param(6, marks=CPYTHON_ONLY)])
def test_choice_matches_the_exhaustive_search_for_every_pattern(results):
    """Assert the choice leaves exactly the weakest remainder: every pattern of levels, 1 to 12 diminishes."""
    for primary in patterns(results, results):
        weakest = weakest_by_search(primary)
        steps = sum(level - 1 for level, _ in primary)
        for effect in range(1, 13):
            chosen = secondary_choice(primary, effect)
            assert len(chosen) == min(effect, steps)
            assert apply_choice(primary, chosen) == weakest[min(effect, steps)], (primary, effect)


def test_choice_reads_back_onto_the_real_values():
    """Assert the same pattern on other values gives the same choice on those values (all 4,096 readings)."""
    for layout in product((0, 2, 3, 4), repeat=6):
        primary = tuple((level, value) for value, level in enumerate(layout, start=1) if level)
        if 0 < len(primary) <= 3:
            weakest = weakest_by_search(primary)
            for effect in (1, 2, 3):
                used = min(effect, sum(level - 1 for level, _ in primary))
                assert apply_choice(primary, secondary_choice(primary, effect)) == weakest[used]
