"""Every resolver's declaration once per site: assets/describe.json, which the widget reads before it draws a form.

It was an HTML-escaped data-describe attribute on each block, 36% of the Actions page's HTML, sent again with
every page. One file for the whole site (178 KB, 16 KB as .br) rather than one per resolver family (the
jovian-wars family alone is 13 KB as .br): 3 KB more for the first answer, one file and one fetch for every page.
scripts/build_site.py writes it after the site generator and before the service worker, so the precache lists it.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules_core import REGISTRY, resolver_ids

DESCRIBE = "assets/describe.json"


def declarations() -> dict[str, dict[str, object]]:
    """Resolver id -> its describe() declaration (no inputs: the form's defaults come from it)."""
    return {resolver_id: REGISTRY[resolver_id].describe() for resolver_id in resolver_ids()}


def write_describe(site_dir: Path) -> None:
    path = site_dir / DESCRIBE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(declarations(), separators=(",", ":")), encoding="utf-8")
