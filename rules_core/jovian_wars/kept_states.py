"""The v1.2.4 States a fleet ship keeps between resolutions, what enters each, and what the End Phase does to it.

A fleet ship holds its States as {name: X} (`True` for a State without X): an Action whose outcome enters one reports
it in its end state's "states" (actions/action.py `Enters`), "Apply to the fleet" writes it, and the Fleet page's
"End Phase" ends or lowers each as its `end_phase` says (calculators/page/fleet-states.js holds the same table: the
fleet's record is read on every page, with no engine; tests/site/test_fleet_states.py holds the two equal). Each
State's words on its end are the text's (tests/rules_core/test_kept_states.py finds each in sources/).

Kept: the States a fleet ship enters by an Action of its own (Evade, Station Keep, Hard Burn), and those an Action
puts on its Capital Ship target (Combined Attack's Targeted:X, Suppressing Fire's Suppressed:X), whose X now the
target's pick fills (`STATE_PARTS`), Stealthed, which declaring Silent Running enters, a Squadron's Escorting, which
Combat Air Patrol enters and the End Phase leaves (`KEPT_ON`), and its Assaulting, which a completed Bombing Run
enters at the player's word (the texts hold no Bombing Run to resolve), and Overdriven, kept as the
Rating it is held for, which Overdrive enters after its damage ([D] or [T+]: on [N] the damage "as if was hit by a
single Particle Cannon attack" names no AC, so that outcome is not applied at all).
"""

from __future__ import annotations

from dataclasses import dataclass

CANCELLED = "cancelled"
"""The End Phase ends the State."""
X_DOWN = "x-1"
"""The End Phase lowers X by one; a State at X 0 ends."""
KEPT_ON = "kept"
"""The End Phase leaves it: it ends only as its own rule says (ended by hand on the Fleet page)."""


@dataclass(frozen=True, slots=True)
class KeptState:
    """One State a fleet ship keeps."""

    name: str
    """As the texts name it, without ":X": "Hard Burn"."""
    x: bool
    """A State with an X ("Hard Burn:X"), kept as its X; else kept as `True`."""
    end_phase: str
    """`CANCELLED`, `X_DOWN` or `KEPT_ON`."""
    says: str
    """The text on how it ends, word for word."""
    resolver: str
    """The resolver of the State's own rule (actions/states.py), which a fleet ship holding it opens."""
    of: tuple[str, ...] = ()
    """A State held for one of these (Overdriven: the chosen Rating), kept as its name; () for the others."""


EVADING = KeptState("Evading", False, CANCELLED, "The Model gains the Evading state, which is removed in the End Phase.",
                    "jovian-wars/v1.2.4/evading")
STATION_KEEPING = KeptState("Station Keeping", False, CANCELLED,
                            "This ship gains the Station Keeping state, which is canceled in the End Phase.",
                            "jovian-wars/v1.2.4/station-keeping")
HARD_BURN = KeptState("Hard Burn", True, X_DOWN,
                      "During the End Phase, the model leaves the Hard Burn:X state and enters the Hard Burn:X-1 state "
                      "unless X was 0, in which case the Hard Burn:X state is canceled entirely.",
                      "jovian-wars/v1.2.4/hard-burn-x")
TARGETED = KeptState("Targeted", True, CANCELLED, "Capital Ship Combined Attack End Phase", "jovian-wars/v1.2.4/targeted-x")
"""Its table row (Requirements, Entering, Cancellation): cancelled in the End Phase."""
SUPPRESSED = KeptState("Suppressed", True, CANCELLED, "Suppressing Fire Action End Phase, Attack Resolution",
                       "jovian-wars/v1.2.4/suppressed")
"""Its table row: cancelled in the End Phase, or by Attack Resolution (ended by hand on the Fleet page)."""
STEALTHED = KeptState("Stealthed", False, CANCELLED,
                      "This state is canceled during the End Phase or if the model expends Fire Control to fire weapons "
                      "other than Missiles or Drones.", "jovian-wars/v1.2.4/stealthed")
"""Cancelled in the End Phase, or by firing weapons other than Missiles or Drones (ended by hand on the Fleet page)."""
OVERDRIVEN = KeptState("Overdriven", False, CANCELLED,
                       "The chosen Overdriven rating behaves as if it were its full, undamaged value until the End Phase.",
                       "jovian-wars/v1.2.4/overdriven", of=("Defense", "Sensors", "Thrusters"))
"""Kept as the chosen Rating ({"Overdriven": "Thrusters"}); its rule opens at that Rating."""
ESCORTING = KeptState("Escorting", False, KEPT_ON,
                      "Base to Base with Capital Ship with CAP Trait Deployment or Combat Air Patrol Action Vector Attack",
                      "jovian-wars/v1.2.4/escorting")
"""Its table row: entered by Deployment or Combat Air Patrol, cancelled by a Vector Attack (ended by hand), never by
the End Phase."""
ASSAULTING = KeptState("Assaulting", False, KEPT_ON, "Exo-Armor Bombing Run Action Destroyed,Interception",
                       "jovian-wars/v1.2.4/assaulting")
"""Its table row: entered by the Bombing Run Action (an Exo-Armor Squadron that "has successfully completed a Bombing
Run may choose to enter" it: the player says so on Bombing), cancelled when Destroyed (the fate) or by an Interception,
and left by Disengage (ended by hand), never by the End Phase."""
KEPT: tuple[KeptState, ...] = (EVADING, STATION_KEEPING, HARD_BURN, TARGETED, SUPPRESSED, STEALTHED, OVERDRIVEN,
                               ESCORTING, ASSAULTING)
"""Every State a fleet ship keeps, in the order a card lists them."""
MOST_X = 30
"""The highest X a kept State holds: the inputs' own bounds (Suppressing Fire's AC at most 30)."""
STATE_PARTS = {"targeted": TARGETED, "suppressed": SUPPRESSED}
"""A target's input part that is the X of a State it holds (0: not in it), which a fleet pick fills from the ship."""

WITHDRAWN = "Withdrawn"
"""Withdraw's "[D+] allows this model to enter the Withdrawn state": the model leaves the game, so the fleet keeps it
as the ship's fate (beside Destroyed and Captured), not as a State the End Phase could end."""
WITHDRAWN_SAYS = "Models that successfully Withdraw are worth 0.5x points."


__all__ = ["KEPT", "KeptState", "EVADING", "STATION_KEEPING", "HARD_BURN", "TARGETED", "SUPPRESSED", "STEALTHED", "OVERDRIVEN",
           "ESCORTING", "ASSAULTING", "STATE_PARTS",
           "CANCELLED", "X_DOWN", "KEPT_ON", "MOST_X",
           "WITHDRAWN", "WITHDRAWN_SAYS"]
