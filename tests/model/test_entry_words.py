"""Nothing cut: every sentence of a v1.2.1 Special Action and every field of a War Galley mode is in its resolver's
own words (issue 20), and every pointer to a section the texts do not hold shows a gap (How the dice work §10).

The page always shows the entry's text above its resolver; these tests hold the resolver to it too, since the
resolver's answer is what a player reads at the table once the form is open.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from rules_core import describe, resolve
from rules_core.readings import GALLEY_POINTERS
from scripts.build.entries import Entry, inline_text, load_entries, markdown_parser

DOCS = Path(__file__).resolve().parents[2] / "docs"
ENTRIES = load_entries(DOCS)
V121 = [e for e in ENTRIES if e.version == "v1.2.1" and e.kind == "action"]
GALLEY = [e for e in ENTRIES if e.game == "war-galley" and e.kind == "mode"]
POINTERS = re.compile(r"\b(?:[Rr]esolve an? [A-Z][\w ]*?(?:Special Action|attempt)|resolves? a Dogfight|"
                      r"Initiate a Boarding Action)")
"""A v1.2.1 sentence that hands the play to a procedure of its own ("Resolve a Bombing Run Special Action")."""
GALLEY_POINTER = re.compile(r"\b(?:Check [a-z/ ]+|[A-Z]\w* losses|Note [\w-]+|Resolve [A-Z]\w*)")
"""A War Galley aid line that hands the play to another rule ("Check fatigue", "Possible losses", "Resolve Ram"): found
by its form, not by the ledger's list, so a pointer the ledger misses is caught."""
HELD = {"Resolve Ram": "ram"}
"""Pointers to a row the aid itself holds (Reaction Ram's "Resolve Ram" resolves the Ram row): no gap."""


def body_sentences(entry: Entry) -> list[str]:
    """The plain text of each paragraph and list item of the entry's body, split into sentences."""
    tokens = markdown_parser().parse(entry.body)
    texts = [inline_text(token) for token in tokens if token.type == "inline" and not _in_table(tokens, token)]
    return [part for text in texts for part in re.split(r"(?<=[.!?])\s+", text) if part.strip()]


def _in_table(tokens: list, token: object) -> bool:
    index = tokens.index(token)
    opened = sum(1 for t in tokens[:index] if t.type == "table_open")
    closed = sum(1 for t in tokens[:index] if t.type == "table_close")
    return opened > closed


def words_of(resolver_id: str) -> str:
    """Everything the resolver says: summary, checks, headline and steps, at its defaults and for each result the
    player can give (a galley mode's success and failure, each stage of it)."""
    declared = describe(resolver_id)
    results = [spec["name"] for spec in declared["inputs"]
               if spec["kind"] == "choice" and {"success", "failure"} <= set(spec.get("choices") or [])]
    speeds = [spec["choices"] for spec in declared["inputs"] if spec["name"] == "speed"]  # a result line per speed
    cases = [{**dict(zip(results, outcome)), **({"speed": speed} if speeds else {})}
             for outcome in itertools.product(("success", "failure"), repeat=len(results))
             for speed in (speeds[0] if speeds else [None])]
    parts: list[object] = [declared["summary"]]
    for given in cases or [{}]:
        said = resolve(resolver_id, given)
        outcome = said["outcome"]
        parts += [outcome.get("headline", ""), *said["steps"], *(f"{c['label']} {c['detail']}" for c in said.get("checks") or []),
                  *(d["defense"] for d in outcome.get("defenses") or [])]
    return " ".join(" ".join(str(part).split()) for part in parts)


@pytest.mark.parametrize("entry", V121, ids=lambda e: e.slug)
def test_every_sentence_of_a_v121_special_action_is_in_its_resolver(entry: Entry) -> None:
    """Assert each sentence of the Special Action's text is in its resolver's words (Return to Base once lost its
    first and last sentences, Reactive Interception its trigger and its Note)."""
    said = words_of(f"jovian-wars/v1.2.1/{entry.slug}")
    missing = [sentence for sentence in body_sentences(entry) if " ".join(sentence.split()) not in said]
    assert missing == []


@pytest.mark.parametrize("entry", V121, ids=lambda e: e.slug)
def test_every_pointer_to_a_missing_section_shows_a_gap(entry: Entry) -> None:
    """Assert a v1.2.1 sentence that hands the play to a procedure the texts do not hold ("Resolve a Bombing Run
    Special Action", "resolve a Dogfight") comes with a gap note, never a v1.2.4 reading."""
    pointers = [match.group(0) for sentence in body_sentences(entry) for match in POINTERS.finditer(sentence)]
    answer = resolve(f"jovian-wars/v1.2.1/{entry.slug}", {})
    assert bool(pointers) == ("gap" in answer["outcome"]), pointers
    if pointers:
        assert answer["outcome"]["gap"].startswith("Gap in the texts:")


def test_the_pointers_found_are_the_ones_the_texts_hold() -> None:
    """Assert the pointer pattern finds every v1.2.1 procedure the texts do not hold (so the test above bites)."""
    found = {e.slug for e in V121 if any(POINTERS.search(s) for s in body_sentences(e))}
    assert found == {"boarding-party", "bombing-run", "active-interception", "reactive-interception", "damage-control",
                     "ramming-speed"}


@pytest.mark.parametrize("entry", GALLEY, ids=lambda e: e.slug)
def test_every_field_of_a_galley_mode_is_in_its_resolver(entry: Entry) -> None:
    """Assert every condition, active defense and result line of a War Galley mode is in its resolver's words."""
    said = words_of(f"war-galley/aid/{entry.slug}")
    cells = [item for value in entry.fields.values() for item in ((value,) if isinstance(value, str) else value)]
    lines = [line.strip() for cell in cells for line in re.split(r"<br>|\n", cell) if line.strip()]
    missing = [line for line in lines if line not in ("None", "-", "—") and " ".join(line.split()) not in said]
    assert missing == []


def galley_lines(entry: Entry) -> list[str]:
    cells = [item for value in entry.fields.values() for item in ((value,) if isinstance(value, str) else value)]
    return [line.strip() for cell in cells for line in re.split(r"<br>|\n", cell) if line.strip()]


def galley_pointers(entry: Entry) -> set[str]:
    return {match.group(0).removesuffix(" (at roll of 7)").strip() for line in galley_lines(entry)
            for match in GALLEY_POINTER.finditer(line)}


@pytest.mark.parametrize("entry", GALLEY, ids=lambda e: e.slug)
def test_every_pointer_of_a_galley_mode_to_a_missing_section_shows_a_gap(entry: Entry) -> None:
    """Assert each line of a War Galley mode that hands the play to a rulebook section the texts do not hold ("Check
    fatigue", "Check for fouling/retraction", "Possible losses", "Note movement-restricted") comes with that gap, shown
    in its resolver's answer and summary, and a pointer to a row the aid holds ("Resolve Ram") with that row's gaps
    (issue 20: no War Galley pointer showed a gap)."""
    pointers = galley_pointers(entry)
    held = [HELD[p] for p in pointers if p in HELD]
    expected = [GALLEY_POINTERS[p].text for p in GALLEY_POINTERS if any(p in q for q in pointers if q not in HELD)]
    expected += [GALLEY_POINTERS[p].text for row in held for p in GALLEY_POINTERS
                 if any(p in q for q in galley_pointers(next(e for e in GALLEY if e.slug == row)))]
    assert set(pointers) - set(HELD) <= {q for q in pointers for p in GALLEY_POINTERS if p in q}, "a pointer with no gap"
    resolver_id = f"war-galley/aid/{entry.slug}"
    answer = resolve(resolver_id, {})
    shown = answer["outcome"].get("gap", "")
    assert [text for text in dict.fromkeys(expected) if text not in shown] == []
    assert len(shown) == len(" ".join(dict.fromkeys(expected))), "a gap the row does not point to"
    assert all(text in describe(resolver_id)["summary"] for text in expected)


def test_the_galley_pointers_found_are_the_ones_the_aid_holds() -> None:
    """Assert the pointer pattern finds each pointer of the aid (so the test above bites)."""
    found = {e.slug: sorted(galley_pointers(e)) for e in GALLEY if galley_pointers(e)}
    assert found == {"ram": ["Check fatigue", "Check for fouling/retraction"], "rake-pass-by": ["Note movement-restricted"],
                     "anastrophe": ["Check fatigue", "Check for fouling/retraction"], "boarding": ["Possible losses"],
                     "reaction-ram": ["Resolve Ram"]}


@pytest.mark.parametrize(("mode", "given", "shown"), [
    ("ram", {"result": "success"}, ["Check fatigue", "Check for fouling/retraction"]),
    ("ram", {"result": "failure"}, ["Check fatigue"]),  # a failed ram's lines hold no fouling check
    ("reaction-ram", {"reaction_result": "failure"}, []),  # no ram is resolved
    ("reaction-ram", {"reaction_result": "success", "result": "failure"}, ["Check fatigue"]),
    ("boarding", {"result": "failure"}, ["Possible losses"]),
])
def test_a_galley_result_shows_the_gaps_of_the_lines_it_says(mode: str, given: dict, shown: list[str]) -> None:
    """Assert once a result is given, a galley mode shows the gaps of the lines it states, and no other."""
    gap = resolve(f"war-galley/aid/{mode}", given)["outcome"].get("gap", "")
    assert [pointer for pointer in GALLEY_POINTERS if GALLEY_POINTERS[pointer].text in gap] == shown
