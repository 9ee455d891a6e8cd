"""No silent assumption (issue 33 point 4): a situational default that changes a result is named, and no step says
"base 5" when a modifier made it 5.

Over every resolver: each input declared `assumed` is named in the headline while not entered (and not once entered),
and each attack modifier a resolver takes, set to a random value not 0, is named in every roll step whose pool it
changed (the same inputs and seed with the modifier at 0 give the pool it changed from).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from rules_core import REGISTRY, resolve
from rules_core.errors import RulesError
from rules_core.inputs import Input

RAM = "jovian-wars/v1.2.4/ram"
ROLLED = re.compile(r"^(?P<who>.*?)Rolled \d+ dic?e \((?P<pool>[^)]*(?:\([^)]*\)[^)]*)*)\)")
"""A roll step: "Ramming ship: Rolled 5 dice (base 5: starting Structure 4, +1 base from …)" (who, pool words)."""


def _modifiers(specs: tuple[Input, ...], at: str = "") -> Iterator[tuple[str, Input]]:
    """Every int input that is an attack modifier (by its name), with its path."""
    for spec in specs:
        if spec.parts:
            yield from _modifiers(spec.parts, f"{at}{spec.name}.")
        elif spec.kind == "int" and spec.name.endswith("modifier"):
            yield f"{at}{spec.name}", spec


def _with(path: str, value: object, base: dict[str, object]) -> dict[str, object]:
    head, _, rest = path.partition(".")
    if not rest:
        return {**base, head: value}
    inner = base.get(head)
    return {**base, head: _with(rest, value, inner if isinstance(inner, dict) else {})}


def _rolls(resolver_id: str, inputs: dict[str, object]) -> list[tuple[str, str]] | None:
    try:
        steps = resolve(resolver_id, inputs).get("steps") or []
    except RulesError:
        return None  # refused (a pool past its caps, a rule the inputs break): no step to read
    return [(m["who"], m["pool"]) for step in steps if (m := ROLLED.match(str(step)))]


CASES = [(rid, path, spec) for rid in REGISTRY for path, spec in _modifiers(REGISTRY[rid].inputs)
         if any(i.kind == "seed" for i in REGISTRY[rid].inputs)]


def test_the_sweep_finds_the_modifiers() -> None:
    assert {(rid, path) for rid, path, _ in CASES} >= {(RAM, "ram_modifier"), (RAM, "target_modifier")}


@pytest.mark.parametrize(("resolver_id", "path", "spec"), CASES, ids=[f"{r}:{p}" for r, p, _ in CASES])
def test_a_step_names_the_modifier_that_changed_its_pool(resolver_id: str, path: str, spec: Input) -> None:
    """For random seeds and modifier values: a roll step whose pool the modifier changed names the net modifier (in
    the run where one is left: a modifier may cancel another, "Targeted:2" and -2)."""
    draw = random.Random(f"{resolver_id}:{path}")
    low, high = spec.low if spec.low is not None else -3, spec.high if spec.high is not None else 3
    checked = 0
    for _ in range(12):
        value = draw.choice([n for n in range(max(low, -3), min(high, 3) + 1) if n])
        base: dict[str, object] = {"seed": draw.randrange(10**6)}
        plain, modified = _rolls(resolver_id, _with(path, 0, base)), _rolls(resolver_id, _with(path, value, base))
        if plain is None or modified is None:
            continue
        for (who, before), (who_after, after) in zip(plain, modified):
            if who != who_after:
                break  # the chains part here (another outcome): no pair to compare
            if before != after:  # the modifier changed this pool: the step that has a net modifier names it
                checked += 1
                assert "attack modifier" in after or "attack modifier" in before, (
                    f"{resolver_id}, {path} = {value}: “{who}Rolled … ({after})” (at 0: “{before}”) hides it")
    if not checked:
        pytest.skip("the modifier changed no roll step for these inputs")


ASSUMED = [(rid, spec) for rid in REGISTRY for spec in REGISTRY[rid].inputs if getattr(spec, "assumed", "")]
"""Each input declared `assumed` (getattr: the test runs, and fails, on a rules core without the field)."""


def test_the_ram_side_arc_is_declared_assumed() -> None:
    assert (RAM, "rammed_arc") in {(rid, spec.name) for rid, spec in ASSUMED}


@pytest.mark.parametrize(("resolver_id", "spec"), ASSUMED, ids=[f"{r}:{s.name}" for r, s in ASSUMED])
def test_a_default_not_entered_is_named_in_the_headline(resolver_id: str, spec: Input) -> None:
    """Not entered: the headline names it and the answer lists it (the widget's tap); entered: neither."""
    seeds = {"seed": 7} if any(i.kind == "seed" for i in REGISTRY[resolver_id].inputs) else {}
    given: dict[str, object] = {**seeds, **({"result": "success"} if any(i.name == "result" for i in REGISTRY[resolver_id].inputs) else {})}
    answer = resolve(resolver_id, given)
    assert answer["outcome"]["headline"].count(spec.assumed) >= 1, answer["outcome"]["headline"]
    assert {"name": spec.name, "text": spec.assumed} in answer["assumed"]
    entered = resolve(resolver_id, {**given, spec.name: spec.default})
    assert {"name": spec.name, "text": spec.assumed} not in entered.get("assumed", [])
    every = resolve(resolver_id, {**given, **{other.name: other.default for rid, other in ASSUMED if rid == resolver_id}})
    assert "assumed" not in every and "Not entered yet, so taken at" not in every["outcome"]["headline"]


def test_the_ram_names_its_side_arc_in_the_headline_and_in_the_step_it_changes() -> None:
    """The default Ram (side arc ticked, not entered) says "+1 side arc" where it adds the die; unticked, 4 dice."""
    answer = resolve(RAM, {"seed": 3})
    assert "Not entered yet, so taken at its default: +1 side arc (12 dice rolled by the site)." in answer["outcome"]["headline"]
    step = next(s for s in answer["steps"] if s.startswith("Ramming ship: Rolled"))
    assert step.startswith("Ramming ship: Rolled 5 dice (base 5: starting Structure 4, +1 base from attack modifier +1 "
                           "(+1 side arc)): ")
    unticked = resolve(RAM, {"seed": 3, "rammed_arc": "front"})
    assert next(s for s in unticked["steps"] if s.startswith("Ramming ship: Rolled")).startswith(
        "Ramming ship: Rolled 4 dice (base 4: starting Structure 4): ")
    assert "side arc" not in unticked["outcome"]["headline"]


def test_the_ram_steps_fold_by_stage() -> None:
    """One stage name per step, in the chain's order (the widget folds them)."""
    answer = resolve(RAM, {"seed": 3})
    assert len(answer["stages"]) == len(answer["steps"])
    order = list(dict.fromkeys(answer["stages"]))
    assert order[:5] == ["Requirement", "Ramming ship's Skill Test", "Both rolls", "Damage to the ramming ship",
                         "Damage to the target"]
    assert order[-1] == "After the Ram" and answer["stages"][-2:] == ["After the Ram", "After the Ram"]
