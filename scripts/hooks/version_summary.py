"""A short plain-language summary of what changed in one paired entry, for a player who knows the old version.

Built from the structured differences (the requirement, the Skill Test's meaning, the parts an
entry split into, a gap the old text points to, numbers that changed in the text), after the
hand-written note of the comparison if it has one. Notation is not a change: "—" and "No" both
mean no Skill Test, "Skill" and "Yes" both mean a Skill Test on the Skill rating (MECHANICS §4),
and an edit of case or brackets only is left out. Only "Skill/Sensors" becoming "Yes" (a rating
choice removed) or a Skill Test added or removed is a change.

Pure functions over entries and chunks: no MkDocs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scripts.hooks.entries import Entry, FieldValue
from scripts.hooks.version_pairs import Comparison, Match
from scripts.hooks.word_diff import Chunk, same_notation

NO_TEST = ("", "-", "—", "no", "none")
"""Skill Test cells that mean the entry has no Skill Test."""
NUMBER = re.compile(r"\d")
DIGITS = re.compile(r"[^\d]")
"""Everything but the digits: "3\"." and "3\"" hold the same number."""


def _phrase(words: Sequence[str]) -> str:
    return " ".join(words).rstrip(".,;:")


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


def number_changes(chunks: Sequence[Chunk]) -> list[str]:
    """Each replaced phrase holding a number: "3\" → 4\""."""
    out: list[str] = []
    for deleted, inserted in zip(chunks, chunks[1:]):
        if deleted.op != "del" or inserted.op != "ins":
            continue
        old = [DIGITS.sub("", word) for word in deleted.tokens if NUMBER.search(word)]
        new = [DIGITS.sub("", word) for word in inserted.tokens if NUMBER.search(word)]
        if old and new and old != new and len(deleted.tokens) <= 8 and len(inserted.tokens) <= 8:
            out.append(f"{_phrase(deleted.tokens)} → {_phrase(inserted.tokens)}")
    return out


def summary_lines(match: Match, comparison: Comparison, chunks: Sequence[Chunk], gap: str) -> list[str]:
    """The summary bullets of one paired entry, in reading order (plain text, not yet escaped).

    `gap` names the section the old entry points to that the texts do not hold ("" if none)."""
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
    for part in match.parts:
        lines.append(_part_line(part, match.new, new_version))
    if gap:
        lines.append(f"Procedure: {old_version} kept it in its {gap}, which is not in the texts; the {new_version} "
                     "procedure is compared only by its opening text and is not shown as new.")
    numbers = number_changes(chunks)
    if numbers:
        lines.append("Numbers changed: " + "; ".join(numbers) + ".")
    if not entry_has_text(match.old) and any(chunk.op == "ins" for chunk in chunks):
        lines.append(f"Text added: the {old_version} heading had no text of its own.")
    note = comparison.notes.get(match.new.slug)
    if note:
        lines.append(note)
    if not lines:
        words = any(chunk.op != "same" for chunk in chunks)
        lines.append("Reworded only: the requirement, the Skill Test and the numbers are the same." if words
                     else "No change: the differences are notation only.")
    return lines


def entry_has_text(entry: Entry) -> bool:
    """True when the entry's body holds more than its requirement table."""
    return any(line.strip() and not line.lstrip().startswith("|") for line in entry.body.split("\n"))


def _part_line(part: Entry, new: Entry, new_version: str) -> str:
    if part.kind == "state":
        return f"Part of the rule is now the {part.name} State."
    return f"Split: part of it is the {part.name} {part.kind.capitalize()} in {new_version}."
