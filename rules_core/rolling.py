"""The dice pieces every resolver that rolls reuses (the dice/ family and both games' rules).

The pool and keypad inputs and their counts (`pool_parts`, `faces_inputs`, `pool_needed`), the roller (`pool_of`,
`roll`; the seed is `inputs.SEED`, its generator `values.rng_of`) and the JSON of a roll (`resolution_json`, `pool_json`),
the typed odds of a roll (`codes_answer`, `readings_answer`), and the one best-result distribution (`best_magnitude`,
charted by `best_chart`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from fractions import Fraction

from .answers import Answer, Chart, Row
from .dice.dist import Dist
from .dice.keep import BEST_READING, Purpose
from .dice.pool_odds import code_of, half_tables, level_weights, reading_weights
from .dice.pools import MAX_BASE, MAX_FLEX, MAX_MACRO, MAX_MODIFIER, Pool, build_pool
from .dice.read import LETTERS, Reading, magnitude, notation
from .dice.roll import Resolution, resolve_pool
from .inputs import Input
from .registry import Inputs
from .turns import draw_roll, typed_roll
from .values import faces_of, int_of

TOP_READINGS = 10
"""How many of the likeliest readings the readings chart shows."""
MAGNITUDE_LABELS: dict[int, str] = {0: "[N]", 2: "[D]", 3: "[T]", 4: "[Q+]"}
LEVELS = tuple(MAGNITUDE_LABELS)
"""The best Magnitudes a roll can have: 0 [N], 2 Double, 3 Triple, 4 Quad or better."""


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


def roll(pool: Pool, values: Inputs, rng: random.Random, prefix: str = "", purpose: Purpose = BEST_READING,
         what: str = "the roll") -> Resolution:
    """Resolve typed faces when given, else the roll no keypad holds (`turns.draw_roll`: rolled by the site, or
    asked in turn as `what`, "Explosion on the target"); flex set aside for `purpose`."""
    dice = faces_of(values, f"{prefix}dice")
    macro_dice = faces_of(values, f"{prefix}macro_dice")
    set_aside = faces_of(values, f"{prefix}set_aside")
    if set_aside == () and pool.flex:
        set_aside = None  # an empty keypad means "choose for me"
    if dice is None and macro_dice is None:
        drawn = draw_roll({f"{prefix}dice": pool.rolled, f"{prefix}macro_dice": abs(pool.macro)}, what, rng)
        dice, macro_dice = drawn[f"{prefix}dice"], drawn[f"{prefix}macro_dice"]
    else:
        typed_roll()
    return resolve_pool(pool, dice or (), macro_dice or (), set_aside, prefix=prefix, purpose=purpose)


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
