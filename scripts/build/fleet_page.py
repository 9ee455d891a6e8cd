"""The fleet page: `<!-- fleet -->` becomes the block calculators/page/fleet.js draws the fleet in.

The block carries the numbers a ship of the fleet holds, as rules_core declares them for a Capital Ship
(`rules_core.jovian_wars.ship_inputs.ship_parts`: names, labels, ranges) and for a Squadron
(`rules_core.jovian_wars.squadron_inputs.squadron_parts`), so the fleet checks each with the same ranges as every
resolver's ship or squadron input, from one declaration; and where each Jovian Wars v1.2.4 resolver sits (its page,
its entry's anchor, its title, as scripts/build/placement.py places it), so a ship's Actions open their resolvers
(calculators/page/fleet-play.js).
"""

from __future__ import annotations

import json
from html import escape

from pathlib import Path

from rules_core.inputs import Input
from rules_core.jovian_wars.model_choice import choice_of_kind
from rules_core.jovian_wars.ship_inputs import ship_parts
from rules_core.jovian_wars.squadron_inputs import squadron_parts
from scripts.build import markers
from scripts.build.build_error import BuildError
from scripts.build.entries import load_entries
from scripts.build.placement import place

PLAYED_FROM = "jovian-wars/v1.2.4/"
"""The rules a fleet ship's Actions are checked by (rules_core jovian_wars/ship_now.py) and opened in."""


def _declared(parts: tuple[Input, ...]) -> str:
    return escape(json.dumps([part.to_json() for part in parts], separators=(",", ":")))


def resolver_places(docs_dir: Path) -> dict[str, list[str]]:
    """Resolver id -> [its page from the site's root, its entry's anchor, its title, the choice a fleet Squadron sets
    to "Squadron" (the Ram's "rammer", an Action's "model"; "" for none)], for the played version."""
    places: dict[str, list[str]] = {}
    for key, resolver in place(load_entries(docs_dir), docs_dir).placed.items():
        game, version, page, slug = key.split("/")
        if key.startswith(PLAYED_FROM) and resolver.id not in places:
            places[resolver.id] = [f"{game}/{version}/{page}/", slug, resolver.title, choice_of_kind(resolver.inputs)]
    return places


def block(docs_dir: Path) -> str:
    places = escape(json.dumps(resolver_places(docs_dir), separators=(",", ":")))
    return (f'<div class="fleet" data-fleet data-ship="{_declared(ship_parts())}" '
            f'data-squadron="{_declared(squadron_parts())}" data-places="{places}">\n'
            '<p class="fleet__static">The fleet is kept by this page\'s script: it needs JavaScript.</p>\n</div>')


def fleet(arg: str, src_uri: str, docs_dir: Path) -> str:
    if arg:
        raise BuildError(f"{src_uri}: <!-- fleet --> takes nothing, got {arg!r}")
    return block(docs_dir)


def expanders(src_uri: str, docs_dir: Path) -> dict[str, markers.Expander]:
    """The fleet marker of the one grammar (scripts/build/markers.py)."""
    return {"fleet": lambda args, _line: fleet(args, src_uri, docs_dir)}
