"""The fleet page: `<!-- fleet -->` becomes the block calculators/fleet.js draws the fleet in.

The block carries the numbers a ship of the fleet holds, as rules_core declares them for a Capital Ship
(`rules_core.jovian_wars.ship_inputs.ship_parts`: names, labels, ranges), so the fleet checks a ship with the same
ranges as every resolver's ship input, from one declaration.
"""

from __future__ import annotations

import json
import re
from html import escape

from rules_core.jovian_wars.ship_inputs import ship_parts

MARKER = re.compile(r"^[ \t]*<!--[ \t]*fleet[ \t]*-->[ \t]*$", re.MULTILINE)


def block() -> str:
    parts = json.dumps([part.to_json() for part in ship_parts()], separators=(",", ":"))
    return (f'<div class="fleet" data-fleet data-ship="{escape(parts)}">\n'
            '<p class="fleet__static">The fleet is kept by this page\'s script: it needs JavaScript.</p>\n</div>')


def expand(markdown: str) -> str:
    """The page's Markdown with its fleet marker (if any) replaced by the fleet block."""
    return MARKER.sub(lambda _: block(), markdown)
