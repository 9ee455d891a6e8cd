"""Layout of the Ram widget and the Actions page at 390x844 with touch: heights and screenshots.

Not a test: it prints numbers for a before/after note. Point it at any built site (the starting
commit's or this one's); it types the Valiant/Tengu Ram of How the dice work §8 "Worked examples from the rules" on the keypads, as a player would.

    .venv/bin/python -m scripts.bench.measure_widget_layout [SITE_DIR] [--shots DIR] [--scheme slate] [--fleet]

--fleet keeps the two ships of How the dice work §8 in the fleet (fleet page's record) and picks them as the Ram's ships first.

Resolved: after the first rolls it types the roll the Ram asks for next (the ramming ship's Catastrophic Damage Table
die, 4), then gives the resolved widget's height in screens of 844 px (issue 33's target: at most 1.5) and where the
answer, both ships' fates (the headline) and "Apply to the fleet" end, from the widget's top (target: within 844 px).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from playwright.sync_api import FloatRect, Locator, Page

from scripts.bench.harness import PHONE, served_browser

RAM = "jovian-wars/v1.2.4/ram"
DICE: dict[str, tuple[int, ...]] = {"skill_roll.dice": (3, 3, 1), "ram.dice": (2, 2, 5, 5, 1), "target.dice": (2, 2, 4)}
IN_TURN: dict[str, tuple[int, ...]] = {"rammer_hit_dice": (4,)}
"""The roll the Ram asks for next, typed on its keypad in its turn (an older build rolled it for the player)."""
SCREEN = 844
BOOT_MS = 120_000
CARD = {"defense": 4, "sensors": 3, "thrusters": 2, "marines": 2, "structure": 4, "traits": 1, "trait_boxes": 1,
        "weapons": 2, "spinal": 0}
FLEET = {"fleet": 1, "ships": [{"name": "Valiant", "side": "", "card": CARD, "left": {**CARD, "structure": 1}},
                               {"name": "Tengu", "side": "", "card": {**CARD, "structure": 3}, "left": {**CARD, "structure": 3}}]}
"""The Valiant of How the dice work §8 (starting Structure 4, at 1) and Tengu (Structure 3); their other numbers the form's defaults."""
VISIBLE = "nodes => nodes.filter((node) => node.checkVisibility()).length"
CONTROLS = """node => [...node.querySelectorAll('form.resolver__form input, form.resolver__form select')]
    .filter((control) => control.checkVisibility()).length"""


def box(locator: Locator) -> FloatRect:
    """The element's box in the viewport (it is on the page, so it has one)."""
    found = locator.bounding_box()
    if found is None:
        raise SystemExit(f"{locator} is not rendered")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("site", nargs="?", default="site", type=Path)
    parser.add_argument("--shots", type=Path, default=None, help="folder for the screenshots")
    parser.add_argument("--scheme", default="default", choices=("default", "slate"))
    parser.add_argument("--fleet", action="store_true", help="pick the Ram's two ships from a stored fleet")
    args = parser.parse_args()
    with served_browser(args.site) as (url, browser):
        # Material picks "slate" from the phone's dark preference (mkdocs.yml palette media queries).
        context = browser.new_context(**PHONE, color_scheme="dark" if args.scheme == "slate" else "light")
        page = context.new_page()
        if args.fleet:
            page.goto(url + "fleet/")
            page.evaluate("(text) => localStorage.setItem('jovian-wars-fleet', text)", json.dumps(FLEET))
        page.goto(url + "jovian-wars/v1.2.4/actions/")
        page.wait_for_load_state("load")
        root = page.locator(f'[data-resolver="{RAM}"]')
        print(f"Actions page height at load: {page.evaluate('document.documentElement.scrollHeight')} px")
        print(f"Ram widget height, untouched: {box(root)['height']:.0f} px")
        opener = root.locator("details.resolver__body > summary")
        if opener.count():
            opener.click()
        page.wait_for_function(f"() => document.querySelector('[data-resolver=\"{RAM}\"]').dataset.engine === 'ready'",
                               timeout=BOOT_MS)
        if args.fleet:
            root.get_by_label("Ramming ship: from your fleet", exact=True).select_option(label="Valiant")
            root.get_by_label("Target: from your fleet", exact=True).select_option(label="Tengu")
        root.scroll_into_view_if_needed()
        page.wait_for_timeout(500)  # a screenshot, not an assertion: let the live odds land
        print(f"Ram widget height, opened, before a roll: {box(root)['height']:.0f} px")
        print(f"Form controls shown (inputs and selects, the More fold closed): {root.evaluate(CONTROLS)}")
        if args.shots:
            args.shots.mkdir(parents=True, exist_ok=True)
            root.evaluate("node => node.scrollIntoView()")
            page.screenshot(path=str(args.shots / f"ram-before-roll-{args.scheme}.png"))
        type_dice(root, DICE)
        headline = root.locator('[data-region="outcome"] .resolver__headline')
        headline.wait_for(timeout=BOOT_MS)
        page.wait_for_timeout(500)
        top = box(headline)['y']
        print(f"Headline after the last die: {headline.inner_text()!r}")
        print(f"  its top is {top:.0f} px from the viewport top (viewport 844 px)")
        print(f"Ram widget height, after the roll: {box(root)['height']:.0f} px")
        print(f"Actions page height after the roll: {page.evaluate('document.documentElement.scrollHeight')} px")
        if args.shots:
            page.screenshot(path=str(args.shots / f"ram-after-roll-{args.scheme}.png"))
        resolved(page, root, args)


def type_dice(root: Locator, dice: dict[str, tuple[int, ...]]) -> None:
    for name, faces in dice.items():
        pad = root.locator(f'fieldset[data-faces="{name}"]')
        for face in faces:
            pad.get_by_label(f"Die {face}", exact=True).click()


def resolved(page: Page, root: Locator, args: argparse.Namespace) -> None:
    """The roll asked next typed: the resolved widget's height, and where its answer and Apply end from its top."""
    if root.locator('[data-region="next-roll"]:not([hidden])').count():
        root.locator('[data-region="next-roll-prompt"]').wait_for(state="visible", timeout=BOOT_MS)
        type_dice(root, IN_TURN)
    headline = root.locator('[data-region="outcome"] .resolver__headline:not(:has-text("Next roll"))')
    headline.wait_for(timeout=BOOT_MS)
    page.wait_for_timeout(500)  # a measure, not an assertion: let the view settle
    top = box(root)["y"]
    height = box(root)["height"]
    print(f"Resolved: {headline.inner_text()!r}")
    print(f"Ram widget height, resolved: {height:.0f} px = {height / SCREEN:.2f} screens of {SCREEN} px (target: at most 1.5)")
    print(f"  steps: {root.locator('.resolver__steps > li').count()}, "
          f"of them shown unfolded: {root.locator('.resolver__steps > li').evaluate_all(VISIBLE)}")
    print(f"  the answer and both fates (headline) end {box(headline)['y'] + box(headline)['height'] - top:.0f} px "
          f"below the widget's top (target: within {SCREEN})")
    apply = root.get_by_role("button", name="Apply to the fleet")
    if apply.count():
        print(f"  “Apply to the fleet” ends {box(apply)['y'] + box(apply)['height'] - top:.0f} px below the widget's top")
    else:
        print("  no “Apply to the fleet” (ships not picked from the fleet, or an older build)")
    if args.shots:
        root.evaluate("node => node.scrollIntoView()")
        page.screenshot(path=str(args.shots / f"ram-resolved-{args.scheme}.png"), full_page=True)


if __name__ == "__main__":
    main()
