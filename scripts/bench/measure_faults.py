"""Time the browser runtime's faults (issue 23): how long each takes to end in a visible error, and a
fixed fault to end in a live answer; not a test.

    .venv/bin/python scripts/bench/measure_faults.py [--site site] [--runs 1] [--only NAME ...]

Each case serves its own copy of the built site through scripts/counting_server.py in a fresh
browser profile and times, from the moment the fault is made (or mended), the first of: the Dice
widget's visible engine error, or its live answer. The yardstick, in the same run, is a plain
first visit's live answer (cold, no fault): a recovery cannot be faster than a boot, and on this
shared machine a boot's time swings with the load, so each time is also given as a ratio of it.
Waits are on page conditions (Playwright polls the DOM), never fixed sleeps. A recovery also prints
where its time went: the engine's states and the engine file downloads, in ms from the mend.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.counting_server import serve_counting  # noqa: E402
from scripts.bench.harness import launch_chromium  # noqa: E402

DICE = "dice/unopposed"
WASM = "assets/pyodide/pyodide.asm.wasm"
WAIT_MS = 180_000
# The engine's states and the service worker's messages, stamped on the page's clock (performance.now).
TIMELINE = """window.seen = [];
const stamp = (what) => window.seen.push([performance.timeOrigin + performance.now(), what]);
addEventListener("rules-engine-state", () => stamp(`engine ${window.rulesEngine.state}${window.rulesEngine.error ? ": " + window.rulesEngine.error.slice(0, 90) : ""}`));
navigator.serviceWorker && navigator.serviceWorker.addEventListener("message", (e) => stamp(`sw ${JSON.stringify(e.data).slice(0, 90)}`));"""


class Run:
    """One case: a copy of the site, its server, a fresh profile and one page; `at` is time.time() of the fault."""

    def __init__(self, browser, site: Path, tmp: Path, service_workers: str = "allow") -> None:
        self.copy = tmp / f"site-{time.monotonic_ns()}"
        shutil.copytree(site, self.copy)
        self.server, self.url, self.log = serve_counting(self.copy)
        self.context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers=service_workers)
        self.context.add_init_script(TIMELINE)
        self.page = self.context.new_page()
        self.fetches: list[tuple[float, str]] = []
        self.page.context.on("request", lambda request: self.note("fetch", request.url))
        self.page.context.on("requestfinished", lambda request: self.note("done", request.url))
        self.at = time.time()

    def note(self, what: str, url: str) -> None:
        """Keep the time of each request for an engine file, named by the file."""
        if "/assets/pyodide/" in url:
            self.fetches.append((time.time(), f"{what} {url.split('/')[-1].split('?')[0]}"))

    def open_booting(self) -> None:
        """Open the Dice page with the wasm held back, so the engine stays booting; the fault's time starts now."""
        self.log.failing.add("/" + WASM)
        self.page.goto(self.url + "dice/")
        self.widget()
        self.page.wait_for_function("() => window.rulesEngine && window.rulesEngine.state === 'loading'")
        self.at = time.time()

    def widget(self):
        root = self.page.locator(f'[data-resolver="{DICE}"]')
        body = root.locator("details.resolver__body")
        body.locator("> summary").wait_for(timeout=WAIT_MS)
        if body.get_attribute("open") is None:
            body.locator("> summary").click()
        return root

    def until_error(self) -> float:
        self.page.wait_for_function(f"() => document.querySelector('[data-resolver=\"{DICE}\"]')?.dataset.engine === 'error'", timeout=WAIT_MS)
        return time.time() - self.at

    def until_live(self) -> float:
        self.page.wait_for_function(
            f"() => document.querySelector('[data-resolver=\"{DICE}\"] [data-region=\"odds\"]')?.dataset.live === 'true'"
            f" && document.querySelector('[data-resolver=\"{DICE}\"]').dataset.engine === 'ready'",
            timeout=WAIT_MS,
        )
        return time.time() - self.at

    def where(self) -> str:
        """The engine's states and the wasm's downloads since `at`, in ms."""
        seen = [(stamp / 1000, what) for stamp, what in self.page.evaluate("window.seen")]
        events = sorted([item for item in seen + self.fetches if item[0] >= self.at - 0.05 and ("wasm" in item[1] or not item[1].startswith(("fetch", "done")))])
        return "; ".join(f"{(when - self.at) * 1000:.0f} {what}" for when, what in events)

    def close(self) -> None:
        self.context.close()
        self.server.shutdown()


def damage(run: Run, how: str) -> bytes:
    wasm = run.copy / WASM
    good = wasm.read_bytes()
    if how == "missing":
        wasm.unlink()
    elif how == "truncated":
        wasm.write_bytes(good[: len(good) // 2])
    else:
        wasm.write_bytes(good[:4096] + bytes(b ^ 0x5A for b in good[4096:8192]) + good[8192:])
    return good


def first_visit(browser, site, tmp) -> dict[str, object]:
    run = Run(browser, site, tmp)
    try:
        run.page.goto(run.url + "dice/")
        run.widget()
        return {"live": run.until_live(), "where": run.where()}
    finally:
        run.close()


def wasm_fault(how: str, mend: str) -> Callable:
    """The wasm missing or damaged on a first visit: time to the visible error; then the server is
    mended and the reader presses "Try again" (try), reloads (reload) or waits for the automatic retry (wait)."""

    def case(browser, site, tmp) -> dict[str, float | str]:
        run = Run(browser, site, tmp)
        try:
            good = damage(run, how)
            run.page.goto(run.url + "dice/")
            run.widget()
            error = run.until_error()
            (run.copy / WASM).write_bytes(good)
            run.at = time.time()
            pressed = None
            if mend == "try":  # pressed at once, unless the automatic retry has started already (the button is gone then)
                pressed = run.page.evaluate(f"() => {{ const b = document.querySelector('[data-resolver=\"{DICE}\"] [data-region=\"retry\"]'); return Boolean(b && b.offsetParent && (b.click(), true)); }}")
            elif mend == "reload":
                run.page.reload()
                run.widget()
            return {"error": error, "live": run.until_live(), "where": ("" if pressed is not False else "not pressed: the automatic retry had begun; ") + run.where()}
        finally:
            run.close()

    return case


def killed_booting(browser, site, tmp) -> dict[str, float | str]:
    run = Run(browser, site, tmp, service_workers="block")
    try:
        run.open_booting()
        run.page.evaluate("window.rulesEngine.worker.terminate()")
        run.log.failing.clear()
        return {"error": run.until_error(), "live": run.until_live(), "where": run.where()}
    finally:
        run.close()


def killed_ready(busy: bool) -> Callable:
    def case(browser, site, tmp) -> dict[str, float | str]:
        run = Run(browser, site, tmp, service_workers="block")
        try:
            run.page.goto(run.url + "dice/")
            run.widget()
            run.until_live()
            run.page.wait_for_function("() => window.rulesEngine.idle")
            run.at = time.time()
            answer = run.page.evaluate(
                """async (busy) => { const engine = window.rulesEngine, worker = engine.worker;
                  if (busy) worker.addEventListener("message", (e) => e.data && e.data.started && worker.terminate()); else worker.terminate();
                  return await engine.request("odds", "dice/unopposed", {"base": 4}); }""",
                busy,
            )
            answered = time.time() - run.at
            assert "error" in answer, answer
            run.page.wait_for_function("() => window.rulesEngine.state === 'ready'", timeout=WAIT_MS)
            ready = time.time() - run.at
            again = run.page.evaluate('window.rulesEngine.request("odds", "dice/unopposed", {"base": 4})')
            assert "result" in again, again
            return {"error": answered, "live": ready}
        finally:
            run.close()

    return case


def network_lost(browser, site, tmp) -> dict[str, float | str]:
    run = Run(browser, site, tmp)
    try:
        run.open_booting()
        run.context.set_offline(True)
        run.log.failing.clear()
        error = run.until_error()
        run.at = time.time()
        run.context.set_offline(False)
        return {"error": error, "live": run.until_live(), "where": run.where()}
    finally:
        run.close()


def quota(megabytes: int) -> Callable:
    def case(browser, site, tmp) -> dict[str, float | str]:
        run = Run(browser, site, tmp)
        try:
            cdp = run.context.new_cdp_session(run.page)
            cdp.send("Storage.overrideQuotaForOrigin", {"origin": run.url.rstrip("/"), "quotaSize": megabytes * 1024 * 1024})
            run.page.goto(run.url + "dice/")
            run.widget()
            live = run.until_live()
            said = "[data-storage-note]" if megabytes < 16 else "[data-offline]"
            run.page.wait_for_function(f"() => /storage is full/i.test(document.querySelector('{said}')?.textContent || '')", timeout=WAIT_MS)
            return {"error": time.time() - run.at, "live": live, "where": run.page.locator(said).inner_text()}
        finally:
            run.close()

    return case


CASES: dict[str, Callable] = {
    "first visit (yardstick)": first_visit,
    "wasm 404, Try again": wasm_fault("missing", "try"),
    "wasm 404, automatic retry": wasm_fault("missing", "wait"),
    "wasm truncated, Try again": wasm_fault("truncated", "try"),
    "wasm truncated, reload": wasm_fault("truncated", "reload"),
    "wasm truncated, automatic retry": wasm_fault("truncated", "wait"),
    "wasm wrong bytes, Try again": wasm_fault("wrong", "try"),
    "wasm wrong bytes, reload": wasm_fault("wrong", "reload"),
    "worker killed booting": killed_booting,
    "worker killed idle": killed_ready(busy=False),
    "worker killed busy": killed_ready(busy=True),
    "network lost, first visit": network_lost,
    "quota 10 MB": quota(10),
    "quota 20 MB": quota(20),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--only", nargs="*", help="cases whose name contains one of these words")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    names = [name for name in CASES if not args.only or name.startswith("first") or any(word in name for word in args.only)]
    results: dict[str, list[dict]] = {name: [] for name in names}
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
        browser = launch_chromium(playwright)
        for _ in range(args.runs):
            for name in names:  # interleaved: the load of the moment weighs on every case alike
                result = CASES[name](browser, args.site, Path(tmp))
                results[name].append(result)
                where = result.get("where", "")
                print(f"{name}: " + ", ".join(f"{k} {v:.1f} s" for k, v in result.items() if isinstance(v, float)) + (f"  [{where}]" if where else ""), flush=True)
        browser.close()
    yardstick = statistics.median(r["live"] for r in results[names[0]])
    print(f"\nload {os.getloadavg()[0]:.1f}; medians of {args.runs} run(s); ratio = live / first visit's live ({yardstick:.1f} s)")
    print(f"{'case':34} {'error s':>8} {'live s':>8} {'ratio':>6}")
    for name, rows in results.items():
        error = [r["error"] for r in rows if "error" in r]
        live = statistics.median(r["live"] for r in rows)
        print(f"{name:34} {statistics.median(error) if error else float('nan'):8.1f} {live:8.1f} {live / yardstick:6.2f}")


if __name__ == "__main__":
    main()
