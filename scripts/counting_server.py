"""The site server of scripts/static_server.py, counting what it sends: for tests and benchmarks.

Counting at the server sees every request of the page, its workers and its service worker, with
the bytes of each body sent (a 304 or an error sends none), whoever asked.
"""

from __future__ import annotations

import functools
import http.server
import threading
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


@dataclass
class RequestLog:
    sent: list[Sent] = field(default_factory=list)
    fail_once: set[str] = field(default_factory=set)
    """Paths answered once with 503 Service Unavailable (a server's passing failure), then served."""
    failing: set[str] = field(default_factory=set)
    """Paths answered with 503 for as long as they are listed (a network that is down for them)."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def clear(self) -> None:
        with self.lock:
            self.sent.clear()

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
        self._sent = Sent(self.path.split("?", 1)[0], code)
        if self.command != "HEAD":
            with self.log.lock:
                self.log.sent.append(self._sent)
        super().send_response(code, message)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        self._sent.bytes += len(data)
        outputfile.write(data)


def serve_counting(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str, RequestLog]:
    """Serve `directory` on a free port in a daemon thread; return the server, its URL and its log."""
    log = RequestLog()
    handler_class = type("LoggedHandler", (CountingHandler,), {"log": log})
    server = SiteServer(("127.0.0.1", 0), functools.partial(handler_class, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", log
