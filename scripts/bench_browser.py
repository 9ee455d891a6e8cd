"""Benchmark the live resolvers in one Chromium session (not a test): medians over several runs.

    .venv/bin/python scripts/bench_browser.py [--runs 5] [--site site]

Measured per run, each from a fresh browser profile:
  first paint      navigation start -> first contentful paint of the Dice page
  cold answer      navigation start -> first live answer, nothing cached (engine boot included)
  warm answer      the same, on a second visit served by the service worker's cache
  instant nav      click on a link -> Material has swapped the War Galley page in, and from
                   then -> the Ram widget's first live answer (same engine, 12 widgets mounting)
  bytes            a first visit to the Dice page up to its first live answer, and the whole
                   precache, each file gzip -9 compressed (what a compressing server would send)
Targets: warm <= 1 s, instant navigation < 100 ms, cold <= 3 s.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.static_server import serve_in_background  # noqa: E402
from tests.site.conftest import CHROMIUM_FLAGS, chromium_path  # noqa: E402

DICE = "dice/"
GALLEY = "war-galley/aid/attack-modes/"
FIRST_ANSWER = """async () => {
  while (!performance.getEntriesByName("rules:first-answer").length) await new Promise(r => setTimeout(r, 10));
  return performance.getEntriesByName("rules:first-answer")[0].startTime;
}"""
FIRST_PAINT = """async () => {
  while (!performance.getEntriesByName("first-contentful-paint").length) await new Promise(r => setTimeout(r, 10));
  return performance.getEntriesByName("first-contentful-paint")[0].startTime;
}"""
INSTANT = """async (url) => {
  const root = '[data-resolver="war-galley/aid/ram"]';
  const a = document.createElement("a"); a.href = url; a.textContent = "go";
  document.querySelector("article").prepend(a);
  const t0 = performance.now();
  a.click();
  while (!document.querySelector(root)) await new Promise(r => requestAnimationFrame(r));
  const swapped = performance.now();
  while (!document.querySelector(root + ' [data-region="odds"][data-live]')) await new Promise(r => requestAnimationFrame(r));
  return [swapped - t0, performance.now() - swapped];
}"""


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 9, mtime=0))


def local_file(site: Path, url: str) -> Path | None:
    path = urlsplit(url).path.lstrip("/")
    candidate = site / (path + "index.html" if path.endswith("/") or not path else path)
    return candidate if candidate.is_file() else None


def one_run(browser, url: str, site: Path) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    requested: list[str] = []
    try:
        page = context.new_page()
        page.on("request", lambda request: requested.append(request.url))  # the page and its worker, not the precache
        page.goto(url + DICE)
        paint = page.evaluate(FIRST_PAINT)
        cold = page.evaluate(FIRST_ANSWER)
        first_visit = sum(gzip_size(f) for u in dict.fromkeys(requested) if (f := local_file(site, u)))
        page.wait_for_selector('[data-offline="ready"]', timeout=120_000)
        page.close()
        page = context.new_page()
        page.goto(url + DICE)
        warm = page.evaluate(FIRST_ANSWER)
        boot = page.evaluate("[window.rulesEngine.bootMs, window.rulesEngine.bootFrom]")
        swap, answer = page.evaluate(INSTANT, url + GALLEY)
        starts = page.evaluate("window.rulesEngine.starts")
        assert starts == 1, f"instant navigation started {starts} engines"
        return {
            "first paint": paint,
            "cold answer": cold,
            "warm answer": warm,
            f"warm: engine boot ({boot[1]})": boot[0],
            "instant nav: click -> page swapped (Material)": swap,
            "instant nav: page swapped -> live answer": answer,
            "first-visit bytes": first_visit,
        }
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve_in_background(args.site)
    runs = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS, headless=True)
        for _ in range(args.runs):
            runs.append(one_run(browser, url, args.site))
        browser.close()
    server.shutdown()
    precache = sum(gzip_size(p) for p in args.site.rglob("*") if p.is_file())
    print(f"| measure ({args.runs} runs) | median | min | max |")
    print("|---|---|---|---|")
    for key in runs[0]:
        values = [run[key] for run in runs]
        unit = "kB" if "bytes" in key else "ms"
        scale = 1 / 1000 if unit == "kB" else 1
        print(f"| {key} | {statistics.median(values) * scale:.0f} {unit} | {min(values) * scale:.0f} | {max(values) * scale:.0f} |")
    print(f"| whole precache, gzip | {precache / 1000:.0f} kB | | |")


if __name__ == "__main__":
    main()
