"""Every worked example of How the dice work §1-3, §5 and §8's pure dice parts (fixtures/worked-examples.md) and of
the Jovian Wars v1.2.4 Actions and Damage pages (fixtures/game-examples.md), read by one loader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_core import describe, resolve
from rules_core.dice.read import diminish, escalate, notation, parse_notation

FIXTURES = Path(__file__).parent / "fixtures" / "worked-examples.md"
GAME_FIXTURES = Path(__file__).parent / "fixtures" / "game-examples.md"


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
GAME_CASES = read_fixture_file(GAME_FIXTURES)


def game_example(title_start: str) -> dict:
    """The input of the game example whose title starts so (for a variant of it in another test)."""
    found = [given for _line, title, given, _expected in GAME_CASES if title.startswith(title_start)]
    assert len(found) == 1, f"{len(found)} game examples titled {title_start!r}..."
    return found[0]


def run_case(given: dict) -> dict:
    if given.get("op") == "escalate":
        return {"headline": notation(escalate(parse_notation(given["reading"])))}
    if given.get("op") == "diminish":
        return {"headline": notation(diminish(parse_notation(given["reading"])))}
    if given.get("dice_needed"):
        return describe(given["resolver"], given["inputs"])["dice_needed"]
    answer = resolve(given["resolver"], given["inputs"])
    return {**answer["outcome"], "steps": answer["steps"]}


def looked_up(got: dict, key: str) -> object:
    """got[key], or for a key with dots that got does not hold, the value down that path ("boxes.Defense")."""
    if key in got:
        return got[key]
    value: object = got
    for part in key.split("."):
        value = value[part]  # type: ignore[index]
    return value


def test_the_fixture_files_hold_every_case():
    """Assert the reader found the cases (a broken file must not pass silently)."""
    assert len(CASES) >= 20
    assert len(GAME_CASES) >= 13


@pytest.mark.parametrize(("given", "expected"), [pytest.param(c[2], c[3], id=f"{kind}line{c[0]}-{c[1][:50]}")
                                                 for kind, cases in (("", CASES), ("game-", GAME_CASES)) for c in cases])
def test_worked_example(given: dict, expected: dict):
    """Assert each published example resolves to the outcome the text gives, its steps saying what it lists."""
    got = run_case(given)
    wanted = {key: value for key, value in expected.items() if key != "steps"}
    assert {key: looked_up(got, key) for key in wanted} == wanted
    missing = [text for text in expected.get("steps", []) if not any(text in step for step in got["steps"])]
    assert missing == [], got["steps"]
