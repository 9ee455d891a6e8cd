"""Nothing the texts don't say: every statement a resolver makes is the text's own words, neutral
wording from a small declared vocabulary, or backed by a Reading it cites (or a gap note).

A statement is each string a resolver's answer shows: steps, check labels and details, headlines,
gap notes, chart titles and row labels. Its words (dice notation such as [D2,T3], numbers and
punctuation dropped) must all be found in one of:

- the text of the entries the resolver sits beside and of the page section holding them ("These
  Special Actions may only be declared by Capital Ships"), and of the entries of the same rules
  version that text names (a rule that says "resolve a Dogfight" may use the Dogfight entry's
  words); the galley aid is one table, so its resolvers share the whole aid's text;
- the names of every entry of the same game and version;
- the Readings the resolver cites (their titles and texts: a statement that leans on a Reading
  uses its words, and the Reading is shown beside the resolver); a gap note of the ledger
  (rules_core.readings.GAPS) counts as a whole, never lending its words to other statements;
- DICE_WORDS: the dice system's own terms (How the dice work §1-§5, Known), which the texts use but
  never define, and REPAIR_WORDS, the published Repair table's (How the dice work §6a, Known);
- NEUTRAL: the words of the resolvers' neutral templates ("Requirement met.", "Rolled 3 dice",
  "chance 7/12"), which state no rule.

Words are compared by a crude stem (moves/moved/move are one word). A word outside all of them
is a statement the texts do not make: the test names the resolver, the inputs and the statement. Run over every resolver's default inputs and, for each, every
choice of each choice input and the other value of each toggle, with three seeds.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

from rules_core import REGISTRY, RulesError, odds, resolve
from rules_core.readings import GAPS, READINGS
from rules_core.registry import Resolver
from scripts.build.entries import Entry, load_entries
from scripts.build.placement import place
from scripts.build.version_text import sections
from tests.conftest import DOCS

WORD = re.compile(r"[a-z]+")
NOTATION = re.compile(r"\[[NDTQ0-9+,]*\]|\b[NDTQ]\b")
"""Dice notation ("[D2,T3]", "[Q+]", a bare magnitude letter in a chart label) is not a word."""

DICE_WORDS = frozenset("""
    dice die pool base flex macro result results double triple quad value magnitude escalate escalated
    escalates escalation diminish diminished diminishes reroll rerolled primary secondary opposed unopposed roll
    rolls rolled rolling face faces set aside kept reading readings wipes wipe final best skill test armor
""".split())
"""How the dice work §1-§5 (Known): the dice system the texts lean on."""

REPAIR_WORDS = frozenset("rating damage one box system trait weapon spinal spn auto repaired item row".split())
"""How the dice work §6a (Known, the published v1.2.4 Repair page): its rows and cells."""

NEUTRAL = frozenset("""
    a an the and or of to in on at by for with from as is are be it its this that these those not no yes none
    each every both either any all only one two three four five six than then so if when while after before
    then into onto up down off out per next
    requirement met holds hold fails fail failed passes pass passed allowed may can cannot must needs need
    needed got gives give given says said say see shown show typed type rolled chance success failure
    succeeds fails step steps left lost loses lose remains remain now was were will stays stay becomes
    what which who how where here there
    page rulebook texts text site gap section note your you me yours player players
    chart likeliest best total totals vs after before than number numbers
    declared read match nothing do does did raises enter enters entered cancelled condition conditions answer
    available defense reports use has have having counts still already own first same too other whole itself
    their under line aid mode names status alternative take takes gain gains spend add go could over minus net
    conversion modifier effect effects make makes refuses attaches survive survives apply applies resolves mark
    marks marked further deals whatever a b mechanics work source published rules invented odds leaves check
    chances permission neither nor away moving just stand play
    yet default defaults taken
""".split())
"""Words of the resolvers' neutral templates: they report the inputs, the dice and the arithmetic."""


STEM = re.compile(r"(?:ing|ed|es|s|e)$")


def stem(word: str) -> str:
    """A crude stem, the same for both sides: "moves", "moved", "move" -> "mov"."""
    return STEM.sub("", word) if len(word) > 3 else word


def words(text: str) -> set[str]:
    cleaned = NOTATION.sub(" ", text.replace("’", "'"))
    return {stem(word) for word in WORD.findall(cleaned.casefold().replace("'s", ""))}


def vocab(source: frozenset[str]) -> set[str]:
    return {stem(word) for word in source}


@cache
def entries() -> dict[str, Entry]:
    return {entry.key: entry for entry in load_entries(DOCS)}


@cache
def placements() -> dict[str, Resolver]:
    """Entry key -> the resolver the build places after it (the same placement the build uses)."""
    return place(entries().values(), DOCS).placed


def entry_words(entry: Entry) -> set[str]:
    return words(f"{entry.name} {entry.body}")


@cache
def vocabulary(resolver_id: str) -> frozenset[str]:
    """Every word a resolver may use: see the module docstring."""
    resolver = REGISTRY[resolver_id]
    own = [entries()[key] for key, placed in placements().items() if placed.id == resolver_id]
    common = vocab(DICE_WORDS) | vocab(NEUTRAL) | _reading_words(resolver)
    if not own and resolver_id.startswith("war-galley/"):  # the ship-state aid sits beside the whole aid
        return frozenset(common | set().union(*(entry_words(e) for e in entries().values() if e.game == "war-galley")))
    if not own:  # the Dice page's resolvers sit on a hand-written page: the dice system is their text
        return frozenset(common)
    game, version = own[0].game, own[0].version
    siblings = [e for e in entries().values() if e.game == game and e.version == version]
    found = set().union(*(entry_words(e) for e in own))
    body = " ".join(e.body for e in own).casefold()
    for entry in siblings:
        found |= words(entry.name)
        # The galley aid is one table whose modes name each other's defenses and results: one text.
        if entry.name.casefold() in body or game == "war-galley":
            found |= entry_words(entry)
    for entry in own:
        found |= section_words(entry)
    if stem("repair") in found:  # the entry points to Repair: the published Repair table's words
        found |= vocab(REPAIR_WORDS)
    return frozenset(found | common)


@cache
def page_sections(src_uri: str) -> dict[str, str]:
    """A rules page's level-1/2 section titles -> their own text."""
    markdown = (DOCS / src_uri).read_text(encoding="utf-8")
    return {section.title: " ".join(section.text.blocks) for section in sections(markdown)}


def section_words(entry: Entry) -> set[str]:
    """The page's own text: its title's and each level-2 section's (who may declare what)."""
    src_uri = f"{entry.game}/{entry.version}/{entry.page}.md"  # a rules version is a folder
    return words(" ".join(f"{title} {text}" for title, text in page_sections(src_uri).items()))


def _reading_words(resolver: Resolver) -> set[str]:
    return set().union(set(), *(words(f"{r.title} {r.text}") for r in resolver.readings))


SKIPPED_KEYS = frozenset({"inputs", "interpretations", "resolver", "title", "roll", "step_data", "reading",
                          "magnitude", "readings", "row", "cell", "mode", "pool", "pools", "results", "at_least",
                          "may", "may_not", "result", "stage", "p", "destroyed", "to", "numbers", "name"})
"""Keys holding data, not statements (notation, ids such as a carry's "to", JSON of the dice, the resolver's own title,
a model's end-state "numbers": the input's own values handed back for the fleet, a Squadron's weapon among them, the
"name" of an input a default of which the headline names)."""


def statements(answer: object, key: str = "") -> Iterator[str]:
    if isinstance(answer, str):
        yield answer
    elif isinstance(answer, dict):
        for name, value in answer.items():
            if name not in SKIPPED_KEYS:
                yield from statements(value, name)
    elif isinstance(answer, list):
        for item in answer:
            yield from statements(item, key)


def variants(resolver: Resolver) -> Iterator[dict[str, object]]:
    """The defaults; each other choice of each choice input; the other value of each toggle."""
    base: dict[str, object] = {}
    yield base
    for spec in resolver.inputs:
        if spec.kind == "choice":
            for choice in spec.choices:
                if choice != spec.default:
                    yield {spec.name: choice}
        elif spec.kind == "bool":
            yield {spec.name: not spec.default}
        elif spec.parts:
            for part in spec.parts:
                if part.kind == "bool":
                    yield {spec.name: {part.name: not part.default}}


def answers(resolver: Resolver) -> Iterator[tuple[dict[str, object], dict[str, object]]]:
    seeded = any(spec.kind == "seed" for spec in resolver.inputs)
    for inputs in variants(resolver):
        for seed in ((1, 2, 3) if seeded else (None,)):
            given = {**inputs, "seed": seed} if seed is not None else inputs
            try:
                yield given, resolve(resolver.id, given)
            except RulesError:
                continue  # these values are refused as input: nothing is stated
        if resolver.odds is not None:
            try:
                yield inputs, odds(resolver.id, inputs)
            except RulesError:
                continue


def unbacked(resolver_id: str) -> list[str]:
    """Each statement with a word the texts, the Readings and the neutral vocabulary do not hold."""
    allowed = vocabulary(resolver_id)
    found: list[str] = []
    for given, answer in answers(REGISTRY[resolver_id]):
        for statement in statements(answer):
            for gap in GAPS.values():  # a gap note of the ledger is shown whole, as a gap
                statement = statement.replace(gap.text, "")
            extra = sorted(words(statement) - allowed)
            if extra:
                found.append(f"{given}: {statement!r} has {extra}")
    return found


@pytest.mark.parametrize("resolver_id", sorted(REGISTRY))
def test_every_statement_is_the_texts_or_a_reading(resolver_id: str) -> None:
    problems = unbacked(resolver_id)
    assert problems == [], "\n".join(dict.fromkeys(problems))


def test_the_check_can_fail() -> None:
    """Assert an invented statement is caught: the old v1.2.1 Ramming Speed row and the v1.2.4 term."""
    allowed = vocabulary("jovian-wars/v1.2.1/ramming-speed")
    assert words("[N]: fails: no ram") - allowed == {"ram"}
    assert words("removed from the board (Withdrawn)") - vocabulary("jovian-wars/v1.2.1/withdraw") == {"withdrawn"}
    assert words("Rating Damage 2× Auto; Weapon Damage on 4+") - vocabulary("jovian-wars/v1.2.1/damage-control") == set()
    assert words("Rating Damage 2× Auto") - vocabulary("jovian-wars/v1.2.1/evade") == {"auto"}


def test_every_cited_reading_is_on_the_readings_page() -> None:
    """Assert each Reading a resolver cites is in the ledger the Readings page lists, with a title in words."""
    for resolver in REGISTRY.values():
        for reading in resolver.readings:
            assert READINGS[reading.key] is reading
            assert "title" in type(reading).__dataclass_fields__  # declared in words, not derived from the key
            assert reading.title and reading.title != reading.key.replace("-", " ").capitalize()
            assert not reading.title.lower().startswith(("jw ", "v121 ", "galley "))


# Wording --------------------------------------------------------------------------------------------

BAD_WORDING = [
    (re.compile(r"(?<![\d.])1 (dice|Critical Hits|Boarders|Marines|items|weapons|Squadrons)\b"), "a plural after 1"),
    (re.compile(r"(?<![\w-])-0 Structure"), "\"-0 Structure\""),
]


def all_statements() -> Iterator[tuple[str, str]]:
    for resolver_id in sorted(REGISTRY):
        for _, answer in answers(REGISTRY[resolver_id]):
            for statement in statements(answer):
                yield resolver_id, statement


@pytest.mark.parametrize(("resolver_id", "inputs"), [
    ("dice/unopposed", {"roll": {"base": 1, "dice": [4]}}),
    ("jovian-wars/v1.2.4/capital-ship-damage", {"roll": {"base": 3, "dice": [3, 3, 3]}}),
    ("jovian-wars/v1.2.4/board", {"committed": 2, "pd": {"dice": [1, 1]}}),
    ("jovian-wars/v1.2.4/squadron-damage", {"roll": {"base": 3, "dice": [1, 2, 3]}}),
    ("jovian-wars/v1.2.4/dogfight", {"seed": 1}),
])
def test_counts_read_right(resolver_id: str, inputs: dict[str, object]) -> None:
    """Assert "1 die", "1 Critical Hit", "1 Boarder", and no "-0 Structure" in answers that used to say otherwise."""
    said = " ".join(statements(resolve(resolver_id, inputs)))
    for pattern, what in BAD_WORDING:
        assert not pattern.search(said), f"{what}: {said}"
    expected = {"dice/unopposed": "Rolled 1 die", "jovian-wars/v1.2.4/capital-ship-damage": "1 Critical Hit,",
                "jovian-wars/v1.2.4/board": "1 Marine boards", "jovian-wars/v1.2.4/squadron-damage": "no Structure lost",
                "jovian-wars/v1.2.4/dogfight": "Squadron Damage:"}[resolver_id]
    assert expected in said


def test_no_statement_of_any_resolver_has_bad_wording_or_repeats_its_label() -> None:
    """Assert over every resolver and input variant: no "1 dice"-style plural, no "-0 Structure", and no
    check whose detail repeats its label ("front arc reaches the target's base: has front arc reaches ...")."""
    bad = [f"{rid}: {s!r}" for rid, s in all_statements() for pattern, _ in BAD_WORDING if pattern.search(s)]
    assert bad == []
    for resolver_id in sorted(REGISTRY):
        for _, answer in answers(REGISTRY[resolver_id]):
            for check in answer.get("checks", []) if isinstance(answer.get("checks"), list) else []:
                label, detail = str(check["label"]), str(check["detail"])
                assert label.casefold() not in detail.casefold() or label == detail == "", (resolver_id, check)


def test_a_flex_reading_only_where_there_can_be_flex_dice() -> None:
    """Assert a resolver cites the flex Readings exactly when it takes a flex count or a modifier that converts
    to flex (How the dice work §5); a Skill Test of Skill dice alone (v1.2.1 or v1.2.4) has no flex dice."""
    flex_readings = {"flex-keeps-best", "no-negative-flex"}
    for resolver in REGISTRY.values():
        names = {spec.name for spec in resolver.inputs} | {part.name for spec in resolver.inputs for part in spec.parts}
        can_flex = any(name == "flex" or name.endswith("modifier") for name in names) and not resolver.id.startswith("war-galley/")
        cited = {reading.key for reading in resolver.readings} & flex_readings
        assert not cited or can_flex, f"{resolver.id} cites {cited} but has no flex dice"
        if can_flex:
            assert "flex-keeps-best" in cited, f"{resolver.id} can roll flex dice but does not cite flex-keeps-best"


def test_v121_readings_name_nothing_only_v124_has() -> None:
    """Assert the Readings a v1.2.1 resolver shows name no v1.2.4-only entry (Purge Airlocks, Evading, Hard Burn...)."""
    names = {version: {e.name for e in entries().values() if e.game == "jovian-wars" and e.version == version}
             for version in ("v1.2.1", "v1.2.4")}
    only_v124 = {name for name in names["v1.2.4"] - names["v1.2.1"] if len(name) > 4}
    assert {"Purge Airlocks", "Evading", "Hard Burn"} <= only_v124
    for resolver in REGISTRY.values():
        if resolver.id.startswith("jovian-wars/v1.2.1/"):
            for reading in resolver.readings:
                said = f"{reading.title} {reading.text}"
                assert not [name for name in only_v124 if name in said], (resolver.id, reading.key)
