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
from scripts.hooks import mechanics
from scripts.hooks.augment import augment
from scripts.hooks.build_error import BuildError
from scripts.hooks.resolver_html import readings_html
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


def test_every_section_the_code_cites_is_a_section_of_the_notes_and_of_the_page() -> None:
    cited = {number for path in (ROOT / "rules_core").rglob("*.py")
             for number in mechanics.cited(path.read_text(encoding="utf-8"))}
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
                                                         "negative-macro"]
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


def test_a_citation_by_the_notes_or_by_the_page_links_the_same_section() -> None:
    by_notes = mechanics.cite_html("Damage (v1.2.4), MECHANICS §6b", "../dice/")
    assert by_notes == mechanics.cite_html("Damage (v1.2.4), How the dice work §6b", "../dice/")
    assert by_notes == 'Damage (v1.2.4), <a href="../dice/#damage-as-normal">How the dice work: Damage as normal</a>'


def test_a_citation_of_a_section_the_page_lacks_stops_the_build() -> None:
    with pytest.raises(BuildError, match=r'MECHANICS §99 is cited but dice.md has no heading with data-mechanics="99"'):
        mechanics.cite_html("MECHANICS §99", "../dice/")
