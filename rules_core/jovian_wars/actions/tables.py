"""v1.2.4 Actions resolved by one Skill Test and a result table (How the dice work §4 "Unopposed rolls and Skill Tests", §7 "What a resolver does").

Each is an `action.Action` with a `SkillTest`: requirement checks, the table's exact odds for the
model's Skill, and one Skill Test from typed or seeded dice ending in the row's effect. Rows that
need more than a sentence (Long Shot's extra die) add `then` (steps and facts after the
row) and `charts` (what follows the row, through `Dist`).
"""

from __future__ import annotations

import random

from ... import readings
from ...answers import Chart, Check
from ...dice.dist import Dist
from ...inputs import Input
from ...registry import Inputs, Resolver
from ...dice.roll import roll_faces
from ...values import faces_of, int_of
from .action import Action, Enters, SkillTest, resolver
from .plain import V124
from ..common import Flag, ForModel, Rating, TableRow
from ..kept_states import OVERDRIVEN, WITHDRAWN
from ..model_choice import CAPITAL_SHIP, SQUADRON, ModelCard
from ..ship_inputs import card_input

SENSORS_SHIP = card_input("sensors", "skill", who="The ship")
"""The declaring ship's card as Long Shot reads it (Sensors, and Skill for the test): a ship picked from the fleet
fills it."""
VECTOR_CARD = ModelCard.of(ship=("sensors", "skill"), squadron=("sensors", "skill"))
"""Vector Attack's model ("Only Capital Ships or Squadrons with the Comms trait may declare this action"): Sensors, and
Skill for the test, from the chosen kind's card."""
THRUSTERS_SHIP = card_input("thrusters", "skill", who="The ship")
"""Reorient's: Thrusters, and Skill for the test."""
SKILL_CARD = ModelCard.of(ship=("skill",), squadron=("skill",))
"""Resupply's and Withdraw's model ("this model": a Capital Ship or a Squadron): the Skill of the chosen kind's card."""

CAPITAL_OR_COMMS = ForModel("Comms/Capital Ship", VECTOR_CARD, ((CAPITAL_SHIP, None),
                                                                (SQUADRON, Flag("comms", "Comms Trait", default=False))))
"""Met by a Capital Ship; a Squadron needs the Comms trait."""

# ---------------------------------------------------------------- Resupply, Vector Attack, Withdraw, Reorient

RESUPPLY = Action(
    "resupply", "Resupply", "A Skill Test sets how many models within 6\" are resupplied.", V124,
    (Flag("cargo", "a Cargo upgrade", asks="Has a Cargo upgrade (Various Cargo)"),),
    roll=SkillTest(model=SKILL_CARD, table=(("[N]", "1 model within 6\" may be resupplied"), ("[D]", "2 models within 6\" may be resupplied"),
                    ("[T]", "3 models within 6\" may be resupplied"), ("[Q+]", "4 models within 6\" may be resupplied"))),
)

VECTOR_ATTACK = Action(
    "vector-attack", "Vector Attack", "A Skill Test sets how many Squadrons in Sensor Range make a free 4\" move.", V124,
    (CAPITAL_OR_COMMS, ForModel.rating("Sensors", 1, VECTOR_CARD)),
    roll=SkillTest(model=VECTOR_CARD, table=(("[N]", "1 Squadron (not this model) within Sensor Range moves up to 4\""),
                    ("[D]", "2 Squadrons within Sensor Range move up to 4\""),
                    ("[T+]", "3 Squadrons within Sensor Range move up to 4\""))),
)

WITHDRAW = Action(
    "withdraw", "Withdraw", "On [D+] the model (and any model Embarked on it) enters the Withdrawn state.", V124,
    (Flag("clear", "6\" from Enemy Models", asks="At least 6\" from every Enemy Model"),),
    roll=SkillTest(model=SKILL_CARD, table=(("[N]", "no Withdrawn state"),
                    ("[D+]", "enters the Withdrawn state (Embarked models too); worth 0.5x points"))),
    enters=Enters(fate=WITHDRAWN, rows=("[D+]",)),
)

REORIENT = Action(
    "reorient", "Reorient", "A Skill Test: one extra turn, or turn to face any direction.", V124,
    (Rating("ship.thrusters", "Thrusters", 1, model=THRUSTERS_SHIP),), (Input("sluggish", "bool", "Sluggish Trait", default=False),),
    roll=SkillTest(model=THRUSTERS_SHIP, table=(("[N]", "one turn in addition to the normal Turn rating"), ("[D+]", "turn to face any direction"))),
    then=lambda values, label, rng: (
        (["Sluggish: the model makes two turns instead of one at the end of its move, whatever the result."],
         {"sluggish": True}) if values["sluggish"] else ([], {})),
)


# ---------------------------------------------------------------- Long Shot: a die after [D] or [T]

LONG_SHOT_NEEDS: dict[str, int] = {"[N]": 1, "[D]": 4, "[T]": 6}
"""Row -> the least face of one die that damages the weapons system (1: always; no row: never)."""


def _long_shot_then(values: Inputs, label: str, rng: random.Random) -> tuple[list[str], dict[str, object]]:
    need = LONG_SHOT_NEEDS.get(label)
    if need is None:
        return ["No damage to the weapons system."], {"weapon_damaged": False}
    if need == 1:
        return ["The weapons system is damaged after its Long Range attacks."], {"weapon_damaged": True}
    typed = faces_of(values, "damage_die")
    die = typed[0] if typed else roll_faces(rng, 1)[0]
    damaged = die >= need
    return ([f"Damage die ({'typed' if typed else 'rolled'}): {die}, needs {need}+: the weapons system is "
             f"{'damaged' if damaged else 'not damaged'}."],
            {"weapon_damaged": damaged, "damage_die": die,
             "headline": "weapons system damaged" if damaged else "weapons system not damaged"})


def _long_shot_damaged(row: TableRow) -> Dist[bool]:
    """Whether the weapons system is damaged after the row: one die against the row's need (JW_ONE_DIE_CHECK)."""
    need = LONG_SHOT_NEEDS.get(row[0])
    return Dist.certain(False) if need is None else Dist.uniform(range(1, 7)).map(lambda face: face >= need)


LONG_SHOT = Action(
    "long-shot", "Long Shot", "Attacks at Long Range; one Skill Test per activation says if the weapons system is damaged.",
    V124, (Rating("ship.sensors", "Sensors", 1, model=SENSORS_SHIP),),
    (Input("damage_die", "faces", "Damage die (after [D] or [T])", low=0, high=1, optional=True,
           help="One die for the 4+ or 6+; leave empty to roll it."),),
    roll=SkillTest(model=SENSORS_SHIP, table=(("[N]", "damage the weapons system"), ("[D]", "on a 4+, damage the weapons system"),
                    ("[T]", "on a 6+, damage the weapons system"), ("[Q+]", "no damage to the weapons system"))),
    then=_long_shot_then,
    charts=lambda values, rows: [Chart.of("Long Shot: weapons system after the Long Range attacks",
                                          rows.bind(_long_shot_damaged), lambda damaged: "damaged" if damaged else "not damaged",
                                          (True, False))],
    readings=(readings.JW_ONE_DIE_CHECK,),
)


# ---------------------------------------------------------------- Overdrive

OVERDRIVE_RATINGS = OVERDRIVEN.of
OVERDRIVE_SHIP = card_input("skill", *(name.lower() for name in OVERDRIVE_RATINGS), who="The ship")
"""The Overdriving ship's Skill and the Ratings it may Overdrive: a fleet pick fills them."""


def _chosen_rating(values: Inputs) -> list[Check]:
    """"Rating: +1": the chosen Rating, on the ship's card, has at least 1 remaining."""
    chosen = str(values["chosen"])
    return [Rating(f"{OVERDRIVE_SHIP.name}.{chosen.lower()}", chosen, 1, model=OVERDRIVE_SHIP).check(values)]


OVERDRIVEN_ENTERED = Enters(OVERDRIVEN, x=lambda values: str(values["chosen"]))
"""Overdriven, held for the chosen Rating: the end state's shape is every entered State's (`Enters.end`)."""


def _overdrive_damage(values: Inputs, row: str, rng: random.Random) -> tuple[list[str], dict[str, object]]:
    """The ship after the row, for the fleet: Overdriven for the chosen Rating, after [D] one box of it marked or [T+]
    none; on [N] the damage of "a single Particle Cannon attack" is not known (the text gives no AC for it), so
    nothing is applied (not the State either: the ship's numbers would be wrong) and the step says so."""
    if row == "[N]":
        return ["The text gives no number for that Particle Cannon attack: its damage is not applied here; mark it on "
                "the page."], {}
    part = str(values["chosen"]).lower()
    numbers = {part: int_of(values, f"{OVERDRIVE_SHIP.name}.{part}") - 1} if row == "[D]" else {}
    return [], {"ships": {OVERDRIVE_SHIP.name: {**OVERDRIVEN_ENTERED.end(values), "numbers": numbers}}}


OVERDRIVE = Action(
    "overdrive", "Overdrive", "A Skill Test, then the chosen rating is Overdriven (full value) until the End Phase.", V124,
    (),
    (Input("chosen", "choice", "Rating to Overdrive", default="Thrusters", choices=OVERDRIVE_RATINGS),),
    more_checks=_chosen_rating, then=_overdrive_damage,
    roll=SkillTest(model=OVERDRIVE_SHIP, table=lambda values: (
        ("[N]", f"{values['chosen']} takes damage as if hit by a single Particle Cannon attack (redundant boxes marked); "
                "then Overdriven"),
        ("[D]", f"a single damage to {values['chosen']}; then Overdriven"),
        ("[T+]", f"no damage to {values['chosen']}; Overdriven"))),
)


ACTIONS: tuple[Action, ...] = (RESUPPLY, VECTOR_ATTACK, WITHDRAW, REORIENT, LONG_SHOT, OVERDRIVE)
RESOLVERS: tuple[Resolver, ...] = tuple(map(resolver, ACTIONS))
