"""v1.2.4 Dogfight page: the Dogfight procedure and weapon initiative.

Each Squadron's pool is weapon AS + Skill + Fuel bid, split into Attack and Defense (Evasive +1
Defense). Step 6: each Attack (its weapon Macro and net attack modifier converted by the v1.2.4
table) is the Primary of an Opposed Roll against the other's Defense, in weapon initiative order
(Reading `dogfight-damage`). Step 7: the declared Missile attacks (Reading `dogfight-missile`), none at a
Squadron step 6 destroyed (Reading `missile-target-gone`), their dice asked in turn.
The exact chain is chain.py, the Weapon Initiative table initiative.py;
this module declares the Dogfight's inputs and resolves one case.
"""

from __future__ import annotations

import random

from ... import readings
from ...answers import Answer, Chart, Check, Outcome, judged
from ...dice.read import Reading, escalate, notation
from ...errors import InputError
from ...dice.keep import MOST_STEPS
from ...inputs import Input, SEED
from ...dice.opposed import WIPE, apply_choice, opposed_final, secondary_effect
from ...dice.pools import MAX_MODIFIER, Pool, build_pool
from ...registry import Inputs, Resolver
from ...values import int_of, rng_of
from ...wording import structure_lost
from ...rolling import KEYPADS, pool_needed, resolution_json, roll, roll_input
from ..damage.common import opposed_sentence, squadron_loss
from .initiative import VERSIONS, WEAPON_INITIATIVE, order
from ..squadron_inputs import MOST_FUEL, MOST_RATING, in_play, squadron_end, squadron_input, squadron_of, squadron_parts
from .chain import FATES, Squadron, dogfight_dist, fate, missile_choice, missile_loss, step6

SIDES = ("a", "b")
FIGHT_PARTS = ("missile", "bid", "attack", "modifier", "missile_modifier")
"""What one Dogfight decides for each Squadron (its own inputs, "a_bid"...), beside the Squadron's card."""


# ---------------------------------------------------------------- inputs and pools


def _fight_inputs(name: str, declares: bool) -> tuple[Input, ...]:
    """One Squadron's choices in this Dogfight, in the order of the texts' steps."""
    who, declared = f"Squadron {name.upper()}", (f"{name}_missile", "true")
    return (
        Input(f"{name}_missile", "bool", f"{who} declares a Missile attack (step 1)", default=declares,
              assumed=f"{who} declares a Missile attack" if declares else ""),
        Input(f"{name}_bid", "int", f"{who}'s Fuel bid (step 2)", default=1, low=0, high=MOST_FUEL),
        Input(f"{name}_attack", "int", f"{who}'s dice to the Attack pool (step 4)", default=3, low=0,
              high=2 * MOST_RATING + MOST_FUEL, help="The rest of the Dogfight pool is the Defense pool."),
        Input(f"{name}_modifier", "int", f"{who}'s attack modifier (net, step 6)", default=0, low=-MAX_MODIFIER,
              high=MAX_MODIFIER, more=True, help="Sum of +1 bonuses and -1 penalties; converted to dice first (v1.2.4)."),
        Input(f"{name}_missile_modifier", "int", f"{who}'s Missile attack modifier (net, step 7)", default=0,
              low=-MAX_MODIFIER, high=MAX_MODIFIER, when=declared, more=True),
    )


def _who_is(name: str) -> str:
    return f"Squadron {name.upper()}"


def fight(values: Inputs, name: str) -> dict[str, object]:
    """What this Dogfight decided for the Squadron `name`, by the card's own words ("bid", "attack", ...)."""
    return {part: values[f"{name}_{part}"] for part in FIGHT_PARTS}


def dogfight_pool(values: Inputs, name: str) -> int:
    """Weapon AS + Skill + Fuel bid."""
    card = squadron_of(values, name)
    return card.as_rating + card.skill + int_of(values, f"{name}_bid")


def _attack_pool(base: int, macro: int, modifier: int, field: str) -> Pool:
    """An attack's pool: the modifier converted first, then the Macro; an overflow is named by the modifier."""
    try:
        return build_pool(base, 0, macro, modifier)
    except InputError as error:
        raise InputError(field, error.reason) from None


def squadron(values: Inputs, name: str) -> Squadron:
    """One Squadron's pools; refuses an Attack larger than its Dogfight pool, and a Missile its card does not have."""
    card = in_play(values, name)
    total, attack = dogfight_pool(values, name), int_of(values, f"{name}_attack")
    if attack > total:
        raise InputError(f"{name}_attack", f"must be 0 to {total} (AS + Skill + Fuel bid), got {attack}")
    missile = None
    if values[f"{name}_missile"]:
        if not card.missile:
            raise InputError(f"{name}_missile", f"{_who_is(name)} has no Missile weapon on its card: it cannot declare "
                                                "a Missile attack")
        missile = _attack_pool(card.missile_as, card.missile_macro, int_of(values, f"{name}_missile_modifier"),
                               f"{name}_missile_modifier")
    defense = Pool(total - attack + (1 if card.evasive else 0))
    return Squadron(_attack_pool(attack, card.macro, int_of(values, f"{name}_modifier"), f"{name}_modifier"),
                    defense, missile, card.structure)


def bid_check(values: Inputs, name: str) -> Check:
    bid, fuel = int_of(values, f"{name}_bid"), squadron_of(values, name).fuel
    return judged(values, (f"{name}_bid", f"{name}.fuel"), f"{_who_is(name)}: Fuel bid ≤ Fuel remaining", bid <= fuel,
                  f"bids {bid} of {fuel} Fuel")


def over_bid(checks: tuple[Check, ...]) -> str:
    """"Squadron A bids more Fuel than it has" (or both), "" when every bid is within its Fuel."""
    names = [check.label.split(":")[0] for check in checks if not check.ok]
    if not names:
        return ""
    return (f"{names[0]} bids more Fuel than it has" if len(names) == 1
            else f"{' and '.join(names)} bid more Fuel than they have")


def _who(values: Inputs) -> str:
    return order(squadron_of(values, "a").weapon, squadron_of(values, "b").weapon)


# ---------------------------------------------------------------- odds


def _needed(values: Inputs) -> dict[str, int]:
    """Step 6's keypads; step 7's are asked in turn (IN_TURN), only for a Missile whose target is still there."""
    out: dict[str, int] = {}
    for name, other in (("a", "b"), ("b", "a")):
        own, foe = squadron(values, name), squadron(values, other)
        out.update({**pool_needed(own.attack, f"{name}_att"), **pool_needed(foe.defense, f"{other}_def")})
    return out


def _odds(values: Inputs) -> Answer:
    checks = tuple(bid_check(values, name) for name in SIDES)
    if over_bid(checks):
        return Answer(checks=checks, charts=())  # the resolve view refuses the same bid: no odds for a Dogfight not held
    a, b = squadron(values, "a"), squadron(values, "b")
    who = _who(values)
    ends = dogfight_dist(a, b, who)
    fates = ends.map(fate)
    before = step6(a, b, who).map(fate)
    charts = [Chart.of("Dogfight (steps 6 and 7)", fates, str, FATES),
              Chart.of("Before the Missile attacks (step 6)", before, str, FATES)]
    for index, (name, own) in enumerate((("A", a), ("B", b))):
        left = ends.map(lambda pair: pair[index])
        charts.append(Chart.of(f"Squadron {name}: Structure left", left, lambda n: f"Structure {n}" if n else "Destroyed",
                               range(own.structure, -1, -1)))
    return Answer(checks=checks, charts=tuple(charts), extra={"destroyed": dict(fates.items())})


# ---------------------------------------------------------------- one case, step by step


def _attack(values: Inputs, name: str, other: str, rng: random.Random, rolls: dict[str, object]) -> tuple[int, list[str]]:
    """Step 6: one Squadron's Attack against the other's Defense; Structure lost and the steps."""
    attack, defense = squadron(values, name).attack, squadron(values, other).defense
    big, small = name.upper(), other.upper()
    first = roll(attack, values, rng, f"{name}_att", purpose=MOST_STEPS)  # against a Squadron: most Structure lost
    second = roll(defense, values, rng, f"{other}_def")
    rolls.update({f"{name}_att": resolution_json(first), f"{other}_def": resolution_json(second)})
    texts = [f"{big} Attack: {s}" for s in first.sentences()] + [f"{small} Defense: {s}" for s in second.sentences()]
    final, _ = opposed_final(first.final, second.final)
    texts.append(opposed_sentence(first.final, second.final, final, big, f"{small}'s Defense"))
    lost = squadron_loss(final)
    texts.append(f"{big}'s {notation(final)} hits {small} as Squadron Damage: {structure_lost(lost)}.")
    return lost, texts


def _missile(values: Inputs, name: str, other: str, rng: random.Random, rolls: dict[str, object]) -> tuple[int, list[str]]:
    """Step 7: one declared Missile attack against a new roll of the defender's Defense pool, Escalated."""
    missile, defense = squadron(values, name).missile, squadron(values, other).defense
    assert missile is not None
    big, small = name.upper(), other.upper()
    first = roll(missile, values, rng, f"{name}_msl", what=f"Squadron {big}'s Missile (step 7)")
    second = roll(defense, values, rng, f"{other}_mdef", what=f"Squadron {small}'s Defense against the Missile (step 7)")
    rolls.update({f"{name}_msl": resolution_json(first), f"{other}_mdef": resolution_json(second)})
    texts = [f"{big} Missile: {s}" for s in first.sentences()] + [f"{small} Defense: {s}" for s in second.sentences()]
    effect = secondary_effect(second.final)
    final: Reading = () if effect == WIPE else apply_choice(first.final, missile_choice(first.final, effect))
    texts.append(opposed_sentence(first.final, second.final, final, "the Missile", f"{small}'s Defense"))
    texts.append(f"Escalate the Missile attack results: {notation(final)} → {notation(escalate(final))}.")
    lost = missile_loss(final)
    texts.append(f"{big}'s Missile hits {small} as Squadron Damage: {structure_lost(lost)}.")
    return lost, texts


def _weapon_steps(values: Inputs, rng: random.Random, who: str, rolls: dict[str, object]) -> tuple[dict[str, int], list[str]]:
    """Step 6 in initiative order: Structure left of each Squadron and the steps."""
    left = {name: squadron_of(values, name).structure for name in SIDES}
    sequence = [("a", "b"), ("b", "a")] if who != "b" else [("b", "a"), ("a", "b")]
    steps = ["Initiative: " + ("simultaneous" if who == "simultaneous" else f"Squadron {who.upper()} first") + "."]
    losses: dict[str, int] = {}
    for name, other in sequence:
        if who != "simultaneous" and left[name] == 0:
            steps.append(f"Squadron {name.upper()} was destroyed before it could act: it does not attack.")
            continue
        lost, texts = _attack(values, name, other, rng, rolls)
        steps += texts
        losses[other] = lost
        if who != "simultaneous":
            left[other] = max(0, left[other] - lost)
    if who == "simultaneous":
        left = {name: max(0, left[name] - losses.get(name, 0)) for name in SIDES}
    return left, steps


def _run(values: Inputs) -> Answer:
    checks = tuple(bid_check(values, name) for name in SIDES)
    rng = rng_of(values)
    steps = []
    for name in SIDES:
        own = squadron(values, name)
        big = name.upper()
        steps.append(f"Squadron {big}: " + (f"declares a Missile attack ({own.missile.describe()}), expending Fire Control "
                                            "as normal." if own.missile else "declares no Missile attack."))
        steps.append(f"Squadron {big}: Dogfight pool {dogfight_pool(values, name)} → Attack {own.attack.describe()}, "
                     f"Defense {own.defense.base}.")
    if over_bid(checks):
        return Answer(Outcome(over_bid(checks)), tuple(steps), checks)
    rolls: dict[str, object] = {}
    left, texts = _weapon_steps(values, rng, _who(values), rolls)
    steps += texts
    missiles = [(name, other) for name, other in (("a", "b"), ("b", "a")) if values[f"{name}_missile"]]
    hits: dict[str, int] = {}
    for name, other in missiles:
        if left[other] == 0:  # Reading missile-target-gone: nothing to hit, so no roll and no dice asked
            steps.append(f"Squadron {other.upper()} was destroyed in step 6: Squadron {name.upper()}'s declared Missile "
                         "has nothing to hit and is not rolled (its Fire Control was spent in step 1).")
            continue
        if left[name] == 0:
            steps.append(f"Squadron {name.upper()} was destroyed: its declared Missile attack is still resolved.")
        lost, texts = _missile(values, name, other, rng, rolls)
        steps += texts
        hits[other] = lost
    if hits:
        steps.append("The Missile attacks are resolved simultaneously: " + ", ".join(
            f"{other.upper()} {structure_lost(lost)}" for other, lost in hits.items()) + ".")
    left = {name: max(0, left[name] - hits.get(name, 0)) for name in SIDES}
    survivors = [name.upper() for name in SIDES if left[name] > 0]
    if len(survivors) == 1:
        steps.append(f"Only Squadron {survivors[0]} survives: it may make a free 4\" move in any direction.")
    elif survivors:
        steps.append("Both survive: the Intercepting Squadron moves 1\" directly away from the other.")
    headline = ", ".join(f"{n.upper()} Structure {left[n]}" + (" (Destroyed)" if left[n] == 0 else "") for n in SIDES)
    facts = {"structure": {n.upper(): left[n] for n in SIDES}, "destroyed": [n.upper() for n in SIDES if left[n] == 0],
             "ships": {n: squadron_end(values, n, left[n]) for n in SIDES}}
    return Answer(Outcome(headline, facts=facts), tuple(steps), checks, extra={"roll": rolls})


def _rolls() -> tuple[Input, ...]:
    """Each side's Attack and Missile, each opposed by a roll of the other's Defense: named as the answer's rolls."""
    out: list[Input] = []
    for name, other in (("a", "b"), ("b", "a")):
        big, small = name.upper(), other.upper()
        out += [roll_input(f"{name}_att", f"{big}'s Attack"), roll_input(f"{other}_def", f"{small}'s Defense"),
                roll_input(f"{name}_msl", f"{big}'s Missile", optional=True),
                roll_input(f"{other}_mdef", f"{small}'s Defense against the Missile", optional=True)]
    return tuple(out)


IN_TURN = tuple(f"{roll}.{key}" for roll in ("a_msl", "b_mdef", "b_msl", "a_mdef") for key in KEYPADS)
"""Step 7's keypads: asked in turn once step 6 is resolved, and never for a Missile at a destroyed Squadron."""


DOGFIGHT = Resolver(
    id="jovian-wars/v1.2.4/dogfight",
    title="Dogfight",
    summary="AS + Skill + Fuel bid, split into Attack and Defense; each Attack is rolled opposed by the other's Defense, "
            "in weapon initiative order; then the declared Missiles, opposed by the Defense pool and Escalated; "
            "results are Squadron Damage.",
    inputs=(squadron_input("a", "Squadron A", squadron_parts("Particle Cannon", missile=True)),
            squadron_input("b", "Squadron B", squadron_parts("Mass Driver")),
            *_fight_inputs("a", True), *_fight_inputs("b", False), *_rolls(), SEED),
    run=_run, odds=_odds,
    readings=(readings.DOGFIGHT_DAMAGE, readings.DOGFIGHT_MISSILE, readings.MISSILE_TARGET_GONE,
              readings.SECONDARY_ADDS_UP,
              readings.SECONDARY_CHOOSES, readings.ESCALATE_DIMINISH, readings.FLEX_KEEPS_BEST, readings.NEGATIVE_MACRO),
    serves=("dogfight",), versions=VERSIONS, dice_needed=_needed, in_turn=IN_TURN,
)


RESOLVERS: tuple[Resolver, ...] = (DOGFIGHT, WEAPON_INITIATIVE)
