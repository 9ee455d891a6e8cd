"""The repository stands alone: no tracked file reads or names a folder outside it."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.conftest import ROOT, SOURCES

SHARED = "shared"
OUTSIDE = (f"../{SHARED}", f"/work/{SHARED}", f"{SHARED}/rules-sources")
"""Spelled in pieces so this file does not match itself."""


def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True).stdout
    return [name for name in out.decode().split("\0") if name]


def test_no_tracked_file_refers_to_a_folder_outside_the_repository() -> None:
    offenders = []
    for name in tracked_files():
        path = ROOT / name
        if not path.is_file():  # deleted in the work tree, not yet committed
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        offenders += [f"{name}: {needle}" for needle in OUTSIDE if needle in text and not _inside(path, needle)]
    assert offenders == []


def _inside(path: Path, needle: str) -> bool:
    """A relative path that stays in the repository from the file that writes it: a page script's import of the
    protocol names calculators/shared/, a folder of the repository."""
    target = (path.parent / needle).resolve()
    return needle.startswith("..") and target.is_dir() and ROOT in target.parents


def test_the_rule_texts_are_in_the_repository() -> None:
    names = {path.name for path in SOURCES.glob("*.txt")}
    assert names == {
        "jovian-wars-v1.2.1-special-actions.txt", "jovian-wars-v1.2.4-actions.txt", "jovian-wars-v1.2.4-damage.txt",
        "jovian-wars-v1.2.4-dogfight.txt", "war-galley-attack-modes.txt",
    }
    assert "| file | game | version | page |" in (SOURCES / "README.md").read_text(encoding="utf-8")
    assert set(tracked_files()) >= {f"sources/{name}" for name in names}
