"""The version diff: word diff on small fixtures, the text model, the pairing of the real
Jovian Wars pages (v1.2.1 Special Actions -> v1.2.4 Actions), marker errors, and a strict build."""

from __future__ import annotations

import os
import shutil
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import html

import pytest
from scripts.build.build_error import BuildError

from rules_core import Input, Resolver, RulesError
from rules_core.readings import GAPS
from scripts.build.entries import parse_entries
from scripts.build.augment import augment
from scripts.build.version_diff import live_html, render, resolvers_md, shared_inputs
from scripts.build.version_pairs import (
    COMPARISONS, JOVIAN_WARS_V121_V124, Comparison, Pairing, heading_entries, match_entries,
)
from scripts.build.version_text import sections, text_of
from scripts.build.word_diff import (
    BREAK, Chunk, blocks_html, changed, diff_blocks, diff_text, inline_html, notation_key, tokens,
)
from tests.conftest import DOCS, ROOT

C = JOVIAN_WARS_V121_V124
PAGE = "jovian-wars/changes.md"


def entries(src_uri: str):
    return parse_entries((DOCS / src_uri).read_text(encoding="utf-8"), src_uri)


def old_entries():
    """The old page's entries and the grouping headings a pairing names (Interception)."""
    return entries(C.old_page) + heading_entries(C, (DOCS / C.old_page).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def matching():
    return match_entries(C, old_entries(), entries(C.new_page))


@pytest.fixture(scope="module")
def page() -> str:
    return render(C, DOCS, PAGE)


def section_of(page: str, slug: str) -> str:
    """The generated Markdown from the heading {#slug} to the next heading of level 2 or 3."""
    match = re.search(rf"^###? [^\n]*\{{#{re.escape(slug)}\}}\n(.*?)(?=^##)", page, re.MULTILINE | re.DOTALL)
    assert match, f"no section #{slug}"
    return match.group(1)


# Word diff ------------------------------------------------------------------------------------


def test_tokens_put_a_break_between_blocks_and_skip_empty_ones() -> None:
    """Assert blocks become words with one BREAK between non-empty blocks."""
    assert tokens(["a  b", "", "c"]) == ["a", "b", BREAK, "c"]


def test_a_replaced_word_is_deleted_then_inserted() -> None:
    """Assert a replacement reads <del>old</del> <ins>new</ins> in place, the rest untouched."""
    chunks = diff_text("Skill Test: Skill/Thrusters/Fuel", "Skill Test: No")
    assert chunks == [Chunk("same", ("Skill", "Test:")), Chunk("del", ("Skill/Thrusters/Fuel",)), Chunk("ins", ("No",))]
    assert inline_html(chunks) == "Skill Test: <del>Skill/Thrusters/Fuel</del> <ins>No</ins>"


def test_equal_texts_have_only_same_chunks() -> None:
    assert {c.op for c in diff_blocks(["one two", "three"], ["one two", "three"])} == {"same"}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (["The model gains an Evasion token."], ["The Model gains the Evading state."]),
        (["a b c", "d e"], ["a c", "x", "d e f"]),
        ([], ["only new"]),
        (["only old"], []),
        (["the the the a"], ["a the the"]),  # repeated words still anchor (autojunk off)
    ],
)
def test_old_and_new_read_back_from_the_chunks(old: list[str], new: list[str]) -> None:
    """Assert same+del chunks spell the old tokens and same+ins chunks the new ones, in order."""
    chunks = diff_blocks(old, new)
    # "same" chunks read as the new text; a case-only edit ("model" / "Model") is the same word.
    assert [notation_key(t) for c in chunks if c.op != "ins" for t in c.tokens] == [notation_key(t) for t in tokens(old)]
    assert [t for c in chunks if c.op != "del" for t in c.tokens] == tokens(new)


@pytest.mark.parametrize(("old", "new"), [
    ("Initiate a Boarding Action", "Initiate a boarding action"),
    ("enters the [Boarded] state", "enters the Boarded state"),
    ("A \\[D+\\] result", "A [D+] result"),
])
def test_case_only_and_bracket_only_edits_are_not_changes(old: str, new: str) -> None:
    """Assert notation is not a change: no <del>/<ins>, and the new text is what reads."""
    chunks = diff_text(old, new)
    assert not changed(chunks) and inline_html(chunks) == new
    assert changed(diff_text("Initiate a Boarding Action", "Initiate a Ramming Action"))


def test_blocks_html_gives_one_paragraph_per_block_and_escapes() -> None:
    """Assert a block only in the new text is one <ins> paragraph, and <, & and quotes are safe."""
    out = blocks_html(diff_blocks(["Move 3\" & <turn>"], ["Move 3\" & <turn>", "New rule."]))
    assert out == ('<div class="vd-text">\n<p>Move 3" &amp; &lt;turn&gt;</p>\n'
                   "<p><ins>New rule.</ins></p>\n</div>")


def test_a_block_break_from_either_text_cuts_the_paragraph() -> None:
    out = blocks_html(diff_blocks(["a b c d"], ["a b", "c d"]))
    assert out.count("<p>") == 2


# Text model -----------------------------------------------------------------------------------


def test_text_drops_the_requirement_table_link_targets_and_escapes() -> None:
    """Assert the fields table is left to the field diff and the text reads as words."""
    body = ("| Requirement | Skill Test |\n|---|---|\n| Thrusters: 1+ | No |\n\n"
            "A \\[D+\\] result uses the [Sluggish](../traits.md#sluggish) trait.\n\n- one\n- two\n\n1. first\n")
    assert text_of(body).blocks == ("A [D+] result uses the Sluggish trait.", "• one", "• two", "1. first")


def test_text_leaves_out_gap_notes_but_counts_them_and_keeps_examples() -> None:
    body = ('Before.\n\n!!! warning "Gap in the source"\n\n    Our note.\n\n!!! example\n\n    Dave rolls.\n')
    text = text_of(body)
    assert text.blocks == ("Before.", "Example", "Dave rolls.") and text.gaps == 1


def test_sections_are_the_title_and_each_level_two_heading_with_its_own_text() -> None:
    markdown = "# Title {#t}\n\nIntro.\n\n## Part {#part}\n\nPart text.\n\n### Entry {#e .action}\n\nBody.\n"
    found = sections(markdown)
    assert [(s.title, s.slug, s.text.blocks) for s in found] == [("Title", "t", ("Intro.",)), ("Part", "part", ("Part text.",))]


# Pairing the real pages -------------------------------------------------------------------------


def test_every_entry_of_both_pages_is_placed_exactly_once(matching) -> None:
    """Assert each v1.2.1 entry is matched or removed, each v1.2.4 entry matched, a State of a match, or new."""
    old_seen = Counter([m.old.slug for m in matching.matched] + [e.slug for e in matching.removed])
    new_seen = Counter([m.new.slug for m in matching.matched] + [s.slug for m in matching.matched for s in m.parts]
                       + [e.slug for e in matching.added])
    assert old_seen == Counter(e.slug for e in old_entries())
    assert new_seen == Counter(e.slug for e in entries(C.new_page))


def test_known_renames_pair_the_right_entries(matching) -> None:
    pairs = {m.old.slug: m.new.slug for m in matching.matched}
    assert pairs["boarding-party"] == "board"
    assert pairs["ramming-speed"] == "ram"
    assert pairs["bombing-run"] == "bombing"
    assert pairs["evade"] == "evade"
    assert pairs["active-interception"] == "active-interception"
    assert pairs["interception"] == "interception"  # the v1.2.1 heading with the v1.2.4 procedure


def test_boarded_belongs_with_board_as_evading_with_evade(matching) -> None:
    parts = {m.new.slug: [p.slug for p in m.parts] for m in matching.matched}
    assert parts["board"] == ["boarded"] and parts["evade"] == ["evading"]


def test_boost_for_capital_ships_became_hard_burn(matching, page: str) -> None:
    """Assert v1.2.1 Boost pairs with v1.2.4 Boost and with Hard Burn (and its State), linked and said."""
    boost = next(m for m in matching.matched if m.old.slug == "boost")
    assert boost.new.slug == "boost" and [p.slug for p in boost.parts] == ["hard-burn", "hard-burn-x"]
    section = section_of(page, "boost")
    assert "[v1.2.1: Boost](v1.2.1/special-actions.md#boost)" in section
    assert "[v1.2.4: Boost](v1.2.4/actions.md#boost)" in section
    assert "[v1.2.4: Hard Burn (Action)](v1.2.4/actions.md#hard-burn)" in section
    assert "v1.2.1 Boost for Capital Ships became the v1.2.4 Hard Burn Action" in section
    assert "Split: part of it is the Hard Burn Action in v1.2.4." in section
    assert "hard-burn" not in {e.slug for e in matching.added}


def test_station_keeping_action_pairs_with_station_keep_not_with_the_state(matching) -> None:
    """Assert the v1.2.1 Action "Station Keeping" is paired with the Action "Station Keep", and
    the v1.2.4 State of the same name is compared with it, not counted as new."""
    match = next(m for m in matching.matched if m.old.slug == "station-keeping")
    assert (match.new.slug, match.new.kind) == ("station-keep", "action")
    assert [(s.slug, s.kind) for s in match.parts] == [("station-keeping", "state")]
    assert "station-keeping" not in {e.slug for e in matching.added}


def test_removed_and_new_entries(matching) -> None:
    """Assert the entries with no counterpart, read from both pages."""
    assert [e.slug for e in matching.removed] == [
        "concentrated-fire", "lock-on", "return-to-base", "engage-point-defense", "lay-mines"]
    added = {e.slug for e in matching.added}
    assert {"combined-attack", "drone-command", "resupply", "overdrive", "purge-airlocks",
            "suppressing-fire", "targeted-x"} <= added
    assert not {"evading", "stealthed", "boarded", "hard-burn", "hard-burn-x", "interception"} & added


def test_the_page_reports_its_counts(page: str, matching) -> None:
    renamed = sum(m.renamed for m in matching.matched)
    assert page.startswith(f"**{len(matching.matched)}** entries are in both versions ({renamed} of them renamed), "
                           f"**{len(matching.removed)}** are only in v1.2.1 (removed) and **{len(matching.added)}** only in v1.2.4 (new).")


def test_evade_skill_test_changed_from_skill_to_no(page: str) -> None:
    evade = section_of(page, "evade")
    assert "<li><strong>Skill Test</strong>: <del>Skill/Thrusters/Fuel</del> <ins>No</ins></li>" in evade
    assert "<li><strong>Requirement</strong>: Thrusters: 1+ or Fuel: 2+ <span class=\"vd-same\">unchanged</span></li>" in evade
    assert "gains <del>an Evasion token,</del> <ins>the Evading state,</ins> which is removed in the End Phase." in evade


def test_board_links_both_versions_and_shows_the_rename(page: str) -> None:
    board = section_of(page, "board")
    assert page.count("### Boarding Party → Board {#board}") == 1
    assert "[v1.2.1: Boarding Party](v1.2.1/special-actions.md#boarding-party)" in board
    assert "[v1.2.4: Board](v1.2.4/actions.md#board)" in board
    assert "<p>Initiate a boarding action against a Capital Ship" in board  # case only: not a change


def test_boost_shows_its_move_to_the_squadron_section(page: str) -> None:
    assert "<strong>Section</strong>: <del>Generic</del> <ins>Squadron</ins> Special Actions" in section_of(page, "boost")


def test_an_unchanged_text_says_so(page: str) -> None:
    """Damage Control's text ("Resolve a Repair attempt.") is the same; its Skill Test "Skill" -> "Yes" is notation."""
    control = section_of(page, "damage-control")
    assert "The text is unchanged." in control
    assert ("<li><strong>Skill Test</strong>: Skill → Yes <span class=\"vd-same\">same meaning (notation only)</span></li>"
            in control)


@pytest.mark.parametrize(("slug", "old", "new"), [("launch", "-", "No"), ("ram", "Skill", "Yes")])
def test_a_notation_only_skill_test_row_is_not_a_change(page: str, slug: str, old: str, new: str) -> None:
    section = section_of(page, slug)
    assert f"<li><strong>Skill Test</strong>: {old} → {new} <span class=\"vd-same\">same meaning (notation only)</span></li>" in section
    assert "Skill Test added" not in section and "Skill Test removed" not in section
    assert f"<del>{old}</del>" not in section


def test_a_removed_rating_choice_is_a_change(page: str) -> None:
    withdraw = section_of(page, "withdraw")
    assert "<del>Skill/Thrusters</del> <ins>Yes</ins>" in withdraw
    assert ("Rating choice removed: v1.2.1 let the player roll Skill or Thrusters; v1.2.4 rolls Skill only "
            "(Thrusters no longer).") in withdraw


def test_every_paired_entry_opens_with_a_summary(page: str, matching) -> None:
    """Assert each pair has a non-empty "What changed" list before its fields."""
    for match in matching.matched:
        section = section_of(page, match.new.slug)
        summary = re.search(r'<div class="vd-summary"><p><strong>What changed</strong></p><ul>(.*?)</ul></div>', section)
        assert summary and re.findall(r"<li>[^<]+</li>", summary.group(1)), match.new.slug
        assert section.index("vd-summary") < section.index("vd-fields")


SUMMARIES = {
    "ram": ["Renamed: Ramming Speed is Ram in v1.2.4.",
            "Requirement now Structure: 0-1 or Fire Ship Trait (was Structure: 1+ or Damage: 1+).",
            "Procedure: v1.2.1 kept it in its Ramming section, which is not in the texts; the v1.2.4 procedure is "
            "compared only by its opening text and is not shown as new."],
    "evade": ["Skill Test removed: v1.2.4 has no Skill Test; v1.2.1 rolled Skill or Thrusters or Fuel.",
              "Part of the rule is now the Evading State."],
}


@pytest.mark.parametrize("slug", sorted(SUMMARIES))
def test_summaries_say_what_changed(page: str, slug: str) -> None:
    section = section_of(page, slug)
    for line in SUMMARIES[slug]:
        assert f"<li>{html.escape(line)}</li>" in section


@pytest.mark.parametrize(("slug", "gap"), [("ram", "v121-ramming"), ("board", "v121-boarding"),
                                           ("damage-control", "v121-repair")])
def test_a_procedure_in_a_missing_section_is_a_gap_not_new_text(page: str, slug: str, gap: str) -> None:
    """Assert the gap note shows and the v1.2.4 procedure is not shown as inserted text."""
    section = section_of(page, slug)
    assert f'<p class="vd-gap">{html.escape(GAPS[gap].text)}' in section
    assert "<ins>1." not in section and "<ins>2." not in section  # no numbered procedure step shown as new


def test_the_page_intros_are_compared(page: str) -> None:
    intro = section_of(page, "text-introduction")
    assert "Title: <del>Special Actions</del> <ins>Action</ins>" in intro
    assert "A Model may declare <del>a Special</del> <ins>an</ins> Action" in intro
    assert "<p>• <del>Interception</del> <ins>Boost</ins></p>" in intro


def test_removed_and_new_lists_link_each_entry(page: str) -> None:
    assert "- [Concentrated Fire](v1.2.1/special-actions.md#concentrated-fire) (action, Generic Special Actions)" in page
    assert "- [Lock On](v1.2.1/special-actions.md#lock-on)" in page
    assert "- [Combined Attack](v1.2.4/actions.md#combined-attack) (action, Generic Special Actions)" in page


# Resolvers of both versions -----------------------------------------------------------------------


def _fake(resolver_id: str, key: str, headline: str, high: int = 6, default: int = 3, extra: bool = False) -> Resolver:
    inputs = [Input("dice", kind="int", label="Dice", default=default, low=1, high=high)]
    if extra:
        inputs.append(Input("side_arc", kind="bool", label="Side arc", default=True))

    def run(checked: dict[str, object]) -> dict[str, object]:
        if checked["dice"] == 6:
            raise RulesError("dice: 6 is impossible here")
        return {"outcome": {"headline": f"{headline} with {checked['dice']} dice"}, "steps": []}

    return Resolver(id=resolver_id, title="Fake", serves=(key.rsplit("/", 1)[-1],), inputs=tuple(inputs), run=run)


@pytest.fixture
def fakes(monkeypatch):
    """Fake resolvers, reached through version_diff's `resolve` as the real registry would be."""
    registry: dict[str, Resolver] = {}

    def resolve(resolver_id: str, inputs: dict[str, object]) -> dict[str, object]:
        resolver = registry[resolver_id]
        return resolver.run(resolver.check(inputs))

    monkeypatch.setattr("scripts.build.version_diff.resolve", resolve)
    return registry


def test_both_resolvers_are_named_and_linked(matching, fakes) -> None:
    match = next(m for m in matching.matched if m.new.slug == "evade")
    old = fakes["jovian-wars/v1.2.1/evade"] = _fake("jovian-wars/v1.2.1/evade", match.old.key, "Old")
    new = fakes["jovian-wars/v1.2.4/evade"] = _fake("jovian-wars/v1.2.4/evade", match.new.key, "New")
    line = resolvers_md(match, C, PAGE, {match.old.key: old, match.new.key: new})
    assert "`jovian-wars/v1.2.1/evade` ([v1.2.1 Evade](v1.2.1/special-actions.md#evade))" in line
    assert "`jovian-wars/v1.2.4/evade` ([v1.2.4 Evade](v1.2.4/actions.md#evade))" in line
    assert "<li><strong>v1.2.1</strong>: Old with 3 dice</li><li><strong>v1.2.4</strong>: New with 3 dice</li>" in line


def test_live_answers_use_the_old_defaults_for_the_inputs_both_declare(fakes) -> None:
    """Assert both resolve with the same value of a shared input (the old default, not the new one),
    each version's own inputs keep their defaults, and the values are named and escaped."""
    old = fakes["x/old"] = _fake("x/old", "k/old", "Old <rule>", default=2)
    new = fakes["x/new"] = _fake("x/new", "k/new", "New rule", default=4, extra=True)
    assert shared_inputs(old, new) == {"dice": 2}
    out = live_html(old, new, C)
    assert "which both requirements accept (Dice 2; each version's own inputs at their defaults)" in out
    assert "<li><strong>v1.2.1</strong>: Old &lt;rule&gt; with 2 dice</li>" in out
    assert "<li><strong>v1.2.4</strong>: New rule with 2 dice</li>" in out


def test_no_live_answers_when_no_input_is_declared_alike_or_one_version_refuses(fakes) -> None:
    old = fakes["x/old"] = _fake("x/old", "k/old", "Old")
    fakes["x/wide"] = _fake("x/wide", "k/new", "New", high=8)
    assert live_html(old, fakes["x/wide"], C) == ""  # different ranges: not the same input
    refusing = fakes["x/six"] = _fake("x/six", "k/six", "Six", default=6)
    assert live_html(refusing, fakes["x/six"], C) == ""  # RulesError: no comparison, no failure


def test_live_answers_only_for_inputs_both_requirements_accept_and_a_roll_is_said() -> None:
    """Assert with the real resolvers: the side-by-side never shows a refusal, and says when dice were rolled."""
    from rules_core import REGISTRY

    evade = live_html(REGISTRY["jovian-wars/v1.2.1/evade"], REGISTRY["jovian-wars/v1.2.4/evade"], C)
    assert "may not be declared" not in evade
    assert "Dice were rolled for this page, not typed (v1.2.1)" in evade
    launch = live_html(REGISTRY["jovian-wars/v1.2.1/launch"], REGISTRY["jovian-wars/v1.2.4/launch"], C)
    assert launch and "rolled" not in launch
    # Land: the v1.2.1 default declares it while the v1.2.4 default (not a Squadron) refuses: no side-by-side.
    land = live_html(REGISTRY["jovian-wars/v1.2.1/land"], REGISTRY["jovian-wars/v1.2.4/land"], C)
    assert "may not" not in land


def test_no_resolver_line_unless_both_versions_have_one(matching) -> None:
    match = matching.matched[0]
    assert resolvers_md(match, C, PAGE, {match.new.key: _fake("a", match.new.key, "x")}) == ""


# Markers -------------------------------------------------------------------------------------------


def test_a_page_without_a_marker_is_left_alone() -> None:
    assert augment("# Home\n\nNothing here.\n", "index.md", DOCS) == "# Home\n\nNothing here.\n"


def test_the_marker_is_replaced_in_place() -> None:
    out = augment("Intro.\n\n<!-- version-diff: jovian-wars v1.2.1 v1.2.4 -->\n\nAfter.\n", PAGE, DOCS)
    assert out.startswith("Intro.\n\n**") and out.endswith("\nAfter.\n")
    assert "version-diff" not in out


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("<!-- version-diff: jovian-wars v1.2.0 v1.2.4 -->", "no version comparison 'jovian-wars v1.2.0 v1.2.4'"),
        ("<!-- version-diff: war-galley aid aid -->", "no version comparison"),
        ("<!-- version-diff: jovian-wars v1.2.1 -->", "takes GAME OLD NEW"),
        ("<!-- version-diff jovian-wars v1.2.1 v1.2.4 -->", "malformed version-diff marker"),
        ("See <!-- version-diff: jovian-wars v1.2.1 v1.2.4 --> inline", "malformed version-diff marker"),
    ],
)
def test_unknown_or_malformed_markers_fail_naming_file_and_line(line: str, message: str) -> None:
    with pytest.raises(BuildError) as raised:
        augment(f"# Changes\n\n{line}\n", "jovian-wars/oops.md", DOCS)
    assert str(raised.value).startswith("jovian-wars/oops.md line 3: ")
    assert message in str(raised.value)
    assert "<!-- version-diff: jovian-wars v1.2.1 v1.2.4 -->" in str(raised.value) or "malformed" in message


def test_a_rename_naming_a_missing_entry_fails_the_build() -> None:
    """Assert a stale renames table is an error, not a silent "removed" plus "new"."""
    stale = Comparison(**{**{f: getattr(C, f) for f in C.__dataclass_fields__},
                          "pairings": (Pairing("boarding-party", "boarding", "typo"),)})
    with pytest.raises(BuildError, match=r"jovian-wars/v1.2.4/actions.md has no entry #boarding"):
        render(stale, DOCS, PAGE)


def test_every_comparison_names_existing_pages() -> None:
    for comparison in COMPARISONS.values():
        assert (DOCS / comparison.old_page).exists() and (DOCS / comparison.new_page).exists()


# The whole site, strict -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(site)],
                   cwd=ROOT, check=True, env=env)
    return site


def test_the_site_builds_strict_with_the_changes_page(built: Path) -> None:
    markup = (built / "jovian-wars/changes/index.html").read_text(encoding="utf-8")
    assert "<del>Skill/Thrusters/Fuel</del> <ins>No</ins>" in markup
    assert 'class="vd-summary"' in markup and 'class="vd-gap"' in markup
    assert "version-diff" not in markup
    assert "Changes v1.2.1 → v1.2.4" in markup  # the nav entry


def test_every_link_to_an_entry_lands_on_an_anchor(built: Path) -> None:
    """Assert each link from the changes page to a rules page points at an id on that page."""
    markup = (built / "jovian-wars/changes/index.html").read_text(encoding="utf-8")
    links = set(re.findall(r'href="\.\./(v1\.2\.[14]/[a-z-]+/)#([a-z0-9-]+)"', markup))
    assert len(links) > 40
    missing = [f"{page}#{slug}" for page, slug in links
               if f'id="{slug}"' not in (built / "jovian-wars" / page / "index.html").read_text(encoding="utf-8")]
    assert missing == []


# ---------------------------------------------------------------- the summaries name every change

SUMMARY_POINTS: dict[str, tuple[str, ...]] = {
    # Read from both texts by hand: what a returning v1.2.1 player must be told, pair by pair (new-page slug).
    "board": ("Renamed: Boarding Party is Board", "Exo-Armor", 'within 1" of target', "Boarded State",
              "If a ship is Boarded, it may not Board!", "Boarding Action procedure, which is not in the texts"),
    "evade": ("Skill Test removed", "Evading State", "v1.2.1 reduced the model to Fire Control: 1 only if “the Skill "
              "Check was [N]”", "“The Evading model is considered to have Fire Control: 1”", "Short Sensor Range"),
    "launch": ("Launch may now be declared in the same activation as Land", "“may not be declared in the same "
               "activation as the Land Special Action”", "no longer says Launch “may be declared at any time”",
               "cancel the Embarked state"),
    "ram": ("Renamed: Ramming Speed is Ram", "Structure: 0-1 or Fire Ship Trait", "Ramming section",
            "“Ramming is a suicidal act of desperation in Jovian Wars”"),
    "silent-running": ("requirement cell is empty", "Moved: from v1.2.1's Capital Ship Special Actions to v1.2.4's "
                       "Generic Special Actions", "Stealthed State",
                       "Unfinished in v1.2.4: the text stops after “A Skill Test result of”",
                       "Entering Stealthed no longer needs a [D+] result", "improves its ECM rating by 1",
                       "“the Stealth: 1 trait, or improves an existing Stealth: X trait by 1”",
                       "“if the model attacks, uses Point Defense in Point Defense Attack, defends against a Missile "
                       "Attack, or is damaged”", "expends Fire Control to fire weapons other than Missiles or Drones"),
    "vector-attack": ("Comms", "Sensors no longer", "Number changed: The free move is up to 4\" (was 3\")",
                      "“within Sensor Range of the model declaring this action”", "“does not allow for Interception”",
                      "“you cannot choose the declaring model”", "[N] choose a Squadron"),
    "withdraw": ("Thrusters no longer", "Number changed: A model that Withdraws is worth “0.5x points” (v1.2.1: “fewer "
                 "Victory Points to the opponent”", "Withdrawn state",
                 "Any models Embarked on the Withdrawing model are also considered Withdrawn"),
    "bombing": ("Renamed: Bombing Run is Bombing",
                "drops “This model must be within range to move into base contact with a Capital Ship Target”",
                "on a target Capital Ship"),
    "boost": ("Requirement now Fuel: 1+", "Hard Burn Action", "Hard Burn:X State", "Moved: from v1.2.1's Generic "
              "Special Actions to v1.2.4's Squadron Special Actions", "Capital Ships no longer Boost",
              "Number changed: Squadrons increase their Speed by 3\" per Fuel",
              "Boost may be declared in addition to other Actions", "gains +1F when Boosting"),
    "interception": ("Text added", "An Interception initiates a Dogfight", "4\" move from a Vector Attack"),
    "active-interception": ("“has moved into base contact with”", "“is in base contact with”"),
    "reactive-interception": ("“is within 3\" at any point during its activation”", "“ends a Move, resolves an Attack, "
                              "or resolves a Special Action within 3\"”", "shortest path possible",
                              "no room for base contact", "Wording only: “Note that this means” is gone",
                              "at the first point at which the Active Squadron is in Interception range"),
    "land": ("Land may now be declared in the same activation as Launch", "“may not be declared in the same activation "
             "as the Launch Special Action”", "Moved: from v1.2.1's Generic Special Actions to v1.2.4's Squadron "
             "Special Actions", "“A Capital Ship in base contact with a Model that has the Dock Trait”",
             "“remaining capacity”"),
    "damage-control": ("Repair section, which is not in the texts",),
    "long-shot": ("Renamed: Long Range Sensors is Long Shot", "Skill Test added", "“does not affect Missile attacks”",
                  "was Capital Ship Target, Sensors: 1+", "double its current Sensors range",
                  "any valid targets", "Diminished all Results", "“On a 4+” on [D]"),
    "reorient": ("Thrusters no longer", "A result of [N] now", "“If a model turns in this way, it halves its Fire "
                 "Control rating.”", "“regardless of the Test result”"),
    "station-keep": ("Renamed: Station Keeping is Station Keep", "Station Keeping State",
                     "The Station Keeping token is now the Station Keeping state"),
}


def pair_summaries(matching) -> dict[str, tuple[list[str], list]]:
    from scripts.build.version_diff import body_chunks, unfinished
    from scripts.build.version_summary import summary_lines
    out = {}
    for match in matching.matched:
        chunks, _ = body_chunks(match)
        out[match.new.slug] = (summary_lines(match, C, chunks, GAPS[match.gap].section if match.gap else "",
                                             unfinished(match, C)), chunks)
    return out


def test_every_pair_has_its_hand_read_points(matching) -> None:
    """Assert each of the 17 pairs' summaries says what a reading of both texts found (issue 36: Silent Running says
    Stealthed needs no [D+] and that v1.2.4 leaves "A Skill Test result of" unfinished)."""
    summaries = pair_summaries(matching)
    assert set(summaries) == set(SUMMARY_POINTS)
    missing = {slug: [point for point in points if point not in " ".join(summaries[slug][0])]
               for slug, points in SUMMARY_POINTS.items()}
    assert {slug: points for slug, points in missing.items() if points} == {}


def test_every_changed_span_is_claimed_and_every_claim_is_a_span(matching) -> None:
    """Assert the data is in step with the texts for all 17 pairs, and "Number changed" is said only by a line whose
    spans change a number (issue 36: it labelled Silent Running's, Long Shot's, Boost's and Vector Attack's edits
    that held none), and no line is a raw word-diff fragment "Changed: “…” → “…”"."""
    from scripts.build.version_summary import changes_of, check, spans
    for slug, (lines, chunks) in pair_summaries(matching).items():
        assert check(changes_of(C).get(slug, ()), spans(chunks)) == [], slug
        assert not any(line.startswith(("Changed:", "Reworded:", "Added in", "Dropped from")) for line in lines), slug
    numbered = [line for lines, _ in pair_summaries(matching).values() for line in lines
                if line.startswith("Number changed")]
    assert [line.split(":", 1)[1][:30] for line in numbered] == [
        " The free move is up to 4\" (wa", " A model that Withdraws is wor", " Squadrons increase their Spee"]


def edited_docs(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the Jovian Wars pages with one edit of the v1.2.4 Actions text (which must occur once)."""
    docs = tmp_path / "docs"
    shutil.copytree(DOCS / "jovian-wars", docs / "jovian-wars")
    page = docs / C.new_page
    text = page.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    page.write_text(text.replace(old, new), encoding="utf-8")
    return docs


def test_an_edit_of_a_text_that_no_line_claims_fails_the_build_naming_the_rule_and_words(tmp_path: Path) -> None:
    """Assert a new changed span (Launch's 1" becoming 2" in an edited copy) stops the build, naming the rule and the
    words, and that the copy as it was builds (so the edit, not the copy, is what fails)."""
    launch = 'be placed within 1" of the carrying model'
    assert "version-diff" not in augment("<!-- version-diff: jovian-wars v1.2.1 v1.2.4 -->\n", PAGE,
                                         edited_docs(tmp_path / "same", launch, launch))
    docs = edited_docs(tmp_path / "edited", launch, launch.replace('1"', '2"'))
    with pytest.raises(BuildError) as failed:
        augment("<!-- version-diff: jovian-wars v1.2.1 v1.2.4 -->\n", PAGE, docs)
    message = str(failed.value)
    assert "the summary of Launch (#launch, v1.2.1 → v1.2.4) is out of step with the texts" in message
    assert "no line claims the change “1\"” → “2\"”" in message
    assert "scripts/build/version_changes.py" in message


def test_a_claim_the_texts_no_longer_change_fails_the_build_as_stale(tmp_path: Path) -> None:
    """Assert a line whose claimed span is gone after an edit (Active Interception's v1.2.4 text made to read as
    v1.2.1's again) stops the build, naming the rule, the line and the span it claims."""
    docs = edited_docs(tmp_path, "enemy Squadron that it has moved into base contact with",
                       "enemy Squadron that it is in base contact with")
    with pytest.raises(BuildError) as failed:
        augment("<!-- version-diff: jovian-wars v1.2.1 v1.2.4 -->\n", PAGE, docs)
    message = str(failed.value)
    assert "the summary of Active Interception (#active-interception" in message
    assert ("the line “The target is an enemy Squadron the model “has moved into ba…” claims “is in” → "
            "“has moved into”, which the texts no longer change") in message


def test_lines_for_a_rule_not_in_both_versions_fail_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    from scripts.build.version_changes import JOVIAN_WARS_V121_V124, line
    monkeypatch.setitem(JOVIAN_WARS_V121_V124, "lock-on", (line("Gone.", ("x", "")),))
    with pytest.raises(BuildError, match=r"version_changes.py has lines for lock-on, which v1.2.1 and v1.2.4 do not "
                                         r"both hold"):
        render(C, DOCS, PAGE)


def test_a_number_line_must_change_a_number_and_a_wording_line_must_not() -> None:
    """Assert the labels are held to the spans they claim: "Number changed" only where a number changed, "Wording
    only" never where a number or a "not" changed; a claim may quote a long span by its ends around "…"."""
    from scripts.build.version_changes import line
    from scripts.build.version_summary import check, spans
    found = spans(diff_blocks(["Move up to 3\" now. It may not be declared. It gains a token at the end of the turn."],
                              ["Move up to 4\" now. It may be declared. It gains a state at the very end of the turn."]))
    assert [str(span) for span in found] == ["“3\"” → “4\"”", "“not” → (nothing)", "“token” → “state”",
                                             "(nothing) → “very”"]
    right = (line("Up to 4\".", ('3"', '4"'), kind="number"), line("It may be declared.", ("not", "")),
             line("A state.", ("token", "state"), ("", "very"), kind="wording"))
    assert check(right, found) == []
    wrong = (line("Up to 4\".", ('3"', '4"'), kind="wording"), line("It may be declared.", ("not", ""), kind="number"),
             line("A state.", ("token", "state"), ("", "v…y"), kind="wording"))
    assert check(wrong, found) == [
        "the line “Up to 4\".” is “Wording only” but a number or a “not” of its spans changed",
        "the line “It may be declared.” is “Number changed” but no number of its spans changed"]
    assert check(right[:2], found) == ["no line claims the change “token” → “state”", "no line claims the change "
                                       "(nothing) → “very”"]


# ---------------------------------------------------------------- a sentence the text leaves unfinished


def test_the_unfinished_marker_is_read_from_the_markdown_and_said_on_the_changes_page(page: str) -> None:
    """Assert the marker after a paragraph names its last sentence, and Silent Running's pair says it twice: in its
    summary and where its text is compared."""
    assert text_of("It enters the state. A Skill Test result of\n<!-- unfinished -->\n\nNext.\n").unfinished == (
        "A Skill Test result of",)
    assert text_of("It enters the state. A Skill Test result of\n\nNext.\n").unfinished == ()
    section = section_of(page, "silent-running")
    assert ("<li>Unfinished in v1.2.4: the text stops after “A Skill Test result of”; the rest of the sentence is not "
            "in the texts.</li>") in section
    assert ('<p class="text-unfinished" role="note">The text stops here: the sentence “A Skill Test result of” is '
            "unfinished in v1.2.4.</p>") in section
    assert "text-unfinished" not in section_of(page, "vector-attack")  # its "A Skill Test result of" goes on


def test_the_unfinished_marker_ends_the_rules_paragraph_with_a_note() -> None:
    """Assert on the v1.2.4 Actions page the marker becomes a note continuing the paragraph it follows (the rule's
    words unchanged), and a marker out of place stops the build with the page and line."""
    markdown = (DOCS / C.new_page).read_text(encoding="utf-8")
    out = augment(markdown, C.new_page, DOCS)
    assert ("enters the Stealthed state. A Skill Test result of\n<span class=\"text-unfinished\" role=\"note\">[The "
            "text stops here: this sentence is unfinished in v1.2.4.]</span>\n") in out
    assert out.count('class="text-unfinished"') == 2 and "<!-- unfinished -->" not in out  # Drone Command's too
    for bad, where in (("Text.\n\n<!-- unfinished -->\n", "jovian-wars/v1.2.4/actions.md line 3"),
                       ("Text.\n<!-- unfinished: x -->\n", "jovian-wars/v1.2.4/actions.md line 2"),
                       ("Text.\n<!-- unfinished -->\n", "index.md line 2")):
        src = "index.md" if where.startswith("index") else C.new_page
        with pytest.raises(BuildError, match=re.escape(where) + ": <!-- unfinished --> takes no arguments"):
            augment(bad, src, DOCS)
