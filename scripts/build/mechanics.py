"""The "How the dice work" page and the numbered sections of the mechanics notes it ports.

The project's mechanics notes (sources/MECHANICS.md, a copy of the team's working file) give the
dice system and every Reading in numbered sections. The site's page docs/dice.md says the same
in players' words, and each of its headings that ports a section names it:
`## Damage as normal {#damage-as-normal data-mechanics="6b"}` (attr_list turns that into an
attribute of the heading). The code cites that page's sections, by number and, the first time
in a module, title: How the dice work §6b "Damage as normal". That page is the one place that
says which heading is which section: a Reading's or a resolver's "How the dice work §6b" links
to it, and a citation of a section the page does not hold stops the build.
"""

from __future__ import annotations

import functools
import posixpath
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path

from scripts.build.build_error import BuildError

ROOT = Path(__file__).resolve().parent.parent.parent
PAGE = "dice.md"
"""The page, docs-relative."""
URL = "dice/"
"""Its URL relative to the site's root (use_directory_urls)."""
TITLE = "How the dice work"
NOTES = ROOT / "sources" / "MECHANICS.md"
"""The repository's copy of the mechanics notes."""

HEADING = re.compile(r'^#{2,6} (?P<title>.+?) \{#(?P<anchor>[\w-]+) data-mechanics="(?P<number>\w+)"\}[ \t]*$', re.M)
"""A heading of the page that ports a section of the notes."""
NOTES_SECTION = re.compile(r"^## (?P<number>\d+[a-z]?)\. (?P<title>.+)$", re.M)
"""A numbered section of the notes: `## 6b. Damage as normal (Known ...)`."""
CITATION = re.compile(rf"{TITLE} §(?P<number>\d+[a-z]?)")
"""A citation of a section of the page, as rules_core writes it: "How the dice work §6b"."""


@dataclass(frozen=True, slots=True)
class Section:
    """A section of the page: the first heading that ports a numbered section of the notes."""

    number: str
    anchor: str
    title: str


def page_sections(page_markdown: str) -> dict[str, Section]:
    """Section number -> the first heading of the page that ports it."""
    found: dict[str, Section] = {}
    for match in HEADING.finditer(page_markdown):
        found.setdefault(match["number"], Section(match["number"], match["anchor"], match["title"]))
    return found


@functools.cache
def sections(docs_dir: Path = ROOT / "docs") -> dict[str, Section]:
    """The sections of the page in docs_dir (read once per build process)."""
    path = docs_dir / PAGE
    if not path.is_file():
        raise BuildError(f"mechanics: {path} is missing: the Readings link to its sections")
    return page_sections(path.read_text(encoding="utf-8"))


def notes_sections(notes_markdown: str) -> dict[str, str]:
    """Section number -> title of every numbered section of the mechanics notes."""
    return {match["number"]: match["title"] for match in NOTES_SECTION.finditer(notes_markdown)}


def cited(text: str) -> list[str]:
    """The section numbers a citation names: "Damage (v1.2.4), How the dice work §6b" -> ["6b"]."""
    return [match["number"] for match in CITATION.finditer(text)]


def section(number: str, docs_dir: Path = ROOT / "docs") -> Section:
    """The page's section for a number, or a BuildError saying to port it."""
    found = sections(docs_dir).get(number)
    if found is None:
        raise BuildError(f"mechanics: How the dice work §{number} is cited but {PAGE} has no heading with "
                         f'data-mechanics="{number}": port that section to the page')
    return found


def page_url(src_uri: str) -> str:
    """The page's URL relative to the page src_uri renders to (use_directory_urls: "a/b.md" is "a/b/")."""
    page_dir = posixpath.dirname(src_uri)
    if not src_uri.endswith("index.md"):
        page_dir = posixpath.join(page_dir, posixpath.splitext(posixpath.basename(src_uri))[0])
    return posixpath.relpath(URL, page_dir or ".") + "/"


def cite_html(text: str, url: str) -> str:
    """text as HTML, each "How the dice work §N" a link to the page's section N at url."""
    out: list[str] = []
    last = 0
    for match in CITATION.finditer(text):
        target = section(match["number"])
        out += [escape(text[last:match.start()]),
                f'<a href="{escape(url)}#{escape(target.anchor)}">{TITLE}: {escape(target.title)}</a>']
        last = match.end()
    return "".join(out) + escape(text[last:])
