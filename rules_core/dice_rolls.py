"""The generic rolls of MECHANICS §1-5: dice/unopposed, dice/skill-test, dice/opposed.

Also the one home of the dice pieces every other dice resolver reuses: the pool and keypad
inputs and their counts (`pool_parts`, `faces_inputs`, `pool_needed`, `SEED`), the roller (`pool_of`, `rng_of`, `roll`) and
the JSON of a roll (`resolution_json`, `pool_json`), the typed odds of a roll (`codes_answer`, `readings_answer`), and the one
best-result distribution (`best_magnitude`, charted by `best_chart`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from fractions import Fraction

from . import readings
from .answers import Answer, Chart, Check, Outcome, Row
from .dice.read import LETTERS, Reading, diminish, magnitude, notation
from .dice.dist import Dist
from .inputs import Input
from .dice.keep import BEST_READING, Purpose
from .dice.pool_odds import code_of, half_tables, level_weights, reading_weights
from .dice.opposed import WIPE, after_effect, check_choice, opposed_codes, secondary_effect
from .dice.pools import MAX_BASE, MAX_FLEX, MAX_MACRO, MAX_MODIFIER, Pool, build_pool
from .registry import Inputs, Resolver
from .dice.roll import Resolution, resolve_pool, roll_faces
from .values import faces_of, group_of, int_of

TOP_READINGS = 10
"""How many of the likeliest readings the readings chart shows."""
MAGNITUDE_LABELS: dict[int, str] = {0: "[N]", 2: "[D]", 3: "[T]", 4: "[Q+]"}
LEVELS = tuple(MAGNITUDE_LABELS)
"""The best Magnitudes a roll can have: 0 [N], 2 Double, 3 Triple, 4 Quad or better."""
REQUIREMENTS: dict[str, int] = {"[D+]": 2, "[T+]": 3, "[Q+]": 4}
"""Skill Test requirement -> the least Magnitude that passes."""


# ---------------------------------------------------------------- declarations


def pool_parts(base_default: int) -> tuple[Input, ...]:
    """Base, flex, macro and modifier steppers of one dice pool."""
    return (
        Input("base", "int", "Base dice", default=base_default, low=0, high=MAX_BASE,
              help="AC or AS of the weapon, Skill, or what the rule names (+1B adds one)."),
        Input("flex", "int", "Flex dice", default=0, low=0, high=MAX_FLEX,
              help="Rolled with the base dice, then set aside."),
        Input("macro", "int", "Macro dice", default=0, low=-MAX_MACRO, high=MAX_MACRO,
              help="Macro rating minus the target's Armor; negative lowers results."),
        Input("modifier", "int", "Attack modifier (net)", default=0, low=-MAX_MODIFIER, high=MAX_MODIFIER, more=True,
              help="Sum of +1 bonuses and -1 penalties; converted to dice first (v1.2.4)."),
    )


def faces_inputs(prefix: str = "", who: str = "") -> tuple[Input, ...]:
    """Typed dice keypads (base+flex dice, macro dice, set aside) for one roll, names prefixed for several."""
    label = f"{who} " if who else ""
    return (
        Input(f"{prefix}dice", "faces", f"{label}Dice rolled (base and flex)".strip().capitalize(), low=0,
              high=MAX_BASE + MAX_FLEX, help="Type every base and flex die you rolled."),
        Input(f"{prefix}macro_dice", "faces", f"{label}Macro dice rolled".strip().capitalize(), low=0, high=MAX_MACRO,
              help="Type the macro dice, rolled in another colour."),
        Input(f"{prefix}set_aside", "faces", f"{label}Flex dice to set aside".strip().capitalize(), low=0,
              high=MAX_FLEX, optional=True, help="Leave empty to let the roller keep the best reading."),
    )


SEED = Input("seed", "seed", "Seed for “Roll for me”", help="Used when no dice are typed in.")


# ---------------------------------------------------------------- shared helpers


def best_magnitude(outcomes: Pool | Dist[Reading]) -> Dist[int]:
    """The best Magnitude of a pool's final reading, or of any distribution of readings (an escalated mix,
    an opposed roll): the one place "the best result of a roll" is computed."""
    if isinstance(outcomes, Pool):  # the engine's layout codes: the same readings, without building them
        return codes_best(*level_weights(outcomes))
    return outcomes.map(magnitude)


def codes_best(codes: Iterable[tuple[int, int]], total: int) -> Dist[int]:
    """`best_magnitude` of readings given as the engine's layout codes (`pool_odds.level_weights`, opposed_codes):
    `dice.magnitude` of each code read from the per-half tables, without building the reading."""
    _, _, low_mags, high_mags, _, _ = half_tables()
    return Dist.of(dict(codes), total).map(lambda code: max(low_mags[code & 63], high_mags[code >> 6]))


def best_chart(title: str, outcomes: Pool | Dist[Reading]) -> Chart:
    """The chart of the best result: a row for each of [N], [D], [T], [Q+], impossible ones included."""
    return Chart.of(title, best_magnitude(outcomes), MAGNITUDE_LABELS.__getitem__, LEVELS)


def pool_needed(pool: Pool, prefix: str = "") -> dict[str, int]:
    """dice_needed for one roll: how many dice each `faces_inputs(prefix)` keypad takes."""
    return {f"{prefix}dice": pool.rolled, f"{prefix}macro_dice": abs(pool.macro), f"{prefix}set_aside": pool.flex}


def pool_of(values: Inputs, field: str = "", base: str = "base") -> Pool:
    """The pool of checked `pool_parts` inputs, the base from the input `base` ("skill" for a Skill Test); `field`
    prefixes error names for grouped inputs ("primary.")."""
    return build_pool(int_of(values, base), int_of(values, "flex"), int_of(values, "macro"), int_of(values, "modifier"),
                      names=(f"{field}{base}", f"{field}flex", f"{field}macro"))


def roll(pool: Pool, values: Inputs, rng: random.Random, prefix: str = "", purpose: Purpose = BEST_READING) -> Resolution:
    """Resolve typed faces when given, else roll from the shared generator; flex set aside for `purpose`."""
    dice = faces_of(values, f"{prefix}dice")
    macro_dice = faces_of(values, f"{prefix}macro_dice")
    set_aside = faces_of(values, f"{prefix}set_aside")
    if set_aside == () and pool.flex:
        set_aside = None  # an empty keypad means "choose for me"
    if dice is None and macro_dice is None:
        dice = roll_faces(rng, pool.rolled)
        macro_dice = roll_faces(rng, abs(pool.macro))
    return resolve_pool(pool, dice or (), macro_dice or (), set_aside, prefix=prefix, purpose=purpose)


def rng_of(values: Inputs) -> random.Random:
    """The generator "Roll for me" uses: random.Random(seed), seed 0 when none is given."""
    seed = values.get("seed")
    return random.Random(0 if seed is None else int_of(values, "seed"))


def pool_json(pool: Pool) -> dict[str, int]:
    return {"base": pool.base, "flex": pool.flex, "macro": pool.macro}


def readings_answer(weights: dict[Reading, int], total: int, title: str, before: tuple[Chart, ...] = (),
                    extra: Mapping[str, object] | None = None) -> Answer:
    """`codes_answer` from readings (opposed rolls, an Explosion's attack)."""
    return codes_answer([(code_of(reading), ways) for reading, ways in weights.items()], total, title, before, extra)


def codes_answer(codes: Iterable[tuple[int, int]], total: int, title: str, before: tuple[Chart, ...] = (),
                 extra: Mapping[str, object] | None = None) -> Answer:
    """What every dice odds answer shares: magnitude, readings, charts; the resolver's own charts `before`
    them and its own keys (`extra`) after them.

    Readings arrive as layout codes (`pool_odds.level_weights`): the sort key (likeliest first, then the
    roll order, weakest first) and the notation come from per-half tables instead of tuples.
    """
    low_texts, high_texts, low_mags, high_mags, low_keys, high_keys = half_tables()
    codes = list(codes)
    best = codes_best(codes, total)
    rows = []
    for code, ways in codes:
        low, high = code & 63, code >> 6
        level = max(low_mags[low], high_mags[high])  # the sort key only: likeliest, then by strength
        rows.append((-ways, level << 21 | (low_keys[low] + high_keys[high]), low, high))
    rows.sort()
    readings_p: dict[str, Fraction] = {}
    for ways, _, low, high in rows:
        left, right = low_texts[low], high_texts[high]
        text = f"[{left},{right}]" if left and right else f"[{left or right or 'N'}]"
        readings_p[text] = Fraction(-ways, total)
    top = list(readings_p.items())[:TOP_READINGS]
    return Answer(
        charts=(*before, Chart.of(f"{title}: best result", best, MAGNITUDE_LABELS.__getitem__, LEVELS),
                Chart(f"{title}: likeliest readings", tuple(Row(label, p) for label, p in top))),
        extra={"magnitude": {LETTERS[level]: best.chance(level) for level in LEVELS},
               "at_least": {f"{LETTERS[level]}+": best.p(lambda m: m >= level) for level in (2, 3, 4)},
               "readings": readings_p, **(extra or {})})


def pool_weights(pool: Pool) -> tuple[dict[Reading, int], int]:
    """Final reading -> weight over 6**(dice rolled), for resolvers built on a pool's readings."""
    items, total = reading_weights(pool)
    return dict(items), total


def resolution_json(res: Resolution) -> dict[str, object]:
    """One resolved roll as JSON: the pool, the faces, what was set aside and kept, the readings."""
    return {"pool": pool_json(res.pool), "dice": list(res.dice), "macro_dice": list(res.macro_dice),
            "set_aside": list(res.set_aside), "kept": list(res.kept), "read": notation(res.read),
            "final": notation(res.final)}


def _outcome(reading: Reading, **facts: object) -> Outcome:
    """A roll's final reading as the outcome, with the resolver's own `facts` after its results."""
    return Outcome(notation(reading), facts={
        "reading": notation(reading), "magnitude": LETTERS[magnitude(reading)],
        "results": [{"magnitude": LETTERS[level], "value": value} for level, value in reading], **facts})


# ---------------------------------------------------------------- dice/unopposed


def _unopposed_needed(values: Inputs) -> dict[str, int]:
    return pool_needed(pool_of(values))


def _unopposed_odds(values: Inputs) -> Answer:
    pool = pool_of(values)
    return codes_answer(*level_weights(pool), "Unopposed roll", extra={"pool": pool_json(pool)})


def _unopposed_run(values: Inputs) -> Answer:
    pool = pool_of(values)
    res = roll(pool, values, rng_of(values))
    return Answer(_outcome(res.final), tuple(res.sentences()),
                  extra={"step_data": list(res.steps), "roll": resolution_json(res)})


UNOPPOSED = Resolver(
    id="dice/unopposed",
    title="Unopposed roll",
    summary="Roll base, flex and macro dice; set the flex dice aside; read Doubles, Triples and Quads.",
    inputs=(*pool_parts(3), *faces_inputs(), SEED),
    run=_unopposed_run,
    odds=_unopposed_odds,
    readings=(readings.POOL_FLOOR, readings.FLEX_KEEPS_BEST, readings.NO_NEGATIVE_FLEX, readings.NEGATIVE_MACRO),
    dice_needed=_unopposed_needed,
)


# ---------------------------------------------------------------- dice/skill-test


def _skill_values(values: Inputs) -> Inputs:
    return {**values, "base": values["skill"]}


def _skill_needed(values: Inputs) -> dict[str, int]:
    return pool_needed(pool_of(values, base="skill"))


def _skill_odds(values: Inputs) -> Answer:
    pool = pool_of(values, base="skill")
    requirement = str(values["requirement"])
    need = REQUIREMENTS[requirement]
    once = best_magnitude(pool).p(lambda level: level >= need)
    rerolls = int_of(values, "rerolls")
    passes = 1 - (1 - once) ** (rerolls + 1)  # each reroll rolls the whole pool again after a fail
    test = Chart(f"Skill Test {requirement}", (Row("passes", passes), Row("fails", 1 - passes)))
    return codes_answer(*level_weights(pool), "Skill Test", (test,), {"pool": pool_json(pool), "requirement": requirement,
                                                                       "pass": passes, "fail": 1 - passes})


def _skill_run(values: Inputs) -> Answer:
    pool = pool_of(values, base="skill")
    requirement = str(values["requirement"])
    need = REQUIREMENTS[requirement]
    rng = rng_of(values)
    res = roll(pool, _skill_values(values), rng)
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
        Input("skill", "int", "Skill (base dice)", default=3, low=0, high=MAX_BASE,
              help="The rating the test names (v1.2.1: Skill, Thrusters or Fuel, the player picks)."),
        Input("requirement", "choice", "Requirement", default="[D+]", choices=tuple(REQUIREMENTS)),
        *pool_parts(0)[1:],
        Input("rerolls", "int", "Rerolls allowed after a fail", default=0, low=0, high=3,
              help="Only when a rule grants one; the whole pool is rolled again."),
        *faces_inputs(),
        SEED,
    ),
    run=_skill_run,
    odds=_skill_odds,
    readings=(readings.POOL_FLOOR, readings.FLEX_KEEPS_BEST, readings.NEGATIVE_MACRO, readings.REROLL_WHOLE_POOL),
    dice_needed=_skill_needed,
)


# ---------------------------------------------------------------- dice/opposed


def _sides(values: Inputs) -> tuple[Pool, Pool]:
    return (pool_of(group_of(values, "primary"), "primary."), pool_of(group_of(values, "secondary"), "secondary."))


def _opposed_needed(values: Inputs) -> dict[str, int]:
    primary, secondary = _sides(values)
    return {**pool_needed(primary, "primary_"), **pool_needed(secondary, "secondary_")}


def _opposed_odds(values: Inputs) -> Answer:
    primary, secondary = _sides(values)
    codes, total = opposed_codes(primary, secondary)
    return codes_answer(codes.items(), total, "Primary after the Secondary",
                        extra={"primary": pool_json(primary), "secondary": pool_json(secondary)})


def _opposed_run(values: Inputs) -> Answer:
    primary, secondary = _sides(values)
    rng = rng_of(values)
    first = roll(primary, values, rng, "primary_")
    second = roll(secondary, values, rng, "secondary_")
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
        Input("primary", "group", "Primary (acting)", default={}, parts=pool_parts(3)),
        Input("secondary", "group", "Secondary (resisting)", default={}, parts=pool_parts(3)),
        *faces_inputs("primary_", "Primary"),
        *faces_inputs("secondary_", "Secondary"),
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
