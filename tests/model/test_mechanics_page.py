""""How the dice work" ports every numbered section of the mechanics notes, and links every Reading.

The notes (sources/MECHANICS.md) are the repository's copy of the team's working file, where new
decisions keep arriving: set MECHANICS_MD to that file and the copy must match it, so a new
decision fails here until it is copied in and ported to the page (a new section: a heading with
its data-mechanics number).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from rules_core import READINGS, REGISTRY
from scripts.build import mechanics
from scripts.build.augment import augment
from scripts.build.build_error import BuildError
from scripts.build.resolver_html import readings_html
from tests.conftest import DOCS, ROOT, SOURCES

NOTES = (SOURCES / "MECHANICS.md").read_text(encoding="utf-8")
PAGE = (DOCS / mechanics.PAGE).read_text(encoding="utf-8")


def test_every_numbered_section_of_the_notes_has_its_section_on_the_page() -> None:
    numbered = mechanics.notes_sections(NOTES)
    assert len(numbered) >= 12 and {"1", "6a", "6b", "10"} <= set(numbered)  # the parse found them
    assert sorted(mechanics.page_sections(PAGE)) == sorted(numbered)


def test_every_section_of_the_page_lists_the_readings_that_cite_it() -> None:
    """Each ported section carries its readings-cited marker, so a new Reading citing it is linked there."""
    for number in mechanics.notes_sections(NOTES):
        assert f"<!-- readings-cited: {number} -->" in PAGE, number


def test_the_copy_of_the_notes_is_the_working_file() -> None:
    working = os.environ.get("MECHANICS_MD")
    if not working:
        pytest.skip("MECHANICS_MD names no working copy of the notes to compare with")
    assert Path(working).read_text(encoding="utf-8") == NOTES, (
        "the mechanics notes changed: copy them to sources/MECHANICS.md and port the change to docs/dice.md")


CODE = sorted([*(ROOT / "rules_core").rglob("*.py"), *(ROOT / "scripts").rglob("*.py")])
MARK = re.compile(r'§(?P<first>\d+[a-z]?)(?:-§?(?P<last>\d+[a-z]?))?(?: \\?"(?P<title>[^"\\]+)\\?")?')
"""A section mark of a citation: `§6b`, a range `§1-5`, with the section's title after it: `§6b "Damage as normal"`."""
DATA = {"rules_core/readings.py", "scripts/build/mechanics.py"}
"""Modules whose citations are data the build links (a Reading's section) or the citation rule itself: no titles."""


def test_every_code_citation_names_a_section_of_the_page_with_its_title_the_first_time() -> None:
    """The code cites "How the dice work" (docs/dice.md), never the notes' file; each section it names
    is a heading of the page (data-mechanics="N"), and a module's first mention of a section gives its title."""
    titles: dict[str, set[str]] = {}
    for heading in mechanics.HEADING.finditer(PAGE):
        titles.setdefault(heading["number"], set()).add(heading["title"])
    order = list(titles)
    checked = 0
    for path in CODE:
        text, name = path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()
        assert "MECHANICS §" not in text, f"{name}: cite the page, How the dice work §N"
        marks = list(MARK.finditer(text))
        if not marks:
            continue
        assert text[:marks[0].start()].endswith("How the dice work "), f"{name}: its first citation names the page"
        seen: set[str] = set()
        for mark in marks:
            first, last = mark["first"], mark["last"] or mark["first"]
            assert first in titles and last in titles, f"{name}: {mark[0]!r} cites a section the page lacks"
            if mark["last"]:
                assert order.index(first) < order.index(last), f"{name}: {mark[0]!r} is no range"
            elif first not in seen and name not in DATA:
                assert mark["title"] in titles[first], f"{name}: the first {mark[0]!r} gives the title, one of {titles[first]}"
            elif mark["title"] is not None:
                assert mark["title"] in titles[first], f"{name}: {mark[0]!r} is not that section's title"
            seen.add(first)
            checked += 1
    assert checked >= 90


def test_every_section_a_reading_cites_is_a_section_of_the_notes_and_of_the_page() -> None:
    cited = {number for reading in READINGS.values() for number in mechanics.cited(reading.section)}
    assert cited and cited <= set(mechanics.notes_sections(NOTES))
    assert cited <= set(mechanics.page_sections(PAGE))


def test_every_reading_is_linked_from_the_page() -> None:
    expanded = augment(PAGE, mechanics.PAGE, DOCS)
    linked = set(re.findall(r"\(readings\.md#([\w-]+)\)", expanded))
    assert sorted(set(READINGS) - linked) == []
    assert linked <= set(READINGS)


def test_a_section_marker_links_exactly_the_readings_that_cite_it() -> None:
    out = augment("# D\n\n<!-- readings-cited: 2 -->\n", "dice.md", DOCS)
    assert re.findall(r"readings\.md#([\w-]+)", out) == ["pool-floor", "flex-keeps-best", "no-negative-flex",
                                                         "negative-macro", "armor-by-arc"]
    assert augment("<!-- readings-cited: 8 -->", "dice.md", DOCS) == ""  # no Reading cites the examples
    with pytest.raises(BuildError, match="needs the section number"):
        augment("<!-- readings-cited -->", "dice.md", DOCS)


def test_every_resolvers_readings_link_their_section_of_the_page() -> None:
    anchors = {section.anchor for section in mechanics.sections().values()}
    for resolver in REGISTRY.values():
        html = readings_html(resolver, "../../readings/")
        for reading in resolver.readings:
            for number in mechanics.cited(reading.section):
                assert f'href="../../dice/#{mechanics.section(number).anchor}"' in html, (resolver.id, reading.key)
        assert set(re.findall(r'href="\.\./\.\./dice/#([\w-]+)"', html)) <= anchors


def test_a_citation_links_its_section_of_the_page() -> None:
    cited = mechanics.cite_html("Damage (v1.2.4), How the dice work §6b", "../dice/")
    assert cited == 'Damage (v1.2.4), <a href="../dice/#damage-as-normal">How the dice work: Damage as normal</a>'
    assert mechanics.cite_html("MECHANICS §6b", "../dice/") == "MECHANICS §6b"  # the notes' file is no citation form


def test_a_citation_of_a_section_the_page_lacks_stops_the_build() -> None:
    with pytest.raises(BuildError, match=r'How the dice work §99 is cited but dice.md has no heading with data-mechanics="99"'):
        mechanics.cite_html("How the dice work §99", "../dice/")
