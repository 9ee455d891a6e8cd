"""The Readings ledger: `<!-- readings-ledger -->` becomes the list of every Reading.

The list is drawn from `rules_core.READINGS`, so a Reading added or corrected there shows on
the site at the next build. Each Reading gets a heading whose anchor is its key, so a resolver
can link to `readings/#<key>`. Any other `<!-- readings-... -->` marker fails the build: a typo
must not silently drop the ledger.
"""

from __future__ import annotations

import logging
import re
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent.parent
if str(ROOT) not in sys.path:  # rules_core is installed editable, but a bare checkout works too
    sys.path.insert(0, str(ROOT))

from rules_core import READINGS, REGISTRY, Reading  # noqa: E402 - after the path fix above

log = logging.getLogger("mkdocs.plugins.readings_page")

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
        raise PluginError("readings_page: rules_core.READINGS is empty; the Readings page would list nothing")
    return f"{len(READINGS)} Readings are in force.\n\n" + "\n".join(reading_block(r) for r in READINGS.values())


BUILDERS = {"ledger": ledger}
"""Marker kind -> builder. One table, so an unknown kind is easy to report."""


# Hook -----------------------------------------------------------------------------------------


def on_page_markdown(markdown: str, *, page: object, config: object, files: object) -> str | None:
    """Replace each readings marker; fail the build on one we do not know."""
    if "readings-" not in markdown:
        return None
    src = getattr(getattr(page, "file", None), "src_uri", "?")

    def replace(match: re.Match[str]) -> str:
        kind = match.group("kind")
        builder = BUILDERS.get(kind)
        if builder is None:
            line = markdown.count("\n", 0, match.start()) + 1
            known = ", ".join(f"<!-- readings-{name} -->" for name in BUILDERS)
            raise PluginError(f"{src} line {line}: unknown marker <!-- readings-{kind} --> (known: {known})")
        log.debug("%s: expanding <!-- readings-%s -->", src, kind)
        return builder()

    return MARKER.sub(replace, markdown)
