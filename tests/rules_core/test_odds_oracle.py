"""The fast odds against brute force: every pool of up to 5 dice, flex and macro of both signs."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, strategies as st

from rules_core.dice.flex_orders import ordering_levels
from rules_core.dice.keep import as_reading, best_levels, rung
from rules_core.dice.read import reading_key
from rules_core.dice.pool_odds import largest_set_odds, reading_odds
from rules_core.dice.opposed import opposed_odds
from rules_core.dice.pools import Pool

try:
    from .brute import brute_odds, brute_opposed
except ImportError:  # collected without a package
    from brute import brute_odds, brute_opposed  # type: ignore[no-redef]

SMALL_POOLS = [Pool(base, flex, macro)
               for base in range(6) for flex in range(6) for macro in range(-5, 6)
               if base + flex + abs(macro) <= 5]


@pytest.mark.parametrize("pool", SMALL_POOLS, ids=lambda p: f"b{p.base}f{p.flex}m{p.macro:+d}")
def test_odds_match_brute_force(pool: Pool):
    """Assert the face-by-face walk gives exactly the distribution of every ordered roll."""
    assert reading_odds(pool) == brute_odds(pool)


@pytest.mark.parametrize(("primary", "secondary"), [
    (Pool(2), Pool(2)), (Pool(3), Pool(2)), (Pool(2, 1), Pool(2)), (Pool(3, 0, 1), Pool(2)), (Pool(4), Pool(1)),
])
def test_opposed_odds_match_brute_force(primary: Pool, secondary: Pool):
    """Assert the opposed odds equal every pair of rolls with every sequence of diminishes."""
    assert opposed_odds(primary, secondary) == brute_opposed(primary, secondary)


def brute_levels(faces, budget):
    """Every level of every face's ladder that fits the budget; the best by the roll order."""
    options = []
    for step in faces:
        choice = [(0, 0)]
        if step is not None:
            lo, entry, top = step
            choice += [(entry + level - lo, level) for level in range(lo, top + 1)]
        options.append(choice)
    best = ()
    for combo in itertools.product(*options):
        if sum(cost for cost, _ in combo) <= budget:
            reading = as_reading([level for _, level in combo])
            if reading_key(reading) > reading_key(best):
                best = reading
    return best


faces_strategy = st.tuples(*[st.tuples(st.integers(0, 6), st.integers(0, 3)) for _ in range(6)])


@given(faces_strategy, st.integers(-1, 1), st.integers(0, 20))
def test_flex_choice_matches_every_combination(faces, sign, budget):
    """Assert the optimiser's three-part shortcut equals trying every ladder level of every face."""
    ladders = tuple(rung(count, macro if sign else 0, sign) for count, macro in faces)
    assert as_reading(best_levels(ladders, budget)) == brute_levels(ladders, budget)


@given(st.lists(st.tuples(st.integers(2, 6), st.integers(0, 3)), min_size=1, max_size=6),
       st.integers(-1, 1), st.integers(0, 20))
def test_multiset_flex_choice_matches_every_layout(faces, sign, budget):
    """Assert the once-per-multiset flex choice (odds engine) equals best_levels on every layout of the faces."""
    ladders = [rung(count, macro if sign else 0, sign) for count, macro in faces]
    present = [step for step in ladders if step is not None]
    kinds = sorted(set(present))
    got = ordering_levels(kinds, [present.count(kind) for kind in kinds], budget)
    want: dict[tuple[int, ...], int] = {}
    for layout in set(itertools.permutations(present + [None] * (6 - len(present)))):
        levels = best_levels(layout, budget)
        want[levels] = want.get(levels, 0) + 1
    assert got == want


@pytest.mark.parametrize("dice", range(0, 9))
def test_largest_set_matches_brute_force(dice: int):
    """Assert the largest-matching-set distribution equals counting every roll."""
    counts: dict[int, int] = {}
    for roll in itertools.product(range(6), repeat=dice):
        largest = max((roll.count(face) for face in range(6)), default=0) if dice else 0
        counts[largest] = counts.get(largest, 0) + 1
    got = largest_set_odds(dice)
    assert {k: v * 6**dice for k, v in got.items()} == counts
