"""Squadron rams Capital Ship (v1.2.4): Point Defense, the Skill Test, its Critical Hit and Structure damage.

The target's Point Defense attack (Reading `point-defense`, skipped after a Bombing Run) hits the
ramming Squadron as squadron damage; if it survives, its Skill Test: [D] a Critical Hit, [T+] a
Critical Hit and a Structure damage on the Capital Ship, through the one damage step
(rules_core.jovian_wars.damage.step, in the text's order); then the Squadron is Destroyed.
"""

from __future__ import annotations

from collections.abc import Hashable

from ...answers import Chart
from ..damage.step import Aim, Event, fate, follow, resolve_events
from ...turns import DieSource
from ...dice.read import steps
from ...dice.dist import Dist
from ...dice.pool_odds import reading_dist
from ...dice.pools import Pool
from ..ship import Ship
from ..common import Table, table_chart, table_dist
from ..ship_inputs import fate_charts

AIM = Aim()
"""The attacker's choices on the target (Reading `attacker-chooses`)."""
TABLE: Table = (("[N]", "no further effect"), ("[D]", "resolve a Critical Hit on the Capital Ship"),
                ("[T+]", "resolve a Critical Hit and a Structure damage on the Capital Ship"))
CRITICAL, STRUCTURE = ("C", 0, 0), ("S", 0, 0)
EVENTS: dict[str, tuple[Event, ...]] = {"[N]": (), "[D]": (CRITICAL,), "[T+]": (CRITICAL, STRUCTURE)}
"""Each row's damage to the Capital Ship, in the text's order."""


def point_defense(target: Ship, bombing_run: bool) -> Pool | None:
    """The target's Point Defense roll: its current Defense as base dice; none after a Bombing Run."""
    return None if bombing_run else Pool(target.left[0])


def survives(pool: Pool | None, structure: int) -> Dist[bool]:
    """Whether the ramming Squadron survives Point Defense: each result's squadron damage (Reading `point-defense`)."""
    if pool is None:
        return Dist.certain(True)
    return reading_dist(pool).map(lambda reading: steps(reading) < structure)


def target_fates(target: Ship, pd: Pool | None, structure: int, skill: Pool) -> Dist[Hashable]:
    """The target's (fate, Structure) after the whole Ram."""
    rows = table_dist(TABLE, skill).map(lambda row: row[0])
    untouched: Dist[Hashable] = Dist.certain(fate(target))
    return survives(pd, structure).bind(
        lambda alive: rows.bind(lambda row: follow(target, EVENTS[row], AIM, fate)) if alive else untouched)


def charts(target: Ship, pd: Pool | None, structure: int, skill: Pool) -> list[Chart]:
    alive = survives(pd, structure)
    ends = target_fates(target, pd, structure, skill)
    return [Chart.of("Point Defense on the ramming Squadron", alive, lambda ok: "survives" if ok else "Destroyed", (True, False)),
            table_chart("Squadron's Skill Test (if it survives)", TABLE, skill),
            *fate_charts(ends, "Target")]  # type: ignore[arg-type]


def run_damage(target: Ship, row: str, die: DieSource) -> tuple[Ship, list[str]]:
    """The Skill Test row's damage on the target, step by step."""
    return resolve_events(target, EVENTS[row], AIM, die) if EVENTS[row] else (target, [])


