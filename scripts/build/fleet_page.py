"""The fleet page: `<!-- fleet -->` becomes the block calculators/page/fleet.js draws the fleet in.

The block carries the numbers a ship of the fleet holds, as rules_core declares them for a Capital Ship
(`rules_core.jovian_wars.ship_inputs.ship_parts`: names, labels, ranges) and for a Squadron
(`rules_core.jovian_wars.squadron_inputs.squadron_parts`), so the fleet checks each with the same ranges as every
resolver's ship or squadron input, from one declaration.
"""

from __future__ import annotations

import json
from html import escape

from rules_core.inputs import Input
from rules_core.jovian_wars.ship_inputs import ship_parts
from rules_core.jovian_wars.squadron_inputs import squadron_parts
from scripts.build import markers
from scripts.build.build_error import BuildError


def _declared(parts: tuple[Input, ...]) -> str:
    return escape(json.dumps([part.to_json() for part in parts], separators=(",", ":")))


def block() -> str:
    return (f'<div class="fleet" data-fleet data-ship="{_declared(ship_parts())}" '
            f'data-squadron="{_declared(squadron_parts())}">\n'
            '<p class="fleet__static">The fleet is kept by this page\'s script: it needs JavaScript.</p>\n</div>')


def fleet(arg: str, src_uri: str) -> str:
    if arg:
        raise BuildError(f"{src_uri}: <!-- fleet --> takes nothing, got {arg!r}")
    return block()


def expanders(src_uri: str) -> dict[str, markers.Expander]:
    """The fleet marker of the one grammar (scripts/build/markers.py)."""
    return {"fleet": lambda args, _line: fleet(args, src_uri)}
