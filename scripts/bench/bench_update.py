"""What a one-sentence update of the rules costs a reader who has the site offline, before and after a change.

    .venv/bin/python scripts/bench/bench_update.py                 # this tree, and main, one run each
    .venv/bin/python scripts/bench/bench_update.py --before REV    # against another revision
    .venv/bin/python scripts/bench/bench_update.py --before ''     # this tree alone

Each tree builds the site twice, from a scratch copy of its sources (docs/, overrides/, mkdocs.yml) with its own
scripts/build_site.py: as it is, then with one sentence of one rules page changed (EDITED_PAGE). A revision is taken
with `git archive` into a scratch folder (this tree's node_modules and compression cache lent to it). Chromium visits
the first build until it says "Available offline"; the server then serves the second, the page is opened again, and
the service worker installs the update. Printed: the files whose bytes changed, and the update's requests with the
bytes sent. The server sends the .gz copies (the .br ones are left out, as a host that gzips); sw.js, which the
server writes for its host, is counted as sent, uncompressed. tests/site/test_update_cost.py holds the same figures
to their bound.
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if __package__ in (None, ""):  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scripts.counting_server import RequestLog, Sent, serve_counting  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
EDITED_PAGE = "jovian-wars/v1.2.4/damage.md"
"""The rules page whose sentence the update changes: its introduction, which is no rules entry's text (an entry's
changed text stops the build until its resolver is reviewed again)."""
SENTENCE = "All models have a Structure Rating that indicate how much damage they can sustain."
NEW_SENTENCE = "Every model has a Structure Rating: the damage it can sustain."
VISITED = "dice/"
"""The page the reader has open: it has resolvers, so the service worker's install waits for its engine."""
COPIES = (".br", ".gz")


def build(tree: Path, project: Path, site: Path, built_at: int) -> None:
    """The site of `project`'s sources, built into `site` by `tree`'s scripts/build_site.py on the day of `built_at`
    (SOURCE_DATE_EPOCH: the sitemap's dates; two builds either side of midnight would differ there too)."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(built_at), "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, str(tree / "scripts" / "build_site.py"), "--config", str(project / "mkdocs.yml"),
               "--site-dir", str(site)]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the build of {project} by {tree} failed: {done.stderr}")


def build_twice(tree: Path, scratch: Path) -> tuple[Path, Path]:
    """The site built by `tree` as it is, then with EDITED_PAGE's sentence changed: (first, second)."""
    project = scratch / "project"
    shutil.copytree(tree / "docs", project / "docs")
    shutil.copytree(tree / "overrides", project / "overrides")
    shutil.copy(tree / "mkdocs.yml", project / "mkdocs.yml")
    first, second = scratch / "first", scratch / "second"
    built_at = int(time.time())
    build(tree, project, first, built_at)
    page = project / "docs" / EDITED_PAGE
    text = page.read_text(encoding="utf-8")
    assert text.count(SENTENCE) == 1, f"{EDITED_PAGE} no longer has the sentence the update changes"
    page.write_text(text.replace(SENTENCE, NEW_SENTENCE), encoding="utf-8")
    build(tree, project, second, built_at)
    return first, second


def files_of(site: Path) -> dict[str, bytes]:
    """Every file of a build but the compressed copies (the same files on the wire), by its path in the site."""
    return {path.relative_to(site).as_posix(): path.read_bytes()
            for path in site.rglob("*") if path.is_file() and not path.name.endswith(COPIES)}


def changed_files(first: Path, second: Path) -> list[str]:
    """The files added, removed or whose bytes differ between two builds, sorted."""
    old, new = files_of(first), files_of(second)
    return sorted(name for name in old.keys() | new.keys() if old.get(name) != new.get(name))


def gzip_host_copy(site: Path, into: Path) -> Path:
    """A copy of the build as a host that gzips serves it: without the .br copies."""
    shutil.copytree(site, into, ignore=shutil.ignore_patterns("*.br"))
    return into


@contextmanager
def updated_visit(browser: Browser, first: Path, second: Path, scratch: Path,
                  wait_ms: float = 600_000) -> Iterator[tuple[Page, str, list[Sent]]]:
    """A reader's tab offline with `first`; the host then serves `second` and the tab opens VISITED again. Yields the
    page (its update installed, waiting for the reader), the site's URL, and the requests the update made. Each wait
    (offline, the update installed) ends after `wait_ms`."""
    served = scratch / "served"
    old, new = gzip_host_copy(first, scratch / "host-first"), gzip_host_copy(second, scratch / "host-second")
    served.symlink_to(old)
    server, url, log = serve_counting(served)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(url + VISITED)
        page.locator("[data-offline]").filter(has_text="Available offline").wait_for(timeout=wait_ms)
        served.unlink()
        served.symlink_to(new)
        log.clear()
        page.goto(url + VISITED)  # the old worker serves the old page; the browser finds the new sw.js
        page.get_by_role("button", name="New rules available — reload").wait_for(timeout=wait_ms)
        yield page, url, sent_of(log)
    finally:
        context.close()
        server.shutdown()
        served.unlink()


def sent_of(log: RequestLog) -> list[Sent]:
    with log.lock:
        return list(log.sent)


def report(name: str, changed: list[str], sent: list[Sent]) -> str:
    lines = [f"{name}: {len(changed)} files changed: {', '.join(changed)}",
             f"  the update: {len(sent)} requests, {sum(s.bytes for s in sent)} bytes sent "
             f"({sum(s.identity_bytes for s in sent)} uncompressed)"]
    lines += [f"    {s.status} {s.path}: {s.bytes} bytes" for s in sent]
    return "\n".join(lines)


def tree_at(revision: str, scratch: Path) -> Path:
    """The tracked files of `revision` in scratch, with this tree's node_modules and compression cache."""
    tree = scratch / "tree"
    tree.mkdir()
    archive = subprocess.run(["git", "archive", "--format=tar", revision], cwd=ROOT, capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(tree, filter="data")
    (tree / "node_modules").symlink_to(ROOT / "node_modules")
    (ROOT / "build").mkdir(exist_ok=True)
    (tree / "build").symlink_to(ROOT / "build")
    return tree


def measure(name: str, tree: Path, scratch: Path) -> str:
    from playwright.sync_api import sync_playwright

    from scripts.bench.harness import launch_chromium

    first, second = build_twice(tree, scratch)
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            with updated_visit(browser, first, second, scratch) as (_page, _url, sent):
                return report(name, changed_files(first, second), sent)
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", default="main", help="the revision to compare with ('' for none; default: main)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-update-") as tmp:
        scratch = Path(tmp)
        if args.before:
            (scratch / "before").mkdir()
            print(measure(f"before ({args.before})", tree_at(args.before, scratch / "before"), scratch / "before"),
                  flush=True)
        (scratch / "after").mkdir()
        print(measure("after (this tree)", ROOT, scratch / "after"), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
