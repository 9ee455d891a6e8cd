"""The one damage step: "Resolve Damage as normal" on a Capital Ship (v1.2.4 Damage page, How the dice work §6b "Damage as normal").

One attack's final reading becomes a sequence of events, resolved in the stated order (lowest
Magnitude first, then lowest Value):

    [D]  Rating Damage       the Value's Rating, or Marines, or (Precise) any Rating or System Trait
    [T]  1 Structure Damage, then 1 Critical Hit        (Reading `structure-then-critical`)
    [Q+] 2 Structure Damage, then 2 Critical Hits

A hit on a Rating with no box left is randomised among the remaining Ratings, Marines included
(Reading `randomise-rating`); with none left it is Structure Damage. Structure reaching 0 cripples
the ship and rolls on the Catastrophic Damage Table at once; each Structure Damage at 0 rolls again
(Reading `structure-below-zero`); 1d6 + the systems reduced to 0: 6-7 Dead, 8+ Explodes. A
Destroyed ship takes nothing more from the attack (Reading `destroyed-stops`). Each Critical Hit is
the attacker's choice; if none can be chosen it is one more Structure Damage.

Every choice the text gives the attacker is an `Aim`: chosen by hand, or automatically as the
option best for the attacker, computed exactly over everything that follows (How the dice work §6 "Procedures the rules call but never define":
Destroyed first, then Crippled, then the most damage). `take_hits` gives the exact distribution
of end states; `resolve_hits` resolves one case from dice, step by step, with the same events.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from functools import lru_cache

from ...dice.read import Reading, notation
from ...dice.dist import Dist
from ...turns import DieSource
from ...values import die_text
from ..ship import MARINES, RATINGS, VALUE_RATING, Ship

Event = tuple[str, int, int]
"""(kind, level, value) of the result it comes from: "D" Rating Damage, "S" Structure Damage, "C" a Critical Hit,
"K" a Catastrophic Damage Table roll (level and value 0)."""
Goal = Callable[[Ship], tuple[int, ...]]
"""What the attacker wants of an end state, as numbers compared in order (1/0 for yes/no); a choice is worth
the expected value of each, so the attacker takes the highest chance of the first, then of the second..."""

BY_VALUE, ON_MARINES, BEST = "by Value", "Marines", "best for the attacker"
"""What a [D] result damages: the Value's Rating, the Marines, or the attacker's automatic choice."""
WEAPON, SPINAL_WEAPON, TRAIT = "Weapon Damage", "Spinal weapon Damage", "System Trait Damage"
CATASTROPHIC_ROWS: tuple[tuple[int, str], ...] = ((8, "Explodes"), (6, "Dead"), (1, "No Effect"))
"""The Catastrophic Damage Table: least total -> result (8+ Explode, 6-7 Dead, 1-5 No Effect)."""
CATASTROPHIC_ROLL: Event = ("K", 0, 0)
"""The roll Structure Damage to or at 0 owes at once."""
WEAPON_NEEDS = {WEAPON: 5, SPINAL_WEAPON: 6}
"""Weapon Damage succeeds on 5+ on 1d6, a Spinal Arc weapon's on 6+."""


def destroy_first(ship: Ship) -> tuple[int, ...]:
    """The attacker of How the dice work §6: the highest chance the target is Destroyed, then Crippled, then the most damage."""
    return (int(ship.destroyed), int(ship.crippled), ship.damage())


@dataclass(frozen=True, slots=True)
class Aim:
    """The attacker's choices for one attack."""

    d_results: str = BEST
    """What each [D] damages: BY_VALUE, ON_MARINES or BEST (the attacker's choice between them, result by result)."""
    precise: bool = False
    """A Precise weapon: each [D] may instead hit any Rating or System Trait (Reading `precise`)."""
    critical: str = BEST
    """Each Critical Hit: BEST, or a preferred option ("Defense" ... "Marines", TRAIT, WEAPON) used while it can be chosen."""
    goal: Goal = destroy_first
    """How the automatic choices rank what follows them."""


Branch = tuple[Ship, tuple[int, ...], str, tuple[Event, ...]]
"""One way an event can go: the ship after it, the die faces that select it (() when no die is
rolled), the sentence saying so, and events it adds in front of the rest (a Catastrophic roll)."""


# ---------------------------------------------------------------- the events of a reading


def events_of(reading: Reading) -> tuple[Event, ...]:
    """The stated order: lowest Magnitude first, then lowest Value; [T]/[Q+] Structure before Critical Hits."""
    events: list[Event] = []
    for level, value in sorted(reading):
        if level == 2:
            events.append(("D", level, value))
        else:
            count = level - 2
            events += [("S", level, value)] * count + [("C", level, value)] * count
    return tuple(events)


# ---------------------------------------------------------------- what one event can do


def _structure(ship: Ship, why: str) -> Branch:
    """One Structure Damage: down to 0 cripples and rolls; at 0 it cannot go lower and rolls again."""
    after = replace(ship, structure=max(0, ship.structure - 1))
    if ship.structure > 1:
        return after, (), f"{why}: Structure {ship.structure} → {after.structure}.", ()
    if ship.structure == 1:
        return after, (), f"{why}: Structure 1 → 0: Crippled; roll on the Catastrophic Damage Table.", (CATASTROPHIC_ROLL,)
    return after, (), f"{why}: Structure is at 0 and cannot go lower: roll on the Catastrophic Damage Table.", (CATASTROPHIC_ROLL,)


def _rating_hit(ship: Ship, index: int, why: str) -> list[Branch]:
    """One Rating Damage on row `index`; an empty Rating's hit is randomised, with none left it is Structure."""
    if ship.left[index] > 0:
        after = ship.mark(index)
        return [(after, (), f"{why}: {ship.name(index)} {ship.left[index]} → {after.left[index]}.", ())]
    options = ship.remaining_ratings()
    if not options:
        return [_structure(ship, f"{why}: {ship.name(index)} has no box left and no Rating remains, so Structure Damage")]
    out: list[Branch] = []
    for i, faces in zip(options, die_split(len(options))):
        after = ship.mark(i)
        how = "the only Rating left" if len(options) == 1 else "randomised among " + ", ".join(ship.name(j) for j in options)
        out.append((after, faces, f"{why}: {ship.name(index)} has no box left; {how}: "
                                  f"{ship.name(i)} {ship.left[i]} → {after.left[i]}.", ()))
    return out


def die_split(options: int) -> list[tuple[int, ...]]:
    """The d6 faces that pick each of `options` equally (Reading `randomise-rating`): one option needs
    no die; two 1-3 / 4-6; three 1-2 / 3-4 / 5-6; four 1 / 2 / 3 / 4, rolling again on 5-6."""
    if options == 1:
        return [()]
    if options == 4:
        return [(1,), (2,), (3,), (4,)]
    size = 6 // options
    return [tuple(range(1 + size * i, 1 + size * (i + 1))) for i in range(options)]


def _catastrophic(ship: Ship) -> list[Branch]:
    """1d6 + systems reduced to 0 on the Catastrophic Damage Table."""
    bonus = ship.systems_at_zero()
    out: list[Branch] = []
    for _, result in CATASTROPHIC_ROWS:
        faces = tuple(face for face in range(1, 7) if catastrophic_result(face + bonus) == result)
        if faces:
            after = ship if result == "No Effect" else ship.with_fate(result)
            effect = {"No Effect": "No Effect", "Dead": "Dead: Destroyed, replace with Wreck",
                      "Explodes": "Explode: Destroyed, resolve Explosion"}[result]
            out.append((after, faces, f"Catastrophic Damage Table: 1d6 + {bonus} systems at 0 → {effect}.", ()))
    return out


def catastrophic_result(total: int) -> str:
    """The table's result for a total: "No Effect", "Dead" or "Explodes"."""
    return next(result for least, result in CATASTROPHIC_ROWS if total >= least)


def _weapon(ship: Ship, kind: str, why: str) -> list[Branch]:
    need = WEAPON_NEEDS[kind]
    hit = replace(ship, weapons=ship.weapons - 1) if kind == WEAPON else replace(ship, spinal=ship.spinal - 1)
    word = "a weapon" if kind == WEAPON else "a Spinal Arc weapon"
    return [(hit, tuple(range(need, 7)), f"{why}: Weapon Damage on {word}, {need}+ on 1d6: damaged.", ()),
            (ship, tuple(range(1, need)), f"{why}: Weapon Damage on {word}, {need}+ on 1d6: not damaged.", ())]


def critical_options(ship: Ship) -> list[str]:
    """What a Critical Hit may choose now: a Rating above 0, a System Trait above 0, a weapon not damaged."""
    options = [RATINGS[i] for i in range(len(RATINGS)) if ship.left[i] > 0]
    options += [ship.name(i) for i in range(len(RATINGS), len(ship.left)) if ship.left[i] > 0]
    options += [WEAPON] * (ship.weapons > 0) + [SPINAL_WEAPON] * (ship.spinal > 0)
    return options


def _critical(ship: Ship, option: str, why: str) -> list[Branch]:
    if option in (WEAPON, SPINAL_WEAPON):
        return _weapon(ship, option, why)
    index = _row(option)
    kind = "Rating Damage" if index < len(RATINGS) else TRAIT
    after = ship.mark(index)
    return [(after, (), f"{why}: {kind} on {option}: {ship.left[index]} → {after.left[index]}.", ())]


def _d_options(ship: Ship, value: int, aim: Aim) -> list[tuple[str, int]]:
    """The rows a [D] may damage, as (label, index): the Value's Rating, Marines, and with Precise every row.

    A Precise [D] lists every row in data-card order whatever its Value (which it only names), so the first of equal
    options, and with it every end state, does not depend on the Value.
    """
    by_value = (f"{RATINGS[VALUE_RATING[value]]} (by Value)", VALUE_RATING[value])
    if aim.precise:
        return [by_value if i == by_value[1] else (ship.name(i), i) for i in range(len(ship.left))]
    if aim.d_results == BY_VALUE:
        return [by_value]
    if aim.d_results == ON_MARINES:
        return [(RATINGS[MARINES], MARINES)]
    return [by_value, (RATINGS[MARINES], MARINES)] if VALUE_RATING[value] != MARINES else [by_value]


@lru_cache(maxsize=1 << 17)
def choices(ship: Ship, event: Event, aim: Aim) -> list[tuple[str, list[Branch]]]:
    """The options the attacker has for one event, each with its branches (one option: no choice)."""
    kind, level, value = event
    if kind == "K":
        return [("", _catastrophic(ship))]
    name = notation(((level, value),)) if value else "A result"
    if kind == "S":
        return [("", [_structure(ship, f"{name} → Structure Damage")])]
    if kind == "D":
        return [(label, _rating_hit(ship, index, f"{name} → Rating Damage to {label}"))
                for label, index in _d_options(ship, value, aim)]
    options = critical_options(ship)
    if not options:
        return [("", [_structure(ship, f"{name} → Critical Hit: no option can be chosen, so 1 more Structure Damage")])]
    if aim.critical != BEST and aim.critical in options:
        options = [aim.critical]
    elif options[0] not in (WEAPON, SPINAL_WEAPON):
        # A box marked now leaves the ship at least as damaged as a weapon attempt whatever follows
        # (the weapon's 5+ adds less than one box), so the search skips the weapons (Reading `attacker-chooses`).
        options = [option for option in options if option not in (WEAPON, SPINAL_WEAPON)]
    return [(option, _critical(ship, option, f"{name} → Critical Hit")) for option in dict.fromkeys(options)]


# ---------------------------------------------------------------- exact: every end state


View = Callable[[Ship], Hashable]
"""What a caller keeps of an end state (the whole Ship, or its fate and Structure...): smaller views, smaller Dists."""
SCALE = 12**60
"""Worths are ints scaled by SCALE: every die split divides by 1, 2, 3, 4 or 6 (all divide 12) and no chain is 60
splits deep, so the divisions are exact and the comparisons need no Fraction."""


def whole(ship: Ship) -> Ship:
    """The view that keeps the whole end state."""
    return ship


def fate(ship: Ship) -> tuple[str, int]:
    """The view of what becomes of the ship: its fate ("" in play) and Structure left."""
    return ship.fate, ship.structure


BOX_BLIND: frozenset[View] = frozenset({fate})
"""Views that never read which row holds how many boxes: `follow` may use `canonical` ships for them."""


@lru_cache(maxsize=1 << 17)
def canonical(ship: Ship, events: tuple[Event, ...], aim: Aim) -> Ship:
    """A ship that the rest of the attack treats exactly as `ship`, shared by as many states as possible.

    1. Only [D] results and Critical Hits mark boxes, one each, so a row with more boxes left than
       those cannot reach 0 here: it is capped at one more, its start lowered as much (the damage
       so far, `Ship.damage`, and the systems at 0 stay the same).
    2. Rows the rest of the attack cannot tell apart are sorted: every System Trait, and the Systems
       among the Ratings (Defense, Sensors, Thrusters) that no remaining [D] names by its Value. Marines
       stand apart: a [D] may be put on them, and they are not a System on the Catastrophic Damage Table.
    3. Only Critical Hits damage weapons, so weapons are capped at one more than those left.
    Only views blind to which row holds which boxes (`BOX_BLIND`) and the attacker's worths use it;
    a goal may read a count only as a sum or as "is it 0" (worths are gains, `worth`).
    """
    bound, groups = _shape(events, aim, len(ship.left))
    start, left = ship.start, ship.left
    crits = _crits(events)
    weapons, spinal = min(ship.weapons, crits + 1), min(ship.spinal, crits + 1)
    if max(left) > bound:
        left = tuple(n if n <= bound else bound for n in left)
        start = tuple(s - (n - m) for s, n, m in zip(start, ship.left, left))
    if groups:
        rows = list(zip(start, left))
        for group in groups:
            ordered = sorted([rows[i] for i in group])
            for i, row in zip(group, ordered):
                rows[i] = row
        start, left = tuple(row[0] for row in rows), tuple(row[1] for row in rows)
    if left == ship.left and start == ship.start and weapons == ship.weapons and spinal == ship.spinal:
        return ship
    return Ship(start, left, ship.structure, weapons, spinal, ship.fate)


@lru_cache(maxsize=1 << 12)
def _crits(events: tuple[Event, ...]) -> int:
    return sum(1 for kind, _, _ in events if kind == "C")


@lru_cache(maxsize=1 << 17)
def _shape(events: tuple[Event, ...], aim: Aim, rows: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """`canonical`'s cap and groups of rows for the rest of an attack."""
    bound = 1 + sum(1 for kind, _, _ in events if kind in "DC")
    named = {VALUE_RATING[value] for kind, _, value in events if kind == "D" and value}
    loose = () if aim.precise else tuple(i for i in range(len(RATINGS)) if i != MARINES and i not in named)
    groups = tuple(group for group in (loose, tuple(range(len(RATINGS), rows))) if len(group) > 1)
    return bound, groups


@lru_cache(maxsize=1 << 17)
def follow(ship: Ship, events: tuple[Event, ...], aim: Aim, view: View = whole) -> Dist[Hashable]:
    """The exact distribution of `view` of the end states from `ship` with `events` still to resolve,
    each choice the attacker's best (`best_option`)."""
    if not events or ship.destroyed:
        return Dist.certain(view(ship))
    if view in BOX_BLIND:
        same = canonical(ship, events, aim)
        if same is not ship:
            return follow(same, events, aim, view)
    _, branches = choices(ship, events[0], aim)[best_option(ship, events, aim)]
    weights = [max(1, len(faces)) for _, faces, _, _ in branches]
    picks = Dist.of(dict(enumerate(weights)), sum(weights))
    return picks.bind(lambda i: follow(branches[i][0], branches[i][3] + events[1:], aim, view))


@lru_cache(maxsize=1 << 17)
def best_option(ship: Ship, events: tuple[Event, ...], aim: Aim) -> int:
    """Which of the first event's options the attacker takes: the highest expected goal, the first of equals."""
    options = choices(ship, events[0], aim)
    if len(options) == 1:
        return 0
    _, groups = _shape(events[1:], aim, len(ship.left))
    twins = {i: min(group) for group in groups for i in group}
    best, best_worth, seen = 0, None, set()
    for index, (label, branches) in enumerate(options):
        row = _row(label) if events[0][0] == "C" else -1
        if row >= 0:
            # Rows the rest of the attack cannot tell apart (`canonical`) with the same boxes: the same worth.
            same = (twins.get(row, row), ship.start[row], ship.left[row])
            if same in seen:
                continue
            seen.add(same)
        option_worth = _worth(branches, events[1:], aim)
        if best_worth is None or option_worth > best_worth:
            best, best_worth = index, option_worth
    return best


def _row(label: str) -> int:
    """The row a Critical Hit option marks, -1 for a weapon."""
    if label in RATINGS:
        return RATINGS.index(label)
    return len(RATINGS) + int(label.rsplit(" ", 1)[1]) - 1 if label.startswith("System Trait") else -1


@lru_cache(maxsize=1 << 17)
def worth(ship: Ship, events: tuple[Event, ...], aim: Aim) -> tuple[int, ...]:
    """What the attacker expects to gain from here, times SCALE: E[goal(end)] - goal(ship), part by part.

    The goal's parts are expectations, so they follow the chain linearly and no Dist is built; as
    gains they are the same for a ship and its `canonical` form.
    """
    if not events or ship.destroyed:
        return (0,) * len(aim.goal(ship))
    same = canonical(ship, events, aim)
    lowest = ship.structure - len(events)  # each event lowers Structure by 1 at most
    if lowest > 1:  # it cannot reach 0 here: only its gains count, the same from Structure 2 + the events
        same = replace(same, structure=2 + len(events))
    if same != ship:
        return worth(same, events, aim)
    option = _worth(choices(ship, events[0], aim)[best_option(ship, events, aim)][1], events[1:], aim)
    return tuple(value - SCALE * now for value, now in zip(option, aim.goal(ship)))


def _worth(branches: list[Branch], rest: tuple[Event, ...], aim: Aim) -> tuple[int, ...]:
    """An option's expected goal at the end, times SCALE: its branches weighted by their die faces."""
    weights = [max(1, len(faces)) for _, faces, _, _ in branches]
    parts = [tuple(gain + SCALE * now for gain, now in zip(worth(ship, added + rest, aim), aim.goal(ship)))
             for ship, _, _, added in branches]
    total = sum(weights)
    return tuple(sum(w * part[i] for w, part in zip(weights, parts)) // total for i in range(len(parts[0])))


def take_hits(ship: Ship, reading: Reading, aim: Aim = Aim(), view: View = whole) -> Dist[Hashable]:
    """The exact distribution of (`view` of) the ship's end states after one attack's final reading."""
    return follow(ship, events_of(reading), aim, view)


def attack_outcomes(readings: Dist[Reading], ship: Ship, aim: Aim = Aim(), view: View = whole) -> Dist[Hashable]:
    """`view` of every end state of the ship over every final reading of an attack.

    Readings that give the same events are merged first: of a [D]'s Value only the Rating it selects matters, and
    nothing when every [D] goes on the Marines or may go anywhere (Precise).
    """
    by_rating = aim.d_results != ON_MARINES and not aim.precise

    def key(reading: Reading) -> tuple[Event, ...]:
        return tuple((kind, level, 1 + 2 * VALUE_RATING[value] if by_rating else 1) if kind == "D" else (kind, 0, 0)
                     for kind, level, value in events_of(reading))
    return readings.map(key).bind(lambda events: follow(ship, events, aim, view))


# ---------------------------------------------------------------- one case, step by step


def resolve_hits(ship: Ship, reading: Reading, aim: Aim, die: DieSource, chooser: str = "the attacker") -> tuple[Ship, list[str]]:
    """Resolve one attack's final reading on the ship, step by step; choices as `follow` makes them."""
    events = events_of(reading)
    if not events:
        return ship, [f"{notation(reading)}: no effect."]
    ship, lines = resolve_events(ship, events, aim, die, chooser)
    return ship, ["Resolve the results lowest Magnitude first, then lowest Value: "
                  + ", ".join(notation((result,)) for result in sorted(reading)) + ".", *lines]


def resolve_events(ship: Ship, events: tuple[Event, ...], aim: Aim, die: DieSource,
                   chooser: str = "the attacker") -> tuple[Ship, list[str]]:
    """Resolve events of the step (a reading's, or single ones: a Structure Damage, a Critical Hit) from dice,
    step by step; `chooser` names who makes the choices in the sentences ("the Boarders")."""
    lines: list[str] = []
    while events and not ship.destroyed:
        options = choices(ship, events[0], aim)
        label, branches = options[best_option(ship, events, aim)]
        if len(options) > 1:
            lines.append(choice_sentence([o[0] for o in options], label, _tied(options, events, aim), chooser))
        after, sentence, added = _pick(branches, die)
        lines.append(sentence)
        ship, events = after, added + events[1:]
    if events and ship.destroyed:
        lines.append("The ship is Destroyed: the rest of the attack has no effect.")
    return ship, lines


def _tied(options: list[tuple[str, list[Branch]]], events: tuple[Event, ...], aim: Aim) -> list[str]:
    """The options whose worth to the chooser equals the best one's."""
    worths = [_worth(branches, events[1:], aim) for _, branches in options]
    return [label for (label, _), w in zip(options, worths) if w == max(worths)]


def choice_sentence(options: list[str], taken: str, tied: list[str], chooser: str) -> str:
    """How an automatic choice reads: the best option, or, where options tie for the chooser, that they do
    (How the dice work §6b: "any: all equal", never the first named as if chosen)."""
    who = f"{chooser[0].upper()}{chooser[1:]}"
    verb = "choose" if chooser.endswith("s") else "chooses"  # "the Boarders choose", "the attacker chooses"
    listed = ", ".join(options)
    if len(tied) == len(options):
        whose = who + ("'" if chooser.endswith("s") else "'s")
        return f"{whose} choice of {listed}: any: all equal for {chooser}; {taken} is applied."
    if len(tied) > 1:
        return f"{who} {verb} any of {', '.join(tied)} (equal best for {chooser} of: {listed}); {taken} is applied."
    return f"{who} {verb} {taken} (best for {chooser} of: {listed})."


def _pick(branches: list[Branch], die: DieSource) -> tuple[Ship, str, tuple[Event, ...]]:
    """The branch the next die selects (no die when there is one branch; a face no branch names is rolled again)."""
    if len(branches) == 1 and not branches[0][1]:
        ship, _, sentence, added = branches[0]
        return ship, sentence, added
    purpose = next((words for words in ("Catastrophic Damage Table", "Weapon Damage") if words in branches[0][2]),
                   "randomise the Rating hit")
    rolled: list[int] = []
    while True:
        face = die(purpose)
        rolled.append(face)
        for ship, faces, sentence, added in branches:
            if face in faces:
                again = f" (rolled {', '.join(map(str, rolled[:-1]))}: roll again)" if len(rolled) > 1 else ""
                return ship, f"Die {die_text(face)}{again}: {sentence}", added
