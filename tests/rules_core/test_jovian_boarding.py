"""Board → Boarded → Captured (v1.2.4): the §8 example, brute force of each firefight and of 1-3 activations,
the chain's ends, Purge Airlocks, caps and properties.

The brute forces enumerate every ordered roll of both sides with their own reading of dice (`faces_read`),
never the engine's distributions; Sabotage's damage goes through the one damage step, as the rules compose.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, strategies as st

from rules_core.jovian_wars.damage.step import take_hits
from rules_core.errors import InputError
from rules_core.registry import REGISTRY, describe, odds, resolve
from rules_core.jovian_wars.boarding.chain import NEVER, ending, expected_activations, mean_if_ends, stuck, within
from rules_core.jovian_wars.boarding.firefight import (AUTOMATIC, CAPTURED, DEFEND, ENGAGE, SABOTAGE, Boarding,
                                                                 Plan, board_loss, engage_after, firefight, sabotage_aim)
from rules_core.jovian_wars.ship import Ship
from tests.rules_core.brute import brute_after
from tests.rules_core.conftest import chart

JW = "jovian-wars/v1.2.4/"
PAIRS = [(b, d) for b in (ENGAGE, SABOTAGE) for d in (ENGAGE, DEFEND)]


def faces_read(faces: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The test's own reading (How the dice work §1): each face shown 2, 3, 4+ times is a D, T, Q, by Value."""
    counts = Counter(faces)
    return tuple((min(4, n), face) for face, n in sorted(counts.items()) if n >= 2)


@cache
def rolls(dice: int) -> tuple[tuple[tuple[tuple[int, int], ...], Fraction], ...]:
    """Every ordered roll of `dice` d6, read, each reading with its probability."""
    out: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=dice):
        out[faces_read(faces)] += Fraction(1, 6**dice)
    return tuple(out.items())


def engage_loss(reading) -> int:
    """Engage by hand: [D] 1, [T] 2 each, a [Q+] everything."""
    if any(level == 4 for level, _ in reading):
        return 99
    return sum(1 if level == 2 else 2 for level, _ in reading)


def diminished(reading):
    return tuple((level - 1, value) for level, value in reading if level > 2)


def ship(marines: int, structure: int = 4) -> Ship:
    return Ship.of((4, 3, 2, marines), structure)


def roll_order(reading) -> tuple:
    """The roll order of How the dice work §2: best Magnitude, then the number of results, then the results strongest first."""
    return (max((level for level, _ in reading), default=0), len(reading), sorted(reading, reverse=True))


def defender_cost(ends: dict) -> tuple:
    """How the dice work §5 by §6, for the defender: P(Destroyed), P(Captured), P(Crippled), Structure lost, other damage."""
    return (sum(p for s, p in ends.items() if s.fate), sum(p for s, p in ends.items() if s.marines == 0 and not s.fate),
            sum(p for s, p in ends.items() if s.structure == 0), -sum(p * s.structure for s, p in ends.items()),
            sum(p * s.damage() for s, p in ends.items()))


def defender_leaves(ship: Ship, primary, secondary, target: str):
    """The Marines' choice of every sequence of diminishes: the remainder best for the defender after the Sabotage's
    damage, ties to the automatic (weakest) one, then by the roll order."""
    if any(level == 4 for level, _ in secondary):
        return ()
    left = {primary}
    for _ in range(sum(1 if level == 2 else 2 for level, _ in secondary)):
        left = {tuple((lv - (v == value), v) for lv, v in r if lv - (v == value) >= 2) if r else r
                for r in left for value in ([v for _, v in r] or [0])}
    ordered = sorted(left, key=lambda r: (r != brute_after(primary, secondary), roll_order(r)))
    return min(ordered, key=lambda r: defender_cost(dict(take_hits(ship, r, sabotage_aim(target)).items())))


def brute_firefight(state: Boarding, plan: Plan) -> dict[Boarding, Fraction]:
    """One firefight over every ordered roll of both sides."""
    out: Counter = Counter()
    for b_reading, pb in rolls(state.boarders):
        for m_reading, pm in rolls(state.marines):
            p = pb * pm
            if plan.boarder == SABOTAGE and plan.defender == DEFEND:
                left = defender_leaves(state.ship, b_reading, m_reading, plan.target)
                for after, q in take_hits(state.ship, left, sabotage_aim(plan.target)).items():
                    out[Boarding(after, state.boarders)] += p * q
                continue
            hit = diminished(m_reading) if plan.defender == DEFEND else m_reading
            boarders = max(0, state.boarders - engage_loss(hit))
            if plan.boarder == ENGAGE:
                out[Boarding(state.ship.with_marines(max(0, state.marines - engage_loss(b_reading))), boarders)] += p
            else:
                for after, q in take_hits(state.ship, b_reading, sabotage_aim(plan.target)).items():
                    out[Boarding(after, boarders)] += p * q
    return dict(out)


# ---------------------------------------------------------------- Board


def test_board_table_removes_1_3_5_per_result():
    assert [board_loss(r) for r in (((2, 1),), ((3, 1),), ((4, 1),), ((2, 1), (3, 4)))] == [1, 3, 5, 4]


@pytest.mark.parametrize(("defense", "committed", "aboard"), [(4, 4, 0), (3, 5, 2), (2, 1, 3)])
def test_board_odds_match_brute_force(defense, committed, aboard):
    """Assert the Boarders after Point Defense, those already aboard included, match every ordered roll."""
    answer = odds(JW + "board", {"boarding_ship": {"marines": 6}, "committed": committed, "target": {"defense": defense, "boarders": aboard}})
    want: Counter = Counter()
    for reading, p in rolls(defense):
        want[aboard + max(0, committed - sum({2: 1, 3: 3, 4: 5}[level] for level, _ in reading))] += p
    got = {int(label.split()[0]): p for label, p in chart(answer).items() if p}
    assert got == dict(want)


def test_board_survivors_join_the_boarders_aboard():
    answer = resolve(JW + "board", {"boarding_ship": {"marines": 3}, "committed": 3, "target": {"boarders": 2, "defense": 3}, "pd": {"dice": [5, 5, 1]}})
    assert answer["outcome"]["boarders"] == 4 and answer["outcome"]["survivors"] == 2


def test_board_requirements():
    answer = resolve(JW + "board", {"boarding_ship": {"marines": 2}, "committed": 3, "boarded": True, "seed": 1})
    failed = {c["label"] for c in answer["checks"] if not c["ok"]}
    assert failed == {"not Boarded", "committed ≤ current Marines"}


# ---------------------------------------------------------------- one firefight


def test_engage_losses_and_quad_wipes():
    assert engage_after(((2, 1), (3, 2)), 5) == 2
    assert engage_after(((4, 6),), 9) == 0


def test_defend_diminishes_the_marines_results():
    answer = resolve(JW + "boarded", {"ship": {"boarders": 3, "marines": 3}, "defender": "Defend", "boarders_roll": {"dice": [1, 2, 3]}, "marines_roll": {"dice": [5, 5, 5]}})
    assert answer["outcome"]["boarders"] == 2  # [T5] diminished to [D5]: 1 Boarder lost


def test_sabotage_against_defend_is_an_opposed_roll_hitting_the_marines():
    answer = resolve(JW + "boarded", {"ship": {"boarders": 3, "marines": 2}, "boarder": "Sabotage", "defender": "Defend", "boarders_roll": {"dice": [5, 5, 5]}, "marines_roll": {"dice": [2, 2]}})
    assert any("leaves [D5]" in step for step in answer["steps"])
    assert answer["outcome"]["marines"] == 1 and answer["outcome"]["boarders"] == 3


def test_sabotage_captures_through_the_damage_step():
    """Assert a Sabotage [D] on the last Marine, Boarders left, Captures the ship (Reading `boarders-choose-capture`)."""
    answer = resolve(JW + "boarded", {"ship": {"boarders": 2, "marines": 1}, "boarder": "Sabotage", "boarders_roll": {"dice": [3, 3]}, "marines_roll": {"dice": [6]}})
    assert answer["outcome"]["fate"] == CAPTURED


def test_sabotage_by_hand_hits_the_row_chosen():
    state = Boarding(ship(2), 3)
    after = firefight(state, Plan(SABOTAGE, DEFEND, target="Sensors"))
    assert all(s.ship.left[1] <= 3 and s.marines == 2 for s in after)
    assert after.p(lambda s: s.ship.left[1] < 3) > 0


@pytest.mark.parametrize(("marines", "boarders"), [(1, 1), (1, 3), (2, 2), (3, 2), (2, 3)])
@pytest.mark.parametrize(("boarder", "defender"), PAIRS)
def test_firefight_matches_brute_force(marines, boarders, boarder, defender):
    """Assert one firefight's every end state has the chance every ordered roll of both sides gives it."""
    state, plan = Boarding(ship(marines), boarders), Plan(boarder, defender)
    assert dict(firefight(state, plan).items()) == brute_firefight(state, plan)


@pytest.mark.parametrize(("marines", "boarders", "structure", "target"), [
    (2, 4, 4, AUTOMATIC), (2, 5, 2, AUTOMATIC), (3, 5, 1, AUTOMATIC), (2, 5, 4, "Defense")])
def test_defending_marines_diminish_as_is_best_for_the_defender(marines, boarders, structure, target):
    """Assert Sabotage against Defend: the Marines place their diminishes best for the defender after the damage
    (How the dice work §5: lowest chance of Destroyed, Captured, Crippled, then least lost), over every roll of both sides."""
    state, plan = Boarding(ship(marines, structure), boarders), Plan(SABOTAGE, DEFEND, target=target)
    assert dict(firefight(state, plan).items()) == brute_firefight(state, plan)


def test_defending_marines_keep_a_triple_rather_than_two_doubles_on_their_last_two():
    """Assert [T3,D1] diminished once leaves [T3] (1 Structure, 1 Critical Hit), not the automatic weakest [D1,D3]
    that could put both [D]s on the last two Marines; the steps list what the Marines could leave."""
    answer = resolve(JW + "boarded", {"ship": {"boarders": 5, "marines": 2}, "boarder": "Sabotage", "defender": "Defend", "boarders_roll": {"dice": [3, 3, 3, 1, 1]}, "marines_roll": {"dice": [4, 4]}})
    line = next(step for step in answer["steps"] if step.startswith("Opposed Roll"))
    assert "leaves [T3] (diminished: 1)" in line and "best for the defender of [D1,D3], [T3]" in line


# ---------------------------------------------------------------- the chain


def brute_capture(state: Boarding, plan: Plan, k: int, first: Plan | None = None) -> Fraction:
    """Captured within k activations, enumerating each activation's rolls (and the Purge Skill Test's); the first
    activation by `first` when given."""

    @cache
    def captured(state: Boarding, k: int, opening: bool = False) -> Fraction:
        if state.fate == CAPTURED:
            return Fraction(1)
        if k == 0 or state.ended:
            return Fraction(0)
        total = Fraction(0)
        for after, p in brute_firefight(state, first if opening and first else plan).items():
            if plan.purge_skill is None or after.ended:
                total += p * captured(after, k - 1)
                continue
            for reading, q in rolls(plan.purge_skill):
                best = max((level for level, _ in reading), default=0)
                m, b = after.marines, after.boarders
                m, b = (m // 2, b // 2) if best == 0 else (m, b // 2) if best == 2 else (m, 0)
                total += p * q * captured(Boarding(after.ship.with_marines(m), b), k - 1)
        return total
    return captured(state, k, True)


@pytest.mark.parametrize(("marines", "boarders", "plan"), [
    (2, 3, Plan()), (2, 2, Plan(ENGAGE, DEFEND)), (2, 2, Plan(SABOTAGE, ENGAGE)), (2, 2, Plan(SABOTAGE, DEFEND)),
    (2, 3, Plan(purge_skill=2)), (1, 2, Plan(SABOTAGE, ENGAGE, purge_skill=3)),
])
def test_capture_within_k_matches_step_by_step_enumeration(marines, boarders, plan):
    """Assert the chain's capture within 1, 2, 3 activations equals enumerating each activation's rolls."""
    start = Boarding(ship(marines), boarders)
    got = [now.chance(CAPTURED) for now in within(start, plan, 3)]
    assert got == [brute_capture(start, plan, k) for k in (1, 2, 3)]


@pytest.mark.parametrize(("marines", "boarders", "defender", "target"), [
    (2, 3, ENGAGE, "Defense"), (2, 3, DEFEND, "Marines"), (1, 2, ENGAGE, "Thrusters")])
def test_a_target_by_hand_sets_the_first_activation_of_every_figure(marines, boarders, defender, target):
    """Assert a Sabotage aimed by hand: capture within k takes that aim in the first activation and the Boarders'
    automatic aim after it, so "within 1 activation" is the one-firefight chart's Captured (issue 20: 5/81 within 1
    where the one firefight gave 0)."""
    given = {"ship": {"marines": marines, "boarders": boarders, "defense": 4, "sensors": 3, "thrusters": 2, "structure": 4,
                      "traits": 0, "weapons": 0}, "boarder": SABOTAGE, "defender": defender, "target": target}
    answer = odds(JW + "boarded", given)
    start = Boarding(ship(marines), boarders)
    manual, auto = Plan(SABOTAGE, defender, target), Plan(SABOTAGE, defender)
    within_k = list(chart(answer, 0).values())
    assert within_k[:3] == [brute_capture(start, auto, k, first=manual) for k in (1, 2, 3)]
    assert within_k[0] == chart(answer, 2)["Captured"]


def test_three_boarders_engaging_two_marines():
    """The issue's numbers: 3 Boarders Engage 2 Marines who Engage."""
    start, plan = Boarding(ship(2), 3), Plan()
    captured = [now.chance(CAPTURED) for now in within(start, plan)]
    assert captured[0] == Fraction(1, 36) and captured[2] == Fraction(20303, 52488)
    assert captured == sorted(captured)
    ends = ending(start, plan)
    assert ends.chance(CAPTURED) == Fraction(289, 319) and ends.chance(NEVER) == Fraction(5, 319)
    assert captured[-1] < ends.chance(CAPTURED)
    assert expected_activations(start, plan) is None  # it may stall at 1 Boarder against 1 Marine
    assert [(s.boarders, s.marines) for s in stuck(start, plan)] == [(1, 1)]


def test_one_boarder_against_one_marine_never_ends():
    answer = odds(JW + "boarded", {"ship": {"boarders": 1, "marines": 1}})
    assert chart(answer, 1)["never ends: no roll can change it"] == 1
    assert "may never end (1 Boarder against 1 Marine" in answer["charts"][1]["title"]
    assert answer["expected_activations"] is None


def test_expected_activations_when_it_always_ends():
    """Engage/Defend from 3 Boarders and 2 Marines: Defend can never cost a Boarder with 2 dice, so it always ends."""
    start, plan = Boarding(ship(2), 3), Plan(ENGAGE, DEFEND)
    assert ending(start, plan).chance(CAPTURED) == 1
    # From (2, 3): a [T] (1/36) captures at once, a [D] (5/12) leaves 1 Marine; from 1 Marine any result captures (4/9).
    p_t, p_d, p_hit = Fraction(1, 36), Fraction(5, 12), Fraction(4, 9)
    from_one = 1 / p_hit
    assert expected_activations(start, plan) == (1 + p_d * from_one) / (p_t + p_d)


def test_marines_and_boarders_both_zero_is_not_captured():
    """Purge Airlocks [N] at 1 Marine and 1 Boarder: both halve to 0, Boarded cancelled, not Captured."""
    answer = resolve(JW + "purge-airlocks", {"ship": {"marines": 1, "boarders": 1}, "roll": {"dice": [1, 2, 3]}})
    assert answer["outcome"]["fate"] == "Marines and Boarders 0: Boarded cancelled, not Captured"


def test_purge_airlocks_halves_rounding_down():
    answer = resolve(JW + "purge-airlocks", {"ship": {"marines": 3, "boarders": 5}, "roll": {"dice": [1, 2, 3]}})
    assert (answer["outcome"]["marines"], answer["outcome"]["boarders"]) == (1, 2)
    answer = resolve(JW + "purge-airlocks", {"ship": {"marines": 3, "boarders": 5}, "roll": {"dice": [4, 4, 4]}})
    assert answer["outcome"]["boarders"] == 0 and "cancelled" in answer["steps"][-1]


def test_boardeds_purge_airlocks_rolls_the_boarded_ships_own_skill():
    """Assert Boarded's Purge Airlocks (an Action of the Boarded ship: "Requirement: Boarded") rolls the Skill of the
    Boarded ship's input, which a fleet pick fills, and the Boarded ship's Skill is shown, not folded."""
    needed = describe(JW + "boarded", {"ship": {"boarders": 3, "marines": 2, "skill": 5}, "purge": True})["dice_needed"]
    assert needed["purge_roll.dice"] == 5
    ship = next(spec for spec in REGISTRY[JW + "boarded"].inputs if spec.name == "ship")
    assert not next(part for part in ship.parts if part.name == "skill").more
    assert "skill" not in {spec.name for spec in REGISTRY[JW + "boarded"].inputs}


def test_several_activations_resolve_step_by_step():
    answer = resolve(JW + "boarded", {"ship": {"boarders": 3, "marines": 2, "skill": 2}, "activations": 10, "purge": True, "seed": 4, "boarders_roll": {"dice": [1, 2, 3]}, "marines_roll": {"dice": [4, 5]}, "purge_roll": {"dice": [6, 6]}})
    steps = answer["steps"]
    assert steps[1] == "Activation 1: Marines 2, Boarders 3: firefight."
    assert any(step.startswith("[D6] selects [D]") for step in steps)  # the typed Purge Skill Test
    assert answer["outcome"]["fate"] != "still Boarded" or sum(s.startswith("Activation") for s in steps) == 10


@pytest.mark.parametrize(("inputs", "field"), [
    ({"boarder": "Sabotage", "ship": {"boarders": 6}}, "ship.boarders"),
    ({"boarder": "Sabotage", "ship": {"marines": 9}}, "ship.marines"),
    ({"ship": {"boarders": 16}}, "ship.boarders"), ({"defender": "Sabotage"}, "defender"), ({"activations": 11}, "activations"),
    ({"boarder": "Sabotage", "target": "Defense", "ship": {"boarders": 5}}, "ship.boarders"),
])
def test_bad_inputs_name_the_field(inputs, field):
    with pytest.raises(InputError) as caught:
        odds(JW + "boarded", inputs)
    assert caught.value.field == field


# ---------------------------------------------------------------- properties


@given(st.integers(1, 4), st.integers(1, 4), st.sampled_from(PAIRS), st.one_of(st.none(), st.integers(0, 4)))
def test_every_distribution_sums_to_one(marines, boarders, pair, skill):
    start, plan = Boarding(ship(marines, 2), boarders), Plan(*pair, purge_skill=skill)
    for dist in (firefight(start, plan), *within(start, plan, 3), ending(start, plan)):
        assert sum(p for _, p in dist.items()) == 1


@given(st.integers(1, 6), st.integers(1, 6), st.integers(1, 5))
def test_more_boarders_never_lower_the_capture_chance(marines, boarders, k):
    """Engage/Engage: one Boarder more never lowers the chance of capture within k activations."""
    plan = Plan()
    fewer = within(Boarding(ship(marines), boarders), plan, k)[-1].chance(CAPTURED)
    more = within(Boarding(ship(marines), boarders + 1), plan, k)[-1].chance(CAPTURED)
    assert more >= fewer


def test_the_automatic_sabotage_is_the_default_target():
    assert Plan().target == AUTOMATIC


@pytest.mark.parametrize(("reading", "marines_left"), [
    (((2, 1), (2, 3)), 2), (((4, 2),), 2), (((2, 1), (3, 4)), 2), (((3, 5),), 3), (((2, 6), (4, 1)), 1),
])
def test_the_automatic_sabotage_spends_every_choice_on_the_marines(reading, marines_left):
    """Assert each [D] and each Critical Hit of a Sabotage takes a Marine while Marines remain (Reading
    `boarders-choose-capture`): [D1,D3] on 4 Marines leaves 2, a [Q2]'s two Critical Hits leave 2."""
    outcomes = take_hits(Ship.of((4, 3, 2, 4), 4, (), 4, 2), reading, sabotage_aim(AUTOMATIC))
    assert {ship.marines for ship in outcomes} == {marines_left}


def test_mean_activations_when_it_may_stall():
    """2 Boarders and 2 Marines, both Engage, 2 dice a side: only a [D] (1/6) does anything. Both [D]s (1/36) stall it
    at 1 against 1; one [D] leaves 1 against 2, which ends in 6 activations on average. Among the boardings that end,
    the mean is the 36/11 activations spent at the start plus 6."""
    start, plan = Boarding(ship(2), 2), Plan()
    assert ending(start, plan).chance(NEVER) == Fraction(1, 11)
    assert expected_activations(start, plan) is None
    assert mean_if_ends(start, plan) == Fraction(36, 11) + 6
    assert mean_if_ends(Boarding(ship(1), 1), plan) is None


def test_several_activations_take_each_keypads_dice_in_turn():
    """Assert activation 2 reads the next typed dice (Boarders 4, 4, 1: [D4], Marines 2 -> 1); activation 3, with none
    left, is rolled by the site and marked so (a seed), or asked in turn (none): no step says a die was rolled that was
    not; a keypad with too few left gives its faces first and asks only for the dice missing, and typed in turn they
    end as the roll typed whole."""
    typed = {"ship": {"boarders": 3, "marines": 2}, "activations": 3, "boarders_roll": {"dice": [1, 2, 3, 4, 4, 1]},
             "marines_roll": {"dice": [5, 6, 5, 2]}}
    answer = resolve(JW + "boarded", {**typed, "seed": 2})
    steps = answer["steps"]
    second = steps.index("Activation 2: Marines 2, Boarders 3: firefight.")
    assert "Boarders' [D4]: Marines 2 → 1." in steps[second:]
    third = steps.index("Activation 3: Marines 1, Boarders 3: firefight.")
    assert steps[third + 1].startswith("Boarders (Engage): Rolled 3 dice (base 3): ")
    assert steps[third + 1].endswith("(rolled by the site).")
    assert "boarders_roll.dice" not in describe(JW + "boarded", answer["inputs"])["dice_needed"]  # any count over several

    asked = resolve(JW + "boarded", typed)
    assert asked["next_roll"]["keypads"] == {"boarders_roll.dice": 3} and asked["next_roll"]["for"] == "Boarders (Engage)"
    assert asked["steps"][-1] == "Activation 3: Marines 1, Boarders 3: firefight."
    assert not any("rolled by the site" in step for step in asked["steps"])

    one_left = {**typed, "boarders_roll": {"dice": [1, 2, 3, 4, 4, 1, 6]}}
    assert resolve(JW + "boarded", one_left)["next_roll"]["keypads"] == {"boarders_roll.dice": 2}
    marked = resolve(JW + "boarded", {**one_left, "seed": 2})["steps"]  # the typed 6, then two of the site's
    assert [step for step in marked if step.startswith("Boarders (Engage): Rolled")][-1] == (
        "Boarders (Engage): Rolled 3 dice (base 3): 1 (rolled by the site), 1 (rolled by the site), 6.")
    whole = resolve(JW + "boarded", {**typed, "boarders_roll": {"dice": [1, 2, 3, 4, 4, 1, 6, 6, 6]}})
    assert "Boarders (Engage): Rolled 3 dice (base 3): 6, 6, 6." in whole["steps"]
    assert whole["next_roll"]["keypads"] == {"marines_roll.dice": 1}  # then the Marines' roll of activation 3


def test_a_target_by_hand_is_one_firefights_choice():
    """Assert a Sabotage target typed by hand drives the one-firefight chart and the chain's first activation, and the
    chain says later activations use the Boarders' automatic choice (following every box would not answer in time)."""
    inputs = {"boarder": "Sabotage", "target": "Defense", "ship": {"marines": 4, "boarders": 4}}
    answer = odds(JW + "boarded", inputs)
    assert "Sabotage hits Defense, later activations best for the Boarders" in answer["charts"][0]["title"]
    assert answer["captured_within"] != odds(JW + "boarded", {**inputs, "target": AUTOMATIC})["captured_within"]
    assert answer["charts"][2]["title"].endswith("(Sabotage hits Defense)")


@pytest.mark.parametrize(("inputs", "headline"), [
    ({"committed": 1, "target": {"boarders": 1, "defense": 2}, "pd": {"dice": [3, 3]}}, "No committed Marines survive: nobody boards (1 Boarder already aboard)"),
    ({"committed": 2, "target": {"boarders": 1, "defense": 2}, "pd": {"dice": [3, 4]}}, "2 Marines board the target: 3 Boarders aboard; it enters the Boarded state"),
])
def test_board_headline_counts_who_boarded(inputs, headline):
    """Assert Board's headline says who boarded now, never counting Boarders already aboard as boarding (issue 20)."""
    assert resolve(JW + "board", inputs)["outcome"]["headline"] == headline


def test_purge_airlocks_needs_a_boarded_ship():
    """Assert Purge Airlocks refuses a ship at Marines 0: Boarded is cancelled at "Boarders: 0 or Marines: 0"."""
    answer = resolve(JW + "purge-airlocks", {"ship": {"marines": 0, "boarders": 3}, "roll": {"dice": [1, 2, 3]}})
    assert answer["outcome"]["headline"] == "Purge Airlocks may not be declared"
    assert [c["label"] for c in answer["checks"] if not c["ok"]] == ["Boarded (Marines): 1+"]


# ---------------------------------------------------------------- Board → Boarded, activation by activation

TENGU = {"defense": 4, "sensors": 3, "thrusters": 2, "marines": 2, "structure": 3}
BY_ACTIVATION = ({"boarders_roll": {"dice": [4, 2]}, "marines_roll": {"dice": [1, 2]}}, {"boarders_roll": {"dice": [1, 1]}, "marines_roll": {"dice": [3, 3]}},
                 {"boarders_roll": {"dice": [5]}, "marines_roll": {"dice": [1]}})


def test_board_then_boarded_carried_activation_by_activation_is_the_run_of_three():
    """Assert Board's survivors are carried aboard as Boarders; each Boarded activation's carried state starts the next
    and ends where resolving the three activations at once ends; and the capture-within-k odds shown from each carried
    state equal the step-by-step enumeration."""
    board = resolve(JW + "board", {"target": {"defense": 4}, "pd": {"dice": [1, 2, 3, 4]}})["outcome"]
    assert board["carry"] == {"to": JW + "boarded", "label": "Go on to Boarded", "inputs": {"ship": {"boarders": 2}}}
    ship_now: dict[str, int] = {**TENGU, **board["carry"]["inputs"]["ship"]}
    for dice in BY_ACTIVATION:
        chart_rows = [row["p"] for row in odds(JW + "boarded", {"ship": ship_now})["charts"][0]["rows"]]
        start = Boarding(Ship.of((ship_now["defense"], ship_now["sensors"], ship_now["thrusters"], ship_now["marines"]),
                                 ship_now["structure"]), ship_now["boarders"])
        assert [Fraction(p) for p in chart_rows[:3]] == [brute_capture(start, Plan(), k) for k in (1, 2, 3)]
        outcome = resolve(JW + "boarded", {"ship": ship_now, **dice})["outcome"]
        assert outcome["fate"] == "still Boarded"
        assert outcome["carry"]["label"] == "Next activation"
        ship_now = {**ship_now, **outcome["carry"]["inputs"]["ship"]}
    at_once = resolve(JW + "boarded", {"ship": {**TENGU, "boarders": 2}, "activations": 3, "boarders_roll": {"dice": [4, 2, 1, 1, 5]}, "marines_roll": {"dice": [1, 2, 3, 3, 1]}})["outcome"]
    assert (ship_now["marines"], ship_now["boarders"]) == (at_once["marines"], at_once["boarders"]) == (1, 1)


def test_each_carried_activation_is_numbered_after_the_ones_before():
    """Assert "Next activation" carries the count of activations resolved, so the third carried activation's steps
    read "Activation 3" (issue 36: each read "Activation 1"), the same line resolving the three at once gives, and the
    count changes no odds."""
    ship_now: dict[str, int] = {**TENGU, "boarders": 2}
    carried: dict[str, object] = {}
    numbered = []
    for dice in BY_ACTIVATION:
        answer = resolve(JW + "boarded", {"ship": ship_now, **carried, **dice})
        numbered += [step for step in answer["steps"] if step.startswith("Activation ")]
        assert odds(JW + "boarded", {"ship": ship_now, **carried})["charts"] == odds(JW + "boarded", {"ship": ship_now})["charts"]
        carry = answer["outcome"]["carry"]["inputs"]
        ship_now, carried = {**ship_now, **carry["ship"]}, {"before": carry["before"]}
    at_once = resolve(JW + "boarded", {"ship": {**TENGU, "boarders": 2}, "activations": 3, "boarders_roll": {"dice": [4, 2, 1, 1, 5]}, "marines_roll": {"dice": [1, 2, 3, 3, 1]}})
    assert numbered == [step for step in at_once["steps"] if step.startswith("Activation ")]
    assert [step.split(":")[0] for step in numbered] == ["Activation 1", "Activation 2", "Activation 3"]
    assert carried == {"before": 3}


def test_no_carry_once_the_boarding_ends_or_nobody_boards():
    """Assert a Captured ship has no next activation, and a Board with no survivor carries nobody aboard."""
    captured = resolve(JW + "boarded", {"ship": {**TENGU, "marines": 1, "boarders": 3}, "boarders_roll": {"dice": [6, 6, 6]}, "marines_roll": {"dice": [1]}})["outcome"]
    assert captured["fate"] != "still Boarded" and "carry" not in captured
    nobody = resolve(JW + "board", {"target": {"defense": 4}, "committed": 1, "pd": {"dice": [6, 6, 6, 6]}})["outcome"]
    assert nobody["survivors"] == 0 and "carry" not in nobody
