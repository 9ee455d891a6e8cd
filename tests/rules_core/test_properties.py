"""Properties of the exact odds and of resolving (hypothesis): sums, monotonicity, one-step moves."""

from __future__ import annotations

import random

from hypothesis import given, strategies as st

from rules_core import odds, resolve
from rules_core.dice.read import diminish, escalate, magnitude
from rules_core.dice.pool_odds import at_least, reading_odds
from rules_core.dice.pools import Pool

LADDER = {0: 0, 2: 1, 3: 2, 4: 3}
"""Magnitude to its rung: N, D, T, Q."""

pools = st.builds(Pool, st.integers(0, 6), st.integers(0, 2), st.integers(-2, 2))
readings = st.lists(st.tuples(st.integers(2, 4), st.integers(1, 6)), min_size=1, max_size=6, unique_by=lambda r: r[1]) \
    .map(lambda rs: tuple(sorted(rs, key=lambda r: r[1])))


@given(pools)
def test_probabilities_sum_to_exactly_one(pool: Pool):
    """Assert the reading distribution is a distribution, exactly."""
    assert sum(reading_odds(pool).values()) == 1


@given(pools)
def test_a_base_die_never_lowers_double_or_better(pool: Pool):
    """Assert P([D+]) never drops when a base die is added."""
    assert at_least(Pool(pool.base + 1, pool.flex, pool.macro), 2) >= at_least(pool, 2)


@given(pools)
def test_a_flex_die_never_lowers_double_or_better(pool: Pool):
    """Assert P([D+]) never drops when a flex die is added."""
    assert at_least(Pool(pool.base, pool.flex + 1, pool.macro), 2) >= at_least(pool, 2)


@given(readings)
def test_escalate_moves_magnitude_one_step_up(reading):
    """Assert Escalate raises the best Magnitude exactly one rung (Q stays Q)."""
    assert LADDER[magnitude(escalate(reading))] == min(3, LADDER[magnitude(reading)] + 1)


@given(readings, st.integers(1, 6))
def test_escalate_one_result_moves_only_it(reading, value):
    """Assert escalating one result moves that result one rung and no other."""
    after = dict((v, level) for level, v in escalate(reading, value))
    for level, v in reading:
        assert after[v] == (min(4, level + 1) if v == value else level)


@given(readings)
def test_diminish_moves_magnitude_one_step_down(reading):
    """Assert Diminish lowers the best Magnitude exactly one rung (a D is removed)."""
    assert LADDER[magnitude(diminish(reading))] == LADDER[magnitude(reading)] - 1


@given(st.integers(0, 5), st.integers(0, 2), st.integers(-2, 2), st.integers(0, 2**31 - 1))
def test_every_resolved_roll_has_nonzero_odds(base, flex, macro, seed):
    """Assert a resolve of random faces (automatic flex choice) lands on a reading the odds allow."""
    rng = random.Random(seed)
    dice = [rng.randint(1, 6) for _ in range(base + flex)]
    macro_dice = [rng.randint(1, 6) for _ in range(abs(macro))]
    inputs = {"roll": {"base": base, "flex": flex, "macro": macro, "dice": dice, "macro_dice": macro_dice}}
    headline = resolve("dice/unopposed", inputs)["outcome"]["headline"]
    readings_odds = odds("dice/unopposed", {"roll": {"base": base, "flex": flex, "macro": macro}})["readings"]
    assert readings_odds.get(headline, "0/1") != "0/1"


@given(st.integers(0, 4), st.integers(0, 2), st.integers(-2, 2), st.integers(0, 2**31 - 1))
def test_a_seeded_roll_is_reproducible(base, flex, macro, seed):
    """Assert the same seed gives the same roll and steps (no global random, no clock)."""
    inputs = {"seed": seed, "roll": {"base": base, "flex": flex, "macro": macro}}
    assert resolve("dice/unopposed", inputs) == resolve("dice/unopposed", inputs)
