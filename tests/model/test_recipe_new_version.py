"""ARCHITECTURE.md's recipe 1, "A new rules version", followed to the letter for a v1.2.5 Actions text with one edited entry.

In a copy of the project (its tracked files; node_modules and the compressed-copy cache shared), every step of the
recipe as written: the text saved under its name with its version as its first line, its version added to the
layout, the importer, the nav and a changes page with its summary lines, the build that names the changed entry,
the version added to the resolver, the build that names the unreviewed version, the review recorded with the
command the build gives, the green build, and the entry's resolver found on the built page and resolved from the
command line. Each command is read from the recipe as written there.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

V125_PAGE = "docs/jovian-wars/v1.2.5/actions.md"
EVADE = "The Model gains the Evading state, which is removed in the End Phase."
EVADE_V125 = "The Model gains the Evading state; it is removed in the End Phase."
NAV_V124 = "      - v1.2.4:\n"
NAV_V125 = "      - v1.2.5:\n          - Actions · v1.2.5: jovian-wars/v1.2.5/actions.md\n"
CHANGES = "# Changes v1.2.4 → v1.2.5\n\n<!-- version-diff: jovian-wars v1.2.4 v1.2.5 -->\n"
NAV_CHANGES = "      - Changes v1.2.4 → v1.2.5: jovian-wars/changes-v1.2.5.md\n"
TRAITS_NAV = "      - Traits glossary: jovian-wars/traits.md\n"


def recipe() -> str:
    """Recipe 1's text, from its heading to the next recipe's."""
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    return text[text.index("### 1. A new rules version"): text.index("### 2. ")]


def project_copy(tmp_path: Path) -> Path:
    """The repository's tracked files, with its node_modules and compressed-copy cache shared (read-only use)."""
    project = tmp_path / "project"
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, tracked):
        if (ROOT / name).is_file():
            (project / name).parent.mkdir(parents=True, exist_ok=True)
            (project / name).write_bytes((ROOT / name).read_bytes())
    (project / "node_modules").symlink_to(ROOT / "node_modules")
    (ROOT / "build/precompressed").mkdir(parents=True, exist_ok=True)  # content-addressed: safe to share
    (project / "build").mkdir()
    (project / "build/precompressed").symlink_to(ROOT / "build/precompressed")
    return project


def run(project: Path, command: str) -> subprocess.CompletedProcess[str]:
    """A command of the recipe, as written there, run in the project (its `.venv/bin/python` is this one)."""
    assert command in recipe(), f"the recipe does not say {command!r}"
    argv = shlex.split(command)
    argv[0] = sys.executable if argv[0] == ".venv/bin/python" else argv[0]
    return subprocess.run(argv, cwd=project, capture_output=True, text=True, timeout=600)


def resolver_ids(html: str) -> list[str]:
    return re.findall(r'<div class="resolver" data-resolver="([^"]+)"', html)


def edit(path: Path, old: str, new: str) -> None:
    """One edit the recipe asks for: `old` is there once and becomes `new`."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def declaration_line(path: Path, declaration: str) -> str:
    lines = [line for line in path.read_text(encoding="utf-8").split("\n") if declaration in line]
    assert len(lines) == 1, (path, declaration)
    return lines[0]


def test_recipe_1_makes_a_v125_text_with_one_edited_entry_build_and_resolve(tmp_path: Path) -> None:
    project = project_copy(tmp_path)
    steps = recipe()

    # 1. The text under its name, its version line first.
    assert "`sources/jovian-wars-v1.2.5-actions.txt`" in steps and "`Rules v1.2.5`" in steps
    source = (project / "sources/jovian-wars-v1.2.4-actions.txt").read_text(encoding="utf-8")
    assert source.startswith("Rules v1.2.4\n") and source.count(EVADE) == 1
    (project / "sources/jovian-wars-v1.2.5-actions.txt").write_text(
        source.replace("Rules v1.2.4\n", "Rules v1.2.5\n", 1).replace(EVADE, EVADE_V125), encoding="utf-8")

    # 2. The layout lists the version (same headings and gaps).
    assert 'page="actions", versions=("v1.2.4", "v1.2.5")' in steps
    assert "`scripts/importer/import_rules_layout.py`" in steps
    edit(project / "scripts/importer/import_rules_layout.py", 'page="actions", versions=("v1.2.4",)',
         'page="actions", versions=("v1.2.4", "v1.2.5")')

    # 3. The importer writes the page.
    imported = run(project, ".venv/bin/python scripts/importer/import_rules.py")
    assert imported.returncode == 0, imported.stderr
    assert f"{project / V125_PAGE}\n" in imported.stdout
    assert EVADE_V125 in (project / V125_PAGE).read_text(encoding="utf-8")

    # 4. The page in the nav, and a changes page beside it.
    assert NAV_V125.strip() in steps and NAV_CHANGES.strip() in steps and CHANGES.split("\n")[2] in steps
    edit(project / "mkdocs.yml", NAV_V124, NAV_V125 + NAV_V124)
    (project / "docs/jovian-wars/changes-v1.2.5.md").write_text(CHANGES, encoding="utf-8")
    edit(project / "mkdocs.yml", TRAITS_NAV, NAV_CHANGES + TRAITS_NAV)

    # 5. The summary lines of the changes page, as the recipe writes them, at the end of the pair's data.
    summary = project / "scripts/build/version_changes.py"
    lines = re.search(r"```python\n(.*?)```", steps, re.S)
    assert lines is not None and '"evade": (line(' in lines[1]
    summary.write_text(summary.read_text(encoding="utf-8") + "\n" + lines[1], encoding="utf-8")

    # 6. The build names the one changed entry, with the resolver it had.
    built = run(project, ".venv/bin/python scripts/build_site.py")
    assert built.returncode == 1
    assert ("jovian-wars/v1.2.5/actions.md: 1 rule entry has no resolver:\n  - evade: its text differs from the version "
            "its resolver was written for (jovian-wars/v1.2.4/evade implements v1.2.4; jovian-wars/v1.2.1/evade implements v1.2.1)"
            ) in built.stderr

    # 7. Checked against the new text, the resolver lists the version: an Action's versions follow its summary.
    assert "`V124` → `(\"v1.2.4\", \"v1.2.5\")`" in steps
    plain = project / "rules_core/jovian_wars/actions/plain.py"
    line = declaration_line(plain, '"evade", "Evade",')
    edit(plain, line, line.replace("V124,", '("v1.2.4", "v1.2.5"),'))

    # 8. A build now names the version with no recorded review, and the command that records it.
    accept = ".venv/bin/python -m scripts.build.reviewed accept jovian-wars/v1.2.4/evade v1.2.5"
    built = run(project, ".venv/bin/python scripts/build_site.py")
    assert built.returncode == 1
    assert "  - jovian-wars/v1.2.4/evade lists v1.2.5: entry 'evade': no review of it is recorded\n" in built.stderr
    assert f"    {accept}" in built.stderr
    recorded = run(project, accept)
    assert recorded.returncode == 0, recorded.stderr
    assert recorded.stdout.startswith("reviewed: jovian-wars/v1.2.4/evade v1.2.5 evade ")

    # 9. Green: the v1.2.5 page carries the v1.2.4 page's resolvers; the changes page shows the edit.
    built = run(project, ".venv/bin/python scripts/build_site.py")
    assert built.returncode == 0, built.stderr
    site = project / "site"
    ids = re.findall(r'id="evade">Evade<.*?<div class="resolver" data-resolver="([^"]+)"',
                     (site / "jovian-wars/v1.2.5/actions/index.html").read_text(encoding="utf-8"), re.S)
    assert ids[:1] == ["jovian-wars/v1.2.4/evade"]
    pages = [(site / f"jovian-wars/{version}/actions/index.html").read_text(encoding="utf-8") for version in ("v1.2.4", "v1.2.5")]
    assert len(resolver_ids(pages[1])) == 37 and resolver_ids(pages[1]) == resolver_ids(pages[0])
    changes = (site / "jovian-wars/changes-v1.2.5/index.html").read_text(encoding="utf-8")
    assert "<del>state, which</del>" in changes and "<ins>state; it</ins>" in changes

    # 10. The entry's resolver, from the command line: it lists v1.2.5 and resolves.
    described = run(project, ".venv/bin/python -m rules_core describe jovian-wars/v1.2.4/evade")
    assert json.loads(described.stdout)["versions"] == ["v1.2.4", "v1.2.5"]
    resolved = run(project, ".venv/bin/python -m rules_core resolve jovian-wars/v1.2.4/evade --inputs '{\"ship\": {\"thrusters\": 1}}'")
    assert resolved.returncode == 0, resolved.stderr
    assert json.loads(resolved.stdout)["outcome"] == {
        "headline": "Enters the Evading state (removed in the End Phase)", "allowed": True,
        "ships": {"ship": {"numbers": {}, "fate": "", "crippled": False, "states": {"Evading": True}}}}
