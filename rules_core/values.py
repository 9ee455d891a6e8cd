"""Typed reads of checked inputs.

Checked inputs are `dict[str, object]` (registry.Inputs): the declarations,
not the type checker, say what each key holds. These helpers narrow one key at a time, so the
resolvers stay type-checked without `# type: ignore` at every `int(values[...])`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

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
    """A checked faces input: its die faces, or None when it was left out; a dotted name reads a roll's keypad
    ("ram.dice")."""
    head, _, rest = name.partition(".")
    if rest:
        group = values.get(head)
        return faces_of(group, rest) if isinstance(group, Mapping) else None
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


class SiteDie(int):
    """A face the site rolled for the player ("Roll for me", or a keypad left empty), not one the player typed:
    the steps say so wherever such a face is shown (`die_text`)."""


_site_dice: ContextVar[list[int] | None] = ContextVar("site_dice", default=None)


class SiteDice(random.Random):
    """The seeded generator every resolver rolls with: each face is a SiteDie, counted for the answer (registry)."""

    def randint(self, a: int, b: int) -> int:
        face = SiteDie(super().randint(a, b))
        counted = _site_dice.get()
        if counted is not None:
            counted.append(face)
        return face


@contextmanager
def counting_site_dice() -> Iterator[list[int]]:
    """Every face a SiteDice gives inside the block, in order."""
    faces: list[int] = []
    token = _site_dice.set(faces)
    try:
        yield faces
    finally:
        _site_dice.reset(token)


def die_text(face: int) -> str:
    """"5", or "5 (rolled by the site)" for a face the player did not type."""
    return f"{face} (rolled by the site)" if isinstance(face, SiteDie) else str(face)


def rng_of(values: Mapping[str, object]) -> random.Random:
    """The generator "Roll for me" uses: SiteDice(seed), seed 0 when none is given."""
    seed = values.get("seed")
    return SiteDice(0 if seed is None else int_of(values, "seed"))
