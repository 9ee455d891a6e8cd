"""v1.2.4 States: what each does to the numbers and how it ends (How the dice work §7 "What a resolver does").

Targeted:X, Station Keeping and Suppressed change an attack's dice: their resolvers give the
attack's exact odds without and with the State, and roll one attack. The others state their
effect from the model's numbers (Hard Burn:X → X−1 in the End Phase, ECM +1, ...).
"""

from __future__ import annotations

from ...inputs import Input
from ...readings import ARMOR_BY_ARC
from ...dice.pools import MAX_MODIFIER, Pool, build_pool, modifier_dice
from ...registry import Inputs, Resolver
from ...values import int_of
from .action import Action, AttackRoll, resolver
from .plain import THRUSTERS_OR_FUEL, V124
from ..common import Flag, flag_input, rating_input
from ..kept_states import OVERDRIVEN as OVERDRIVEN_STATE
from ..ship_inputs import ARMOR_ARCS, arc_input, armor_of, armor_part, card_input

# ---------------------------------------------------------------- States that change an attack's dice

AC_NAMES = ("ac", "modifier", "macro")
"""The form's inputs that set an attack's base, flex and macro dice (what a pool past the caps is refused by)."""
ATTACK_INPUTS = (
    rating_input("ac", "Attack's base dice (AC or AS)", 3, high=30),
    Input("macro", "int", "Macro (weapon Macro minus Armor)", default=0, low=-10, high=10),
    Input("modifier", "int", "Other attack modifiers (net)", default=0, low=-MAX_MODIFIER, high=MAX_MODIFIER, more=True),
)


def _dice_words(net: int) -> str:
    base, flex, macro = modifier_dice(net)
    parts = [f"+{base} base"] * bool(base) + [f"+{flex} flex"] * bool(flex) + [f"{macro:+d} macro"] * bool(macro)
    return ", ".join(parts) or "no dice"


TARGETED = Action(
    "targeted-x", "Targeted:X", "Attacks on the Capital Ship gain +X Attack Modifier until the End Phase.", V124,
    inputs=(Input("x", "int", "X (Targeted:X)", default=2, low=1, high=MAX_MODIFIER),),
    roll=AttackRoll(
        lambda v: (build_pool(int_of(v, "ac"), 0, int_of(v, "macro"), int_of(v, "modifier"), names=AC_NAMES),
                   build_pool(int_of(v, "ac"), 0, int_of(v, "macro"), int_of(v, "modifier") + int_of(v, "x"),
                              names=("ac", "x", "x"))),
        lambda v: [f"Targeted:{int_of(v, 'x')} → +{int_of(v, 'x')} Attack Modifier; net {int_of(v, 'modifier') + int_of(v, 'x'):+d} → "
                   f"{_dice_words(int_of(v, 'modifier') + int_of(v, 'x'))}.", "Cancelled in the End Phase."],
        ATTACK_INPUTS),
)

STATION_KEEPING = Action(
    "station-keeping", "Station Keeping", "Speed 0\"; every attack on the ship gains one Flex die; ends in the End Phase.",
    V124,
    roll=AttackRoll(
        lambda v: (build_pool(int_of(v, "ac"), 0, int_of(v, "macro"), int_of(v, "modifier"), names=AC_NAMES),
                   build_pool(int_of(v, "ac"), 1, int_of(v, "macro"), int_of(v, "modifier"), names=AC_NAMES)),
        lambda v: ["Station Keeping: Speed 0\"; +1 Flex die to this attack (after the modifier conversion).",
                   "Cancelled in the End Phase."],
        ATTACK_INPUTS),
)

SUPPRESSED_SHIP = card_input("thrusters", *(armor_part(arc) for arc in ARMOR_ARCS), who="The ship",
                             defaults={"thrusters": 3})
"""The Suppressed ship's actual Thrusters (its boxes left, before the state's reduction) and its Armor by arc: a fleet
pick fills them."""

SUPPRESSED = Action(
    "suppressed", "Suppressed:X",
    "Thrusters reduced by X−1 (min 0); using the real Thrusters costs an AC:2 Kinetic Cannon attack with Macro X.", V124,
    inputs=(Input("x", "int", "X (Suppressed:X)", default=2, low=1, high=10), SUPPRESSED_SHIP,
            arc_input("arc", "Arc the attack strikes", "front", assumed="the ship's front arc",
                      help="The text names no attacker for it: the ship's Armor in this arc counts.")),
    roll=AttackRoll(
        lambda v: (Pool(0), Pool(2, 0, max(-10, int_of(v, "x") - armor_of(v, "ship", v["arc"])))),
        lambda v: [f"Suppressed:{int_of(v, 'x')}: Thrusters {int_of(v, 'ship.thrusters')} → "
                   f"{max(0, int_of(v, 'ship.thrusters') - (int_of(v, 'x') - 1))}, or keep {int_of(v, 'ship.thrusters')} and take an "
                   f"AC:2 Kinetic Cannon attack with Macro {int_of(v, 'x')} (minus Armor {armor_of(v, 'ship', v['arc'])}, "
                   f"its {v['arc']} arc's).",
                   "Cancelled in the End Phase or by Attack Resolution."],
        compare=False),
    readings=(ARMOR_BY_ARC,),
)

# ---------------------------------------------------------------- States stated from the numbers

EVADING = Action(
    "evading", "Evading", "Evasive trait (at Short Sensor Range if already Evasive) and Fire Control 1 until the End Phase.",
    V124,
    (THRUSTERS_OR_FUEL,),
    (flag_input("evasive", "Already has the Evasive trait"),),
    effect=lambda v: ("Evasive at Short Sensor Range; Fire Control 1" if v["evasive"] else "Gains Evasive; Fire Control 1",
                      ["The Evading model counts as having Fire Control: 1.", "Removed in the End Phase."]),
    state=True,
)

STEALTHED = Action(
    "stealthed", "Stealthed", "Stealth trait and ECM +1 (or ECM:1); ends in the End Phase or on non-Missile/Drone fire.",
    V124, (),
    (rating_input("ecm", "ECM rating (0 = none)", 0, high=10),
     flag_input("fired", "Expended Fire Control on weapons other than Missiles or Drones")),
    effect=lambda v: (("Stealthed is cancelled (fired weapons other than Missiles or Drones)", [])
                      if v["fired"] else (f"Stealth trait; ECM {int_of(v, 'ecm')} → {int_of(v, 'ecm') + 1}",
                                          ["Gains the Stealth trait.", "Cancelled in the End Phase."])),
    state=True,
)

ASSAULTING = Action(
    "assaulting", "Assaulting", "An Exo-Armor in base contact with a Capital Ship after a Bombing Run.", V124,
    (Flag("exo", "Exo-Armor", asks="Exo-Armor Squadron"),
     Flag("contact", "base to base contact without overlapping", asks="Can keep base to base contact without overlapping")),
    (Input("choice", "choice", "When the Capital Ship activates", default="Continue Assaulting",
           choices=("Continue Assaulting", "Disengage")),),
    effect=lambda v: (("Stays Assaulting: must declare Bombing on its next activation" if v["choice"] == "Continue Assaulting"
                       else "Disengage: a 4\" move to disengage from the Capital Ship at the beginning of the Capital Ship's "
                            "activation"),
                      ["Only weapons with Macro 0 before Armor, or the implicit Point Defense, may target it.",
                       "Cancelled if Destroyed or Intercepted (then the Dogfight is resolved normally)."]),
    state=True,
)

ESCORTING = Action(
    "escorting", "Escorting", "Flies in formation with its CAP Capital Ship; no activation of its own.", V124,
    (Flag("contact", "Base to Base with Capital Ship with CAP Trait", asks="Base to base with a Capital Ship with CAP"),
     Flag("other", "another Escorting Squadron", absent=True, asks="That ship already has an Escorting Squadron")),
    (Input("speed", "int", "Squadron Speed (for Interceptor)", default=8, low=0, high=40),
     flag_input("interceptor", "Interceptor Trait")),
    effect=lambda v: (f"Reactive Interceptions within {int_of(v, 'speed') if v['interceptor'] else 3}\"; moves with its "
                      "Capital Ship",
                      ["No activation of its own; returns to base contact after a Dogfight.", "Cancelled by a Vector Attack."]),
    state=True,
)


def _hard_burn(v: Inputs) -> tuple[str, list[str]]:
    x, speed = int_of(v, "x"), int_of(v, "speed")
    now = speed * 2 if x > 0 else speed
    after = f"Hard Burn:{x - 1}" if x > 0 else "the state is cancelled"
    return (f"Speed {speed}\" → {now}\", Turns 1; End Phase: {after}",
            [f"X = {x}: Speed {'doubled' if x > 0 else 'not doubled'}, Turns rating 1, may not declare Hard Burn.",
             f"End Phase: Hard Burn:{x} → {after}."])


HARD_BURN_X = Action(
    "hard-burn-x", "Hard Burn:X", "Speed doubled while X > 0, Turns 1; X falls by one each End Phase.", V124, (),
    (Input("x", "int", "X (Hard Burn:X)", default=2, low=0, high=10), rating_input("speed", "Speed (inches)", 6, high=40)),
    effect=_hard_burn, state=True,
)

OVERDRIVEN = Action(
    "overdriven", "Overdriven", "The chosen rating works at its full, undamaged value until the End Phase.", V124, (),
    (Input("chosen", "choice", "Overdriven rating", default="Thrusters", choices=OVERDRIVEN_STATE.of),
     rating_input("current", "Current value", 1), rating_input("full", "Full, undamaged value", 3)),
    effect=lambda v: (f"{v['chosen']} {int_of(v, 'current')} → {max(int_of(v, 'full'), int_of(v, 'current'))} until the End Phase",
                      ["Cancelled in the End Phase."]),
    state=True,
)

ACTIONS: tuple[Action, ...] = (TARGETED, STATION_KEEPING, SUPPRESSED, EVADING, STEALTHED, ASSAULTING, ESCORTING,
                               HARD_BURN_X, OVERDRIVEN)
RESOLVERS: tuple[Resolver, ...] = tuple(map(resolver, ACTIONS))
