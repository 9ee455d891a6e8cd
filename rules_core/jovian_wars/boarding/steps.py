"""One activation of a Boarded ship resolved from dice, step by step: the firefight, then Purge Airlocks.

The dice come from the keypads (`boarders_`, `marines_`, `purge_`, and `damage_dice` for the damage
step's own rolls: randomised hits, Weapon Damage, the Catastrophic Damage Table) or, where none were
typed, from the seeded generator. The same rules as the exact odds in `firefight`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..damage.step import resolve_hits
from ...dice.read import diminish, notation
from ...dice.opposed import diminished, remainders, secondary_effect
from ...dice.pools import Pool
from ...registry import Inputs
from ...dice.roll import Resolution
from ...rolling import resolution_json, roll
from .firefight import (DEFEND, ENGAGE, PURGE_ROWS, SABOTAGE, Boarding, Plan, engage_after, marines_leave,
                                 purge_after, purge_row, sabotage_aim)

Die = Callable[[str], int]
"""The next d6 the damage step asks for, told what it is for."""


BOARDERS, MARINES, PURGE = ROLLS = ("boarders_roll", "marines_roll", "purge_roll")
"""The roll inputs of one activation: the Boarders', the Marines', the Purge Airlocks Skill Test."""


PURGE_PURPOSE = "Purge Airlocks Skill Test"
"""What the Purge Airlocks roll is for, as its steps and an asked roll say it."""


def boarders_roll_purpose(plan: Plan) -> str:
    return f"Boarders ({plan.boarder})"


def marines_roll_purpose(plan: Plan) -> str:
    return f"Marines ({plan.defender})"


def _roll_lines(who: str, res: Resolution) -> list[str]:
    return [f"{who}: {sentence}" for sentence in res.sentences()]


def firefight_steps(state: Boarding, plan: Plan, values: Inputs, rng: random.Random,
                    die: Die) -> tuple[Boarding, list[str], dict[str, object]]:
    """One firefight from dice: the state after it, its steps, and the rolls as JSON."""
    ship, boarders, marines = state.ship, state.boarders, state.marines
    b_what, m_what = boarders_roll_purpose(plan), marines_roll_purpose(plan)
    b_roll = roll(Pool(boarders), values, rng, BOARDERS, what=b_what)
    m_roll = roll(Pool(marines), values, rng, MARINES, what=m_what)
    lines = _roll_lines(b_what, b_roll) + _roll_lines(m_what, m_roll)
    rolls: dict[str, object] = {"boarders": resolution_json(b_roll), "marines": resolution_json(m_roll)}
    sabotage = b_roll.final
    new_b = boarders
    if plan.boarder == SABOTAGE and plan.defender == DEFEND:
        effect = secondary_effect(m_roll.final)
        sabotage = marines_leave(ship, b_roll.final, effect, plan.target)
        hit = diminished(b_roll.final, sabotage)
        choice = (" The Marines choose what to diminish: the best for the defender of "
                  + ", ".join(notation(left) for left in remainders(b_roll.final, effect)) + "."
                  if len(remainders(b_roll.final, effect)) > 1 else "")
        lines.append(f"Opposed Roll, Boarders Primary: the Marines' {notation(m_roll.final)} leaves {notation(sabotage)}"
                     + (f" (diminished: {', '.join(map(str, hit))})." if hit else ".") + choice)
    else:
        m_reading = diminish(m_roll.final) if plan.defender == DEFEND else m_roll.final
        if plan.defender == DEFEND:
            lines.append(f"Defend: the Marines' results are diminished: {notation(m_roll.final)} → {notation(m_reading)}.")
        new_b = engage_after(m_reading, boarders)
        lines.append(f"Marines' {notation(m_reading)}: Boarders {boarders} → {new_b}.")
    if plan.boarder == ENGAGE:
        new_m = engage_after(b_roll.final, marines)
        lines.append(f"Boarders' {notation(b_roll.final)}: Marines {marines} → {new_m}.")
        return Boarding(ship.with_marines(new_m), new_b), lines, rolls
    lines.append(f"Sabotage: {notation(sabotage)} applied as if the attack were made by a Precise weapon.")
    after, damage_lines = resolve_hits(ship, sabotage, sabotage_aim(plan.target), die, chooser="the Boarders")
    lines += [f"Sabotage: {line}" for line in damage_lines]
    return Boarding(after, new_b), lines, rolls


def purge_steps(marines: int, boarders: int, skill: int, values: Inputs, rng: random.Random,
                name: str = PURGE) -> tuple[tuple[int, int], list[str], Resolution]:
    """Purge Airlocks from dice typed on the roll input `name`: its Skill Test, the row, and (Marines, Boarders) after it."""
    res = roll(Pool(skill), values, rng, name, what=PURGE_PURPOSE)
    row = purge_row(res.final)
    after = purge_after(row, marines, boarders)
    lines = _roll_lines(PURGE_PURPOSE, res)
    lines.append(f"{notation(res.final)} selects {row}: {dict(PURGE_ROWS)[row]}: "
                 f"Marines {marines} → {after[0]}, Boarders {boarders} → {after[1]}.")
    return after, lines, res
