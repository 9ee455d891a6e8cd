"""Turn the flattened rule texts (sources/*.txt) into the Markdown pages under docs/.

Re-runnable: `.venv/bin/python scripts/importer/import_rules.py` rewrites docs/jovian-wars/** and
docs/war-galley/** (`--out DIR` writes elsewhere). Sources are read from
sources/ (in this repository) unless the RULES_SOURCES environment variable names another
folder. Every heading, table row and galley cell is looked up in the literal data of
scripts/importer/import_rules_layout.py; an unknown one stops the import with its file and line. Each
Jovian Wars source `jovian-wars-<version>-<page>.txt` needs a Layout of that page listing that
version: a source no Layout lists (a new version's text) stops the import naming it.

The Markdown keeps to what Python-Markdown (admonition, attr_list, tables, toc) and
markdown-it-py (tables, admon, the heading-attribute rule in scripts/build/entries.py) render
alike: `### Name {#slug .kind}` headings, pipe tables (several items of one cell joined by `<br>`),
4-space nested lists, `!!!` admonitions, HTML comment markers on their own line.
"""

from __future__ import annotations

import argparse
import os
import posixpath
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `scripts` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scripts.importer.import_rules_layout import (  # noqa: E402
    GALLEY_CELLS,
    GALLEY_GAPS,
    GALLEY_GROUPS,
    GALLEY_LABELS,
    GALLEY_LINE_FIELDS,
    GALLEY_MARKER,
    GALLEY_OVERVIEW,
    GALLEY_SOURCE,
    GALLEY_TARGET,
    GALLEY_TITLE,
    GAME,
    JOVIAN_LAYOUTS,
    JOVIAN_PAGES,
    MANGLED_TABLES,
    TABLE_HEADERS,
    TABLE_ROWS,
    Page,
)

ROOT = Path(__file__).resolve().parents[2]
TRAITS_TARGET = "jovian-wars/traits.md"
SOURCE_NAME = re.compile(GAME + r"-(?P<version>v\d+(?:\.\d+)*)-(?P<page>[a-z0-9-]+)\.txt")
"""A Jovian Wars source's file name: its version, then its page."""
LIST_LINE = re.compile(r"^(?P<indent> +)(?:(?P<bullet>•)|(?P<number>\d+)\.) (?P<text>.*)$")
# `Name(/traits#name)`, optionally followed by a second link such as `(/action/repair)`.
LINK = re.compile(r"\((?P<path>/traits)(?:#(?P<anchor>[a-z0-9-]+))?\)(?:\((?P<rule>/[a-z0-9/-]+)\))?")


class ImportFailure(Exception):
    """The source holds something the layout data does not describe."""


def slugify(text: str) -> str:
    """Lowercase; every run of non-alphanumerics becomes "-"; trimmed (the site-wide slug rule)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def sources_dir() -> Path:
    """Where the rule texts are: RULES_SOURCES, or sources/ in the repository."""
    return Path(os.environ.get("RULES_SOURCES") or ROOT / "sources")


def rejoins(cells: tuple[str, ...], source: str) -> bool:
    """Whether the cells, joined by single spaces (empty ones dropped), give back the source text."""
    return " ".join(cell for cell in cells if cell) == source


def escape(text: str) -> str:
    """Make plain source text literal in Markdown: [D] stays [D], < stays <."""
    text = re.sub(r"([\\`*_\[\]])", r"\\\1", text)
    return text.replace("<", "&lt;")


# ---------------------------------------------------------------------------------------
# Trait links


@dataclass(slots=True)
class TraitRef:
    """One glossary entry: a trait (or rule) some page links to."""

    name: str
    rule: str = ""
    """A second link the source gives (e.g. /action/repair), "" if none."""
    places: list[tuple[str, str, str]] = field(default_factory=list)
    """(page target, entry slug, entry name) of each entry that links here, first seen first."""


@dataclass(slots=True)
class Linker:
    """Turns `Name(/traits#name)` into a glossary link and remembers what was referenced."""

    refs: dict[str, TraitRef] = field(default_factory=dict)

    def inline(self, text: str, target: str, place: tuple[str, str]) -> str:
        """Source text -> Markdown inline: escaped, with each trait reference made a link."""
        out: list[str] = []
        rest_start = 0
        for match in LINK.finditer(text):
            before = text[rest_start:match.start()]
            anchor = match.group("anchor") or ""
            words_needed = anchor.count("-") + 1 if anchor else 1
            words = re.split(r"(\s+)", before)
            # words alternates word, space, word...: take the last `words_needed` words.
            name_parts = words[-(2 * words_needed - 1):]
            name = "".join(name_parts)
            if anchor and slugify(name) != anchor:
                raise ImportFailure(f"{target}: link {match.group(0)!r} follows {name!r}, not a name for #{anchor}")
            prefix = before[: len(before) - len(name)]
            href = posixpath.relpath(TRAITS_TARGET, posixpath.dirname(target))
            if anchor:
                href += f"#{anchor}"
                ref = self.refs.setdefault(anchor, TraitRef(name=name))
                ref.rule = ref.rule or (match.group("rule") or "")
                where = (target, *place)
                if where not in ref.places:
                    ref.places.append(where)
            out.append(escape(prefix) + f"[{escape(name)}]({href})")
            rest_start = match.end()
        out.append(escape(text[rest_start:]))
        return "".join(out)


def traits_page(linker: Linker) -> str:
    """The glossary every trait link points to: one anchored entry per trait or rule referenced."""
    lines = [
        "# Traits glossary {#traits-glossary}",
        "",
        "The rules pages link the traits and rules they mention to this page. The full texts of the "
        "traits are in the Jovian Wars Traits rules, which this site does not include.",
    ]
    titles = {page.target: f"{page.layout.title} ({page.version})" for page in JOVIAN_PAGES}
    for anchor, ref in sorted(linker.refs.items(), key=lambda item: item[1].name.lower()):
        lines += ["", f"## {escape(ref.name)} {{#{anchor}}}", ""]
        text = (f"The full text of {ref.name} is in the Jovian Wars Traits rules, "
                "which this site does not include.")
        if ref.rule:
            text += f" The source also links it to the rules page {ref.rule}, which this site does not include either."
        lines.append(escape(text))
        lines.append("")
        links = []
        for target, slug, entry_name in ref.places:
            href = posixpath.relpath(target, posixpath.dirname(TRAITS_TARGET))
            links.append(f"[{escape(entry_name)}]({href}#{slug}) in {escape(titles[target])}")
        lines.append("Referenced by: " + ", ".join(links) + ".")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------
# Jovian Wars pages


def table(header: tuple[str, ...], rows: list[tuple[str, ...]], inline: Callable[[str], str]) -> list[str]:
    """A pipe table; `|` inside a cell is escaped."""

    def row(cells: tuple[str, ...]) -> str:
        return "| " + " | ".join(inline(cell).replace("|", "\\|") for cell in cells) + " |"

    return [row(header), "|" + "|".join("---" for _ in header) + "|", *(row(cells) for cells in rows)]


@dataclass(slots=True)
class JovianImport:
    """The state of converting one Jovian Wars page."""

    page: Page
    linker: Linker
    out: list[str] = field(default_factory=list)
    heading_index: int = 0
    place: tuple[str, str] = ("", "")
    gaps_used: set[str] = field(default_factory=set)
    unfinished_used: set[str] = field(default_factory=set)

    def inline(self, text: str) -> str:
        """Source text -> Markdown inline, links recorded against the current entry."""
        return self.linker.inline(text, self.page.target, self.place)

    def emit(self, block: list[str]) -> None:
        if self.out:
            self.out.append("")
        self.out.extend(block)

    def gap_after(self, source_line: str) -> None:
        note = dict(self.page.layout.gaps).get(source_line)
        if note is not None:
            self.gaps_used.add(source_line)
            self.emit(['!!! warning "Gap in the source"', "", "    " + escape(note)])

    def unfinished_after(self, source_line: str) -> list[str]:
        """The marker line after a paragraph whose last sentence the text leaves unfinished (none for others)."""
        if source_line not in self.page.layout.unfinished:
            return []
        self.unfinished_used.add(source_line)
        return ["<!-- unfinished -->"]

    def fail(self, lineno: int, message: str) -> ImportFailure:
        return ImportFailure(f"{self.page.source}:{lineno}: {message}")

    def heading(self, lineno: int, text: str) -> bool:
        """Emit the next expected heading if this single-line block is it."""
        headings = self.page.layout.headings
        if self.heading_index >= len(headings):
            return False
        expected = headings[self.heading_index]
        if text != expected.text:
            return False
        self.heading_index += 1
        slug = slugify(text)
        if expected.kind:
            self.place = (slug, text)
        attrs = f"#{slug}" + (f" .{expected.kind}" if expected.kind else "")
        self.emit([f"{'#' * expected.level} {escape(text)} {{{attrs}}}"])
        return True

    def block(self, start: int, lines: list[str]) -> None:
        """One run of non-blank source lines starting at 1-based line `start`."""
        if len(lines) == 1 and self.heading(start, lines[0]):
            return
        i = 0
        while i < len(lines):
            line, lineno = lines[i], start + i
            if line in MANGLED_TABLES:
                header, row = MANGLED_TABLES[line]
                if [cell.strip() for cell in line.split("|") if cell.strip()] != [*header, *row]:
                    raise self.fail(lineno, f"mangled table cells do not rejoin: {line!r}")
                self.emit(table(header, [row], self.inline))
                self.gap_after(line)
                i += 1
            elif line in TABLE_HEADERS:
                header = TABLE_HEADERS[line]
                if not rejoins(header, line):
                    raise self.fail(lineno, f"header cells do not rejoin: {line!r}")
                rows: list[tuple[str, ...]] = []
                i += 1
                while i < len(lines) and not LIST_LINE.match(lines[i]):
                    cells = TABLE_ROWS.get(lines[i])
                    if cells is None:
                        raise self.fail(start + i, f"unknown table row {lines[i]!r}: add its cells to TABLE_ROWS")
                    if not rejoins(cells, lines[i]) or len(cells) != len(header):
                        raise self.fail(start + i, f"cells {cells!r} do not rejoin to {lines[i]!r} under {header!r}")
                    rows.append(cells)
                    i += 1
                self.emit(table(header, rows, self.inline))
                self.gap_after(lines[i - 1])
            elif LIST_LINE.match(line):
                items: list[str] = []
                while i < len(lines) and (match := LIST_LINE.match(lines[i])):
                    indent = len(match.group("indent"))
                    if indent % 2 or indent < 2:
                        raise self.fail(start + i, f"list indent of {indent} spaces is not 2, 4, 6...")
                    marker = "-" if match.group("bullet") else f"{match.group('number')}."
                    items.append("    " * (indent // 2 - 1) + f"{marker} {self.inline(match.group('text'))}")
                    i += 1
                self.emit(items)
            elif line.startswith("Example: "):
                self.emit(["!!! example", "", "    " + self.inline(line.removeprefix("Example: "))])
                i += 1
            elif line.startswith(" "):
                raise self.fail(lineno, f"indented line that is not a list item: {line!r}")
            else:
                self.emit([self.inline(line), *self.unfinished_after(line)])
                self.gap_after(line)
                i += 1

    def run(self, text: str) -> str:
        lines = text.split("\n")
        layout, version = self.page.layout, self.page.version
        if lines[0] != f"Rules {version}":
            raise self.fail(1, f"expected the version line 'Rules {version}', found {lines[0]!r}")
        body_start = next(i for i in range(1, len(lines)) if lines[i].strip())
        if lines[body_start] != layout.title:
            raise self.fail(body_start + 1, f"expected the title {layout.title!r}, found {lines[body_start]!r}")
        title_slug = slugify(layout.title)
        attrs = f"#{title_slug}" + (f" .{layout.title_kind}" if layout.title_kind else "")
        if layout.title_kind:
            self.place = (title_slug, layout.title)
        self.emit([f"# {escape(layout.title)} {{{attrs}}}"])
        self.emit([escape(lines[0])])  # the rules version stays visible under the title
        run: list[str] = []
        run_start = 0
        for index in range(body_start + 1, len(lines) + 1):
            line = lines[index] if index < len(lines) else ""
            if line.strip():
                if not run:
                    run_start = index + 1
                run.append(line.rstrip())
            elif run:
                self.block(run_start, run)
                run = []
        if self.heading_index != len(layout.headings):
            missing = layout.headings[self.heading_index].text
            raise ImportFailure(f"{self.page.source}: heading {missing!r} was not found where expected")
        if set(layout.unfinished) != self.unfinished_used:
            raise ImportFailure(f"{self.page.source}: unfinished lines not found: "
                                f"{sorted(set(layout.unfinished) - self.unfinished_used)}")
        expected_gaps = {line for line, _note in layout.gaps}
        if expected_gaps != self.gaps_used:
            raise ImportFailure(f"{self.page.source}: gap lines not found: {sorted(expected_gaps - self.gaps_used)}")
        return "\n".join(self.out) + "\n"


# ---------------------------------------------------------------------------------------
# War Galley aid


RESULT_FIELD = re.compile(r"^(?P<outcome>Success|Failure)(?:-(?P<side>Attacker|Defender))?(?: \((?P<variant>\w+)\))?$")
"""A result field name: "Success-Attacker", "Failure-Defender (Rake)", "Success (Reaction)", "Failure"."""
SIDES = ("Attacker", "Defender")
NO_DEFENSES = "\N{EM DASH}"
"""The overview's Active Defenses cell for a mode whose source row gives none."""


@dataclass(slots=True)
class GalleyMode:
    """One mode of the aid as the source gives it: name, type label and fields in source order."""

    name: str
    label: str
    """The source's type label: "Attack Mode" or "Defensive Mode"."""
    line: int
    fields: list[tuple[int, str, tuple[str, ...]]] = field(default_factory=list)
    """(1-based source line, field name from GALLEY_LABELS, items) in source order."""

    @property
    def slug(self) -> str:
        return slugify(self.name)

    def items(self, name: str) -> tuple[str, ...] | None:
        return next((items for _, found, items in self.fields if found == name), None)


def galley_modes(text: str) -> list[GalleyMode]:
    """The source's `label |` / `value |` pairs grouped into modes; every label and cell checked."""
    lines = [(n, line.strip()) for n, line in enumerate(text.split("\n"), 1) if line.strip()]
    if len(lines) % 2:
        raise ImportFailure(f"{GALLEY_SOURCE}: a label without its value at the end")
    modes: list[GalleyMode] = []
    for (n, label), (_, value) in zip(lines[::2], lines[1::2]):
        if not (label.endswith(" |") and value.endswith(" |")):
            raise ImportFailure(f"{GALLEY_SOURCE}:{n}: expected 'label |' then 'value |'")
        label, value = label.removesuffix(" |"), value.removesuffix(" |")
        if label in GALLEY_GROUPS:
            modes.append(GalleyMode(name=value, label=label, line=n))
            continue
        if not modes:
            raise ImportFailure(f"{GALLEY_SOURCE}:{n}: field {label!r} before any mode")
        if label not in GALLEY_LABELS:
            raise ImportFailure(f"{GALLEY_SOURCE}:{n}: unknown label {label!r}: add it to GALLEY_LABELS")
        items = GALLEY_CELLS.get(value)
        if items is None:
            raise ImportFailure(f"{GALLEY_SOURCE}:{n + 1}: unknown cell {value!r}: add its split to GALLEY_CELLS")
        if not rejoins(items, value):
            raise ImportFailure(f"{GALLEY_SOURCE}:{n + 1}: items {items!r} do not rejoin to {value!r}")
        modes[-1].fields.append((n, GALLEY_LABELS[label], items))
    return modes


def cell(items: tuple[str, ...]) -> str:
    """Several items in one table cell, one per line: joined with <br> (both renderers keep it)."""
    return "<br>".join(escape(item).replace("|", "\\|") for item in items)


def galley_overview(modes: list[GalleyMode]) -> list[str]:
    """| Mode | Type | Active Defenses |, attack modes then defensive modes, each name linking to its entry."""
    order = list(GALLEY_GROUPS)
    rows = []
    for mode in sorted(modes, key=lambda m: order.index(m.label)):  # stable: source order within a type
        defenses = mode.items("Active Defenses")
        shown = ", ".join(escape(item) for item in defenses) if defenses else NO_DEFENSES
        if defenses is None and mode.name in GALLEY_GAPS:
            shown += " (gap in the source)"
        rows.append(f"| [{escape(mode.name)}](#{mode.slug}) | {escape(mode.label)} | {shown} |")
    return [f"## {GALLEY_OVERVIEW} {{#{slugify(GALLEY_OVERVIEW)}}}", "",
            "| Mode | Type | Active Defenses |", "|---|---|---|", *rows]


def results_table(mode: GalleyMode, results: list[tuple[int, str, tuple[str, ...]]]) -> list[str]:
    """The mode's Success/Failure fields as one table: | Result | Attacker | Defender | (attack modes)
    or | Result | Effect | (fields with no side). Read row by row, left to right, the table must give
    back every field in source order, so the rules model (scripts/build/entries.py) can too."""
    rows: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {}
    for n, name, items in results:
        match = RESULT_FIELD.match(name)
        if match is None:
            raise ImportFailure(f"{GALLEY_SOURCE}:{n}: {name!r} is not a Success/Failure field")
        row = match["outcome"] + (f" ({match['variant']})" if match["variant"] else "")
        rows.setdefault(row, {})[match["side"] or "Effect"] = (name, items)
    columns = SIDES if any(side in cells for cells in rows.values() for side in SIDES) else ("Effect",)
    for row, cells in rows.items():
        if set(cells) != set(columns):
            raise ImportFailure(f"{GALLEY_SOURCE}:{mode.line}: {mode.name} row {row!r} has {sorted(cells)}, "
                                f"not one field for each of {list(columns)}")
    read_back = [rows[row][column][0] for row in rows for column in columns]
    if read_back != [name for _, name, _ in results]:
        raise ImportFailure(f"{GALLEY_SOURCE}:{results[0][0]}: {mode.name}'s results are not in row order "
                            f"(Success, Failure per variant; {', '.join(columns)} in each): {read_back}")
    lines = ["| Result | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    lines += [f"| {escape(row)} | " + " | ".join(cell(cells[column][1]) for column in columns) + " |"
              for row, cells in rows.items()]
    return lines


def galley_mode(mode: GalleyMode) -> list[str]:
    """One mode: H3 entry heading, its type label, Conditions as a checklist, Active Defenses on one
    line, the results table, and the gap note if the source row is cut short."""
    out = [f"### {escape(mode.name)} {{#{mode.slug} .mode}}", "", f"*{escape(mode.label)}*"]
    results = [found for found in mode.fields if RESULT_FIELD.match(found[1])]
    for n, name, items in mode.fields:
        if RESULT_FIELD.match(name):
            continue
        if results and n > results[0][0]:
            raise ImportFailure(f"{GALLEY_SOURCE}:{n}: {mode.name}: field {name!r} comes after the results")
        if name in GALLEY_LINE_FIELDS:
            if any("," in item for item in items):
                raise ImportFailure(f"{GALLEY_SOURCE}:{n + 1}: {name} items hold a comma, so they cannot share a line")
            out += ["", f"**{escape(name)}:** " + ", ".join(escape(item) for item in items)]
        else:
            out += ["", f"**{escape(name)}**", "", *(f"- {escape(item)}" for item in items)]
    if results:
        out += ["", *results_table(mode, results)]
    if mode.name in GALLEY_GAPS:
        out += ["", '!!! warning "Gap in the source"', "", "    " + escape(GALLEY_GAPS[mode.name])]
    return out


def galley_page(text: str) -> str:
    """The aid: title, the at-a-glance table, the ship-state marker, then each mode as an H3 entry."""
    modes = galley_modes(text)
    out = [f"# {GALLEY_TITLE} {{#{slugify(GALLEY_TITLE)}}}", "", *galley_overview(modes), "", GALLEY_MARKER]
    group = ""
    for mode in modes:
        if GALLEY_GROUPS[mode.label] != group:
            group = GALLEY_GROUPS[mode.label]
            out += ["", f"## {group} {{#{slugify(group)}}}"]
        out += ["", *galley_mode(mode)]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------
# Entry point


def unlisted_sources(sources: Path) -> list[str]:
    """The Jovian Wars sources no Layout lists, each with what to do about it."""
    listed = {page.source for page in JOVIAN_PAGES}
    problems = []
    for path in sorted(sources.glob(f"{GAME}-*.txt")):
        if path.name in listed:
            continue
        match = SOURCE_NAME.fullmatch(path.name)
        if match is None:
            problems.append(f"{path.name}: not a source name {GAME}-<version>-<page>.txt")
            continue
        version, page = match["version"], match["page"]
        layouts = [layout for layout in JOVIAN_LAYOUTS if layout.page == page]
        if not layouts:
            problems.append(f"{path.name}: no Layout of a page {page!r} (pages: "
                            f"{', '.join(sorted({layout.page for layout in JOVIAN_LAYOUTS}))}): write one")
        else:
            had = ", ".join(version for layout in layouts for version in layout.versions)
            problems.append(f"{path.name}: no Layout of {page!r} lists {version} (they list {had}): add {version!r} to "
                            "the versions of the one whose headings and gaps it has, or write a Layout for it")
    return problems


def render_all(sources: Path) -> dict[str, str]:
    """Every generated page: docs-relative path -> Markdown."""
    unlisted = unlisted_sources(sources)
    if unlisted:
        raise ImportFailure("sources no Layout in scripts/importer/import_rules_layout.py lists:\n  - " + "\n  - ".join(unlisted))
    linker = Linker()
    pages: dict[str, str] = {}
    for page in JOVIAN_PAGES:
        text = (sources / page.source).read_text(encoding="utf-8")
        pages[page.target] = JovianImport(page, linker).run(text)
    pages[TRAITS_TARGET] = traits_page(linker)
    pages[GALLEY_TARGET] = galley_page((sources / GALLEY_SOURCE).read_text(encoding="utf-8"))
    return pages


def write_all(out_dir: Path, sources: Path) -> list[Path]:
    """Write every generated page under out_dir; returns the paths written."""
    written = []
    for target, markdown in render_all(sources).items():
        path = out_dir / target
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(markdown, encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="docs folder to write into")
    args = parser.parse_args(argv)
    try:
        written = write_all(args.out, sources_dir())
    except (ImportFailure, OSError) as error:
        print(f"import_rules: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
