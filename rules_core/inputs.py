"""Input declarations: what a resolver asks for, and the check that enforces it.

The browser widget draws its form from these declarations alone, so every
control (stepper, toggle, choice, dice keypad) is described here, not in HTML.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from .errors import InputError, shown

InputKind = Literal["int", "bool", "choice", "group", "ship", "squadron", "roll", "faces", "seed"]
"""int: a stepper; bool: a toggle; choice: one of `choices`; group: a fieldset of `parts`
(e.g. a dice pool {base, flex, macro}); ship: one Capital Ship as a JSON object of its card's numbers (a group whose
parts are `jovian_wars.ship_inputs.ship_input`'s, its errors naming the ship: "Target: Sensors boxes left: ...");
squadron: one Squadron as a JSON object of its card's numbers (`jovian_wars.squadron_inputs.squadron_input`'s parts,
its errors naming the Squadron: "Squadron A: Skill: ...");
roll: one roll of dice as a JSON object of its keypads (dice, macro_dice, set_aside) and, where the player sets the pool,
its base, flex, macro and modifier (`rolling.roll_input`'s parts), its errors naming the roll ("Target's roll: Macro dice
rolled: ...");
faces: die faces 1..6 typed on the keypad; seed: an optional integer that makes "Roll for me" reproducible."""
NAMED_KINDS = {"ship": "the ship's numbers by name", "squadron": "the Squadron's card numbers by name",
               "roll": "the roll's dice by name"}
"""The groups that are one thing of the game (a model, a roll), and how a refusal names the value each takes: a part's
label is said after the thing's, with a colon ("Target: Structure left", "Target's roll: Macro dice rolled")."""
GROUP_KINDS = ("group", *NAMED_KINDS)
"""The kinds whose value is an object of `parts`, each checked by its own declaration."""

SEED_HIGH = 2**31 - 1


class Values(dict[str, object]):
    """Checked inputs, every default filled in, and the names that were entered (by the player, a shared link or the
    command line): a default not entered is never reported as a fact about the player's model (`is_entered`)."""

    entered: frozenset[str] = frozenset()


def is_entered(values: Mapping[str, object], path: str) -> bool:
    """Whether `path` ("ram_attack", or a group's "a.bid") was entered; mappings built in code count as entered."""
    head, _, rest = path.partition(".")
    if isinstance(values, Values) and head not in values.entered:
        return False
    inner = values.get(head)
    return not rest or not isinstance(inner, Mapping) or is_entered(inner, rest)


@dataclass(frozen=True, slots=True)
class Input:
    """One declared input of a resolver."""

    name: str
    """Key in the inputs mapping (and in the URL fragment)."""
    kind: InputKind
    """Which control draws it and how it is checked."""
    label: str
    """What the player reads next to the control, in the rule's own terms."""
    default: object = None
    """Value used when the input is absent; None means optional (faces, seed) or required."""
    low: int | None = None
    """Smallest allowed int; for faces, the fewest dice."""
    high: int | None = None
    """Largest allowed int; for faces, the most dice."""
    choices: tuple[str, ...] = ()
    """Allowed values of a choice."""
    parts: tuple[Input, ...] = ()
    """The inputs inside a group."""
    help: str = ""
    """One sentence under the control: where the number comes from at the table."""
    required: bool = False
    """True when absence is an error rather than a reason to use `default`."""
    optional: bool = False
    """A faces input that may stay empty when resolving: an automatic choice or a stated result stands in."""
    when: tuple[str, str] | None = None
    """(other input, value): the control is shown only while that input has that value (e.g. Squadron-only inputs)."""
    more: bool = False
    """Rarely changed (net modifiers): the widget folds it under "More"."""
    assumed: str = ""
    """A situational input whose default changes a result: what the default does, in the steps' words ("+1 side
    arc"). While the player has not set it, a resolution names it in its headline (registry.resolve), and the widget
    makes that mention the tap that changes it."""

    def to_json(self) -> dict[str, object]:
        """The declaration as plain data for describe()."""
        data: dict[str, object] = {"name": self.name, "kind": self.kind, "label": self.label, "default": self.default}
        if self.low is not None:
            data["low"] = self.low
        if self.high is not None:
            data["high"] = self.high
        if self.choices:
            data["choices"] = list(self.choices)
        if self.parts:
            data["parts"] = [part.to_json() for part in self.parts]
        if self.help:
            data["help"] = self.help
        if self.required:
            data["required"] = True
        if self.optional:
            data["optional"] = True
        if self.when:
            data["when"] = list(self.when)
        if self.more:
            data["more"] = True
        if self.assumed:
            data["assumed"] = self.assumed
        return data

    def check(self, value: object, path: str = "") -> object:
        """Return the value in canonical form, or raise InputError naming the field and its range."""
        where = f"{path}{self.name}"
        if value is None:
            if self.required:
                raise InputError(where, f"is required ({self._allowed()})")
            value = self.default
            if value is None:
                return None
        if self.kind == "int" or self.kind == "seed":
            return self._check_int(where, value)
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, (str, int)) and value in ("true", "1", 1):
                return True
            if isinstance(value, (str, int)) and value in ("false", "0", 0):
                return False
            raise InputError(where, f"on or off (true or false), not {shown(value)}")
        if self.kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                raise InputError(where, f"one of {', '.join(self.choices)}; not {shown(value)}")
            return value
        if self.kind in GROUP_KINDS:
            if not isinstance(value, Mapping):
                what = NAMED_KINDS.get(self.kind, "a group of")
                raise InputError(where, f"{what} ({', '.join(p.name for p in self.parts)}); not {shown(value)}")
            return check_all(self.parts, value, path=f"{where}.")
        if self.kind == "faces":
            return self._check_faces(where, value)
        raise InputError(where, f"has an unknown kind {self.kind!r}")  # a declaration bug, reported loudly

    def _allowed(self) -> str:
        if self.kind in ("int", "seed"):
            low, high = self._range()
            return f"a whole number from {low} to {high}"
        if self.kind == "faces":
            return f"{self.low or 0} to {self.high} dice, each 1 to 6"
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        return self.kind

    def _range(self) -> tuple[int | None, int | None]:
        if self.kind == "seed":
            return (0 if self.low is None else self.low, SEED_HIGH if self.high is None else self.high)
        return self.low, self.high

    def _check_int(self, where: str, value: object) -> int:
        low, high = self._range()
        number = whole_number(value)
        if number is None:
            raise InputError(where, f"{self._allowed()}, not {shown(value)}")
        if (low is not None and number < low) or (high is not None and number > high):
            raise InputError(where, f"{self._allowed()}, not {shown(number)}")
        return number

    def _check_faces(self, where: str, value: object) -> tuple[int, ...]:
        most = self.high if self.high is not None else 0
        if isinstance(value, str):
            if len(value) > 4 * most + 16:  # more characters than `most` faces can need: refuse before splitting
                raise InputError(where, f"{self._allowed()}; not {shown(value)}")
            value = [part for part in value.replace(",", " ").split() if part]
        if not isinstance(value, (list, tuple)):
            raise InputError(where, f"a list of die faces ({self._allowed()}); not {shown(value)}")
        low = self.low or 0
        if self.high is not None and not low <= len(value) <= self.high:
            raise InputError(where, f"{low} to {self.high} dice, not {len(value)}")
        faces: list[int] = []
        for index, face in enumerate(value, start=1):
            number = whole_number(face)
            if number is None or not 1 <= number <= 6:
                raise InputError(where, f"die {index} shows 1 to 6, not {shown(face)}")
            faces.append(number)
        return tuple(faces)


WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,12}")
"""A whole number typed as text: ASCII digits only ("²" and "٣" are digits to str.isdigit, not to int's
callers), one optional sign ("+-3" is refused), and at most 12 digits (int() refuses past 4,300)."""


SEED = Input("seed", "seed", "Seed for “Roll for me”", help="Used when no dice are typed in.")
"""The seed every resolver with "Roll for me" declares (`values.rng_of` turns it into the generator)."""


def whole_number(value: object) -> int | None:
    """An int from an int, an integral float or a short decimal text; None for anything else.

    A bool is not a number here (True is not 1 die). Out-of-range checks come after, so a
    huge int is returned as is (comparing it is cheap; it is never printed).
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None  # inf and nan are not integers
    if isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip()):
        return int(value.strip())
    return None


def field_label(declared: tuple[Input, ...], field: str) -> str | None:
    """The label a player reads for a dotted field ("primary.base" -> "Primary (acting), Base dice"; a ship's part
    "target_ship.sensors" -> "Target: Sensors boxes left"; a roll's keypad "ram.dice" -> "Ramming ship's roll: Dice
    rolled (base and flex)")."""
    head, _, rest = field.partition(".")
    for spec in declared:
        if spec.name == head:
            if not rest:
                return spec.label
            inner = field_label(spec.parts, rest)
            return None if inner is None else f"{spec.label}{': ' if spec.kind in NAMED_KINDS else ', '}{inner}"
    return None


def keypad_paths(declared: tuple[Input, ...]) -> list[str]:
    """Every keypad of a declaration by its path: a faces input's name, a roll's "<roll>.<keypad>" ("ram.dice")."""
    return [path for spec in declared for path in
            ([spec.name] if spec.kind == "faces" else [f"{spec.name}.{part.name}" for part in spec.parts
                                                       if part.kind == "faces"] if spec.kind == "roll" else [])]


def check_all(declared: tuple[Input, ...], given: object, path: str = "") -> Values:
    """Check every declared input, fill defaults, and refuse names nobody declared.

    An unknown name is refused under the group that holds it (None at the top: the inputs as a
    whole), since the field a refusal names is always a declared one.
    """
    group = path.rstrip(".") or None
    if not isinstance(given, Mapping):
        raise InputError(group, f"an object of inputs by name ({_names(declared)}); not {shown(given)}")
    known = {spec.name for spec in declared}
    unknown = [name for name in given if name not in known]
    if unknown:
        raise InputError(group, f"{shown(unknown[0])} is not an input here (expected: {_names(declared)})")
    values = Values({spec.name: spec.check(given.get(spec.name), path) for spec in declared})
    values.entered = frozenset(name for name in given if given[name] is not None)
    return values


def _names(declared: tuple[Input, ...], most: int = 6) -> str:
    """The declared names for a message: the first `most`, then how many more."""
    names = [spec.name for spec in declared]
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")


MOST_BRACKETS = 256
"""Lists and objects a JSON text of inputs may hold: the largest resolver needs a few dozen."""


def parse_inputs(text: str) -> object:
    """Inputs sent as JSON text (the command line, a worker message), or InputError for the inputs as a whole.

    Not yet checked: `check_all` does that. Refused here: text that is not JSON, more lists and objects
    than any inputs hold (checked before parsing: Pyodide's parser overflows the JavaScript stack on
    deep nesting, a fatal error rather than a RecursionError) and integers past CPython's 4,300-digit
    limit (ValueError).
    """
    if text.count("[") + text.count("{") > MOST_BRACKETS:
        raise InputError(None, f"holds more than {MOST_BRACKETS} lists or objects (inputs need a few)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(None, f"not valid JSON ({error.msg} at character {error.pos})") from None
    except ValueError:
        raise InputError(None, "holds a number too long to read (inputs are small whole numbers)") from None
