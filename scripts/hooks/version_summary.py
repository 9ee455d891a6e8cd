"""A short plain-language summary of what changed in one paired entry, for a player who knows the old version.

Built from the structured differences (the requirement, the Skill Test's meaning, the parts an
entry split into, a gap the old text points to), then one line for every changed run of words of
the text, so no change is left out (complete by construction: `text_changes` gives each changed
run exactly one line, and `unclaimed` is empty): a reversed permission first, then a changed
number, a sentence added or dropped, and any other rewording quoted old → new. Then the
hand-written note of the comparison if it has one. Notation is not a change: "—" and "No" both
mean no Skill Test, "Skill" and "Yes" both mean a Skill Test on the Skill rating (MECHANICS §4),
and an edit of case or brackets only is left out. Only "Skill/Sensors" becoming "Yes" (a rating
choice removed) or a Skill Test added or removed is a change.

Pure functions over entries and chunks: no MkDocs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from scripts.hooks.entries import Entry, FieldValue
from scripts.hooks.version_pairs import Comparison, Match
from scripts.hooks.word_diff import BREAK, Chunk, same_notation

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


NEGATIONS = frozenset({"not", "no", "never", "cannot", "can't", "nor", "only"})
"""Words that turn a permission or a limit around: "may not be declared" / "may declared"."""
SENTENCE_END = re.compile(r"[.!?][\"')\]]*$")
CONTEXT = 3
"""Unchanged words quoted on each side of a short change, so "not be" reads as "…may not be declared…"."""
SHORT = 3
"""A change of at most this many words on each side is quoted with its context."""


@dataclass(frozen=True, slots=True)
class Region:
    """One changed run of the text, with the unchanged words around it."""

    old: tuple[str, ...]
    """The words only the old text has (BREAK marks a paragraph end)."""
    new: tuple[str, ...]
    """The words only the new text has."""
    before: tuple[str, ...]
    """The unchanged words just before it (at most CONTEXT)."""
    after: tuple[str, ...]
    """The unchanged words just after it."""


def regions(chunks: Sequence[Chunk]) -> list[Region]:
    """Every changed run of words: a deletion with the insertion that replaces it, or either alone."""
    out: list[Region] = []
    for index, chunk in enumerate(chunks):
        if chunk.op == "del":
            follows = chunks[index + 1] if index + 1 < len(chunks) and chunks[index + 1].op == "ins" else None
            old, new, last = chunk.tokens, follows.tokens if follows else (), index + (2 if follows else 1)
        elif chunk.op == "ins" and not (index and chunks[index - 1].op == "del"):
            old, new, last = (), chunk.tokens, index + 1
        else:
            continue
        before = _words(chunks[index - 1].tokens)[-CONTEXT:] if index and chunks[index - 1].op == "same" else ()
        after = _words(chunks[last].tokens)[:CONTEXT] if last < len(chunks) and chunks[last].op == "same" else ()
        out.append(Region(old, new, before, after))
    return out


def _words(tokens: Sequence[str]) -> tuple[str, ...]:
    return tuple(token for token in tokens if token != BREAK)


def _negations(words: Sequence[str]) -> int:
    return sum(1 for word in words if word.strip(".,;:!?").casefold() in NEGATIONS)


def _numbers(words: Sequence[str]) -> list[str]:
    return [DIGITS.sub("", word) for word in words if NUMBER.search(word)]


def _quote(words: Sequence[str]) -> str:
    return f"“{_phrase(words)}”"


def _in_context(region: Region, words: Sequence[str]) -> str:
    """A short change quoted inside its unchanged neighbours: “…may not be declared…”."""
    return f"“…{_phrase([*region.before, *words, *region.after])}…”"


def region_line(region: Region, old_version: str, new_version: str) -> tuple[int, str]:
    """The summary line of one changed run, with its rank (reversals first, then numbers, sentences, rewording)."""
    old, new = _words(region.old), _words(region.new)
    short = len(old) <= SHORT and len(new) <= SHORT
    where = (f" ({old_version} {_in_context(region, old)}, {new_version} {_in_context(region, new)})"
             if short and (region.before or region.after) else "")
    plain = [word for word in (*old, *new) if word.strip(".,;:!?").casefold() not in NEGATIONS]
    if _negations(old) != _negations(new) and len(plain) <= 2:
        return 0, f"Reversed: {_quote(old) if old else '(nothing)'} → {_quote(new) if new else '(nothing)'}{where}."
    if _numbers(old) and _numbers(new) and _numbers(old) != _numbers(new):
        return 1, f"Number changed: {_quote(old)} → {_quote(new)}{where}."
    if not old:
        whole = bool(SENTENCE_END.search(new[-1])) and len(new) > SHORT
        return 2, f"{'Sentence added' if whole else 'Added'} in {new_version}: {_quote(new)}{where}."
    if not new:
        whole = bool(SENTENCE_END.search(old[-1])) and len(old) > SHORT
        return 2, f"{'Sentence dropped' if whole else 'Dropped'} from {old_version}: {_quote(old)}{where}."
    return 3, f"Reworded: {_quote(old)} → {_quote(new)}{where}."


def text_changes(chunks: Sequence[Chunk], old_version: str, new_version: str) -> list[str]:
    """One line per changed run of words, the ones that matter most to a returning player first; the same line
    for several runs once, with how many ("Special" dropped from "Special Action" three times)."""
    ranked = [region_line(region, old_version, new_version) for region in regions(chunks)
              if _words(region.old) or _words(region.new)]
    counts: dict[str, int] = {}
    for _, line in sorted(ranked, key=lambda pair: pair[0]):
        counts[line] = counts.get(line, 0) + 1
    return [line if times == 1 else f"{line[:-1]} ({times} times)." for line, times in counts.items()]


def unclaimed(chunks: Sequence[Chunk], lines: Sequence[str]) -> list[str]:
    """Changed words no summary line quotes: empty by construction (the build checks it)."""
    said = " ".join(lines)
    return [" ".join(words) for region in regions(chunks) for words in (_words(region.old), _words(region.new))
            if words and _quote(words) not in said]


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
    lines += text_changes(chunks, old_version, new_version)
    note = comparison.notes.get(match.new.slug)
    if note:
        lines.append(note)
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
