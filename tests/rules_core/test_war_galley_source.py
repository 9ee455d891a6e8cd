"""Assert that rules_core.war_galley.galley holds the aid verbatim: every split cell rejoins to the source row.

Reads sources/war-galley-attack-modes.txt (env RULES_SOURCES overrides the folder);
skipped where the source is absent (inside Pyodide)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rules_core.war_galley.galley import ATTACK_MODES, DEFENSIVE_MODES

SOURCE = Path(os.environ.get("RULES_SOURCES", Path(__file__).resolve().parents[2] / "sources")) / "war-galley-attack-modes.txt"


def rows() -> list[dict[str, str]]:
    """The flattened aid as one dict per mode: cell name -> cell text."""
    if not SOURCE.exists():
        pytest.skip(f"rule source not here: {SOURCE}")
    cells = [line.rstrip().removesuffix("|").strip() for line in SOURCE.read_text(encoding="utf-8").splitlines() if line.strip()]
    records: list[dict[str, str]] = []
    for key, value in zip(cells[::2], cells[1::2]):
        if key in ("Attack Mode", "Defensive Mode"):
            records.append({})
        records[-1][key] = value
    return records


def by_name() -> dict[str, dict[str, str]]:
    return {row.get("Attack Mode") or row["Defensive Mode"]: row for row in rows()}


def test_every_mode_of_the_aid_is_modelled_in_order():
    names = [row.get("Attack Mode") or row.get("Defensive Mode") for row in rows()]
    assert names == [m.name for m in ATTACK_MODES.values()] + [m.name for m in DEFENSIVE_MODES.values()]


@pytest.mark.parametrize("slug", list(ATTACK_MODES))
def test_attack_mode_cells_rejoin_to_the_source(slug):
    mode = ATTACK_MODES[slug]
    row = by_name()[mode.name]
    assert row["Conditions"] == " ".join(mode.conditions)
    assert row["Active Defenses"] == (" ".join(mode.defenses) or "None")
    for stage, results in mode.stages:
        suffix = f" ({stage})" if stage else ""
        assert row[f"Success-Attacker{suffix}"] == " ".join(results.success_attacker)
        assert row[f"Success-Defender{suffix}"] == " ".join(results.success_defender)
        assert row[f"Failure-Attacker{suffix}"] == " ".join(results.failure_attacker)
        assert row[f"Failure Defender{suffix}"] == " ".join(results.failure_defender)


@pytest.mark.parametrize("slug", list(DEFENSIVE_MODES))
def test_defensive_mode_cells_rejoin_to_the_source(slug):
    mode = DEFENSIVE_MODES[slug]
    row = by_name()[mode.name]
    assert row["Conditions"] == " ".join(mode.conditions)
    if mode.row_ends_after_conditions:
        assert set(row) == {"Defensive Mode", "Conditions"}
        return
    success_key = "Success(Reaction)" if "Success(Reaction)" in row else "Success"
    assert row[success_key] == " ".join(mode.success)
    assert row["Failure"] == " ".join(mode.failure)
