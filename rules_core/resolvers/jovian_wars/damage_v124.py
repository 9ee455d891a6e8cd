"""v1.2.4 Damage page: squadron and capital ship damage, critical hits, catastrophic damage, explosion.

This module holds the attack-driven tables (Squadron Damage, Capital Ship Damage, Rating Damage);
damage_v124_hits.py the single hits (Structure, System Trait, Weapon, Critical Hit) and
damage_v124_catastrophe.py the Catastrophic Damage Table and the Explosion.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from ... import readings
from ...dice import Reading, notation
from ...dist import Dist
from ...opposed import opposed_final
from ...pools import Pool
from ...inputs import Input
from ...registry import Inputs, Resolver, Result, fraction_json
from ...values import faces_of, int_of
from ..dice_rolls import SEED, faces_inputs, pool_needed, resolution_json, rng_of, roll
from . import damage_v124_catastrophe, damage_v124_hits
from .damage_v124_common import (
    RATINGS, VALUE_RATING, DieSource, Ship, apply_reading, attack_pool, attack_weights, chart, die_pick, dist_chart, hit_rating,
    opposed_sentence, pool_inputs, reading_outcomes, resolve_order, roll_attack, ship_inputs, ship_of, ship_text,
    squadron_damage_dist, squadron_loss,
)
from ...wording import counted, structure_lost

VERSIONS = ("v1.2.4",)
"""The rules versions whose text these resolvers implement."""
ATTACK_READINGS = (readings.POOL_FLOOR, readings.FLEX_KEEPS_BEST, readings.NEGATIVE_MACRO)


def _attack_needed(values: Inputs) -> dict[str, int]:
    return pool_needed(attack_pool(values))


# ---------------------------------------------------------------- Squadron Damage


def point_defense_pool(values: Inputs) -> Pool | None:
    """The Point Defense roll opposing the attack (Reading `point-defense-opposes`), or None without one."""
    dice = int_of(values, "point_defense")
    return Pool(dice) if dice else None


def squadron_loss_odds(values: Inputs) -> Dist[int]:
    """Structure lost -> exact chance, for the attack pool in `values` (after its Point Defense, if any)."""
    return squadron_damage_dist(attack_pool(values), point_defense_pool(values))


def _squadron_needed(values: Inputs) -> dict[str, int]:
    defense = point_defense_pool(values)
    return {**_attack_needed(values), "pd_dice": defense.rolled if defense else 0}


def _squadron_odds(values: Inputs) -> Result:
    dist = squadron_loss_odds(values)
    structure = int_of(values, "structure")
    fate = dist.map(lambda lost: lost >= structure)
    return {"charts": [{"title": "Structure lost", "rows": dist.rows(lambda n: f"{n} Structure", sorted(dist))},
                       {"title": f"Squadron with Structure {structure}",
                        "rows": fate.rows(lambda gone: "Destroyed" if gone else "survives", (True, False))}],
            "destroyed": fraction_json(fate.chance(True))}


def _squadron_run(values: Inputs) -> Result:
    rng = rng_of(values)
    res = roll_attack(values, rng)
    structure = int_of(values, "structure")
    steps = res.sentences()
    final = res.final
    rolls = resolution_json(res)
    defense = point_defense_pool(values)
    if defense is not None:
        shield = roll(defense, values, rng, "pd_")
        rolls["point_defense"] = resolution_json(shield)
        steps += [f"Point Defense: {text}" for text in shield.sentences()]
        final, _ = opposed_final(res.final, shield.final)
        steps.append(opposed_sentence(res.final, shield.final, final, "the attack", "Point Defense"))
    for level, value in final:
        steps.append(f"{notation(((level, value),))}: {structure_lost(level - 1)} Rating.")
    lost = squadron_loss(final)
    left = max(0, structure - lost)
    destroyed = left == 0
    steps.append(f"Structure {structure} - {lost} = {left}" + (": Destroyed, removed as casualties." if destroyed else "."))
    verdict = "Destroyed" if destroyed else f"Structure {left} left"
    return {"outcome": {"headline": f"{notation(final)}: {structure_lost(lost)}, {verdict}", "structure_lost": lost,
                        "structure": left, "destroyed": destroyed},
            "steps": steps, "roll": rolls}


SQUADRON_DAMAGE = Resolver(
    id="jovian-wars/v1.2.4/squadron-damage",
    title="Squadron Damage",
    summary="An anti-squadron attack: each result on its own, [D] -1, [T] -2, [Q+] -3 Structure; 0 is Destroyed.",
    inputs=(*pool_inputs(3, "AS of the weapon (base dice)"),
            Input("structure", "int", "Squadron's Structure left", default=3, low=1, high=12),
            Input("point_defense", "int", "Point Defense dice", default=0, low=0, high=12,
                  help="The Point Defense rating that tries to reduce the attack's results; 0: none."),
            faces_inputs("pd_", "Point Defense")[0], SEED),
    run=_squadron_run, odds=_squadron_odds,
    readings=(*ATTACK_READINGS, readings.POINT_DEFENSE_OPPOSES, readings.SECONDARY_ADDS_UP, readings.SECONDARY_CHOOSES),
    serves=("squadron-damage",), versions=VERSIONS, dice_needed=_squadron_needed,
)


# ---------------------------------------------------------------- Capital Ship Damage


def capital_outcomes(values: Inputs) -> dict[Ship, Fraction]:
    """Every end state of the ship after one attack, exactly (readings x randomised hits).

    The ship never sees a result's Value, only the Rating it selects, so readings that hit the
    same Ratings in the same order (`_hits_in_order`) are pooled by integer weight first and
    followed through the randomised hits once: a few dozen instead of thousands at base 30.
    """
    weights, total = attack_weights(values)
    start = ship_of(values)
    to_marines = values["d_results"] == "Marines"
    pooled: dict[tuple[tuple[int, str], ...], tuple[Reading, int]] = {}
    for reading, ways in weights.items():
        key = _hits_in_order(reading, to_marines)
        first, seen = pooled.get(key, (reading, 0))
        pooled[key] = (first, seen + ways)
    out: dict[Ship, Fraction] = {}
    for reading, ways in pooled.values():
        share = Fraction(ways, total)
        for ship, p in reading_outcomes(start, reading, to_marines).items():
            out[ship] = out.get(ship, Fraction(0)) + p * share
    return out


def _hits_in_order(reading: Reading, to_marines: bool) -> tuple[tuple[int, str], ...]:
    """What a reading does to a ship, in the stated order: each [D]'s Rating, each [T]/[Q+] by Magnitude."""
    return tuple((level, ("Marines" if to_marines else VALUE_RATING[value]) if level == 2 else "")
                 for level, value in resolve_order(reading))


def _capital_odds(values: Inputs) -> Result:
    outcomes = capital_outcomes(values)
    start = ship_of(values)
    lost: dict[int, Fraction] = {}
    crits: dict[int, Fraction] = {}
    ratings: dict[str, Fraction] = {name: Fraction(0) for name in RATINGS}
    crippled = Fraction(0)
    for ship, p in outcomes.items():
        lost[ship.structure_lost] = lost.get(ship.structure_lost, Fraction(0)) + p
        crits[ship.crits] = crits.get(ship.crits, Fraction(0)) + p
        crippled += p if ship.catastrophic_rolls else 0
        for index, name in enumerate(RATINGS):
            if ship.boxes[index] < start.boxes[index]:
                ratings[name] += p
    return {"charts": [dist_chart("Structure Damage", lost, "Structure"), dist_chart("Critical Hits", crits, "Critical Hits"),
                       chart("Rating Damage: each Rating loses a box", list(ratings.items())),
                       chart("Catastrophic Damage Table", [("Crippled or below 0: roll", crippled), ("no roll", 1 - crippled)])]}


def _random_die(values: Inputs, rng_die: random.Random) -> DieSource:
    typed = list(faces_of(values, "random_dice") or ())

    def die(options: Sequence[str]) -> int:
        return typed.pop(0) if typed else rng_die.randint(1, 6)
    return die


def _capital_run(values: Inputs) -> Result:
    rng = rng_of(values)
    res = roll_attack(values, rng)
    start = ship_of(values)
    ship, texts = apply_reading(start, res.final, values["d_results"] == "Marines", _random_die(values, rng))
    steps = res.sentences()
    if len(res.final) > 1:
        steps.append("Resolve lowest Magnitude first, then lowest Value: " + ", ".join(
            notation((r,)) for r in sorted(res.final)) + ".")
    steps += texts
    steps.append(f"After the attack: {ship_text(ship)}.")
    headline = f"{notation(res.final)}: " + (f"{ship.structure_lost} Structure Damage, {counted(ship.crits, 'Critical Hit')}, "
                                               if ship.structure_lost or ship.crits else "") + ship_text(ship)
    if ship.catastrophic_rolls:
        headline += f"; roll {ship.catastrophic_rolls}× on the Catastrophic Damage Table"
    return {"outcome": {"headline": headline, "boxes": dict(zip(RATINGS, ship.boxes)), "structure": ship.structure,
                        "structure_lost": ship.structure_lost, "critical_hits": ship.crits,
                        "catastrophic_rolls": ship.catastrophic_rolls, "crippled": ship.crippled},
            "steps": steps, "roll": resolution_json(res)}


D_RESULTS = Input("d_results", "choice", "[D] results damage", default="by Value", choices=("by Value", "Marines"),
                  help="The attacker may use the Value (1-2 Defense, 3-4 Sensors, 5-6 Thrusters) or hit the Marines.")
RANDOM_DICE = Input("random_dice", "faces", "Dice for randomised hits", low=0, high=6, optional=True,
                    help="One d6 per hit on a Rating with no boxes left; leave empty to roll them.")

CAPITAL_SHIP_DAMAGE = Resolver(
    id="jovian-wars/v1.2.4/capital-ship-damage",
    title="Capital Ship Damage",
    summary="Results in order (lowest Magnitude, then Value): [D] 1 Rating Damage, [T] 1 Structure + 1 Critical Hit, "
            "[Q+] 2 Structure + 2 Critical Hits.",
    inputs=(*pool_inputs(2, "AC of the weapon (base dice)"), *ship_inputs(), D_RESULTS, RANDOM_DICE, SEED),
    run=_capital_run, odds=_capital_odds,
    readings=(*ATTACK_READINGS, readings.RANDOMISE_RATING, readings.STRUCTURE_BELOW_ZERO),
    serves=("capital-ship-damage",), versions=VERSIONS, dice_needed=_attack_needed,
)


# ---------------------------------------------------------------- Rating Damage

EFFECTS: dict[str, str] = {
    "Defense": "at 0 Defense the ship may not support friendly Models targeted by Missile attacks",
    "Sensors": "weapons' Long Range is 3\" shorter per Sensors rating lost",
    "Thrusters": "a ship may only turn as many times as its current Thrusters rating or Turns rating, whichever is lower; "
                 "with 0 Thrusters it may only turn after passing a Skill check with a [D+] result",
    "Marines": "lost Marines may not be Repaired",
}


def _rating_branches(values: Inputs) -> list[tuple[Ship, Fraction, str, str]]:
    ship = ship_of({**values, "structure": values["structure"]})
    rating = "Marines" if values["d_results"] == "Marines" else VALUE_RATING[int_of(values, "value")]
    return hit_rating(ship, rating, f"[D{values['value']}] → {rating}")


def _rating_odds(values: Inputs) -> Result:
    rows: dict[str, Fraction] = {}
    start = ship_of(values)
    for ship, p, _, _ in _rating_branches(values):
        changed = [name for index, name in enumerate(RATINGS) if ship.boxes[index] < start.boxes[index]]
        label = changed[0] if changed else "Structure (no Rating left)"
        rows[label] = rows.get(label, Fraction(0)) + p
    return {"charts": [chart("Which box is marked", list(rows.items()))]}


def _rating_run(values: Inputs) -> Result:
    branches = _rating_branches(values)
    steps = []
    if len(branches) == 1:
        ship, _, text, name = branches[0]
    else:
        options = [b[3] for b in branches]
        typed = faces_of(values, "random_dice")
        face = typed[0] if typed else rng_of(values).randint(1, 6)
        ship, _, text, name = branches[options.index(die_pick(options, face))]
        text = text.replace("; randomised", f"; die {face} randomised")
    steps.append(text)
    start = ship_of(values)
    changed = [n for index, n in enumerate(RATINGS) if ship.boxes[index] < start.boxes[index]]
    if changed:
        steps.append(f"{changed[0]}: {EFFECTS[changed[0]]}.")
    return {"outcome": {"headline": text.split(": ", 1)[1], "rating": changed[0] if changed else "Structure",
                        "boxes": dict(zip(RATINGS, ship.boxes)), "structure": ship.structure},
            "steps": steps}


RATING_DAMAGE = Resolver(
    id="jovian-wars/v1.2.4/rating-damage",
    title="Rating Damage",
    summary="One Rating Damage: the Value picks Defense, Sensors or Thrusters (or the attacker picks Marines); "
            "an empty Rating is randomised, with none left it is Structure Damage.",
    inputs=(Input("value", "int", "Value of the [D] result", default=5, low=1, high=6), D_RESULTS,
            *ship_inputs((4, 3, 1, 2, 4)),
            Input("random_dice", "faces", "Die for a randomised hit", low=0, high=1, optional=True,
                  help="Leave empty to roll it."), SEED),
    run=_rating_run, odds=_rating_odds, readings=(readings.RANDOMISE_RATING,),
    serves=("rating-damage",), versions=VERSIONS,
)

RESOLVERS: tuple[Resolver, ...] = (
    SQUADRON_DAMAGE, CAPITAL_SHIP_DAMAGE, RATING_DAMAGE,
    *damage_v124_hits.RESOLVERS, *damage_v124_catastrophe.RESOLVERS,
)
