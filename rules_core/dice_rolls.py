"""The generic rolls of How the dice work §1-5: dice/unopposed, dice/skill-test, dice/opposed.

The dice pieces every other dice resolver reuses (the pool and keypad inputs, the roller, the JSON and
the typed odds of a roll, the best result) live one floor down, in rolling.py.
"""

from __future__ import annotations

from . import readings
from .answers import Answer, Chart, Check, Outcome, Row
from .dice.opposed import WIPE, after_effect, check_choice, opposed_codes, secondary_effect
from .dice.pool_odds import level_weights
from .dice.pools import Pool
from .dice.read import LETTERS, Reading, diminish, magnitude, notation
from .dice.roll import resolve_pool, roll_faces
from .inputs import SEED, Input
from .registry import Inputs, Resolver
from .rolling import best_magnitude, codes_answer, pool_json, pool_needed, pool_of, resolution_json, roll, roll_input
from .values import faces_of, int_of, rng_of

REQUIREMENTS: dict[str, int] = {"[D+]": 2, "[T+]": 3, "[Q+]": 4}
"""Skill Test requirement -> the least Magnitude that passes."""


def _outcome(reading: Reading, **facts: object) -> Outcome:
    """A roll's final reading as the outcome, with the resolver's own `facts` after its results."""
    return Outcome(notation(reading), facts={
        "reading": notation(reading), "magnitude": LETTERS[magnitude(reading)],
        "results": [{"magnitude": LETTERS[level], "value": value} for level, value in reading], **facts})


# ---------------------------------------------------------------- dice/unopposed


def _unopposed_needed(values: Inputs) -> dict[str, int]:
    return pool_needed(pool_of(values, "roll"), "roll")


def _unopposed_odds(values: Inputs) -> Answer:
    pool = pool_of(values, "roll")
    return codes_answer(*level_weights(pool), "Unopposed roll", extra={"pool": pool_json(pool)})


def _unopposed_run(values: Inputs) -> Answer:
    pool = pool_of(values, "roll")
    res = roll(pool, values, rng_of(values), "roll")
    return Answer(_outcome(res.final), tuple(res.sentences()),
                  extra={"step_data": list(res.steps), "roll": resolution_json(res)})


UNOPPOSED = Resolver(
    id="dice/unopposed",
    title="Unopposed roll",
    summary="Roll base, flex and macro dice; set the flex dice aside; read Doubles, Triples and Quads.",
    inputs=(roll_input("roll", "Roll", pool=3), SEED),
    run=_unopposed_run,
    odds=_unopposed_odds,
    readings=(readings.POOL_FLOOR, readings.FLEX_KEEPS_BEST, readings.NO_NEGATIVE_FLEX, readings.NEGATIVE_MACRO),
    dice_needed=_unopposed_needed,
)


# ---------------------------------------------------------------- dice/skill-test


def _skill_needed(values: Inputs) -> dict[str, int]:
    return pool_needed(pool_of(values, "roll"), "roll")


def _skill_odds(values: Inputs) -> Answer:
    pool = pool_of(values, "roll")
    requirement = str(values["requirement"])
    need = REQUIREMENTS[requirement]
    once = best_magnitude(pool).p(lambda level: level >= need)
    rerolls = int_of(values, "rerolls")
    passes = 1 - (1 - once) ** (rerolls + 1)  # each reroll rolls the whole pool again after a fail
    test = Chart(f"Skill Test {requirement}", (Row("passes", passes), Row("fails", 1 - passes)))
    return codes_answer(*level_weights(pool), "Skill Test", (test,), {"pool": pool_json(pool), "requirement": requirement,
                                                                       "pass": passes, "fail": 1 - passes})


def _skill_run(values: Inputs) -> Answer:
    pool = pool_of(values, "roll")
    requirement = str(values["requirement"])
    need = REQUIREMENTS[requirement]
    rng = rng_of(values)
    res = roll(pool, values, rng, "roll")
    sentences, data = res.sentences(), list(res.steps)
    for attempt in range(int_of(values, "rerolls")):
        if magnitude(res.final) >= need:
            break
        res = resolve_pool(pool, roll_faces(rng, pool.rolled), roll_faces(rng, abs(pool.macro)))
        sentences.append(f"Reroll {attempt + 1}: the whole pool is rolled again.")
        sentences += res.sentences()
        data += [{"kind": "reroll", "text": sentences[-len(res.steps) - 1]}, *res.steps]
    passed = magnitude(res.final) >= need
    verdict = "passes" if passed else "fails"
    sentences.append(f"{notation(res.final)} {verdict} the Skill Test {requirement}.")
    outcome = _outcome(res.final, passed=passed, verdict=f"{notation(res.final)}: {verdict} {requirement}")
    check = Check(f"Skill Test {requirement}", passed, f"rolled {notation(res.final)}, needs {requirement}")
    return Answer(outcome, tuple(sentences), (check,), extra={"step_data": data, "roll": resolution_json(res)})


SKILL_TEST = Resolver(
    id="dice/skill-test",
    title="Skill Test",
    summary="An Unopposed roll with the model's Skill as the base pool, against a requirement such as [D+].",
    inputs=(
        Input("requirement", "choice", "Requirement", default="[D+]", choices=tuple(REQUIREMENTS)),
        Input("rerolls", "int", "Rerolls allowed after a fail", default=0, low=0, high=3,
              help="Only when a rule grants one; the whole pool is rolled again."),
        roll_input("roll", "Roll", pool=3, base_label="Skill (base dice)",
                   base_help="The rating the test names (v1.2.1: Skill, Thrusters or Fuel, the player picks)."),
        SEED,
    ),
    run=_skill_run,
    odds=_skill_odds,
    readings=(readings.POOL_FLOOR, readings.FLEX_KEEPS_BEST, readings.NEGATIVE_MACRO, readings.REROLL_WHOLE_POOL),
    dice_needed=_skill_needed,
)


# ---------------------------------------------------------------- dice/opposed


def _sides(values: Inputs) -> tuple[Pool, Pool]:
    return pool_of(values, "primary"), pool_of(values, "secondary")


def _opposed_needed(values: Inputs) -> dict[str, int]:
    primary, secondary = _sides(values)
    return {**pool_needed(primary, "primary"), **pool_needed(secondary, "secondary")}


def _opposed_odds(values: Inputs) -> Answer:
    primary, secondary = _sides(values)
    codes, total = opposed_codes(primary, secondary)
    return codes_answer(codes.items(), total, "Primary after the Secondary",
                        extra={"primary": pool_json(primary), "secondary": pool_json(secondary)})


def _opposed_run(values: Inputs) -> Answer:
    primary, secondary = _sides(values)
    rng = rng_of(values)
    first = roll(primary, values, rng, "primary")
    second = roll(secondary, values, rng, "secondary")
    effect = secondary_effect(second.final)
    targets = faces_of(values, "secondary_choice") or None
    if targets is not None:
        check_choice(first.final, effect, targets, "secondary_choice")
    final, chosen = after_effect(first.final, effect, targets)
    sentences = ["Primary: " + s for s in first.sentences()] + ["Secondary: " + s for s in second.sentences()]
    if effect == WIPE:
        sentences.append(f"The Secondary's {notation(second.final)} holds a [Q+]: it wipes every Primary result.")
    elif effect == 0:
        sentences.append("The Secondary has no result: the Primary's results stand.")
    else:
        how = "as the Secondary chose" if targets is not None else "leaving the Primary the fewest steps, then the weakest reading"
        sentences.append(f"The Secondary's {notation(second.final)} deals {effect} "
                         f"diminish{'es' if effect != 1 else ''} ({how}).")
        current = first.final
        for value in chosen:
            after = diminish(current, value)
            sentences.append(f"Diminish the Primary's result of value {value}: {notation(current)} → {notation(after)}.")
            current = after
    sentences.append(f"The Primary's final reading: {notation(final)}.")
    return Answer(_outcome(final, primary=notation(first.final), secondary=notation(second.final)), tuple(sentences),
                  extra={"step_data": {"primary": list(first.steps), "secondary": list(second.steps),
                                       "effect": "wipe" if effect == WIPE else effect, "diminished": list(chosen)},
                         "roll": {"primary": resolution_json(first), "secondary": resolution_json(second)}})


OPPOSED = Resolver(
    id="dice/opposed",
    title="Opposed roll",
    summary="Primary and Secondary each make an Unopposed roll; the Secondary's results diminish the Primary's.",
    inputs=(
        roll_input("primary", "Primary (acting)", pool=3),
        roll_input("secondary", "Secondary (resisting)", pool=3),
        Input("secondary_choice", "faces", "Primary results the Secondary diminishes", low=0, high=12, optional=True,
              help="One value per diminish; leave empty for the automatic choice."),
        SEED,
    ),
    run=_opposed_run,
    odds=_opposed_odds,
    readings=(readings.FLEX_KEEPS_BEST, readings.NEGATIVE_MACRO, readings.ESCALATE_DIMINISH,
              readings.SECONDARY_ADDS_UP, readings.SECONDARY_CHOOSES),
    dice_needed=_opposed_needed,
)

RESOLVERS: tuple[Resolver, ...] = (UNOPPOSED, SKILL_TEST, OPPOSED)
