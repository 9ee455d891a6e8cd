"""Benchmark the browser runtime on a phone, against a bare Pyodide boot measured in the same run (not a test).

    .venv/bin/python scripts/bench/bench_browser.py [--rounds 1] [--site before=PATH --site after=site ...] [--steps]
        [--limits 0.25,0.125] [--warm-only | --limited-only]

Each site (by default this tree's site; --site NAME=PATH as often as wanted, one column each) is copied
to a temporary folder and served by a server that counts every body byte it sends (page, workers,
service worker alike), as sent and uncompressed, and that plays a phone's network: 9 Mbps down shared
by every download, 60 ms before each answer (scripts/counting_server.py: CDP's network throttling would
miss the service worker's downloads). Every number below is measured on that network.

The yardstick, a bare Pyodide boot (a module worker: loadPyodide() from the npm package's files, then
1+1), is served from an origin of its own (another port), so no site's service worker, cache or storage
has a part in it, through the same phone network, two ways: "npm", the files as the package ships them,
and "npm, Brotli", the same files sent Brotli-compressed (Content-Encoding: br), as a bare site on a host
set up for it sends them.

The conditions, each a browser of its own (and a cold one beside it):
  phone         CDP slows the page's main thread 4x (Emulation.setCPUThrottlingRate: one target's
                thread only; its workers run at full speed)
  ¼ core, ⅛ core (--limits)  the whole browser, every process and thread of it (the engine's worker
                too), under one CPU quota (WholeBrowserLimit: a cgroup; the table's header says which
                and how often the kernel held the browser back)

  cold Actions          an empty profile each visit (no cache, no service worker): navigation start ->
                        the first live answer on the Actions page (the first Resolve tapped once the
                        page listens); beside it each bare boot, in an empty profile too
  warm Dice, Actions    a returning reader (a profile kept on disk, where V8 keeps its code caches),
                        after two unmeasured visits of each page (settle()): navigation start -> first
                        live answer; beside them each bare boot, its files in the HTTP cache
  engine restarts       per visit, the engine's worker starts after the first before the answer
                        (engine.js's window.rulesEngine.starts); a visit whose engine failed for good
                        (no try left) is counted apart
  warm boot             the engine's worker created -> its restore self-tested (the worker's timeline)
  warm floor            what a warm boot cannot skip, each step alone, in a module worker of the site's
                        origin in the same profile and round: the snapshot file read whole, the wasm
                        compiled from its bytes, the heap written into a new memory of its size
  cold bytes            everything sent before the cold first answer (and before each bare boot was
                        ready), as sent (precompressed copies where there are) and uncompressed
  first visit bytes     everything fetched by a first visit to the Dice page until the service
                        worker controls it (its precache complete) and the engine answered
  update bytes          then one sentence of one page is edited in the copy and the copy's own
                        post-build step rewrites sw.js; the browser checks for the new worker and
                        installs it: everything it fetched for that

Visits are interleaved: each round visits every site and the yardstick in turn, so a busy moment of a
shared machine weighs on every column alike. Timings are the median (min-max) of --rounds visits;
ratios divide medians measured under the same condition in the same run. --steps also prints where
the warm visits spend their time (ms from navigation start at which each step ended, and each step of
the warm engine's boot as its own time). --warm-only measures the warm visits alone (no cold visits,
no update; with --limits '' the phone's alone); --limited-only the CPU-limited browsers alone.
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
from collections import Counter, defaultdict
from dataclasses import dataclass, field
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
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const dir = new URL("./pyodide/", import.meta.url).href;
const pyodide = await loadPyodide({ indexURL: dir, stdout: () => {} });
pyodide.runPython("1+1");
postMessage("ready");"""
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
NPM_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# The yardsticks, each a folder of the yardstick's own origin: the npm package's files as it ships them, and the same
# files with a Brotli copy beside each (sent as Content-Encoding: br, as a host set up for it sends them).
YARDSTICKS = {"npm": ("npm/", False), "npm, Brotli": ("npm-br/", True)}
# The warm floor (issue 34): what a warm boot cannot skip, each step alone, in a module worker of the site's origin
# (where its snapshot is): the snapshot file read whole, the engine's wasm compiled (from its bytes: no code cache),
# the heap written into a new memory of its size. Its page marks "floor:done" with the three times on the mark.
FLOOR_HTML = """<!doctype html><meta charset="utf-8"><title>warm floor</title>
<script type="module">
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => performance.mark("floor:done", { detail: event.data });
</script>"""
FLOOR_WORKER = """import { copySnapshot } from "../assets/calculators/worker/snapshot-store.js";
const t0 = performance.now();
const directory = await (await navigator.storage.getDirectory()).getDirectoryHandle("rules-engine");
const access = await (await directory.getFileHandle("snapshot")).createSyncAccessHandle({ mode: "read-only" });
const all = new Uint8Array(access.getSize());
access.read(all, { at: 0 });
access.close();
const t1 = performance.now();
const length = new DataView(all.buffer).getUint32(0, true);
const header = JSON.parse(new TextDecoder().decode(all.subarray(4, 4 + length)));
const files = header.files || [];
const keptLength = all.length - 4 - length - files.reduce((sum, file) => sum + file.length, 0);
let at = 4 + length + keptLength;
let wasm = null;
for (const file of files) (file.url.endsWith("/pyodide.asm.wasm") && (wasm = all.subarray(at, at + file.length))), (at += file.length);
wasm ||= new Uint8Array(await (await fetch("../assets/pyodide/pyodide.asm.wasm")).arrayBuffer());
const t2 = performance.now();
await WebAssembly.compile(wasm);
const t3 = performance.now();
const memory = new WebAssembly.Memory({ initial: Math.ceil(header.size / 65536) });
copySnapshot(all.subarray(4 + length, 4 + length + keptLength), header.pages, 0, new Uint8Array(memory.buffer, 0, header.size));
const t4 = performance.now();
postMessage({ read: t1 - t0, compile: t3 - t2, heap: t4 - t3 });"""
FLOOR = "bench-floor/"
PHONE_CPU_RATE = 4
PHONE_BYTES_PER_S = 9_000_000 / 8
PHONE_LATENCY_S = 0.060
LIMITS = (0.25, 0.125)  # the whole browser's CPU limits, shares of one core (--limits)
# A phone: its screen and touch (Any: Playwright types each keyword apart).
CONTEXT: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# Waits for the mark `name`, or for the engine's final failure (no try left): {at, detail, starts} or {failed, starts}.
# starts: the engine's worker starts so far (engine.js's window.rulesEngine.starts; 1 where no engine ran).
MARK = """async (name) => {
  const engine = () => window.rulesEngine;
  const starts = () => engine()?.starts ?? 1;
  while (!performance.getEntriesByName(name).length) {
    if (engine()?.state === "error" && !engine().retrying) return { failed: engine().error, starts: starts() };
    await new Promise((r) => setTimeout(r, 20));
  }
  const entry = performance.getEntriesByName(name)[0];
  return { at: entry.startTime, detail: entry.detail ?? null, starts: starts() };
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


def core_name(share: float) -> str:
    return {0.25: "¼ core", 0.125: "⅛ core"}.get(share, f"{share:g} core")


class WholeBrowserLimit:
    """A Chromium to launch whose every process (workers, GPU and network processes included) shares `share` of one
    core: a cgroup CPU quota (cgroup v2 or v1; needs root), which the kernel applies to the group as a whole and every
    process Chromium forks inherits. CDP's Emulation.setCPUThrottlingRate slows one target's thread only (not the
    engine's worker), and cpulimit stops and starts a process tree with signals (coarse, and it misses processes
    forked later). Where no cgroup can be made: pinned to one core beside busy loops that leave it `share` of it.
    `executable` is a wrapper script that puts Chromium under the limit."""

    def __init__(self, chromium: str, tmp: Path, share: float, name: str) -> None:
        self.group: Path | None = None
        self.busy: list[subprocess.Popen[bytes]] = []
        period = 100_000
        quota = int(period * share)
        for root, setting, value in ((Path("/sys/fs/cgroup"), "cpu.max", f"{quota} {period}"),
                                     (Path("/sys/fs/cgroup/cpu"), "cpu.cfs_quota_us", str(quota))):
            group = root / f"bench-browser-{os.getpid()}-{name}"
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
            self.label = f"a cgroup CPU quota ({self.group})"
        else:
            start = f'exec taskset -c 0 {chromium} "$@"'
            loops = max(1, round(1 / share) - 1)
            self.busy = [subprocess.Popen(["taskset", "-c", "0", sys.executable, "-c", "while True: pass"]) for _ in range(loops)]
            self.label = f"one core, shared with {loops} busy loops"
        self.executable = tmp / f"chromium-{name}"
        self.executable.write_text(f"#!/bin/sh\n{start}\n")
        self.executable.chmod(0o755)

    def throttled(self) -> str:
        """The kernel's count of the periods in which the group used up its quota and waited: proof the limit bit."""
        if not self.group:
            return "no cgroup"
        stat = dict(line.split() for line in (self.group / "cpu.stat").read_text().splitlines() if len(line.split()) == 2)
        waited_s = int(stat.get("throttled_time", 0)) / 1e9 or int(stat.get("throttled_usec", 0)) / 1e6
        return f"throttled in {stat.get('nr_throttled')} of {stat.get('nr_periods')} periods, {waited_s:.0f} s held"

    def close(self) -> None:
        for busy in self.busy:
            busy.kill()
            busy.wait()
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


@dataclass
class Visit:
    """One visit, to its mark: ms from navigation start (None: the engine failed for good), when (time.time()),
    the engine's restarts before it (worker starts after the first), the mark's detail, the steps (--steps)."""

    at: float | None
    epoch_s: float
    restarts: int
    detail: Any = None
    steps: dict[str, float] | None = None


def visit(context, url: str, mark: str, *, cpu_profile: bool = False, steps: bool = False) -> Visit:
    """Open url and wait for `mark` (or the engine's final failure)."""
    page = context.new_page()
    try:
        if cpu_profile:
            phone(page)
        page.goto(url, wait_until="commit")
        seen = page.evaluate(MARK, mark)
        if "failed" in seen:
            print(f"  {url}: the engine failed for good ({seen['failed']})", flush=True)
            return Visit(None, time.time(), seen["starts"] - 1)
        epoch_s = (page.evaluate("() => performance.timeOrigin") + seen["at"]) / 1000
        return Visit(seen["at"], epoch_s, seen["starts"] - 1, seen["detail"], page.evaluate(STEPS) if steps else None)
    finally:
        page.close()


def median_steps(visits: list[dict[str, float]]) -> dict[str, float]:
    names = [name for name in visits[0] if all(visit.get(name) is not None for visit in visits)]
    return {name: statistics.median(visit[name] for visit in visits) for name in names}


class Yardstick:
    """The bare boot, served from an origin of its own (another port of 127.0.0.1: no site's service worker, cache
    or storage has a part in it), through the same phone network: the npm package's files as it ships them, and the
    same files beside their Brotli copies (scripts/build/precompress.py's, cached as the build's are)."""

    def __init__(self, tmp: Path) -> None:
        from scripts.build.precompress import compressed

        root = tmp / "yardstick"
        self.urls: dict[str, str] = {}
        for folder, brotli in YARDSTICKS.values():
            (root / folder / "pyodide").mkdir(parents=True)
            (root / folder / "index.html").write_text(BARE_HTML, encoding="utf-8")
            (root / folder / "worker.js").write_text(BARE_WORKER, encoding="utf-8")
            for file in NPM_FILES:
                shutil.copy(NPM_PYODIDE / file, root / folder / "pyodide" / file)
                if brotli:
                    (root / folder / "pyodide" / f"{file}.br").write_bytes(compressed((NPM_PYODIDE / file).read_bytes(), ".br"))
        self.server, url, self.log = serve_counting(root, Link(PHONE_BYTES_PER_S, PHONE_LATENCY_S))
        self.urls = {name: url + folder for name, (folder, _) in YARDSTICKS.items()}

    def close(self) -> None:
        self.server.shutdown()


PHONE_PROFILE = "phone"  # the condition of the CDP-slowed browsers (the others are named by their CPU share)


@dataclass
class Browsers:
    """The browsers every site is visited in: `cold` (an empty context each visit) and `warm` (a returning reader) on
    the phone profile (CDP slows the page's main thread), and per whole-browser CPU limit its own pair."""

    cold: Any
    warm: Any
    limited_cold: dict[str, Any] = field(default_factory=dict)
    limited_warm: dict[str, Any] = field(default_factory=dict)


    def cold_ones(self) -> list[tuple[str, Any]]:
        return [*([(PHONE_PROFILE, self.cold)] if self.cold else []), *self.limited_cold.items()]

    def warm_ones(self) -> list[tuple[str, Any]]:
        return [*([(PHONE_PROFILE, self.warm)] if self.warm else []), *self.limited_warm.items()]


FLOOR_PARTS = ("read", "compile", "heap")
Key = tuple[str, str]  # (condition: PHONE_PROFILE or a CPU share, what was measured)


class SiteUnderTest:
    """One built site, copied, served on its own origin and visited: cold in an empty profile each time, warm as a
    returning reader, in each condition; the yardstick and the warm floor visited beside it in the same rounds."""

    def __init__(self, browsers: Browsers, yardstick: Yardstick, name: str, built: Path, tmp: Path) -> None:
        self.name, self.tree = name, built.parent
        self.browsers, self.yardstick = browsers, yardstick
        self.site = tmp / name
        shutil.copytree(built, self.site)
        (self.site / FLOOR).mkdir()
        (self.site / FLOOR / "index.html").write_text(FLOOR_HTML, encoding="utf-8")
        (self.site / FLOOR / "worker.js").write_text(FLOOR_WORKER, encoding="utf-8")
        self.server, self.url, self.log = serve_counting(self.site, Link(PHONE_BYTES_PER_S, PHONE_LATENCY_S))
        self.results: dict[Key, list[float]] = defaultdict(list)
        self.restarts: dict[Key, list[int]] = defaultdict(list)
        self.failed: Counter[Key] = Counter()
        self.cold_bytes: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self.steps: dict[Key, list[dict[str, float]]] = defaultdict(list)
        self.numbers: dict[str, float] = {}

    def record(self, condition: str, what: str, seen: Visit) -> Visit:
        self.restarts[(condition, what)].append(seen.restarts)
        if seen.at is None:
            self.failed[(condition, what)] += 1
        else:
            self.results[(condition, what)].append(seen.at)
        if seen.steps:
            self.steps[(condition, what)].append(seen.steps)
            tested, created = seen.steps.get("worker: self-tested"), seen.steps.get("worker: worker-created")
            if tested is not None and created is not None:  # a warm boot (restored, self-tested): from the worker's creation
                self.results[(condition, f"{what}: warm boot")].append(tested - created)
        return seen

    def first_visit(self) -> None:
        for condition, context in self.browsers.warm_ones():
            self.log.clear()
            page = context.new_page()
            page.goto(self.url + DICE)
            page.evaluate(SETTLED)
            if condition == PHONE_PROFILE:
                self.numbers["first visit, MB"] = self.log.total_bytes() / 1e6
                self.numbers["first visit, requests"] = len(self.log.paths())
            wait_until(page, SNAPSHOT_SAVED, 600_000)
            page.close()
            print(f"{self.name}: first visit settled ({condition})", flush=True)
            self.settle(context, condition == PHONE_PROFILE)

    def settle(self, context, cpu_profile: bool) -> None:
        """SETTLING_VISITS unmeasured visits of each page and bare boot, so the warm ones measured are a returning
        reader's steady state, not a second or third visit: V8 keeps a script's compiled code only from its second
        or third load (measured on the quarter core: the site-files bare boot took 11.6 s on its second load, 6.3 s
        from its third on; Actions 4.2-5.5 s on its first three, 3.7-3.9 s after)."""
        for _ in range(SETTLING_VISITS):
            for url in (self.url + DICE, self.url + ACTIONS):
                visit(context, url, "rules:first-answer", cpu_profile=cpu_profile)
            for url in self.yardstick.urls.values():
                visit(context, url, "bare:ready", cpu_profile=cpu_profile)

    def cold_round(self) -> None:
        """An empty profile each, in each condition: Actions to its first answer, then each bare boot."""
        targets = [("cold Actions", self.url + ACTIONS, "rules:first-answer", self.log)]
        targets += [(f"cold {y} bare", url, "bare:ready", self.yardstick.log) for y, url in self.yardstick.urls.items()]
        for condition, browser in self.browsers.cold_ones():
            said = []
            for what, url, mark, log in targets:
                context = phone_context(browser)
                try:
                    log.clear()
                    seen = self.record(condition, what, visit(context, url, mark, cpu_profile=condition == PHONE_PROFILE))
                    if condition == PHONE_PROFILE and seen.at is not None:
                        self.cold_bytes[what].append(log.bytes_before(seen.epoch_s))
                finally:
                    context.close()
                said.append(f"{what} {'failed' if seen.at is None else f'{seen.at:.0f} ms'} ({seen.restarts} restarts)")
            print(f"{self.name}, {condition}: {', '.join(said)}", flush=True)

    def warm_round(self) -> None:
        """In each condition: the pages (their steps kept), the warm floor, each bare boot."""
        for condition, context in self.browsers.warm_ones():
            cpu = condition == PHONE_PROFILE
            said = []
            for what, path in ([("warm Dice", DICE)] if cpu else []) + [("warm Actions", ACTIONS)]:
                seen = self.record(condition, what, visit(context, self.url + path, "rules:first-answer", cpu_profile=cpu, steps=True))
                said.append(f"{what} {'failed' if seen.at is None else f'{seen.at:.0f} ms'} ({seen.restarts} restarts)")
            floor = visit(context, self.url + FLOOR, "floor:done").detail
            for part in FLOOR_PARTS:
                self.results[(condition, f"warm floor: {part}")].append(floor[part])
            self.results[(condition, "warm floor")].append(sum(floor[part] for part in FLOOR_PARTS))
            said.append(f"floor {sum(floor.values()):.0f} ms")
            for y, url in self.yardstick.urls.items():
                seen = self.record(condition, f"warm {y} bare", visit(context, url, "bare:ready", cpu_profile=cpu))
                said.append(f"{y} bare {seen.at:.0f} ms")
            print(f"{self.name}, {condition}: {', '.join(said)}", flush=True)

    def update(self) -> None:
        edit_one_sentence(self.site)
        rewrite_service_worker(self.tree, self.site)
        self.log.clear()
        assert self.browsers.warm
        quiet = self.browsers.warm.new_page()  # a page with no scripts of the site's own, so no reload interrupts it
        quiet.goto(self.url + "assets/pyodide/pyodide-lock.json")
        state = quiet.evaluate(UPDATE)
        assert state in ("installed", "activating", "activated"), f"{self.name}: the update did not install ({state})"
        sent = [item for item in self.log.sent if not item.path.startswith("/bench-")]  # not the floor's page
        self.numbers["one-sentence update, MB"] = sum(item.bytes for item in sent) / 1e6
        self.numbers["one-sentence update, requests"] = len(sent)
        print(f"{self.name}: the update fetched {[item.path for item in sent] if len(sent) < 10 else f'{len(sent)} files'}")

    def close(self) -> None:
        self.server.shutdown()

    def table(self) -> dict[str, Cell]:
        """Every measure, by row: timings as their values (a median and spread), ratios of medians, restarts per visit."""
        rows: dict[str, Cell] = {}
        conditions = dict.fromkeys(condition for condition, _ in (*self.results, *self.restarts))
        for condition in conditions:
            for temper in ("cold", "warm"):
                rows.update(self.rows(condition, temper))
        if self.cold_bytes:
            sent = {what: [statistics.median(run[i] for run in runs) / 1e6 for i in (0, 1)] for what, runs in self.cold_bytes.items()}
            rows["phone: cold bytes before the answer, MB as sent / uncompressed"] = f"{sent['cold Actions'][0]:.2f} / {sent['cold Actions'][1]:.2f}"
            for y in YARDSTICKS:
                rows[f"phone: cold bare boot bytes ({y}), MB as sent"] = sent[f"cold {y} bare"][0]
        rows.update(self.numbers)
        return rows

    def rows(self, condition: str, temper: str) -> dict[str, Cell]:
        """The rows of one condition's cold or warm visits: each page, each yardstick, the ratios, the restarts, and
        (warm) the floor and the warm boot against it."""
        results: dict[Key, list[float]] = self.results
        rows: dict[str, Cell] = {}
        pages = [what for c, what in results if c == condition and what in (f"{temper} Dice", f"{temper} Actions")]
        for what in pages:
            rows[f"{condition}: {what}, first answer ms"] = results[(condition, what)]
            for y in YARDSTICKS:
                bare = results.get((condition, f"{temper} {y} bare"))
                if bare:
                    rows[f"{condition}: {what} / {temper} bare ({y})"] = statistics.median(results[(condition, what)]) / statistics.median(bare)
            rows[f"{condition}: {what}, engine restarts per visit"] = " ".join(map(str, self.restarts[(condition, what)]))
            if self.failed[(condition, what)]:
                rows[f"{condition}: {what}, visits whose engine failed for good"] = self.failed[(condition, what)]
        for y in YARDSTICKS:
            if (condition, f"{temper} {y} bare") in results:
                rows[f"{condition}: {temper} bare boot ({y}), ms"] = results[(condition, f"{temper} {y} bare")]
        floor = results.get((condition, "warm floor"))
        if temper == "warm" and floor:
            for part in FLOOR_PARTS:
                rows[f"{condition}: warm floor, {part} ms"] = results[(condition, f"warm floor: {part}")]
            rows[f"{condition}: warm floor (read + compile + heap), ms"] = floor
            boot = results.get((condition, "warm Actions: warm boot"))
            if boot:
                rows[f"{condition}: warm boot (Actions: worker created -> self-tested), ms"] = boot
                rows[f"{condition}: warm boot / warm floor"] = statistics.median(boot) / statistics.median(floor)
        return rows


Cell = float | int | str | list[float]


def cell(value: Cell) -> str:
    """A table cell: timings as their median (min-max), a ratio to two places, counts and words as they are."""
    if isinstance(value, list):
        median = f"{statistics.median(value):.0f}" if value else "-"
        return f"{median} ({min(value):.0f}-{max(value):.0f})" if len(value) > 1 else median
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=1, help="rounds of visits, each site and yardstick in turn (default 1)")
    parser.add_argument("--site", action="append", metavar="NAME=PATH", help="a built site to measure, one column each "
                        "(the site's source tree is PATH's parent); default: this tree's site")
    parser.add_argument("--steps", action="store_true", help="also print where the warm visits spend their time")
    parser.add_argument("--warm-only", action="store_true", help="only the warm visits (no cold ones, no update); "
                        "with --limits '' the phone's alone")
    parser.add_argument("--limited-only", action="store_true", help="only the visits in the whole-browser CPU-limited browsers")
    parser.add_argument("--limits", default=",".join(f"{share:g}" for share in LIMITS), help="the whole browser's CPU limits, "
                        "shares of one core, comma-separated (default %(default)s; empty: none)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    named = args.site or [f"after={ROOT / 'site'}"]
    sites = {name: Path(path).resolve() for name, _, path in (item.partition("=") for item in named)}
    shares = [float(share) for share in args.limits.split(",") if share]
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
        limits = [WholeBrowserLimit(chromium_path(), Path(tmp), share, f"{i}-{how}") for i, share in enumerate(shares) for how in ("cold", "warm")]
        yardstick = Yardstick(Path(tmp))
        browsers = Browsers(None, None)
        try:
            browsers.cold = None if args.warm_only or args.limited_only else launch_chromium(playwright)
            browsers.warm = None if args.limited_only else returning_reader(playwright, chromium_path(), Path(tmp) / "warm", LONG_TASKS)
            for share, cold, warm in zip(shares, limits[::2], limits[1::2]):
                if not args.warm_only:
                    browsers.limited_cold[core_name(share)] = playwright.chromium.launch(
                        executable_path=str(cold.executable), args=CHROMIUM_FLAGS, headless=True)
                browsers.limited_warm[core_name(share)] = returning_reader(playwright, str(warm.executable), Path(tmp) / f"warm-{share:g}")
            runs = [SiteUnderTest(browsers, yardstick, name, built, Path(tmp)) for name, built in sites.items()]
            measure(runs, args.rounds, update=bool(browsers.cold))
            said = [f"{core_name(share)}: {warm.label}, {warm.throttled()}" for share, warm in zip(shares, limits[1::2])]
        finally:  # the browsers first: a cgroup is removed only once no process is left in it
            for browser in (browsers.cold, browsers.warm, *browsers.limited_cold.values(), *browsers.limited_warm.values()):
                if browser:
                    browser.close()
            yardstick.close()
            for limit in limits:
                limit.close()
    print_tables(sites, runs, args.rounds, said, steps=args.steps)


def measure(runs: list[SiteUnderTest], rounds: int, *, update: bool) -> None:
    """Every round visits each site in turn, so a busy moment of a shared machine weighs on every column alike."""
    try:
        for _ in range(rounds):
            for run in runs:
                run.cold_round()
        for run in runs:
            run.first_visit()
        for _ in range(rounds):
            for run in runs:
                run.warm_round()
        for run in runs if update else ():
            try:
                run.update()
            except (AssertionError, subprocess.CalledProcessError) as error:  # the measures so far are still printed
                print(f"{run.name}: the update was not measured ({error})", flush=True)
    finally:
        for run in runs:
            run.close()


def print_tables(sites: dict[str, Path], runs: list[SiteUnderTest], rounds: int, limits: list[str], *, steps: bool) -> None:
    """The measures of every site, one column each; with `steps`, where the warm visits spent their time."""
    table = {run.name: run.table() for run in runs}
    print(f"\nPhone network: 9 Mbps down shared, 60 ms per answer, for every origin. \"{PHONE_PROFILE}\": the page's main "
          f"thread /{PHONE_CPU_RATE} (CDP), its workers at full speed. Whole browser CPU-limited: "
          f"{'; '.join(limits) or 'none'}. Yardstick: a bare Pyodide boot on its own origin. Timings: median (min-max) of "
          f"{rounds} round(s); ratios: of medians, in the same run.")
    print(f"| measure | {' | '.join(sites)} |")
    print(f"|---|{'---|' * len(sites)}")
    keys = dict.fromkeys(key for rows in table.values() for key in rows)
    for key in keys:
        print(f"| {key} | {' | '.join(cell(table[name].get(key, '-')) for name in sites)} |")
    if steps:
        at_steps = {run.name: {key: median_steps(visits) for key, visits in run.steps.items() if visits} for run in runs}
        for name in sites:
            for (condition, what), at in at_steps[name].items():
                print(f"\n{name}, {condition}, {what} (median ms from navigation start):")
                for step, ms in sorted(at.items(), key=lambda item: item[1] if "sum" not in item[0] else float("inf")):
                    print(f"  {ms:8.0f}  {step}")
        print_boot_steps(sites, at_steps)

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
    ("restored, from the worker's start", "restored", "worker-run"),
    ("self-test", "self-tested", "restored"),
    ("worker created -> worker runs (its scripts loaded)", "worker-run", "worker-created"),
    ("worker start -> self-tested", "self-tested", "worker-run"),
)


def print_boot_steps(sites: dict[str, Path], steps: dict[str, dict[Key, dict[str, float]]]) -> None:
    """Each warm boot step's own time (median ms) per site."""
    for key in dict.fromkeys(key for at in steps.values() for key in at):
        if not all(steps[name].get(key) for name in sites):
            continue
        print(f"\n{key[0]}, {key[1]}: the engine's boot steps (ms, median):")
        print(f"| step | {' | '.join(sites)} |")
        print(f"|---|{'---|' * len(sites)}")
        for label, end, start in BOOT_STEPS:
            cells = []
            for name in sites:
                at = steps[name][key]
                end_ms, start_ms = at.get(f"worker: {end}"), at.get(f"worker: {start}")
                cells.append("-" if end_ms is None or start_ms is None else f"{end_ms - start_ms:.0f}")
            print(f"| {label} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
