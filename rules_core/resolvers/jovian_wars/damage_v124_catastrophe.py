"""v1.2.4 Damage page: the Catastrophic Damage Table and the Explosion it can cause."""

from __future__ import annotations

from fractions import Fraction

from ... import readings
from ...dice import notation
from ...inputs import Input
from ...pools import MAX_MODIFIER, Pool, build_pool
from ...registry import Inputs, Resolver, Result
from ...values import int_of, list_of
from ..dice_rolls import (SEED, faces_inputs, odds_body, pool_json, pool_needed, pool_weights, resolution_json, rng_of,
                          roll)
from .damage_v124_common import chart, dist_chart, squadron_loss, squadron_loss_dist
from .damage_v124_hits import die_input, one_die
from ...wording import structure_lost

VERSIONS = ("v1.2.4",)
"""The rules versions whose text these resolvers implement."""

# ---------------------------------------------------------------- Catastrophic Damage Table

CATASTROPHIC: tuple[tuple[int, int | None, str, str], ...] = (
    (1, 5, "No Effect", "see above"),
    (6, 7, "Dead", "Destroyed, replace with Wreck"),
    (8, None, "Explode", "Destroyed, resolve Explosion"),
)
"""(low, high or None for "+", result, effect): the table rows."""


def catastrophic_row(total: int) -> tuple[str, str]:
    for low, high, result, effect in CATASTROPHIC:
        if total >= low and (high is None or total <= high):
            return result, effect
    raise AssertionError(f"no row for {total}")  # pragma: no cover - 1d6 + systems is at least 1


def catastrophic_odds(systems: int) -> dict[str, Fraction]:
    """Result -> exact chance for 1d6 + systems at 0."""
    out = {result: Fraction(0) for _, _, result, _ in CATASTROPHIC}
    for face in range(1, 7):
        out[catastrophic_row(face + systems)[0]] += Fraction(1, 6)
    return out


def _catastrophic_odds(values: Inputs) -> Result:
    systems = int_of(values, "systems")
    return {"charts": [chart(f"1d6 + {systems} systems at 0", list(catastrophic_odds(systems).items()))]}


def _catastrophic_run(values: Inputs) -> Result:
    systems = int_of(values, "systems")
    face, how = one_die(values)
    total = face + systems
    result, effect = catastrophic_row(total)
    steps = [f"Die {how}: {face}; + {systems} systems at 0 = {total}.", f"{total}: {result}: {effect}."]
    if result == "Dead":
        steps.append("Models Embarked on it are placed within 1\" before it is removed.")
    elif result == "Explode":
        steps.append("Models Embarked on it are lost in the explosion and count as Destroyed; resolve the Explosion.")
    return {"outcome": {"headline": f"{face} + {systems} = {total}: {result}", "result": result, "total": total},
            "steps": steps}


CATASTROPHIC_DAMAGE_TABLE = Resolver(
    id="jovian-wars/v1.2.4/catastrophic-damage-table",
    title="Catastrophic Damage Table",
    summary="1d6 + systems at 0: 1-5 No Effect, 6-7 Dead, 8+ Explode.",
    inputs=(Input("systems", "int", "Systems reduced to 0", default=0, low=0, high=12,
                  help="Ratings and System Traits with no boxes left (Structure not counted)."),
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
    return build_pool(int_of(values, "structure"), 0, macro, int_of(values, "modifier"))


def _explosion_needed(values: Inputs) -> dict[str, int]:
    return pool_needed(explosion_pool(values))


def _explosion_odds(values: Inputs) -> Result:
    pool = explosion_pool(values)
    weights, total = pool_weights(pool)
    body = odds_body(weights, total, "Particle Cannon attack")
    if values["target"] == "Squadron":
        dist = squadron_loss_dist(weights, total)
        list_of(body, "charts").insert(0, dist_chart("Squadron Damage: Structure lost", dist, "Structure"))
    body["pool"] = pool_json(pool)
    return body


def _explosion_run(values: Inputs) -> Result:
    pool = explosion_pool(values)
    rating = "AS" if values["target"] == "Squadron" else "AC"
    steps = [f"Particle Cannon attack (Turret arc): {rating} {values['structure']} (the exploding ship's Structure), "
             f"Macro {2 if values['range'] == RANGES[0] else 0} ({values['range']}) - Armor {values['armor']}"
             + (f", attack modifier {int_of(values, 'modifier'):+d}" if values["modifier"] else "")
             + f": {pool.describe()}."]
    res = roll(pool, values, rng_of(values))
    steps += res.sentences()
    if values["target"] == "Squadron":
        lost = squadron_loss(res.final)
        headline = f"{notation(res.final)}: {structure_lost(lost)} (Squadron Damage)"
    else:
        headline = f"{notation(res.final)}: resolve as Capital Ship Damage"
    steps.append(headline + ". Place a Debris Field marker centered on the ship's last position.")
    return {"outcome": {"headline": headline, "reading": notation(res.final)}, "steps": steps, "roll": resolution_json(res)}


EXPLOSION = Resolver(
    id="jovian-wars/v1.2.4/explosion",
    title="Explosion",
    summary="Every model within 6\" suffers a Particle Cannon attack: AC/AS = Structure, Macro 2 within 3\", 0 beyond.",
    inputs=(Input("structure", "int", "Exploding ship's Structure", default=4, low=0, high=12,
                  help="Its starting Structure rating (it is at 0 when it explodes)."),
            Input("range", "choice", "Distance to the target", default=RANGES[0], choices=RANGES),
            Input("target", "choice", "Target", default=TARGETS[0], choices=TARGETS),
            Input("armor", "int", "Target's Armor in the arc facing the ship", default=0, low=0, high=10),
            Input("modifier", "int", "Attack modifier (net)", default=0, low=-MAX_MODIFIER, high=MAX_MODIFIER, more=True,
                  help="Arc and range modifiers as for a Turret Particle Cannon."),
            *faces_inputs(), SEED),
    run=_explosion_run, odds=_explosion_odds,
    readings=(readings.EXPLOSION_STRUCTURE, readings.FLEX_KEEPS_BEST, readings.NEGATIVE_MACRO),
    serves=("explosion",), versions=VERSIONS, dice_needed=_explosion_needed,
)

RESOLVERS: tuple[Resolver, ...] = (CATASTROPHIC_DAMAGE_TABLE, EXPLOSION)
