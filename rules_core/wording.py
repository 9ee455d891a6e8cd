"""Small wording helpers so a resolver's sentences read right for any number (1 die, 2 dice)."""

from __future__ import annotations

IRREGULAR: dict[str, str] = {"die": "dice"}
"""Nouns whose plural is not the noun plus "s"."""


def counted(count: int, noun: str) -> str:
    """"1 die", "3 dice", "1 Critical Hit", "0 Boarders": the count with its noun in the right number."""
    if count == 1:
        return f"1 {noun}"
    head, _, last = noun.rpartition(" ")
    plural = IRREGULAR.get(last, f"{last}s")
    return f"{count} {head + ' ' if head else ''}{plural}"


def structure_lost(lost: int) -> str:
    """"-2 Structure", or "no Structure lost" rather than "-0 Structure"."""
    return f"-{lost} Structure" if lost else "no Structure lost"
