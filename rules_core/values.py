"""Typed reads of checked inputs.

Checked inputs are `dict[str, object]` (registry.Inputs): the declarations,
not the type checker, say what each key holds. These helpers narrow one key at a time, so the
resolvers stay type-checked without `# type: ignore` at every `int(values[...])`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from .errors import InputError


def value_at(values: Mapping[str, object], name: str) -> object:
    """A checked input by name, or a part of a group or ship by its dotted path ("target_ship.sensors")."""
    head, _, rest = name.partition(".")
    value = values[head]
    if not rest:
        return value
    if isinstance(value, Mapping):
        return value_at(value, rest)
    raise InputError(head, f"must be a group of inputs, got {value!r}")


def int_of(values: Mapping[str, object], name: str) -> int:
    """A checked int (or bool, or a numeric choice such as "2") input as an int; a dotted name reads a part."""
    value = value_at(values, name)
    if isinstance(value, (int, str)):
        return int(value)
    raise InputError(name, f"must be a whole number, got {value!r}")


def faces_of(values: Mapping[str, object], name: str) -> tuple[int, ...] | None:
    """A checked faces input: its die faces, or None when it was left out."""
    value = values.get(name)
    if value is None:
        return None
    if isinstance(value, (tuple, list)) and all(isinstance(face, int) for face in value):
        return tuple(value)
    raise InputError(name, f"must be a list of die faces 1 to 6, got {value!r}")


def group_of(values: Mapping[str, object], name: str) -> dict[str, object]:
    """A checked group input (a fieldset such as a dice pool) as its own inputs mapping."""
    value = values[name]
    if isinstance(value, dict):
        return value
    raise InputError(name, f"must be a group of inputs, got {value!r}")


def rng_of(values: Mapping[str, object]) -> random.Random:
    """The generator "Roll for me" uses: random.Random(seed), seed 0 when none is given."""
    seed = values.get("seed")
    return random.Random(0 if seed is None else int_of(values, "seed"))
