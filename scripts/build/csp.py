"""A Content-Security-Policy in every page: a meta tag listing the hashes of the inline scripts.

Run by scripts/build_site.py after the generator and the other finishing steps, before
scripts/build/offline.py (so the service worker's precache revisions hash the final pages):
`add_csp(site_dir)` reads every inline script of every page of the finished site (the theme's own
small ones and overrides/main.html's engine prestart), builds ONE policy for the whole site with
a 'sha256-...' source for each distinct script, and puts it in every page's head as
`<meta http-equiv="Content-Security-Policy">`, right after `<meta charset>` (a meta policy governs
only what comes after it; the charset must stay in the first 1024 bytes). One policy for every
page, not one per page: instant navigation keeps the first page's document (and its policy) while
it runs the `<script>`s of the pages it swaps in, so every page must allow every page's scripts.

Scripts get no 'unsafe-inline': an inline script runs only if its hash is listed. Styles do: the
resolver blocks' bars carry `style="width:..."` (built in scripts/build/resolver_html.py and by
calculators/page/odds-charts.js). A meta policy cannot say frame-ancestors and does not reach a worker (a
worker's policy comes from its own response headers): `header_policy` is the same policy with
frame-ancestors 'none', for a host that sends headers; `python -m scripts.build.csp site/`
prints it for a finished build (README, Deploy).
"""

from __future__ import annotations

import base64
import hashlib
import re
import sys
from pathlib import Path

from scripts.build.build_error import BuildError

SCRIPT_HASHES = "{script_hashes}"
"""Where the inline scripts' hash sources go in POLICY."""

POLICY = "; ".join([
    "default-src 'self'",
    # 'wasm-unsafe-eval': Pyodide compiles its wasm in the engine worker (needed there under a header policy).
    f"script-src 'self' 'wasm-unsafe-eval' {SCRIPT_HASHES}",
    "style-src 'self' 'unsafe-inline'",  # the resolver bars' style="width:..." attributes
    "img-src 'self' data:",  # the theme's icons are data: SVGs in its stylesheet
    "font-src 'self'",
    "connect-src 'self'",  # glossary.json, the sitemap and pages for instant navigation, Pyodide's files
    "worker-src 'self'",  # the engine worker, the theme's search worker, /sw.js
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
])
"""The site's policy, defined here only; SCRIPT_HASHES is replaced by the build's hash sources."""

HEADER_ONLY = "frame-ancestors 'none'"
"""What a meta policy cannot say (browsers ignore it there): for the header a host sends."""

META = '<meta http-equiv="Content-Security-Policy" content="{policy}">'
META_FOUND = re.compile(r'<meta\s+http-equiv="Content-Security-Policy"', re.I)
HEAD = re.compile(r"<head\b[^>]*>(?P<charset>\s*<meta\s+charset=[^>]*>)?", re.I)
SCRIPT = re.compile(r"<script\b(?P<attrs>[^>]*)>(?P<body>.*?)</script\s*>", re.I | re.S)
TYPE = re.compile(r"""\btype\s*=\s*["']?(?P<type>[^"'\s>]*)""", re.I)
SRC = re.compile(r"\bsrc\s*=", re.I)
SCRIPT_TYPES = {"", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript"}
"""Types a browser runs; any other (the theme's application/json config) is data, not checked by CSP."""


def inline_scripts(html: str) -> list[str]:
    """The bodies of the inline scripts a browser would run, exactly as written in the page."""
    found = []
    for script in SCRIPT.finditer(html):
        kind = TYPE.search(script["attrs"])
        if SRC.search(script["attrs"]) or (kind and kind["type"].lower() not in SCRIPT_TYPES):
            continue
        found.append(script["body"])
    return found


def hash_source(body: str) -> str:
    """The CSP source allowing an inline script: 'sha256-' and the base64 of its UTF-8 text's digest."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii") + "'"


def pages(site_dir: Path) -> list[Path]:
    return sorted(site_dir.rglob("*.html"))


def site_policy(site_dir: Path) -> str:
    """POLICY for the pages in site_dir: a hash source for each distinct inline script, sorted."""
    hashes = sorted({hash_source(body) for page in pages(site_dir) for body in inline_scripts(page.read_text(encoding="utf-8"))})
    return POLICY.replace(" " + SCRIPT_HASHES, "".join(" " + source for source in hashes))


def header_policy(site_dir: Path) -> str:
    """The header a host can send for this build: the pages' policy plus frame-ancestors."""
    policy = read_policy((site_dir / "index.html").read_text(encoding="utf-8"))
    if policy is None:
        raise BuildError(f"{site_dir}/index.html has no Content-Security-Policy: build the site first")
    return f"{policy}; {HEADER_ONLY}"


def read_policy(html: str) -> str | None:
    """The policy of a page's CSP meta tag, or None."""
    found = re.search(r'<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)">', html, re.I)
    return found[1] if found else None


def add_csp(site_dir: Path) -> str:
    """Put the site's policy first in every page's head (after its charset); return the policy."""
    policy = site_policy(site_dir)
    meta = META.format(policy=policy)
    for page in pages(site_dir):
        html = page.read_text(encoding="utf-8")
        name = page.relative_to(site_dir).as_posix()
        if META_FOUND.search(html):
            raise BuildError(f"{name} already has a Content-Security-Policy meta tag: the theme's or a second run's?")
        head = HEAD.search(html)
        if head is None:
            raise BuildError(f"{name} has no <head>: nowhere to put its Content-Security-Policy")
        page.write_text(html[: head.end()] + "\n    " + meta + html[head.end():], encoding="utf-8")
    return policy


if __name__ == "__main__":  # python -m scripts.build.csp site/ : the header for a finished build
    print(f"Content-Security-Policy: {header_policy(Path(sys.argv[1] if len(sys.argv) > 1 else 'site'))}")
