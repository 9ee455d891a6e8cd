"""A rules version is a folder: a v1.2.5 copy of the Actions page keeps every resolver whose entry
did not change, and the build names the entry that did.

The copy is made in a scratch project (the whole docs/ plus docs/jovian-wars/v1.2.5/actions.md,
mkdocs.yml without its nav) and built by the real generator through scripts/build_site.py.
ARCHITECTURE.md's recipe for a new rules version, followed from the text to a green build, is
tests/model/test_recipe_new_version.py.
"""

from __future__ import annotations

import re
import shutil
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
