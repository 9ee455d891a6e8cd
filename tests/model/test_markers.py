"""One marker grammar for everything the build expands in a page (scripts/build/markers.py)."""

from __future__ import annotations

import pytest

from scripts.build import markers
from scripts.build.augment import augment
from scripts.build.build_error import BuildError
from tests.conftest import DOCS

ECHO = {name: (lambda args, line, name=name: f"[{name}|{args}|{line}]") for name in markers.NAMES}
"""Every marker, expanded into what it was given."""


def test_every_marker_is_a_comment_alone_on_its_line_with_its_arguments_after_a_colon() -> None:
    page = "\n".join(["# Page", "<!-- readings-ledger -->", "  <!--resolver:dice/unopposed-->  ",
                      "<!-- version-diff: jovian-wars v1.2.4 v1.2.5 actions -->", "<!-- readings-cited: 6b -->",
                      "<!-- an ordinary comment -->", "Text <!-- not ours --> too."])
    assert markers.expand(page, "p.md", ECHO).split("\n") == [
        "# Page", "[readings-ledger||2]", "[resolver|dice/unopposed|3]",
        "[version-diff|jovian-wars v1.2.4 v1.2.5 actions|4]", "[readings-cited|6b|5]",
        "<!-- an ordinary comment -->", "Text <!-- not ours --> too."]


def test_a_pass_leaves_the_markers_of_another_pass_and_never_expands_its_own_output() -> None:
    page = "<!-- resolver: x -->\n<!-- readings-ledger -->"
    assert markers.expand(page, "p.md", {"resolver": lambda args, line: "<!-- resolver: again -->"}) == (
        "<!-- resolver: again -->\n<!-- readings-ledger -->")


@pytest.mark.parametrize(("line", "message"), [
    ("See <!-- resolver: dice/unopposed --> inline", "line 3: malformed resolver marker"),
    ("<!-- resolver dice/unopposed -->", "line 3: malformed resolver marker"),
    ("<!-- version-diff jovian-wars v1.2.1 v1.2.4 -->", "line 3: malformed version-diff marker"),
    ("<!-- readings-ledgr -->", "line 3: unknown marker <!-- readings-ledgr -->"),
    ("<!-- readings-cited 6b -->", "line 3: malformed readings-cited marker"),
])
def test_a_marker_of_ours_that_is_not_well_formed_stops_the_build(line: str, message: str) -> None:
    with pytest.raises(BuildError) as raised:
        markers.expand(f"# Page\n\n{line}\n", "p.md", ECHO)
    assert str(raised.value).startswith(f"p.md {message}")
    assert "<!-- resolver -->" in str(raised.value)  # the known markers are named


def test_the_augmentation_expands_every_kind_of_marker_in_one_pass() -> None:
    page = "\n".join(["# All", "<!-- readings-cited: 2 -->", "<!-- resolver: dice/unopposed -->",
                      "<!-- version-diff: jovian-wars v1.2.1 v1.2.4 -->", "<!-- readings-ledger -->"])
    out = augment(page, "jovian-wars/all.md", DOCS)
    assert [line for line in out.split("\n") if markers.OURS.search(line)] == []  # no marker is left
    assert "../readings.md#pool-floor" in out and 'data-resolver="dice/unopposed"' in out
    assert "## In both versions {#matched}" in out and "Readings are in force." in out
