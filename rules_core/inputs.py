"""Input declarations: what a resolver asks for, and the check that enforces it.

The browser widget draws its form from these declarations alone, so every
control (stepper, toggle, choice, dice keypad) is described here, not in HTML.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from .errors import InputError

InputKind = Literal["int", "bool", "choice", "group", "faces", "seed"]
"""int: a stepper; bool: a toggle; choice: one of `choices`; group: a fieldset of `parts`
(e.g. a dice pool {base, flex, macro}); faces: die faces 1..6 typed on the keypad;
seed: an optional integer that makes "Roll for me" reproducible."""

SEED_HIGH = 2**31 - 1


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
            if value in ("true", "1", 1):
                return True
            if value in ("false", "0", 0):
                return False
            raise InputError(where, f"must be true or false, got {value!r}")
        if self.kind == "choice":
            if value not in self.choices:
                raise InputError(where, f"must be one of {', '.join(self.choices)}; got {value!r}")
            return value
        if self.kind == "group":
            if not isinstance(value, Mapping):
                raise InputError(where, f"must be an object with {', '.join(p.name for p in self.parts)}; got {value!r}")
            return check_all(self.parts, value, path=f"{where}.")
        if self.kind == "faces":
            return self._check_faces(where, value)
        raise InputError(where, f"has an unknown kind {self.kind!r}")  # a declaration bug, reported loudly

    def _allowed(self) -> str:
        if self.kind in ("int", "seed"):
            return f"an integer from {self.low} to {self.high}"
        if self.kind == "faces":
            return f"{self.low or 0} to {self.high} dice, each 1 to 6"
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        return self.kind

    def _check_int(self, where: str, value: object) -> int:
        low = 0 if self.kind == "seed" and self.low is None else self.low
        high = SEED_HIGH if self.kind == "seed" and self.high is None else self.high
        number: int
        if isinstance(value, bool):
            raise InputError(where, f"must be an integer from {low} to {high}, got {value!r}")
        if isinstance(value, int):
            number = value
        elif isinstance(value, float) and value.is_integer():
            number = int(value)
        elif isinstance(value, str) and value.strip().lstrip("+-").isdigit():
            number = int(value.strip())
        else:
            raise InputError(where, f"must be an integer from {low} to {high}, got {value!r}")
        if (low is not None and number < low) or (high is not None and number > high):
            raise InputError(where, f"must be from {low} to {high}, got {number}")
        return number

    def _check_faces(self, where: str, value: object) -> tuple[int, ...]:
        if isinstance(value, str):
            value = [part for part in value.replace(",", " ").split() if part]
        if not isinstance(value, (list, tuple)):
            raise InputError(where, f"must be a list of die faces 1 to 6, got {value!r}")
        faces: list[int] = []
        for index, face in enumerate(value, start=1):
            if isinstance(face, str) and face.strip().isdigit():
                face = int(face)
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
                raise InputError(where, f"die {index} must show 1 to 6, got {face!r}")
            faces.append(face)
        low = self.low or 0
        if self.high is not None and not low <= len(faces) <= self.high:
            raise InputError(where, f"must hold {low} to {self.high} dice, got {len(faces)}")
        return tuple(faces)


def check_all(declared: tuple[Input, ...], given: Mapping[str, object], path: str = "") -> dict[str, object]:
    """Check every declared input, fill defaults, and refuse names nobody declared."""
    if not isinstance(given, Mapping):
        raise InputError(path.rstrip(".") or "inputs", f"must be an object, got {given!r}")
    known = {spec.name for spec in declared}
    unknown = sorted(str(name) for name in given if name not in known)
    if unknown:
        raise InputError(f"{path}{unknown[0]}", f"is not an input here (expected: {', '.join(sorted(known))})")
    return {spec.name: spec.check(given.get(spec.name), path) for spec in declared}
