"""Resolving one Unopposed roll step by step (How the dice work §2 "Base, flex and macro dice", §4 "Unopposed rolls and Skill Tests"): faces typed in or rolled from a seed.

Every resolution returns its steps twice: as data (dicts with a "kind") for the
widget, and as plain sentences for the page.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .read import Reading, apply_macro, counts_of, notation, read
from ..errors import InputError
from ..values import SiteDie, die_text
from .keep import BEST_READING, MOST_STEPS, Purpose, kept_counts
from .pools import Pool
from ..wording import counted

Step = dict[str, object]
"""One step as data: {"kind": ..., "text": sentence, ...details}."""


def roll_faces(rng: random.Random, count: int) -> tuple[int, ...]:
    """`count` d6 from the caller's generator (never the global one, never the clock)."""
    return tuple(rng.randint(1, 6) for _ in range(count))


def faces_text(faces: Sequence[int], shown: Callable[[int], str] = str) -> str:
    """"2, 2, 5" or "none"; `shown` writes each face (`die_text` marks the site's)."""
    return ", ".join(shown(face) for face in faces) if faces else "none"


def counts_to_faces(counts: Sequence[int]) -> tuple[int, ...]:
    """A count vector back to a sorted list of faces."""
    return tuple(face for face, count in enumerate(counts, start=1) for _ in range(count))


@dataclass(frozen=True, slots=True)
class Resolution:
    """One Unopposed roll, resolved."""

    pool: Pool
    """The pool rolled."""
    dice: tuple[int, ...]
    """Every base and flex die rolled, as typed or rolled."""
    macro_dice: tuple[int, ...]
    """The macro dice rolled (|macro| of them)."""
    set_aside: tuple[int, ...]
    """The flex dice set aside."""
    kept: tuple[int, ...]
    """The dice read."""
    read: Reading
    """The reading of the kept dice before the macro dice act."""
    final: Reading
    """The reading after the macro dice."""
    steps: tuple[Step, ...] = field(default=())
    """Every step, as data with its sentence under "text"."""

    def sentences(self) -> list[str]:
        """The steps as plain sentences."""
        return [str(step["text"]) for step in self.steps]


def check_count(name: str, faces: Sequence[int], needed: int, what: str) -> None:
    """A faces list must hold exactly the dice the pool rolls: "the pool rolls 4 dice (base 3 + flex 1), got 5"."""
    if len(faces) != needed:
        head, _, detail = what.partition(" (")
        detail = f" ({detail}" if detail else ""
        raise InputError(name, f"{head} rolls {needed} {'die' if needed == 1 else 'dice'}{detail}, got {len(faces)}")


def pool_what(pool: Pool) -> str:
    """"the pool (base 3 + flex 1)" for error messages."""
    parts = f"base {pool.base} + flex {pool.flex}" if pool.flex else f"base {pool.base}"
    return f"the pool ({parts})"


def macro_steps(before: Reading, macro_dice: Sequence[int], sign: int) -> list[Step]:
    """Which macro die moved which result, in order of the results' values."""
    out: list[Step] = []
    if not macro_dice:
        return out
    macro_counts = counts_of(macro_dice)
    faces = {value for _, value in before}
    for level, value in before:
        hits = macro_counts[value - 1]
        if not hits:
            continue
        after = apply_macro(((level, value),), macro_counts, sign)
        verb = "raise" if sign > 0 else "lower"
        now = notation(after) if after else "nothing (removed)"
        dice_word = f"{hits} macro {'die' if hits == 1 else 'dice'} showing {value}"
        out.append({"kind": "macro", "value": value, "dice": hits, "from": notation(((level, value),)),
                    "to": notation(after), "text": f"{dice_word} {verb}{'s' if hits == 1 else ''} "
                    f"{notation(((level, value),))} to {now}."})
    idle = [face for face in macro_dice if face not in faces]
    if idle:
        out.append({"kind": "macro-idle", "dice": list(idle),
                    "text": f"Macro dice {faces_text(sorted(idle))} match no result and do nothing."})
    return out


def resolve_pool(pool: Pool, dice: Sequence[int], macro_dice: Sequence[int],
                 set_aside: Sequence[int] | None = None, *, prefix: str = "", purpose: Purpose = BEST_READING) -> Resolution:
    """Resolve an Unopposed roll from its faces: set aside the flex dice, read, apply macro dice.

    With `set_aside` None the automatic roller chooses for `purpose` (Reading `flex-keeps-best`);
    otherwise those faces are set aside, as the player chose. `prefix` names grouped fields.
    """
    check_count(f"{prefix}dice", dice, pool.rolled, pool_what(pool))
    check_count(f"{prefix}macro_dice", macro_dice, abs(pool.macro), f"the macro pool ({pool.macro:+d})")
    counts = counts_of(dice)
    macro_counts = counts_of(macro_dice)
    # The site's dice are marked: once for the roll when it rolled them all, else each (a roll typed in part).
    site = sum(isinstance(face, SiteDie) for face in (*dice, *macro_dice))
    each = 0 < site < len(dice) + len(macro_dice)
    shown = die_text if each else str
    steps: list[Step] = [{"kind": "roll", "dice": sorted(dice), "macro_dice": sorted(macro_dice),
                          "text": f"Rolled {counted(pool.rolled, 'die')} ({pool.describe()}): {faces_text(sorted(dice), shown)}"
                          + (f"; macro dice: {faces_text(sorted(macro_dice), shown)}" if macro_dice else "")
                          + (" (rolled by the site)." if site and not each else ".")}]
    if set_aside is None:
        keep = kept_counts(counts, macro_counts, pool.sign, pool.base, purpose)
        how = "the roller keeps the most Structure damage" if purpose == MOST_STEPS else "the roller keeps the best final reading"
    else:
        if len(set_aside) != pool.flex:
            raise InputError(f"{prefix}set_aside", f"set aside exactly {pool.flex} {'die' if pool.flex == 1 else 'dice'} "
                             f"(one per flex die), got {len(set_aside)}")
        aside_counts = counts_of(set_aside)
        for face in range(6):
            if aside_counts[face] > counts[face]:
                raise InputError(f"{prefix}set_aside", f"sets aside {aside_counts[face]} dice showing {face + 1}, "
                                 f"but only {counts[face]} were rolled")
        keep = tuple(c - a for c, a in zip(counts, aside_counts))
        how = "as the player chose"
    aside = counts_to_faces(tuple(c - k for c, k in zip(counts, keep)))
    kept = counts_to_faces(keep)
    if pool.flex:
        steps.append({"kind": "set-aside", "dice": list(aside),
                      "text": f"Set aside {pool.flex} flex {'die' if pool.flex == 1 else 'dice'}: "
                      f"{faces_text(aside)} ({how}); kept {faces_text(kept)}."})
    first = read(keep)
    steps.append({"kind": "read", "reading": notation(first), "text": f"The kept dice read {notation(first)}."})
    final = apply_macro(first, macro_counts, pool.sign)
    steps.extend(macro_steps(first, macro_dice, pool.sign))
    if macro_dice:
        steps.append({"kind": "final", "reading": notation(final), "text": f"Final reading: {notation(final)}."})
    return Resolution(pool, tuple(dice), tuple(macro_dice), aside, kept, first, final, tuple(steps))
