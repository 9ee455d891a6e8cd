"""Finishing step: keep only the lunr language files the site's search uses.

Material's search plugin copies every lunr language (34 files, 0.9 MB; wordcut.js alone 677 KB)
into assets/javascripts/lunr/, and the service worker would precache them all. Its search worker
loads lunr.stemmer.support and lunr.<lang> for each language other than English, lunr.multi for
more than one, tinyseg.js for Japanese and wordcut.js for Hindi and Thai: an English-only site
loads none of them. The languages are the search index's own (config.lang). A build without
that folder (Zensical) is left as it is.
"""

from __future__ import annotations

import json
from pathlib import Path

LUNR = "assets/javascripts/lunr"
INDEX = "search/search_index.json"
SEGMENTERS = {"ja": "tinyseg.js", "hi": "wordcut.js", "th": "wordcut.js"}


def used_files(languages: list[str]) -> set[str]:
    """The lunr/ files (relative to it) Material's search worker loads for these languages."""
    others = [lang for lang in languages if lang != "en"]
    used = {SEGMENTERS[lang] for lang in languages if lang in SEGMENTERS} | {f"min/lunr.{lang}.min.js" for lang in others}
    if len(languages) > 1:
        used.add("min/lunr.multi.min.js")
    if used:
        used.add("min/lunr.stemmer.support.min.js")
    return used


def drop_unused_languages(site_dir: Path) -> None:
    folder, index = site_dir / LUNR, site_dir / INDEX
    if not folder.is_dir() or not index.is_file():
        return
    languages = json.loads(index.read_text(encoding="utf-8"))["config"]["lang"]
    keep = used_files(languages)
    for path in sorted(folder.rglob("*"), reverse=True):  # files before their folders
        if path.is_file() and path.relative_to(folder).as_posix() not in keep:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    if not any(folder.iterdir()):
        folder.rmdir()
