"""Every sentence of every rule text is on its built page, and no raw link syntax shows.

Runs against the built site/ (scripts/build_site.py). Both sides are compared after the same
normalisation: link targets stripped from the source ("Precise(/traits#precise)" -> "Precise"),
lowercase, every run of non-alphanumerics one space. A flattened table row or galley cell is
compared cell by cell, with the importer's literal split tables. A galley result label
("Success-Attacker (Rake)") is now a row ("Success (Rake)") and a column ("Attacker") of its mode's
results table; the galley tests at the end check each item sits in the right cell.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scripts.importer.import_rules import RESULT_FIELD, GalleyMode, galley_modes
from scripts.importer.import_rules_layout import (
    GALLEY_CELLS,
    GALLEY_LABELS,
    GALLEY_SOURCE,
    GALLEY_TARGET,
    JOVIAN_PAGES,
    MANGLED_TABLES,
    TABLE_HEADERS,
    TABLE_ROWS,
)
from tests import conftest

PAGES: dict[str, str] = {page.source: page.target for page in JOVIAN_PAGES} | {GALLEY_SOURCE: GALLEY_TARGET}
LINK_TARGET = re.compile(r"\(/[a-z0-9/#-]*\)")
RAW_SYNTAX = ("(/traits", "(/action", "](", "{#", "\\[", "!!!")
BLOCK_TAGS = {"p", "li", "ul", "ol", "td", "th", "tr", "table", "div", "br", "h1", "h2", "h3", "h4", "h5", "h6",
              "article", "section", "blockquote", "pre", "dt", "dd", "dl", "details", "summary"}


def normalise(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", " ", html.unescape(text).lower()).strip()


class ArticleText(HTMLParser):
    """The visible text of a Material page's article (scripts, styles and permalinks left out)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # > 0 while inside <article>
        self.skip = 0  # > 0 while inside script/style/permalink
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag in BLOCK_TAGS:
            self.parts.append(" ")  # words of two blocks never run together; inline tags add nothing
        if tag == "article":
            self.depth += 1
        if self.depth and (tag in ("script", "style") or "headerlink" in classes or self.skip):
            if tag not in ("br", "img", "input", "meta", "link"):
                self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in BLOCK_TAGS:
            self.parts.append(" ")
        if self.skip:
            self.skip -= 1
        elif tag == "article":
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skip:
            self.parts.append(data)


def site_dir() -> Path:
    site = conftest.SITE
    if not (site / "index.html").exists():
        pytest.fail(f"{site} is not built: run .venv/bin/python scripts/build_site.py first")
    return site


def page_text(target: str) -> str:
    path = site_dir() / target.removesuffix(".md") / "index.html"
    if not path.exists():
        pytest.fail(f"{path} is missing from the build")
    parser = ArticleText()
    parser.feed(path.read_text(encoding="utf-8"))
    text = "".join(parser.parts)
    assert text.strip(), f"{path}: no <article> text found"
    return text


def sentences(line: str) -> list[str]:
    """A source line cut into what must be found: cells of a table row, else its sentences."""
    line = LINK_TARGET.sub("", line.strip()).removesuffix(" |").strip()
    raw = line
    for table in (TABLE_ROWS, TABLE_HEADERS, GALLEY_CELLS):
        for source, cells in table.items():
            if LINK_TARGET.sub("", source) == raw:
                return [LINK_TARGET.sub("", cell) for cell in cells if cell]
    for source, (header, row) in MANGLED_TABLES.items():
        if source == raw:
            return [*header, *row]
    label = GALLEY_LABELS.get(raw, "")
    if match := RESULT_FIELD.match(label):
        return [result_row(match), match["side"] or ""]
    line = re.sub(r"^(•|\d+\.)\s+", "", line)
    return [part for part in re.split(r"(?<=[.!?:])\s+", line) if part.strip()]


def result_row(match: re.Match[str]) -> str:
    """The results-table row of a galley result field: "Success", "Failure (Rake)", "Success (Reaction)"."""
    return match["outcome"] + (f" ({match['variant']})" if match["variant"] else "")


def source_sentences(source: str) -> list[str]:
    text = (conftest.SOURCES / source).read_text(encoding="utf-8")
    return [sentence for line in text.split("\n") if line.strip() for sentence in sentences(line)]


@pytest.mark.parametrize("source", list(PAGES))
def test_every_source_sentence_is_on_its_page(source: str) -> None:
    """Assert each sentence (or table cell) of the source appears in the page's visible text."""
    visible = f" {normalise(page_text(PAGES[source]))} "
    missing = [s for s in source_sentences(source) if normalise(s) and f" {normalise(s)} " not in visible]
    assert missing == [], f"{PAGES[source]}: {len(missing)} sentences of {source} missing, first: {missing[:3]}"


def test_the_sentence_split_is_fine_grained() -> None:
    """The comparison is by sentence and cell, not by whole file (so a lost sentence is caught)."""
    board = source_sentences("jovian-wars-v1.2.4-actions.txt")
    assert 'Marines: 1+, within 1" of target' in board and "No" in board
    assert "If a ship is Boarded, it may not Board!" in board
    assert "Apply the Results as if the attack were made by a Precise weapon." in board
    assert "Ram Attack > 0" in source_sentences(GALLEY_SOURCE)


@pytest.mark.parametrize("target", [*PAGES.values(), "jovian-wars/traits.md"])
def test_versions_and_links_read_as_text(target: str) -> None:
    text = page_text(target)
    for raw in RAW_SYNTAX:
        assert raw not in text, f"{target}: raw {raw!r} in the visible text"
    if "/v1.2" in target:
        assert f"Rules {target.split('/')[1]}" in text


def test_no_page_of_the_site_shows_raw_link_syntax() -> None:
    shown = []
    for path in sorted(site_dir().rglob("*.html")):
        parser = ArticleText()
        parser.feed(path.read_text(encoding="utf-8"))
        text = "".join(parser.parts)
        shown += [f"{path.relative_to(site_dir())}: {raw}" for raw in RAW_SYNTAX[:3] if raw in text]
    assert shown == []


def test_trait_links_show_words_and_point_at_the_glossary() -> None:
    damage = site_dir() / "jovian-wars/v1.2.4/damage/index.html"
    markup = damage.read_text(encoding="utf-8")
    assert re.search(r'<a href="\.\./\.\./traits/#repair">Repair</a>ed', markup)
    assert "Lost Marine ratings may not be Repaired." in re.sub(r"<[^>]+>", "", markup)


# War Galley: each item in its place ------------------------------------------------------


Cell = tuple[str, ...]
"""A table cell's items, one per `<br>`-separated line."""


class GalleyBlocks(HTMLParser):
    """The galley page's tables and bullet lists, keyed by the id of the heading above them.
    Resolver blocks (`data-resolver`) are skipped: they are the widgets', not the aid's."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.heading = ""
        self.skip = 0  # > 0 inside a resolver block
        self.tables: dict[str, list[list[list[Cell]]]] = {}
        self.lists: dict[str, list[list[str]]] = {}
        self.cell: list[str] | None = None  # items of the open th/td
        self.item: list[str] | None = None  # words of the open li

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if self.skip:
            self.skip += tag == "div"
            return
        if tag == "div" and "data-resolver" in found:
            self.skip = 1
        elif tag in ("h1", "h2", "h3") and found.get("id"):
            self.heading = found["id"] or ""
        elif tag == "table":
            self.tables.setdefault(self.heading, []).append([])
        elif tag == "tr":
            self.tables[self.heading][-1].append([])
        elif tag in ("th", "td"):
            self.cell = [""]
        elif tag == "br" and self.cell is not None:
            self.cell.append("")
        elif tag == "ul":
            self.lists.setdefault(self.heading, []).append([])
        elif tag == "li":
            self.item = []

    def handle_endtag(self, tag: str) -> None:
        if self.skip:
            self.skip -= tag == "div"
            return
        if tag in ("th", "td") and self.cell is not None:
            self.tables[self.heading][-1][-1].append(tuple(part.strip() for part in self.cell))
            self.cell = None
        elif tag == "li" and self.item is not None:
            self.lists[self.heading][-1].append("".join(self.item).strip())
            self.item = None

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.cell is not None:
            self.cell[-1] += data
        if self.item is not None:
            self.item.append(data)


def galley_blocks() -> GalleyBlocks:
    parser = GalleyBlocks()
    parser.feed((site_dir() / GALLEY_TARGET.removesuffix(".md") / "index.html").read_text(encoding="utf-8"))
    return parser


GALLEY_MODES: list[GalleyMode] = galley_modes((conftest.SOURCES / GALLEY_SOURCE).read_text(encoding="utf-8"))


def test_galley_overview_lists_every_mode_with_its_type_and_defenses() -> None:
    """Assert the at-a-glance table: attack modes then defensive modes, each with the source's
    type label and Active Defenses (a dash where the source gives none), each name linking to its entry."""
    (overview,) = galley_blocks().tables["at-a-glance"]
    header, *rows = overview
    assert header == [("Mode",), ("Type",), ("Active Defenses",)]
    expected = []
    for label in ("Attack Mode", "Defensive Mode"):
        for mode in (m for m in GALLEY_MODES if m.label == label):
            defenses = mode.items("Active Defenses")
            expected.append([(mode.name,), (label,), (", ".join(defenses) if defenses else "\N{EM DASH}",)])
    assert [[row[0], row[1], (row[2][0].removesuffix(" (gap in the source)"),)] for row in rows] == expected
    markup = (site_dir() / GALLEY_TARGET.removesuffix(".md") / "index.html").read_text(encoding="utf-8")
    for mode in GALLEY_MODES:
        assert f'<td><a href="#{mode.slug}">{html.escape(mode.name, quote=False)}</a></td>' in markup
        assert f'id="{mode.slug}"' in markup


@pytest.mark.parametrize("mode", GALLEY_MODES, ids=lambda m: m.slug)
def test_galley_results_sit_in_their_rows_and_columns(mode: GalleyMode) -> None:
    """Assert each result item of the source is in its mode's results table, in the row of its
    outcome (and variant) and the column of its side, in order; no row or cell the source lacks."""
    expected: dict[tuple[str, str], Cell] = {}
    for _, name, items in mode.fields:
        if match := RESULT_FIELD.match(name):
            expected[(result_row(match), match["side"] or "Effect")] = items
    tables = [t for t in galley_blocks().tables.get(mode.slug, []) if t and t[0][0] == ("Result",)]
    if not expected:  # Defensive Missile Fire: the source row ends after its Conditions
        assert tables == []
        return
    (table,) = tables
    header, *rows = table
    columns = [column for (column,) in header[1:]]
    assert columns == (["Attacker", "Defender"] if mode.label == "Attack Mode" else ["Effect"])
    found = {(row[0][0], column): cell for row in rows for column, cell in zip(columns, row[1:])}
    assert found == expected


@pytest.mark.parametrize("mode", GALLEY_MODES, ids=lambda m: m.slug)
def test_galley_conditions_are_a_checklist(mode: GalleyMode) -> None:
    """Assert the mode's first list (outside its resolver) holds exactly its Conditions, in order."""
    lists = galley_blocks().lists.get(mode.slug, [])
    assert lists and tuple(lists[0]) == mode.items("Conditions")
