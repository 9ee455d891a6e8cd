"""A word defined once per context quotes the definition that fits where it was tapped (issue 36, part 4): the
glossary keeps each definition of Destroyed with its context and source, and names the context of each place a tap
may come from (scripts/build/defined_terms.py, scripts/build/term_contexts.py)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from rules_core import resolver_ids
from scripts.build.build_error import BuildError
from scripts.build.glossary import glossary
from scripts.build.term_contexts import DAMAGE, Place, contexts, place_json
from tests.conftest import DOCS

V124 = "jovian-wars/v1.2.4/"


def definitions_by_name() -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = defaultdict(list)
    for term in glossary(DOCS)["terms"]:
        found[term["name"]].append(term)
    return found


def test_destroyed_has_a_capital_ships_and_a_squadrons_definition_each_from_its_own_section() -> None:
    """Assert Destroyed is two definitions: a Capital Ship's, the Catastrophic Damage Table's rows that say it (Dead,
    Explode), and a Squadron's, the Squadron Damage sentence; neither quotes the other's words."""
    destroyed = {term["context"]: term for term in definitions_by_name()["Destroyed"]}
    assert sorted(destroyed) == ["Capital Ship", "Squadron"]
    ship, squadron = destroyed["Capital Ship"], destroyed["Squadron"]
    assert ship["url"] == V124 + "damage/#catastrophic-damage-table"
    assert ship["kind"] == "Term for a Capital Ship, in Catastrophic Damage Table"
    assert ship["fields"] == [["Roll 6-7", "Dead: Destroyed, replace with Wreck"], ["Roll 8+", "Explode: Destroyed, resolve Explosion"]]
    assert ship["text"] == ""
    assert squadron["url"] == V124 + "damage/#squadron-damage"
    assert squadron["kind"] == "Term for a Squadron, in Squadron Damage"
    assert squadron["text"] == "Squadrons whose Structure rating is reduced to zero are Destroyed and are removed from the table as casualties."
    assert squadron["fields"] == []
    page = (DOCS / DAMAGE).read_text(encoding="utf-8")
    assert squadron["text"] in page and "| 6-7 | Dead | Destroyed, replace with Wreck |" in page


def test_a_word_defined_more_than_once_names_a_different_context_for_each() -> None:
    """Assert each word with several definitions gives each one a context of its own (else a tap could not choose), and
    a word defined once names none."""
    for name, terms in definitions_by_name().items():
        named = [term.get("context", "") for term in terms]
        if len(terms) > 1:
            assert "" not in named and len(set(named)) == len(named), (name, named)
        else:
            assert named == [""], name


def test_each_place_names_its_context() -> None:
    """Assert the Ram's Capital Ship text and a Capital Ship's Ram resolver are a Capital Ship's place, Squadron Damage
    and the Dogfight (text and resolvers) a Squadron's, the Explosion its target's, and Embarked models under the
    Catastrophic Damage Table either."""
    built = glossary(DOCS)
    entries = {place["url"]: place["context"] for place in built["places"] if not place["block"]}
    blocks = {(place["url"], place["block"]): place["context"] for place in built["places"] if place["block"]}
    assert entries[V124 + "actions/#capital-ship-ramming-capital-ship"] == "Capital Ship"
    assert entries[V124 + "actions/#squadron-ramming-capital-ship"] == "Squadron"
    assert entries[V124 + "damage/#squadron-damage"] == "Squadron"
    assert entries[V124 + "damage/#catastrophic-damage-table"] == "Capital Ship"
    assert entries[V124 + "dogfight/#dogfight"] == "Squadron"
    assert blocks[(V124 + "damage/#catastrophic-damage-table", "Models that are Embarked")] == ""
    resolvers = {place["resolver"]: (place["context"], place["when"]) for place in built["resolvers"]}
    assert resolvers[V124 + "ram"] == ("Capital Ship", ["rammer", "Capital Ship"])
    assert resolvers[V124 + "dogfight"] == ("Squadron", [])
    assert resolvers[V124 + "squadron-damage"] == ("Squadron", [])
    explosion = [(place["context"], place["when"]) for place in built["resolvers"] if place["resolver"] == V124 + "explosion"]
    assert explosion == [("Capital Ship", ["target", "Capital Ship"]), ("Squadron", ["target", "Squadron"])]  # its target's
    known = {term["context"] for term in built["terms"] if term.get("context")} | {""}
    assert {place["context"] for place in built["places"] + built["resolvers"]} <= known


def test_a_place_no_longer_on_its_page_or_in_the_registry_stops_the_build() -> None:
    """Assert a renamed heading, block or resolver is a build error naming it, rather than a tap quoting the wrong
    definition."""
    with pytest.raises(BuildError, match="no-such-entry"):
        place_json(Place(DAMAGE, "no-such-entry", "Squadron"), DOCS)
    with pytest.raises(BuildError, match="No such words"):
        place_json(Place(DAMAGE, "squadron-damage", "Squadron", block="No such words"), DOCS)
    with pytest.raises(BuildError, match="Models that are Embarked"):  # on the page, but not under this entry
        place_json(Place(DAMAGE, "squadron-damage", "Squadron", block="Models that are Embarked"), DOCS)
    with pytest.raises(BuildError, match="ram"):
        contexts(DOCS, set(resolver_ids()) - {V124 + "ram"})
