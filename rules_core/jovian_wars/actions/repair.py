"""v1.2.4 Damage Control: a Repair attempt (How the dice work §6a "The Repair table", the published Repair table).

A Skill Test, then the player's chosen row under the column of the result: "Auto" repairs
one item, "2× Auto" two, "3× Auto" three, "4+" one item on a 4, 5 or 6 on one die, "—" none.
Declared as an `action.Action`: the chosen row is the Skill Test's table, the 4+ die follows it.
"""

from __future__ import annotations

import random

from ... import readings
from ...answers import Chart
from ...dice.dist import Dist
from ...inputs import Input
from ...registry import Inputs, Resolver
from ...dice.roll import roll_faces
from ...values import faces_of
from ...wording import counted
from ...rolling import MAGNITUDE_LABELS
from .action import Action, SkillTest, odds_charts, resolver
from ..common import Table, TableRow
from ..ship_inputs import card_input

REPAIRING_SHIP = card_input("skill", who="The ship")
"""The ship making the Repair attempt, as far as its Skill Test reads it: a ship picked from the fleet fills its Skill
(an Embarked Squadron is repaired with its carrier's Skill)."""

REPAIR_TABLE: dict[str, tuple[str, str, str, str]] = {
    "Rating Damage (one box)": ("4+", "Auto", "2× Auto", "3× Auto"),
    "System Trait Damage": ("—", "4+", "Auto", "2× Auto"),
    "Weapon Damage": ("—", "—", "4+", "Auto"),
    "Spinal (SPN) Weapon Damage": ("—", "—", "—", "4+"),
}
"""Row -> cells under [N], [D], [T], [Q+] (How the dice work §6a)."""
AUTO = {"Auto": 1, "2× Auto": 2, "3× Auto": 3}


def _table(values: Inputs) -> Table:
    """The chosen row as a Skill Test table: each result's column and its cell."""
    return tuple(zip(MAGNITUDE_LABELS.values(), REPAIR_TABLE[str(values["row"])]))


def _repaired(cell: TableRow) -> Dist[int]:
    """Items a cell repairs: "4+" one on a 4, 5 or 6 on one die (How the dice work §6a)."""
    text = cell[1]
    return Dist.uniform(range(1, 7)).map(lambda face: int(face >= 4)) if text == "4+" else Dist.certain(AUTO.get(text, 0))


def _then(values: Inputs, label: str, rng: random.Random) -> tuple[list[str], dict[str, object]]:
    row = str(values["row"])
    text = dict(_table(values))[label]
    lines = []
    count = AUTO.get(text, 0)
    if text == "4+":
        typed = faces_of(values, "repair_die")
        die = typed[0] if typed else roll_faces(rng, 1)[0]
        lines.append(f"Repair die ({'typed' if typed else 'rolled'}): {die}, needs 4+.")
        count = int(die >= 4)
    lines.append("Not allowed for this result." if text == "—" else f"{counted(count, 'item')} repaired.")
    return lines, {"repaired": count, "cell": text, "headline": f"{text}: {count} {row} repaired"}


def _items_chart(values: Inputs, rows: Dist[TableRow]) -> list[Chart]:
    most = max(max(_repaired(cell)) for cell in _table(values))  # the row's best cell, likely or not
    return [Chart.of(f"Items of {values['row']} repaired", rows.bind(_repaired), str, range(most + 1))]


DAMAGE_CONTROL_ACTION = Action(
    "damage-control", "Damage Control (Repair)", "A Skill Test, then the chosen Repair row under the result's column.",
    ("v1.2.4",),
    inputs=(Input("row", "choice", "What to repair", default="Rating Damage (one box)", choices=tuple(REPAIR_TABLE)),
            Input("repair_die", "faces", "Repair die (for a 4+)", low=0, high=1, optional=True, help="Leave empty to roll it.")),
    roll=SkillTest(_table, model=REPAIRING_SHIP), then=_then, charts=_items_chart, readings=(readings.JW_ONE_DIE_CHECK,),
)
DAMAGE_CONTROL = resolver(DAMAGE_CONTROL_ACTION)


def repair_charts(row: str, skill: int) -> list[Chart]:
    """The row's cell under each Skill Test result, and the items it repairs, exactly (the Damage page shows them)."""
    return odds_charts(DAMAGE_CONTROL_ACTION, {"row": row, REPAIRING_SHIP.name: {"skill": skill}})


RESOLVERS: tuple[Resolver, ...] = (DAMAGE_CONTROL,)
