"""Which resolver sits after which rules entry: matched by game, slug and version.

A resolver declares the entries it serves by slug (`Resolver.serves`) and the rules versions whose
text it implements (`Resolver.versions`). An entry of page `<game>/<version>/<page>.md` gets:

1. the resolver of its game that serves its slug and lists its version; else
2. a resolver of its game that serves its slug, if the entry's text (name, kind, requirement or
   galley fields, body) is the same, character for character, as that slug's entry in one of the
   versions the resolver lists: a new version copies unchanged rules, and they keep their
   resolvers with no edit to rules_core;
3. otherwise nothing, and the entry is reported: it is new, or its text changed since the version
   the resolver was written for, so someone must check the resolver against the new text (then
   add the version to its `versions`) or write a new one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rules_core import REGISTRY, Resolver
from scripts.build.entries import Entry, parse_entries, rules_pages


@dataclass(frozen=True, slots=True)
class Placement:
    """The resolvers placed after a set of entries, and the entries that have none (with why)."""

    placed: dict[str, Resolver]
    """Entry key "game/version/page/slug" -> its resolver."""
    unserved: dict[str, str]
    """Entry key -> why no resolver serves it, in the reader's words."""


def entry_text(entry: Entry) -> tuple[object, ...]:
    """What a resolver implements of an entry: everything but where it sits (page, section, lines)."""
    return entry.name, entry.kind, entry.fields, entry.body


def version_entries(docs_dir: Path, game: str, version: str) -> dict[str, Entry]:
    """Slug -> entry over every rules page of one game version (a slug may move between pages)."""
    found: dict[str, Entry] = {}
    for src_uri in rules_pages(docs_dir):
        if src_uri.startswith(f"{game}/{version}/"):
            found.update((e.slug, e) for e in parse_entries((docs_dir / src_uri).read_text(encoding="utf-8"), src_uri))
    return found


def place(entries: Iterable[Entry], docs_dir: Path) -> Placement:
    """The resolver of each entry (see the module doc); two resolvers for one entry is a declaration bug."""
    by_slug: dict[tuple[str, str], list[Resolver]] = {}
    for resolver in REGISTRY.values():
        for slug in resolver.serves:
            by_slug.setdefault((resolver.game, slug), []).append(resolver)
    other_versions: dict[tuple[str, str], dict[str, Entry]] = {}
    placed: dict[str, Resolver] = {}
    unserved: dict[str, str] = {}
    for entry in entries:
        candidates = by_slug.get((entry.game, entry.slug), [])
        direct = [r for r in candidates if entry.version in r.versions]
        if len(direct) > 1:
            unserved[entry.key] = f"served by {len(direct)} resolvers at once: {', '.join(r.id for r in direct)}"
            continue
        if direct:
            placed[entry.key] = direct[0]
            continue
        same = []
        for resolver in candidates:
            for version in resolver.versions:
                if (entry.game, version) not in other_versions:
                    other_versions[entry.game, version] = version_entries(docs_dir, entry.game, version)
                written_for = other_versions[entry.game, version].get(entry.slug)
                if written_for is not None and entry_text(written_for) == entry_text(entry):
                    same.append(resolver)
                    break
        if len(same) == 1:
            placed[entry.key] = same[0]
        elif same:
            unserved[entry.key] = f"its text matches {len(same)} resolvers: {', '.join(r.id for r in same)}"
        elif candidates:
            written = "; ".join(f"{r.id} implements {', '.join(r.versions)}" for r in candidates)
            unserved[entry.key] = (f"its text differs from the version its resolver was written for ({written}): "
                                   f"check the resolver against the {entry.version} text and add {entry.version} "
                                   "to its versions, or write a new resolver")
        else:
            unserved[entry.key] = f"no resolver serves the slug {entry.slug!r} in {entry.game}"
    return Placement(placed, unserved)
