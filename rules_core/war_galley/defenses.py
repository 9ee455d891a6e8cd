"""The three defensive modes: Avoidance, Reaction Ram (which resolves a ram), Defensive Missile Fire."""

from __future__ import annotations

from dataclasses import replace

from .. import readings
from ..answers import Answer, judged
from .galley import ATTACK_MODES, DEFENSIVE_MODES, NONE
from ..inputs import Input, SEED
from ..registry import Inputs, Resolver
from .common import (
    ATTACK_READINGS, allowed, changes_text, chance_step, decide, direction_input, first_failure, holds_step, make_roll,
    modifier_input, modifier_of, refused, result_input, rng_of, roll_charts, roll_inputs, row_gaps, speed_input,
    stage_lines, totals_chart, with_gaps,
)

AVOIDANCE = DEFENSIVE_MODES["avoidance"]
REACTION_RAM = DEFENSIVE_MODES["reaction-ram"]
DEFENSIVE_MISSILE_FIRE = DEFENSIVE_MODES["defensive-missile-fire"]
ME, ENEMY = "Your ship", "Enemy ship"


# Avoidance ---------------------------------------------------------------------------------

AVOIDANCE_STATES = ("fatigued", "crippled", "rammed", "fouled")


def run_avoidance(inputs: Inputs) -> Answer:
    text = AVOIDANCE.conditions
    bad = [state for state in AVOIDANCE_STATES if inputs[state]]
    checks = [
        judged(inputs, ("enemy_adjacent",), text[0], bool(inputs["enemy_adjacent"]), "it did" if inputs["enemy_adjacent"] else "no enemy ship just moved adjacent"),
        judged(inputs, AVOIDANCE_STATES, text[1], not bad, f"the ship is {', '.join(bad)}" if bad else "none of them"),
    ]
    if first_failure(checks):
        return refused(AVOIDANCE.name, checks)
    success, said = decide(inputs, 0, None)
    steps = [holds_step(AVOIDANCE.name, checks), *said]
    if success is None:
        return allowed(checks, steps, "Avoidance allowed: give the result.", {"result": None, "changes": {}})
    if success:
        move = AVOIDANCE.success[0] if inputs["speed"] == "Max" else AVOIDANCE.success[1]
        changes = {ME: [move, AVOIDANCE.success[2]]}
        steps.append(f"At {inputs['speed']} speed the aid's line is \"{move}\"; then \"{AVOIDANCE.success[2]}\".")
    else:
        changes = {ME: list(AVOIDANCE.failure)}
    word = "succeeds" if success else "fails"
    return allowed(checks, steps, f"Avoidance {word}. {changes_text(changes)}",
                   {"result": "success" if success else "failure", "changes": changes})


AVOIDANCE_INPUTS = (
    Input("enemy_adjacent", "bool", "An enemy ship just moved adjacent", default=True),
    *(Input(state, "bool", state.capitalize(), default=False) for state in AVOIDANCE_STATES),
    replace(speed_input("Max"), assumed="Max speed"),  # the success line differs by speed: named while not set
    result_input("result", "the avoidance"),
)


# Reaction Ram ------------------------------------------------------------------------------


def run_reaction_ram(inputs: Inputs) -> Answer:
    # Its row's one condition: the Ram row's conditions are the Ram attack mode's, which the aid does not attach here.
    checks = [judged(inputs, ("bow_hex",), REACTION_RAM.conditions[0], bool(inputs["bow_hex"]),
                    "it does" if inputs["bow_hex"] else "the enemy is not adjacent to your bow hex presenting a flank hex")]
    if first_failure(checks):
        return refused(REACTION_RAM.name, checks)
    reaction, said = decide(inputs, 0, None, "reaction_result", "reaction_roll")
    steps = [holds_step(REACTION_RAM.name, checks), *said]
    ram = make_roll(inputs, 2)
    chance: dict[str, object] = {} if ram is None else {"chance": ram.chance()}
    then = f"then the ram ({ram.rule()})" if ram else "then the ram (type its number needed for the chance of success)"
    if reaction is None:
        return allowed(checks, steps, f"Reaction Ram allowed: give the reaction's result; {then}.",
                       {**chance, "result": None, "changes": {}})
    if not reaction:
        changes = {ME: list(REACTION_RAM.failure), ENEMY: [NONE]}
        return allowed(checks, steps, f"The reaction fails. {changes_text(changes)}",
                       {**chance, "result": "failure", "changes": changes})
    steps += [f"Success(Reaction): \"{REACTION_RAM.success[0]}\".", chance_step(ram, "Ram roll")]
    ram_ok, said = decide(inputs, 2, ram, rng=rng_of(inputs), modifier=modifier_of(inputs))
    steps += said
    if ram_ok is None:
        rule = f" ({ram.rule()})" if ram else ""
        return allowed(checks, steps, f"The reaction succeeds: Resolve Ram{rule}, then give its result.",
                       {**chance, "result": None, "changes": {}})
    mine, theirs = ATTACK_MODES["ram"].stages[0][1].lines(ram_ok)
    changes = {ME: list(mine), ENEMY: list(theirs)}
    if not ram_ok:
        changes[ENEMY] += list(REACTION_RAM.success[1:])
    steps += [f"{ship}: {', '.join(lines)}." for ship, lines in changes.items()]
    return allowed(checks, steps, f"The reaction succeeds and the ram {'succeeds' if ram_ok else 'fails'}. {changes_text(changes)}",
                   {**chance, "result": "success" if ram_ok else "failure", "changes": changes})


def odds_reaction_ram(inputs: Inputs) -> Answer:
    ram = make_roll(inputs, 2)
    if ram is None:
        return Answer(charts=(totals_chart(2, "Reaction Ram's ram roll"),))
    return Answer(charts=roll_charts(ram, "Reaction Ram's ram roll"), extra={"chance": ram.chance()})


REACTION_RAM_INPUTS = (
    Input("bow_hex", "bool", "An enemy ship moves adjacent to your bow hex, presenting a flank hex", default=True),
    result_input("reaction_result", "the reaction"),
    roll_inputs(2, "", "the ram")[0],
    modifier_input("Net modifier to your ram roll."),
    direction_input(),
    roll_inputs(2, "", "the ram")[1],
    result_input("result", "the ram"),
    SEED,
)


# Defensive Missile Fire --------------------------------------------------------------------

ATTACKED_BY = ("rammed", "raked", "grappled", "attacked by missiles", "none of these")


def run_defensive_missile_fire(inputs: Inputs) -> Answer:
    attacked = inputs["attacked_by"]
    checks = [
        judged(inputs, ("attacked_by",), DEFENSIVE_MISSILE_FIRE.conditions[0], attacked != "none of these",
              f"you are being {attacked}" if attacked != "none of these" else "you are not being attacked so"),
    ]
    gap = "The aid's row for Defensive Missile Fire ends after its Conditions: it gives no results."
    if first_failure(checks):
        return refused(DEFENSIVE_MISSILE_FIRE.name, checks, {"row_ends_after_conditions": True})
    return allowed(checks, [holds_step(DEFENSIVE_MISSILE_FIRE.name, checks), gap], f"Defensive Missile Fire allowed. {gap}",
                   {"result": None, "changes": {}, "row_ends_after_conditions": True})


DEFENSIVE_MISSILE_INPUTS = (
    Input("attacked_by", "choice", "You are being", default=ATTACKED_BY[0], choices=ATTACKED_BY),
)


AID = ("aid",)
REACTION_RAM_GAPS = row_gaps((*REACTION_RAM.conditions, *REACTION_RAM.success, *stage_lines(ATTACK_MODES["ram"])))
"""The rules version these resolvers implement: the aid has one."""


DEFENSE_RESOLVERS: tuple[Resolver, ...] = (
    Resolver(
        id="war-galley/aid/avoidance", title="Avoidance: check and result", inputs=AVOIDANCE_INPUTS,
        run=run_avoidance, serves=("avoidance",), versions=AID,
        summary="Checks Avoidance's conditions and gives your ship's changes once you say success or failure.",
    ),
    Resolver(
        id="war-galley/aid/reaction-ram", title="Reaction Ram: check, ram, result", inputs=REACTION_RAM_INPUTS,
        # "Resolve Ram" resolves the Ram row, which the aid holds: that row's pointers are the Reaction Ram's too.
        run=with_gaps(run_reaction_ram, REACTION_RAM_GAPS), odds=odds_reaction_ram, serves=("reaction-ram",), versions=AID,
        readings=(*ATTACK_READINGS, readings.GALLEY_RESOLVE_RAM),
        dice_needed=lambda _inputs: {"roll": 2},
        summary="Checks Reaction Ram's condition, then resolves its ram: both ships' changes, and the ram's exact odds."
                + "".join(f" {gap.text}" for gap in REACTION_RAM_GAPS),
    ),
    Resolver(
        id="war-galley/aid/defensive-missile-fire", title="Defensive Missile Fire: check",
        inputs=DEFENSIVE_MISSILE_INPUTS, run=run_defensive_missile_fire, serves=("defensive-missile-fire",), versions=AID,
        summary="Checks its condition; the aid's row stops there, so no results are given.",
    ),
)
"""One resolver per defensive mode, in the aid's order."""
