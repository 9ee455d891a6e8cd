"""Benchmark the browser runtime on a phone profile, before and after, in one run (not a test).

    .venv/bin/python scripts/bench_browser.py [--runs 3] [--site before=../base/site --site after=site ...] [--steps]

Each site (by default before: the untouched starting build, after: this build; --site NAME=PATH
as often as wanted, one column each) is copied to a temporary
folder and served by a server that counts every body byte it sends (page, workers, service
worker alike). In one fresh browser profile per site:

  first visit bytes     everything fetched by a first visit to the Dice page until the service
                        worker controls it (its precache complete) and the engine answered
  update bytes          then one sentence of one page is edited in the copy and the copy's own
                        post-build step rewrites sw.js; the browser checks for the new worker and
                        installs it: everything it fetched for that
  warm answer, Dice     phone profile (CDP: CPU throttled 4x, 9 Mbps down, 60 ms latency), a
                        second visit: navigation start -> first live answer (rules:first-answer),
                        the first widget's Resolve tapped once it is there and the page listens
  warm answer, Actions  the same on the Actions page (37 resolvers)
  visits over 2 s       how many of those warm visits (Dice and Actions) answered after 2 s
  bare Pyodide boot     the yardstick, same profile and same origin: a page whose module worker
                        only imports pyodide.mjs from the same files and runs loadPyodide()

Timings are medians of --runs warm visits; ratios divide by the bare boot of the same site in
the same run. --steps also prints where a warm Dice and Actions visit spends its time (median ms
from navigation start at which each step ended: the document, the engine's boot steps as its
worker reports them, the first answer; and the page's long tasks before that answer). Waits are on events and page conditions, never fixed sleeps. Note: CDP throttles
the page's main thread; the engine worker and the bare-boot worker run unthrottled alike.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.counting_server import serve_counting  # noqa: E402
from tests.site.conftest import CHROMIUM_FLAGS, chromium_path, wait_until  # noqa: E402

DICE = "dice/"
ACTIONS = "jovian-wars/v1.2.4/actions/"
EDITED = "war-galley/aid/attack-modes/index.html"
BARE_PAGE = "bench-bare/index.html"  # added to the copy only; not part of the site
BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = () => performance.mark("bare:ready");
</script>"""
BARE_WORKER = """import { loadPyodide } from "../assets/pyodide/pyodide.mjs";
const dir = new URL("../assets/pyodide/", import.meta.url).href;
await loadPyodide({ indexURL: dir, stdout: () => {} });
postMessage("ready");"""
PHONE_CPU_RATE = 4
PHONE_NETWORK = {"offline": False, "latency": 60, "downloadThroughput": 9_000_000 / 8, "uploadThroughput": 1_500_000 / 8}
MARK = """async (name) => {
  while (!performance.getEntriesByName(name).length) await new Promise((r) => setTimeout(r, 20));
  return performance.getEntriesByName(name)[0].startTime;
}"""
# The page is controlled by an activated worker (its precache complete) and the engine answered.
SETTLED = """async () => {
  await navigator.serviceWorker.ready;
  while (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }));
  while (!performance.getEntriesByName("rules:first-answer").length) await new Promise((r) => setTimeout(r, 20));
  return true;
}"""
# Collapsed widgets (drawn lazily) answer once opened: the reader taps the first Resolve as soon as
# the page's script listens (the page says so, or widget.js has taken the block: earlier builds
# missed an earlier tap). A build whose widgets are open from the start answers without it.
OPEN_FIRST = """async () => {
  while (!performance.getEntriesByName("rules:first-answer").length) {
    const open = document.querySelector("summary.resolver__open");
    const heard = open && (document.documentElement.dataset.resolvers === "listening" || open.closest("[data-resolver]").widget);
    if (heard) { if (!open.parentElement.open) open.click(); return; }
    await new Promise((r) => setTimeout(r, 20));
  }
}"""
# The engine has saved its memory snapshot: as a file (this build) or in IndexedDB (builds before it).
SNAPSHOT_SAVED = """async () => {
  try {
    const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("rules-engine");
    if ((await (await dir.getFileHandle("snapshot")).getFile()).size > 0) return true;
  } catch {}
  return new Promise((done) => {
    const open = indexedDB.open("rules-engine");
    open.onerror = () => done(false);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains("snapshots")) { db.close(); return done(false); }
      const count = db.transaction("snapshots").objectStore("snapshots").count();
      count.onsuccess = () => { db.close(); done(count.result === 1); };
    };
  });
}"""
# Ask the browser to look for a new service worker, and wait until it has installed (cached) it.
UPDATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing || registration.waiting;
  if (!worker) return "no new worker";
  const done = () => ["installed", "activating", "activated", "redundant"].includes(worker.state);
  while (!done()) await new Promise((r) => worker.addEventListener("statechange", r, { once: true }));
  return worker.state;
}"""


def rewrite_service_worker(tree: Path, site: Path) -> None:
    """Run the post-build step of the source tree that built `site` (its own offline.py) on `site`."""
    code = "import sys; from pathlib import Path; from scripts.hooks.offline import write_service_worker; write_service_worker(Path(sys.argv[1]))"
    # No bytecode written into `tree` (the starting build's checkout is read-only to us).
    subprocess.run([sys.executable, "-B", "-c", code, str(site)], cwd=tree, check=True)


def edit_one_sentence(site: Path) -> None:
    page = site / EDITED
    html = page.read_text(encoding="utf-8")
    start = html.index("<p>") + 3
    page.write_text(html[:start] + "One sentence edited for the update benchmark. " + html[start:], encoding="utf-8")


def phone(page) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_RATE})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)


# Where the warm visit's time went, in ms from navigation start (read after the first answer).
STEPS = """() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
  const nav = performance.getEntriesByType("navigation")[0];
  const steps = { "document fetched": nav.responseEnd, "DOM content loaded": nav.domContentLoadedEventEnd };
  steps["engine adopted (engine.js)"] = at("rules:engine-start");
  for (const [step, epoch] of Object.entries(window.rulesEngine?.timeline || {})) steps[`worker: ${step}`] = epoch - performance.timeOrigin;
  steps["engine ready (page)"] = at("rules:engine-ready");
  steps["first answer"] = at("rules:first-answer");
  const long = (window.benchLongTasks || []).filter((t) => t.startTime < steps["first answer"]);
  steps["long tasks before it (sum)"] = long.reduce((sum, t) => sum + t.duration, 0);
  return steps;
}"""
LONG_TASKS = """window.benchLongTasks = [];
try { new PerformanceObserver((list) => window.benchLongTasks.push(...list.getEntries())).observe({ type: "longtask", buffered: true }); } catch {}"""


def warm_visit(context, url: str, mark: str, steps: list[dict[str, float]] | None = None) -> float:
    page = context.new_page()
    try:
        phone(page)
        page.goto(url, wait_until="commit")
        if mark == "rules:first-answer":
            page.evaluate(OPEN_FIRST)
        at: float = page.evaluate(MARK, mark)
        if steps is not None:
            steps.append(page.evaluate(STEPS))
        return at
    finally:
        page.close()


def median_steps(visits: list[dict[str, float]]) -> dict[str, float]:
    names = [name for name in visits[0] if all(visit.get(name) is not None for visit in visits)]
    return {name: statistics.median(visit[name] for visit in visits) for name in names}


class SiteUnderTest:
    """One built site, copied, served and visited in its own fresh browser profile."""

    def __init__(self, browser, name: str, built: Path, tmp: Path) -> None:
        self.name, self.tree = name, built.parent
        self.site = tmp / name
        shutil.copytree(built, self.site)
        (self.site / BARE_PAGE).parent.mkdir()
        (self.site / BARE_PAGE).write_text(BARE_HTML, encoding="utf-8")
        (self.site / BARE_PAGE).with_name("worker.js").write_text(BARE_WORKER, encoding="utf-8")
        self.server, self.url, self.log = serve_counting(self.site)
        self.context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        self.context.add_init_script(LONG_TASKS)
        self.results: dict[str, list[float]] = {"dice": [], "actions": [], "bare": []}
        self.steps: dict[str, list[dict[str, float]]] = {"Dice": [], "Actions": []}
        self.numbers: dict[str, float] = {}

    def first_visit(self) -> None:
        page = self.context.new_page()
        page.goto(self.url + DICE)
        page.evaluate(OPEN_FIRST)
        page.evaluate(SETTLED)
        self.numbers["first visit, MB"] = self.log.total_bytes() / 1e6
        self.numbers["first visit, requests"] = len(self.log.paths())
        print(f"{self.name}: first visit settled ({self.numbers['first visit, MB']:.1f} MB)", flush=True)
        wait_until(page, SNAPSHOT_SAVED, 120_000)
        page.close()

    def warm_round(self) -> None:
        self.results["dice"].append(warm_visit(self.context, self.url + DICE, "rules:first-answer", self.steps["Dice"]))
        self.results["actions"].append(warm_visit(self.context, self.url + ACTIONS, "rules:first-answer", self.steps["Actions"]))
        self.results["bare"].append(warm_visit(self.context, self.url + BARE_PAGE.removesuffix("index.html"), "bare:ready"))
        print(f"{self.name}: warm Dice {self.results['dice'][-1]:.0f} ms, Actions {self.results['actions'][-1]:.0f} ms, "
              f"bare boot {self.results['bare'][-1]:.0f} ms", flush=True)

    def update(self) -> None:
        edit_one_sentence(self.site)
        rewrite_service_worker(self.tree, self.site)
        self.log.clear()
        quiet = self.context.new_page()  # a page with no scripts of the site's own, so no reload interrupts it
        quiet.goto(self.url + "assets/pyodide/pyodide-lock.json")
        state = quiet.evaluate(UPDATE)
        assert state in ("installed", "activating", "activated"), f"{self.name}: the update did not install ({state})"
        sent = [item for item in self.log.sent if not item.path.startswith("/bench-")]  # not the yardstick's page
        self.numbers["one-sentence update, MB"] = sum(item.bytes for item in sent) / 1e6
        self.numbers["one-sentence update, requests"] = len(sent)
        print(f"{self.name}: the update fetched {[item.path for item in sent] if len(sent) < 10 else f'{len(sent)} files'}")

    def close(self) -> None:
        self.context.close()
        self.server.shutdown()

    def table(self) -> dict[str, float]:
        medians = {key: statistics.median(values) for key, values in self.results.items()}
        return {
            **self.numbers,
            "warm first answer, Dice, ms": medians["dice"],
            "warm first answer, Actions, ms": medians["actions"],
            "warm visits over 2 s (Dice + Actions, of 2 x runs)": sum(v > 2000 for key in ("dice", "actions") for v in self.results[key]),
            "bare Pyodide boot (yardstick), ms": medians["bare"],
            "Dice / bare": medians["dice"] / medians["bare"],
            "Actions / bare": medians["actions"] / medians["bare"],
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", action="append", metavar="NAME=PATH", help="a built site to measure, one column each "
                        "(the site's source tree is PATH's parent); default: before=../base/site after=site")
    parser.add_argument("--steps", action="store_true", help="also print where the warm visits spend their time")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    named = args.site or [f"before={ROOT.parent / 'base' / 'site'}", f"after={ROOT / 'site'}"]
    sites = {name: Path(path).resolve() for name, _, path in (item.partition("=") for item in named)}
    # Warm visits are interleaved, site after site in each round, so a busy moment of a shared
    # machine weighs on every column alike.
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS, headless=True)
        runs = [SiteUnderTest(browser, name, built, Path(tmp)) for name, built in sites.items()]
        try:
            for run in runs:
                run.first_visit()
            for _ in range(args.runs):
                for run in runs:
                    run.warm_round()
            for run in runs:
                run.update()
        finally:
            for run in runs:
                run.close()
        browser.close()
    table = {run.name: run.table() for run in runs}
    steps = {run.name: {page: median_steps(visits) for page, visits in run.steps.items()} for run in runs}
    print(f"Phone profile: CPU /{PHONE_CPU_RATE}, 9 Mbps down, 60 ms; warm timings: median of {args.runs} visits")
    print(f"| measure | {' | '.join(sites)} |")
    print(f"|---|{'---|' * len(sites)}")
    for key in next(iter(table.values())):
        cells = [table[name][key] for name in sites]
        text = [f"{v:.0f}" if isinstance(v, int) or "ms" in key else f"{v:.2f}" for v in cells]
        print(f"| {key} | {' | '.join(text)} |")
    if args.steps:
        for name in sites:
            for page, at in steps[name].items():
                print(f"\n{name}, warm {page} (median ms from navigation start):")
                for step, ms in sorted(at.items(), key=lambda item: item[1] if "sum" not in item[0] else float("inf")):
                    print(f"  {ms:8.0f}  {step}")


if __name__ == "__main__":
    main()
