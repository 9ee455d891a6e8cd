"""Finishing step: mends to Material's bundle, the theme's one script (Material is pinned, past its end of
maintenance). Each keeps the bundle's length on its line, so every column after it, and so the bundle's source
map, stays right. A
Material bundle without the expected code stops the build, so a theme update cannot drop a mend silently; another
theme's bundle (Zensical's) is left as it is.

1. The search index is built when search is first opened, not on every page load. Material's bundle has its
   search worker build the lunr index of the whole site (search/search_index.json) on every page load, except
   from file:, where its own code waits until search is opened:

       merge(of(location.protocol !== "file:"), watchToggle("search")).pipe(first(Boolean), switchMap(() => index$))

   On a phone that build runs beside the engine's boot and the page's own work, on the same few cores, and
   delays the first answer (scripts/bench/cpu_breakdown.py shows the search worker's share of a warm visit).
   The merge becomes watchToggle("search") alone, as from file:. Nothing typed is lost: the theme sends the
   query once its worker says it is ready. (The index file itself is still fetched at load, for
   search.highlight; reading it is cheap, building it is not.)

"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from scripts.build.build_error import BuildError

MATERIAL_INDEX = "search/search_index.json"
"""Only Material's bundle names it (Zensical's reads search.json)."""

SOURCE_MAP = "//# sourceMappingURL="


@dataclass(frozen=True)
class Mend:
    expected: str  # the code found, unminified, for the build's error
    pattern: re.Pattern[str]  # the code found, minified: found once, or the build stops
    replace: Callable[[re.Match[str]], str]
    helper: str = ""  # a function the replacement calls, on a line of its own


def in_place(old: str, new: str) -> str:
    """new, padded with spaces to old's length (whitespace between a call's arguments changes nothing)."""
    if len(new) > len(old):
        raise BuildError(f"theme_bundle: {new!r} is longer than {old!r}, which it replaces in place")
    return new.ljust(len(old))


MENDS = (
    Mend('merge(of(location.protocol!=="file:"), watchToggle("search"))',
         # merge(of(location.protocol!=="file:"),watchToggle("search")): three names, whatever the minifier chose.
         re.compile(r'\b[\w$]+\([\w$]+\(location\.protocol!=="file:"\),(?P<toggle>[\w$]+\("search"\))\)'),
         lambda match: in_place(match[0], match["toggle"])),
)
HELPERS = "".join(f"{mend.helper}\n" for mend in MENDS if mend.helper)
HELPERS = HELPERS and "// scripts/build/theme_bundle.py\n" + HELPERS


def mend_theme_bundle(site_dir: Path) -> None:
    for bundle in sorted((site_dir / "assets" / "javascripts").glob("bundle.*.min.js")):
        text = bundle.read_text(encoding="utf-8")
        if MATERIAL_INDEX in text:
            bundle.write_text(mended(bundle.name, text), encoding="utf-8")


def mended(name: str, text: str) -> str:
    for helper in re.findall(r"function (\w+)\(", HELPERS):
        if re.search(rf"\b{helper}\b", text):
            raise BuildError(f"{name}: the bundle already names {helper}; update scripts/build/theme_bundle.py")
    for mend in MENDS:
        text, found = mend.pattern.subn(mend.replace, text)
        if found != 1:
            raise BuildError(f"{name}: Material's bundle does not have {mend.expected} once (found {found}); "
                             f"update scripts/build/theme_bundle.py for this theme version")
    if not HELPERS:
        return text
    # A line of its own before the source map's comment: no mapped line moves. Declarations: the bundle's code
    # above them calls them.
    at = text.rfind(SOURCE_MAP)
    at = len(text) if at == -1 else at
    return text[:at] + ("" if text[:at].endswith("\n") else "\n") + HELPERS + text[at:]
