"""Serve a built site on 127.0.0.1 with the MIME types Pyodide and service workers need.

Used by `scripts/serve` and by the browser tests, so both see the same server.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import re
import threading
from pathlib import Path

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


LOC_ORIGIN = re.compile(r"<loc>https?://[^/<]+/")
"""The scheme and host of a sitemap URL (mkdocs writes site_url there)."""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, quiet logs, and no HTTP caching so a rebuilt site is seen at once."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        if self.path.split("?", 1)[0] == "/sitemap.xml":
            self._send_sitemap()
            return
        super().do_GET()

    def _send_sitemap(self) -> None:
        # Material's instant navigation only intercepts links listed in the sitemap, matched with
        # the page's port; like `mkdocs serve`, point the built site_url at the host being served.
        path = Path(self.directory) / "sitemap.xml"
        if not path.is_file():
            self.send_error(404)
            return
        host = self.headers.get("Host") or f"127.0.0.1:{self.server.server_address[1]}"
        body = LOC_ORIGIN.sub(f"<loc>http://{host}/", path.read_text(encoding="utf-8")).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        pass


def make_server(directory: Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    """A threaded server bound to 127.0.0.1 (port 0 picks a free one)."""
    handler = functools.partial(SiteHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve_in_background(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server on a free port in a daemon thread; return it and its base URL."""
    server = make_server(directory)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--directory", type=Path, default=Path("site"))
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    server = make_server(args.directory, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
