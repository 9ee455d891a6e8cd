"""v1.2.4 Damage page: the Catastrophic Damage Table and the Explosion it can cause."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from ... import readings
from ...answers import Answer, Chart, Outcome
from .step import attack_outcomes, catastrophic_result, fate, resolve_hits
from ...dice.read import notation
from ...dice.dist import Dist
from ...inputs import Input, SEED
from ...dice.pool_odds import reading_dist
from ...dice.pools import MAX_MODIFIER, Pool, build_pool
from ...registry import Inputs, Resolver
from ...values import int_of, rng_of
from ...rolling import pool_json, pool_needed, pool_weights, readings_answer, resolution_json, roll, roll_input
from .capital import D_RESULTS, MIN_MACRO, STEP_READINGS, aim_of, capped, dice_keypad, die_input, die_of, one_die, ship_facts
from .common import squadron_after, squadron_loss
from ..ship import SYSTEM_RATINGS
from ..squadron_inputs import in_play, squadron_end, squadron_input
from ..ship_inputs import MAX_STRUCTURE, arc_input, armor_of, end_state, fate_charts, ship_input, ship_of
from ...wording import structure_lost

VERSIONS = ("v1.2.4",)
"""The rules versions whose text these resolvers implement."""

# ---------------------------------------------------------------- Catastrophic Damage Table

EFFECTS = {"No Effect": "see above", "Dead": "Destroyed, replace with Wreck", "Explodes": "Destroyed, resolve Explosion"}
"""What each result of the table does (the table's own words)."""


def catastrophic_odds(systems: int) -> Dist[str]:
    """The table's result for 1d6 + systems at 0, exactly."""
    return Dist.uniform(range(1, 7)).map(lambda face: catastrophic_result(face + systems))


def _catastrophic_odds(values: Inputs) -> Answer:
    systems = int_of(values, "systems")
    return Answer(charts=(Chart.of(f"1d6 + {systems} systems at 0", catastrophic_odds(systems), str, EFFECTS),))


def _catastrophic_run(values: Inputs) -> Answer:
    systems = int_of(values, "systems")
    face, how = one_die(values, purpose="Catastrophic Damage Table")
    total = face + systems
    result = catastrophic_result(total)
    steps = [f"Die {how}: {face}; + {systems} systems at 0 = {total}.", f"{total}: {result}: {EFFECTS[result]}."]
    if result == "Dead":
        steps.append("Models Embarked on it are placed within 1\" before it is removed.")
    elif result == "Explodes":
        steps.append("Models Embarked on it are lost in the explosion and count as Destroyed; resolve the Explosion.")
    return Answer(outcome=Outcome(f"{face} + {systems} = {total}: {result}", facts={"result": result, "total": total}),
                  steps=tuple(steps))


CATASTROPHIC_DAMAGE_TABLE = Resolver(
    id="jovian-wars/v1.2.4/catastrophic-damage-table",
    title="Catastrophic Damage Table",
    summary="1d6 + systems at 0: 1-5 No Effect, 6-7 Dead, 8+ Explode.",
    inputs=(Input("systems", "int", "Systems reduced to 0", default=0, low=0, high=12,
                  help=f"{', '.join(SYSTEM_RATINGS[:-1])} or {SYSTEM_RATINGS[-1]} with no boxes left, and each System "
                       "Trait with none (Marines and Structure are not Systems)."),
            die_input("Die rolled (1d6)"), SEED),
    run=_catastrophic_run, odds=_catastrophic_odds, readings=(readings.SYSTEMS_AT_ZERO,),
    serves=("catastrophic-damage-table",), versions=VERSIONS,
    dice_needed=lambda values: {"die": 1},
)


# ---------------------------------------------------------------- Explosion

RANGES = ("within 3\"", "over 3\" (up to 6\")")
TARGETS = ("Capital Ship", "Squadron")


def explosion_pool(values: Inputs) -> Pool:
    """AC/AS = the exploding ship's Structure; Macro 2 within 3\", 0 beyond; minus Armor; then the modifier."""
    macro = (2 if values["range"] == RANGES[0] else 0) - int_of(values, "armor")
    modifier = int_of(values, "modifier")
    return build_pool(int_of(values, "structure"), 0, macro, modifier,
                      names=("structure", "modifier", "modifier" if modifier < 0 else "armor"))


EXPLOSION_CAPS = (MAX_STRUCTURE, 1)
"""Base and flex dice of an Explosion on a Capital Ship: every Structure ship_input allows, a little modifier (no
macro pool of its own beyond Macro 2, so the exact search of the [D] and Critical Hit choices stays under 200 ms)."""


def explosion_attack(values: Inputs) -> Pool:
    """The Explosion's pool; against a Capital Ship within the capital caps (the exact damage step follows it)."""
    pool = explosion_pool(values)
    if values["target"] == "Squadron":
        return pool
    modifier = int_of(values, "modifier")
    return capped(pool, f" after the attack modifier {modifier:+d}" if modifier else "", base="structure",
                  flex="modifier", macro="armor" if pool.macro < MIN_MACRO and modifier >= 0 else "modifier",
                  most=EXPLOSION_CAPS)


EXPLODING_SHIP = ship_input("exploding_ship", "Exploding ship", (
    Input("start_structure", "int", "Starting Structure", default=4, low=0, high=12,
          help="Its starting Structure rating (it is at 0 when it explodes): the attack's AC or AS."),))
"""The exploding ship, as far as its Explosion reads it: a fleet pick (from its card, or of the ship that Explodes)
fills its starting Structure from the card."""


TARGET_SQUADRON = squadron_input("target_squadron", "Target Squadron", when=("target", TARGETS[1]))
"""The Squadron the Explosion attacks: a fleet pick fills its Structure and Armor, and Apply writes back what it
loses."""


def _attack_values(values: Inputs) -> Inputs:
    """The inputs with the exploding ship's starting Structure as the attack's "structure" and the target's Armor as
    its "armor" (explosion_pool's, which the Ram's Explosion gives directly): a Capital Ship's from its card, in the
    arc facing the exploding ship (Reading `armor-by-arc`); a Squadron's from its card (one Armor: the texts name no
    arc of a Squadron's)."""
    armor = (armor_of(values, "target_ship", values["target_arc"]) if values["target"] == TARGETS[0]
             else int_of(values, f"{TARGET_SQUADRON.name}.armor"))
    return {**values, "structure": int_of(values, f"{EXPLODING_SHIP.name}.start_structure"), "armor": armor}


def _explosion_needed(values: Inputs) -> dict[str, int]:
    return pool_needed(explosion_attack(_attack_values(values)), "roll")


def target_ends(values: Inputs) -> Dist[tuple[str, int]]:
    """The target Capital Ship's fate and Structure left after the Explosion's attack, through the damage step."""
    ends = attack_outcomes(reading_dist(explosion_attack(values)), ship_of(values, "target_ship"), aim_of(values), fate)
    return cast(Dist[tuple[str, int]], ends)


def _explosion_odds(values: Inputs) -> Answer:
    values = _attack_values(values)
    pool = explosion_attack(values)
    weights, total = pool_weights(pool)
    if values["target"] == "Squadron":
        lost = Dist.of(weights, total).map(squadron_loss)
        structure = in_play(values, TARGET_SQUADRON.name).structure
        left = lost.map(lambda n: squadron_after(structure, n)[0])
        first = [Chart.of("Squadron Damage: Structure lost", lost, lambda n: f"{n} Structure", sorted(lost)),
                 Chart.of("Target Squadron: Structure left", left,
                          lambda n: f"Structure {n}" if n else "Destroyed (Structure 0)", sorted(left, reverse=True))]
    else:
        first = fate_charts(target_ends(values), "Target")
    return readings_answer(weights, total, "Particle Cannon attack", tuple(first), {"pool": pool_json(pool)})


def _explosion_run(values: Inputs) -> Answer:
    values = _attack_values(values)
    pool = explosion_attack(values)
    rating = "AS" if values["target"] == "Squadron" else "AC"
    steps = [f"Particle Cannon attack (Turret arc): {rating} {values['structure']} (the exploding ship's starting Structure), "
             f"Macro {2 if values['range'] == RANGES[0] else 0} ({values['range']}) - Armor {values['armor']}"
             + (f", attack modifier {int_of(values, 'modifier'):+d}" if values["modifier"] else "")
             + f": {pool.describe()}."]
    rng = rng_of(values)  # one stream: the attack's dice, then the target's
    res = roll(pool, values, rng, "roll")
    steps += res.sentences()
    facts: dict[str, object] = {"reading": notation(res.final)}
    if values["target"] == "Squadron":
        structure = in_play(values, TARGET_SQUADRON.name).structure
        lost = squadron_loss(res.final)
        left, step = squadron_after(structure, lost)
        verdict = "Destroyed, removed as casualties" if left == 0 else f"Structure {left} left"
        steps.append(f"Target Squadron: {step}")
        headline = f"{notation(res.final)}: {structure_lost(lost)} (Squadron Damage), {verdict}"
        facts["ships"] = {TARGET_SQUADRON.name: squadron_end(values, TARGET_SQUADRON.name, left)}
    else:
        die, _ = die_of(values, rng)
        target, lines = resolve_hits(ship_of(values, "target_ship"), res.final, aim_of(values), die)
        steps += [f"Target: {line}" for line in lines]
        headline = f"{notation(res.final)}: Target {target.text()}"
        facts["target"] = ship_facts(target)
        facts["ships"] = {"target_ship": end_state(values, "target_ship", target)}
    steps.append(headline + ". Place a Debris Field marker centered on the ship's last position.")
    return Answer(outcome=Outcome(headline, facts=facts), steps=tuple(steps), extra={"roll": resolution_json(res)})


EXPLOSION = Resolver(
    id="jovian-wars/v1.2.4/explosion",
    title="Explosion",
    summary="Every model within 6\" suffers a Particle Cannon attack: AC/AS = Structure, Macro 2 within 3\", 0 beyond.",
    inputs=(EXPLODING_SHIP,
            Input("range", "choice", "Distance to the target", default=RANGES[0], choices=RANGES),
            Input("target", "choice", "Target", default=TARGETS[0], choices=TARGETS),
            arc_input("target_arc", "Target's arc facing the exploding ship", "front", when=("target", TARGETS[0]),
                      assumed="the target's front arc",
                      help="Its Armor in this arc (its card's) counts; the arc's modifier goes in Attack modifier."),
            Input("modifier", "int", "Attack modifier (net)", default=0, low=-MAX_MODIFIER, high=MAX_MODIFIER, more=True,
                  help="Arc and range modifiers as for a Turret Particle Cannon."),
            roll_input("roll", "Attack"),
            ship_input("target_ship", "Target", when=("target", TARGETS[0])), TARGET_SQUADRON,
            replace(D_RESULTS, label="The exploding ship's player: [D] results on the target", when=("target", TARGETS[0]),
                    more=True),
            replace(dice_keypad("Dice for the target's randomised hits, Weapon Damage and Catastrophic rolls", 24),
                    when=("target", TARGETS[0])), SEED),
    run=_explosion_run, odds=_explosion_odds,
    readings=(readings.EXPLOSION_STRUCTURE, readings.ARMOR_BY_ARC, readings.FLEX_KEEPS_BEST, readings.NEGATIVE_MACRO, *STEP_READINGS),
    serves=("explosion",), versions=VERSIONS, dice_needed=_explosion_needed, in_turn=("random_dice",),
)

RESOLVERS: tuple[Resolver, ...] = (CATASTROPHIC_DAMAGE_TABLE, EXPLOSION)
