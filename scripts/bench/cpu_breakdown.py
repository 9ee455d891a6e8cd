"""Where a warm visit's CPU goes, thread by thread (not a test; a companion to bench_browser.py).

    .venv/bin/python scripts/bench/cpu_breakdown.py [--site PATH] [--page jovian-wars/v1.2.4/actions/] [--cpu-rate 1] [--top 25]

With the whole browser CPU-limited (bench_browser.py's phone), every thread shares the same quarter
core, so the first answer waits on the CPU all of them use, not on one step. This script serves a
copy of the built site, makes the first visit (the precache and the engine's snapshot saved), warms
the code caches with two visits, then records a Chrome trace of one more warm visit up to its first
answer and prints each thread's CPU time (its top-level tasks' thread time), then the events that
took the most time, by thread. --cpu-rate slows the page's main thread as bench_browser.py's CDP
profile does (4); the default 1 leaves it at full speed, so the totals add up as CPU time.
"""

from __future__ import annotations

import argparse
import collections
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.bench.bench_browser import ACTIONS, DICE, MARK, SETTLED, SNAPSHOT_SAVED, returning_reader  # noqa: E402
from scripts.counting_server import serve_counting  # noqa: E402
from scripts.chromium import chromium_path  # noqa: E402
from tests.site.conftest import wait_until  # noqa: E402

CATEGORIES = ",".join((
    "toplevel", "v8", "blink", "loading", "devtools.timeline", "disabled-by-default-devtools.timeline",
    "ServiceWorker", "CacheStorage", "disabled-by-default-v8.compile", "v8.wasm",
))
# Events that only wrap others: counted in the thread totals, not listed.
WRAPPERS = {"ThreadControllerImpl::RunTask", "RunTask", "RunNormalPriorityTask", "ThreadPool_RunTask"}


def first_answer(page, url: str) -> float:
    page.goto(url)
    return float(page.evaluate(MARK, "rules:first-answer")["at"])


def traced_warm_visit(site: Path, path: str, cpu_rate: float) -> tuple[list[dict], float]:
    """The trace events of one warm visit to `path`, up to its first answer, and that answer's time (ms)."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "site"
        shutil.copytree(site, copy)
        server, url, _ = serve_counting(copy)
        try:
            with sync_playwright() as playwright:
                context = returning_reader(playwright, chromium_path(), Path(tmp) / "profile")
                page = context.new_page()
                page.goto(url + DICE)
                page.evaluate(SETTLED)
                wait_until(page, SNAPSHOT_SAVED, 120_000)
                page.close()
                for _ in range(2):  # a returning reader's code caches
                    page = context.new_page()
                    first_answer(page, url + path)
                    page.close()
                page = context.new_page()
                session = context.new_cdp_session(page)
                if cpu_rate != 1:
                    session.send("Emulation.setCPUThrottlingRate", {"rate": cpu_rate})
                events: list[dict] = []
                complete: list[bool] = []
                session.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
                session.on("Tracing.tracingComplete", lambda _: complete.append(True))
                session.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
                at = first_answer(page, url + path)
                session.send("Tracing.end")
                while not complete:
                    page.wait_for_timeout(50)  # pumps the session until its Tracing.tracingComplete event
                context.close()
        finally:
            server.shutdown()
    return events, at


def report(events: list[dict], answer_ms: float, top: int) -> None:
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e["name"] == "thread_name"}
    processes = {e["pid"]: e["args"]["name"] for e in events if e.get("ph") == "M" and e["name"] == "process_name"}
    # Two threads of one name (the engine's worker and the theme's search worker are both "DedicatedWorker thread")
    # are told apart by their thread id.
    shared = {name for name, n in collections.Counter(threads.values()).items() if n > 1}
    thread_name = lambda e: threads.get((e["pid"], e["tid"]), str(e["tid"]))  # noqa: E731
    suffix = lambda e: f' #{e["tid"]}' if thread_name(e) in shared else ""  # noqa: E731
    where = lambda e: f'{processes.get(e["pid"], e["pid"])} / {thread_name(e)}{suffix(e)}'  # noqa: E731
    cpu: collections.Counter[str] = collections.Counter()
    wall: collections.Counter[str] = collections.Counter()
    named: collections.Counter[tuple[str, str]] = collections.Counter()
    for e in events:
        if e.get("ph") != "X" or "dur" not in e:
            continue
        if "toplevel" in e.get("cat", ""):
            cpu[where(e)] += e.get("tdur", e["dur"])
            wall[where(e)] += e["dur"]
        elif e["name"] not in WRAPPERS:
            named[(where(e), e["name"])] += e["dur"]
    print(f"first answer: {answer_ms:.0f} ms from navigation start; CPU by thread (top-level tasks' thread time, ms):")
    for thread, us in cpu.most_common():
        if us >= 1000:
            print(f"  {us / 1000:7.1f} cpu  {wall[thread] / 1000:7.1f} wall  {thread}")
    print(f"  {sum(cpu.values()) / 1000:7.1f} cpu in all")
    print(f"\nthe {top} events that took the most time (ms, nested events counted in each):")
    for (thread, name), us in named.most_common(top):
        print(f"  {us / 1000:7.1f}  {thread:45s} {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--page", default=ACTIONS)
    parser.add_argument("--cpu-rate", type=float, default=1)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    events, at = traced_warm_visit(args.site.resolve(), args.page, args.cpu_rate)
    report(events, at, args.top)


if __name__ == "__main__":
    main()
