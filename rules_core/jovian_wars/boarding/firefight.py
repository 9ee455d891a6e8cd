"""One v1.2.4 firefight (Boarded) and one Purge Airlocks, as exact distributions over the boarding's state.

The state is the Boarded ship (its Marines are its Marines rating's boxes) and the Boarders aboard.
At the start of the ship's activation each side has chosen:

    Engage / Engage     both roll their rating; [D] 1, [T] 2, [Q+] all of the other side
    Engage / Defend     the same, the defender diminishing its own results
    Sabotage / Engage   the Marines' Engage, and at the same time the Boarders' roll as a Precise weapon
    Sabotage / Defend   an Opposed Roll, Boarders Primary; what is left hits as a Precise weapon

Sabotage is capital-ship damage: `sabotage` hands its reading to the one damage step
(`rules_core.jovian_wars.damage.step`), on Marines too, so Sabotage can capture, cripple and destroy. What its
Precise results hit is the Boarders' choice (Reading `boarders-choose-capture`) unless typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction
from typing import cast

from ... import readings
from ..damage.step import Aim, Goal, attack_outcomes
from ...dice.read import Reading, magnitude
from ...dice.dist import Dist
from ...dice.opposed import chosen_dist, remainders
from ...dice.pool_odds import level_weights, reading_dist
from ...dice.pools import Pool
from ..ship import MARINES, RATINGS, Ship

BOARD_LOSS: dict[int, int] = {2: 1, 3: 3, 4: 5}
"""Board's table: Marines removed per [D], [T], [Q+] result."""
ALL = 1000
"""An Engage loss above any rating: what a [Q+] takes."""
ENGAGE_LOSS: dict[int, int] = {2: 1, 3: 2, 4: ALL}
"""Engage: rating lost per [D], [T]; a [Q+] takes the rating to 0."""
DEFEND_LOSS: dict[int, int] = {2: 0, 3: 1, 4: 2}
"""Engage by a Defending side, its results diminished: a [D] is removed, a [T] counts as a [D], a [Q+] as a [T]."""
ENGAGE, DEFEND, SABOTAGE = "Engage", "Defend", "Sabotage"
BOARDER_CHOICES = (ENGAGE, SABOTAGE)
DEFENDER_CHOICES = (ENGAGE, DEFEND)
AUTOMATIC = "best for the Boarders"
"""Sabotage's target chosen by the Boarders' automatic choice (Reading `boarders-choose-capture`)."""
SABOTAGE_TARGETS = (AUTOMATIC, *RATINGS, "System Trait 1")
"""What a Sabotage's Precise results hit: automatic, or one Rating or the System Trait, by hand."""

CAPTURED, BOARDERS_GONE, BOTH_GONE, DESTROYED, STILL_BOARDED = (
    "Captured", "Boarders 0: Boarded cancelled", "Marines and Boarders 0: Boarded cancelled, not Captured",
    "Destroyed", "still Boarded")
"""How a boarding stands. The text: Boarded is cancelled at "Boarders: 0 or Marines: 0", and a ship is
Captured when "its Marines rating is reduced to 0 and there are Boarders remaining on board"."""
ENDS = (CAPTURED, BOARDERS_GONE, BOTH_GONE, DESTROYED)


def board_loss(reading: Reading) -> int:
    """Marines a Point Defense reading removes from a boarding party (each result on its own)."""
    return sum(BOARD_LOSS[level] for level, _ in reading)


def engage_loss(reading: Reading, defending: bool = False) -> int:
    """The rating an Engage reading takes from the other side (`ALL` for a [Q+]); a Defending side's results
    are diminished first ([D] gone, [T] a [D], [Q+] a [T])."""
    losses = DEFEND_LOSS if defending else ENGAGE_LOSS
    return min(ALL, sum(losses[level] for level, _ in reading))


def engage_after(reading: Reading, rating: int) -> int:
    """The opponent's Marines or Boarders after an Engage reading."""
    return max(0, rating - engage_loss(reading))


@dataclass(frozen=True, slots=True)
class Boarding:
    """A Boarded ship and the Boarders aboard it: one state of the boarding."""

    ship: Ship
    """The Boarded ship; its Marines rating is its defending Marines."""
    boarders: int
    """The Boarders rating: every enemy Marine aboard."""

    @property
    def marines(self) -> int:
        return self.ship.marines

    @property
    def fate(self) -> str:
        """CAPTURED, BOARDERS_GONE, BOTH_GONE, DESTROYED, or STILL_BOARDED while the firefights go on."""
        if self.ship.destroyed:
            return DESTROYED
        if self.marines == 0:
            return CAPTURED if self.boarders else BOTH_GONE
        return BOARDERS_GONE if self.boarders == 0 else STILL_BOARDED

    @property
    def ended(self) -> bool:
        return self.fate != STILL_BOARDED


@dataclass(frozen=True, slots=True)
class Plan:
    """What each side does every activation (each keeps its choice)."""

    boarder: str = ENGAGE
    """ENGAGE or SABOTAGE."""
    defender: str = ENGAGE
    """ENGAGE or DEFEND."""
    target: str = AUTOMATIC
    """What Sabotage's Precise results hit: AUTOMATIC or a row of the ship (SABOTAGE_TARGETS)."""
    purge_skill: int | None = None
    """The ship's Skill when it declares Purge Airlocks after every firefight it is still Boarded; None: never."""


# ---------------------------------------------------------------- Sabotage: the one damage step


def capture_first(ship: Ship) -> tuple[int, ...]:
    """The Boarders' goal (Reading `boarders-choose-capture`): Captured, then Destroyed, most Marines lost, Crippled,
    damage. Marines lost, not left: the damage step compares worths on ships with rows capped (`damage.canonical`),
    which keeps each row's boxes marked and whether it is at 0, not its boxes left."""
    return (int(ship.marines == 0 and not ship.destroyed), int(ship.destroyed), marked(ship, MARINES),
            int(ship.crippled), ship.damage())


def marked(ship: Ship, index: int) -> int:
    """Boxes marked on row `index`."""
    return ship.start[index] - ship.left[index]


@lru_cache(maxsize=16)
def hits_on(index: int) -> Goal:
    """The goal of a target chosen by hand: the most boxes marked on row `index`, then the most damage."""
    def goal(ship: Ship) -> tuple[int, ...]:
        return (marked(ship, index), ship.damage())
    return goal


@lru_cache(maxsize=64)
def sabotage_aim(target: str) -> Aim:
    """The Aim of a Sabotage: Precise; the Boarders' automatic choice, or one row typed by hand."""
    if target == AUTOMATIC:
        return Aim(precise=True, goal=capture_first)
    index = SABOTAGE_TARGETS.index(target) - 1
    return Aim(precise=True, critical=target, goal=hits_on(index))


def sabotage(ship: Ship, readings: Dist[Reading], target: str = AUTOMATIC) -> Dist[Ship]:
    """Sabotage's final readings applied as a Precise weapon's results through the one damage step."""
    return cast(Dist[Ship], attack_outcomes(readings, ship, sabotage_aim(target)))


def defender_cost(ends: Dist[Ship]) -> tuple[Fraction, ...]:
    """What the defending side wants least of a Sabotage's end states (How the dice work §5 "Opposed rolls", by §6 "Procedures the rules call but never define"): the chance the ship is
    Destroyed, then Captured, then Crippled, then the Structure lost, then the other damage (lower is better)."""
    return (ends.p(lambda ship: ship.destroyed), ends.p(lambda ship: ship.marines == 0 and not ship.destroyed),
            ends.p(lambda ship: ship.crippled), ends.expected(lambda ship: -ship.structure),
            ends.expected(lambda ship: ship.damage()))


def marines_leave(ship: Ship, primary: Reading, effect: int, target: str) -> Reading:
    """What Defending Marines leave of a Sabotage roll (the Secondary's choice, Reading `secondary-chooses`): of every
    remainder their diminishes can leave, the best for the defender after the damage it does, ties by the roll order."""
    options = remainders(primary, effect)
    if len(options) == 1:
        return options[0]
    best = _best_levels(ship, _levels(primary), effect, target)
    return next(left for left in options if _levels(left) in best)


def _levels(reading: Reading) -> tuple[int, ...]:
    return tuple(sorted(level for level, _ in reading))


@lru_cache(maxsize=8192)
def _best_levels(ship: Ship, levels: tuple[int, ...], effect: int, target: str) -> frozenset[tuple[int, ...]]:
    """The Magnitudes of the remainders best for the defender: a Precise attack may put any result on any row, so
    its end states do not depend on the Values (`damage._d_options`), and one stand-in reading serves all."""
    stand_in = tuple((level, value) for value, level in enumerate(levels, start=1))
    costs = {_levels(left): defender_cost(sabotage(ship, Dist.certain(left), target))
             for left in remainders(stand_in, effect)}
    least = min(costs.values())
    return frozenset(key for key, cost in costs.items() if cost == least)


# ---------------------------------------------------------------- one firefight


def _code_loss(code: int, losses: dict[int, int]) -> int:
    """`engage_loss` of a layout code (`pool_odds.level_weights`: 2 bits a face, the level minus one)."""
    lost = 0
    while code:
        if code & 3:
            lost += losses[(code & 3) + 1]
        code >>= 2
    return min(ALL, lost)


@lru_cache(maxsize=256)
def engage_dist(rating: int, defending: bool) -> Dist[int]:
    """The loss an Engage roll of `rating` dice deals (the defender diminishing its results when Defending).

    Read from the engine's layout codes: the loss needs the results' levels only, and no reading is built.
    """
    codes, total = level_weights(Pool(rating))
    losses = DEFEND_LOSS if defending else ENGAGE_LOSS
    return Dist.of(dict(codes), total).map(lambda code: _code_loss(code, losses))


@lru_cache(maxsize=4096)
def firefight(state: Boarding, plan: Plan) -> Dist[Boarding]:
    """Every state after one firefight, exactly (Reading `jw-firefight-simultaneous`)."""
    if state.ended:
        return Dist.certain(state)
    ship, boarders, marines = state.ship, state.boarders, state.marines
    if plan.boarder == SABOTAGE and plan.defender == DEFEND:
        left = chosen_dist(Pool(boarders), Pool(marines), lambda reading, effect: marines_leave(ship, reading, effect,
                                                                                                plan.target))
        return sabotage(ship, left, plan.target).map(lambda after: Boarding(after, boarders))
    boarders_after = engage_dist(marines, plan.defender == DEFEND).map(lambda loss: max(0, boarders - loss))
    if plan.boarder == ENGAGE:
        marines_after = engage_dist(boarders, False).map(lambda loss: max(0, marines - loss))
        return marines_after.combine(boarders_after, lambda m, b: Boarding(ship.with_marines(m), b))
    ship_after = sabotage(ship, reading_dist(Pool(boarders)), plan.target)
    return ship_after.combine(boarders_after, Boarding)


# ---------------------------------------------------------------- Purge Airlocks


PURGE_ROWS: tuple[tuple[str, str], ...] = (
    ("[N]", "reduces both the Marines and Boarders rating by half"),
    ("[D]", "reduces the Boarders rating by half"),
    ("[T+]", "reduces the Boarders rating to 0"),
)
"""Purge Airlocks' Skill Test table, in the text's words (halving rounds down: Reading `halve-rounds-down`)."""


def purge_row(reading: Reading) -> str:
    """The row a Skill Test reading selects, by its best result (Reading `jw-table-row-by-best`)."""
    return ("[N]", "[D]", "[T+]")[min(2, max(0, magnitude(reading) - 1))]


def purge_after(row: str, marines: int, boarders: int) -> tuple[int, int]:
    """Marines and Boarders after the row."""
    if row == "[N]":
        return marines // 2, boarders // 2
    if row == "[D]":
        return marines, boarders // 2
    return marines, 0


@lru_cache(maxsize=256)
def purge_rows(skill: int) -> Dist[str]:
    """The row of a Purge Airlocks Skill Test of `skill` dice."""
    return reading_dist(Pool(skill)).map(purge_row)


def purge(state: Boarding, skill: int) -> Dist[Boarding]:
    """Every state after the Boarded ship's Purge Airlocks (none once the boarding has ended)."""
    if state.ended:
        return Dist.certain(state)

    def after(row: str) -> Boarding:
        marines, boarders = purge_after(row, state.marines, state.boarders)
        return Boarding(state.ship.with_marines(marines), boarders)
    return purge_rows(skill).map(after)


READINGS = (readings.JW_RESULTS_EACH, readings.JW_FIREFIGHT_SIMULTANEOUS, readings.ESCALATE_DIMINISH,
            readings.PRECISE, readings.SECONDARY_ADDS_UP, readings.SECONDARY_CHOOSES)
"""The Readings a firefight depends on."""
