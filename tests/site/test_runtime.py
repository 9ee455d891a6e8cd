"""The engine's runtime in Chromium: requests sent at once and run one at a time, superseding, and a snapshot that must prove itself.

Answers are compared with rules_core called in this process (CPython).

The tests that need no first visit share one profile (profile("module"), tests/site/conftest.py): the
engine's first boot is paid once, each later page boots from the saved snapshot. A damage test starts
from the sound snapshot the one before it re-saved (and proved trusted). The old IndexedDB snapshot's
removal (a save must happen) and the held theme bundle (page.route sees no request a service worker
answers) need a first visit of their own.
"""

from __future__ import annotations

import pytest

import rules_core
from scripts.counting_server import serve_counting
from scripts.build.assets import content_revision
from tests.conftest import SITE
from tests.site.conftest import expect, wait_until
from tests.site.test_offline import offline_ready
from tests.site.test_widgets import BOOT_MS, DICE, SNAPSHOT_FILE, chart_rows, cpython_rows, wait_for_snapshot, wait_ready

pytestmark = pytest.mark.browser

# Damage the saved snapshot in place: flip bytes across the heap, swap two pages' places, change
# its probe answer, or mark its stored stdlib as another build's (the checksum kept each time).
DAMAGE = """async (how) => {""" + SNAPSHOT_FILE + """
  const { handle, all, header, heap } = await snapshotFile();
  if (how === "bytes") for (let i = 4096; i < heap.length; i += 65536) heap[i] ^= 0xff;
  else {  // the header changed, keeping its length (so the heap keeps its place)
    const record = JSON.parse(new TextDecoder().decode(header));
    if (how === "probe") record.probe = record.probe.replace(/\\d/, (digit) => String((Number(digit) + 1) % 10));
    else if (how === "stdlib revision") {  // the stored stdlib marked as another build's
      for (const file of record.files) if (file.url.endsWith("/python_stdlib.zip")) file.revision = "0".repeat(file.revision.length);
    }
    else [record.pages[0], record.pages[1]] = [record.pages[1], record.pages[0]]; // two pages put back in each other's place
    header.fill(0x20).set(new TextEncoder().encode(JSON.stringify(record)));
  }
  const writable = await handle.createWritable();
  await writable.write(all);
  await writable.close();
  return true;
}"""
# What the engine's worker says when it refuses each damage (worker.js, snapshot-store.js).
REFUSED = """(damage) => damage === "probe"
  ? (window.rulesEngine.snapshotRefused || "").includes("wrong answer to its self-test")
  : "snapshot-damaged" in window.rulesEngine.timeline && !window.rulesEngine.snapshotRefused"""
"""Whether the engine refused the snapshot for this damage, not another: a checksum that did not match (the worker's
timeline says so), or a self-test answered wrong after the restore (the worker's reason). Read from the engine, not from
the worker's console, whose first lines a test can miss while the worker starts."""

# The engine's files a restore reads, stored in the snapshot's file after its pages (snapshot-store.js). Not the wasm:
# compiled from the precache's copy, whose compiled code the browser keeps (worker.js downloadedWasm).
STORED_WITH_SNAPSHOT = ("assets/pyodide/python_stdlib.zip", "assets/pyodide/pyodide-lock.json")
WASM = "assets/pyodide/pyodide.asm.wasm"
# The worker's timeline marks each file it reads through the precache ("read <name>", worker.js watched()).
PRECACHE_READS = tuple("read " + path.rsplit("/", 1)[1] for path in STORED_WITH_SNAPSHOT)


def snapshot_saved(page, site_url: str) -> dict:
    """Open the Dice page, wait for its engine's answer and for the snapshot it saves (at once where the profile has
    one); return what SNAPSHOT_RECORD reads of the file."""
    page.goto(site_url + "dice/")
    wait_ready(page, DICE)
    return wait_for_snapshot(page)


@pytest.mark.profile("module")
@pytest.mark.parametrize("damage", ["bytes", "layout", "probe"])
def test_a_damaged_snapshot_is_dropped_and_the_engine_boots_afresh_and_answers_right(context, page, page_log, site_url, damage):
    """Assert: bytes flipped or pages misplaced in the saved file (caught by the checksum) or a wrong self-test answer
    (caught after the restore) make the engine drop the snapshot, boot fresh, answer as CPython,
    and save a sound snapshot again."""
    saved = snapshot_saved(page, site_url)
    assert saved["shaMatches"] and saved["size"] > 1_000_000
    # The key covers what is baked in: Pyodide's version, the wheel's, bridge.py's and the (trimmed) stdlib's revisions.
    stdlib = content_revision((SITE / "assets" / "pyodide" / "python_stdlib.zip").read_bytes())
    assert len(saved["key"].split(":")) == 4 and saved["key"].endswith(f":{stdlib}")
    page.evaluate(DAMAGE, damage)
    page.close()

    second = context.new_page()
    second.goto(site_url + "dice/")
    root = wait_ready(second, DICE)
    assert second.evaluate("window.rulesEngine.bootFrom") == "fresh"
    assert second.evaluate(REFUSED, damage), second.evaluate("[window.rulesEngine.timeline, window.rulesEngine.snapshotRefused]")
    # The refused snapshot's files are not trusted either: the fresh boot read the precache's.
    timeline = second.evaluate("window.rulesEngine.timeline")
    assert [read for read in PRECACHE_READS if read not in timeline] == [], timeline
    expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true")
    assert chart_rows(root) == cpython_rows(DICE, {})
    again = wait_for_snapshot(second)
    assert again["shaMatches"] and again["probe"] == saved["probe"]

    third = context.new_page()  # the re-saved snapshot is trusted again
    third.goto(site_url + "dice/")
    wait_ready(third, DICE)
    assert third.evaluate("window.rulesEngine.bootFrom") == "snapshot"
    assert page_log.page_errors == []


# Delete these URLs' copies from the precache (stored under URL?__rev=...); return how many were deleted.
FORGET_IN_PRECACHE = """async (urls) => {
    const cache = await caches.open("rules-precache");
    let deleted = 0;
    for (const request of await cache.keys()) if (urls.includes(request.url.split("?")[0]) && (await cache.delete(request))) deleted++;
    return deleted;
}"""

# Rewrite the saved snapshot as a build before the stored files saved it: the header without "files", no files after
# the pages (the checksum still holds: it covers the pages only).
WITHOUT_FILES = """async () => {""" + SNAPSHOT_FILE + """
  const { handle, header, heap } = await snapshotFile();
  const record = JSON.parse(new TextDecoder().decode(header));
  delete record.files;
  const head = new TextEncoder().encode(JSON.stringify(record));
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, head.length, true);
  const writable = await handle.createWritable();
  for (const part of [length, head, heap]) await writable.write(part);
  await writable.close();
  return true;
}"""


def warm_reads(warm, url: str) -> list[str]:
    """Open Dice in the page `warm`; assert it booted from the snapshot and answers live as CPython; return which of
    the files stored with the snapshot its worker read through the precache (PRECACHE_READS)."""
    warm.goto(url + "dice/")
    root = wait_ready(warm, DICE)
    assert warm.evaluate("window.rulesEngine.bootFrom") == "snapshot"
    expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true")
    assert chart_rows(root) == cpython_rows(DICE, {})
    timeline = warm.evaluate("window.rulesEngine.timeline")
    return [read for read in PRECACHE_READS if read in timeline]


def test_a_warm_boot_reads_the_engines_files_from_the_snapshot_file_not_the_precache(browser, site_dir):
    """Assert: the saved snapshot carries the stdlib and the lock file, each byte for byte its build's revision, and
    not the wasm; with the two gone from the precache and refused by the server, the next visit still boots from the
    snapshot, reads neither elsewhere, compiles the wasm from the precache's copy (not downloaded: its compiled code
    is the browser's to keep beside that copy), and answers as CPython does."""
    server, url, log = serve_counting(site_dir)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        saved = snapshot_saved(page, url)
        assert sorted(file["url"] for file in saved["files"]) == sorted(url + path for path in STORED_WITH_SNAPSHOT)
        assert [file["url"] for file in saved["files"] if not file["matches"]] == []
        offline_ready(page)  # the service worker's precache is complete: nothing stores the files again
        assert page.evaluate(FORGET_IN_PRECACHE, [url + path for path in STORED_WITH_SNAPSHOT]) == len(STORED_WITH_SNAPSHOT)
        log.failing.update("/" + path for path in STORED_WITH_SNAPSHOT)
        page.close()
        log.clear()
        warm = context.new_page()
        assert warm_reads(warm, url) == []
        assert "read pyodide.asm.wasm" in warm.evaluate("window.rulesEngine.timeline")  # from the precache
        assert "/" + WASM not in log.paths()
    finally:
        context.close()
        server.shutdown()


@pytest.mark.profile("module")
def test_a_stored_file_of_another_revision_is_read_through_the_precache(context, page, page_log, site_url):
    """Assert: a file stored with the snapshot whose revision is not this build's (here the stdlib) is not used: the
    restore reads that one through the precache and the others from the snapshot's file, and answers as CPython."""
    assert len(snapshot_saved(page, site_url)["files"]) == len(STORED_WITH_SNAPSHOT)
    page.evaluate(DAMAGE, "stdlib revision")
    page.close()
    assert warm_reads(context.new_page(), site_url) == ["read python_stdlib.zip"]
    assert page_log.page_errors == []


@pytest.mark.profile("module")
def test_a_snapshot_saved_without_its_files_is_restored_with_the_precaches(context, page, page_log, site_url):
    """Assert: a snapshot whose file holds no engine files (as a build before them saved it) is still restored, its
    wasm, stdlib and lock file read through the precache, and the engine answers as CPython does."""
    snapshot_saved(page, site_url)
    page.evaluate(WITHOUT_FILES)
    page.close()
    assert warm_reads(context.new_page(), site_url) == list(PRECACHE_READS)
    assert page_log.page_errors == []


def test_an_older_builds_snapshot_in_indexeddb_is_deleted_once_the_file_is_saved(context, page, site_url):
    """Assert: the IndexedDB database where builds before the snapshot file kept theirs (~31 MB on a
    phone) is gone once this build has saved its snapshot file."""
    page.goto(site_url + "readings/")  # no resolvers: no engine yet
    page.evaluate("""() => new Promise((done, fail) => {
        const open = indexedDB.open("rules-engine", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("snapshots").put({ bytes: new Uint8Array(1024) }, "old");
        open.onsuccess = () => { open.result.close(); done(); };
        open.onerror = () => fail(open.error);
    })""")
    assert "rules-engine" in page.evaluate("indexedDB.databases().then((all) => all.map((db) => db.name))")
    snapshot_saved(page, site_url)
    names = wait_until(page, """async () => { const all = (await indexedDB.databases()).map((db) => db.name);
        return !all.includes("rules-engine") && all; }""", BOOT_MS)
    assert "rules-engine" not in names


@pytest.mark.profile("module")
def test_twenty_quick_taps_end_on_the_odds_of_the_final_value(page, page_log, site_url):
    """Assert: after 20 taps on a stepper in one burst the odds shown are CPython's for the final
    value, and every earlier request of the burst answered "superseded" at once, before the last."""
    page.goto(site_url + "dice/")
    root = wait_ready(page, DICE)
    expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true")
    page.wait_for_function("() => window.rulesEngine.idle")
    outcomes = page.evaluate(
        """async () => {
            const engine = window.rulesEngine;
            const request = engine.request.bind(engine);
            const asked = [];
            engine.request = (...args) => { const answer = request(...args); if (args[0] === "odds") asked.push(answer); return answer; };
            const more = document.querySelector('[data-resolver="dice/unopposed"] button[aria-label="Roll: Base dice: one more"]');
            for (let i = 0; i < 20; i++) more.click();
            engine.request = request;
            const order = [];
            await Promise.all(asked.map((answer, i) => answer.then((a) => order.push([i, a.superseded === true]))));
            return order;
        }"""
    )
    assert len(outcomes) == 20
    assert outcomes[-1] == [19, False]  # the last tap's request answers last, with odds
    assert sorted(outcomes[:-1]) == [[i, True] for i in range(19)]
    expect()(root.get_by_label("Roll: Base dice", exact=True)).to_have_value("23")
    expected = cpython_rows(DICE, {"roll": {"base": 23}})
    expect()(root.locator("table.resolver__chart").first.locator("tr[data-p]").first).to_have_attribute("data-p", expected[0][0][1])
    page.wait_for_function("() => window.rulesEngine.idle")
    assert chart_rows(root) == expected
    assert page_log.page_errors == []


# A worker of its own, sent a burst before it has booted (it boots for a second or more): what it says back.
WORKER_BURST = """async (url) => {
    const worker = new Worker(url, { type: "module" });
    const said = [];
    const done = new Promise((resolve) => worker.addEventListener("message", (event) => {
        const data = event.data;
        if (data.type) return;
        said.push(data.started ? ["started", data.id] : data.superseded ? ["superseded", data.id] : ["answer", data.id, data.result.charts[0].rows[0].p]);
        if (data.id === 20 && !data.started) resolve();
    }));
    for (let id = 1; id <= 20; id++) worker.postMessage({ id, type: "odds", resolver: "dice/unopposed", inputs: { roll: { base: id } }, channel: "stepper" });
    await done;
    worker.terminate();
    return said;
}"""


@pytest.mark.profile("module")
def test_two_tabs_opened_together_both_start_from_the_saved_snapshot(context, page, page_log, site_url):
    """Assert: two pages opened together, whose engines read the snapshot file about the same moment, both restore it
    and answer as CPython does (a read never shuts another tab out: read-only handles share the file, and a read
    that cannot have one reads the File)."""
    snapshot_saved(page, site_url)
    tabs = [context.new_page(), context.new_page()]
    for tab in tabs:
        tab.goto(site_url + "dice/", wait_until="commit")
    for tab in tabs:
        root = wait_ready(tab, DICE)
        assert tab.evaluate("window.rulesEngine.bootFrom") == "snapshot"
        expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true")
        assert chart_rows(root) == cpython_rows(DICE, {})
        tab.close()
    assert page_log.page_errors == []


# The heap written from the pages kept (snapshot-store.js copySnapshot), against the whole snapshot rebuilt the plain
# way: every page in its place in an array of zeros. Cases: where the heap starts (inside the first page, on a page's
# edge, past pages), pages side by side and apart, a last page cut short; the target holds other bytes before.
COPY_AGAINST_REBUILT = """async (url) => {
    const { copySnapshot } = await import(url);
    const PAGE = 65536;
    const failures = [];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const [size, pages] of [[10 * PAGE, [0, 1, 2]], [10 * PAGE + 4096, [0, 3, 4, 9, 10]], [5 * PAGE, [0]], [7 * PAGE + 16, [0, 6, 7]]]) {
        const kept = new Uint8Array(pages.reduce((sum, page) => sum + Math.min(PAGE, size - page * PAGE), 0));
        for (let i = 0; i < kept.length; i++) kept[i] = 1 + Math.floor(random() * 255);
        const whole = new Uint8Array(size);
        pages.forEach((page, i) => whole.set(kept.subarray(i * PAGE, Math.min((i + 1) * PAGE, kept.length)), page * PAGE));
        for (const start of [0, 48, 4096, PAGE, PAGE + 16, 3 * PAGE + 80, size - 16]) {
            const into = new Uint8Array(size - start).fill(0xaa);
            copySnapshot(kept, pages, start, into);
            const expected = whole.subarray(start);
            const wrong = into.findIndex((byte, i) => byte !== expected[i]);
            if (wrong !== -1) failures.push({ size, pages, start, wrong });
        }
    }
    return failures;
}"""


@pytest.mark.profile("module")
def test_the_heap_written_from_the_pages_kept_is_the_whole_snapshot_byte_for_byte(page, site_url):
    """Assert the restore's heap, written page by page from the saved pages and zeros between them, equals the
    snapshot rebuilt whole, wherever the heap starts and whichever pages were kept."""
    page.goto(site_url + "dice/")
    assert page.evaluate(COPY_AGAINST_REBUILT, site_url + "assets/calculators/worker/snapshot-store.js") == []


# A worker of its own, booting from the saved snapshot, sent one request as Python starts (the worker is then held
# until it is ready, as a page's first requests find it): the order of what it says back, and when the request was
# sent and the worker said "ready" (ms since the epoch, one clock for the page and its workers).
WORKER_ASKED_WHILE_RESTORING = """async (url) => {
    const worker = new Worker(url, { type: "module" });
    const said = [];
    let sentAt = null;
    let readyAt = null;
    const done = new Promise((resolve) => worker.addEventListener("message", ({ data }) => {
        if (data.type === "step" && data.step === "python-start" && sentAt === null) {
            worker.postMessage({ id: 1, type: "odds", resolver: "dice/unopposed", inputs: { roll: { base: 3 } } });
            sentAt = performance.timeOrigin + performance.now();
        } else if (data.type === "ready") {
            said.push(["ready", data.from]);
            readyAt = data.timeline["self-tested"];
        } else if (data.type === "later-step") {
            said.push(["later", data.step]);
            if (data.step === "wheel-unpacked") resolve();
        } else if (data.id === 1 && !data.started) said.push(["answer", data.result.charts[0].rows[0].p]);
    }));
    await done;
    worker.terminate();
    return { said, sentAt, readyAt };
}"""


@pytest.mark.profile("module")
def test_a_request_sent_while_the_engine_restores_is_answered_before_the_work_after_boot(page, page_log, site_url):
    """Assert: a request that reaches the worker while it restores the snapshot is answered before the worker's own
    work after boot (unpacking the wheel, ~40 ms here, more on a phone), though it is delivered only once the
    worker is ready. Before, the worker found no request waiting at "ready" and unpacked the wheel first: every
    warm visit's first answer waited for it."""
    snapshot_saved(page, site_url)
    told = page.evaluate(WORKER_ASKED_WHILE_RESTORING, site_url + "assets/calculators/worker/worker.js")
    assert told["sentAt"] < told["readyAt"], told  # the case itself: sent before the worker was ready
    first_p = rules_core.odds(DICE, {"roll": {"base": 3}})["charts"][0]["rows"][0]["p"]  # type: ignore[index]
    assert told["said"] == [["ready", "snapshot"], ["answer", first_p], ["later", "wheel-unpacked"]]
    assert page_log.page_errors == []


@pytest.mark.profile("module")
def test_the_worker_runs_only_the_latest_of_a_burst_on_one_channel(page, page_log, site_url):
    """Assert: 20 requests on one channel that reach the worker together are not run 20 times: the 19
    older ones answer "superseded" unrun, and the latest is started, then answered as CPython does."""
    page.goto(site_url + "dice/")
    said = page.evaluate(WORKER_BURST, site_url + "assets/calculators/worker/worker.js")
    first_p = rules_core.odds(DICE, {"roll": {"base": 20}})["charts"][0]["rows"][0]["p"]  # type: ignore[index]
    assert said == [["superseded", i] for i in range(1, 20)] + [["started", 20], ["answer", 20, first_p]]
    assert page_log.page_errors == []


@pytest.mark.profile("module")
def test_the_worker_runs_one_request_at_a_time_and_says_when_it_starts_each(page, page_log, site_url):
    """Assert: ten requests made at once are all sent to the worker at once (none waits for the page to
    pass it on), the worker starts each only when the one before has answered, the page marks each running
    only when the worker starts it, and every one answers as CPython does."""
    page.goto(site_url + "dice/")
    wait_ready(page, DICE)
    page.wait_for_function("() => window.rulesEngine.idle")
    answers = page.evaluate(
        """async () => {
            const engine = window.rulesEngine;
            const said = [];
            const receive = engine.receive.bind(engine);
            engine.receive = (data) => {
                receive(data);
                if (data.id === undefined) return; // the worker's beats
                said.push([data.started ? "started" : "answer", data.id, engine.running ? engine.running.message.id : null]);
            };
            const sentBefore = engine.sent;
            const asked = Array.from({ length: 10 }, (_, i) => engine.request("odds", "dice/unopposed", { roll: { base: i + 1 } }));
            const sentAtOnce = engine.sent - sentBefore;
            const answers = await Promise.all(asked);
            engine.receive = receive;
            return { said, sentAtOnce, rows: answers.map((a) => a.result.charts[0].rows.map((r) => [r.label, r.p])) };
        }"""
    )
    assert answers["sentAtOnce"] == 10
    said = answers["said"]
    ids = [entry[1] for entry in said[::2]]
    # started id, answer id, started the next id, ...: one running at a time, its cut armed while it runs
    assert [entry[:2] for entry in said] == [[kind, i] for i in ids for kind in ("started", "answer")]
    assert ids == sorted(ids) and len(ids) == 10
    assert all(entry[2] == entry[1] for entry in said[::2])  # running once started
    assert all(entry[2] is None for entry in said[1::2])  # nothing running once answered
    # The engine's own answers, every row (the widget drops rows that cannot happen; this is below it).
    assert [[tuple(row) for row in rows] for rows in answers["rows"]] == [
        [(row["label"], row["p"]) for row in rules_core.odds(DICE, {"roll": {"base": i + 1}})["charts"][0]["rows"]] for i in range(10)
    ]
    assert page_log.page_errors == []


def test_a_resolve_tapped_before_the_theme_has_started_is_answered(page, page_log, site_url):
    """Assert: with the theme's bundle held back (the page still parsing, Material not started), a
    tapped Resolve already shows CPython's live odds; released, the page finishes and works on."""
    held = []
    page.route("**/assets/javascripts/bundle.*.min.js", lambda route: held.append(route))  # answered once released below
    page.goto(site_url + "jovian-wars/v1.2.4/actions/", wait_until="commit")
    page.wait_for_function("() => document.documentElement.dataset.resolvers === 'listening' && document.querySelector('summary.resolver__open')")
    first = page.locator("[data-resolver]").first
    resolver_id = first.get_attribute("data-resolver")
    first.locator("summary.resolver__open").click()
    expect()(first.locator('[data-region="odds"]')).to_have_attribute("data-live", "true", timeout=BOOT_MS)
    assert chart_rows(first) == cpython_rows(resolver_id, {})
    assert page.evaluate("document.readyState") == "loading" and len(held) == 1 and "document$" not in page.evaluate("Object.keys(window)")
    held[0].continue_()
    page.wait_for_function("() => window.document$ && document.readyState === 'complete'")
    second = page.locator("[data-resolver]").nth(1)
    second.locator("summary.resolver__open").click()
    expect()(second.locator('[data-region="odds"]')).to_have_attribute("data-live", "true")
    assert page_log.page_errors == []
