"""Dice asked in turn (rules_core/turns.py): a resolution from typed dice stops at the first die no keypad holds.

The driver below enters each roll as the widget does: the first rolls typed, then each `next_roll` answered with the
next faces of that keypad's stream. It must end exactly as the one-shot resolution given the same streams up front,
and every answer on the way must show the final steps' beginning, nothing more.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rules_core.registry import REGISTRY, describe, resolve
from tests.keypads import at, with_keypads

RAM, EXPLOSION, CAPITAL_DAMAGE = "jovian-wars/v1.2.4/ram", "jovian-wars/v1.2.4/explosion", "jovian-wars/v1.2.4/capital-ship-damage"
MOST_TURNS = 40


class StreamDry(Exception):
    """A chain asked for more dice than the test's stream holds (re-rolls on 5-6 can): the case is skipped."""


def first_rolls(resolver_id: str, case: dict[str, object], rng: random.Random) -> dict[str, object]:
    """The case with every first-roll keypad typed (the counts describe() gives; the in-turn keypads left empty)."""
    needed = describe(resolver_id, case)["dice_needed"]
    assert isinstance(needed, dict)
    later = REGISTRY[resolver_id].in_turn
    typed = {name: [rng.randint(1, 6) for _ in range(count)] for name, count in needed.items()
             if count and name not in later and not name.endswith("set_aside")}
    return with_keypads(case, typed)


def in_turn(resolver_id: str, inputs: dict[str, object], streams: dict[str, list[int]]) -> tuple[dict, list[dict]]:
    """Resolve roll by roll: each next roll wanted is typed from its keypad's stream, in order."""
    inputs, taken = dict(inputs), {name: 0 for name in streams}
    answers = []
    for _ in range(MOST_TURNS):
        answer = resolve(resolver_id, inputs)
        answers.append(answer)
        wanted = answer.get("next_roll")
        if wanted is None:
            return answer, answers
        for keypad, count in wanted["keypads"].items():
            faces = streams[keypad][taken[keypad]:taken[keypad] + count]
            if len(faces) < count:
                raise StreamDry(keypad)
            taken[keypad] += count
            held = at(inputs, keypad) or []
            assert isinstance(held, list)
            inputs = with_keypads(inputs, {keypad: [*held, *faces]})
    raise AssertionError(f"no end after {MOST_TURNS} rolls")


def check_turns_match_one_shot(resolver_id: str, first: dict[str, object], streams: dict[str, list[int]],
                               pools: tuple[str, ...] = ()) -> list[dict]:
    """The roll-by-roll resolution ends as the one-shot one (the die keypads' whole streams typed up front, a pool's
    keypads as many as its roll takes); each answer on the way shows the final steps' beginning."""
    try:
        final, answers = in_turn(resolver_id, first, streams)
    except StreamDry:
        return []
    typed_now = final["inputs"]
    one_shot_inputs = with_keypads(first, {**{name: stream for name, stream in streams.items() if name not in pools},
                                       **{name: at(typed_now, name) for name in pools if at(typed_now, name)}})
    one_shot = resolve(resolver_id, one_shot_inputs)
    for answer in (final, one_shot):
        assert "next_roll" not in answer and "site_rolled" not in answer, answer.get("outcome")
    assert final["outcome"] == one_shot["outcome"]
    assert final["steps"] == one_shot["steps"]
    for key in set(final) | set(one_shot):
        if key != "inputs":
            assert final.get(key) == one_shot.get(key), key
    for number, answer in enumerate(answers[:-1]):
        wanted = answer["next_roll"]
        steps = answer["steps"]
        assert final["steps"][:len(steps)] == steps  # the steps so far, and only those
        assert answer["outcome"] == {"headline": f"Next roll ({wanted['number']}): {wanted['text']}."}
        assert set(wanted["keypads"]) <= set(REGISTRY[resolver_id].in_turn), wanted
        assert not any(key in answer for key in ("site_rolled", "roll", "charts")), answer.keys()
        if number:
            assert wanted["number"] > answers[number - 1]["next_roll"]["number"]
    return answers


def streams_of(rng: random.Random, names: tuple[str, ...], length: int) -> dict[str, list[int]]:
    return {name: [rng.randint(1, 6) for _ in range(length)] for name in names}


PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SHIP = st.fixed_dictionaries({"structure": st.integers(0, 3), "defense": st.integers(0, 2), "sensors": st.integers(0, 2),
                              "thrusters": st.integers(0, 1), "marines": st.integers(0, 1)})


@PROPERTY
@given(SHIP, SHIP, st.integers(1, 4), st.booleans(), st.integers(0, 2**32))
def test_a_ram_asked_roll_by_roll_ends_as_the_one_shot(rammer: dict, target: dict, skill: int, front: bool, seed: int) -> None:
    rng = random.Random(seed)
    case = {"ramming_ship": {**rammer, "start_structure": 3, "skill": skill}, "target_ship": {**target, "start_structure": 3},
            "front_to_front": front, "rammed_arc": "front" if front else "side (flank)"}
    streams = streams_of(rng, ("rammer_hit_dice", "target_hit_dice", "blast_hit_dice"), 12)
    streams |= {"explosion.dice": [rng.randint(1, 6) for _ in range(4)],
                "explosion.macro_dice": [rng.randint(1, 6) for _ in range(3)]}
    check_turns_match_one_shot(RAM, first_rolls(RAM, case, rng), streams, pools=("explosion.dice", "explosion.macro_dice"))


@PROPERTY
@given(SHIP, st.integers(1, 4), st.integers(0, 2), st.integers(0, 2**32))
def test_an_explosion_asked_roll_by_roll_ends_as_the_one_shot(ship: dict, structure: int, armor: int, seed: int) -> None:
    rng = random.Random(seed)
    case = {"exploding_ship": {"start_structure": structure}, "target_ship": {**ship, "armor_front": armor}}
    check_turns_match_one_shot(EXPLOSION, first_rolls(EXPLOSION, case, rng), streams_of(rng, ("random_dice",), 24))


@PROPERTY
@given(SHIP, st.integers(2, 6), st.integers(-1, 2), st.integers(0, 2**32))
def test_capital_ship_damage_asked_roll_by_roll_ends_as_the_one_shot(ship: dict, base: int, macro: int, seed: int) -> None:
    rng = random.Random(seed)
    case = {"roll": {"base": base, "macro": macro}, "ship": ship}
    check_turns_match_one_shot(CAPITAL_DAMAGE, first_rolls(CAPITAL_DAMAGE, case, rng), streams_of(rng, ("random_dice",), 24))


def test_the_property_reaches_every_later_roll() -> None:
    """The random cases above do ask: a Ram to an Explosion, asked in four turns (the oracle is not vacuous)."""
    exploding = {"target_ship": {"structure": 1, "defense": 0, "sensors": 0}, "skill_roll": {"dice": [4, 4, 2]},
                 "ram": {"dice": [6, 6, 6, 6, 5]}, "target": {"dice": [1, 2, 3]}}
    streams = {"target_hit_dice": [6], "explosion.dice": [1, 2, 3], "explosion.macro_dice": [4, 5], "blast_hit_dice": [],
               "rammer_hit_dice": []}
    answers = check_turns_match_one_shot(RAM, exploding, streams, pools=("explosion.dice", "explosion.macro_dice"))
    assert [answer.get("next_roll", {}).get("keypads") for answer in answers] == [
        {"target_hit_dice": 1}, {"explosion.dice": 3, "explosion.macro_dice": 2}, None]


def test_the_next_roll_names_its_keypad_its_dice_and_what_it_is_for() -> None:
    """A Crippled target's Catastrophic Damage Table die, then the Explosion's roll: its base (the target's starting
    Structure 3) and macro dice (2 within 3", no Armor), each with the steps up to it and none after."""
    typed = {"target_ship": {"structure": 1, "defense": 0, "sensors": 0}, "skill_roll": {"dice": [4, 4, 2]},
             "ram": {"dice": [6, 6, 6, 6, 5]}, "target": {"dice": [1, 2, 3]}}
    first = resolve(RAM, typed)
    assert first["next_roll"] == {"keypads": {"target_hit_dice": 1}, "dice": 1, "for": "Target: Catastrophic Damage Table",
                                  "number": 4, "text": "Target: Catastrophic Damage Table, 1 die"}
    assert first["steps"][-1].endswith("Structure 1 → 0: Crippled; roll on the Catastrophic Damage Table.")
    assert "ships" not in first["outcome"] and first["outcome"]["headline"].startswith("Next roll (4): Target: Catastrophic")
    second = resolve(RAM, {**typed, "target_hit_dice": [6]})
    assert second["next_roll"]["keypads"] == {"explosion.dice": 3, "explosion.macro_dice": 2}
    assert second["next_roll"]["for"] == "Explosion on the ramming ship" and second["next_roll"]["number"] == 5
    assert "Die 6: Catastrophic Damage Table: 1d6 + 2 systems at 0 → Explode" in " ".join(second["steps"])
    assert second["steps"][-1].startswith("The target Explodes: the Explosion's attack on the ramming ship")
    done = resolve(RAM, {**typed, "target_hit_dice": [6], "explosion": {"dice": [1, 2, 3], "macro_dice": [4, 5]}})
    assert "next_roll" not in done and "site_rolled" not in done
    assert done["outcome"]["headline"].startswith("Target: Structure 1 → 0, Explodes (Destroyed). Ramming ship:")


def test_a_missing_die_is_rolled_by_the_site_with_a_seed_and_asked_without() -> None:
    """"Roll for me" (a seed) still rolls every die, marked; typed dice with no seed ask; nothing typed rolls (the CLI)."""
    typed = {"target_ship": {"structure": 1}, "skill_roll": {"dice": [4, 4, 2]}, "ram": {"dice": [6, 6, 6, 6, 5]},
             "target": {"dice": [1, 2, 3]}}
    assert "next_roll" in resolve(RAM, typed)
    rolled = resolve(RAM, {**typed, "seed": 4})
    assert "next_roll" not in rolled and rolled["site_rolled"]
    assert "next_roll" not in resolve(RAM, {"seed": 9}) and "next_roll" not in resolve(RAM, {})


@pytest.mark.parametrize("resolver_id", [RAM, EXPLOSION, CAPITAL_DAMAGE, "jovian-wars/v1.2.4/boarded"])
def test_the_keypads_asked_in_turn_are_declared_and_optional(resolver_id: str) -> None:
    declared = describe(resolver_id)
    faces = {spec["name"]: spec for spec in declared["inputs"] if spec["kind"] == "faces"}  # type: ignore[union-attr]
    faces |= {f"{spec['name']}.{part['name']}": part for spec in declared["inputs"] if spec["kind"] == "roll"  # type: ignore[union-attr]
              for part in spec["parts"] if part["kind"] == "faces"}
    assert declared["in_turn"] and all(faces[name].get("optional") for name in declared["in_turn"])
