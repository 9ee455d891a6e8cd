"""v1.2.4 Damage page, the attack-driven tables: Squadron Damage, Capital Ship Damage, Rating Damage.

hits.py holds the single hits (Structure, System Trait, Weapon, Critical Hit) and
catastrophe.py the Catastrophic Damage Table and the Explosion.
"""

from __future__ import annotations

from functools import partial
from typing import cast

from ... import readings
from ...answers import Answer, Chart, Outcome, Row
from .step import Event, attack_outcomes, fate, follow, resolve_events, resolve_hits
from ...dice.read import Reading, notation
from ...dice.dist import Dist
from ...dice.opposed import opposed_final
from ...dice.pool_odds import reading_dist
from ...dice.pools import Pool
from ...inputs import Input, SEED
from ...registry import Inputs, Resolver
from ..ship import RATINGS, Ship
from ...values import int_of, rng_of
from ...rolling import pool_needed, resolution_json, roll, roll_input
from .capital import (CRITICAL, D_RESULTS, STEP_READINGS, aim_of, capital_pool, capital_pool_input, dice_keypad,
                                  die_of, ship_facts, what_changed)
from .common import (ATTACK, attack_pool, opposed_sentence, pool_input, roll_attack, squadron_damage_dist,
                                 squadron_after, squadron_loss)
from ..ship_inputs import MAX_BOXES, end_state, fate_charts, ship_input, ship_of, ship_parts
from ..squadron_inputs import in_play, squadron_end, squadron_input, squadron_parts
from ...wording import counted, structure_lost

VERSIONS = ("v1.2.4",)
"""The rules versions whose text these resolvers implement."""
ATTACK_READINGS = (readings.POOL_FLOOR, readings.FLEX_KEEPS_BEST, readings.NEGATIVE_MACRO)


def _attack_needed(values: Inputs) -> dict[str, int]:
    return pool_needed(attack_pool(values), ATTACK)


# ---------------------------------------------------------------- Squadron Damage


PD_SHIP = ship_input("pd_ship", "Ship firing Point Defense", (
    Input("defense", "int", "Defense boxes left", default=0, low=0, high=MAX_BOXES,
          help="Its Point Defense dice: the Defense rating that tries to reduce the attack's results; 0: none."),))
"""The Capital Ship whose Point Defense tries to reduce the attack's results: its Defense rating is its Point Defense
(v1.2.4 Damage: "Damage to the Defense Rating represents damage to a ship's Point Defense turrets"), 0 none. A fleet
pick fills it."""


def point_defense_pool(values: Inputs) -> Pool | None:
    """The Point Defense roll opposing the attack (Reading `point-defense-opposes`), or None without one."""
    dice = int_of(values, "pd_ship.defense")
    return Pool(dice) if dice else None


def squadron_loss_odds(values: Inputs) -> Dist[int]:
    """Structure lost -> exact chance, for the attack pool in `values` (after its Point Defense, if any)."""
    return squadron_damage_dist(attack_pool(values), point_defense_pool(values))


def _squadron_needed(values: Inputs) -> dict[str, int]:
    defense = point_defense_pool(values)
    return {**_attack_needed(values), **pool_needed(defense or Pool(0), "pd")}


def _squadron_odds(values: Inputs) -> Answer:
    dist = squadron_loss_odds(values)
    structure = in_play(values, "squadron").structure
    fate = dist.map(lambda lost: lost >= structure)
    return Answer(charts=(Chart.of("Structure lost", dist, lambda n: f"{n} Structure", sorted(dist)),
                          Chart.of(f"Squadron with Structure {structure}", fate,
                                   lambda gone: "Destroyed" if gone else "survives", (True, False))),
                  extra={"destroyed": fate.chance(True)})


def _squadron_run(values: Inputs) -> Answer:
    rng = rng_of(values)
    res = roll_attack(values, rng)
    structure = in_play(values, "squadron").structure
    steps = res.sentences()
    final = res.final
    rolls = resolution_json(res)
    defense = point_defense_pool(values)
    if defense is not None:
        shield = roll(defense, values, rng, "pd")
        rolls["point_defense"] = resolution_json(shield)
        steps += [f"Point Defense: {text}" for text in shield.sentences()]
        final, _ = opposed_final(res.final, shield.final)
        steps.append(opposed_sentence(res.final, shield.final, final, "the attack", "Point Defense"))
    for level, value in final:
        steps.append(f"{notation(((level, value),))}: {structure_lost(level - 1)} Rating.")
    lost = squadron_loss(final)
    left, step = squadron_after(structure, lost)
    destroyed = left == 0
    steps.append(step)
    verdict = "Destroyed" if destroyed else f"Structure {left} left"
    facts = {"structure_lost": lost, "structure": left, "destroyed": destroyed,
             "ships": {"squadron": squadron_end(values, "squadron", left)}}
    return Answer(Outcome(f"{notation(final)}: {structure_lost(lost)}, {verdict}", facts=facts), tuple(steps),
                  extra={"roll": rolls})


SQUADRON_DAMAGE = Resolver(
    id="jovian-wars/v1.2.4/squadron-damage",
    title="Squadron Damage",
    summary="An anti-squadron attack: each result on its own, [D] -1, [T] -2, [Q+] -3 Structure; 0 is Destroyed.",
    inputs=(pool_input(3, "AS of the weapon (base dice)"),
            squadron_input("squadron", "Squadron under attack", squadron_parts(structure=3)),
            PD_SHIP,
            roll_input("pd", "Point Defense"), SEED),
    run=_squadron_run, odds=_squadron_odds,
    readings=(*ATTACK_READINGS, readings.POINT_DEFENSE_OPPOSES, readings.SECONDARY_ADDS_UP, readings.SECONDARY_CHOOSES),
    serves=("squadron-damage",), versions=VERSIONS, dice_needed=_squadron_needed,
)


# ---------------------------------------------------------------- Capital Ship Damage


End = tuple[str, int, tuple[int, ...]]
"""What Capital Ship Damage's odds keep of an end state: fate, Structure left, boxes left in each Rating."""


def fate_and_ratings(ship: Ship) -> End:
    """The view of the damage step the odds chart (one pass gives the fate charts and the Rating Damage chart)."""
    return ship.fate, ship.structure, ship.left[:len(RATINGS)]


def lost_box(before: int, index: int, end: End) -> bool:
    """Whether the Rating at `index` ends with fewer boxes than `before`."""
    return end[2][index] < before


def capital_ends(values: Inputs) -> Dist[End]:
    """The ship's fate, Structure and Ratings after the attack, exactly: the damage step over every final reading."""
    ends = attack_outcomes(reading_dist(capital_pool(values)), ship_of(values), aim_of(values), fate_and_ratings)
    return cast(Dist[End], ends)


def critical_hits(reading: Reading) -> int:
    """Critical Hits (and as many Structure Damage) a reading's results inflict: 1 per [T], 2 per [Q+]."""
    return sum(level - 2 for level, _ in reading if level > 2)


def _capital_odds(values: Inputs) -> Answer:
    crits = reading_dist(capital_pool(values)).map(critical_hits)
    ends, start = capital_ends(values), ship_of(values)
    ratings = Chart("Rating Damage: each Rating loses a box (each on its own)", tuple(
        Row(name, ends.p(partial(lost_box, start.left[i], i))) for i, name in enumerate(RATINGS)))
    return Answer(charts=(*fate_charts(ends.map(lambda end: (end[0], end[1]))), ratings,
                          Chart.of("Critical Hits in the attack's results", crits, lambda n: counted(n, "Critical Hit"),
                                   sorted(crits))))


def _capital_run(values: Inputs) -> Answer:
    rng = rng_of(values)
    res = roll(capital_pool(values), values, rng, ATTACK)
    start = ship_of(values)
    die, used = die_of(values, rng)
    ship, lines = resolve_hits(start, res.final, aim_of(values), die)
    steps = [*res.sentences(), *lines, f"After the attack: {ship.text()}."]
    crits = critical_hits(res.final)
    dealt = f"{crits} Structure Damage, {counted(crits, 'Critical Hit')}, " if crits else ""
    facts = {**ship_facts(ship), "reading": notation(res.final), "dice_used": used, "ships": {"ship": end_state(values, "ship", ship)}}
    return Answer(outcome=Outcome(f"{notation(res.final)}: {dealt}{ship.text()}", facts=facts), steps=tuple(steps),
                  extra={"roll": resolution_json(res)})


CAPITAL_SHIP_DAMAGE = Resolver(
    id="jovian-wars/v1.2.4/capital-ship-damage",
    title="Capital Ship Damage",
    summary="Results in order (lowest Magnitude, then Value): [D] 1 Rating Damage, [T] 1 Structure + 1 Critical Hit, "
            "[Q+] 2 Structure + 2 Critical Hits; 0 Structure is Crippled and rolls on the Catastrophic Damage Table.",
    inputs=(capital_pool_input(6, "AC of the weapon (base dice)"), ship_input(parts=ship_parts((4, 3, 2, 2, 2))), D_RESULTS, CRITICAL,
            dice_keypad("Dice for randomised hits, Weapon Damage and Catastrophic rolls", 24), SEED),
    run=_capital_run, odds=_capital_odds,
    readings=(*ATTACK_READINGS, *STEP_READINGS),
    serves=("capital-ship-damage",), versions=VERSIONS, in_turn=("random_dice",),
    dice_needed=lambda values: pool_needed(capital_pool(values), ATTACK),
)


# ---------------------------------------------------------------- Rating Damage

EFFECTS: dict[str, str] = {
    "Defense": "at 0 Defense the ship may not support friendly Models targeted by Missile attacks",
    "Sensors": "weapons' Long Range is 3\" shorter per Sensors rating lost",
    "Thrusters": "a ship may only turn as many times as its current Thrusters rating or Turns rating, whichever is lower; "
                 "with 0 Thrusters it may only turn after passing a Skill check with a [D+] result",
    "Marines": "lost Marines may not be Repaired",
}


def rating_event(values: Inputs) -> tuple[Event, ...]:
    """One [D] result of the Value: the step's single Rating Damage event."""
    return (("D", 2, int_of(values, "value")),)


def _rating_odds(values: Inputs) -> Answer:
    start = ship_of(values)
    ends = cast(Dist[Ship], follow(start, rating_event(values), aim_of(values)))
    return Answer(charts=(Chart.of("Which box is marked", ends.map(lambda end: what_changed(start, end)), str),
                          *fate_charts(ends.map(fate))))


def _rating_run(values: Inputs) -> Answer:
    start = ship_of(values)
    die, used = die_of(values, rng_of(values))
    ship, lines = resolve_events(start, rating_event(values), aim_of(values), die)
    row = next((name for name in RATINGS if what_changed(start, ship) == f"{name} loses a box"), "Structure")
    if row in EFFECTS:
        lines.append(f"{row}: {EFFECTS[row]}.")
    facts = {**ship_facts(ship), "rating": row, "dice_used": used, "ships": {"ship": end_state(values, "ship", ship)}}
    return Answer(outcome=Outcome(f"{what_changed(start, ship)}: {ship.text()}", facts=facts), steps=tuple(lines))


RATING_DAMAGE = Resolver(
    id="jovian-wars/v1.2.4/rating-damage",
    title="Rating Damage",
    summary="One Rating Damage: the Value picks Defense, Sensors or Thrusters (or the attacker picks Marines); "
            "an empty Rating is randomised among the remaining Ratings, with none left it is Structure Damage.",
    inputs=(Input("value", "int", "Value of the [D] result", default=5, low=1, high=6), D_RESULTS,
            ship_input(parts=ship_parts((4, 3, 1, 2, 4))),
            dice_keypad("Dice for a randomised hit and Catastrophic rolls", 4), SEED),
    run=_rating_run, odds=_rating_odds, readings=STEP_READINGS,
    serves=("rating-damage",), versions=VERSIONS,
)

RESOLVERS: tuple[Resolver, ...] = (SQUADRON_DAMAGE, CAPITAL_SHIP_DAMAGE, RATING_DAMAGE)
