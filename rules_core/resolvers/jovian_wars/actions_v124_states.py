"""v1.2.4 States: what each does to the numbers and how it ends (MECHANICS §7).

Targeted:X, Station Keeping and Suppressed change an attack's dice: their resolvers give the
attack's exact odds without and with the State, and roll one attack. The others state their
effect from the model's numbers (Hard Burn:X → X−1 in the End Phase, ECM +1, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ... import readings
from ...dice import notation
from ...inputs import Input
from ...readings import Reading
from ...pools import MAX_MODIFIER, Pool, build_pool, modifier_dice
from ...registry import Inputs, Resolver, Result, fraction_json
from ...values import int_of
from ..dice_rolls import MAGNITUDE_LABELS, SEED, faces_inputs, pool_needed, resolution_json, rng_of, roll
from .actions_v124_plain import VERSIONS, plain
from .common import Either, Flag, Rating, flag_input, magnitude_weights, rating_input


# ---------------------------------------------------------------- States that change an attack's dice

ATTACK_INPUTS = (
    rating_input("ac", "Attack's base dice (AC or AS)", 3, high=30),
    Input("macro", "int", "Macro (weapon Macro minus Armor)", default=0, low=-10, high=10),
    Input("modifier", "int", "Other attack modifiers (net)", default=0, low=-MAX_MODIFIER, high=MAX_MODIFIER, more=True),
)


def attack_state(slug: str, title: str, summary: str, state_inputs: tuple[Input, ...],
                 pools: Callable[[Inputs], tuple[Pool, Pool]], explain: Callable[[Inputs], list[str]],
                 attack_inputs: tuple[Input, ...] = ATTACK_INPUTS, compare: bool = True) -> Resolver:
    """A State resolver: the attack's pool without and with the State, both charted, one attack rolled."""

    def odds(values: Inputs) -> Result:
        charts = []
        named = zip(("without the State", "with the State"), pools(values))
        for name, pool in (named if compare else [("made", pools(values)[1])]):
            sums, total = magnitude_weights(pool)
            charts.append({"title": f"Attack {name} ({pool.describe()}): best result",
                           "rows": [{"label": MAGNITUDE_LABELS[k], "p": fraction_json(Fraction(w, total))} for k, w in sums.items()]})
        return {"charts": charts}

    def run(values: Inputs) -> Result:
        _, pool = pools(values)
        res = roll(pool, values, rng_of(values))
        lines = explain(values) + [f"Attack: {s}" for s in res.sentences()]
        return {"steps": lines, "roll": resolution_json(res),
                "outcome": {"headline": f"{explain(values)[0]} Attack: {notation(res.final)}", "reading": notation(res.final),
                            "pool": pool.describe()}}

    return Resolver(id=f"jovian-wars/v1.2.4/{slug}", title=title, summary=summary,
                    inputs=(*state_inputs, *attack_inputs, *faces_inputs("", "Attack"), SEED), run=run, odds=odds,
                    serves=(slug,), versions=VERSIONS, dice_needed=lambda values: pool_needed(pools(values)[1]),
                    readings=_attack_readings(attack_inputs))


def _attack_readings(attack_inputs: tuple[Input, ...]) -> tuple[Reading, ...]:
    """The flex Readings only where the attack can have flex dice (a modifier to convert, or its own flex)."""
    if any(spec.name in ("modifier", "flex") for spec in attack_inputs):
        return (readings.FLEX_KEEPS_BEST, readings.NEGATIVE_MACRO, readings.NO_NEGATIVE_FLEX)
    return (readings.NEGATIVE_MACRO,)


def _dice_words(net: int) -> str:
    base, flex, macro = modifier_dice(net)
    parts = [f"+{base} base"] * bool(base) + [f"+{flex} flex"] * bool(flex) + [f"{macro:+d} macro"] * bool(macro)
    return ", ".join(parts) or "no dice"


TARGETED = attack_state(
    "targeted-x", "Targeted:X", "Attacks on the Capital Ship gain +X Attack Modifier until the End Phase.",
    (Input("x", "int", "X (Targeted:X)", default=2, low=1, high=MAX_MODIFIER),),
    lambda v: (build_pool(int_of(v, "ac"), 0, int_of(v, "macro"), int_of(v, "modifier")),
               build_pool(int_of(v, "ac"), 0, int_of(v, "macro"), int_of(v, "modifier") + int_of(v, "x"))),
    lambda v: [f"Targeted:{int_of(v, 'x')} → +{int_of(v, 'x')} Attack Modifier; net {int_of(v, 'modifier') + int_of(v, 'x'):+d} → "
               f"{_dice_words(int_of(v, 'modifier') + int_of(v, 'x'))}.", "Cancelled in the End Phase."],
)

STATION_KEEPING = attack_state(
    "station-keeping", "Station Keeping", "Speed 0\"; every attack on the ship gains one Flex die; ends in the End Phase.",
    (),
    lambda v: (build_pool(int_of(v, "ac"), 0, int_of(v, "macro"), int_of(v, "modifier")),
               build_pool(int_of(v, "ac"), 1, int_of(v, "macro"), int_of(v, "modifier"))),
    lambda v: ["Station Keeping: Speed 0\"; +1 Flex die to this attack (after the modifier conversion).",
               "Cancelled in the End Phase."],
)

SUPPRESSED = attack_state(
    "suppressed", "Suppressed:X", "Thrusters reduced by X−1 (min 0); using the real Thrusters costs an AC:2 Kinetic Cannon attack with Macro X.",
    (Input("x", "int", "X (Suppressed:X)", default=2, low=1, high=10), rating_input("thrusters", "Thrusters (actual)", 3),
     Input("armor", "int", "Armor against the attack", default=0, low=0, high=10)),
    lambda v: (Pool(0), Pool(2, 0, max(-10, int_of(v, "x") - int_of(v, "armor")))),
    lambda v: [f"Suppressed:{int_of(v, 'x')}: Thrusters {int_of(v, 'thrusters')} → {max(0, int_of(v, 'thrusters') - (int_of(v, 'x') - 1))}, "
               f"or keep {int_of(v, 'thrusters')} and take an AC:2 Kinetic Cannon attack with Macro {int_of(v, 'x')} "
               f"(minus Armor {int_of(v, 'armor')}).", "Cancelled in the End Phase or by Attack Resolution."],
    attack_inputs=(), compare=False,
)

# ---------------------------------------------------------------- States stated from the numbers

EVADING = plain(
    "evading", "Evading", "Evasive trait (at Short Sensor Range if already Evasive) and Fire Control 1 until the End Phase.",
    (Either("Thrusters: 1+ or Fuel: 2+", (Rating("thrusters", "Thrusters", 1), Rating("fuel", "Fuel", 2))),),
    (rating_input("thrusters", "Thrusters (current)", 2), rating_input("fuel", "Fuel (current)", 0),
     flag_input("evasive", "Already has the Evasive trait")),
    lambda v: ("Evasive at Short Sensor Range; Fire Control 1" if v["evasive"] else "Gains Evasive; Fire Control 1",
               ["The Evading model counts as having Fire Control: 1.", "Removed in the End Phase."]),
    state=True,
)

STEALTHED = plain(
    "stealthed", "Stealthed", "Stealth trait and ECM +1 (or ECM:1); ends in the End Phase or on non-Missile/Drone fire.",
    (), (rating_input("ecm", "ECM rating (0 = none)", 0, high=10),
         flag_input("fired", "Expended Fire Control on weapons other than Missiles or Drones")),
    lambda v: (("Stealthed is cancelled (fired weapons other than Missiles or Drones)", [])
               if v["fired"] else (f"Stealth trait; ECM {int_of(v, 'ecm')} → {int_of(v, 'ecm') + 1}",
                                   ["Gains the Stealth trait.", "Cancelled in the End Phase."])),
    state=True,
)

ASSAULTING = plain(
    "assaulting", "Assaulting", "An Exo-Armor in base contact with a Capital Ship after a Bombing Run.",
    (Flag("exo", "Exo-Armor"), Flag("contact", "base to base contact without overlapping")),
    (flag_input("exo", "Exo-Armor Squadron", True), flag_input("contact", "Can keep base to base contact without overlapping", True),
     Input("choice", "choice", "When the Capital Ship activates", default="Continue Assaulting", choices=("Continue Assaulting", "Disengage"))),
    lambda v: (("Stays Assaulting: must declare Bombing on its next activation" if v["choice"] == "Continue Assaulting"
                else "Disengage: a 4\" move to disengage from the Capital Ship at the beginning of the Capital Ship's activation"),
               ["Only weapons with Macro 0 before Armor, or the implicit Point Defense, may target it.",
                "Cancelled if Destroyed or Intercepted (then the Dogfight is resolved normally)."]),
    state=True,
)

ESCORTING = plain(
    "escorting", "Escorting", "Flies in formation with its CAP Capital Ship; no activation of its own.",
    (Flag("contact", "Base to Base with Capital Ship with CAP Trait"), Flag("other", "another Escorting Squadron", absent=True)),
    (flag_input("contact", "Base to base with a Capital Ship with CAP", True),
     flag_input("other", "That ship already has an Escorting Squadron"),
     Input("speed", "int", "Squadron Speed (for Interceptor)", default=8, low=0, high=40), flag_input("interceptor", "Interceptor Trait")),
    lambda v: (f"Reactive Interceptions within {int_of(v, 'speed') if v['interceptor'] else 3}\"; moves with its Capital Ship",
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


HARD_BURN_X = plain(
    "hard-burn-x", "Hard Burn:X", "Speed doubled while X > 0, Turns 1; X falls by one each End Phase.",
    (), (Input("x", "int", "X (Hard Burn:X)", default=2, low=0, high=10), rating_input("speed", "Speed (inches)", 6, high=40)),
    _hard_burn, state=True,
)

OVERDRIVEN = plain(
    "overdriven", "Overdriven", "The chosen rating works at its full, undamaged value until the End Phase.",
    (), (Input("chosen", "choice", "Overdriven rating", default="Thrusters", choices=("Defense", "Sensors", "Thrusters")),
         rating_input("current", "Current value", 1), rating_input("full", "Full, undamaged value", 3)),
    lambda v: (f"{v['chosen']} {int_of(v, 'current')} → {max(int_of(v, 'full'), int_of(v, 'current'))} until the End Phase",
               ["Cancelled in the End Phase."]),
    state=True,
)

RESOLVERS: tuple[Resolver, ...] = (TARGETED, STATION_KEEPING, SUPPRESSED, EVADING, STEALTHED, ASSAULTING, ESCORTING,
                                   HARD_BURN_X, OVERDRIVEN)
