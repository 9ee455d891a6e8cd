"""Every resolver's declaration once per site: assets/describe.json, which the widget reads before it draws a form.

It was the whole describe() JSON, HTML-escaped, in a data-describe attribute on each block: 36% of the Actions
page's HTML, sent again with every page. Now one file for the whole site, holding only what the widget draws from
(WIDGET_FIELDS; the Readings' texts, the entries served and the versions are in the page or unused): 94 KB, 7.6 KB
as .br. One per resolver family would save the Actions page's first answer under 2 KB, for three files.
scripts/build_site.py writes it after the site generator and before the service worker, so the precache lists it.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules_core import REGISTRY, resolver_ids

DESCRIBE = "assets/describe.json"
WIDGET_FIELDS = ("title", "inputs", "has_odds", "in_turn")
"""The fields of describe() that calculators/page/widget.js reads (declarationOf)."""


def declarations() -> dict[str, dict[str, object]]:
    """Resolver id -> the widget's part of its describe() declaration (no inputs: the form's defaults come from it)."""
    described = {resolver_id: REGISTRY[resolver_id].describe() for resolver_id in resolver_ids()}
    return {resolver_id: {field: data[field] for field in WIDGET_FIELDS} for resolver_id, data in described.items()}


def write_describe(site_dir: Path) -> None:
    path = site_dir / DESCRIBE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(declarations(), separators=(",", ":")), encoding="utf-8")
