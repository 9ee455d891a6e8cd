"""The words a rule's text defines inside its prose (Crippled, Captured...) and the dice system's
words (Escalate, flex dice, [D]...), with their definitions quoted from the site's own pages.

A State or a Trait has a heading of its own (scripts/build/glossary.py reads those). These terms
do not: each is defined by a sentence, a list item or a table row under some heading. TERMS says
where (a word may have one definition per context: a Capital Ship's Destroyed is not a Squadron's);
`defined_terms` finds the words there at build time and quotes them, so a popover never
says more or other than the page. A quote that is no longer on its page stops the build, naming
the term. The search list (scripts/build/search_entries.py) takes the Damage page's terms from
the same table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any


from scripts.build.build_error import BuildError
from scripts.build.entries import inline_text, markdown_parser
from scripts.build.term_contexts import CAPITAL_SHIP, SQUADRON

DAMAGE = "jovian-wars/v1.2.4/damage.md"
ACTIONS = "jovian-wars/v1.2.4/actions.md"
DICE = "dice.md"
CDT = "catastrophic-damage-table"
JOVIAN_PAGES = ("jovian-wars/", "dice/")
"""The dice system's words serve every Jovian Wars page and the Dice page (War Galley rolls otherwise)."""


@dataclass(frozen=True)
class Term:
    name: str
    """As the popover titles it."""
    page: str
    """The page that defines it, under docs/."""
    slug: str
    """The heading it is defined under."""
    quotes: tuple[str, ...] = ()
    """Each quote: the words a paragraph or list item of that section starts with (the whole block is
    quoted), or a sentence inside one starts with (that sentence is quoted)."""
    rows: tuple[str, str] = ("", "")
    """Also quote the rows of the table under this heading whose cells hold this word."""
    forms: tuple[str, ...] = ()
    """The words marked in the text (the name when empty): case and inflection as the texts write them."""
    pattern: str = ""
    """A regular expression marked instead of `forms` (dice notation: "[D2]", "[D+]")."""
    context: str = ""
    """What this definition is of, for a word defined once per context ("Capital Ship", "Squadron"): a tap quotes
    the one that fits where it was tapped (scripts/build/term_contexts.py)."""


TERMS: tuple[Term, ...] = (
    Term("Crippled", DAMAGE, "structure-damage", ("A model that is reduced to 0 Structure Rating is Crippled",)),
    Term("Destroyed", DAMAGE, "squadron-damage", ("Squadrons whose Structure rating is reduced to zero are Destroyed",),
         context=SQUADRON),  # first: the search list's "Destroyed" opens Squadron Damage, as it did
    Term("Destroyed", DAMAGE, "catastrophic-damage-table", rows=(CDT, "Destroyed"), context=CAPITAL_SHIP),
    Term("Dead", DAMAGE, "catastrophic-damage-table", rows=(CDT, "Dead")),
    Term("Explodes", DAMAGE, "explosion", ("All models within 6\" of the exploding ship",), rows=(CDT, "Explode"),
         forms=("Explodes", "Explode")),
    Term("Wreck", DAMAGE, "catastrophic-damage-table", rows=(CDT, "Wreck")),
    Term("Captured", ACTIONS, "boarded", ("If a model's Marines rating is reduced to 0 and there are Boarders",)),
    Term("Escalate", DICE, "escalate-diminish", ("Escalate a result:",),
         forms=("Escalate", "Escalates", "Escalated", "escalate", "escalates", "escalated")),
    Term("Diminish", DICE, "escalate-diminish", ("Diminish a result:",),
         forms=("Diminish", "Diminishes", "Diminished", "diminish", "diminishes", "diminished")),
    Term("Base dice", DICE, "base-flex-macro", ("Base dice are the dice that make results.",),
         forms=("Base Pool", "base pool", "Base dice", "base dice")),
    Term("Flex dice", DICE, "base-flex-macro", ("Flex dice are extra dice you roll and then discard.",),
         forms=("Flex Dice", "Flex Die", "flex dice", "flex die", "Flex dice")),
    Term("Macro dice", DICE, "base-flex-macro", ("Macro dice are rolled alongside",),
         forms=("Macro dice", "macro dice", "Macro Dice", "macro die")),
    Term("Double [D]", DICE, "reading-a-roll", ("Two dice on the same face make a Double", "A plus sign means"),
         pattern=r"\[D[1-6]?\+?\]"),
    Term("Triple [T]", DICE, "reading-a-roll", ("Three on the same face make a Triple", "A plus sign means"),
         pattern=r"\[T[1-6]?\+?\]"),
    Term("Quad [Q]", DICE, "reading-a-roll", ("Four or more on the same face make a Quad",), pattern=r"\[Q[1-6]?\+?\]"),
    Term("No result [N]", DICE, "reading-a-roll", ("If no face shows twice the roll is [N]",), pattern=r"\[N\]"),
)


def slugify(heading: str) -> str:
    """The id Python-Markdown's toc gives a heading without one of its own ("Reading a roll" -> reading-a-roll)."""
    return re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", heading).strip().lower())


@dataclass
class Section:
    title: str
    blocks: list[str]
    """Plain text of each paragraph, list item and table row (cells joined by " | ")."""
    rows: list[tuple[list[str], list[str]]]
    """Each table row with its header cells."""


def sections(markdown: str) -> dict[str, Section]:
    """Every heading's slug with the text under it (up to the next heading of any level)."""
    tokens = markdown_parser().parse(markdown)
    found: dict[str, Section] = {}
    current = Section("", [], [])
    header: list[str] = []
    row: list[str] = []
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            title = inline_text(tokens[index + 1])
            current = found.setdefault(str(token.attrs.get("id") or slugify(title)), Section(title, [], []))
        elif token.type == "inline" and tokens[index - 1].type == "paragraph_open":
            current.blocks.append(inline_text(token))
        elif token.type == "tr_open":
            row = []
        elif token.type == "inline" and tokens[index - 1].type in ("th_open", "td_open"):
            row.append(inline_text(token))
        elif token.type == "tr_close":
            if tokens[index - 1].type == "th_close":
                header = row
            else:
                current.rows.append((header, row))
                current.blocks.append(" | ".join(row))
    return found


def _sentence(block: str, start: str) -> str:
    """`start` and what follows it to the end of its sentence."""
    text = block[block.find(start):]
    end = re.search(r"(?<=[.!?])\s+(?=[A-Z\"\[`(])", text)
    return text if end is None else text[: end.start()]


def term_record(term: Term, docs_dir: Path, cache: dict[str, dict[str, Section]]) -> dict[str, Any]:
    """One term as the popover reads it (the same shape as a State's or a Trait's)."""
    if term.page not in cache:
        cache[term.page] = sections((docs_dir / term.page).read_text(encoding="utf-8"))
    section = cache[term.page].get(term.slug)
    if section is None:
        raise BuildError(f"defined terms: {term.name!r}: no heading #{term.slug} in {term.page}")
    texts = []
    for start in term.quotes:
        block = next((b for b in section.blocks if start in b), None)
        if block is None:
            raise BuildError(f"defined terms: {term.name!r}: {start!r} is not under #{term.slug} in {term.page}")
        texts.append(block if block.startswith(start) else _sentence(block, start))
    table, word = term.rows
    rows = cache[term.page][table].rows if table in cache[term.page] else []
    fields = [[f"{header[0]} {cells[0]}", ": ".join(cells[1:])]
              for header, cells in rows if any(re.search(rf"\b{word}\b", cell) for cell in cells)]
    if table and not fields:
        raise BuildError(f"defined terms: {term.name!r}: no row of the table under #{table} in {term.page} says {word!r}")
    page = term.page.removesuffix(".md")
    version_scope = page.rsplit("/", 1)[0] + "/"
    return {
        "name": term.name,
        "match": list(term.forms or (term.name,)),
        "pattern": term.pattern,
        "kind": f"Term for a {term.context}, in {section.title}" if term.context else f"Term, in {section.title}",
        "context": term.context,
        "scope": list(JOVIAN_PAGES) if term.page == DICE else [version_scope],
        "url": f"{page}/#{term.slug}",
        "fields": fields,
        "text": " ".join(texts),
        "in_text": True,
    }


def defined_terms(docs_dir: Path) -> list[dict[str, Any]]:
    """Every term of TERMS, quoted from its page."""
    cache: dict[str, dict[str, Section]] = {}
    return [term_record(term, docs_dir, cache) for term in TERMS]
