"""Fuzz every resolver for longer than the test suite does, and print the counts (not a test).

The same strategies as tests/rules_core/test_fuzz_resolvers.py (tests/rules_core/fuzz.py): each
resolver's declared inputs, valid and invalid. Every call is counted as a result, a field error
(InputError naming a declared field or none), a refusal (another RulesError), or "other": any
other exception or a broken contract (an undeclared field, a long message, an answer that is not
JSON). The script never stops at the first "other"; it lists each distinct cause once.

Run: .venv/bin/python scripts/bench/fuzz_resolvers.py --examples 360   (about 75,000 calls)
     .venv/bin/python scripts/bench/fuzz_resolvers.py --examples 20 --only dice/
Exits 1 when any call ended in "other".
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from rules_core.registry import REGISTRY, Resolver, resolver_ids  # noqa: E402
from tests.rules_core.fuzz import call, doors, inputs_for  # noqa: E402


def fuzz(resolver: Resolver, examples: int, counts: Counter[str], causes: dict[str, str]) -> None:
    """Run `examples` drawn inputs through every door of one resolver, counting outcomes."""

    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data: st.DataObject) -> None:
        inputs = data.draw(inputs_for(resolver))
        for door in doors(resolver):
            counts["calls"] += 1
            try:
                counts[call(door, resolver, inputs)] += 1
            except Exception as error:  # noqa: BLE001 - counting every kind is the point
                counts["other"] += 1
                cause = f"{type(error).__name__} in {door} {resolver.id}"
                causes.setdefault(cause, str(error).splitlines()[0][:160] if str(error) else "")

    run()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=40, help="drawn inputs per resolver (each goes through 2-3 doors)")
    parser.add_argument("--only", default="", help="fuzz only the resolver ids starting with this")
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    causes: dict[str, str] = {}
    start = time.perf_counter()
    ids = [resolver_id for resolver_id in resolver_ids() if resolver_id.startswith(args.only)]
    for resolver_id in ids:
        fuzz(REGISTRY[resolver_id], args.examples, counts, causes)
    seconds = time.perf_counter() - start
    print(f"{len(ids)} resolvers, {args.examples} drawn inputs each, {seconds:.0f} s")
    for name in ("calls", "result", "field error", "refusal", "other"):
        print(f"{name:<12} {counts[name]:>8}")
    for cause, message in sorted(causes.items()):
        print(f"other: {cause}: {message}")
    return 1 if counts["other"] else 0


if __name__ == "__main__":
    sys.exit(main())
