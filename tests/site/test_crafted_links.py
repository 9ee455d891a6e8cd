"""Crafted links: a value of the wrong kind, out of range, too long, or built to break things, in a shared link, is
dropped with a note naming the field, and never stops another widget (issue 23: one link stopped 36 of 37 widgets on
the Actions page). Each link is opened on its own; the page's widgets all mount and none reports a failure."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest



def expect():
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=10_000)
    return playwright_expect

ACTIONS = "jovian-wars/v1.2.4/actions/"
DOGFIGHT = "jovian-wars/v1.2.4/dogfight/"
MARKUP = '<img src=x onerror="window.pwned=1">'
BAD_VALUES: dict[str, list[object]] = {
    # Every input kind, each with values of the wrong kind, out of range, or hostile.
    "int": ["many", 3.5, -1, 10**15, 1e300, [1], {"a": 1}, True, None, MARKUP, "1e400", "", "+-3", "0x10"],
    "bool": [{"a": 1}, "yes", 7, [True], MARKUP, ""],
    "choice": [{"x": 1}, 3, "__proto__", "Capital Ship ", [None], MARKUP, ""],
    "faces": [7, "1 2 9", [0], [1] * 40, {"0": 1}, [[1, 2]], "x" * 500, [None], [1.5, 2]],
    "seed": [-5, "abc", 2**40],
}
CASES = [(kind, value) for kind, values in BAD_VALUES.items() for value in values]
"""Which input each value goes into: the first of its kind on the Ram (int, bool, choice, faces) or the seed."""
RAW_LINKS = [
    "#" + quote("jovian-wars/v1.2.4/ram", safe="/") + "=" + quote('{"structure":1e400}', safe=""),
    "#" + quote("jovian-wars/v1.2.4/ram", safe="/") + "=" + quote('{"__proto__":{"polluted":1}}', safe=""),
    "#" + quote("jovian-wars/v1.2.4/ram", safe="/") + "=" + quote('{"rammer":{"constructor":1}}', safe=""),
    "#" + quote("jovian-wars/v1.2.4/ram", safe="/") + "=" + quote('"just a string"', safe=""),
    "#" + quote("jovian-wars/v1.2.4/ram", safe="/") + "=" + quote("[1,2,3]", safe=""),
    "#" + quote("jovian-wars/v1.2.4/ram", safe="/") + "=" + quote('{"skill":', safe=""),
    "#" + quote("jovian-wars/v1.2.4/ram", safe="/") + "=" + quote('{"' + MARKUP + '":1}', safe=""),
    "#" + quote("jovian-wars/v1.2.4/ram", safe="/") + "=" + quote("[" * 50 + "]" * 50, safe=""),
]


def ram_input(kind: str) -> str:
    import rules_core
    return next(spec.name for spec in rules_core.REGISTRY["jovian-wars/v1.2.4/ram"].inputs if spec.kind == kind)


def every_widget_mounts(page) -> dict[str, object]:
    """Scroll the whole page so each block prepares; report blocks without a widget and broken ones."""
    return page.evaluate("""async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise(r => setTimeout(r, 20)); }
        const roots = [...document.querySelectorAll('[data-resolver]')];
        for (const end = Date.now() + 8000; Date.now() < end; await new Promise(r => setTimeout(r, 100))) {
          if (roots.every(r => r.hasAttribute('data-mounted') || r.hasAttribute('data-broken'))) break;
        }
        return { roots: roots.length, unmounted: roots.filter(r => !r.hasAttribute('data-mounted')).map(r => r.dataset.resolver),
                 broken: roots.filter(r => r.hasAttribute('data-broken')).map(r => r.dataset.resolver),
                 pwned: Boolean(window.pwned), polluted: ({}).polluted === 1 };
    }""")


def check_page(page, page_log, url: str) -> dict[str, object]:
    page.goto(url)
    page.reload()  # a fragment-only change is not a new document
    found = every_widget_mounts(page)
    assert found["roots"] > 30 and found["unmounted"] == [] and found["broken"] == [], found
    assert not found["pwned"] and not found["polluted"]
    assert page_log.page_errors == []
    return found


@pytest.mark.parametrize(("kind", "value"), CASES, ids=[f"{kind}-{i}" for i, (kind, _) in enumerate(CASES)])
def test_a_crafted_value_is_dropped_with_a_note_and_stops_nothing(page, page_log, site_url, kind, value) -> None:
    """Assert each crafted value is named in the Ram's note (or, for an empty value, simply not used) and every
    widget of the Actions page still mounts."""
    name = "seed" if kind == "seed" else ram_input(kind)
    link = "#" + quote("jovian-wars/v1.2.4/ram", safe="/") + "=" + quote(json.dumps({name: value}), safe="")
    check_page(page, page_log, site_url + ACTIONS + link)
    note = page.locator('[data-resolver="jovian-wars/v1.2.4/ram"] [data-region="link-note"]')
    if value is not None:
        expect()(note).to_contain_text("the default is used instead")
        assert MARKUP not in note.inner_html() or "&lt;img" in note.inner_html()  # text, never markup


@pytest.mark.parametrize("link", RAW_LINKS, ids=range(len(RAW_LINKS)))
def test_a_malformed_or_hostile_link_stops_nothing(page, page_log, site_url, link) -> None:
    """Assert links that are not an object of inputs, are not JSON, nest deep, or carry markup or prototype keys
    leave every widget of the Actions page working."""
    check_page(page, page_log, site_url + ACTIONS + link)


@pytest.mark.parametrize("side", [[1], "x", {"bid": {"x": 1}}, {"__proto__": {"fuel": 9}}, {"fuel": -3, "bid": 99}])
def test_a_crafted_group_is_checked_part_by_part(page, page_log, site_url, side) -> None:
    """Assert a Dogfight side (a group of inputs) given as a list, a text, a nested object or bad parts is dropped
    part by part with a note, and the Dogfight page's widgets all mount."""
    link = "#" + quote("jovian-wars/v1.2.4/dogfight", safe="/") + "=" + quote(json.dumps({"a": side}), safe="")
    page.goto(site_url + DOGFIGHT + link)
    page.reload()
    found = every_widget_mounts(page)
    assert found["unmounted"] == [] and found["broken"] == [] and not found["polluted"], found
    assert page_log.page_errors == []
