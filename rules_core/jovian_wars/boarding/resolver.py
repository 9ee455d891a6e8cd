"""v1.2.4 Board, Boarded and Purge Airlocks: the boarding chain's resolvers.

Board: the defender's Point Defense (Reading `point-defense`) hits the committed Marines with the
text's own table, [D] 1, [T] 3, [Q+] 5, each result on its own; the survivors join the Boarders
already aboard. Boarded: the firefight of each activation (`firefight`), the chance of
capture within 1 to 10 activations and how the boarding ends (`chain`), one activation
resolved from dice (`steps`). Purge Airlocks: its Skill Test table, alone or in the chain.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from ... import readings
from ...answers import Answer, Chart, Check, Outcome, Row, fraction_json, judged
from ...dice.read import notation
from ...dice.dist import Dist
from ...errors import InputError
from ...inputs import Input, SEED
from ...dice.pool_odds import reading_dist
from ...dice.pools import Pool
from ...registry import Inputs, Resolver
from ..ship import Ship
from ..ship_inputs import end_state, ship_input, ship_of, ship_parts
from ...turns import die_source, draw_roll
from ...values import faces_of, group_of, int_of, rng_of
from ...wording import counted
from ...rolling import pool_needed, resolution_json, roll, roll_input
from .chain import HORIZON, NEVER, activation, ending_after, mean_if_ends_after, stuck, within
from .firefight import (AUTOMATIC, STILL_BOARDED, BOARDER_CHOICES, CAPTURED, DEFENDER_CHOICES, ENDS, PURGE_ROWS,
                                 READINGS, SABOTAGE, SABOTAGE_TARGETS, Boarding, Plan, board_loss, firefight, purge_after,
                                 purge_rows)
from .steps import (BOARDERS, MARINES, PURGE, PURGE_PURPOSE, ROLLS, boarders_roll_purpose, firefight_steps,
                    marines_roll_purpose, purge_steps)
from ..common import Flag, Rating, all_ok, checks, flag_input, rating_input, requirement_sentence

VERSIONS = ("v1.2.4",)
"""The rules versions whose text these resolvers implement."""
AIMED = "Sabotage aimed by hand"
CAPS: dict[str, dict[str, int]] = {
    "Engage": {"marines": 15, "boarders": 15},
    SABOTAGE: {"marines": 5, "boarders": 5},
    AIMED: {"marines": 4, "boarders": 4},
}
"""The largest Marines and Boarders whose chain answers in time, by the Boarders' choice (Sabotage follows the
ship's every box, Engage only the two ratings; a Sabotage aimed by hand spreads the ship over every row in its first
activation, so the chain after it meets far more ships); the four-pair chart uses the Sabotage caps."""
DAMAGE_READINGS = (readings.RANDOMISE_RATING, readings.SYSTEMS_AT_ZERO, readings.STRUCTURE_BELOW_ZERO)
"""The Readings of the one damage step Sabotage goes through."""
_SHIP_PARTS = {part.name: part for part in ship_parts(traits=0, weapons=0)}
BOARDED_SHIP = ship_input("ship", "Boarded ship", (
    replace(_SHIP_PARTS.pop("marines"), label="Defending Marines (current)", high=CAPS["Engage"]["marines"]),
    Input("boarders", "int", "Boarders aboard", default=3, low=0, high=CAPS["Engage"]["boarders"]),
    *(replace(part, more=False) if part.name == "skill" else part for part in _SHIP_PARTS.values())))
"""The Boarded ship (`ship_input`): its Marines and the Boarders aboard first, Marines allowed up to the Engage cap;
its Skill shown, as the Skill of its Purge Airlocks (an Action the Boarded ship declares: "Requirement: Boarded")."""
BOARDED_ID = "jovian-wars/v1.2.4/boarded"
"""Where Board's survivors go aboard, and where each Boarded activation's state goes on (an outcome's "carry")."""
PAIRS = tuple((b, d) for b in BOARDER_CHOICES for d in DEFENDER_CHOICES)
"""Every pair of choices: (Boarders, Marines)."""


# ---------------------------------------------------------------- Board

BOARDING_SHIP = ship_input("boarding_ship", "Boarding ship", ship_parts(traits=0, weapons=0))
"""The boarding model (`ship_input`, a fleet pick): its Marines are those it may commit, and those committed leave it."""
BOARD_TARGET = ship_input("target", "Target", ship_parts((2, 3, 2, 2, 4), traits=0, weapons=0, extra=(
    Input("boarders", "int", "Boarders already aboard", default=0, low=0, high=30,
          help="Marines other models boarded with earlier: all survivors add to the Boarders."),)))
"""The boarded model: its current Defense is the Point Defense attack, the Boarders already aboard it those the
survivors join (Defense 2 unless picked or typed, as before the fleet pick)."""
BOARD_NEEDS = (Rating("boarding_ship.marines", "Marines", 1), Flag("within", "within 1\" of target"),
               Flag("boarded", "Boarded", absent=True), Rating("committed", "Marines committed", 1))


def _board_numbers(values: Inputs) -> tuple[int, int, int, int]:
    """Marines (current), committed, the target's Defense and the Boarders already aboard it."""
    target = group_of(values, "target")
    return (int_of(group_of(values, "boarding_ship"), "marines"), int_of(values, "committed"),
            int_of(target, "defense"), int_of(target, "boarders"))


def _board_checks(values: Inputs) -> tuple[Check, ...]:
    marines, committed, _, _ = _board_numbers(values)
    return (*checks(BOARD_NEEDS, values),
            judged(values, ("committed", "boarding_ship.marines"), "committed ≤ current Marines", committed <= marines,
                   f"{committed} of {marines} Marines committed"))


def board_dist(defense: int, committed: int, aboard: int) -> Dist[int]:
    """The Boarders on the target after the Point Defense attack: survivors plus those already aboard."""
    return reading_dist(Pool(defense)).map(lambda reading: aboard + max(0, committed - board_loss(reading)))


def _board_odds(values: Inputs) -> Answer:
    _, committed, defense, aboard = _board_numbers(values)
    dist = board_dist(defense, committed, aboard)

    def label(n: int) -> str:
        return counted(n, "Boarder") + (" (boarding fails)" if n == 0 else "")

    return Answer(checks=_board_checks(values), charts=(Chart.of(
        f"Boarders after Point Defense ({committed} committed, {aboard} already on the target)",
        dist, label, range(aboard + committed, aboard - 1, -1)),))


def _board_ships(values: Inputs, marines_left: int, boarders: int) -> dict[str, object]:
    """Both ships after the Board, for the fleet: the Marines committed leave the boarding ship, the Boarders are
    aboard the target."""
    boarding = ship_of(values, "boarding_ship").with_marines(marines_left)
    return {"boarding_ship": end_state(values, "boarding_ship", boarding),
            "target": end_state(values, "target", ship_of(values, "target"), boarders)}


def _board_run(values: Inputs) -> Answer:
    results = _board_checks(values)
    lines = [requirement_sentence(results)]
    if not all_ok(results):
        return Answer(Outcome("Board may not be declared"), tuple(lines), results)
    marines, committed, defense, aboard = _board_numbers(values)
    pd = roll(Pool(defense), values, rng_of(values), "pd")
    lost = board_loss(pd.final)
    left = max(0, committed - lost)
    lines += [f"Point Defense: {s}" for s in pd.sentences()]
    lines.append(f"{notation(pd.final)} removes {counted(lost, 'Marine')} ([D] 1, [T] 3, [Q+] 5 each): "
                 f"{committed} committed → {left}.")
    if aboard:
        lines.append(f"All surviving Marines contribute to the total number of Boarders: {aboard} + {left} = {aboard + left}.")
    total = aboard + left
    if left:
        headline = (f"{counted(left, 'Marine')} board{'s' if left == 1 else ''} the target: "
                    + (f"{counted(total, 'Boarder')} aboard; " if aboard else "") + "it enters the Boarded state")
    else:
        headline = "No committed Marines survive: nobody boards" + (
            f" ({counted(aboard, 'Boarder')} already aboard)" if aboard else "")
    lines.append(headline + ".")
    facts: dict[str, object] = {"boarders": total, "survivors": left, "lost": min(lost, committed),
                                "marines_left": marines - committed, "ships": _board_ships(values, marines - committed, total)}
    if total:  # the survivors go aboard: the Boarded resolver takes them as its Boarders
        facts["carry"] = {"to": BOARDED_ID, "label": "Go on to Boarded", "inputs": {"ship": {"boarders": total}}}
    return Answer(Outcome(headline, facts=facts), tuple(lines), results, extra={"roll": resolution_json(pd)})


BOARD = Resolver(
    id="jovian-wars/v1.2.4/board", title="Board",
    summary="Commit Marines; the target's Point Defense removes some ([D] 1, [T] 3, [Q+] 5); the survivors join the Boarders.",
    inputs=(BOARDING_SHIP, replace(rating_input("committed", "Marines committed", 2, high=30),
                                  assumed="2 Marines committed"), BOARD_TARGET,
            flag_input("within", "Within 1\" of the target", True), flag_input("boarded", "This model is Boarded"),
            roll_input("pd", "Point Defense"), SEED),
    run=_board_run, odds=_board_odds, serves=("board",), versions=VERSIONS,
    dice_needed=lambda values: pool_needed(Pool(_board_numbers(values)[2]), "pd"),
    readings=(readings.POINT_DEFENSE, readings.JW_RESULTS_EACH),
)


# ---------------------------------------------------------------- Boarded: firefights until the boarding ends

BOARDED_NEEDS = (Rating("ship.boarders", "Boarders", 1), Rating("ship.marines", "Marines", 1))
FATE_LABELS: dict[str, str] = {**{fate: fate for fate in (*ENDS, STILL_BOARDED)}, NEVER: "never ends: no roll can change it"}
"""How each end reads on the page."""


def plan_of(values: Inputs) -> Plan:
    return Plan(str(values["boarder"]), str(values["defender"]), str(values["target"]),
                int_of(values, "ship.skill") if values["purge"] else None)


def _check_caps(values: Inputs, boarder: str) -> None:
    """Refuse ratings whose chain would not answer in time, naming the field and its range for this choice."""
    choice = "Engage" if boarder != SABOTAGE else SABOTAGE if values["target"] == AUTOMATIC else AIMED
    words = {"Engage": "for a boarding", SABOTAGE: "when the Boarders choose Sabotage", AIMED: "when Sabotage is aimed by hand"}
    for part, cap in CAPS[choice].items():
        if int_of(values, f"ship.{part}") > cap:
            raise InputError(f"ship.{part}", f"a whole number from 0 to {cap} {words[choice]}, not {int_of(values, f'ship.{part}')}")


def _start(values: Inputs) -> Boarding:
    _check_caps(values, str(values["boarder"]))
    if values["target"] == SABOTAGE_TARGETS[-1] and not int_of(values, "ship.traits"):
        raise InputError("target", "a Rating or the automatic choice: the ship has no System Trait")
    return Boarding(ship_of(values), int_of(values, "ship.boarders"))


def _mean_words(start: Boarding, first: Plan, plan: Plan) -> str:
    mean = mean_if_ends_after(start, first, plan)
    frozen = list(dict.fromkeys(state for after in activation(start, first) for state in stuck(after, plan)))
    if not frozen:
        return f"mean {fraction_json(mean or Fraction(0))} activations (about {float(mean or 0):.2f})"
    never = (f"it may never end ({counted(frozen[0].boarders, 'Boarder')} against {counted(frozen[0].marines, 'Marine')}: "
             "no roll can change it)")
    return never if mean is None else f"{never}; mean {fraction_json(mean)} activations (about {float(mean):.2f}) when it ends"


def _boarded_odds(values: Inputs) -> Answer:
    start, plan = _start(values), plan_of(values)
    results = checks(BOARDED_NEEDS, values)
    if not all_ok(results):
        return Answer(checks=results, charts=())
    # A target chosen by hand is the choice of this activation's firefight: the player chooses again at the next one.
    # Every figure starts from it; later activations take the Boarders' automatic choice (following a hand-picked
    # row through many activations would follow every box of the ship: seconds, not milliseconds), as the titles say.
    chain = replace(plan, target=AUTOMATIC)
    manual = plan.boarder == SABOTAGE and plan.target != AUTOMATIC
    pair = f"{plan.boarder}/{plan.defender}" + (f", Sabotage hits {plan.target}, later activations best for the "
                                                 "Boarders" if manual else "")
    captured = [now.chance(CAPTURED) for now in within(start, chain, first=plan)]
    ends = ending_after(start, plan, chain)
    charts = [
        Chart(f"Captured within k activations ({pair}{', Purge Airlocks' if plan.purge_skill is not None else ''})",
              tuple(Row(f"within {counted(k, 'activation')}", p) for k, p in enumerate(captured, 1))),
        Chart.of(f"How the boarding ends ({pair}): {_mean_words(start, plan, chain)}", ends, FATE_LABELS.__getitem__,
                 (*ENDS, NEVER)),
        Chart.of("One firefight: how the ship stands after it" + (f" (Sabotage hits {plan.target})" if manual else ""),
                 firefight(start, plan).map(lambda state: state.fate), FATE_LABELS.__getitem__, (STILL_BOARDED, *ENDS)),
    ]
    if all(int_of(values, f"ship.{part}") <= cap for part, cap in CAPS[SABOTAGE].items()):
        charts.append(_pairs_chart(start, plan if manual else chain))
    # Probabilities and means stay Fractions (None where there is none): to_json writes them as "p/q".
    return Answer(checks=results, charts=tuple(charts), extra={
        "captured_within": captured, "ever_captured": ends.chance(CAPTURED), "never_ends": ends.chance(NEVER),
        "expected_activations": None if ends.chance(NEVER) else mean_if_ends_after(start, plan, chain),
        "mean_if_ends": mean_if_ends_after(start, plan, chain)})


def _pairs_chart(start: Boarding, plan: Plan) -> Chart:
    """Captured within the horizon for each pair of choices, each side keeping its choice."""
    return Chart(f"Captured within {HORIZON} activations, each pair of choices (Boarders/Marines)", tuple(
        Row(f"{boarder}/{defender}", within(start, Plan(boarder, defender, AUTOMATIC, plan.purge_skill),
                                            first=Plan(boarder, defender, plan.target, plan.purge_skill))[-1].chance(CAPTURED))
        for boarder, defender in PAIRS))


def _boarded_run(values: Inputs) -> Answer:
    results = checks(BOARDED_NEEDS, values)
    lines = [requirement_sentence(results)]
    start, plan = _start(values), plan_of(values)
    if not all_ok(results):
        return Answer(Outcome(f"No firefight: {FATE_LABELS[start.fate]}", facts={"fate": start.fate}), tuple(lines), results)
    rng = rng_of(values)
    die, given = die_source(faces_of(values, "damage_dice") or (), "damage_dice", "Boarded ship", rng)
    activations, before = int_of(values, "activations"), int_of(values, "before")
    queues = {name: list(faces_of(group_of(values, name), "dice") or ()) for name in ROLLS}
    state, rolls, done = start, {}, before
    for number in range(1, activations + 1):
        if state.ended:
            break
        done = before + number
        lines.append(f"Activation {done}: Marines {state.marines}, Boarders {state.boarders}: firefight.")
        typed = values if activations == 1 else {
            **_take(queues, BOARDERS, state.boarders, boarders_roll_purpose(plan), rng),
            **_take(queues, MARINES, state.marines, marines_roll_purpose(plan), rng)}
        state, more, made = firefight_steps(state, plan, typed, rng, die)
        lines += more
        if plan.purge_skill is not None and not state.ended:
            typed = values if activations == 1 else _take(queues, PURGE, plan.purge_skill, PURGE_PURPOSE, rng)
            (marines, boarders), more, purged = purge_steps(state.marines, state.boarders, plan.purge_skill, typed, rng)
            state = Boarding(state.ship.with_marines(marines), boarders)
            lines += more
            made["purge"] = resolution_json(purged)
        if number == 1:
            rolls = made
    if given:
        rolls["damage"] = {"dice": list(given)}
    lines.append(f"Marines {state.marines}, Boarders {state.boarders}: {FATE_LABELS[state.fate]}.")
    headline = (f"Marines {start.marines} → {state.marines}, Boarders {start.boarders} → {state.boarders}: "
                f"{FATE_LABELS[state.fate]}")
    lines.append(f"Boarded ship after: {state.ship.text()}.")
    ended = {"Boarded": "ended"} if state.ended else {}
    ship = {**end_state(values, "ship", state.ship, state.boarders, CAPTURED if state.fate == CAPTURED else None),
            "states": ended}
    facts: dict[str, object] = {"marines": state.marines, "boarders": state.boarders, "fate": state.fate,
                                "ship": state.ship.text(), "ships": {"ship": ship}}
    numbers = ship["numbers"]
    # Still Boarded: the next activation starts from this state.
    if not state.ended and isinstance(numbers, dict):
        facts["carry"] = {"to": BOARDED_ID, "label": "Next activation", "inputs": {
            "ship": {**numbers, "marines": state.marines, "boarders": state.boarders}, "before": done}}
    return Answer(Outcome(headline, facts=facts), tuple(lines), results, extra={"roll": rolls})


MOST_BEFORE = 99
"""Activations counted before the ones resolved: the rules set no limit; a boarding this long is never seen."""


def _take(queues: dict[str, list[int]], name: str, dice: int, purpose: str, rng: random.Random) -> dict[str, object]:
    """The next `dice` typed dice of a roll, for a roll of several activations: the faces left on its keypad in order,
    then the dice still missing drawn as any other (`turns.draw_roll`: asked in turn, or rolled by the site), in the
    order the rolls are made."""
    taken, queues[name] = queues[name][:dice], queues[name][dice:]
    missing = dice - len(taken)
    drawn = draw_roll({f"{name}.dice": missing}, purpose, rng)[f"{name}.dice"] if missing else ()
    return {name: {"dice": (*taken, *drawn)}}


def _boarded_needed(values: Inputs) -> dict[str, int]:
    """The keypads' dice for one activation; over several, each keypad takes the dice of every roll in turn (any count)."""
    needed = {**pool_needed(Pool(int_of(values, "ship.boarders")), BOARDERS),
              **pool_needed(Pool(int_of(values, "ship.marines")), MARINES),
              **pool_needed(Pool(int_of(values, "ship.skill") if values["purge"] else 0), PURGE)}  # 0: hidden
    if int_of(values, "activations") > 1:
        for name in ROLLS:
            if needed[f"{name}.dice"]:
                del needed[f"{name}.dice"]
    return needed


BOARDED = Resolver(
    id=BOARDED_ID, title="Boarded: firefights until Captured",
    summary="Each activation's firefight with both sides' choices, Sabotage through the damage step, Purge Airlocks: "
            "the chance of capture within 1 to 10 activations and how the boarding ends.",
    inputs=(BOARDED_SHIP,
            Input("boarder", "choice", "Boarders choose", default="Engage", choices=BOARDER_CHOICES),
            Input("defender", "choice", "Marines choose", default="Engage", choices=DEFENDER_CHOICES),
            Input("target", "choice", "Sabotage hits", default=AUTOMATIC, choices=SABOTAGE_TARGETS, when=("boarder", SABOTAGE),
                  help="What the Precise results damage: the Boarders' automatic choice, or one Rating or the System Trait."),
            flag_input("purge", "The ship declares Purge Airlocks each activation",
                       help="Its Skill Test rolls the Boarded ship's Skill."),
            rating_input("activations", "Activations to resolve", 1, low=1, high=HORIZON,
                         help="Over several, each keypad takes the dice of every roll in turn; a roll with too few left is rolled."),
            Input("before", "int", "Activations resolved before these", default=0, low=0, high=MOST_BEFORE, more=True,
                  help="“Next activation” counts them, so the steps number each activation from the first."),
            roll_input(BOARDERS, "Boarders' roll"), roll_input(MARINES, "Marines' roll"),
            Input("damage_dice", "faces", "Sabotage damage dice (randomised hits, Weapon Damage, Catastrophic)", low=0,
                  high=12, optional=True, help="In the order asked, each in its turn; with “Roll for me” the site rolls them."),
            roll_input(PURGE, "Purge Airlocks"), SEED),
    run=_boarded_run, odds=_boarded_odds, serves=("boarded",), versions=VERSIONS, dice_needed=_boarded_needed,
    in_turn=("damage_dice",),
    readings=(*READINGS, readings.BOARDERS_CHOOSE_CAPTURE, readings.BOARDING_CHAIN, readings.JW_TABLE_ROW_BY_BEST,
              readings.HALVE_ROUNDS_DOWN, *DAMAGE_READINGS),
)


# ---------------------------------------------------------------- Purge Airlocks

PURGE_SHIP = ship_input("ship", "Boarded ship", (
    Input("marines", "int", "Marines (current)", default=2, low=0, high=30),
    Input("boarders", "int", "Boarders aboard", default=3, low=0, high=30),
    *(replace(part, more=False) for part in ship_parts() if part.name == "skill")))
"""The Boarded ship as Purge Airlocks reads it (its Marines, the Boarders aboard, its Skill): a fleet pick fills them."""
PURGE_NEEDS = (Rating("ship.boarders", "Boarded (Boarders)", 1, model=PURGE_SHIP),
               Rating("ship.marines", "Boarded (Marines)", 1, model=PURGE_SHIP))
"""Boarded lasts while Boarders and Marines are both 1 or more (the text cancels it at "Boarders: 0 or Marines: 0")."""


def _purge_label(values: Inputs) -> Callable[[str], str]:
    marines, boarders = int_of(values, "ship.marines"), int_of(values, "ship.boarders")

    def label(row: str) -> str:
        m, b = purge_after(row, marines, boarders)
        return f"{row} {dict(PURGE_ROWS)[row]}: Marines {marines} → {m}, Boarders {boarders} → {b}"
    return label


def _purge_odds(values: Inputs) -> Answer:
    skill = int_of(values, "ship.skill")
    return Answer(checks=checks(PURGE_NEEDS, values), charts=(Chart.of(
        f"Purge Airlocks: Skill Test {counted(skill, 'die')}", purge_rows(skill), _purge_label(values),
        [row for row, _ in PURGE_ROWS]),))


def _purge_run(values: Inputs) -> Answer:
    results = checks(PURGE_NEEDS, values)
    lines = [requirement_sentence(results)]
    if not all_ok(results):
        return Answer(Outcome("Purge Airlocks may not be declared", False), tuple(lines), results)
    (marines, boarders), more, res = purge_steps(int_of(values, "ship.marines"), int_of(values, "ship.boarders"),
                                                 int_of(values, "ship.skill"), values, rng_of(values), "roll")
    fate = FATE_LABELS[Boarding(Ship.of((1, 1, 1, marines), 1), boarders).fate]
    lines += more
    lines.append(f"Marines {marines}, Boarders {boarders}: {fate}.")
    return Answer(Outcome(f"{notation(res.final)}: Marines {marines}, Boarders {boarders}: {fate}", True,
                          {"marines": marines, "boarders": boarders, "fate": fate}),
                  tuple(lines), results, extra={"roll": resolution_json(res)})


PURGE_AIRLOCKS = Resolver(
    id="jovian-wars/v1.2.4/purge-airlocks", title="Purge Airlocks",
    summary="A Boarded ship vents its airlocks: a Skill Test halves or clears the Boarders (and on [N] its own Marines).",
    inputs=(PURGE_SHIP, roll_input("roll", "Skill Test"), SEED),
    run=_purge_run, odds=_purge_odds, serves=("purge-airlocks",), versions=VERSIONS,
    dice_needed=lambda values: pool_needed(Pool(int_of(values, "ship.skill")), "roll"),
    readings=(readings.JW_TABLE_ROW_BY_BEST, readings.HALVE_ROUNDS_DOWN, readings.BOARDING_CHAIN),
)

RESOLVERS: tuple[Resolver, ...] = (BOARD, BOARDED, PURGE_AIRLOCKS)
