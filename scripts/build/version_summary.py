"""A short plain-language summary of what changed in one paired entry, for a player who knows the old version.

Built from the structured differences (the requirement, the Skill Test's meaning, the parts an
entry split into, a gap the old text points to), then one line for every change of the text's
words, so no change is left out (complete by construction: `text_changes` quotes every changed
run of the word diff, and `unclaimed`, read from the word diff itself, is empty): a reversed
permission first, then a changed number, then a sentence added or dropped or any other change of
the words ("Changed", in the text's order), and last a rewording. "Reworded" is said only where
the two texts say the same thing: a spelling fix, or v1.2.4's term for the same thing (a token
became a state, "removed" "canceled"); anything else may change the rule and is "Changed".
Changed runs a few words apart are one change, quoted whole. Then the hand-written note of the
comparison if it has one. Notation is not a change: "—" and "No" both mean no Skill Test, "Skill"
and "Yes" both mean a Skill Test on the Skill rating (How the dice work §4 "Unopposed rolls and Skill Tests"), and an edit of case or
brackets only is left out. Only "Skill/Sensors" becoming "Yes" (a rating choice removed) or a
Skill Test added or removed is a change.

Pure functions over entries and chunks: no MkDocs.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from scripts.build.entries import Entry, FieldValue
from scripts.build.version_pairs import Comparison, Match
from scripts.build.word_diff import BREAK, Chunk, same_notation

NO_TEST = ("", "-", "—", "no", "none")
"""Skill Test cells that mean the entry has no Skill Test."""
NUMBER = re.compile(r"\d")
DIGITS = re.compile(r"[^\d]")
LIST_NUMBER = re.compile(r"^\d+\.$")
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
"""Unchanged words quoted on each side of a short change, so "not be" reads as "…may not be declared…"; changed runs
this close together are one change, quoted whole ("ends a Move … within 3"" → "is within 3" at any point …")."""
SHORT = 3
"""A change of at most this many words on each side is quoted with its context."""
JOINED = 16
"""Most words a side of changed runs joined into one change: past it each run is its own point (a rewritten paragraph
stays a list of points a player can read, not one quote of the whole)."""
NUMBER_WORDS = {"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "half": "05"}
"""Numbers written as words: "2 total" → "two" changes no number; "fewer" → "0.5x" does."""
SAME_TERMS = {("token", "state"), ("removed", "canceled"), ("roll", "test"), ("check", "test"), ("a", "an"),
              ("a", "the"), ("the", "")}
"""Old word → new word pairs that name the same thing in v1.2.4's terms (a token became a state, a Skill Check or Roll
a Skill Test, "removed" of a token "canceled" of a state), casefolded: the only changes "Reworded" may call wording."""
SPELLING = 0.75
"""A changed word this similar to its replacement (Captial/Capital, Squardon/Squadron) is a spelling fix."""


@dataclass(frozen=True, slots=True)
class Region:
    """One change of the text: changed runs of words close together, with the unchanged words between and around."""

    old: tuple[str, ...]
    """The old text of the change: its changed words and the unchanged ones between them (BREAK marks a paragraph)."""
    new: tuple[str, ...]
    """The new text of the change, likewise."""
    before: tuple[str, ...]
    """The unchanged words just before it (at most CONTEXT)."""
    after: tuple[str, ...]
    """The unchanged words just after it."""
    runs: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
    """Each changed run inside it as (old words, new words): what the kind of change is judged on."""


def regions(chunks: Sequence[Chunk]) -> list[Region]:
    """Every change: a deletion with the insertion that replaces it, or either alone, joined with the next one when at
    most CONTEXT unchanged words (and no paragraph end) separate them."""
    runs: list[tuple[int, int, tuple[str, ...], tuple[str, ...]]] = []  # (first chunk, last chunk + 1, old, new)
    for index, chunk in enumerate(chunks):
        if chunk.op == "del":
            follows = chunks[index + 1] if index + 1 < len(chunks) and chunks[index + 1].op == "ins" else None
            runs.append((index, index + (2 if follows else 1), chunk.tokens, follows.tokens if follows else ()))
        elif chunk.op == "ins" and not (index and chunks[index - 1].op == "del"):
            runs.append((index, index + 1, (), chunk.tokens))
    groups: list[list[tuple[int, int, tuple[str, ...], tuple[str, ...]]]] = []
    for run in runs:
        if groups and _joins(chunks, groups[-1], run):
            groups[-1].append(run)
        else:
            groups.append([run])
    out: list[Region] = []
    for group in groups:
        first, last = group[0][0], group[-1][1]
        old: list[str] = []
        new: list[str] = []
        for position, (_start, _end, was, now) in enumerate(group):
            if position:
                between = chunks[group[position - 1][1]].tokens
                old += between
                new += between
            old += was
            new += now
        before = _words(chunks[first - 1].tokens)[-CONTEXT:] if first and chunks[first - 1].op == "same" else ()
        after = _words(chunks[last].tokens)[:CONTEXT] if last < len(chunks) and chunks[last].op == "same" else ()
        out.append(Region(tuple(old), tuple(new), before, after, tuple((was, now) for _, _, was, now in group)))
    return out


def _rewrites(old: Sequence[str], new: Sequence[str]) -> bool:
    """Whether a changed run, alone, is a plain change of the rule's words: neither a reversal, a number, a sentence
    added or dropped, nor wording. Only such runs join: a number or a reversal keeps a line of its own."""
    was, now = _words(old), _words(new)
    return bool(was and now) and not _reverses(was, now) and _numbers(was) == _numbers(now) and not _same_thing(was, now)


def _joins(chunks: Sequence[Chunk], group: Sequence[tuple[int, int, tuple[str, ...], tuple[str, ...]]],
           run: tuple[int, int, tuple[str, ...], tuple[str, ...]]) -> bool:
    """Whether a changed run belongs to the change before it: one short unchanged chunk between them, within a
    paragraph, both plain changes of the words (`_rewrites`), and the change short enough to read as one (at most JOINED
    words a side)."""
    end, start = group[-1][1], run[0]
    if start != end + 1 or chunks[end].op != "same" or not (_rewrites(*group[-1][2:]) and _rewrites(*run[2:])):
        return False
    between = chunks[end].tokens
    if len(between) > CONTEXT or BREAK in between:
        return False
    old_words = sum(len(part[2]) for part in group) + len(between) * len(group) + len(run[2])
    new_words = sum(len(part[3]) for part in group) + len(between) * len(group) + len(run[3])
    return max(old_words, new_words) <= JOINED


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


def _reverses(old: Sequence[str], new: Sequence[str]) -> bool:
    """Whether a changed run turns a permission or a limit around: a "not" or "only" added or dropped, with at most two
    other words changed beside it."""
    plain = [word for word in (*old, *new) if _bare(word) not in NEGATIONS]
    return _negations(old) != _negations(new) and len(plain) <= 2


def _same_thing(old: Sequence[str], new: Sequence[str]) -> bool:
    """Whether a changed run says the same thing in other words: a spelling fix, or v1.2.4's term for the same thing
    (SAME_TERMS), word by word. Anything else may change the rule, so it is never called wording."""
    if len(old) != len(new) and not (len(old) == 1 and not new and (_bare(old[0]), "") in SAME_TERMS):
        return False
    for was, now in itertools.zip_longest(old, new, fillvalue=""):
        a, b = _bare(was), _bare(now)
        if a == b or (a, b) in SAME_TERMS:
            continue
        if a and b and not NUMBER.search(a + b) and difflib.SequenceMatcher(None, a, b).ratio() >= SPELLING \
                and a[0] == b[0]:
            continue
        return False
    return True


def _quote(words: Sequence[str]) -> str:
    return f"“{_phrase(words)}”"


def _in_context(region: Region, words: Sequence[str]) -> str:
    """A short change quoted inside its unchanged neighbours: “…may not be declared…”."""
    return f"“…{_phrase([*region.before, *words, *region.after])}…”"


def region_line(region: Region, old_version: str, new_version: str) -> tuple[int, str]:
    """The summary line of one change, with its rank: a reversed permission, a changed number, a sentence added or
    dropped, then any other change of the words ("Changed"), and last a rewording that says the same thing
    ("Reworded": a spelling fix or v1.2.4's term for the same thing, nothing else)."""
    old, new = _words(region.old), _words(region.new)
    changed_old = [word for was, _ in region.runs for word in _words(was)]
    changed_new = [word for _, now in region.runs for word in _words(now)]  # numbers are judged on the changed words
    reversed_ = any(_reverses(_words(was), _words(now)) for was, now in region.runs)
    short = len(old) <= SHORT and len(new) <= SHORT
    where = (f" ({old_version} {_in_context(region, old)}, {new_version} {_in_context(region, new)})"
             if (short or reversed_) and (region.before or region.after) else "")  # a reversal always in its sentence
    if reversed_:
        return 0, f"Reversed: {_quote(old) if old else '(nothing)'} → {_quote(new) if new else '(nothing)'}{where}."
    if old and new and _numbers(changed_old) != _numbers(changed_new):
        return 1, f"Number changed: {_quote(old) if old else '(nothing)'} → {_quote(new) if new else '(nothing)'}{where}."
    if not old:
        whole = bool(SENTENCE_END.search(new[-1])) and len(new) > SHORT
        return 2, f"{'Sentence added' if whole else 'Added'} in {new_version}: {_quote(new)}{where}."
    if not new:
        whole = bool(SENTENCE_END.search(old[-1])) and len(old) > SHORT
        return 2, f"{'Sentence dropped' if whole else 'Dropped'} from {old_version}: {_quote(old)}{where}."
    if all(_same_thing(_words(was), _words(now)) for was, now in region.runs):
        return 3, f"Reworded: {_quote(old)} → {_quote(new)}{where}."
    return 2, f"Changed: {_quote(old)} → {_quote(new)}{where}."


def text_changes(chunks: Sequence[Chunk], old_version: str, new_version: str) -> list[str]:
    """One line per change of the words, the ones that matter most to a returning player first; the same line for
    several changes once, with how many ("Special" dropped from "Special Action" three times)."""
    ranked = [region_line(region, old_version, new_version) for region in regions(chunks)
              if _words(region.old) or _words(region.new)]
    counts: dict[str, int] = {}
    for _, line in sorted(ranked, key=lambda pair: pair[0]):
        counts[line] = counts.get(line, 0) + 1
    return [line if times == 1 else f"{line[:-1]} ({times} times)." for line, times in counts.items()]


QUOTED = re.compile(r"“…?(.*?)…?”")


def unclaimed(chunks: Sequence[Chunk], lines: Sequence[str]) -> list[str]:
    """Changed words no summary line quotes: empty by construction (the build checks it). Read from the word diff's
    own changed runs, not from `regions`, so a change the grouping dropped would show here."""
    quoted = [match.group(1) for line in lines for match in QUOTED.finditer(line)]
    missing = []
    for chunk in chunks:
        if chunk.op == "same":
            continue
        words = _words(chunk.tokens)
        if words and not any(_phrase(words) in quote for quote in quoted):
            missing.append(" ".join(words))
    return missing


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
