"""The registry: one literal table of families, loaded lazily, with every id in its own family."""

from __future__ import annotations

import subprocess
import sys

import pytest

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
        "loaded = [m for m in sys.modules if m.startswith(('rules_core.resolvers.jovian_wars', 'rules_core.resolvers.war_galley'))]\n"
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
