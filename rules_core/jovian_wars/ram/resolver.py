"""v1.2.4 Ram: a Capital Ship ramming a Capital Ship (capital.py), or a Squadron ramming one (squadron.py).

This module declares the inputs and the requirement, and turns each chain into the widget's answer.
"""

from __future__ import annotations

from dataclasses import replace

from ... import readings
from ...answers import Answer, Check, Outcome, stage_names
from ...dice.read import notation, steps
from ...errors import InputError
from ...inputs import Input, SEED
from ...dice.pools import Pool
from ...registry import Inputs, Resolver
from ...turns import die_source
from ...values import faces_of, int_of, rng_of
from ...rolling import KEYPADS, pool_needed, resolution_json, roll, roll_input
from ..damage.capital import d_results_input
from ..common import Either, Flag, Rating, all_ok, flag_input, requirement_sentence, roll_with_table, skill_pool
from .capital import ram_of, state_words
from ..ship_inputs import ARMOR_ARCS, arc_input, end_state, ship_input, ship_of, ship_parts
from ..squadron_inputs import SquadronCard, in_play, squadron_end, squadron_input, squadron_parts
from . import capital as ram_capital
from . import squadron as ram_squadron

RAMMERS = ("Capital Ship", "Squadron")
CAPITAL, SQUADRON = ("rammer", "Capital Ship"), ("rammer", "Squadron")  # which inputs apply to which rammer
CONTACT = Flag("contact", "front arc of its base overlaps with the target model's base")
NEEDS = {
    "Capital Ship": (Either("Structure: 0-1 or Fire Ship Trait", (Rating("ramming_ship.structure", "Structure", 0, 1),
                                                                  Flag("fire_ship", "Fire Ship Trait"))), CONTACT),
    "Squadron": (Either("Structure: 0-1 or Fire Ship Trait", (Rating("ramming_squadron.structure", "Structure", 0, 1),
                                                              Flag("fire_ship", "Fire Ship Trait"))), CONTACT),
}
MAX_START = 4
"""Most starting Structure (the roll's base pool before +1B): keeps the exact chain under 200 ms."""
MAX_RAM_MODIFIER = 1
"""Most net modifier either way on a Ram roll or an Explosion."""


def _ship(name: str, who: str, defaults: tuple[int, ...], start: int, when: tuple[str, str] | None = None,
          skill_shown: bool = False) -> Input:
    """A ship of the Ram: its card's numbers and its starting Structure (the Ram roll's and the Explosion's dice); the
    ramming ship's Skill (its Skill Test) shown with them."""
    first = Input("start_structure", "int", "Starting Structure", default=start, low=1, high=MAX_START,
                  help="The Ram roll's base dice (when a Capital Ship rams) and its Explosion's AC.")
    return ship_input(name, who, ship_parts(defaults, extra=(first,), skill_shown=skill_shown), when=when)


def _mod(name: str, label: str, help: str, when: tuple[str, str] | None = CAPITAL) -> Input:
    return Input(name, "int", label, default=0, low=-MAX_RAM_MODIFIER, high=MAX_RAM_MODIFIER, help=help, when=when, more=True)


def _hit_dice(name: str, label: str, when: tuple[str, str] | None = CAPITAL) -> Input:
    return Input(name, "faces", label, low=0, high=12, optional=True, when=when,
                 help="In order: one d6 per randomised hit, Weapon Damage roll and Catastrophic Damage Table roll, "
                      "each asked in its turn; with “Roll for me” the site rolls them.")


INPUTS = (
    Input("rammer", "choice", "Ramming model", default="Capital Ship", choices=RAMMERS),
    _ship("ramming_ship", "Ramming ship", (4, 3, 2, 2, 1), 4, CAPITAL, skill_shown=True),
    squadron_input("ramming_squadron", "Ramming Squadron", squadron_parts(structure=1), when=SQUADRON),
    replace(flag_input("fire_ship", "Fire Ship Trait"), more=True),  # a ship's Trait: set once per game
    flag_input("contact", "Its front arc can reach the target's base", True, help="If not, the Ram fails."),
    _ship("target_ship", "Target", (4, 3, 2, 2, 3), 3),
    replace(flag_input("front_to_front", "Both ships' front arcs in contact (+1B to both)"), when=CAPITAL),
    # The text's example rams the side: named while not set. Its Armor there meets the ramming ship's Explosion.
    arc_input("rammed_arc", "Target's arc the Ram strikes", "flank", when=CAPITAL, assumed=f"+1 {ram_capital.SIDE_ARC}",
              help="Side (flank): +1 to the ramming ship's roll (the text's example). Rear: its modifier goes in "
                   "the ramming ship's other modifiers. The target's Armor in this arc counts against the ramming "
                   "ship's Explosion; the ramming ship's front Armor against the target's."),
    _mod("ram_modifier", "Other modifiers to the ramming ship's roll (net)", "Rear arc, range: sum of +1s and -1s."),
    _mod("target_modifier", "Modifiers to the target's roll (net)", "Flank/rear and range for the target's roll."),
    _mod("rammer_blast_modifier", "Other modifiers of the ramming ship's Explosion on the target (net)",
         "A side-arc Ram already gives +1 (the ramming ship sits in the target's side arc); range and others here."),
    _mod("target_blast_modifier", "Other modifiers of the target's Explosion on the ramming ship (net)",
         "It meets the ramming ship's front arc (no arc modifier); range and others here."),
    replace(d_results_input("ram_d_results", "Ramming ship's player: its [D] results on the target"), when=CAPITAL,
            more=True),
    replace(d_results_input("target_d_results", "Target's player: its [D] results on the ramming ship"), when=CAPITAL,
            more=True),
    replace(flag_input("bombing_run", "The Ram results from a Bombing Run (no Point Defense)"), when=SQUADRON),
    roll_input("skill_roll", "Skill Test"), roll_input("ram", "Ramming ship's roll", when=CAPITAL),
    roll_input("target", "Target's roll", when=CAPITAL), roll_input("pd", "Point Defense", when=SQUADRON),
    _hit_dice("rammer_hit_dice", "Dice for the ramming ship's damage"),
    _hit_dice("target_hit_dice", "Dice for the target's damage", None),
    roll_input("explosion", "Explosion", optional=True, when=CAPITAL),
    _hit_dice("blast_hit_dice", "Dice for the Explosion's damage"),
    SEED,
)


IN_TURN = ("rammer_hit_dice", "target_hit_dice", *(f"explosion.{key}" for key in KEYPADS), "blast_hit_dice")
"""The dice after the first rolls: both ships' damage, the Explosion's roll and its damage."""


def _capital(values: Inputs) -> bool:
    return values["rammer"] == "Capital Ship"


def _ram(values: Inputs) -> ram_capital.Ram:
    if values["front_to_front"] and values["rammed_arc"] != ARMOR_ARCS["front"]:
        raise InputError("front_to_front", f"cannot be ticked with the target's {values['rammed_arc']} arc struck: "
                                           "front to front, the Ram strikes the target's front arc")
    return ram_of(values)


def _pd(values: Inputs) -> Pool | None:
    return ram_squadron.point_defense(ship_of(values, "target_ship"), bool(values["bombing_run"]))


def _skill(values: Inputs) -> Pool:
    """The Skill Test's pool: the ramming ship's Skill, or the ramming Squadron's card's."""
    return skill_pool(int_of(values, "ramming_ship.skill") if _capital(values) else _squadron(values).skill)


def _squadron(values: Inputs) -> SquadronCard:
    return in_play(values, "ramming_squadron")


def _checks(values: Inputs) -> tuple[Check, ...]:
    return tuple(need.check(values) for need in NEEDS[str(values["rammer"])])


def _needed(values: Inputs) -> dict[str, int]:
    """Every keypad's count (0 for the other rammer's); the Explosion's keypads are optional, rolled when empty."""
    zero = Pool(0)
    skill = pool_needed(_skill(values), "skill_roll")
    if _capital(values):
        return {**skill, **ram_capital.dice_needed(_ram(values)), **pool_needed(zero, "pd")}
    return {**skill, **pool_needed(_pd(values) or zero, "pd"), **pool_needed(zero, "ram"), **pool_needed(zero, "target")}


def _odds(values: Inputs) -> Answer:
    found = _checks(values)
    skill = _skill(values)
    if _capital(values):
        return Answer(checks=found, charts=tuple(ram_capital.charts(_ram(values))))
    return Answer(checks=found, charts=tuple(ram_squadron.charts(ship_of(values, "target_ship"), _pd(values),
                                                                 _squadron(values).structure, skill)))


def _run(values: Inputs) -> Answer:
    if _capital(values):
        _ram(values)  # refuses inconsistent inputs before the requirement is read
    else:
        _squadron(values)  # a Destroyed Squadron rams nothing
    found = _checks(values)
    lines = [requirement_sentence(found)]
    if not all_ok(found):
        return Answer(Outcome("The Ram fails: requirement not met", False), tuple(lines), found)
    return (_run_capital if _capital(values) else _run_squadron)(values, found, lines)


def _run_capital(values: Inputs, found: tuple[Check, ...], lines: list[str]) -> Answer:
    ram = _ram(values)
    case = ram_capital.run(ram, values, rng_of(values))
    headline = f"Target: {state_words(ram.target, case.target)}. Ramming ship: {state_words(ram.rammer, case.rammer)}."
    ships = {"ramming_ship": end_state(values, "ramming_ship", case.rammer), "target_ship": end_state(values, "target_ship", case.target)}
    after = [f"{who} after the Ram: {ship.text()}." for who, ship in (("Ramming ship", case.rammer), ("Target", case.target))]
    steps = lines + case.lines + after
    starts = [(0, "Requirement"), *((start + len(lines), name) for start, name in case.starts),
              (len(steps) - len(after), "After the Ram")]
    return Answer(Outcome(headline, True, {**case.facts, "ships": ships}), tuple(steps), found,
                  extra={"roll": case.rolls}, stages=stage_names(starts, len(steps)))


def _run_squadron(values: Inputs, found: tuple[Check, ...], lines: list[str]) -> Answer:
    rng = rng_of(values)
    structure = _squadron(values).structure
    target = ship_of(values, "target_ship")
    pd = _pd(values)
    extra: dict[str, object] = {}
    if pd is None:
        lines.append("The Ram results from a Bombing Run: no Point Defense attack.")
        left = structure
    else:
        res = roll(pd, values, rng, "pd")
        hits = steps(res.final)
        left = max(0, structure - hits)
        lines += [f"Point Defense: {s}" for s in res.sentences()]
        lines.append(f"Point Defense {notation(res.final)} deals {hits} squadron damage: Structure {structure} → {left}.")
        extra["point_defense"] = resolution_json(res)
    if left == 0:
        lines.append("The ramming Squadron is Destroyed by Point Defense: no Skill Test.")
        ships = {"ramming_squadron": squadron_end(values, "ramming_squadron", 0)}
        return Answer(Outcome("Shot down by Point Defense; the Ram does nothing", True, {"survived": False, "ships": ships}),
                      tuple(lines), found, extra={"roll": extra})
    test, (label, effect), test_lines = roll_with_table(ram_squadron.TABLE, _skill(values), values, rng,
                                                        "skill_roll", "Squadron's Skill Test")
    extra["skill"] = resolution_json(test)
    die, _ = die_source(faces_of(values, "target_hit_dice") or (), "target_hit_dice", "Target", rng)
    after, more = ram_squadron.run_damage(target, label, die)
    lines += test_lines + [f"Target: {s}" for s in more] + ["The ramming Squadron is Destroyed and removed from play.",
                                                            f"Target after the Ram: {after.text()}."]
    headline = f"{notation(test.final)} → {label}: {effect}; the Squadron is Destroyed. Target: {state_words(target, after)}."
    return Answer(Outcome(headline, True, {"survived": True, "row": label, "effect": effect, "target_fate": after.fate,
                                           "target_structure": after.structure,
                                           "ships": {"target_ship": end_state(values, "target_ship", after),
                                                     "ramming_squadron": squadron_end(values, "ramming_squadron", left,
                                                                                      destroyed=True)}}),
                  tuple(lines), found, extra={"roll": extra})


RAM = Resolver(
    id="jovian-wars/v1.2.4/ram", title="Ram",
    summary="Capital Ship ramming a Capital Ship to both ships' fate (Damage as normal, Explosions), or a Squadron: "
            "Point Defense, then a Skill Test's Critical Hit and Structure damage.",
    inputs=INPUTS, run=_run, odds=_odds, dice_needed=_needed,
    serves=("ram",), versions=("v1.2.4",), in_turn=IN_TURN,
    readings=(readings.FLEX_KEEPS_BEST, readings.ARMOR_BY_ARC, readings.ESCALATE_DIMINISH, readings.JW_RAM_MODIFIERS, readings.RAM_CRIPPLED_RAMMER,
              readings.POINT_DEFENSE, readings.JW_RESULTS_EACH, readings.JW_TABLE_ROW_BY_BEST, readings.RANDOMISE_RATING,
              readings.STRUCTURE_THEN_CRITICAL, readings.STRUCTURE_BELOW_ZERO, readings.DESTROYED_STOPS,
              readings.ATTACKER_CHOOSES, readings.SYSTEMS_AT_ZERO, readings.EXPLOSION_STRUCTURE, readings.EXPLOSION_ARCS, readings.NEGATIVE_MACRO),
)

RESOLVERS: tuple[Resolver, ...] = (RAM,)
