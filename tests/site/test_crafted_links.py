"""Crafted links: a value of the wrong kind, out of range, too long, or built to break things, in a shared link, is
dropped with a note naming the field, and never stops another widget (issue 23: one link stopped 36 of 37 widgets on
the Actions page).

Each crafted value goes into a different widget of one link (a page holds 37), so one page load tries dozens of
crafted values at once: every widget still mounts, each crafted one says what it dropped, no markup or prototype key
gets through. The page's checker (input-check.js) is held to rules_core's own checks, value by value."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from urllib.parse import quote

import pytest

import rules_core
from rules_core.inputs import GROUP_KINDS
from tests.conftest import SITE
from tests.page_modules import declaration_check, run_page_function
from tests.site.conftest import expect
from tests.timing import ms

pytestmark = pytest.mark.browser

ACTIONS = "jovian-wars/v1.2.4/actions/"
DOGFIGHT = "jovian-wars/v1.2.4/dogfight/"
MARKUP = '<img src=x onerror="window.pwned=1">'
BAD_VALUES: dict[str, list[object]] = {
    # Every input kind, each with values of the wrong kind, out of range, or hostile.
    "int": ["many", 3.5, -1, 10**15, 1e300, [1], {"a": 1}, True, MARKUP, "1e400", "", "+-3", "0x10", "٣", "1_000", "²",
            "NaN", "Infinity", "9" * 13],
    "bool": [{"a": 1}, "yes", 7, [True], MARKUP, "", 0.5, "TRUE", -1],
    "choice": [{"x": 1}, 3, "__proto__", "Capital Ship ", [None], MARKUP, "", "constructor"],
    "faces": [7, "1 2 9", [0], [1] * 40, {"0": 1}, [[1, 2]], "x" * 500, [None], [1.5, 2], [True, 2], "1,2,x", ["٣"]],
    "seed": [-5, "abc", 2**40, 1.5, "9" * 13],
}
RAW_LINKS = [
    # Not an object of inputs, not JSON, nested deep, or carrying markup and prototype keys.
    '{"structure":1e400}',
    '{"__proto__":{"polluted":1}}',
    '{"rammer":{"constructor":1}}',
    '"just a string"',
    "[1,2,3]",
    '{"skill":',
    '{"' + MARKUP + '":1}',
    "[" * 50 + "]" * 50,
]


def resolvers_on(page_path: str) -> list[str]:
    html = (SITE / page_path / "index.html").read_text(encoding="utf-8")
    return list(dict.fromkeys(re.findall(r'data-resolver="([^"]+)"', html)))


def packed_links(page_path: str) -> list[dict[str, dict[str, object]]]:
    """The crafted values spread over the page's widgets, one value per widget per link, as few links as that takes:
    [{resolver id: {input name: crafted value}}]."""
    todo = [(kind, value) for kind, values in BAD_VALUES.items() for value in values]
    links: list[dict[str, dict[str, object]]] = []
    while todo:
        link: dict[str, dict[str, object]] = {}
        for resolver_id in resolvers_on(page_path):
            specs = {spec.kind: spec for spec in rules_core.REGISTRY[resolver_id].inputs}
            spec_kinds = {kind: spec.name for kind, spec in specs.items()}
            # a value the input takes (-1 for a modifier that may be negative) is no crafted one for it
            item = next((item for item in todo if item[0] in specs and not takes(specs[item[0]], item[1])), None)
            if item is not None:
                todo.remove(item)
                link[resolver_id] = {spec_kinds[item[0]]: item[1]}
        assert link, f"no widget of {page_path} takes {todo[0][0]}"
        links.append(link)
    return links


def takes(spec, value: object) -> bool:
    """Whether a whole-number input takes `value` as it is (within its range)."""
    return (spec.kind == "int" and isinstance(value, int) and not isinstance(value, bool)
            and (spec.low is None or value >= spec.low) and (spec.high is None or value <= spec.high))


def fragment_of(link: dict[str, dict[str, object]]) -> str:
    return "#" + "&".join(quote(rid, safe="/") + "=" + quote(json.dumps(inputs), safe="") for rid, inputs in link.items())


@pytest.fixture(scope="module")
def warm_page(playwright, tmp_path_factory, site_url) -> Iterator[object]:
    """One page for every link of this module: the engine restores from its snapshot instead of booting afresh."""
    from tests.site.conftest import PageLog, phone_on_disk, watch

    context = phone_on_disk(playwright, tmp_path_factory.mktemp("crafted-links"), device_scale_factor=1)
    page = context.new_page()
    page.log = PageLog()  # type: ignore[attr-defined]
    watch(page, page.log)  # type: ignore[attr-defined]
    yield page
    context.close()


def open_link(page, url: str) -> dict[str, object]:
    """Load `url` as a new document; report the widgets that were not taken over, broken ones, and any break-in."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_function("() => document.documentElement.dataset.resolvers === 'listening' && document.readyState === 'complete'")
    return page.evaluate("""async (budgetMs) => {
        const roots = [...document.querySelectorAll('[data-resolver]')];
        // Widgets with link state open at once; the others are made as they come near the view or take the
        // keyboard's focus: a reader tabbing through the page reaches each Resolve (the view left where it landed).
        for (const root of roots) root.querySelector('summary.resolver__open')?.focus({ preventScroll: true });
        for (const end = Date.now() + budgetMs; Date.now() < end; await new Promise(r => setTimeout(r, 100))) {
          if (roots.every(r => r.widget)) break;
        }
        return { roots: roots.length, unbuilt: roots.filter(r => !r.widget).map(r => r.dataset.resolver),
                 broken: roots.filter(r => r.hasAttribute('data-broken')).map(r => r.dataset.resolver),
                 pwned: Boolean(window.pwned), polluted: ({}).polluted === 1 };
    }""", ms(8_000))


def test_crafted_values_in_every_widget_are_each_dropped_with_a_note_and_stop_nothing(warm_page, site_url) -> None:
    """Assert each crafted value, in a link that crafts a value for many widgets at once, is named in its widget's
    note, never inserted as markup, and every widget of the page is built and none broken."""
    links = packed_links(ACTIONS)
    assert sum(len(link) for link in links) >= 50  # at least 50 crafted values, every input kind
    for link in links:
        found = open_link(warm_page, site_url + ACTIONS + fragment_of(link))
        assert found["roots"] > 30 and found["unbuilt"] == [] and found["broken"] == [], found
        assert not found["pwned"] and not found["polluted"]
        for resolver_id, inputs in link.items():
            root = warm_page.locator(f'[data-resolver="{resolver_id}"]')
            expect()(root).to_have_attribute("data-mounted", "")
            note = root.locator('[data-region="link-note"]')
            expect()(note).to_contain_text("the default is used instead")
            assert "<img" not in note.inner_html(), (resolver_id, inputs)  # text, never markup
    # The engine was not stopped either: it answers.
    answer = warm_page.evaluate('window.rulesEngine.request("odds", "dice/unopposed", {"roll": {"base": 2}})')
    assert "result" in answer, answer
    assert answer["result"]["charts"][0]["rows"] == rules_core.odds("dice/unopposed", {"roll": {"base": 2}})["charts"][0]["rows"]
    assert warm_page.log.page_errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("raw", RAW_LINKS, ids=range(len(RAW_LINKS)))
def test_a_malformed_or_hostile_link_stops_nothing(warm_page, site_url, raw) -> None:
    """Assert links that are not an object of inputs, are not JSON, nest deep, or carry markup or prototype keys
    leave every widget of the Actions page built and none broken."""
    found = open_link(warm_page, site_url + ACTIONS + "#" + quote("jovian-wars/v1.2.4/ram", safe="/") + "=" + quote(raw, safe=""))
    assert found["unbuilt"] == [] and found["broken"] == [] and not found["pwned"] and not found["polluted"], found
    expect()(warm_page.locator('[data-resolver="jovian-wars/v1.2.4/ram"]')).to_have_attribute("data-mounted", "")
    assert warm_page.log.page_errors == []  # type: ignore[attr-defined]


def test_a_crafted_group_is_checked_part_by_part(warm_page, site_url) -> None:
    """Assert a Dogfight Squadron (one input of its card's numbers) given as a list, a text, a nested object, bad parts
    or a link of the old shape (the Fuel bid and the Attack dice inside the Squadron, before they were the Dogfight's
    own inputs) is dropped part by part with a note, and the Dogfight page's widgets all build."""
    for side in ([1], "x", {"bid": {"x": 1}}, {"__proto__": {"fuel": 9}}, {"fuel": -3, "skill": 99},
                 {"bid": 1, "attack": 3, "skill": 2}):
        found = open_link(warm_page, site_url + DOGFIGHT + "#" + quote("jovian-wars/v1.2.4/dogfight", safe="/") + "="
                          + quote(json.dumps({"a": side}), safe=""))
        assert found["unbuilt"] == [] and found["broken"] == [] and not found["polluted"], (side, found)
        note = warm_page.locator('[data-resolver="jovian-wars/v1.2.4/dogfight"] [data-region="link-note"]')
        if side != {"__proto__": {"fuel": 9}}:  # an own "__proto__" key is only a name that is not an input: ignored
            expect()(note).not_to_be_empty()
        if side == {"bid": 1, "attack": 3, "skill": 2}:
            expect()(note).to_contain_text("a.bid")
    assert warm_page.log.page_errors == []  # type: ignore[attr-defined]


def test_the_pages_checker_refuses_exactly_what_rules_core_refuses() -> None:
    """Assert input-check.js, value by value over every crafted value and a few good ones, accepts what rules_core's
    Input.check accepts (with the same canonical value) and refuses what it refuses."""
    cases = []
    for resolver_id in resolvers_on(ACTIONS):
        for top in rules_core.REGISTRY[resolver_id].inputs:
            # A ship's (or group's) numbers, each checked by its own declaration (a model of no numbers: none).
            for spec in top.parts or (() if top.kind in GROUP_KINDS else (top,)):
                good = [spec.default] if spec.default is not None else []
                for value in BAD_VALUES.get(spec.kind, []) + good:
                    if isinstance(value, float) and value != value or value in (float("inf"), float("-inf")):
                        continue  # not JSON
                    try:
                        expected: object = {"value": list(checked) if isinstance(checked := spec.check(value), tuple) else checked}
                    except rules_core.InputError:
                        expected = "refused"
                    cases.append({"spec": spec.to_json(), "value": value, "expected": expected})
    assert len(cases) > 200
    got = run_page_function("""async (cases, load) => {
        const { checkValue } = await load("input-check");
        return cases.map(({ spec, value }) => { const r = checkValue(spec, value); return r.error ? "refused" : { value: r.value }; });
    }""", cases)
    assert isinstance(got, list)
    mismatches = [(case["spec"]["name"], case["value"], case["expected"], answer) for case, answer in zip(cases, got, strict=True)
                  if answer != case["expected"]]
    assert mismatches == []


RAM = "jovian-wars/v1.2.4/ram"
COULD_NOT = "This link's inputs for this resolver could not be read ({}), so it shows the defaults."
MALFORMED = [
    # Each kind of malformed link, as it stands in the address (already %-encoded), and its own reason, the value
    # echoed as written: undecoded where its %-escapes are broken, else decoded (issue 36: each said "another version").
    pytest.param("abc%zz", "“abc%zz” is not valid %-encoding (a “%” is followed by two hex digits of UTF-8)",
                 id="broken-escape"),
    pytest.param("%FF%FE", "“%FF%FE” is not valid %-encoding (a “%” is followed by two hex digits of UTF-8)",
                 id="not-utf8"),
    pytest.param(quote('{"skill":', safe=""), '“{"skill":” is not valid JSON (at character 10)', id="not-json"),
    pytest.param(quote("[" * 50 + "]" * 50, safe=""),
                 "“" + "[" * 39 + "…” nests deeper than any resolver's inputs (more than 8 levels)", id="too-deep"),
    pytest.param("k" * 5000, "it is 5000 characters long, longer than any resolver's inputs (at most 4096)", id="too-long"),
    pytest.param(quote("[1,2]", safe=""), "“[1,2]” is a list, not a set of inputs by name", id="a-list"),
    pytest.param("hello", "“hello” is neither this site's form of inputs nor JSON", id="neither-form"),
    pytest.param("zzzz,0:4", "it was made by another version of the site, for other inputs of this resolver (its key "
                 "“zzzz”; this version's is “{check}”)", id="another-version"),
]


@pytest.mark.parametrize(("value", "reason"), MALFORMED)
def test_each_malformed_link_says_its_own_reason_and_echoes_it(warm_page, site_url, value, reason) -> None:
    """Assert a malformed link's note names its own defect (broken %-encoding, not JSON, nested too deep, too long,
    not a set of inputs, neither form, made by another version) and echoes the value as written, and the widget works."""
    found = open_link(warm_page, site_url + ACTIONS + "#" + quote(RAM, safe="/") + "=" + value)
    assert found["unbuilt"] == [] and found["broken"] == [], found
    note = warm_page.locator(f'[data-resolver="{RAM}"] [data-region="link-note"]')
    check = declaration_check(RAM) if "{check}" in reason else ""
    expect()(note).to_have_text(COULD_NOT.format(reason.replace("{check}", check)))
    assert warm_page.log.page_errors == []  # type: ignore[attr-defined]


def test_a_value_of_the_wrong_kind_is_named_by_its_field_and_echoed_as_written(warm_page, site_url) -> None:
    """Assert a value of the wrong kind, in either form of link, is refused naming the field by its label and range,
    and echoed as the link wrote it: "[1, 2]" with its space (not JSON re-written, "[1,2]"), and the compact form's
    text as it stands ("1e400", not in JSON quotes)."""
    words = "This link's Target: Starting Structure: a whole number from 1 to 4, not {}: the default is used instead."
    note = warm_page.locator(f'[data-resolver="{RAM}"] [data-region="link-note"]')
    open_link(warm_page, site_url + ACTIONS + "#" + quote(RAM, safe="/") + "="
              + quote('{"target_ship":{"start_structure":[1, 2]}}', safe=""))
    expect()(note).to_have_text(words.format("[1, 2]"))
    names = [spec.name for spec in rules_core.REGISTRY[RAM].inputs]
    ship = names.index("target_ship")
    part = [p.name for p in rules_core.REGISTRY[RAM].inputs[ship].parts].index("start_structure")
    compact = f"{declaration_check(RAM)},{ship}.{part}:1e400"
    open_link(warm_page, site_url + ACTIONS + "#" + quote(RAM, safe="/") + "=" + compact)
    expect()(note).to_have_text(words.format("“1e400”"))
    assert warm_page.log.page_errors == []  # type: ignore[attr-defined]
