"""The engine's runtime in Chromium: one request at a time, superseding, and a snapshot that must prove itself.

Answers are compared with rules_core called in this process (CPython).
"""

from __future__ import annotations

import pytest

import rules_core

from tests.site.test_widgets import BOOT_MS, DICE, chart_rows, cpython_rows, expect, wait_ready

pytestmark = pytest.mark.browser

SNAPSHOT_RECORD = """async () => new Promise((done, fail) => {
  const open = indexedDB.open("rules-engine");
  open.onerror = () => fail(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("snapshots")) { db.close(); return done(null); }
    const store = db.transaction("snapshots").objectStore("snapshots");
    const keys = store.getAllKeys(), values = store.getAll();
    values.onsuccess = async () => {
      db.close();
      if (values.result.length !== 1) return done(null);
      const record = values.result[0];
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", record.bytes));
      const sha = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
      done({ key: keys.result[0], size: record.bytes.length, shaMatches: sha === record.sha256, probe: record.probe });
    };
  };
})"""

# Damage the saved snapshot in place: flip bytes across the heap (checksum kept), or change its probe answer.
DAMAGE = """async (how) => new Promise((done, fail) => {
  const open = indexedDB.open("rules-engine");
  open.onsuccess = () => {
    const db = open.result;
    const tx = db.transaction("snapshots", "readwrite");
    const store = tx.objectStore("snapshots");
    const cursor = store.openCursor();
    cursor.onsuccess = () => {
      const record = cursor.result.value;
      if (how === "bytes") for (let i = 4096; i < record.bytes.length; i += 65536) record.bytes[i] ^= 0xff;
      else record.probe = record.probe + " ";
      cursor.result.update(record);
    };
    tx.oncomplete = () => { db.close(); done(true); };
    tx.onerror = () => fail(tx.error);
  };
})"""


def wait_for_snapshot(page) -> dict:
    page.wait_for_function(f"({SNAPSHOT_RECORD})().then((r) => r !== null)", timeout=BOOT_MS, polling=250)
    return page.evaluate(SNAPSHOT_RECORD)


@pytest.mark.parametrize("damage", ["bytes", "probe"])
def test_a_damaged_snapshot_is_dropped_and_the_engine_boots_afresh_and_answers_right(context, page, page_log, site_url, damage):
    """Assert: bytes flipped in IndexedDB (caught by the checksum) or a wrong self-test answer
    (caught after the restore) make the engine drop the snapshot, boot fresh, answer as CPython,
    and save a sound snapshot again."""
    page.goto(site_url + "dice/")
    wait_ready(page, DICE)
    saved = wait_for_snapshot(page)
    assert saved["shaMatches"] and saved["size"] > 1_000_000
    # The key covers what is baked in: Pyodide's version, the wheel's and bridge.py's revisions.
    assert len(saved["key"].split(":")) == 3
    page.evaluate(DAMAGE, damage)
    page.close()

    second = context.new_page()
    second.goto(site_url + "dice/")
    root = wait_ready(second, DICE)
    assert second.evaluate("window.rulesEngine.bootFrom") == "fresh"
    expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true")
    assert chart_rows(root) == cpython_rows(DICE, {})
    again = wait_for_snapshot(second)
    assert again["shaMatches"] and again["probe"] == saved["probe"]

    third = context.new_page()  # the re-saved snapshot is trusted again
    third.goto(site_url + "dice/")
    wait_ready(third, DICE)
    assert third.evaluate("window.rulesEngine.bootFrom") == "snapshot"
    assert page_log.page_errors == []


def test_twenty_quick_taps_end_on_the_odds_of_the_final_value(page, page_log, site_url):
    """Assert: 20 taps on a stepper in one burst send the worker only the first and the last
    inputs (the rest are superseded), and the odds shown are CPython's for the final value."""
    page.goto(site_url + "dice/")
    root = wait_ready(page, DICE)
    expect()(root.locator('[data-region="odds"]')).to_have_attribute("data-live", "true")
    page.wait_for_function("window.rulesEngine.running === null && window.rulesEngine.waiting.length === 0")
    sent_before = page.evaluate("window.rulesEngine.sent")
    page.evaluate(
        """() => {
            const more = document.querySelector('[data-resolver="dice/unopposed"] button[aria-label="Base dice: one more"]');
            for (let i = 0; i < 20; i++) more.click();
        }"""
    )
    expect()(root.get_by_label("Base dice", exact=True)).to_have_value("23")
    expected = cpython_rows(DICE, {"base": 23})
    expect()(root.locator("table.resolver__chart").first.locator("tr[data-p]").first).to_have_attribute("data-p", expected[0][0][1])
    page.wait_for_function("window.rulesEngine.running === null && window.rulesEngine.waiting.length === 0")
    assert chart_rows(root) == expected
    # Per channel (this widget's describe and odds): the first tap's request, then the last one.
    assert page.evaluate("window.rulesEngine.sent") - sent_before <= 4
    assert page_log.page_errors == []


def test_the_worker_gets_one_request_at_a_time_so_the_cut_counts_running_time(page, page_log, site_url):
    """Assert: ten requests made at once reach the worker one by one (never two in flight), each
    with its own 2 s budget, and every one answers as CPython does."""
    page.goto(site_url + "dice/")
    wait_ready(page, DICE)
    page.wait_for_function("window.rulesEngine.running === null && window.rulesEngine.waiting.length === 0")
    answers = page.evaluate(
        """async () => {
            const engine = window.rulesEngine;
            const post = engine.worker.postMessage.bind(engine.worker);
            const inFlight = new Set();
            let most = 0;
            engine.worker.postMessage = (message) => { inFlight.add(message.id); most = Math.max(most, inFlight.size); post(message); };
            const receive = engine.receive.bind(engine);
            engine.receive = (data) => { inFlight.delete(data && data.id); receive(data); };
            const asked = Array.from({ length: 10 }, (_, i) => engine.request("odds", "dice/unopposed", { base: i + 1 }));
            const waitingAtOnce = engine.waiting.length;
            const answers = await Promise.all(asked);
            return { most, waitingAtOnce, rows: answers.map((a) => a.result.charts[0].rows.map((r) => [r.label, r.p])) };
        }"""
    )
    assert answers["most"] == 1 and answers["waitingAtOnce"] >= 8
    # The engine's own answers, every row (the widget drops rows that cannot happen; this is below it).
    assert [[tuple(row) for row in rows] for rows in answers["rows"]] == [
        [(row["label"], row["p"]) for row in rules_core.odds(DICE, {"base": i + 1})["charts"][0]["rows"]] for i in range(10)
    ]
    assert page_log.page_errors == []
