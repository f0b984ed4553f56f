"""The served application in Debian's Chromium, reached through a stand-in SSH tunnel on another local port.

``ssh -L PORT:localhost:8000`` gives the browser a different host and port
than the server's; the page must find its scripts, font and websocket
relative to itself, and must ask nothing of the internet (every request
the page makes is recorded, and any to another address is aborted).
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.serving import Tunnel, serve_on_a_free_port, stop, trap_folder

SAMPLE = Path(__file__).resolve().parents[2] / "sample_events" / "club-rapid.toml"


@pytest.fixture
def tunnelled(tmp_path):
    marker = trap_folder(tmp_path)
    shutil.copy(SAMPLE, tmp_path / "club.toml")
    proc, address, port = serve_on_a_free_port(["club.toml"], cwd=tmp_path)
    tunnel = Tunnel(port)
    try:
        yield f"http://localhost:{tunnel.port}/?{urlsplit(address).query}", tunnel.port, marker
    finally:
        tunnel.close()
        err = stop(proc)
        assert "Traceback" not in err, err


def wait_for(page, condition, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        page.wait_for_timeout(100)


def test_the_app_through_a_tunnel_on_another_port(browser, tunnelled):
    url, port, marker = tunnelled
    origin = f"http://localhost:{port}/"
    requests, foreign, sockets, drawn = [], [], [], []

    page = browser.new_page(viewport={"width": 1100, "height": 700})

    def route(r):
        requests.append(r.request.url)
        if r.request.url.startswith(origin):
            r.continue_()
        else:
            foreign.append(r.request.url)
            r.abort()

    def on_websocket(ws):
        sockets.append(ws.url)
        ws.on("framereceived", lambda payload: drawn.append(payload if isinstance(payload, bytes) else b""))

    page.route("**/*", route)
    page.on("websocket", on_websocket)
    page.goto(url)
    wait_for(page, lambda: b"Thursday Club Rapid" in b"".join(drawn), "the app's first screen")
    page.wait_for_selector("body.-first-byte")
    assert len(sockets) == 1 and sockets[0].startswith(f"ws://localhost:{port}/ws/")

    drawn.clear()
    page.click("#terminal")
    page.keyboard.press("p")  # a key typed in the browser reaches the app: the players screen
    wait_for(page, lambda: b"players" in b"".join(drawn), "the players screen")

    assert foreign == [], f"the page asked for other addresses: {foreign}"
    assert any(u.endswith("textual.js") for u in requests) and any(u.endswith(".ttf") for u in requests)
    assert not marker.exists()
    page.close()
