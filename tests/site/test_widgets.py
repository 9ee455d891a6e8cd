"""The live resolvers in Chromium: the widget gives what rules_core gives in CPython.

Each test drives the built site on 127.0.0.1 at phone size through the DOM hooks listed at
the top of calculators/page/widget.js, and compares with rules_core called in this process.
The first Pyodide boot of a test gets a generous budget (BOOT_MS).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from urllib.parse import quote

import pytest

import rules_core
from tests.conftest import DOCS
from rules_core.inputs import field_label
from tests.keypads import with_keypads
from tests.site.conftest import expect, wait_until
from tests.timing import ms

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

BOOT_MS = ms(60_000)
DICE = "dice/unopposed"
GALLEY_PAGE = "war-galley/aid/attack-modes/"


def widget(page, resolver_id: str):
    return page.locator(f'[data-resolver="{resolver_id}"]')


def open_widget(page, resolver_id: str):
    """Tap the block's "Resolve" control unless it is open already (a shared link opens its own)."""
    root = widget(page, resolver_id)
    body = root.locator("details.resolver__body")
    if body.get_attribute("open") is None:
        body.locator("> summary").click()
    try:
        expect()(body).to_have_attribute("open", "", timeout=ms(5_000))
    except AssertionError:
        # A click aimed while the page still moves (the glossary's terms marked after the first answers can
        # reflow the text) lands beside the summary: aimed again at the settled page.
        body.locator("> summary").click()
        expect()(body).to_have_attribute("open", "")
    return root


def open_fold(root, region: str) -> None:
    """Resolved from dice, the form and the keypads fold to one line each ("Inputs: … · Change", "Dice: … · Change",
    calculators/page/input-folds.js): a tap on the line opens them, as a player does before changing one."""
    fold = root.locator(f'details[data-region="{region}"]')
    if fold.get_attribute("open") is None:
        fold.locator("> summary").click()
    expect()(fold).to_have_attribute("open", "")


def open_inputs(root) -> None:
    """Open the folded form (its "Inputs: … · Change" line) to change an input after a resolution."""
    open_fold(root, "inputs-fold")


def open_dice(root) -> None:
    """Open the folded keypads (their "Dice: … · Change" line) to change a die after a resolution."""
    open_fold(root, "dice-fold")


# The engine's saved snapshot file (calculators/worker/snapshot-store.js: one file in the Origin Private
# File System, [uint32 header length][header JSON][the heap's non-zero pages]), opened and split,
# or null while there is none: a page function's opening lines, shared by SNAPSHOT_RECORD and the
# damage of test_runtime.py.
SNAPSHOT_FILE = """
  const snapshotFile = async () => {
    let handle;
    try {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("rules-engine");
      handle = await dir.getFileHandle("snapshot");
    } catch { return null; }
    const all = new Uint8Array(await (await handle.getFile()).arrayBuffer());
    if (all.length < 4) return null; // being written
    const length = new DataView(all.buffer).getUint32(0, true);
    const header = all.subarray(4, 4 + length);
    // The engine's files stored after the heap's pages (an older build's snapshot has none).
    const stored = JSON.parse(new TextDecoder().decode(header)).files ?? [];
    let at = all.length - stored.reduce((sum, file) => sum + file.length, 0);
    const heap = all.subarray(4 + length, at);
    const files = stored.map((file) => ({ ...file, bytes: all.subarray(at, (at += file.length)) }));
    return { handle, all, header, heap, files };
  };"""

# What the saved snapshot holds, read from the page, or null while there is none.
SNAPSHOT_RECORD = """async () => {""" + SNAPSHOT_FILE + """
  const file = await snapshotFile();
  if (!file) return null;
  const header = JSON.parse(new TextDecoder().decode(file.header)), heap = file.heap;
  const hex = async (bytes) => Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
  const sha = `${await hex(heap)}:${await hex(new TextEncoder().encode(JSON.stringify([header.size, header.pages])))}`;
  // Each stored file against its revision (the first 16 hex digits of its SHA-256, as the build names it).
  const files = await Promise.all(file.files.map(async ({ url, revision, length, bytes }) =>
    ({ url, revision, length, matches: (await hex(bytes)).slice(0, 16) === revision })));
  return { key: header.key, size: heap.length, heapSize: header.size, pages: header.pages.length,
           shaMatches: sha === header.sha256, probe: header.probe, files };
}"""


def wait_for_snapshot(page) -> dict:
    """Wait until the engine has saved its memory snapshot; return what SNAPSHOT_RECORD reads of it."""
    return wait_until(page, SNAPSHOT_RECORD, BOOT_MS)  # type: ignore[return-value]


def wait_ready(page, resolver_id: str):
    """Open the widget and wait for the engine to answer it."""
    root = open_widget(page, resolver_id)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    return root


def fragment(resolver_id: str, inputs: dict[str, object]) -> str:
    return "#" + quote(resolver_id, safe="/") + "=" + quote(json.dumps(inputs, separators=(",", ":")), safe="")


def shared_resolution(page, url: str, resolver_id: str, inputs: dict[str, object]):
    """Open a shared link (`url` is the page) and assert the widget shows rules_core's headline and every step."""
    expected = rules_core.resolve(resolver_id, inputs)
    page.goto(url + fragment(resolver_id, inputs))
    root = widget(page, resolver_id)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    outcome = root.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_have_text(expected["outcome"]["headline"])
    # every step, in order (a long chain's steps sit in one list per stage: rules_core's stage names)
    expect()(outcome.locator(".resolver__steps > li")).to_contain_text(expected["steps"])
    return root


def chart_rows(root) -> list[list[tuple[str, str]]]:
    """Every chart of the odds region as (label, "p/q") rows, read from the DOM (its text, folded or not)."""
    tables = root.locator('[data-region="odds"] table.resolver__chart')
    return [
        [(" ".join((row.locator("th").text_content() or "").split()), row.get_attribute("data-p")) for row in tables.nth(i).locator("tr[data-p]").all()]
        for i in range(tables.count())
    ]


def cpython_rows(resolver_id: str, inputs: dict[str, object]) -> list[list[tuple[str, str]]]:
    """rules_core's charts as the widget shows them: the rows that cannot happen are dropped."""
    answer = rules_core.odds(resolver_id, inputs)
    return [[(row["label"], row["p"]) for row in chart["rows"] if Fraction(row["p"]) != 0] for chart in answer["charts"]]


def typed_faces(count: int) -> list[int]:
    """A roll with a Double in it (when there are two dice or more): 2, 2, 5, 3, 6, 1, ..."""
    cycle = [2, 2, 5, 3, 6, 1, 4]
    return [cycle[i % len(cycle)] for i in range(count)]


def first_int_path(specs: list[dict[str, object]], prefix: tuple[str, ...] = ()) -> tuple[str, ...] | None:
    for spec in specs:
        if spec["kind"] == "int":
            return (*prefix, str(spec["name"]))
        if spec.get("parts"):
            found = first_int_path(spec["parts"], (*prefix, str(spec["name"])))  # type: ignore[arg-type]
            if found:
                return found
    return None


def nested(path: tuple[str, ...], value: object) -> dict[str, object]:
    return {path[0]: value} if len(path) == 1 else {path[0]: nested(path[1:], value)}


def test_static_odds_are_in_the_html_without_javascript(browser, site_url):
    """Assert the build-time odds are on the page with scripts off, equal to CPython's: the glance in view,
    the whole chart (with its exact fractions) one tap on "Resolve" away, which needs no script."""
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + "dice/")
        root = widget(page, DICE)
        expect()(root).to_have_attribute("data-engine", "static")
        first = cpython_rows(DICE, {})[0]
        glance = root.locator('[data-region="glance"]')
        expect()(glance).to_be_visible()
        expect()(glance).to_contain_text(f"{float(Fraction(first[0][1]) * 100):.1f}% {first[0][0]}")
        expect()(root.locator('[data-region="odds"]')).to_be_hidden()  # collapsed by default
        open_widget(page, DICE)
        assert chart_rows(root) == cpython_rows(DICE, {})
        percent = root.locator("td.resolver__percent").first.inner_text()
        p = Fraction(root.locator("tr[data-p]").first.get_attribute("data-p"))
        assert percent == f"{float(p * 100):.1f}%"
        expect()(root.locator("td.resolver__fraction").first).to_have_text(str(p.numerator) + "/" + str(p.denominator))
    finally:
        context.close()


def test_keypad_faces_give_the_cpython_reading(page, page_log, site_url):
    """Assert dice typed on the keypad resolve exactly as rules_core.resolve does in CPython."""
    page.goto(site_url + "dice/")
    root = wait_ready(page, DICE)
    needed = rules_core.describe(DICE, {})["dice_needed"]
    typed: dict[str, list[int]] = {}
    for name, count in needed.items():  # type: ignore[union-attr]
        pad = root.locator(f'fieldset[data-faces="{name}"]')
        expect()(pad.locator('[data-region="needed"]')).to_have_text(f"0 of {count}")
        typed[name] = typed_faces(count)
        for face in typed[name]:
            pad.get_by_label(f"Die {face}", exact=True).click()
    expected = rules_core.resolve(DICE, with_keypads({}, typed))
    outcome = root.locator('[data-region="outcome"]')
    expect()(outcome.locator(".resolver__headline")).to_have_text(expected["outcome"]["headline"])
    for step in expected["steps"]:
        expect()(outcome.locator("ol.resolver__steps")).to_contain_text(step)
    assert page_log.foreign(site_url) == []
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_an_empty_set_aside_keypad_lets_the_roller_choose(page, page_log, site_url):
    """Assert the How the dice work §2 example resolves with the set-aside keypad left empty: base 3, flex 1,
    dice 2,2,5,5, one positive macro die 5 -> keep 2,5,5 -> [T5]; and keypads for zero dice are hidden."""
    page.goto(site_url + "dice/")
    root = wait_ready(page, DICE)
    macro_pad = root.locator('fieldset[data-faces="roll.macro_dice"]')
    expect()(macro_pad).to_be_hidden()
    root.get_by_label("Roll: Flex dice: one more", exact=True).click()
    root.get_by_label("Roll: Macro dice: one more", exact=True).click()
    expect()(macro_pad).to_be_visible()
    expect()(root.locator('fieldset[data-faces="roll.set_aside"]')).to_be_visible()
    for face in (2, 2, 5, 5):
        root.locator('fieldset[data-faces="roll.dice"]').get_by_label(f"Die {face}", exact=True).click()
    macro_pad.get_by_label("Die 5", exact=True).click()
    expected = rules_core.resolve(DICE, {"roll": {"base": 3, "flex": 1, "macro": 1, "dice": [2, 2, 5, 5], "macro_dice": [5]}})
    assert expected["outcome"]["headline"] == "[T5]"
    expect()(root.locator('[data-region="outcome"] .resolver__headline')).to_have_text("[T5]")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_a_galley_mode_shows_its_checklist_before_any_dice(page, page_log, site_url):
    """Assert the Ram resolver answers with its condition checks and defenses with no dice typed."""
    page.goto(site_url + GALLEY_PAGE)
    root = wait_ready(page, "war-galley/aid/ram")
    checks = root.locator('[data-region="outcome"] ul.resolver__checks li')
    expected = rules_core.resolve("war-galley/aid/ram", {})
    expect()(checks).to_have_count(len(expected["checks"]))
    root.get_by_label("Pointing at the target ship", exact=True).uncheck()
    expect()(root.locator('[data-region="outcome"] li[data-ok="false"]')).to_contain_text("Must be pointing at the target ship")
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_roll_for_me_is_reproducible_from_its_seed(page, page_log, site_url):
    """Assert "Roll for me" shows its seed, and that seed gives the same outcome again and in CPython."""
    page.goto(site_url + "dice/")
    root = wait_ready(page, DICE)
    root.get_by_role("button", name="Roll for me").click()
    outcome = root.locator('[data-region="outcome"] .resolver__headline')
    expect()(outcome).not_to_be_empty()
    seed_name = next(spec.name for spec in rules_core.REGISTRY[DICE].inputs if spec.kind == "seed")
    seed = int(root.locator(f'input[data-name="{seed_name}"]').input_value())
    first = outcome.inner_text()
    assert first == rules_core.resolve(DICE, {seed_name: seed})["outcome"]["headline"]

    page.goto("about:blank")  # a new document: a goto that changes only the fragment is no page load
    page.goto(site_url + "dice/" + fragment(DICE, {seed_name: seed}))
    root = wait_ready(page, DICE)
    expect()(root.locator('[data-region="outcome"] .resolver__headline')).to_have_text(first)
    assert page_log.foreign(site_url) == []
    assert page_log.console_errors == [] and page_log.page_errors == []


def test_live_odds_equal_the_cpython_odds(page, site_url):
    """Assert the engine's odds after a change equal rules_core.odds for the same inputs."""
    page.goto(site_url + "dice/")
    root = wait_ready(page, DICE)
    expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true", timeout=BOOT_MS)
    assert chart_rows(root) == cpython_rows(DICE, {})
    path = first_int_path(rules_core.describe(DICE)["inputs"])  # type: ignore[arg-type]
    assert path is not None
    spec_label = label_of(DICE, path)
    before = root.locator('[data-region="odds"]').inner_text()
    root.get_by_role("button", name=f"{spec_label}: one more", exact=True).click()
    expect()(root.locator('[data-region="odds"]')).not_to_have_text(before)
    # While the new odds are computed the old ones are hidden (aria-busy: their text reads empty): wait them out.
    expect()(root.locator('[data-region="odds"]')).not_to_have_attribute("aria-busy", "true")
    value = int(root.get_by_label(spec_label, exact=True).input_value())
    inputs = nested(path, value)
    assert chart_rows(root) == cpython_rows(DICE, inputs)


def label_of(resolver_id: str, path: tuple[str, ...]) -> str:
    """The label the player hears for the input at `path` (a roll's part after the roll: "Roll: Base dice")."""
    label = field_label(rules_core.REGISTRY[resolver_id].inputs, ".".join(path))
    assert label is not None
    return label


@pytest.mark.parametrize(
    "bad",
    [
        pytest.param("die7", id="a die showing 7"),
        pytest.param("pool500", id="a pool of 500"),
    ],
)
def test_bad_input_in_the_fragment_shows_the_message(page, page_log, site_url, bad):
    """Assert a bad value from a shared link is dropped before anything uses it, with one note naming the field in
    the player's words and its range (the engine's own check refuses the same value), and the widget works on."""
    if bad == "die7":
        spec = next(part for part in rules_core.REGISTRY[DICE].inputs[0].parts if part.kind == "faces")
        inputs: dict[str, object] = {"roll": {spec.name: [7]}}
        words = f"{label_of(DICE, ('roll', spec.name))}: {spec.low or 0} to {spec.high} dice, each 1 to 6, not [7]"
    else:
        path = first_int_path(rules_core.describe(DICE)["inputs"])  # type: ignore[arg-type]
        assert path is not None
        specs = rules_core.REGISTRY[DICE].inputs
        for name in path:
            spec = next(s for s in specs if s.name == name)
            specs = spec.parts
        inputs = nested(path, 500)
        words = f"{label_of(DICE, path)}: a whole number from {spec.low} to {spec.high}, not 500"
    with pytest.raises(rules_core.InputError):
        rules_core.resolve(DICE, inputs)  # the engine refuses it too
    page.goto(site_url + "dice/" + fragment(DICE, inputs))
    root = wait_ready(page, DICE)
    note = root.locator('[data-region="link-note"]')
    expect()(note).to_contain_text(words)
    expect()(note).to_contain_text("the default is used instead")
    assert "Traceback" not in note.inner_text()
    expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true", timeout=ms(10_000))
    assert page_log.page_errors == []
    assert page_log.foreign(site_url) == []


def test_instant_navigation_keeps_one_engine(page, page_log, site_url):
    """Assert moving between rules pages by instant navigation answers without a second engine."""
    page.goto(site_url + "dice/")
    wait_ready(page, DICE)
    # Material's own instant navigation (the nav drawer is closed at phone size).
    # a link in the content, clicked: Material intercepts it and swaps the page in place.
    page.evaluate(
        """url => { const a = document.createElement("a"); a.href = url; a.id = "go"; a.textContent = "go";
                    document.querySelector("article").prepend(a); }""",
        site_url + GALLEY_PAGE,
    )
    page.locator("#go").click()
    expect()(page).to_have_url(re.compile(re.escape(site_url + GALLEY_PAGE)))  # tracking may add an anchor
    ram = wait_ready(page, "war-galley/aid/ram")
    expect()(ram.locator('[data-region="odds"]')).to_have_attribute("data-live", "true", timeout=ms(10_000))
    assert page.evaluate("window.rulesEngine.starts") == 1
    page.go_back()
    wait_ready(page, DICE)
    assert page.evaluate("window.rulesEngine.starts") == 1
    # No page swap started a worker of its own either.
    assert [w.url for w in page.workers if w.url.endswith("/worker.js")] == [site_url + "assets/calculators/worker/worker.js"]
    assert page_log.foreign(site_url) == []
    assert page_log.console_errors == [] and page_log.page_errors == []


@pytest.mark.profile("fresh")  # the first visit boots afresh and saves the snapshot
def test_a_second_visit_restores_the_engine_snapshot_and_answers_the_same(context, page, page_log, site_url):
    """Assert the second boot comes from the memory snapshot and still resolves as CPython does."""
    page.goto(site_url + "dice/")
    wait_ready(page, DICE)
    assert page.evaluate("window.rulesEngine.bootFrom") == "fresh"
    # The worker saves its snapshot once the first answers are out: wait until its file is there.
    saved = wait_for_snapshot(page)
    assert saved["shaMatches"], "the engine saved a snapshot whose checksum does not match"
    # Only the heap's non-zero 64 KiB pages are kept: about half of it (the last page may be short).
    assert saved["size"] <= saved["pages"] * 65536 < saved["heapSize"] * 0.8, saved
    second = context.new_page()
    second.goto(site_url + "dice/")
    root = wait_ready(second, DICE)
    assert second.evaluate("window.rulesEngine.bootFrom") == "snapshot"
    count = rules_core.describe(DICE, {})["dice_needed"]["roll.dice"]  # type: ignore[index]
    for face in typed_faces(count):
        root.locator('fieldset[data-faces="roll.dice"]').get_by_label(f"Die {face}", exact=True).click()
    expected = rules_core.resolve(DICE, {"roll": {"dice": typed_faces(count)}})["outcome"]["headline"]
    expect()(root.locator('[data-region="outcome"] .resolver__headline')).to_have_text(expected)
    assert page_log.page_errors == []


# ---- the build hook (no browser) ----------------------------------------------------------


def test_an_unknown_resolver_marker_fails_the_build_naming_page_and_line():
    """Assert a typo in a marker is a BuildError with the page and the 1-based line."""
    from scripts.build.build_error import BuildError
    from scripts.build.augment import augment

    with pytest.raises(BuildError, match=r"dice\.md line 3: no resolver with id 'dice/unopposd'"):
        augment("# Dice\n\n<!-- resolver: dice/unopposd -->", "dice.md", DOCS)


def test_a_marker_becomes_the_static_block_with_the_cpython_odds():
    """Assert the marker's block carries the id and every odds row of CPython (its declaration is in describe.json)."""
    from scripts.build.augment import augment

    html = augment("<!-- resolver: dice/unopposed -->", "dice.md", DOCS)
    assert f'data-resolver="{DICE}"' in html and 'data-engine="static"' in html and "data-describe" not in html
    for chart in cpython_rows(DICE, {}):
        for _label, p in chart:
            assert f'data-p="{p}"' in html
    assert 'href="../readings/#' in html  # Readings shown as notes linking to the ledger


def test_the_site_declares_every_resolver_once_in_describe_json(site_dir):
    """Assert assets/describe.json holds every resolver's declaration (the fields the widget reads) as CPython gives
    it, and no page repeats one."""
    from scripts.build.describe import WIDGET_FIELDS

    declared = json.loads((site_dir / "assets" / "describe.json").read_text(encoding="utf-8"))
    described = {resolver_id: rules_core.describe(resolver_id) for resolver_id in rules_core.resolver_ids()}
    assert declared == {resolver_id: {field: data[field] for field in WIDGET_FIELDS} for resolver_id, data in described.items()}
    pages = [path for path in site_dir.rglob("*.html") if "data-resolver=" in path.read_text(encoding="utf-8")]
    assert pages and not [path for path in pages if "data-describe" in path.read_text(encoding="utf-8")]


def test_a_request_the_worker_runs_long_and_silently_is_not_cut(page, page_log, site_url):
    """Assert a request the worker runs for longer than the watchdog's silence (Python computing says nothing: here
    the worker's words after "started" are held back 8 s, its beats too) is not cut and the engine not restarted:
    it is work the engine was asked for, and it is answered as CPython does. Before, a request was cut at 2 s ("took
    longer than 2 s ... change an input to try again") and the engine restarted."""
    page.goto(site_url + "dice/")
    wait_ready(page, DICE)
    page.wait_for_function("() => window.rulesEngine.idle")  # the widgets' own requests answered
    answer = page.evaluate(
        """async () => {
            const engine = window.rulesEngine;
            const receive = engine.receive.bind(engine);
            let held = null; // what the worker says while it "computes"
            engine.receive = (data) => {
                if (held) return void held.push(data);
                receive(data);
                if (data && data.started) {
                    held = [];
                    setTimeout(() => { const said = held; held = null; engine.receive = receive; said.forEach(receive); }, 8000);
                }
            };
            return await engine.request("odds", "dice/unopposed", {});
        }"""
    )
    assert answer["result"]["charts"][0]["rows"] == rules_core.odds(DICE, {})["charts"][0]["rows"], answer  # type: ignore[index]
    assert page.evaluate("[window.rulesEngine.starts, window.rulesEngine.state]") == [1, "ready"]
    assert page_log.page_errors == []


def test_a_shared_resolution_opens_at_its_widget(page, page_log, site_url):
    """Assert a link carrying a widget's state scrolls that widget into view once widgets mount."""
    page.goto(site_url + "dice/" + fragment("dice/opposed", {"primary": {"base": 4}}))
    root = wait_ready(page, "dice/opposed")
    expect()(root).to_be_in_viewport()
    expect()(root.get_by_label("Primary (acting): Base dice", exact=True)).to_have_value("4")
    assert page_log.console_errors == [] and page_log.page_errors == []


@pytest.mark.parametrize("anchor", ["suppressed", "ram"])
def test_a_heading_anchor_stays_in_view_after_the_widgets_mount(page, page_log, site_url, anchor):
    """Assert following a link to a rule's anchor lands on its heading once the engine is live and the blocks
    near it are drawn: nothing above it changes height (no layout shift)."""
    page.goto(site_url + f"jovian-wars/v1.2.4/actions/#{anchor}")
    heading = page.locator(f"h3#{anchor}")
    expect()(heading).to_be_in_viewport()
    top = heading.bounding_box()["y"]
    page.wait_for_function("() => window.rulesEngine && window.rulesEngine.state === 'ready'", timeout=BOOT_MS)
    expect()(page.locator('[data-resolver][data-engine="ready"]').first).to_be_attached()  # the blocks near it are drawn
    expect()(heading).to_be_in_viewport()
    assert heading.bounding_box()["y"] == top
    assert page_log.console_errors == [] and page_log.page_errors == []
