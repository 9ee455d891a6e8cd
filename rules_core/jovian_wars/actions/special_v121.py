"""v1.2.1 Special Actions page: each Special Action's requirement, Skill Test and effect, as data.

Each is an `action.Action`; the text's own words are kept in each effect. A Special Action's Skill Test
may name several ratings ("Skill/Thrusters/Fuel"): the declaring player picks one (How the dice work §4 "Unopposed rolls and Skill Tests"). A v1.2.1
Skill Test has no flex or macro dice, so only the rolled dice are asked for. Where the action points to a
section the texts do not hold (Repair, Ramming, Boarding), the resolver shows the gap and reads nothing from
it (How the dice work §10 "What the rules do not hold").
"""

from __future__ import annotations

from ... import readings
from ...answers import Check
from ...inputs import Input
from ...registry import Inputs, Resolver
from .action import Action, SkillTest, resolver
from ..common import Either, Flag, ForModel, Model, Rating, Table
from ..model_choice import CAPITAL_SHIP, ModelCard, squadron_card_input
from ..model_choice import SQUADRON as SQUADRON_KIND
from ..ship_inputs import card_input

V121 = ("v1.2.1",)
"""The rules versions whose text these declarations implement."""
RATING_DEFAULTS: dict[str, int] = {"Skill": 3, "Sensors": 2, "Thrusters": 1, "Fuel": 2, "Marines": 1, "Structure": 3,
                                   "Damage": 1, "Defense": 2, "Fire Control": 2}
"""A rating the text names -> the value its input starts at."""
CAPITAL, SQUADRON = Model("Capital Ship"), Model("Squadron")
CAPITAL_TARGET = Flag("capital_target", "Capital Ship Target", asks="Target is a Capital Ship")


def rating(name: str, low: int) -> Rating:
    """"<name>: <low>+", asking for the model's current <name>."""
    return Rating(name.lower().replace(" ", "_"), name, low, default=RATING_DEFAULTS[name])


def skill_test(*names: str, table: Table | None = None, model: Input | ModelCard | None = None) -> SkillTest:
    """A Skill Test rolling one of the named ratings (the player picks), read by `table` (None: the text gives none);
    `model` the declaring model's card input holding them (None: each an input of its own)."""
    return SkillTest(table, tuple(rating(name, 0).inputs[0] for name in names), pool_keypads=False, model=model)


def ship_card(*names: str) -> Input:
    """The declaring Capital Ship's card numbers `names` (lower case), at this page's defaults: a fleet pick fills them."""
    return card_input(*names, who="The ship", defaults={name: RATING_DEFAULTS[name.capitalize()] for name in names})


def on_card(name: str, low: int, card: Input) -> Rating:
    """"<name>: <low>+" read from the declaring model's card input `card`."""
    return Rating(f"{card.name}.{name.lower()}", name, low, model=card)


SQUADRON_FUEL = squadron_card_input("fuel")
"""The declaring Squadron's Fuel (its card's): a fleet pick fills it."""
THRUSTERS_OR_FUEL = ModelCard.of(ship=("thrusters",), squadron=("fuel",))
"""Boost's model: a Capital Ship's Thrusters or a Squadron's Fuel, from the chosen kind's card."""
MARINES_CARD = ModelCard.of(ship=("marines",), squadron=())
"""Boarding Party's model: a Capital Ship's Marines (a Squadron's card has none: it may board as Exo-Armor)."""
EVADE_CARD = ModelCard.of(ship=("skill", "thrusters"), squadron=("skill", "fuel"))
"""Evade's model: its requirement a Capital Ship's Thrusters or a Squadron's Fuel, its "Skill/Thrusters/Fuel" test a
rating of the chosen kind's card (a Capital Ship's has no Fuel, a Squadron's no Thrusters)."""
WITHDRAW_CARD = ModelCard.of(ship=("skill", "thrusters"), squadron=("skill",))
"""Withdraw's model ("this model"): its "Skill/Thrusters" test a rating of the chosen kind's card."""
SENSORS_CARD = ModelCard.of(ship=("skill", "sensors"), squadron=("skill", "sensors"))
"""Concentrated Fire's and Vector Attack's model (Generic Special Actions): Vector Attack's "Sensors: 1+" and either's
"Skill/Sensors" test read from the chosen kind's card (a Squadron's Sensors as its data card gives them)."""
RAMMING_CARD = ModelCard.of(ship=("skill", "structure"), squadron=("skill", "structure"))
"""Ramming Speed's model (a Generic Special Action): its Structure (the requirement) and Skill (the test), from the
chosen kind's card."""
RAMMING_DAMAGE = rating("Damage", 1)
"""v1.2.1's Damage rating, the requirement's other alternative: on no fleet card, so an input of its own."""


def _ramming_requirement(values: Inputs) -> list[Check]:
    """"Structure: 1+ or Damage: 1+": the chosen kind's card's Structure, or the Damage rating."""
    card = RAMMING_CARD.card(values)
    structure = Rating(f"{card.name}.structure", "Structure", 1, model=card)
    return [Either("Structure: 1+ or Damage: 1+", (structure, RAMMING_DAMAGE)).check(values)]


POINT_DEFENSE_SHIP, SENSORS_SHIP, SKILL_SHIP = ship_card("defense"), ship_card("sensors"), ship_card("skill")
THRUSTERS_SHIP = ship_card("thrusters")
REORIENT_SHIP = ship_card("thrusters", "skill")
SILENT_SHIP = ship_card("defense", "sensors", "thrusters", "skill")


ACTIONS: tuple[Action, ...] = (
    # Generic Special Actions
    Action(
        "boarding-party", "Boarding Party", "", V121,
        (ForModel("Marines: 1+ or Exo-Armor", MARINES_CARD, ((CAPITAL_SHIP, on_card("Marines", 1, MARINES_CARD.of_kind(CAPITAL_SHIP))),
                                                            (SQUADRON_KIND, Flag("exo_armor", "Exo-Armor", default=False)))),),
        effect="Initiate a Boarding Action against a Capital Ship or Terrain model that is within 1\".",
        gap=readings.V121_BOARDING_GAP),
    Action(
        "boost", "Boost", "", V121,
        (ForModel("Thrusters: 1+ or Fuel: 1+", THRUSTERS_OR_FUEL, (
            (CAPITAL_SHIP, on_card("Thrusters", 1, THRUSTERS_OR_FUEL.of_kind(CAPITAL_SHIP))),
            (SQUADRON_KIND, on_card("Fuel", 1, THRUSTERS_OR_FUEL.of_kind(SQUADRON_KIND))))),),
        effect="Capital ships may double their Speed rating during their activation. Squadrons may double their Speed "
               "rating by expending 1 Fuel or triple their Speed rating by expending 2 Fuel."),
    Action(
        "concentrated-fire", "Concentrated Fire", "", V121, (CAPITAL_TARGET,),
        effect="The attacking model may only select a single Capital Ship Target. If the Skill Check is passed with a [D+], "
               "all non-Missile Attack attacks results of [N] may be re-rolled once. Kinetic Cannon attacks against "
               "secondary targets may not be re-rolled.",
        roll=skill_test("Skill", "Sensors", model=SENSORS_CARD, table=(
            ("[N]", "no re-roll"),
            ("[D+]", "all non-Missile Attack attacks results of [N] may be re-rolled once. Kinetic Cannon attacks against "
                     "secondary targets may not be re-rolled")))),
    Action(
        "evade", "Evade", "", V121,
        (ForModel("Thrusters: 1+ or Fuel: 2+", EVADE_CARD, (
            (CAPITAL_SHIP, on_card("Thrusters", 1, EVADE_CARD.of_kind(CAPITAL_SHIP))),
            (SQUADRON_KIND, on_card("Fuel", 2, EVADE_CARD.of_kind(SQUADRON_KIND))))),
         Flag("sluggish", "Sluggish trait", absent=True)),
        effect="The model gains an Evasion token, which is removed in the End Phase. If the Skill Check was [N], the model "
               "is reduced to Fire Control: 1. The Evasion token grants the Evasive trait. If the model already had the "
               "Evasive trait, the trait now also functions at Short Range. A model with the Sluggish trait may not declare "
               "this Special Action.",
        roll=skill_test("Skill", "Thrusters", "Fuel", model=EVADE_CARD, table=(
            ("[N]", "the model gains an Evasion token, and the model is reduced to Fire Control: 1"),
            ("[D+]", "the model gains an Evasion token")))),
    Action(
        "land", "Land", "", V121,
        (Flag("contact_carrier", "Base contact with a Model with Dock (Capital Ship) or Hangers:X with capacity (Squadron)",
              asks="In base contact with a Dock / Hangers:X model with room"),
         Flag("launched", "Launch declared this activation", absent=True)),
        effect="A Capital Ship in base contact with a Model that has the Dock Trait or a Squadron in base contact with a "
               "Model that has the Hangers:X Trait (that also has remaining capacity) may Embark onto that model. This "
               "Special Action may be declared at any time, and does not count towards the single Special Action allowed "
               "per activation, but may not be declared in the same activation as the Launch Special Action."),
    Action(
        "launch", "Launch", "", V121,
        (Flag("embarked", "Embarked on a Model with Dock or Hangers:X", asks="Embarked on a Dock / Hangers:X model"),
         Flag("landed", "Land declared this activation", absent=True)),
        effect="A Embarked Captial Ship or Squadron may Disembark from the Model it is currently being carried by and be "
               "placed within 1\" of the carrying model. This Special Action may be declared at any time, and does not "
               "count towards the single Special Action allowed per activation, but may not be declared in the same "
               "activation as the Land Special Action."),
    Action(
        "lock-on", "Lock On", "", V121, (rating("Fire Control", 2),),
        effect="A model may spend 1 extra Fire Control rating when making an attack. The attack may be re-rolled if the "
               "result in [N], and the attacker may choose the value of [D] or [T] results."),
    Action(
        "ramming-speed", "Ramming Speed", "", V121, (), RAMMING_DAMAGE.inputs, more_checks=_ramming_requirement,
        effect="Resolve a Ramming Special Action.", roll=skill_test("Skill", model=RAMMING_CARD),
        gap=readings.V121_RAMMING_GAP,
        readings=(readings.V121_DAMAGE_RATING,)),
    Action(
        "vector-attack", "Vector Attack", "", V121,
        (ForModel.rating("Sensors", 1, SENSORS_CARD),),
        effect="Move a single friendly Squadron within range up to 3\" without activating. A Skill Check result of [D] "
               "allows 2 total Squadrons to be moved and a [T+] result allows 3 total Squardons to be moved.",
        roll=skill_test("Skill", "Sensors", model=SENSORS_CARD, table=(
            ("[N]", "move a single friendly Squadron"), ("[D]", "allows 2 total Squadrons to be moved"),
            ("[T+]", "allows 3 total Squardons to be moved")))),
    Action(
        "withdraw", "Withdraw", "", V121,
        (Flag("clear_6", "6\" from Enemy Models", asks="At least 6\" from every enemy model"),),
        effect="A skill test result of [D+] allows this model to be removed from the board. Models that successfully "
               "Withdraw are worth fewer Victory Points to the opponent.",
        roll=skill_test("Skill", "Thrusters", model=WITHDRAW_CARD, table=(
            ("[N]", "not removed from the board"), ("[D+]", "allows this model to be removed from the board")))),
    # Squadron Special Actions
    Action(
        "bombing-run", "Bombing Run", "", V121, (SQUADRON, CAPITAL_TARGET),
        effect="This model must be within range to move into base contact with a Capital Ship Target. Resolve a Bombing "
               "Run Special Action.", gap=readings.V121_BOMBING_RUN_GAP),
    Action(
        "active-interception", "Active Interception", "", V121,
        (SQUADRON, Flag("contact_squadron", "Squadron Target in Base Contact", asks="Enemy Squadron in base contact"),
         on_card("Fuel", 1, SQUADRON_FUEL)),
        effect="During a Model's activation, it may declare an Interception against an enemy Squadron that it is in base "
               "contact with. If an Interception is possible, resolve a Dogfight.", gap=readings.V121_DOGFIGHT_GAP),
    Action(
        "reactive-interception", "Reactive Interception", "", V121,
        (SQUADRON, Flag("within_3", "Squadron Target within 3\"", asks="Active enemy Squadron within 3\""),
         on_card("Fuel", 1, SQUADRON_FUEL)),
        effect="Squadrons may also declare an Interception during an enemy Model's activation if the active enemy Squadron "
               "model ends a Move, resolves an Attack, or resolves a Special Action within 3\". If an Interception is "
               "possible, the intercepting Squadron interrupts the active Squadron, moves into base contact, and resolves a "
               "Dogfight. Note that this means you may Intercept an active Model attempting to Intercept another one of "
               "your Squardon models!", gap=readings.V121_DOGFIGHT_GAP),
    Action(
        "return-to-base", "Return to Base", "", V121, (SQUADRON,),
        effect="A Squadron using the Return to Base Special Action must do so at the end of its movement or at the end of "
               "the resolution of another effect such as a Dogfight. The Return to Base Special Action requires a model to "
               "make a full speed move directly towards either a friendly board edge or friendly model with the Hangers: X "
               "trait, owning player's choice. The Squadron may spend 1 fuel if available to double its Speed value, moving "
               "the entire distance. If the movement would result in the Squadron moving into base to base contact with a "
               "friendly model with the Hangers: X trait, the Squadron may Land."),
    # Capital Ship Special Actions
    Action(
        "engage-point-defense", "Engage Point Defense", "", V121, (CAPITAL, on_card("Defense", 1, POINT_DEFENSE_SHIP)),
        effect="This model may resolve a Point Defense Attack against all enemy Squadrons within short range. These "
               "attacks only cost 1 Fire Control rating overall, not one per attack.",
        readings=(readings.POINT_DEFENSE,)),
    Action(
        "long-range-sensors", "Long Range Sensors", "", V121, (CAPITAL, CAPITAL_TARGET, on_card("Sensors", 1, SENSORS_SHIP)),
        effect="This model may double its current Sensors range this activation. All attacks declared by this model "
               "during its activation must target the same Capital Ship. Do not add flank or rear modifiers to the attack "
               "roll, and all Results are Diminished.",
        readings=(readings.ESCALATE_DIMINISH,)),
    Action(
        "lay-mines", "Lay Mines", "", V121, (CAPITAL, Flag("minelaying", "Minelaying Trait", asks="Minelaying trait")),
        effect="This model may lay a minefield as it moves by placing Mine Tokens in base contact. Mine Tokens placed in "
               "this way must be separated by at least 2\" from one another."),
    Action(
        "damage-control", "Damage Control", "", V121, (CAPITAL,),
        effect="Resolve a Repair attempt.", roll=skill_test("Skill", model=SKILL_SHIP), gap=readings.V121_REPAIR_GAP),
    Action(
        "reorient", "Reorient", "", V121, (CAPITAL, on_card("Thrusters", 1, REORIENT_SHIP)),
        effect="A Result of [D+] on the Skill Test allows the model to turn to face any direction. If a model turns in this "
               "way, it halves its Fire Control rating. A model with the Sluggish trait makes two turns instead of one at "
               "the end of its move.",
        roll=skill_test("Skill", "Thrusters", model=REORIENT_SHIP, table=(
            ("[N]", "no turn to face any direction"),
            ("[D+]", "allows the model to turn to face any direction. If a model turns in this way, it halves its Fire "
                     "Control rating"))),
        readings=(readings.HALVE_ROUNDS_DOWN,)),
    Action(
        "silent-running", "Silent Running", "", V121,
        (CAPITAL, *(on_card(name, 1, SILENT_SHIP) for name in ("Defense", "Sensors", "Thrusters"))),
        effect="A Skill Roll result of [D+] allows a model to gain a Stealth token, which is removed in the End Phase. "
               "A Stealth token grants the Stealth: 1 trait, or improves an existing Stealth: X trait by 1. The oken is "
               "removed if the model attacks, uses Point Defense in Point Defense Attack, defends against a Missile Attack, "
               "or is damaged.",
        roll=skill_test("Skill", model=SILENT_SHIP, table=(
            ("[N]", "no Stealth token"), ("[D+]", "allows a model to gain a Stealth token, which is removed in the End Phase")))),
    Action(
        "station-keeping", "Station Keeping", "", V121, (CAPITAL, on_card("Thrusters", 1, THRUSTERS_SHIP)),
        effect="This ship gains a Station Keeping token, which is removed in the End Phase. The Station Keeping token sets "
               "a ship's Speed to 0\" and grants a bonus of one Flex Die to all attacks targeting this ship."),
)

RESOLVERS: tuple[Resolver, ...] = tuple(map(resolver, ACTIONS))
