"""The venue display: pairings and standings for a projector, read-only, following the event file.

A small HTTP server on the loopback address by default. The page polls
``state``; when the event file changes (another arbiter's save, a result
typed in the app) the lists are rebuilt and the page replaces them without a
reload. There is no request that writes: every method but GET is refused.

It follows the rules of :mod:`swisstui.web.access`, as ``swisstui serve`` does:
the page and its ``state`` need the token printed at start, a browser's
request from another origin is refused, addresses are relative to the page
(any tunnel port works), nothing comes from the internet, and only
``max_connections`` requests with the token are answered at once (others get
503). A connection that sends nothing, or no token, never holds one of those:
see :class:`_DisplayServer`.

    swisstui serve EVENT.toml --display [--host 127.0.0.1] [--port 8000]
"""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
from collections import OrderedDict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from swisstui import store
from swisstui.language import _, using
from swisstui.language.templates import page_environment
from swisstui.web import access
from swisstui.web.display_lists import Screen, screen

POLL_MS = 1000
PAGE_MS = 12_000  # a page of a long list stays this long (a page address may ask ``page_ms=``)
HEADER_TIMEOUT = 2  # seconds a connection may take over each part of its request before it is closed
WAITING_LIMIT = 16  # connections whose request is not in yet; one more closes the oldest of them
SLOT_WAIT = 5  # seconds a request with the token waits for a slot before it is answered 503


class _State:
    """The rendered lists for one version of the file (keyed by its size and modification time)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.version: tuple[int, int] | None = None
        self.body = ""
        self.last: Screen | None = None  # the last screen read whole, kept while the file cannot be read
        self.env = page_environment()
        self.language = ""  # the event's, once read ("": the language in force)

    def current(self) -> tuple[str, str]:
        st = os.stat(self.path)
        version = (st.st_mtime_ns, st.st_size)
        with self.lock:
            if version != self.version:
                self.body = self._render()
                self.version = version
            return f"{version[0]}-{version[1]}", self.body

    def _render(self) -> str:
        error = ""
        try:
            event = store.load(self.path)
            self.language = event.language  # the hall reads the event's language, as on its published pages
            with using(self.language):
                self.last = screen(event, self.path)
        except Exception as exc:  # noqa: BLE001 - a half-edited file must not stop the display
            error = _("The event file cannot be read right now: {reason}").format(reason=exc)
        shown = self.last or Screen(self.path.name, "", "")
        with using(self.language):
            return self.env.get_template("display_body.html").render(screen=shown, error=error)


class _DisplayServer(ThreadingHTTPServer):
    """Connections that send nothing, or no token, never keep the projector from its lists.

    A connection holds nothing but its thread while its request arrives (at most
    ``HEADER_TIMEOUT`` per read); when ``WAITING_LIMIT`` connections are waiting so, the
    oldest is closed to let a new one in, so idle connections cannot fill the server however
    often they are opened. Only a request whose token matches takes one of the ``slots`` that
    build an answer (:meth:`Handler.do_GET`).
    """

    daemon_threads = True

    def __init__(self, address, handler, slots: int) -> None:
        self.slots = threading.BoundedSemaphore(slots)
        self.waiting: OrderedDict[socket.socket, None] = OrderedDict()
        self.waiting_lock = threading.Lock()
        super().__init__(address, handler)

    def process_request(self, request, client_address) -> None:
        with self.waiting_lock:
            if len(self.waiting) >= WAITING_LIMIT:
                oldest, _none = self.waiting.popitem(last=False)
                try:
                    oldest.shutdown(socket.SHUT_RDWR)  # its handler reads the end and closes it
                except OSError:
                    pass
            self.waiting[request] = None
        super().process_request(request, client_address)

    def arrived(self, request) -> None:
        """The request line and headers are in: the connection no longer counts as waiting."""
        with self.waiting_lock:
            self.waiting.pop(request, None)

    def shutdown_request(self, request) -> None:
        self.arrived(request)
        super().shutdown_request(request)

    def handle_error(self, request, client_address) -> None:
        """A client that went away mid-request (a connection closed unanswered, a tab shut) is nothing to
        print on the projector laptop's terminal; anything else is reported as socketserver does."""
        if isinstance(sys.exc_info()[1], OSError):
            return
        super().handle_error(request, client_address)


def make_server(path: str | os.PathLike, host: str = "127.0.0.1", port: int = 8001, *, token: str,
                max_connections: int = 4, distance: float = 0) -> ThreadingHTTPServer:
    """The display's server; ``distance`` (metres, 0 for none) is the hall setting the page sizes its type
    for (``display.html``), which a page address may change with ``distance=``."""
    state = _State(Path(path))
    env = state.env

    class Handler(BaseHTTPRequestHandler):
        timeout = HEADER_TIMEOUT
        server: _DisplayServer  # the server below, which counts connections and holds the slots

        def _send(self, code: int, body: str, ctype: str) -> None:
            data = body.encode("utf-8")
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("Referrer-Policy", "no-referrer")
            self.send_header("X-Frame-Options", "DENY")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802 - the http.server name
            self.server.arrived(self.connection)
            url = urlsplit(self.path)
            given = parse_qs(url.query).get(access.TOKEN_PARAM, [None])[0]
            if url.path not in ("/", "/index.html", "/state"):
                self._send(404, "not found", "text/plain")
            elif not access.token_matches(given, token):
                self._send(403, "swisstui: this page needs the token printed when 'swisstui serve --display' "
                           "started (the whole address it printed)\n", "text/plain; charset=utf-8")
            elif not access.origin_allowed(self.headers.get("Origin"), self.headers.get("Host")):
                self._send(403, "cross-origin request refused", "text/plain")
            elif not self.server.slots.acquire(timeout=SLOT_WAIT):
                self._send(503, "busy: try again", "text/plain")
            else:
                try:
                    self._answer(url.path)
                finally:
                    self.server.slots.release()

        def _answer(self, path: str) -> None:
            version, body = state.current()
            if path == "/state":
                self._send(200, json.dumps({"version": version, "body": body}), "application/json")
                return
            with using(state.language):
                page = env.get_template("display.html").render(body=body, version=version, poll_ms=POLL_MS,
                                                               page_ms=PAGE_MS, token=token, distance=distance)
            self._send(200, page, "text/html; charset=utf-8")

        def _refuse(self) -> None:
            self.server.arrived(self.connection)
            self._send(405, "the display is read-only", "text/plain")

        do_POST = do_PUT = do_DELETE = do_PATCH = _refuse  # noqa: N815

        def log_message(self, format: str, *args) -> None:  # noqa: A002 - quiet on a projector laptop
            pass

    return _DisplayServer((host, port), Handler, max_connections)
