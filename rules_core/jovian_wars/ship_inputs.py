"""A Capital Ship as one declared input, and its fate as charts: what every damage view shares.

`ship_input(name, who)` declares the ship: one input of kind "ship" whose value is an object of its card's numbers
(boxes left in each Rating, Structure, System Traits and weapons; a resolver adds what else it reads, such as the
starting Structure or the Boarders aboard), checked in one place (`Input.check`), its errors naming the ship
("Target: Sensors boxes left: a whole number from 0 to 6, not 9"). `ship_of(values, name)` builds the
`rules_core.jovian_wars.ship.Ship`; `fate_charts` turns a `Dist` of `damage.fate` views into the charts a player asks
for (Crippled, Destroyed, Explodes, Structure left).

The caps keep the exact search of the attacker's choices (rules_core.jovian_wars.damage.step) inside the time a
phone allows; they are above every Capital Ship's data card we know.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..answers import Chart, Row
from ..dice.dist import Dist
from ..inputs import Input
from ..registry import Inputs
from .ship import RATINGS, Ship
from ..values import group_of, int_of

MAX_BOXES = 6
"""Most boxes a Rating may have left."""
MAX_STRUCTURE = 8
"""Most Structure a ship may have left."""
MAX_TRAIT_BOXES = 4
"""Most boxes a System Trait may have left."""
TRAIT_PARTS = ("trait_boxes", "trait2_boxes")
"""The boxes left in each System Trait, by its number (the Critical Hit's "System Trait 1", "System Trait 2"): one
part each, so a ship whose traits end with different counts is kept exactly."""
MAX_TRAITS = len(TRAIT_PARTS)
"""Most System Traits with boxes."""
MAX_WEAPONS = 6
"""Most undamaged weapons of each kind."""
ARMOR_ARCS = {"front": "front", "flank": "side (flank)", "rear": "rear"}
"""A Capital Ship's Armor by arc (Reading `armor-by-arc`): the texts read Armor "in the attacked arc", and the arcs
they name on a model's base are its front, its side (flank) and its rear; the card holds one Armor for each."""
MAX_ARMOR = 10
"""Most Armor in an arc."""
DEFAULTS = (4, 3, 2, 2, 4)
"""Defense, Sensors, Thrusters, Marines, Structure of the default ship."""
MAX_SKILL = 12
"""Most Skill a Capital Ship may have (the Ram's Skill Test keeps its pool under the dice caps)."""
SKILL_HELP = "The ship's Skill: the base pool of its Skill Tests (the Ram's, the Actions')."
BOXES_HELP = "Unmarked boxes left (a doubled box counts twice). A Rating at 0 counts as reduced to 0."
"""Said once per ship (once per form when two ships share it), not under every row of boxes."""


def ship_parts(defaults: tuple[int, ...] = DEFAULTS, traits: int = 1, weapons: int = 2,
               extra: tuple[Input, ...] = (), skill_shown: bool = False) -> tuple[Input, ...]:
    """A ship's numbers: boxes left in each Rating, Structure left, `extra` (what one resolver also reads), then the
    rarely changed Skill, System Traits, weapons and Armor by arc (folded under the ship's "More"; the Skill shown where
    the resolver rolls it, `skill_shown`). Every ship input holds every number of the fleet's card, so a fleet ship
    picked and applied back keeps them all."""
    rows = tuple(Input(name.lower(), "int", f"{name} boxes left", default=d, low=0, high=MAX_BOXES)
                 for name, d in zip(RATINGS, defaults))
    return (*rows,
            Input("structure", "int", "Structure left", default=defaults[4], low=0, high=MAX_STRUCTURE,
                  help="0 is Crippled."),
            *extra,
            Input("skill", "int", "Skill", default=3, low=0, high=MAX_SKILL, more=not skill_shown, help=SKILL_HELP),
            Input("traits", "int", "System Traits", default=traits, low=0, high=MAX_TRAITS, more=True,
                  help="System Traits on the card (Hangers, Catapult...), each with the boxes below."),
            Input("trait_boxes", "int", "Boxes left in System Trait 1", default=1, low=0, high=MAX_TRAIT_BOXES,
                  more=True, help="0: reduced to 0 (it counts on the Catastrophic Damage Table)."),
            Input("trait2_boxes", "int", "Boxes left in System Trait 2", default=1, low=0, high=MAX_TRAIT_BOXES,
                  more=True, when=("traits", "2")),
            Input("weapons", "int", "Undamaged weapons (not Spinal)", default=weapons, low=0, high=MAX_WEAPONS,
                  more=True),
            Input("spinal", "int", "Undamaged Spinal Arc (SPN) weapons", default=0, low=0, high=MAX_WEAPONS, more=True),
            *armor_parts())


def armor_parts() -> tuple[Input, ...]:
    """The card's Armor, one number per arc (`armor_part`): no rule changes it in play."""
    return tuple(Input(armor_part(arc), "int", f"{words.capitalize()} Armor", default=0, low=0, high=MAX_ARMOR, more=True,
                       help="" if arc != "front" else "Its data card's Armor in each arc: an attack takes the "
                       "Armor of the arc it strikes.")
                 for arc, words in ARMOR_ARCS.items())


def armor_part(arc: str) -> str:
    """The part holding a ship's Armor in `arc` (a key of ARMOR_ARCS): "armor_front"."""
    return f"armor_{arc}"


def arc_input(name: str, label: str, default: str, help: str, when: tuple[str, str] | None = None,
              assumed: str = "") -> Input:
    """A choice of a ship's arc, in the words of ARMOR_ARCS ("side (flank)"): which Armor of its card counts."""
    return Input(name, "choice", label, default=ARMOR_ARCS[default], choices=tuple(ARMOR_ARCS.values()), help=help,
                 when=when, assumed=assumed)


def armor_of(values: Inputs, ship: str, arc_words: object) -> int:
    """The Armor of the ship input `ship` in the arc named `arc_words` (a choice of `arc_input`)."""
    arc = next(arc for arc, words in ARMOR_ARCS.items() if words == arc_words)
    return int_of(group_of(values, ship), armor_part(arc))


def ship_input(name: str = "ship", who: str = "Ship", parts: tuple[Input, ...] | None = None,
               when: tuple[str, str] | None = None) -> Input:
    """One Capital Ship as one input: `parts` (default `ship_parts()`) by name, the shared boxes help said once."""
    return Input(name, "ship", who, default={}, parts=ship_parts() if parts is None else parts, help=BOXES_HELP,
                 when=when)


def card_input(*names: str, name: str = "ship", who: str = "Ship", defaults: dict[str, int] | None = None) -> Input:
    """A ship input holding only the card numbers `names` a resolver reads (an Action's Thrusters, Sensors, Skill), so a
    ship picked from the fleet fills them; `defaults` overrides a part's default (a requirement met by default)."""
    given = defaults or {}
    parts = tuple(replace(part, more=False, default=given.get(part.name, part.default))
                  for part in ship_parts() if part.name in names)
    if len(parts) != len(names):
        raise ValueError(f"{names} are not all numbers of a ship's card")
    return ship_input(name, who, parts)


def end_state(values: Inputs, name: str, ship: Ship, boarders: int | None = None, fate: str | None = None) -> dict[str, object]:
    """The ship input `name` after a resolution, in the input's own shape, for the fleet to keep.

    "numbers": every part the input was given, as it stands now (boxes left, Structure, weapons; a number the
    resolution does not change, such as the starting Structure, as given; the Boarders aboard when given); "fate":
    "" in play, "Destroyed", "Dead", "Explodes" (the ship's), or `fate` ("Captured"); "crippled": Structure 0.
    """
    numbers = dict(group_of(values, name))
    numbers.update({rating.lower(): ship.left[index] for index, rating in enumerate(RATINGS)})
    numbers.update(structure=ship.structure, weapons=ship.weapons, spinal=ship.spinal)
    numbers.update(zip(TRAIT_PARTS, ship.traits))
    if boarders is not None:
        numbers["boarders"] = boarders
    return {"numbers": numbers, "fate": fate or ship.fate, "crippled": ship.crippled}


def trait_boxes(numbers: Mapping[str, object]) -> tuple[int, ...]:
    """The boxes left in each of a ship's System Traits ("traits" of them), from its numbers."""
    return tuple(int_of(numbers, part) for part in TRAIT_PARTS[:int_of(numbers, "traits")])


def ship_of(values: Inputs, name: str = "ship") -> Ship:
    """The Ship the input `name` describes; every Rating and System Trait counts as having had boxes."""
    numbers = group_of(values, name)
    ratings = tuple(int_of(numbers, rating.lower()) for rating in RATINGS)
    left = (*ratings, *trait_boxes(numbers))
    return Ship(start=tuple(max(1, n) for n in left), left=left, structure=int_of(numbers, "structure"),
                weapons=int_of(numbers, "weapons"), spinal=int_of(numbers, "spinal"))


FATE_LABELS = {"": "in play", "Destroyed": "Destroyed (removed)", "Dead": "Dead (Destroyed)",
               "Explodes": "Explodes (Destroyed)"}


def fate_charts(ends: Dist[tuple[str, int]], who: str = "The ship") -> list[Chart]:
    """From a Dist of `damage.fate` views: Crippled / Destroyed / Explodes, then the fate in full, then Structure left."""
    summary = Chart(f"{who}: Crippled, Destroyed, Explodes (each on its own)", (
        Row("Crippled (Structure 0)", ends.p(lambda end: end[1] == 0)),
        Row("Destroyed", ends.p(lambda end: end[0] != "")),
        Row("Explodes", ends.p(lambda end: end[0] == "Explodes"))))
    fates = ends.map(lambda end: end[0])
    structure = ends.map(lambda end: end[1])
    return [summary,
            Chart.of(f"{who}: fate", fates, FATE_LABELS.__getitem__, order=("", "Dead", "Explodes") + (("Destroyed",) if "Destroyed" in fates else ())),
            Chart.of(f"{who}: Structure left", structure, lambda n: f"Structure {n}" + (" (Crippled)" if n == 0 else ""),
                     order=sorted(structure, reverse=True))]
