"""Pieces every War Galley resolver shares: declared inputs, checks, rolls, defenses, state changes."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import cast

from .. import readings
from ..answers import Answer, Chart, Check, Outcome, Row, fraction_json, judged, pending_note
from ..dice.dist import Dist
from ..errors import InputError
from .galley import AVOIDANCE_NAME, DEFENSE_SLUGS, MISSILE_FIRE_NAME, NONE, REACTION_RAM_NAME, AttackMode, Results
from .galley_dice import DEFAULT_DIRECTION, DIRECTIONS, Direction, Roll, after_modifier, sum_weights
from ..inputs import Input
from ..readings import GALLEY_POINTERS, Gap
from ..registry import Inputs, RunFunction
from ..values import SiteDice

SPEEDS = ("Max", "Cruise")
RESULTS = ("not yet", "success", "failure")
MODIFIER_LOW, MODIFIER_HIGH = -6, 6
ATTACK_READINGS = (readings.GALLEY_TABLES_UNPUBLISHED, readings.GALLEY_SUCCESS_AT_OR_ABOVE, readings.GALLEY_MODIFIER_SIGN)
"""Readings of every resolver that rolls."""


def first_failure(checks: Sequence[Check]) -> Check | None:
    return next((c for c in checks if not c.ok), None)


# Inputs ------------------------------------------------------------------------------------


def speed_input(default: str = "Max") -> Input:
    return Input("speed", "choice", "Speed", default=default, choices=SPEEDS, help="Max or Cruise speed, as the ship's counter shows.")


def result_input(name: str = "result", what: str = "the roll") -> Input:
    return Input(
        name, "choice", f"Result of {what}", default="not yet", choices=RESULTS,
        help="Say whether it succeeded, or type the dice below and leave this at \"not yet\".",
    )


def roll_inputs(dice: int, prefix: str = "", what: str = "the roll") -> tuple[Input, ...]:
    """Number needed (no default: the rulebook's, typed by the player), and the typed dice, for one roll."""
    low, high = dice, 6 * dice
    return (
        Input(
            f"{prefix}needed", "int", f"Number needed for {what} ({dice}d6, from your rulebook)",
            default=None, low=low, high=high,
            help="The aid does not print the game's tables: read the number from your rulebook. No chance is shown "
                 "until it is typed.",
        ),
        # low=0: the dice are optional (the player may just say success or failure); `decide` wants all or none.
        Input(f"{prefix}roll", "faces", f"Dice rolled for {what}", default=None, low=0, high=dice, optional=True,
              help=f"Optional: type the {dice} {'die' if dice == 1 else 'dice'} you rolled instead of giving the result."),
    )


def modifier_input(help_text: str, name: str = "modifier", label: str = "Modifier (+ helps the roller)") -> Input:
    return Input(name, "int", label, default=0, low=MODIFIER_LOW, high=MODIFIER_HIGH, help=help_text, more=True)


def direction_input() -> Input:
    return Input(
        "success_on", "choice", "Success on a total", default=DEFAULT_DIRECTION, choices=DIRECTIONS,
        help="Whether your rulebook's number is a floor (at or above) or a ceiling (at or below).",
    )


TARGET_PARTS = (
    Input("fatigued", "bool", "Fatigued", default=False),
    Input("crippled", "bool", "Crippled", default=False),
    Input("rammed", "bool", "Rammed", default=False),
    Input("fouled", "bool", "Fouled", default=False),
    Input("bow_hex", "bool", "The attacker moves adjacent to its bow hex, presenting a flank hex", default=False),
)


def target_input() -> Input:
    return Input("target", "group", "The target ship", default={}, parts=TARGET_PARTS,
                 help="Its state decides which active defenses it may answer with.")


# Rolls -------------------------------------------------------------------------------------


def make_roll(inputs: Inputs, dice: int, prefix: str = "", extra_modifier: int = 0,
              modifier_name: str = "modifier") -> Roll | None:
    """The roll against the typed number needed; None until the player has typed it (How the dice work §9 "War Galley")."""
    needed = inputs.get(f"{prefix}needed")
    if needed is None:
        return None
    return Roll(dice, cast(int, needed), modifier_of(inputs, extra_modifier, modifier_name), direction_of(inputs))


def modifier_of(inputs: Inputs, extra_modifier: int = 0, modifier_name: str = "modifier") -> int:
    """The roll's net modifier: the player's, and one the rules add (−1 to the ram after a failed rake)."""
    return cast(int, inputs.get(modifier_name, 0)) + extra_modifier


def direction_of(inputs: Inputs) -> Direction:
    return cast(Direction, inputs.get("success_on", DEFAULT_DIRECTION))


def rng_of(inputs: Inputs) -> random.Random | None:
    """The generator of "Roll for me": only when the widget set a seed."""
    seed = inputs.get("seed")
    return None if seed is None else SiteDice(cast(int, seed))


def decide(inputs: Inputs, dice: int, roll: Roll | None, result_name: str = "result", roll_name: str = "roll",
           rng: random.Random | None = None, modifier: int = 0) -> tuple[bool | None, list[str]]:
    """Success, failure or not yet: from the typed (or, with a seed, rolled) dice, else from the player's word.
    `modifier`: the roll's net modifier (modifier_of), named in the total while the number needed is not typed."""
    said = inputs[result_name]
    faces = cast("tuple[int, ...]", inputs.get(roll_name) or ())
    rolled_here = not faces and said == "not yet" and rng is not None and dice > 0
    if rolled_here:
        assert rng is not None
        faces = tuple(rng.randint(1, 6) for _ in range(dice))
    if not faces:
        if said == "not yet":
            return None, []
        return said == "success", [f"The player reports a {said}."]
    if len(faces) != dice:
        raise InputError(roll_name, f"must hold {dice} {'die' if dice == 1 else 'dice'} (or none), got {len(faces)}")
    rolled = "Rolled for the page (“Roll for me”)" if rolled_here else "Rolled"
    if roll is None:
        shown = " + ".join(str(face) for face in faces)
        total = (f" = {sum(faces)}" if dice > 1 else "") + after_modifier(sum(faces), modifier, direction_of(inputs))
        if said != "not yet":  # the player's word decides; the dice cannot be read without the number needed
            return said == "success", [f"{rolled} {shown}{total}.", f"The player reports a {said}."]
        return None, [f"{rolled} {shown}{total}: type the number needed from your rulebook to read it."]
    ok, step = roll.read(faces)
    if said != "not yet" and (said == "success") != ok:
        raise InputError(result_name, f"says {said}, but the dice typed in {roll_name} give a {'success' if ok else 'failure'}; clear one of them")
    return ok, [step.replace("Rolled", rolled, 1)]


def chance_step(roll: Roll | None, what: str) -> str:
    if roll is None:
        return f"{what}: type the number needed from your rulebook to see the chance of success."
    p = roll.chance()
    return f"{what}: success on {roll.rule()}, chance {fraction_json(p)} ({float(p) * 100:.1f}%)."


def totals_chart(dice: int, title: str) -> Chart:
    """Every dice total and its exact chance: all that can be shown before the number needed is typed."""
    weights = sum_weights(dice)
    return Chart.of(f"{title}: {dice}d6 total (type the number needed for the chance of success)",
                    Dist.of(weights, 6**dice), str, sorted(weights))


def roll_charts(roll: Roll, title: str) -> tuple[Chart, Chart]:
    """Chance of success, then every dice total marked success or failure."""
    p = roll.chance()
    return (
        Chart(f"{title}: chance of success ({roll.rule()})", (Row("Success", p), Row("Failure", 1 - p))),
        Chart(f"{title}: {roll.dice}d6 total",
              tuple(Row(f"{total} → {'success' if ok else 'failure'}", q) for total, q, ok in roll.distribution())),
    )


# Defenses ----------------------------------------------------------------------------------


def defenses_offered(mode: AttackMode, inputs: Inputs) -> list[dict[str, object]]:
    """Each Active Defense of the mode, with whether the target (inputs["target"]) may use it and why; a detail read
    from the target's state not entered yet says so, as a condition's check does."""
    offered = []
    for name in mode.defenses:
        reads, ok, detail = _defense(name, mode, cast(Mapping[str, object], inputs["target"]))
        said = judged(inputs, [f"target.{part}" for part in reads], name, ok, detail)
        offered.append({"defense": name, "mode": DEFENSE_SLUGS[name], "ok": ok, "detail": said.detail})
    return offered


AVOIDANCE_BARS = ("fatigued", "crippled", "rammed", "fouled")


def _defense(name: str, mode: AttackMode, target: Mapping[str, object]) -> tuple[tuple[str, ...], bool, str]:
    """The target's parts it reads, whether it may answer, and why."""
    if name == AVOIDANCE_NAME:
        bad = [state for state in AVOIDANCE_BARS if target.get(state)]
        if bad:
            return AVOIDANCE_BARS, False, f"Not fatigued, crippled, rammed, fouled: the target is {', '.join(bad)}"
        return AVOIDANCE_BARS, True, "An enemy ship just moved adjacent, and the target is not fatigued, crippled, rammed or fouled"
    if name == MISSILE_FIRE_NAME:
        return (), True, f"Defensive Missile Fire: the target is being {_attacked_as(mode)}"
    if name == REACTION_RAM_NAME:
        if not target.get("bow_hex"):
            return ("bow_hex",), False, "Only if the attacker moves adjacent to the target's bow hex, presenting a flank hex"
        return ("bow_hex",), True, "The attacker moves adjacent to the target's bow hex, presenting a flank hex"
    return (), False, f"{name}: not a defensive mode of the aid"


def _attacked_as(mode: AttackMode) -> str:
    if mode.slug.startswith("rake"):
        return "raked"
    return {"ram": "rammed", "anastrophe": "raked and rammed", "grappling": "grappled"}.get(mode.slug, "attacked by missiles")


def defense_steps(defenses: list[dict[str, object]]) -> list[str]:
    if not defenses:
        return ["Active defenses: None."]
    return [f"Active defense {d['defense']}: {'may answer' if d['ok'] else 'not available'} ({d['detail']})." for d in defenses]


# State changes -----------------------------------------------------------------------------


def changes_text(changes: Mapping[str, list[str]]) -> str:
    return " ".join(f"{ship}: {', '.join(lines) or NONE}." for ship, lines in changes.items())


def stage_changes(results: Results, success: bool) -> dict[str, list[str]]:
    attacker, defender = results.lines(success)
    return {"Attacker": list(attacker), "Defender": list(defender)}


def refused(name: str, checks: Sequence[Check], facts: Mapping[str, object] | None = None) -> Answer:
    """The answer when a condition fails: which one, and no state change."""
    failed = first_failure(checks)
    assert failed is not None
    headline = f"{name} not allowed: \"{failed.label}\" fails ({failed.detail})."
    steps = tuple(f"Condition \"{c.label}\": {'holds' if c.ok else 'fails'} — {c.detail}." for c in checks)
    outcome = Outcome(headline, allowed=False, facts={"result": None, "changes": {}, **(facts or {})})
    return Answer(outcome, steps, tuple(checks))


def verdict(checks: Sequence[Check]) -> str:
    """What no failing condition means: "every condition holds" only when the player entered every input they read;
    otherwise they hold for the defaults alone, and the count not entered says so (never a fact about the ship)."""
    pending = sum(not c.entered for c in checks)
    return f"none fails at the defaults; {pending} of {len(checks)} not entered yet" if pending else "every condition holds"


def holds_step(name: str, checks: Sequence[Check]) -> str:
    """The opening step once no condition fails: "Ram: every condition holds." or how many are not entered yet."""
    return f"{name}: {verdict(checks)}."


def allowed(checks: Sequence[Check], steps: Sequence[str], headline: str, facts: Mapping[str, object]) -> Answer:
    """The answer once no condition fails: the headline and the mode's facts (result, changes...); the steps name
    the conditions judged on inputs not entered yet (their checks say so too), since they hold only for the defaults."""
    note = pending_note(checks)
    return Answer(Outcome(headline, allowed=True, facts=facts), tuple([note, *steps] if note else steps), tuple(checks))


# Gaps --------------------------------------------------------------------------------------


def stage_lines(mode: AttackMode) -> tuple[str, ...]:
    """Every line of the mode's row: its conditions and each stage's results."""
    return (*mode.conditions, *(line for _, results in mode.stages for success in (True, False)
                                for side in results.lines(success) for line in side))


def row_gaps(lines: Iterable[str]) -> tuple[Gap, ...]:
    """The gaps the aid's lines point to: rulebook sections the texts do not hold ("Check fatigue"), in the ledger's
    order, each once."""
    said = " ".join(lines)
    return tuple(gap for pointer, gap in GALLEY_POINTERS.items() if pointer in said)


def with_gaps(run: RunFunction, gaps: Sequence[Gap]) -> RunFunction:
    """A mode's run that, once the mode is allowed, shows the gaps its row points to (How the dice work §10 "What the rules do not hold"), as the v1.2.1
    Special Actions do: the outcome's "gap" and a last step. Before a result is given, every gap of the row; after, those
    whose line the answer says (a failed Reaction Ram resolves no ram, so no "Check fatigue")."""
    if not gaps:
        return run

    def shown(inputs: Inputs) -> Answer:
        answer = run(inputs)
        if answer.outcome is None or not answer.outcome.allowed:
            return answer
        said = " ".join([answer.outcome.headline, *(answer.steps or ()), *(c.label for c in answer.checks or ())])
        pending = answer.outcome.facts.get("result") is None
        texts = " ".join(gap.text for pointer, gap in GALLEY_POINTERS.items()
                         if gap in gaps and (pending or pointer in said))
        if not texts:
            return answer
        outcome = dataclasses.replace(answer.outcome, facts={**answer.outcome.facts, "gap": texts})
        return dataclasses.replace(answer, outcome=outcome, steps=(*(answer.steps or ()), texts))
    return shown
