"""Every number of a ship a Jovian Wars resolver reads is a ship or Squadron input the fleet fills (issue 33, point 3).

A number of a model's data card (its Ratings, Skill, Structure, Fuel, weapons' ratings) or of its state (the Boarders
aboard) is read from a ship input (kind "ship") or a Squadron input (kind "squadron") whose part of that name a fleet
pick fills (calculators/page/ship-pick.js: a Capital Ship's parts are `ship_parts()`'s, its card's Structure the
starting Structure, its state's Boarders the Boarders aboard; a Squadron's are `squadron_parts()`'s). A loose input of
such a name (an Action's own "thrusters") is one no fleet pick fills: a default stands in for the ship's own number.

Trait flags (Sluggish, Comms, a Cargo upgrade) are ticks the player answers, not numbers, and are not counted here;
nor are the numbers of an attack or a state (an attack's AC and Macro, Targeted:X).
"""

from __future__ import annotations

from rules_core.inputs import Input
from rules_core.jovian_wars.ship_inputs import ARMOR_ARCS, armor_part, ship_parts
from rules_core.jovian_wars.squadron_inputs import squadron_parts
from rules_core.registry import REGISTRY, resolve

FLEET_FILLS = {
    "ship": {*(part.name for part in ship_parts()), "start_structure", "boarders"},
    "squadron": {part.name for part in squadron_parts()},
}
"""The parts a fleet pick fills, by model input kind (ship-pick.js `pickShip`)."""
SHIP_NUMBERS = {"defense", "sensors", "thrusters", "marines", "structure", "skill", "fuel", "weapons", "spinal",
                "traits", "trait_boxes", "trait2_boxes", "boarders", "point_defense", "armor", "target_armor",
                "as_rating", "missile_as", *(armor_part(arc) for arc in ARMOR_ARCS)}
"""The names under which a resolver reads a number of a ship or a Squadron: its card's Ratings (Defense is its Point
Defense), Skill, Structure, Fuel, weapons and System Traits, its Armor, the Boarders aboard. (The Marines a ship
commits to a Board are the player's decision, not its number: held to its Marines, and named while not entered.)"""

def loose_numbers(inputs: tuple[Input, ...]) -> set[str]:
    """The ship numbers among `inputs` that no fleet pick fills: a loose one, or a model's part the fleet lacks."""
    found = {spec.name for spec in inputs if spec.kind == "int" and spec.name in SHIP_NUMBERS}
    for spec in inputs:
        if spec.kind in FLEET_FILLS:
            found |= {f"{spec.name}.{part.name}" for part in spec.parts
                      if part.name in SHIP_NUMBERS and part.name not in FLEET_FILLS[spec.kind]}
    return found


def offenders() -> dict[str, set[str]]:
    """Every Jovian Wars resolver that reads a number of a ship from an input no fleet pick fills, with those inputs."""
    out = {}
    for resolver_id in REGISTRY:
        if resolver_id.startswith("jovian-wars/"):
            loose = loose_numbers(REGISTRY[resolver_id].inputs)
            if loose:
                out[resolver_id] = loose
    return out


def test_every_number_of_a_ship_is_one_the_fleet_fills() -> None:
    """Assert no Jovian Wars resolver reads a number of a ship from a loose input (0 of 69); the message lists each
    offender by resolver and input."""
    found = {rid: sorted(names) for rid, names in offenders().items()}
    assert not found, f"{len(found)} resolvers read a ship's number from an input no fleet pick fills: {found}"


def test_the_named_resolvers_read_the_ship_from_the_fleet() -> None:
    """Assert the resolvers issue 33 names read Thrusters, Sensors, Skill, Marines, Boarders and Point Defense from a
    ship input the fleet fills: Evade, Hard Burn, Reorient, Station Keep, Long Shot, Vector Attack, Purge Airlocks,
    Squadron Damage and the Ram's Skill."""
    for slug, name, parts in (("evade", "ship", {"thrusters"}), ("hard-burn", "ship", {"thrusters"}),
                              ("station-keep", "ship", {"thrusters"}), ("reorient", "ship", {"thrusters", "skill"}),
                              ("long-shot", "ship", {"sensors", "skill"}), ("vector-attack", "ship", {"sensors", "skill"}),
                              ("purge-airlocks", "ship", {"marines", "boarders", "skill"}),
                              ("squadron-damage", "pd_ship", {"defense"}), ("ram", "ramming_ship", {"skill"})):
        resolver = REGISTRY[f"jovian-wars/v1.2.4/{slug}"]
        model = next((spec for spec in resolver.inputs if spec.name == name), None)
        assert model is not None and model.kind == "ship", f"{slug}: no ship input {name!r}"
        assert parts <= {part.name for part in model.parts}, f"{slug}: {name} lacks {parts}"
        assert parts <= FLEET_FILLS["ship"]
        assert not loose_numbers(resolver.inputs) & parts, slug


def test_the_marines_committed_are_the_players_decision_held_to_the_ship() -> None:
    """Assert Board's Marines committed, the one number of a Board no card holds, is named in the headline while not
    entered, and more of them than the boarding ship's Marines (its fleet number) refuses the Board naming both."""
    board = "jovian-wars/v1.2.4/board"
    unset = resolve(board, {"boarding_ship": {"marines": 3}, "pd": {"dice": [1, 2]}})
    assert unset["assumed"] == [{"name": "committed", "text": "2 Marines committed"}]
    assert unset["outcome"]["headline"].endswith("taken at its default: 2 Marines committed.")
    entered = resolve(board, {"boarding_ship": {"marines": 3}, "committed": 3, "pd": {"dice": [1, 2]}})
    assert "assumed" not in entered and "default" not in entered["outcome"]["headline"]
    refused = resolve(board, {"boarding_ship": {"marines": 1}, "committed": 2, "pd": {"dice": [1, 2]}})
    assert refused["outcome"]["headline"] == "Board may not be declared"
    assert any(not check["ok"] and check["detail"] == "2 of 1 Marines committed" for check in refused["checks"]), refused
