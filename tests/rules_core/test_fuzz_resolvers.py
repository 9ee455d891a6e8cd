"""Fuzz every resolver's declared inputs: each call answers or refuses with a field-naming error, nothing else.

Bounded so the suite stays quick (a few examples per resolver); `scripts/bench/fuzz_resolvers.py
--examples N` runs the same strategies for as long as wanted and prints the counts.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core.registry import REGISTRY, resolver_ids

import sys
from tests.rules_core.fuzz import HUGE, NESTED, call, doors, inputs_for

EXAMPLES = 1 if sys.platform == "emscripten" else 6
"""Per resolver: 84 resolvers x 2-3 doors x this many calls (one in Pyodide: WebAssembly is several times slower)."""


@pytest.mark.parametrize("resolver_id", resolver_ids())
def test_every_call_answers_or_names_a_declared_field(resolver_id):
    """Assert describe/odds/resolve return a result or refuse naming a declared field (or none): never another exception."""
    resolver = REGISTRY[resolver_id]

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def check(data):
        inputs = data.draw(inputs_for(resolver))
        for door in doors(resolver):
            call(door, resolver, inputs)

    check()


@pytest.mark.parametrize("value", ["²", "+-3", HUGE, -HUGE, NESTED, "9" * 100_000, float("nan"), float("inf"), True, "٣"],
                         ids=["superscript", "two-signs", "huge", "huge-negative", "nested-1000", "100-kB", "nan", "inf",
                              "bool", "arabic-indic-three"])
def test_the_known_fuzz_causes_are_field_errors(value):
    """Assert each value a fuzz run once crashed on is, in every int and faces input of the dice roll, a field error."""
    resolver = REGISTRY["dice/unopposed"]
    for spec in resolver.inputs:
        if spec.kind in ("int", "faces", "seed"):
            for door in doors(resolver):
                outcome = call(door, resolver, {spec.name: value if spec.kind != "faces" else [value]})
                assert outcome == "field error", (spec.name, door)


@pytest.mark.parametrize(("text", "says"), [("[" * 100_000 + "]" * 100_000, "more than 256 lists or objects"),
                                            ('{"base": ' + "9" * 5000 + "}", "a number too long"),
                                            ("{base: 3", "not valid JSON")])
def test_inputs_sent_as_text_are_refused_for_the_inputs_as_a_whole(text, says):
    """Assert JSON text a worker message or the CLI carries is parsed or refused as one InputError naming no field."""
    from rules_core.errors import InputError
    from rules_core.inputs import parse_inputs

    with pytest.raises(InputError) as error:
        parse_inputs(text)
    assert error.value.field is None and says in str(error.value) and len(str(error.value)) < 120
    assert parse_inputs('{"base": 3}') == {"base": 3}
