"""Serve a built site on 127.0.0.1 with the MIME types Pyodide and service workers need.

Used by `scripts/serve` and by the browser tests, so both see the same server. `--prefix
/some/prefix/` serves the site under that path, as a project site on GitHub Pages is
(everything outside the prefix is 404), to prove the site works from a sub-path. The sitemap is
rewritten to the host served (as `mkdocs serve` does), and /sw.js names that copy's revision,
since the precache checks every file against its revision. `--live` (scripts/serve) builds the
site, then rebuilds it after each change to its sources and reloads the open pages
(scripts/live_reload.py). A port already in use is one line saying so. A file with a
precompressed copy beside it (NAME.br, NAME.gz: scripts/build/precompress.py) is sent as that
copy where the browser accepts its encoding, Brotli first, as a host set up for them does (the
README's Deploy section).
"""

from __future__ import annotations

import argparse
import errno
import email.utils
import functools
import hashlib
import http.server
import io
import re
import sys
import threading
import urllib.parse
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make scripts.live_reload importable from the repo root
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.live_reload import KILL_SWITCH_JS, PATH, RELOAD_JS, LiveBuild, build_in_subprocess, inject, watched_paths  # noqa: E402

# Python 3.11's mimetypes table lacks some of these; a wrong type breaks module workers and wasm.
EXTRA_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
}


PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))
"""Content-Encoding and the suffix of its copy, in the order preferred."""

LOC = re.compile(r"<loc>([^<]*)</loc>")
"""A sitemap URL: the generator writes site_url + the page's path there."""
SW_SITEMAP = re.compile(r'^(\["sitemap\.xml", ")[0-9a-f]{16}', re.M)
"""The sitemap's entry in sw.js's PRECACHE_FILES (scripts/build/offline.py), up to its revision."""


def normal_prefix(prefix: str) -> str:
    """"/", or "/some/prefix/" with one slash at each end."""
    inner = prefix.strip("/")
    return f"/{inner}/" if inner else "/"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, quiet logs, and no HTTP caching so a rebuilt site is seen at once."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.varies:
            self.send_header("Vary", "Accept-Encoding")
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        super().end_headers()

    prefix = "/"
    """The URL path the site is served under (set per server by make_server)."""
    extra_headers: dict[str, str] = {}
    """Sent with every response (set per server by make_server), as a host's configured headers are."""
    live: LiveBuild | None = None
    """Set by make_server for --live: pages get the reload script, requests wait for a build under way."""

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        if self.live is not None and self._send_live(self.live):
            return
        if self.path.split("?", 1)[0] == f"{self.prefix}sitemap.xml":
            self._send_sitemap()
            return
        if self.path.split("?", 1)[0] == f"{self.prefix}sw.js":
            self._send_service_worker()
            return
        super().do_GET()

    identity_size: int | None = None
    """The file's own size when a precompressed copy of it is sent (counting_server.py reads it)."""
    varies = False
    """The file has precompressed copies: the answer depends on Accept-Encoding."""

    def send_head(self):  # the stdlib's own signature, unannotated
        if not self.path.startswith(self.prefix):  # outside the sub-path the site is served under
            self.send_error(404)
            return None
        self.identity_size, self.varies = None, False
        return self._send_precompressed_head() or super().send_head()

    def _send_precompressed_head(self) -> io.BufferedReader | io.BytesIO | None:
        """The headers of the file's precompressed copy the browser accepts, and that copy to send
        (an empty body for a 304); None where there is none to send (the file itself is sent)."""
        path = Path(self.translate_path(self.path))
        if self.path.split("?", 1)[0].endswith("/"):
            path = path / "index.html"
        if not path.is_file():
            return None
        accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
        for encoding, suffix in PRECOMPRESSED:
            copy = path.with_name(path.name + suffix)
            self.varies = self.varies or copy.is_file()
            # A copy older than its file (the file edited since the build) is never sent.
            if encoding not in accepted or not copy.is_file() or copy.stat().st_mtime_ns < path.stat().st_mtime_ns:
                continue
            modified = int(path.stat().st_mtime)
            since = self.headers.get("If-Modified-Since")
            try:
                unchanged = since is not None and int(email.utils.parsedate_to_datetime(since).timestamp()) >= modified
            except (TypeError, ValueError):
                unchanged = False
            self.send_response(304 if unchanged else 200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Last-Modified", self.date_time_string(modified))
            if unchanged:
                self.end_headers()
                return io.BytesIO()
            self.send_header("Content-Encoding", encoding)
            self.send_header("Content-Length", str(copy.stat().st_size))
            self.end_headers()
            self.identity_size = path.stat().st_size
            return copy.open("rb")
        return None

    def translate_path(self, path: str) -> str:
        """A URL under the prefix maps into the site (send_head refuses any other)."""
        return super().translate_path(path[len(self.prefix) - 1:] if path.startswith(self.prefix) else path)

    def _send_live(self, live: LiveBuild) -> bool:
        """Answer what --live adds (the reload script, the build to wait for, a page with the script); False
        for any other request."""
        path, _, query = self.path.partition("?")
        if path == f"{self.prefix}{PATH}reload.js":
            self._send_body(RELOAD_JS.encode(), "text/javascript")
            return True
        if path == f"{self.prefix}{PATH}build":
            since = urllib.parse.parse_qs(query).get("since", [""])[0]
            self._send_body(live.wait_for_build(since).encode(), "text/plain")
            return True
        live.idle.wait()
        if path == f"{self.prefix}sw.js":
            self._send_body(KILL_SWITCH_JS.encode(), "text/javascript")
            return True
        if not path.startswith(self.prefix) or not (path.endswith("/") or path.endswith(".html")):
            return False
        file = Path(self.translate_path(path))
        file = file / "index.html" if file.is_dir() else file
        if not file.is_file():
            return False
        self._send_body(inject(file.read_bytes(), live.script_tag(self.prefix)), "text/html")
        return True

    def _sitemap(self) -> bytes | None:
        # Material's instant navigation only intercepts links listed in the sitemap, matched with
        # the page's port; like `mkdocs serve`, point the built site_url at the host being served.
        path = Path(self.directory) / "sitemap.xml"
        if not path.is_file():
            return None
        # The home page's URL is the shortest: it is the site_url the site was built for.
        text = path.read_text(encoding="utf-8")
        built_for = min(LOC.findall(text), key=len, default="")
        host = self.headers.get("Host") or f"127.0.0.1:{self.server.server_address[1]}"  # type: ignore[index]  # TCP: (host, port)
        served_at = f"http://{host}{self.prefix}"
        return LOC.sub(lambda loc: f"<loc>{served_at}{loc[1].removeprefix(built_for)}</loc>", text).encode()

    def _send_body(self, body: bytes | None, content_type: str) -> None:
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _send_sitemap(self) -> None:
        self._send_body(self._sitemap(), "application/xml")

    def _send_service_worker(self) -> None:
        # The precache checks every file against its revision (calculators/shared/precache.js): the
        # sitemap served here is rewritten, so sw.js names the revision of what is served.
        path = Path(self.directory) / "sw.js"
        sitemap = self._sitemap()
        if not path.is_file() or sitemap is None:
            self._send_body(path.read_bytes() if path.is_file() else None, "text/javascript")
            return
        revision = hashlib.sha256(sitemap).hexdigest()[:16]  # scripts/build/assets.py content_revision
        text = SW_SITEMAP.sub(lambda entry: entry[1] + revision, path.read_text(encoding="utf-8"))
        self._send_body(text.encode(), "text/javascript")

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    """A browser that leaves a page mid-download closes its connection: not an error worth a traceback."""

    def handle_error(self, request, client_address) -> None:  # the stdlib's own signature
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, prefix: str = "/",
                headers: dict[str, str] | None = None, live: LiveBuild | None = None) -> http.server.ThreadingHTTPServer:
    """A threaded server bound to 127.0.0.1 (port 0 picks a free one), serving directory at prefix,
    sending `headers` with every response; `live` adds live reload."""
    handler_class = type("PrefixedSiteHandler", (SiteHandler,), {"prefix": normal_prefix(prefix), "extra_headers": dict(headers or {}),
                                                                 "live": live})
    handler = functools.partial(handler_class, directory=str(directory))
    return SiteServer(("127.0.0.1", port), handler)


def serve_in_background(directory: Path, prefix: str = "/",
                        headers: dict[str, str] | None = None) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server on a free port in a daemon thread; return it and the site's URL."""
    server = make_server(directory, prefix=prefix, headers=headers)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{normal_prefix(prefix)}"


def busy_port_message(port: int, error: OSError) -> str:
    """One line for a port the server cannot take."""
    if error.errno == errno.EADDRINUSE:
        return (f"static_server: port {port} on 127.0.0.1 is already in use: stop what serves there, "
                f"or pick another port (PORT=8080 scripts/serve, or --port 8080)")
    return f"static_server: cannot serve on 127.0.0.1:{port}: {error.strerror or error}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--directory", type=Path, default=Path("site"))
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="URL path to serve the site under, e.g. /jovian-rules/")
    parser.add_argument("--live", action="store_true",
                        help="build the site into --directory, rebuild it after each change to its sources and reload the open pages")
    args = parser.parse_args(argv)
    live = LiveBuild(watched_paths(), lambda: build_in_subprocess(args.directory.resolve())) if args.live else None
    try:
        server = make_server(args.directory, args.port, args.prefix, live=live)
    except OSError as error:
        print(busy_port_message(args.port, error), file=sys.stderr)
        return 1
    print(f"Serving {args.directory} on http://127.0.0.1:{server.server_address[1]}{normal_prefix(args.prefix)}"
          + ("  (building; then rebuilding and reloading on each change)" if live else "") + "  (Ctrl-C to stop)", flush=True)
    if live is not None:
        def build_then_watch() -> None:
            live.rebuild()
            live.watch_forever()
        threading.Thread(target=build_then_watch, daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
