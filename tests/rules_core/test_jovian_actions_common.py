"""The shared Jovian Wars helpers: requirement checks and Skill Test result tables (How the dice work §4, §7)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules_core.dice.read import counts_of, magnitude, read
from rules_core.errors import InputError
from rules_core.dice.pools import Pool
from rules_core.jovian_wars.common import (NOT_NAMED, Either, Flag, Rating, all_ok, checks, complete,
                                                     roll_with_table, table_odds, table_row)

TABLE = (("[N]", "one"), ("[D]", "two"), ("[T+]", "three"))


def test_rating_threshold_and_range():
    assert Rating("t", "Thrusters", 1).check({"t": 1}).ok
    assert not Rating("t", "Thrusters", 1).check({"t": 0}).ok
    structure = Rating("s", "Structure", 0, 1)
    assert structure.label == "Structure: 0-1"
    assert [structure.check({"s": v}).ok for v in (0, 1, 2)] == [True, True, False]
    assert "needs 0-1" in structure.check({"s": 2}).detail


def test_either_passes_when_one_side_passes_and_names_it():
    need = Either("Thrusters: 1+ or Fuel: 2+", (Rating("t", "Thrusters", 1), Rating("f", "Fuel", 2)))
    ok = need.check({"t": 0, "f": 2})
    assert ok.ok and "Fuel: 2+" in ok.detail
    assert not need.check({"t": 0, "f": 1}).ok


def test_flag_absent_and_all_ok():
    results = checks([Flag("b", "Boarded", absent=True), Flag("c", "Capital Ship")], {"b": True, "c": True})
    assert [c.ok for c in results] == [False, True]
    assert not all_ok(results)


def test_complete_fills_unnamed_magnitudes_and_refuses_overlaps():
    assert complete((("[D+]", "x"),)) == (("[D+]", "x"), ("[N]", NOT_NAMED))
    with pytest.raises(InputError):
        complete((("[D+]", "x"), ("[T]", "y")))


def brute_rows(pool_size: int) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for faces in itertools.product(range(1, 7), repeat=pool_size):
        label, _ = table_row(TABLE, read(counts_of(faces)))
        out[label] = out.get(label, Fraction(0)) + Fraction(1, 6**pool_size)
    return out


@pytest.mark.parametrize("skill", [0, 1, 2, 3, 4, 5])
def test_table_odds_match_brute_force(skill):
    odds = {label: p for label, _, p in table_odds(TABLE, Pool(skill))}
    brute = brute_rows(skill)
    assert {k: v for k, v in odds.items() if v} == brute
    assert sum(odds.values()) == 1


def test_roll_with_table_reads_typed_dice():
    res, row, steps = roll_with_table(TABLE, Pool(3), {"roll": {"dice": (4, 4, 4), "macro_dice": None, "set_aside": None}},
                                      None, "roll")  # type: ignore[arg-type]
    assert magnitude(res.final) == 3 and row == ("[T+]", "three")
    assert steps[-1].endswith("three.")
