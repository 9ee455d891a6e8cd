"""The Readings ledger: `<!-- readings-ledger -->` becomes the list of every Reading.

The list is drawn from `rules_core.READINGS`, so a Reading added or corrected there shows on
the site at the next build. Each Reading gets a heading whose anchor is its key, so a resolver
can link to `readings/#<key>`. Any other `<!-- readings-... -->` marker fails the build: a typo
must not silently drop the ledger.
"""

from __future__ import annotations

import re

from rules_core import READINGS, REGISTRY, Reading
from scripts.hooks.build_error import BuildError

MARKER = re.compile(r"^[ \t]*<!--[ \t]*readings-(?P<kind>[\w-]*)[ \t]*-->[ \t]*$", re.MULTILINE)
"""A marker alone on its line; `kind` picks the builder."""


# Builders -------------------------------------------------------------------------------------


def resolvers_citing(reading: Reading) -> list[str]:
    """Titles of the registered resolvers that depend on this Reading, sorted."""
    return sorted({resolver.title for resolver in REGISTRY.values() if reading in resolver.readings})


def reading_block(reading: Reading) -> str:
    """One Reading: anchored heading, where it is stated, its text, who uses it."""
    used_by = resolvers_citing(reading)
    used = "Used by: " + ", ".join(used_by) + "." if used_by else "Not used by any resolver yet."
    return "\n".join(
        [
            f"### {reading.title} {{#{reading.key}}}",
            "",
            f'<p class="reading-meta"><code>{reading.key}</code> · {reading.section}</p>',
            "",
            reading.text,
            "",
            f'<p class="reading-used">{used}</p>',
            "",
        ]
    )


def ledger() -> str:
    """Every Reading, in the ledger's own order."""
    if not READINGS:
        raise BuildError("readings_page: rules_core.READINGS is empty; the Readings page would list nothing")
    return f"{len(READINGS)} Readings are in force.\n\n" + "\n".join(reading_block(r) for r in READINGS.values())


BUILDERS = {"ledger": ledger}
"""Marker kind -> builder. One table, so an unknown kind is easy to report."""


# Expansion ------------------------------------------------------------------------------------


def expand(markdown: str, src_uri: str) -> str:
    """Replace each readings marker; fail the build on one we do not know."""
    if "readings-" not in markdown:
        return markdown

    def replace(match: re.Match[str]) -> str:
        kind = match.group("kind")
        builder = BUILDERS.get(kind)
        if builder is None:
            line = markdown.count("\n", 0, match.start()) + 1
            known = ", ".join(f"<!-- readings-{name} -->" for name in BUILDERS)
            raise BuildError(f"{src_uri} line {line}: unknown marker <!-- readings-{kind} --> (known: {known})")
        return builder()

    return MARKER.sub(replace, markdown)
