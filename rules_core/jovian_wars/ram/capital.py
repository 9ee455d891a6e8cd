"""Capital Ship rams Capital Ship (v1.2.4), to both ships' fate.

Both ships roll their starting Structure (+1B each front to front; side arc and other modifiers by
the v1.2.4 table); the ramming ship's Skill Test on [D+] escalates its results, the target's always
escalate. Each roll is then Damage as normal on the other ship through the one damage step
(rules_core.jovian_wars.damage.step). A ramming ship Crippled at the start is Destroyed and rolls on the
Catastrophic Damage Table only to see if it Explodes (Reading `ram-crippled-rammer`). A ship that
Explodes makes the Explosion's attack on the other ship in base contact (within 3"), resolved
through the same step; the other's own explosion then finds the first already Destroyed, so each
ship explodes at most once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from ...answers import Chart
from ..damage.step import Aim, attack_outcomes, catastrophic_result, fate, resolve_hits, whole
from ...dice.read import Reading, escalate, notation
from ...dice.dist import Dist
from ...errors import InputError
from ...dice.pool_odds import reading_dist
from ...dice.pools import Pool, build_pool
from ...registry import Inputs
from ..ship import Ship
from ...turns import die_source
from ...values import die_text, faces_of, int_of
from ...rolling import best_chart, best_magnitude, pool_needed, resolution_json, roll
from ..common import Table, roll_with_table, skill_pool, table_chart
from ..damage.capital import aim_of
from ..damage.catastrophe import RANGES, explosion_pool
from ..ship_inputs import ARMOR_ARCS, armor_of, fate_charts, ship_of

SKILL_TABLE: Table = (("[N]", "the ramming ship's results are not escalated"),
                      ("[D+]", "Escalate all the ramming ship's successful results"))
RAMMER, TARGET = "Ramming ship", "Target"
Fate = tuple[str, int]
"""`damage.fate`: ("" in play | "Destroyed" | "Dead" | "Explodes", Structure left)."""


@dataclass(frozen=True, slots=True)
class Ram:
    """Everything the chain needs, from the checked inputs."""

    rammer: Ship
    target: Ship
    skill: Pool
    ram_roll: Pool
    """The ramming ship's roll, against the target."""
    target_roll: Pool
    """The target's roll, against the ramming ship."""
    rammer_blast: Pool
    """The ramming ship's Explosion on the target."""
    target_blast: Pool
    """The target's Explosion on the ramming ship."""
    side_arc: bool = False
    """The Ram hits the target's side arc: the ramming ship sits there when it explodes."""
    rammer_aim: Aim = Aim()
    """The ramming ship's player's choices for its roll and its Explosion on the target (How the dice work §6b "Damage as normal")."""
    target_aim: Aim = Aim()
    """The target's player's choices for its roll and its Explosion on the ramming ship."""

    @property
    def crippled_at_start(self) -> bool:
        return self.rammer.crippled


def ram_of(values: Inputs) -> Ram:
    """The chain's ships and pools; current Structure above the starting Structure is refused.

    Each Explosion's Attack Modifier starts from the arcs the Ram leaves (Reading `explosion-arcs`): the ramming
    ship sits in the arc it rammed, so a side-arc Ram gives its Explosion +1 against the target, while the
    target's Explosion meets the ramming ship's front arc (no modifier); other modifiers are the player's.
    """
    both = int(bool(values["front_to_front"]))
    start, target_start = int_of(values, "ramming_ship.start_structure"), int_of(values, "target_ship.start_structure")
    rammer, target = ship_of(values, "ramming_ship"), ship_of(values, "target_ship")
    for name, ship, first in (("ramming_ship", rammer, start), ("target_ship", target, target_start)):
        if ship.structure > first:
            raise InputError(f"{name}.structure", f"must be at most the starting Structure ({first}), got {ship.structure}")
    side = int(values["rammed_arc"] == ARMOR_ARCS["flank"])
    ram_other, target_other = int_of(values, "ram_modifier"), int_of(values, "target_modifier")
    return Ram(
        rammer=rammer, target=target, skill=skill_pool(int_of(values, "ramming_ship.skill")),
        ram_roll=build_pool(start + both, modifier=ram_other + side, base_words=_base_words(start, both),
                            parts=((SIDE_ARC, side), (OTHER, ram_other)),
                            names=("ramming_ship.start_structure", "ram_modifier", "ram_modifier")),
        target_roll=build_pool(target_start + both, modifier=target_other, base_words=_base_words(target_start, both),
                               parts=((OTHER, target_other),),
                               names=("target_ship.start_structure", "target_modifier", "target_modifier")),
        rammer_blast=_blast(start, armor_of(values, "target_ship", values["rammed_arc"]),
                            int_of(values, "rammer_blast_modifier") + side),
        target_blast=_blast(target_start, armor_of(values, "ramming_ship", ARMOR_ARCS["front"]),
                            int_of(values, "target_blast_modifier")),
        side_arc=bool(side), rammer_aim=aim_of(values, "ram_d_results"), target_aim=aim_of(values, "target_d_results"))


SIDE_ARC, OTHER = "side arc", "other modifiers"
"""The Ram roll's modifiers as its steps name them (the text's example: "Structure:4 + 1d6 for side arc")."""


def _base_words(start: int, both: int) -> str:
    """The Ram roll's base pool named: "starting Structure 4 +1B both ships' front arcs in contact"."""
    return f"starting Structure {start}" + (" +1B both ships' front arcs in contact" if both else "")


def _blast(start: int, armor: int, modifier: int) -> Pool:
    """The Explosion on the ship in base contact: AC = starting Structure, Macro 2 (within 3") minus its Armor in the
    arc the exploding ship meets (Reading `armor-by-arc`: the ramming ship's front, the target's arc rammed)."""
    return explosion_pool({"structure": start, "range": RANGES[0], "armor": armor, "modifier": modifier})


# ---------------------------------------------------------------- exact odds


def escalated(pool: Pool, up: Dist[bool]) -> Dist[Reading]:
    """A roll's final readings, every result escalated where `up` holds."""
    plain = reading_dist(pool)
    lifted = plain.map(escalate)
    return up.bind(lambda yes: lifted if yes else plain)


def skill_passes(ram: Ram) -> Dist[bool]:
    return best_magnitude(ram.skill).map(lambda level: level >= 2)


def removed_by_ram(ship: Ship) -> Dist[Ship]:
    """A ramming ship Crippled at the start: if still in play, Destroyed, and 1d6 + systems at 0 shows if it Explodes."""
    if ship.destroyed:
        return Dist.certain(ship)
    bonus = ship.systems_at_zero()
    return Dist.uniform(range(1, 7)).map(
        lambda face: ship.with_fate("Explodes" if catastrophic_result(face + bonus) == "Explodes" else "Destroyed"))


def after_rolls(ram: Ram) -> tuple[Dist[Ship], Dist[Ship]]:
    """Each ship's end state after the other's roll (independent: each roll hits one ship), the Ram rule applied."""
    hits_rammer = escalated(ram.target_roll, Dist.certain(True))
    hits_target = escalated(ram.ram_roll, skill_passes(ram))
    rammer = _outcomes(hits_rammer, ram.rammer, ram.target_aim, whole)
    if ram.crippled_at_start:
        rammer = rammer.bind(removed_by_ram)
    return rammer, _outcomes(hits_target, ram.target, ram.rammer_aim, whole)


def _outcomes(readings: Dist[Reading], ship: Ship, aim: Aim, view: Callable[[Ship], Hashable]) -> Dist[Ship]:
    """`damage.attack_outcomes` typed for the views used here."""
    return attack_outcomes(readings, ship, aim, view)  # type: ignore[return-value]


def fates(ram: Ram) -> Dist[tuple[Fate, Fate]]:
    """The joint end of both ships: (ramming ship's fate view, target's fate view), Explosions included."""
    rammer, target = after_rolls(ram)
    blasts: dict[tuple[Pool, Ship, Aim], Dist[Fate]] = {}

    def blast(pool: Pool, ship: Ship, aim: Aim) -> Dist[Fate]:
        if (pool, ship, aim) not in blasts:
            blasts[pool, ship, aim] = _outcomes(reading_dist(pool), ship, aim, fate)  # type: ignore[assignment]
        return blasts[pool, ship, aim]

    def explosions(pair: tuple[Ship, Ship]) -> Dist[tuple[Fate, Fate]]:
        r, t = pair
        if r.fate == "Explodes" and not t.destroyed:
            return blast(ram.rammer_blast, t, ram.rammer_aim).map(lambda end: (fate(r), end))
        if t.fate == "Explodes" and not r.destroyed:
            return blast(ram.target_blast, r, ram.target_aim).map(lambda end: (end, fate(t)))
        return Dist.certain((fate(r), fate(t)))
    # Only ships still in play can take an Explosion: the others shrink to their fate view first.
    r_keys = rammer.map(lambda s: s if not s.destroyed else Ship((), (), s.structure, fate=s.fate))
    t_keys = target.map(lambda s: s if not s.destroyed else Ship((), (), s.structure, fate=s.fate))
    return r_keys.product(t_keys).bind(explosions)


JOINT = ("both Destroyed", "only the ramming ship Destroyed", "only the target Destroyed", "neither Destroyed")


def joint_label(pair: tuple[Fate, Fate]) -> str:
    rammer_gone, target_gone = pair[0][0] != "", pair[1][0] != ""
    return JOINT[0 if rammer_gone and target_gone else 1 if rammer_gone else 2 if target_gone else 3]


def charts(ram: Ram) -> list[Chart]:
    ends = fates(ram)
    return [table_chart("Ramming ship's Skill Test", SKILL_TABLE, ram.skill),
            best_chart("Ramming ship's roll after escalation: best result", escalated(ram.ram_roll, skill_passes(ram))),
            best_chart("Target's roll after escalation: best result", escalated(ram.target_roll, Dist.certain(True))),
            Chart.of("Both ships: which are Destroyed", ends.map(joint_label), str, JOINT),
            *fate_charts(ends.map(lambda pair: pair[0]), RAMMER),
            *fate_charts(ends.map(lambda pair: pair[1]), TARGET)]


# ---------------------------------------------------------------- one case


@dataclass(frozen=True, slots=True)
class Case:
    rammer: Ship
    target: Ship
    lines: list[str]
    facts: dict[str, object]
    rolls: dict[str, object]
    """Each roll's JSON ("skill", "ram", "target", "explosion")."""
    starts: list[tuple[int, str]]
    """Where each stage of `lines` starts (answers.stage_names)."""


def run(ram: Ram, values: Inputs, rng: random.Random) -> Case:
    """The chain from typed dice (each keypad in turn), rolled for the player where a keypad is empty."""
    lines: list[str] = []
    starts: list[tuple[int, str]] = [(0, "Ramming ship's Skill Test")]
    test, (label, _), test_lines = roll_with_table(SKILL_TABLE, ram.skill, values, rng, "skill_roll", "Ramming ship's Skill Test")
    passed = label == "[D+]"
    ram_res, target_res = roll(ram.ram_roll, values, rng, "ram"), roll(ram.target_roll, values, rng, "target")
    lines += test_lines
    starts.append((len(lines), "Both rolls"))
    lines += [f"{RAMMER}: {s}" for s in ram_res.sentences()] + [f"{TARGET}: {s}" for s in target_res.sentences()]
    ram_final = escalate(ram_res.final) if passed else ram_res.final
    target_final = escalate(target_res.final)
    lines.append(f"{RAMMER}'s results {notation(ram_res.final)} count as {notation(ram_final)}"
                 + (" (Skill Test passed)." if passed else " (Skill Test failed: no escalation)."))
    lines.append(f"{TARGET}'s results {notation(target_res.final)} escalate automatically: {notation(target_final)}.")
    rammer_die, _ = die_source(faces_of(values, "rammer_hit_dice") or (), "rammer_hit_dice", RAMMER, rng)
    target_die, _ = die_source(faces_of(values, "target_hit_dice") or (), "target_hit_dice", TARGET, rng)
    starts.append((len(lines), "Damage to the ramming ship"))
    lines.append(f"Resolve Damage from the rolls as normal: the {TARGET.lower()}'s {notation(target_final)} on the ramming ship.")
    rammer, more = resolve_hits(ram.rammer, target_final, ram.target_aim, rammer_die, "the target's player")
    lines += [f"{RAMMER}: {s}" for s in more]
    starts.append((len(lines), "Damage to the target"))
    lines.append(f"The ramming ship's {notation(ram_final)} on the {TARGET.lower()}.")
    target, more = resolve_hits(ram.target, ram_final, ram.rammer_aim, target_die, "the ramming ship's player")
    lines += [f"{TARGET}: {s}" for s in more]
    starts.append((len(lines), "Crippled at the start of the Ram action"))
    if ram.crippled_at_start:
        lines.append("The ramming ship was Crippled at the start of the Ram action: it is considered Destroyed and is "
                     "removed from play.")
        if not rammer.destroyed:
            face = rammer_die("Catastrophic Damage Table")
            bonus = rammer.systems_at_zero()
            explodes = catastrophic_result(face + bonus) == "Explodes"
            rammer = rammer.with_fate("Explodes" if explodes else "Destroyed")
            lines.append(f"Roll on the Catastrophic Damage Table to see if it Explodes: die {die_text(face)} + {bonus} systems at 0 = "
                         f"{face + bonus}: " + ("Explode." if explodes else "it does not Explode."))
    elif rammer.crippled:
        lines.append("The ramming ship was not Crippled at the start of the Ram action, so it is not Destroyed by the Ram: "
                     "only its Catastrophic Damage Table roll can Destroy it.")
    rolls: dict[str, object] = {"skill": resolution_json(test), "ram": resolution_json(ram_res), "target": resolution_json(target_res)}
    for exploding, other, pool, aim, who in ((rammer, target, ram.rammer_blast, ram.rammer_aim, TARGET),
                                             (target, rammer, ram.target_blast, ram.target_aim, RAMMER)):
        if exploding.fate == "Explodes" and not other.destroyed:
            boom = roll(pool, values, rng, "explosion", what=f"Explosion on the {who.lower()}")
            rolls["explosion"] = resolution_json(boom)
            starts.append((len(lines), "Explosion"))
            lines.append(f"The {'ramming ship' if who == TARGET else 'target'} Explodes: the Explosion's attack on the "
                         f"{who.lower()} in base contact (within 3\"), {_blast_arc(ram, who)}: {pool.describe()}.")
            lines += [f"Explosion: {s}" for s in boom.sentences()]
            chooser = "the ramming ship's player" if who == TARGET else "the target's player"
            blast_die, _ = die_source(faces_of(values, "blast_hit_dice") or (), "blast_hit_dice", f"Explosion on the {who.lower()}", rng)
            hit, more = resolve_hits(other, boom.final, aim, blast_die, chooser)
            lines += [f"{who}: {s}" for s in more]
            rammer, target = (rammer, hit) if who == TARGET else (hit, target)
            break
    facts = {"ram": notation(ram_final), "target": notation(target_final), "escalated": passed,
             "rammer_fate": rammer.fate, "rammer_structure": rammer.structure,
             "target_fate": target.fate, "target_structure": target.structure}
    return Case(rammer, target, lines, facts, rolls, starts)


def _blast_arc(ram: Ram, who: str) -> str:
    """Where the exploding ship sits in the other's arcs after the Ram (Reading `explosion-arcs`)."""
    if who == RAMMER:
        return "meeting the ramming ship's front arc (no arc modifier)"
    if ram.side_arc:
        return "from the target's side arc, where the ramming ship sits (+1 Attack Modifier)"
    return "from the arc the ramming ship rammed, not the side arc (no side-arc modifier)"


def state_words(before: Ship, after: Ship) -> str:
    """"Structure 1 → 0, Crippled, not Destroyed" / "Structure 3 → 0, Explodes (Destroyed)" for a headline."""
    change = f"Structure {before.structure} → {after.structure}, "
    if after.destroyed:
        return change + {"Destroyed": "Destroyed", "Dead": "Dead (Destroyed)", "Explodes": "Explodes (Destroyed)"}[after.fate]
    return change + ("Crippled, not Destroyed" if after.crippled else "not Crippled")


def dice_needed(ram: Ram) -> dict[str, int]:
    """The keypads every Ram fills; the Explosion's and the damage dice are asked only if needed (rolled when empty)."""
    return {**pool_needed(ram.skill, "skill_roll"), **pool_needed(ram.ram_roll, "ram"), **pool_needed(ram.target_roll, "target")}


__all__ = ["Ram", "ram_of", "charts", "run", "fates", "after_rolls", "escalated", "state_words", "dice_needed"]
