"""The look-up glossary: assets/glossary.json, the definitions a tap on a term opens in a popover.

Built from the pages themselves, so the popover says nothing the site does not:
    State  every entry of kind "state" on a rules page: its requirement table (Requirements,
           Entering, Cancellation) and its first paragraph, in the rule's words;
    Trait  every trait of the Traits glossary (docs/jovian-wars/traits.md): its first paragraph;
    Term   the words a rule defines inside its text (Crippled, Captured) and the dice system's
           (Escalate, flex dice, [D]), quoted from where the site defines them (defined_terms.py).
States and Terms are marked wherever one of their forms (`match`, or the regular expression
`pattern`) appears in a page's text or a resolver's labels and steps (`in_text`); traits only where
the text already links them to the glossary, since some of their names are common words.
Each term carries the page folders it belongs to (`scope`): a v1.2.4 State is looked up on v1.2.4
pages only; traits serve every Jovian Wars page, the dice system's words those and the Dice page. A word
defined once per context (Destroyed: a Capital Ship's, a Squadron's) is one term per context, and `places` and
`resolvers` say which context each entry and widget is (term_contexts.py). scripts/build_site.py writes the file after the
site generator and before the service worker, so the precache list includes it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from scripts.build.defined_terms import defined_terms
from scripts.build.entries import Entry, inline_text, load_entries, markdown_parser
from scripts.build.term_contexts import contexts
from rules_core import resolver_ids

GLOSSARY = "assets/glossary.json"
TRAITS_PAGE = "jovian-wars/traits.md"
TRAIT_HEADING = re.compile(r"^## (?P<name>.+?) \{#(?P<slug>[a-z0-9-]+)\}\s*$", re.MULTILINE)
TERM_NAME = re.compile(r":X$")
"""A State named for its value ("Targeted:X") is written "Targeted:2" in the text: match the stem."""


def first_paragraph(markdown: str) -> str:
    """Plain text of the first paragraph of a block of Markdown ("" if it has none)."""
    tokens = markdown_parser().parse(markdown)
    for index, token in enumerate(tokens):
        if token.type == "paragraph_open" and token.level == 0:
            return inline_text(tokens[index + 1])
    return ""


def state_term(entry: Entry) -> dict[str, Any]:
    """One State: its requirement table's cells and its first paragraph."""
    return {
        "name": entry.name,
        "match": [TERM_NAME.sub("", entry.name)],
        "pattern": "",
        "kind": "State",
        "scope": [f"{entry.game}/{entry.version}/"],
        "url": f"{entry.game}/{entry.version}/{entry.page}/#{entry.slug}",
        "fields": [[header, value] for header, value in entry.fields.items() if isinstance(value, str) and value],
        "text": first_paragraph(entry.body),
        "in_text": True,
    }


def trait_terms(markdown: str) -> list[dict[str, Any]]:
    """Every trait heading of the Traits glossary with its first paragraph."""
    headings = list(TRAIT_HEADING.finditer(markdown))
    terms: list[dict[str, Any]] = []
    for heading, following in zip(headings, headings[1:] + [None]):
        body = markdown[heading.end(): following.start() if following else len(markdown)]
        terms.append({
            "name": heading["name"],
            "match": [heading["name"]],
            "pattern": "",
            "kind": "Trait",
            "scope": ["jovian-wars/"],
            "url": f"jovian-wars/traits/#{heading['slug']}",
            "fields": [],
            "text": first_paragraph(body),
            "in_text": False,  # Link, Repair, Comms are common words too: marked where the text links them
        })
    return terms


def glossary(docs_dir: Path) -> dict[str, Any]:
    """Every term a page may look up: States, Traits, then the terms defined in the texts; and the context of each
    place where a term defined once per context may be tapped."""
    terms = [state_term(entry) for entry in load_entries(docs_dir) if entry.kind == "state"]
    traits = docs_dir / TRAITS_PAGE
    if traits.exists():
        terms += trait_terms(traits.read_text(encoding="utf-8"))
    return {"terms": terms + defined_terms(docs_dir), **contexts(docs_dir, set(resolver_ids()))}


def write_glossary(site_dir: Path, docs_dir: Path) -> None:
    """Write site_dir/assets/glossary.json from the rules pages under docs_dir."""
    target = site_dir / GLOSSARY
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(glossary(docs_dir), ensure_ascii=False, indent=1), encoding="utf-8")
