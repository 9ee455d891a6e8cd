"""Charts, checks and outcomes as typed values, and the one place they become the widget's JSON.

A resolver returns an `Answer`:

    Answer(outcome=Outcome(headline, allowed, facts), steps, checks=(Check(label, ok, detail), ...),
           charts=(Chart(title, (Row(label, p), ...)), ...), extra={resolver-specific keys})

`to_json` writes the shape registry.py's docstring fixes and calculators/page/render.js reads:
probabilities as reduced "p/q" strings, tuples as lists, typed values as their dicts.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

from .dice.dist import Dist
from .inputs import is_entered

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Row:
    """One chart row: an outcome in the text's terms and its exact probability."""

    label: str
    p: Fraction


@dataclass(frozen=True, slots=True)
class Chart:
    """A titled list of outcomes with their exact probabilities."""

    title: str
    rows: tuple[Row, ...]

    @classmethod
    def of(cls, title: str, dist: Dist[T], label: Callable[[T], str], order: Iterable[T] | None = None) -> Chart:
        """A chart of a distribution: every outcome in `order` (impossible ones kept as 0), else as stored."""
        outcomes = list(dist) if order is None else list(order)
        return cls(title, tuple(Row(label(outcome), dist.chance(outcome)) for outcome in outcomes))


@dataclass(frozen=True, slots=True)
class Check:
    """One part of a requirement: its label as the rule writes it, whether it holds, and why."""

    label: str
    ok: bool
    detail: str
    entered: bool = True
    """False when the check reads an input not entered yet: it holds (or not) for the default only."""


def judged(values: Mapping[str, object], reads: Iterable[str], label: str, ok: bool, detail: str) -> Check:
    """A requirement's check of the inputs `reads`: one that reads an input not entered yet says so, rather than
    stating the default as a fact about the player's model ("not entered yet; by default Ram Attack is 1")."""
    if all(is_entered(values, name) for name in reads):
        return Check(label, ok, detail)
    return Check(label, ok, f"not entered yet; by default {detail}", entered=False)


def pending_note(checks: Iterable[Check]) -> str:
    """The sentence naming the checks judged on defaults only ("" when every input they read was entered)."""
    pending = [c.label for c in checks if not c.entered]
    return f"Not entered yet, so taken at the defaults: {'; '.join(pending)}." if pending else ""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result in the rule's own terms: a headline, whether the Action was allowed, other facts."""

    headline: str
    allowed: bool | None = None
    """None where allowing is not the question (a State's attack, a roll)."""
    facts: Mapping[str, object] = field(default_factory=dict)
    """Resolver-specific keys the tests and shared links read ("reading", "row", "weapon_damaged"...)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What a resolver's run or odds returns."""

    outcome: Outcome | None = None
    steps: tuple[str, ...] | None = None
    checks: tuple[Check, ...] | None = None
    charts: tuple[Chart, ...] | None = None
    extra: Mapping[str, object] = field(default_factory=dict)
    """Resolver-specific top-level keys ("roll", "rows")."""
    stages: tuple[str, ...] | None = None
    """One stage name per step ("Skill Test", "Damage to the target"), where a long chain has stages: the widget
    folds the steps by stage, each stage's last step its one line."""


def stage_names(starts: Iterable[tuple[int, str]], count: int) -> tuple[str, ...]:
    """A stage name for each of `count` steps, from where each stage starts ((index of its first step, name), in
    order): the steps before the first start take the first stage's name."""
    marks = sorted(starts)
    return tuple(next((name for start, name in reversed(marks) if start <= index), marks[0][1]) for index in range(count))


def fraction_json(probability: Fraction) -> str:
    """A probability as a reduced "p/q" string (Fraction reduces; 1 is "1/1", 0 is "0/1")."""
    return f"{probability.numerator}/{probability.denominator}"


def to_json(value: object) -> object:
    """Typed answers, checked inputs and plain dicts alike to JSON-able data (the one converter)."""
    if value is None or isinstance(value, (str, int, float)):  # most leaves, first: odds carry thousands
        return value
    if isinstance(value, Fraction):
        return fraction_json(value)
    if isinstance(value, (list, tuple)):
        return [to_json(item) for item in value]
    if isinstance(value, dict):
        return {key: to_json(item) for key, item in value.items()}
    if isinstance(value, Row):
        return {"label": value.label, "p": to_json(value.p)}
    if isinstance(value, Chart):
        return {"title": value.title, "rows": to_json(value.rows)}
    if isinstance(value, Check):
        return {"label": value.label, "ok": value.ok, "detail": value.detail, **({} if value.entered else {"entered": False})}
    if isinstance(value, Outcome):
        allowed = {} if value.allowed is None else {"allowed": value.allowed}
        return {"headline": value.headline, **allowed, **to_json_dict(value.facts)}
    if isinstance(value, Answer):
        return answer_json(value)
    return value


def to_json_dict(value: Mapping[str, object]) -> dict[str, object]:
    """`to_json` of a mapping, typed as the dict it is."""
    return {key: to_json(item) for key, item in value.items()}


def answer_json(body: Answer) -> dict[str, object]:
    """A resolver's answer as the widget's JSON."""
    parts = {"outcome": body.outcome, "steps": body.steps, "checks": body.checks, "charts": body.charts, "stages": body.stages}
    return {**{key: to_json(part) for key, part in parts.items() if part is not None}, **to_json_dict(body.extra)}
