"""Each attack mode's conditions: the inputs that answer them and the checks they give (the aid's words)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from .. import readings
from ..answers import Check, judged
from .galley import ATTACK_MODES
from ..inputs import Input
from ..readings import Reading
from ..registry import Inputs
from .common import speed_input

ChecksFunction = Callable[[Inputs], list[Check]]
"""Checked inputs -> one check per condition of the mode, in the aid's order."""

RAM_POSITIONS = ("adjacent, at its flank", "adjacent, in its bow hex", "adjacent, in its stern hex", "not adjacent")


def _no(value: object, done: str, fine: str) -> tuple[bool, str]:
    """A "can't" condition: holds when the thing did not happen."""
    return (False, done) if value else (True, fine)


# Ram ---------------------------------------------------------------------------------------

RAM_INPUTS = (
    Input("ram_attack", "int", "Ram Attack rating", default=1, low=0, high=9, help="From the attacking ship's counter."),
    Input("position", "choice", "Where the attacker ends, next to the target", default=RAM_POSITIONS[0], choices=RAM_POSITIONS),
    Input("pointing", "bool", "Pointing at the target ship", default=True),
    Input("backwatered", "bool", "Backwatered during the move", default=False),
    Input("pivoted", "bool", "Pivoted in place during the move", default=False),
    Input("same_hex_twice", "bool", "Entered the same hex twice during the move", default=False),
    Input("movement_impaired", "bool", "Movement-impaired", default=False),
)


def ram_checks(inputs: Inputs) -> list[Check]:
    text = list(ATTACK_MODES["ram"].conditions)
    rating = cast(int, inputs["ram_attack"])
    position = cast(str, inputs["position"])
    checks = [judged(inputs, ("ram_attack",), text[0], rating > 0, f"Ram Attack is {rating}")]
    if position == "not adjacent":
        checks.append(judged(inputs, ("position",), text[1], False, "the attacker is not adjacent to the target"))
    else:
        checks.append(judged(inputs, ("position",), text[1], position == RAM_POSITIONS[0], f"the attacker is {position}"))
    checks.append(judged(inputs, ("pointing",), text[2], bool(inputs["pointing"]), "pointing at it" if inputs["pointing"] else "not pointing at it"))
    checks.append(judged(inputs, ("backwatered",), text[3], *_no(inputs["backwatered"], "it backwatered", "it did not backwater")))
    checks.append(judged(inputs, ("pivoted",), text[4], *_no(inputs["pivoted"], "it pivoted in place", "it did not pivot in place")))
    checks.append(judged(inputs, ("same_hex_twice",), text[5], *_no(inputs["same_hex_twice"], "it entered a hex twice", "no hex entered twice")))
    checks.append(judged(inputs, ("movement_impaired",), text[6], *_no(inputs["movement_impaired"], "it is movement-impaired", "it is not movement-impaired")))
    return checks


# Rakes -------------------------------------------------------------------------------------

PASS_BY_INPUTS = (
    Input("middle_flank", "bool", "Moved to the middle flank hex of the target ship", default=True),
    Input("parallel", "bool", "Movement parallel to the enemy's direction", default=True),
)


def pass_by_checks(inputs: Inputs) -> list[Check]:
    text = ATTACK_MODES["rake-pass-by"].conditions
    missing = [part for part, name in (("not at the middle flank hex", "middle_flank"), ("not moving parallel", "parallel")) if not inputs[name]]
    return [
        judged(inputs, ("middle_flank", "parallel"), text[0], not missing, "; ".join(missing) or "at the middle flank hex, moving parallel"),
        Check(text[1], True, "a note, not a test: the aid says only this (see your rulebook)"),
    ]


PASS_THROUGH_INPUTS = (
    Input("straight_through", "bool", "Moves straight through the enemy ship", default=True),
    Input("vacant_exit", "bool", "Comes out and reaches hexes vacant for a ship", default=True),
    speed_input("Max"),
)


def pass_through_checks(inputs: Inputs) -> list[Check]:
    text = ATTACK_MODES["rake-pass-through-or-diekplus"].conditions
    missing = [part for part, name in (("not straight through", "straight_through"), ("no vacant hexes to come out into", "vacant_exit")) if not inputs[name]]
    return [
        judged(inputs, ("straight_through", "vacant_exit"), text[0], not missing, "; ".join(missing) or "straight through, out into vacant hexes"),
        Check(text[1], True, "a permission, not a test"),
        judged(inputs, ("speed",), text[2], inputs["speed"] == "Max", f"the ship is at {inputs['speed']}"),
    ]


# Anastrophe --------------------------------------------------------------------------------

ANASTROPHE_INPUTS = (
    Input("hexes_to_front", "int", "Hexes to the target's front", default=2, low=1, high=12),
    Input("angle", "int", "Angle off the target's front (degrees)", default=0, low=0, high=180),
    Input("facing_or_rake", "bool", "Facing the target, or in position to rake", default=True),
    Input("room_to_turn", "bool", "Room to turn around after the rake and deliver the ram", default=True),
    speed_input("Max"),
    Input("asterisked_ram", "bool", "The ship's ram attack is asterisked (*)", default=True),
)


def anastrophe_checks(inputs: Inputs) -> list[Check]:
    text = ATTACK_MODES["anastrophe"].conditions
    hexes, angle = cast(int, inputs["hexes_to_front"]), cast(int, inputs["angle"])
    return [
        judged(inputs, ("hexes_to_front",), text[0], hexes <= 2, f"{hexes} hex{'es' if hexes != 1 else ''} from the target's front"),
        judged(inputs, ("angle",), text[1], angle <= 60, f"{angle}° off the target's front"),
        judged(inputs, ("facing_or_rake",), text[2], bool(inputs["facing_or_rake"]), "yes" if inputs["facing_or_rake"] else "neither facing it nor in position to rake"),
        judged(inputs, ("room_to_turn",), text[3], bool(inputs["room_to_turn"]), "room to turn" if inputs["room_to_turn"] else "no room to turn around"),
        judged(inputs, ("speed",), text[4], inputs["speed"] == "Max", f"the ship is at {inputs['speed']}"),
        judged(inputs, ("asterisked_ram",), text[5], bool(inputs["asterisked_ram"]), "asterisked" if inputs["asterisked_ram"] else "no asterisk on its ram attack"),
    ]


# Grappling and Boarding --------------------------------------------------------------------

GRAPPLING_INPUTS = (
    speed_input("Cruise"),
    Input("flank_to_flank", "bool", "Adjacent to the enemy ship through the flank hexsides of both", default=True),
    Input("no_grapple", "bool", "Under \"No grapple this turn\" (after its own failed ram)", default=False),
)


def grappling_checks(inputs: Inputs) -> list[Check]:
    text = ATTACK_MODES["grappling"].conditions
    return [
        judged(inputs, ("speed",), text[0], inputs["speed"] == "Cruise", f"the ship is at {inputs['speed']}"),
        judged(inputs, ("flank_to_flank",), text[1], bool(inputs["flank_to_flank"]), "flank to flank" if inputs["flank_to_flank"] else "not adjacent flank to flank"),
        judged(inputs, ("no_grapple",), "No grapple this turn (a failed ram's result)", not inputs["no_grapple"],
              "it failed a ram this turn" if inputs["no_grapple"] else "no failed ram this turn"),
    ]


BOARDING_INPUTS = (Input("grappled", "bool", "Grappled to the target", default=True),)


def boarding_checks(inputs: Inputs) -> list[Check]:
    return [judged(inputs, ("grappled",), "Be grappled", bool(inputs["grappled"]), "grappled" if inputs["grappled"] else "not grappled")]


# Missile Fire ------------------------------------------------------------------------------

MISSILE_INPUTS = (
    Input("range", "int", "Hexes to the target", default=2, low=1, high=12),
    Input("los_flank", "bool", "Target in line of sight across a flank hexside", default=True),
)


def missile_checks(inputs: Inputs) -> list[Check]:
    text = ATTACK_MODES["missile-fire"].conditions
    distance = cast(int, inputs["range"])
    return [
        judged(inputs, ("range",), text[0], distance <= 2, f"{distance} hex{'es' if distance != 1 else ''} away"),
        judged(inputs, ("los_flank",), text[1], bool(inputs["los_flank"]), "yes" if inputs["los_flank"] else "no"),
    ]


FLAME_INPUTS = (Input("adjacent", "bool", "Target adjacent", default=True),)


def flame_checks(inputs: Inputs) -> list[Check]:
    return [
        judged(inputs, ("adjacent",), "Target adjacent", bool(inputs["adjacent"]), "yes" if inputs["adjacent"] else "no"),
    ]


CONDITIONS: dict[str, tuple[tuple[Input, ...], ChecksFunction, tuple[Reading, ...]]] = {
    "ram": (RAM_INPUTS, ram_checks, ()),
    "rake-pass-by": (PASS_BY_INPUTS, pass_by_checks, (readings.GALLEY_PASS_BY_NOTE,)),
    "rake-pass-through-or-diekplus": (PASS_THROUGH_INPUTS, pass_through_checks, ()),
    "anastrophe": (ANASTROPHE_INPUTS, anastrophe_checks, ()),
    "grappling": (GRAPPLING_INPUTS, grappling_checks, ()),
    "boarding": (BOARDING_INPUTS, boarding_checks, ()),
    "missile-fire": (MISSILE_INPUTS, missile_checks, ()),
    "missile-fire-flame": (FLAME_INPUTS, flame_checks, ()),
}
"""Per attack-mode slug: its condition inputs, its checks, and the Readings those checks take."""
