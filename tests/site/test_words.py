"""The page's words that agree with a count (calculators/page/words.js), in the browser: the same as rules_core's."""

from __future__ import annotations

import pytest

from rules_core.wording import counted

pytestmark = [pytest.mark.browser]

NOUNS = ("die", "ship", "Boarder")
"""The nouns the page counts (dice missing or typed, ships in a fleet, Boarders aboard)."""


def test_the_pages_counted_words_are_rules_cores(page, page_log, site_url) -> None:
    """Assert words.js says a count and its noun as rules_core/wording.py does ("1 die", "0 dice", "2 ships"), and
    chooses "it"/"them" and "is"/"are" by the same rule: one is singular, any other count plural."""
    page.goto(site_url + "dice/")
    said = page.evaluate("""async (nouns) => {
        const { counted, forCount, itOrThem } = await import(location.origin + '/assets/calculators/page/words.js');
        const counts = [0, 1, 2, 3];
        return {
            counted: nouns.flatMap((noun) => counts.map((count) => counted(count, noun))),
            pronouns: counts.map(itOrThem),
            verbs: counts.map((count) => forCount(count, "is", "are")),
        };
    }""", list(NOUNS))
    assert said["counted"] == [counted(count, noun) for noun in NOUNS for count in range(4)]
    assert said["pronouns"] == ["them", "it", "them", "them"]
    assert said["verbs"] == ["are", "is", "are", "are"]
    assert page_log.foreign(site_url) == []
