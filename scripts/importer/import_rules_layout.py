"""The literal layout data the importer applies to the flattened rule texts.

The sources (sources/*.txt) lost their structure: headings are bare lines and table
rows are cells joined by single spaces. Nothing here is guessed at run time: every heading
and every table row is written out below (the galley cells come from rules_core.war_galley.galley), looked
up by its exact source text, and the importer fails loudly on a row or cell it does not know.

Versions are data, as for the resolvers: a Jovian Wars source is `jovian-wars-<version>-<page>.txt`
and becomes `jovian-wars/<version>/<page>.md`; a `Layout` describes one page's headings and gaps
and lists the versions whose text it describes. A new version's text with the same headings and
gaps: add its version to that page's `versions`. A changed one: give it a Layout of its own.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make rules_core importable from the repo root
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules_core.war_galley import galley  # noqa: E402 - after the path fix above


@dataclass(frozen=True, slots=True)
class Heading:
    """One heading line of a source page."""

    text: str
    """The heading exactly as the source line has it."""
    level: int
    """Markdown heading level (2 = section, 3 or 4 = entry or group)."""
    kind: str = ""
    """Entry kind ("action", "state", "table", "procedure", "mode"); "" for a grouping heading."""


GAME = "jovian-wars"
"""The game of every Layout below (the galley aid has its own data further down)."""


@dataclass(frozen=True, slots=True)
class Layout:
    """One Jovian Wars rules page's structure, for each version whose text it describes."""

    page: str
    """The page's name: its source is `jovian-wars-<version>-<page>.txt`, its Markdown `jovian-wars/<version>/<page>.md`."""
    versions: tuple[str, ...]
    """The versions whose source text has exactly these headings and gaps."""
    title: str
    """The page title (H1)."""
    title_kind: str
    """Entry kind of the H1 itself ("" when the title is not an entry)."""
    headings: tuple[Heading, ...]
    """Every heading below the title, in source order."""
    gaps: tuple[tuple[str, str], ...] = ()
    """(exact source line, the note shown after that line's block): what the text itself lacks."""
    unfinished: tuple[str, ...] = ()
    """Exact source lines whose last sentence the text leaves unfinished: the importer writes `<!-- unfinished -->`
    on the line after each (scripts/build/unfinished.py shows it where the sentence stops)."""


@dataclass(frozen=True, slots=True)
class Page:
    """One version of a Layout: a source file and where its Markdown goes."""

    layout: Layout
    version: str

    @property
    def source(self) -> str:
        """File name under sources/."""
        return f"{GAME}-{self.version}-{self.layout.page}.txt"

    @property
    def target(self) -> str:
        """Markdown path under docs/."""
        return f"{GAME}/{self.version}/{self.layout.page}.md"


def _h(text: str, level: int, kind: str = "") -> Heading:
    return Heading(text, level, kind)


ACTIONS = Layout(
    page="actions", versions=("v1.2.4",),
    title="Action",
    title_kind="",
    headings=(
        _h("Generic Special Actions", 2),
        _h("Board", 3, "action"),
        _h("Boarded", 3, "state"),
        _h("Combined Attack", 3, "action"),
        _h("Targeted", 3),
        _h("Targeted:X", 4, "state"),
        _h("Drone Command", 3, "action"),
        _h("Evade", 3, "action"),
        _h("Evading", 3, "state"),
        _h("Launch", 3, "action"),
        _h("Ram", 3, "action"),
        _h("Capital Ship Ramming Capital Ship", 4),
        _h("Squadron Ramming Capital Ship", 4),
        _h("Resupply", 3, "action"),
        _h("Silent Running", 3, "action"),
        _h("Stealthed", 3, "state"),
        _h("Vector Attack", 3, "action"),
        _h("Withdraw", 3, "action"),
        _h("Squadron Special Actions", 2),
        _h("Bombing", 3, "action"),
        _h("Assaulting", 3, "state"),
        _h("Boost", 3, "action"),
        _h("Combat Air Patrol", 3, "action"),
        _h("Escorting", 3, "state"),
        _h("Interception", 3, "procedure"),
        _h("Active Interception", 4, "action"),
        _h("Reactive Interception", 4, "action"),
        _h("Land", 3, "action"),
        _h("Capital Ship Special Actions", 2),
        _h("Damage Control", 3, "action"),
        _h("Deploy Debris Field", 3, "action"),
        _h("Deploy Decoy Drones", 3, "action"),
        _h("Hard Burn", 3, "action"),
        _h("Hard Burn:X", 3, "state"),
        _h("Long Shot", 3, "action"),
        _h("Overdrive", 3, "action"),
        _h("Overdriven", 3, "state"),
        _h("Purge Airlocks", 3, "action"),
        _h("Reorient", 3, "action"),
        _h("Station Keep", 3, "action"),
        _h("Station Keeping", 3, "state"),
        _h("Suppressing Fire", 3, "action"),
        _h("Suppressed", 3, "state"),
    ),
    gaps=(
        ("A skill check of:",
         'The source text ends this sentence with "A skill check of:" and gives no list of '
         "Skill Test results after it. The missing results are not filled in here."),
        ("A model declaring the Silent Running action enters the Stealthed state. A Skill Test result of",
         'The source text breaks off after "A Skill Test result of": the list of Skill Test results '
         "is missing, and the Requirement cell of the table above is empty. Neither is filled in here."),
        ("| Requirement | Skill Test | | Capital Ship with CAP Trait with no Escorting Squadrons | No |",
         "The source kept this table's pipe characters on one line "
         '("| Requirement | Skill Test | | Capital Ship with CAP Trait with no Escorting Squadrons | No |"). '
         "It is laid out above as its header and its one row; no cell was added."),
    ),
    unfinished=(
        "A skill check of:",
        "A model declaring the Silent Running action enters the Stealthed state. A Skill Test result of",
    ),
)

DAMAGE = Layout(
    page="damage", versions=("v1.2.4",),
    title="Damage",
    title_kind="",
    headings=(
        _h("Squadron Damage", 2, "table"),
        _h("Capital Ship Damage", 2, "table"),
        _h("Damage Types", 2),
        _h("Rating Damage", 3, "table"),
        _h("Structure Damage", 3, "procedure"),
        _h("System Trait Damage", 3, "procedure"),
        _h("Weapon Damage", 3, "procedure"),
        _h("Critical Hit", 2, "procedure"),
        _h("Catastrophic Damage Table", 2, "table"),
        _h("Explosion", 2, "procedure"),
    ),
)

DOGFIGHT = Layout(
    page="dogfight", versions=("v1.2.4",),
    title="Dogfight",
    title_kind="procedure",
    headings=(_h("Weapon Initiative", 2, "table"),),
)

SPECIAL_ACTIONS = Layout(
    page="special-actions", versions=("v1.2.1",),
    title="Special Actions",
    title_kind="",
    headings=(
        _h("Generic Special Actions", 2),
        *(_h(name, 3, "action") for name in (
            "Boarding Party", "Boost", "Concentrated Fire", "Evade", "Land", "Launch",
            "Lock On", "Ramming Speed", "Vector Attack", "Withdraw",
        )),
        _h("Squadron Special Actions", 2),
        _h("Bombing Run", 3, "action"),
        _h("Interception", 3),
        _h("Active Interception", 4, "action"),
        _h("Reactive Interception", 4, "action"),
        _h("Return to Base", 3, "action"),
        _h("Capital Ship Special Actions", 2),
        *(_h(name, 3, "action") for name in (
            "Engage Point Defense", "Long Range Sensors", "Lay Mines", "Damage Control",
            "Reorient", "Silent Running", "Station Keeping",
        )),
    ),
)

JOVIAN_LAYOUTS: tuple[Layout, ...] = (ACTIONS, DAMAGE, DOGFIGHT, SPECIAL_ACTIONS)

JOVIAN_PAGES: tuple[Page, ...] = tuple(Page(layout, version) for layout in JOVIAN_LAYOUTS for version in layout.versions)
"""Every Jovian Wars source the importer reads: each Layout in each version it lists."""

# Table header rows: source line -> header cells.
TABLE_HEADERS: dict[str, tuple[str, ...]] = {
    "Requirement Skill Test": ("Requirement", "Skill Test"),
    "Requirements Entering Cancellation": ("Requirements", "Entering", "Cancellation"),
    "Requirement Entering Cancellation": ("Requirement", "Entering", "Cancellation"),
    "Result Magnitude Effect": ("Result Magnitude", "Effect"),
    "Result Value Rating": ("Result Value", "Rating"),
    "Roll Result Effect": ("Roll", "Result", "Effect"),
    "Range AC AS Macro": ("Range", "AC", "AS", "Macro"),
    "Initiative Weapon": ("Initiative", "Weapon"),
}

# Table body rows: source line -> cells. The cells, joined by single spaces (empty cells
# dropped), must give back the source line; the importer asserts it.
TABLE_ROWS: dict[str, tuple[str, ...]] = {
    # v1.2.4 Actions: Requirement | Skill Test
    'Marines: 1+, within 1" of target No': ('Marines: 1+, within 1" of target', "No"),
    "Squadron or Sensor Array, Capital Ship Target in Optimal or Short Range No": (
        "Squadron or Sensor Array, Capital Ship Target in Optimal or Short Range", "No"),
    "Capital Ship or Comms(/traits#comms) Trait Yes": ("Capital Ship or Comms(/traits#comms) Trait", "Yes"),
    "Thrusters: 1+ or Fuel: 2+ No": ("Thrusters: 1+ or Fuel: 2+", "No"),
    "Embarked on Model with Dock or Hangers:X Trait No": ("Embarked on Model with Dock or Hangers:X Trait", "No"),
    "Structure: 0-1 or Fire Ship(/traits#fire-ship) Trait Yes": (
        "Structure: 0-1 or Fire Ship(/traits#fire-ship) Trait", "Yes"),
    "Various Cargo Yes": ("Various Cargo", "Yes"),
    "Yes": ("", "Yes"),  # Silent Running: the requirement cell is empty in the source
    "Comms/Capital Ship and Sensors: 1+ Yes": ("Comms/Capital Ship and Sensors: 1+", "Yes"),
    'Must be 6" from Enemy Models Yes': ('Must be 6" from Enemy Models', "Yes"),
    "Capital Ship Target No": ("Capital Ship Target", "No"),
    "Fuel: 1+ No": ("Fuel: 1+", "No"),
    "Squadron Target in Base Contact Fuel: 1+ No": ("Squadron Target in Base Contact Fuel: 1+", "No"),
    'Squadron Target within 3", Fuel: 1+ -': ('Squadron Target within 3", Fuel: 1+', "-"),
    "Squadron in Base Contact with Model with Hangers(/traits#hangers) No": (
        "Squadron in Base Contact with Model with Hangers(/traits#hangers)", "No"),
    "- Yes": ("-", "Yes"),
    "Cargo: Debris Dispenser No": ("Cargo: Debris Dispenser", "No"),
    "Cargo: Decoy Drones No": ("Cargo: Decoy Drones", "No"),
    "Thrusters: 1+ No": ("Thrusters: 1+", "No"),
    "Sensors: 1+ Yes": ("Sensors: 1+", "Yes"),
    "Rating: +1 Yes": ("Rating: +1", "Yes"),
    "Boarded Yes": ("Boarded", "Yes"),
    "Thrusters: 1+ Yes": ("Thrusters: 1+", "Yes"),
    "[Kinetic Cannons], Capital Ship Target No": ("[Kinetic Cannons], Capital Ship Target", "No"),
    # v1.2.4 Actions: Requirements | Entering | Cancellation
    "Boarded by enemy Marines [Boarding] Action Boarders: 0 or Marines: 0": (
        "Boarded by enemy Marines", "[Boarding] Action", "Boarders: 0 or Marines: 0"),
    "Capital Ship Combined Attack End Phase": ("Capital Ship", "Combined Attack", "End Phase"),
    "Thrusters: 1+ or Fuel: 2+ Evade Action End Phase": ("Thrusters: 1+ or Fuel: 2+", "Evade Action", "End Phase"),
    "Silent Running End Phase, sometimes Fire Control Expenditure": (
        "", "Silent Running", "End Phase, sometimes Fire Control Expenditure"),
    "Exo-Armor Bombing Run Action Destroyed,Interception": ("Exo-Armor", "Bombing Run Action", "Destroyed,Interception"),
    "Base to Base with Capital Ship with CAP Trait Deployment or Combat Air Patrol Action Vector Attack": (
        "Base to Base with Capital Ship with CAP Trait", "Deployment or Combat Air Patrol Action", "Vector Attack"),
    "- Hard Burn End Phase": ("-", "Hard Burn", "End Phase"),
    "- Overdrive End Phase": ("-", "Overdrive", "End Phase"),
    "Thrusters: 1+ Station Keep Action End Phase": ("Thrusters: 1+", "Station Keep Action", "End Phase"),
    "Suppressing Fire Action End Phase, Attack Resolution": ("", "Suppressing Fire Action", "End Phase, Attack Resolution"),
    # v1.2.1 Special Actions: Requirement | Skill Test
    "Marines: 1+ or Exo-Armor -": ("Marines: 1+ or Exo-Armor", "-"),
    "Thrusters: 1+ or Fuel: 1+ -": ("Thrusters: 1+ or Fuel: 1+", "-"),
    "Capital Ship Target Skill/Sensors": ("Capital Ship Target", "Skill/Sensors"),
    "Thrusters: 1+ or Fuel: 2+ Skill/Thrusters/Fuel": ("Thrusters: 1+ or Fuel: 2+", "Skill/Thrusters/Fuel"),
    "Base Contact with Model Dock or Hangers:X Trait -": ("Base Contact with Model Dock or Hangers:X Trait", "-"),
    "Embarked on Model with Dock or Hangers:X Trait -": ("Embarked on Model with Dock or Hangers:X Trait", "-"),
    "Fire Control: 2+ -": ("Fire Control: 2+", "-"),
    "Structure: 1+ or Damage: 1+ Skill": ("Structure: 1+ or Damage: 1+", "Skill"),
    "Sensors: 1+ Skill/Sensors": ("Sensors: 1+", "Skill/Sensors"),
    'Must be 6" from Enemy Models Skill/Thrusters': ('Must be 6" from Enemy Models', "Skill/Thrusters"),
    "Capital Ship Target -": ("Capital Ship Target", "-"),
    "Squadron Target in Base Contact Fuel: 1+ -": ("Squadron Target in Base Contact Fuel: 1+", "-"),
    "- -": ("-", "-"),
    "Defense: 1+ -": ("Defense: 1+", "-"),
    "Capital Ship Target, Sensors: 1+ -": ("Capital Ship Target, Sensors: 1+", "-"),
    "Minelaying Trait -": ("Minelaying Trait", "-"),
    "- Skill": ("-", "Skill"),
    "Thrusters: 1+ Skill/Thrusters": ("Thrusters: 1+", "Skill/Thrusters"),
    "Defense: 1+, Sensors: 1+, Thrusters: 1+ Skill": ("Defense: 1+, Sensors: 1+, Thrusters: 1+", "Skill"),
    "Thrusters: 1+ -": ("Thrusters: 1+", "-"),
    # v1.2.4 Damage
    "[N] No Effect": ("[N]", "No Effect"),
    "[D] 1 Rating Damage": ("[D]", "1 Rating Damage"),
    "[T] 1 Structure Damage, 1 Critical Hit": ("[T]", "1 Structure Damage, 1 Critical Hit"),
    "[Q+] 2 Structure Damage, 2 Critical Hits": ("[Q+]", "2 Structure Damage, 2 Critical Hits"),
    "1-2 Defense": ("1-2", "Defense"),
    "3-4 Sensors": ("3-4", "Sensors"),
    "5-6 Thrusters": ("5-6", "Thrusters"),
    "1-5 No Effect See above": ("1-5", "No Effect", "See above"),
    "6-7 Dead Destroyed, replace with Wreck": ("6-7", "Dead", "Destroyed, replace with Wreck"),
    "8+ Explode Destroyed, resolve Explosion": ("8+", "Explode", "Destroyed, resolve Explosion"),
    '<= 3" Structure Structure 2': ('<= 3"', "Structure", "Structure", "2"),
    "> 3 Structure Structure 0": ("> 3", "Structure", "Structure", "0"),
    # v1.2.4 Dogfight
    "1 Beam Projector": ("1", "Beam Projector"),
    "2 Particle Cannon": ("2", "Particle Cannon"),
    "3 Kinetic Cannon": ("3", "Kinetic Cannon"),
    "4 Mass Driver": ("4", "Mass Driver"),
    "Simultaneous Lance": ("Simultaneous", "Lance"),
    "Last Missile": ("Last", "Missile"),
}

# A table whose source line kept its pipes (Combat Air Patrol): line -> (header, row).
MANGLED_TABLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "| Requirement | Skill Test | | Capital Ship with CAP Trait with no Escorting Squadrons | No |": (
        ("Requirement", "Skill Test"),
        ("Capital Ship with CAP Trait with no Escorting Squadrons", "No"),
    ),
}

# --- War Galley attack-modes aid ---------------------------------------------------------

GALLEY_TARGET = "war-galley/aid/attack-modes.md"
GALLEY_SOURCE = "war-galley-attack-modes.txt"
GALLEY_TITLE = "War Galley Attack Modes"
GALLEY_GROUPS: dict[str, str] = {"Attack Mode": "Attack Modes", "Defensive Mode": "Defensive Modes"}
"""The label that opens a mode in the source -> the H2 the mode is listed under."""

GALLEY_OVERVIEW = "At a glance"
"""The H2 of the overview table (mode, type, active defenses) right under the page title."""

GALLEY_MARKER = "<!-- resolver: war-galley/aid/ship-state -->"
"""Placed after the overview: the resolvers build hook replaces it with the live ship-state view."""

GALLEY_LINE_FIELDS: frozenset[str] = frozenset({"Active Defenses"})
"""Fields shown as one "**Label:** a, b, c" line (their items may hold no comma). The other
non-result fields (Conditions) stay bullet lists; Success/Failure fields become the results table."""

GALLEY_LABELS: dict[str, str] = {
    "Conditions": "Conditions",
    "Active Defenses": "Active Defenses",
    "Success-Attacker": "Success-Attacker",
    "Success-Defender": "Success-Defender",
    "Failure-Attacker": "Failure-Attacker",
    "Failure Defender": "Failure-Defender",  # the source drops the hyphen here only
    "Success-Attacker (Rake)": "Success-Attacker (Rake)",
    "Success-Defender (Rake)": "Success-Defender (Rake)",
    "Failure-Attacker (Rake)": "Failure-Attacker (Rake)",
    "Failure Defender (Rake)": "Failure-Defender (Rake)",
    "Success-Attacker (Ram)": "Success-Attacker (Ram)",
    "Success-Defender (Ram)": "Success-Defender (Ram)",
    "Failure-Attacker (Ram)": "Failure-Attacker (Ram)",
    "Failure Defender (Ram)": "Failure-Defender (Ram)",
    "Success": "Success",
    "Success(Reaction)": "Success (Reaction)",
    "Failure": "Failure",
}
"""Source label -> the field name shown and stored (hyphen made consistent)."""

def _galley_cells() -> dict[str, tuple[str, ...]]:
    """Flattened galley cells: source cell -> its separate items, read from rules_core.war_galley.galley, the
    one place the aid's splits live (its resolvers use the same items). Joined by single spaces
    the items must give back the cell; the importer asserts it and fails on a cell not listed."""
    cells: dict[str, tuple[str, ...]] = {}

    def add(items: tuple[str, ...]) -> None:
        if items:
            cells[" ".join(items)] = items

    for mode in galley.ATTACK_MODES.values():
        add(mode.conditions)
        add(mode.defenses)
        for _, results in mode.stages:
            for items in (results.success_attacker, results.success_defender,
                          results.failure_attacker, results.failure_defender):
                add(items)
    for defence in galley.DEFENSIVE_MODES.values():
        add(defence.conditions)
        add(defence.success)
        add(defence.failure)
    return cells


GALLEY_CELLS: dict[str, tuple[str, ...]] = _galley_cells()

GALLEY_GAPS: dict[str, str] = {
    "Defensive Missile Fire":
        "The source's Defensive Missile Fire row ends after its Conditions: its Success and Failure "
        "results are missing and are not filled in here (a defensive mode has no Active Defenses).",
}
"""Mode name -> the note shown after its fields."""
