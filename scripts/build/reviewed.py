"""Each resolver's review, held by the build: the entry text it was checked against, per version it lists.

A resolver lists the rules versions whose text it implements (`Resolver.versions`): a claim that someone
checked it against that version's entries. Placement trusts the claim (an entry of a listed version gets
the resolver whatever its text), so an entry edited afterwards would keep a resolver nobody checked
against the new words. rules_core/reviewed-texts.txt records, per resolver, version and entry it serves,
a fingerprint of the entry's text as it was reviewed (what placement compares: name, kind, requirement
or galley fields, body); the build stops, naming the resolver, the version and the entry, where the
text no longer matches or no review is recorded. After checking the resolver against the text, record it:

    .venv/bin/python -m scripts.build.reviewed accept RESOLVER VERSION [VERSION ...]
    .venv/bin/python -m scripts.build.reviewed check        # what the build checks, without building
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import rules_core
from rules_core import REGISTRY
from scripts.build.build_error import BuildError
from scripts.build.entries import Entry
from scripts.build.placement import entry_text, version_entries

RECORD = Path(rules_core.__file__).parent / "reviewed-texts.txt"
"""Beside the registry whose resolvers it records (a copy of the project has its own)."""
ABSENT = "-"
"""The fingerprint of an entry a listed version does not have."""
HEADER = """\
# The entry text each resolver was reviewed against (scripts/build/reviewed.py): resolver, version,
# entry slug, fingerprint of the entry's text. The build stops where an entry's text no longer
# matches. Never edit by hand: check the resolver against the new text, then record the review with
#   .venv/bin/python -m scripts.build.reviewed accept RESOLVER VERSION [VERSION ...]
"""
Key = tuple[str, str, str]
"""(resolver id, version, entry slug)."""


def fingerprint(docs_dir: Path, game: str, version: str, slug: str, cache: dict[tuple[str, str], dict[str, Entry]]) -> str:
    """A short hash of the entry's text in that version (ABSENT if the version has no such entry)."""
    if (game, version) not in cache:
        cache[game, version] = version_entries(docs_dir, game, version)
    entry = cache[game, version].get(slug)
    if entry is None:
        return ABSENT
    text = json.dumps(entry_text(entry), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def current(docs_dir: Path) -> dict[Key, str]:
    """The fingerprint of every (resolver, listed version, served entry) as the docs hold them now."""
    cache: dict[tuple[str, str], dict[str, Entry]] = {}
    return {(resolver.id, version, slug): fingerprint(docs_dir, resolver.game, version, slug, cache)
            for resolver in REGISTRY.values() for version in resolver.versions for slug in resolver.serves}


def recorded(record: Path = RECORD) -> dict[Key, str]:
    """The reviews the record holds."""
    found: dict[Key, str] = {}
    lines = record.read_text(encoding="utf-8").splitlines() if record.is_file() else []
    for line in lines:
        if line.strip() and not line.startswith("#"):
            resolver, version, slug, mark = line.split()
            found[resolver, version, slug] = mark
    return found


def faults(docs_dir: Path, record: Path = RECORD) -> dict[tuple[str, str], list[str]]:
    """(resolver, version) -> why each of its entries' reviews does not hold; empty when all do."""
    reviews = recorded(record)
    found: dict[tuple[str, str], list[str]] = {}
    for (resolver, version, slug), mark in current(docs_dir).items():
        if reviews.get((resolver, version, slug)) == mark:
            continue
        why = ("no review of it is recorded" if (resolver, version, slug) not in reviews
               else "it is not in that version any more" if mark == ABSENT
               else "its text changed since the review")
        found.setdefault((resolver, version), []).append(f"entry {slug!r}: {why}")
    return found


def check(docs_dir: Path, record: Path = RECORD) -> None:
    """Stop the build naming each resolver and version whose entry text is not the one it was reviewed against."""
    found = faults(docs_dir, record)
    if not found:
        return
    listed = "\n".join(f"  - {resolver} lists {version}: {'; '.join(whys)}" for (resolver, version), whys in found.items())
    commands = "\n".join(f"    .venv/bin/python -m scripts.build.reviewed accept {resolver} {version}"
                         for resolver, version in found)
    count = len(found)
    raise BuildError(f"{record.parent.name}/{record.name}: {count} resolver {'version was' if count == 1 else 'versions were'} "
                     f"not reviewed against the entry text the docs hold:\n{listed}\n"
                     f"Check each resolver against that version's text (or remove the version from its versions), "
                     f"then record the review:\n{commands}")


def accept(docs_dir: Path, resolver_id: str, versions: list[str], record: Path = RECORD) -> list[str]:
    """Record the review of the resolver for those versions (each must be one it lists); returns the lines written."""
    resolver = REGISTRY.get(resolver_id)
    if resolver is None or not resolver.serves:
        raise BuildError(f"no resolver {resolver_id!r} that serves rules entries (python -m rules_core list)")
    unlisted = [version for version in versions if version not in resolver.versions]
    if unlisted:
        raise BuildError(f"{resolver_id} does not list {', '.join(unlisted)} (it lists {', '.join(resolver.versions)}): "
                         "add the version to its versions first")
    now = current(docs_dir)
    reviews = {key: mark for key, mark in recorded(record).items() if key in now}  # reviews of what no resolver lists go
    accepted = {key: mark for key, mark in now.items() if key[0] == resolver_id and key[1] in versions}
    reviews.update(accepted)
    record.write_text(HEADER + "".join(f"{' '.join(key)} {mark}\n" for key, mark in sorted(reviews.items())), encoding="utf-8")
    return [f"{' '.join(key)} {mark}" for key, mark in sorted(accepted.items())]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=Path, default=Path("docs"), help="the docs folder (default: docs/)")
    parser.add_argument("--record", type=Path, default=RECORD, help="the reviews (default: rules_core/reviewed-texts.txt)")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("check", help="name every resolver version whose entry text is not the one reviewed")
    accepting = commands.add_parser("accept", help="record that the resolver was checked against these versions' text")
    accepting.add_argument("resolver")
    accepting.add_argument("versions", nargs="+")
    args = parser.parse_args(argv)
    try:
        if args.command == "check":
            check(args.docs, args.record)
        else:
            for line in accept(args.docs, args.resolver, args.versions, args.record):
                print(f"reviewed: {line}")
    except BuildError as error:
        print(f"reviewed: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
