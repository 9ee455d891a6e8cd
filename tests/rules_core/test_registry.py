"""The registry: one literal table of families, loaded lazily, with every id in its own family."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rules_core import resolve

import rules_core
from rules_core.registry import FAMILIES, REGISTRY, LazyRegistry


def test_every_id_sits_in_the_family_its_prefix_names():
    """Assert each family's resolvers all start with its prefix, and every id is found by look-up."""
    assert len(REGISTRY) == len(set(REGISTRY)) > 0
    for resolver_id in REGISTRY:
        prefix = next(p for p in FAMILIES if resolver_id.startswith(p))
        assert REGISTRY[resolver_id].id == resolver_id, prefix


def test_an_id_outside_every_family_is_unknown():
    """Assert a look-up outside the families is a KeyError for Mapping users and UnknownResolver at the door."""
    assert REGISTRY.get("nope/x") is None
    with pytest.raises(rules_core.UnknownResolver):
        rules_core.describe("nope/x")


def test_a_family_holding_a_stray_id_is_refused():
    """Assert a family module whose resolvers leave its prefix fails loudly rather than hiding them."""
    registry = LazyRegistry({"war-galley/": "dice_rolls"})
    with pytest.raises(rules_core.RulesError, match="outside"):
        len(registry)


def test_the_entry_point_functions_survive_every_family_loading():
    """Assert `rules_core.odds` stays the entry point after the module of pool odds is imported."""
    assert len(REGISTRY) > 0  # imports every family
    assert callable(rules_core.odds) and callable(rules_core.resolve) and callable(rules_core.describe)
    assert rules_core.odds("dice/unopposed", {"roll": {"base": 2}})["magnitude"]["D"] == "1/6"


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide has no subprocesses")
def test_a_look_up_imports_only_its_family():
    """Assert resolving a dice roll imports no Jovian Wars or War Galley module (the browser's cold start)."""
    code = (
        "import sys, rules_core\n"
        "rules_core.odds('dice/unopposed', {})\n"
        "loaded = [m for m in sys.modules if m.startswith(('rules_core.jovian_wars', 'rules_core.war_galley'))]\n"
        "print(loaded)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("resolver_id", [123, None, ["dice/unopposed"], {"id": 1}, "x" * 100_000])
def test_a_resolver_id_that_is_not_a_known_string_is_refused_shortly(resolver_id):
    """Assert any id that is not a registered string is one short UnknownResolver, never a TypeError."""
    for door in (rules_core.describe, rules_core.odds, rules_core.resolve):
        with pytest.raises(rules_core.errors.UnknownResolver) as error:
            door(resolver_id, {})
        assert str(error.value).startswith("Resolver: no resolver with id ") and len(str(error.value)) < 120


@pytest.mark.parametrize(("resolver_id", "field", "value", "fact"), [
    ("war-galley/aid/ram", "ram_attack", 1, "Ram Attack is 1"),
    ("war-galley/aid/missile-fire", "range", 2, "2 hexes away"),
    ("jovian-wars/v1.2.1/lock-on", "fire_control", 2, "Fire Control is 2"),
])
def test_a_default_not_entered_is_never_reported_as_a_fact(resolver_id, field, value, fact):
    """Assert a requirement check reading an input the player has not entered says so (issue 20: "Ram Attack is 1",
    "2 hexes away", "Fire Control is 2" were shown as facts), and states the fact once it is entered."""
    def detail(given: dict) -> dict:
        return next(c for c in resolve(resolver_id, given)["checks"] if fact in c["detail"])
    pending = detail({})
    assert pending["detail"] == f"not entered yet; by default {fact}" and pending["entered"] is False
    entered = detail({field: value})
    assert entered["detail"] == fact and "entered" not in entered


def test_a_group_part_not_entered_is_named_as_such():
    """Assert a Dogfight's Fuel bid check counts as entered only when both the bid and the Squadron's Fuel (a part of
    its card) were given."""
    def bid(given: dict) -> dict:
        return resolve("jovian-wars/v1.2.4/dogfight", given)["checks"][0]
    assert bid({})["detail"].startswith("not entered yet")
    assert bid({"a_bid": 1})["detail"].startswith("not entered yet")
    assert bid({"a_bid": 1, "a": {"skill": 2}})["detail"].startswith("not entered yet")
    assert bid({"a_bid": 1, "a": {"fuel": 2}})["detail"] == "bids 1 of 2 Fuel"


def test_the_ship_state_aid_states_no_default_as_the_ships():
    """Assert with nothing entered, War Galley's ship-state says the speed and statuses were not entered (issue 20:
    "with no status", "it is at Max" were facts), each mode judged on defaults is marked so, and a refusal by an input
    entered stays a fact although other inputs of that mode are not entered."""
    blank = resolve("war-galley/aid/ship-state", {})
    assert blank["steps"][0] == "Speed not entered yet (by default Max), no status entered."
    assert "with no status" not in " ".join(blank["steps"]) and "it is at Max" not in blank["steps"][0]
    pending = {c["label"]: c["detail"] for c in blank["checks"] if c.get("entered") is False}
    assert pending["Grappling"] == "not entered yet; by default At cruise speed: it is at Max"
    assert set(pending) == {"Ram", "Rake(Pass-through or Diekplus)", "Anastrophe", "Grappling", "Boarding", "Avoidance"}
    assert "6 of 11 taken at the defaults" in blank["outcome"]["headline"]
    some = resolve("war-galley/aid/ship-state", {"speed": "Cruise", "ram_attack": 0})
    ram = next(c for c in some["checks"] if c["label"] == "Ram")
    assert ram == {"label": "Ram", "ok": False, "detail": "Ram Attack > 0: its Ram Attack is 0"}
    assert some["steps"][0] == "The ship is at Cruise speed, no status entered."
    full = {"speed": "Max", "ram_attack": 1, "asterisked_ram": True, **{name: False for name in (
        "rammed", "crippled", "fatigued", "fouled", "grappled", "half_speed", "captured", "depleted", "no_grapple",
        "movement_impaired")}}
    entered = resolve("war-galley/aid/ship-state", full)
    assert all(c.get("entered") is not False for c in entered["checks"]) and "taken at the defaults" not in entered["outcome"]["headline"]


def test_a_critical_hits_options_read_from_boxes_not_entered_say_so():
    """Assert critical-hit's "2 weapons not damaged" is said as a default until the weapons are entered (issue 20)."""
    def weapon(given: dict) -> dict:
        return next(c for c in resolve("jovian-wars/v1.2.4/critical-hit", given)["checks"] if c["label"] == "Weapon Damage")
    assert weapon({}) == {"label": "Weapon Damage", "ok": True, "entered": False,
                          "detail": "not entered yet; by default 2 weapons not damaged"}
    assert weapon({"ship": {"weapons": 2, "spinal": 0}}) == {"label": "Weapon Damage", "ok": True, "detail": "2 weapons not damaged"}


@pytest.mark.parametrize("mode", ["ram", "anastrophe", "grappling", "avoidance", "reaction-ram", "missile-fire"])
def test_a_galley_mode_says_every_condition_holds_only_once_they_are_entered(mode):
    """Assert a War Galley headline and opening step never say "every condition holds" with its inputs not entered
    (issue 20), and say how many are judged at the defaults instead; once each is entered, they say it holds."""
    blank = resolve(f"war-galley/aid/{mode}", {})
    said = " ".join([blank["outcome"]["headline"], *blank["steps"]]).casefold()
    assert "every condition" not in said and "not entered yet" in said
    resolver = rules_core.REGISTRY[f"war-galley/aid/{mode}"]
    checked = resolver.check({})
    given = {i.name: checked[i.name] for i in resolver.inputs if i.kind in ("bool", "int", "choice")}
    if mode == "grappling":
        given["speed"] = "Cruise"
    entered = resolve(f"war-galley/aid/{mode}", given)
    assert entered["outcome"]["allowed"], entered["outcome"]
    assert all(c.get("entered") is not False for c in entered["checks"]), mode
    assert entered["steps"][0].endswith("every condition holds."), entered["steps"]


@pytest.mark.parametrize(("resolver_id", "inputs"), [
    ("jovian-wars/v1.2.4/purge-airlocks", {"ship": {"marines": 0}}),  # not Boarded: Marines 0
    ("jovian-wars/v1.2.4/ram", {"ramming_ship": {"structure": 3}, "fire_ship": False}),
    ("jovian-wars/v1.2.4/board", {"boarding_ship": {"marines": 1}, "committed": 2}),
    ("jovian-wars/v1.2.4/long-shot", {"ship": {"sensors": 0}}),
])
def test_a_failing_requirement_has_no_odds(resolver_id, inputs):
    """Assert odds whose requirement fails give no chart and no other figure, only the checks saying why (issue 20:
    Purge Airlocks at Marines 0 charted its Skill Test beside the failing check), while the same resolver charts once
    the requirement holds."""
    refused = rules_core.odds(resolver_id, inputs)
    assert refused["charts"] == [] and any(not c["ok"] for c in refused["checks"])
    assert set(refused) == {"resolver", "title", "inputs", "interpretations", "checks", "charts"}
    assert rules_core.odds(resolver_id, {})["charts"]


def test_a_requirement_met_by_an_alternative_entered_is_a_fact():
    """Assert "Structure: 0-1 or Fire Ship Trait" met by a Structure entered is met whatever the Fire Ship default is,
    while one met only by defaults, or refused, still says it was not entered."""
    def check(given: dict) -> dict:
        return resolve("jovian-wars/v1.2.4/ram", given)["checks"][0]
    def rammer(structure: int) -> dict:
        return {"ramming_ship": {"structure": structure}}
    assert "entered" not in check(rammer(1)) and check(rammer(1))["ok"]
    assert check({})["entered"] is False
    assert check(rammer(3))["entered"] is False and not check(rammer(3))["ok"]  # Fire Ship not entered
    assert "entered" not in check({**rammer(3), "fire_ship": False})
