"""axe-core over the built site in Chromium at 390x844, both colour schemes: violations by impact.

Not a test (tests/site/test_accessibility.py asserts on the same function): it prints counts for a
before/after note. axe-core comes from node_modules (a pinned devDependency) and is injected by
the browser driver only: it is never copied into the site.

    .venv/bin/python -m scripts.bench.axe_report [SITE_DIR] [--widgets]
    .venv/bin/python -m scripts.bench.axe_report [SITE_DIR] --issue-pages   # issue 19's seven pages, every widget opened
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WIDGETS = "[data-resolver]"
"""The widget regions (the widgets' own part; the page around them is checked with include=None)."""


def pages_of(site: Path) -> list[str]:
    """Every built page, as a path under the site root ("" for the home page)."""
    found = sorted(str(p.parent.relative_to(site)) for p in site.rglob("index.html") if "assets" not in p.parts)
    return ["" if path == "." else path + "/" for path in found]


ISSUE_PAGES = ("", "jovian-wars/v1.2.4/actions/", "jovian-wars/v1.2.4/damage/", "dice/", "jovian-wars/v1.2.4/dogfight/",
               "war-galley/aid/attack-modes/", "jovian-wars/changes/")
"""Home, Actions, Damage, Dice, Dogfight, the galley aid and the changes page (issue 19)."""


def open_every_widget(page, boot_ms: int = 120_000, widgets: str = WIDGETS) -> None:
    """Open each widget of the page matching `widgets` (every fold in it: More, the folded odds and dice, a picked
    ship's Change; and the exact fractions) and wait until its engine has answered."""
    page.evaluate("""(widgets) => { for (const root of document.querySelectorAll(widgets)) root.querySelector("details.resolver__body").open = true; }""",
                  widgets)
    page.wait_for_function("""(widgets) => [...document.querySelectorAll(widgets)].every((root) =>
        root.dataset.engine === "ready" && (root.querySelector('[data-region="odds"][data-live="true"]')
          || root.querySelector('[data-region="outcome"] .resolver__headline, [data-region="outcome"] .resolver__hint')))""",
                           arg=widgets, timeout=boot_ms)
    page.evaluate("""(widgets) => {
        for (const fold of document.querySelectorAll(`:is(${widgets}) details`)) fold.open = true;
        for (const button of document.querySelectorAll(`:is(${widgets}) .resolver__fractions`)) button.click();
    }""", widgets)


COMPLETE_MS = 180_000
"""How long a page may take to finish (an engine boot on a loaded machine, then its terms)."""


def axe_violations(page, include: str | None = WIDGETS) -> list[dict[str, object]]:
    """Run axe-core (WCAG 2 A/AA rules) in `page`, limited to the `include` selector; [] when nothing matches."""
    if include and not page.locator(include).count():
        return []
    # The page's own finishing touches (calculators/page/page-a11y.js: tab stops on boxes that scroll) come after its
    # first answers and terms: audit the finished page.
    page.wait_for_function("() => document.querySelector('article.md-content__inner[data-page-complete]') !== null",
                           timeout=COMPLETE_MS)
    if not page.evaluate("typeof window.axe === 'object'"):  # once per document
        # Evaluated, not added as a script tag: the site's Content-Security-Policy refuses an inline
        # script it has no hash for, and evaluation from the test's side is not subject to it.
        page.evaluate(AXE.read_text(encoding="utf-8"))
        # Off-screen blocks are not rendered (extra.css: content-visibility), and axe finds colours by
        # hit-testing, which an unrendered block does not answer: render every block, as scrolling would.
        # Without transitions: a block skipped while the theme switched to the dark scheme is restyled
        # only now, and its links would fade from the light scheme's colour (125 ms) while axe reads them.
        page.add_style_tag(content="* { content-visibility: visible !important; transition: none !important; }")
    context = json.dumps({"include": [[include]]} if include else {"include": [["body"]]})
    violations: list[dict[str, object]] = page.evaluate(
        f"""async () => (await axe.run({context}, {{resultTypes: ["violations"],
                runOnly: {{type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}}}}))
            .violations.map((v) => ({{id: v.id, impact: v.impact, nodes: v.nodes.length,
                                      targets: v.nodes.slice(0, 3).map((n) => n.target.join(" "))}}))"""
    )
    return violations

SCHEMES = ("slate", "default")
"""Material's dark and light schemes. The phone prefers dark, so each page opens in "slate" (the palette follows the
media query); the light one is then set as Material's palette toggle sets it, on the body, with no second load."""


def use_scheme(page, scheme: str) -> None:
    """Switch the page to `scheme` as Material's palette toggle does (every colour of the theme and of the site keys
    on the body's data-md-color-scheme), and wait for a frame painted with it."""
    page.evaluate("""(scheme) => new Promise((painted) => { document.body.setAttribute("data-md-color-scheme", scheme);
        requestAnimationFrame(() => requestAnimationFrame(painted)); })""", scheme)


def audit_both_schemes(page, include: str | None = None) -> dict[str, list[dict[str, object]]]:
    """axe's violations in `include` (None: the whole page) in each scheme, the page left in the first."""
    found = {}
    for scheme in SCHEMES:
        use_scheme(page, scheme)
        found[scheme] = axe_violations(page, include)
    use_scheme(page, SCHEMES[0])
    return found



def main() -> None:

    from scripts.bench.harness import PHONE, served_browser

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("site", nargs="?", default="site", type=Path)
    parser.add_argument("--widgets", action="store_true", help="only the widget regions")
    parser.add_argument("--issue-pages", action="store_true", help="issue 19's seven pages, whole page, every widget opened")
    args = parser.parse_args()
    paths = list(ISSUE_PAGES) if args.issue_pages else pages_of(args.site)
    with served_browser(args.site) as (url, browser):
        for scheme in ("light", "dark"):
            context = browser.new_context(**PHONE, color_scheme=scheme)
            total: Counter[str] = Counter()
            for path in paths:
                page = context.new_page()
                page.goto(url + path)
                page.wait_for_load_state("load")
                if args.issue_pages:
                    open_every_widget(page)
                found = axe_violations(page, WIDGETS if args.widgets else None)
                counts = Counter(str(v["impact"]) for v in found)
                total.update(counts)
                print(f"{scheme:5} /{path:40} " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())) + "  " +
                      " ".join(sorted({str(v['id']) for v in found if args.issue_pages or v['impact'] in ('serious', 'critical')})))
                page.close()
            print(f"{scheme:5} TOTAL violations (rules x pages) by impact: {dict(sorted(total.items()))}")
            context.close()


if __name__ == "__main__":
    main()

