"""v1.2.4 Actions resolved by one Skill Test and a result table (MECHANICS §4, §7).

One factory, `table_action`, builds each: requirement checks, the table's exact odds for
the model's Skill, and one Skill Test from typed or seeded dice ending in the row's effect.
Actions whose rows need more than a sentence (Long Shot's extra die, Purge Airlocks'
halving) pass `detail`, a function of the inputs and the row giving extra steps and data.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from ... import readings
from ...dice import notation
from ...inputs import Input
from ...registry import Inputs, Resolver, Result, fraction_json
from ...roll import roll_faces
from ...values import faces_of, int_of, list_of
from ..dice_rolls import SEED, pool_needed, resolution_json, rng_of
from .common import (Either, Flag, Need, Rating, Table, all_ok, checks, flag_input, rating_input, requirement_sentence,
                     roll_with_table, skill_pool, skill_test_inputs, table_chart, table_odds)

VERSIONS = ("v1.2.4",)
"""The rules versions whose text these resolvers implement."""
Detail = Callable[[Inputs, str, random.Random], tuple[list[str], dict[str, object]]]
"""(inputs, row label, rng) -> extra steps and outcome keys for the row the Skill Test selected."""
ExtraCharts = Callable[[Inputs, list[tuple[str, str, Fraction]]], list[dict[str, object]]]
"""(inputs, table odds) -> more charts (e.g. the chance the weapon is damaged)."""


def table_action(slug: str, title: str, summary: str, needs: tuple[Need, ...], need_inputs: tuple[Input, ...],
                 table: Table | Callable[[Inputs], Table], *, extra: tuple[Input, ...] = (),
                 detail: Detail | None = None, charts: ExtraCharts | None = None,
                 more_readings: tuple[readings.Reading, ...] = ()) -> Resolver:
    """A Resolver for an Action whose effect is a Skill Test result table."""

    def rows(values: Inputs) -> Table:
        return table(values) if callable(table) else table

    def odds(values: Inputs) -> Result:
        pool = skill_pool(int_of(values, "skill"))
        found = table_odds(rows(values), pool)
        body: Result = {"checks": checks(needs, values),
                        "rows": {label: fraction_json(p) for label, _, p in found},
                        "charts": [table_chart(f"{title}: Skill Test {pool.base} dice", rows(values), pool)]}
        if charts is not None:
            list_of(body, "charts").extend(charts(values, found))
        return body

    def run(values: Inputs) -> Result:
        results = checks(needs, values)
        steps = [requirement_sentence(results)]
        if not all_ok(results):
            return {"checks": results, "steps": steps,
                    "outcome": {"headline": f"{title} may not be declared", "allowed": False}}
        rng = rng_of(values)
        res, (label, effect), roll_steps = roll_with_table(rows(values), skill_pool(int_of(values, "skill")),
                                                           values, rng)
        steps += roll_steps
        outcome: dict[str, object] = {"headline": f"{notation(res.final)} → {label}: {effect}", "allowed": True,
                                      "reading": notation(res.final), "row": label, "effect": effect}
        if detail is not None:
            more_steps, more = detail(values, label, rng)
            steps += more_steps
            outcome.update(more)
            if "headline" in more:
                outcome["headline"] = f"{notation(res.final)} → {label}: {more['headline']}"
        return {"checks": results, "steps": steps, "outcome": outcome, "roll": resolution_json(res)}

    return Resolver(
        id=f"jovian-wars/v1.2.4/{slug}", title=title, summary=summary,
        inputs=(*need_inputs, *extra, *skill_test_inputs(), SEED),
        run=run, odds=odds, serves=(slug,), versions=VERSIONS,
        # A Skill Test here is Skill dice alone: no flex dice, so no flex Reading.
        readings=(readings.JW_TABLE_ROW_BY_BEST, *more_readings),
        dice_needed=lambda values: pool_needed(skill_pool(int_of(values, "skill"))),
    )


# ---------------------------------------------------------------- Resupply, Vector Attack, Withdraw, Reorient

RESUPPLY = table_action(
    "resupply", "Resupply", "A Skill Test sets how many models within 6\" are resupplied.",
    (Flag("cargo", "a Cargo upgrade"),), (flag_input("cargo", "Has a Cargo upgrade (Various Cargo)", True),),
    (("[N]", "1 model within 6\" may be resupplied"), ("[D]", "2 models within 6\" may be resupplied"),
     ("[T]", "3 models within 6\" may be resupplied"), ("[Q+]", "4 models within 6\" may be resupplied")),
)

VECTOR_ATTACK = table_action(
    "vector-attack", "Vector Attack", "A Skill Test sets how many Squadrons in Sensor Range make a free 4\" move.",
    (Either("Comms/Capital Ship", (Flag("capital_ship", "Capital Ship"), Flag("comms", "Comms Trait"))),
     Rating("sensors", "Sensors", 1)),
    (flag_input("capital_ship", "Capital Ship", True), flag_input("comms", "Comms Trait"),
     rating_input("sensors", "Sensors (current)", 2)),
    (("[N]", "1 Squadron (not this model) within Sensor Range moves up to 4\""),
     ("[D]", "2 Squadrons within Sensor Range move up to 4\""),
     ("[T+]", "3 Squadrons within Sensor Range move up to 4\"")),
)

WITHDRAW = table_action(
    "withdraw", "Withdraw", "On [D+] the model (and any model Embarked on it) enters the Withdrawn state.",
    (Flag("clear", "6\" from Enemy Models"),), (flag_input("clear", "At least 6\" from every Enemy Model", True),),
    (("[N]", "no Withdrawn state"),
     ("[D+]", "enters the Withdrawn state (Embarked models too); worth 0.5x points")),
)

REORIENT = table_action(
    "reorient", "Reorient", "A Skill Test: one extra turn, or turn to face any direction.",
    (Rating("thrusters", "Thrusters", 1),), (rating_input("thrusters", "Thrusters (current)", 2),),
    (("[N]", "one turn in addition to the normal Turn rating"), ("[D+]", "turn to face any direction")),
    extra=(flag_input("sluggish", "Sluggish Trait"),),
    detail=lambda values, label, rng: (
        (["Sluggish: the model makes two turns instead of one at the end of its move, whatever the result."],
         {"sluggish": True}) if values["sluggish"] else ([], {})),
)


# ---------------------------------------------------------------- Long Shot: a die after [D] or [T]

LONG_SHOT_NEEDS: dict[str, int] = {"[N]": 1, "[D]": 4, "[T]": 6}
"""Row -> the least face of one die that damages the weapons system (1: always; no row: never)."""


def _long_shot_detail(values: Inputs, label: str, rng: random.Random) -> tuple[list[str], dict[str, object]]:
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


def _long_shot_charts(values: Inputs, found: list[tuple[str, str, Fraction]]) -> list[dict[str, object]]:
    damaged = sum((p * Fraction(7 - LONG_SHOT_NEEDS[label], 6) for label, _, p in found if label in LONG_SHOT_NEEDS),
                  Fraction(0))
    return [{"title": "Long Shot: weapons system after the Long Range attacks",
             "rows": [{"label": "damaged", "p": fraction_json(damaged)},
                      {"label": "not damaged", "p": fraction_json(1 - damaged)}]}]


LONG_SHOT = table_action(
    "long-shot", "Long Shot", "Attacks at Long Range; one Skill Test per activation says if the weapons system is damaged.",
    (Rating("sensors", "Sensors", 1),), (rating_input("sensors", "Sensors (current)", 2),),
    (("[N]", "damage the weapons system"), ("[D]", "on a 4+, damage the weapons system"),
     ("[T]", "on a 6+, damage the weapons system"), ("[Q+]", "no damage to the weapons system")),
    extra=(Input("damage_die", "faces", "Damage die (after [D] or [T])", low=0, high=1, optional=True,
                 help="One die for the 4+ or 6+; leave empty to roll it."),),
    detail=_long_shot_detail, charts=_long_shot_charts, more_readings=(readings.JW_ONE_DIE_CHECK,),
)


# ---------------------------------------------------------------- Overdrive

OVERDRIVE_RATINGS = ("Defense", "Sensors", "Thrusters")

OVERDRIVE = table_action(
    "overdrive", "Overdrive", "A Skill Test, then the chosen rating is Overdriven (full value) until the End Phase.",
    (Rating("rating", "Chosen rating", 1),),
    (Input("chosen", "choice", "Rating to Overdrive", default="Thrusters", choices=OVERDRIVE_RATINGS),
     rating_input("rating", "Chosen rating (current)", 1)),
    lambda values: (
        ("[N]", f"{values['chosen']} takes damage as if hit by a single Particle Cannon attack (redundant boxes marked); "
                "then Overdriven"),
        ("[D]", f"a single damage to {values['chosen']}; then Overdriven"),
        ("[T+]", f"no damage to {values['chosen']}; Overdriven")),
)


# ---------------------------------------------------------------- Purge Airlocks

def _purge_effect(label: str, marines: int, boarders: int) -> tuple[int, int]:
    """Marines and Boarders after the row (Reading: halving rounds down)."""
    if label == "[N]":
        return marines // 2, boarders // 2
    if label == "[D]":
        return marines, boarders // 2
    return marines, 0


def _purge_table(values: Inputs) -> Table:
    marines, boarders = int_of(values, "marines"), int_of(values, "boarders")
    rows = []
    for label, words in (("[N]", "both Marines and Boarders halved"), ("[D]", "Boarders halved"), ("[T+]", "Boarders to 0")):
        m, b = _purge_effect(label, marines, boarders)
        rows.append((label, f"{words}: Marines {marines} → {m}, Boarders {boarders} → {b}"))
    return tuple(rows)


def _purge_detail(values: Inputs, label: str, rng: random.Random) -> tuple[list[str], dict[str, object]]:
    marines, boarders = _purge_effect(label, int_of(values, "marines"), int_of(values, "boarders"))
    note = "Boarders 0: the Boarded state is cancelled." if boarders == 0 else (
        "Marines 0 with Boarders aboard: the ship is Captured." if marines == 0 else "The ship stays Boarded.")
    return [note], {"marines": marines, "boarders": boarders}


PURGE_AIRLOCKS = table_action(
    "purge-airlocks", "Purge Airlocks", "A Boarded ship vents its airlocks: a Skill Test halves or clears the Boarders.",
    (Rating("boarders", "Boarded (Boarders)", 1),),
    (rating_input("marines", "Marines (current)", 2), rating_input("boarders", "Boarders aboard", 3, high=30)),
    _purge_table, detail=_purge_detail, more_readings=(readings.HALVE_ROUNDS_DOWN,),
)

RESOLVERS: tuple[Resolver, ...] = (RESUPPLY, VECTOR_ATTACK, WITHDRAW, REORIENT, LONG_SHOT, OVERDRIVE, PURGE_AIRLOCKS)
