"""The States a fleet ship keeps (rules_core.jovian_wars.kept_states): the text's words, and the Actions that enter
them reporting it in their end state, for "Apply to the fleet"."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rules_core.jovian_wars.kept_states import KEPT, WITHDRAWN, WITHDRAWN_SAYS
from rules_core.jovian_wars.ship_inputs import ship_parts
from rules_core.jovian_wars.ship_now import ship_now
from rules_core.registry import resolve

IN_PYODIDE = __import__("sys").platform == "emscripten"
CARD = {part.name: part.default for part in ship_parts()}


@pytest.mark.skipif(IN_PYODIDE, reason="the sources are not in the browser's file system")
def test_each_states_end_is_the_texts_word_for_word():
    text = (Path(__file__).parents[2] / "sources" / "jovian-wars-v1.2.4-actions.txt").read_text()
    for state in KEPT:
        assert state.says in text, state.name
    assert WITHDRAWN_SAYS in text


@pytest.mark.parametrize(("slug", "inputs", "model", "states"), [
    ("evade", {"model": "Capital Ship", "ship": {"thrusters": 1}, "sluggish": False}, "ship", {"Evading": True}),
    ("evade", {"model": "Squadron", "squadron": {"fuel": 2}, "sluggish": False}, "squadron", {"Evading": True}),
    ("station-keep", {"ship": {"thrusters": 1}}, "ship", {"Station Keeping": True}),
    ("hard-burn", {"ship": {"thrusters": 1}, "burning": False}, "ship", {"Hard Burn": 2}),
    ("combat-air-patrol", {}, "squadron", {"Escorting": True}),
    ("bombing", {"assault": True}, "bomber", {"Assaulting": True}),  # completed, by the player's word
])
def test_an_action_that_enters_a_state_reports_it_for_the_declaring_model_only(slug, inputs, model, states):
    """Assert the end state is the declaring model's (the kind declared), its numbers unchanged, the State entered."""
    outcome = resolve(f"jovian-wars/v1.2.4/{slug}", inputs)["outcome"]
    assert outcome["ships"] == {model: {"numbers": {}, "fate": "", "crippled": False, "states": states}}


@pytest.mark.parametrize(("slug", "inputs"), [
    ("evade", {"model": "Capital Ship", "ship": {"thrusters": 0}, "sluggish": False}),
    ("evade", {"model": "Capital Ship", "ship": {"thrusters": 2}, "sluggish": True}),
    ("hard-burn", {"ship": {"thrusters": 2}, "burning": True}),
    ("station-keep", {"ship": {"thrusters": 0}}),
    ("bombing", {"assault": True, "capital_target": False}),
])
def test_an_action_that_may_not_be_declared_enters_nothing(slug, inputs):
    outcome = resolve(f"jovian-wars/v1.2.4/{slug}", inputs)["outcome"]
    assert outcome["allowed"] is False and "ships" not in outcome


def test_a_bombing_not_said_completed_enters_nothing():
    """Assert Bombing changes no model until the player says the Bombing Run was completed: the texts hold no Bombing
    Run to resolve, and entering Assaulting is the Squadron's choice."""
    outcome = resolve("jovian-wars/v1.2.4/bombing", {})["outcome"]
    assert outcome["allowed"] is True and not outcome["ships"]


@pytest.mark.parametrize("kind", ["Capital Ship", "Squadron"])
def test_withdraw_makes_the_model_withdrawn_on_d_or_better_and_only_then(kind):
    """For random dice, the model's fate is Withdrawn exactly when the Skill Test's row is [D+] (a result made)."""
    rng = random.Random(33)
    name = "ship" if kind == "Capital Ship" else "squadron"
    seen = set()
    for _ in range(60):
        skill = rng.randint(1, 4)
        dice = [rng.randint(1, 6) for _ in range(skill)]
        outcome = resolve("jovian-wars/v1.2.4/withdraw", {"clear": True, "model": kind, name: {"skill": skill},
                                                          "roll": {"dice": dice}})["outcome"]
        made = len(set(dice)) < len(dice)  # two dice alike: a result, so the best reading is [D] or better
        assert outcome["row"] == ("[D+]" if made else "[N]")
        assert outcome.get("ships") == ({name: {"numbers": {}, "fate": WITHDRAWN, "crippled": False}} if made else None)
        seen.add(made)
    assert seen == {True, False}


def test_a_ship_in_hard_burn_may_not_declare_hard_burn_and_a_withdrawn_one_nothing():
    free = {a["title"]: a["verdict"] for a in ship_now({"card": CARD, "now": CARD})["actions"]}
    burning = {a["title"]: a for a in ship_now({"card": CARD, "now": CARD, "burning": True})["actions"]}
    assert free["Hard Burn"] == "may" and burning["Hard Burn"]["verdict"] == "may not"
    assert [c["label"] for c in burning["Hard Burn"]["checks"] if not c["ok"]] == ["not in the Hard Burn:X state"]
    withdrawn = ship_now({"card": CARD, "now": CARD, "fate": WITHDRAWN})
    assert withdrawn["fate"] == WITHDRAWN and withdrawn["actions"] == []


@pytest.mark.parametrize(("slug", "inputs", "states"), [
    ("combined-attack", {"squadron": True, "sensor_array": False, "in_range": True, "fire_control": True,
                         "target": {"targeted": 0}}, {"Targeted": 1}),
    ("combined-attack", {"squadron": True, "sensor_array": False, "in_range": True, "fire_control": True,
                         "target": {"targeted": 2}}, {"Targeted": 3}),
    ("suppressing-fire", {"kinetic": True, "capital_target": True, "cloak": False, "ac": 4, "target": {"suppressed": 0}},
     {"Suppressed": 4}),
    ("suppressing-fire", {"kinetic": True, "capital_target": True, "cloak": False, "ac": 4, "target": {"suppressed": 2}},
     {"Suppressed": 3}),
])
def test_an_action_on_a_target_reports_the_targets_state_one_up_or_entered(slug, inputs, states):
    """Assert Combined Attack and Suppressing Fire report their Capital Ship target's State: entered at 1 (Targeted)
    or at the AC (Suppressed), or one up from the X its pick filled; the declaring model is not named."""
    outcome = resolve(f"jovian-wars/v1.2.4/{slug}", inputs)["outcome"]
    assert outcome["ships"] == {"target": {"numbers": {}, "fate": "", "crippled": False, "states": states}}


def test_a_targets_state_part_is_a_kept_states_x():
    """Assert each target input part a pick fills from a State names a kept State with an X, within its bound."""
    from rules_core.jovian_wars.kept_states import MOST_X, STATE_PARTS
    from rules_core.registry import REGISTRY

    for slug, part in (("combined-attack", "targeted"), ("suppressing-fire", "suppressed")):
        target = next(spec for spec in REGISTRY[f"jovian-wars/v1.2.4/{slug}"].inputs if spec.name == "target")
        (spec,) = target.parts
        assert spec.name == part and STATE_PARTS[part] in KEPT and STATE_PARTS[part].x and spec.high < MOST_X
