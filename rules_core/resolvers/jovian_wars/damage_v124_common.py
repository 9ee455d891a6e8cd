"""What the v1.2.4 Damage resolvers share: the attack pool, squadron damage, and a capital ship's boxes.

A capital ship is tracked by the boxes left in each Rating (doubled boxes count twice, as the
data card shows them) and its Structure. Hits that must be randomised branch: the exact odds
follow every branch, a resolved case picks one with a die (Reading `randomise-rating`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ...dice import Reading, notation, steps
from ...dist import Dist
from ...inputs import Input
from ...opposed import WIPE, secondary_effect
from ...pool_odds import reading_dist
from ...pools import Pool
from ...registry import Inputs, fraction_json
from ...roll import Resolution
from ...values import int_of
from ..dice_rolls import faces_inputs, pool_of, pool_parts, pool_weights, roll
from ...wording import counted

RATINGS: tuple[str, ...] = ("Defense", "Sensors", "Thrusters", "Marines")
"""The non-Structure Ratings that take Rating Damage, in data-card order."""
RANDOM_POOL: tuple[str, ...] = ("Defense", "Sensors", "Thrusters")
"""Ratings a hit on an empty Rating is randomised to (Reading `randomise-rating`)."""
VALUE_RATING: dict[int, str] = {1: "Defense", 2: "Defense", 3: "Sensors", 4: "Sensors", 5: "Thrusters", 6: "Thrusters"}
"""The Rating Damage table: the result's Value selects the Rating."""
MAGNITUDE_WORD = {2: "[D]", 3: "[T]", 4: "[Q+]"}


# ---------------------------------------------------------------- the attack pool


def pool_inputs(base_default: int, base_label: str) -> tuple[Input, ...]:
    """Base/flex/macro/modifier (base relabelled for the weapon rating), the typed dice, the seed."""
    base, *rest = pool_parts(base_default)
    return (replace(base, label=base_label), *rest, *faces_inputs())


def attack_pool(values: Inputs) -> Pool:
    return pool_of(values)


def attack_weights(values: Inputs) -> tuple[dict[Reading, int], int]:
    """Every final reading of the attack with its weight over 6**dice."""
    return pool_weights(pool_of(values))


def roll_attack(values: Inputs, rng: random.Random) -> Resolution:
    """Resolve the attack from typed dice, or roll it from the generator."""
    return roll(pool_of(values), values, rng)


def squadron_loss(reading: Reading) -> int:
    """Squadron Damage: each result on its own, Magnitude only: [D] 1, [T] 2, [Q+] 3 Structure."""
    return steps(reading)


def loss_after(lost: int, effect: int) -> int:
    """Structure an attack still takes after an opposing roll dealt `effect` (a number of diminishes, or WIPE).

    Every diminish removes one magnitude step wherever it is placed, and the Squadron Damage of a
    reading is its steps, so the loss is the attack's steps less the diminishes (never below 0):
    the Secondary's choice (Reading `secondary-chooses`) changes which results stand, not the loss.
    """
    return 0 if effect == WIPE else max(0, lost - effect)


def squadron_damage_dist(attack: Pool, opposing: Pool | None = None) -> Dist[int]:
    """Structure lost -> exact chance for an anti-squadron attack, opposed by `opposing` when given
    (Point Defense, or a Dogfight Defense pool)."""
    lost = reading_dist(attack).map(squadron_loss)
    if opposing is None:
        return lost
    return lost.combine(reading_dist(opposing).map(secondary_effect), loss_after)


def opposed_sentence(primary: Reading, secondary: Reading, final: Reading, attacker: str, opposer: str) -> str:
    """What the opposing roll did to the attack's results, in one sentence."""
    effect = secondary_effect(secondary)
    if effect == WIPE:
        return f"{opposer} {notation(secondary)} holds a [Q+]: it wipes {attacker}'s results."
    if effect == 0:
        return f"{opposer} {notation(secondary)} has no result: {attacker}'s results stand."
    if not primary:
        return f"{opposer} {notation(secondary)} has nothing to diminish."
    return f"{opposer} {notation(secondary)} diminishes {attacker}'s results {effect}×: {notation(primary)} → {notation(final)}."


def squadron_loss_dist(weights: dict[Reading, int], total: int) -> dict[int, Fraction]:
    """Structure lost -> exact chance, from final readings weighted over `total` (the Explosion's attack)."""
    return dict(Dist.of(weights, total).map(squadron_loss).items())


def chart(title: str, rows: Sequence[tuple[str, Fraction]]) -> dict[str, object]:
    return {"title": title, "rows": [{"label": label, "p": fraction_json(p)} for label, p in rows]}


def dist_chart(title: str, dist: dict[int, Fraction], word: str) -> dict[str, object]:
    return chart(title, [(f"{n} {word}", p) for n, p in sorted(dist.items())])


# ---------------------------------------------------------------- a capital ship's boxes


@dataclass(frozen=True, slots=True)
class Ship:
    """A capital ship's damage track."""

    boxes: tuple[int, int, int, int]
    """Boxes left in Defense, Sensors, Thrusters, Marines."""
    structure: int
    """Structure boxes left."""
    structure_lost: int = 0
    """Structure Damage taken in this resolution (including any below zero)."""
    crits: int = 0
    """Critical Hits owed to the attacker's choice."""
    catastrophic_rolls: int = 0
    """Rolls owed on the Catastrophic Damage Table."""

    def left(self, rating: str) -> int:
        return self.boxes[RATINGS.index(rating)]

    def mark(self, rating: str) -> Ship:
        index = RATINGS.index(rating)
        boxes = list(self.boxes)
        boxes[index] -= 1
        return replace(self, boxes=(boxes[0], boxes[1], boxes[2], boxes[3]))

    @property
    def crippled(self) -> bool:
        return self.structure == 0


Branch = tuple[Ship, Fraction, str, str]
"""One way a hit can go: the ship after it, its probability, the sentence saying so, the Rating randomised to ("" if none)."""
DieSource = Callable[[Sequence[str]], int]
"""Gives one d6 to pick among randomised Ratings (typed or rolled)."""


def die_pick(options: Sequence[str], face: int) -> str:
    """1d6 split evenly over the options in order: two 1-3 / 4-6, three 1-2 / 3-4 / 5-6."""
    return options[(face - 1) * len(options) // 6]


def structure_damage(ship: Ship, why: str) -> Branch:
    """One Structure Damage: down to 0 cripples (a Catastrophic roll); below zero rolls again."""
    if ship.structure > 0:
        after = replace(ship, structure=ship.structure - 1, structure_lost=ship.structure_lost + 1)
        if after.structure == 0:
            after = replace(after, catastrophic_rolls=after.catastrophic_rolls + 1)
            return after, Fraction(1), f"{why}: Structure {ship.structure} → 0, Crippled: roll on the Catastrophic Damage Table.", ""
        return after, Fraction(1), f"{why}: Structure {ship.structure} → {after.structure}.", ""
    after = replace(ship, structure_lost=ship.structure_lost + 1, catastrophic_rolls=ship.catastrophic_rolls + 1)
    return after, Fraction(1), f"{why}: Structure is already 0 and cannot go lower: roll on the Catastrophic Damage Table.", ""


def hit_rating(ship: Ship, rating: str, why: str) -> list[Branch]:
    """One Rating Damage on `rating`; an empty Rating is randomised, with none left it hits Structure."""
    if ship.left(rating) > 0:
        after = ship.mark(rating)
        return [(after, Fraction(1), f"{why}: {rating} {ship.left(rating)} → {after.left(rating)}.", "")]
    options = [name for name in RANDOM_POOL if ship.left(name) > 0]
    if not options:
        left = [name for name in RATINGS if ship.left(name) > 0]
        # Marines may still hold boxes: they are hit only by the attacker's choice (Reading `randomise-rating`).
        none = ("no Rating remains" if not left else
                f"no {', '.join(RANDOM_POOL[:-1])} or {RANDOM_POOL[-1]} box remains to randomise to "
                f"({' and '.join(left)} only by the attacker's choice)")
        return [structure_damage(ship, f"{why}: {rating} has no boxes left and {none}, so 1 Structure Damage")]
    share = Fraction(1, len(options))
    out: list[Branch] = []
    for name in options:
        after = ship.mark(name)
        how = "the only Rating left" if len(options) == 1 else f"randomised among {' or '.join(options)}"
        out.append((after, share, f"{why}: {rating} has no boxes left; {how}: {name} {ship.left(name)} → {after.left(name)}.", name))
    return out


def _pick(branches: list[Branch], die: DieSource | None) -> Branch:
    if len(branches) == 1 or die is None:
        return branches[0]
    options = [branch[3] for branch in branches]
    face = die(options)
    ship, p, text, name = branches[options.index(die_pick(options, face))]
    return ship, p, text.replace("; randomised", f"; die {face} randomised"), name


def result_branches(ship: Ship, level: int, value: int, to_marines: bool) -> list[Branch]:
    """One capital-ship result: [D] 1 Rating Damage; [T] 1 Structure + 1 Critical; [Q+] 2 + 2."""
    name = notation(((level, value),))
    if level == 2:
        rating = "Marines" if to_marines else VALUE_RATING[value]
        return hit_rating(ship, rating, f"{name} → Rating Damage to {rating}")
    count = 1 if level == 3 else 2
    out, p = ship, Fraction(1)
    texts = []
    for _ in range(count):
        out, q, text, _ = structure_damage(out, f"{name} → Structure Damage")
        p *= q
        texts.append(text)
    out = replace(out, crits=out.crits + count)
    texts.append(f"{name} → {counted(count, 'Critical Hit')} (the attacker chooses each: see Critical Hit).")
    return [(out, p, " ".join(texts), "")]


def resolve_order(reading: Reading) -> list[tuple[int, int]]:
    """The stated order: lowest Magnitude first, then lowest Value."""
    return sorted(reading)


def apply_reading(ship: Ship, reading: Reading, to_marines: bool, die: DieSource | None = None) -> tuple[Ship, list[str]]:
    """Resolve one attack's results in order on one ship; randomised hits take a die from `die`."""
    texts = []
    if not reading:
        return ship, ["[N]: no effect."]
    for level, value in resolve_order(reading):
        ship, _, text, _ = _pick(result_branches(ship, level, value, to_marines), die)
        texts.append(text)
    return ship, texts


def reading_outcomes(ship: Ship, reading: Reading, to_marines: bool) -> dict[Ship, Fraction]:
    """Every ship state the reading can leave, with its exact chance (randomised hits branch)."""
    states = {ship: Fraction(1)}
    for level, value in resolve_order(reading):
        nxt: dict[Ship, Fraction] = {}
        for state, p in states.items():
            for after, q, _, _ in result_branches(state, level, value, to_marines):
                nxt[after] = nxt.get(after, Fraction(0)) + p * q
        states = nxt
    return states


def ship_inputs(defaults: tuple[int, int, int, int, int] = (4, 3, 2, 2, 4)) -> tuple[Input, ...]:
    """Boxes left in each Rating and in Structure."""
    help_text = "Unmarked boxes left (a doubled box counts twice)."
    names = (*RATINGS, "Structure")
    return tuple(Input(name.lower(), "int", f"{name} boxes left", default=d, low=0, high=12, help=help_text)
                 for name, d in zip(names, defaults))


def ship_of(values: Inputs) -> Ship:
    boxes = tuple(int_of(values, name.lower()) for name in RATINGS)
    return Ship((boxes[0], boxes[1], boxes[2], boxes[3]), int_of(values, "structure"))


def ship_text(ship: Ship) -> str:
    ratings = ", ".join(f"{name} {left}" for name, left in zip(RATINGS, ship.boxes))
    return f"{ratings}, Structure {ship.structure}" + (" (Crippled)" if ship.crippled else "")
