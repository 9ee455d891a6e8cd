"""A short plain-language summary of what changed in one paired entry, for a player who knows the old version.

First the lines read from the entries' structure (a rename, the requirement, the Skill Test's meaning, a move
to another section, the parts an entry split into, a gap the old text points to, a sentence a text leaves
unfinished), then the lines written by hand in scripts/build/version_changes.py: what a player now does
differently, each claiming the changed spans of the word diff it explains. Complete by construction: `check`
names every changed span no line claims and every claim no span matches, and the build stops on either.
Notation is not a change: "—" and "No" both mean no Skill Test, "Skill" and "Yes" both mean a Skill Test on the
Skill rating (How the dice work §4 "Unopposed rolls and Skill Tests"), and an edit of case or brackets only is
no span of the word diff. Only "Skill/Sensors" becoming "Yes" (a rating choice removed) or a Skill Test added
or removed is a change.

Pure functions over entries and chunks: no MkDocs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from scripts.build.entries import Entry, FieldValue
from scripts.build.version_changes import CHANGES, Line
from scripts.build.version_pairs import Comparison, Match
from scripts.build.word_diff import BREAK, Chunk, same_notation

NO_TEST = ("", "-", "—", "no", "none")
"""Skill Test cells that mean the entry has no Skill Test."""
NUMBER = re.compile(r"\d")
DIGITS = re.compile(r"[^\d]")
LIST_NUMBER = re.compile(r"^\d+\.$")
"""Everything but the digits: "3\"." and "3\"" hold the same number."""


def field_text(value: FieldValue | None) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else "; ".join(value)


def skill_test_meaning(cell: str) -> tuple[str, ...]:
    """The ratings a Skill Test cell lets the player roll; () for no Skill Test. "Yes" is the Skill rating."""
    text = cell.strip()
    if text.casefold() in NO_TEST:
        return ()
    if text.casefold() == "yes":
        return ("Skill",)
    return tuple(part.strip() for part in text.split("/") if part.strip())


def skill_test_change(old_cell: str, new_cell: str, old_version: str, new_version: str) -> str:
    """One sentence on what the Skill Test now means; "" when only the notation differs."""
    old, new = skill_test_meaning(old_cell), skill_test_meaning(new_cell)
    if set(old) == set(new):
        return ""
    if not old:
        return f"Skill Test added: {new_version} asks for a Skill Test ({'/'.join(new)}); {old_version} had none."
    if not new:
        return f"Skill Test removed: {new_version} has no Skill Test; {old_version} rolled {' or '.join(old)}."
    if set(new) < set(old):
        gone = ", ".join(rating for rating in old if rating not in new)
        return (f"Rating choice removed: {old_version} let the player roll {' or '.join(old)}; "
                f"{new_version} rolls {' or '.join(new)} only ({gone} no longer)."
                )
    return f"Skill Test now rolls {' or '.join(new)} (was {' or '.join(old)})."


def requirement_change(old: str, new: str, old_version: str, new_version: str) -> str:
    """One sentence on the requirement; "" when unchanged or changed in notation only."""
    if same_notation(old, new):
        return ""
    if not new.strip() or new.strip() in NO_TEST:
        return (f"Requirement: the {new_version} requirement cell is empty in the texts (was {old}); "
                "the texts do not say whether it was dropped.")
    if not old.strip() or old.strip() in NO_TEST:
        return f"Requirement added: {new}."
    return f"Requirement now {new} (was {old})."


NEGATIONS = frozenset({"not", "no", "never", "cannot", "can't", "nor", "only"})
"""Words that turn a permission or a limit around: "may not be declared" / "may declared"."""
NUMBER_WORDS = {"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "half": "05"}
"""Numbers written as words: "2 total" → "two" changes no number; "fewer" → "0.5x" does."""
ELLIPSIS = "…"
"""In a claim, the middle of a long span left out: "An Interception initiates … Vector Attack action."."""
LABELS = {"rule": "", "number": "Number changed: ", "wording": "Wording only: "}
"""How each kind of line reads on the page (version_changes.Kind)."""


@dataclass(frozen=True, slots=True)
class Span:
    """One changed run of the word diff: the words it deletes and the words it inserts ("" for none)."""

    old: str
    new: str

    def __str__(self) -> str:
        return f"{_quoted(self.old)} → {_quoted(self.new)}"


def _quoted(text: str) -> str:
    return f"“{text}”" if text else "(nothing)"


def spans(chunks: Sequence[Chunk]) -> list[Span]:
    """Every changed span of a word diff, in the text's order: a deletion with the insertion that replaces it, or
    either alone; a span that only moves a paragraph break changes no word and is left out."""
    found: list[Span] = []
    for index, chunk in enumerate(chunks):
        if chunk.op == "del":
            follows = chunks[index + 1] if index + 1 < len(chunks) and chunks[index + 1].op == "ins" else None
            found.append(Span(_text(chunk.tokens), _text(follows.tokens) if follows else ""))
        elif chunk.op == "ins" and not (index and chunks[index - 1].op == "del"):
            found.append(Span("", _text(chunk.tokens)))
    return [span for span in found if span.old or span.new]


def _text(tokens: Sequence[str]) -> str:
    return " ".join(_words(tokens))


def _quotes(quote: str, text: str) -> bool:
    """Whether a claim's side quotes a span's side: the same words, or its start and end around "…"."""
    if ELLIPSIS not in quote:
        return quote == text
    head, tail = (part.strip() for part in quote.split(ELLIPSIS, 1))
    return len(text) > len(head) + len(tail) and text.startswith(head) and text.endswith(tail)


def claimed(claim: tuple[str, str], span: Span) -> bool:
    return _quotes(claim[0], span.old) and _quotes(claim[1], span.new)


def check(changes: Sequence[Line], found: Sequence[Span]) -> list[str]:
    """What is out of step between a rule's lines and the changed spans of its texts: a span no line claims, a claim
    no span matches (stale after an edit of a text), a "number" line whose spans change no number, a "wording" line
    whose spans change a number or a "not". Empty when each line says what the texts changed."""
    problems = [f"no line claims the change {span}" for span in found
                if not any(claimed(claim, span) for change in changes for claim in change.claims)]
    for change in changes:
        mine = [span for span in found if any(claimed(claim, span) for claim in change.claims)]
        named = f"the line “{change.says[:60]}{ELLIPSIS if len(change.says) > 60 else ''}”"
        problems += [f"{named} claims {Span(*claim)}, which the texts no longer change"
                     for claim in change.claims if not any(claimed(claim, span) for span in found)]
        if change.kind == "number" and not any(_numbers(span.old.split()) != _numbers(span.new.split())
                                               for span in mine):
            problems.append(f"{named} is “Number changed” but no number of its spans changed")
        if change.kind == "wording" and any(_numbers(span.old.split()) != _numbers(span.new.split()) or
                                            _negations(span.old.split()) != _negations(span.new.split())
                                            for span in mine):
            problems.append(f"{named} is “Wording only” but a number or a “not” of its spans changed")
    return problems


def written_lines(changes: Sequence[Line]) -> list[str]:
    """The hand-written lines as the page shows them, each with its kind's label."""
    return [LABELS[change.kind] + change.says for change in changes]


def _words(tokens: Sequence[str]) -> tuple[str, ...]:
    return tuple(token for token in tokens if token != BREAK)


def _bare(word: str) -> str:
    return word.strip(".,;:!?()\"“”").casefold()


def _negations(words: Sequence[str]) -> int:
    return sum(1 for word in words if _bare(word) in NEGATIONS)


def _numbers(words: Sequence[str]) -> list[str]:
    """The numbers a run of words states, sorted; a numbered list's "1." is layout, not a number of the rule."""
    found = [NUMBER_WORDS.get(_bare(word)) or DIGITS.sub("", word) for word in words
             if (NUMBER.search(word) or _bare(word) in NUMBER_WORDS) and not LIST_NUMBER.match(word)]
    return sorted(found)


def changes_of(comparison: Comparison) -> dict[str, tuple[Line, ...]]:
    """The hand-written lines of a pair of versions, by new-page slug ({} when none are written)."""
    return CHANGES.get((comparison.game, comparison.old_version, comparison.new_version), {})


def summary_lines(match: Match, comparison: Comparison, chunks: Sequence[Chunk], gap: str,
                  unfinished: Sequence[tuple[str, str]] = ()) -> list[str]:
    """The summary bullets of one paired entry, in reading order (plain text, not yet escaped).

    `gap` names the section the old entry points to that the texts do not hold ("" if none); `unfinished` is each
    (version, sentence) a text of the pair leaves unfinished."""
    old_version, new_version = comparison.old_version, comparison.new_version
    lines: list[str] = []
    if match.renamed:
        lines.append(f"Renamed: {match.old.name} is {match.new.name} in {new_version}.")
    requirement = requirement_change(field_text(match.old.fields.get("Requirement")),
                                     field_text(match.new.fields.get("Requirement")), old_version, new_version)
    if requirement:
        lines.append(requirement)
    if "Skill Test" in match.old.fields or "Skill Test" in match.new.fields:
        test = skill_test_change(field_text(match.old.fields.get("Skill Test")),
                                 field_text(match.new.fields.get("Skill Test")), old_version, new_version)
        if test:
            lines.append(test)
    if match.old.section and match.new.section and match.old.section != match.new.section:
        lines.append(f"Moved: from {old_version}'s {match.old.section} to {new_version}'s {match.new.section} "
                     "(the section says which models may declare it).")
    for part in match.parts:
        lines.append(_part_line(part, match.new, new_version))
    if gap:
        lines.append(f"Procedure: {old_version} kept it in its {gap}, which is not in the texts; the {new_version} "
                     "procedure is compared only by its opening text and is not shown as new.")
    if not entry_has_text(match.old) and any(chunk.op == "ins" for chunk in chunks):
        lines.append(f"Text added: the {old_version} heading had no text of its own.")
    lines += [f"Unfinished in {version}: the text stops after “{sentence}”; the rest of the sentence is not in "
              "the texts." for version, sentence in unfinished]
    lines += written_lines(changes_of(comparison).get(match.new.slug, ()))
    if not lines:
        lines.append("No change: the differences are notation only.")
    return lines


def entry_has_text(entry: Entry) -> bool:
    """True when the entry's body holds more than its requirement table."""
    return any(line.strip() and not line.lstrip().startswith("|") for line in entry.body.split("\n"))


def _part_line(part: Entry, new: Entry, new_version: str) -> str:
    if part.kind == "state":
        return f"Part of the rule is now the {part.name} State."
    return f"Split: part of it is the {part.name} {part.kind.capitalize()} in {new_version}."
