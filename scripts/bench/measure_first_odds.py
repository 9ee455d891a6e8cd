"""How far below the start of its entry each resolver's first baked odds sit, at 390x844 with no script.

Not a test (tests/site/test_pages.py checks the Actions page against one screen, with FIRST_ODDS): it prints, per rules page,
the entries whose baked glance (the headline odds, or the outcome of a resolver with no dice) ends more than
one screen below the entry's heading, for a before/after note. Point it at any built site.

    .venv/bin/python -m scripts.bench.measure_first_odds [SITE_DIR]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import Page

from scripts.build.entries import KINDS
from scripts.bench.harness import PHONE, served_browser


PAGES = ("jovian-wars/v1.2.4/actions/", "jovian-wars/v1.2.4/damage/", "jovian-wars/v1.2.4/dogfight/",
         "jovian-wars/v1.2.1/special-actions/", "war-galley/aid/attack-modes/", "dice/")
FIRST_ODDS = """(kinds) => {
  const headings = [...document.querySelectorAll("article :is(h1, h2, h3, h4)[id]")];
  const header = document.querySelector(".md-header");
  const room = innerHeight - (header ? header.getBoundingClientRect().height : 0);
  return [...document.querySelectorAll("[data-resolver]")].map((root) => {
    const heading = headings.filter((h) => h.compareDocumentPosition(root) & Node.DOCUMENT_POSITION_FOLLOWING).pop();
    const glance = root.querySelector('[data-region="glance"]').getBoundingClientRect();
    return { id: root.dataset.resolver, entry: heading.id, placed: kinds.some((kind) => heading.classList.contains(kind)),
             below: Math.round(glance.bottom - heading.getBoundingClientRect().top), room };
  });
}"""
"""Per resolver block: its entry (the nearest heading above it; `placed`: a rules entry's heading, so the build placed
the block, else a marker on the page did), how far the bottom of its baked glance sits below
that heading's top, and the room on one screen under the theme's fixed header (scrolled to an entry, the heading
sits just under it)."""


def first_odds(page: Page) -> list[dict[str, object]]:
    return page.evaluate(FIRST_ODDS, list(KINDS))  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("site", nargs="?", default="site", type=Path)
    args = parser.parse_args()
    with served_browser(args.site) as (url, browser):
        context = browser.new_context(**PHONE, java_script_enabled=False)
        page = context.new_page()
        for path in PAGES:
            page.goto(url + path)
            blocks = first_odds(page)
            far = [block for block in blocks if int(block["below"]) > int(block["room"])]  # type: ignore[call-overload]
            worst = max(blocks, key=lambda block: int(block["below"]))  # type: ignore[call-overload]
            print(f"{path}: {len(far)} of {len(blocks)} resolvers' first odds beyond one screen ({worst['room']} px) "
                  f"of their entry; the farthest {worst['entry']} at {worst['below']} px")
            for block in far:
                print(f"    {block['entry']}: {block['below']} px{'' if block['placed'] else ' (placed by a marker)'}")


if __name__ == "__main__":
    main()
