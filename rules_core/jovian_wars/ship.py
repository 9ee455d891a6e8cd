"""A Capital Ship's state as the v1.2.4 Damage page needs it (How the dice work §6b "Damage as normal").

Ratings and System Traits are rows of boxes: how many the data card shows (`start`) and how many
are still unmarked (`left`), a doubled box counting twice. Structure is its own track; reaching 0
is Crippled. A ship's fate is "" while it is in play, "Dead" or "Explodes" from the Catastrophic
Damage Table, or "Destroyed" when a rule removes it outright (a Ram by a Crippled ship).
Immutable: every change returns a new Ship, so states can be counted in a `Dist`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

RATINGS: tuple[str, ...] = ("Defense", "Sensors", "Thrusters", "Marines")
"""The non-Structure Ratings that take Rating Damage, in data-card order (indexes 0-3 of a Ship's boxes)."""
MARINES = 3
"""Index of the Marines rating."""
SYSTEM_RATINGS: tuple[str, ...] = tuple(name for index, name in enumerate(RATINGS) if index != MARINES)
"""The Ratings that are Systems on the Catastrophic Damage Table, with each System Trait; Marines are personnel, not a
System (How the dice work §6b, Reading `systems-at-zero`)."""
VALUE_RATING: dict[int, int] = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2}
"""The Rating Damage table: a [D] result's Value -> the Rating it damages (1-2 Defense, 3-4 Sensors, 5-6 Thrusters)."""


@dataclass(frozen=True, slots=True)
class Ship:
    """One Capital Ship's damage state."""

    start: tuple[int, ...]
    """Boxes on the data card: Defense, Sensors, Thrusters, Marines, then each System Trait."""
    left: tuple[int, ...]
    """Boxes still unmarked, in the same order (the current rating is the highest unmarked box)."""
    structure: int
    """Structure left; 0 is Crippled (it never goes below 0)."""
    weapons: int = 0
    """Undamaged weapons without the Spinal Arc (a Critical Hit damages one on 5+)."""
    spinal: int = 0
    """Undamaged Spinal Arc (SPN) weapons (damaged on 6+)."""
    fate: str = ""
    """"" in play; "Destroyed", "Dead" or "Explodes" once out of play."""

    @classmethod
    def of(cls, ratings: tuple[int, int, int, int], structure: int, traits: tuple[int, ...] = (), weapons: int = 0,
           spinal: int = 0, start: tuple[int, ...] | None = None) -> Ship:
        """A ship from its boxes left (Defense, Sensors, Thrusters, Marines), Structure and System Traits' boxes left.

        `start` defaults to the boxes left: a Rating at 0 then never counts as "reduced to 0".
        """
        left = (*ratings, *traits)
        first = left if start is None else start
        if len(first) != len(left) or any(s < n for s, n in zip(first, left)):
            raise ValueError(f"starting boxes {first} must cover the boxes left {left}")
        return cls(start=first, left=left, structure=structure, weapons=weapons, spinal=spinal)

    # ------------------------------------------------------------ reading it

    @property
    def traits(self) -> tuple[int, ...]:
        """Boxes left in each System Trait."""
        return self.left[len(RATINGS):]

    @property
    def marines(self) -> int:
        return self.left[MARINES]

    @property
    def crippled(self) -> bool:
        return self.structure == 0

    @property
    def destroyed(self) -> bool:
        return self.fate != ""

    def name(self, index: int) -> str:
        """"Defense" ... "Marines", then "System Trait 1", "System Trait 2" ..."""
        return RATINGS[index] if index < len(RATINGS) else f"System Trait {index - len(RATINGS) + 1}"

    def systems_at_zero(self) -> int:
        """The Catastrophic Damage Table's modifier: Systems reduced to 0 (Reading `systems-at-zero`).

        The Systems are Defense, Sensors, Thrusters and each System Trait; Marines are personnel, not a System.
        """
        return sum(1 for row, (first, now) in enumerate(zip(self.start, self.left))
                   if row != MARINES and first > 0 and now == 0)

    def remaining_ratings(self) -> tuple[int, ...]:
        """Indexes of the Ratings (not System Traits) with a box left: where an empty Rating's hit is randomised."""
        return tuple(i for i in range(len(RATINGS)) if self.left[i] > 0)

    def damage(self) -> int:
        """The attacker's "most damage", up to a constant of the ship: boxes marked, Structure lost, weapons damaged."""
        return sum(self.start) - sum(self.left) - self.structure - self.weapons - self.spinal

    def text(self) -> str:
        """"Defense 4, Sensors 3, Thrusters 2, Marines 2, Structure 1 (Crippled)"."""
        rows = ", ".join(f"{self.name(i)} {n}" for i, n in enumerate(self.left))
        state = " (Crippled)" if self.crippled and not self.destroyed else ""
        fate = {"Destroyed": ": Destroyed", "Dead": ": Dead, Destroyed", "Explodes": ": Explodes, Destroyed"}.get(self.fate, "")
        return f"{rows}, Structure {self.structure}{state}{fate}"

    # ------------------------------------------------------------ changing it

    def mark(self, index: int) -> Ship:
        """One box of row `index` marked (the row must have one)."""
        left = list(self.left)
        left[index] -= 1
        return replace(self, left=tuple(left))

    def with_marines(self, marines: int) -> Ship:
        """Marines set to `marines` boxes left (a firefight's losses, Purge Airlocks)."""
        left = list(self.left)
        left[MARINES] = marines
        return replace(self, left=tuple(left))

    def with_fate(self, fate: str) -> Ship:
        return replace(self, fate=fate)
