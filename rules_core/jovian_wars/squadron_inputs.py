"""A Squadron as one declared input: the numbers of its data card that the v1.2.4 texts use, declared once.

`squadron_input(name, who)` declares one input of kind "squadron" whose value is an object of `squadron_parts()`,
checked in one place (`Input.check`), its errors naming the Squadron ("Squadron A: Skill: a whole number from 0 to 8,
not 9"). What the texts read of a Squadron's card: its Structure (Squadron Damage; 0 is Destroyed), Skill (the
Dogfight pool, the Ram's Skill Test), Fuel remaining (the Dogfight's bid, the Fuel: 1+ requirements), its non-Missile
weapon (which of the Weapon Initiative table's weapons, its AS and Macro), a Missile if it has one (AS, Macro) and the
Evasive trait (+1 Defense in a Dogfight); its Sensors (v1.2.1's Vector Attack requires "Sensors: 1+" of either kind of
model, and its Skill Test may roll them) and its Armor (an Explosion's attack subtracts it: Reading `armor-by-arc`),
each as its data card gives it, 0 where it gives none. What one fight decides (the Missile declared, the Fuel bid, the dice to the
Attack pool, the modifiers) is the resolver's own input, not the card's.

`squadron_of(values, name)` reads it back; `squadron_end(values, name, structure)` is its end state after a
resolution, in the input's own shape (as `ship_inputs.end_state` is a Capital Ship's).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..dice.pools import MAX_MACRO
from ..errors import InputError
from ..inputs import Input
from ..values import group_of, int_of
from .dogfight.initiative import WEAPONS
from .ship_inputs import MAX_ARMOR

MOST_RATING = 8
"""Largest AS or Skill: with a Fuel bid of 12, every Dogfight pool (+1 Evasive or modifier) stays under 30 dice."""
MOST_STRUCTURE = 12
"""Most Structure a Squadron may have left."""
MOST_FUEL = 12
"""Most Fuel a Squadron may have left."""
DESTROYED = "Destroyed"
"""A Squadron's fate at 0 Structure (v1.2.4 Damage: "Squadrons whose Structure rating is reduced to zero are
Destroyed")."""


@dataclass(frozen=True, slots=True)
class SquadronCard:
    """A Squadron's card numbers, as checked."""

    structure: int
    skill: int
    fuel: int
    weapon: str
    as_rating: int
    macro: int
    missile: bool
    missile_as: int
    missile_macro: int
    evasive: bool
    sensors: int
    armor: int


def squadron_parts(weapon: str = "Particle Cannon", missile: bool = False, structure: int = 2) -> tuple[Input, ...]:
    """A Squadron's card: Structure left, Skill, Fuel, its weapon, its Missile if any, Evasive, then the rarely read
    Sensors and Armor (folded under the Squadron's "More")."""
    has_missile = ("missile", "true")
    return (
        Input("structure", "int", "Structure left", default=structure, low=0, high=MOST_STRUCTURE,
              help="0 is Destroyed."),
        Input("skill", "int", "Skill", default=3, low=0, high=MOST_RATING),
        Input("fuel", "int", "Fuel remaining", default=2, low=0, high=MOST_FUEL),
        Input("weapon", "choice", "Non-Missile weapon", default=weapon, choices=WEAPONS),
        Input("as_rating", "int", "Weapon AS", default=2, low=0, high=MOST_RATING),
        Input("macro", "int", "Weapon Macro", default=0, low=-MAX_MACRO, high=MAX_MACRO),
        Input("missile", "bool", "Has a Missile weapon", default=missile),
        Input("missile_as", "int", "Missile AS", default=3, low=0, high=MOST_RATING, when=has_missile),
        Input("missile_macro", "int", "Missile Macro", default=0, low=-MAX_MACRO, high=MAX_MACRO, when=has_missile),
        Input("evasive", "bool", "Evasive trait", default=False, help="+1 to its Defense pool in a Dogfight."),
        Input("sensors", "int", "Sensors", default=0, low=0, high=MOST_RATING, more=True,
              help="Its data card's Sensors and Armor, 0 where the card gives none."),
        Input("armor", "int", "Armor", default=0, low=0, high=MAX_ARMOR, more=True),
    )


def squadron_input(name: str = "squadron", who: str = "Squadron", parts: tuple[Input, ...] | None = None,
                   when: tuple[str, str] | None = None) -> Input:
    """One Squadron as one input: `parts` (default `squadron_parts()`) by name."""
    return Input(name, "squadron", who, default={}, parts=squadron_parts() if parts is None else parts, when=when)


def squadron_of(values: Mapping[str, object], name: str = "squadron") -> SquadronCard:
    """The Squadron the input `name` describes."""
    card = group_of(values, name)
    return SquadronCard(structure=int_of(card, "structure"), skill=int_of(card, "skill"), fuel=int_of(card, "fuel"),
                        weapon=str(card["weapon"]), as_rating=int_of(card, "as_rating"), macro=int_of(card, "macro"),
                        missile=bool(card["missile"]), missile_as=int_of(card, "missile_as"),
                        missile_macro=int_of(card, "missile_macro"), evasive=bool(card["evasive"]),
                        sensors=int_of(card, "sensors"), armor=int_of(card, "armor"))


def in_play(values: Mapping[str, object], name: str) -> SquadronCard:
    """The Squadron `name`, refused when its Structure is 0: a Destroyed Squadron has been removed from the table."""
    squadron = squadron_of(values, name)
    if squadron.structure == 0:
        raise InputError(f"{name}.structure", f"a whole number from 1 to {MOST_STRUCTURE}, not 0 (at 0 Structure a "
                                              "Squadron is Destroyed and removed from the table)")
    return squadron


def squadron_end(values: Mapping[str, object], name: str, structure: int, destroyed: bool = False,
                 fuel: int | None = None) -> dict[str, object]:
    """The Squadron input `name` after a resolution, for the fleet to keep: "numbers" (every part as it stands now:
    its Structure left, its Fuel left when the resolution expends some, the rest as given), "fate" ("" in play,
    "Destroyed" at 0 Structure or when the rule destroys it, as a Ram does) and "crippled" (False: a Squadron is never
    Crippled; one shape for every model's end state)."""
    numbers = {**group_of(values, name), "structure": structure, **({} if fuel is None else {"fuel": fuel})}
    return {"numbers": numbers, "fate": DESTROYED if destroyed or structure == 0 else "", "crippled": False}
