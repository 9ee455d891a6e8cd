"""Builds one v1.2.1 Special Action resolver from its row of data: requirement, Skill Test, effect.

A Special Action's Skill Test may name several ratings ("Skill/Thrusters/Fuel"): the declaring
player picks one (MECHANICS §4), so the resolver asks which and rolls that rating as the base pool.
A v1.2.1 Skill Test has no flex or macro dice, so only the rolled dice are asked for. Where the
action points to a section the texts do not hold (Repair, Ramming, Boarding), the resolver shows
the gap and reads nothing from it (MECHANICS §10).
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import readings
from ...dice import notation
from ...inputs import Input
from ...pools import Pool
from ...readings import Gap, Reading
from ...pools import MAX_BASE
from ...registry import Inputs, Resolver, Result, ratio_json
from ...values import int_of
from ..dice_rolls import MAGNITUDE_LABELS, SEED, resolution_json, rng_of, roll
from .common import (
    Need, Table, all_ok, checks, magnitude_weights, requirement_sentence, roll_with_table, skill_pool, table_chart,
)

VERSIONS = ("v1.2.1",)
"""The rules versions whose text these resolvers implement."""
MODELS = ("Capital Ship", "Squadron")

RATING_FIELDS: dict[str, str] = {
    "Skill": "skill", "Sensors": "sensors", "Thrusters": "thrusters", "Fuel": "fuel", "Marines": "marines",
    "Structure": "structure", "Damage": "damage", "Defense": "defense", "Fire Control": "fire_control",
}
"""The rating a rule names -> its input name."""
RATING_DEFAULTS: dict[str, int] = {"skill": 3, "sensors": 2, "thrusters": 1, "fuel": 2, "marines": 1, "structure": 3,
                                   "damage": 1, "defense": 2, "fire_control": 2}


@dataclass(frozen=True, slots=True)
class SpecialAction:
    """One row of the Special Actions page."""

    slug: str
    """The entry slug: "evade"."""
    title: str
    """As the text names it."""
    needs: tuple[Need, ...]
    """The requirement, part by part (common.Rating / Flag / Either)."""
    effect: str
    """What it does, in the text's words (shown when the requirement is met)."""
    model: str | None = None
    """"Capital Ship" or "Squadron" when only that kind may declare it; None for Generic."""
    test: tuple[str, ...] = ()
    """Ratings the Skill Test may use ("Skill", "Thrusters"...); empty for no Skill Test."""
    table: Table = ()
    """The Skill Test result table: rows ("[D+]", effect)."""
    flags: tuple[Input, ...] = ()
    """Bool inputs the requirement's Flags read."""
    readings: tuple[Reading, ...] = ()
    """Readings beyond the result-table one."""
    gap: Gap | None = None
    """The section the action points to that the texts do not hold: shown instead of a result table."""


def _rating_names(action: SpecialAction) -> list[str]:
    """Every rating input the requirement or the Skill Test reads, in a stable order."""
    named: list[str] = []

    def visit(need: object) -> None:
        parts = getattr(need, "parts", None)
        if parts is not None:
            for part in parts:
                visit(part)
            return
        field = getattr(need, "field", None)
        if field in RATING_DEFAULTS and field not in named:
            named.append(field)

    for need in action.needs:
        visit(need)
    for rating in action.test:
        if RATING_FIELDS[rating] not in named:
            named.append(RATING_FIELDS[rating])
    return named


def _inputs(action: SpecialAction) -> tuple[Input, ...]:
    out: list[Input] = []
    if action.model:
        out.append(Input("model", "choice", "Declaring model", default=action.model, choices=MODELS))
    for field in _rating_names(action):
        label = next(name for name, f in RATING_FIELDS.items() if f == field)
        out.append(Input(field, "int", f"{label} (current)", default=RATING_DEFAULTS[field], low=0, high=12))
    out += action.flags
    if len(action.test) > 1:
        out.append(Input("test_rating", "choice", "Skill Test rolls", default=action.test[0], choices=action.test,
                         help="The declaring player picks which rating to roll."))
    if action.test:
        out += [Input("dice", "faces", "Skill Test dice rolled", low=0, high=MAX_BASE,
                      help="Type every die you rolled."), SEED]
    return tuple(out)


def _test_rating(action: SpecialAction, values: Inputs) -> str:
    return str(values.get("test_rating") or action.test[0])


def _pool(action: SpecialAction, values: Inputs) -> Pool:
    return skill_pool(int_of(values, RATING_FIELDS[_test_rating(action, values)]))


def _checks(action: SpecialAction, values: Inputs) -> list[dict[str, object]]:
    out = []
    if action.model:
        ok = values["model"] == action.model
        out.append({"label": f"{action.model}s only", "ok": ok, "detail": f"declared by a {values['model']}"})
    return out + checks(action.needs, values)


def build(action: SpecialAction) -> Resolver:
    """The resolver of one Special Action."""

    def run(values: Inputs) -> Result:
        results = _checks(action, values)
        steps = [requirement_sentence(results)]
        if not all_ok(results):
            return {"checks": results, "outcome": {"headline": f"{action.title} may not be declared", "allowed": False},
                    "steps": steps}
        if not action.test:
            steps.append(action.effect)
            outcome: dict[str, object] = {"headline": action.effect, "allowed": True}
            if action.gap is not None:
                steps.append(action.gap.text)
                outcome["gap"] = action.gap.text
            return {"checks": results, "outcome": outcome, "steps": steps}
        who = f"Skill Test ({_test_rating(action, values)})"
        if action.gap is not None:
            res = roll(_pool(action, values), values, rng_of(values))
            steps += [f"{who}: {s}" for s in res.sentences()]
            steps += [action.effect, action.gap.text]
            return {"checks": results, "steps": steps, "roll": resolution_json(res),
                    "outcome": {"headline": f"{who}: {notation(res.final)}", "allowed": True,
                                "reading": notation(res.final), "gap": action.gap.text}}
        res, (label, effect), test_steps = roll_with_table(action.table, _pool(action, values), values, rng_of(values),
                                                           who=who)
        steps += test_steps
        steps.append(action.effect)
        return {"checks": results, "steps": steps, "roll": resolution_json(res),
                "outcome": {"headline": f"{notation(res.final)}: {effect}", "allowed": True, "row": label,
                            "reading": notation(res.final)}}

    def odds(values: Inputs) -> Result:
        rating = _test_rating(action, values)
        title = f"Skill Test with {rating} {values[RATING_FIELDS[rating]]}"
        if action.table:
            return {"charts": [table_chart(title, action.table, _pool(action, values))]}
        sums, total = magnitude_weights(_pool(action, values))
        return {"charts": [{"title": f"{title}: best result",
                            "rows": [{"label": MAGNITUDE_LABELS[level], "p": ratio_json(ways, total)}
                                     for level, ways in sums.items()]}]}

    base_readings = (readings.JW_TABLE_ROW_BY_BEST,) if action.table else ()
    return Resolver(
        id=f"jovian-wars/v1.2.1/{action.slug}",
        title=action.title,
        # A gap is part of what the resolver says before anything is typed: it shows on the built page.
        summary=f"{action.effect} {action.gap.text}" if action.gap else action.effect,
        inputs=_inputs(action),
        run=run,
        odds=odds if action.test else None,
        readings=base_readings + action.readings,
        serves=(action.slug,), versions=VERSIONS,
        dice_needed=(lambda values: {"dice": _pool(action, values).rolled}) if action.test else None,
    )
