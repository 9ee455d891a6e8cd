"""What a fleet ship's state means now (rules_core.jovian_wars.ship_now): quoted, counted and checked, not invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_core.jovian_wars.ship_inputs import ship_parts
from rules_core.jovian_wars.ship_now import ACTIONS, CRIPPLED_SAYS, ship_now

IN_PYODIDE = __import__("sys").platform == "emscripten"

CARD = {part.name: part.default for part in ship_parts()}


@pytest.mark.skipif(IN_PYODIDE, reason="the sources are not in the browser's file system")
def test_what_is_said_of_crippled_is_the_texts_word_for_word():
    sources = Path(__file__).parents[2] / "sources"
    text = " ".join(path.read_text() for path in sources.glob("jovian-wars-v1.2.4-*.txt"))
    for _, said in CRIPPLED_SAYS:
        assert said in text


def verdicts(answer: dict) -> dict[str, str]:
    return {action["title"]: action["verdict"] for action in answer["actions"]}


def test_a_ship_as_its_card_may_declare_what_its_ratings_allow():
    """Assert a fresh ship is not Crippled, has no System at 0, and every Action is judged by its own checks."""
    answer = ship_now({"card": CARD, "now": CARD})
    assert (answer["crippled"], answer["systems_at_zero"], answer["table_modifier"]) == (False, [], 0)
    assert len(answer["actions"]) == len(ACTIONS)
    found = verdicts(answer)
    assert found["Reorient"] == found["Long Shot"] == "may"  # Thrusters 2, Sensors 3
    assert found["Bombing"] == "may not"  # a Squadron's Action; a fleet ship is a Capital Ship
    assert found["Purge Airlocks"] == "may not"  # no Boarders aboard
    assert found["Ram"] == "unknown"  # Structure 4 is not 0-1, but the Fire Ship Trait is not on the card


def test_a_crippled_ship_with_systems_at_zero_says_so_and_loses_the_actions_they_need():
    """Assert Crippled with the texts, Sensors and Thrusters at 0 give +2 (the damage model's count), and the Actions
    needing them fail their checks while the Ram's Structure 0-1 now holds."""
    now = {**CARD, "structure": 0, "sensors": 0, "thrusters": 0, "marines": 0}
    answer = ship_now({"card": CARD, "now": now, "boarders": 2})
    assert answer["crippled"] and [page for page, _ in answer["crippled_says"]] == ["Damage", "Ram"]
    assert (answer["systems_at_zero"], answer["table_modifier"]) == (["Sensors", "Thrusters"], 2)  # Marines: not a System
    found = verdicts(answer)
    assert found["Reorient"] == found["Long Shot"] == found["Vector Attack"] == found["Board"] == "may not"
    assert found["Ram"] == "unknown"  # Structure 0 meets it; the base contact is not on the card
    ram = next(a for a in answer["actions"] if a["title"] == "Ram")
    assert ram["checks"][0]["ok"] and ram["checks"][0].get("entered", True)


def test_a_rating_at_zero_on_the_card_is_not_a_system_reduced_to_zero():
    answer = ship_now({"card": {**CARD, "thrusters": 0}, "now": {**CARD, "thrusters": 0}})
    assert answer["systems_at_zero"] == [] and answer["table_modifier"] == 0


def test_a_ship_out_of_play_has_no_actions_checked():
    assert ship_now({"card": CARD, "now": {**CARD, "structure": 0}, "fate": "Explodes"})["actions"] == []


# ---------------------------------------------------------------- a Squadron


def test_a_squadron_is_checked_for_the_generic_and_squadron_special_actions_only():
    """Assert a fleet Squadron is asked only the Actions the texts let a Squadron declare (no Capital Ship Special
    Action), that its Fuel decides the Fuel: 1+ requirements, that its card's Structure 1 meets the Ram's, and that a
    Destroyed Squadron (Structure 0, or so applied) is asked none."""
    from rules_core.jovian_wars.ship_now import SQUADRON_ACTIONS, squadron_now
    titles = [resolver.title for resolver in SQUADRON_ACTIONS]
    assert "Boost" in titles and "Ram" in titles and "Station Keep" not in titles and "Reorient" not in titles
    dry = squadron_now({"card": {"fuel": 2}, "now": {"fuel": 0, "structure": 1, "sensors": 0}})
    verdicts = {action["title"]: action["verdict"] for action in dry["actions"]}
    # Each Action's own card input holds only what it reads (Evade's the Fuel, Vector Attack's the Sensors): each is
    # judged on the Squadron's numbers, none left unknown by the numbers it does not read.
    assert [title for title, verdict in verdicts.items() if verdict == "may not"] == [
        "Vector Attack", "Evade", "Boost", "Active Interception", "Reactive Interception"]
    assert not any("why" in action for action in dry["actions"])
    ram = next(action for action in dry["actions"] if action["title"] == "Ram")
    assert ram["checks"][0]["ok"] is True  # Structure 1 of the ramming Squadron: Structure: 0-1
    fuelled = squadron_now({"card": {"fuel": 2}, "now": {"fuel": 2, "structure": 2}})
    assert {a["title"]: a["verdict"] for a in fuelled["actions"]}["Boost"] == "may"
    assert squadron_now({"now": {"structure": 0}}) == {"fate": "Destroyed", "actions": []}
    assert squadron_now({"fate": "Destroyed"})["actions"] == []


def test_a_squadron_with_bad_numbers_is_refused_in_words():
    from rules_core.errors import InputError
    from rules_core.jovian_wars.ship_now import squadron_now
    with pytest.raises(InputError) as caught:
        squadron_now({"now": {"skill": 11}})
    assert caught.value.field == "now.skill" and "a whole number from 0 to 8, not 11" in str(caught.value)
