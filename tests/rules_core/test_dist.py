"""The one exact distribution type: its operations against direct enumeration, and its laws."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from rules_core.answers import Chart, Row
from rules_core.dice.dist import Dist
from rules_core.dice.opposed import opposed_dist, opposed_odds
from rules_core.dice.pool_odds import reading_dist, reading_odds
from rules_core.dice.pools import Pool

DIE = Dist.uniform(range(1, 7))


def test_two_dice_sum_matches_enumeration():
    """Assert product + map give the sum of 2d6 as counted over the 36 ordered rolls."""
    counted: dict[int, int] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        counted[a + b] = counted.get(a + b, 0) + 1
    two = DIE.product(DIE).map(lambda pair: pair[0] + pair[1])
    assert dict(two.items()) == {total: Fraction(ways, 36) for total, ways in counted.items()}
    assert DIE.combine(DIE, lambda a, b: a + b) == two


def test_bind_follows_a_chain_with_different_denominators():
    """Assert a die then a uniform pick below it equals the hand sum of 1/6 * 1/x."""
    chain = DIE.bind(lambda x: Dist.uniform(range(x)))
    for k in range(6):
        assert chain.chance(k) == sum(Fraction(1, 6) * Fraction(1, x) for x in range(k + 1, 7))
    assert sum(p for _, p in chain.items()) == 1


def test_where_conditions_and_mix_mixes():
    """Assert conditioning renormalises and a mixture weights its parts."""
    even = DIE.where(lambda x: x % 2 == 0)
    assert dict(even.items()) == {2: Fraction(1, 3), 4: Fraction(1, 3), 6: Fraction(1, 3)}
    mixed = Dist.mix([(Fraction(1, 4), Dist.certain("a")), (Fraction(3, 4), Dist.uniform("ab"))])
    assert mixed.chance("a") == Fraction(1, 4) + Fraction(3, 8)
    with pytest.raises(ValueError):
        DIE.where(lambda x: x > 6)


def test_dice_engine_hands_out_its_odds_in_it():
    """Assert reading_dist and opposed_dist agree with the engine's Fraction odds."""
    pool, other = Pool(3, 1, 1), Pool(2)
    assert dict(reading_dist(pool).items()) == reading_odds(pool)
    assert dict(opposed_dist(pool, other).items()) == opposed_odds(pool, other)


def test_chart_rows_and_expected():
    """Assert a chart keeps zero rows in the order asked and the mean is exact."""
    assert Chart.of("d6", DIE, str, order=[6, 7]).rows == (Row("6", Fraction(1, 6)), Row("7", Fraction(0)))
    assert DIE.expected(lambda x: x) == Fraction(7, 2)


@given(st.dictionaries(st.integers(0, 9), st.integers(1, 50), min_size=1, max_size=6),
       st.dictionaries(st.integers(0, 9), st.integers(1, 50), min_size=1, max_size=6))
def test_every_operation_keeps_a_distribution(a_weights, b_weights):
    """Assert map, bind, product and where always sum to 1 (the type refuses anything else)."""
    a, b = Dist.of(a_weights, sum(a_weights.values())), Dist.of(b_weights, sum(b_weights.values()))
    for dist in (a.map(lambda x: x % 3), a.bind(lambda x: b if x % 2 else Dist.certain(x)), a.product(b),
                 a.combine(b, max), a.where(lambda x: x >= min(a_weights))):
        assert sum(p for _, p in dist.items()) == 1
