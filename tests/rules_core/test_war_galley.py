"""War Galley attack-modes aid (How the dice work §9): conditions, defenses offered, state changes, the
Anastrophe chain, and the roll odds against brute force. Standard library + pytest + rules_core only:
this file also runs inside Pyodide."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules_core import READINGS, REGISTRY, InputError, describe, odds, resolve
from rules_core.war_galley.galley import ATTACK_MODES, DEFENSIVE_MODES
from rules_core.inputs import field_label
from rules_core.war_galley.galley_dice import DIRECTIONS, Roll, sum_weights

SLUGS = (
    "ram", "rake-pass-by", "rake-pass-through-or-diekplus", "anastrophe", "grappling", "boarding",
    "missile-fire", "missile-fire-flame", "avoidance", "reaction-ram", "defensive-missile-fire",
)


def rid(slug: str) -> str:
    return f"war-galley/aid/{slug}"


def failing(answer: dict) -> list[str]:
    return [c["label"] for c in answer["checks"] if not c["ok"]]


# Registration ------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
def test_each_mode_is_registered_after_its_entry(slug):
    resolver = REGISTRY[rid(slug)]
    assert (resolver.serves, resolver.versions) == ((slug,), ("aid",))


def test_ship_state_has_no_entry_and_the_readings_cited_are_in_the_ledger():
    assert REGISTRY[rid("ship-state")].serves == ()
    for resolver_id, resolver in REGISTRY.items():
        if resolver_id.startswith("war-galley/"):
            assert all(READINGS[r.key] is r for r in resolver.readings)


# Conditions: the defaults describe a legal attack; each change names the condition that fails -


@pytest.mark.parametrize("slug", SLUGS)
def test_defaults_pass_every_condition(slug):
    answer = resolve(rid(slug), {})
    assert failing(answer) == [] and answer["outcome"]["allowed"] is True


CONDITION_FAILURES = [
    ("ram", {"ram_attack": 0}, "Ram Attack > 0"),
    ("ram", {"position": "adjacent, in its bow hex"}, "Must be adjacent to target ship, but not in its bow or stern"),
    ("ram", {"position": "adjacent, in its stern hex"}, "Must be adjacent to target ship, but not in its bow or stern"),
    ("ram", {"position": "not adjacent"}, "Must be adjacent to target ship, but not in its bow or stern"),
    ("ram", {"pointing": False}, "Must be pointing at the target ship"),
    ("ram", {"backwatered": True}, "Can't backwater during move"),
    ("ram", {"pivoted": True}, "Can't pivot in place during move"),
    ("ram", {"same_hex_twice": True}, "Can't enter the same hex twice during move"),
    ("ram", {"movement_impaired": True}, "Can't be movement-impaired"),
    ("rake-pass-by", {"parallel": False}, ATTACK_MODES["rake-pass-by"].conditions[0]),
    ("rake-pass-by", {"middle_flank": False}, ATTACK_MODES["rake-pass-by"].conditions[0]),
    ("rake-pass-through-or-diekplus", {"straight_through": False}, ATTACK_MODES["rake-pass-through-or-diekplus"].conditions[0]),
    ("rake-pass-through-or-diekplus", {"vacant_exit": False}, ATTACK_MODES["rake-pass-through-or-diekplus"].conditions[0]),
    ("rake-pass-through-or-diekplus", {"speed": "Cruise"}, "Must be at Max Speed"),
    ("anastrophe", {"hexes_to_front": 3}, "You must be within 2 of the front of the target."),
    ("anastrophe", {"angle": 61}, "You must be within 60° of the front of the target"),
    ("anastrophe", {"facing_or_rake": False}, "You must be facing the target or in position to rake"),
    ("anastrophe", {"room_to_turn": False}, ATTACK_MODES["anastrophe"].conditions[3]),
    ("anastrophe", {"speed": "Cruise"}, "Must be at Max Speed"),
    ("anastrophe", {"asterisked_ram": False}, "Your ship must have an asterisked ram attack"),
    ("grappling", {"speed": "Max"}, "At cruise speed"),
    ("grappling", {"flank_to_flank": False}, "Adjacent to an enemy ship (through flank hexsides of both)"),
    ("grappling", {"no_grapple": True}, "No grapple this turn (a failed ram's result)"),
    ("boarding", {"grappled": False}, "Be grappled"),
    ("missile-fire", {"range": 3}, "Target within 2 hexes"),
    ("missile-fire", {"los_flank": False}, "Target in LOS across flank hexside"),
    ("missile-fire-flame", {"adjacent": False}, "Target adjacent"),
    ("avoidance", {"enemy_adjacent": False}, "An enemy ship just moved adjacent"),
    ("avoidance", {"fouled": True}, "Not fatigued, crippled, rammed, fouled"),
    ("reaction-ram", {"bow_hex": False}, "An enemy ship moves adjacent to your bow hex, presenting a flank hex"),
    ("defensive-missile-fire", {"attacked_by": "none of these"}, DEFENSIVE_MODES["defensive-missile-fire"].conditions[0]),
]


@pytest.mark.parametrize(("slug", "inputs", "label"), CONDITION_FAILURES)
def test_a_failing_condition_is_named_and_refuses_the_mode(slug, inputs, label):
    said = {"anastrophe": {"rake_result": "success"}, "defensive-missile-fire": {}}.get(slug, {"result": "success"})
    answer = resolve(rid(slug), {**inputs, **said})
    assert failing(answer) == [label]
    assert answer["outcome"]["allowed"] is False
    assert answer["outcome"]["headline"].startswith(f"{REGISTRY[rid(slug)].title.split(':')[0]} not allowed: \"{label}\"")
    assert answer["outcome"]["changes"] == {}


@pytest.mark.parametrize(("slug", "inputs"), [
    ("ram", {"ram_attack": 1, "position": "adjacent, at its flank"}),
    ("anastrophe", {"hexes_to_front": 1, "angle": 60}),
    ("missile-fire", {"range": 1}),
    ("rake-pass-by", {}),
])
def test_boundary_values_pass(slug, inputs):
    assert failing(resolve(rid(slug), inputs)) == []


def test_pass_by_movement_note_refuses_nothing():
    checks = resolve(rid("rake-pass-by"), {})["checks"]
    assert checks[1] == {"label": "Note movement-restricted", "ok": True,
                         "detail": "a note, not a test: the aid says only this (see your rulebook)"}


# Active defenses offered -------------------------------------------------------------------


def offered(slug: str, **target) -> dict[str, bool]:
    return {d["defense"]: d["ok"] for d in resolve(rid(slug), {"target": target})["outcome"]["defenses"]}


@pytest.mark.parametrize("slug", ["ram", "rake-pass-by", "rake-pass-through-or-diekplus", "anastrophe"])
@pytest.mark.parametrize("state", ["fatigued", "crippled", "rammed", "fouled"])
def test_avoidance_is_refused_to_a_fatigued_crippled_rammed_or_fouled_target(slug, state):
    assert offered(slug)["Avoidance"] is True
    assert offered(slug, **{state: True}) == {"Avoidance": False, "Missile Fire": True, "Reaction Ram": False}


def test_depleted_refuses_nothing_it_is_only_a_result_the_aid_gives():
    """Assert no resolver asks whether a ship is Depleted to refuse Missile Fire (How the dice work §9)."""
    for slug in ("missile-fire", "missile-fire-flame", "defensive-missile-fire", "ram", "grappling"):
        resolver = REGISTRY[rid(slug)]
        names = {spec.name for spec in resolver.inputs} | {part.name for spec in resolver.inputs for part in spec.parts}
        assert "depleted" not in names
        assert "Depleted" not in str(resolve(rid(slug), {})["checks"])
    assert offered("grappling") == {"Missile Fire": True}
    assert offered("missile-fire") == {"Missile Fire": True}


def test_reaction_ram_only_when_the_attacker_comes_to_the_bow_hex_presenting_a_flank():
    assert offered("ram")["Reaction Ram"] is False
    assert offered("ram", bow_hex=True)["Reaction Ram"] is True


def test_boarding_has_no_active_defense_and_no_target_input():
    answer = resolve(rid("boarding"), {})
    assert answer["outcome"]["defenses"] == []
    assert "target" not in answer["inputs"]


# State changes in the aid's words ----------------------------------------------------------

CHANGES = [
    ("ram", "success", {"Attacker": ["Flip to cruise speed", "Check fatigue", "Check for fouling/retraction"],
                        "Defender": ["Rammed", "Remove fatigue"]}),
    ("ram", "failure", {"Attacker": ["Flip to cruise speed", "Check fatigue", "Half Speed", "No grapple this turn"],
                        "Defender": ["Flip to cruise speed", "No fatigue check"]}),
    ("rake-pass-by", "success", {"Attacker": ["None"], "Defender": ["Crippled", "Flip to cruise speed", "Remove fatigue"]}),
    ("rake-pass-through-or-diekplus", "failure", {"Attacker": ["None"], "Defender": ["None"]}),
    ("grappling", "success", {"Attacker": ["Grappled"], "Defender": ["Grappled"]}),
    ("grappling", "failure", {"Attacker": ["None"], "Defender": ["None"]}),
    ("boarding", "success", {"Attacker": ["Possible losses"], "Defender": ["Defender captured"]}),
    ("boarding", "failure", {"Attacker": ["Possible losses"], "Defender": ["Possible losses"]}),
    ("missile-fire", "success", {"Attacker": ["None"], "Defender": ["Depleted"]}),
    ("missile-fire-flame", "failure", {"Attacker": ["None"], "Defender": ["None"]}),
]


@pytest.mark.parametrize(("slug", "result", "changes"), CHANGES)
def test_state_changes_for_both_ships(slug, result, changes):
    outcome = resolve(rid(slug), {"result": result})["outcome"]
    assert outcome["result"] == result and outcome["changes"] == changes
    for ship, lines in changes.items():
        assert f"{ship}: {', '.join(lines)}." in outcome["headline"]


def test_not_yet_gives_the_chance_and_no_change():
    outcome = resolve(rid("ram"), {"needed": 8})["outcome"]
    assert outcome["result"] is None and outcome["changes"] == {} and outcome["chance"] == "5/12"


@pytest.mark.parametrize("slug", ["ram", "rake-pass-by", "rake-pass-through-or-diekplus", "grappling", "boarding",
                                  "reaction-ram", "anastrophe"])
def test_no_chance_is_shown_until_the_number_needed_is_typed(slug):
    """Assert no default number needed: nothing says "at or above 7" or "7/12" until the player types one."""
    assert all(spec.default is None for spec in REGISTRY[rid(slug)].inputs if spec.name.endswith("needed"))
    answer = resolve(rid(slug), {})
    text = str(answer["outcome"]) + str(answer["steps"])
    assert "chance" not in answer["outcome"] and "at or above" not in text and "/12" not in text
    charts = odds(rid(slug), {})
    assert "chance" not in charts
    assert all("Success" not in str(chart["rows"]) and "type the number needed" in chart["title"] for chart in charts["charts"])
    total = sum(Fraction(row["p"]) for row in charts["charts"][0]["rows"])
    assert total == 1


def test_roll_for_me_rolls_for_the_page_and_says_so():
    """Assert the seed the widget's "Roll for me" sets makes a real roll, judged against the typed number."""
    answer = resolve(rid("ram"), {"needed": 7, "seed": 5})
    assert answer["outcome"]["result"] in ("success", "failure")
    rolled = [step for step in answer["steps"] if step.startswith("Rolled for the page (“Roll for me”) ")]
    assert len(rolled) == 1
    again = resolve(rid("ram"), {"needed": 7, "seed": 5})
    assert again["steps"] == answer["steps"]
    # Without the number needed the roll is shown, and nothing is judged.
    unjudged = resolve(rid("grappling"), {"seed": 5})
    assert unjudged["outcome"]["result"] is None
    assert any("type the number needed from your rulebook to read it" in step for step in unjudged["steps"])
    # Typed dice without the number needed: the player's word decides, the dice are only shown.
    said = resolve(rid("ram"), {"roll": [6, 6], "result": "success"})
    assert said["outcome"]["result"] == "success" and "Rolled 6 + 6 = 12." in said["steps"]
    both = resolve(rid("anastrophe"), {"rake_needed": 7, "ram_needed": 7, "seed": 3})
    assert both["outcome"]["result"] in ("success", "failure") and len(both["outcome"]["stages"]) == 2
    assert resolve(rid("reaction-ram"), {"reaction_result": "success", "needed": 7, "seed": 2})["outcome"]["result"]
    for slug in ("ram", "rake-pass-by", "rake-pass-through-or-diekplus", "grappling", "boarding", "reaction-ram", "anastrophe"):
        assert any(spec.kind == "seed" for spec in REGISTRY[rid(slug)].inputs), slug


def test_typed_dice_decide_the_result_and_a_contradiction_names_the_field():
    assert resolve(rid("ram"), {"needed": 8, "roll": [3, 5]})["outcome"]["result"] == "success"
    assert resolve(rid("ram"), {"needed": 8, "roll": "3 4"})["outcome"]["result"] == "failure"
    assert resolve(rid("grappling"), {"needed": 5, "roll": [5], "result": "success"})["outcome"]["result"] == "success"
    with pytest.raises(InputError) as error:
        resolve(rid("ram"), {"needed": 8, "roll": [3, 4], "result": "success"})
    assert error.value.field == "result"


# The Anastrophe: rake first, then the ram, −1 to the ram after a failed rake ----------------


def test_anastrophe_rake_success_then_ram_at_full():
    answer = resolve(rid("anastrophe"), {"rake_result": "success", "ram_needed": 8, "ram_result": "success"})
    outcome = answer["outcome"]
    assert [s["stage"] for s in outcome["stages"]] == ["Rake", "Ram"]
    assert outcome["stages"][0]["changes"] == {"Attacker": ["None"], "Defender": ["Crippled", "Flip to cruise speed", "Remove fatigue"]}
    assert outcome["stages"][1]["changes"] == {
        "Attacker": ["Flip to cruise speed", "Check fatigue (at roll of 7)", "Check for fouling/retraction"],
        "Defender": ["Rammed", "Remove fatigue"]}
    assert "Ram roll: success on 2d6 at or above 8, chance 5/12 (41.7%)." in answer["steps"]


def test_anastrophe_rake_failure_puts_minus_one_on_the_ram():
    answer = resolve(rid("anastrophe"), {"rake_result": "failure", "ram_needed": 8, "ram_result": "failure"})
    outcome = answer["outcome"]
    assert outcome["stages"][0]["changes"]["Attacker"] == ["-1 to ram attack"]
    assert outcome["stages"][1]["changes"]["Attacker"] == [
        "Flip to cruise speed", "Check fatigue (at roll of 7)", "Half Speed", "No grapple this turn"]
    # 2d6 - 1 >= 8 is 2d6 >= 9: 10/36 instead of 15/36.
    assert any(step.endswith("success on 2d6 − 1 at or above 8, chance 5/18 (27.8%).") for step in answer["steps"])


def test_anastrophe_typed_dice_shift_by_one_after_a_failed_rake():
    # A ram total of 8 against 8 succeeds after a successful rake and fails after a failed one.
    assert resolve(rid("anastrophe"), {"rake_roll": [6, 6], "rake_needed": 7, "ram_roll": [4, 4], "ram_needed": 8})["outcome"]["result"] == "success"
    answer = resolve(rid("anastrophe"), {"rake_roll": [1, 1], "rake_needed": 7, "ram_roll": [4, 4], "ram_needed": 8})
    assert answer["outcome"]["result"] == "failure"
    assert "The aid says \"Check fatigue (at roll of 7)\"; the ram's dice total 8." in answer["steps"]


def test_anastrophe_ram_before_rake_is_refused_naming_the_field():
    with pytest.raises(InputError) as error:
        resolve(rid("anastrophe"), {"ram_result": "success"})
    assert error.value.field == "ram_result"


@pytest.mark.parametrize(("rake", "ram", "rake_modifier", "ram_modifier"),
                         [(7, 7, 0, 0), (5, 9, -1, 2), (10, 4, 2, -3), (2, 12, 0, 1)])
def test_anastrophe_odds_are_the_chain_of_both_rolls(rake, ram, rake_modifier, ram_modifier):
    """Assert the rake and the ram each take their own modifier."""
    answer = odds(rid("anastrophe"), {"rake_needed": rake, "ram_needed": ram, "rake_modifier": rake_modifier,
                                      "ram_modifier": ram_modifier})
    p = brute_chance(2, rake, rake_modifier, "at or above")
    full, less = brute_chance(2, ram, ram_modifier, "at or above"), brute_chance(2, ram, ram_modifier - 1, "at or above")
    chain = {row["label"]: Fraction(row["p"]) for row in answer["charts"][3]["rows"]}
    assert chain == {"Rake succeeds, ram succeeds": p * full, "Rake succeeds, ram fails": p * (1 - full),
                     "Rake fails, ram succeeds (−1)": (1 - p) * less, "Rake fails, ram fails (−1)": (1 - p) * (1 - less)}
    assert Fraction(answer["chance"]) == p * full + (1 - p) * less


# Odds against brute force ------------------------------------------------------------------


def brute_chance(dice: int, needed: int, modifier: int, direction: str) -> Fraction:
    """Every ordered roll, judged one by one: slow and obvious."""
    rolls = list(itertools.product(range(1, 7), repeat=dice))
    if direction == "at or above":
        wins = sum(1 for roll in rolls if sum(roll) + modifier >= needed)
    else:
        wins = sum(1 for roll in rolls if sum(roll) - modifier <= needed)
    return Fraction(wins, len(rolls))


@pytest.mark.parametrize("direction", DIRECTIONS)
@pytest.mark.parametrize("dice", [1, 2])
def test_chance_matches_brute_force_for_every_number_and_modifier(dice, direction):
    for needed in range(dice, 6 * dice + 1):
        for modifier in range(-6, 7):
            assert Roll(dice, needed, modifier, direction).chance() == brute_chance(dice, needed, modifier, direction)


@pytest.mark.parametrize(("slug", "dice"), [("ram", 2), ("rake-pass-by", 2), ("boarding", 2), ("grappling", 1), ("reaction-ram", 2)])
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_resolver_odds_match_brute_force(slug, dice, direction):
    for needed in range(dice, 6 * dice + 1):
        for modifier in (-2, -1, 0, 1):
            answer = odds(rid(slug), {"needed": needed, "modifier": modifier, "success_on": direction})
            expected = brute_chance(dice, needed, modifier, direction)
            chance, totals = answer["charts"]
            assert Fraction(chance["rows"][0]["p"]) == expected == Fraction(answer["chance"])
            assert Fraction(chance["rows"][1]["p"]) == 1 - expected
            assert sum(Fraction(r["p"]) for r in totals["rows"]) == 1
            assert sum(Fraction(r["p"]) for r in totals["rows"] if r["label"].endswith("success")) == expected


def test_2d6_total_weights_are_the_triangle():
    assert sum_weights(2) == {t: 6 - abs(t - 7) for t in range(2, 13)}
    assert sum_weights(1) == {t: 1 for t in range(1, 7)}


def test_at_or_below_is_the_mirror_of_at_or_above():
    assert Roll(2, 5, 0, "at or below").chance() == Fraction(10, 36)
    assert Roll(2, 9, 0, "at or above").chance() == Fraction(10, 36)
    # A −1 hurts the roller both ways.
    assert Roll(2, 5, -1, "at or below").chance() == Fraction(6, 36)


def test_modes_without_a_known_roll_have_no_odds():
    for slug in ("missile-fire", "missile-fire-flame", "avoidance", "defensive-missile-fire"):
        assert describe(rid(slug))["has_odds"] is False
    assert describe(rid("ram"), {})["dice_needed"] == {"roll": 2}
    assert describe(rid("grappling"), {})["dice_needed"] == {"roll": 1}
    assert describe(rid("anastrophe"), {})["dice_needed"] == {"rake_roll": 2, "ram_roll": 2}


# Defensive modes ---------------------------------------------------------------------------


def test_avoidance_success_moves_by_speed_and_fatigues():
    assert resolve(rid("avoidance"), {"result": "success"})["outcome"]["changes"] == {
        "Your ship": ["Move 1 hex straight forward at max speed", "Fatigue 2"]}
    assert resolve(rid("avoidance"), {"result": "success", "speed": "Cruise"})["outcome"]["changes"] == {
        "Your ship": ["Move 1 hex straight forward or backward at cruise speed", "Fatigue 2"]}
    assert resolve(rid("avoidance"), {"result": "failure"})["outcome"]["changes"] == {"Your ship": ["None"]}


def test_reaction_ram_resolves_a_ram():
    failed = resolve(rid("reaction-ram"), {"reaction_result": "success", "result": "failure"})["outcome"]
    assert failed["changes"] == {
        "Your ship": ["Flip to cruise speed", "Check fatigue", "Half Speed", "No grapple this turn"],
        "Enemy ship": ["Flip to cruise speed", "No fatigue check", "If ram fails, reduce target speed by 1",
                       "If ram fails, target is -1 on any ram/rake roll"]}
    hit = resolve(rid("reaction-ram"), {"reaction_result": "success", "roll": [6, 6], "needed": 7})["outcome"]
    assert hit["changes"]["Enemy ship"] == ["Rammed", "Remove fatigue"]
    missed = resolve(rid("reaction-ram"), {"reaction_result": "failure"})["outcome"]
    assert missed["changes"] == {"Your ship": ["None"], "Enemy ship": ["None"]}


def test_defensive_missile_fire_says_its_row_ends_after_its_conditions():
    outcome = resolve(rid("defensive-missile-fire"), {"attacked_by": "grappled"})["outcome"]
    assert outcome["row_ends_after_conditions"] is True and outcome["changes"] == {}
    assert "ends after its Conditions: it gives no results" in outcome["headline"]
    assert DEFENSIVE_MODES["defensive-missile-fire"].success == ()


# Ship state --------------------------------------------------------------------------------


def refused_modes(**state) -> set[str]:
    return set(resolve(rid("ship-state"), state)["outcome"]["may_not"])


def test_ship_state_default_at_max_speed():
    assert refused_modes() == {"anastrophe", "grappling", "boarding"}


@pytest.mark.parametrize(("state", "newly_refused"), [
    ({"fatigued": True}, {"avoidance"}),
    ({"rammed": True}, {"avoidance"}),
    ({"depleted": True}, set()),
    ({"captured": True}, set()),
    ({"ram_attack": 0}, {"ram"}),  # Reaction Ram's row has no Ram Attack condition (How the dice work §9)
    ({"movement_impaired": True}, {"ram"}),
    ({"half_speed": True}, set()),
])
def test_ship_state_refuses_by_status(state, newly_refused):
    assert refused_modes(**state) == {"anastrophe", "grappling", "boarding"} | newly_refused


def test_conditions_the_aid_does_not_attach_refuse_nothing():
    """Assert Reaction Ram (its row: one condition, the bow hex) and the Anastrophe (an asterisked ram attack) are not
    refused at Ram Attack 0, and a failed reaction rolls no ram; the Ram row's own "Ram Attack > 0" still refuses Ram."""
    assert "ram_attack" not in [i["name"] for i in describe(rid("reaction-ram"))["inputs"]]
    failed = resolve(rid("reaction-ram"), {"reaction_result": "failure"})
    assert failed["outcome"]["result"] == "failure" and all(c["ok"] for c in failed["checks"])
    state = refused_modes(ram_attack=0, asterisked_ram=True)
    assert "anastrophe" not in state and "reaction-ram" not in state and "ram" in state


def test_ship_state_speed_grapple_and_asterisk():
    assert refused_modes(speed="Cruise") == {"rake-pass-through-or-diekplus", "anastrophe", "boarding"}
    assert refused_modes(speed="Cruise", no_grapple=True, grappled=True) == {"rake-pass-through-or-diekplus", "anastrophe", "grappling"}
    assert "anastrophe" not in refused_modes(asterisked_ram=True)


@pytest.mark.parametrize(("status", "result"), [("captured", "Defender captured"), ("depleted", "Depleted")])
def test_captured_or_depleted_refuses_nothing_and_points_to_the_rulebook(status, result):
    answer = resolve(rid("ship-state"), {status: True})
    assert answer["outcome"]["may_not"] == resolve(rid("ship-state"), {})["outcome"]["may_not"]
    assert not any("Reading" in str(c["detail"]) for c in answer["checks"])
    assert any(f"\"{result}\" is a result the aid gives to a defender" in step and "refuses nothing" in step
               for step in answer["steps"])


# Bad inputs name the field -----------------------------------------------------------------


@pytest.mark.parametrize(("slug", "inputs", "field"), [
    ("ram", {"needed": 13}, "needed"),
    ("ram", {"needed": 1}, "needed"),
    ("grappling", {"needed": 7}, "needed"),
    ("ram", {"modifier": 7}, "modifier"),
    ("ram", {"ram_attack": -1}, "ram_attack"),
    ("ram", {"target": {"fatigued": "maybe"}}, "target.fatigued"),
    ("ram", {"target": {"tired": True}}, "target"),  # an unknown name is refused under the declared group holding it
    ("ram", {"roll": [1, 2, 3]}, "roll"),
    ("ram", {"roll": [0, 7]}, "roll"),
    ("ram", {"roll": [6]}, "roll"),
    ("grappling", {"roll": [3, 3]}, "roll"),
    ("anastrophe", {"rake_roll": [6]}, "rake_roll"),
    ("ram", {"result": "won"}, "result"),
    ("ram", {"success_on": "over"}, "success_on"),
    ("anastrophe", {"angle": 200}, "angle"),
    ("ship-state", {"speed": "Half"}, "speed"),
    ("boarding", {"target": {}}, None),  # not declared here: refused for the inputs as a whole
])
def test_bad_inputs_raise_input_error_naming_the_field(slug, inputs, field):
    with pytest.raises(InputError) as error:
        resolve(rid(slug), inputs)
    assert error.value.field == field
    label = "Inputs" if field is None else field_label(REGISTRY[rid(slug)].inputs, field)
    assert str(error.value).startswith(f"{label}: ")


@pytest.mark.parametrize(("inputs", "said"), [
    # The player's modifier, the number needed not typed yet: the dice are shown with the modifier that counts.
    ({"roll": [3, 4], "modifier": -1}, "Rolled 3 + 4 = 7, 6 after the modifier −1: type the number needed"),
    ({"roll": [3, 4], "modifier": 2, "success_on": "at or below"}, "Rolled 3 + 4 = 7, 5 after the modifier +2: type"),
    # The number typed: the same words, then the judgement.
    ({"roll": [3, 4], "modifier": -1, "needed": 7}, "Rolled 3 + 4 = 7, 6 after the modifier −1: at or above 7 is needed, so failure."),
    ({"roll": [3, 4]}, "Rolled 3 + 4 = 7: type the number needed"),
])
def test_a_typed_roll_names_the_modifier_in_its_total_with_or_without_the_number_needed(inputs, said):
    """Assert a ram's typed dice show the total the modifier makes, whether or not the number needed is typed (before,
    with none typed, "Rolled 3 + 4 = 7" left the −1 unsaid)."""
    steps = resolve(rid("ram"), inputs)["steps"]
    assert any(step.startswith(said) for step in steps), steps


def test_the_ram_after_a_failed_rake_names_its_minus_one_before_the_number_needed_is_typed():
    steps = resolve(rid("anastrophe"), {"rake_result": "failure", "ram_roll": [4, 4]})["steps"]
    assert any(step.startswith("Rolled 4 + 4 = 8, 7 after the modifier −1: type the number needed") for step in steps), steps
