"""The venue display in Debian's Chromium: standings on the page, and a result saved by another process
appears without anybody reloading the page; the page reached through a stand-in SSH tunnel on another
port, offline; the token, the Origin and the cap on connections as ``swisstui serve`` has them."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest

from swisstui import store
from swisstui.web.display import make_server
from tests.publish.conftest import finished_event
from tests.serving import Tunnel, serve_on_a_free_port, stop

TOKEN = "display-test-token-0123456789abcdefghijklmnop"

SAVE_RESULT = """
import sys
from swisstui import store
event = store.load(sys.argv[1])
event.round(5).boards[0].result = "1-0"
store.save(event, sys.argv[1], expected_revision=event.revision)
"""


@pytest.fixture
def live(tmp_path):
    event = finished_event()
    event.round(5).boards[0].result = ""  # the game on board 1 is still being played
    path = tmp_path / "event.toml"
    store.save(event, path)
    server = make_server(path, port=0, token=TOKEN, max_connections=3)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    tunnel = Tunnel(server.server_address[1])
    yield path, f"http://127.0.0.1:{server.server_address[1]}/", f"http://localhost:{tunnel.port}/?token={TOKEN}"
    tunnel.close()
    server.shutdown()
    server.server_close()
    thread.join(5)


def test_display_follows_the_event_file(browser, live):
    """Through the tunnel: the page and its polls go to the tunnel's port, nothing to the internet."""
    path, _, url = live
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    foreign = []

    def route(r):
        if r.request.url.startswith(url.split("?")[0]):
            r.continue_()
        else:
            foreign.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.goto(url)
    text = page.inner_text("body")
    # Round 5 is still being played: the standings are those after round 4 until its last result is in.
    assert "Pairings round 5" in text and "Standings after round 4" in text and "Test0001 Player0001" in text
    first_board = page.locator("section.pairings tbody tr").first
    assert first_board.locator("td").nth(4).inner_text() == ""  # no result yet: an empty cell
    subprocess.run([sys.executable, "-c", SAVE_RESULT, str(path)], check=True)
    page.wait_for_function(
        "document.querySelector('section.pairings tbody tr td:nth-child(5)').textContent === '1-0'", timeout=10_000)
    assert "Standings after round 5" in page.inner_text("section.standings h2")
    page.close()
    assert foreign == []


def test_display_keeps_the_lists_while_the_file_cannot_be_read(live):
    """A file caught half-written (or broken by hand) leaves the last lists on the screen, with the reason."""
    import json
    path, url, _ = live
    urllib.request.urlopen(f"{url}state?token={TOKEN}", timeout=5).read()
    path.write_text("schema = 1\n[event\n", encoding="utf-8")
    with urllib.request.urlopen(f"{url}state?token={TOKEN}", timeout=5) as r:
        body = json.loads(r.read())["body"]
    assert "The event file cannot be read right now" in body and "event.toml" in body
    assert "Test0001 Player0001" in body and "Standings after round 4" in body


def status(url: str, headers: dict | None = None) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=5) as r:
            return r.status
    except urllib.error.HTTPError as err:
        return err.code


def test_display_needs_the_token(live):
    _, url, _ = live
    for path in ("", "index.html", "state"):
        assert status(url + path) == 403
        assert status(f"{url}{path}?token=guess") == 403
        assert status(f"{url}{path}?token={TOKEN}") == 200


def test_display_refuses_another_origin(live):
    _, url, _ = live
    assert status(f"{url}state?token={TOKEN}", {"Origin": "http://evil.example"}) == 403
    assert status(f"{url}state?token={TOKEN}", {"Origin": url.rstrip("/")}) == 200


@pytest.mark.slow
def test_idle_connections_never_take_the_displays_slots(live):
    """Connections that send nothing (more of them than the server waits for, opened again and again)
    never make the projector's request wait or fail: only a request with the token takes a slot."""
    from swisstui.web.display import HEADER_TIMEOUT, WAITING_LIMIT

    _, url, _ = live
    port = urlsplit(url).port
    for _ in range(3):  # opened again and again
        held = [socket.create_connection(("127.0.0.1", port)) for _ in range(WAITING_LIMIT + 4)]
        try:
            time.sleep(0.3)  # the server has accepted them all
            started = time.monotonic()
            assert status(f"{url}state?token={TOKEN}") == 200
            assert time.monotonic() - started < HEADER_TIMEOUT  # not after the idle ones gave up
        finally:
            for s in held:
                s.close()


def test_an_idle_connection_is_closed_after_the_header_timeout(live):
    from swisstui.web.display import HEADER_TIMEOUT

    _, url, _ = live
    idle = socket.create_connection(("127.0.0.1", urlsplit(url).port))
    idle.settimeout(HEADER_TIMEOUT + 5)
    started = time.monotonic()
    assert idle.recv(1) == b""  # the server closed it, having received nothing
    assert time.monotonic() - started < HEADER_TIMEOUT + 2
    idle.close()


def test_requests_without_the_token_never_hold_a_slot(live, capfd):
    """As many tokenless requests as there are slots, held half-sent, and the display still answers."""
    _, url, _ = live
    port = urlsplit(url).port
    held = []
    for _ in range(3):  # max_connections=3: a request line without the token, the headers never finished
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /state HTTP/1.0\r\nHost: x\r\n")
        held.append(s)
    try:
        time.sleep(0.3)
        assert status(f"{url}state?token={TOKEN}") == 200
    finally:
        for s in held:
            s.close()
    time.sleep(3)  # their header timeout: the server answers 403 to clients that have gone
    assert "Traceback" not in capfd.readouterr().err  # a client gone is nothing to print


def test_display_changes_nothing(live):
    path, url, _ = live
    before = path.read_bytes()
    for method in ("POST", "PUT", "DELETE"):
        req = urllib.request.Request(url, data=b"x", method=method)
        with pytest.raises(urllib.error.HTTPError) as exc:
            urllib.request.urlopen(req, timeout=5)
        assert exc.value.code == 405
    assert path.read_bytes() == before


def test_serve_display_from_the_command_line(tmp_path):
    """``swisstui serve EVENT.toml --display`` starts the display and answers a browser."""
    path = tmp_path / "event.toml"
    store.save(finished_event(), path)
    proc, address, port = serve_on_a_free_port([str(path), "--display"], cwd=tmp_path)
    try:
        assert address.startswith(f"http://127.0.0.1:{port}/?token=")
        assert status(f"http://127.0.0.1:{port}/") == 403
        page = urllib.request.urlopen(address, timeout=5).read().decode()
        assert "Standings after round 5" in page
        assert "http://" not in page and "https://" not in page
    finally:
        err = stop(proc)
    assert "WARNING" not in err and "Traceback" not in err


def test_serve_display_on_every_interface_warns(tmp_path):
    path = tmp_path / "event.toml"
    store.save(finished_event(), path)
    proc, address, _ = serve_on_a_free_port([str(path), "--display", "--host", "0.0.0.0"], cwd=tmp_path)
    err = stop(proc)
    assert "?token=" in address and "WARNING: serving on every network interface" in err
