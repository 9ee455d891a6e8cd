"""The page augmentation as a Python-Markdown extension, run by MkDocs and by Zensical alike.

Listed under `markdown_extensions:` in mkdocs.yml as `scripts.build.augment` (scripts/build_site.py
puts the repository on PYTHONPATH). Before any other Markdown processing, each page's text gets a
resolver block in each rules entry, under its opening block (scripts/build/resolvers.py; an entry with no resolver stops
the build), then every marker replaced, in one pass, by the one grammar of scripts/build/markers.py:

- `<!-- readings-ledger -->`: every Reading; `<!-- readings-cited: N -->`: the links to the
  Readings citing section N of the mechanics (scripts/build/readings_page.py);
- `<!-- resolver: ID -->`: that resolver's block (scripts/build/resolvers.py);
- `<!-- version-diff: GAME OLD NEW [PAGE] -->`: the comparison (scripts/build/version_diff.py);
- `<!-- fleet -->`: the block the fleet page draws in (scripts/build/fleet_page.py);
- `<!-- unfinished -->`: the note where a rules text leaves a sentence unfinished (scripts/build/unfinished.py).

A Markdown extension is not told which page it renders, and the augmentation needs that page's
path (a rules page's game, version and page come from it, and every link it writes is relative to
it) and the docs folder. Both generators say so on the Markdown instance they build for each page:
`page_source` reads it there. A page rendered by neither stops the build with a message.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from scripts.build import fleet_page, markers, readings_page, resolvers, unfinished, version_diff
from scripts.build.build_error import BuildError


def page_source(md: Markdown) -> tuple[str, Path]:
    """(the page's docs-relative path, the docs folder) of the page `md` is rendering."""
    # Each generator's own processor subclass, typed only as Markdown's base class: Any.
    mkdocs_links: Any = md.treeprocessors["relpath"] if "relpath" in md.treeprocessors else None
    if mkdocs_links is not None:  # MkDocs: its link rewriter holds the page's File and the config
        return mkdocs_links.file.src_uri, Path(mkdocs_links.config["docs_dir"])
    zensical: Any = md.preprocessors["rendering_context"] if "rendering_context" in md.preprocessors else None
    if zensical is not None:  # Zensical: its context extension holds the Page and the config
        docs_dir = Path(zensical.config["docs_dir"])
        return _docs_relative(zensical.page.path, docs_dir), docs_dir
    raise BuildError("scripts.build.augment: cannot tell which page is being rendered; "
                     "build with scripts/build_site.py (MkDocs or Zensical)")


def _docs_relative(path: str, docs_dir: Path) -> str:
    """A page path as docs-relative POSIX text, whether it was given absolute or relative."""
    as_path = Path(path)
    if as_path.is_absolute():
        as_path = as_path.resolve().relative_to(docs_dir.resolve())
    return as_path.as_posix()


def augment(markdown: str, src_uri: str, docs_dir: Path) -> str:
    """The page's Markdown with its entries' resolvers in place and every marker expanded."""
    markdown = resolvers.place_after_entries(markdown, src_uri, docs_dir)
    return markers.expand(markdown, src_uri, {**readings_page.expanders(src_uri), **resolvers.expanders(src_uri),
                                              **version_diff.expanders(src_uri, docs_dir),
                                              **fleet_page.expanders(src_uri, docs_dir), **unfinished.expanders(src_uri, markdown)})


class AugmentPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        src_uri, docs_dir = page_source(self.md)
        return augment("\n".join(lines), src_uri, docs_dir).split("\n")


class AugmentExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's name
        # Above normalize_whitespace (30) and html_block (20): the markers are still plain lines.
        md.preprocessors.register(AugmentPreprocessor(md), "rules_site_augment", 40)


def makeExtension(**kwargs: Any) -> AugmentExtension:  # noqa: N802 - Python-Markdown's entry point
    return AugmentExtension(**kwargs)
