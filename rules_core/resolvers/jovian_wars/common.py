"""Pieces every Jovian Wars resolver shares (MECHANICS §4, §7): requirements and Skill Test tables.

Stable API (the Actions, Damage and v1.2.1 pages import these):

Requirements
    ``Rating(field, name, low, high=None)``  "Thrusters: 1+" (high None) or "Structure: 0-1"
    ``Flag(field, name)``                    a trait or condition the model has (a bool input)
    ``Either(label, parts)``                 passes when any part passes ("Thrusters: 1+ or Fuel: 2+")
    ``checks(needs, values)``                one check {label, ok, detail} per need, in order
    ``all_ok(checks)``                       True when every check passes
    ``rating_input`` / ``flag_input``        the declared inputs a need reads

Skill Tests with a result table
    ``Table``: rows ``(label, effect)``; labels "[N]", "[D]", "[T]", "[Q+]", "[D+]", "[T+]"
    (a "+" row covers that Magnitude and better). Magnitudes no row names get NOT_NAMED.
    ``table_odds(table, pool)``              [(label, effect, Fraction)] for every row, exact
    ``table_row(table, reading)``            the (label, effect) a final reading selects
    ``table_chart(title, table, pool)``      the chart JSON {title, rows[{label, p}]}
    ``skill_test_inputs(default, prefix)``   Skill stepper + typed dice keypads (prefix for several rolls)
    ``roll_with_table(table, pool, values, rng, prefix, who)``
                                             resolve typed or seeded dice -> (Resolution, row, steps)

The keypads, their counts, the seed and the roller themselves (``faces_inputs``, ``pool_needed``, ``SEED``,
``rng_of``, ``roll``, ``resolution_json``) live in ``..dice_rolls``, shared with the generic dice resolvers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...dice import Reading, magnitude, notation
from ...errors import InputError
from ...inputs import Input
from ...pool_odds import reading_weights
from ...pools import MAX_BASE, Pool
from ...registry import Inputs, fraction_json
from ...roll import Resolution
from ...values import int_of
from ..dice_rolls import MAGNITUDE_LABELS, faces_inputs, roll

Check = dict[str, object]
"""{"label": the requirement part, "ok": bool, "detail": why, in the player's terms}."""

# ---------------------------------------------------------------- requirements


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating threshold: "Thrusters: 1+" (high None) or a range "Structure: 0-1"."""

    field: str
    """The int input holding the model's current rating."""
    name: str
    """The rating as the rule names it."""
    low: int
    """Least value that passes."""
    high: int | None = None
    """Greatest value that passes; None for "X+"."""

    @property
    def label(self) -> str:
        return f"{self.name}: {self.low}+" if self.high is None else f"{self.name}: {self.low}-{self.high}"

    def check(self, values: Mapping[str, object]) -> Check:
        value = int_of(values, self.field)
        ok = value >= self.low and (self.high is None or value <= self.high)
        return {"label": self.label, "ok": ok, "detail": f"{self.name} is {value}" + ("" if ok else f", needs {self.label.split(': ')[1]}")}


@dataclass(frozen=True, slots=True)
class Flag:
    """A trait or condition the model must have (or, with `absent`, must not have)."""

    field: str
    """The bool input."""
    name: str
    """As the rule names it: "Fire Ship Trait", "Capital Ship"."""
    absent: bool = False
    """True for a "must not" requirement ("not Boarded")."""

    @property
    def label(self) -> str:
        return f"not {self.name}" if self.absent else self.name

    def check(self, values: Mapping[str, object]) -> Check:
        ok = bool(values[self.field]) != self.absent
        # The label already says what is asked; the detail answers it (never "has <label>" again).
        return {"label": self.label, "ok": ok, "detail": "yes" if ok else "no"}


@dataclass(frozen=True, slots=True)
class Either:
    """Alternatives: passes when any part passes; the detail says which."""

    label: str
    """The requirement as the rule writes it."""
    parts: tuple[Rating | Flag, ...]
    """The alternatives."""

    def check(self, values: Mapping[str, object]) -> Check:
        results = [part.check(values) for part in self.parts]
        ok = any(r["ok"] for r in results)
        passing = [str(r["label"]) for r in results if r["ok"]]
        detail = "; ".join(str(r["detail"]) if isinstance(part, Rating) else f"{part.label}: {r['detail']}"
                           for part, r in zip(self.parts, results))
        return {"label": self.label, "ok": ok, "detail": (f"met by {' and '.join(passing)} ({detail})" if ok
                                                          else f"no alternative holds ({detail})")}


Need = Rating | Flag | Either
"""One part of a requirement."""


def checks(needs: Sequence[Need], values: Mapping[str, object]) -> list[Check]:
    """One check per need, in the order the rule lists them."""
    return [need.check(values) for need in needs]


def all_ok(results: Sequence[Check]) -> bool:
    return all(bool(c["ok"]) for c in results)


def rating_input(field: str, label: str, default: int, high: int = 12, low: int = 0, help: str = "") -> Input:
    return Input(field, "int", label, default=default, low=low, high=high, help=help)


def flag_input(field: str, label: str, default: bool = False, help: str = "") -> Input:
    return Input(field, "bool", label, default=default, help=help)


def requirement_sentence(results: Sequence[Check]) -> str:
    """"Requirement met." or "Requirement not met: Thrusters: 1+ (Thrusters is 0, needs 1+)."."""
    failed = [c for c in results if not c["ok"]]
    if not failed:
        return "Requirement met."
    return "Requirement not met: " + "; ".join(f"{c['label']} ({c['detail']})" for c in failed) + "."


# ---------------------------------------------------------------- Skill Test tables

Row = tuple[str, str]
"""(label, effect): "[D]" -> "2 models within 6\" may be resupplied"."""
Table = tuple[Row, ...]
"""A result table in the text's order."""

NOT_NAMED = "the text names no effect for this result"
LEVELS: dict[str, tuple[int, ...]] = {
    "[N]": (0,), "[D]": (2,), "[T]": (3,), "[Q+]": (4,), "[Q]": (4,),
    "[D+]": (2, 3, 4), "[T+]": (3, 4),
}
"""Row label -> the best Magnitudes (0 [N], 2 D, 3 T, 4 Q) it covers."""


def _levels(label: str) -> tuple[int, ...]:
    if label not in LEVELS:
        raise InputError("table", f"row {label!r} is not one of {', '.join(LEVELS)}")  # a declaration bug, loud
    return LEVELS[label]


def complete(table: Table) -> Table:
    """The table with a NOT_NAMED row for each Magnitude no row covers; refuses overlapping rows."""
    seen: set[int] = set()
    for label, _ in table:
        levels = set(_levels(label))
        if levels & seen:
            raise InputError("table", f"row {label} overlaps an earlier row")
        seen |= levels
    extra = tuple((MAGNITUDE_LABELS[level], NOT_NAMED) for level in (0, 2, 3, 4) if level not in seen)
    return table + extra


def table_row(table: Table, reading: Reading) -> Row:
    """The row a final reading selects, by its best Magnitude."""
    best = magnitude(reading)
    for label, effect in complete(table):
        if best in _levels(label):
            return label, effect
    raise AssertionError("complete() covers every Magnitude")  # pragma: no cover


def magnitude_weights(pool: Pool) -> tuple[dict[int, int], int]:
    """Best Magnitude -> ways, over the pool's denominator (exact ints)."""
    items, total = reading_weights(pool)
    sums = {0: 0, 2: 0, 3: 0, 4: 0}
    for reading, ways in items:
        sums[magnitude(reading)] += ways
    return sums, total


def table_odds(table: Table, pool: Pool) -> list[tuple[str, str, Fraction]]:
    """Exact probability of every row (NOT_NAMED rows included) for a Skill Test of this pool."""
    sums, total = magnitude_weights(pool)
    return [(label, effect, Fraction(sum(sums[level] for level in _levels(label)), total))
            for label, effect in complete(table)]


def table_chart(title: str, table: Table, pool: Pool) -> dict[str, object]:
    """A chart {title, rows [{label "[D]: effect", p}]} of every row."""
    return {"title": title, "rows": [{"label": f"{label}: {effect}", "p": fraction_json(p)}
                                     for label, effect, p in table_odds(table, pool)]}


def skill_pool(skill: int, flex: int = 0, macro: int = 0) -> Pool:
    """A Skill Test pool; the Skill is the base pool (MECHANICS §4), never below 0."""
    return Pool(max(0, skill), flex, macro)


def skill_test_inputs(default: int = 3, prefix: str = "", who: str = "", label: str = "Skill") -> tuple[Input, ...]:
    """The Skill stepper and the typed-dice keypads of one Skill Test (names prefixed for several rolls)."""
    return (Input(f"{prefix}skill", "int", f"{who} {label}".strip(), default=default, low=0, high=MAX_BASE,
                  help="The model's current Skill: the base pool of the Skill Test."),
            *faces_inputs(prefix, who))


def roll_with_table(table: Table, pool: Pool, values: Inputs, rng: random.Random, prefix: str = "",
                    who: str = "Skill Test") -> tuple[Resolution, Row, list[str]]:
    """Resolve a Skill Test from typed or seeded dice: its steps, then the row its reading selects."""
    res = roll(pool, values, rng, prefix)
    label, effect = table_row(table, res.final)
    steps = [f"{who}: {s}" for s in res.sentences()]
    steps.append(f"{who}: {notation(res.final)} selects the row {label}: {effect}.")
    return res, (label, effect), steps


__all__ = [
    "Check", "Rating", "Flag", "Either", "Need", "checks", "all_ok", "rating_input", "flag_input",
    "requirement_sentence", "Row", "Table", "NOT_NAMED", "complete", "table_row", "magnitude_weights",
    "table_odds", "table_chart", "skill_pool", "skill_test_inputs", "roll_with_table",
]
