"""Dice typed are dice used: an answer that needed a die the player did not type says so.

The oracle does not read the marks it checks: an answer depends on dice the site rolled exactly
when resolving the same inputs under other seeds changes what it says. Such an answer must say
"(N dice rolled by the site)" beside its headline, list those faces, and mark them in its steps;
an answer every seed leaves unchanged must say nothing of the kind.
"""

from __future__ import annotations

import pytest

from rules_core.registry import resolve

MARK = "rolled by the site"
SEEDS = range(1, 13)

HALF_TYPED = [
    # Ram: the three pools typed, the optional damage keypads empty (the Catastrophic Damage Table dice), a seed
    # given (without one they are asked in turn: test_turns.py)
    ("jovian-wars/v1.2.4/ram", {"ramming_ship": {"structure": 1}, "target_ship": {"structure": 1}, "seed": 3, "skill_roll": {"dice": [1, 1, 3]}, "ram": {"dice": [1, 1, 2, 3, 5]}, "target": {"dice": [2, 2, 3]}}),
    # the same, every die typed: nothing rolled by the site
    ("jovian-wars/v1.2.4/ram", {"ramming_ship": {"structure": 1}, "target_ship": {"structure": 1}, "rammer_hit_dice": [4], "target_hit_dice": [6], "skill_roll": {"dice": [1, 1, 3]}, "ram": {"dice": [1, 1, 2, 3, 5]}, "target": {"dice": [2, 2, 3]}}),
    # a typed roll that needs no further die
    ("jovian-wars/v1.2.4/ram", {"skill_roll": {"dice": [1, 2, 3]}, "ram": {"dice": [1, 2, 3, 4, 5]}, "target": {"dice": [1, 2, 3]}}),
    # Capital Ship Damage: a [T] to Structure 1 rolls on the Catastrophic Damage Table
    ("jovian-wars/v1.2.4/capital-ship-damage", {"ship": {"structure": 1}, "seed": 3, "roll": {"base": 3, "dice": [6, 6, 6]}}),
    ("jovian-wars/v1.2.4/capital-ship-damage", {"ship": {"structure": 1}, "random_dice": [1, 2], "roll": {"base": 3, "dice": [6, 6, 6]}}),
    ("jovian-wars/v1.2.4/catastrophic-damage-table", {}),
    ("jovian-wars/v1.2.4/catastrophic-damage-table", {"die": [3]}),
    ("jovian-wars/v1.2.4/boarded", {"boarders_roll": {"dice": [2, 2, 2]}, "marines_roll": {"dice": [1, 3]}}),
    ("dice/unopposed", {"seed": 5}),
    ("dice/unopposed", {"roll": {"dice": [2, 2, 4]}}),
]


def said(answer: dict[str, object]) -> str:
    outcome = answer.get("outcome") or {}
    assert isinstance(outcome, dict)
    return "\n".join([str(outcome.get("headline", "")), *map(str, answer.get("steps") or [])])


def without_marks(text: str) -> str:
    return text.replace(f" ({MARK})", "").replace(MARK, "")


@pytest.mark.parametrize("resolver_id, inputs", HALF_TYPED)
def test_an_answer_that_needed_untyped_dice_says_so(resolver_id: str, inputs: dict[str, object]) -> None:
    answer = resolve(resolver_id, inputs)
    text = said(answer)
    # with a seed given the site rolls on purpose ("Roll for me"): other seeds must be tried without it
    base = {key: value for key, value in inputs.items() if key != "seed"}
    others = {without_marks(said(resolve(resolver_id, {**base, "seed": seed}))) for seed in SEEDS}
    depends_on_site_dice = len(others | {without_marks(text)}) > 1
    outcome = answer["outcome"]
    assert isinstance(outcome, dict)
    headline = str(outcome["headline"])
    if depends_on_site_dice:
        rolled = answer.get("site_rolled")
        assert isinstance(rolled, list) and rolled, answer
        count = f"{len(rolled)} {'die' if len(rolled) == 1 else 'dice'}"
        assert f"({count} {MARK})" in headline
        assert any(MARK in str(step) for step in answer.get("steps") or []), text
    else:
        assert "site_rolled" not in answer
        assert MARK not in text


def test_each_site_die_is_marked_where_it_is_shown() -> None:
    """The Ram's two Catastrophic Damage Table dice: each 'Die N' step says the site rolled it."""
    answer = resolve(*HALF_TYPED[0])
    steps = [str(step) for step in answer["steps"]]  # type: ignore[union-attr]
    table_dice = [step for step in steps if "Catastrophic Damage Table: 1d6" in step]
    assert len(table_dice) == 2 and all(f"({MARK})" in step for step in table_dice)
    typed = resolve(*HALF_TYPED[1])
    assert not any(MARK in str(step) for step in typed["steps"])  # type: ignore[union-attr]
