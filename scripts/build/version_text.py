"""The readable text of rules Markdown, as blocks for the word diff.

A block is what a reader sees as one unit: a paragraph, a list item (led by "•" or "1."), a
sub-heading, a table row (cells joined by " · "). Link targets, escapes and emphasis marks are
dropped (entries.inline_text), so the diff compares words, not Markdown. An entry's requirement
table is left out (the fields are compared one by one), and so are our own "Gap in the source"
notes: they are the site's, not the rules'. An `<!-- unfinished -->` marker on the line after a paragraph
(scripts/build/unfinished.py) says the text leaves that paragraph's last sentence unfinished: `Text.unfinished`
holds those sentences, so the changes page can say so. A page's section text is what sits under its title
and under each level-2 heading before the first entry or sub-heading.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from markdown_it.token import Token

from scripts.build.entries import close_of, inline_text, markdown_parser
from scripts.build.markers import MARKER

GAP_TITLE = "Gap in the source"
"""Title of the admonitions the importer adds where the source text breaks off."""


@dataclass(frozen=True, slots=True)
class Text:
    """An entry's or a section's words, block by block."""

    blocks: tuple[str, ...]
    """One string per paragraph, list item, sub-heading or table row."""
    gaps: int = 0
    """How many "Gap in the source" notes were left out."""
    unfinished: tuple[str, ...] = ()
    """The sentences the text leaves unfinished (the last sentence of each paragraph marked so), in order."""


@dataclass(frozen=True, slots=True)
class Section:
    """A page's title or level-2 heading with the text directly under it."""

    title: str
    slug: str
    text: Text


def _is_fields_table(tokens: Sequence[Token], index: int) -> bool:
    """True at a table whose first header starts with "Requirement" (an entry's fields)."""
    header = next((t for t in tokens[index:] if t.type == "inline"), None)
    return header is not None and inline_text(header).startswith("Requirement")


UNFINISHED = "unfinished"
"""The marker's name: `<!-- unfinished -->` alone on the line after the paragraph."""
SENTENCE_START = re.compile(r"(?<=[.!?])\s+(?=\S)")


def last_sentence(block: str) -> str:
    """A paragraph's last sentence: "It enters the state. A Skill Test result of" -> "A Skill Test result of"."""
    return SENTENCE_START.split(block)[-1]


def _is_unfinished_marker(token: Token) -> bool:
    marker = MARKER.match(token.content.strip()) if token.type == "html_block" else None
    return marker is not None and marker["name"] == UNFINISHED


def text_of(markdown: str, *, skip_fields: bool = True) -> Text:
    """The blocks of a piece of rules Markdown (an entry body, a section's intro)."""
    tokens = markdown_parser().parse(markdown)
    blocks: list[str] = []
    gaps = 0
    unfinished: list[str] = []
    lead = ""  # the marker of the list item whose first paragraph comes next
    row: list[str] | None = None
    fields_skipped = not skip_fields
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "admonition_open" and token.content == GAP_TITLE:
            gaps += 1
            index = close_of(tokens, index)
            continue
        if _is_unfinished_marker(token) and blocks:
            unfinished.append(last_sentence(blocks[-1]))
        if token.type == "table_open" and not fields_skipped and _is_fields_table(tokens, index):
            fields_skipped = True
            index = close_of(tokens, index)
            continue
        if token.type == "list_item_open":
            lead = f"{token.info}." if token.info else "•"
        elif token.type == "tr_open":
            row = []
        elif token.type == "tr_close" and row is not None:
            if any(row):
                blocks.append(" · ".join(row))
            row = None
        elif token.type == "inline":
            text = inline_text(token)
            if row is not None:
                row.append(text)
            elif text:
                blocks.append(f"{lead} {text}" if lead else text)
                lead = ""
        index += 1
    return Text(tuple(blocks), gaps, tuple(unfinished))


def sections(markdown: str) -> list[Section]:
    """The page title's text and each level-2 section's own text, in page order."""
    tokens = markdown_parser().parse(markdown)
    lines = markdown.split("\n")
    found: list[Section] = []
    heads = [(i, t) for i, t in enumerate(tokens) if t.type == "heading_open" and t.map is not None]
    for position, (index, token) in enumerate(heads):
        if token.tag not in ("h1", "h2"):
            continue
        start = token.map[1] if token.map else 0
        following = heads[position + 1][1] if position + 1 < len(heads) else None
        end = following.map[0] if following is not None and following.map else len(lines)
        title = tokens[index + 1].content
        slug = str(token.attrGet("id") or "")
        found.append(Section(title, slug, text_of("\n".join(lines[start:end]), skip_fields=False)))
    return found
