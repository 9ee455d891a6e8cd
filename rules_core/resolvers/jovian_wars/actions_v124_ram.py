"""v1.2.4 Ram: a Capital Ship ramming a Capital Ship, or a Squadron ramming a Capital Ship.

Capital Ship: both ships roll their starting Structure (+1B each when the front arcs meet;
flank/rear and range modifiers through the v1.2.4 table); the ramming ship's Skill Test on
[D+] escalates all its results; the rammed ship's results always escalate. A ship Crippled
(Structure 0) at the start is Destroyed. Squadron: the target's Point Defense first (Reading
`point-defense`), then a Skill Test: [D] a Critical Hit, [T+] a Critical Hit and a Structure damage.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from ... import readings
from ...dice import Reading, escalate, magnitude, notation, steps
from ...inputs import Input
from ...pool_odds import reading_weights
from ...pools import MAX_MODIFIER, Pool, build_pool
from ...registry import Inputs, Resolver, Result, fraction_json, ratio_json
from ...values import int_of
from ..dice_rolls import MAGNITUDE_LABELS, SEED, faces_inputs, pool_needed, resolution_json, rng_of, roll
from .common import (Check, Either, Flag, Rating, Table, all_ok, checks, flag_input, rating_input, requirement_sentence,
                     roll_with_table, skill_pool, table_chart, table_odds)

RAMMERS = ("Capital Ship", "Squadron")
CAPITAL, SQUADRON = ("rammer", "Capital Ship"), ("rammer", "Squadron")  # which inputs apply to which rammer
NEEDS = (Either("Structure: 0-1 or Fire Ship Trait", (Rating("structure", "Structure", 0, 1), Flag("fire_ship", "Fire Ship Trait"))),
         Flag("contact", "front arc of its base overlaps with the target model's base"))
SQUADRON_TABLE: Table = (("[N]", "no further effect"), ("[D]", "resolve a Critical Hit on the Capital Ship"),
                         ("[T+]", "resolve a Critical Hit and a Structure damage on the Capital Ship"))
SKILL_TABLE: Table = (("[N]", "the ramming ship's results are not escalated"),
                      ("[D+]", "Escalate all the ramming ship's successful results"))


def _mod(label: str, name: str, help: str) -> Input:
    return Input(name, "int", label, default=0, low=-MAX_MODIFIER, high=MAX_MODIFIER, help=help, when=CAPITAL, more=True)


INPUTS = (
    Input("rammer", "choice", "Ramming model", default="Capital Ship", choices=RAMMERS),
    rating_input("structure", "Ramming model's current Structure", 1, help="0 means Crippled."),
    flag_input("fire_ship", "Fire Ship Trait"),
    flag_input("contact", "Its front arc can reach the target's base", True, help="If not, the Ram fails."),
    rating_input("skill", "Ramming model's Skill", 3, high=30),
    replace(rating_input("start_structure", "Ramming ship's starting Structure", 4, low=1, high=30), when=CAPITAL),
    replace(rating_input("target_start_structure", "Target's starting Structure", 3, low=1, high=30), when=CAPITAL),
    replace(rating_input("target_structure", "Target's current Structure", 3, high=30), when=CAPITAL),
    replace(flag_input("front_to_front", "Both ships' front arcs in contact (+1B to both)"), when=CAPITAL),
    replace(flag_input("side_arc", "Rams the target's side (flank) arc (+1 modifier)", True), when=CAPITAL),
    _mod("Other modifiers to the ramming ship's roll (net)", "ram_modifier", "Rear arc, range: sum of +1s and -1s."),
    _mod("Modifiers to the target's roll (net)", "target_modifier", "Flank/rear and range for the target's roll."),
    replace(rating_input("defense", "Target's current Defense (Point Defense)", 2, high=30), when=SQUADRON),
    replace(flag_input("bombing_run", "The Ram results from a Bombing Run (no Point Defense)"), when=SQUADRON),
    *faces_inputs("skill_", "Skill Test"), *faces_inputs("ram_", "Ramming ship"),
    *faces_inputs("target_", "Target"), *faces_inputs("pd_", "Point Defense"), SEED,
)


def _capital(values: Inputs) -> bool:
    return values["rammer"] == "Capital Ship"


def _pools(values: Inputs) -> tuple[Pool, Pool]:
    """The ramming ship's and the target's Unopposed rolls (starting Structure, +1B front to front, modifiers)."""
    both = int(bool(values["front_to_front"]))
    ram = build_pool(int_of(values, "start_structure") + both, modifier=int_of(values, "ram_modifier") + int(bool(values["side_arc"])),
                     field="ram_")
    target = build_pool(int_of(values, "target_start_structure") + both, modifier=int_of(values, "target_modifier"),
                        field="target_")
    return ram, target


def _needed(values: Inputs) -> dict[str, int]:
    skill = skill_pool(int_of(values, "skill"))
    zero = Pool(0)
    ram, target = _pools(values) if _capital(values) else (zero, zero)
    pd = Pool(int_of(values, "defense")) if not _capital(values) and not values["bombing_run"] else zero
    return {**pool_needed(skill, "skill_"), **pool_needed(ram, "ram_"), **pool_needed(target, "target_"),
            **pool_needed(pd, "pd_")}


def structure_damage(reading: Reading) -> int:
    """Capital Ship Structure damage of a reading's [T] (1) and [Q+] (2) results; [D] hits a rating (Damage page)."""
    return sum(level - 2 for level, _ in reading if level >= 3)


# ---------------------------------------------------------------- odds


def _escalated_weights(pool: Pool, chance: Fraction) -> tuple[dict[Reading, int], int]:
    """Final readings when every result escalates with probability `chance`, as weights over one denominator."""
    items, total = reading_weights(pool)
    up, stay = chance.numerator, chance.denominator - chance.numerator
    out: dict[Reading, int] = {}
    for reading, ways in items:
        if up:
            final = escalate(reading)
            out[final] = out.get(final, 0) + ways * up
        if stay:
            out[reading] = out.get(reading, 0) + ways * stay
    return out, total * chance.denominator


def _side_charts(name: str, weighted: tuple[dict[Reading, int], int], victim: str, structure: int) -> list[dict[str, object]]:
    weights, total = weighted
    mags = {level: 0 for level in (0, 2, 3, 4)}
    crippled = 0
    for reading, ways in weights.items():
        mags[magnitude(reading)] += ways
        if structure_damage(reading) >= structure:
            crippled += ways
    return [{"title": f"{name}'s roll after escalation: best result",
             "rows": [{"label": MAGNITUDE_LABELS[level], "p": ratio_json(ways, total)} for level, ways in mags.items()]},
            {"title": f"{victim} to 0 Structure (Crippled) from [T]/[Q+] Structure damage alone",
             "rows": [{"label": "Crippled", "p": ratio_json(crippled, total)},
                      {"label": "not by these", "p": ratio_json(total - crippled, total)}]}]


def _odds(values: Inputs) -> Result:
    skill = skill_pool(int_of(values, "skill"))
    body: Result = {"checks": checks(NEEDS, values)}
    if _capital(values):
        ram, target = _pools(values)
        passes = sum((p for label, _, p in table_odds(SKILL_TABLE, skill) if label == "[D+]"), Fraction(0))
        body["charts"] = [table_chart("Ramming ship's Skill Test", SKILL_TABLE, skill),
                          *_side_charts("Ramming ship", _escalated_weights(ram, passes), "Target", int_of(values, "target_structure")),
                          *_side_charts("Target", _escalated_weights(target, Fraction(1)), "Ramming ship", int_of(values, "structure"))]
        body["pools"] = {"ram": ram.describe(), "target": target.describe()}
        return body
    survive = _survival(values)
    rows = [("shot down by Point Defense (no Skill Test)", 1 - survive)]
    rows += [(f"{label}: {effect}", survive * p) for label, effect, p in table_odds(SQUADRON_TABLE, skill)]
    body["charts"] = [{"title": "Squadron ram: outcome (the Squadron is Destroyed either way)",
                       "rows": [{"label": label, "p": fraction_json(p)} for label, p in rows]}]
    return body


def _survival(values: Inputs) -> Fraction:
    """Chance the ramming Squadron survives Point Defense: squadron damage below its Structure."""
    if values["bombing_run"]:
        return Fraction(1)
    items, total = reading_weights(Pool(int_of(values, "defense")))
    return Fraction(sum(ways for reading, ways in items if steps(reading) < int_of(values, "structure")), total)


# ---------------------------------------------------------------- one case


def _run(values: Inputs) -> Result:
    results = checks(NEEDS, values)
    lines = [requirement_sentence(results)]
    if not all_ok(results):
        return {"checks": results, "steps": lines, "outcome": {"headline": "The Ram fails: requirement not met"}}
    rng = rng_of(values)
    return (_run_capital if _capital(values) else _run_squadron)(values, results, lines, rng)


def _run_capital(values: Inputs, results: list[Check], lines: list[str], rng: random.Random) -> Result:
    skill = skill_pool(int_of(values, "skill"))
    test, (label, _), test_lines = roll_with_table(SKILL_TABLE, skill, values, rng, "skill_", "Ramming ship's Skill Test")
    ram_pool, target_pool = _pools(values)
    ram, target = roll(ram_pool, values, rng, "ram_"), roll(target_pool, values, rng, "target_")
    lines += test_lines + [f"Ramming ship: {s}" for s in ram.sentences()] + [f"Target: {s}" for s in target.sentences()]
    ram_final = escalate(ram.final) if label == "[D+]" else ram.final
    target_final = escalate(target.final)
    lines.append(f"Ramming ship's results {notation(ram.final)} count as {notation(ram_final)}"
                 + (" (Skill Test passed)." if label == "[D+]" else " (Skill Test failed: no escalation)."))
    lines.append(f"Target's results {notation(target.final)} escalate automatically: {notation(target_final)}.")
    structure = int_of(values, "structure")
    to_rammer = structure_damage(target_final)
    crippled = structure == 0
    left = max(0, structure - to_rammer)
    lines.append(f"Ramming ship takes {to_rammer} Structure damage from [T]/[Q+] results: Structure {structure} → {left}"
                 + (" (Crippled)" if left == 0 else "") + "; any [D] results are Rating Damage (Damage page).")
    to_target = structure_damage(ram_final)
    target_left = max(0, int_of(values, "target_structure") - to_target)
    lines.append(f"Target takes {to_target} Structure damage from [T]/[Q+] results: Structure → {target_left}"
                 + (" (Crippled)" if target_left == 0 else "") + ".")
    if crippled:
        lines.append("The ramming ship was Crippled at the start of the Ram: it is Destroyed and removed from play; "
                     "roll on the Catastrophic Damage Table to see if it Explodes.")
    elif left == 0:
        lines.append("It was not Crippled at the start of the Ram, so it is not Destroyed.")
    # The headline says what happened to both ships, in the text's words ("cripples the Valiant ... not Destroyed").
    fate = "Destroyed" if crippled else ("Crippled, not Destroyed" if left == 0 else "not Crippled")
    target_fate = "Crippled" if target_left == 0 else "not Crippled"
    headline = (f"Target: Structure {int_of(values, 'target_structure')} → {target_left}, {target_fate}. "
                f"Ramming ship: Structure {structure} → {left}, {fate}.")
    return {"checks": results, "steps": lines, "roll": {"skill": resolution_json(test), "ram": resolution_json(ram), "target": resolution_json(target)},
            "outcome": {"headline": headline,
                        "ram": notation(ram_final), "target": notation(target_final), "escalated": label == "[D+]",
                        "rammer_destroyed": crippled, "rammer_structure": left, "target_structure": target_left}}


def _run_squadron(values: Inputs, results: list[Check], lines: list[str], rng: random.Random) -> Result:
    structure = int_of(values, "structure")
    data: dict[str, object] = {}
    if values["bombing_run"]:
        lines.append("The Ram results from a Bombing Run: no Point Defense attack.")
        left = structure
    else:
        pd = roll(Pool(int_of(values, "defense")), values, rng, "pd_")
        hits = steps(pd.final)
        left = max(0, structure - hits)
        lines += [f"Point Defense: {s}" for s in pd.sentences()]
        lines.append(f"Point Defense {notation(pd.final)} deals {hits} squadron damage: Structure {structure} → {left}.")
        data["point_defense"] = resolution_json(pd)
    if left == 0:
        lines.append("The ramming Squadron is Destroyed by Point Defense: no Skill Test.")
        return {"checks": results, "steps": lines, "roll": data,
                "outcome": {"headline": "Shot down by Point Defense; the Ram does nothing", "survived": False}}
    test, (label, effect), test_lines = roll_with_table(SQUADRON_TABLE, skill_pool(int_of(values, "skill")), values, rng,
                                                        "skill_", "Squadron's Skill Test")
    lines += test_lines + ["The ramming Squadron is Destroyed and removed from play."]
    data["skill"] = resolution_json(test)
    return {"checks": results, "steps": lines, "roll": data,
            "outcome": {"headline": f"{notation(test.final)} → {label}: {effect}; the Squadron is Destroyed",
                        "survived": True, "row": label, "effect": effect}}


RAM = Resolver(
    id="jovian-wars/v1.2.4/ram", title="Ram",
    summary="Capital Ship or Squadron ramming a Capital Ship: both rolls with their escalations, or Point Defense then a Skill Test.",
    inputs=INPUTS, run=_run, odds=_odds, dice_needed=_needed,
    serves=("ram",), versions=("v1.2.4",),
    readings=(readings.FLEX_KEEPS_BEST, readings.ESCALATE_DIMINISH, readings.JW_RAM_MODIFIERS, readings.POINT_DEFENSE,
              readings.JW_RESULTS_EACH, readings.JW_TABLE_ROW_BY_BEST),
)

RESOLVERS: tuple[Resolver, ...] = (RAM,)
