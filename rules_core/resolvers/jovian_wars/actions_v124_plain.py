"""v1.2.4 Actions and States with no dice of their own: the requirement, then the effect in the text's terms.

One factory, `plain`, builds each: checks from `common` Needs (plus optional extra checks),
then an `effect` function of the inputs giving the headline and the steps. Drone Command and
Silent Running keep the source's gaps: they check what they can and say no result list is given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...inputs import Input
from ...registry import Inputs, Resolver, Result
from ...values import int_of
from .common import Check, Either, Flag, Need, Rating, all_ok, checks, flag_input, rating_input, requirement_sentence

VERSIONS = ("v1.2.4",)
"""The rules versions whose text these resolvers implement."""
Effect = Callable[[Inputs], tuple[str, list[str]]]
"""inputs -> (headline, steps): what the Action or State does, in the text's terms."""
GAP = ("The source text gives no list of Skill Test results here (a gap in the published rules); "
       "none is invented, so there are no odds to give.")


def plain(slug: str, title: str, summary: str, needs: tuple[Need, ...], inputs: tuple[Input, ...], effect: Effect,
          *, extra: Callable[[Mapping[str, object]], list[Check]] | None = None, state: bool = False) -> Resolver:
    """A Resolver that checks a requirement and states the effect (no odds)."""

    def run(values: Inputs) -> Result:
        results = checks(needs, values) + (extra(values) if extra else [])
        lines = [requirement_sentence(results)]
        if not all_ok(results):
            verb = "does not apply" if state else "may not be declared"
            return {"checks": results, "steps": lines, "outcome": {"headline": f"{title} {verb}", "allowed": False}}
        headline, more = effect(values)
        return {"checks": results, "steps": lines + more, "outcome": {"headline": headline, "allowed": True}}

    return Resolver(id=f"jovian-wars/v1.2.4/{slug}", title=title, summary=summary, inputs=inputs, run=run,
                    serves=(slug,), versions=VERSIONS)


CAPITAL = flag_input("capital_ship", "Capital Ship", True)
COMMS = flag_input("comms", "Comms Trait")
THRUSTERS = rating_input("thrusters", "Thrusters (current)", 2)
NEED_THRUSTERS = Rating("thrusters", "Thrusters", 1)

# ---------------------------------------------------------------- Generic Special Actions

COMBINED_ATTACK = plain(
    "combined-attack", "Combined Attack", "Puts a Capital Ship target in Targeted:1, or raises its Targeted:X by one.",
    (Either("Squadron or Sensor Array", (Flag("squadron", "Squadron"), Flag("sensor_array", "Sensor Array Trait"))),
     Flag("in_range", "Capital Ship Target in Optimal or Short Range")),
    (flag_input("squadron", "Squadron", True), flag_input("sensor_array", "Sensor Array Trait"),
     flag_input("in_range", "Capital Ship target in Optimal or Short Range", True),
     flag_input("fire_control", "Expends at least one Fire Control attacking the target", True,
                help="Needed without the Sensor Array trait; the attack need not succeed."),
     rating_input("targeted", "Target's Targeted:X now (0 = not Targeted)", 0, high=10)),
    lambda v: (f"Target enters Targeted:{int_of(v, 'targeted') + 1}",
               [f"Targeted:{int_of(v, 'targeted')} → Targeted:{int_of(v, 'targeted') + 1}" if int_of(v, 'targeted')
                else "The target enters Targeted:1.",
                "Without Sensor Array the Fire Control attack is resolved after the Targeted state is applied."
                if not v["sensor_array"] else "Sensor Array: no attack is needed."]),
    extra=lambda v: [] if v["sensor_array"] else [{"label": "expends Fire Control on the target (no Sensor Array)",
                                                    "ok": bool(v["fire_control"]),
                                                    "detail": "attacks the target" if v["fire_control"] else "makes no attack on the target"}],
)

DRONE_COMMAND = plain(
    "drone-command", "Drone Command", "Requirement only: the text's list of Skill Test results is missing.",
    (Either("Capital Ship or Comms Trait", (Flag("capital_ship", "Capital Ship"), Flag("comms", "Comms Trait"))),),
    (CAPITAL, COMMS),
    lambda v: ("Drone Command declared: a Skill Test, but the text gives no results", [
        GAP, "While under Drone Command a Drone activates as a normal Squadron (its whole activation before any other "
             "Drone of the same Drone Command); Cloak and Stealth of the Drone profile may be ignored for Sensor Range."]),
)

EVADE = plain(
    "evade", "Evade", "The model enters the Evading state until the End Phase.",
    (Either("Thrusters: 1+ or Fuel: 2+", (NEED_THRUSTERS, Rating("fuel", "Fuel", 2))), Flag("sluggish", "Sluggish Trait", absent=True)),
    (THRUSTERS, rating_input("fuel", "Fuel (current)", 0), flag_input("sluggish", "Sluggish Trait")),
    lambda v: ("Enters the Evading state (removed in the End Phase)", ["The model gains the Evading state."]),
)

LAUNCH = plain(
    "launch", "Launch", "An Embarked model leaves its carrier and is placed within 1\" of it.",
    (Flag("embarked", "Embarked on a Model with Dock or Hangers:X"),),
    (flag_input("embarked", "Embarked on a Model with Dock or Hangers:X", True),),
    lambda v: ("Embarked state cancelled: placed within 1\" of the carrying model",
               ["This Action does not count towards the single Action allowed per activation, and may declared in the "
                "same activation as the Land Action."]),
)

SILENT_RUNNING = plain(
    "silent-running", "Silent Running", "Enters the Stealthed state; the text's requirement and result list are missing.",
    (), (),
    lambda v: ("Enters the Stealthed state; the Skill Test's results are not given", [
        "The source leaves the Requirement cell empty: nothing to check.", "The model enters the Stealthed state.", GAP]),
)

# ---------------------------------------------------------------- Squadron Special Actions

BOMBING = plain(
    "bombing", "Bombing", "A Squadron resolves a Bombing Run on a Capital Ship target.",
    (Flag("squadron", "Squadron"), Flag("capital_target", "Capital Ship Target")),
    (flag_input("squadron", "Squadron", True), flag_input("capital_target", "Target is a Capital Ship", True)),
    lambda v: ("Resolve a Bombing Run on the target Capital Ship",
               ["A Bombing Run's attack takes the Bombing +2 attack modifier (MECHANICS §5): +1 base, +1 flex."]),
)


def _boost(v: Inputs) -> tuple[str, list[str]]:
    spent = min(int_of(v, "spend"), int_of(v, "fuel"))
    speed = int_of(v, "speed") + 3 * spent
    trait = ("Evasive already: +1F when Boosting" if v["evasive"] else "gains the Evasive trait for this activation")
    return (f"Speed {int_of(v, 'speed')}\" → {speed}\", Fuel {int_of(v, 'fuel')} → {int_of(v, 'fuel') - spent}; {trait}",
            [f"Spends {spent} Fuel (1 or 2): +3\" Speed each.", f"The Squadron {trait}.",
             "Boost may be declared in addition to other Actions."])


BOOST = plain(
    "boost", "Boost", "Spend 1 or 2 Fuel for +3\" Speed each; Evasive for the activation, or +1F if already Evasive.",
    (Rating("fuel", "Fuel", 1),),
    (rating_input("fuel", "Fuel (current)", 2), Input("spend", "int", "Fuel to expend", default=1, low=1, high=2),
     rating_input("speed", "Speed (inches)", 8, high=40), flag_input("evasive", "Evasive Trait")),
    _boost,
)

COMBAT_AIR_PATROL = plain(
    "combat-air-patrol", "Combat Air Patrol", "A newly deployed Squadron joins a CAP Capital Ship and enters Escorting.",
    (Flag("cap", "Capital Ship with CAP Trait"), Flag("escorted", "Escorting Squadron already", absent=True)),
    (flag_input("cap", "Friendly Capital Ship with the CAP Trait", True),
     flag_input("escorted", "That ship already has an Escorting Squadron")),
    lambda v: ("Moves into base contact and enters the Escorting state",
               ["Once in base contact it may make no further movement this activation."]),
)

INTERCEPTION = plain(
    "interception", "Interception", "Whether an Interception (which starts a Dogfight) is allowed.",
    (Flag("target_of_yours", "the target of your own Active Interception", absent=True),
     Flag("already", "already intercepting or intercepted this activation", absent=True),
     Flag("free_move", "taking a free move after a Bombing Run, leaving Assaulting or after a Dogfight", absent=True),
     Flag("vector", "taking a Vector Attack 4\" move", absent=True)),
    (flag_input("target_of_yours", "The intercepted Squadron is intercepting this one actively"),
     flag_input("already", "Either Squadron has intercepted or been intercepted this activation"),
     flag_input("free_move", "The target is on a free move (Bombing Run, leaving Assaulting, end of Dogfight)"),
     flag_input("vector", "The target is on a Vector Attack 4\" move")),
    lambda v: ("The Interception is allowed: resolve a Dogfight", ["An Interception initiates a Dogfight (Dogfight page)."]),
    state=True,
)

ACTIVE_INTERCEPTION = plain(
    "active-interception", "Active Interception", "Against an enemy Squadron in base contact: resolve a Dogfight.",
    (Flag("contact", "Squadron Target in Base Contact"), Rating("fuel", "Fuel", 1)),
    (flag_input("contact", "Enemy Squadron in base contact", True), rating_input("fuel", "Fuel (current)", 2)),
    lambda v: ("Resolve a Dogfight", ["The target of an Active Interception may not intercept the intercepting Squadron."]),
)

REACTIVE_INTERCEPTION = plain(
    "reactive-interception", "Reactive Interception", "During an enemy activation, against a Squadron within 3\".",
    (Flag("within", "Squadron Target within 3\""), Rating("fuel", "Fuel", 1), Flag("room", "room for base contact")),
    (flag_input("within", "Active enemy Squadron within 3\"", True), rating_input("fuel", "Fuel (current)", 2),
     flag_input("room", "Room to reach base contact", True)),
    lambda v: ("Interrupt, free move into base contact, resolve a Dogfight",
               ["1. Interrupt at the first point in range.", "2. Free move into base contact by the shortest path.",
                "3. Resolve a Dogfight."]),
)

LAND = plain(
    "land", "Land", "A Squadron in base contact with a Hangers model becomes Embarked.",
    (Flag("squadron", "Squadron"), Flag("contact", "in Base Contact with Model with Hangers")),
    (flag_input("squadron", "Squadron", True), flag_input("contact", "In base contact with a model with Hangers", True)),
    lambda v: ("Becomes Embarked", ["Land does not count towards the one Action per activation."]),
)

# ---------------------------------------------------------------- Capital Ship Special Actions

DEBRIS_FIELD = plain(
    "deploy-debris-field", "Deploy Debris Field", "A 4\" radius Debris Field centered on the ship.",
    (Flag("cargo", "Cargo: Debris Dispenser"),), (flag_input("cargo", "Cargo: Debris Dispenser", True),),
    lambda v: ("Place a 4\" radius Debris Field centered on this model",
               ["It is not on the table until the end of this model's activation."]),
)


def _decoys(v: Inputs) -> tuple[str, list[str]]:
    passed = int_of(v, "end_phases")
    size = {0: "4\" radius", 1: "3\" radius"}.get(passed, "removed")
    return (f"Decoy Drone Swarm: {size}", ["Placed as a 4\" radius template wholly within 6\" of the ship.",
                                           f"After {passed} End Phase{'s' if passed != 1 else ''}: {size}."])


DECOY_DRONES = plain(
    "deploy-decoy-drones", "Deploy Decoy Drones", "A 4\" Decoy Drone Swarm within 6\": 3\" after one End Phase, gone after two.",
    (Flag("cargo", "Cargo: Decoy Drones"),),
    (flag_input("cargo", "Cargo: Decoy Drones", True), Input("end_phases", "int", "End Phases since placed", default=0, low=0, high=2)),
    _decoys,
)

HARD_BURN = plain(
    "hard-burn", "Hard Burn", "The ship enters Hard Burn:2.",
    (NEED_THRUSTERS, Flag("burning", "in the Hard Burn:X state", absent=True)),
    (THRUSTERS, flag_input("burning", "Already in the Hard Burn:X state")),
    lambda v: ("Enters Hard Burn:2", ["For most ships X is 2 on first entering the state."]),
)

STATION_KEEP = plain(
    "station-keep", "Station Keep", "The ship enters the Station Keeping state until the End Phase.",
    (NEED_THRUSTERS,), (THRUSTERS,),
    lambda v: ("Enters Station Keeping (cancelled in the End Phase)", ["Speed 0\"; attacks on it gain one Flex die."]),
)


def _suppressing(v: Inputs) -> tuple[str, list[str]]:
    now, ac = int_of(v, "suppressed"), int_of(v, "ac")
    new = now + 1 if now else ac
    why = f"already Suppressed:{now}: up one whatever the AC" if now else f"X is the attack's AC:{ac}"
    return (f"Target enters Suppressed:{new}", [f"The attack is not resolved; {why}.",
                                                "No arc or range Attack Modifiers; Link may add Anti-Capital rating."])


SUPPRESSING_FIRE = plain(
    "suppressing-fire", "Suppressing Fire", "A Kinetic Cannon attack at any distance puts the target in Suppressed:X.",
    (Flag("kinetic", "Kinetic Cannons"), Flag("capital_target", "Capital Ship Target"), Flag("cloak", "Cloak", absent=True)),
    (flag_input("kinetic", "Has Kinetic Cannons", True), flag_input("capital_target", "Target is a Capital Ship in the cannon's arc", True),
     flag_input("cloak", "Target has Cloak"), rating_input("ac", "Kinetic Cannon AC (with Link)", 2, high=30),
     rating_input("suppressed", "Target's Suppressed:X now (0 = not Suppressed)", 0, high=20)),
    _suppressing,
)

RESOLVERS: tuple[Resolver, ...] = (
    COMBINED_ATTACK, DRONE_COMMAND, EVADE, LAUNCH, SILENT_RUNNING, BOMBING, BOOST, COMBAT_AIR_PATROL, INTERCEPTION,
    ACTIVE_INTERCEPTION, REACTIVE_INTERCEPTION, LAND, DEBRIS_FIELD, DECOY_DRONES, HARD_BURN, STATION_KEEP, SUPPRESSING_FIRE,
)
