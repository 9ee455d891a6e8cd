"""Taps a player needs, at 390x844 with touch, from the open Actions page (issue 18's two targets) and from the Fleet
page (issue 33's).

Not a test: it prints figures for a before/after note. Point it at any built site (the starting commit's or this
one's); each flow is played as a player would, with the fleet of How the dice work §8 "Worked examples from the rules": Valiant and Tengu on the phone.

    .venv/bin/python -m scripts.bench.measure_taps [SITE_DIR]

1. A Ram between the two fleet ships, the dice typed, each roll after the first ones in its turn where the build asks
   (target: at most 6 taps, and 1 more to apply it to the fleet).
2. A three-activation Boarding: Board (the Valiant's Marines against the Tengu's Point Defense, its dice), then Boarded
   on the Tengu from the fleet, the survivors as Boarders, three activations with their dice (target: at most 12).

From the Fleet page (issue 33), taps and swipes are counted across the pages the player goes through:
3. A Ram of the Valiant on the Tengu: the target picked, the dice typed, resolved, applied (target: at most 8 taps and
   0 swipes). Where the build has a ship's Actions as links (fleet-play.js), a tap on the Valiant's card and on its
   Ram; else the player searches for "Ram" (the magnifier, the first result) and picks both ships.
4. A three-activation Boarding: Board from the Valiant, then Boarded on the Tengu, the dice typed and the result
   applied after each activation (target: at most 14 taps); what the build does not offer is said, not counted.

A swipe is counted when the next control is outside the screen below the header: one per screen height (844 px less
the header) the page must move to bring it fully into view.

How taps are counted: every pointer press the page receives (a `pointerdown` listener on the document, capture
phase), plus one per choice in a phone's native picker (a <select> opens a picker: the tap on the select is a
pointer press, the tap on the option happens outside the page and is added here). Keystrokes (the phone's number pad
typing dice into a keypad's field) are counted apart, from `keydown`. Where a keypad has no typing field (an older
build), each die is a tap on its key.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Iterator, Mapping
from pathlib import Path

from playwright.sync_api import Locator, Page

from scripts.bench.harness import PHONE, served_browser

ACTIONS = "jovian-wars/v1.2.4/actions/"
RAM = "jovian-wars/v1.2.4/ram"
BOARD = "jovian-wars/v1.2.4/board"
BOARDED = "jovian-wars/v1.2.4/boarded"
BOOT_MS = 180_000
CARD = {"defense": 4, "sensors": 3, "thrusters": 2, "marines": 2, "structure": 4, "skill": 3, "traits": 1, "trait_boxes": 1,
        "trait2_boxes": 1, "weapons": 2, "spinal": 0, "armor_front": 0, "armor_flank": 0, "armor_rear": 0}
FLEET = {"fleet": 7, "ships": [
    {"kind": "Capital Ship", "name": "Valiant", "side": "CEGA", "card": CARD, "left": {**CARD, "structure": 1}},
    {"kind": "Capital Ship", "name": "Tengu", "side": "Jovian", "card": {**CARD, "structure": 3}, "left": {**CARD, "structure": 3}}]}
"""How the dice work §8's Valiant (starting Structure 4, at 1) and Tengu (Structure 3); their other numbers the form's,
as this build stores them (version 7: with the Skill and the Armor a fleet ship now holds, so no pick asks for them).
An older build refuses this version: measure it with the script of its own commit."""
RAM_DICE = {"skill_roll.dice": (3, 3, 1), "ram.dice": (2, 2, 5, 5, 1), "target.dice": (2, 2, 4)}
RAM_IN_TURN = {"rammer_hit_dice": (4,)}
"""The roll the Ram asks for next (the Valiant's Catastrophic Damage Table die, 4: no effect), typed in its turn where
the build asks for it (an older build rolled it for the player)."""
BOARD_DICE = {"pd.dice": (1, 2, 3, 4)}  # the Tengu's Defense 4 rolls 4 dice: no hit, both Marines board
BOARDED_DICE = {"boarders_roll.dice": (4, 2, 1, 1, 5), "marines_roll.dice": (1, 2, 3, 3, 1)}  # three activations, in order
BOARDED_BY_ACTIVATION: tuple[dict[str, tuple[int, ...]], ...] = ({"boarders_roll.dice": (4, 2), "marines_roll.dice": (1, 2)}, {"boarders_roll.dice": (1, 1), "marines_roll.dice": (3, 3)},
                         {"boarders_roll.dice": (5,), "marines_roll.dice": (1,)})
"""The same dice, activation by activation: Marines 2, Boarders 2; then 2 and 2; then 1 and 1 (still Boarded)."""
COUNTER = """() => {
  window.__taps = 0; window.__keys = 0;
  if (window.__counting) return;  // a same-document navigation (#ram to #board) keeps the listeners
  window.__counting = true;
  document.addEventListener("pointerdown", () => window.__taps++, true);
  document.addEventListener("keydown", () => window.__keys++, true);
}"""


class Player:
    """A phone at the table: taps and keystrokes as they reach the page, native picker choices added."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.picks = 0

    def start(self) -> None:
        self.page.evaluate(COUNTER)
        self.picks = 0

    def counts(self) -> tuple[int, int]:
        taps, keys = self.page.evaluate("() => [window.__taps, window.__keys]")
        return taps + self.picks, keys

    def tap(self, locator: Locator) -> None:
        locator.tap()

    def pick(self, select: Locator, label: str) -> None:
        """A native picker: a tap opens it, a tap on the option chooses (outside the page: counted here)."""
        select.tap()
        select.select_option(label=label)
        self.picks += 1

    def dice(self, root: Locator, dice: Mapping[str, tuple[int, ...]]) -> None:
        """Type the dice: into each keypad's field when the build has one (the focus may already be there), else a
        tap on a key per die."""
        for name, faces in dice.items():
            pad = root.locator(f'fieldset[data-faces="{name}"]')
            field = pad.locator('[data-region="digits"]')
            if field.count():
                if not field.evaluate("node => node === document.activeElement"):
                    self.tap(field)
                self.page.keyboard.type("".join(map(str, faces)))
            else:
                for face in faces:
                    self.tap(pad.get_by_label(f"Die {face}", exact=True))

    def rolls_in_turn(self, root: Locator, dice: Mapping[str, tuple[int, ...]]) -> None:
        """Type each roll the resolution asks for next, in turn, on the keypad it names (the keyboard is on its field)."""
        if not root.locator('[data-region="next-roll"]').count():
            return
        for name, faces in dice.items():
            root.locator('[data-region="next-roll-prompt"]').wait_for(state="visible", timeout=BOOT_MS)
            self.dice(root, {name: faces})

    def stepper(self, root: Locator, label: str, times: int) -> None:
        for _ in range(abs(times)):
            self.tap(root.get_by_role("button", name=f"{label}: {'one more' if times > 0 else 'one less'}", exact=True))

    def open_widget(self, root: Locator) -> None:
        self.tap(root.locator("details.resolver__body > summary"))
        self.page.wait_for_function(
            f"() => document.querySelector('[data-resolver=\"{root_id(root)}\"]').dataset.engine === 'ready'", timeout=BOOT_MS)


def root_id(root: Locator) -> str:
    return str(root.get_attribute("data-resolver"))


def outcome(root: Locator) -> str:
    headline = root.locator('[data-region="outcome"] .resolver__headline')
    headline.wait_for(timeout=BOOT_MS)
    return headline.inner_text()


def unfold_numbers(player: Player, ship: Locator) -> None:
    """Open the ship's numbers by hand, under "Change" where the build folds them there."""
    for fold in ("details.resolver__change", "details.resolver__by-hand"):
        node = ship.locator(f"{fold}:not([open]) > summary")
        if node.count():
            player.tap(node)


def activations(player: Player, boarded: Locator) -> Iterator[int]:
    """Play the three Boarded activations (each after the first carried on by "Next activation"), the dice of each
    typed; yields each activation's number once it is resolved."""
    for number, activation in enumerate(BOARDED_BY_ACTIVATION, 1):
        if number > 1:
            player.tap(boarded.locator('[data-region="carry"]'))
        player.dice(boarded, activation)
        outcome(boarded)
        boarded.locator('[data-region="outcome"][data-resolved]').wait_for()
        yield number


def apply_button(root: Locator) -> Locator | None:
    button = root.get_by_role("button", name="Apply to the fleet")
    return button if button.count() else None


def ram(player: Player, page: Page, url: str) -> None:
    page.goto(url + ACTIONS + "#ram")
    root = page.locator(f'[data-resolver="{RAM}"]')
    root.wait_for()
    player.start()
    player.open_widget(root)
    player.pick(root.get_by_label("Ramming ship: from your fleet", exact=True), "Valiant (CEGA)")
    player.pick(root.get_by_label("Target: from your fleet", exact=True), "Tengu (Jovian)")
    player.dice(root, RAM_DICE)
    player.rolls_in_turn(root, RAM_IN_TURN)
    root.locator('[data-region="apply"], .resolver__headline:not(:has-text("Next roll"))').first.wait_for(timeout=BOOT_MS)
    headline = outcome(root)
    taps, keys = player.counts()
    print(f"Ram, Valiant rams Tengu from the fleet, dice typed: {taps} taps, {keys} keystrokes (target: at most 6 taps)")
    print(f"  outcome: {headline}")
    button = apply_button(root)
    if button:
        player.tap(button)
        print(f"  and applied to the fleet: {player.counts()[0]} taps (target: at most 7)")
    else:
        print("  no “Apply to the fleet” in this build: not counted")


def boarding(player: Player, page: Page, url: str) -> None:
    page.goto(url + ACTIONS + "#board")
    board = page.locator(f'[data-resolver="{BOARD}"]')
    board.wait_for()
    player.start()
    player.open_widget(board)
    if board.get_by_label("Boarding ship: from your fleet", exact=True).count():  # Board picks both ships (issue 33)
        player.pick(board.get_by_label("Boarding ship: from your fleet", exact=True), "Valiant (CEGA)")
        player.pick(board.get_by_label("Target: from your fleet", exact=True), "Tengu (Jovian)")
    else:  # an older build: the Tengu's Defense 4 typed (the form says 2)
        player.stepper(board, "Target's current Defense (Point Defense)", 2)
    player.dice(board, BOARD_DICE)
    board_headline = outcome(board)
    after_board = player.counts()
    boarded = page.locator(f'[data-resolver="{BOARDED}"]')
    carry = board.locator('[data-region="carry"]')
    if carry.count():  # this build carries the survivors aboard, then each activation's state to the next
        player.tap(carry)
        player.pick(boarded.get_by_label("Boarded ship: from your fleet", exact=True), "Tengu (Jovian)")
        for _ in activations(player, boarded):
            pass
    else:  # an older build: the survivors typed as Boarders, three activations' dice in one stream per keypad
        boarded.scroll_into_view_if_needed()
        player.open_widget(boarded)
        player.pick(boarded.get_by_label("Boarded ship: from your fleet", exact=True), "Tengu (Jovian)")
        survivors = int(board_headline.split()[0])
        unfold_numbers(player, boarded.locator('fieldset[data-name="ship"]'))
        aboard = int(boarded.locator('[data-name="ship.boarders"]').input_value())  # the form's default, not the fleet's
        player.stepper(boarded, "Boarded ship: Boarders aboard", survivors - aboard)
        player.stepper(boarded, "Activations to resolve", 2)
        player.dice(boarded, BOARDED_DICE)
    headline = outcome(boarded)
    taps, keys = player.counts()
    print(f"Boarding, Board then three activations of Boarded on the fleet's Tengu: {taps} taps, {keys} keystrokes "
          f"(target: at most 12 taps; Board alone {after_board[0]} taps)")
    print(f"  Board: {board_headline}")
    print(f"  Boarded: {headline}")


class FleetPlayer(Player):
    """A player counted across pages (each page load starts the page's counters again): every tap, picker choice,
    keystroke and swipe is counted here, as the player makes it."""

    def __init__(self, page: Page) -> None:
        super().__init__(page)
        self.taps = self.keys = self.swipes = 0
        self.moves: list[str] = []

    def start(self) -> None:
        self.taps = self.keys = self.swipes = self.picks = 0
        self.moves = []

    def counts(self) -> tuple[int, int]:
        return self.taps + self.picks, self.keys

    def bring_into_view(self, locator: Locator) -> None:
        """Count the swipes that bring `locator` fully into the screen below the header (Playwright then scrolls)."""
        box = locator.bounding_box()
        if box is None or locator.evaluate("(n) => Boolean(n.closest('.md-header'))"):
            return  # the sticky header is always in view
        top = self.page.evaluate("() => document.querySelector('.md-header')?.getBoundingClientRect().bottom ?? 0")
        height = PHONE["viewport"]["height"]
        off = max(top - box["y"], box["y"] + box["height"] - height, 0)
        if off:
            swipes = math.ceil(off / (height - top))
            self.swipes += swipes
            what = locator.evaluate("(n) => n.getAttribute('aria-label') || n.textContent.trim().slice(0, 40) || n.tagName")
            self.moves.append(f"{swipes} to “{what}”")
        locator.scroll_into_view_if_needed()

    def tap(self, locator: Locator) -> None:
        self.bring_into_view(locator)
        locator.tap()
        self.taps += 1

    def pick(self, select: Locator, label: str) -> None:
        self.tap(select)
        select.select_option(label=label)
        self.picks += 1

    def dice(self, root: Locator, dice: Mapping[str, tuple[int, ...]]) -> None:
        super().dice(root, dice)
        self.keys += sum(len(faces) for faces in dice.values())

    def report(self, what: str, target: str) -> None:
        taps, keys = self.counts()
        print(f"{what}: {taps} taps, {self.swipes} swipes, {keys} keystrokes ({target})")
        if self.moves:
            print(f"  swipes: {', '.join(self.moves)}")


def from_the_fleet(player: FleetPlayer, page: Page, url: str, ship: int, resolver: str, search: str) -> Locator:
    """From the Fleet page to `resolver` with the fleet's ship `ship` in place: its card and its Action where the build
    has them (fleet-play.js), else search (the magnifier, the name typed, the first result) and the widget opened."""
    page.goto(url + "fleet/")
    page.locator("[data-fleet][data-mounted]").wait_for()
    player.start()
    card = page.locator(f'[data-region="fleet-ships"] > li#ship-{ship} > button.fleet__card')
    root = page.locator(f'[data-resolver="{resolver}"]')
    if card.count():
        player.tap(card)
        action = page.locator(f'li#ship-{ship} a[data-play="{resolver}"]')
        action.wait_for(timeout=BOOT_MS)
        player.tap(action)
        page.wait_for_function(
            f"() => document.querySelector('[data-resolver=\"{resolver}\"]')?.dataset.engine === 'ready'", timeout=BOOT_MS)
        return root
    player.tap(page.locator("label.md-header__button[for='__search']"))
    field = page.locator("input.md-search__input")
    field.wait_for(state="visible")
    page.keyboard.type(search)
    player.keys += len(search)
    player.tap(page.locator(".md-search-result__item .md-search-result__link").first)
    root.wait_for()
    player.open_widget(root)
    return root


def picked(root: Locator, name: str) -> bool:
    """Is the fleet ship `name` picked in this ship input already (the build's fleet link did it)?"""
    line = root.locator('[data-region="picked"]')
    return bool(line.count()) and f"{name} " in line.inner_text()


def fleet_ram(player: FleetPlayer, page: Page, url: str) -> None:
    root = from_the_fleet(player, page, url, 0, RAM, "Ram")
    rammer, target = (root.locator(f'fieldset[data-name="{name}"]') for name in ("ramming_ship", "target_ship"))
    if not picked(rammer, "Valiant"):
        player.pick(root.get_by_label("Ramming ship: from your fleet", exact=True), "Valiant (CEGA)")
    one_tap = root.get_by_role("button", name="Target: Tengu", exact=True)
    if one_tap.count():
        player.tap(one_tap)
    else:
        player.pick(root.get_by_label("Target: from your fleet", exact=True), "Tengu (Jovian)")
    player.dice(root, RAM_DICE)
    player.rolls_in_turn(root, RAM_IN_TURN)
    root.locator('[data-region="apply"], .resolver__headline:not(:has-text("Next roll"))').first.wait_for(timeout=BOOT_MS)
    headline = outcome(root)
    button = apply_button(root)
    if button:
        player.tap(button)
        root.locator('[data-region="apply-note"]').wait_for(timeout=BOOT_MS)
    player.report("From the Fleet page, the Valiant rams the Tengu, target picked, dice typed, applied",
                  "target: at most 8 taps, 0 swipes" + ("" if button else "; this build has no Apply: not counted"))
    print(f"  outcome: {headline}")


def fleet_boarding(player: FleetPlayer, page: Page, url: str) -> None:
    board = from_the_fleet(player, page, url, 0, BOARD, "Board")
    target = board.get_by_label("Target: from your fleet", exact=True)
    if target.count():  # Board picks both ships (issue 33): the Tengu by its one-tap button where the build offers it
        one_tap = board.get_by_role("button", name="Target: Tengu", exact=True)
        player.tap(one_tap) if one_tap.count() else player.pick(target, "Tengu (Jovian)")
    else:  # an older build: the Tengu's Defense 4 typed (the form says 2)
        player.stepper(board, "Target's current Defense (Point Defense)", 2)
    player.dice(board, BOARD_DICE)
    print(f"  Board: {outcome(board)}")
    blocked: list[str] = []
    apply = apply_button(board)
    if apply:
        player.tap(apply)
    else:
        blocked.append("Board has no fleet pick, so no Apply (the Marines committed stay aboard the Valiant)")
    carry = board.locator('[data-region="carry"]')
    if not carry.count():
        blocked.append("Board carries nothing on to Boarded in this build")
        player.report("From the Fleet page, Board then Boarded", "not played through: " + "; ".join(blocked))
        return
    player.tap(carry)
    boarded = page.locator(f'[data-resolver="{BOARDED}"]')
    player.pick(boarded.get_by_label("Boarded ship: from your fleet", exact=True), "Tengu (Jovian)")
    for number in activations(player, boarded):
        apply = apply_button(boarded)
        if not apply:
            blocked.append(f"activation {number} offers no Apply")
            continue
        player.tap(apply)
        note = boarded.locator('[data-region="apply-note"]')
        note.wait_for(timeout=BOOT_MS)
        if note.inner_text().startswith("Nothing applied"):
            blocked.append(f"activation {number}'s Apply refused: {note.inner_text()}")
    player.report("From the Fleet page, Board then three activations of Boarded, each applied",
                  "target: at most 14 taps" + ("; blocked: " + "; ".join(blocked) if blocked else ""))
    print(f"  Boarded: {outcome(boarded)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", nargs="?", default="site", type=Path)
    args = parser.parse_args()
    with served_browser(args.site) as (url, browser):
        context = browser.new_context(**PHONE)
        page = context.new_page()
        page.goto(url + "fleet/")
        page.evaluate("(text) => localStorage.setItem('jovian-wars-fleet', text)", json.dumps(FLEET))
        player = Player(page)
        ram(player, page, url)
        boarding(player, page, url)
        for flow in (fleet_ram, fleet_boarding):
            page.evaluate("(text) => localStorage.setItem('jovian-wars-fleet', text)", json.dumps(FLEET))
            flow(FleetPlayer(page), page, url)


if __name__ == "__main__":
    main()
