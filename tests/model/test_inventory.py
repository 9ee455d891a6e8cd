"""The rules model: every entry of the sources with its kind, and named entries field by field."""

from __future__ import annotations

import subprocess
import sys

import pytest

from scripts.build.entries import Entry, load_entries, markdown_parser, parse_entries
from scripts.importer.import_rules import galley_modes
from scripts.importer.import_rules_layout import GALLEY_SOURCE
from tests.conftest import DOCS, ROOT, SOURCES

ENTRIES = load_entries(DOCS)
BY_KEY = {entry.key: entry for entry in ENTRIES}

A, S, T, P, M = "action", "state", "table", "procedure", "mode"
EXPECTED: dict[str, list[tuple[str, str]]] = {
    "jovian-wars/v1.2.4/actions": [
        ("Board", A), ("Boarded", S), ("Combined Attack", A), ("Targeted:X", S), ("Drone Command", A),
        ("Evade", A), ("Evading", S), ("Launch", A), ("Ram", A), ("Resupply", A), ("Silent Running", A),
        ("Stealthed", S), ("Vector Attack", A), ("Withdraw", A), ("Bombing", A), ("Assaulting", S),
        ("Boost", A), ("Combat Air Patrol", A), ("Escorting", S), ("Interception", P),
        ("Active Interception", A), ("Reactive Interception", A), ("Land", A), ("Damage Control", A),
        ("Deploy Debris Field", A), ("Deploy Decoy Drones", A), ("Hard Burn", A), ("Hard Burn:X", S),
        ("Long Shot", A), ("Overdrive", A), ("Overdriven", S), ("Purge Airlocks", A), ("Reorient", A),
        ("Station Keep", A), ("Station Keeping", S), ("Suppressing Fire", A), ("Suppressed", S),
    ],
    "jovian-wars/v1.2.4/damage": [
        ("Squadron Damage", T), ("Capital Ship Damage", T), ("Rating Damage", T), ("Structure Damage", P),
        ("System Trait Damage", P), ("Weapon Damage", P), ("Critical Hit", P),
        ("Catastrophic Damage Table", T), ("Explosion", P),
    ],
    "jovian-wars/v1.2.4/dogfight": [("Dogfight", P), ("Weapon Initiative", T)],
    "jovian-wars/v1.2.1/special-actions": [
        ("Boarding Party", A), ("Boost", A), ("Concentrated Fire", A), ("Evade", A), ("Land", A),
        ("Launch", A), ("Lock On", A), ("Ramming Speed", A), ("Vector Attack", A), ("Withdraw", A),
        ("Bombing Run", A), ("Active Interception", A), ("Reactive Interception", A), ("Return to Base", A),
        ("Engage Point Defense", A), ("Long Range Sensors", A), ("Lay Mines", A), ("Damage Control", A),
        ("Reorient", A), ("Silent Running", A), ("Station Keeping", A),
    ],
    "war-galley/aid/attack-modes": [
        ("Ram", M), ("Rake(Pass-By)", M), ("Rake(Pass-through or Diekplus)", M), ("Anastrophe", M),
        ("Grappling", M), ("Boarding", M), ("Missile Fire", M), ("Missile Fire(Flame)", M),
        ("Avoidance", M), ("Reaction Ram", M), ("Defensive Missile Fire", M),
    ],
}


@pytest.mark.parametrize("page", list(EXPECTED))
def test_page_holds_every_entry_with_its_kind(page: str) -> None:
    found = [(entry.name, entry.kind) for entry in ENTRIES if entry.key.rsplit("/", 1)[0] == page]
    assert found == EXPECTED[page]


def test_inventory_has_no_other_entries() -> None:
    assert len(ENTRIES) == sum(len(names) for names in EXPECTED.values()) == 80


def test_keys_are_unique_and_built_from_slugs() -> None:
    assert len(BY_KEY) == len(ENTRIES)
    assert "jovian-wars/v1.2.4/actions/hard-burn-x" in BY_KEY
    assert "war-galley/aid/attack-modes/rake-pass-through-or-diekplus" in BY_KEY


def entry(key: str) -> Entry:
    return BY_KEY[key]


def test_board() -> None:
    board = entry("jovian-wars/v1.2.4/actions/board")
    assert (board.game, board.version, board.page, board.name, board.kind) == (
        "jovian-wars", "v1.2.4", "actions", "Board", "action")
    assert board.section == "Generic Special Actions"
    assert board.fields == {"Requirement": 'Marines: 1+, within 1" of target', "Skill Test": "No"}
    assert board.body.startswith("| Requirement | Skill Test |")
    assert "    - A \\[Q+\\] result remove 5 Marine Ratings" in board.body


def test_boarded() -> None:
    boarded = entry("jovian-wars/v1.2.4/actions/boarded")
    assert boarded.kind == "state"
    assert boarded.fields == {"Requirements": "Boarded by enemy Marines", "Entering": "[Boarding] Action",
                              "Cancellation": "Boarders: 0 or Marines: 0"}
    assert "!!! example" in boarded.body


def test_evading() -> None:
    evading = entry("jovian-wars/v1.2.4/actions/evading")
    assert evading.fields == {"Requirements": "Thrusters: 1+ or Fuel: 2+", "Entering": "Evade Action",
                              "Cancellation": "End Phase"}
    assert evading.body.endswith("- The Evading model is considered to have Fire Control: 1.")


def test_hard_burn_x() -> None:
    hard_burn = entry("jovian-wars/v1.2.4/actions/hard-burn-x")
    assert (hard_burn.name, hard_burn.kind, hard_burn.section) == ("Hard Burn:X", "state", "Capital Ship Special Actions")
    assert hard_burn.fields == {"Requirements": "-", "Entering": "Hard Burn", "Cancellation": "End Phase"}


def test_targeted_x() -> None:
    targeted = entry("jovian-wars/v1.2.4/actions/targeted-x")
    assert (targeted.name, targeted.kind) == ("Targeted:X", "state")
    assert targeted.fields == {"Requirements": "Capital Ship", "Entering": "Combined Attack", "Cancellation": "End Phase"}
    assert targeted.body.endswith("Attacks targeting this Capital Ship gain a +X Attack Modifier.")


def test_ram_keeps_its_two_procedures_and_example() -> None:
    ram = entry("jovian-wars/v1.2.4/actions/ram")
    assert ram.fields == {"Requirement": "Structure: 0-1 or Fire Ship Trait", "Skill Test": "Yes"}
    assert "#### Capital Ship Ramming Capital Ship {#capital-ship-ramming-capital-ship}" in ram.body
    assert ram.body.endswith("4. The ramming squadron is considered Destroyed and is removed from play.")


def test_withdraw_in_both_versions() -> None:
    assert entry("jovian-wars/v1.2.4/actions/withdraw").fields == {
        "Requirement": 'Must be 6" from Enemy Models', "Skill Test": "Yes"}
    assert entry("jovian-wars/v1.2.1/special-actions/withdraw").fields == {
        "Requirement": 'Must be 6" from Enemy Models', "Skill Test": "Skill/Thrusters"}


def test_combat_air_patrol_and_its_gap_note() -> None:
    cap = entry("jovian-wars/v1.2.4/actions/combat-air-patrol")
    assert cap.section == "Squadron Special Actions"
    assert cap.fields == {"Requirement": "Capital Ship with CAP Trait with no Escorting Squadrons", "Skill Test": "No"}
    assert '!!! warning "Gap in the source"' in cap.body


def test_silent_running_keeps_its_empty_requirement() -> None:
    silent = entry("jovian-wars/v1.2.4/actions/silent-running")
    assert silent.fields == {"Requirement": "", "Skill Test": "Yes"}
    assert '!!! warning "Gap in the source"' in silent.body


def test_v121_evade_lets_the_player_pick_the_rating() -> None:
    evade = entry("jovian-wars/v1.2.1/special-actions/evade")
    assert (evade.version, evade.kind) == ("v1.2.1", "action")
    assert evade.fields == {"Requirement": "Thrusters: 1+ or Fuel: 2+", "Skill Test": "Skill/Thrusters/Fuel"}


def test_catastrophic_damage_table() -> None:
    table = entry("jovian-wars/v1.2.4/damage/catastrophic-damage-table")
    assert (table.kind, table.section, table.fields) == ("table", "Catastrophic Damage Table", {})
    assert "| 6-7 | Dead | Destroyed, replace with Wreck |" in table.body
    assert "| 8+ | Explode | Destroyed, resolve Explosion |" in table.body


def test_dogfight_and_weapon_initiative() -> None:
    dogfight = entry("jovian-wars/v1.2.4/dogfight/dogfight")
    assert dogfight.kind == "procedure" and dogfight.lines[0] == 0
    assert "    3. If Squadrons would act at the same initiative" in dogfight.body
    assert "| Simultaneous | Lance |" in entry("jovian-wars/v1.2.4/dogfight/weapon-initiative").body


def test_galley_ram_conditions_and_defenses() -> None:
    ram = entry("war-galley/aid/attack-modes/ram")
    assert (ram.game, ram.version, ram.kind, ram.section) == ("war-galley", "aid", "mode", "Attack Modes")
    assert ram.fields["Conditions"] == (
        "Ram Attack > 0", "Must be adjacent to target ship, but not in its bow or stern",
        "Must be pointing at the target ship", "Can't backwater during move", "Can't pivot in place during move",
        "Can't enter the same hex twice during move", "Can't be movement-impaired")
    assert ram.fields["Active Defenses"] == ("Avoidance", "Missile Fire", "Reaction Ram")
    assert ram.fields["Success-Defender"] == ("Rammed", "Remove fatigue")
    assert ram.fields["Failure-Defender"] == ("Flip to cruise speed", "No fatigue check")


def test_galley_anastrophe_keeps_rake_and_ram_rows() -> None:
    anastrophe = entry("war-galley/aid/attack-modes/anastrophe")
    assert list(anastrophe.fields) == [
        "Conditions", "Active Defenses",
        "Success-Attacker (Rake)", "Success-Defender (Rake)", "Failure-Attacker (Rake)", "Failure-Defender (Rake)",
        "Success-Attacker (Ram)", "Success-Defender (Ram)", "Failure-Attacker (Ram)", "Failure-Defender (Ram)"]
    assert anastrophe.fields["Failure-Attacker (Rake)"] == ("-1 to ram attack",)
    assert anastrophe.fields["Success-Attacker (Ram)"] == (
        "Flip to cruise speed", "Check fatigue (at roll of 7)", "Check for fouling/retraction")
    assert len(anastrophe.fields["Conditions"]) == 6


def test_galley_defensive_modes() -> None:
    assert entry("war-galley/aid/attack-modes/reaction-ram").fields["Success (Reaction)"] == (
        "Resolve Ram", "If ram fails, reduce target speed by 1", "If ram fails, target is -1 on any ram/rake roll")
    missile = entry("war-galley/aid/attack-modes/defensive-missile-fire")
    assert missile.section == "Defensive Modes"
    assert missile.fields == {"Conditions": ("You are being rammed, raked, grappled or attacked by missiles",)}


@pytest.mark.parametrize("mode", galley_modes((SOURCES / GALLEY_SOURCE).read_text(encoding="utf-8")),
                         ids=lambda m: m.slug)
def test_galley_fields_read_back_every_source_field_in_order(mode) -> None:
    """Assert the model, reading the page's checklist, line and results table, gives each mode's
    source fields (names made consistent by GALLEY_LABELS, cells split by GALLEY_CELLS), in order."""
    found = entry(f"war-galley/aid/attack-modes/{mode.slug}")
    assert list(found.fields.items()) == [(name, items) for _, name, items in mode.fields]


def test_the_ship_state_marker_is_in_no_entry() -> None:
    """The marker sits between the overview and the first mode, so no entry (nor its block) holds it."""
    assert not any("<!-- resolver:" in e.body for e in ENTRIES)


@pytest.mark.parametrize("entry_", ENTRIES, ids=lambda e: e.key)
def test_lines_cover_the_entry_exactly(entry_: Entry) -> None:
    """Assert [start, end) starts at the heading and ends on the entry's last non-blank line."""
    lines = (DOCS / f"{entry_.game}/{entry_.version}/{entry_.page}.md").read_text(encoding="utf-8").split("\n")
    start, end = entry_.lines
    assert lines[start].startswith("#") and f"{{#{entry_.slug} .{entry_.kind}}}" in lines[start]
    assert lines[end - 1].strip()
    assert end == len(lines) or not lines[end].strip()
    assert "\n".join(lines[start + 1:end]).strip("\n") == entry_.body


@pytest.mark.parametrize("src_uri", sorted({f"{e.game}/{e.version}/{e.page}.md" for e in ENTRIES}))
def test_a_block_inserted_after_each_entry_cuts_no_list_or_table(src_uri: str) -> None:
    """Assert inserting a block at every entry's end leaves the page's tables, lists and entries intact."""
    text = (DOCS / src_uri).read_text(encoding="utf-8")
    lines = text.split("\n")
    entries = parse_entries(text, src_uri)
    for found in reversed(entries):
        lines[found.lines[1]:found.lines[1]] = ["", '<div class="resolver" markdown>inserted</div>', ""]
    changed = "\n".join(lines)

    def shape(markdown: str) -> list[tuple[str, int]]:
        return [(t.type, t.level) for t in markdown_parser().parse(markdown)
                if t.type.endswith("_open") and t.type != "paragraph_open"]

    assert [t for t in shape(changed) if t[0] != "html_block"] == shape(text)
    reparsed = parse_entries(changed, src_uri)
    assert [(e.key, e.fields) for e in reparsed] == [(e.key, e.fields) for e in entries]


def test_non_rules_pages_have_no_entries() -> None:
    assert parse_entries((DOCS / "jovian-wars/traits.md").read_text(encoding="utf-8"), "jovian-wars/traits.md") == []
    assert parse_entries("### Ram {#ram .action}\n", "index.md") == []


def test_an_entry_heading_without_id_is_an_error() -> None:
    with pytest.raises(ValueError, match="has no"):
        parse_entries("### Ram {.action}\n", "jovian-wars/v1.2.4/actions.md")


def test_inventory_command_lists_every_entry() -> None:
    out = subprocess.run([sys.executable, "-m", "scripts.inventory"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.splitlines()
    assert out[0] == "jovian-wars/v1.2.1/special-actions/boarding-party action Boarding Party"  # pages in path order
    assert "jovian-wars/v1.2.4/actions/hard-burn-x state Hard Burn:X" in out
    assert "war-galley/aid/attack-modes/missile-fire-flame mode Missile Fire(Flame)" in out
    assert len(out) == len(ENTRIES)


def test_inventory_command_counts_per_page_and_kind() -> None:
    out = subprocess.run([sys.executable, "-m", "scripts.inventory", "--counts"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.splitlines()
    assert out == [
        "jovian-wars/v1.2.1/special-actions action 21",
        "jovian-wars/v1.2.4/actions action 26", "jovian-wars/v1.2.4/actions state 10",
        "jovian-wars/v1.2.4/actions procedure 1", "jovian-wars/v1.2.4/damage table 4",
        "jovian-wars/v1.2.4/damage procedure 5", "jovian-wars/v1.2.4/dogfight table 1",
        "jovian-wars/v1.2.4/dogfight procedure 1",
        "war-galley/aid/attack-modes mode 11", "total 80",
    ]
