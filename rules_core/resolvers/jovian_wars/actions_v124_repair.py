"""v1.2.4 Damage Control: a Repair attempt (MECHANICS §6a, the published Repair table).

A Skill Test, then the player's chosen row under the column of the result: "Auto" repairs
one item, "2× Auto" two, "3× Auto" three, "4+" one item on a 4, 5 or 6 on one die, "—" none.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ... import readings
from ...dice import magnitude, notation
from ...inputs import Input
from ...registry import Inputs, Resolver, Result, fraction_json
from ...roll import roll_faces
from ...values import faces_of, int_of
from ..dice_rolls import MAGNITUDE_LABELS, SEED, pool_needed, resolution_json, rng_of, roll
from ...wording import counted
from .common import magnitude_weights, skill_pool, skill_test_inputs

REPAIR_TABLE: dict[str, tuple[str, str, str, str]] = {
    "Rating Damage (one box)": ("4+", "Auto", "2× Auto", "3× Auto"),
    "System Trait Damage": ("—", "4+", "Auto", "2× Auto"),
    "Weapon Damage": ("—", "—", "4+", "Auto"),
    "Spinal (SPN) Weapon Damage": ("—", "—", "—", "4+"),
}
"""Row -> cells under [N], [D], [T], [Q+] (MECHANICS §6a)."""
COLUMNS = (0, 2, 3, 4)
AUTO = {"Auto": 1, "2× Auto": 2, "3× Auto": 3}


def cell(row: str, level: int) -> str:
    return REPAIR_TABLE[row][COLUMNS.index(level)]


def repaired(text: str, die: int | None) -> int:
    """Items a cell repairs; "4+" needs the die."""
    if text in AUTO:
        return AUTO[text]
    if text == "4+":
        return int(die is not None and die >= 4)
    return 0


def repair_charts(row: str, skill: int) -> list[dict[str, object]]:
    """The row's cell under each Skill Test result, and the items it repairs, exactly (MECHANICS §6a)."""
    sums, total = magnitude_weights(skill_pool(skill))
    items: dict[int, Fraction] = {}
    for level, ways in sums.items():
        p, text = Fraction(ways, total), cell(row, level)
        for count, q in (((1, Fraction(1, 2)), (0, Fraction(1, 2))) if text == "4+" else ((repaired(text, None), Fraction(1)),)):
            items[count] = items.get(count, Fraction(0)) + p * q
    return [
        {"title": f"Repair: {row}, by Skill Test result",
         "rows": [{"label": f"{MAGNITUDE_LABELS[level]}: {cell(row, level)}", "p": fraction_json(Fraction(ways, total))}
                  for level, ways in sums.items()]},
        {"title": f"Items of {row} repaired", "rows": [{"label": str(n), "p": fraction_json(items.get(n, Fraction(0)))}
                                                       for n in range(max(items) + 1)]}]


def _odds(values: Inputs) -> Result:
    return {"charts": repair_charts(str(values["row"]), int_of(values, "skill"))}


def _run(values: Inputs) -> Result:
    row = str(values["row"])
    rng: random.Random = rng_of(values)
    res = roll(skill_pool(int_of(values, "skill")), values, rng)
    text = cell(row, magnitude(res.final))
    lines = [f"Skill Test: {s}" for s in res.sentences()]
    lines.append(f"{notation(res.final)} under {row}: {text}.")
    die = None
    if text == "4+":
        typed = faces_of(values, "repair_die")
        die = typed[0] if typed else roll_faces(rng, 1)[0]
        lines.append(f"Repair die ({'typed' if typed else 'rolled'}): {die}, needs 4+.")
    count = repaired(text, die)
    lines.append("Not allowed for this result." if text == "—" else f"{counted(count, 'item')} repaired.")
    return {"steps": lines, "roll": resolution_json(res),
            "outcome": {"headline": f"{notation(res.final)} → {text}: {count} {row} repaired", "repaired": count, "cell": text}}


DAMAGE_CONTROL = Resolver(
    id="jovian-wars/v1.2.4/damage-control", title="Damage Control (Repair)",
    summary="A Skill Test, then the chosen Repair row under the result's column.",
    inputs=(Input("row", "choice", "What to repair", default="Rating Damage (one box)", choices=tuple(REPAIR_TABLE)),
            *skill_test_inputs(), Input("repair_die", "faces", "Repair die (for a 4+)", low=0, high=1, optional=True,
                                        help="Leave empty to roll it."), SEED),
    run=_run, odds=_odds, serves=("damage-control",), versions=("v1.2.4",),
    dice_needed=lambda values: pool_needed(skill_pool(int_of(values, "skill"))),
    readings=(readings.JW_ONE_DIE_CHECK,),
)

RESOLVERS: tuple[Resolver, ...] = (DAMAGE_CONTROL,)
