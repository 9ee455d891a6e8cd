"""Every term of the texts answers a tap (issue 19, item 4): the words the Damage page and the dice
system define (Crippled, Destroyed, Explodes, Captured, Escalate, Diminish, [D]/[T]/[Q+], flex,
macro and base dice) open their definition, quoted from the site's own pages, in the rule text and
in the resolvers' labels and steps, by tap (offline too) and by keyboard; a word defined per context (Destroyed: a
Capital Ship's, a Squadron's) quotes the definition of where it was tapped (issue 36, part 4). At 390x844 with touch."""

from __future__ import annotations

import html
import json
import re

import pytest

from tests.conftest import SITE
from tests.site.test_table_use import go_offline_with_the_service_worker
from tests.site.test_widget_table import VALIANT_RAMS_TENGU, type_dice
from tests.site.conftest import expect
from tests.site.test_widgets import open_inputs, open_widget, shared_resolution
from tests.timing import ms

pytestmark = [pytest.mark.browser, pytest.mark.profile("module")]  # see tests/site/conftest.py

ACTIONS = "jovian-wars/v1.2.4/actions/"
DAMAGE = "jovian-wars/v1.2.4/damage/"
ISSUE_WORDS = ["Crippled", "Destroyed", "Explodes", "Captured", "Escalate", "Diminish", "Double [D]", "Triple [T]",
               "Quad [Q]", "Flex dice", "Macro dice", "Base dice"]
"""The terms the issue names; each is in the glossary under this name."""


def glossary() -> dict[str, dict]:
    """The built glossary by the key the page gives each term link (its url and name)."""
    terms = json.loads((SITE / "assets" / "glossary.json").read_text())["terms"]
    return {f"{term['url']} {term['name']}": term for term in terms}


def page_text(path: str) -> str:
    """A built page's text, tags dropped, whitespace collapsed."""
    raw = (SITE / path / "index.html").read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", raw)))


def test_each_defined_term_is_quoted_from_its_page() -> None:
    """Assert every term the issue names is in the glossary, and each defined term's definition and table rows are
    words of the page it links to, as the built site shows them (never a paraphrase)."""
    terms = {term["name"]: term for term in glossary().values()}
    assert set(ISSUE_WORDS) <= set(terms), set(ISSUE_WORDS) - set(terms)
    for term in terms.values():
        if not term["kind"].startswith("Term"):
            continue
        text = page_text(term["url"].split("#")[0])
        assert term["text"] or term["fields"], term["name"]
        for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z\"\[])", term["text"]):  # quotes may come from two blocks
            assert sentence in text, (term["name"], sentence)
        for label, value in term["fields"]:
            cells = [label.split(" ", 1)[1], *value.split(": ", 1)]
            assert re.search(r"\s*".join(re.escape(cell) for cell in cells), text), (term["name"], cells)


def open_ready(page, resolver_id: str):
    root = open_widget(page, resolver_id)
    expect()(root).to_have_attribute("data-engine", "ready", timeout=ms(90_000))
    return root


def roll_for_me(root) -> None:
    root.get_by_role("button", name="Roll for me").tap()
    expect()(root.locator('[data-region="outcome"] .resolver__steps li').first).to_be_attached(timeout=ms(60_000))


def region_terms(page, slug: str | None) -> list[str]:
    """The visible term links of an entry (heading to the next heading of its level or above) or of the whole page."""
    return page.evaluate(
        """(slug) => {
          const article = document.querySelector('article.md-content__inner');
          let nodes = [article];
          if (slug) {
            const heading = document.getElementById(slug);
            const level = Number(heading.tagName[1]);
            nodes = [];
            for (let n = heading.nextElementSibling; n && !(/^H[1-6]$/.test(n.tagName) && Number(n.tagName[1]) <= level); n = n.nextElementSibling) nodes.push(n);
          }
          const links = nodes.flatMap((n) => [...n.querySelectorAll('a.term')]).filter((a) => a.checkVisibility());
          links.forEach((a, i) => a.dataset.probe = slug + '-' + i);
          return links.map((a) => a.dataset.probe);
        }""",
        slug,
    )


def words_in(page, slug: str | None) -> str:
    """The entry's rule text and its widget's labels and steps, as a reader sees them (headings left out)."""
    return page.evaluate(
        """(slug) => {
          const article = document.querySelector('article.md-content__inner');
          let nodes = [...article.children];
          if (slug) {
            const heading = document.getElementById(slug);
            const level = Number(heading.tagName[1]);
            nodes = [];
            for (let n = heading.nextElementSibling; n && !(/^H[1-6]$/.test(n.tagName) && Number(n.tagName[1]) <= level); n = n.nextElementSibling) nodes.push(n);
          }
          // textContent of what is shown (innerText is empty for a block content-visibility has not laid out yet)
          const said = [];
          for (const root of nodes) {
            const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
              acceptNode: (node) => node.nodeType === Node.TEXT_NODE ? NodeFilter.FILTER_ACCEPT
                : node.matches('h1, h2, h3, h4, h5, h6, script, style, [aria-hidden="true"]') || !node.checkVisibility()
                  ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP,
            });
            if (root.matches('h1, h2, h3, h4, h5, h6')) continue;
            for (let node = walker.nextNode(); node; node = walker.nextNode()) said.push(node.data);
            said.push('\\n');
          }
          return said.join('');
        }""",
        slug,
    )


def popover_shows(page) -> dict:
    """The open popover's title and each definition it quotes (under its context's name when it shows several)."""
    return page.locator(".term-popover").evaluate("""(box) => {
        const parts = box.querySelectorAll('.term-popover__context');
        return {
          title: box.querySelector('.term-popover__title').textContent,
          definitions: [...(parts.length ? parts : [box])].map((part) => ({
            context: part.querySelector('.term-popover__context-name')?.textContent ?? '',
            text: part.querySelector('.term-popover__text')?.textContent ?? '',
            fields: [...part.querySelectorAll('.term-popover__fields dt')].map((dt) => [dt.textContent, dt.nextElementSibling.textContent])})),
        };
    }""")


def expected_popover(definitions: list[dict]) -> dict:
    """What the popover shows for these definitions of one word: one as its own, several each under its context."""
    if len(definitions) == 1:
        [term] = definitions
        return {"title": f"{term['name']} · {term['kind']}", "definitions": [{"context": "", "text": term["text"], "fields": term["fields"]}]}
    contexts = " and ".join(f"for a {term['context']}" for term in definitions)
    return {"title": f"{definitions[0]['name']} · Term, defined {contexts}",
            "definitions": [{"context": term["kind"], "text": term["text"], "fields": term["fields"]} for term in definitions]}


def tap_every_term(page, slug: str | None, terms: dict[str, dict]) -> set[str]:
    """Tap each visible term of the region; assert its popover names it and quotes its definition (a word defined per
    context: one of them, or each under its context's name); close it (the first by its Close button, the rest by
    Escape)."""
    popover = page.locator(".term-popover")
    tapped = set()
    for index, probe in enumerate(region_terms(page, slug)):
        link = page.locator(f'a.term[data-probe="{probe}"]')
        definitions = [terms[key] for key in (link.get_attribute("data-term") or "").split("\n")]
        link.scroll_into_view_if_needed()
        before = page.url
        link.tap()
        page.wait_for_function("() => document.querySelector('.term-popover')?.matches(':popover-open')")
        shown = popover_shows(page)
        allowed = [expected_popover([each]) for each in definitions] + ([expected_popover(definitions)] if len(definitions) > 1 else [])
        assert shown in allowed, shown
        assert page.url == before, "the tap followed the link"
        if index == 0:
            popover.get_by_role("button", name="Close").tap()
        else:
            page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('.term-popover').matches(':popover-open')")
        tapped.add(definitions[0]["name"])
    return tapped


def expected_terms(page, slug: str | None, terms: dict[str, dict]) -> set[str]:
    """The glossary terms of this page's scope whose words the region shows (outside headings)."""
    said = words_in(page, slug)
    path = page.evaluate("location.pathname").lstrip("/")
    found = set()
    for term in terms.values():
        if not term["in_text"] or not any(path.startswith(scope) for scope in term["scope"]):
            continue
        pattern = term["pattern"] or "|".join(re.escape(form) for form in term["match"])
        if re.search(rf"(?<![\w\[])(?:{pattern})(?!\w)", said):
            found.add(term["name"])
    return found


def test_every_term_of_the_ram_and_boarded_entries_answers_a_tap(page, page_log, site_url) -> None:
    """Assert, on the Ram and Boarded entries with their resolvers opened and resolved (typed dice for the Ram, "Roll
    for me" for Boarded): every term they show is marked, and each tap opens its definition."""
    page.goto(site_url + ACTIONS + "#ram")
    terms = glossary()
    ram = open_ready(page, "jovian-wars/v1.2.4/ram")
    type_dice(ram, VALIANT_RAMS_TENGU)
    expect()(ram.locator(".resolver__steps a.term", has_text="Crippled").first).to_be_attached()
    boarded = open_ready(page, "jovian-wars/v1.2.4/boarded")
    roll_for_me(boarded)
    # (The Ram's help on base, flex and macro dice is folded under More, "How to fill this in": not shown here.)
    for slug, must in (("ram", {"Crippled", "Destroyed", "Escalate", "Base dice", "Double [D]"}),
                       ("boarded", {"Captured", "Diminish", "Double [D]", "Triple [T]", "Quad [Q]", "Boarded"})):
        expected = expected_terms(page, slug, terms)
        assert must <= expected, (slug, must - expected)
        tapped = tap_every_term(page, slug, terms)
        assert expected <= tapped, (slug, expected - tapped)
    assert page_log.page_errors == []


def test_every_term_of_the_damage_page_answers_a_tap_offline(page, page_log, site_url) -> None:
    """Assert, offline under the service worker, that every term of the Damage page (its text, and each resolver opened
    and rolled) is marked and opens its definition on tap."""
    go_offline_with_the_service_worker(page, page.context, site_url + DAMAGE)
    try:
        page.reload(wait_until="load")
        terms = glossary()
        for resolver_id in page.evaluate("[...document.querySelectorAll('[data-resolver]')].map((r) => r.dataset.resolver)"):
            root = open_ready(page, resolver_id)
            if root.get_by_role("button", name="Roll for me").count():
                roll_for_me(root)
        expected = expected_terms(page, None, terms)
        assert {"Crippled", "Destroyed", "Explodes", "Double [D]", "Triple [T]", "Quad [Q]"} <= expected, expected
        tapped = tap_every_term(page, None, terms)
        assert expected <= tapped, expected - tapped
    finally:
        page.context.set_offline(False)
    assert page_log.page_errors == []


def test_a_term_in_a_widget_label_opens_by_keyboard_and_by_tap(page, site_url) -> None:
    """Assert on the Dice page's unopposed roll: the term in the label "Macro dice" opens its popover on Enter and
    Escape gives focus back; a tap on "Flex dice" in its label opens that term without reaching the number input."""
    page.goto(site_url + "dice/")
    root = open_ready(page, "dice/unopposed")
    term = root.locator("label a.term:visible", has_text="Macro dice").first
    expect()(term).to_be_attached()
    term.focus()
    page.keyboard.press("Enter")
    popover = page.locator(".term-popover")
    expect()(popover).to_be_visible()
    expect()(popover).to_contain_text("Macro dice · Term, in Base, flex and macro dice")
    expect()(popover.get_by_role("link", name="Read where it is defined")).to_be_focused()
    page.keyboard.press("Escape")
    expect()(popover).to_be_hidden()
    expect()(term).to_be_focused()
    flex = root.locator("label a.term:visible", has_text="Flex dice").first
    flex.scroll_into_view_if_needed()
    flex.tap()
    expect()(popover).to_be_visible()
    expect()(popover.locator(".term-popover__title")).to_have_text("Flex dice · Term, in Base, flex and macro dice")
    target = page.evaluate("document.activeElement.tagName")
    assert target == "A", f"the tap reached the labelled control ({target})"


DOGFIGHT = "jovian-wars/v1.2.4/dogfight/"
RAM = "jovian-wars/v1.2.4/ram"
SHIP, SQUADRON, EITHER = ("Capital Ship",), ("Squadron",), ("Squadron", "Capital Ship")  # EITHER: in the glossary's order


def destroyed_popover(contexts: tuple[str, ...]) -> dict:
    """The popover of Destroyed in these contexts: the glossary's definition of each (issue 36, part 4)."""
    by_context = {term["context"]: term for term in glossary().values() if term["name"] == "Destroyed"}
    return expected_popover([by_context[context] for context in contexts])


def tap_destroyed(page, where, contexts: tuple[str, ...]) -> None:
    """Tap the first visible Destroyed under `where`; assert the popover quotes the definition of `contexts` (each under
    its name when several); close it by Escape."""
    link = where.locator("a.term:visible", has_text=re.compile(r"^Destroyed$")).first
    expect()(link).to_be_attached()
    link.scroll_into_view_if_needed()
    link.tap()
    page.wait_for_function("() => document.querySelector('.term-popover')?.matches(':popover-open')")
    assert popover_shows(page) == destroyed_popover(contexts), (where, contexts)
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.term-popover').matches(':popover-open')")


def after_heading(page, slug: str, tag: str):
    """The first `tag` element after the heading `slug` (its entry's text)."""
    return page.locator(f"#{slug} ~ {tag}").first


def test_destroyed_in_a_capital_ships_ram_is_a_capital_ships(page, page_log, site_url) -> None:
    """Assert Destroyed in the Ram rule text of a Capital Ship ramming, and in a Capital Ship's Ram resolver's step and
    headline, quotes the Catastrophic Damage Table (Dead, Explode), not Squadron Damage; in the Squadron's ramming text
    and the Ramming Squadron's numbers, the Squadron's; and in the outcome of a Squadron's Ram (either may be
    Destroyed) both, each named."""
    inputs = {"seed": 3}  # the ramming ship Crippled, "not Destroyed" in a step and the headline
    ram = shared_resolution(page, site_url + ACTIONS, RAM, inputs)
    tap_destroyed(page, after_heading(page, "capital-ship-ramming-capital-ship", "ol"), SHIP)
    tap_destroyed(page, after_heading(page, "squadron-ramming-capital-ship", "ol"), SQUADRON)
    outcome = ram.locator('[data-region="outcome"]')
    for stage in outcome.locator("details.resolver__stage > summary").all():  # the steps fold by stage: open each
        stage.tap()
    tap_destroyed(page, outcome.locator(".resolver__steps"), SHIP)
    tap_destroyed(page, outcome.locator(".resolver__headline"), SHIP)
    open_inputs(ram)  # resolved from its seed, the form is folded to its line
    ram.locator('select[data-name="rammer"]').select_option("Squadron")
    tap_destroyed(page, ram.locator('[data-model="Squadron"] .resolver__help'), SQUADRON)  # its "0 is Destroyed."
    shot_down = outcome.locator(".resolver__steps li", has_text="The ramming Squadron is Destroyed by Point Defense")
    tap_destroyed(page, shot_down, EITHER)  # the same seed, the Squadron's Ram: Point Defense shoots it down
    assert page_log.page_errors == []


def test_destroyed_in_squadron_damage_and_the_dogfight_is_a_squadrons(page, page_log, site_url) -> None:
    """Assert Destroyed in the Squadron Damage text and its resolver's step and headline, and in the Dogfight's headline
    and labels, quotes Squadron Damage; in the Catastrophic Damage Table, the Capital Ship's; and where Embarked models
    of either kind count as Destroyed, both, each named."""
    squadron = shared_resolution(page, site_url + DAMAGE, "jovian-wars/v1.2.4/squadron-damage",
                                 {"squadron": {"structure": 1}, "seed": 2})  # "[T1]: -2 Structure, Destroyed"
    tap_destroyed(page, after_heading(page, "squadron-damage", "p:has-text('Squadrons whose')"), SQUADRON)
    outcome = squadron.locator('[data-region="outcome"]')
    tap_destroyed(page, outcome.locator(".resolver__steps"), SQUADRON)
    tap_destroyed(page, outcome.locator(".resolver__headline"), SQUADRON)
    tap_destroyed(page, page.locator("td", has_text=re.compile(r"^Destroyed, replace with Wreck$")), SHIP)  # the rule's table
    tap_destroyed(page, after_heading(page, "catastrophic-damage-table", "p:has-text('Models that are Embarked')"), EITHER)
    dogfight = shared_resolution(page, site_url + DOGFIGHT, "jovian-wars/v1.2.4/dogfight", {"seed": 1})  # B Destroyed
    tap_destroyed(page, dogfight.locator('[data-region="outcome"] .resolver__headline'), SQUADRON)
    for fold in ("details.resolver__more", "details.resolver__help-all"):  # More, then "How to fill this in"
        dogfight.locator(f"{fold} > summary").first.tap()
    tap_destroyed(page, dogfight.locator(".resolver__help"), SQUADRON)  # a Squadron's "0 is Destroyed."
    assert page_log.page_errors == []
