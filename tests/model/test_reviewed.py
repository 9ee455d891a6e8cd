"""The review check: a resolver that lists a version whose entry text changed since its review is named.

Each test works on a copy of docs/ and of rules_core/reviewed-texts.txt, edits an entry of a version its
resolver lists, and asks the check (scripts/build/reviewed.py, run by the build before the first page).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scripts.build import reviewed
from scripts.build.build_error import BuildError
from tests.conftest import DOCS

RAM_PAGE = "jovian-wars/v1.2.4/actions.md"
RAM_REQUIREMENT = "| Structure: 0-1 or [Fire Ship](../traits.md#fire-ship) Trait | Yes |"
RE_REVIEW = ".venv/bin/python -m scripts.build.reviewed accept jovian-wars/v1.2.4/ram v1.2.4"


@pytest.fixture
def project(tmp_path: Path) -> tuple[Path, Path]:
    """(docs, record): copies to edit."""
    shutil.copytree(DOCS, tmp_path / "docs")
    (tmp_path / "rules_core").mkdir()
    shutil.copy(reviewed.RECORD, tmp_path / "rules_core/reviewed-texts.txt")
    return tmp_path / "docs", tmp_path / "rules_core/reviewed-texts.txt"


def edit_ram(docs: Path) -> None:
    page = docs / RAM_PAGE
    text = page.read_text(encoding="utf-8")
    assert text.count(RAM_REQUIREMENT) == 1
    page.write_text(text.replace(RAM_REQUIREMENT, RAM_REQUIREMENT.replace("0-1", "0-2")), encoding="utf-8")


def test_the_committed_record_matches_the_docs() -> None:
    reviewed.check(DOCS)
    assert reviewed.recorded().keys() == reviewed.current(DOCS).keys()  # no review kept of what no resolver lists


def test_an_edited_entry_names_its_resolver_and_version_and_the_command_to_re_review(project: tuple[Path, Path]) -> None:
    docs, record = project
    edit_ram(docs)
    with pytest.raises(BuildError) as failed:
        reviewed.check(docs, record)
    assert str(failed.value) == (
        "rules_core/reviewed-texts.txt: 1 resolver version was not reviewed against the entry text the docs hold:\n"
        "  - jovian-wars/v1.2.4/ram lists v1.2.4: entry 'ram': its text changed since the review\n"
        "Check each resolver against that version's text (or remove the version from its versions), "
        f"then record the review:\n    {RE_REVIEW}")


def test_accepting_records_the_new_text_and_only_that(project: tuple[Path, Path]) -> None:
    docs, record = project
    edit_ram(docs)
    before = reviewed.recorded(record)
    written = reviewed.accept(docs, "jovian-wars/v1.2.4/ram", ["v1.2.4"], record)
    assert [line.rsplit(" ", 1)[0] for line in written] == ["jovian-wars/v1.2.4/ram v1.2.4 ram"]
    after = reviewed.recorded(record)
    changed = {key for key in after if after[key] != before[key]}
    assert changed == {("jovian-wars/v1.2.4/ram", "v1.2.4", "ram")} and after.keys() == before.keys()
    reviewed.check(docs, record)
    assert record.read_text(encoding="utf-8").startswith(reviewed.HEADER)


def test_a_version_with_no_recorded_review_is_named(project: tuple[Path, Path]) -> None:
    docs, record = project
    lines = record.read_text(encoding="utf-8").splitlines(keepends=True)
    record.write_text("".join(line for line in lines if not line.startswith("war-galley/aid/ram ")), encoding="utf-8")
    with pytest.raises(BuildError, match=r"  - war-galley/aid/ram lists aid: entry 'ram': no review of it is recorded\n"):
        reviewed.check(docs, record)


def test_accept_refuses_a_version_the_resolver_does_not_list(project: tuple[Path, Path]) -> None:
    docs, record = project
    with pytest.raises(BuildError, match=r"jovian-wars/v1.2.4/ram does not list v1.2.5 \(it lists v1.2.4\): "
                                         "add the version to its versions first"):
        reviewed.accept(docs, "jovian-wars/v1.2.4/ram", ["v1.2.5"], record)
    with pytest.raises(BuildError, match="no resolver 'dice/unopposed' that serves rules entries"):
        reviewed.accept(docs, "dice/unopposed", ["v1.2.4"], record)


def test_the_command_line_checks_and_accepts(project: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    docs, record = project
    where = ["--docs", str(docs), "--record", str(record)]
    edit_ram(docs)
    assert reviewed.main([*where, "check"]) == 1
    assert RE_REVIEW in capsys.readouterr().err
    assert reviewed.main([*where, *RE_REVIEW.split()[3:]]) == 0  # the command the message gives, as written
    assert capsys.readouterr().out.startswith("reviewed: jovian-wars/v1.2.4/ram v1.2.4 ram ")
    assert reviewed.main([*where, "check"]) == 0
