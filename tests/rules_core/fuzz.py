"""Inputs for fuzzing the resolvers, built from each resolver's own Input declarations.

Shared by the bounded test (tests/rules_core/test_fuzz_resolvers.py) and the long run
(scripts/bench/fuzz_resolvers.py). `inputs_for` draws a mix: values in range, just out of it, of the
wrong type, strings that fool str.isdigit, integers past CPython's 4,300-digit limit, lists
nested 1,000 deep, unknown names, and now and then something that is not an object at all.
`call` makes one entry-point call and sorts what came back into the only allowed outcomes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from hypothesis import strategies as st

import rules_core
from rules_core.errors import InputError, RulesError
from rules_core.inputs import GROUP_KINDS, Input
from rules_core.registry import Resolver


def _nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


NESTED = _nested(1000)
"""A list 1,000 deep: json and repr both recurse on it."""
HUGE = 10**4400
"""More digits than int() and str() accept in CPython 3.11+ (4,300)."""
WEIRD_TEXTS = ("²", "³", "٣", "+-3", "-+3", "++3", "--3", "1e3", "0x10", "1_000", " ", "", "NaN", "Infinity", "½", "7.5",
               "9" * 5000, "1 2 3", "1,2,,3", "\x00", "true", "[1]", "{}", "__proto__", "x" * 100_000)
WEIRD = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(WEIRD_TEXTS), st.just(NESTED), st.sampled_from((HUGE, -HUGE, 2**64, -(2**63), 10**12 + 1)),
    st.lists(st.integers(-3, 9), max_size=4), st.dictionaries(st.text(max_size=4), st.integers(0, 9), max_size=3),
)
"""Values no declaration allows (or, for some, only by luck: a weird value may still be valid)."""


def value_for(spec: Input) -> st.SearchStrategy[object]:
    """One input's value: in range most of the time, else out of range, mistyped or weird."""
    if spec.kind in ("int", "seed"):
        low = spec.low if spec.low is not None else 0
        high = spec.high if spec.high is not None else 2**31 - 1
        valid = st.integers(low, high)
        return st.one_of(valid, valid, valid.map(str), valid.map(lambda n: f" {n:+d} "), valid.map(float),
                         st.integers(high + 1, high + 10**6), st.integers(low - 10**6, low - 1), WEIRD)
    if spec.kind == "bool":
        return st.one_of(st.booleans(), st.sampled_from(("true", "false", "1", "0", 1, 0, 2, "yes")), WEIRD)
    if spec.kind == "choice":
        return st.one_of(st.sampled_from(spec.choices), st.sampled_from(spec.choices).map(str.upper), WEIRD)
    if spec.kind == "faces":
        most = spec.high if spec.high is not None else 6
        faces = st.lists(st.integers(1, 6), max_size=most)
        return st.one_of(faces, faces, faces.map(lambda f: " ".join(map(str, f))),
                         st.lists(st.integers(1, 6), min_size=most + 1, max_size=most + 40),
                         st.lists(st.one_of(st.integers(-2, 9), st.sampled_from(WEIRD_TEXTS[:6]), st.none()),
                                  min_size=1, max_size=most), WEIRD)
    if spec.parts or spec.kind in GROUP_KINDS:  # a group or a model (a Squadron named, none of its numbers read)
        return st.one_of(mapping_for(spec.parts), mapping_for(spec.parts), WEIRD)
    raise AssertionError(f"no strategy for input kind {spec.kind!r}")


def mapping_for(declared: tuple[Input, ...]) -> st.SearchStrategy[dict[str, object]]:
    """Some of the declared names with their values, now and then an unknown name too."""
    known = st.fixed_dictionaries({}, optional={spec.name: value_for(spec) for spec in declared})
    unknown = st.dictionaries(st.one_of(st.text(max_size=8), st.sampled_from(("__proto__", "constructor", "x" * 1000))),
                              WEIRD, min_size=1, max_size=2)
    return st.one_of(known, known, known, st.builds(lambda a, b: {**b, **a}, known, unknown))


def inputs_for(resolver: Resolver) -> st.SearchStrategy[object]:
    """A whole inputs value for one resolver: nearly always an object, sometimes not."""
    return st.one_of(*[mapping_for(resolver.inputs)] * 12, WEIRD)


def field_names(declared: tuple[Input, ...], path: str = "") -> Iterator[str]:
    """Every declared dotted name: "base", "primary", "primary.base"..."""
    for spec in declared:
        yield f"{path}{spec.name}"
        yield from field_names(spec.parts, f"{path}{spec.name}.")


OUTCOMES = ("result", "field error", "refusal")
"""What a call may end in: an answer, an InputError naming a declared field (or none), a RulesError."""


def call(door: str, resolver: Resolver, inputs: object) -> str:
    """One entry-point call; the outcome name, or an AssertionError saying what broke the contract."""
    try:
        answer = getattr(rules_core, door)(resolver.id, inputs)
    except InputError as error:
        declared = set(field_names(resolver.inputs))
        assert error.field is None or error.field in declared, f"{door} {resolver.id}: field {error.field!r} is not declared"
        _one_short_line(str(error), door, resolver)
        return "field error"
    except RulesError as error:
        _one_short_line(str(error), door, resolver)
        return "refusal"
    assert isinstance(answer, dict), f"{door} {resolver.id}: answered {type(answer).__name__}"
    json.dumps(answer)  # what the worker sends: it must be JSON
    return "result"


def _one_short_line(message: str, door: str, resolver: Resolver) -> None:
    assert "\n" not in message and len(message) <= 400, f"{door} {resolver.id}: message too long: {message[:200]!r}"


def doors(resolver: Resolver) -> tuple[str, ...]:
    """The entry points a resolver answers: describe, resolve, and odds when it rolls dice."""
    return ("describe", "odds", "resolve") if resolver.odds is not None else ("describe", "resolve")
