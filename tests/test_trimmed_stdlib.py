"""The served stdlib is trimmed, and the engine needs nothing it left out.

scripts/stdlib_imports.mjs boots the built site's engine inside Pyodide under Node on the served
(trimmed) python_stdlib.zip, as the worker does, and asks every resolver's describe, odds and
resolve, and bad inputs, through bridge.py: every answer must be CPython's, so a later import the
trimmed zip lacks (an error or a different answer) fails here, not on a phone.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import zipfile

import pytest

import rules_core
from scripts.build.stdlib import KEEP, kept
from tests.conftest import ROOT, SITE
from tests.timing import seconds

RUNNER = ROOT / "scripts" / "stdlib_imports.mjs"
SERVED = SITE / "assets" / "pyodide" / "python_stdlib.zip"
FULL = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def cpython_bridge():
    """calculators/worker/bridge.py in this process: the same door into rules_core as the worker's."""
    spec = importlib.util.spec_from_file_location("bridge", ROOT / "calculators" / "worker" / "bridge.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_served_stdlib_holds_only_the_kept_files():
    """Assert the site serves the trimmed zip: exactly the kept files, stored (its Brotli copy packs them), and as
    sent (that copy) a third of the full one's bytes or less."""
    if not SERVED.exists():
        pytest.fail(f"{SERVED} is missing: run .venv/bin/python scripts/build_site.py first")
    with zipfile.ZipFile(SERVED) as served:
        assert sorted(served.namelist()) == sorted(kept())
        assert {entry.compress_type for entry in served.infolist()} == {zipfile.ZIP_STORED}
    assert SERVED.with_name(SERVED.name + ".br").stat().st_size * 3 < FULL.stat().st_size


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (scripts/setup)")
def test_every_resolver_answers_as_in_cpython_on_the_trimmed_stdlib_inside_pyodide():
    """Assert every call (describe, odds, resolve, bad inputs) of every resolver gives CPython's answer inside
    Pyodide on the served zip, and that the run uses every kept file (the list holds nothing it does not need)."""
    done = subprocess.run(["node", str(RUNNER), str(SITE), str(SERVED)], cwd=ROOT, capture_output=True, text=True,
                          timeout=seconds(600))
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    answers = report["answers"]
    asked = {resolver for _kind, resolver, _inputs, _answer in answers}
    assert set(rules_core.resolver_ids()) <= asked
    assert sum("error" in answer for *_, answer in answers) > len(asked)  # the bad inputs were refused, not answered
    bridge = cpython_bridge()
    for kind, resolver, inputs, answer in answers:
        assert json.loads(bridge.handle(kind, resolver, inputs)) == answer, (kind, resolver, inputs)
    assert report["used"] == kept(), f"derive {KEEP.name} again: python -m scripts.build.stdlib --derive"
