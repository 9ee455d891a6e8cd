"""The one damage step (rules_core.jovian_wars.damage.step) against a separate brute force, and the Damage page's examples."""

from __future__ import annotations

import itertools
import random

import pytest

from rules_core.jovian_wars.damage.step import Aim, BY_VALUE, ON_MARINES, attack_outcomes, fate, follow, resolve_hits, take_hits
from rules_core.turns import die_source
from rules_core.dice.read import parse_notation
from rules_core.dice.dist import Dist
from rules_core.jovian_wars.ship import Ship

try:  # a package under pytest, a plain folder inside Pyodide's runner
    from . import brute_damage
except ImportError:
    import brute_damage  # type: ignore[no-redef]

SHIPS = [
    Ship.of((1, 1, 1, 0), 1),
    Ship.of((2, 1, 0, 1), 2, (1,), weapons=1),
    Ship.of((1, 0, 2, 1), 1, (), weapons=1, spinal=1),
    Ship.of((0, 0, 1, 0), 1, (2,), start=(1, 2, 1, 0, 2)),
    Ship.of((0, 0, 0, 0), 2, weapons=0, start=(1, 1, 1, 1)),
    Ship.of((2, 0, 1, 1), 6, (1,), weapons=3, spinal=2, start=(2, 1, 1, 1, 1)),
]
READINGS = ["[D1]", "[D5,D6]", "[T2]", "[D3,T5]", "[Q4]", "[D1,D2,T3]", "[T1,T2]", "[D6,Q1]", "[D2,T1,Q2]"]


def brute(ship: Ship, reading: str, d_mode: str = brute_damage.BEST) -> dict[tuple, object]:
    state = (ship.left, ship.structure, ship.weapons, ship.spinal, "")
    return brute_damage.solve(state, brute_damage.events(parse_notation(reading)), ship.start, d_mode)


def as_state(ship: Ship) -> tuple:
    return (ship.left, ship.structure, ship.weapons, ship.spinal, ship.fate)


@pytest.mark.parametrize(("ship", "reading"), list(itertools.product(SHIPS, READINGS)))
def test_damage_step_matches_the_brute_force(ship, reading):
    """Assert every end state's exact chance equals the separate brute force, choices included."""
    got = take_hits(ship, parse_notation(reading)).map(as_state)
    assert dict(got.items()) == brute(ship, reading)


@pytest.mark.parametrize("ship", SHIPS)
@pytest.mark.parametrize(("d_results", "d_mode"), [(ON_MARINES, brute_damage.ON_MARINES), (BY_VALUE, brute_damage.BY_VALUE)])
def test_fixed_d_results_match_the_brute_force(ship, d_results, d_mode):
    """Assert the attacker's fixed choice for every [D] (all on Marines, all by Value) matches the brute force."""
    for reading in ("[D1,D5,T2]", "[D3,T5]", "[D1,D2,T3]"):
        got = take_hits(ship, parse_notation(reading), Aim(d_results=d_results)).map(as_state)
        assert dict(got.items()) == brute(ship, reading, d_mode)


def test_box_blind_view_agrees_with_the_whole_state():
    """Assert the fate view (canonical ships) equals the whole states mapped to their fate."""
    ship = Ship.of((3, 2, 2, 1), 2, (2, 1), weapons=2, spinal=1)
    for reading in READINGS:
        events = parse_notation(reading)
        assert take_hits(ship, events, view=fate) == take_hits(ship, events).map(fate)


def test_tengu_example_randomises_the_second_thrusters_hit():
    """Damage page: a Tengu with Defense 4, Sensors 3, Thrusters 1 hit by [D5,D6]: the second hit goes to Defense or Sensors."""
    tengu = Ship.of((4, 3, 1, 0), 3)
    ends = take_hits(tengu, parse_notation("[D5,D6]"))
    assert {ship.left[:3]: p for ship, p in ends.items()} == {(3, 3, 0): 0.5, (4, 2, 0): 0.5}
    die, given = die_source([4], "random_dice", "", random.Random(0))
    after, lines = resolve_hits(tengu, parse_notation("[D5,D6]"), Aim(), die)
    assert after.left[:3] == (4, 2, 0) and given == [4]
    assert "randomised among Defense, Sensors" in lines[-1]


def test_uller_example_is_dead_on_a_five_with_two_systems_at_zero():
    """Damage page: an Uller Crippled with Defense and Thrusters at 0 rolls 5: 5 + 2 = 7, Dead."""
    uller = Ship.of((0, 2, 0, 1), 1, start=(3, 2, 2, 1))
    die, _ = die_source([5], "random_dice", "", random.Random(0))
    after, lines = resolve_hits(uller, parse_notation("[T4]"), Aim(), die)
    assert after.fate == "Dead"
    assert any("1d6 + 2 systems at 0 → Dead" in line for line in lines)


def test_resolving_from_dice_follows_the_exact_branches():
    """Assert every end state a resolution reaches from rolled dice is one the exact odds give."""
    ship = Ship.of((1, 1, 0, 1), 1, (1,), weapons=1)
    ends = take_hits(ship, parse_notation("[D5,T2,T3]"))
    for seed in range(40):
        die, _ = die_source([], "random_dice", "", random.Random(seed))
        after, _ = resolve_hits(ship, parse_notation("[D5,T2,T3]"), Aim(), die)
        assert ends.chance(after) > 0


def test_every_attack_distribution_sums_to_one():
    """Assert the whole attack's end states over a pool's readings form a distribution."""
    from rules_core.dice.pool_odds import reading_dist
    from rules_core.dice.pools import Pool
    outcome = attack_outcomes(reading_dist(Pool(5, 1, 1)), Ship.of((2, 1, 1, 1), 2, (1,), weapons=1), view=fate)
    assert sum(p for _, p in outcome.items()) == 1
    assert isinstance(outcome, Dist) and follow.cache_info().currsize > 0
