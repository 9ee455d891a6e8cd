"""Where a defined term means what: the context (Capital Ship or Squadron) of each place a term may be tapped.

Some words the texts define mean different things by what they happen to: a Capital Ship is Destroyed by the
Catastrophic Damage Table (Dead or Explode), a Squadron when its Structure reaches zero (removed as casualties).
scripts/build/defined_terms.py gives such a term one definition per context; this module says which context
each place of the site is, so a tap quotes the definition that fits (calculators/page/popover.js):
    PLACES     a rule entry (by its heading; a nested heading's own place first, then its enclosing ones), or
               one block under it (a paragraph starting with given words), on a rules page;
    RESOLVERS  a resolver widget's labels, steps and headline (drawn by the engine at run time): the resolver's own
               context, or one for each value of one of its choices (the Ram: a Capital Ship ramming; the
               Explosion: its target, a Capital Ship or a Squadron).
A place named here with context "" is one where either may be meant (models Embarked on a ship may be either):
there, and wherever no place is named, the popover shows every definition with its context named.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scripts.build.build_error import BuildError

CAPITAL_SHIP = "Capital Ship"
SQUADRON = "Squadron"
EITHER = ""
DAMAGE = "jovian-wars/v1.2.4/damage.md"
ACTIONS = "jovian-wars/v1.2.4/actions.md"
DOGFIGHT = "jovian-wars/v1.2.4/dogfight.md"
V124 = "jovian-wars/v1.2.4/"


@dataclass(frozen=True)
class Place:
    page: str
    """The rules page, under docs/."""
    slug: str
    """The heading whose entry (up to the next heading of its level or above) this is."""
    context: str
    block: str = ""
    """Only the block (paragraph, list item, cell) that starts with these words, when given."""


@dataclass(frozen=True)
class ResolverPlace:
    resolver: str
    context: str
    when: tuple[str, str] | None = None
    """Only while this choice (input name, value) is set; otherwise either."""


PLACES: tuple[Place, ...] = (
    Place(DAMAGE, "squadron-damage", SQUADRON),
    Place(DAMAGE, "capital-ship-damage", CAPITAL_SHIP),
    Place(DAMAGE, "damage-types", CAPITAL_SHIP),  # "the non-Structure Ratings that Capital Ships have"
    Place(DAMAGE, "critical-hit", CAPITAL_SHIP),
    Place(DAMAGE, "catastrophic-damage-table", CAPITAL_SHIP),
    Place(DAMAGE, "catastrophic-damage-table", EITHER, block="Models that are Embarked"),
    Place(ACTIONS, "capital-ship-ramming-capital-ship", CAPITAL_SHIP),
    Place(ACTIONS, "squadron-ramming-capital-ship", SQUADRON),
    Place(ACTIONS, "assaulting", SQUADRON),  # "An Exo-Armor squadron that has successfully completed a Bombing Run"
    Place(DOGFIGHT, "dogfight", SQUADRON),
)

RESOLVERS: tuple[ResolverPlace, ...] = (
    ResolverPlace(V124 + "ram", CAPITAL_SHIP, when=("rammer", CAPITAL_SHIP)),  # a Squadron's Ram may destroy either
    ResolverPlace(V124 + "squadron-damage", SQUADRON),
    ResolverPlace(V124 + "dogfight", SQUADRON),
    ResolverPlace(V124 + "active-interception", SQUADRON),
    ResolverPlace(V124 + "reactive-interception", SQUADRON),
    ResolverPlace(V124 + "capital-ship-damage", CAPITAL_SHIP),
    ResolverPlace(V124 + "structure-damage", CAPITAL_SHIP),
    ResolverPlace(V124 + "critical-hit", CAPITAL_SHIP),
    ResolverPlace(V124 + "catastrophic-damage-table", CAPITAL_SHIP),
    ResolverPlace(V124 + "board", CAPITAL_SHIP),
    ResolverPlace(V124 + "boarded", CAPITAL_SHIP),
    ResolverPlace(V124 + "purge-airlocks", CAPITAL_SHIP),
    ResolverPlace(V124 + "assaulting", SQUADRON),  # "An Exo-Armor squadron ..."
    ResolverPlace(V124 + "explosion", CAPITAL_SHIP, when=("target", CAPITAL_SHIP)),  # the fate is the target's
    ResolverPlace(V124 + "explosion", SQUADRON, when=("target", SQUADRON)),
)


def place_json(place: Place, docs_dir: Path) -> dict[str, str]:
    """One place as the popover reads it: its entry's url (as a term's), its context, the block's first words."""
    text = (docs_dir / place.page).read_text(encoding="utf-8")
    start = text.find(f"{{#{place.slug}")
    end = text.find("\n#", start)
    if start < 0 or (place.block and f"\n{place.block}" not in text[start: end if end > 0 else len(text)]):
        raise BuildError(f"term contexts: no #{place.slug} {place.block!r} in {place.page}")
    return {"url": f"{place.page.removesuffix('.md')}/#{place.slug}", "context": place.context, "block": place.block}


def contexts(docs_dir: Path, resolver_ids: set[str]) -> dict[str, Any]:
    """Every place's context, checked against the pages and the registry (a renamed heading or resolver stops the
    build rather than quoting the wrong definition)."""
    unknown = sorted(place.resolver for place in RESOLVERS if place.resolver not in resolver_ids)
    if unknown:
        raise BuildError(f"term contexts: no resolver {unknown}")
    return {
        "places": [place_json(place, docs_dir) for place in PLACES],
        "resolvers": [{"resolver": place.resolver, "context": place.context, "when": list(place.when or ())}
                      for place in RESOLVERS],
    }
