"""Dice pools (How the dice work §2 "Base, flex and macro dice") and the v1.2.4 attack-modifier conversion (§5 "The v1.2.4 attack modifier"), with their limits."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InputError

MAX_BASE = 30
"""Most base dice a pool may have (the largest rating in the texts is far below)."""
MAX_FLEX = 6
"""Most flex dice a pool may have."""
MAX_MACRO = 10
"""Largest macro pool, either sign (macro runs from -MAX_MACRO to +MAX_MACRO)."""
MAX_MODIFIER = 10
"""Largest net attack modifier, either sign."""


@dataclass(frozen=True, slots=True)
class Pool:
    """The three parts of an Unopposed roll."""

    base: int
    """Dice that are read (never below 0)."""
    flex: int = 0
    """Extra dice rolled with the base dice, then set aside (0..MAX_FLEX)."""
    macro: int = 0
    """Macro pool: positive raises results, negative lowers them; |macro| dice are rolled apart."""
    why: str = field(default="", compare=False)
    """What made the pool, where more than a rating did ("starting Structure 4, +1 base from attack modifier +1 (+1
    side arc)"): a step never says "base 5" when a modifier made it 5. Not part of the pool's identity (odds share
    pools)."""

    @property
    def rolled(self) -> int:
        """How many base-coloured dice are rolled: base + flex."""
        return self.base + self.flex

    @property
    def sign(self) -> int:
        """+1, 0 or -1: what each macro die does to a matching result."""
        return (self.macro > 0) - (self.macro < 0)

    def describe(self) -> str:
        """"base 3 + flex 1, macro -2" for the steps, and what made it where a modifier did (`why`)."""
        text = f"base {self.base}"
        if self.flex:
            text += f" + flex {self.flex}"
        if self.macro:
            text += f", macro {self.macro:+d}"
        return f"{text}: {self.why}" if self.why else text


def modifier_dice(net: int) -> tuple[int, int, int]:
    """The v1.2.4 attack-modifier table (§5): net modifier -> (base, flex, macro) to add.

    -n -> -n macro; 0 -> nothing; +1 -> +1 base; +2 -> +1 base +1 flex;
    +n (n >= 3) -> +1 base, +1 flex, +(n - 2) macro.
    """
    if net < 0:
        return (0, 0, net)
    if net == 0:
        return (0, 0, 0)
    if net == 1:
        return (1, 0, 0)
    return (1, 1, net - 2)


def modifier_words(modifier: int, parts: tuple[tuple[str, int], ...] = ()) -> str:
    """"+1 base +1 flex from attack modifier +2 (+1 side arc, +1 other modifiers)": §5's conversion named; "" for 0.

    `parts` name the modifier's pieces (those not 0 are listed)."""
    if not modifier:
        return ""
    named = [f"{amount:+d} {what}" for what, amount in parts if amount]
    dice = " ".join(f"{n:+d} {kind}" for n, kind in zip(modifier_dice(modifier), ("base", "flex", "macro")) if n)
    return f"{dice} from attack modifier {modifier:+d}" + (f" ({', '.join(named)})" if named else "")


def build_pool(base: int, flex: int = 0, macro: int = 0, modifier: int = 0, *, field: str = "",
               names: tuple[str, str, str] | None = None, base_words: str = "",
               parts: tuple[tuple[str, int], ...] = ()) -> Pool:
    """Apply the modifier conversion first (§5), then the other flex and macro; refuse pools past the caps.

    The pool's `why` names its base (`base_words`, "Starting Structure 4 +1 front to front") when given, and the
    modifier and its conversion when not 0 (`modifier_words`, its pieces named by `parts`).

    A refusal names the form's own input that sets the part: `names` (base, flex, macro) where the form calls them
    otherwise ("skill", "ac"...), else "base", "flex", "macro" prefixed by `field` for grouped inputs ("primary.").
    """
    base_name, flex_name, macro_name = names or (f"{field}base", f"{field}flex", f"{field}macro")
    add_base, add_flex, add_macro = modifier_dice(modifier)
    why = ", ".join(words for words in (base_words or (f"{base} base dice" if modifier else ""), modifier_words(modifier, parts)) if words)
    pool = Pool(max(0, base + add_base), flex + add_flex, macro + add_macro, why)
    note = f" after the attack modifier {modifier:+d}" if modifier else ""
    if not 0 <= pool.base <= MAX_BASE:
        raise InputError(base_name, f"the base pool must be 0 to {MAX_BASE} dice{note}, got {pool.base}")
    if not 0 <= pool.flex <= MAX_FLEX:
        raise InputError(flex_name, f"the flex dice must be 0 to {MAX_FLEX}{note}, got {pool.flex}")
    if not -MAX_MACRO <= pool.macro <= MAX_MACRO:
        raise InputError(macro_name, f"the macro pool must be -{MAX_MACRO} to +{MAX_MACRO}{note}, got {pool.macro}")
    return pool
