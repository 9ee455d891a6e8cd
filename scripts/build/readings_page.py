"""The Readings ledger: `<!-- readings-ledger -->` becomes the list of every Reading, and
`<!-- readings-cited: 6b -->` the links to the Readings that cite that section of the mechanics.

The list is drawn from `rules_core.READINGS`, so a Reading added or corrected there shows on
the site at the next build. Each Reading gets a heading whose anchor is its key, so a resolver
can link to `readings/#<key>`, and its "How the dice work §N" links to that section of the page
(scripts/build/mechanics.py), whose sections each end with a `readings-cited` marker: a
Reading's words live in the ledger only. The markers are of the one grammar of
scripts/build/markers.py, which fails the build on any other `<!-- readings-... -->`.
"""

from __future__ import annotations

import posixpath

from rules_core import READINGS, REGISTRY, Reading
from scripts.build import markers, mechanics
from scripts.build.build_error import BuildError

# Builders -------------------------------------------------------------------------------------


def resolvers_citing(reading: Reading) -> list[str]:
    """Titles of the registered resolvers that depend on this Reading, sorted."""
    return sorted({resolver.title for resolver in REGISTRY.values() if reading in resolver.readings})


def reading_block(reading: Reading, src_uri: str = "readings.md") -> str:
    """One Reading: anchored heading, where it is stated, its text, who uses it."""
    used_by = resolvers_citing(reading)
    used = "Used by: " + ", ".join(used_by) + "." if used_by else "Not used by any resolver yet."
    return "\n".join(
        [
            f"### {reading.title} {{#{reading.key}}}",
            "",
            f'<p class="reading-meta"><code>{reading.key}</code> · '
            f'{mechanics.cite_html(reading.section, mechanics.page_url(src_uri))}</p>',
            "",
            reading.text,
            "",
            f'<p class="reading-used">{used}</p>',
            "",
        ]
    )


def ledger(arg: str, src_uri: str) -> str:
    """Every Reading, in the ledger's own order."""
    if arg:
        raise BuildError(f"{src_uri}: <!-- readings-ledger --> takes nothing, got {arg!r}")
    if not READINGS:
        raise BuildError("readings_page: rules_core.READINGS is empty; the Readings page would list nothing")
    return f"{len(READINGS)} Readings are in force.\n\n" + "\n".join(reading_block(r, src_uri) for r in READINGS.values())


def citing(number: str) -> list[Reading]:
    """The Readings that cite section `number` of the mechanics notes, in the ledger's order."""
    return [reading for reading in READINGS.values() if number in mechanics.cited(reading.section)]


def cited(arg: str, src_uri: str) -> str:
    """One line linking each Reading that cites section `arg` ("" when none does)."""
    if not arg:
        raise BuildError(f"{src_uri}: <!-- readings-cited: N --> needs the section number N")
    found = citing(arg)
    if not found:
        return ""
    ledger_page = posixpath.relpath("readings.md", posixpath.dirname(src_uri) or ".")
    links = " · ".join(f"[{reading.title}]({ledger_page}#{reading.key})" for reading in found)
    return f"**Readings in this section:** {links}."



# Expansion ------------------------------------------------------------------------------------


def expanders(src_uri: str) -> dict[str, markers.Expander]:
    """The readings markers of the one grammar (scripts/build/markers.py)."""
    return {"readings-ledger": lambda args, _line: ledger(args, src_uri),
            "readings-cited": lambda args, _line: cited(args, src_uri)}
