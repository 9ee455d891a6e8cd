"""Every fault of the engine's files is named for what it is (issue 36): each file the engine loads, missing on the
server (404), truncated, or garbage (a captive portal's page in its place), gives one message naming the file in a
player's words and the fault, in the widget's engine line, and no uncaught page error.

One copy of the site and one server serve the module; each case damages one file of that copy, opens the Dice page in
a fresh profile (a first visit, with the real service worker: a profile with a saved snapshot would not read the
files), and puts the file back.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.counting_server import serve_counting
from tests.site.conftest import PHONE, expect
from tests.site.test_widgets import open_widget
from tests.timing import ms

pytestmark = pytest.mark.browser

DICE = "dice/unopposed"
FAULT_MS = ms(120_000)  # a fault found only once Python has started waits for its start-up: seconds on a loaded machine

# Every file the engine loads, with the words the page names it by (calculators/shared/fault-words.js).
ENGINE_FILES = {
    "assets/pyodide/rules_core-0.1.0-py3-none-any.whl": "its rules package",
    "assets/pyodide/pyodide.asm.wasm": "its Python interpreter",
    "assets/pyodide/pyodide.asm.mjs": "its Python loader",
    "assets/pyodide/pyodide.mjs": "its Python starter",
    "assets/pyodide/python_stdlib.zip": "its standard library",
    "assets/pyodide/pyodide-lock.json": "its package list",
    "assets/calculators/worker/bridge.py": "its bridge to the page",
    "assets/calculators/worker/build-info.js": "its build list",
    "assets/calculators/worker/worker.js": "its worker script",
    "assets/calculators/worker/snapshot-store.js": "its saved-start store",
    "assets/calculators/shared/precache.js": "its file checker",
}
"""The worker's modules it shares with the page (protocol.js, fault-words.js) are the page's own scripts too: damaged,
no script of the page runs, so there is no widget to say it."""
FAULT_WORDS = {
    "404": "is missing on the server (404)",
    "truncated": "is damaged: its contents do not match this build",
    "garbage": "is damaged: its contents do not match this build",
}
PORTAL_PAGE = b"<!doctype html><title>Sign in</title><p>Sign in to use this network."

# The engine's errors, in order, as the widgets are told them.
ERRORS = """window.engineErrors = [];
addEventListener("rules-engine-state", () => window.rulesEngine.state === "error" && window.engineErrors.push(window.rulesEngine.error));"""


@pytest.fixture(scope="module")
def served(site_dir: Path, tmp_path_factory) -> Iterator[tuple[Path, str]]:
    copy = tmp_path_factory.mktemp("faults") / "site"
    shutil.copytree(site_dir, copy)
    server, url, _ = serve_counting(copy)
    yield copy, url
    server.shutdown()


def damage(path: Path, fault: str) -> None:
    """Make `path` missing, cut in half, or a portal's page (newer than its precompressed copies, so those are not sent)."""
    good = path.read_bytes()
    if fault == "404":
        path.unlink()
    else:
        path.write_bytes(good[: len(good) // 2] if fault == "truncated" else PORTAL_PAGE)


@pytest.mark.parametrize("fault", list(FAULT_WORDS))
@pytest.mark.parametrize("name", list(ENGINE_FILES))
def test_a_fault_of_an_engine_file_names_the_file_and_the_fault(browser, served, name: str, fault: str) -> None:
    """Assert the first engine error names the file (player's words and its file name) and the fault, the Dice widget's
    engine line shows it, and the page had no uncaught error."""
    copy, url = served
    path = copy / name
    good = path.read_bytes()
    said = f"{ENGINE_FILES[name]}, {Path(name).name}, {FAULT_WORDS[fault]}"
    context = browser.new_context(**PHONE)
    context.add_init_script(ERRORS)
    page_errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: page_errors.append(str(error)))
        damage(path, fault)
        page.goto(url + "dice/")
        root = open_widget(page, DICE)
        page.wait_for_function("() => window.engineErrors && window.engineErrors.length > 0", timeout=FAULT_MS)
        first = page.evaluate("window.engineErrors[0]")
        assert said in first, first
        # The widget's engine line says it (again at each automatic try while the fault lasts).
        expect()(root.locator('[data-region="status"]')).to_contain_text(re.compile(re.escape(said)), timeout=FAULT_MS)
        assert page_errors == [], page_errors
    finally:
        path.write_bytes(good)
        context.close()
