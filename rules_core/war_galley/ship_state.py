"""A ship's state -> which attack and defensive modes it may still use, and why not, per mode.

Only the conditions a ship's state decides are judged here (speed, statuses, its Ram Attack);
the rest (position, line of sight, the move) are listed as what is left to check at the table.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import readings
from ..answers import Answer, Check, Outcome
from .galley import ATTACK_MODES, DEFENSIVE_MODES
from ..inputs import Input
from ..registry import Inputs, Resolver
from .common import speed_input

Blockers = Callable[[Inputs], list[str]]
"""Checked inputs -> the state conditions of one mode that fail, in the aid's words and why."""

STATUSES = (
    ("rammed", "Rammed"), ("crippled", "Crippled"), ("fatigued", "Fatigued"), ("fouled", "Fouled"),
    ("grappled", "Grappled"), ("half_speed", "Half Speed"), ("captured", "Captured"), ("depleted", "Depleted"),
    ("no_grapple", "No grapple this turn"), ("movement_impaired", "Movement-impaired"),
)


def _when(condition: bool, why: str) -> list[str]:
    return [why] if condition else []


def _none(_inputs: Inputs) -> list[str]:
    return []


def _ram_attack(i: Inputs) -> list[str]:
    return _when(i["ram_attack"] == 0, "Ram Attack > 0: its Ram Attack is 0")


RESULT_ONLY = {"captured": "Defender captured", "depleted": "Depleted"}
"""Statuses the aid gives only as a result to a defender: it attaches no condition to them (MECHANICS §9)."""


STATE_RULES: dict[str, tuple[Blockers, str]] = {
    "ram": (lambda i: _ram_attack(i)
            + _when(bool(i["movement_impaired"]), "Can't be movement-impaired: it is"),
            "adjacent, not in the target's bow or stern, pointing at it; no backwater, pivot in place or hex entered twice"),
    "rake-pass-by": (_none, "move to the target's middle flank hex, parallel to its direction (note: movement-restricted)"),
    "rake-pass-through-or-diekplus": (lambda i: _when(i["speed"] != "Max", "Must be at Max Speed: it is at Cruise"),
                                      "straight through the enemy ship and out into vacant hexes"),
    "anastrophe": (lambda i: _when(i["speed"] != "Max", "Must be at Max Speed: it is at Cruise")
                   + _when(not i["asterisked_ram"], "Your ship must have an asterisked ram attack: it has none"),
                   "within 2 hexes and 60° of the target's front, facing it or placed to rake, room to turn"),
    "grappling": (lambda i: _when(i["speed"] != "Cruise", "At cruise speed: it is at Max")
                  + _when(bool(i["no_grapple"]), "No grapple this turn: it failed a ram this turn"),
                  "adjacent to an enemy ship through the flank hexsides of both"),
    "boarding": (lambda i: _when(not i["grappled"], "Be grappled: it is not"), "grappled to the ship it boards"),
    "missile-fire": (_none, "target within 2 hexes, in LOS across a flank hexside"),
    "missile-fire-flame": (_none, "target adjacent"),
    "avoidance": (lambda i: [f"Not fatigued, crippled, rammed, fouled: it is {s}" for s in ("fatigued", "crippled", "rammed", "fouled") if i[s]],
                  "an enemy ship just moved adjacent"),
    "reaction-ram": (_none, "an enemy ship moves adjacent to its bow hex, presenting a flank hex"),
    "defensive-missile-fire": (_none, "it is being rammed, raked, grappled or attacked by missiles"),
}
"""Per mode slug: the state conditions that refuse it, and what is left to check at the table."""


def run_ship_state(inputs: Inputs) -> Answer:
    names = {**{m.slug: m.name for m in ATTACK_MODES.values()}, **{m.slug: m.name for m in DEFENSIVE_MODES.values()}}
    checks: list[Check] = []
    may: list[str] = []
    may_not: list[str] = []
    for slug, (blockers, left) in STATE_RULES.items():
        why = blockers(inputs)
        checks.append(Check(names[slug], not why, "; ".join(why) if why else f"if {left}"))
        (may_not if why else may).append(slug)
    state = [label for name, label in STATUSES if inputs[name]]
    steps = [f"The ship is at {inputs['speed']} speed" + (f", {', '.join(state)}." if state else ", with no status.")]
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

    headline = f"May use: {listed(may, 'nothing')}. May not: {listed(may_not, 'none refused')}."
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
