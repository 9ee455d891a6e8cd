"""The page's pure functions against rules_core's, run in Node (tests/page_modules.py): no browser needed."""

from __future__ import annotations

from rules_core.wording import counted
from tests.page_modules import run_page_function

NOUNS = ("die", "ship", "Boarder")
"""The nouns the page counts (dice missing or typed, ships in a fleet, Boarders aboard)."""


def test_the_pages_counted_words_are_rules_cores() -> None:
    """Assert words.js says a count and its noun as rules_core/wording.py does ("1 die", "0 dice", "2 ships"), and
    chooses "it"/"them" and "is"/"are" by the same rule: one is singular, any other count plural."""
    said = run_page_function("""async (nouns, load) => {
        const { counted, forCount, itOrThem } = await load("words");
        const counts = [0, 1, 2, 3];
        return {
            counted: nouns.flatMap((noun) => counts.map((count) => counted(count, noun))),
            pronouns: counts.map(itOrThem),
            verbs: counts.map((count) => forCount(count, "is", "are")),
        };
    }""", list(NOUNS))
    assert isinstance(said, dict)
    assert said["counted"] == [counted(count, noun) for noun in NOUNS for count in range(4)]
    assert said["pronouns"] == ["them", "it", "them", "them"]
    assert said["verbs"] == ["are", "is", "are", "are"]
