"""A rules version is a folder: a v1.2.5 copy of the Actions page keeps every resolver whose entry
did not change, and the build names the entry that did.

The copy is made in a scratch project (the whole docs/ plus docs/jovian-wars/v1.2.5/actions.md,
mkdocs.yml without its nav) and built by the real generator through scripts/build_site.py. The
README's steps are followed from a v1.2.5 source text, through the importer, to a green build.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rules_core import REGISTRY, Resolver
from scripts.build_site import run_generator
from scripts.build import placement
from scripts.build.build_error import BuildError
from scripts.build.entries import load_entries, parse_entries, rules_page
from tests.conftest import DOCS, ROOT

V124 = "jovian-wars/v1.2.4/actions.md"
V125 = "jovian-wars/v1.2.5/actions.md"
RAM_REQUIREMENT = "| Structure: 0-1 or [Fire Ship](../traits.md#fire-ship) Trait | Yes |"


def scratch_project(tmp_path: Path, v125_text: str) -> Path:
    """A copy of the site's sources with a v1.2.5 Actions page; returns its config file."""
    shutil.copytree(DOCS, tmp_path / "docs")
    shutil.copytree(ROOT / "overrides", tmp_path / "overrides")
    (tmp_path / "docs" / V125).parent.mkdir()
    (tmp_path / "docs" / V125).write_text(v125_text, encoding="utf-8")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(config[: config.index("\nnav:")] + "\n", encoding="utf-8")
    return tmp_path / "mkdocs.yml"


def v124_text() -> str:
    return (DOCS / V124).read_text(encoding="utf-8").replace("Rules v1.2.4", "Rules v1.2.5")


def with_new_ram_requirement() -> str:
    text = v124_text()
    assert RAM_REQUIREMENT in text
    return text.replace(RAM_REQUIREMENT, RAM_REQUIREMENT.replace("Structure: 0-1", "Structure: 0-2"))


def resolver_ids(html: str) -> list[str]:
    return re.findall(r'<div class="resolver" data-resolver="([^"]+)"', html)


def test_game_version_and_page_come_from_the_path() -> None:
    assert rules_page("jovian-wars/v1.2.5/actions.md") == ("jovian-wars", "v1.2.5", "actions")
    assert rules_page("war-galley/aid/attack-modes.md") == ("war-galley", "aid", "attack-modes")
    assert rules_page("jovian-wars/traits.md") is None and rules_page("index.md") is None


def test_every_unchanged_entry_keeps_its_resolver_and_the_changed_one_is_reported(tmp_path: Path) -> None:
    scratch_project(tmp_path, with_new_ram_requirement())
    docs = tmp_path / "docs"
    old = {e.slug: e for e in parse_entries((docs / V124).read_text(encoding="utf-8"), V124)}
    new = parse_entries((docs / V125).read_text(encoding="utf-8"), V125)
    assert [e.slug for e in new] == list(old)  # 37 entries, the same slugs
    result = placement.place(new, docs)
    assert list(result.unserved) == ["jovian-wars/v1.2.5/actions/ram"]
    assert "differs from the version its resolver was written for" in result.unserved["jovian-wars/v1.2.5/actions/ram"]
    written_for = placement.place(old.values(), docs).placed
    kept = {key.rsplit("/", 1)[1]: resolver.id for key, resolver in result.placed.items()}
    assert kept == {slug: written_for[entry.key].id for slug, entry in old.items() if slug != "ram"}
    assert len(kept) == 36


@pytest.mark.parametrize("generator", ["mkdocs", "zensical"])
def test_the_build_fails_naming_the_page_and_the_changed_entry(tmp_path: Path, generator: str) -> None:
    config = scratch_project(tmp_path, with_new_ram_requirement())
    with pytest.raises(BuildError) as failed:
        run_generator(generator, config, tmp_path / "site")
    message = str(failed.value)
    assert message.startswith(f"the {'MkDocs' if generator == 'mkdocs' else 'Zensical'} build failed: {V125}: "
                              "1 rule entry has no resolver:\n  - ram: its text differs")
    assert "Traceback" not in message
    assert "implements v1.2.4" in message


def test_an_unchanged_copy_builds_with_every_resolver_in_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The v1.2.5 page of a real build carries the v1.2.4 page's resolvers, in the same order
    (and the build takes its address from SITE_URL)."""
    config = scratch_project(tmp_path, v124_text())
    monkeypatch.setenv("SITE_URL", "https://example.org/rules/")
    run_generator("mkdocs", config, tmp_path / "site")
    assert "<loc>https://example.org/rules/jovian-wars/v1.2.5/actions/</loc>" in (tmp_path / "site" / "sitemap.xml").read_text()
    html_124 = (tmp_path / "site" / "jovian-wars/v1.2.4/actions/index.html").read_text(encoding="utf-8")
    html_125 = (tmp_path / "site" / "jovian-wars/v1.2.5/actions/index.html").read_text(encoding="utf-8")
    assert len(resolver_ids(html_124)) == 37
    assert resolver_ids(html_125) == resolver_ids(html_124)


def test_a_renamed_entry_is_named() -> None:
    renamed = v124_text().replace("### Ram {#ram .action}", "### Ramming {#ramming .action}")
    result = placement.place(parse_entries(renamed, V125), DOCS)
    assert result.unserved == {"jovian-wars/v1.2.5/actions/ramming":
                               "no resolver serves the slug 'ramming' in jovian-wars"}


def test_two_resolvers_for_one_entry_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    ram = REGISTRY["jovian-wars/v1.2.4/ram"]
    twin = Resolver(id="jovian-wars/v1.2.4/ram-twin", title="Twin", inputs=(), run=ram.run,
                    serves=("ram",), versions=("v1.2.4",))
    monkeypatch.setattr(placement, "REGISTRY", {**REGISTRY, twin.id: twin})
    entries = [e for e in load_entries(DOCS) if e.key == "jovian-wars/v1.2.4/actions/ram"]
    assert placement.place(entries, DOCS).unserved == {
        "jovian-wars/v1.2.4/actions/ram": "served by 2 resolvers at once: jovian-wars/v1.2.4/ram, jovian-wars/v1.2.4/ram-twin"}


def test_every_resolver_that_serves_an_entry_names_the_versions_it_implements() -> None:
    for resolver in REGISTRY.values():
        assert bool(resolver.serves) == bool(resolver.versions), resolver.id
        assert resolver.game in ("dice", "jovian-wars", "war-galley"), resolver.id


def test_the_extension_outside_a_site_generator_says_so() -> None:
    """Python-Markdown alone does not say which page it renders: a clear error, not a wrong page."""
    import markdown

    from scripts.build.augment import AugmentExtension

    with pytest.raises(BuildError, match="cannot tell which page is being rendered"):
        markdown.Markdown(extensions=[AugmentExtension()]).convert("# Title\n")


# The README's steps for a v1.2.5, followed to a green build ----------------------------------------

EVADE_TEXT = "The Model gains the Evading state, which is removed in the End Phase."
RAM_SOURCE_ROW = "Structure: 0-1 or Fire Ship(/traits#fire-ship) Trait Yes"
CHANGES_V125 = "jovian-wars/changes-v1.2.5.md"
EVADE_V125_LINES = """
CHANGES[("jovian-wars", "v1.2.4", "v1.2.5")] = {
    "evade": (line("The Evading state is removed “at the End Phase” (v1.2.4: “in”).", ("in", "at"), kind="wording"),),
}
"""
"""The summary line a reader of both texts writes for the v1.2.5 Evade, added to the scratch copy's data."""


def with_a_changed_action_and_procedure() -> str:
    """v1.2.5 Actions: Ram's requirement changed (a procedure, hand-written) and Evade's effect reworded (an Action)."""
    text = with_new_ram_requirement()
    assert EVADE_TEXT in text
    return text.replace(EVADE_TEXT, EVADE_TEXT.replace("removed in the End Phase", "removed at the End Phase"))


def import_rules(project: Path) -> subprocess.CompletedProcess[str]:
    """The README's `.venv/bin/python scripts/importer/import_rules.py`, run in the scratch project (its sources, its layout)."""
    return subprocess.run([sys.executable, "scripts/importer/import_rules.py"], cwd=project, capture_output=True, text=True)


def add_version(path: Path, declaration: str, versions: str) -> None:
    """The README's step: in the declaration (one line of the module), list v1.2.5 beside the versions it had."""
    text = path.read_text(encoding="utf-8")
    lines = [line for line in text.split("\n") if declaration in line]
    assert len(lines) == 1 and versions in lines[0], (path, declaration)
    edited = lines[0].replace(versions, '("v1.2.4", "v1.2.5")')
    path.write_text(text.replace(lines[0], edited), encoding="utf-8")


def test_a_v125_with_a_changed_action_and_procedure_follows_the_readme_to_a_green_build(tmp_path: Path) -> None:
    config = scratch_project(tmp_path, v124_text())
    for folder in ("rules_core", "scripts", "sources"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "docs" / V125).unlink()  # the importer writes it, from the new text

    # 0. The new text is a source; the importer names it until a layout lists its version.
    source = (tmp_path / "sources/jovian-wars-v1.2.4-actions.txt").read_text(encoding="utf-8")
    assert source.count(RAM_SOURCE_ROW) == 1 and source.count(EVADE_TEXT) == 1
    source = source.replace("Rules v1.2.4", "Rules v1.2.5").replace(RAM_SOURCE_ROW, RAM_SOURCE_ROW.replace("0-1", "0-2"))
    (tmp_path / "sources/jovian-wars-v1.2.5-actions.txt").write_text(
        source.replace(EVADE_TEXT, EVADE_TEXT.replace("removed in the End Phase", "removed at the End Phase")), encoding="utf-8")
    imported = import_rules(tmp_path)
    assert imported.returncode == 1 and "Traceback" not in imported.stderr
    assert "jovian-wars-v1.2.5-actions.txt: no Layout of 'actions' lists v1.2.5 (they list v1.2.4)" in imported.stderr
    add_version(tmp_path / "scripts/importer/import_rules_layout.py", 'page="actions"', '("v1.2.4",)')
    imported = import_rules(tmp_path)  # the layout holds; the changed table row is new to it
    assert imported.returncode == 1 and "Traceback" not in imported.stderr
    assert "jovian-wars-v1.2.5-actions.txt:132: unknown table row 'Structure: 0-2 or" in imported.stderr
    layout = tmp_path / "scripts/importer/import_rules_layout.py"
    rows = "TABLE_ROWS: dict[str, tuple[str, ...]] = {\n"
    layout.write_text(layout.read_text(encoding="utf-8").replace(rows, rows + '    "Structure: 0-2 or Fire Ship(/traits#fire-ship)'
                      ' Trait Yes": ("Structure: 0-2 or Fire Ship(/traits#fire-ship) Trait", "Yes"),\n'), encoding="utf-8")
    imported = import_rules(tmp_path)
    assert imported.returncode == 0, imported.stderr
    assert (tmp_path / "docs" / V125).read_text(encoding="utf-8") == with_a_changed_action_and_procedure()
    # The changes page: any two versions compare, from their folders (v1.2.5 holds one page, so none is named).
    (tmp_path / "docs" / CHANGES_V125).write_text("# Changes v1.2.4 → v1.2.5\n\n<!-- version-diff: jovian-wars v1.2.4 v1.2.5 -->\n",
                                                 encoding="utf-8")
    site = tmp_path / "site"

    # 1. The changes page names the change of Evade's words that no summary line explains yet...
    with pytest.raises(BuildError) as failed:
        run_generator("mkdocs", config, site)
    assert "the summary of Evade (#evade, v1.2.4 → v1.2.5) is out of step with the texts" in str(failed.value)
    assert "no line claims the change “in” → “at”" in str(failed.value)
    # ...so write it, read from both texts, as the pair of versions' lines (scripts/build/version_changes.py).
    changes = tmp_path / "scripts/build/version_changes.py"
    changes.write_text(changes.read_text(encoding="utf-8") + EVADE_V125_LINES, encoding="utf-8")

    # The build names both changed entries, and only those.
    with pytest.raises(BuildError) as failed:
        run_generator("mkdocs", config, site)
    message = str(failed.value)
    assert f"{V125}: 2 rule entries have no resolver:\n  - evade: its text differs" in message
    assert "\n  - ram: its text differs" in message and message.count("\n  - ") == 2

    # 2. Check each declaration against the new text and add "v1.2.5" to its versions: an Action's...
    add_version(tmp_path / "rules_core/jovian_wars/actions/plain.py", '"evade", "Evade",', "V124")
    # ...and a hand-written procedure's.
    add_version(tmp_path / "rules_core/jovian_wars/ram/resolver.py", 'serves=("ram",)', '("v1.2.4",)')

    # 3. Green: every v1.2.5 entry has the v1.2.4 page's resolver, and the changes page shows the two changes.
    run_generator("mkdocs", config, site)
    html_124 = (site / "jovian-wars/v1.2.4/actions/index.html").read_text(encoding="utf-8")
    html_125 = (site / "jovian-wars/v1.2.5/actions/index.html").read_text(encoding="utf-8")
    assert resolver_ids(html_125) == resolver_ids(html_124) and len(resolver_ids(html_125)) == 37
    changes = (site / "jovian-wars/changes-v1.2.5/index.html").read_text(encoding="utf-8")
    assert "<strong>37</strong> entries are in both versions (0 of them renamed)" in changes
    for changed in ("<del>0-1</del>", "<ins>0-2</ins>", "<del>in</del>", "<ins>at</ins>"):
        assert changed in changes
    assert "<li>Wording only: The Evading state is removed “at the End Phase” (v1.2.4: “in”).</li>" in changes


def test_any_two_versions_compare_from_their_folders(tmp_path: Path) -> None:
    from scripts.build.version_pairs import COMPARISONS, comparison

    scratch_project(tmp_path, v124_text())
    docs = tmp_path / "docs"
    made = comparison(docs, "jovian-wars", "v1.2.4", "v1.2.5")
    assert (made.old_page, made.new_page, made.pairings) == (V124, V125, ())
    assert comparison(docs, "jovian-wars", "v1.2.4", "v1.2.5", "actions") == made
    assert comparison(docs, "jovian-wars", "v1.2.1", "v1.2.4") is COMPARISONS[("jovian-wars", "v1.2.1", "v1.2.4")]
    with pytest.raises(KeyError, match=r"do not share a page 'damage' \(pages in both: actions\)"):
        comparison(docs, "jovian-wars", "v1.2.4", "v1.2.5", "damage")
    (docs / "jovian-wars/v1.2.5/damage.md").write_text((DOCS / "jovian-wars/v1.2.4/damage.md").read_text())
    with pytest.raises(KeyError, match=r"do not share one page \(pages in both: actions, damage\): name one"):
        comparison(docs, "jovian-wars", "v1.2.4", "v1.2.5")
    with pytest.raises(KeyError, match=r"jovian-wars/v1.2.9/ holds no rules page"):
        comparison(docs, "jovian-wars", "v1.2.4", "v1.2.9")
