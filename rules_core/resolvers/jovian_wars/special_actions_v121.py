"""v1.2.1 Special Actions page: each Special Action's requirement, Skill Test and effect, as data.

Built by special_actions_v121_build.build; the text's own words are kept in each effect.
"""

from __future__ import annotations

from ... import readings
from ...registry import Resolver
from .common import Either, Flag, Rating
from .common import flag_input as flag
from .special_actions_v121_build import SpecialAction, build

CAPITAL, SQUADRON = "Capital Ship", "Squadron"
TARGET = flag("capital_target", "Target is a Capital Ship", default=True)
CAPITAL_TARGET = Flag("capital_target", "Capital Ship Target")

ACTIONS: tuple[SpecialAction, ...] = (
    # Generic Special Actions
    SpecialAction(
        "boarding-party", "Boarding Party",
        (Either("Marines: 1+ or Exo-Armor", (Rating("marines", "Marines", 1), Flag("exo_armor", "Exo-Armor"))),),
        "Initiate a Boarding Action against a Capital Ship or Terrain model within 1\".",
        flags=(flag("exo_armor", "Exo-Armor"),)),
    SpecialAction(
        "boost", "Boost",
        (Either("Thrusters: 1+ or Fuel: 1+", (Rating("thrusters", "Thrusters", 1), Rating("fuel", "Fuel", 1))),),
        "Capital ships may double their Speed this activation; Squadrons double their Speed for 1 Fuel or triple it for 2 Fuel."),
    SpecialAction(
        "concentrated-fire", "Concentrated Fire", (CAPITAL_TARGET,),
        "Only a single Capital Ship Target may be attacked.",
        test=("Skill", "Sensors"),
        table=(("[N]", "no re-rolls"),
               ("[D+]", "all non-Missile attack results of [N] may be re-rolled once "
                        "(not Kinetic Cannon attacks against secondary targets)")),
        flags=(TARGET,)),
    SpecialAction(
        "evade", "Evade",
        (Either("Thrusters: 1+ or Fuel: 2+", (Rating("thrusters", "Thrusters", 1), Rating("fuel", "Fuel", 2))),
         Flag("sluggish", "Sluggish trait", absent=True)),
        "The model gains an Evasion token (the Evasive trait; with Evasive already, it also works at Short Range), "
        "removed in the End Phase.",
        test=("Skill", "Thrusters", "Fuel"),
        table=(("[N]", "Evasion token, and the model is reduced to Fire Control: 1"),
               ("[D+]", "Evasion token")),
        flags=(flag("sluggish", "Sluggish trait"),)),
    SpecialAction(
        "land", "Land",
        (Flag("contact_carrier", "Base contact with a Model with Dock (Capital Ship) or Hangers:X with capacity (Squadron)"),
         Flag("launched", "Launch declared this activation", absent=True)),
        "The model Embarks onto that model. It may be declared at any time and does not count as the activation's "
        "Special Action.",
        flags=(flag("contact_carrier", "In base contact with a Dock / Hangers:X model with room", default=True),
               flag("launched", "Launch declared this activation"))),
    SpecialAction(
        "launch", "Launch",
        (Flag("embarked", "Embarked on a Model with Dock or Hangers:X"),
         Flag("landed", "Land declared this activation", absent=True)),
        "The model Disembarks and is placed within 1\" of the carrying model. It may be declared at any time and "
        "does not count as the activation's Special Action.",
        flags=(flag("embarked", "Embarked on a Dock / Hangers:X model", default=True),
               flag("landed", "Land declared this activation"))),
    SpecialAction(
        "lock-on", "Lock On", (Rating("fire_control", "Fire Control", 2),),
        "Spend 1 extra Fire Control on an attack: it may be re-rolled if the result is [N], and the attacker may "
        "choose the Value of [D] or [T] results."),
    SpecialAction(
        "ramming-speed", "Ramming Speed",
        (Either("Structure: 1+ or Damage: 1+", (Rating("structure", "Structure", 1), Rating("damage", "Damage", 1))),),
        "On a pass, resolve a Ramming Special Action.",
        test=("Skill",),
        table=(("[N]", "fails: no ram"), ("[D+]", "resolve a Ramming Special Action")),
        readings=(readings.V121_SKILL_PASS, readings.V121_DAMAGE_RATING)),
    SpecialAction(
        "vector-attack", "Vector Attack", (Rating("sensors", "Sensors", 1),),
        "Move friendly Squadrons within range up to 3\" each without activating them.",
        test=("Skill", "Sensors"),
        table=(("[N]", "a single Squadron moved"), ("[D]", "2 Squadrons moved in total"),
               ("[T+]", "3 Squadrons moved in total"))),
    SpecialAction(
        "withdraw", "Withdraw", (Flag("clear_6", "6\" from Enemy Models"),),
        "A model that Withdraws is worth fewer Victory Points to the opponent.",
        test=("Skill", "Thrusters"),
        table=(("[N]", "stays on the board"), ("[D+]", "removed from the board (Withdrawn)")),
        flags=(flag("clear_6", "At least 6\" from every enemy model", default=True),)),
    # Squadron Special Actions
    SpecialAction(
        "bombing-run", "Bombing Run", (CAPITAL_TARGET,),
        "Move into base contact with the Capital Ship Target (it must be within range to) and resolve a Bombing Run.",
        model=SQUADRON, flags=(TARGET,)),
    SpecialAction(
        "active-interception", "Active Interception",
        (Flag("contact_squadron", "Squadron Target in Base Contact"), Rating("fuel", "Fuel", 1)),
        "Intercept the enemy Squadron in base contact: resolve a Dogfight.",
        model=SQUADRON, flags=(flag("contact_squadron", "Enemy Squadron in base contact", default=True),)),
    SpecialAction(
        "reactive-interception", "Reactive Interception",
        (Flag("within_3", "Squadron Target within 3\""), Rating("fuel", "Fuel", 1)),
        "When the active enemy Squadron ends a Move, resolves an Attack or a Special Action within 3\": interrupt it, "
        "move into base contact and resolve a Dogfight.",
        model=SQUADRON, flags=(flag("within_3", "Active enemy Squadron within 3\"", default=True),)),
    SpecialAction(
        "return-to-base", "Return to Base", (),
        "At the end of its movement (or of a Dogfight), make a full speed move directly towards a friendly board edge "
        "or friendly Hangers:X model; spend 1 Fuel if available to double Speed; reaching base contact with Hangers it may Land.",
        model=SQUADRON),
    # Capital Ship Special Actions
    SpecialAction(
        "engage-point-defense", "Engage Point Defense", (Rating("defense", "Defense", 1),),
        "Resolve a Point Defense Attack against every enemy Squadron within short range, for 1 Fire Control overall.",
        model=CAPITAL, readings=(readings.POINT_DEFENSE,)),
    SpecialAction(
        "long-range-sensors", "Long Range Sensors", (CAPITAL_TARGET, Rating("sensors", "Sensors", 1)),
        "Double the Sensors range this activation; every attack must target the same Capital Ship, with no flank or "
        "rear modifiers, and all Results are Diminished.",
        model=CAPITAL, flags=(TARGET,), readings=(readings.ESCALATE_DIMINISH,)),
    SpecialAction(
        "lay-mines", "Lay Mines", (Flag("minelaying", "Minelaying Trait"),),
        "Place Mine Tokens in base contact as it moves, at least 2\" from one another.",
        model=CAPITAL, flags=(flag("minelaying", "Minelaying trait", default=True),)),
    SpecialAction(
        "damage-control", "Damage Control", (),
        "Resolve a Repair attempt: pick one row of the Repair table under the Skill Test's result.",
        model=CAPITAL, test=("Skill",),
        table=(("[N]", "Rating Damage repaired on 4+"),
               ("[D]", "Rating Damage Auto; System Trait Damage on 4+"),
               ("[T]", "Rating Damage 2× Auto; System Trait Damage Auto; Weapon Damage on 4+"),
               ("[Q+]", "Rating Damage 3× Auto; System Trait Damage 2× Auto; Weapon Damage Auto; Spinal Weapon Damage on 4+"))),
    SpecialAction(
        "reorient", "Reorient", (Rating("thrusters", "Thrusters", 1),),
        "A model with the Sluggish trait makes two turns instead of one at the end of its move.",
        model=CAPITAL, test=("Skill", "Thrusters"),
        table=(("[N]", "the model does not reorient"),
               ("[D+]", "turn to face any direction; if it turns, halve its Fire Control (rounded down)")),
        readings=(readings.HALVE_ROUNDS_DOWN,)),
    SpecialAction(
        "silent-running", "Silent Running",
        (Rating("defense", "Defense", 1), Rating("sensors", "Sensors", 1), Rating("thrusters", "Thrusters", 1)),
        "The Stealth token is removed in the End Phase, or when the model attacks, uses Point Defense, defends "
        "against a Missile Attack or is damaged.",
        model=CAPITAL, test=("Skill",),
        table=(("[N]", "no Stealth token"),
               ("[D+]", "Stealth token: Stealth: 1, or an existing Stealth: X improved by 1"))),
    SpecialAction(
        "station-keeping", "Station Keeping", (Rating("thrusters", "Thrusters", 1),),
        "Station Keeping token until the End Phase: Speed 0\", and every attack targeting this ship gains one Flex die.",
        model=CAPITAL),
)

RESOLVERS: tuple[Resolver, ...] = tuple(build(action) for action in ACTIONS)
