"""The War Galley attack-modes aid as data (How the dice work §9 "War Galley").

Every string here is the aid's own wording (war-galley-attack-modes.txt), split into the
separate conditions and results its flattened cells hold. Nothing here is from the game's
rulebook: its tables are not public, so the dice side lives in `galley_dice` and asks the
player for the number needed.
"""

from __future__ import annotations

from dataclasses import dataclass

NONE = "None"
"""The aid's word for "no change"."""


@dataclass(frozen=True, slots=True)
class Results:
    """What one roll does to each ship, in the aid's words (a stage of an attack mode)."""

    success_attacker: tuple[str, ...]
    """The aid's Success-Attacker cell, one state change per item."""
    success_defender: tuple[str, ...]
    """Success-Defender: what the target suffers when the attack succeeds."""
    failure_attacker: tuple[str, ...]
    """Failure-Attacker."""
    failure_defender: tuple[str, ...]
    """Failure Defender."""

    def lines(self, success: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(attacker's changes, defender's changes) for a success or a failure."""
        if success:
            return self.success_attacker, self.success_defender
        return self.failure_attacker, self.failure_defender


@dataclass(frozen=True, slots=True)
class AttackMode:
    """One Attack Mode row of the aid."""

    slug: str
    """Id part: war-galley/aid/<slug>, and the entry's anchor on the galley page."""
    name: str
    """The aid's name for it, e.g. "Rake(Pass-By)"."""
    conditions: tuple[str, ...]
    """Each condition of the Conditions cell, in the aid's order."""
    defenses: tuple[str, ...]
    """Active Defenses the target may answer with (the defensive modes' names)."""
    stages: tuple[tuple[str, Results], ...]
    """("", results) for one roll; the Anastrophe has ("Rake", ...), ("Ram", ...)."""
    dice: int
    """Six-sided dice its roll uses (0: the aid names no roll we know of)."""


@dataclass(frozen=True, slots=True)
class DefensiveMode:
    """One Defensive Mode row of the aid."""

    slug: str
    name: str
    conditions: tuple[str, ...]
    success: tuple[str, ...]
    """The Success cell ("Success(Reaction)" for Reaction Ram); empty when the row stops."""
    failure: tuple[str, ...]
    """The Failure cell; empty when the row stops."""
    row_ends_after_conditions: bool = False
    """True for Defensive Missile Fire: the aid gives no results for it at all."""


AVOIDANCE_NAME = "Avoidance"
MISSILE_FIRE_NAME = "Missile Fire"
REACTION_RAM_NAME = "Reaction Ram"

_RAM = Results(
    success_attacker=("Flip to cruise speed", "Check fatigue", "Check for fouling/retraction"),
    success_defender=("Rammed", "Remove fatigue"),
    failure_attacker=("Flip to cruise speed", "Check fatigue", "Half Speed", "No grapple this turn"),
    failure_defender=("Flip to cruise speed", "No fatigue check"),
)
_RAKE = Results(
    success_attacker=(NONE,),
    success_defender=("Crippled", "Flip to cruise speed", "Remove fatigue"),
    failure_attacker=(NONE,),
    failure_defender=(NONE,),
)
_ANASTROPHE_RAKE = Results(
    success_attacker=(NONE,),
    success_defender=("Crippled", "Flip to cruise speed", "Remove fatigue"),
    failure_attacker=("-1 to ram attack",),
    failure_defender=(NONE,),
)
_ANASTROPHE_RAM = Results(
    success_attacker=("Flip to cruise speed", "Check fatigue (at roll of 7)", "Check for fouling/retraction"),
    success_defender=("Rammed", "Remove fatigue"),
    failure_attacker=("Flip to cruise speed", "Check fatigue (at roll of 7)", "Half Speed", "No grapple this turn"),
    failure_defender=("Flip to cruise speed", "No fatigue check"),
)
_GRAPPLE = Results(("Grappled",), ("Grappled",), (NONE,), (NONE,))
_BOARDING = Results(("Possible losses",), ("Defender captured",), ("Possible losses",), ("Possible losses",))
_MISSILES = Results((NONE,), ("Depleted",), (NONE,), (NONE,))

_CLOSE_DEFENSES = (AVOIDANCE_NAME, MISSILE_FIRE_NAME, REACTION_RAM_NAME)

ATTACK_MODES: dict[str, AttackMode] = {
    mode.slug: mode
    for mode in (
        AttackMode(
            "ram", "Ram",
            (
                "Ram Attack > 0",
                "Must be adjacent to target ship, but not in its bow or stern",
                "Must be pointing at the target ship",
                "Can't backwater during move",
                "Can't pivot in place during move",
                "Can't enter the same hex twice during move",
                "Can't be movement-impaired",
            ),
            _CLOSE_DEFENSES, (("", _RAM),), 2,
        ),
        AttackMode(
            "rake-pass-by", "Rake(Pass-By)",
            (
                "You must move to the middle flank hex of the target ship, with your movement be "
                "parallel to the enemy direction",
                "Note movement-restricted",
            ),
            _CLOSE_DEFENSES, (("", _RAKE),), 2,
        ),
        AttackMode(
            "rake-pass-through-or-diekplus", "Rake(Pass-through or Diekplus)",
            (
                "You must move straight through the enemy ship, and come out and reach vacant hexes for a ship.",
                "You may pass through other enemy ships and even rake them, if you have enough MP.",
                "Must be at Max Speed",
            ),
            _CLOSE_DEFENSES, (("", _RAKE),), 2,
        ),
        AttackMode(
            "anastrophe", "Anastrophe",
            (
                "You must be within 2 of the front of the target.",
                "You must be within 60° of the front of the target",
                "You must be facing the target or in position to rake",
                "You must have room to turn around after the rake portion of the anastrophe and deliver the ram",
                "Must be at Max Speed",
                "Your ship must have an asterisked ram attack",
            ),
            _CLOSE_DEFENSES, (("Rake", _ANASTROPHE_RAKE), ("Ram", _ANASTROPHE_RAM)), 2,
        ),
        AttackMode(
            "grappling", "Grappling",
            ("At cruise speed", "Adjacent to an enemy ship (through flank hexsides of both)"),
            (MISSILE_FIRE_NAME,), (("", _GRAPPLE),), 1,
        ),
        AttackMode("boarding", "Boarding", ("Be grappled",), (), (("", _BOARDING),), 2),
        AttackMode(
            "missile-fire", "Missile Fire",
            ("Target within 2 hexes", "Target in LOS across flank hexside"),
            (MISSILE_FIRE_NAME,), (("", _MISSILES),), 0,
        ),
        AttackMode(
            "missile-fire-flame", "Missile Fire(Flame)", ("Target adjacent",),
            (MISSILE_FIRE_NAME,), (("", _MISSILES),), 0,
        ),
    )
}
"""The eight Attack Modes, by slug, in the aid's order."""

DEFENSIVE_MODES: dict[str, DefensiveMode] = {
    mode.slug: mode
    for mode in (
        DefensiveMode(
            "avoidance", AVOIDANCE_NAME,
            ("An enemy ship just moved adjacent", "Not fatigued, crippled, rammed, fouled"),
            success=(
                "Move 1 hex straight forward at max speed",
                "Move 1 hex straight forward or backward at cruise speed",
                "Fatigue 2",
            ),
            failure=(NONE,),
        ),
        DefensiveMode(
            "reaction-ram", REACTION_RAM_NAME,
            ("An enemy ship moves adjacent to your bow hex, presenting a flank hex",),
            success=(
                "Resolve Ram",
                "If ram fails, reduce target speed by 1",
                "If ram fails, target is -1 on any ram/rake roll",
            ),
            failure=(NONE,),
        ),
        DefensiveMode(
            "defensive-missile-fire", "Defensive Missile Fire",
            ("You are being rammed, raked, grappled or attacked by missiles",),
            success=(), failure=(), row_ends_after_conditions=True,
        ),
    )
}
"""The three Defensive Modes, by slug, in the aid's order."""

DEFENSE_SLUGS: dict[str, str] = {mode.name: mode.slug for mode in DEFENSIVE_MODES.values()}
"""The Active Defenses cells name "Missile Fire": as a defense that is Defensive Missile Fire."""
DEFENSE_SLUGS[MISSILE_FIRE_NAME] = "defensive-missile-fire"
