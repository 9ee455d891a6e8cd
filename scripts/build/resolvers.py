"""Place a resolver block in each rules entry, and at each resolver marker.

Two ways in: a rules entry (scripts/build/entries.py) gets the resolver scripts/build/placement.py
finds for it, placed after the entry's opening block (its requirement table, else its first paragraph
or list), so the block's first odds are on the entry's first screen even where the whole entry is
several screens long; and a marker line `<!-- resolver: ID -->` on any
page (the one grammar of scripts/build/markers.py) is replaced by that resolver's block. An entry
with no resolver, or an unknown id in a marker, stops the build with the page and the entry or
line named.

Nothing is kept between pages: everything is computed from the page, docs_dir and the registry.
"""

from __future__ import annotations

import posixpath
from pathlib import Path

from rules_core import REGISTRY, Resolver
from scripts.build import markers
from scripts.build.build_error import BuildError
from scripts.build.entries import Entry, markdown_parser, parse_entries
from scripts.build.placement import place
from scripts.build.resolver_html import resolver_block


def readings_url(src_uri: str) -> str:
    """The Readings page relative to this page (use_directory_urls: page "a/b.md" is "a/b/")."""
    page_dir = posixpath.dirname(src_uri)
    if not src_uri.endswith("index.md"):
        page_dir = posixpath.join(page_dir, posixpath.splitext(posixpath.basename(src_uri))[0])
    return posixpath.relpath("readings/", page_dir or ".") + "/"


def block(resolver: Resolver, src_uri: str) -> list[str]:
    return ["", resolver_block(resolver, readings_url(src_uri)), ""]


def expanders(src_uri: str) -> dict[str, markers.Expander]:
    """`<!-- resolver: ID -->` of the one marker grammar (scripts/build/markers.py)."""

    def resolver_marker(resolver_id: str, line: int) -> str:
        resolver = REGISTRY.get(resolver_id)
        if resolver is None:
            raise BuildError(f"{src_uri} line {line}: no resolver with id {resolver_id!r} "
                             f"(registered: {', '.join(sorted(REGISTRY)) or 'none'})")
        return "\n".join(block(resolver, src_uri))

    return {"resolver": resolver_marker}


def after_opening(lines: list[str], entry: Entry) -> int:
    """The line index just after the entry's first top-level block (its end if it has none)."""
    start = entry.lines[0] + 1  # below the heading
    for token in markdown_parser().parse("\n".join(lines[start:entry.lines[1]])):
        if token.level == 0 and token.map and token.nesting != -1:
            return start + token.map[1]
    return entry.lines[1]


def place_after_entries(markdown: str, src_uri: str, docs_dir: Path) -> str:
    entries = parse_entries(markdown, src_uri)
    if not entries:
        return markdown
    placement = place(entries, docs_dir)
    if placement.unserved:
        listed = "\n".join(f"  - {key.rsplit('/', 1)[-1]}: {why}" for key, why in placement.unserved.items())
        count = len(placement.unserved)
        raise BuildError(f"{src_uri}: {count} rule {'entry has' if count == 1 else 'entries have'} no resolver:\n{listed}")
    lines = markdown.split("\n")
    places = [(after_opening(lines, entry), placement.placed[entry.key]) for entry in entries]
    # Bottom up, so earlier line numbers stay valid as blocks go in.
    for line, resolver in sorted(places, key=lambda place: place[0], reverse=True):
        lines[line:line] = block(resolver, src_uri)
    return "\n".join(lines)
