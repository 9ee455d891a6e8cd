"""One way to declare an Action or a State, v1.2.4 and v1.2.1 alike (How the dice work §4 "Unopposed rolls and Skill Tests", §7 "What a resolver does", §10 "What the rules do not hold").

An `Action` is data: its requirement (needs that carry their own inputs), an optional roll (a
`SkillTest` with its result table, or the `AttackRoll` a State changes), its effect (the text's
words, or a small function where the effect is a computation), the Readings and Gap it leans on.
`resolver(action)` is the one function that turns a declaration into a Resolver: requirement
checks, exact odds through `Dist`, one case resolved from typed or rolled dice, the keypads'
dice counts. Real procedures (Ram, boarding, Dogfight, Damage) keep hand-written code.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ... import readings as ledger
from ...answers import Answer, Chart, Check, Outcome
from ...dice.read import notation
from ...dice.dist import Dist
from ...inputs import Input, SEED
from ...dice.pools import MAX_BASE, Pool
from ...errors import InputError
from ...readings import Gap, Reading
from ...registry import Inputs, Resolver
from ...values import int_of, rng_of
from ...rolling import best_chart, pool_needed, resolution_json, roll_input
from ...rolling import roll as roll_pool
from ..kept_states import KeptState
from ..model_choice import ModelCard
from ..common import (Need, Table, TableRow, complete, requirement_sentence, roll_with_table, skill_pool, table_dist,
                     table_odds)

Effect = Callable[[Inputs], tuple[str, list[str]]]
"""inputs -> (headline, steps): an effect that is a computation on the model's numbers."""
Then = Callable[[Inputs, str, random.Random], tuple[list[str], dict[str, object]]]
"""(inputs, row label, rng) -> further steps and outcome facts after the row (a "headline" fact replaces the
row's effect in the headline): Long Shot's damage die, Repair's 4+."""
MoreCharts = Callable[[Inputs, Dist[TableRow]], list[Chart]]
"""(inputs, the row the Skill Test selects) -> charts of what follows the row."""

SKILL = Input("skill", "int", "Skill", default=3, low=0, high=MAX_BASE,
              help="The model's current Skill: the base pool of the Skill Test.")


@dataclass(frozen=True, slots=True)
class SkillTest:
    """A Skill Test: the rating rolled as the base pool (How the dice work §4) and the row its best result selects."""

    table: Table | Callable[[Inputs], Table] | None
    """The result table, or a function of the inputs for one; None where the text gives no results."""
    ratings: tuple[Input, ...] = (SKILL,)
    """The ratings the test may roll; several is v1.2.1's "Skill/Thrusters/Fuel": the player picks (How the dice work §4)."""
    pool_keypads: bool = True
    """v1.2.4 keypads (dice, macro dice, set aside); False for v1.2.1, whose Skill Tests have no flex or macro dice."""
    model: Input | ModelCard | None = None
    """The ship input whose card holds the rating (`ship_inputs.card_input`), or the choice of a Capital Ship's or a
    Squadron's card (a test of "a model"), so a fleet pick fills it; None: the rating is an input of its own."""

    def rating(self, values: Inputs) -> Input:
        """The rating rolled: the player's pick, else the only one."""
        picked = values.get("test_rating")
        return next((spec for spec in self.ratings if _rating_name(spec) == picked), self.ratings[0])

    def value(self, values: Inputs) -> int:
        """The rolled rating's number: the model's card's part of that name, or the input of its own."""
        rating = self.rating(values)
        model = self.model.card(values) if isinstance(self.model, ModelCard) else self.model
        if model is None:
            return int_of(values, rating.name)
        held = [spec for spec in self.ratings if any(part.name == spec.name for part in model.parts)]
        if rating not in held:  # "Skill/Thrusters/Fuel" of a model whose card has not every one (a Squadron's Thrusters)
            kind = model.when[1] if model.when else model.label
            raise InputError("test_rating", f"a {kind}'s card has no {_rating_name(rating)}: pick "
                                            f"{' or '.join(_rating_name(spec) for spec in held)}")
        return int_of(values, f"{model.name}.{rating.name}")

    def pool(self, values: Inputs) -> Pool:
        return skill_pool(self.value(values))

    def rows(self, values: Inputs) -> Table:
        return self.table(values) if callable(self.table) else self.table or ()

    def who(self, values: Inputs) -> str:
        return f"Skill Test ({_rating_name(self.rating(values))})" if len(self.ratings) > 1 else "Skill Test"

    def chart_title(self, title: str, values: Inputs) -> str:
        rating = self.rating(values)
        return f"{title}: Skill Test with {_rating_name(rating)} {self.value(values)}"

    @property
    def inputs(self) -> tuple[Input, ...]:
        choice = (Input("test_rating", "choice", "Skill Test rolls", default=_rating_name(self.ratings[0]),
                        choices=tuple(map(_rating_name, self.ratings)),
                        help="The declaring player picks which rating to roll."),) if len(self.ratings) > 1 else ()
        ratings = (self.model.inputs if isinstance(self.model, ModelCard) else (self.model,) if self.model is not None
                   else self.ratings)
        return (*ratings, *choice, roll_input("roll", "Skill Test", dice_only=not self.pool_keypads), SEED)

    def needed(self, values: Inputs) -> dict[str, int]:
        pool = self.pool(values)
        return pool_needed(pool, "roll") if self.pool_keypads else {"roll.dice": pool.rolled}


def _rating_name(spec: Input) -> str:
    """"Thrusters" from the input "Thrusters (current)"."""
    return spec.label.split(" (")[0]


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """The attack a State changes: its pool without and with the State, and what the State does to it."""

    pools: Callable[[Inputs], tuple[Pool, Pool]]
    """inputs -> (the attack's pool without the State, with it)."""
    explain: Callable[[Inputs], list[str]]
    """inputs -> what the State does to the numbers and how it ends; the first line heads the outcome."""
    inputs: tuple[Input, ...] = ()
    """The attack's own inputs (base dice, macro, modifier)."""
    compare: bool = True
    """Chart the attack without the State too (False where the State makes the attack)."""


@dataclass(frozen=True, slots=True)
class Enters:
    """What a model of the Action enters, for "Apply to the fleet": a State the fleet keeps (kept_states.py), at X, or
    a fate (Withdrawn); the declaring model's, or its target's (`model`)."""

    state: KeptState | None = None
    x: int | str | Callable[[Inputs], int | str] = 0
    """The State's X on entering (Hard Burn:2, or of the inputs: Targeted:X one up); unused for a State without X."""
    fate: str = ""
    rows: tuple[str, ...] = ()
    """The Skill Test rows that enter it ("[D+]"); () where declaring the Action does."""
    model: str = ""
    """The input of the model that enters it: "" for the declaring model, else its name (Combined Attack's "target")."""

    def end(self, values: Inputs) -> dict[str, object]:
        """The model's end state (the shape of ship_inputs.end_state): its numbers unchanged, its fate, the State."""
        x = self.x(values) if callable(self.x) else self.x
        held = self.state and (self.state.x or self.state.of)  # kept as its X, or as what it is held for
        states = {"states": {self.state.name: x if held else True}} if self.state else {}
        return {"numbers": {}, "fate": self.fate, "crippled": False, **states}


@dataclass(frozen=True, slots=True)
class Action:
    """One Action or State of a rules page, as data."""

    slug: str
    """The entry it serves: "evade"."""
    title: str
    summary: str
    """One sentence on what it does ("" for the effect's own words); a gap's note is added to it."""
    versions: tuple[str, ...]
    """The rules versions whose text of the entry this implements, first the one it was written for: ("v1.2.4",).
    A later version whose text of the entry changed is added once the declaration is checked against it."""
    needs: tuple[Need, ...] = ()
    """The requirement, part by part; each declares the input it reads."""
    inputs: tuple[Input, ...] = ()
    """Inputs beyond the needs' own, shown after them."""
    more_checks: Callable[[Inputs], list[Check]] | None = None
    """Requirement parts that depend on other inputs (Combined Attack's Fire Control without Sensor Array)."""
    roll: SkillTest | AttackRoll | None = None
    effect: str | Effect | None = None
    """The text's words (stated after the requirement or the roll), or a computation giving (headline, steps)."""
    then: Then | None = None
    charts: MoreCharts | None = None
    readings: tuple[Reading, ...] = ()
    """Readings beyond those the roll brings."""
    gap: Gap | None = None
    """A section the texts do not hold (How the dice work §10): shown, never filled."""
    state: bool = False
    """A State: "does not apply" rather than "may not be declared"."""
    ends: Callable[[Inputs], dict[str, object]] | None = None
    """For an Action without a roll that changes a model it declares: each model input's end state ("ships", as the
    resolvers of damage report theirs), for "Apply to the fleet" (Boost: the Squadron's Fuel spent)."""
    enters: Enters | None = None
    """The State or fate a model enters (the declaring model's ship or Squadron input, or its target's), for "Apply to
    the fleet"."""

    def __post_init__(self) -> None:
        if not self.versions:
            raise ValueError(f"Action {self.slug!r} lists no versions")
        if self.ends and self.enters:
            raise ValueError(f"Action {self.slug!r}: one end state, by `ends` or by `enters`")

    @property
    def id(self) -> str:
        """Named by the version it was written for, so a version added later keeps its links."""
        return f"jovian-wars/{self.versions[0]}/{self.slug}"


def _inputs(action: Action) -> tuple[Input, ...]:
    """Every input once, in order: the needs', the action's own, the roll's (first declaration wins)."""
    roll_inputs: tuple[Input, ...] = ()
    if isinstance(action.roll, SkillTest):
        roll_inputs = action.roll.inputs
    elif isinstance(action.roll, AttackRoll):
        roll_inputs = (*action.roll.inputs, roll_input("roll", "Attack"), SEED)
    found: dict[str, Input] = {}
    for spec in (*(spec for need in action.needs for spec in need.inputs), *action.inputs, *roll_inputs):
        found.setdefault(spec.name, spec)
    return tuple(found.values())


def _readings(action: Action) -> tuple[Reading, ...]:
    roll = action.roll
    if isinstance(roll, SkillTest) and roll.table is not None:
        # A Skill Test here is Skill dice alone: no flex dice, so no flex Reading.
        return (ledger.JW_TABLE_ROW_BY_BEST, *action.readings)
    if isinstance(roll, AttackRoll):
        # The flex Readings only where the attack can have flex dice (a modifier to convert).
        flex = any(spec.name == "modifier" for spec in roll.inputs)
        return ((ledger.FLEX_KEEPS_BEST, ledger.NEGATIVE_MACRO, ledger.NO_NEGATIVE_FLEX) if flex
                else (ledger.NEGATIVE_MACRO,)) + action.readings
    return action.readings


def _checks(action: Action, values: Inputs) -> tuple[Check, ...]:
    return (*(need.check(values) for need in action.needs), *(action.more_checks(values) if action.more_checks else ()))


def _effect(action: Action, values: Inputs) -> tuple[str, list[str]]:
    if action.effect is None:
        return "", []
    if isinstance(action.effect, str):
        return action.effect, [action.effect]
    return action.effect(values)


def _entered(action: Action, values: Inputs, row: str | None) -> dict[str, object]:
    """{"ships": {the model's input: its end state}} where the Action (or the Skill Test's `row`) enters a State or a
    fate (the declaring model's input: the first ship or Squadron input shown for the kind declared); {} otherwise,
    or where the Action declares no model input a fleet pick fills."""
    enters = action.enters
    if enters is None or (enters.rows and row not in enters.rows):
        return {}
    model = enters.model or next((spec.name for spec in _inputs(action) if spec.kind in ("ship", "squadron")
                                  and (spec.when is None or values.get(spec.when[0]) == spec.when[1])), None)
    return {"ships": {model: enters.end(values)}} if model else {}


def _run(action: Action, values: Inputs) -> Answer:
    roll = action.roll
    if isinstance(roll, AttackRoll):  # a State's attack: no requirement, the State's numbers, one attack
        pool = roll.pools(values)[1]
        res = roll_pool(pool, values, rng_of(values), "roll")
        lines = roll.explain(values)
        return Answer(Outcome(f"{lines[0]} Attack: {notation(res.final)}",
                              facts={"reading": notation(res.final), "pool": pool.describe()}),
                      (*lines, *(f"Attack: {s}" for s in res.sentences())), extra={"roll": resolution_json(res)})
    results = _checks(action, values)
    steps = [requirement_sentence(results)] if action.needs or action.more_checks else []
    if not all(c.ok for c in results):
        verb = "does not apply" if action.state else "may not be declared"
        return Answer(Outcome(f"{action.title} {verb}", allowed=False), tuple(steps), results)
    gap = {"gap": action.gap.text} if action.gap else {}
    headline, more = _effect(action, values)
    if roll is None:
        ends: dict[str, object] = {"ships": action.ends(values)} if action.ends else _entered(action, values, None)
        return Answer(Outcome(headline, allowed=True, facts={**gap, **ends}), (*steps, *more, *gap.values()), results)
    rng = rng_of(values)
    who = roll.who(values)
    if roll.table is None:  # the text gives no results: the roll is read; only what declaring it does is said
        res = roll_pool(roll.pool(values), values, rng, "roll")
        ends = _entered(action, values, None)
        said = f"{headline}. {who}: {notation(res.final)}" if ends else f"{who}: {notation(res.final)}"
        return Answer(Outcome(said, allowed=True, facts={"reading": notation(res.final), **gap, **ends}),
                      (*steps, *(f"{who}: {s}" for s in res.sentences()), *more, *gap.values()), results,
                      extra={"roll": resolution_json(res)})
    res, (label, effect), test_steps = roll_with_table(roll.rows(values), roll.pool(values), values, rng, "roll", who=who)
    facts: dict[str, object] = {"reading": notation(res.final), "row": label, "effect": effect,
                                **_entered(action, values, label)}
    then_steps: list[str] = []
    if action.then is not None:
        then_steps, then_facts = action.then(values, label, rng)
        facts.update(then_facts)
    shown = facts.pop("headline", effect)
    return Answer(Outcome(f"{notation(res.final)} → {label}: {shown}", allowed=True, facts=facts),
                  (*steps, *test_steps, *more, *then_steps), results, extra={"roll": resolution_json(res)})


def odds_charts(action: Action, values: Inputs) -> list[Chart]:
    """The charts of an Action's roll: the attack without and with its State, or the Skill Test's rows and what
    follows them (Repair's items, shared with the Damage page)."""
    roll = action.roll
    if isinstance(roll, AttackRoll):
        without, with_state = roll.pools(values)
        named = (("without the State", without), ("with the State", with_state)) if roll.compare else (("made", with_state),)
        return [best_chart(f"Attack {name} ({pool.describe()}): best result", pool) for name, pool in named]
    assert isinstance(roll, SkillTest)
    title = roll.chart_title(action.title, values)
    if roll.table is None:
        return [best_chart(f"{title}: best result", roll.pool(values))]
    table = roll.rows(values)
    rows = table_dist(table, roll.pool(values))
    return [Chart.of(title, rows, lambda row: f"{row[0]}: {row[1]}", complete(table)),
            *(action.charts(values, rows) if action.charts else ())]


def _odds(action: Action, values: Inputs) -> Answer:
    charts = tuple(odds_charts(action, values))
    if isinstance(action.roll, AttackRoll):
        return Answer(charts=charts)
    roll = action.roll
    # "rows": each table row's chance by its label, for readers that want the numbers without the chart.
    rows = ({"rows": {label: p for label, _, p in table_odds(roll.rows(values), roll.pool(values))}}
            if isinstance(roll, SkillTest) and roll.table is not None else {})
    return Answer(checks=_checks(action, values), charts=charts, extra=rows)


def resolver(action: Action) -> Resolver:
    """The one way an Action becomes a Resolver: run, odds and dice_needed from its declaration."""
    roll = action.roll
    summary = action.summary or (action.effect if isinstance(action.effect, str) else "")

    def needed(values: Inputs) -> dict[str, int]:
        if isinstance(roll, AttackRoll):
            return pool_needed(roll.pools(values)[1], "roll")
        assert roll is not None
        return roll.needed(values)

    return Resolver(
        id=action.id, title=action.title,
        # A gap is part of what the resolver says before anything is typed: it shows on the built page.
        summary=f"{summary} {action.gap.text}" if action.gap else summary,
        inputs=_inputs(action), run=lambda values: _run(action, values),
        odds=(lambda values: _odds(action, values)) if roll is not None else None,
        readings=_readings(action), serves=(action.slug,), versions=action.versions,
        dice_needed=needed if roll is not None else None,
    )
