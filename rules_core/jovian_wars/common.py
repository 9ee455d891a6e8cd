"""Pieces every Jovian Wars resolver shares (How the dice work §4 "Unopposed rolls and Skill Tests", §7 "What a resolver does"): requirements and Skill Test tables.

Stable API (the Actions, Damage and v1.2.1 pages import these):

Requirements: each need declares the input it reads (`inputs`), so an Action lists it once
    ``Rating(field, name, low, high=None, *, asks, default, top)``   "Thrusters: 1+" or "Structure: 0-1"
    ``Flag(field, name, absent=False, *, asks, default)``            a trait or condition (a bool input)
    ``Either(label, parts)``                 passes when any part passes ("Thrusters: 1+ or Fuel: 2+")
    ``Model(kind)``                          v1.2.1 "Capital Ships only" / "Squadrons only"
    ``ForModel(label, model, by_kind)``      of "a model": the chosen kind's card (model_choice.py);
    ``ForModel.rating(name, low, model)``    "Sensors: 1+" read from every kind's card alike
    ``need.check(values)``                   a typed `answers.Check`
    ``checks(needs, values)``                one typed check per need, in the rule's order
    ``all_ok(checks)``, ``requirement_sentence(checks)``
    ``rating_input`` / ``flag_input``        a bare input of either kind

Skill Tests with a result table
    ``Table``: rows ``(label, effect)``; labels "[N]", "[D]", "[T]", "[Q+]", "[D+]", "[T+]"
    (a "+" row covers that Magnitude and better). Magnitudes no row names get NOT_NAMED.
    ``table_dist(table, pool)``              the row a Skill Test of the pool selects, as a Dist
    ``table_odds(table, pool)``              [(label, effect, Fraction)] for every row, exact
    ``table_row(table, reading)``            the (label, effect) a final reading selects
    ``table_chart(title, table, pool)``      the typed chart of every row
    ``roll_with_table(table, pool, values, rng, name, who)``
                                             resolve typed or seeded dice -> (Resolution, row, steps)

The best result of a roll is `..rolling.best_magnitude`. The roll input, its keypads' counts, the seed and the roller (``roll_input``,
``pool_needed``, ``roll``, ``resolution_json``) live in ``..rolling``, the seed in ``..inputs.SEED`` and
``..values.rng_of``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from .. import answers
from ..answers import Chart
from ..dice.read import Reading, magnitude, notation
from ..dice.dist import Dist
from ..errors import InputError
from ..inputs import Input, is_entered
from ..dice.pools import Pool
from ..registry import Inputs
from ..dice.roll import Resolution
from ..values import int_of
from ..rolling import LEVELS, MAGNITUDE_LABELS, best_magnitude, roll
from .model_choice import CAPITAL_SHIP, MODEL_CHOICE, SQUADRON, ModelCard

# ---------------------------------------------------------------- requirements

@dataclass(frozen=True, slots=True)
class Rating:
    """A rating threshold: "Thrusters: 1+" (high None) or a range "Structure: 0-1"; it asks for the rating."""

    field: str
    """The int input holding the model's current rating."""
    name: str
    """The rating as the rule names it."""
    low: int
    """Least value that passes."""
    high: int | None = None
    """Greatest value that passes; None for "X+"."""
    asks: str | None = None
    """The input's label; None for "<name> (current)"."""
    default: int | None = None
    """The input's default; None for `low` (the requirement met)."""
    top: int = 12
    """The input's greatest value."""
    model: Input | None = None
    """The model input that holds the rating (a Squadron's card), `field` then naming its part ("squadron.fuel")."""

    @property
    def label(self) -> str:
        return f"{self.name}: {self.low}+" if self.high is None else f"{self.name}: {self.low}-{self.high}"

    @property
    def inputs(self) -> tuple[Input, ...]:
        if self.model is not None:
            return (self.model,)
        return (rating_input(self.field, self.asks or f"{self.name} (current)",
                             self.low if self.default is None else self.default, high=self.top),)

    @property
    def fields(self) -> tuple[str, ...]:
        return (self.field,)

    def holds(self, values: Mapping[str, object]) -> tuple[bool, str]:
        value = int_of(values, self.field)
        ok = value >= self.low and (self.high is None or value <= self.high)
        return ok, f"{self.name} is {value}" + ("" if ok else f", needs {self.label.split(': ')[1]}")

    def check(self, values: Mapping[str, object]) -> answers.Check:
        return answers.judged(values, self.fields, self.label, *self.holds(values))


@dataclass(frozen=True, slots=True)
class Flag:
    """A trait or condition the model must have (or, with `absent`, must not have); it asks for it."""

    field: str
    """The bool input."""
    name: str
    """As the rule names it: "Fire Ship Trait", "Capital Ship"."""
    absent: bool = False
    """True for a "must not" requirement ("not Boarded")."""
    asks: str | None = None
    """The input's label; None for the name."""
    default: bool | None = None
    """The input's default; None for the requirement met."""

    @property
    def label(self) -> str:
        return f"not {self.name}" if self.absent else self.name

    @property
    def inputs(self) -> tuple[Input, ...]:
        """Its bool input. One whose default is that the model has it (the requirement met, unless told) is a
        situational default: named in the headline while not entered (`Input.assumed`, No silent assumption)."""
        default = (not self.absent) if self.default is None else self.default
        spec = flag_input(self.field, self.asks or self.name, default)
        return (replace(spec, assumed=self.label) if default and not self.absent else spec,)

    @property
    def fields(self) -> tuple[str, ...]:
        return (self.field,)

    def holds(self, values: Mapping[str, object]) -> tuple[bool, str]:
        ok = bool(values[self.field]) != self.absent
        # The label already says what is asked; the detail answers it (never "has <label>" again).
        return ok, "yes" if ok else "no"

    def check(self, values: Mapping[str, object]) -> answers.Check:
        return answers.judged(values, self.fields, self.label, *self.holds(values))


@dataclass(frozen=True, slots=True)
class Either:
    """Alternatives: passes when any part passes; the detail says which."""

    label: str
    """The requirement as the rule writes it."""
    parts: tuple[Rating | Flag, ...]
    """The alternatives."""

    @property
    def inputs(self) -> tuple[Input, ...]:
        return tuple(spec for part in self.parts for spec in part.inputs)

    def check(self, values: Mapping[str, object]) -> answers.Check:
        results = [part.holds(values) for part in self.parts]
        ok = any(holds for holds, _ in results)
        passing = [part.label for part, (holds, _) in zip(self.parts, results) if holds]
        # Met by an alternative entered, it is met whatever the others' defaults are, and only what was entered is
        # said; otherwise every part is read (and the check says it was not all entered).
        entered = [part for part, (holds, _) in zip(self.parts, results)
                   if holds and all(is_entered(values, name) for name in part.fields)]
        said_of = [(part, said) for part, (_, said) in zip(self.parts, results)
                   if not entered or all(is_entered(values, name) for name in part.fields)]
        detail = "; ".join(said if isinstance(part, Rating) else f"{part.label}: {said}" for part, said in said_of)
        reads = [name for part in (entered[:1] or self.parts) for name in part.fields]
        return answers.judged(values, reads, self.label, ok,
                              f"met by {' and '.join(passing)} ({detail})" if ok else f"no alternative holds ({detail})")


MODELS = (CAPITAL_SHIP, SQUADRON)


@dataclass(frozen=True, slots=True)
class Model:
    """v1.2.1: only this kind of model may declare the Special Action; it asks which model declares."""

    kind: str
    """"Capital Ship" or "Squadron"."""

    @property
    def inputs(self) -> tuple[Input, ...]:
        return (replace(MODEL_CHOICE, default=self.kind),)

    def check(self, values: Mapping[str, object]) -> answers.Check:
        return answers.judged(values, ("model",), f"{self.kind}s only", values["model"] == self.kind,
                              f"declared by a {values['model']}")


@dataclass(frozen=True, slots=True)
class ForModel:
    """A requirement of "a model" met from the chosen kind's own card: the text's label, and by kind the part of it
    that kind's card holds ("Thrusters: 1+ or Fuel: 2+": a Capital Ship's Thrusters, a Squadron's Fuel)."""

    label: str
    model: ModelCard
    by_kind: tuple[tuple[str, Rating | Flag | None], ...]
    """(kind, the part its card is held to: a rating, its `field` a part of that kind's card input, a flag, or None
    where being that kind meets it: "Comms/Capital Ship")."""

    @classmethod
    def rating(cls, name: str, low: int, model: ModelCard) -> ForModel:
        """"<name>: <low>+" of whichever kind declares, read from its own card (every kind's card holds <name>)."""
        return cls(f"{name}: {low}+", model, tuple(
            (kind, Rating(f"{model.of_kind(kind).name}.{name.lower()}", name, low)) for kind in (CAPITAL_SHIP, SQUADRON)))

    @property
    def inputs(self) -> tuple[Input, ...]:
        """The choice, each kind's card, and a flag part's own input, shown for its kind only."""
        flags = tuple(replace(spec, when=(self.model.choice.name, kind))
                      for kind, part in self.by_kind if isinstance(part, Flag) for spec in part.inputs)
        return (*self.model.inputs, *flags)

    def check(self, values: Mapping[str, object]) -> answers.Check:
        kind = str(values.get(self.model.choice.name))
        part = dict(self.by_kind)[kind]
        if part is None:
            return answers.judged(values, (), self.label, True, f"met by a {kind}")
        ok, said = part.holds(values)
        said = said if isinstance(part, Rating) else f"{part.label}: {said}"  # a flag's "yes" says what it answers
        # The kind is the player's choice (its default a Capital Ship, as the fleet's ships are): only the number or
        # flag read is judged entered or not.
        return answers.judged(values, part.fields, self.label, ok, f"a {kind}: {said}")


Need = Rating | Flag | Either | Model | ForModel
"""One part of a requirement (`ForModel`: one of "a model", read from the chosen kind's card: model_choice.py)."""


def checks(needs: Sequence[Need], values: Mapping[str, object]) -> tuple[answers.Check, ...]:
    """One check per need, in the order the rule lists them."""
    return tuple(need.check(values) for need in needs)


def all_ok(results: Sequence[answers.Check]) -> bool:
    return all(c.ok for c in results)


def rating_input(field: str, label: str, default: int, high: int = 12, low: int = 0, help: str = "") -> Input:
    return Input(field, "int", label, default=default, low=low, high=high, help=help)


def flag_input(field: str, label: str, default: bool = False, help: str = "") -> Input:
    return Input(field, "bool", label, default=default, help=help)


def requirement_sentence(results: Sequence[answers.Check]) -> str:
    """"Requirement met." or "Requirement not met: Thrusters: 1+ (Thrusters is 0, needs 1+)."."""
    failed = [c for c in results if not c.ok]
    later = (" " + answers.pending_note(results)).rstrip()
    if not failed:
        return "Requirement met." + later
    return "Requirement not met: " + "; ".join(f"{c.label} ({c.detail})" for c in failed) + "." + later


# ---------------------------------------------------------------- Skill Test tables

TableRow = tuple[str, str]
"""(label, effect): "[D]" -> "2 models within 6\" may be resupplied"."""
Table = tuple[TableRow, ...]
"""A result table in the text's order."""

NOT_NAMED = "the text names no effect for this result"
LEVEL_COVER: dict[str, tuple[int, ...]] = {
    "[N]": (0,), "[D]": (2,), "[T]": (3,), "[Q+]": (4,), "[Q]": (4,),
    "[D+]": (2, 3, 4), "[T+]": (3, 4),
}
"""Row label -> the best Magnitudes (0 [N], 2 D, 3 T, 4 Q) it covers."""


def _levels(label: str) -> tuple[int, ...]:
    if label not in LEVEL_COVER:
        raise InputError("table", f"row {label!r} is not one of {', '.join(LEVEL_COVER)}")  # a declaration bug, loud
    return LEVEL_COVER[label]


def complete(table: Table) -> Table:
    """The table with a NOT_NAMED row for each Magnitude no row covers; refuses overlapping rows."""
    seen: set[int] = set()
    for label, _ in table:
        levels = set(_levels(label))
        if levels & seen:
            raise InputError("table", f"row {label} overlaps an earlier row")
        seen |= levels
    return table + tuple((MAGNITUDE_LABELS[level], NOT_NAMED) for level in LEVELS if level not in seen)


def _row_of(rows: Table, level: int) -> TableRow:
    return next(row for row in rows if level in _levels(row[0]))


def table_row(table: Table, reading: Reading) -> TableRow:
    """The row a final reading selects, by its best Magnitude."""
    return _row_of(complete(table), magnitude(reading))


def table_dist(table: Table, pool: Pool) -> Dist[TableRow]:
    """The row a Skill Test of this pool selects (NOT_NAMED rows included), exactly."""
    rows = complete(table)
    return best_magnitude(pool).map(lambda level: _row_of(rows, level))


def table_odds(table: Table, pool: Pool) -> list[tuple[str, str, Fraction]]:
    """Exact probability of every row (NOT_NAMED rows included) for a Skill Test of this pool."""
    found = table_dist(table, pool)
    return [(label, effect, found.chance((label, effect))) for label, effect in complete(table)]


def table_chart(title: str, table: Table, pool: Pool) -> Chart:
    """A chart of every row, labelled "[D]: effect"."""
    return Chart.of(title, table_dist(table, pool), lambda row: f"{row[0]}: {row[1]}", complete(table))


def skill_pool(skill: int, flex: int = 0, macro: int = 0) -> Pool:
    """A Skill Test pool; the Skill is the base pool (How the dice work §4), never below 0."""
    return Pool(max(0, skill), flex, macro)


def roll_with_table(table: Table, pool: Pool, values: Inputs, rng: random.Random, name: str,
                    who: str = "Skill Test") -> tuple[Resolution, TableRow, list[str]]:
    """Resolve a Skill Test from the dice typed on the roll input `name` (or seeded): its steps, then the row its
    reading selects."""
    res = roll(pool, values, rng, name)
    label, effect = table_row(table, res.final)
    steps = [f"{who}: {s}" for s in res.sentences()]
    steps.append(f"{who}: {notation(res.final)} selects the row {label}: {effect}.")
    return res, (label, effect), steps


__all__ = [
    "Rating", "Flag", "Either", "Model", "Need", "checks", "all_ok", "rating_input", "flag_input",
    "requirement_sentence", "TableRow", "Table", "NOT_NAMED", "complete", "table_row", "table_dist",
    "table_odds", "table_chart", "skill_pool", "roll_with_table",
]
