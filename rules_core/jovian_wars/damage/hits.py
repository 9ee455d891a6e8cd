"""v1.2.4 Damage page, single hits: Structure Damage, System Trait Damage, Weapon Damage, Critical Hit."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from ... import readings
from ...answers import Answer, Chart, Check, Outcome, judged
from .step import BEST, SPINAL_WEAPON, TRAIT, WEAPON, WEAPON_NEEDS, Aim, Event, critical_options, fate, follow, resolve_events
from ...dice.dist import Dist
from ...inputs import Input, SEED
from ...registry import Inputs, Resolver
from ..ship import RATINGS, Ship
from ...wording import counted
from ...values import int_of, rng_of
from ..actions.repair import repair_charts
from .capital import CRITICAL, aim_of, dice_keypad, die_input, die_of, one_die, ship_facts, what_changed
from ..ship_inputs import MAX_STRUCTURE, TRAIT_PARTS, card_input, end_state, fate_charts, ship_input, ship_of, ship_parts

VERSIONS = ("v1.2.4",)
"""The rules versions whose text these resolvers implement."""
MAX_STRUCTURE_DAMAGE = 2 * MAX_STRUCTURE
"""Most Structure Damage at once (every box and as many rolls at 0)."""


# ---------------------------------------------------------------- Structure Damage


STRUCTURE_EVENT: Event = ("S", 0, 0)


def _structure_events(values: Inputs) -> tuple[Event, ...]:
    return (STRUCTURE_EVENT,) * int_of(values, "damage")


def _structure_odds(values: Inputs) -> Answer:
    ends = follow(ship_of(values), _structure_events(values), Aim(), fate)
    return Answer(charts=tuple(fate_charts(cast(Dist[tuple[str, int]], ends))))


def _structure_run(values: Inputs) -> Answer:
    start = ship_of(values)
    die, used = die_of(values, rng_of(values))
    ship, lines = resolve_events(start, _structure_events(values), Aim(), die)
    if not lines:
        lines = ["No Structure Damage: nothing changes."]
    return Answer(outcome=Outcome(ship.text(), facts={**ship_facts(ship), "dice_used": used,
                                                      "ships": {"ship": end_state(values, "ship", ship)}}),
                  steps=(f"Structure {start.structure}, {int_of(values, 'damage')} Structure Damage "
                         f"(a model cannot go below 0):", *lines))


STRUCTURE_DAMAGE = Resolver(
    id="jovian-wars/v1.2.4/structure-damage",
    title="Structure Damage",
    summary="Mark Structure boxes; at 0 the model is Crippled and rolls on the Catastrophic Damage Table "
            "(1d6 + its systems at 0).",
    inputs=(Input("damage", "int", "Structure Damage taken", default=1, low=0, high=MAX_STRUCTURE_DAMAGE),
            ship_input(parts=ship_parts((4, 3, 2, 2, 2))),
            dice_keypad("Dice for Catastrophic rolls", MAX_STRUCTURE_DAMAGE), SEED),
    run=_structure_run, odds=_structure_odds,
    readings=(readings.STRUCTURE_BELOW_ZERO, readings.SYSTEMS_AT_ZERO, readings.DESTROYED_STOPS),
    serves=("structure-damage",), versions=VERSIONS,
)


# ---------------------------------------------------------------- System Trait Damage


def _trait_odds(values: Inputs) -> Answer:
    # The Damage page's "[D+]" is the Repair table's System Trait row: [D] 4+, [T] Auto, [Q+] 2× Auto (How the dice work §6a "The Repair table").
    return Answer(charts=tuple(repair_charts("System Trait Damage", int_of(values, "ship.skill"))))


def _trait_run(values: Inputs) -> Answer:
    rating, hits = int_of(values, "rating"), int_of(values, "hits")
    left = max(0, rating - hits)
    steps = [f"Each critical damage effect (or Precise hit) marks one box: {rating} - {hits} → {left}."]
    if left == 0:
        steps.append("A System Trait with a rating of zero may not be used.")
    steps.append("One rating of a System Trait may be Repaired on a [D+] result: under the Repair table's System Trait "
                 "Damage row, [D] 4+, [T] Auto, [Q+] 2× Auto (Damage Control).")
    return Answer(outcome=Outcome(f"System Trait rating {left}" + (": may not be used" if left == 0 else ""),
                                  facts={"rating": left, "usable": left > 0}), steps=tuple(steps))


SYSTEM_TRAIT_DAMAGE = Resolver(
    id="jovian-wars/v1.2.4/system-trait-damage",
    title=TRAIT,
    summary="Each critical damage effect lowers a System Trait by one box; at 0 it may not be used; Repair needs [D+].",
    inputs=(Input("rating", "int", "System Trait rating left", default=2, low=0, high=12, help="e.g. Hangers or Catapult."),
            Input("hits", "int", "Critical damage effects or Precise hits on it", default=1, low=0, high=12),
            card_input("skill", who="The ship (its Skill, for the Repair's [D+])")),
    run=_trait_run, odds=_trait_odds, readings=(readings.PRECISE, readings.JW_ONE_DIE_CHECK),
    serves=("system-trait-damage",), versions=VERSIONS,
)


# ---------------------------------------------------------------- Weapon Damage


def weapon_needed(spinal: bool) -> int:
    """5+ on 1d6, 6+ for a Spinal (SPN) weapon: the damage step's constants."""
    return WEAPON_NEEDS[SPINAL_WEAPON if spinal else WEAPON]


def _weapon_odds(values: Inputs) -> Answer:
    need = weapon_needed(bool(values["spinal"]))
    damaged = Dist.uniform(range(1, 7)).map(lambda face: face >= need)
    return Answer(charts=(Chart.of(f"Weapon Damage on {need}+", damaged,
                                   lambda hit: "weapon damaged" if hit else "no effect", (True, False)),))


def _weapon_run(values: Inputs) -> Answer:
    need = weapon_needed(bool(values["spinal"]))
    face, how = one_die(values, purpose="Weapon Damage")
    damaged = face >= need
    text = "damaged: it may not be used to attack; mark its box" if damaged else "not damaged"
    return Answer(outcome=Outcome(f"{face} vs {need}+: weapon {text}", facts={"damaged": damaged, "die": face}),
                  steps=(f"Die {how}: {face}; needs {need}+ ({'Spinal Arc' if values['spinal'] else 'not Spinal'}).",
                         f"The weapon is {text}."))


SPINAL = Input("spinal", "bool", "Spinal Arc (SPN) weapon", default=False)

WEAPON_DAMAGE = Resolver(
    id="jovian-wars/v1.2.4/weapon-damage",
    title="Weapon Damage",
    summary="A Critical Hit damages the chosen weapon on 5+ on 1d6 (6+ for a Spinal Arc weapon).",
    inputs=(SPINAL, die_input("Die rolled (1d6)"), SEED),
    run=_weapon_run, odds=_weapon_odds,
    serves=("weapon-damage",), versions=VERSIONS,
    dice_needed=lambda values: {"die": 1},
)


# ---------------------------------------------------------------- Critical Hit

CRITICAL_EVENT: Event = ("C", 0, 0)


def critical_checks(values: Inputs, ship: Ship) -> tuple[Check, ...]:
    """Which of the three options can be chosen now, each with why; a why read from boxes not entered yet says so."""
    options = critical_options(ship)
    ratings = [o for o in options if o in RATINGS]
    traits = [o for o in options if o.startswith("System Trait")]
    weapons = [o for o in options if o in (WEAPON, SPINAL_WEAPON)]
    return (
        judged(values, [f"ship.{name.lower()}" for name in RATINGS], "Rating Damage", bool(ratings),
               f"may hit {', '.join(ratings)}" if ratings else "every Rating is at 0 (a Rating at 0 may not be chosen)"),
        judged(values, ("ship.traits", *(f"ship.{part}" for part in TRAIT_PARTS[:len(ship.traits)])), TRAIT, bool(traits),
               f"may hit {', '.join(traits)}" if traits else "no System Trait above 0"),
        judged(values, ("ship.weapons", "ship.spinal"), WEAPON, bool(weapons),
               f"{counted(ship.weapons + ship.spinal, 'weapon')} not damaged" if weapons else "every weapon damaged"),
    )


def _critical_odds(values: Inputs) -> Answer:
    start = ship_of(values)
    ends = cast(Dist[Ship], follow(start, (CRITICAL_EVENT,), aim_of(values)))
    return Answer(charts=(Chart.of("The Critical Hit", ends.map(lambda end: what_changed(start, end)), str),
                          *fate_charts(ends.map(fate))))


def _critical_run(values: Inputs) -> Answer:
    start = ship_of(values)
    checks = critical_checks(values, start)
    aim = aim_of(values)
    steps = [f"{c.label}: {'can' if c.ok else 'cannot'} be chosen ({c.detail})." for c in checks]
    if aim.critical != BEST and aim.critical not in critical_options(start) and critical_options(start):
        steps.append(f"{aim.critical} cannot be chosen: the attacker's best option instead.")
        aim = replace(aim, critical=BEST)
    die, used = die_of(values, rng_of(values))
    ship, lines = resolve_events(start, (CRITICAL_EVENT,), aim, die)
    steps += lines
    facts = {**ship_facts(ship), "effect": what_changed(start, ship), "dice_used": used,
             "ships": {"ship": end_state(values, "ship", ship)}}
    return Answer(outcome=Outcome(f"{what_changed(start, ship)}: {ship.text()}", facts=facts), steps=tuple(steps),
                  checks=checks)


CRITICAL_HIT = Resolver(
    id="jovian-wars/v1.2.4/critical-hit",
    title="Critical Hit",
    summary="The attacker picks Rating Damage, System Trait Damage or Weapon Damage (5+, Spinal 6+); "
            "if none can be chosen, 1 more Structure Damage.",
    inputs=(CRITICAL, ship_input(), dice_keypad("Dice for Weapon Damage and Catastrophic rolls", 4), SEED),
    run=_critical_run, odds=_critical_odds, readings=(readings.ATTACKER_CHOOSES, readings.SYSTEMS_AT_ZERO, readings.STRUCTURE_BELOW_ZERO),
    serves=("critical-hit",), versions=VERSIONS,
)

RESOLVERS: tuple[Resolver, ...] = (STRUCTURE_DAMAGE, SYSTEM_TRAIT_DAMAGE, WEAPON_DAMAGE, CRITICAL_HIT)
