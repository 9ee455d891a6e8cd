"""Live reload for `scripts/serve`: rebuild the site when its sources change, then reload the open pages.

Neither generator's own live reload fits this site: `mkdocs serve` injects an inline script, which
every page's Content-Security-Policy refuses, and neither runs the finishing steps (the engine, the
calculators, the policy itself), so their preview has no working resolver. So `scripts/serve` runs
scripts/static_server.py with `--live`: a thread watches the sources (WATCHED: the rules pages,
rules_core, the calculators, the theme override, the build's hooks, mkdocs.yml) and runs the whole
build (scripts/build_site.py, in a fresh process, so an edited rules_core is read anew) after
each change; each page served gets one same-origin script (RELOAD_JS, allowed by the policy's
'self') that waits for the next build and reloads. A failed build prints its message and keeps
the last good site. The service worker is replaced by one that removes itself (KILL_SWITCH_JS):
its precache would serve the old pages, and it checks each page against the build's hash, which
the added script changes.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WATCHED = ("docs", "rules_core", "calculators", "overrides", "scripts/build", "mkdocs.yml")
"""What a rebuild follows, relative to the repository."""
PATH = "__live/"
"""Under the site's prefix: the reload script and the build it waits for."""

RELOAD_JS = """// Live reload (scripts/serve --live): wait for the next build, then reload this page.
(() => {
  if (window.__liveReload) return; // instant navigation runs a later page's scripts too
  window.__liveReload = true;
  const me = document.currentScript;
  const builds = new URL("build", me.src);
  const seen = me.dataset.build;
  const wait = async () => {
    for (;;) {
      try {
        const now = (await (await fetch(`${builds}?since=${seen}`, { cache: "no-store" })).text()).trim();
        if (now && now !== seen) return location.reload();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1000)); // the server restarting: ask again
      }
    }
  };
  wait();
})();
"""

KILL_SWITCH_JS = """// scripts/serve --live serves no offline copy: this worker replaces one a plain serve installed,
// removes itself and reloads the pages the old one served (from its cache, without live reload).
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const pages = await self.clients.matchAll({ type: "window" });
    await self.registration.unregister();
    for (const page of pages) page.navigate(page.url);
  })());
});
"""


def build_in_subprocess(site_dir: Path) -> bool:
    """The whole build into site_dir; its own message on failure."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py"), "--site-dir", str(site_dir)],
                          cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        print((done.stderr or done.stdout).strip(), file=sys.stderr, flush=True)
        print("serve: the build failed; still serving the last good site", file=sys.stderr, flush=True)
        return False
    print(f"serve: rebuilt in {time.monotonic() - started:.1f} s; reloading the open pages", flush=True)
    return True


class LiveBuild:
    """The site rebuilt after each change to the watched files, and the build the pages should show."""

    def __init__(self, watched: Iterable[Path], build: Callable[[], bool]) -> None:
        self.watched = tuple(watched)
        self.build = build
        self.current = str(time.time_ns())
        """The last good build's name: a page served by another waits for nothing and reloads."""
        self.idle = threading.Event()
        """Clear while a build writes the site: a request waits rather than read half a site."""
        self.idle.set()
        self.stopped = threading.Event()
        """Set to end watch_forever."""
        self._built = threading.Condition()

    def snapshot(self) -> dict[Path, tuple[int, int]]:
        """Every watched file's modification time and size."""
        found: dict[Path, tuple[int, int]] = {}
        for top in self.watched:
            for path in (top.rglob("*") if top.is_dir() else (top,)):
                if "__pycache__" in path.parts or not path.is_file():
                    continue
                stat = path.stat()
                found[path] = (stat.st_mtime_ns, stat.st_size)
        return found

    def rebuild(self) -> None:
        self.idle.clear()
        try:
            good = self.build()
        finally:
            self.idle.set()
        if good:
            with self._built:
                self.current = str(time.time_ns())
                self._built.notify_all()

    def watch_forever(self, interval: float = 0.3) -> None:
        """Poll the watched files; once a change has settled (no other for one interval), rebuild."""
        seen = self.snapshot()
        while not self.stopped.wait(interval):
            now = self.snapshot()
            if now == seen:
                continue
            while not self.stopped.wait(interval) and (settled := self.snapshot()) != now:  # an editor saving several files
                now = settled
            seen = now
            if not self.stopped.is_set():
                self.rebuild()

    def wait_for_build(self, since: str, timeout: float = 30.0) -> str:
        """The current build's name, once it is not `since` (or after timeout: the page asks again)."""
        with self._built:
            self._built.wait_for(lambda: self.current != since, timeout=timeout)
            return self.current

    def script_tag(self, prefix: str) -> bytes:
        return f'<script src="{prefix}{PATH}reload.js" data-build="{self.current}"></script>'.encode()


def watched_paths(root: Path = ROOT) -> list[Path]:
    return [root / name for name in WATCHED]


def inject(page: bytes, tag: bytes) -> bytes:
    """The page with the reload script last in its body."""
    end = page.rfind(b"</body>")
    return page[:end] + tag + page[end:] if end >= 0 else page + tag
