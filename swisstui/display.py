"""The venue display: pairings and standings for a projector, read-only, following the event file.

A small HTTP server on the loopback address by default. The page polls
``/state``; when the event file changes (another arbiter's save, a result
typed in the app) the lists are rebuilt and the page replaces them without a
reload. There is no request that writes: every method but GET is refused.

    python -m swisstui.display EVENT.toml [--host 127.0.0.1] [--port 8001]
"""

from __future__ import annotations

import argparse
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape

from swisstui import store
from swisstui.publish import pairings, standings_sheet

POLL_MS = 1000


class _State:
    """The rendered lists for one version of the file (keyed by its size and modification time)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.version: tuple[int, int] | None = None
        self.body = ""
        self.env = Environment(loader=PackageLoader("swisstui", "templates"), autoescape=select_autoescape(["html"]))

    def current(self) -> tuple[str, str]:
        st = os.stat(self.path)
        version = (st.st_mtime_ns, st.st_size)
        with self.lock:
            if version != self.version:
                self.body = self._render()
                self.version = version
            return f"{version[0]}-{version[1]}", self.body

    def _render(self) -> str:
        try:
            event = store.load(self.path)
        except Exception as exc:  # noqa: BLE001 - a half-edited file must not stop the display
            return f"<p class='note'>The event file cannot be read right now: {exc}</p>"
        n = event.rounds_paired
        sheets = []
        if n:
            sheets = [pairings(event, n), standings_sheet(event, n)]
        return self.env.get_template("display_body.html").render(event=event, sheets=sheets)


def make_server(path: str | os.PathLike, host: str = "127.0.0.1", port: int = 8001) -> ThreadingHTTPServer:
    state = _State(Path(path))
    env = state.env

    class Handler(BaseHTTPRequestHandler):
        def _send(self, code: int, body: str, ctype: str) -> None:
            data = body.encode("utf-8")
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802 - the http.server name
            version, body = state.current()
            if self.path == "/state":
                self._send(200, json.dumps({"version": version, "body": body}), "application/json")
            elif self.path in ("/", "/index.html"):
                page = env.get_template("display.html").render(body=body, version=version, poll_ms=POLL_MS)
                self._send(200, page, "text/html; charset=utf-8")
            else:
                self._send(404, "not found", "text/plain")

        def _refuse(self) -> None:
            self._send(405, "the display is read-only", "text/plain")

        do_POST = do_PUT = do_DELETE = do_PATCH = _refuse  # noqa: N815

        def log_message(self, format: str, *args) -> None:  # noqa: A002 - quiet on a projector laptop
            pass

    return ThreadingHTTPServer((host, port), Handler)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="swisstui-display", description=__doc__.split("\n\n")[0])
    ap.add_argument("event")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8001)
    args = ap.parse_args(argv)
    server = make_server(args.event, args.host, args.port)
    print(f"venue display on http://{args.host}:{server.server_address[1]}/ (ctrl+c stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
