"""Every refusal names one of the form's own fields, in the player's words (issue 23: "base" was named on Targeted:X,
Station Keeping and the Skill Test, whose forms ask for "ac" and "skill"; "macro" on the Explosion).

For every resolver: each input at its least and greatest value and a bad value of the wrong kind, and seeded random
mixes of extremes (which push pools past their caps through the modifier), through odds, resolve and describe.
"""

from __future__ import annotations

import random

import pytest

from rules_core import REGISTRY, describe, odds, resolve
from rules_core.errors import InputError, RulesError
from rules_core.inputs import Input, field_label

MIXES = 40
"""Random mixes of extreme values tried per resolver."""


def paths(specs: tuple[Input, ...], prefix: str = "") -> set[str]:
    """Every declared input's name, a group's parts as "group.part"."""
    out: set[str] = set()
    for spec in specs:
        out.add(prefix + spec.name)
        if spec.parts:
            out |= paths(spec.parts, f"{prefix}{spec.name}.")
    return out


def cases(specs: tuple[Input, ...], rng: random.Random) -> list[dict[str, object]]:
    wrong = {"int": "many", "bool": 7, "choice": {"x": 1}, "faces": "1 2 9", "seed": -5, "group": [1], "ship": 4, "squadron": 4,
             "roll": 4}
    out: list[dict[str, object]] = []
    for spec in specs:
        if spec.kind == "int":
            out += [{spec.name: spec.low}, {spec.name: spec.high}]
        for part in spec.parts if spec.kind == "roll" else ():  # a roll's pool: its base, flex, macro, modifier
            if part.kind == "int":
                out += [{spec.name: {part.name: part.low}}, {spec.name: {part.name: part.high}}]
            out.append({spec.name: {part.name: wrong[part.kind]}})
        out.append({spec.name: wrong[spec.kind]})
    for _ in range(MIXES):
        mix: dict[str, object] = {}
        for spec in specs:
            if spec.kind == "roll":
                mix[spec.name] = {part.name: rng.choice([part.low, part.high]) for part in spec.parts
                                  if part.kind == "int" and rng.random() < 0.6}
            if spec.kind == "int" and rng.random() < 0.6:
                mix[spec.name] = rng.choice([spec.low, spec.high])
            elif spec.kind == "bool" and rng.random() < 0.3:
                mix[spec.name] = rng.random() < 0.5
            elif spec.kind == "choice" and rng.random() < 0.3:
                mix[spec.name] = rng.choice(spec.choices)
        out.append(mix)
    return out


@pytest.mark.parametrize("resolver_id", sorted(REGISTRY))
def test_every_refusal_names_a_field_of_the_form(resolver_id: str) -> None:
    """Assert each InputError names a declared input and its message opens with that input's label."""
    resolver = REGISTRY[resolver_id]
    declared = paths(resolver.inputs)
    rng = random.Random(resolver_id)
    strays: set[str] = set()
    refused = 0
    for given in cases(resolver.inputs, rng):
        for door in (odds, resolve, describe):
            try:
                door(resolver_id, given)
            except InputError as error:
                refused += 1
                if error.field not in declared:
                    strays.add(f"{error.field}: {error}")
                elif not str(error).startswith(field_label(resolver.inputs, error.field) or "\0"):
                    strays.add(f"unlabelled {error.field}: {error}")
            except RulesError:
                refused += 1
    assert refused and strays == set()
