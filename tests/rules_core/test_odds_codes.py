"""Layout codes (2 bits a face) against the reading tuples they stand for: notation, roll order, odds JSON."""

from __future__ import annotations

import itertools
from fractions import Fraction

from rules_core.dice.read import notation, reading_key
from rules_core.dice.flex_orders import lay_out
from rules_core.dice.pool_odds import code_key, code_notation, code_of, reading_weights
from rules_core.dice.pools import Pool
from rules_core.answers import answer_json
from rules_core.rolling import codes_answer

LEVELS = (0, 2, 3, 4)


def _reading(code: int):
    levels = [LEVELS[(code >> (2 * i)) & 3] for i in range(6)]
    return tuple((level, face) for face, level in enumerate(levels, start=1) if level)


def test_code_tables_match_reading_functions_on_every_code():
    """Assert every one of the 4096 codes gives the reading's notation, and that code_key sorts like reading_key."""
    readings = [_reading(code) for code in range(4096)]
    for code, reading in enumerate(readings):
        assert code_of(reading) == code
        assert code_notation(code) == notation(reading)
    by_key = sorted(range(4096), key=code_key)
    by_reading = sorted(range(4096), key=lambda code: reading_key(readings[code]))
    assert by_key == by_reading
    assert len({code_key(code) for code in range(4096)}) == 4096  # a total order: no two codes tie


def test_lay_out_matches_every_permutation():
    """Assert lay_out equals placing constant and varying faces in every distinct order, one by one."""
    constant = (0, 2, 2, 4)
    fills = {(3, 2): 5, (2, 3): 7}
    got = [0] * 4096
    lay_out(constant, fills, got)
    want = [0] * 4096
    for holes in itertools.combinations(range(6), 2):
        rest = [p for p in range(6) if p not in holes]
        for arrangement in set(itertools.permutations(constant)):
            for fill, n in fills.items():
                levels = [0] * 6
                for spot, level in zip(rest, arrangement):
                    levels[spot] = level
                for spot, level in zip(holes, fill):
                    levels[spot] = level
                want[code_of(tuple((lv, f + 1) for f, lv in enumerate(levels) if lv))] += n
    assert got == want


def test_odds_json_orders_readings_likeliest_first_then_by_roll_order():
    """Assert the readings JSON is every reading, likeliest first, ties weakest first by reading_key, as p/q."""
    for pool in (Pool(4, 1, 2), Pool(5, 2, -2), Pool(3), Pool(6, 2, 1)):
        items, total = reading_weights(pool)
        body = answer_json(codes_answer([(code_of(r), w) for r, w in items], total, "t"))
        ordered = sorted(items, key=lambda item: (-item[1], reading_key(item[0])))
        assert list(body["readings"]) == [notation(reading) for reading, _ in ordered]
        assert [Fraction(p) for p in body["readings"].values()] == [Fraction(w, total) for _, w in ordered]
