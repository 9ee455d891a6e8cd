"""The changes page in Chromium on a phone: deletions and insertions readable in both colour
schemes, and its links land on the entries of both versions."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

PATH = "jovian-wars/changes/"

COLOURS = """(selector) => {
  const el = document.querySelector(selector);
  const style = getComputedStyle(el);
  return {text: style.color, mark: style.backgroundColor, page: getComputedStyle(document.body).backgroundColor,
          line: style.textDecorationLine};
}"""


def rgba(css: str) -> tuple[float, float, float, float]:
    parts = [float(p) for p in re.findall(r"[\d.]+", css)]
    return (parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0)


def over(top: tuple[float, float, float, float], under: tuple[float, float, float]) -> tuple[float, float, float]:
    """`top` composited over an opaque `under`."""
    alpha = top[3]
    return (top[0] * alpha + under[0] * (1 - alpha), top[1] * alpha + under[1] * (1 - alpha),
            top[2] * alpha + under[2] * (1 - alpha))


def luminance(rgb: tuple[float, float, float]) -> float:
    def channel(value: float) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("tag", ["del", "ins"])
def test_deletions_and_insertions_are_marked_and_readable(page, site_url: str, scheme: str, tag: str) -> None:
    """Assert a tinted background, a strike-through (del) or underline (ins), and text contrast >= 4.5."""
    page.emulate_media(color_scheme=scheme)
    page.goto(site_url + PATH, wait_until="networkidle")
    found = page.evaluate(COLOURS, f".md-typeset .vd-text {tag}")
    page_bg = over(rgba(found["page"]), (255, 255, 255))
    mark = rgba(found["mark"])
    assert mark[3] > 0, f"{tag} has no background tint in the {scheme} scheme"
    ratio = contrast(over(rgba(found["text"]), over(mark, page_bg)), over(mark, page_bg))
    assert ratio >= 4.5, f"{tag} text contrast {ratio:.2f} in the {scheme} scheme"
    assert ("line-through" if tag == "del" else "underline") in found["line"]


def test_links_land_on_both_versions_entries(page, site_url: str) -> None:
    """Assert the Evade pair's links open the v1.2.1 and the v1.2.4 Evade headings."""
    from playwright.sync_api import expect

    for version, page_path in (("v1.2.1", "v1.2.1/special-actions/"), ("v1.2.4", "v1.2.4/actions/")):
        page.goto(site_url + PATH, wait_until="networkidle")
        page.get_by_role("link", name=f"{version}: Evade", exact=True).click()
        expect(page).to_have_url(re.compile(re.escape(page_path) + "#evade$"))
        # The heading exists on the landing page (where it then sits depends on widgets mounting above it).
        expect(page.locator("h3#evade")).to_have_text(re.compile(r"^Evade"))


SUMMARY = '.vd-summary li'


@pytest.mark.parametrize(("slug", "lines"), [
    ("ram", ["Renamed: Ramming Speed is Ram in v1.2.4.",
             "Requirement now Structure: 0-1 or Fire Ship Trait (was Structure: 1+ or Damage: 1+).",
             "Procedure: v1.2.1 kept it in its Ramming section, which is not in the texts;"]),
    ("board", ["Renamed: Boarding Party is Board in v1.2.4.",
               "Requirement now Marines: 1+, within 1\" of target (was Marines: 1+ or Exo-Armor).",
               "Part of the rule is now the Boarded State.",
               "Procedure: v1.2.1 kept it in its Boarding Action procedure, which is not in the texts;"]),
])
def test_ram_and_board_open_with_their_summary_on_a_phone(page, page_log, site_url: str, slug: str, lines: list[str]) -> None:
    """Assert at 390x844: the pair's "What changed" list is the first thing under its links, readable without
    sideways scroll, and the gap note stands where the v1.2.4 procedure would have been shown as new."""
    from playwright.sync_api import expect

    assert page.viewport_size == {"width": 390, "height": 844}
    page.goto(site_url + PATH + f"#{slug}", wait_until="networkidle")
    heading = page.locator(f"h3#{slug}")
    expect(heading).to_be_visible()
    summary = page.locator(f"h3#{slug} ~ .vd-summary").first
    expect(summary).to_be_visible()
    items = summary.locator("li")
    for line in lines:
        expect(items.filter(has_text=line)).to_have_count(1)
    # The summary comes before the fields and the text of the same pair.
    order = page.evaluate("""(slug) => {
      const h = document.getElementById(slug);
      const next = [];
      for (let el = h.nextElementSibling; el && el.tagName !== 'H3'; el = el.nextElementSibling) next.push(el.className);
      return next;
    }""", slug)
    assert order.index("vd-summary") < order.index("vd-fields")
    assert "vd-gap" in order
    box = summary.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page_log.foreign(site_url) == []


def test_boost_links_hard_burn_and_a_notation_only_row_reads_as_unchanged(page, site_url: str) -> None:
    """Assert Boost names and links Hard Burn, and Launch's Skill Test "- → No" is marked as notation, not struck."""
    from playwright.sync_api import expect

    page.goto(site_url + PATH + "#boost", wait_until="networkidle")
    page.get_by_role("link", name="v1.2.4: Hard Burn (Action)", exact=True).click()
    expect(page).to_have_url(re.compile(r"v1\.2\.4/actions/#hard-burn$"))
    page.goto(site_url + PATH + "#launch", wait_until="networkidle")
    row = page.locator("h3#launch ~ ul.vd-fields").first.locator("li", has_text="Skill Test")
    expect(row).to_contain_text("same meaning (notation only)")
    expect(row.locator("del, ins")).to_have_count(0)


def summary_of(page, slug: str) -> list[str]:
    """The "What changed" lines of one pair, as the reader sees them."""
    return page.locator(f"h3#{slug} ~ .vd-summary").first.locator("li").all_text_contents()


def test_silent_running_says_in_plain_words_what_changed_and_where_its_text_stops(page, site_url: str) -> None:
    """Assert issue 36 on a phone: Silent Running says entering Stealthed needs no [D+] and that v1.2.4 leaves "A Skill
    Test result of" unfinished (in its summary and as a note under its text), and "Number changed" is said only on
    the three lines where a number changed (Vector Attack 3" → 4", Withdraw 0.5x points, Boost 3" per Fuel)."""
    from playwright.sync_api import expect

    page.goto(site_url + PATH + "#silent-running", wait_until="networkidle")
    lines = summary_of(page, "silent-running")
    assert any(line.startswith("Entering Stealthed no longer needs a [D+] result: in v1.2.4 “A model declaring the "
                               "Silent Running action enters the Stealthed state”") for line in lines), lines
    assert ("Unfinished in v1.2.4: the text stops after “A Skill Test result of”; the rest of the sentence is not in "
            "the texts.") in lines
    note = page.locator("h3#silent-running ~ p.text-unfinished").first
    expect(note).to_be_visible()
    expect(note).to_have_text("The text stops here: the sentence “A Skill Test result of” is unfinished in v1.2.4.")
    numbered = page.locator(".vd-summary li", has_text="Number changed")
    expect(numbered).to_have_count(3)
    texts = numbered.all_text_contents()
    assert [text.split(":", 1)[-1].strip()[:18] for text in texts] == [
        "The free move is u", "A model that Withd", "Squadrons increase"]
    for slug in ("silent-running", "long-shot"):
        assert not any("Number changed" in line or line.startswith("Changed:") for line in summary_of(page, slug))


def test_the_unfinished_sentence_is_marked_where_it_stops_in_the_rule(page, site_url: str) -> None:
    """Assert on the v1.2.4 Actions page the note ends the very paragraph that breaks off, is a note to assistive
    technology, and is visible, the rule's own words left as they are."""
    from playwright.sync_api import expect

    page.goto(site_url + "jovian-wars/v1.2.4/actions/#silent-running", wait_until="networkidle")
    paragraph = page.locator("p", has_text="A model declaring the Silent Running action enters the Stealthed state.")
    expect(paragraph).to_have_count(1)
    note = paragraph.get_by_role("note")
    expect(note).to_have_text("[The text stops here: this sentence is unfinished in v1.2.4.]")
    expect(note).to_be_visible()
    # The note is the paragraph's last thing, after the rule's words, which read as the source has them.
    words, last = paragraph.evaluate("""p => {
      const copy = p.cloneNode(true);
      copy.querySelector('[role=note]').remove();
      return [copy.textContent.replace(/\\s+/g, ' ').trim(), p.lastElementChild.getAttribute('role')];
    }""")
    assert words == "A model declaring the Silent Running action enters the Stealthed state. A Skill Test result of"
    assert last == "note"
