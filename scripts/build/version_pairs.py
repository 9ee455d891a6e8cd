"""Which entry of one rules version is which entry of the next: names, then known renames.

Any two versions of a game compare (`comparison`): a version is a folder of rules pages
(docs/<game>/<version>/<page>.md), and the two folders' page of the same name are compared, their
entries paired by name and kind. Where a reading of both texts found more, the pair of versions
has its data in COMPARISONS: the pages compared (v1.2.1's Special Actions became v1.2.4's
Actions) and the known renames. An entry of the old page and one of the new page are the same rule when the known renames
(one literal table per comparison, below, decided by reading both texts) say so, or else when
they have the same name and kind. What is left is removed (old only) or new (new only). Some
v1.2.4 Actions moved their effect into a State of their own ("gains an Evasion token" became
"gains the Evading state"), or split it with another Action (v1.2.1 Boost for Capital Ships is
v1.2.4 Hard Burn); a pairing names those parts so the word diff compares the old text with all
of them together, and they are not counted as new. A pairing may also name a gap: the old entry
points to a section the texts do not hold (v1.2.1's Ramming section), so only the opening of the
new entry is compared and the page says why (How the dice work §10 "What the rules do not hold"). A v1.2.1 grouping heading with no
kind of its own (Interception) can be paired with the v1.2.4 entry of that name.

Every slug in a table must exist on its page: a renamed or deleted entry fails the build
instead of silently turning a rename into "removed" and "new".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scripts.build.entries import Entry, markdown_parser, rules_page


@dataclass(frozen=True, slots=True)
class Pairing:
    """One known correspondence between an old entry and a new one."""

    old: str
    """Slug on the old page."""
    new: str
    """Slug on the new page."""
    why: str
    """Why they are the same rule, shown on the changes page."""
    parts: tuple[str, ...] = ()
    """Slugs of other new-page entries (States, or an Action it split into) that now hold part of the old text."""
    gap: str = ""
    """Key of the rules_core.readings.GAPS entry the old entry points to, "" if none."""
    old_heading: bool = False
    """The old slug is a plain heading (no entry kind) that groups entries: compared by its own text."""


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
    parts: tuple[Entry, ...]
    """Other new-page entries that carry part of the old text (compared together with `new`)."""
    why: str
    """"" for a plain match by name, else the pairing's reason."""
    gap: str = ""
    """Key of the gap the old entry points to (rules_core.readings.GAPS), "" if none."""

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
        # within 1""; v1.2.4 spells out the boarding procedure under the shorter name, and the
        # Boarded State it enters belongs with it as Evading belongs with Evade.
        Pairing("boarding-party", "board",
                "Renamed: both initiate a boarding action against a Capital Ship or Terrain model within 1\".",
                parts=("boarded",), gap="v121-boarding"),
        # v1.2.1 says only "Resolve a Ramming Special Action"; v1.2.4's Ram is that procedure.
        Pairing("ramming-speed", "ram",
                "Renamed: v1.2.1 says \"Resolve a Ramming Special Action\"; v1.2.4's Ram is the ramming rules.",
                gap="v121-ramming"),
        # v1.2.1 says only "Resolve a Repair attempt"; its Repair section is not in the texts.
        Pairing("damage-control", "damage-control", "Same name; v1.2.1 points to its Repair section.",
                gap="v121-repair"),
        # v1.2.1 Boost: "Capital ships may double their Speed rating"; Squadrons spend Fuel. v1.2.4
        # keeps Boost for Squadrons only (Fuel: 1+) and gives Capital Ships Hard Burn (Thrusters: 1+,
        # "Speed rating is doubled" in the Hard Burn:X State).
        Pairing("boost", "boost",
                "Split: v1.2.4 Boost is for Squadrons only; v1.2.1 Boost for Capital Ships became the v1.2.4 Hard Burn "
                "Action and its Hard Burn:X State.",
                parts=("hard-burn", "hard-burn-x")),
        # v1.2.1's "Interception" heading groups Active and Reactive Interception; v1.2.4 gives the
        # heading its own text (the conditions under which a Squadron may not intercept).
        Pairing("interception", "interception", "The heading that groups Active and Reactive Interception in both.",
                old_heading=True),
        # Same requirement (Capital Ship Target), both "resolve a Bombing Run".
        Pairing("bombing-run", "bombing",
                "Renamed: both are a Squadron's Bombing Run on a Capital Ship Target."),
        # The v1.2.1 token ("sets a ship's Speed to 0" and grants ... one Flex Die") became the
        # v1.2.4 Station Keeping State, entered by the Station Keep Action: the old slug
        # "station-keeping" is now the State's, so a match by name would pair Action with State.
        Pairing("station-keeping", "station-keep",
                "Renamed: the Station Keeping token became the Station Keeping State, which the Station Keep Action enters.",
                parts=("station-keeping",)),
        # Same purpose (a Capital Ship with Sensors: 1+ attacks beyond its usual range), same
        # place on the page; the cost changed from Diminished results to risking weapon damage.
        Pairing("long-range-sensors", "long-shot",
                "Renamed and rewritten: both let a Capital Ship with Sensors: 1+ attack beyond its usual range; "
                "v1.2.1 Diminishes the results, v1.2.4 risks weapon damage on a Skill Test."),
        # Same name; the Evasion token's effects are now the Evading State's.
        Pairing("evade", "evade", "The Evasion token's effects are now the Evading State.", parts=("evading",)),
        # Same name; the Stealth token's effects are now the Stealthed State's.
        Pairing("silent-running", "silent-running", "The Stealth token's effects are now the Stealthed State.",
                parts=("stealthed",)),
    ),
)
"""Jovian Wars Special Actions v1.2.1 -> Actions v1.2.4. Not paired, on purpose: Concentrated
Fire (re-rolls against one Capital Ship) and Combined Attack (the Targeted:X State) work
differently; Lay Mines (Mine Tokens, Minelaying trait) and Deploy Debris Field (a template,
Cargo) are different things; Lock On, Engage Point Defense and Return to Base have no successor."""

COMPARISONS: dict[tuple[str, str, str], Comparison] = {
    (c.game, c.old_version, c.new_version): c for c in (JOVIAN_WARS_V121_V124,)
}
"""(game, old version, new version) -> what a reading of both texts found: the pages compared and the renames.
Any other two versions of a game compare too, page by page of the same name (`comparison`)."""


def version_pages(docs_dir: Path, game: str, version: str) -> list[str]:
    """The names of the rules pages of one version: docs/<game>/<version>/<page>.md."""
    folder = docs_dir / game / version
    return sorted(path.stem for path in folder.glob("*.md")) if folder.is_dir() else []


def comparison(docs_dir: Path, game: str, old_version: str, new_version: str, page: str = "") -> Comparison:
    """Two versions of a game to compare: their data in COMPARISONS, else the page of the same name in both
    folders (`page`, which may be left out when they share one), entries paired by name and kind.
    A KeyError says why there is none."""
    known = COMPARISONS.get((game, old_version, new_version))
    if known is not None and page in ("", Path(known.new_page).stem):
        return known
    if old_version == new_version:
        raise KeyError(f"{game} {old_version} is compared with itself")
    old_pages, new_pages = version_pages(docs_dir, game, old_version), version_pages(docs_dir, game, new_version)
    for version, pages in ((old_version, old_pages), (new_version, new_pages)):
        if not pages:
            raise KeyError(f"{game}/{version}/ holds no rules page")
    shared = sorted(set(old_pages) & set(new_pages))
    if not page and len(shared) == 1:
        page = shared[0]
    if page not in shared:
        wanted = f"a page {page!r}" if page else "one page"
        raise KeyError(f"{game} {old_version} and {new_version} do not share {wanted} (pages in both: "
                       f"{', '.join(shared) or 'none'}): name one after the versions")
    return Comparison(game, old_version, new_version, f"{game}/{old_version}/{page}.md",
                      f"{game}/{new_version}/{page}.md", pairings=())


# Matching -------------------------------------------------------------------------------------


def _by_slug(entries: Sequence[Entry], slug: str, where: str) -> Entry:
    for entry in entries:
        if entry.slug == slug:
            return entry
    raise KeyError(f"{where} has no entry #{slug} (known renames table in scripts/build/version_pairs.py)")


def heading_entries(comparison: Comparison, old_markdown: str) -> list[Entry]:
    """The old page's grouping headings a pairing names (`old_heading`), as entries of kind "heading"."""
    wanted = {pairing.old for pairing in comparison.pairings if pairing.old_heading}
    if not wanted:
        return []
    where = rules_page(comparison.old_page)
    if where is None:
        raise KeyError(f"{comparison.old_page} is not a rules page <game>/<version>/<page>.md")
    game, version, page = where
    tokens = markdown_parser().parse(old_markdown)
    lines = old_markdown.split("\n")
    heads = [t for t in tokens if t.type == "heading_open" and t.map is not None]
    found: list[Entry] = []
    for position, token in enumerate(heads):
        slug = str(token.attrGet("id") or "")
        if slug not in wanted or token.map is None:
            continue
        name = tokens[tokens.index(token) + 1].content
        after = heads[position + 1] if position + 1 < len(heads) else None
        end = after.map[0] if after is not None and after.map is not None else len(lines)
        body = "\n".join(lines[token.map[1]:end]).strip("\n")
        found.append(Entry(game=game, version=version, page=page, name=name, slug=slug, kind="heading",
                           section="", fields={}, body=body, lines=(token.map[0], end)))
    missing = wanted - {entry.slug for entry in found}
    if missing:
        raise KeyError(f"{comparison.old_page} has no heading #{sorted(missing)[0]} (known renames table in "
                       "scripts/build/version_pairs.py)")
    return found


def match_entries(comparison: Comparison, old: Sequence[Entry], new: Sequence[Entry]) -> Matching:
    """Pair old and new entries: the comparison's pairings first, then equal name and kind."""
    pairs: dict[str, Match] = {}  # by new slug
    used_old: set[str] = set()
    used_new: set[str] = set()
    for pairing in comparison.pairings:
        before = _by_slug(old, pairing.old, comparison.old_page)
        after = _by_slug(new, pairing.new, comparison.new_page)
        parts = tuple(_by_slug(new, slug, comparison.new_page) for slug in pairing.parts)
        pairs[after.slug] = Match(before, after, parts, pairing.why, pairing.gap)
        used_old.add(before.slug)
        used_new.update([after.slug, *pairing.parts])
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
