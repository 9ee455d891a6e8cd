"""v1.2.4 Damage page, single hits: Structure Damage, System Trait Damage, Weapon Damage, Critical Hit."""

from __future__ import annotations

from fractions import Fraction

from ... import readings
from ...inputs import Input
from ...registry import Inputs, Resolver, Result
from ...wording import counted
from ...values import int_of, faces_of
from ..dice_rolls import SEED, rng_of
from .actions_v124_repair import repair_charts
from .damage_v124_common import RATINGS, chart

VERSIONS = ("v1.2.4",)
"""The rules versions whose text these resolvers implement."""


def one_die(values: Inputs, name: str = "die") -> tuple[int, str]:
    """The typed die, or one rolled from the seed; with the words saying which."""
    typed = faces_of(values, name)
    if typed:
        return typed[0], "typed"
    return rng_of(values).randint(1, 6), "rolled"


def die_input(label: str, name: str = "die") -> Input:
    return Input(name, "faces", label, low=0, high=1, optional=True, help="Leave empty and the page rolls it.")


# ---------------------------------------------------------------- Structure Damage


def structure_after(structure: int, damage: int) -> tuple[int, int]:
    """(Structure left, Catastrophic rolls owed): 0 cripples and rolls; each hit below zero rolls again."""
    if damage <= 0:
        return structure, 0
    if structure == 0:
        return 0, damage
    left = max(0, structure - damage)
    return left, (0 if left else 1 + damage - structure)


def _structure_run(values: Inputs) -> Result:
    structure, damage = int_of(values, "structure"), int_of(values, "damage")
    left, rolls = structure_after(structure, damage)
    steps = [f"Structure {structure} - {damage} Structure Damage → {left} (a model cannot go below 0)."]
    if left == 0:
        steps.append("At 0 Structure the model is Crippled and must immediately roll on the Catastrophic Damage Table"
                     + (f"; {rolls - 1} more Structure Damage below zero: {rolls - 1} more roll{'s' if rolls > 2 else ''}."
                        if rolls > 1 else "."))
    headline = f"Structure {left}" + (f": Crippled, {rolls}× Catastrophic Damage Table" if left == 0 else "")
    return {"outcome": {"headline": headline, "structure": left, "crippled": left == 0, "catastrophic_rolls": rolls},
            "steps": steps}


STRUCTURE_DAMAGE = Resolver(
    id="jovian-wars/v1.2.4/structure-damage",
    title="Structure Damage",
    summary="Mark Structure boxes; at 0 the model is Crippled and rolls on the Catastrophic Damage Table.",
    inputs=(Input("structure", "int", "Structure left", default=2, low=0, high=12),
            Input("damage", "int", "Structure Damage taken", default=1, low=0, high=12)),
    run=_structure_run, readings=(readings.STRUCTURE_BELOW_ZERO,),
    serves=("structure-damage",), versions=VERSIONS,
)


# ---------------------------------------------------------------- System Trait Damage


def _trait_odds(values: Inputs) -> Result:
    # The Damage page's "[D+]" is the Repair table's System Trait row: [D] 4+, [T] Auto, [Q+] 2× Auto (MECHANICS §6a).
    return {"charts": repair_charts("System Trait Damage", int_of(values, "skill"))}


def _trait_run(values: Inputs) -> Result:
    rating, hits = int_of(values, "rating"), int_of(values, "hits")
    left = max(0, rating - hits)
    steps = [f"Each critical damage effect (or Precise hit) marks one box: {rating} - {hits} → {left}."]
    if left == 0:
        steps.append("A System Trait with a rating of zero may not be used.")
    steps.append("One rating of a System Trait may be Repaired on a [D+] result: under the Repair table's System Trait "
                 "Damage row, [D] 4+, [T] Auto, [Q+] 2× Auto (Damage Control).")
    return {"outcome": {"headline": f"System Trait rating {left}" + (": may not be used" if left == 0 else ""),
                        "rating": left, "usable": left > 0}, "steps": steps}


SYSTEM_TRAIT_DAMAGE = Resolver(
    id="jovian-wars/v1.2.4/system-trait-damage",
    title="System Trait Damage",
    summary="Each critical damage effect lowers a System Trait by one box; at 0 it may not be used; Repair needs [D+].",
    inputs=(Input("rating", "int", "System Trait rating left", default=2, low=0, high=12, help="e.g. Hangers or Catapult."),
            Input("hits", "int", "Critical damage effects or Precise hits on it", default=1, low=0, high=12),
            Input("skill", "int", "Skill (for the Repair's [D+])", default=3, low=0, high=30)),
    run=_trait_run, odds=_trait_odds, readings=(readings.PRECISE, readings.JW_ONE_DIE_CHECK),
    serves=("system-trait-damage",), versions=VERSIONS,
)


# ---------------------------------------------------------------- Weapon Damage


def weapon_needed(spinal: bool) -> int:
    """5+ on 1d6, 6+ for a Spinal (SPN) weapon."""
    return 6 if spinal else 5


def weapon_odds(spinal: bool) -> Fraction:
    return Fraction(7 - weapon_needed(spinal), 6)


def _weapon_odds(values: Inputs) -> Result:
    p = weapon_odds(bool(values["spinal"]))
    return {"charts": [chart(f"Weapon Damage on {weapon_needed(bool(values['spinal']))}+",
                             [("weapon damaged", p), ("no effect", 1 - p)])]}


def _weapon_run(values: Inputs) -> Result:
    need = weapon_needed(bool(values["spinal"]))
    face, how = one_die(values)
    damaged = face >= need
    text = "damaged: it may not be used to attack; mark its box" if damaged else "not damaged"
    return {"outcome": {"headline": f"{face} vs {need}+: weapon {text}", "damaged": damaged, "die": face},
            "steps": [f"Die {how}: {face}; needs {need}+ ({'Spinal Arc' if values['spinal'] else 'not Spinal'}).",
                      f"The weapon is {text}."]}


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

OPTIONS = ("Rating Damage", "System Trait Damage", "Weapon Damage")


def critical_checks(values: Inputs) -> list[dict[str, object]]:
    """Which of the three options can be chosen now, each with why."""
    ratings = {name: int_of(values, name.lower()) for name in RATINGS}
    open_ratings = [name for name, left in ratings.items() if left > 0]
    traits, weapons = int_of(values, "system_traits"), int_of(values, "weapons")
    return [
        {"label": "Rating Damage", "ok": bool(open_ratings),
         "detail": f"may hit {', '.join(open_ratings)}" if open_ratings else "every Rating is at 0 (a Rating at 0 may not be chosen)"},
        {"label": "System Trait Damage", "ok": traits > 0,
         "detail": f"{traits} System Trait{'s' if traits != 1 else ''} above 0" if traits else "no System Trait above 0"},
        {"label": "Weapon Damage", "ok": weapons > 0,
         "detail": f"{counted(weapons, 'weapon')} not damaged" if weapons else "every weapon damaged"},
    ]


def _critical_odds(values: Inputs) -> Result:
    normal, spinal = weapon_odds(False), weapon_odds(True)
    return {"charts": [chart("Weapon Damage option", [("weapon damaged (5+)", normal), ("Spinal weapon damaged (6+)", spinal)])]}


def _critical_run(values: Inputs) -> Result:
    checks = critical_checks(values)
    option = str(values["option"])
    steps = [f"{c['label']}: {'can' if c['ok'] else 'cannot'} be chosen ({c['detail']})." for c in checks]
    if not any(c["ok"] for c in checks):
        steps.append("None of the options can be chosen: inflict an additional Structure Damage "
                     "(roll on the Catastrophic Damage Table if necessary).")
        return {"checks": checks, "outcome": {"headline": "No option: 1 additional Structure Damage", "structure_damage": 1},
                "steps": steps}
    chosen = next(c for c in checks if c["label"] == option)
    if not chosen["ok"]:
        steps.append(f"{option} cannot be chosen: pick another option.")
        return {"checks": checks, "outcome": {"headline": f"{option} cannot be chosen ({chosen['detail']})"}, "steps": steps}
    if option == "Rating Damage":
        headline = "1 Rating Damage to a Rating of the attacker's choice above 0 (see Rating Damage)"
    elif option == "System Trait Damage":
        headline = "1 System Trait Damage to a System Trait of the attacker's choice (see System Trait Damage)"
    else:
        need = weapon_needed(bool(values["spinal"]))
        face, how = one_die(values)
        damaged = face >= need
        steps.append(f"Die {how}: {face}; needs {need}+.")
        headline = f"{face} vs {need}+: weapon {'damaged' if damaged else 'not damaged'}"
    steps.append(headline + ".")
    return {"checks": checks, "outcome": {"headline": headline, "option": option}, "steps": steps}


CRITICAL_HIT = Resolver(
    id="jovian-wars/v1.2.4/critical-hit",
    title="Critical Hit",
    summary="The attacker picks Rating Damage, System Trait Damage or Weapon Damage (5+, Spinal 6+); "
            "if none can be chosen, 1 more Structure Damage.",
    inputs=(Input("option", "choice", "Attacker's choice", default="Weapon Damage", choices=OPTIONS),
            *(Input(name.lower(), "int", f"{name} left", default=d, low=0, high=12) for name, d in zip(RATINGS, (4, 3, 2, 2))),
            Input("system_traits", "int", "System Traits above 0", default=1, low=0, high=12),
            Input("weapons", "int", "Undamaged weapons", default=2, low=0, high=12),
            SPINAL, die_input("Die for Weapon Damage (1d6)"), SEED),
    run=_critical_run, odds=_critical_odds,
    serves=("critical-hit",), versions=VERSIONS,
    dice_needed=lambda values: {"die": 1 if values["option"] == "Weapon Damage" else 0},
)

RESOLVERS: tuple[Resolver, ...] = (STRUCTURE_DAMAGE, SYSTEM_TRAIT_DAMAGE, WEAPON_DAMAGE, CRITICAL_HIT)
