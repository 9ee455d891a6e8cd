"""Benchmark of the dice engine (not a test): against icepool, cold, in CPython and in Pyodide.

1. The largest matching set among N d6, N = 1..20: rules_core.pool_odds.largest_set_odds
   against icepool's `d6.pool(N).largest_count()`; the answers are compared exactly.
2. The distributions the dice resolvers need, cold (every cache cleared before every
   run; best of 3 such runs, the machine is shared), in CPython and, through Node, in
   Pyodide: base 12, flex 3, macro -4..+4 (the issue's case), table-sized pools, and the
   corners of the caps (30 base, 6 flex, macro -10..+10) with the slowest pools a scan found,
   and the entry point `rules_core.odds("dice/unopposed", ...)` end to end (distribution plus JSON).

Run: .venv/bin/python scripts/bench_dice.py [--no-pyodide]
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_core.pool_odds import largest_set_odds  # noqa: E402 - the rest is imported by TIMING

POOLS = ([(12, 3, macro) for macro in range(-4, 5)] + [(3, 0, 0), (6, 1, 1), (8, 2, -2)]
         + [(30, 6, 10), (30, 6, -10), (30, 6, 0), (0, 6, 10), (1, 6, -10), (6, 6, 10), (11, 6, 10), (12, 6, -10),
            (17, 3, -6), (17, 6, -6)])
"""(base, flex, macro) pools timed cold: the issue's base 12, flex 3, macro -4..+4, table-sized ones, the caps'
corners and the slowest pools of a scan of the caps (b11 f6 m+10, b17 f3 m-6 ...)."""

# The same timing code runs inside Pyodide (sent as text through Node).
TIMING = r'''
import json, time
from rules_core.keep import best_levels
from rules_core.pool_odds import clear_caches, reading_weights
from rules_core.opposed import opposed_weights, secondary_choice
from rules_core.pools import Pool

def cold(make, runs=3):
    best = float("inf")
    for _ in range(runs):
        clear_caches(); best_levels.cache_clear(); secondary_choice.cache_clear()
        start = time.perf_counter()
        make()
        best = min(best, (time.perf_counter() - start) * 1000)
    return best

def timings(pools):
    out = {}
    for base, flex, macro in pools:
        out[f"unopposed b{base} f{flex} m{macro:+d}"] = cold(lambda: reading_weights(Pool(base, flex, macro)))
    out["opposed b3 vs b3"] = cold(lambda: opposed_weights(Pool(3), Pool(3)))
    out["opposed b6 f1 vs b4"] = cold(lambda: opposed_weights(Pool(6, 1), Pool(4)))
    import rules_core  # the entry point: distribution plus its JSON (sorted readings, notation, charts)
    for base, flex, macro in [(12, 3, m) for m in range(-4, 5)] + [(30, 6, 10), (30, 6, -10), (11, 6, 10), (12, 6, -10)]:
        inputs = {"base": base, "flex": flex, "macro": macro}
        out[f"odds() b{base} f{flex} m{macro:+d}"] = cold(lambda: rules_core.odds("dice/unopposed", inputs))
    return out
'''


def best_of(runs: int, work: Callable[[], object]) -> tuple[float, object]:
    """Fastest of `runs` timings in ms, and the last answer."""
    best, answer = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        answer = work()
        best = min(best, (time.perf_counter() - start) * 1000)
    return best, answer


COLD = r"""
import json, sys, time
from fractions import Fraction
sys.path.insert(0, sys.argv[2])
import icepool
from rules_core.pool_odds import largest_set_odds
n = int(sys.argv[1])
start = time.perf_counter(); ours = largest_set_odds(n); ours_ms = (time.perf_counter() - start) * 1000
start = time.perf_counter()
die = icepool.d6.pool(n).largest_count()
theirs = {int(k): Fraction(die.quantity(k), die.denominator()) for k in die.outcomes()}
theirs_ms = (time.perf_counter() - start) * 1000
print(json.dumps([ours_ms, theirs_ms, ours == theirs]))
"""


def largest_set_table() -> list[str]:
    """Cold: each N in a fresh process (icepool caches evaluations); warm: best of 5 in this one."""
    import icepool

    lines = ["N   ours cold ms  icepool cold ms  ratio   ours warm ms  icepool warm ms  ratio  equal"]
    for n in range(1, 21):
        done = subprocess.run([sys.executable, "-c", COLD, str(n), str(ROOT)], capture_output=True, text=True,
                              check=True, timeout=300)
        ours_cold, theirs_cold, equal = json.loads(done.stdout)
        ours_ms, ours = best_of(5, lambda: largest_set_odds(n))

        def theirs_run() -> dict[int, Fraction]:
            die = icepool.d6.pool(n).largest_count()
            return {int(k): Fraction(die.quantity(k), die.denominator()) for k in die.outcomes()}

        theirs_ms, theirs = best_of(5, theirs_run)
        equal = equal and ours == theirs
        lines.append(f"{n:<3} {ours_cold:>12.3f} {theirs_cold:>16.3f} {theirs_cold / ours_cold:>6.1f}x "
                     f"{ours_ms:>13.3f} {theirs_ms:>16.3f} {theirs_ms / ours_ms:>5.1f}x  {equal}")
        assert equal, f"N={n}: answers differ"
    return lines


def cpython_timings() -> dict[str, float]:
    scope: dict[str, object] = {}
    exec(TIMING, scope)
    return scope["timings"](POOLS)  # type: ignore[operator, no-any-return]


def pyodide_timings() -> dict[str, float]:
    script = f"""
import {{ loadPyodide }} from "pyodide";
const root = {json.dumps(str(ROOT))};
const py = await loadPyodide({{ indexURL: root + "/node_modules/pyodide/" }});
py.FS.mkdirTree(root);
py.FS.mount(py.FS.filesystems.NODEFS, {{ root }}, root);
py.runPython("import sys; sys.dont_write_bytecode = True; sys.path.insert(0, " + JSON.stringify(root) + ")");
py.runPython({json.dumps(TIMING)});
console.log(py.runPython("json.dumps(timings({json.dumps(POOLS)}))"));
"""
    done = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=900, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> None:
    print("Largest matching set of N d6 (best of 3, ms)")
    print("\n".join(largest_set_table()))
    here = cpython_timings()
    there = pyodide_timings() if "--no-pyodide" not in sys.argv else {}
    print("\nDistributions the resolvers need, cold: best of 3 runs, every cache cleared before each (ms)")
    print(f"{'pool':<28} {'CPython':>10} {'Pyodide':>10}")
    for name, ms in here.items():
        other = f"{there[name]:>10.1f}" if name in there else f"{'-':>10}"
        print(f"{name:<28} {ms:>10.1f} {other}")


if __name__ == "__main__":
    main()
