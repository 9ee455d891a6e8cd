"""Finishing step: three mends to Material's bundle, the theme's one script (Material is pinned, past its end of
maintenance). Each keeps the bundle's length on its line, so every column after it, and so the bundle's source
map, stays right; what a mend needs more is a function on a line of its own, before the source map's comment. A
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

2. A jump within the page is no page load. Material's instant navigation loads a page when the location's
   path changes:

       location$.pipe(distinctUntilKeyChanged("pathname"), switchMap(url => requestHTML(url)), ...)

   location$ starts empty, so the first location of a page always passes, even one on the same page: the first
   tap on an anchor of a freshly opened page (a search result on it, a heading's mark, the contents), the first
   Back to an earlier anchor, or a new fragment typed in the address bar fetches the page again and replaces
   its content. Every resolver is built anew: dice typed, a form filled, an outcome shown, all gone. Zensical's
   theme has the fix (zensical/ui 897ac642, its issue 154): compare each location with the one before it, the
   page's own location first, and scroll to a new anchor on the same page itself, as the theme does after a
   page load. Both pipes take that comparison, `__nav` (below), as switchMap's project, which emits a location
   by returning [url] and nothing by returning []: kind 0 passes a location on another page (in place of the
   loading pipe's distinctUntilKeyChanged("pathname")), kind 1 a new anchor on the same page (in place of the
   pipe that scrolled to anchors only once a page had been loaded:
   document$.pipe(switchMap(() => location$), distinctUntilKeyChanged("hash"))).

3. Back returns to where the reader was. Before it moves to a tapped link, instant navigation saves the offset
   in the history entry it leaves, and scrolls back to it on Back:

       history.replaceState(offset, ""), history.pushState(null, "", url)   ...   window.scrollTo(0, history.state?.y ?? 0)

   Two things made that offset the wrong place. On a phone, open search has locked the page (body position:
   fixed, its offset kept in body.style.top), so the offset read then is 0, and the browser's own record of the
   entry's offset, which it restores after the theme has, is 0 too: Back from a search result opened the page at
   its top. And an offset is the wrong record anyway: the article's blocks are drawn only near the view
   (extra.css), standing as placeholders until then, and a page come back to by Back builds its resolvers anew,
   so blocks drawn or built while the reader was away move every offset below them (a screen and more, measured
   on Actions). `__leave` saves the locked page's own offset and the reader's place by content (`__place`: the
   article's first block in view, counted from the article's end, and where its top stood on the screen), and
   leaves the restoring to the theme and the page (the entry's scrollRestoration "manual", as the theme sets on
   the entry it moves to). The page's landing.js brings that block back to where it stood once the theme has scrolled, and holds it
   there while the page's layout settles.
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


def _pages_only(match: re.Match[str]) -> str:
    document, location, switch = match["document"], match["location"], match["switch"]
    return (f"{document}={location}.pipe({in_place(match['by_path'], f'{switch}(__nav(0))')},{switch}("
            f"{match['between']}{in_place(match['anchors'], f'{location}.pipe({switch}(__nav(1)))')}")


MENDS = (
    Mend('merge(of(location.protocol!=="file:"), watchToggle("search"))',
         # merge(of(location.protocol!=="file:"),watchToggle("search")): three names, whatever the minifier chose.
         re.compile(r'\b[\w$]+\([\w$]+\(location\.protocol!=="file:"\),(?P<toggle>[\w$]+\("search"\))\)'),
         lambda match: in_place(match[0], match["toggle"])),
    Mend('document$ = location$.pipe(distinctUntilKeyChanged("pathname"), switchMap(...)...) and, further on, '
         'document$.pipe(switchMap(() => location$), distinctUntilKeyChanged("hash"))',
         re.compile(r'\b(?P<document>[\w$]+)=(?P<location>[\w$]+)\.pipe\((?P<by_path>(?P<distinct>[\w$]+)\("pathname"\)),'
                    r'(?P<switch>[\w$]+)\((?P<between>.{0,600}?)'  # the rest of the loading pipe, the scroll pipe's first line
                    r'(?P<anchors>(?P=document)\.pipe\((?P=switch)\(\(\)=>(?P=location)\),(?P=distinct)\("hash"\)\))'),
         _pages_only,
         "function __nav(kind){let before=new URL(location.href);return url=>{const prev=before;before=url;"
         "const samePage=prev.pathname===url.pathname;"
         "return(kind===0?!samePage:samePage&&prev.hash!==url.hash)?[url]:[]}}"),
    Mend('history.replaceState(offset, ""), history.pushState(null, "", url)',
         re.compile(r'history\.replaceState\((?P<offset>[\w$]+),""\),history\.pushState\(null,"",(?P<url>[\w$]+)\)'),
         lambda match: in_place(match[0], f"__leave({match['offset']},{match['url']})"),
         # The reader's place: the article's first block not under the header, counted from the article's end (the page
         # puts its offline badge first, once its files are stored), and where its top is on the screen.
         "function __place(){const header=document.querySelector(\".md-header\"),"
         "under=header?header.getBoundingClientRect().bottom:0,blocks=[...document.querySelectorAll(\".md-content__inner > *\")],"
         "block=blocks.findIndex(each=>each.getBoundingClientRect().bottom>under);"
         "return block<0?null:{fromEnd:blocks.length-block,within:blocks[block].getBoundingClientRect().top}}\n"
         "function __leave(offset,url){if(document.body.hasAttribute(\"data-md-scrolllock\"))"
         "offset={x:offset.x,y:-parseInt(document.body.style.top||\"0\",10)};history.scrollRestoration=\"manual\";"
         "history.replaceState({...offset,place:__place()},\"\");history.pushState(null,\"\",url)}"),
)
HELPERS = "// scripts/build/theme_bundle.py\n" + "".join(f"{mend.helper}\n" for mend in MENDS if mend.helper)


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
    # A line of its own before the source map's comment: no mapped line moves. Declarations: the bundle's code
    # above them calls them.
    at = text.rfind(SOURCE_MAP)
    at = len(text) if at == -1 else at
    return text[:at] + ("" if text[:at].endswith("\n") else "\n") + HELPERS + text[at:]
