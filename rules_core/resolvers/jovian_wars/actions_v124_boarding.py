"""v1.2.4 Board (Point Defense against the committed Marines) and Boarded (the firefight).

Board: the defender's Point Defense (Reading `point-defense`) hits the committed Marines with
the text's own table, [D] 1, [T] 3, [Q+] 5, each result on its own; the survivors are Boarders.
Boarded: each side picks Engage, Defend (Marines) or Sabotage (Boarders). Engage rolls the
side's rating: [D] 1, [T] 2, [Q+] all; Defend diminishes the defender's own results; Sabotage
rolls the Boarders as a Precise attack, or, against Defend, as the Primary of an Opposed Roll.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ... import readings
from ...dice import QUAD, Reading, diminish, magnitude, notation
from ...inputs import Input
from ...pool_odds import reading_weights
from ...opposed import opposed_final, opposed_weights
from ...pools import Pool
from ...registry import Inputs, Resolver, Result, fraction_json, ratio_json
from ...values import int_of, list_of
from ..dice_rolls import MAGNITUDE_LABELS, SEED, faces_inputs, pool_needed, resolution_json, rng_of, roll
from .common import Flag, Rating, all_ok, checks, flag_input, magnitude_weights, rating_input, requirement_sentence
from ...wording import counted

VERSIONS = ("v1.2.4",)
"""The rules versions whose text these resolvers implement."""
BOARD_LOSS: dict[int, int] = {2: 1, 3: 3, 4: 5}
"""Board's table: Marines removed per [D], [T], [Q+] result."""
ENGAGE_LOSS: dict[int, int] = {2: 1, 3: 2}
"""Engage: rating lost per [D], [T]; a [Q+] takes the rating to 0."""


def board_loss(reading: Reading) -> int:
    """Marines a Point Defense reading removes from a boarding party (each result on its own)."""
    return sum(BOARD_LOSS[level] for level, _ in reading)


def engage_after(reading: Reading, rating: int) -> int:
    """The opponent's Marines or Boarders after an Engage reading."""
    if any(level >= QUAD for level, _ in reading):
        return 0
    return max(0, rating - sum(ENGAGE_LOSS[level] for level, _ in reading))


def _dist(pool: Pool, after: Callable[[Reading], int]) -> dict[int, Fraction]:
    items, total = reading_weights(pool)
    out: dict[int, int] = {}
    for reading, ways in items:
        key = after(reading)
        out[key] = out.get(key, 0) + ways
    return {key: Fraction(ways, total) for key, ways in out.items()}


# ---------------------------------------------------------------- Board

BOARD_NEEDS = (Rating("marines", "Marines", 1), Flag("within", "within 1\" of target"), Flag("boarded", "Boarded", absent=True),
               Rating("committed", "Marines committed", 1))


def _board_checks(values: Inputs) -> list[dict[str, object]]:
    results = checks(BOARD_NEEDS, values)
    marines, committed = int_of(values, "marines"), int_of(values, "committed")
    results.append({"label": "committed ≤ current Marines", "ok": committed <= marines,
                    "detail": f"{committed} of {marines} Marines committed"})
    return results


def _board_odds(values: Inputs) -> Result:
    committed = int_of(values, "committed")
    dist = _dist(Pool(int_of(values, "defense")), lambda r: max(0, committed - board_loss(r)))
    return {"checks": _board_checks(values), "charts": [{"title": f"Boarders after Point Defense ({committed} committed)",
            "rows": [{"label": counted(n, "Boarder") + (" (boarding fails)" if n == 0 else ""), "p": fraction_json(dist.get(n, Fraction(0)))}
                     for n in range(committed, -1, -1)]}]}


def _board_run(values: Inputs) -> Result:
    results = _board_checks(values)
    lines = [requirement_sentence(results)]
    if not all_ok(results):
        return {"checks": results, "steps": lines, "outcome": {"headline": "Board may not be declared"}}
    committed = int_of(values, "committed")
    pd = roll(Pool(int_of(values, "defense")), values, rng_of(values), "pd_")
    lost = board_loss(pd.final)
    left = max(0, committed - lost)
    lines += [f"Point Defense: {s}" for s in pd.sentences()]
    lines.append(f"{notation(pd.final)} removes {counted(lost, 'Marine')} ([D] 1, [T] 3, [Q+] 5 each): "
                 f"{committed} committed → {left}.")
    headline = (f"{counted(left, 'Boarder')} board the target: it enters the Boarded state" if left else
                "No committed Marines survive: nobody boards")
    lines.append(headline + ".")
    return {"checks": results, "steps": lines, "roll": resolution_json(pd),
            "outcome": {"headline": headline, "boarders": left, "lost": min(lost, committed), "marines_left": int_of(values, "marines") - committed}}


BOARD = Resolver(
    id="jovian-wars/v1.2.4/board", title="Board",
    summary="Commit Marines; the target's Point Defense removes some ([D] 1, [T] 3, [Q+] 5); the survivors are Boarders.",
    inputs=(rating_input("marines", "Marines (current)", 2, high=30), rating_input("committed", "Marines committed", 2, high=30),
            flag_input("within", "Within 1\" of the target", True), flag_input("boarded", "This model is Boarded"),
            rating_input("defense", "Target's current Defense (Point Defense)", 2, high=30), *faces_inputs("pd_", "Point Defense"), SEED),
    run=_board_run, odds=_board_odds, serves=("board",), versions=VERSIONS,
    dice_needed=lambda values: pool_needed(Pool(int_of(values, "defense")), "pd_"),
    readings=(readings.POINT_DEFENSE, readings.JW_RESULTS_EACH),
)


# ---------------------------------------------------------------- Boarded: the firefight

BOARDER_CHOICES = ("Engage", "Sabotage")
DEFENDER_CHOICES = ("Engage", "Defend")
BOARDED_NEEDS = (Rating("boarders", "Boarders", 1), Rating("marines", "Marines", 1))


def _pools(values: Inputs) -> tuple[Pool, Pool]:
    return Pool(int_of(values, "boarders")), Pool(int_of(values, "marines"))


def _defender_reading(reading: Reading, values: Inputs) -> Reading:
    return diminish(reading) if values["defender"] == "Defend" else reading


def _fate(marines: int, boarders: int) -> str:
    if marines == 0 and boarders > 0:
        return "Captured"
    if marines == 0 or boarders == 0:
        return "Boarded state cancelled"
    return "still Boarded"


def _boarded_odds(values: Inputs) -> Result:
    b_pool, m_pool = _pools(values)
    marines, boarders = int_of(values, "marines"), int_of(values, "boarders")
    body: Result = {"checks": checks(BOARDED_NEEDS, values)}
    if values["boarder"] == "Sabotage" and values["defender"] == "Defend":
        weights, total = opposed_weights(b_pool, m_pool)
        mags = {0: 0, 2: 0, 3: 0, 4: 0}
        for reading, ways in weights.items():
            mags[magnitude(reading)] += ways
        body["charts"] = [{"title": "Sabotage (Opposed Roll): best Precise result left to the Boarders",
                           "rows": [{"label": MAGNITUDE_LABELS[k], "p": ratio_json(w, total)} for k, w in mags.items()]}]
        return body
    # Marines left (by the Boarders' Engage) and Boarders left (by the Marines' Engage): independent rolls.
    m_after = (_dist(b_pool, lambda r: engage_after(r, marines)) if values["boarder"] == "Engage" else {marines: Fraction(1)})
    b_after = _dist(m_pool, lambda r: engage_after(_defender_reading(r, values), boarders))
    joint: dict[tuple[int, int], Fraction] = {(m, b): pm * pb for m, pm in m_after.items() for b, pb in b_after.items()}
    fates: dict[str, Fraction] = {}
    for (m, b), p in joint.items():
        fates[_fate(m, b)] = fates.get(_fate(m, b), Fraction(0)) + p
    body["charts"] = [
        {"title": "Firefight: what becomes of the ship", "rows": [{"label": k, "p": fraction_json(p)} for k, p in sorted(fates.items())]},
        {"title": "Marines left", "rows": [{"label": str(m), "p": fraction_json(m_after.get(m, Fraction(0)))} for m in range(marines, -1, -1)]},
        {"title": "Boarders left", "rows": [{"label": str(b), "p": fraction_json(b_after.get(b, Fraction(0)))} for b in range(boarders, -1, -1)]},
    ]
    if values["boarder"] == "Sabotage":
        mags, total = magnitude_weights(b_pool)
        list_of(body, "charts").append({"title": "Sabotage: best Precise result", "rows": [
            {"label": MAGNITUDE_LABELS[k], "p": ratio_json(w, total)} for k, w in mags.items()]})
    return body


def _boarded_run(values: Inputs) -> Result:
    results = checks(BOARDED_NEEDS, values)
    lines = [requirement_sentence(results)]
    marines, boarders = int_of(values, "marines"), int_of(values, "boarders")
    if not all_ok(results):
        return {"checks": results, "steps": lines, "outcome": {"headline": f"No firefight: the ship is {_fate(marines, boarders)}"}}
    b_pool, m_pool = _pools(values)
    rng = rng_of(values)
    b_roll, m_roll = roll(b_pool, values, rng, "boarders_"), roll(m_pool, values, rng, "marines_")
    lines += [f"Boarders ({values['boarder']}): {s}" for s in b_roll.sentences()]
    lines += [f"Marines ({values['defender']}): {s}" for s in m_roll.sentences()]
    outcome: dict[str, object] = {}
    new_m, new_b = marines, boarders
    if values["boarder"] == "Sabotage" and values["defender"] == "Defend":
        final, hit = opposed_final(b_roll.final, m_roll.final)
        lines.append(f"Opposed Roll, Boarders Primary: the Marines' {notation(m_roll.final)} leaves {notation(final)}"
                     + (f" (diminished: {', '.join(map(str, hit))})." if hit else "."))
        outcome["sabotage"] = notation(final)
    else:
        m_reading = _defender_reading(m_roll.final, values)
        if values["defender"] == "Defend":
            lines.append(f"Defend: the Marines' results are diminished: {notation(m_roll.final)} → {notation(m_reading)}.")
        new_b = engage_after(m_reading, boarders)
        lines.append(f"Marines' {notation(m_reading)}: Boarders {boarders} → {new_b}.")
        if values["boarder"] == "Engage":
            new_m = engage_after(b_roll.final, marines)
            lines.append(f"Boarders' {notation(b_roll.final)}: Marines {marines} → {new_m}.")
        else:
            outcome["sabotage"] = notation(b_roll.final)
    if "sabotage" in outcome:
        lines.append(f"Sabotage: {outcome['sabotage']} applied as a Precise weapon's results (any rating or System Trait).")
    fate = _fate(new_m, new_b)
    lines.append(f"Marines {new_m}, Boarders {new_b}: the ship is {fate}.")
    outcome.update({"headline": f"Marines {marines} → {new_m}, Boarders {boarders} → {new_b}: {fate}"
                    + (f"; Sabotage {outcome['sabotage']}" if "sabotage" in outcome else ""),
                    "marines": new_m, "boarders": new_b, "fate": fate})
    return {"checks": results, "steps": lines, "outcome": outcome,
            "roll": {"boarders": resolution_json(b_roll), "marines": resolution_json(m_roll)}}


BOARDED = Resolver(
    id="jovian-wars/v1.2.4/boarded", title="Boarded: the firefight",
    summary="Boarders Engage or Sabotage, Marines Engage or Defend: both rolls, the losses, Sabotage as Precise results.",
    inputs=(rating_input("marines", "Defending Marines (current)", 2, high=30), rating_input("boarders", "Boarders", 3, high=30),
            Input("boarder", "choice", "Boarders choose", default="Engage", choices=BOARDER_CHOICES),
            Input("defender", "choice", "Marines choose", default="Engage", choices=DEFENDER_CHOICES),
            *faces_inputs("boarders_", "Boarders"), *faces_inputs("marines_", "Marines"), SEED),
    run=_boarded_run, odds=_boarded_odds, serves=("boarded",), versions=VERSIONS,
    dice_needed=lambda values: {**pool_needed(_pools(values)[0], "boarders_"), **pool_needed(_pools(values)[1], "marines_")},
    readings=(readings.JW_RESULTS_EACH, readings.JW_FIREFIGHT_SIMULTANEOUS, readings.ESCALATE_DIMINISH, readings.PRECISE,
              readings.SECONDARY_ADDS_UP, readings.SECONDARY_CHOOSES),
)

RESOLVERS: tuple[Resolver, ...] = (BOARD, BOARDED)
