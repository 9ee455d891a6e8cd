"""The eight attack modes: conditions checked, defenses offered, the roll's odds, the state changes."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import cast

from .. import readings
from ..answers import Answer, Chart, Check, fraction_json
from ..dice.dist import Dist
from ..errors import InputError
from .galley import ATTACK_MODES, AttackMode
from .galley_dice import Roll
from ..inputs import Input, SEED
from ..registry import Inputs, Resolver, RunFunction
from .common import (
    ATTACK_READINGS, allowed, changes_text, chance_step, decide, defense_steps, defenses_offered, direction_input,
    first_failure, holds_step, make_roll, modifier_input, modifier_of, refused, result_input, rng_of, roll_charts, roll_inputs,
    stage_changes, stage_lines, row_gaps, target_input, totals_chart, verdict, with_gaps,
)
from .conditions import CONDITIONS

MODIFIER_HELP = "Net modifier to the roll, e.g. −1 after a Reaction Ram against this ship failed (\"target is -1 on any ram/rake roll\")."
ROLL_WORD = {"ram": "the ram", "grappling": "the grapple", "boarding": "the boarding"}


def _what(mode: AttackMode) -> str:
    return ROLL_WORD.get(mode.slug, "the rake")


def _prelude(mode: AttackMode, inputs: Inputs) -> tuple[list[Check], list[dict[str, object]], list[str]]:
    """Checks, defenses offered, and the opening steps."""
    checks = CONDITIONS[mode.slug][1](inputs)
    defenses = defenses_offered(mode, inputs) if mode.defenses else []
    steps = [holds_step(mode.name, checks)] + defense_steps(defenses)
    return checks, defenses, steps


def _changes_steps(changes: dict[str, list[str]], stage: str = "") -> list[str]:
    head = f"{stage}: " if stage else ""
    return [f"{head}{ship}: {', '.join(lines)}." for ship, lines in changes.items()]


def run_single(mode: AttackMode, inputs: Inputs) -> Answer:
    """One roll (or none known): conditions, defenses, then the changes once the result is known."""
    checks, defenses, steps = _prelude(mode, inputs)
    if first_failure(checks):
        return refused(mode.name, checks, {"defenses": defenses})
    facts: dict[str, object] = {"defenses": defenses}
    roll = make_roll(inputs, mode.dice) if mode.dice else None
    if mode.dice:
        steps.append(chance_step(roll, f"{mode.name} roll"))
    if roll is not None:
        facts["chance"] = roll.chance()
    success, said = decide(inputs, mode.dice, roll, rng=rng_of(inputs), modifier=modifier_of(inputs))
    steps += said
    if success is None:
        if not mode.dice:
            ask = "Resolve it, then"
        elif roll is None:
            ask = f"Type the number needed ({mode.dice}d6, from your rulebook) for the chance of success, or"
        else:
            ask = f"Roll {roll.rule()}, then"
        return allowed(checks, steps, f"{mode.name} allowed: {verdict(checks)}. {ask} give the result.",
                       {**facts, "result": None, "changes": {}})
    changes = stage_changes(mode.stages[0][1], success)
    steps += _changes_steps(changes)
    word = "succeeds" if success else "fails"
    return allowed(checks, steps, f"{mode.name} {word}. {changes_text(changes)}",
                   {**facts, "result": "success" if success else "failure", "changes": changes})


def odds_single(mode: AttackMode, inputs: Inputs) -> Answer:
    roll = make_roll(inputs, mode.dice)
    if roll is None:
        return Answer(charts=(totals_chart(mode.dice, f"{mode.name} roll"),))
    return Answer(charts=roll_charts(roll, f"{mode.name} roll"), extra={"chance": roll.chance()})


# Anastrophe: a rake, then a ram (−1 to the ram when the rake failed) -------------------------


def anastrophe_rolls(inputs: Inputs) -> tuple[Roll | None, Roll | None, Roll | None]:
    """The rake, the ram after a successful rake, and the ram after a failed one (None until typed)."""
    return (make_roll(inputs, 2, "rake_", modifier_name="rake_modifier"),
            make_roll(inputs, 2, "ram_", modifier_name="ram_modifier"),
            make_roll(inputs, 2, "ram_", -1, modifier_name="ram_modifier"))


def run_anastrophe(inputs: Inputs) -> Answer:
    mode = ATTACK_MODES["anastrophe"]
    checks, defenses, steps = _prelude(mode, inputs)
    if first_failure(checks):
        return refused(mode.name, checks, {"defenses": defenses})
    rake, ram_full, ram_after_fail = anastrophe_rolls(inputs)
    rng = rng_of(inputs)
    steps.append(chance_step(rake, "Rake roll"))
    rake_ok, said = decide(inputs, 2, rake, "rake_result", "rake_roll", rng, modifier_of(inputs, 0, "rake_modifier"))
    steps += said
    facts: dict[str, object] = {"defenses": defenses}
    if rake is not None:
        facts["chance"] = rake.chance()
    if rake_ok is None:
        if inputs["ram_result"] != "not yet" or inputs["ram_roll"]:
            raise InputError("ram_result", "the rake comes first: give rake_result or rake_roll before the ram")
        if rake and ram_full and ram_after_fail:
            plan = (f"Resolve the rake first ({rake.rule()}); the ram follows at {fraction_json(ram_full.chance())}, "
                    f"or {fraction_json(ram_after_fail.chance())} with −1 if the rake fails.")
        else:
            plan = ("Resolve the rake first, then the ram (−1 if the rake fails); type the numbers needed from your "
                    "rulebook for the chances.")
        return allowed(checks, steps, f"Anastrophe allowed: {verdict(checks)}. {plan}",
                       {**facts, "result": None, "changes": {}, "stages": []})
    rake_changes = stage_changes(mode.stages[0][1], rake_ok)
    steps += _changes_steps(rake_changes, f"Rake {'succeeds' if rake_ok else 'fails'}")
    ram = ram_full if rake_ok else ram_after_fail
    steps.append(chance_step(ram, "Ram roll" + ("" if rake_ok else " (−1 to ram attack after the failed rake)")))
    ram_ok, said = decide(inputs, 2, ram, "ram_result", "ram_roll", rng, modifier_of(inputs, 0 if rake_ok else -1, "ram_modifier"))
    steps += said
    if inputs["ram_roll"]:
        steps.append(f"The aid says \"Check fatigue (at roll of 7)\"; the ram's dice total {sum(cast(tuple[int, ...], inputs['ram_roll']))}.")
    stages: list[dict[str, object]] = [{"stage": "Rake", "result": "success" if rake_ok else "failure", "changes": rake_changes}]
    if ram_ok is None:
        now = f"{ram.rule()}, chance {fraction_json(ram.chance())}" if ram else "type its number needed"
        return allowed(checks, steps, f"Rake {'succeeds' if rake_ok else 'fails'}. {changes_text(rake_changes)} Now the ram: {now}.",
                       {**facts, "result": None, "stages": stages, "changes": _labelled(stages)})
    ram_changes = stage_changes(mode.stages[1][1], ram_ok)
    steps += _changes_steps(ram_changes, f"Ram {'succeeds' if ram_ok else 'fails'}")
    stages.append({"stage": "Ram", "result": "success" if ram_ok else "failure", "changes": ram_changes})
    headline = (f"Rake {'succeeds' if rake_ok else 'fails'}, ram {'succeeds' if ram_ok else 'fails'}. "
                f"{changes_text(_labelled(stages))}")
    return allowed(checks, steps, headline,
                   {**facts, "result": "success" if ram_ok else "failure", "stages": stages, "changes": _labelled(stages)})


def _labelled(stages: list[dict[str, object]]) -> dict[str, list[str]]:
    """Both stages' changes per ship, each line prefixed by its stage."""
    merged: dict[str, list[str]] = {"Attacker": [], "Defender": []}
    for stage in stages:
        for ship, lines in cast(dict[str, list[str]], stage["changes"]).items():
            merged[ship] += [f"{stage['stage']}: {line}" for line in lines]
    return merged


BRANCHES = {
    (True, True): "Rake succeeds, ram succeeds", (True, False): "Rake succeeds, ram fails",
    (False, True): "Rake fails, ram succeeds (−1)", (False, False): "Rake fails, ram fails (−1)",
}
"""(rake succeeds, ram succeeds) -> the chain's chart label, in the chart's order."""


def _success(p: Fraction) -> Dist[bool]:
    return Dist.from_fractions({True: p, False: 1 - p})


def odds_anastrophe(inputs: Inputs) -> Answer:
    rake, ram_full, ram_after_fail = anastrophe_rolls(inputs)
    if rake is None and ram_full is None:
        return Answer(charts=(totals_chart(2, "Rake"), totals_chart(2, "Ram")))
    if rake is None or ram_full is None or ram_after_fail is None:
        known = [(rake, "Rake")] if rake else [(ram_full, "Ram after a successful rake"), (ram_after_fail, "Ram after a failed rake (−1)")]
        missing = "Ram" if rake else "Rake"
        return Answer(charts=(*(roll_charts(roll, title)[0] for roll, title in known if roll), totals_chart(2, missing)))
    full, less = ram_full.chance(), ram_after_fail.chance()
    # The ram's chance depends on the rake's result (−1 after a failed rake).
    chain = _success(rake.chance()).bind(
        lambda rake_ok: _success(full if rake_ok else less).map(lambda ram_ok: (rake_ok, ram_ok)))
    rake_charts, after_fail = roll_charts(rake, "Rake"), roll_charts(ram_after_fail, "Ram after a failed rake (−1)")
    charts = (rake_charts[0], roll_charts(ram_full, "Ram after a successful rake")[0], after_fail[0],
              Chart.of("Anastrophe: rake, then ram", chain, BRANCHES.__getitem__, BRANCHES),
              rake_charts[1], roll_charts(ram_full, "Ram")[1], after_fail[1])
    return Answer(charts=charts, extra={"chance": chain.p(lambda pair: pair[1])})


# Declarations ------------------------------------------------------------------------------


def _dice_inputs(mode: AttackMode) -> tuple[Input, ...]:
    if mode.slug == "anastrophe":
        return (*roll_inputs(2, "rake_", "the rake"), modifier_input(MODIFIER_HELP, "rake_modifier", "Rake modifier (+ helps the roller)"),
                result_input("rake_result", "the rake"),
                *roll_inputs(2, "ram_", "the ram"),
                modifier_input(MODIFIER_HELP + " The −1 after a failed rake is added for you.", "ram_modifier",
                               "Ram modifier (+ helps the roller)"),
                result_input("ram_result", "the ram"), direction_input(), SEED)
    if not mode.dice:
        return (result_input("result", "the fire"),)
    needed, roll = roll_inputs(mode.dice, "", _what(mode))
    return (needed, modifier_input(MODIFIER_HELP), direction_input(), roll, result_input("result", _what(mode)), SEED)


def _dice_needed(dice: dict[str, int], _inputs: Inputs) -> dict[str, int]:
    return dict(dice)


def _declare(mode: AttackMode) -> Resolver:
    condition_inputs, _, condition_readings = CONDITIONS[mode.slug]
    target = (target_input(),) if mode.defenses else ()
    rolls = ATTACK_READINGS if mode.dice else ()
    moved = (readings.GALLEY_ATTACKER_MOVED_ADJACENT,) if "Avoidance" in mode.defenses else ()
    chosen = tuple(dict.fromkeys((*rolls, *condition_readings, *moved)))
    run: RunFunction = functools.partial(run_single, mode)
    odds: RunFunction = functools.partial(odds_single, mode)
    dice = {"roll": mode.dice}
    if mode.slug == "anastrophe":
        run, odds, dice = run_anastrophe, odds_anastrophe, {"rake_roll": 2, "ram_roll": 2}
    gaps = row_gaps(stage_lines(mode))
    return Resolver(
        id=f"war-galley/aid/{mode.slug}",
        title=f"{mode.name}: check, defenses, result",
        inputs=(*condition_inputs, *target, *_dice_inputs(mode)),
        run=with_gaps(run, gaps),
        odds=odds if mode.dice else None,
        readings=chosen,
        serves=(mode.slug,), versions=("aid",),
        dice_needed=functools.partial(_dice_needed, dice) if mode.dice else None,
        summary=f"Checks each condition of {mode.name}, lists the target's active defenses, and gives both ships' "
                "state changes once you say success or failure" + (" (or type the dice)." if mode.dice else ".")
                + "".join(f" {gap.text}" for gap in gaps),
    )


ATTACK_RESOLVERS: tuple[Resolver, ...] = tuple(_declare(mode) for mode in ATTACK_MODES.values())
"""One resolver per attack mode, in the aid's order."""
