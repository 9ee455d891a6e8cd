"""The site server of scripts/static_server.py, counting what it sends: for tests and benchmarks.

Counting at the server sees every request of the page, its workers and its service worker, with
the bytes of each body sent (a 304 or an error sends none), whoever asked: as sent (a precompressed
copy where the browser accepts one) and as the file itself (uncompressed). With a `Link`, the server
is also the network of a phone (a latency per request, one bandwidth shared by every download), so
a service worker's downloads compete with the page's and the engine's as they would there.
"""

from __future__ import annotations

import functools
import http.server
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scripts.static_server import SiteHandler, SiteServer


@dataclass
class Sent:
    """One answered request: the path asked for (query dropped), the status, the body bytes sent."""

    path: str
    status: int
    bytes: int = 0
    identity_bytes: int = 0
    """The same body uncompressed: the file's own size."""


@dataclass
class Link:
    """A phone's network, played by the server: `latency_s` before each answer, and every body
    sent through one pipe of `bytes_per_s`, whichever request it belongs to."""

    bytes_per_s: float
    latency_s: float
    lock: threading.Lock = field(default_factory=threading.Lock)
    free_at: float = 0.0

    def wait_for(self, size: int) -> None:
        """Sleep until `size` more bytes have passed through the pipe, after those queued before."""
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / self.bytes_per_s
            done = self.free_at
        time.sleep(max(0.0, done - time.monotonic()))


@dataclass
class RequestLog:
    sent: list[Sent] = field(default_factory=list)
    fail_once: set[str] = field(default_factory=set)
    """Paths answered once with 503 Service Unavailable (a server's passing failure), then served."""
    failing: set[str] = field(default_factory=set)
    """Paths answered with 503 for as long as they are listed (a network that is down for them)."""
    link: Link | None = None
    """Where set, every answer goes through this phone network."""
    chunks: list[tuple[float, int, int]] = field(default_factory=list)
    """(time.time() once written, bytes sent, the same uncompressed) for every piece of every body."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def clear(self) -> None:
        with self.lock:
            self.sent.clear()
            self.chunks.clear()

    def bytes_before(self, epoch_s: float) -> tuple[int, int]:
        """Bytes sent before this moment (time.time()): as sent, and uncompressed."""
        with self.lock:
            before = [chunk for chunk in self.chunks if chunk[0] <= epoch_s]
        return sum(chunk[1] for chunk in before), sum(chunk[2] for chunk in before)

    def paths(self) -> list[str]:
        with self.lock:
            return [item.path for item in self.sent]

    def total_bytes(self) -> int:
        with self.lock:
            return sum(item.bytes for item in self.sent)


class CountingHandler(SiteHandler):
    log: RequestLog

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        path = self.path.split("?", 1)[0]
        with self.log.lock:
            failing = path in self.log.fail_once or path in self.log.failing
            self.log.fail_once.discard(path)
        if failing:
            self.send_error(503, "Service Unavailable")
            return
        super().do_GET()

    def do_HEAD(self) -> None:  # noqa: N802 - stdlib name
        """The engine's probe of a file that failed (engine.js): a failing path fails here too; not counted as sent."""
        with self.log.lock:
            failing = self.path.split("?", 1)[0] in self.log.failing
        if failing:
            self.send_error(503, "Service Unavailable")
            return
        super().do_HEAD()

    def send_response(self, code: int, message: str | None = None) -> None:
        if self.log.link:
            time.sleep(self.log.link.latency_s)
        self._sent = Sent(self.path.split("?", 1)[0], code)
        if self.command != "HEAD":
            with self.log.lock:
                self.log.sent.append(self._sent)
        super().send_response(code, message)

    def _send_body(self, body: bytes | None, content_type: str) -> None:
        """A body the server writes itself (sw.js and the sitemap, rewritten for this host) is counted too, as sent."""
        super()._send_body(body, content_type)
        if body:
            self._sent.bytes += len(body)
            self._sent.identity_bytes += len(body)
            with self.log.lock:
                self.log.chunks.append((time.time(), len(body), len(body)))

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        # A precompressed copy stands for the whole file (static_server.py sets identity_size).
        identity = getattr(self, "identity_size", None) or len(data)
        self._sent.bytes += len(data)
        self._sent.identity_bytes += identity
        piece = 16_384 if self.log.link else max(len(data), 1)
        for at in range(0, len(data), piece):
            chunk = data[at:at + piece]
            if self.log.link:
                self.log.link.wait_for(len(chunk))
            outputfile.write(chunk)
            with self.log.lock:
                self.log.chunks.append((time.time(), len(chunk), round(identity * len(chunk) / len(data))))


def serve_counting(directory: Path, link: Link | None = None) -> tuple[http.server.ThreadingHTTPServer, str, RequestLog]:
    """Serve `directory` on a free port in a daemon thread (through `link`, a phone network, if
    given); return the server, its URL and its log."""
    log = RequestLog(link=link)
    handler_class = type("LoggedHandler", (CountingHandler,), {"log": log})
    server = SiteServer(("127.0.0.1", 0), functools.partial(handler_class, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", log
