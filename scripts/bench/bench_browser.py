"""Benchmark the browser runtime on a phone profile, before and after, in one run (not a test).

    .venv/bin/python scripts/bench/bench_browser.py [--runs 3] [--site before=../base/site --site after=site ...] [--steps] [--warm-only | --limited-only]

Each site (by default before: the untouched starting build, after: this build; --site NAME=PATH
as often as wanted, one column each) is copied to a temporary folder and served by a server that
counts every body byte it sends (page, workers, service worker alike), as sent and uncompressed,
and that plays a phone's network: 9 Mbps down shared by every download, 60 ms before each answer
(scripts/counting_server.py: CDP's network throttling would miss the service worker's downloads).
Every number below is measured on that network. The phone's CPU is played two ways: CDP slows
the page's main thread 4x (its workers run at full speed), or the whole browser, engine worker
included, gets a quarter of one core (a cgroup CPU quota; where none can be made, one core shared
with a busy loop this script starts and stops).

  cold first answer     an empty profile (no cache, no service worker), CDP profile: navigation
    Actions             start -> first live answer on the Actions page (the first Resolve tapped
                        once the page listens); median of --runs
  cold bare boot        the same empty profile and network, a page whose module worker only imports
                        pyodide.mjs and runs loadPyodide(): the yardstick, two ways. "npm" (the issue's
                        yardstick, what a bare Pyodide site serves): the npm package's files as it ships
                        them (node_modules/pyodide, its whole stdlib, no compressed copies); "site files":
                        the site's own Pyodide files (its trimmed stdlib and their compressed copies), a
                        stricter yardstick that takes the site's own savings for itself
  cold bytes before     everything sent before that first answer (and before the bare boot was
    the answer          ready), as sent (precompressed copies where there are) and uncompressed
  first visit bytes     everything fetched by a first visit to the Dice page until the service
                        worker controls it (its precache complete) and the engine answered
  update bytes          then one sentence of one page is edited in the copy and the copy's own
                        post-build step rewrites sw.js; the browser checks for the new worker and
                        installs it: everything it fetched for that
  warm answer, Dice     CDP profile, a returning reader (a browser on a profile kept on disk, where
                        V8 keeps its code caches, shared by every site), a later visit (after two unmeasured
                        ones of each page: settle()): navigation start -> first live answer
                        (rules:first-answer), the first widget's Resolve tapped once it is there
  warm answer, Actions  the same on the Actions page (37 resolvers)
  visits over 2 s       how many of those warm visits (Dice and Actions) answered after 2 s
  warm bare boot        the yardstick of the warm visits, same profile (its files in the HTTP cache)
  whole browser         the warm Actions answer and the warm bare boot again, in a second browser
    CPU-limited         whose every process (the engine worker too) shares the CPU limit

Timings are medians of --runs visits; ratios divide by each bare boot, in the same copy under the
same conditions in the same run. --steps also prints where a warm Dice and Actions visit spends its
time (median ms from navigation start at which each step ended: the document, the engine's boot
steps as its worker reports them, the first answer; and the page's long tasks before that answer),
then each step of the warm engine's boot as its own time, beside the warm bare boot. --warm-only
measures the warm visits alone (no cold rounds, no CPU-limited browser, no update): with --steps,
the quick way to compare the warm restore's steps before and after. --limited-only measures the
whole-browser CPU-limited warm visits alone; --steps then says where their time goes.
Waits are on events and page conditions, never fixed sleeps.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.counting_server import Link, serve_counting  # noqa: E402
from scripts.bench.harness import CHROMIUM_FLAGS, chromium_path, launch_chromium  # noqa: E402
from tests.site.conftest import wait_until  # noqa: E402

DICE = "dice/"
ACTIONS = "jovian-wars/v1.2.4/actions/"
EDITED = "war-galley/aid/attack-modes/index.html"
BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = () => performance.mark("bare:ready");
</script>"""
BARE_WORKER = """import { loadPyodide } from "PYODIDE/pyodide.mjs";
const dir = new URL("PYODIDE/", import.meta.url).href;
await loadPyodide({ indexURL: dir, stdout: () => {} });
postMessage("ready");"""
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
NPM_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# The yardsticks: a bare boot's page (added to the copy only; not part of the site) and where its Pyodide comes from.
YARDSTICKS = {"npm": ("bench-npm/", "./pyodide"), "site files": ("bench-bare/", "../assets/pyodide")}
PHONE_CPU_RATE = 4
PHONE_BYTES_PER_S = 9_000_000 / 8
PHONE_LATENCY_S = 0.060
BROWSER_CPU_SHARE = 0.25  # of one core, for the whole browser
LIMITED = "Actions, whole browser CPU-limited"  # the steps of the CPU-limited browser's warm visits
# A phone: its screen and touch (Any: Playwright types each keyword apart).
CONTEXT: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
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
# missed an earlier tap). Run inside the page from its start: a page.evaluate() sent over CDP runs
# only once the page has parsed (measured: after DOMContentLoaded and the theme's handlers), which
# would time the harness, not the page. A build whose widgets are open from the start answers without it.
TAP_FIRST = """(() => {
  if (window.top !== window) return;
  const tap = () => {
    if (performance.getEntriesByName("rules:first-answer").length) return true;
    const open = document.querySelector("summary.resolver__open");
    const heard = open && (document.documentElement.dataset.resolvers === "listening" || open.closest("[data-resolver]").widget);
    if (heard && !open.parentElement.open) open.click();
    return Boolean(heard);
  };
  const watch = new MutationObserver(() => tap() && watch.disconnect());
  watch.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-resolvers"] });
})();"""
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
    code = "import sys; from pathlib import Path; from scripts.build.offline import write_service_worker; write_service_worker(Path(sys.argv[1]))"
    # No bytecode written into `tree` (the starting build's checkout is read-only to us).
    subprocess.run([sys.executable, "-B", "-c", code, str(site)], cwd=tree, check=True)


def edit_one_sentence(site: Path) -> None:
    page = site / EDITED
    html = page.read_text(encoding="utf-8")
    start = html.index("<p>") + 3
    page.write_text(html[:start] + "One sentence edited for the update benchmark. " + html[start:], encoding="utf-8")


def phone(page) -> None:
    """The page's main thread slowed as a phone's (the network is the server's Link)."""
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_RATE})


class WholeBrowserLimit:
    """A Chromium to launch whose every process (workers included) shares BROWSER_CPU_SHARE of one
    core: a cgroup CPU quota (cgroup v2 or v1; needs root), else pinned to one core beside a busy
    loop started here. `executable` is a wrapper script that puts Chromium under the limit."""

    def __init__(self, chromium: str, tmp: Path) -> None:
        self.group: Path | None = None
        self.busy: subprocess.Popen[bytes] | None = None
        period = 100_000
        quota = int(period * BROWSER_CPU_SHARE)
        for root, setting, value in ((Path("/sys/fs/cgroup"), "cpu.max", f"{quota} {period}"),
                                     (Path("/sys/fs/cgroup/cpu"), "cpu.cfs_quota_us", str(quota))):
            group = root / f"bench-browser-{os.getpid()}"
            if not (root / "cgroup.procs").is_file():  # not a cgroup hierarchy (or not this version)
                continue
            try:
                group.mkdir()
                (group / setting).write_text(value)  # the kernel made this file: writing sets the quota
                self.group = group
                break
            except OSError:
                if group.is_dir():
                    group.rmdir()
        if self.group:
            start = f'echo $$ > {self.group / "cgroup.procs"}\nexec {chromium} "$@"'
            self.label = f"a cgroup CPU quota of {BROWSER_CPU_SHARE:g} core"
        else:
            start = f'exec taskset -c 0 {chromium} "$@"'
            self.busy = subprocess.Popen(["taskset", "-c", "0", sys.executable, "-c", "while True: pass"])
            self.label = "one core, shared with a busy loop"
        self.executable = tmp / "chromium-limited"
        self.executable.write_text(f"#!/bin/sh\n{start}\n")
        self.executable.chmod(0o755)

    def close(self) -> None:
        if self.busy:
            self.busy.kill()
            self.busy.wait()
        if self.group:
            for _ in range(100):  # the browser's last processes may still be leaving the group
                try:
                    self.group.rmdir()
                    return
                except OSError:
                    time.sleep(0.1)


# Where the warm visit's time went, in ms from navigation start (read after the first answer).
STEPS = """() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
  const nav = performance.getEntriesByType("navigation")[0];
  const steps = { "document fetched": nav.responseEnd, "DOM content loaded": nav.domContentLoadedEventEnd };
  steps["engine adopted (engine.js)"] = at("rules:engine-start");
  for (const [step, epoch] of Object.entries(window.rulesEngine?.timeline || {})) steps[`worker: ${step}`] = epoch - performance.timeOrigin;
  steps["engine ready (page)"] = at("rules:engine-ready");
  steps["first answer"] = at("rules:first-answer");
  // Only where they were watched (LONG_TASKS): the CPU-limited browser does not, and a 0 would say none.
  const long = window.benchLongTasks?.filter((t) => t.startTime < steps["first answer"]);
  if (long) steps["long tasks before it (sum)"] = long.reduce((sum, t) => sum + t.duration, 0);
  return steps;
}"""
LONG_TASKS = """window.benchLongTasks = [];
try { new PerformanceObserver((list) => window.benchLongTasks.push(...list.getEntries())).observe({ type: "longtask", buffered: true }); } catch {}"""


SETTLING_VISITS = 2


def phone_context(browser, *init_scripts: str):
    """A new empty context (a cold visit's) on a phone's screen whose pages tap the first Resolve
    (TAP_FIRST), with any other init scripts."""
    return tapping(browser.new_context(**CONTEXT), init_scripts)


def returning_reader(playwright, executable: str, profile: Path, *init_scripts: str):
    """A browser on a profile kept on disk, as a returning reader's is, for the warm visits; as
    phone_context otherwise. An in-memory context (new_context) is no returning reader: it keeps no
    V8 code cache, so every warm visit compiled the page's scripts again (2.08 s of CPU per warm
    Actions visit on the quarter core, against 1.15 s), and its HTTP cache does not keep the npm
    yardstick's 9.6 MB wasm, sent again over the phone's link on every warm bare boot."""
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=executable, args=CHROMIUM_FLAGS, headless=True, **CONTEXT)
    return tapping(context, init_scripts)


def tapping(context, init_scripts: tuple[str, ...]):
    for script in (TAP_FIRST, *init_scripts):
        context.add_init_script(script)
    return context


def visit(context, url: str, mark: str, steps: list[dict[str, float]] | None = None, cpu_profile: bool = True) -> tuple[float, float]:
    """Open url and wait for `mark`: ms from navigation start, and when it was (time.time())."""
    page = context.new_page()
    try:
        if cpu_profile:
            phone(page)
        page.goto(url, wait_until="commit")
        at: float = page.evaluate(MARK, mark)
        epoch_s = (page.evaluate("() => performance.timeOrigin") + at) / 1000
        if steps is not None:
            steps.append(page.evaluate(STEPS))
        return at, epoch_s
    finally:
        page.close()


def median_steps(visits: list[dict[str, float]]) -> dict[str, float]:
    names = [name for name in visits[0] if all(visit.get(name) is not None for visit in visits)]
    return {name: statistics.median(visit[name] for visit in visits) for name in names}


class SiteUnderTest:
    """One built site, copied, served on its own origin and visited: cold in an empty profile each time, warm as a
    returning reader."""

    def __init__(self, browser, warm, limited, name: str, built: Path, tmp: Path) -> None:
        """browser: for the cold visits, an empty context each; warm, limited: the returning reader's
        browsers (returning_reader), shared by every site (each its own origin, so its own storage);
        limited None measures no CPU-limited visits (--warm-only)."""
        self.name, self.tree = name, built.parent
        self.browser = browser
        self.site = tmp / name
        shutil.copytree(built, self.site)
        self.bare_urls: dict[str, str] = {}
        self.server, self.url, self.log = serve_counting(self.site, Link(PHONE_BYTES_PER_S, PHONE_LATENCY_S))
        for yardstick, (folder, pyodide) in YARDSTICKS.items():
            (self.site / folder).mkdir()
            (self.site / folder / "index.html").write_text(BARE_HTML, encoding="utf-8")
            (self.site / folder / "worker.js").write_text(BARE_WORKER.replace("PYODIDE", pyodide), encoding="utf-8")
            if pyodide == "./pyodide":  # the npm package's own files, as it ships them
                (self.site / folder / "pyodide").mkdir()
                for file in NPM_FILES:
                    shutil.copy(NPM_PYODIDE / file, self.site / folder / "pyodide" / file)
            self.bare_urls[yardstick] = self.url + folder
        self.context = warm
        self.limited = limited
        keys = ("dice", "actions", "cold", "limited", *(f"{how}{y} bare" for y in YARDSTICKS for how in ("", "cold ", "limited ")))
        self.results: dict[str, list[float]] = {key: [] for key in keys}
        self.cold_bytes: dict[str, list[tuple[int, int]]] = {key: [] for key in ("cold", *(f"cold {y} bare" for y in YARDSTICKS))}
        self.steps: dict[str, list[dict[str, float]]] = {"Dice": [], "Actions": [], LIMITED: []}
        self.numbers: dict[str, float] = {}

    def first_visit(self) -> None:
        self.log.clear()
        page = self.context.new_page()
        page.goto(self.url + DICE)
        page.evaluate(SETTLED)
        self.numbers["first visit, MB"] = self.log.total_bytes() / 1e6
        self.numbers["first visit, requests"] = len(self.log.paths())
        print(f"{self.name}: first visit settled ({self.numbers['first visit, MB']:.1f} MB)", flush=True)
        wait_until(page, SNAPSHOT_SAVED, 120_000)
        page.close()
        for url in self.bare_urls.values():  # their files into the HTTP cache, as the site's are in the precache
            visit(self.context, url, "bare:ready")
        self.settle(self.context, self.url + DICE, self.url + ACTIONS)
        if not self.limited:
            return
        # The CPU-limited browser's first visit: its warm visits need the precache and the snapshot.
        page = self.limited.new_page()
        page.goto(self.url + DICE)
        page.evaluate(SETTLED)
        wait_until(page, SNAPSHOT_SAVED, 600_000)
        page.close()
        for url in self.bare_urls.values():
            visit(self.limited, url, "bare:ready", cpu_profile=False)
        self.settle(self.limited, self.url + ACTIONS, cpu_profile=False)

    def settle(self, context, *pages: str, cpu_profile: bool = True) -> None:
        """SETTLING_VISITS unmeasured visits of each page and bare boot, so the warm ones measured are a returning
        reader's steady state, not a second or third visit: V8 keeps a script's compiled code only from its second
        or third load (measured on the quarter core: the site-files bare boot took 11.6 s on its second load, 6.3 s
        from its third on; Actions 4.2-5.5 s on its first three, 3.7-3.9 s after)."""
        for _ in range(SETTLING_VISITS):
            for url in pages:
                visit(context, url, "rules:first-answer", cpu_profile=cpu_profile)
            for url in self.bare_urls.values():
                visit(context, url, "bare:ready", cpu_profile=cpu_profile)

    def cold_round(self) -> None:
        """An empty profile each: Actions to its first answer, then each bare boot."""
        cold = [("cold", self.url + ACTIONS, "rules:first-answer")]
        cold += [(f"cold {y} bare", url, "bare:ready") for y, url in self.bare_urls.items()]
        for key, url, mark in cold:
            context = phone_context(self.browser)
            try:
                self.log.clear()
                at, epoch_s = visit(context, url, mark)
                self.results[key].append(at)
                self.cold_bytes[key].append(self.log.bytes_before(epoch_s))
            finally:
                context.close()
        said = ", ".join(f"{key.removeprefix('cold ')} {self.results[key][-1]:.0f} ms ({self.cold_bytes[key][-1][0] / 1e6:.1f} MB)"
                         for key, _, _ in cold[1:])
        print(f"{self.name}: cold Actions {self.results['cold'][-1]:.0f} ms ({self.cold_bytes['cold'][-1][0] / 1e6:.1f} MB sent), "
              f"{said}", flush=True)

    def warm_round(self, cdp_profile: bool = True) -> None:
        said = f"{self.name}: "
        if cdp_profile:
            self.results["dice"].append(visit(self.context, self.url + DICE, "rules:first-answer", self.steps["Dice"])[0])
            self.results["actions"].append(visit(self.context, self.url + ACTIONS, "rules:first-answer", self.steps["Actions"])[0])
            for y, url in self.bare_urls.items():
                self.results[f"{y} bare"].append(visit(self.context, url, "bare:ready")[0])
            said += f"warm Dice {self.results['dice'][-1]:.0f} ms, Actions {self.results['actions'][-1]:.0f} ms, " + \
                ", ".join(f"{y} bare {self.results[f'{y} bare'][-1]:.0f} ms" for y in YARDSTICKS)
        if self.limited:
            self.results["limited"].append(visit(self.limited, self.url + ACTIONS, "rules:first-answer", self.steps[LIMITED], cpu_profile=False)[0])
            for y, url in self.bare_urls.items():
                self.results[f"limited {y} bare"].append(visit(self.limited, url, "bare:ready", cpu_profile=False)[0])
            said += f"; CPU-limited Actions {self.results['limited'][-1]:.0f} ms, " + \
                ", ".join(f"{y} bare {self.results[f'limited {y} bare'][-1]:.0f} ms" for y in YARDSTICKS)
        print(said, flush=True)

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
        self.server.shutdown()

    def table(self) -> dict[str, float]:
        medians = {key: statistics.median(values) for key, values in self.results.items() if values}
        limited: dict[str, float] = {"whole browser CPU-limited: warm Actions, ms": medians["limited"]} if "limited" in medians else {}
        for y in YARDSTICKS if limited else ():
            limited[f"whole browser CPU-limited: warm bare boot ({y}), ms"] = medians[f"limited {y} bare"]
            limited[f"whole browser CPU-limited: Actions / bare ({y})"] = medians["limited"] / medians[f"limited {y} bare"]
        if "actions" not in medians:  # --limited-only
            return limited
        warm: dict[str, float] = {"warm first answer, Dice, ms": medians["dice"], "warm first answer, Actions, ms": medians["actions"]}
        for y in YARDSTICKS:
            warm[f"warm bare boot ({y}), ms"] = medians[f"{y} bare"]
            warm[f"Dice / bare ({y})"] = medians["dice"] / medians[f"{y} bare"]
            warm[f"Actions / bare ({y})"] = medians["actions"] / medians[f"{y} bare"]
        if not self.cold_bytes["cold"]:  # --warm-only
            return warm
        sent = {key: [statistics.median(run[i] for run in runs) / 1e6 for i in (0, 1)] for key, runs in self.cold_bytes.items()}
        rows: dict[str, float] = {"cold first answer, Actions, ms": medians["cold"]}
        for y in YARDSTICKS:
            rows[f"cold bare boot ({y}), ms"] = medians[f"cold {y} bare"]
            rows[f"cold Actions / bare ({y})"] = medians["cold"] / medians[f"cold {y} bare"]
        rows["cold bytes before the answer, MB as sent"] = sent["cold"][0]
        rows["cold bytes before the answer, MB uncompressed"] = sent["cold"][1]
        for y in YARDSTICKS:
            rows[f"cold bare boot bytes ({y}), MB as sent"] = sent[f"cold {y} bare"][0]
        rows.update(limited)
        rows.update(self.numbers)
        rows["warm visits over 2 s (Dice + Actions, of 2 x runs)"] = sum(v > 2000 for key in ("dice", "actions") for v in self.results[key])
        return {**rows, **warm}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", action="append", metavar="NAME=PATH", help="a built site to measure, one column each "
                        "(the site's source tree is PATH's parent); default: before=../base/site after=site")
    parser.add_argument("--steps", action="store_true", help="also print where the warm visits spend their time")
    parser.add_argument("--warm-only", action="store_true", help="only the warm visits (no cold rounds, CPU-limited browser or update)")
    parser.add_argument("--limited-only", action="store_true", help="only the warm visits in the whole-browser CPU-limited browser")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    named = args.site or [f"before={ROOT.parent / 'base' / 'site'}", f"after={ROOT / 'site'}"]
    sites = {name: Path(path).resolve() for name, _, path in (item.partition("=") for item in named)}
    # Warm visits are interleaved, site after site in each round, so a busy moment of a shared
    # machine weighs on every column alike.
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
        browser = launch_chromium(playwright)
        limit = None if args.warm_only else WholeBrowserLimit(chromium_path(), Path(tmp))
        try:
            warm = returning_reader(playwright, chromium_path(), Path(tmp) / "warm-profile", LONG_TASKS)
            limited = limit and returning_reader(playwright, str(limit.executable), Path(tmp) / "limited-profile")
            runs = [SiteUnderTest(browser, warm, limited, name, built, Path(tmp)) for name, built in sites.items()]
            try:
                for _ in range(args.runs if limit and not args.limited_only else 0):
                    for run in runs:
                        run.cold_round()
                for run in runs:
                    run.first_visit()
                for _ in range(args.runs):
                    for run in runs:
                        run.warm_round(cdp_profile=not args.limited_only)
                for run in runs:
                    if limit and not args.limited_only:
                        run.update()
            finally:
                for run in runs:
                    run.close()
            warm.close()
            if limited:
                limited.close()
        finally:
            if limit:
                limit.close()
        browser.close()
    print_tables(sites, runs, args.runs, limit, steps=args.steps)


def print_tables(sites: dict[str, Path], runs: list[SiteUnderTest], count: int, limit: WholeBrowserLimit | None, *,
                 steps: bool) -> None:
    """The measures of every site, one column each; with `steps`, where the warm visits spent their time."""
    table = {run.name: run.table() for run in runs}
    at_steps = {run.name: {page: median_steps(visits) for page, visits in run.steps.items() if visits} for run in runs}
    print(f"Phone network: 9 Mbps down shared, 60 ms per answer; CPU: the page's main thread /{PHONE_CPU_RATE} (CDP)"
          f"{f', or the whole browser on {limit.label}' if limit else ''}; timings: median of {count} visits")
    print(f"| measure | {' | '.join(sites)} |")
    print(f"|---|{'---|' * len(sites)}")
    for key in next(iter(table.values())):
        cells = [table[name][key] for name in sites]
        text = [f"{v:.0f}" if isinstance(v, int) or key.endswith("ms") else f"{v:.2f}" for v in cells]
        print(f"| {key} | {' | '.join(text)} |")
    if steps:
        for name in sites:
            for page, at in at_steps[name].items():
                print(f"\n{name}, warm {page} (median ms from navigation start):")
                for step, ms in sorted(at.items(), key=lambda item: item[1] if "sum" not in item[0] else float("inf")):
                    print(f"  {ms:8.0f}  {step}")
        print_boot_steps(sites, at_steps, table)

# The warm engine's boot, step by step: (step, the worker's mark it ends at, the mark it starts from).
# Steps that overlap (the reads) each count from the worker's start.
BOOT_STEPS = (
    ("snapshot file read (OPFS: heap, and wasm, stdlib and lock file where stored with it)", "snapshot-file-read", "worker-run"),
    ("snapshot checked (SHA-256)", "snapshot-checked", "snapshot-file-read"),
    ("stdlib read through the precache, from the worker's start", "read python_stdlib.zip", "worker-run"),
    ("lock file read through the precache, from the worker's start", "read pyodide-lock.json", "worker-run"),
    ("Pyodide's script imported, from the worker's start", "script-imported", "worker-run"),
    ("wasm compiled, from the worker's start", "wasm-compiled", "worker-run"),
    ("restored (loadPyodide from the snapshot, its heap written)", "restored", "snapshot-checked"),
    ("self-test", "self-tested", "restored"),
    ("worker start -> self-tested", "self-tested", "worker-run"),
)


def print_boot_steps(sites: dict[str, Path], steps: dict[str, dict[str, dict[str, float]]], table: dict[str, dict[str, float]]) -> None:
    """Each warm boot step's own time (median ms) per site, and the bare boot of the same run as yardstick."""
    for page in ("Dice", "Actions", LIMITED):
        if not all(steps[name].get(page) for name in sites):
            continue
        print(f"\nwarm {page}, the engine's boot steps (ms, median):")
        print(f"| step | {' | '.join(sites)} |")
        print(f"|---|{'---|' * len(sites)}")
        for label, end, start in BOOT_STEPS:
            cells = []
            for name in sites:
                at = steps[name][page]
                end_ms, start_ms = at.get(f"worker: {end}"), at.get(f"worker: {start}")
                cells.append("-" if end_ms is None or start_ms is None else f"{end_ms - start_ms:.0f}")
            print(f"| {label} | {' | '.join(cells)} |")
        for y in YARDSTICKS:
            key = f"whole browser CPU-limited: warm bare boot ({y}), ms" if page == LIMITED else f"warm bare boot ({y}), ms"
            bare = [f"{table[name][key]:.0f}" for name in sites]
            print(f"| warm bare Pyodide boot ({y}) | {' | '.join(bare)} |")


if __name__ == "__main__":
    main()
