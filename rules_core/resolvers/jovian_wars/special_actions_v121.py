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
        "Initiate a Boarding Action against a Capital Ship or Terrain model that is within 1\".",
        flags=(flag("exo_armor", "Exo-Armor"),), gap=readings.V121_BOARDING_GAP),
    SpecialAction(
        "boost", "Boost",
        (Either("Thrusters: 1+ or Fuel: 1+", (Rating("thrusters", "Thrusters", 1), Rating("fuel", "Fuel", 1))),),
        "Capital ships may double their Speed rating during their activation. Squadrons may double their Speed "
        "rating by expending 1 Fuel or triple their Speed rating by expending 2 Fuel."),
    SpecialAction(
        "concentrated-fire", "Concentrated Fire", (CAPITAL_TARGET,),
        "The attacking model may only select a single Capital Ship Target.",
        test=("Skill", "Sensors"),
        table=(("[N]", "no re-roll"),
               ("[D+]", "all non-Missile Attack attacks results of [N] may be re-rolled once. Kinetic Cannon "
                        "attacks against secondary targets may not be re-rolled")),
        flags=(TARGET,)),
    SpecialAction(
        "evade", "Evade",
        (Either("Thrusters: 1+ or Fuel: 2+", (Rating("thrusters", "Thrusters", 1), Rating("fuel", "Fuel", 2))),
         Flag("sluggish", "Sluggish trait", absent=True)),
        "The model gains an Evasion token, which is removed in the End Phase. The Evasion token grants the Evasive "
        "trait. If the model already had the Evasive trait, the trait now also functions at Short Range.",
        test=("Skill", "Thrusters", "Fuel"),
        table=(("[N]", "the model gains an Evasion token, and the model is reduced to Fire Control: 1"),
               ("[D+]", "the model gains an Evasion token")),
        flags=(flag("sluggish", "Sluggish trait"),)),
    SpecialAction(
        "land", "Land",
        (Flag("contact_carrier", "Base contact with a Model with Dock (Capital Ship) or Hangers:X with capacity (Squadron)"),
         Flag("launched", "Launch declared this activation", absent=True)),
        "The model may Embark onto that model. This Special Action may be declared at any time, and does not count "
        "towards the single Special Action allowed per activation.",
        flags=(flag("contact_carrier", "In base contact with a Dock / Hangers:X model with room", default=True),
               flag("launched", "Launch declared this activation"))),
    SpecialAction(
        "launch", "Launch",
        (Flag("embarked", "Embarked on a Model with Dock or Hangers:X"),
         Flag("landed", "Land declared this activation", absent=True)),
        "The model may Disembark from the Model it is currently being carried by and be placed within 1\" of the "
        "carrying model. This Special Action may be declared at any time, and does not count towards the single "
        "Special Action allowed per activation.",
        flags=(flag("embarked", "Embarked on a Dock / Hangers:X model", default=True),
               flag("landed", "Land declared this activation"))),
    SpecialAction(
        "lock-on", "Lock On", (Rating("fire_control", "Fire Control", 2),),
        "A model may spend 1 extra Fire Control rating when making an attack. The attack may be re-rolled if the "
        "result in [N], and the attacker may choose the value of [D] or [T] results."),
    SpecialAction(
        "ramming-speed", "Ramming Speed",
        (Either("Structure: 1+ or Damage: 1+", (Rating("structure", "Structure", 1), Rating("damage", "Damage", 1))),),
        "Resolve a Ramming Special Action.",
        test=("Skill",), gap=readings.V121_RAMMING_GAP,
        readings=(readings.V121_DAMAGE_RATING,)),
    SpecialAction(
        "vector-attack", "Vector Attack", (Rating("sensors", "Sensors", 1),),
        "Move a single friendly Squadron within range up to 3\" without activating.",
        test=("Skill", "Sensors"),
        table=(("[N]", "move a single friendly Squadron"), ("[D]", "allows 2 total Squadrons to be moved"),
               ("[T+]", "allows 3 total Squardons to be moved"))),
    SpecialAction(
        "withdraw", "Withdraw", (Flag("clear_6", "6\" from Enemy Models"),),
        "Models that successfully Withdraw are worth fewer Victory Points to the opponent.",
        test=("Skill", "Thrusters"),
        table=(("[N]", "not removed from the board"), ("[D+]", "allows this model to be removed from the board")),
        flags=(flag("clear_6", "At least 6\" from every enemy model", default=True),)),
    # Squadron Special Actions
    SpecialAction(
        "bombing-run", "Bombing Run", (CAPITAL_TARGET,),
        "This model must be within range to move into base contact with a Capital Ship Target. Resolve a Bombing "
        "Run Special Action.",
        model=SQUADRON, flags=(TARGET,)),
    SpecialAction(
        "active-interception", "Active Interception",
        (Flag("contact_squadron", "Squadron Target in Base Contact"), Rating("fuel", "Fuel", 1)),
        "During a Model's activation, it may declare an Interception against an enemy Squadron that it is in base "
        "contact with. If an Interception is possible, resolve a Dogfight.",
        model=SQUADRON, flags=(flag("contact_squadron", "Enemy Squadron in base contact", default=True),)),
    SpecialAction(
        "reactive-interception", "Reactive Interception",
        (Flag("within_3", "Squadron Target within 3\""), Rating("fuel", "Fuel", 1)),
        "If an Interception is possible, the intercepting Squadron interrupts the active Squadron, moves into base "
        "contact, and resolves a Dogfight.",
        model=SQUADRON, flags=(flag("within_3", "Active enemy Squadron within 3\"", default=True),)),
    SpecialAction(
        "return-to-base", "Return to Base", (),
        "The Return to Base Special Action requires a model to make a full speed move directly towards either a "
        "friendly board edge or friendly model with the Hangers: X trait, owning player's choice. The Squadron may "
        "spend 1 fuel if available to double its Speed value, moving the entire distance.",
        model=SQUADRON),
    # Capital Ship Special Actions
    SpecialAction(
        "engage-point-defense", "Engage Point Defense", (Rating("defense", "Defense", 1),),
        "This model may resolve a Point Defense Attack against all enemy Squadrons within short range. These "
        "attacks only cost 1 Fire Control rating overall, not one per attack.",
        model=CAPITAL, readings=(readings.POINT_DEFENSE,)),
    SpecialAction(
        "long-range-sensors", "Long Range Sensors", (CAPITAL_TARGET, Rating("sensors", "Sensors", 1)),
        "This model may double its current Sensors range this activation. All attacks declared by this model during "
        "its activation must target the same Capital Ship. Do not add flank or rear modifiers to the attack roll, "
        "and all Results are Diminished.",
        model=CAPITAL, flags=(TARGET,), readings=(readings.ESCALATE_DIMINISH,)),
    SpecialAction(
        "lay-mines", "Lay Mines", (Flag("minelaying", "Minelaying Trait"),),
        "This model may lay a minefield as it moves by placing Mine Tokens in base contact. Mine Tokens placed in "
        "this way must be separated by at least 2\" from one another.",
        model=CAPITAL, flags=(flag("minelaying", "Minelaying trait", default=True),)),
    SpecialAction(
        "damage-control", "Damage Control", (),
        "Resolve a Repair attempt.",
        model=CAPITAL, test=("Skill",), gap=readings.V121_REPAIR_GAP),
    SpecialAction(
        "reorient", "Reorient", (Rating("thrusters", "Thrusters", 1),),
        "A model with the Sluggish trait makes two turns instead of one at the end of its move.",
        model=CAPITAL, test=("Skill", "Thrusters"),
        table=(("[N]", "no turn to face any direction"),
               ("[D+]", "allows the model to turn to face any direction. If a model turns in this way, it halves its "
                        "Fire Control rating")),
        readings=(readings.HALVE_ROUNDS_DOWN,)),
    SpecialAction(
        "silent-running", "Silent Running",
        (Rating("defense", "Defense", 1), Rating("sensors", "Sensors", 1), Rating("thrusters", "Thrusters", 1)),
        "A Stealth token grants the Stealth: 1 trait, or improves an existing Stealth: X trait by 1. The oken is "
        "removed if the model attacks, uses Point Defense in Point Defense Attack, defends against a Missile Attack, "
        "or is damaged.",
        model=CAPITAL, test=("Skill",),
        table=(("[N]", "no Stealth token"),
               ("[D+]", "allows a model to gain a Stealth token, which is removed in the End Phase"))),
    SpecialAction(
        "station-keeping", "Station Keeping", (Rating("thrusters", "Thrusters", 1),),
        "This ship gains a Station Keeping token, which is removed in the End Phase. The Station Keeping token sets a "
        "ship's Speed to 0\" and grants a bonus of one Flex Die to all attacks targeting this ship.",
        model=CAPITAL),
)

RESOLVERS: tuple[Resolver, ...] = tuple(build(action) for action in ACTIONS)
