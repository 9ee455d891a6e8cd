"""The importer: it reproduces the committed pages, and its literal split tables are exact."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scripts.importer import import_rules
from scripts.importer.import_rules import ImportFailure, render_all, rejoins, slugify, write_all
from scripts.importer.import_rules_layout import (
    GALLEY_CELLS,
    GALLEY_SOURCE,
    JOVIAN_PAGES,
    MANGLED_TABLES,
    TABLE_HEADERS,
    TABLE_ROWS,
)
from tests.conftest import DOCS, SOURCES

GENERATED = sorted(render_all(SOURCES))


def source_lines() -> set[str]:
    """Every line of every Jovian Wars source, trailing spaces dropped."""
    return {line.rstrip() for page in JOVIAN_PAGES
            for line in (SOURCES / page.source).read_text(encoding="utf-8").split("\n")}


def galley_cells() -> set[str]:
    text = (SOURCES / GALLEY_SOURCE).read_text(encoding="utf-8")
    return {line.strip().removesuffix(" |") for line in text.split("\n") if line.strip()}


@pytest.mark.parametrize("target", GENERATED)
def test_importer_reproduces_the_committed_page(tmp_path: Path, target: str) -> None:
    """Assert a fresh import into a temp dir gives the committed Markdown byte for byte."""
    write_all(tmp_path, SOURCES)
    assert (tmp_path / target).read_text(encoding="utf-8") == (DOCS / target).read_text(encoding="utf-8")


def test_importer_writes_exactly_the_generated_pages(tmp_path: Path) -> None:
    written = {path.relative_to(tmp_path).as_posix() for path in write_all(tmp_path, SOURCES)}
    assert written == {
        "jovian-wars/v1.2.4/actions.md", "jovian-wars/v1.2.4/damage.md", "jovian-wars/v1.2.4/dogfight.md",
        "jovian-wars/v1.2.1/special-actions.md", "jovian-wars/traits.md", "war-galley/aid/attack-modes.md",
    }


@pytest.mark.parametrize(("row", "cells"), [*TABLE_ROWS.items(), *TABLE_HEADERS.items()])
def test_every_table_split_rejoins_to_its_source_row(row: str, cells: tuple[str, ...]) -> None:
    assert rejoins(cells, row)
    assert all(cell == cell.strip() for cell in cells)


@pytest.mark.parametrize(("cell", "items"), list(GALLEY_CELLS.items()))
def test_every_galley_split_rejoins_to_its_source_cell(cell: str, items: tuple[str, ...]) -> None:
    assert " ".join(items) == cell
    assert all(item and item == item.strip() for item in items)


@pytest.mark.parametrize(("line", "split"), list(MANGLED_TABLES.items()))
def test_the_mangled_table_splits_at_its_pipes(line: str, split: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
    header, row = split
    assert [cell.strip() for cell in line.split("|") if cell.strip()] == [*header, *row]


def test_every_split_row_occurs_in_the_sources() -> None:
    """No stale data: each listed row, header and cell is a line of some source."""
    lines = source_lines()
    assert sorted(set(TABLE_ROWS) - lines) == []
    assert sorted(set(TABLE_HEADERS) - lines) == []
    assert sorted(set(MANGLED_TABLES) - lines) == []
    assert sorted(set(GALLEY_CELLS) - galley_cells()) == []


def copy_sources(tmp_path: Path) -> Path:
    target = tmp_path / "sources"
    shutil.copytree(SOURCES, target)
    for path in target.iterdir():
        path.chmod(0o644)
    return target


def test_an_unknown_table_row_fails_loudly_naming_it(tmp_path: Path) -> None:
    sources = copy_sources(tmp_path)
    path = sources / "jovian-wars-v1.2.4-actions.txt"
    path.write_text(path.read_text(encoding="utf-8").replace(
        'Marines: 1+, within 1" of target No', 'Marines: 2+, within 1" of target No'), encoding="utf-8")
    with pytest.raises(ImportFailure, match=r"actions\.txt:\d+: unknown table row 'Marines: 2\+"):
        render_all(sources)


def test_an_unknown_galley_cell_fails_loudly_naming_it(tmp_path: Path) -> None:
    sources = copy_sources(tmp_path)
    path = sources / GALLEY_SOURCE
    path.write_text(path.read_text(encoding="utf-8").replace("Rammed Remove fatigue", "Rammed Sunk"),
                    encoding="utf-8")
    with pytest.raises(ImportFailure, match="unknown cell 'Rammed Sunk'"):
        render_all(sources)


def test_an_unfinished_line_the_source_no_longer_has_fails_loudly(tmp_path: Path) -> None:
    """Assert a Layout's unfinished sentence that is not in the text stops the import naming it (no marker is lost)."""
    sources = copy_sources(tmp_path)
    path = sources / "jovian-wars-v1.2.4-actions.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("A skill check of:", "A skill check of: [D+]."),
                    encoding="utf-8")
    with pytest.raises(ImportFailure, match=r"unfinished lines not found: \['A skill check of:'\]"):
        render_all(sources)


def test_a_missing_heading_fails_loudly(tmp_path: Path) -> None:
    sources = copy_sources(tmp_path)
    path = sources / "jovian-wars-v1.2.4-dogfight.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("\nWeapon Initiative\n", "\nInitiative\n"),
                    encoding="utf-8")
    with pytest.raises(ImportFailure, match="heading 'Weapon Initiative' was not found"):
        render_all(sources)


def test_a_source_no_layout_lists_fails_naming_it_and_what_to_do(tmp_path: Path) -> None:
    sources = copy_sources(tmp_path)
    (sources / "jovian-wars-v1.2.4-traits.txt").write_text("Rules v1.2.4\n", encoding="utf-8")
    (sources / "jovian-wars-v1.2.1-actions.txt").write_text("Rules v1.2.1\n", encoding="utf-8")
    (sources / "jovian-wars-actions.txt").write_text("", encoding="utf-8")
    with pytest.raises(ImportFailure) as failed:
        render_all(sources)
    assert str(failed.value).split("\n") == [
        "sources no Layout in scripts/importer/import_rules_layout.py lists:",
        "  - jovian-wars-actions.txt: not a source name jovian-wars-<version>-<page>.txt",
        "  - jovian-wars-v1.2.1-actions.txt: no Layout of 'actions' lists v1.2.1 (they list v1.2.4): add 'v1.2.1' to "
        "the versions of the one whose headings and gaps it has, or write a Layout for it",
        "  - jovian-wars-v1.2.4-traits.txt: no Layout of a page 'traits' (pages: actions, damage, dogfight, "
        "special-actions): write one",
    ]


def test_rules_sources_env_var_chooses_the_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_SOURCES", str(tmp_path))
    assert import_rules.sources_dir() == tmp_path
    assert import_rules.main(["--out", str(tmp_path / "out")]) == 1  # no sources there: a message, no traceback


@pytest.mark.parametrize(("text", "slug"), [
    ("Targeted:X", "targeted-x"), ("Hard Burn:X", "hard-burn-x"), ("Rake(Pass-By)", "rake-pass-by"),
    ("Rake(Pass-through or Diekplus)", "rake-pass-through-or-diekplus"),
    ("Missile Fire(Flame)", "missile-fire-flame"), ("Reaction Ram", "reaction-ram"),
    ("Defensive Missile Fire", "defensive-missile-fire"),
])
def test_slug_rule(text: str, slug: str) -> None:
    assert slugify(text) == slug


@pytest.mark.parametrize("target", GENERATED)
def test_no_raw_link_syntax_in_the_markdown(target: str) -> None:
    text = (DOCS / target).read_text(encoding="utf-8")
    assert "(/traits" not in text and "(/action" not in text


def test_trait_links_read_as_words() -> None:
    damage = (DOCS / "jovian-wars/v1.2.4/damage.md").read_text(encoding="utf-8")
    assert "may not be [Repair](../traits.md#repair)ed." in damage
    actions = (DOCS / "jovian-wars/v1.2.4/actions.md").read_text(encoding="utf-8")
    assert "made by a [Precise](../traits.md#precise) weapon." in actions
    assert "[Fire Ship](../traits.md#fire-ship) Trait" in actions


def test_results_notation_stays_literal() -> None:
    actions = (DOCS / "jovian-wars/v1.2.4/actions.md").read_text(encoding="utf-8")
    assert "On a \\[D+\\], Escalate all successful results." in actions
    assert "Note that a Boarded ship may not \\[Initiate Boarding\\]!" in actions


@pytest.mark.parametrize(("target", "needle"), [
    ("jovian-wars/v1.2.4/actions.md", 'A skill check of:\n<!-- unfinished -->\n\n!!! warning "Gap in the source"'),
    ("jovian-wars/v1.2.4/actions.md", 'A Skill Test result of\n<!-- unfinished -->\n\n!!! warning "Gap in the source"'),
    ("jovian-wars/v1.2.4/actions.md", '| Capital Ship with CAP Trait with no Escorting Squadrons | No |\n\n'
                                      '!!! warning "Gap in the source"'),
    ("war-galley/aid/attack-modes.md", '**Conditions**\n\n'
                                       '- You are being rammed, raked, grappled or attacked by missiles\n\n'
                                       '!!! warning "Gap in the source"'),
])
def test_known_gaps_are_visible_notes(target: str, needle: str) -> None:
    assert needle in (DOCS / target).read_text(encoding="utf-8")


def test_traits_glossary_has_one_anchored_entry_per_reference() -> None:
    glossary = (DOCS / "jovian-wars/traits.md").read_text(encoding="utf-8")
    anchors = {"catapult", "cloak", "comms", "ecm", "evasive", "fire-ship", "hangers", "interceptor", "link",
               "precise", "repair", "sluggish", "stealth", "system-trait"}
    for anchor in anchors:
        assert f"{{#{anchor}}}" in glossary
    assert glossary.count("\n## ") == len(anchors)
    assert glossary.count("which this site does not include") >= len(anchors)


GALLEY_PAGE = (DOCS / "war-galley/aid/attack-modes.md").read_text(encoding="utf-8")


def test_galley_page_opens_with_the_overview_then_the_ship_state_marker() -> None:
    """Assert title, at-a-glance table (attack modes, then defensive modes), then the marker alone
    between blank lines, before the first mode group."""
    head, _, rest = GALLEY_PAGE.partition("\n\n<!-- resolver: war-galley/aid/ship-state -->\n\n")
    assert rest.startswith("## Attack Modes {#attack-modes}\n")
    lines = head.split("\n")
    assert lines[:5] == ["# War Galley Attack Modes {#war-galley-attack-modes}", "", "## At a glance {#at-a-glance}",
                         "", "| Mode | Type | Active Defenses |"]
    assert lines[6] == "| [Ram](#ram) | Attack Mode | Avoidance, Missile Fire, Reaction Ram |"
    assert lines[11] == "| [Boarding](#boarding) | Attack Mode | None |"
    assert lines[14] == "| [Avoidance](#avoidance) | Defensive Mode | \N{EM DASH} |"
    assert len(lines) == 17 and GALLEY_PAGE.count("<!-- resolver:") == 1


def test_galley_results_are_one_table_per_mode() -> None:
    """Assert the Anastrophe's four rows, Reaction Ram's one-column table, and no table (no invented
    rows) for Defensive Missile Fire."""
    assert ("| Result | Attacker | Defender |\n|---|---|---|\n"
            "| Success (Rake) | None | Crippled<br>Flip to cruise speed<br>Remove fatigue |\n"
            "| Failure (Rake) | -1 to ram attack | None |\n"
            "| Success (Ram) | Flip to cruise speed<br>Check fatigue (at roll of 7)<br>Check for fouling/retraction "
            "| Rammed<br>Remove fatigue |\n"
            "| Failure (Ram) | Flip to cruise speed<br>Check fatigue (at roll of 7)<br>Half Speed<br>"
            "No grapple this turn "
            "| Flip to cruise speed<br>No fatigue check |\n") in GALLEY_PAGE
    assert ("| Result | Effect |\n|---|---|\n| Success (Reaction) | Resolve Ram<br>If ram fails, reduce target speed "
            "by 1<br>If ram fails, target is -1 on any ram/rake roll |\n| Failure | None |\n") in GALLEY_PAGE
    assert GALLEY_PAGE.count("| Result | Attacker | Defender |") == 8
    assert GALLEY_PAGE.count("| Result | Effect |") == 2
    assert GALLEY_PAGE.split("### Defensive Missile Fire")[1].count("|") == 0


def galley_variant(tmp_path: Path, old: str, new: str) -> Path:
    sources = copy_sources(tmp_path)
    path = sources / GALLEY_SOURCE
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return sources


def test_galley_results_out_of_row_order_fail_loudly(tmp_path: Path) -> None:
    """A table could not give them back in source order, so the import stops, naming the line."""
    attacker = "Success-Attacker |\nFlip to cruise speed Check fatigue Check for fouling/retraction |\n"
    defender = "Success-Defender |\nRammed Remove fatigue |\n"
    sources = galley_variant(tmp_path, attacker + defender, defender + attacker)
    with pytest.raises(ImportFailure, match=r"attack-modes\.txt:7: Ram's results are not in row order"):
        render_all(sources)


def test_a_galley_result_row_missing_a_side_fails_loudly(tmp_path: Path) -> None:
    sources = galley_variant(tmp_path, "Failure Defender |\nFlip to cruise speed No fatigue check |\n", "")
    with pytest.raises(ImportFailure, match="Ram row 'Failure' has \\['Attacker'\\]"):
        render_all(sources)
