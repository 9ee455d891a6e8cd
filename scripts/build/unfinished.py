"""`<!-- unfinished -->`: a sentence the rules text leaves unfinished, shown as such where it stops.

The importer writes the marker (scripts/importer/import_rules_layout.py, `Layout.unfinished`) alone on the line right
after the paragraph whose last sentence the source breaks off ("A Skill Test result of" in v1.2.4's Silent
Running). The rule's words stay as they are; the marker becomes a visible note at the end of that paragraph,
plain text a screen reader reads too, saying the text stops there. The changes page reads the same marker from
the Markdown (scripts/build/version_text.py) and says it in the pair's summary. A marker with arguments, not
right after a paragraph's line, or on a page that is not a rules page stops the build with the page and line.
"""

from __future__ import annotations

from scripts.build import markers
from scripts.build.build_error import BuildError
from scripts.build.entries import rules_page

NOT_TEXT = ("|", "#", "!!!", "<", "-", "*", ">")
"""How a line starts when it is not a paragraph's own text (a table, a heading, an admonition, a marker, a list)."""


def note_html(version: str) -> str:
    """The note at the end of the unfinished paragraph (inline: the marker's line continues the paragraph)."""
    return (f'<span class="text-unfinished" role="note">[The text stops here: this sentence is unfinished in '
            f"{version}.]</span>")


def expanders(src_uri: str, markdown: str) -> dict[str, markers.Expander]:
    """`<!-- unfinished -->` of the one marker grammar, checked against the page it stands in."""
    lines = markdown.split("\n")

    def expand(args: str, line: int) -> str:
        where = rules_page(src_uri)
        previous = lines[line - 2].strip() if line >= 2 else ""
        if args or where is None or not previous or previous.startswith(NOT_TEXT):
            raise BuildError(f"{src_uri} line {line}: <!-- unfinished --> takes no arguments and stands alone on the "
                             "line right after the paragraph of a rules page whose last sentence is unfinished")
        return note_html(where[1])

    return {"unfinished": expand}
