"""The one marker grammar: everything the build expands in a page is an HTML comment alone on its line.

    <!-- NAME -->
    <!-- NAME: ARGUMENTS -->

NAMES are every marker the build knows: `readings-ledger` and `readings-cited: N`
(scripts/build/readings_page.py), `resolver: ID` (scripts/build/resolvers.py), `version-diff:
GAME OLD NEW [PAGE]` (scripts/build/version_diff.py), `fleet` (scripts/build/fleet_page.py), `unfinished`
(scripts/build/unfinished.py). Each of those modules gives its expanders;
`expand` replaces each marker line with what its expander returns, in one pass over the page's
lines (so nothing an expander writes is expanded again). A comment that names one of ours but
is not a well-formed marker alone on its line, or a `readings-` name we do not know, stops the
build with the page and line: a typo must not silently drop a ledger, a resolver or a diff.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from scripts.build.build_error import BuildError

NAMES = ("readings-ledger", "readings-cited", "resolver", "version-diff", "fleet", "unfinished")
"""Every marker the build expands."""

MARKER = re.compile(r"^[ \t]*<!--[ \t]*(?P<name>[a-z][\w-]*)[ \t]*(?::[ \t]*(?P<args>[^>]*?))?[ \t]*-->[ \t]*$")
"""A marker alone on its line: its name and, after a colon, its arguments."""
OURS = re.compile(r"<!--[ \t]*(?P<name>readings-[\w-]*|"
                  + "|".join(re.escape(name) for name in NAMES if not name.startswith("readings-")) + r")(?![\w-])")
"""A comment that means to be one of our markers, well-formed or not."""

Expander = Callable[[str, int], str]
"""(the marker's arguments, "" if none; its line number) -> the Markdown that replaces it."""


def known() -> str:
    return ", ".join(f"<!-- {name} -->" for name in NAMES)


def expand(markdown: str, src_uri: str, expanders: Mapping[str, Expander]) -> str:
    """The page with each marker named in `expanders` replaced; other markers of ours are left for their own pass."""
    if "<!--" not in markdown:
        return markdown
    out: list[str] = []
    for number, line in enumerate(markdown.split("\n"), start=1):
        ours = OURS.search(line)
        if ours is None:
            out.append(line)
            continue
        marker = MARKER.match(line)
        if marker is None or marker["name"] != ours["name"]:
            raise BuildError(f"{src_uri} line {number}: malformed {ours['name']} marker {line.strip()!r} "
                             f"(write it alone on its line: <!-- NAME --> or <!-- NAME: ARGUMENTS -->; known: {known()})")
        name = marker["name"]
        if name not in NAMES:
            raise BuildError(f"{src_uri} line {number}: unknown marker <!-- {name} --> (known: {known()})")
        expander = expanders.get(name)
        out.append(line if expander is None else expander((marker["args"] or "").strip(), number))
    return "\n".join(out)
