"""How soon a defined term answers a tap, on a phone's quarter core: issue 34's "terms answer a tap <= 1 s after
DOMContentLoaded at 1/4 core".

Not a test: it prints figures for a before/after note. Each round opens the page in a fresh phone profile (harness.py's
PHONE), its main thread slowed 4x (CDP Emulation.setCPUThrottlingRate, as bench_browser.py's phone), and taps the
first mention of the term in the rule text, again and again from DOMContentLoaded on, until its popover opens. The
figure is the time from the end of DOMContentLoaded to the popover's opening (the page's own clock). With --held the
engine's worker script never answers (nothing of the page may wait on it); without, it boots as on a cold visit.

    .venv/bin/python -m scripts.bench.measure_first_tap [SITE_DIR] [--page jovian-wars/v1.2.4/actions/] [--term Crippled]
        [--rounds 5] [--held]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from scripts.bench.harness import PHONE, served_browser

ACTIONS = "jovian-wars/v1.2.4/actions/"
CPU_RATE = 4
"""The page's main thread at a quarter of this machine's core."""
GIVE_UP_S = 60.0
HELD_WORKER = "/* The engine held: this worker never answers. */"

OPENED_AT = """() => {
  window.__termOpenedAt = null;
  document.addEventListener("toggle", (event) => {
    if (event.newState === "open" && event.target.matches?.(".term-popover") && window.__termOpenedAt === null)
      window.__termOpenedAt = performance.now();
  }, true);
}"""

WORD_AT = """(word) => {
  // The first mention of the word in the rule text (not in a heading or a widget), brought into view: its centre.
  const article = document.querySelector("article.md-content__inner");
  if (!article) return null;
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(word);
    if (at < 0 || node.parentElement.closest("h1, h2, h3, h4, h5, h6, [data-resolver]")) continue;
    node.parentElement.scrollIntoView({ block: "center" });
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    const box = range.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  }
  return null;
}"""


def one_round(browser, url: str, word: str, held: bool) -> float:
    """Milliseconds from the end of DOMContentLoaded to the term's popover opening, in a fresh profile."""
    context = browser.new_context(**PHONE)
    try:
        if held:
            context.route("**/assets/calculators/worker/worker.js",
                          lambda route: route.fulfill(body=HELD_WORKER, content_type="text/javascript"))
        context.add_init_script(script=f"({OPENED_AT})()")
        page = context.new_page()
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU_RATE})
        page.goto(url, wait_until="domcontentloaded")
        end = time.monotonic() + GIVE_UP_S
        while time.monotonic() < end:
            point = page.evaluate(WORD_AT, word)
            if point:
                page.touchscreen.tap(*point)
            opened = page.evaluate("() => window.__termOpenedAt")
            if opened is not None:
                ready = page.evaluate("() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
                return float(opened) - float(ready)
        raise SystemExit(f"{word!r} never answered a tap within {GIVE_UP_S:g} s")
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", nargs="?", default="site", type=Path)
    parser.add_argument("--page", default=ACTIONS)
    parser.add_argument("--term", default="Crippled")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--held", action="store_true", help="the engine's worker never answers")
    args = parser.parse_args()
    with served_browser(args.site) as (url, browser):
        figures = [one_round(browser, url + args.page, args.term, args.held) for _ in range(args.rounds)]
    engine = "held" if args.held else "booting"
    print(f"/{args.page} {args.term!r}, engine {engine}, CPU 1/{CPU_RATE}: tap answered "
          + ", ".join(f"{ms:.0f}" for ms in figures) + " ms after DOMContentLoaded")
    print(f"median {statistics.median(figures):.0f} ms, min {min(figures):.0f}, max {max(figures):.0f} ({args.rounds} rounds)")


if __name__ == "__main__":
    main()
