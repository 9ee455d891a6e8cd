"""Every rule entry has its resolver on its built page, with its Readings shown beside it.

Runs against the built site/ (no browser): the static block of each resolver sits in the page of
each entry it names, and links every Reading it takes to that Reading's anchor (MECHANICS: each
Reading is shown next to the resolver that depends on it).
"""

from __future__ import annotations

import re

import pytest

from rules_core import REGISTRY, Resolver
from scripts.build.entries import load_entries
from scripts.build.placement import place
from tests import conftest

PLACEMENT = place(load_entries(conftest.DOCS), conftest.DOCS)


def built_page(entry_key: str) -> str:
    game, version, page, _ = entry_key.split("/")
    path = conftest.SITE / game / version / page / "index.html"
    if not path.exists():
        pytest.fail(f"{path} is missing: run .venv/bin/python scripts/build_site.py first")
    return path.read_text(encoding="utf-8")


def block_of(html: str, resolver_id: str) -> str:
    """The resolver's block: from its data-resolver attribute to the next resolver's."""
    start = html.find(f'data-resolver="{resolver_id}"')
    assert start >= 0, f"{resolver_id} is not on its page"
    following = html.find("data-resolver=", start + 1)
    return html[start: following if following > 0 else len(html)]


PLACED = [resolver for resolver in REGISTRY.values() if resolver.serves]


def test_every_rule_entry_has_a_resolver():
    """Assert each Action, State, table, procedure and mode of the inventory is some resolver's entry."""
    assert PLACEMENT.unserved == {}


def test_every_resolver_that_serves_an_entry_is_placed():
    assert {resolver.id for resolver in PLACEMENT.placed.values()} == {resolver.id for resolver in PLACED}


@pytest.mark.parametrize("resolver", PLACED, ids=lambda r: r.id)
def test_the_resolver_and_its_readings_are_on_its_entry_page(resolver: Resolver):
    """Assert the static block is on the entry's page and links each of its Readings by key."""
    for key in [key for key, placed in PLACEMENT.placed.items() if placed is resolver]:
        block = block_of(built_page(key), resolver.id)
        linked = set(re.findall(r'href="[^"]*readings/#([a-z0-9-]+)"', block))
        assert {reading.key for reading in resolver.readings} <= linked, key
