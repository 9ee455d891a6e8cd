"""The generated Markdown renders alike through Python-Markdown (MkDocs) and markdown-it-py."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import markdown
import pytest

from scripts.build.entries import markdown_parser
from scripts.importer.import_rules import render_all
from tests.conftest import SOURCES

PAGES = render_all(SOURCES)
STRUCTURE_TAGS = {"h1", "h2", "h3", "h4", "table", "tr", "th", "td", "ul", "ol", "li", "a", "strong", "em", "br"}


class Outline(HTMLParser):
    """The structure (tags with id/class/href) and the words of an HTML fragment."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, str, str, str]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in STRUCTURE_TAGS:
            self.tags.append((tag, found.get("id") or "", found.get("class") or "", found.get("href") or ""))
        if tag == "div" and "admonition" in (found.get("class") or ""):
            self.tags.append(("admonition", "", found.get("class") or "", ""))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def words(self) -> str:
        return re.sub(r"\s+", " ", " ".join(self.text)).strip()


def outline(html: str) -> Outline:
    parser = Outline()
    parser.feed(html)
    return parser


def python_markdown(text: str) -> str:
    return markdown.markdown(text, extensions=["admonition", "attr_list", "tables", "toc"])


@pytest.mark.parametrize("target", sorted(PAGES))
def test_both_renderers_give_the_same_structure_and_text(target: str) -> None:
    """Assert same headings (ids, kind classes), tables, lists, links, admonitions and words."""
    mkdocs_side = outline(python_markdown(PAGES[target]))
    mdit_side = outline(markdown_parser().render(PAGES[target]))
    assert mkdocs_side.tags == mdit_side.tags
    assert mkdocs_side.words() == mdit_side.words()


@pytest.mark.parametrize("target", sorted(PAGES))
def test_no_markdown_syntax_leaks_into_the_text(target: str) -> None:
    words = outline(python_markdown(PAGES[target])).words()
    for leak in ("{#", "\\[", "](", "(/traits", "(/action", "!!!", "**"):
        assert leak not in words


def test_results_notation_renders_literally() -> None:
    words = outline(python_markdown(PAGES["jovian-wars/v1.2.4/actions.md"])).words()
    assert "A [Q+] result remove 5 Marine Ratings" in words
    assert "[Kinetic Cannons], Capital Ship Target" in words


@pytest.mark.parametrize("render", [python_markdown, lambda text: markdown_parser().render(text)],
                         ids=["python-markdown", "markdown-it-py"])
def test_galley_cells_keep_one_item_per_line(render) -> None:
    """Assert both renderers give a results cell's items as text separated by <br>, and the
    at-a-glance names as links to their entries."""
    page = render(PAGES["war-galley/aid/attack-modes.md"])
    assert "<td>Rammed<br>Remove fatigue</td>" in page
    assert ("<td>Resolve Ram<br>If ram fails, reduce target speed by 1<br>"
            "If ram fails, target is -1 on any ram/rake roll</td>") in page
    assert '<td><a href="#rake-pass-by">Rake(Pass-By)</a></td>' in page
    assert "<!-- resolver: war-galley/aid/ship-state -->" in page  # passed through as a comment
