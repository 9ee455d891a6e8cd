"""Which entry of one rules version is which entry of the next: names, then known renames.

An entry of the old page and one of the new page are the same rule when the known renames
(one literal table per comparison, below, decided by reading both texts) say so, or else when
they have the same name and kind. What is left is removed (old only) or new (new only). Some
v1.2.4 Actions moved their effect into a State of their own ("gains an Evasion token" became
"gains the Evading state"); a pairing names those States so the word diff compares the old
text with the Action and its State together, and they are not counted as new.

Every slug in a table must exist on its page: a renamed or deleted entry fails the build
instead of silently turning a rename into "removed" and "new".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scripts.hooks.entries import Entry


@dataclass(frozen=True, slots=True)
class Pairing:
    """One known correspondence between an old entry and a new one."""

    old: str
    """Slug on the old page."""
    new: str
    """Slug on the new page."""
    why: str
    """Why they are the same rule, shown on the changes page."""
    states: tuple[str, ...] = ()
    """Slugs of new-page States that now hold part of the old entry's text."""


@dataclass(frozen=True, slots=True)
class Comparison:
    """Two rules pages to compare, and what is known about their entries."""

    game: str
    old_version: str
    new_version: str
    old_page: str
    """Docs-relative path of the old page."""
    new_page: str
    """Docs-relative path of the new page."""
    pairings: tuple[Pairing, ...]
    """The known renames, and name matches whose text moved into a State."""


@dataclass(frozen=True, slots=True)
class Match:
    """An old entry, the new entry it became, and how we know."""

    old: Entry
    new: Entry
    states: tuple[Entry, ...]
    """New-page States that carry part of the old text (compared together with `new`)."""
    why: str
    """"" for a plain match by name, else the pairing's reason."""

    @property
    def renamed(self) -> bool:
        return self.old.name != self.new.name


@dataclass(frozen=True, slots=True)
class Matching:
    """The two pages' entries, sorted into matched, removed and new."""

    matched: tuple[Match, ...]
    """In new-page order."""
    removed: tuple[Entry, ...]
    """Old-page entries with no successor, in old-page order."""
    added: tuple[Entry, ...]
    """New-page entries with no predecessor (and not a State of a match), in new-page order."""


# Data -----------------------------------------------------------------------------------------

JOVIAN_WARS_V121_V124 = Comparison(
    game="jovian-wars",
    old_version="v1.2.1",
    new_version="v1.2.4",
    old_page="jovian-wars/v1.2.1/special-actions.md",
    new_page="jovian-wars/v1.2.4/actions.md",
    pairings=(
        # Both open "Initiate a boarding action against a Capital Ship or Terrain model that is
        # within 1""; v1.2.4 spells out the boarding procedure under the shorter name.
        Pairing("boarding-party", "board",
                "Renamed: both initiate a boarding action against a Capital Ship or Terrain model within 1\"."),
        # v1.2.1 says only "Resolve a Ramming Special Action"; v1.2.4's Ram is that procedure.
        Pairing("ramming-speed", "ram",
                "Renamed: v1.2.1 says \"Resolve a Ramming Special Action\"; v1.2.4's Ram is the ramming rules."),
        # Same requirement (Capital Ship Target), both "resolve a Bombing Run".
        Pairing("bombing-run", "bombing",
                "Renamed: both are a Squadron's Bombing Run on a Capital Ship Target."),
        # The v1.2.1 token ("sets a ship's Speed to 0" and grants ... one Flex Die") became the
        # v1.2.4 Station Keeping State, entered by the Station Keep Action: the old slug
        # "station-keeping" is now the State's, so a match by name would pair Action with State.
        Pairing("station-keeping", "station-keep",
                "Renamed: the Station Keeping token became the Station Keeping State, which the Station Keep Action enters.",
                states=("station-keeping",)),
        # Same purpose (a Capital Ship with Sensors: 1+ attacks beyond its usual range), same
        # place on the page; the cost changed from Diminished results to risking weapon damage.
        Pairing("long-range-sensors", "long-shot",
                "Renamed and rewritten: both let a Capital Ship with Sensors: 1+ attack beyond its usual range; "
                "v1.2.1 Diminishes the results, v1.2.4 risks weapon damage on a Skill Test."),
        # Same name; the Evasion token's effects are now the Evading State's.
        Pairing("evade", "evade", "The Evasion token's effects are now the Evading State.", states=("evading",)),
        # Same name; the Stealth token's effects are now the Stealthed State's.
        Pairing("silent-running", "silent-running", "The Stealth token's effects are now the Stealthed State.",
                states=("stealthed",)),
    ),
)
"""Jovian Wars Special Actions v1.2.1 -> Actions v1.2.4. Not paired, on purpose: Concentrated
Fire (re-rolls against one Capital Ship) and Combined Attack (the Targeted:X State) work
differently; Lay Mines (Mine Tokens, Minelaying trait) and Deploy Debris Field (a template,
Cargo) are different things; Lock On, Engage Point Defense and Return to Base have no successor."""

COMPARISONS: dict[tuple[str, str, str], Comparison] = {
    (c.game, c.old_version, c.new_version): c for c in (JOVIAN_WARS_V121_V124,)
}
"""(game, old version, new version) -> Comparison: what a version-diff marker may name."""


# Matching -------------------------------------------------------------------------------------


def _by_slug(entries: Sequence[Entry], slug: str, where: str) -> Entry:
    for entry in entries:
        if entry.slug == slug:
            return entry
    raise KeyError(f"{where} has no entry #{slug} (known renames table in scripts/hooks/version_pairs.py)")


def match_entries(comparison: Comparison, old: Sequence[Entry], new: Sequence[Entry]) -> Matching:
    """Pair old and new entries: the comparison's pairings first, then equal name and kind."""
    pairs: dict[str, Match] = {}  # by new slug
    used_old: set[str] = set()
    used_new: set[str] = set()
    for pairing in comparison.pairings:
        before = _by_slug(old, pairing.old, comparison.old_page)
        after = _by_slug(new, pairing.new, comparison.new_page)
        states = tuple(_by_slug(new, slug, comparison.new_page) for slug in pairing.states)
        for state in states:
            if state.kind != "state":
                raise KeyError(f"{comparison.new_page} #{state.slug} is a {state.kind}, not a state")
        pairs[after.slug] = Match(before, after, states, pairing.why)
        used_old.add(before.slug)
        used_new.update([after.slug, *pairing.states])
    by_name = {(entry.name.casefold(), entry.kind): entry for entry in new if entry.slug not in used_new}
    for before in old:
        if before.slug in used_old:
            continue
        found = by_name.get((before.name.casefold(), before.kind))
        if found is not None:
            pairs[found.slug] = Match(before, found, (), "")
            used_old.add(before.slug)
            used_new.add(found.slug)
    return Matching(
        matched=tuple(pairs[entry.slug] for entry in new if entry.slug in pairs),
        removed=tuple(entry for entry in old if entry.slug not in used_old),
        added=tuple(entry for entry in new if entry.slug not in used_new),
    )
