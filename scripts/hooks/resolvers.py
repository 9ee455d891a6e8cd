"""Place a resolver block after each rules entry that has one, and at each resolver marker.

Two ways in: a rules entry (scripts/hooks/entries.py, `Entry.key` "game/version/page/slug")
matched by `Resolver.entries`, placed after the entry's last line; and a marker line
`<!-- resolver: ID -->` on any page, replaced by the block. An unknown id in a marker fails the
build with the page and line. Entries with no resolver yet are reported once per page as a
warning on a logger outside `mkdocs.` so `--strict` builds still pass while resolvers are written.

The hook keeps no state between builds: everything is computed from the page and the registry.
"""

from __future__ import annotations

import logging
import posixpath
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent.parent
if str(ROOT) not in sys.path:  # a bare checkout works too
    sys.path.insert(0, str(ROOT))

from rules_core import REGISTRY, Resolver  # noqa: E402 - after the path fix above
from scripts.hooks.entries import parse_entries  # noqa: E402
from scripts.hooks.resolver_html import resolver_block  # noqa: E402

log = logging.getLogger("mkdocs.plugins.resolvers")
pending = logging.getLogger("rules_site.resolvers")
"""Entries still waiting for a resolver: a warning that `--strict` does not turn into a failure."""

MARKER = re.compile(r"^[ \t]*<!--[ \t]*resolver:[ \t]*(?P<id>[^ \t>]*)[ \t]*-->[ \t]*$")
RULES_PAGES = ("jovian-wars/", "war-galley/")


def by_entry() -> dict[str, Resolver]:
    """Every entry key with the resolver placed after it."""
    return {key: resolver for resolver in REGISTRY.values() for key in resolver.entries}


def readings_url(src_uri: str) -> str:
    """The Readings page relative to this page (use_directory_urls: page "a/b.md" is "a/b/")."""
    page_dir = posixpath.dirname(src_uri)
    if not src_uri.endswith("index.md"):
        page_dir = posixpath.join(page_dir, posixpath.splitext(posixpath.basename(src_uri))[0])
    return posixpath.relpath("readings/", page_dir or ".") + "/"


def block(resolver: Resolver, src_uri: str) -> list[str]:
    return ["", resolver_block(resolver, readings_url(src_uri)), ""]


def place_markers(lines: list[str], src_uri: str) -> list[str]:
    out: list[str] = []
    for number, line in enumerate(lines, start=1):
        match = MARKER.match(line)
        if match is None:
            out.append(line)
            continue
        resolver = REGISTRY.get(match["id"])
        if resolver is None:
            raise PluginError(
                f"{src_uri} line {number}: no resolver with id {match['id']!r} "
                f"(registered: {', '.join(sorted(REGISTRY)) or 'none'})"
            )
        out.extend(block(resolver, src_uri))
    return out


def place_after_entries(markdown: str, src_uri: str) -> str:
    if not src_uri.startswith(RULES_PAGES):
        return markdown
    placed = by_entry()
    lines = markdown.split("\n")
    missing: list[str] = []
    # Bottom up, so earlier line numbers stay valid as blocks go in.
    for entry in sorted(parse_entries(markdown, src_uri), key=lambda e: e.lines[1], reverse=True):
        resolver = placed.get(entry.key)
        if resolver is None:
            missing.append(entry.key)
            continue
        end = entry.lines[1]
        lines[end:end] = block(resolver, src_uri)
    if missing:
        names = sorted(key.rsplit("/", 1)[-1] for key in missing)
        more = f" and {len(names) - 6} more" if len(names) > 6 else ""
        pending.warning("%s: %d entries have no resolver yet: %s%s", src_uri, len(names), ", ".join(names[:6]), more)
    return "\n".join(lines)


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any) -> str:
    src_uri = page.file.src_uri
    with_entries = place_after_entries(markdown, src_uri)
    return "\n".join(place_markers(with_entries.split("\n"), src_uri))
