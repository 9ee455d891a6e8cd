"""A Capital Ship's state as declared inputs, and its fate as charts: what every damage view shares.

`ship_inputs(prefix, who)` declares the boxes left in each Rating, Structure, System Traits and
weapons (names prefixed for a second ship, "target_"); `ship_of(values, prefix)` builds the
`rules_core.jovian_wars.ship.Ship`; `fate_charts` turns a `Dist` of `damage.fate` views into the charts a
player asks for (Crippled, Destroyed, Explodes, Structure left).

The caps keep the exact search of the attacker's choices (rules_core.jovian_wars.damage.step) inside the time a
phone allows; they are above every Capital Ship's data card we know.
"""

from __future__ import annotations

from ..answers import Chart, Row
from ..dice.dist import Dist
from ..inputs import Input
from ..registry import Inputs
from .ship import RATINGS, Ship
from ..values import int_of

MAX_BOXES = 6
"""Most boxes a Rating may have left."""
MAX_STRUCTURE = 8
"""Most Structure a ship may have left."""
MAX_TRAITS = 2
"""Most System Traits with boxes."""
MAX_TRAIT_BOXES = 4
"""Most boxes a System Trait may have left."""
MAX_WEAPONS = 6
"""Most undamaged weapons of each kind."""
DEFAULTS = (4, 3, 2, 2, 4)
"""Defense, Sensors, Thrusters, Marines, Structure of the default ship."""


def ship_inputs(prefix: str = "", who: str = "", defaults: tuple[int, ...] = DEFAULTS, traits: int = 1,
                weapons: int = 2) -> tuple[Input, ...]:
    """The ship's rows of boxes left, Structure, System Traits and weapons, names prefixed for a second ship."""
    label = f"{who}: " if who else ""
    boxes_help = "Unmarked boxes left (a doubled box counts twice). A Rating at 0 counts as reduced to 0."
    rows = tuple(Input(f"{prefix}{name.lower()}", "int", f"{label}{name} boxes left", default=d, low=0, high=MAX_BOXES,
                       help=boxes_help) for name, d in zip(RATINGS, defaults))
    return (*rows,
            Input(f"{prefix}structure", "int", f"{label}Structure left", default=defaults[4], low=0, high=MAX_STRUCTURE,
                  help="0 is Crippled."),
            Input(f"{prefix}traits", "int", f"{label}System Traits", default=traits, low=0, high=MAX_TRAITS, more=True,
                  help="System Traits on the card (Hangers, Catapult...), each with the boxes below."),
            Input(f"{prefix}trait_boxes", "int", f"{label}Boxes left in each System Trait", default=1, low=0,
                  high=MAX_TRAIT_BOXES, more=True, help="0: reduced to 0 (it counts on the Catastrophic Damage Table)."),
            Input(f"{prefix}weapons", "int", f"{label}Undamaged weapons (not Spinal)", default=weapons, low=0,
                  high=MAX_WEAPONS, more=True),
            Input(f"{prefix}spinal", "int", f"{label}Undamaged Spinal Arc (SPN) weapons", default=0, low=0,
                  high=MAX_WEAPONS, more=True))


def ship_of(values: Inputs, prefix: str = "") -> Ship:
    """The Ship the inputs describe; every Rating and System Trait counts as having had boxes."""
    ratings = tuple(int_of(values, f"{prefix}{name.lower()}") for name in RATINGS)
    traits = (int_of(values, f"{prefix}trait_boxes"),) * int_of(values, f"{prefix}traits")
    left = (*ratings, *traits)
    return Ship(start=tuple(max(1, n) for n in left), left=left, structure=int_of(values, f"{prefix}structure"),
                weapons=int_of(values, f"{prefix}weapons"), spinal=int_of(values, f"{prefix}spinal"))


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
