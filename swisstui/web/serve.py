"""``swisstui serve``: the application in a web browser, behind a token (textual-serve underneath).

textual-serve starts one app process per websocket and relays keys and
screen updates. Around it (rules in :mod:`swisstui.web.access`):

- the page and the websocket require the token printed at start; the
  websocket refuses a browser ``Origin`` other than the page's own;
- at most ``max_connections`` app processes run at once: each is a whole
  Python with the event loaded, and further connections are refused (503);
- the page names nothing absolute: its scripts, styles, font and websocket
  are addressed relative to the page, so it works through an SSH tunnel on
  any local port (or behind a proxy under a sub-path), and it loads nothing
  from the internet (the font is textual-serve's own copy), so it works at a
  venue without a connection;
- the app process starts isolated (:mod:`swisstui.session.isolated`).
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

from aiohttp import web
from textual_serve.server import Server

from swisstui.language.templates import page_environment
from swisstui.web import access
from swisstui.session.isolated import python_command

DEFAULT_MAX_CONNECTIONS = 4

# Nothing from elsewhere: no framing (clickjacking), no referrer (the token is in the address).
PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
}


class GuardedServer(Server):
    """textual-serve's server with the token, Origin check and connection cap of :mod:`swisstui.web.access`."""

    def __init__(self, event: Path, host: str, port: int, token: str,
                 max_connections: int = DEFAULT_MAX_CONNECTIONS) -> None:
        code = f"from swisstui.cli import main; sys.exit(main(['open', {str(event.resolve())!r}]))"
        super().__init__(python_command(code), host=host, port=port, title=f"swisstui · {event.name}")
        self.event = event
        self.token = token
        self.max_connections = max_connections
        self.active = 0  # app processes running (websockets accepted and not yet closed)
        self.env = page_environment()

    async def _make_app(self) -> web.Application:
        app = web.Application()
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws/{token}", self.handle_websocket, name="websocket"),
            web.static("/static", self.statics_path, name="static"),
        ])
        return app

    async def handle_index(self, request: web.Request) -> web.Response:
        if not access.token_matches(request.query.get(access.TOKEN_PARAM), self.token):
            return web.Response(status=403, text="swisstui: this page needs the token printed when "
                                "'swisstui serve' started (the whole address it printed)\n", headers=PAGE_HEADERS)
        page = self.env.get_template("serve.html").render(title=self.title, token=self.token)
        return web.Response(text=page, content_type="text/html", headers=PAGE_HEADERS)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not access.token_matches(request.match_info.get("token"), self.token):
            raise web.HTTPForbidden(text="bad token")
        if not access.origin_allowed(request.headers.get("Origin"), request.headers.get("Host")):
            raise web.HTTPForbidden(text="cross-origin connection refused")
        if self.active >= self.max_connections:
            raise web.HTTPServiceUnavailable(
                text=f"at most {self.max_connections} connections at once (serve --max-connections)")
        self.active += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.active -= 1

    def announce(self, *_args) -> None:
        """The address to open, printed once the port is bound (aiohttp calls this after binding)."""
        print(f"swisstui: serving {self.event} to a web browser; open this address (ctrl+c stops):\n"
              f"    {access.page_address(self.host, self.port, self.token)}", flush=True)

    def serve(self, debug: bool = False) -> None:
        """Run until interrupted; an address that cannot be bound raises OSError before anything runs."""
        self.debug = debug
        self.initialize_logging()
        sys.unraisablehook = quiet_after_close
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        web.run_app(self._make_app(), host=self.host, port=self.port, loop=loop, print=self.announce,
                    access_log=None, handle_signals=True)


def quiet_after_close(unraisable, _report=sys.__unraisablehook__) -> None:
    """Say nothing of an app process's pipe that asyncio collects after the server's loop closed.

    When the server stops (ctrl+c, a service manager's SIGTERM) its loop closes, and a pipe of an
    app process that had already ended can be garbage-collected afterwards: its ``__del__`` then
    raises "Event loop is closed", which Python prints as a traceback on the way out although
    nothing was lost. Anything else is reported as Python reports it (``_report`` is bound now:
    at the interpreter's exit this module's names may already be gone).
    """
    error = unraisable.exc_value
    if isinstance(error, RuntimeError) and str(error) == "Event loop is closed":
        return
    _report(unraisable)


def serve(event: Path, host: str, port: int, max_connections: int = DEFAULT_MAX_CONNECTIONS,
          token: str | None = None) -> None:
    """Serve the application for ``event``; warn first when the address is reachable from elsewhere."""
    warning = access.exposure_warning(host, port)
    if warning:
        print(warning, file=sys.stderr, flush=True)
    logging.getLogger("aiohttp.access").disabled = True  # the token travels in addresses: keep it out of logs
    GuardedServer(event, host, port, token or access.new_token(), max_connections).serve()
