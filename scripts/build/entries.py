"""The rules-text model: the entries of a rules page, parsed from its Markdown with markdown-it-py.

An entry is one heading that carries a kind class, `### Board {#board .action}`, with everything
below it up to the next heading of the same or a higher level, or the next entry heading. The
kind is written in the Markdown (by scripts/importer/import_rules.py, editable by hand), never guessed.
Headings without a kind (sections such as "Generic Special Actions", groups such as
"Targeted", sub-headings inside an entry) are not entries.

rules_core may not import this module: it needs markdown-it-py and lives beside the build hooks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.admon import admon_plugin

KINDS: tuple[str, ...] = ("action", "state", "table", "procedure", "mode")
"""The entry kinds, written as a heading class."""

def rules_page(src_uri: str) -> tuple[str, str, str] | None:
    """(game, version, page) of a docs-relative path `<game>/<version>/<page>.md`; None for any
    other page (the home page, `jovian-wars/traits.md`): a rules version is a folder."""
    parts = src_uri.replace("\\", "/").split("/")
    if len(parts) != 3 or not parts[2].endswith(".md"):
        return None
    return parts[0], parts[1], parts[2].removesuffix(".md")


FieldValue = str | tuple[str, ...]
"""A requirement-table cell (text) or a galley field (its separate items)."""

HEADING_ATTRS = re.compile(r"\s*\{(?P<attrs>[^{}]*)\}\s*$")
"""Trailing `{#id .class}` of a heading, as Python-Markdown's attr_list reads it."""

BREAK = re.compile(r"^<br\s*/?>$", re.IGNORECASE)
"""The inline HTML that separates the items of one galley table cell."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One Action, State, table, procedure or galley mode of a rules page."""

    game: str
    """"jovian-wars" or "war-galley"."""
    version: str
    """"v1.2.4", "v1.2.1" or "aid"."""
    page: str
    """"actions", "damage", "dogfight", "special-actions" or "attack-modes"."""
    name: str
    """The heading text, as the rules write it: "Hard Burn:X", "Rake(Pass-By)"."""
    slug: str
    """The heading id (unique on its page): "hard-burn-x", "rake-pass-by"."""
    kind: str
    """One of KINDS, from the heading's class."""
    section: str
    """The nearest heading of level 1 or 2 at or above the entry: "Generic Special Actions"."""
    fields: dict[str, FieldValue]
    """The requirement table's first row by header ("Requirement", "Skill Test" or "Requirements",
    "Entering", "Cancellation"; cells as plain text), or a galley mode's fields ("Conditions",
    "Active Defenses", "Success-Attacker", "Failure-Defender (Rake)", "Success (Reaction)", ...; each
    a tuple of items, read from its "**Conditions**" list, its "**Active Defenses:** a, b" line and
    its | Result | Attacker | Defender | (or | Result | Effect |) table, row by row, left to right).
    {} if the entry has none."""
    body: str
    """The entry's Markdown below its heading line (heading excluded, no trailing blank lines)."""
    lines: tuple[int, int]
    """0-based [start, end) line range of the whole entry in the page Markdown, heading included,
    trailing blank lines excluded (like markdown-it Token.map): insert after it at index end."""

    @property
    def key(self) -> str:
        """Inventory key "game/version/page/slug"."""
        return f"{self.game}/{self.version}/{self.page}/{self.slug}"


def _parse_attrs(text: str) -> tuple[str, dict[str, str]]:
    """'Board {#board .action}' -> ('Board', {'id': 'board', 'class': 'action'})."""
    match = HEADING_ATTRS.search(text)
    if match is None:
        return text.strip(), {}
    attrs: dict[str, str] = {}
    classes: list[str] = []
    for part in match.group("attrs").split():
        if part.startswith("#"):
            attrs["id"] = part[1:]
        elif part.startswith("."):
            classes.append(part[1:])
        elif "=" in part:
            key, value = part.split("=", 1)
            attrs[key] = value.strip("\"'")
    if classes:
        attrs["class"] = " ".join(classes)
    return text[: match.start()].strip(), attrs


def _heading_attrs_rule(state: StateCore) -> None:
    """Move a heading's trailing `{#id .class}` into its attributes, as attr_list does."""
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[index + 1]
        text, attrs = _parse_attrs(inline.content)
        if not attrs:
            continue
        inline.content = text
        for key, value in attrs.items():
            token.attrSet(key, value)


def heading_attrs_plugin(md: MarkdownIt) -> None:
    """markdown-it-py plugin: `## Title {#id .class}` headings, the Python-Markdown attr_list way."""
    md.core.ruler.after("block", "heading_attrs", _heading_attrs_rule)


def markdown_parser() -> MarkdownIt:
    """The markdown-it-py parser for the rules pages (the common subset with mkdocs.yml)."""
    return MarkdownIt("commonmark").enable("table").use(admon_plugin).use(heading_attrs_plugin)


def inline_text(token: Token) -> str:
    """Plain text of an inline token: escapes undone, link text kept, link targets dropped."""
    parts: list[str] = []
    for child in token.children or ():
        if child.type in ("text", "code_inline", "html_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts).strip()


def _table(tokens: Sequence[Token]) -> tuple[list[Token], list[list[Token]]]:
    """The header cells and the body rows (cells as inline tokens) of the table at tokens[0]."""
    header: list[Token] = []
    rows: list[list[Token]] = []
    in_body = False
    for token in tokens:
        if token.type == "table_close":
            break
        if token.type == "tbody_open":
            in_body = True
        elif token.type == "tr_open" and in_body:
            rows.append([])
        elif token.type == "inline":
            (rows[-1] if in_body else header).append(token)
    return header, rows


def _table_fields(tokens: Sequence[Token]) -> dict[str, FieldValue]:
    """Header -> first body row of the first table in tokens (a table starts at tokens[0])."""
    header, rows = _table(tokens)
    first = rows[0] if rows else []
    return {inline_text(head): inline_text(cell) for head, cell in zip(header, first)}


def _cell_items(token: Token) -> tuple[str, ...]:
    """A table cell's items: its inline text cut at each `<br>` (one item per line of the cell)."""
    items: list[list[Token]] = [[]]
    for child in token.children or ():
        if child.type == "html_inline" and BREAK.match(child.content):
            items.append([])
        else:
            items[-1].append(child)
    return tuple(text for part in items if (text := inline_text(Token("inline", "", 0, children=part))))


def _results_fields(tokens: Sequence[Token]) -> dict[str, FieldValue]:
    """A galley results table (tokens[0] is its table_open): | Result | Attacker | Defender | gives
    "Success-Attacker", "Failure-Defender (Rake)"...; | Result | Effect | gives the Result cell's name."""
    header, rows = _table(tokens)
    columns = [inline_text(head) for head in header]
    fields: dict[str, FieldValue] = {}
    for row in rows:
        if not row:
            continue
        cells = [_cell_items(cell) for cell in row]
        result = " ".join(cells[0])  # "Success", "Failure (Rake)", "Success (Reaction)"
        outcome, _, variant = result.partition(" ")
        for column, items in zip(columns[1:], cells[1:]):
            name = result if column == "Effect" else f"{outcome}-{column}" + (f" {variant}" if variant else "")
            fields[name] = items
    return fields


def _galley_fields(tokens: Sequence[Token]) -> dict[str, FieldValue]:
    """A galley mode's fields, from its top-level blocks: a paragraph "**Label**" and the bullet
    list after it, a paragraph "**Label:** a, b, c", and the results table (| Result | ...)."""
    fields: dict[str, FieldValue] = {}
    pending = ""  # a "**Label**" paragraph waiting for its list
    for index, token in enumerate(tokens):
        if token.level != 0:
            continue
        if token.type == "paragraph_open":
            pending = ""
            label, rest = _strong_label(tokens[index + 1])
            if label and rest:
                fields[label] = tuple(item.strip() for item in rest.split(","))
            elif label:
                pending = label
        elif token.type == "bullet_list_open" and pending:
            fields[pending] = tuple(inline_text(item) for item in tokens[index:close_of(tokens, index)]
                                    if item.type == "inline" and item.level == 3)  # ul > li > p > inline
            pending = ""
        elif token.type == "table_open":
            pending = ""
            header = next((inline_text(t) for t in tokens[index:] if t.type == "inline"), "")
            if header == "Result":
                fields.update(_results_fields(tokens[index:]))
    return fields


def _strong_label(inline: Token) -> tuple[str, str]:
    """'**Conditions**' -> ('Conditions', ''); '**Active Defenses:** None' -> ('Active Defenses', 'None');
    ('', '') for a paragraph that does not open with bold text."""
    children = [c for c in inline.children or () if not (c.type == "text" and not c.content)]
    if not children or children[0].type != "strong_open":
        return "", ""
    close = next(i for i, c in enumerate(children) if c.type == "strong_close")
    label = inline_text(Token("inline", "", 0, children=children[1:close]))
    rest = inline_text(Token("inline", "", 0, children=children[close + 1:]))
    return label.removesuffix(":"), rest


def close_of(tokens: Sequence[Token], index: int) -> int:
    """Index just past the token closing tokens[index] (an `_open` token)."""
    depth = 0
    for later in range(index, len(tokens)):
        depth += tokens[later].nesting
        if depth == 0:
            return later + 1
    return len(tokens)


def _fields(tokens: Sequence[Token], game: str) -> dict[str, FieldValue]:
    """The entry's requirement table (Jovian Wars) or its fields (War Galley)."""
    if game == "war-galley":
        return _galley_fields(tokens)
    for index, token in enumerate(tokens):
        if token.level == 0 and token.type == "table_open":
            fields = _table_fields(tokens[index:])
            if next(iter(fields), "").startswith("Requirement"):
                return fields
    return {}


def parse_entries(markdown: str, src_uri: str) -> list[Entry]:
    """Every entry of a rules page, in page order; [] for a page that is not a rules page."""
    where = rules_page(src_uri)
    if where is None:
        return []
    game, version, page = where
    tokens = markdown_parser().parse(markdown)
    source_lines = markdown.split("\n")
    # Top-level block tokens that carry a line map, with their first line; the headings among them.
    blocks = [(i, t, t.map[0]) for i, t in enumerate(tokens) if t.level == 0 and t.map is not None and t.nesting != -1]
    entries: list[Entry] = []
    section = ""
    for position, (index, token, start_line) in enumerate(blocks):
        if token.type != "heading_open":
            continue
        level = int(token.tag[1])
        name = tokens[index + 1].content
        if level <= 2:
            section = name
        kind = _kind(token)
        if not kind:
            continue
        slug = str(token.attrGet("id") or "")
        if not slug:
            raise ValueError(f"{src_uri} line {start_line + 1}: entry heading {name!r} has no {{#id}}")
        # The entry runs to the next heading of the same or a higher level, or the next entry.
        end_index = len(tokens)
        end_line = len(source_lines)
        for later_index, later, later_line in blocks[position + 1:]:
            if later.type == "heading_open" and (int(later.tag[1]) <= level or _kind(later)):
                end_index, end_line = later_index, later_line
                break
        while end_line > start_line + 1 and not source_lines[end_line - 1].strip():
            end_line -= 1
        entry_tokens = tokens[index + 3:end_index]  # after heading_open, inline, heading_close
        entries.append(Entry(
            game=game, version=version, page=page, name=name, slug=slug, kind=kind,
            section=section, fields=_fields(entry_tokens, game),
            body="\n".join(source_lines[start_line + 1:end_line]).strip("\n"),
            lines=(start_line, end_line),
        ))
    slugs = [entry.slug for entry in entries]
    duplicates = sorted({slug for slug in slugs if slugs.count(slug) > 1})
    if duplicates:
        raise ValueError(f"{src_uri}: entry slugs used twice: {duplicates}")
    return entries


def _kind(token: Token) -> str:
    """The entry kind of a heading token, "" if it carries none."""
    classes = str(token.attrGet("class") or "").split()
    kinds = [name for name in classes if name in KINDS]
    if len(kinds) > 1:
        raise ValueError(f"heading on line {token.map[0] + 1 if token.map else '?'} has two kinds: {kinds}")
    return kinds[0] if kinds else ""


def rules_pages(docs_dir: Path | str) -> list[str]:
    """Every rules page under docs_dir as a docs-relative path, sorted."""
    root = Path(docs_dir)
    return sorted(path.relative_to(root).as_posix() for path in root.glob("*/*/*.md"))


def load_entries(docs_dir: Path | str) -> list[Entry]:
    """Every entry of every rules page under docs_dir, pages in path order."""
    root = Path(docs_dir)
    entries: list[Entry] = []
    for src_uri in rules_pages(root):
        entries.extend(parse_entries((root / src_uri).read_text(encoding="utf-8"), src_uri))
    return entries
