"""v1.2.4 Actions and States with no dice of their own: the requirement, then the effect in the text's terms.

Each is an `action.Action`: needs that carry their inputs, then an `effect` of the inputs giving the
headline and the steps. Drone Command and Silent Running keep the source's gaps: they check what they
can and say no result list is given.
"""

from __future__ import annotations

from ...answers import Check, judged
from ...inputs import Input
from ...registry import Inputs, Resolver
from ...values import int_of
from .action import Action, Enters, SkillTest, resolver
from ..kept_states import ASSAULTING, ESCORTING, EVADING, HARD_BURN as HARD_BURN_STATE, STATION_KEEPING, STEALTHED, SUPPRESSED, TARGETED
from ..common import Either, Flag, ForModel, Rating, flag_input, rating_input
from ..model_choice import CAPITAL_SHIP, ModelCard, squadron_card_input
from ..model_choice import SQUADRON as SQUADRON_KIND
from ..ship_inputs import card_input
from ..squadron_inputs import squadron_end, squadron_input, squadron_of

V124 = ("v1.2.4",)
"""The rules versions whose text these declarations implement (a declaration checked against a later text lists
it too: ("v1.2.4", "v1.2.5"))."""
NO_RESULTS = "The source text gives no list of Skill Test results here (a gap in the published rules); none is invented"
GAP = f"{NO_RESULTS}, so there are no odds to give."

CAPITAL = Flag("capital_ship", "Capital Ship")
COMMS = Flag("comms", "Comms Trait", default=False)
THRUSTERS_SHIP = card_input("thrusters", who="The ship")
"""The declaring ship's card, as far as these Actions read it: a ship picked from the fleet fills it."""
NEED_THRUSTERS = Rating("ship.thrusters", "Thrusters", 1, model=THRUSTERS_SHIP)
THRUSTERS_OR_FUEL_CARD = ModelCard.of(ship=("thrusters",), squadron=("fuel",))
"""Evade's and Evading's model: a Capital Ship's Thrusters or a Squadron's Fuel, from the chosen kind's card."""
THRUSTERS_OR_FUEL = ForModel("Thrusters: 1+ or Fuel: 2+", THRUSTERS_OR_FUEL_CARD, (
    (CAPITAL_SHIP, Rating("ship.thrusters", "Thrusters", 1)), (SQUADRON_KIND, Rating("squadron.fuel", "Fuel", 2))))
"""The requirement "Thrusters: 1+ or Fuel: 2+": a Capital Ship's card has no Fuel, a Squadron's no Thrusters."""



def state_target(part: str, label: str, high: int) -> Input:
    """The Capital Ship target of an Action that puts it in a State (kept_states.STATE_PARTS): its one number is the
    State's X now, which a fleet pick fills from the ship, so the outcome's X is written back to it."""
    return Input("target", "ship", "Capital Ship target", default={},
                 parts=(rating_input(part, label, 0, high=high),))


# ---------------------------------------------------------------- Generic Special Actions


def _fire_control(v: Inputs) -> list[Check]:
    if v["sensor_array"]:
        return []
    return [judged(v, ("fire_control",), "expends Fire Control on the target (no Sensor Array)", bool(v["fire_control"]),
                  "attacks the target" if v["fire_control"] else "makes no attack on the target")]


COMBINED_ATTACK = Action(
    "combined-attack", "Combined Attack", "Puts a Capital Ship target in Targeted:1, or raises its Targeted:X by one.", V124,
    (Either("Squadron or Sensor Array", (Flag("squadron", "Squadron"), Flag("sensor_array", "Sensor Array Trait", default=False))),
     Flag("in_range", "Capital Ship Target in Optimal or Short Range", asks="Capital Ship target in Optimal or Short Range")),
    (flag_input("fire_control", "Expends at least one Fire Control attacking the target", True,
                help="Needed without the Sensor Array trait; the attack need not succeed."),
     state_target("targeted", "Its Targeted:X now (0 = not Targeted)", 10)),
    more_checks=_fire_control,
    effect=lambda v: (f"Target enters Targeted:{int_of(v, 'target.targeted') + 1}",
                      [f"Targeted:{int_of(v, 'target.targeted')} → Targeted:{int_of(v, 'target.targeted') + 1}"
                       if int_of(v, 'target.targeted') else "The target enters Targeted:1.",
                       "Without Sensor Array the Fire Control attack is resolved after the Targeted state is applied."
                       if not v["sensor_array"] else "Sensor Array: no attack is needed."]),
    enters=Enters(TARGETED, x=lambda v: int_of(v, "target.targeted") + 1, model="target"),
)

DRONE_COMMAND = Action(
    "drone-command", "Drone Command", "Requirement only: the text's list of Skill Test results is missing.", V124,
    (Either("Capital Ship or Comms Trait", (CAPITAL, COMMS)),),
    effect=lambda v: ("Drone Command declared: a Skill Test, but the text gives no results", [
        GAP, "While under Drone Command a Drone activates as a normal Squadron (its whole activation before any other "
             "Drone of the same Drone Command); Cloak and Stealth of the Drone profile may be ignored for Sensor Range."]),
)

EVADE = Action(
    "evade", "Evade", "The model enters the Evading state until the End Phase.", V124,
    (THRUSTERS_OR_FUEL, Flag("sluggish", "Sluggish Trait", absent=True)),
    effect=lambda v: ("Enters the Evading state (removed in the End Phase)", ["The model gains the Evading state."]),
    enters=Enters(EVADING),
)

LAUNCH = Action(
    "launch", "Launch", "An Embarked model leaves its carrier and is placed within 1\" of it.", V124,
    (Flag("embarked", "Embarked on a Model with Dock or Hangers:X"),),
    effect=lambda v: ("Embarked state cancelled: placed within 1\" of the carrying model",
                      ["This Action does not count towards the single Action allowed per activation, and may declared in "
                       "the same activation as the Land Action."]),
)

SILENT_RUNNING = Action(
    "silent-running", "Silent Running", "Enters the Stealthed state; the text's requirement and result list are missing.",
    V124,
    roll=SkillTest(None, model=ModelCard.of(ship=("skill",), squadron=("skill",))),
    effect=lambda v: ("Enters the Stealthed state; the Skill Test's results are not given", [
        "The source leaves the Requirement cell empty: nothing to check.", "The model enters the Stealthed state.",
        f"{NO_RESULTS}."]),
    enters=Enters(STEALTHED),
)
"""Declaring it enters Stealthed ("A model declaring the Silent Running action enters the Stealthed state"); its Skill
Test is rolled (the text says there is one) and read, and the list of what each result does, cut off in the source,
stays a gap."""

# ---------------------------------------------------------------- Squadron Special Actions

SQUADRON = Flag("squadron", "Squadron")
CAPITAL_TARGET = Flag("capital_target", "Capital Ship Target", asks="Target is a Capital Ship")
SQUADRON_CARD = squadron_input("squadron", "Squadron")
"""The declaring Squadron's card: its Fuel for the Fuel: 1+ requirements, its Evasive trait for Boost."""
FUEL = Rating("squadron.fuel", "Fuel", 1, model=SQUADRON_CARD)

ASSAULT = Input("assault", "bool", "Bombing Run completed: this Exo-Armor Squadron enters Assaulting", default=False,
                help="Instead of its free 4\" move, placed in base to base contact with the Capital Ship.")
"""The player's word that the Bombing Run succeeded and the Exo-Armor chooses Assaulting: the texts hold no Bombing Run
to resolve, and entering is the player's choice ("may choose to enter the Assaulting state")."""
ASSAULTING_ENTERED = Enters(ASSAULTING)


def _bombing(v: Inputs) -> tuple[str, list[str]]:
    """The text's one line; with the player's word that the Bombing Run was completed, Assaulting entered (the State's
    own rule, beside its entry, says what it does)."""
    headline = "Resolve a Bombing Run on the target Capital Ship" + ("; the Squadron enters Assaulting" if v["assault"] else "")
    return headline, ["A Bombing Run's attack takes the Bombing +2 attack modifier (How the dice work §5 \"The v1.2.4 attack modifier\"): +1 base, +1 flex."]


BOMBING = Action(
    "bombing", "Bombing", "A Squadron resolves a Bombing Run on a Capital Ship target.", V124, (SQUADRON, CAPITAL_TARGET),
    (squadron_card_input(name="bomber"), ASSAULT), effect=_bombing,
    ends=lambda v: {"bomber": ASSAULTING_ENTERED.end(v)} if v["assault"] else {},
)
"""The Squadron ("bomber": "squadron" is the requirement's tick) is an input of no numbers, as Combat Air Patrol's, so a
fleet pick names the one that enters Assaulting."""


def _spent(v: Inputs) -> int:
    """Fuel Boost expends: 1 or 2 as declared, never more than the Squadron has."""
    return min(int_of(v, "spend"), squadron_of(v, "squadron").fuel)


def _boost(v: Inputs) -> tuple[str, list[str]]:
    card = squadron_of(v, "squadron")
    spent = _spent(v)
    speed = int_of(v, "speed") + 3 * spent
    trait = ("Evasive already: +1F when Boosting" if card.evasive else "gains the Evasive trait for this activation")
    return (f"Speed {int_of(v, 'speed')}\" → {speed}\", Fuel {card.fuel} → {card.fuel - spent}; {trait}",
            [f"Spends {spent} Fuel (1 or 2): +3\" Speed each.", f"The Squadron {trait}.",
             "Boost may be declared in addition to other Actions."])


BOOST = Action(
    "boost", "Boost", "Spend 1 or 2 Fuel for +3\" Speed each; Evasive for the activation, or +1F if already Evasive.", V124,
    (FUEL,),
    (Input("spend", "int", "Fuel to expend", default=1, low=1, high=2), rating_input("speed", "Speed (inches)", 8, high=40)),
    effect=_boost,
    ends=lambda v: {"squadron": squadron_end(v, "squadron", squadron_of(v, "squadron").structure,
                                             fuel=squadron_of(v, "squadron").fuel - _spent(v))},
)

COMBAT_AIR_PATROL = Action(
    "combat-air-patrol", "Combat Air Patrol", "A newly deployed Squadron joins a CAP Capital Ship and enters Escorting.",
    V124,
    (Flag("cap", "Capital Ship with CAP Trait", asks="Friendly Capital Ship with the CAP Trait"),
     Flag("escorted", "Escorting Squadron already", absent=True, asks="That ship already has an Escorting Squadron")),
    (squadron_card_input(),),
    effect=lambda v: ("Moves into base contact and enters the Escorting state",
                      ["Once in base contact it may make no further movement this activation."]),
    enters=Enters(ESCORTING),
)
"""The Squadron is an input of no numbers (the rule reads none of its card) so a fleet pick names the one that enters
Escorting."""

INTERCEPTION = Action(
    "interception", "Interception", "Whether an Interception (which starts a Dogfight) is allowed.", V124,
    (Flag("target_of_yours", "the target of your own Active Interception", absent=True,
          asks="The intercepted Squadron is intercepting this one actively"),
     Flag("already", "already intercepting or intercepted this activation", absent=True,
          asks="Either Squadron has intercepted or been intercepted this activation"),
     Flag("free_move", "taking a free move after a Bombing Run, leaving Assaulting or after a Dogfight", absent=True,
          asks="The target is on a free move (Bombing Run, leaving Assaulting, end of Dogfight)"),
     Flag("vector", "taking a Vector Attack 4\" move", absent=True, asks="The target is on a Vector Attack 4\" move")),
    effect=lambda v: ("The Interception is allowed: resolve a Dogfight",
                      ["An Interception initiates a Dogfight (Dogfight page)."]),
    state=True,
)

ACTIVE_INTERCEPTION = Action(
    "active-interception", "Active Interception", "Against an enemy Squadron in base contact: resolve a Dogfight.", V124,
    (Flag("contact", "Squadron Target in Base Contact", asks="Enemy Squadron in base contact"), FUEL),
    effect=lambda v: ("Resolve a Dogfight", ["The target of an Active Interception may not intercept the intercepting Squadron."]),
)

REACTIVE_INTERCEPTION = Action(
    "reactive-interception", "Reactive Interception", "During an enemy activation, against a Squadron within 3\".", V124,
    (Flag("within", "Squadron Target within 3\"", asks="Active enemy Squadron within 3\""), FUEL,
     Flag("room", "room for base contact", asks="Room to reach base contact")),
    effect=lambda v: ("Interrupt, free move into base contact, resolve a Dogfight",
                      ["1. Interrupt at the first point in range.", "2. Free move into base contact by the shortest path.",
                       "3. Resolve a Dogfight."]),
)

LAND = Action(
    "land", "Land", "A Squadron in base contact with a Hangers model becomes Embarked.", V124,
    (SQUADRON, Flag("contact", "in Base Contact with Model with Hangers", asks="In base contact with a model with Hangers")),
    effect=lambda v: ("Becomes Embarked", ["Land does not count towards the one Action per activation."]),
)

# ---------------------------------------------------------------- Capital Ship Special Actions

DEBRIS_FIELD = Action(
    "deploy-debris-field", "Deploy Debris Field", "A 4\" radius Debris Field centered on the ship.", V124,
    (Flag("cargo", "Cargo: Debris Dispenser"),),
    effect=lambda v: ("Place a 4\" radius Debris Field centered on this model",
                      ["It is not on the table until the end of this model's activation."]),
)


def _decoys(v: Inputs) -> tuple[str, list[str]]:
    passed = int_of(v, "end_phases")
    size = {0: "4\" radius", 1: "3\" radius"}.get(passed, "removed")
    return (f"Decoy Drone Swarm: {size}", ["Placed as a 4\" radius template wholly within 6\" of the ship.",
                                           f"After {passed} End Phase{'s' if passed != 1 else ''}: {size}."])


DECOY_DRONES = Action(
    "deploy-decoy-drones", "Deploy Decoy Drones", "A 4\" Decoy Drone Swarm within 6\": 3\" after one End Phase, gone after two.",
    V124, (Flag("cargo", "Cargo: Decoy Drones"),),
    (Input("end_phases", "int", "End Phases since placed", default=0, low=0, high=2),),
    effect=_decoys,
)

HARD_BURN = Action(
    "hard-burn", "Hard Burn", "The ship enters Hard Burn:2.", V124,
    (NEED_THRUSTERS, Flag("burning", "in the Hard Burn:X state", absent=True, asks="Already in the Hard Burn:X state")),
    effect=lambda v: ("Enters Hard Burn:2", ["For most ships X is 2 on first entering the state."]),
    enters=Enters(HARD_BURN_STATE, x=2),
)

STATION_KEEP = Action(
    "station-keep", "Station Keep", "The ship enters the Station Keeping state until the End Phase.", V124, (NEED_THRUSTERS,),
    effect=lambda v: ("Enters Station Keeping (cancelled in the End Phase)", ["Speed 0\"; attacks on it gain one Flex die."]),
    enters=Enters(STATION_KEEPING),
)


def _suppressed_x(v: Inputs) -> int:
    """"put the targeted Capital Ship into the Suppressed:X state, where the X is the AC value"; one up if already."""
    now = int_of(v, "target.suppressed")
    return now + 1 if now else int_of(v, "ac")


def _suppressing(v: Inputs) -> tuple[str, list[str]]:
    now, ac = int_of(v, "target.suppressed"), int_of(v, "ac")
    new = _suppressed_x(v)
    why = f"already Suppressed:{now}: up one whatever the AC" if now else f"X is the attack's AC:{ac}"
    return (f"Target enters Suppressed:{new}", [f"The attack is not resolved; {why}.",
                                                "No arc or range Attack Modifiers; Link may add Anti-Capital rating."])


SUPPRESSING_FIRE = Action(
    "suppressing-fire", "Suppressing Fire", "A Kinetic Cannon attack at any distance puts the target in Suppressed:X.", V124,
    (Flag("kinetic", "Kinetic Cannons", asks="Has Kinetic Cannons"),
     Flag("capital_target", "Capital Ship Target", asks="Target is a Capital Ship in the cannon's arc"),
     Flag("cloak", "Cloak", absent=True, asks="Target has Cloak")),
    (rating_input("ac", "Kinetic Cannon AC (with Link)", 2, high=30),
     state_target("suppressed", "Its Suppressed:X now (0 = not Suppressed)", 20)),
    effect=_suppressing,
    enters=Enters(SUPPRESSED, x=_suppressed_x, model="target"),
)

ACTIONS: tuple[Action, ...] = (
    COMBINED_ATTACK, DRONE_COMMAND, EVADE, LAUNCH, SILENT_RUNNING, BOMBING, BOOST, COMBAT_AIR_PATROL, INTERCEPTION,
    ACTIVE_INTERCEPTION, REACTIVE_INTERCEPTION, LAND, DEBRIS_FIELD, DECOY_DRONES, HARD_BURN, STATION_KEEP, SUPPRESSING_FIRE,
)
RESOLVERS: tuple[Resolver, ...] = tuple(map(resolver, ACTIONS))
