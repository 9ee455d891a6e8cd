"""List every rule entry of the site: `python -m scripts.inventory [--counts] [--docs DIR]`.

One line per entry, `game/version/page/slug kind name`; with --counts, how many entries each
page has of each kind, then the total.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from scripts.build.entries import KINDS, Entry, load_entries

ROOT = Path(__file__).resolve().parent.parent


def entry_lines(entries: list[Entry]) -> list[str]:
    """`game/version/page/slug kind name` for each entry, in page order."""
    return [f"{entry.key} {entry.kind} {entry.name}" for entry in entries]


def count_lines(entries: list[Entry]) -> list[str]:
    """`game/version/page kind count` for each page and kind present, then `total N`."""
    counts = Counter((f"{entry.game}/{entry.version}/{entry.page}", entry.kind) for entry in entries)
    pages = list(dict.fromkeys(page for page, _ in counts))
    lines = [f"{page} {kind} {counts[page, kind]}" for page in pages for kind in KINDS if counts[page, kind]]
    return [*lines, f"total {len(entries)}"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="List the rule entries of the rules pages.")
    parser.add_argument("--counts", action="store_true", help="print counts per page and kind")
    parser.add_argument("--docs", type=Path, default=ROOT / "docs", help="docs folder (default: docs/)")
    args = parser.parse_args(argv)
    try:
        entries = load_entries(args.docs)
    except ValueError as error:  # a malformed rules page: say which, no traceback
        print(f"inventory: {error}", file=sys.stderr)
        return 1
    print("\n".join(count_lines(entries) if args.counts else entry_lines(entries)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
