"""v1.2.4 Dogfight page: the Weapon Initiative table, the order it gives a Dogfight's step 6, and its resolver."""

from __future__ import annotations

from ...answers import Answer, Outcome
from ...inputs import Input
from ...registry import Inputs, Resolver

VERSIONS = ("v1.2.4",)
"""The rules versions whose text these resolvers implement."""

INITIATIVE: dict[str, int | None] = {"Beam Projector": 1, "Particle Cannon": 2, "Kinetic Cannon": 3, "Mass Driver": 4,
                                     "Lance": None}
"""The Weapon Initiative table: lower acts first; None is Simultaneous (Lance)."""
WEAPONS = tuple(INITIATIVE)


def order(weapon_a: str, weapon_b: str) -> str:
    """"a", "b" (who acts first) or "simultaneous"."""
    first, second = INITIATIVE[weapon_a], INITIATIVE[weapon_b]
    if first is None or second is None or first == second:
        return "simultaneous"
    return "a" if first < second else "b"


# ---------------------------------------------------------------- Weapon Initiative

ALL_WEAPONS = (*WEAPONS, "Missile")


def _initiative_text(weapon: str) -> str:
    if weapon == "Missile":
        return "Last (after all other attacks)"
    rank = INITIATIVE[weapon]
    return "Simultaneous with any weapon" if rank is None else f"Initiative {rank}"


def _initiative_run(values: Inputs) -> Answer:
    a, b = str(values["weapon_a"]), str(values["weapon_b"])
    steps = [f"{a}: {_initiative_text(a)}.", f"{b}: {_initiative_text(b)}."]
    if "Missile" in (a, b) and a != b:
        first = b if a == "Missile" else a
        headline = f"{first} first; Missiles after all other attacks"
    elif a == b:
        headline = "Same initiative: resolve attacks and apply damage simultaneously"
    else:
        who = order(a, b)
        headline = ("Simultaneous (a Lance resolves with any weapon)" if who == "simultaneous"
                    else f"{a if who == 'a' else b} first; its damage applies before the other attacks")
    return Answer(Outcome(headline), (*steps, headline + "."))


WEAPON_INITIATIVE = Resolver(
    id="jovian-wars/v1.2.4/weapon-initiative",
    title="Weapon Initiative",
    summary="Which weapon attacks first in a Dogfight.",
    inputs=(Input("weapon_a", "choice", "First Squadron's weapon", default="Particle Cannon", choices=ALL_WEAPONS),
            Input("weapon_b", "choice", "Second Squadron's weapon", default="Mass Driver", choices=ALL_WEAPONS)),
    run=_initiative_run,
    serves=("weapon-initiative",), versions=VERSIONS,
)
