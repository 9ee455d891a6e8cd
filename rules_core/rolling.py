"""The dice pieces every resolver that rolls reuses (the dice/ family and both games' rules).

The roll input and its keypads' counts (`roll_input`, `pool_needed`), the roller (`pool_of`,
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
from .values import faces_of, group_of, int_of

TOP_READINGS = 10
"""How many of the likeliest readings the readings chart shows."""
MAGNITUDE_LABELS: dict[int, str] = {0: "[N]", 2: "[D]", 3: "[T]", 4: "[Q+]"}
LEVELS = tuple(MAGNITUDE_LABELS)
"""The best Magnitudes a roll can have: 0 [N], 2 Double, 3 Triple, 4 Quad or better."""


BASE_HELP = "AC or AS of the weapon, Skill, or what the rule names (+1B adds one)."
KEYPADS = ("dice", "macro_dice", "set_aside")
"""A roll's keypads, the parts of every `roll_input`; a keypad's path is "<roll>.<keypad>" ("ram.macro_dice")."""


def roll_input(name: str, label: str, *, pool: int | None = None, base_label: str = "Base dice",
               base_help: str = BASE_HELP, optional: bool = False, when: tuple[str, str] | None = None,
               dice_only: bool = False) -> Input:
    """One roll: its typed dice (base and flex, macro, flex set aside) and, where the player sets the pool, its base
    (`pool`: the default), flex, macro and modifier; `pool=None` when the resolver derives the pool (a ship, a Skill).
    `optional`: every keypad may stay empty (the roll is made by the site, or asked in turn); `dice_only`: one keypad,
    for a roll with no flex or macro dice (v1.2.1's Skill Tests)."""
    pool_parts = () if pool is None else (
        Input("base", "int", base_label, default=pool, low=0, high=MAX_BASE, help=base_help),
        Input("flex", "int", "Flex dice", default=0, low=0, high=MAX_FLEX,
              help="Rolled with the base dice, then set aside."),
        Input("macro", "int", "Macro dice", default=0, low=-MAX_MACRO, high=MAX_MACRO,
              help="Macro rating minus the target's Armor; negative lowers results."),
        Input("modifier", "int", "Attack modifier (net)", default=0, low=-MAX_MODIFIER, high=MAX_MODIFIER, more=True,
              help="Sum of +1 bonuses and -1 penalties; converted to dice first (v1.2.4)."),
    )
    if dice_only:
        return Input(name, "roll", label, default={}, optional=optional, when=when, parts=(
            Input("dice", "faces", "Dice rolled", low=0, high=MAX_BASE, optional=optional, help="Type every die you rolled."),))
    keypads = (
        Input("dice", "faces", "Dice rolled (base and flex)", low=0, high=MAX_BASE + MAX_FLEX, optional=optional,
              help="Type every base and flex die you rolled."),
        Input("macro_dice", "faces", "Macro dice rolled", low=0, high=MAX_MACRO, optional=optional,
              help="Type the macro dice, rolled in another colour."),
        Input("set_aside", "faces", "Flex dice to set aside", low=0, high=MAX_FLEX, optional=True,
              help="Leave empty to let the roller keep the best reading."),
    )
    return Input(name, "roll", label, default={}, parts=(*pool_parts, *keypads), optional=optional, when=when)


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


def pool_needed(pool: Pool, name: str) -> dict[str, int]:
    """dice_needed for one roll: how many dice each keypad of the `roll_input` `name` takes."""
    return {f"{name}.dice": pool.rolled, f"{name}.macro_dice": abs(pool.macro), f"{name}.set_aside": pool.flex}


def pool_of(values: Inputs, name: str) -> Pool:
    """The pool the player set on the `roll_input` `name` (its base, flex, macro and modifier)."""
    parts = group_of(values, name)
    return build_pool(int_of(parts, "base"), int_of(parts, "flex"), int_of(parts, "macro"), int_of(parts, "modifier"),
                      names=(f"{name}.base", f"{name}.flex", f"{name}.macro"))


def roll(pool: Pool, values: Inputs, rng: random.Random, name: str, purpose: Purpose = BEST_READING,
         what: str = "the roll") -> Resolution:
    """Resolve the faces typed on the `roll_input` `name` when given, else the roll no keypad holds
    (`turns.draw_roll`: rolled by the site, or asked in turn as `what`, "Explosion on the target"); flex set aside
    for `purpose`."""
    typed = group_of(values, name)
    dice, macro_dice, set_aside = (faces_of(typed, key) for key in KEYPADS)
    if set_aside == () and pool.flex:
        set_aside = None  # an empty keypad means "choose for me"
    if dice is None and macro_dice is None:
        drawn = draw_roll({f"{name}.dice": pool.rolled, f"{name}.macro_dice": abs(pool.macro)}, what, rng)
        dice, macro_dice = drawn[f"{name}.dice"], drawn[f"{name}.macro_dice"]
    else:
        typed_roll()
    return resolve_pool(pool, dice or (), macro_dice or (), set_aside, prefix=f"{name}.", purpose=purpose)


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
