"""Dice asked in turn: a resolution from typed dice stops at the first die no keypad holds and names that roll.

Every die a resolver draws after its first roll comes from one source (`draw_die`, `draw_roll`): a keypad's typed
faces in order, then, once they run out:

- "Roll for me" (a seed is given) or nothing typed at all (the CLI's bare call): the site rolls it (`SiteDie`);
- the player is typing the dice (no seed, some keypad holds faces): the roll is *wanted*. The first wanted roll is
  kept (`NextRoll`: its keypads and their dice, what it is for in the texts' words, its place among the rolls) and
  that die and every later one is a `HeldDie`, so the resolver runs on unchanged; `registry.resolve` then answers
  only the steps before the first one that shows a held die, and `next_roll` (see `NextRoll.to_json`).

A resolution asked roll by roll and given the same dice in turn ends exactly as the one-shot resolution with every
die typed: each keypad is read in order, whatever the mode.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from .values import faces_of
from .wording import counted

DieSource = Callable[[str], int]
"""Gives the next d6 for a roll the step needs, told what it is for ("Catastrophic Damage Table" ...)."""
HELD = "\u2047held\u2047"
"""How a held die reads in any sentence; a step that shows it comes after the wanted roll and is dropped."""


class HeldDie(int):
    """A die the player has not typed yet, held in its place so the resolver can run to its end: any step that
    shows it is dropped (it reads as `HELD`). Face 1 is in every split of a d6 (the step's branches, a re-roll
    on 5-6), so no loop waits on it."""

    def __str__(self) -> str:
        return HELD

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return HELD


@dataclass(frozen=True, slots=True)
class NextRoll:
    """The first roll no keypad holds."""

    keypads: Mapping[str, int]
    """Each keypad the roll is typed on, and how many more dice it takes (after the faces it holds)."""
    purpose: str
    """What the roll is for, in the texts' words: "Target: Catastrophic Damage Table"."""
    number: int
    """Its place among the resolution's rolls (a pool roll or one die each), from 1."""

    def to_json(self) -> dict[str, object]:
        dice = sum(self.keypads.values())
        return {"keypads": dict(self.keypads), "dice": dice, "for": self.purpose, "number": self.number,
                "text": f"{self.purpose}, {counted(dice, 'die')}"}


@dataclass(slots=True)
class Turn:
    """One resolution's draws: whether a missing die is asked, how many rolls came so far, the first one wanted."""

    asking: bool
    rolls: int = 0
    wanted: NextRoll | None = field(default=None)


_turn: ContextVar[Turn | None] = ContextVar("turn", default=None)


@contextmanager
def taking_turns(asking: bool) -> Iterator[Turn]:
    """The draws of one resolution (registry.resolve); `asking`: the player types the dice, none is rolled for them."""
    turn = Turn(asking)
    token = _turn.set(turn)
    try:
        yield turn
    finally:
        _turn.reset(token)


def asks_in_turn(values: Mapping[str, object], keypads: Sequence[str]) -> bool:
    """Dice typed and no seed: the player enters every roll, so a missing one is asked, not rolled. `keypads` are
    paths ("ram.dice": the keypad of a roll input)."""
    return values.get("seed") is None and any(faces_of(values, path) for path in keypads)


def draw_roll(keypads: Mapping[str, int], purpose: str, rng: random.Random) -> dict[str, tuple[int, ...]]:
    """The faces of a roll no keypad holds (`keypads`: how many dice each takes): rolled by the site, or held
    while the roll is wanted (the first wanted one kept)."""
    turn = _turn.get()
    if turn is None or not turn.asking:
        if turn is not None:
            turn.rolls += 1
        return {name: tuple(rng.randint(1, 6) for _ in range(count)) for name, count in keypads.items()}
    if turn.wanted is None and any(keypads.values()):
        turn.wanted = NextRoll({name: count for name, count in keypads.items() if count}, purpose, turn.rolls + 1)
    return {name: (HeldDie(1),) * count for name, count in keypads.items()}


def typed_roll() -> None:
    """A roll whose faces were typed: counted for the place of the next one wanted."""
    turn = _turn.get()
    if turn is not None and turn.wanted is None:
        turn.rolls += 1


def draw_die(keypad: str, purpose: str, rng: random.Random) -> int:
    """One die no keypad holds (see `draw_roll`)."""
    return draw_roll({keypad: 1}, purpose, rng)[keypad][0]


def die_source(typed: Sequence[int], keypad: str, who: str, rng: random.Random) -> tuple[DieSource, list[int]]:
    """A die source over one keypad: its typed faces in order, then `draw_die` (each die told what it is for,
    `who` naming whose roll it is: "Target"); and the list of every face it gave."""
    queue, given = list(typed), []

    def die(purpose: str) -> int:
        if queue:
            typed_roll()
            face = queue.pop(0)
        else:
            face = draw_die(keypad, f"{who}: {purpose}" if who else purpose, rng)
        given.append(face)
        return face
    return die, given


def held_cut(steps: Sequence[str]) -> list[str]:
    """The steps before the first one that shows a held die."""
    for index, step in enumerate(steps):
        if HELD in step:
            return list(steps[:index])
    return list(steps)


__all__ = ["HELD", "HeldDie", "NextRoll", "Turn", "taking_turns", "asks_in_turn", "draw_roll", "draw_die", "typed_roll",
           "die_source", "held_cut", "DieSource"]
