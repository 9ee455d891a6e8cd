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
    assert rules_core.odds("dice/unopposed", {"base": 2})["magnitude"]["D"] == "1/6"


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
    """Assert a Dogfight side's Fuel bid check counts as entered only when both its bid and its Fuel were given."""
    def bid(given: dict) -> dict:
        return resolve("jovian-wars/v1.2.4/dogfight", given)["checks"][0]
    assert bid({})["detail"].startswith("not entered yet")
    assert bid({"a": {"bid": 1}})["detail"].startswith("not entered yet")
    assert bid({"a": {"bid": 1, "fuel": 2}})["detail"] == "bids 1 of 2 Fuel"
