"""Automatic choices are the chooser's best (How the dice work §5, §6, §6b): on random small states, the automatic
choice of every resolver that makes one never gives the side that chooses worse odds than any fixed choice.

Each property compares what the resolver answers for its automatic choice with what it answers for a fixed one,
in the chooser's own order (How the dice work §6: the attacker wants Destroyed, then Crippled; the Boarders want the
ship Captured, then Destroyed; the defending side wants the reverse of Destroyed, Captured, Crippled, Structure
lost), compared as tuples: the first part decides, the next breaks its ties.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings, strategies as st

from rules_core import odds
from rules_core.jovian_wars.damage.step import BEST, BY_VALUE, ON_MARINES
from rules_core.dice.dist import Dist
from rules_core.dice.keep import MOST_STEPS
from rules_core.dice.opposed import after_effect, secondary_effect
from rules_core.dice.pool_odds import reading_dist
from rules_core.dice.pools import Pool
from rules_core.registry import REGISTRY
from rules_core.jovian_wars.boarding.firefight import (DEFEND, ENGAGE, SABOTAGE, SABOTAGE_TARGETS,
                                                                 Boarding, Plan, defender_cost, firefight, sabotage)
from rules_core.jovian_wars.damage.capital import CRITICAL_CHOICES
from rules_core.jovian_wars.ram.capital import after_rolls, ram_of
from rules_core.jovian_wars.ship import Ship
from tests.rules_core.conftest import chart

V = "jovian-wars/v1.2.4/"
FIXED_D = (BY_VALUE, ON_MARINES)

boxes = st.integers(0, 2)
small_ship = st.fixed_dictionaries({
    "defense": boxes, "sensors": boxes, "thrusters": boxes, "marines": boxes, "structure": st.integers(0, 2),
    "traits": st.integers(0, 2), "trait_boxes": st.integers(0, 1), "trait2_boxes": st.integers(0, 1), "weapons": st.integers(0, 1),
    "spinal": st.integers(0, 1)})


def attacker_odds(answer: dict, who: str = "The ship") -> tuple[Fraction, Fraction]:
    """The attacker's order read off a resolver's charts: the chance the ship is Destroyed, then Crippled."""
    rows = chart(answer, f"{who}: Crippled, Destroyed, Explodes (each on its own)")
    return rows["Destroyed"], rows["Crippled (Structure 0)"]


def ship_odds(ends: Dist[Ship]) -> tuple[Fraction, Fraction]:
    return ends.p(lambda ship: ship.destroyed), ends.p(lambda ship: ship.crippled)


@settings(max_examples=120, deadline=None)
@given(ship=small_ship, base=st.integers(2, 5), flex=st.integers(0, 1), macro=st.integers(-1, 1),
       fixed_critical=st.sampled_from(CRITICAL_CHOICES[1:]))
def test_capital_ship_damage_best_beats_every_fixed_choice(ship, base, flex, macro, fixed_critical) -> None:
    """Assert the attacker's best [D] and Critical Hit choices are never worse than by Value, on the Marines, or a
    preferred Critical Hit option (issue 20: "best" once gave 893/23328 Destroyed where by Value gave 943/23328)."""
    given_inputs = {"ship": ship, "roll": {"base": base, "flex": flex, "macro": macro}}
    best = attacker_odds(odds(V + "capital-ship-damage", {**given_inputs, "d_results": BEST}))
    for d_results in FIXED_D:
        assert best >= attacker_odds(odds(V + "capital-ship-damage", {**given_inputs, "d_results": d_results}))
    assert best >= attacker_odds(odds(V + "capital-ship-damage", {**given_inputs, "critical": fixed_critical}))


def test_the_issues_example_best_is_at_least_by_value() -> None:
    """Assert the issue's case: Defense 2, Sensors 2, Thrusters 1, Marines 2, Structure 1, base 5."""
    given_inputs = {"ship": {"defense": 2, "sensors": 2, "thrusters": 1, "marines": 2, "structure": 1}, "roll": {"base": 5}}
    by_value = attacker_odds(odds(V + "capital-ship-damage", {**given_inputs, "d_results": BY_VALUE}))
    best = attacker_odds(odds(V + "capital-ship-damage", {**given_inputs, "d_results": BEST}))
    assert best >= by_value and by_value[0] == Fraction(943, 23328)


@settings(max_examples=30, deadline=None)
@given(ship=small_ship, structure=st.integers(1, 4), armor=st.integers(0, 3))
def test_explosion_best_beats_every_fixed_choice(ship, structure, armor) -> None:
    """Assert an Explosion's automatic [D] choice is the exploding ship's player's best."""
    given_inputs = {"target_ship": {**ship, "armor_front": armor}, "exploding_ship": {"start_structure": structure}}
    best = attacker_odds(odds(V + "explosion", {**given_inputs, "d_results": BEST}), "Target")
    for d_results in FIXED_D:
        assert best >= attacker_odds(odds(V + "explosion", {**given_inputs, "d_results": d_results}), "Target")


@settings(max_examples=30, deadline=None)
@given(rammer=small_ship, target=small_ship, start=st.integers(1, 3), target_start=st.integers(1, 3),
       rammed_arc=st.sampled_from(("front", "side (flank)", "rear")))
def test_ram_each_players_best_beats_every_fixed_choice(rammer, target, start, target_start, rammed_arc) -> None:
    """Assert each Ram roll's damage, choices best for the player whose roll it is, is never worse for that player
    than a fixed [D] choice (the choice is made within the attack, How the dice work §6; the Explosion is its own attack)."""
    given_inputs = {"ramming_ship": {**rammer, "start_structure": max(start, rammer["structure"])},
                    "target_ship": {**target, "start_structure": max(target_start, target["structure"])},
                    "rammed_arc": rammed_arc}

    def ends(**choice: str) -> tuple[Dist[Ship], Dist[Ship]]:
        return after_rolls(ram_of(REGISTRY[V + "ram"].check({**given_inputs, **choice})))
    on_rammer, on_target = ends()
    for fixed in FIXED_D:
        assert ship_odds(on_target) >= ship_odds(ends(ram_d_results=fixed)[1])
        assert ship_odds(on_rammer) >= ship_odds(ends(target_d_results=fixed)[0])


def hull_of(ship: dict, marines: int, target: str) -> Ship:
    """The Boarded ship; a Sabotage aimed at the System Trait needs one (the resolver refuses it otherwise)."""
    traits = max(ship["traits"], int(target == "System Trait 1"))
    return Ship.of((ship["defense"], ship["sensors"], ship["thrusters"], marines), ship["structure"],
                   (ship["trait_boxes"], ship["trait2_boxes"])[:traits], ship["weapons"], ship["spinal"])


def boarders_odds(ends: Dist[Boarding]) -> tuple[Fraction, Fraction]:
    """The Boarders' order: Captured, then Destroyed."""
    return (ends.p(lambda s: s.marines == 0 and s.boarders > 0 and not s.ship.destroyed),
            ends.p(lambda s: s.ship.destroyed))


@settings(max_examples=30, deadline=None)
@given(ship=small_ship, marines=st.integers(1, 3), boarders=st.integers(1, 4),
       fixed=st.sampled_from(SABOTAGE_TARGETS[1:]))
def test_sabotage_boarders_best_target_beats_every_fixed_target(ship, marines, boarders, fixed) -> None:
    """Assert the Boarders' automatic Sabotage target is never worse for them than one row aimed by hand."""
    state = Boarding(hull_of(ship, marines, fixed), boarders)
    assert (boarders_odds(firefight(state, Plan(SABOTAGE, ENGAGE)))
            >= boarders_odds(firefight(state, Plan(SABOTAGE, ENGAGE, target=fixed))))


@settings(max_examples=30, deadline=None)
@given(ship=small_ship, marines=st.integers(1, 3), boarders=st.integers(2, 5),
       target=st.sampled_from(SABOTAGE_TARGETS))
def test_defending_marines_best_beats_the_weakest_remainder(ship, marines, boarders, target) -> None:
    """Assert the Defending Marines' automatic diminishes (best for the defender after the Sabotage's damage) never
    cost the defender more than leaving the weakest remainder, the choice that ignores what the roll is for."""
    hull = hull_of(ship, marines, target)
    best = firefight(Boarding(hull, boarders), Plan(SABOTAGE, DEFEND, target=target)).map(lambda s: s.ship)
    weakest = reading_dist(Pool(boarders)).product(reading_dist(Pool(marines)).map(secondary_effect)).map(
        lambda pair: after_effect(*pair)[0])
    assert defender_cost(best) <= defender_cost(sabotage(hull, weakest, target))


@settings(max_examples=30, deadline=None)
@given(base=st.integers(0, 5), flex=st.integers(1, 2), macro=st.integers(-2, 2))
def test_flex_set_aside_for_the_most_structure_beats_the_best_reading(base, flex, macro) -> None:
    """Assert flex dice set aside for the most Structure lost (a Squadron's damage, How the dice work §2) never deal less
    than keeping the best reading by the roll order."""
    pool = Pool(base, flex, macro)

    def lost(reading: tuple) -> int:
        return sum(level - 1 for level, _ in reading)
    assert reading_dist(pool, MOST_STEPS).expected(lost) >= reading_dist(pool).expected(lost)
