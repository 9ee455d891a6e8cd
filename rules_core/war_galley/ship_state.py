"""A ship's state -> which attack and defensive modes it may still use, and why not, per mode.

Only the conditions a ship's state decides are judged here (speed, statuses, its Ram Attack);
the rest (position, line of sight, the move) are listed as what is left to check at the table.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import readings
from ..answers import Answer, Check, Outcome, judged, pending_note
from .galley import ATTACK_MODES, DEFENSIVE_MODES
from ..inputs import Input, is_entered
from ..registry import Inputs, Resolver
from .common import AVOIDANCE_BARS, speed_input

Blocker = tuple[str, Callable[[Inputs], bool], str]
"""One state condition of a mode: the input it reads, whether the checked inputs refuse the mode by it, and why (in the
aid's words)."""

STATUSES = (
    ("rammed", "Rammed"), ("crippled", "Crippled"), ("fatigued", "Fatigued"), ("fouled", "Fouled"),
    ("grappled", "Grappled"), ("half_speed", "Half Speed"), ("captured", "Captured"), ("depleted", "Depleted"),
    ("no_grapple", "No grapple this turn"), ("movement_impaired", "Movement-impaired"),
)


RESULT_ONLY = {"captured": "Defender captured", "depleted": "Depleted"}
"""Statuses the aid gives only as a result to a defender: it attaches no condition to them (How the dice work §9 "War Galley")."""


def _ticked(status: str) -> Callable[[Inputs], bool]:
    """Whether the status is ticked (a refusal by it)."""
    return lambda inputs: bool(inputs[status])


STATE_RULES: dict[str, tuple[tuple[Blocker, ...], str]] = {
    "ram": ((("ram_attack", lambda i: i["ram_attack"] == 0, "Ram Attack > 0: its Ram Attack is 0"),
             ("movement_impaired", lambda i: bool(i["movement_impaired"]), "Can't be movement-impaired: it is")),
            "adjacent, not in the target's bow or stern, pointing at it; no backwater, pivot in place or hex entered twice"),
    "rake-pass-by": ((), "move to the target's middle flank hex, parallel to its direction (note: movement-restricted)"),
    "rake-pass-through-or-diekplus": ((("speed", lambda i: i["speed"] != "Max", "Must be at Max Speed: it is at Cruise"),),
                                      "straight through the enemy ship and out into vacant hexes"),
    "anastrophe": ((("speed", lambda i: i["speed"] != "Max", "Must be at Max Speed: it is at Cruise"),
                    ("asterisked_ram", lambda i: not i["asterisked_ram"], "Your ship must have an asterisked ram attack: it has none")),
                   "within 2 hexes and 60° of the target's front, facing it or placed to rake, room to turn"),
    "grappling": ((("speed", lambda i: i["speed"] != "Cruise", "At cruise speed: it is at Max"),
                   ("no_grapple", lambda i: bool(i["no_grapple"]), "No grapple this turn: it failed a ram this turn")),
                  "adjacent to an enemy ship through the flank hexsides of both"),
    "boarding": ((("grappled", lambda i: not i["grappled"], "Be grappled: it is not"),), "grappled to the ship it boards"),
    "missile-fire": ((), "target within 2 hexes, in LOS across a flank hexside"),
    "missile-fire-flame": ((), "target adjacent"),
    "avoidance": (tuple((state, _ticked(state), f"Not fatigued, crippled, rammed, fouled: it is {state}")
                        for state in AVOIDANCE_BARS),
                  "an enemy ship just moved adjacent"),
    "reaction-ram": ((), "an enemy ship moves adjacent to its bow hex, presenting a flank hex"),
    "defensive-missile-fire": ((), "it is being rammed, raked, grappled or attacked by missiles"),
}
"""Per mode slug: the state conditions that refuse it, and what is left to check at the table."""


def _judge(inputs: Inputs, name: str, blockers: tuple[Blocker, ...], left: str) -> Check:
    """A mode's check: refused by each failing condition; a refusal by an input entered is a fact whatever the rest
    are, while "may use" holds for the defaults only until every input it reads is entered."""
    failing = [(field, why) for field, refuses, why in blockers if refuses(inputs)]
    entered = [(field, why) for field, why in failing if is_entered(inputs, field)]
    reads = [field for field, _ in entered] or [field for field, _, _ in blockers]
    return judged(inputs, reads, name, not failing, "; ".join(why for _, why in entered or failing) or f"if {left}")


def _state_step(inputs: Inputs) -> str:
    """The ship's state as entered: a default not entered is said to be one, never stated as the ship's."""
    speed = (f"The ship is at {inputs['speed']} speed" if is_entered(inputs, "speed")
             else f"Speed not entered yet (by default {inputs['speed']})")
    state = [label for name, label in STATUSES if inputs[name]]
    return speed + (f", {', '.join(state)}." if state else ", no status entered.")


def run_ship_state(inputs: Inputs) -> Answer:
    names = {**{m.slug: m.name for m in ATTACK_MODES.values()}, **{m.slug: m.name for m in DEFENSIVE_MODES.values()}}
    checks: list[Check] = []
    may: list[str] = []
    may_not: list[str] = []
    for slug, (blockers, left) in STATE_RULES.items():
        checks.append(_judge(inputs, names[slug], blockers, left))
        (may if checks[-1].ok else may_not).append(slug)
    steps = [_state_step(inputs)]
    note = pending_note(checks)
    if note:
        steps.append(note)
    if inputs["half_speed"] or inputs["crippled"] or inputs["fouled"]:
        steps.append("The aid refuses no attack mode for Half Speed, Crippled or Fouled itself; only Avoidance names "
                     "Crippled and Fouled. Check your rulebook for their other effects.")
    for name, result in RESULT_ONLY.items():
        if inputs[name]:
            steps.append(f"{name.capitalize()}: \"{result}\" is a result the aid gives to a defender; the aid attaches "
                         "no condition to it, so it refuses nothing here. Check your rulebook for its effects.")
    steps += [f"{c.label}: {'may use' if c.ok else 'may not use'} — {c.detail}." for c in checks]
    def listed(slugs: list[str], empty: str) -> str:
        return ", ".join(names[slug] for slug in slugs) or empty

    pending = sum(not c.entered for c in checks)
    at_defaults = f" ({pending} of {len(checks)} taken at the defaults: not entered yet)" if pending else ""
    headline = f"May use: {listed(may, 'nothing')}. May not: {listed(may_not, 'none refused')}{at_defaults}."
    return Answer(Outcome(headline, facts={"may": may, "may_not": may_not}), tuple(steps), tuple(checks))


SHIP_STATE_INPUTS = (
    speed_input("Max"),
    Input("ram_attack", "int", "Ram Attack rating", default=1, low=0, high=9),
    Input("asterisked_ram", "bool", "Ram attack asterisked (*)", default=False),
    *(Input(name, "bool", label, default=False) for name, label in STATUSES),
)

SHIP_STATE = Resolver(
    id="war-galley/aid/ship-state",
    title="What can this ship still do?",
    inputs=SHIP_STATE_INPUTS,
    run=run_ship_state,
    readings=(readings.GALLEY_RESOLVE_RAM,),
    summary="Tick the ship's statuses and speed: each attack and defensive mode it may still use, and why not.",
)
