"""assets/search-entries.json: every name a player may search for, and where it is.

Search results name their place (calculators/page/search.js): "Jovian Wars v1.2.4 · Actions · Action".
And a search for an entry's exact name opens that entry: the themes' own ranking (lunr in
Material, Zensical's engine) puts a page that mentions "Ram" thirty times above the Ram rule, and
Zensical has no per-page boost. So the page script looks the query up here first:

- every rules entry (an Action, State, table, procedure or galley mode, scripts/build/entries.py);
- every Trait of the Traits glossary;
- the terms the Damage page defines inside an entry's text (Crippled, Destroyed...): the Damage page's
  TERMS of scripts/build/defined_terms.py, each under every form the text writes it in.

Where two entries share a name (Boost is in v1.2.4 and v1.2.1; Ram is a Jovian Wars Action and a
War Galley mode), the one with the lower `rank` wins a bare name: the newest Jovian Wars version,
then the older one, then War Galley. Each entry's `qualifiers` are the words that pick it instead
("Boost v1.2.1", "Ram galley").
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from scripts.build.build_error import BuildError
from scripts.build.defined_terms import DAMAGE, TERMS
from scripts.build.entries import Entry, load_entries

TARGET = "assets/search-entries.json"
TRAITS_PAGE = "jovian-wars/traits.md"

GAMES = {"jovian-wars": "Jovian Wars", "war-galley": "War Galley"}
VERSIONS = {"aid": "Player aid"}
"""A version folder's name in a label, where it is not the folder's own name ("v1.2.4")."""
PAGES = {"actions": "Actions", "damage": "Damage", "dogfight": "Dogfight", "special-actions": "Special Actions",
         "attack-modes": "Attack modes"}
KINDS = {"action": "Action", "state": "State", "table": "Table", "procedure": "Procedure"}
MODES = {"Attack Modes": "Attack mode", "Defensive Modes": "Defensive mode"}
"""A galley mode's kind, by its section."""
RANKS = {("jovian-wars", "v1.2.4"): 0, ("jovian-wars", "v1.2.1"): 1, ("war-galley", "aid"): 2}

DAMAGE_PAGE = ("jovian-wars", "v1.2.4", "damage")

TRAIT_HEADING = re.compile(r"^## (?P<name>.+?) \{#(?P<slug>[a-z0-9-]+)\}\s*$", re.M)


def page_url(entry: Entry) -> str:
    return f"{entry.game}/{entry.version}/{entry.page}/"


def place(game: str, version: str, page: str) -> str:
    """ "Jovian Wars v1.2.4 · Actions", "War Galley Player aid · Attack modes". """
    return f"{GAMES[game]} {VERSIONS.get(version, version)} · {PAGES[page]}"


def qualifiers(game: str, version: str) -> list[str]:
    """The words of a query that pick this game and version: "jovian", "wars", "v1.2.4", "1.2.4"."""
    words = GAMES[game].lower().split() + [version.lower()]
    if version.startswith("v"):
        words.append(version[1:])
    if version in VERSIONS:
        words += VERSIONS[version].lower().split()
    return words


def kind_of(entry: Entry) -> str:
    if entry.kind == "mode":
        return MODES.get(entry.section, "Mode")
    return KINDS[entry.kind]


def entry_record(entry: Entry) -> dict[str, Any]:
    here = place(entry.game, entry.version, entry.page)
    return {
        "name": entry.name,
        "url": f"{page_url(entry)}#{entry.slug}",
        "label": f"{here} · {kind_of(entry)}",
        "qualifiers": qualifiers(entry.game, entry.version),
        "rank": RANKS.get((entry.game, entry.version), 9),
    }


def search_entries(docs_dir: Path) -> dict[str, Any]:
    entries = load_entries(docs_dir)
    records = [entry_record(entry) for entry in entries]
    pages = {page_url(e): place(e.game, e.version, e.page) for e in entries}

    traits = docs_dir / TRAITS_PAGE
    if traits.exists():
        for heading in TRAIT_HEADING.finditer(traits.read_text(encoding="utf-8")):
            records.append({
                "name": heading["name"],
                "url": f"jovian-wars/traits/#{heading['slug']}",
                "label": "Jovian Wars · Traits glossary · Trait",
                "qualifiers": ["jovian", "wars", "trait"],
                "rank": 3,
            })

    defining = {e.slug: e for e in entries if (e.game, e.version, e.page) == DAMAGE_PAGE}
    # each form the text writes a term in, found in its entry or in the table that defines it (Explode: in the
    # Catastrophic Damage Table, opening the Explosion)
    # one record per word: a word defined per context (Destroyed) opens its first definition's entry
    damage_terms: dict[str, tuple[str, str]] = {}
    for defined in (term for term in TERMS if term.page == DAMAGE):
        for form in defined.forms or (defined.name,):
            damage_terms.setdefault(form, (defined.slug, defined.rows[0]))
    for term, (slug, table) in damage_terms.items():
        entry = defining.get(slug)
        said = " ".join(e.body for e in (entry, defining.get(table)) if e is not None)
        if entry is None or not re.search(rf"\b{re.escape(term)}\b", said):
            raise BuildError(f"search terms: {term!r} is not in the Damage page's #{slug}")
        records.append({
            "name": term,
            "url": f"{page_url(entry)}#{slug}",
            "label": f"{place(*DAMAGE_PAGE)} · Term, in {entry.name}",
            "qualifiers": qualifiers(entry.game, entry.version),
            "rank": 4,
        })
    return {"entries": records, "pages": pages}


def write_search_entries(site_dir: Path, docs_dir: Path) -> None:
    """Write site_dir/assets/search-entries.json from the rules pages under docs_dir."""
    target = site_dir / TARGET
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(search_entries(docs_dir), ensure_ascii=False, indent=1), encoding="utf-8")
