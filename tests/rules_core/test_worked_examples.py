"""Every worked example of How the dice work §1-3, §5 and §8's pure dice parts, read from fixtures/worked-examples.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_core import describe, resolve
from rules_core.dice.read import diminish, escalate, notation, parse_notation

FIXTURES = Path(__file__).parent / "fixtures" / "worked-examples.md"


def read_fixture_file(path: Path) -> list[tuple[int, str, dict, dict]]:
    """Cases as (line, title, input, expected): title, '.', input JSON, '.', expected JSON, '.'."""
    lines = path.read_text(encoding="utf-8").splitlines()
    cases = []
    i = 0
    while i < len(lines):
        if i + 1 < len(lines) and lines[i + 1] == "." and lines[i].strip() and lines[i] != ".":
            title, start = lines[i], i + 1
            end_input = lines.index(".", i + 2)
            end_expected = lines.index(".", end_input + 1)
            given = json.loads("\n".join(lines[i + 2:end_input]))
            expected = json.loads("\n".join(lines[end_input + 1:end_expected]))
            cases.append((start, title, given, expected))
            i = end_expected + 1
        else:
            i += 1
    return cases


CASES = read_fixture_file(FIXTURES)


def run_case(given: dict) -> dict:
    if given.get("op") == "escalate":
        return {"headline": notation(escalate(parse_notation(given["reading"])))}
    if given.get("op") == "diminish":
        return {"headline": notation(diminish(parse_notation(given["reading"])))}
    if given.get("dice_needed"):
        return describe(given["resolver"], given["inputs"])["dice_needed"]
    return resolve(given["resolver"], given["inputs"])["outcome"]


def test_the_fixture_file_holds_every_case():
    """Assert the reader found the cases (a broken file must not pass silently)."""
    assert len(CASES) >= 20


@pytest.mark.parametrize(("given", "expected"), [pytest.param(c[2], c[3], id=f"line{c[0]}-{c[1][:50]}") for c in CASES])
def test_worked_example(given: dict, expected: dict):
    """Assert each published example resolves to the outcome the text gives."""
    got = run_case(given)
    assert {key: got[key] for key in expected} == expected
