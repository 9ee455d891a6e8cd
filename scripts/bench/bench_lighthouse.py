"""Lighthouse's mobile audit of a built site: the four category scores and Total Blocking Time.

A benchmark, not a test (run it on a quiet machine). It serves the site directory on 127.0.0.1
(scripts/static_server.py, as the tests do), runs the pinned npm `lighthouse` with Debian's
Chromium on the home, Actions, Damage, Dice, Dogfight, galley aid and changes pages (--pages picks
some), --runs times each (3: the issue's measure is the median of 3), and prints one row per page,
each number the median of its runs:

    .venv/bin/python scripts/bench/bench_lighthouse.py                      # site/ (after)
    .venv/bin/python scripts/bench/bench_lighthouse.py --site ../base/site  # another build (before)

Nothing leaves the machine: Chromium starts with its background networking off and a host
resolver that maps every name but 127.0.0.1 to nowhere, and the script checks Lighthouse's own
list of the page's requests for any other origin (and says so if it finds one).
Scores vary from run to run with the machine's load: compare builds measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.static_server import serve_in_background  # noqa: E402
from scripts.chromium import CHROMIUM_FLAGS, chromium_path  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
PAGES = {"home": "", "actions": "jovian-wars/v1.2.4/actions/", "damage": "jovian-wars/v1.2.4/damage/", "dice": "dice/",
         "dogfight": "jovian-wars/v1.2.4/dogfight/", "galley": "war-galley/aid/attack-modes/", "changes": "jovian-wars/changes/"}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROME_FLAGS = [
    "--headless=new",
    *CHROMIUM_FLAGS,  # the browser tests' no-network flags, one list
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",  # and no other host resolves at all
]


def audit(url: str) -> dict:
    """Lighthouse's JSON report of one page, mobile form factor with its default throttling."""
    if not LIGHTHOUSE.exists():
        sys.exit("node_modules/lighthouse is missing: run scripts/setup (npm ci)")
    command = [
        "node", str(LIGHTHOUSE), url,
        "--output=json", "--output-path=stdout", "--quiet",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={' '.join(CHROME_FLAGS)}",
    ]
    done = subprocess.run(command, env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH") or chromium_path()}, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"lighthouse failed on {url}:\n{done.stderr[-2000:]}")
    report: dict = json.loads(done.stdout)
    return report


def foreign_requests(report: dict, origin: str) -> list[str]:
    """Every request the page made to anywhere but the served origin (data: and blob: are local)."""
    items = report["audits"].get("network-requests", {}).get("details", {}).get("items", [])
    return [item["url"] for item in items if not item["url"].startswith((origin, "data:", "blob:"))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site to serve (default: site/)")
    parser.add_argument("--pages", nargs="+", choices=sorted(PAGES), default=list(PAGES))
    parser.add_argument("--keep", type=Path, help="also write each page's full JSON report into this folder")
    parser.add_argument("--runs", type=int, default=3, help="audits of each page (the median is printed)")
    args = parser.parse_args()
    if not (args.site / "index.html").exists():
        sys.exit(f"{args.site} holds no built site: run scripts/build_site.py")

    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    server, base = serve_in_background(args.site)
    origin = base.rstrip("/")
    print(f"Lighthouse {json.loads((LIGHTHOUSE.parent.parent / 'package.json').read_text())['version']}, mobile, {args.site}, median of {args.runs}")
    print(f"{'page':10} {'perf':>5} {'a11y':>5} {'best':>5} {'seo':>5} {'TBT ms':>8}")
    try:
        for name in args.pages:
            reports = [audit(base + PAGES[name]) for _ in range(args.runs)]
            failed = sorted({key for report in reports for key, audit_ in report["audits"].items()
                             if audit_.get("score") == 0 and key in {ref["id"] for ref in report["categories"]["accessibility"]["auditRefs"]}})
            if args.keep:
                for run, report in enumerate(reports, 1):
                    (args.keep / f"lighthouse-{name}-{run}.json").write_text(json.dumps(report), encoding="utf-8")
            scores = [[report["categories"][key]["score"] for report in reports] for key in CATEGORIES]
            tbt = statistics.median(report["audits"]["total-blocking-time"]["numericValue"] for report in reports)
            row = " ".join(f"{round(statistics.median(runs) * 100) if None not in runs else '-':>5}" for runs in scores)
            performance = "/".join(str(round(score * 100)) for score in scores[0]) if None not in scores[0] else "-"
            print(f"{name:10} {row} {tbt:8.0f}  (performance each run: {performance})" + (f"  a11y fails: {' '.join(failed)}" if failed else ""))
            foreign = sorted({url for report in reports for url in foreign_requests(report, origin)})
            if foreign:
                print(f"  requests to another origin: {foreign}")
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
