"""Finishing step: the theme's search index is built when search is first opened, not on every page load.

Material's bundle has its search worker build the lunr index of the whole site (search/search_index.json)
on every page load, except from file:, where its own code waits until search is opened:

    merge(of(location.protocol !== "file:"), watchToggle("search")).pipe(first(Boolean), switchMap(() => index$))

On a phone that build runs beside the engine's boot and the page's own work, on the same few cores, and
delays the first answer (scripts/bench/cpu_breakdown.py shows the search worker's share of a warm visit). This
step makes every origin wait as file: does: the merge becomes watchToggle("search") alone. Nothing typed
is lost: the theme sends the query once its worker says it is ready (a combineLatest of the two). (The
index file itself is still fetched at load, for search.highlight; reading it is cheap, building it is not.)

A bundle that reads the index otherwise (Zensical's reads search.json, with search of its own) is left as
it is; Material's bundle without the expected code stops the build, so a theme update cannot drop this
silently.
"""

from __future__ import annotations

import re
from pathlib import Path

from scripts.build.build_error import BuildError

MATERIAL_INDEX = "search/search_index.json"
# merge(of(location.protocol!=="file:"),watchToggle("search")), minified: three names, whatever the minifier chose.
EAGER_OR_TOGGLE = re.compile(r'\b[\w$]+\([\w$]+\(location\.protocol!=="file:"\),(?P<toggle>[\w$]+\("search"\))\)')


def build_index_on_first_search(site_dir: Path) -> None:
    for bundle in sorted((site_dir / "assets" / "javascripts").glob("bundle.*.min.js")):
        text = bundle.read_text(encoding="utf-8")
        if MATERIAL_INDEX not in text:
            continue
        # Padded with spaces to its old length: every column after it, and so the bundle's source map, stays right.
        patched, found = EAGER_OR_TOGGLE.subn(lambda match: match["toggle"].ljust(len(match[0])), text)
        if found != 1:
            raise BuildError(
                f"{bundle.name}: Material's search setup is not the expected merge(of(location.protocol!==\"file:\"), "
                f"watchToggle(\"search\")) (found {found}); update scripts/build/lazy_search_index.py for this theme version")
        bundle.write_text(patched, encoding="utf-8")
