"""Static HTML of a resolver, computed at build time in CPython: useful with no script at all.

The block shows the resolver's title, its default inputs, the exact odds for those inputs (or,
for a resolver with no dice, its default resolution: checklist and outcome) and its Readings.
The browser widget takes the block over, drawing its form from the site's one assets/describe.json
(scripts/build/describe.py); the class names and data attributes here are the
ones calculators/page/odds-charts.js and outcome.js draw, so the page does not jump when the engine arrives.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import cast

from rules_core import Resolver, odds, resolve
from rules_core.inputs import GROUP_KINDS, Input
from scripts.build import mechanics


def percent(p: Fraction) -> str:
    """One decimal, as the widget prints it (JS toFixed(1) on the same fraction)."""
    return f"{float(p * 100):.1f}%"


def _value_text(spec: Input, value: object) -> str:
    if spec.kind == "bool":
        return "yes" if value else "no"
    if value is None:
        return "—"
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value) or "—"
    if spec.kind in GROUP_KINDS and isinstance(value, dict):
        return ", ".join(f"{part.label} {_value_text(part, value.get(part.name))}" for part in spec.parts
                         if part.kind != "faces"  # a roll's keypads hold no default: its pool is said
                         and (part.when is None or str(value.get(part.when[0])) == part.when[1]))  # as the form shows
    return str(value)


def inputs_html(resolver: Resolver, checked: dict[str, object]) -> str:
    rows = "".join(
        f"<dt>{escape(spec.label)}</dt><dd>{escape(_value_text(spec, checked.get(spec.name)))}</dd>"
        for spec in resolver.inputs
        if spec.kind not in ("faces", "seed") and any(part.kind != "faces" for part in spec.parts or (spec,))
    )
    return f'<dl class="resolver__defaults">{rows}</dl>' if rows else ""


def _rows_that_happen(chart: dict[str, object]) -> list[dict[str, str]]:
    rows = cast(list[dict[str, str]], chart["rows"])
    return [row for row in rows if Fraction(row["p"]) != 0]


def charts_html(charts: list[dict[str, object]]) -> str:
    """Each chart as a table of the rows that can happen: percentage, label over its bar, the exact fraction."""
    parts = []
    for chart in charts:
        rows = []
        for row in _rows_that_happen(chart):
            p = Fraction(row["p"])
            rows.append(
                f'<tr data-p="{escape(row["p"])}"><td class="resolver__percent">{percent(p)}</td>'
                f'<th scope="row"><span class="resolver__label">{escape(str(row["label"]))}</span>'
                f'<span class="resolver__bar"><span style="width:{float(p * 100):.2f}%"></span></span></th>'
                f'<td class="resolver__fraction">{escape(row["p"])}</td></tr>'
            )
        parts.append(
            f'<table class="resolver__chart"><caption>{escape(str(chart["title"]))}</caption>'
            f'<tbody>{"".join(rows)}</tbody></table>'
        )
    # The fractions are one tap away: the widget's button shows them (with no script they show always).
    return "".join(parts) + '<button type="button" class="resolver__fractions" aria-pressed="false">Exact fractions</button>'


def glance_html(chart: dict[str, object]) -> str:
    """The first chart at a glance: up to three rows that can happen, percentage first."""
    rows = "".join(
        f'<span class="resolver__glance-row">{"; " if i else ""}<strong>{percent(Fraction(row["p"]))}</strong> {escape(str(row["label"]))}</span>'
        for i, row in enumerate(_rows_that_happen(chart)[:3])
    )
    return f'<span class="resolver__glance-title">{escape(str(chart["title"]))}: </span>{rows}'


def checks_html(checks: list[dict[str, object]]) -> str:
    if not checks:
        return ""
    items = "".join(
        f'<li data-ok="{str(bool(c["ok"])).lower()}" data-entered="{str(c.get("entered", True)).lower()}">'
        f'{"?" if c.get("entered") is False else "✔" if c["ok"] else "✘"} {escape(str(c["label"]))}'
        f'{": " + escape(str(c["detail"])) if c.get("detail") else ""}</li>'
        for c in checks
    )
    return f'<ul class="resolver__checks">{items}</ul>'


def headline_of(answer: dict[str, object]) -> str:
    outcome = cast(dict[str, object], answer.get("outcome") or {})
    return str(outcome.get("headline", ""))


def outcome_html(answer: dict[str, object]) -> str:
    steps = "".join(f"<li>{escape(str(step))}</li>" for step in cast(list[object], answer.get("steps", [])))
    return (
        f'<p class="resolver__headline">{escape(headline_of(answer))}</p>'
        + checks_html(answer.get("checks", []))  # type: ignore[arg-type]
        + (f'<ol class="resolver__steps">{steps}</ol>' if steps else "")
    )


def readings_html(resolver: Resolver, readings_url: str) -> str:
    """The Readings a resolver uses, each linked to the ledger and its section to "How the dice work" (a sibling
    of the Readings page)."""
    if not resolver.readings:
        return ""
    mechanics_url = readings_url.removesuffix("readings/") + mechanics.URL
    # One line until opened (a list of 14 titles was a wall of text before the next rule); plain text only in the
    # summary (nothing interactive inside the toggle); each note links to the ledger.
    count = len(resolver.readings)
    notes = "".join(
        f'<li><a href="{escape(readings_url)}#{escape(r.key)}">{escape(r.title)}</a> '
        f'({mechanics.cite_html(r.section, mechanics_url)}): {escape(r.text)}</li>'
        for r in resolver.readings
    )
    return (
        f'<details class="resolver__readings" data-search-exclude><summary>Uses {count} Reading{"" if count == 1 else "s"}</summary>'
        f"<ul>{notes}</ul></details>"
    )


def resolver_block(resolver: Resolver, readings_url: str) -> str:
    """The whole block, one HTML element with no blank line (Markdown passes it through raw).

    data-search-exclude on each part: the block's form, odds and Readings are not the rule's text,
    and would put every widget's labels ("Ramming ship: Defense boxes left") in the search index.
    Material's search plugin and Zensical both skip such an element, but Material's parser (9.x)
    tells elements apart by tag name only, so an excluded <div> is let go at the first inner </div>:
    the mark goes on the block's children, none of which holds an element of its own tag.

    Collapsed by default to its glance (the headline odds, or the outcome, for the default inputs)
    and one "Resolve" control: a <details>, so it opens with no script too.
    """
    checked = resolver.defaults()
    if resolver.odds is not None:
        charts = odds(resolver.id, {})["charts"]
        glance = glance_html(charts[0]) if charts else ""  # type: ignore[index]
        body = f'<div class="resolver__odds" data-region="odds">{charts_html(charts)}</div>'  # type: ignore[arg-type]
    else:
        answer = resolve(resolver.id, {})
        glance = escape(headline_of(answer))
        body = f'<div class="resolver__outcome" data-region="outcome">{outcome_html(answer)}</div>'
    summary = f'<p class="resolver__summary">{escape(resolver.summary)}</p>' if resolver.summary else ""
    return (
        f'<div class="resolver" data-resolver="{escape(resolver.id)}" data-engine="static">'
        f'<p class="resolver__title" data-search-exclude>{escape(resolver.title)}</p>'
        f'<p class="resolver__glance" data-region="glance" data-search-exclude>{glance}</p>'
        f'<details class="resolver__body" data-search-exclude><summary class="resolver__open">Resolve</summary>{summary}'
        f'<div class="resolver__static">{inputs_html(resolver, checked)}{body}</div></details>'
        f"{readings_html(resolver, readings_url)}"
        "</div>"
    )
