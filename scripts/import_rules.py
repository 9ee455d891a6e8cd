"""Turn the flattened rule texts (rules-sources/*.txt) into the Markdown pages under docs/.

Re-runnable: `.venv/bin/python scripts/import_rules.py` rewrites docs/jovian-wars/** and
docs/war-galley/** (`--out DIR` writes elsewhere). Sources are read from
ROOT.parent/shared/rules-sources unless the RULES_SOURCES environment variable names another
folder. Every heading, table row and galley cell is looked up in the literal data of
scripts/import_rules_layout.py; an unknown one stops the import with its file and line.

The Markdown keeps to what Python-Markdown (admonition, attr_list, tables, toc) and
markdown-it-py (tables, admon, the heading-attribute rule in scripts/hooks/entries.py) render
alike: `### Name {#slug .kind}` headings, pipe tables, 4-space nested lists, `!!!` admonitions.
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
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.import_rules_layout import (  # noqa: E402
    GALLEY_CELLS,
    GALLEY_GAPS,
    GALLEY_GROUPS,
    GALLEY_LABELS,
    GALLEY_SOURCE,
    GALLEY_TARGET,
    GALLEY_TITLE,
    GAPS,
    JOVIAN_PAGES,
    MANGLED_TABLES,
    TABLE_HEADERS,
    TABLE_ROWS,
    Page,
)

ROOT = Path(__file__).resolve().parent.parent
TRAITS_TARGET = "jovian-wars/traits.md"
LIST_LINE = re.compile(r"^(?P<indent> +)(?:(?P<bullet>•)|(?P<number>\d+)\.) (?P<text>.*)$")
# `Name(/traits#name)`, optionally followed by a second link such as `(/action/repair)`.
LINK = re.compile(r"\((?P<path>/traits)(?:#(?P<anchor>[a-z0-9-]+))?\)(?:\((?P<rule>/[a-z0-9/-]+)\))?")


class ImportFailure(Exception):
    """The source holds something the layout data does not describe."""


def slugify(text: str) -> str:
    """Lowercase; every run of non-alphanumerics becomes "-"; trimmed (the site-wide slug rule)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def sources_dir() -> Path:
    """Where the rule texts are: RULES_SOURCES, or the shared folder beside the repo."""
    return Path(os.environ.get("RULES_SOURCES") or ROOT.parent / "shared" / "rules-sources")


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
    titles = {page.target: f"{page.title} ({page.target.split('/')[1]})" for page in JOVIAN_PAGES}
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

    def inline(self, text: str) -> str:
        """Source text -> Markdown inline, links recorded against the current entry."""
        return self.linker.inline(text, self.page.target, self.place)

    def emit(self, block: list[str]) -> None:
        if self.out:
            self.out.append("")
        self.out.extend(block)

    def gap_after(self, source_line: str) -> None:
        note = GAPS.get((self.page.target, source_line))
        if note is not None:
            self.gaps_used.add(source_line)
            self.emit(['!!! warning "Gap in the source"', "", "    " + escape(note)])

    def fail(self, lineno: int, message: str) -> ImportFailure:
        return ImportFailure(f"{self.page.source}:{lineno}: {message}")

    def heading(self, lineno: int, text: str) -> bool:
        """Emit the next expected heading if this single-line block is it."""
        if self.heading_index >= len(self.page.headings):
            return False
        expected = self.page.headings[self.heading_index]
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
                self.emit([self.inline(line)])
                self.gap_after(line)
                i += 1

    def run(self, text: str) -> str:
        lines = text.split("\n")
        version = self.page.target.split("/")[1]
        if lines[0] != f"Rules {version}":
            raise self.fail(1, f"expected the version line 'Rules {version}', found {lines[0]!r}")
        body_start = next(i for i in range(1, len(lines)) if lines[i].strip())
        if lines[body_start] != self.page.title:
            raise self.fail(body_start + 1, f"expected the title {self.page.title!r}, found {lines[body_start]!r}")
        title_slug = slugify(self.page.title)
        attrs = f"#{title_slug}" + (f" .{self.page.title_kind}" if self.page.title_kind else "")
        if self.page.title_kind:
            self.place = (title_slug, self.page.title)
        self.emit([f"# {escape(self.page.title)} {{{attrs}}}"])
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
        if self.heading_index != len(self.page.headings):
            missing = self.page.headings[self.heading_index].text
            raise ImportFailure(f"{self.page.source}: heading {missing!r} was not found where expected")
        expected_gaps = {line for (target, line) in GAPS if target == self.page.target}
        if expected_gaps != self.gaps_used:
            raise ImportFailure(f"{self.page.source}: gap lines not found: {sorted(expected_gaps - self.gaps_used)}")
        return "\n".join(self.out) + "\n"


# ---------------------------------------------------------------------------------------
# War Galley aid


def galley_page(text: str) -> str:
    """Each mode: an H3 entry with one list of its fields, each field a nested list of items."""
    pairs: list[tuple[int, str, str]] = []
    lines = [(n, line.strip()) for n, line in enumerate(text.split("\n"), 1) if line.strip()]
    for (n, label), (_, value) in zip(lines[::2], lines[1::2]):
        if not (label.endswith(" |") and value.endswith(" |")):
            raise ImportFailure(f"{GALLEY_SOURCE}:{n}: expected 'label |' then 'value |'")
        pairs.append((n, label.removesuffix(" |"), value.removesuffix(" |")))
    if len(lines) % 2:
        raise ImportFailure(f"{GALLEY_SOURCE}: a label without its value at the end")
    out: list[str] = [f"# {GALLEY_TITLE} {{#{slugify(GALLEY_TITLE)}}}"]
    group = ""
    mode = ""

    def close_mode() -> None:
        if mode in GALLEY_GAPS:
            out.extend(["", '!!! warning "Gap in the source"', "", "    " + escape(GALLEY_GAPS[mode])])

    for n, label, value in pairs:
        if label in GALLEY_GROUPS:
            close_mode()
            mode = value
            if GALLEY_GROUPS[label] != group:
                group = GALLEY_GROUPS[label]
                out += ["", f"## {group} {{#{slugify(group)}}}"]
            # The source labels each mode with its type; keep that label visible under the heading.
            out += ["", f"### {escape(mode)} {{#{slugify(mode)} .mode}}", "", f"*{escape(label)}*", ""]
            continue
        if not mode:
            raise ImportFailure(f"{GALLEY_SOURCE}:{n}: field {label!r} before any mode")
        if label not in GALLEY_LABELS:
            raise ImportFailure(f"{GALLEY_SOURCE}:{n}: unknown label {label!r}: add it to GALLEY_LABELS")
        items = GALLEY_CELLS.get(value)
        if items is None:
            raise ImportFailure(f"{GALLEY_SOURCE}:{n + 1}: unknown cell {value!r}: add its split to GALLEY_CELLS")
        if not rejoins(items, value):
            raise ImportFailure(f"{GALLEY_SOURCE}:{n + 1}: items {items!r} do not rejoin to {value!r}")
        out.append(f"- **{escape(GALLEY_LABELS[label])}**")
        out.extend(f"    - {escape(item)}" for item in items)
    close_mode()
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------
# Entry point


def render_all(sources: Path) -> dict[str, str]:
    """Every generated page: docs-relative path -> Markdown."""
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
